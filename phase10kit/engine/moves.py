"""Generating moves: every distinct lay-down of a phase, the hits a hand allows, shared action values.

Lay-downs are enumerated group by group (a value, then the distinct multisets of natural cards
and the Wilds that complete it); equal groups of a phase come in ascending order, so each layout
appears once. Results for a hand are cached: a turn asks for them several times.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache, lru_cache

from phase10kit.actions import Discard, Draw, Hit, Lay, Take
from phase10kit.cards import CARDS_BY_INDEX, COLORS, WILD, WILD_INDEX, Card, Color, card_counts
from phase10kit.groups import End, Group, GroupValue
from phase10kit.phases import GroupKind, GroupSpec, Phase
from phase10kit.solver_core import holds_key


@lru_cache(maxsize=8192)
def holds(hand_key: tuple[int, ...], phase: Phase, natural_required: bool) -> bool:
    # ``can_complete``; a miss is solved through the solver core's cache, which the bots' progress reads.
    return holds_key(hand_key, phase, natural_required)


def _multisets(options: list[tuple[Card, int]], size: int, start: int = 0) -> Iterator[list[Card]]:
    """Every distinct multiset of ``size`` cards drawn from (card, available) options."""
    if size == 0:
        yield []
        return
    for i in range(start, len(options)):
        card, available = options[i]
        for taken in range(min(available, size), 0, -1):
            for rest in _multisets(options, size - taken, i + 1):
                yield [card] * taken + rest


_VALUE_INDICES: dict[GroupKind, tuple[tuple[GroupValue, range], ...]] = {
    GroupKind.SET: tuple((number, range(number * 4 - 4, number * 4)) for number in range(1, 13)),
    GroupKind.COLOR: tuple((color, range(color.index, WILD_INDEX, 4)) for color in COLORS),
}
"""For sets and colour groups: each value with the card indices of its natural cards."""


def _group_choices(spec: GroupSpec, counts: list[int], natural_required: bool) -> Iterator[tuple[Group, list[Card]]]:
    """Every distinct group of exactly ``spec``'s size the counts can make, with the cards it uses."""
    wilds = counts[WILD_INDEX]
    least = 1 if natural_required else 0
    if spec.kind is GroupKind.RUN:
        size = spec.size
        # missing[n]: how many of the numbers 1..n have no natural card (each needs a Wild in a run).
        missing = [0] * 13
        for number in range(1, 13):
            base = (number - 1) * 4
            held = counts[base] or counts[base + 1] or counts[base + 2] or counts[base + 3]
            missing[number] = missing[number - 1] + (0 if held else 1)
        for start in range(1, 14 - size):
            end = start + size - 1
            lacking = missing[end] - missing[start - 1]
            if lacking > wilds or (natural_required and lacking == size):
                continue  # too many gaps to fill, or no natural card at all: no run starts here
            # gaps[k]: the numbers from position k on with no natural card.
            gaps = [missing[end] - missing[start + k - 1] for k in range(size)] + [0]
            runs: list[list[Card]] = []
            _run_fill(start, 0, gaps, counts, wilds, [], natural_required, runs)
            for cards in runs:
                yield Group(GroupKind.RUN, tuple(cards), start), cards
        return
    size = spec.size
    for value, indices in _VALUE_INDICES[spec.kind]:
        have = 0
        for i in indices:
            have += counts[i]
        if have + wilds < size or have < least:
            continue  # nothing to yield for this value
        options = [(CARDS_BY_INDEX[i], counts[i]) for i in indices if counts[i]]
        for naturals in range(min(have, spec.size), least - 1, -1):
            if spec.size - naturals > wilds:
                break
            for chosen in _multisets(options, naturals):
                cards = chosen + [WILD] * (spec.size - naturals)
                yield Group(spec.kind, tuple(cards), value), cards


def _run_fill(
    number: int,
    position: int,
    gaps: list[int],
    counts: list[int],
    wilds: int,
    picked: list[Card],
    natural_required: bool,
    runs: list[list[Card]],
) -> None:
    """Add to ``runs`` the runs from ``number`` on (``position`` in the run), each number's colours first, then a Wild.

    Branches that cannot end in a run (more gaps ahead than Wilds left) are cut. A plain recursion
    filling a list: a generator per position would pass every run up through each level.
    """
    if position == len(gaps) - 1:
        if not natural_required or any(card.is_number for card in picked):
            runs.append(list(picked))
        return
    if gaps[position] > wilds:
        return
    base = (number - 1) * 4
    for color in range(4):
        if counts[base + color]:
            picked.append(CARDS_BY_INDEX[base + color])
            _run_fill(number + 1, position + 1, gaps, counts, wilds, picked, natural_required, runs)
            picked.pop()
    if wilds:
        picked.append(WILD)
        _run_fill(number + 1, position + 1, gaps, counts, wilds - 1, picked, natural_required, runs)
        picked.pop()


def _group_key(group: Group) -> tuple[int, tuple[int, ...]]:
    value = group.value if isinstance(group.value, int) else group.value.index
    return value, tuple([card.index for card in group.cards])


_NO_KEY: tuple[int, tuple[int, ...]] = (0, ())
"""The key of a candidate that is never compared (its spec does not repeat the one before it)."""


def _needs(cards: list[Card]) -> tuple[tuple[int, int], ...]:
    """(card index, copies) of a group's cards."""
    needs: dict[int, int] = {}
    for card in cards:
        needs[card.index] = needs.get(card.index, 0) + 1
    return tuple(needs.items())


def _free(counts: list[int], needs: tuple[tuple[int, int], ...]) -> bool:
    """Whether the counts still hold every card the needs name (a loop: cheaper than ``all`` over a generator)."""
    for index, need in needs:  # noqa: SIM110
        if counts[index] < need:
            return False
    return True


def layouts(hand: Iterable[Card], phase: Phase, *, natural_required: bool = True) -> Iterator[tuple[Group, ...]]:
    """Every distinct layout of exactly ``phase`` from the hand, lazily (equal groups in ascending order).

    >>> from phase10kit.phases import phase
    >>> from phase10kit.cards import parse_cards
    >>> [" ".join(map(str, groups)) for groups in layouts(parse_cards("R7 B7 G7 W Y2 B2"), phase(1))]
    ['s[B2 Y2 W] s[R7 B7 G7]']
    >>> len(list(layouts(parse_cards("R7 B7 G7 Y7 W Y2 B2"), phase(1))))
    4
    """
    counts = card_counts(hand)
    specs = phase.groups
    # Each distinct group spec's candidates are found once from the whole hand; deeper groups keep
    # those whose cards are still free (a group the remaining cards make is one the hand makes).
    same_as_previous = [g > 0 and specs[g] == specs[g - 1] for g in range(len(specs))]
    # Keys order equal groups; a phase without two equal groups in a row never compares them.
    keyed = {specs[g] for g in range(len(specs)) if same_as_previous[g]}
    candidates: dict[GroupSpec, list[tuple[Group, tuple[tuple[int, int], ...], tuple[int, tuple[int, ...]]]]] = {}
    for spec in specs:
        if spec not in candidates:
            candidates[spec] = [
                (group, _needs(cards), _group_key(group) if spec in keyed else _NO_KEY)
                for group, cards in _group_choices(spec, counts, natural_required)
            ]
    last = len(specs) - 1
    chosen: list[Group] = [candidates[specs[0]][0][0]] * len(specs) if candidates[specs[0]] else []

    def place(g: int, low: tuple[int, tuple[int, ...]]) -> Iterator[tuple[Group, ...]]:
        same = same_as_previous[g]
        for group, needs, key in candidates[specs[g]]:
            if same and key < low:
                continue  # equal groups come in ascending order: this layout came earlier
            # (The first group's candidates all fit: they were found from these counts.)
            if g and not _free(counts, needs):
                continue
            chosen[g] = group
            if g == last:
                yield tuple(chosen)
                continue
            for index, need in needs:
                counts[index] -= need
            yield from place(g + 1, key)
            for index, need in needs:
                counts[index] += need

    return place(0, (0, ())) if chosen else iter(())


# Actions are immutable, so the engine hands out one shared object per distinct action.
draw_action = cache(Draw)
take_action = cache(Take)


@cache
def discard_action(player: int, card_index: int, target: int | None) -> Discard:
    return Discard(player, CARDS_BY_INDEX[card_index], target)


@lru_cache(maxsize=65536)
def hit_action(player: int, target: int, group: int, card_index: int, end: End | None) -> Hit:
    return Hit(player, target, group, CARDS_BY_INDEX[card_index], end)


# Big enough for a turn's repeated asks (and a benchmark's replays), small enough not to slow the
# garbage collector: every cached lay-down keeps its groups and cards alive.
@lru_cache(maxsize=1024)
def lay_actions(
    player: int, hand_key: tuple[int, ...], phase: Phase, natural_required: bool, named: int | None
) -> tuple[Lay, ...]:
    hand = [CARDS_BY_INDEX[i] for i in hand_key]
    return tuple(Lay(player, groups, named) for groups in layouts(hand, phase, natural_required=natural_required))


def fitting_hits(group: Group, present: list[int]) -> Iterator[tuple[int, End | None]]:
    """The (card index, end) of each distinct card in hand that fits the group; an end only for a Wild on a run."""
    kind = group.kind
    if kind is GroupKind.RUN:
        low = group.value
        assert isinstance(low, int)
        high = low + len(group.cards) - 1
        for i in present:
            if i < WILD_INDEX:
                number = (i >> 2) + 1
                if number == low - 1 or number == high + 1:
                    yield i, None
            elif i == WILD_INDEX:
                if low > 1:
                    yield i, "low"
                if high < 12:
                    yield i, "high"
        return
    value = group.value
    if isinstance(value, Color):
        fitting = {WILD_INDEX, *range(value.index, WILD_INDEX, 4)}
    else:
        fitting = {WILD_INDEX, *range(4 * value - 4, 4 * value)}
    for i in present:
        if i in fitting:
            yield i, None
