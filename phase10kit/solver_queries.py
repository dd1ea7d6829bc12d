"""The bots' questions about a hand, asked by its sorted card indices and answered from one cached solve.

A bot weighs many candidate hands each turn, and the engine asks whether a hand holds its phase just
before a bot asks for its progress: ``solved_key`` keeps the solves of recent hands (``SOLVED_CACHE``)
and ``holds_key``, ``missing_key``, ``needs_key``, ``uses_key``, ``spare_indices`` and ``group_needing``
answer from them. ``needs_key``/``uses_key`` give what ``progress`` would show without building its
``GroupProgress`` values, and ``spare_indices``/``group_needing`` count or rule out what they can before
any matching. This is the solver's interface for ``phase10kit.bots`` (internal to the kit, not public API).
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache

from phase10kit.cards import COLOR_OF_INDEX, NUMBER_OF_INDEX, WILD_INDEX, Card, card_index
from phase10kit.groups import GroupValue
from phase10kit.phases import GroupKind, Phase
from phase10kit.solver_counts import Bases, HandCounts, Score, check_phase
from phase10kit.solver_matching import slot_table
from phase10kit.solver_missing import missing_of_plan
from phase10kit.solver_plans import PHASE_CACHE, best_plan, shape_of
from phase10kit.solver_progress import plan_needs, plan_uses

__all__ = [
    "SOLVED_CACHE",
    "group_needing",
    "holds_key",
    "may_extend_started",
    "missing_key",
    "needs_key",
    "solved_key",
    "spare_indices",
    "uses_key",
]

SOLVED_CACHE = 32
"""Hands whose solve is kept. A decision asks about one hand or a few, and a hand is seldom asked about
again once its turn is over: GreedyBots' games find the same answers in 8 as in 256. A small cache also
keeps what the solver reads in the processor's cache, and the garbage collector's work small."""


@lru_cache(maxsize=SOLVED_CACHE)
def solved_key(key: tuple[int, ...], phase: Phase, natural_required: bool) -> tuple[HandCounts, Score, Bases]:
    """The hand with these card indices and its best score and bases, kept for the engine and bots.

    The engine asks whether a hand holds its phase and a bot then asks for its progress: one solve.
    Only recent hands are kept (``SOLVED_CACHE``).
    """
    hand = HandCounts.of_key(key)
    score, bases = best_plan(hand, check_phase(phase), natural_required)
    return hand, score, bases


def holds_key(key: tuple[int, ...], phase: Phase, natural_required: bool) -> bool:
    """``can_complete`` of the hand with these card indices."""
    return solved_key(key, phase, natural_required)[1][0] == 0


def missing_key(key: tuple[int, ...], phase: Phase, natural_required: bool) -> int:
    """``missing`` of the hand with these card indices."""
    hand, score, bases = solved_key(key, phase, natural_required)
    return missing_of_plan(hand, phase, score, bases, natural_required)


def needs_key(key: tuple[int, ...], phase: Phase, natural_required: bool) -> list[tuple[bool, tuple[GroupValue, ...]]]:
    """``plan_needs`` of the hand with these card indices: per group, ``started`` and ``needs``."""
    hand, _, bases = solved_key(key, phase, natural_required)
    return plan_needs(hand, phase, bases, natural_required)


def uses_key(key: tuple[int, ...], phase: Phase, natural_required: bool) -> list[int]:
    """``plan_uses`` of the hand with these card indices: how many of each card index its plan holds."""
    hand, _, bases = solved_key(key, phase, natural_required)
    return plan_uses(hand, phase, bases)


def spare_indices(key: tuple[int, ...], phase: Phase, natural_required: bool) -> list[int]:
    """The distinct card indices (ascending), Wilds aside, of which the hand with these sorted indices holds
    more copies than its plan uses: the cards it can give up without setting its phase back.

    >>> from phase10kit import parse_cards, phase
    >>> from phase10kit.cards import CARDS_BY_INDEX
    >>> key = tuple(sorted(c.index for c in parse_cards("R7 B7 G7 Y7 Y4 R12 W")))
    >>> [str(CARDS_BY_INDEX[i]) for i in spare_indices(key, phase(7), True)]
    ['R12']
    """
    hand, _, bases = solved_key(key, phase, natural_required)
    table = slot_table(phase, bases)
    counts = hand.counts
    # Counted by index where the matching allows (``SlotTable.number_slots``, ``group_of``): the hand's
    # cards come in key order, so the copies of an index come together and take what room is left.
    spare = []
    rooms = table.number_slots
    if rooms is not None:
        left = list(rooms)
        for index in dict.fromkeys(key):
            if index >= WILD_INDEX:
                if index != WILD_INDEX:
                    spare.append(index)  # a Skip
                continue
            number = NUMBER_OF_INDEX[index]
            copies = counts[index]
            if copies > left[number]:
                spare.append(index)
                left[number] = 0
            else:
                left[number] -= copies
        return spare
    if table.group_of is not None:
        group_of = table.group_of
        room = [spec.size for spec in phase.groups]
        for index in dict.fromkeys(key):
            g = group_of[index]
            copies = counts[index]
            if g < 0:
                if index != WILD_INDEX:
                    spare.append(index)
            elif copies > room[g]:
                spare.append(index)
                room[g] = 0
            else:
                room[g] -= copies
        return spare
    used = plan_uses(hand, phase, bases)
    return [index for index in dict.fromkeys(key) if counts[index] > used[index] and index != WILD_INDEX]


def group_needing(key: tuple[int, ...], phase: Phase, natural_required: bool, card: Card) -> int | None:
    """The first group of the hand's best plan that is started and needs ``card`` in an open slot (its
    number, or its colour for a colour group), by position in the phase; None when no group does.

    ``needs_key`` answers the same, but most cards are ruled out before the solve or before the fill:
    a started group needs a card of its value (``may_extend_started``), a set's or colour group's value
    is among the hand's fullest (``_among_fullest``) and a group needs only values its base covers.

    >>> from phase10kit import parse_cards, phase
    >>> key = tuple(sorted(c.index for c in parse_cards("R7 B7 G7 Y4 B4 R12 G2 Y9 B11 R1")))
    >>> [group_needing(key, phase(1), True, Card.parse(text)) for text in ("Y7", "R4", "B12", "W")]
    [None, 1, None, None]
    """
    if not card.is_number or not may_extend_started(card, key, phase):
        return None
    shape = shape_of(phase)
    same_kind = shape == "sets" or shape == "colors"
    if same_kind and not _among_fullest(key, card, shape == "sets", len(phase.groups)):
        return None
    hand, _, bases = solved_key(key, phase, natural_required)
    if not _covers(phase, bases, card):
        return None
    specs = phase.groups
    for g, (started, needs) in enumerate(plan_needs(hand, phase, bases, natural_required)):
        if started and (card.color if specs[g].kind is GroupKind.COLOR else card.number) in needs:
            return g
    return None


def may_extend_started(card: Card, key: tuple[int, ...], phase: Phase) -> bool:
    """Whether ``card`` could be what a started group of the phase needs (a test from the hand's cards alone).

    ``key`` is the hand's sorted card indices. A started set or colour group holds a natural card of
    its value, so it can need ``card`` only when the hand holds a card of the same number (set) or
    colour (colour group). A phase of one run gives each number of its window one slot, which the
    hand's card of that number fills: it needs ``card`` only when the hand holds no card of its
    number. Runs with other groups always may.
    """
    has_run, has_set, has_color, several = _group_kinds(phase)
    if has_run:
        return several or not _holds_number(key, card.number)
    if has_set and _holds_number(key, card.number):
        return True
    if not has_color or not card.is_number:
        return False
    color = COLOR_OF_INDEX[card.index]
    return any(index < WILD_INDEX and COLOR_OF_INDEX[index] == color for index in key)


@lru_cache(maxsize=PHASE_CACHE)
def _group_kinds(phase: Phase) -> tuple[bool, bool, bool, bool]:
    """Whether the phase has a run, a set, a colour group, and more than one group (flags: an enum member
    hashes in Python, slowly, on every ``in`` test of a set of them)."""
    kinds = [spec.kind for spec in phase.groups]
    return GroupKind.RUN in kinds, GroupKind.SET in kinds, GroupKind.COLOR in kinds, len(kinds) > 1


def _holds_number(key: tuple[int, ...], number: int) -> bool:
    """Whether the sorted card indices hold a natural card of ``number`` (its indices: ``card_index(number, 0)`` on)."""
    first = card_index(number, 0)
    i = bisect_left(key, first)
    return i < len(key) and first <= key[i] < first + 4 and number >= 1


def _among_fullest(key: tuple[int, ...], card: Card, by_number: bool, groups: int) -> bool:
    """Whether the card's number (or colour) is among the ``groups`` values ``_best_same_kind`` ranks first
    for the hand with these sorted indices: the only values its plans give a group.

    Its ranking is by count, fullest first, ties in value order (a stable sort): a value ranks after
    every fuller value and every equally full one before it.
    """
    counts = [0] * (12 if by_number else 4)
    for index in key:
        if index >= WILD_INDEX:
            break  # Wilds and Skips sort last
        # Values from 0: ``number_of_index(index) - 1`` or ``color_of_index(index)``, inlined (the bots ask per card).
        counts[index >> 2 if by_number else index & 3] += 1
    value = card.index >> 2 if by_number else card.index & 3
    mine = counts[value]
    ahead = 0
    for other, count in enumerate(counts):
        if count > mine or (count == mine and other < value):
            ahead += 1
    return ahead < groups


def _covers(phase: Phase, bases: Bases, card: Card) -> bool:
    """Whether some group on these bases has a slot for ``card``: a set of its number, a colour group of
    its colour, a run over its number (a group needs only what its slots require)."""
    for spec, base in zip(phase.groups, bases, strict=True):
        if spec.kind is GroupKind.RUN:
            assert isinstance(base, int)
            if base <= card.number < base + spec.size:
                return True
        elif base == (card.color if spec.kind is GroupKind.COLOR else card.number):
            return True
    return False
