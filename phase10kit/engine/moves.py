"""The engine's shared move values and the quick questions about a hand: action objects handed out once
each, the lay-downs of a hand (cached; found by ``phase10kit.engine.layouts``), the count bound
``may_hold`` that rules most hands out first, and which cards fit a laid group.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache, lru_cache
from typing import TypeVar

from phase10kit.actions import Discard, Draw, Hit, Lay, Take
from phase10kit.cards import CARDS_BY_INDEX, KIND_COUNT, WILD_INDEX, Card, Color
from phase10kit.engine.layouts import key_layouts, key_layouts_lazily
from phase10kit.groups import End, Group, GroupValue
from phase10kit.phases import GroupKind, Phase

__all__ = [
    "SHARED_TEXT",
    "discard_action",
    "draw_action",
    "fitting_hits",
    "hand_key",
    "hit_action",
    "lay_actions",
    "lay_actions_lazily",
    "may_hold",
    "phase_size",
    "plain_discards",
    "take_action",
]


# Actions are immutable, so the engine hands out one shared object per distinct action.
SHARED_TEXT: dict[int, str] = {}
"""The notation of each shared draw, take and discard by the object's ``id`` (each is kept for good by its
cache, so no other object ever has its id): the history writes a line for every action."""


@cache
def draw_action(player: int) -> Draw:
    return _shared(Draw(player))


@cache
def take_action(player: int) -> Take:
    return _shared(Take(player))


@cache
def discard_action(player: int, card_index: int, target: int | None) -> Discard:
    return _shared(Discard(player, CARDS_BY_INDEX[card_index], target))


_Shared = TypeVar("_Shared", Draw, Take, Discard)


def _shared(action: _Shared) -> _Shared:
    SHARED_TEXT[id(action)] = str(action)
    return action


@lru_cache(maxsize=65536)
def hit_action(player: int, target: int, group: int, card_index: int, end: End | None) -> Hit:
    return Hit(player, target, group, CARDS_BY_INDEX[card_index], end)


# Big enough for a turn's repeated asks, small enough not to slow the garbage collector: every
# cached lay-down keeps its groups and cards alive.
@lru_cache(maxsize=64)
def lay_actions(
    player: int, hand_key: tuple[int, ...], phase: Phase, natural_required: bool, named: int | None
) -> tuple[Lay, ...]:
    """Every distinct lay-down of exactly ``phase`` by the hand of these card indices (none: it does not hold it).

    The search itself answers whether the hand holds the phase (``lay_moves`` asks only for hands
    that pass ``may_hold``, the bound on the counts that rules most hands out).
    """
    # The groups come canonical from the search (naturals in card order, then Wilds): not sorted again.
    return tuple([Lay.of_canonical(player, groups, named) for groups in key_layouts(hand_key, phase, natural_required)])


def lay_actions_lazily(
    player: int,
    hand_key: tuple[int, ...],
    phase: Phase,
    natural_required: bool,
    named: int | None,
    max_wilds: int | None = None,
) -> Iterator[Lay]:
    """``lay_actions`` one at a time, in the same order, and not cached: each is built only when asked for.

    With ``max_wilds``, only the lay-downs with at most that many Wilds (the others are never built).

    >>> from phase10kit.phases import phase
    >>> key = (24, 25, 26, 27, 48, 4, 5)  # R7 B7 G7 Y7 W R2 B2
    >>> first = next(lay_actions_lazily(0, tuple(sorted(key)), phase(1), True, None))
    >>> first == lay_actions(0, tuple(sorted(key)), phase(1), True, None)[0]
    True
    """
    for groups in key_layouts_lazily(hand_key, phase, natural_required, max_wilds):
        yield Lay.of_canonical(player, groups, named)


@lru_cache(maxsize=256)
def _demands(phase: Phase) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
    """The phase's set sizes (largest first), run sizes, colour group sizes (largest first) and card count."""
    sets = sorted((spec.size for spec in phase.groups if spec.kind is GroupKind.SET), reverse=True)
    runs = [spec.size for spec in phase.groups if spec.kind is GroupKind.RUN]
    colors = sorted((spec.size for spec in phase.groups if spec.kind is GroupKind.COLOR), reverse=True)
    return tuple(sets), tuple(runs), tuple(colors), phase.size


@cache
def _best_windows(size: int) -> bytes:
    """For each set of numbers held (bit n - 1 for number n), the most of them any run of ``size`` covers."""
    window = (1 << size) - 1
    return bytes(max(((held >> start) & window).bit_count() for start in range(13 - size)) for held in range(4096))


def may_hold(hand_key: tuple[int, ...], phase: Phase) -> bool:
    """False only when the hand (its sorted card indices) cannot hold the phase, told from counts alone.

    A necessary condition, not the answer (the lay-down search gives that): every group needs a
    value the hand nearly has (its largest set a number with enough copies and Wilds, each run a
    window of numbers), and the natural cards the groups of each kind can use at most, plus the
    Wilds, must reach the phase's size. The sets use at most as many numbers as there are sets, a
    run at most one card of each number in its window, the colour groups at most as many colours.

    >>> from phase10kit.cards import parse_cards
    >>> from phase10kit.phases import phase
    >>> may_hold(hand_key(parse_cards("R7 B7 G7 Y2 B2 W R1")), phase(1))
    True
    >>> may_hold(hand_key(parse_cards("R7 B7 G7 Y2 B2 R1 R3")), phase(1))
    False
    """
    sets, runs, colors, total = _demands(phase)
    # numbers[n - 1]: the hand's cards of number n (a Wild or Skip, index >> 2 == 12, counts in numbers[12]).
    numbers = [0] * 13
    present = 0  # bit n - 1 for each number n the hand holds (bit 12: a Wild or Skip), asked only for runs
    if runs:
        for index in hand_key:
            numbers[index >> 2] += 1
            present |= 1 << (index >> 2)
    else:
        for index in hand_key:
            numbers[index >> 2] += 1
    wilds = hand_key.count(WILD_INDEX)
    naturals = 0
    if sets:
        ranked = sorted(numbers[:12], reverse=True)
        if ranked[0] + wilds < sets[0]:
            return False
        naturals += min(sum(sets), sum(ranked[: len(sets)]))
    for size in runs:
        best = _best_windows(size)[present & 0xFFF]
        if best + wilds < size:
            return False
        naturals += best
    if colors:
        by_color = [0] * 4
        for index in hand_key:
            if index < WILD_INDEX:
                by_color[index & 3] += 1
        ranked = sorted(by_color, reverse=True)
        if ranked[0] + wilds < colors[0]:
            return False
        naturals += min(sum(colors), sum(ranked[: len(colors)]))
    return naturals + wilds >= total


def fitting_hits(group: Group, present: Sequence[int]) -> list[tuple[int, End | None]]:
    """The (card index, end) of each distinct card in hand that fits the group; an end only for a Wild on a run.

    ``present``: the hand's card indices, ascending, once each.
    """
    if group.kind is GroupKind.RUN:
        low = group.value
        assert isinstance(low, int)
        table = _run_fits(low, low + len(group.cards) - 1)
    else:
        table = _value_fits(group.value)
    return [(index, end) for index in present if index in table for end in table[index]]


@cache
def _run_fits(low: int, high: int) -> dict[int, tuple[End | None, ...]]:
    """What fits a run from ``low`` to ``high``: the numbers just below and above it, and a Wild at either end."""
    fits: dict[int, tuple[End | None, ...]] = {}
    for number in (low - 1, high + 1):
        if 1 <= number <= 12:
            fits.update(dict.fromkeys(range(4 * number - 4, 4 * number), (None,)))
    at_low: tuple[End, ...] = ("low",) if low > 1 else ()
    at_high: tuple[End, ...] = ("high",) if high < 12 else ()
    if at_low or at_high:
        fits[WILD_INDEX] = at_low + at_high
    return fits


@cache
def _value_fits(value: GroupValue) -> dict[int, tuple[End | None, ...]]:
    """What fits a set of that number or a colour group of that colour: its naturals and the Wild."""
    indices = range(value.index, WILD_INDEX, 4) if isinstance(value, Color) else range(4 * value - 4, 4 * value)
    return dict.fromkeys([*indices, WILD_INDEX], (None,))


def hand_key(cards: Iterable[Card]) -> tuple[int, ...]:
    """The cards' indices in ascending order: what the lay-downs of a hand are cached by."""
    return tuple(sorted([card.index for card in cards]))


@lru_cache(maxsize=256)
def phase_size(phase: Phase) -> int:
    """How many cards the phase takes (``Phase.size`` adds its groups up on every call)."""
    return phase.size


@cache
def plain_discards(player: int) -> tuple[Discard, ...]:
    """The player's discard of each card index, naming nobody (the shared ``discard_action`` values)."""
    return tuple(discard_action(player, index, None) for index in range(KIND_COUNT))
