"""The cross-check of the exact counts: Monte Carlo estimates of one seeded sequence of deals beside the exact odds.

It stands above both ``exact`` (which asks ``simulate`` for the phases it cannot count) and ``simulate``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import numpy as np
import pandas as pd

from phase10kit.errors import Phase10Error, Reason
from phase10kit.probability.arguments import PhaseLike, resolve_phases
from phase10kit.probability.batch import can_complete_batch
from phase10kit.probability.exact import exact_deal_odds
from phase10kit.probability.profiles import STANDARD_DECK, BoolArray
from phase10kit.probability.simulate import deal_profiles, make_generator, wilson_interval
from phase10kit.rules import Rules

__all__ = ["convergence"]


def convergence(
    sizes: Sequence[int] = (1_000, 10_000, 100_000),
    hand_size: int = 10,
    *,
    seed: int | random.Random | np.random.Generator = 0,
    phases: Iterable[PhaseLike] | None = None,
    rules: Rules | None = None,
    progress: bool = False,
) -> pd.DataFrame:
    """Monte Carlo estimates after the first ``n`` deals of one seeded sequence, for each ``n`` in ``sizes``,
    beside the exact value: one row per (n, phase) with ``estimate``, ``low``, ``high``, ``exact``, ``error``.

    >>> frame = convergence((100, 1_000), phases=[1], seed=3)
    >>> frame[["n", "phase"]].values.tolist()
    [[100, '2s3'], [1000, '2s3']]
    """
    ordered = sorted(set(sizes))
    if not ordered or ordered[0] < 1:
        raise Phase10Error(f"sample sizes must be positive, not {sizes!r}", reason=Reason.BAD_SAMPLES)
    chosen = resolve_phases(phases, rules)
    rng = make_generator(seed)
    exact = exact_deal_odds(hand_size, [p for _, p in chosen], rules, seed=int(rng.integers(2**31)))
    held: list[list[BoolArray]] = [[] for _ in chosen]
    for profiles in deal_profiles(ordered[-1], hand_size, rng, STANDARD_DECK, progress):
        for i, (_, phase_) in enumerate(chosen):
            held[i].append(can_complete_batch(profiles, phase_, rules=rules))
    rows = []
    for position, (number, phase_) in enumerate(chosen, start=1):
        running = np.cumsum(np.concatenate(held[position - 1]))
        truth = float(exact.iloc[position - 1]["probability"])
        for n in ordered:
            hit = int(running[n - 1])
            low, high = wilson_interval(hit, n)
            estimate = hit / n
            rows.append(
                {
                    "n": n,
                    "number": number,
                    "phase": str(phase_),
                    "estimate": estimate,
                    "low": low,
                    "high": high,
                    "exact": truth,
                    "error": estimate - truth,
                }
            )
    return pd.DataFrame(rows).sort_values(["n", "number"], kind="stable").reset_index(drop=True)
