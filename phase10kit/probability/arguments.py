"""The arguments the odds functions share: which phases are asked for, and a progress bar.

``exact``, ``simulate`` and the cross-check between them read their arguments the same way through these. Each
takes the :class:`~phase10kit.rules.Rules` a game plays by (the standard rules when None), which decide the
rule on naturals and, when no phases are asked for, the phases.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from phase10kit.errors import Phase10Error, Reason
from phase10kit.phases import STANDARD_PHASES, Phase, phase
from phase10kit.rules import Rules

__all__ = ["PhaseLike", "resolve_phases", "with_progress"]

PhaseLike = Phase | str | int
"""A phase as the odds functions accept it: a ``Phase``, its notation (``"s3+r4"``) or a standard phase's number."""


def resolve_phases(phases: Iterable[PhaseLike] | None, rules: Rules | None) -> list[tuple[int, Phase]]:
    """The phases asked for, each with its index: its number for a ``phase(n)`` value, else its position (1-based).

    Without ``phases``, the phases of ``rules``, else the standard ten.

    >>> [(n, str(p)) for n, p in resolve_phases([4, "2s3"], None)]
    [(4, 'r7'), (2, '2s3')]
    >>> [str(p) for _, p in resolve_phases(None, Rules(phases="first:2"))]
    ['2s3', 's3+r4']
    """
    if phases is None:
        phases = list(rules.phases) if rules is not None else [phase(n) for n in range(1, len(STANDARD_PHASES) + 1)]
    result: list[tuple[int, Phase]] = []
    for position, item in enumerate(phases, start=1):
        if isinstance(item, int) and not isinstance(item, bool):
            result.append((item, phase(item)))
        elif isinstance(item, Phase):
            result.append((position, item))
        elif isinstance(item, str):
            result.append((position, Phase.parse(item)))
        else:
            raise Phase10Error(
                f"{item!r} is not a phase: give a number, a Phase or text like 's3+r4'", reason=Reason.BAD_PHASE
            )
    return result


def with_progress(items: Sequence[Any], enabled: bool, label: str) -> Iterable[Any]:
    """``items`` wrapped in a notebook-aware progress bar when asked (tqdm imported only then)."""
    if not enabled:
        return items
    from tqdm.auto import tqdm  # type: ignore[import-untyped]

    return tqdm(items, desc=label)  # type: ignore[no-any-return]
