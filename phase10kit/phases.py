"""Phases: lists of groups to lay down, written ``s3+r4`` (set of 3 + run of 4), ``2s3``, ``c7``.

``phase(1)`` to ``phase(10)`` are the standard phases, ``phase(11)`` to ``phase(20)`` the extra ones.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from itertools import groupby

from phase10kit._pictures import picture
from phase10kit.errors import NotationError, Reason, check_text, quote
from phase10kit.i18n import translator

__all__ = [
    "EXTRA_PHASES",
    "MAX_SIZE",
    "STANDARD_PHASES",
    "GroupKind",
    "GroupSpec",
    "Phase",
    "phase",
    "phase_name",
    "spec_name",
]


class GroupKind(enum.Enum):
    """The three kinds of group, written by their initials in the notation."""

    SET = "s"
    RUN = "r"
    COLOR = "c"


MAX_SIZE = {GroupKind.SET: 16, GroupKind.RUN: 12, GroupKind.COLOR: 32}
"""Largest group the deck can make: 8 copies + 8 Wilds; a run within 1..12; 24 of a colour + 8 Wilds."""
MIN_SIZE = 2


@dataclass(frozen=True, slots=True)
class GroupSpec:
    """One group a phase asks for: its kind and how many cards (at least)."""

    kind: GroupKind
    size: int

    def __post_init__(self) -> None:
        if not MIN_SIZE <= self.size <= MAX_SIZE[self.kind]:
            raise NotationError(
                f"{self.kind.value}{quote(self.size, 20)}: a {self.kind.name.lower()} needs "
                f"{MIN_SIZE} to {MAX_SIZE[self.kind]} cards",
                reason=Reason.BAD_PHASE,
                details={"text": f"{self.kind.value}{quote(self.size, 20)}"},
            )

    def __str__(self) -> str:
        return f"{self.kind.value}{self.size}"

    @property
    def name(self) -> str:
        """``"set of 3"``, ``"run of 4"`` or ``"4 cards of one colour"`` (English; ``spec_name`` for others)."""
        return spec_name(self)


_TERM = re.compile(r"([0-9]{1,3})?([src])([0-9]{1,3})")
MAX_PHASE_TEXT = 1_000
"""The longest phase text read (the largest phase the deck allows is far shorter)."""
DECK_SIZE = 108


@dataclass(frozen=True, slots=True)
class Phase:
    """The groups of a phase in the order written. Equal phases have equal group lists.

    >>> p = Phase.parse("s3+r4")
    >>> str(p), p.name, p.size
    ('s3+r4', '1 set of 3 + 1 run of 4', 7)
    >>> str(Phase.parse("S3 + s3")), phase(8).name
    ('2s3', '7 cards of one colour')
    """

    groups: tuple[GroupSpec, ...]
    # Phases key the solver's and the engine's caches: their hash is computed once.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.groups:
            raise NotationError("a phase needs at least one group", reason=Reason.BAD_PHASE)
        object.__setattr__(self, "_hash", hash(self.groups))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Phase], tuple[tuple[GroupSpec, ...]]]:
        # Rebuilt, never unpickled with its hash: string hashes differ between processes.
        return (Phase, (self.groups,))

    @staticmethod
    def parse(text: str) -> Phase:
        """Parse a phase in the notation: terms ``[count]kind size`` joined by ``+``."""
        text = check_text(text, "a phase", MAX_PHASE_TEXT)
        compact = re.sub(r"\s+", "", text).lower()
        if not compact:
            raise NotationError(
                "empty phase: write groups like 's3+r4'", reason=Reason.BAD_PHASE, details={"text": text}
            )
        terms: list[tuple[int, GroupSpec]] = []
        for position, term in enumerate(compact.split("+"), start=1):
            match = _TERM.fullmatch(term)
            if match is None:
                raise NotationError(
                    f"{quote(term, 40)!r} (group {position} of {quote(text)!r}) is not a group: write s3 (set of 3), "
                    "r4 (run of 4), c7 (7 of one colour), or 2s3 for two sets of 3",
                    reason=Reason.BAD_PHASE,
                    details={"text": term},
                )
            count = int(match.group(1) or 1)
            if count < 1:
                raise NotationError(
                    f"{quote(term, 40)!r} in {quote(text)!r} asks for no group at all",
                    reason=Reason.BAD_PHASE,
                    details={"text": term},
                )
            terms.append((count, GroupSpec(GroupKind(match.group(2)), int(match.group(3)))))
        # Refused before anything is built: one deck holds at most 108 // size groups of a size, and
        # at most 54 groups in all (every group has at least two cards).
        groups_asked = sum(count for count, _ in terms)
        for count, spec in terms:
            if count * spec.size > DECK_SIZE or groups_asked > DECK_SIZE // MIN_SIZE:
                raise NotationError(
                    f"{quote(text)!r} asks for {groups_asked} groups: one deck of {DECK_SIZE} cards cannot hold them",
                    reason=Reason.TOO_MANY_GROUPS,
                    details={"count": groups_asked},
                )
        return Phase(tuple(spec for count, spec in terms for _ in range(count)))

    def __str__(self) -> str:
        terms = []
        for spec, same in groupby(self.groups):
            count = len(list(same))
            terms.append(f"{count}{spec}" if count > 1 else str(spec))
        return "+".join(terms)

    def __repr__(self) -> str:
        return f"Phase({str(self)!r})"

    @property
    def name(self) -> str:
        """A readable English name: ``"2 sets of 3"``, ``"1 set of 3 + 1 run of 4"`` (see ``phase_name``)."""
        return phase_name(self)

    @property
    def size(self) -> int:
        """Cards needed to lay the phase down exactly."""
        return sum(spec.size for spec in self.groups)

    def _repr_svg_(self) -> str:
        return picture(self)  # drawn by phase10kit.svg, which registers itself (see phase10kit._pictures)


def phase_name(phase: Phase, lang: str = "en") -> str:
    """The phase's readable name in ``lang``: ``"2 sets of 3"``, ``"1 set of 3 + 1 run of 4"``.

    >>> phase_name(Phase.parse("2s3+c4"))
    '2 sets of 3 + 4 cards of one colour'
    >>> phase_name(Phase.parse("s3+r4"), "uk")
    '1 набір із 3 + 1 ряд із 4'
    """
    parts = []
    specs = list(phase.groups)
    i = 0
    while i < len(specs):
        j = i
        while j < len(specs) and specs[j] == specs[i]:
            j += 1
        parts.append(_count_name(specs[i], j - i, lang))
        i = j
    return " + ".join(parts)


def _count_name(spec: GroupSpec, count: int, lang: str) -> str:
    t = translator(lang)
    if spec.kind is GroupKind.SET:
        return t.ngettext("{count} set of {size}", "{count} sets of {size}", count).format(count=count, size=spec.size)
    if spec.kind is GroupKind.RUN:
        return t.ngettext("{count} run of {size}", "{count} runs of {size}", count).format(count=count, size=spec.size)
    one = t.ngettext("{size} card of one colour", "{size} cards of one colour", spec.size).format(size=spec.size)
    return one if count == 1 else t.gettext("{count} x {group}").format(count=count, group=one)


def spec_name(spec: GroupSpec, lang: str = "en") -> str:
    """A group a phase asks for, in ``lang``: ``"set of 3"``, ``"run of 4"``, ``"4 cards of one colour"``.

    >>> spec_name(GroupSpec(GroupKind.RUN, 4)), spec_name(GroupSpec(GroupKind.SET, 3), "cs")
    ('run of 4', 'sada 3 karet')
    """
    t = translator(lang)
    if spec.kind is GroupKind.SET:
        return t.gettext("set of {size}").format(size=spec.size)
    if spec.kind is GroupKind.RUN:
        return t.gettext("run of {size}").format(size=spec.size)
    return t.ngettext("{size} card of one colour", "{size} cards of one colour", spec.size).format(size=spec.size)


STANDARD_PHASES = ("2s3", "s3+r4", "s4+r4", "r7", "r8", "r9", "2s4", "c7", "s5+s2", "s5+s3")
EXTRA_PHASES = ("4s2", "s4+r5", "s5+r5", "r4+c4", "s5+c4", "r10", "s4+s5", "c9", "s6+s2", "s6+s3")
_ALL = tuple(Phase.parse(text) for text in STANDARD_PHASES + EXTRA_PHASES)


def phase(number: int) -> Phase:
    """Phase ``number``: 1-10 are the standard phases, 11-20 the extra ones (seed ``001``).

    >>> phase(1), phase(4), phase(14)
    (Phase('2s3'), Phase('r7'), Phase('r4+c4'))
    """
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(_ALL):
        raise NotationError(
            f"there is no phase {quote(number, 40)}: phases are numbered 1 to 20",
            reason=Reason.BAD_PHASE,
            details={"text": quote(number, 40)},
        )
    return _ALL[number - 1]
