"""The engine's layout search: every distinct layout of exactly a phase from a hand, lazily or as a list.

Lay-downs are enumerated group by group (a value, then the distinct multisets of natural cards
and the Wilds that complete it); equal groups of a phase come in ascending order, so each layout
appears once. The candidate groups of one value (or one run window) depend only on the hand's
cards of that value and its Wilds, so they are cached and shared by hands that differ elsewhere.

Why a second search beside the solver's (``phase10kit.solver``; plans in ``solver_plans``): the two answer different
questions. The solver scores *plans* (a base per group) and builds the one best layout (fewest
Wilds) or counts what is missing; it never lists alternatives. The legal moves need *every*
distinct lay-down (each is an action a player may choose), which no plan score gives.
``benchmarks/bench_layouts.py`` times both on the same 30,000 (hand, phase) pairs (3,000 random
11-card hands x Phases 1-10, caches warm, CPU time; 2 shared cores under load, so +-20%):

==============================================================  =========  ================
CPU microseconds per (hand, phase)                              all pairs  pairs holding it
==============================================================  =========  ================
engine: every distinct layout (``list(layouts(...))``)          38         174
engine: the first layout only                                   32         158
engine: as the legal moves ask (``may_hold``, ``key_layouts``)  32         218
solver: ``find_layout`` (one layout, fewest Wilds)              18         55
solver: ``can_complete``                                        10         13
==============================================================  =========  ================

A pair that holds its phase has 9.1 distinct layouts on average: the engine lists them at about
20 us each, while one solve gives one layout in 55 us and no way to ask for the next. Listing
through the solver would cost a solve per alternative plan at least, at every play-stage action,
so the engine keeps this search; the two are checked against each other by the tests (a hand has
a layout here exactly when ``can_complete`` says so).

>>> from phase10kit.phases import phase
>>> from phase10kit.cards import parse_cards
>>> [" ".join(map(str, groups)) for groups in layouts(parse_cards("R7 B7 G7 W Y2 B2"), phase(1))]
['s[B2 Y2 W] s[R7 B7 G7]']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache

from phase10kit.cards import CARDS_BY_INDEX, COLORS, KIND_COUNT, WILD_INDEX, Card
from phase10kit.groups import Group, GroupValue
from phase10kit.phases import GroupKind, GroupSpec, Phase
from phase10kit.rules import Rules, needs_natural

__all__ = ["CANDIDATE_CACHE", "key_layouts", "key_layouts_lazily", "layouts"]


@lru_cache(maxsize=4096)
def _multisets(options: tuple[tuple[int, int], ...], size: int, start: int = 0) -> tuple[tuple[int, ...], ...]:
    """Every distinct multiset of ``size`` card indices drawn from (card index, available) options, in order
    (remembered: a value's options are a few small counts, the same for many hands)."""
    if size == 0:
        return ((),)
    found: list[tuple[int, ...]] = []
    for i in range(start, len(options)):
        index, available = options[i]
        for taken in range(min(available, size), 0, -1):
            head = (index,) * taken
            found += [head + rest for rest in _multisets(options, size - taken, i + 1)]
    return tuple(found)


_VALUE_INDICES: dict[GroupKind, tuple[tuple[GroupValue, range], ...]] = {
    GroupKind.SET: tuple((number, range(number * 4 - 4, number * 4)) for number in range(1, 13)),
    GroupKind.COLOR: tuple((color, range(color.index, WILD_INDEX, 4)) for color in COLORS),
}
"""For sets and colour groups: each value with the card indices of its natural cards."""

Needs = tuple[tuple[int, int], ...]
"""(card index, copies) of a group's cards."""
GroupKey = tuple[int, tuple[int, ...]]
"""Orders equal groups of a phase: the value (a colour by its index), then the card indices."""
Candidate = tuple[Group, Needs, GroupKey, int]
"""A group a lay-down may use, with the cards it needs, its ordering key and those needs packed (``_FIELD``)."""

_FIELD = 8
"""Bits per card index in packed counts (one integer, a field per card index): seven for the count, the highest a
guard. The hand's counts with every guard set, less a group's packed needs, keep a field's guard exactly when
the hand holds that card as often as the group needs it (a shortfall borrows from the guard, never from the field
above): one subtraction and one ``&`` say whether the hand holds a whole group."""
_GUARDS = sum(1 << (_FIELD * index + _FIELD - 1) for index in range(KIND_COUNT))
"""The guard bit of every card index's field."""
_PACKED_LIMIT = 1 << (_FIELD - 1)
"""Packed counts hold hands of fewer cards than this (so every count and every group's need fits its field)."""

CANDIDATE_CACHE = 2048
"""Candidates remembered per value and per run window: a hand changes by a card or two a turn, so most
of its values and windows recur, while a small cache keeps the garbage collector's work small."""


def _candidate(kind: GroupKind, indices: Sequence[int], value: GroupValue, order: int) -> Candidate:
    """The candidate group of these card indices (in the group's order) on ``value`` (ordered by ``order``: a
    number, or a colour's index). Made from the indices: reading them back from the cards costs twice as much."""
    needs: dict[int, int] = {}
    for index in indices:
        needs[index] = needs.get(index, 0) + 1
    packed = 0
    for index, need in needs.items():
        packed += need << (_FIELD * index)
    ordered = tuple(indices)
    group = Group(kind, tuple(map(CARDS_BY_INDEX.__getitem__, ordered)), value)
    return group, tuple(needs.items()), (order, ordered), packed


@lru_cache(maxsize=CANDIDATE_CACHE)
def _value_candidates(
    is_set: bool, size: int, value_index: int, held: tuple[int, ...], wilds: int, natural_required: bool
) -> tuple[Candidate, ...]:
    """The sets (or colour groups) of exactly ``size`` cards on one value, most naturals first.

    ``held`` counts the value's natural cards (in card order), ``wilds`` the Wilds available (at most
    ``size`` matter): the groups depend on nothing else, so they are shared by every hand with them.
    (A flag, not the ``GroupKind``: an enum member hashes in Python, slowly, on every cache lookup.)
    """
    return tuple(_values_lazily(is_set, size, value_index, held, wilds, natural_required))


def _values_lazily(
    is_set: bool, size: int, value_index: int, held: tuple[int, ...], wilds: int, natural_required: bool
) -> Iterator[Candidate]:
    """``_value_candidates`` one at a time."""
    kind = GroupKind.SET if is_set else GroupKind.COLOR
    value, indices = _VALUE_INDICES[kind][value_index]
    order = value if isinstance(value, int) else value.index
    options = tuple([(i, n) for i, n in zip(indices, held, strict=True) if n])
    least = 1 if natural_required else 0
    for naturals in range(min(sum(held), size), least - 1, -1):
        if size - naturals > wilds:
            break
        padding = (WILD_INDEX,) * (size - naturals)
        for chosen in _multisets(options, naturals):
            yield _candidate(kind, chosen + padding, value, order)


@lru_cache(maxsize=CANDIDATE_CACHE)
def _run_candidates(size: int, start: int, window: int, wilds: int, natural_required: bool) -> tuple[Candidate, ...]:
    """The runs of exactly ``size`` cards from ``start``, each number's colours first, then a Wild.

    ``window`` has four bits per number of the run (bit ``4 * position + colour``: the hand holds that
    card), ``wilds`` the Wilds available (at most ``size`` matter).
    """
    held = [(window >> (4 * position)) & 15 for position in range(size)]
    # gaps[k]: the numbers from position k on with no natural card (each needs a Wild).
    gaps = [0] * (size + 1)
    for position in range(size - 1, -1, -1):
        gaps[position] = gaps[position + 1] + (0 if held[position] else 1)
    runs: list[list[int]] = []
    _run_fill(start, 0, gaps, held, wilds, [], not natural_required, runs)
    return tuple([_candidate(GroupKind.RUN, indices, start, start) for indices in runs])


def _runs_lazily(size: int, start: int, window: int, wilds: int, natural_required: bool) -> Iterator[Candidate]:
    """``_run_candidates`` one at a time (for a caller that wants the first few: the cached tuple is
    built by ``_run_fill``, a plain recursion, which is faster for all of them)."""
    held = [(window >> (4 * position)) & 15 for position in range(size)]
    gaps = [0] * (size + 1)
    for position in range(size - 1, -1, -1):
        gaps[position] = gaps[position + 1] + (0 if held[position] else 1)
    picked: list[int] = []

    def fill(number: int, position: int, wilds: int) -> Iterator[Candidate]:
        if position == size:
            if not natural_required or len(picked) > picked.count(WILD_INDEX):
                yield _candidate(GroupKind.RUN, list(picked), start, start)
            return
        if gaps[position] > wilds:
            return
        base = (number - 1) * 4
        for color in range(4):
            if held[position] >> color & 1:
                picked.append(base + color)
                yield from fill(number + 1, position + 1, wilds)
                picked.pop()
        if wilds:
            picked.append(WILD_INDEX)
            yield from fill(number + 1, position + 1, wilds - 1)
            picked.pop()

    return fill(start, 0, wilds)


def _run_fill(
    number: int,
    position: int,
    gaps: list[int],
    held: list[int],
    wilds: int,
    picked: list[int],
    natural: bool,
    runs: list[list[int]],
) -> None:
    """Add to ``runs`` the runs (card indices) from ``number`` on (``position`` in the run), each number's colours
    first, then a Wild; ``natural``: a natural card is already picked, or none is required.

    Branches that cannot end in a run (more gaps ahead than Wilds left) are cut. A plain recursion
    filling a list: a generator per position would pass every run up through each level.
    """
    if position == len(gaps) - 1:
        if natural:
            runs.append(list(picked))
        return
    if gaps[position] > wilds:
        return
    base = (number - 1) * 4
    colours = held[position]
    for color in range(4):
        if colours >> color & 1:
            picked.append(base + color)
            _run_fill(number + 1, position + 1, gaps, held, wilds, picked, True, runs)
            picked.pop()
    if wilds:
        picked.append(WILD_INDEX)
        _run_fill(number + 1, position + 1, gaps, held, wilds - 1, picked, natural, runs)
        picked.pop()


class _Tally:
    """The cards a lay-down search has left: per card (``counts``), which number cards are there (``held``, bit
    ``i`` for card index ``i``) and the Wilds.

    Placing a group takes its cards out and taking it back returns them, so each group of a phase
    is chosen from exactly the cards the groups before it left.
    """

    __slots__ = ("counts", "held", "wilds")

    def __init__(self, indices: Iterable[int]) -> None:
        counts = [0] * KIND_COUNT
        held = 0
        for index in indices:
            counts[index] += 1
            held |= 1 << index
        self.counts = counts
        self.held = held & _NUMBER_CARDS
        self.wilds = counts[WILD_INDEX]

    def take(self, needs: Needs) -> None:
        counts = self.counts
        for index, need in needs:
            counts[index] -= need
            if index == WILD_INDEX:
                self.wilds -= need
            elif not counts[index]:
                self.held &= ~(1 << index)

    def give(self, needs: Needs) -> None:
        counts = self.counts
        for index, need in needs:
            counts[index] += need
            if index == WILD_INDEX:
                self.wilds += need
            else:
                self.held |= 1 << index


_NUMBER_CARDS = (1 << WILD_INDEX) - 1
"""A bit for each number card's index (those below the Wild's)."""
_NIBBLES = sum(1 << 4 * position for position in range(12))
"""The lowest bit of each number's four colour bits in ``_Tally.held``."""


def _group_choices(spec: GroupSpec, tally: _Tally, natural_required: bool) -> list[Candidate]:
    """Every distinct group of exactly ``spec``'s size the cards left can make: values (or run starts) in order."""
    size = spec.size
    usable = min(tally.wilds, size)
    found: list[Candidate] = []
    if spec.kind is GroupKind.RUN:
        for start, window in _run_windows(size, tally.held, usable, natural_required):
            found += _run_candidates(size, start, window, usable, natural_required)
        return found
    is_set = spec.kind is GroupKind.SET
    for value_index, held in _group_values(is_set, size, tally.counts, usable, natural_required):
        found += _value_candidates(is_set, size, value_index, held, usable, natural_required)
    return found


def _group_choices_lazily(
    spec: GroupSpec, tally: _Tally, natural_required: bool, wild_limit: int
) -> Iterator[Candidate]:
    """``_group_choices`` with at most ``wild_limit`` Wilds a group, one at a time (the same groups, the same order:
    a value's or a window's candidates made with fewer Wilds are the others', those with too many left out)."""
    size = spec.size
    usable = min(tally.wilds, size, wild_limit)
    if spec.kind is GroupKind.RUN:
        for start, window in _run_windows(size, tally.held, usable, natural_required):
            yield from _runs_lazily(size, start, window, usable, natural_required)
        return
    is_set = spec.kind is GroupKind.SET
    for value_index, held in _group_values(is_set, size, tally.counts, usable, natural_required):
        yield from _values_lazily(is_set, size, value_index, held, usable, natural_required)


def _run_windows(size: int, held: int, usable: int, natural_required: bool) -> list[tuple[int, int]]:
    """Each run start that can make a run of ``size`` with at most ``usable`` Wilds, with its window of the
    ``held`` cards (``_Tally.held``). A list, not a generator: the caller wants them all.

    ``present``: one bit per number (at its colours' lowest bit) when a card of that number is left.
    """
    present = held | held >> 1
    present = (present | present >> 2) & _NIBBLES
    if present.bit_count() + usable < size:
        return []  # too few numbers for any run, even with every Wild
    bits = (1 << 4 * size) - 1
    # The numbers a window must hold: its gaps are filled by Wilds, and one natural card is required (by default).
    least = max(size - usable, 1 if natural_required else 0)
    return [
        (shift // 4 + 1, (held >> shift) & bits)
        for shift in range(0, 4 * (13 - size), 4)
        if ((present >> shift) & bits).bit_count() >= least
    ]


def _group_values(
    is_set: bool, size: int, counts: list[int], usable: int, natural_required: bool
) -> list[tuple[int, tuple[int, ...]]]:
    """Each number (sets) or colour that can make a group of ``size`` with at most ``usable`` Wilds, with the
    counts of its natural cards (``counts``: per card index, as ``_Tally.counts``)."""
    least = max(size - usable, 1 if natural_required else 0)  # the natural cards a value needs
    if is_set:
        return [
            (number, tuple(counts[first : first + 4]))
            for number, first in enumerate(range(0, WILD_INDEX, 4))
            if counts[first] + counts[first + 1] + counts[first + 2] + counts[first + 3] >= least
        ]
    return [
        (color, tuple(counts[color:WILD_INDEX:4])) for color in range(4) if sum(counts[color:WILD_INDEX:4]) >= least
    ]


@lru_cache(maxsize=256)
def _repeats(phase: Phase) -> tuple[bool, ...]:
    """For each group of the phase, whether it repeats the group before it (then they come in ascending order)."""
    specs = phase.groups
    return tuple(g > 0 and specs[g] == specs[g - 1] for g in range(len(specs)))


def layouts(hand: Iterable[Card], phase: Phase, *, rules: Rules | None = None) -> Iterator[tuple[Group, ...]]:
    """Every distinct layout of exactly ``phase`` from the hand under ``rules`` (the standard rules when None),
    lazily (equal groups in ascending order).

    >>> from phase10kit.phases import phase
    >>> from phase10kit.cards import parse_cards
    >>> [" ".join(map(str, groups)) for groups in layouts(parse_cards("R7 B7 G7 W Y2 B2"), phase(1))]
    ['s[B2 Y2 W] s[R7 B7 G7]']
    >>> len(list(layouts(parse_cards("R7 B7 G7 Y7 W Y2 B2"), phase(1))))
    4
    """
    return _layouts(_Tally([card.index for card in hand]), phase, needs_natural(rules))


def _layouts(tally: _Tally, phase: Phase, natural_required: bool) -> Iterator[tuple[Group, ...]]:
    specs = phase.groups
    first = _group_choices(specs[0], tally, natural_required)
    if not first:
        return iter(())  # the hand cannot make the first group: no layout at all
    repeats = _repeats(phase)
    last = len(specs) - 1
    chosen: list[Group] = [first[0][0]] * len(specs)
    counts = tally.counts

    # Each group's candidates are the groups the cards left by the groups before it make, in the
    # order the whole hand's candidates would come (a subsequence of them): a hand that cannot
    # make some group stops there, and no candidate is made that cannot be used. A group equal to
    # the one before picks from that one's candidates, those whose cards are left.
    def place(g: int, low: GroupKey, previous: list[Candidate]) -> Iterator[tuple[Group, ...]]:
        same = repeats[g]
        options = previous if same or not g else _group_choices(specs[g], tally, natural_required)
        for group, needs, key, _ in options:
            if same and (key < low or not _free(counts, needs)):
                continue  # equal groups come in ascending order: this layout came earlier
            chosen[g] = group
            if g == last:
                yield tuple(chosen)
                continue
            tally.take(needs)
            yield from place(g + 1, key, options)
            tally.give(needs)

    return place(0, (0, ()), first)


def _layouts_within(
    tally: _Tally, phase: Phase, natural_required: bool, wild_limit: int
) -> Iterator[tuple[Group, ...]]:
    """The layouts of ``_layouts`` with at most ``wild_limit`` Wilds, in the same order, each group's
    candidates generated only as far as they are used (a caller after the first builds almost nothing).

    A group equal to the one before takes its candidates from the cards left, generated anew: they are
    the earlier group's candidates whose cards are left (candidates come in one fixed order, and fewer
    cards only leave some out), without building that whole list.
    """
    specs = phase.groups
    repeats = _repeats(phase)
    last = len(specs) - 1
    chosen: list[Group] = []

    def place(g: int, low: GroupKey, budget: int) -> Iterator[tuple[Group, ...]]:
        same = repeats[g]
        for group, needs, key, _ in _group_choices_lazily(specs[g], tally, natural_required, budget):
            if same and key < low:
                continue  # equal groups come in ascending order: this layout came earlier
            del chosen[g:]
            chosen.append(group)
            if g == last:
                yield tuple(chosen)
                continue
            tally.take(needs)
            yield from place(g + 1, key, budget - _wilds_needed(needs))
            tally.give(needs)

    return place(0, (0, ()), wild_limit)


def _wilds_needed(needs: Needs) -> int:
    """How many Wilds a candidate group takes."""
    for index, need in needs:
        if index == WILD_INDEX:
            return need
    return 0


def _pair_layouts(tally: _Tally, phase: Phase, natural_required: bool) -> list[tuple[Group, Group]]:
    """``_layouts`` of a phase of two groups (all the standard ones but the single runs and colour group), as a list.

    The same search, in two plain loops: the engine asks for every lay-down of each hand it
    checks, and a recursive generator costs a resumption per layout at every level.
    """
    first_spec, second_spec = phase.groups
    found: list[tuple[Group, Group]] = []
    first = _group_choices(first_spec, tally, natural_required)
    if not first:
        return found
    if first_spec == second_spec:
        # The second group picks from the first's candidates: those ordered after it whose cards are left
        # (told by the packed counts, see ``_FIELD``; the first group fits the hand, so each field keeps its guard).
        guards = _GUARDS
        held = int.from_bytes(bytes(tally.counts), "little") | guards  # a byte per count: ``_FIELD`` is 8
        for group, _, key, packed in first:
            left = held - packed
            found += [
                (group, other) for other, _, later, more in first if later >= key and (left - more) & guards == guards
            ]
        return found
    for group, needs, _, _ in first:
        tally.take(needs)
        found += [(group, other) for other, _, _, _ in _group_choices(second_spec, tally, natural_required)]
        tally.give(needs)
    return found


def _free(counts: list[int], needs: Needs) -> bool:
    """Whether the counts still hold every card the needs name (a loop: cheaper than ``all`` over a generator)."""
    for index, need in needs:  # noqa: SIM110
        if counts[index] < need:
            return False
    return True


def key_layouts(hand_key: tuple[int, ...], phase: Phase, natural_required: bool) -> Iterable[tuple[Group, ...]]:
    """Every distinct layout of the hand of these card indices (sorted), the fastest way for a whole list:
    two plain loops for a phase of two groups, the recursive search for the others."""
    tally = _Tally(hand_key)
    if len(phase.groups) == 2 and len(hand_key) < _PACKED_LIMIT:
        return _pair_layouts(tally, phase, natural_required)
    return _layouts(tally, phase, natural_required)


def key_layouts_lazily(
    hand_key: tuple[int, ...], phase: Phase, natural_required: bool, max_wilds: int | None = None
) -> Iterator[tuple[Group, ...]]:
    """``key_layouts`` one at a time, in the same order; with ``max_wilds``, only those with at most that
    many Wilds (each group's candidates generated only as far as they are used)."""
    tally = _Tally(hand_key)
    if max_wilds is None:
        return _layouts(tally, phase, natural_required)
    return _layouts_within(tally, phase, natural_required, max_wilds)
