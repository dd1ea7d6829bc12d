"""The solver's core: the counting and plan machinery that the solver, the engine, the bots and
batch probability share.

A hand is read once into :class:`HandCounts` (counts per card, per number, per colour); a *plan*
chooses a base for each group of a phase (a set's number, a run's first number, a colour group's
colour) and :func:`best_plan` scores the best plan as ``(extra, wilds)``: how many cards the hand
lacks and how many Wilds the layout uses. ``phase10kit.solver`` builds the public answers
(``can_complete``, ``find_layout``, ``missing``, ``outs``, ``progress``) on these. The bots ask by a
hand's sorted card indices (``holds_key``, ``missing_key``, ``needs_key``, ``uses_key``,
``spare_indices``, ``group_needing``): one solve of a recent hand (``solved_key``) answers them all,
``needs_key``/``uses_key`` give what ``progress`` would show without building its ``GroupProgress``
values, and ``spare_indices``/``group_needing`` count or rule out what they can before any matching.
See ``phase10kit.solver`` for the method and its proofs of exactness (the oracle tests).

>>> from phase10kit import parse_cards, phase
>>> best_plan(HandCounts(parse_cards("R7 B7 G7 Y2 B2 W")), phase(1), True)[0]
(0, 1)
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations_with_replacement, permutations, product

from phase10kit.cards import (
    CARDS_BY_INDEX,
    COLORS,
    DECK_COUNTS,
    KIND_COUNT,
    NUMBERS,
    SKIP_INDEX,
    WILD,
    WILD_INDEX,
    Card,
    Color,
)
from phase10kit.errors import Phase10Error, Reason
from phase10kit.groups import Group, GroupValue, Layout
from phase10kit.phases import GroupKind, GroupSpec, Phase

Bases = tuple[GroupValue, ...]
Score = tuple[int, int]
_IMPOSSIBLE: Score = (10**9, 10**9)


class HandCounts:
    """A hand's cards with the counts the solver needs, computed once per call in one pass.

    ``HandCounts.of_key`` reads a hand given by its sorted card indices (the bots' and the engine's
    questions) and makes its ``cards`` only if a question reads them: most only count.
    """

    __slots__ = ("_cards", "_key", "colors", "counts", "numbers", "present", "wilds")

    def __init__(self, cards: Iterable[Card]) -> None:
        counts = [0] * KIND_COUNT
        numbers = [0] * 14  # numbers[v] for v in 1..12; 0 and 13 stay 0 as sentinels
        colors = [0] * 4
        kept = []
        present = 0
        for card in cards:
            index = card.index
            counts[index] += 1
            if index < WILD_INDEX:
                number = (index >> 2) + 1
                numbers[number] += 1
                colors[index & 3] += 1
                present |= 1 << number
                kept.append(card)
            elif index != SKIP_INDEX:
                kept.append(card)
        self._cards: list[Card] | None = kept
        self._key: tuple[int, ...] = ()
        self.counts = counts
        self.numbers = numbers
        self.colors = colors
        self.wilds = counts[WILD_INDEX]
        self.present = present

    @classmethod
    def of_key(cls, key: tuple[int, ...]) -> HandCounts:
        """The hand with these card indices (its cards in this order, Skips left out as ever).

        >>> hand = HandCounts.of_key((24, 25, 48, 49))
        >>> [str(card) for card in hand.cards], hand.numbers[7], hand.wilds
        (['R7', 'B7', 'W'], 2, 1)
        """
        counts = [0] * KIND_COUNT
        numbers = [0] * 14
        colors = [0] * 4
        present = 0
        for index in key:
            counts[index] += 1
            if index < WILD_INDEX:
                numbers[_NUMBER_OF[index]] += 1
                colors[index & 3] += 1
                present |= _NUMBER_BIT[index]
        hand = object.__new__(cls)
        hand._cards = None
        hand._key = key
        hand.counts = counts
        hand.numbers = numbers
        hand.colors = colors
        hand.wilds = counts[WILD_INDEX]
        hand.present = present
        return hand

    @property
    def cards(self) -> list[Card]:
        """The hand's cards but Skips, in the order given."""
        cards = self._cards
        if cards is None:
            cards = self._cards = [CARDS_BY_INDEX[index] for index in self._key if index != SKIP_INDEX]
        return cards


_NUMBER_OF = tuple((index >> 2) + 1 for index in range(WILD_INDEX))
"""The number of each number card's index."""
_NUMBER_BIT = tuple(1 << number for number in _NUMBER_OF)
"""``HandCounts.present``'s bit of each number card's index."""


def as_hand(hand: Iterable[Card] | HandCounts) -> HandCounts:
    return hand if isinstance(hand, HandCounts) else HandCounts(hand)


# ---------------------------------------------------------------------------------------------
# Scoring: the best bases for a phase, from counts where the shape allows.


def best_plan(
    hand: HandCounts, phase: Phase, natural_required: bool, *, any_complete: bool = False
) -> tuple[Score, Bases]:
    """The best score and bases; with ``any_complete`` the first complete plan found may be returned."""
    shape = shape_of(phase)
    if shape == "sets":
        return _best_same_kind(hand.numbers[1:13], _NUMBER_VALUES, phase, hand.wilds, natural_required)
    if shape == "colors":
        return _best_same_kind(hand.colors, COLORS, phase, hand.wilds, natural_required)
    if shape == "run":
        return _best_run(hand, phase.groups[0].size, natural_required)
    if shape == "set+run":
        return _best_set_run(hand, phase, natural_required, any_complete)
    return _best_generic(hand, phase, natural_required)


@cache
def shape_of(phase: Phase) -> str:
    kinds = [spec.kind for spec in phase.groups]
    if all(kind is GroupKind.SET for kind in kinds):
        return "sets"
    if all(kind is GroupKind.COLOR for kind in kinds):
        return "colors"
    if kinds == [GroupKind.RUN]:
        return "run"
    if sorted(kind.value for kind in kinds) == ["r", "s"]:
        return "set+run"
    return "generic"


def _score(groups: int, size: int, naturals: int, covered: int, wilds: int, natural_required: bool) -> Score:
    """``(extra cards needed, Wilds used)`` once ``naturals`` slots are filled and ``covered`` groups hold a natural.

    Each missing card is a Wild or a natural card, so ``extra`` fills the slots the hand cannot;
    a group without a natural card needs at least one of them to be natural.
    """
    open_slots = size - naturals
    lacking = groups - covered if natural_required else 0
    extra = max(lacking, open_slots - wilds)
    return (extra, open_slots - extra)


@cache
def size_plans(sizes: tuple[int, ...]) -> tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]:
    """Every way to give same-kind groups values, as slots ranked by fullness.

    A plan lists, for the fullest value, the second fullest, ..., the (demand, groups, members)
    put on it. Only the fullest values need be tried: a fuller value never makes a plan worse.
    """

    def partitions(items: list[int]) -> Iterator[list[list[int]]]:
        if not items:
            yield []
            return
        first, rest = items[0], items[1:]
        for smaller in partitions(rest):
            for i in range(len(smaller)):
                yield smaller[:i] + [[first] + smaller[i]] + smaller[i + 1 :]
            yield [[first]] + smaller

    plans: dict[tuple[tuple[int, int], ...], tuple[tuple[int, int, tuple[int, ...]], ...]] = {}
    for partition in partitions(list(range(len(sizes)))):
        blocks = [(sum(sizes[i] for i in block), len(block), tuple(block)) for block in partition]
        for order in permutations(blocks):
            key = tuple((demand, members) for demand, members, _ in order)
            plans.setdefault(key, order)
    return tuple(plans.values())


_NUMBER_VALUES: tuple[GroupValue, ...] = tuple(NUMBERS)
PHASE_CACHE = 1024
"""Facts kept per phase: far more phases than a process ever plays, and a bound all the same."""


@lru_cache(maxsize=PHASE_CACHE)
def _same_kind_plans(phase: Phase) -> tuple[int, int, tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]]:
    """A same-kind phase's group count, card count and ``size_plans`` (looked up once per phase, not per hand)."""
    sizes = tuple(spec.size for spec in phase.groups)
    return len(sizes), sum(sizes), size_plans(sizes)


def _best_same_kind(
    counts: list[int], values: Sequence[GroupValue], phase: Phase, wilds: int, natural_required: bool
) -> tuple[Score, Bases]:
    """Phases of only sets (by number) or only colour groups (by colour)."""
    groups, total, plans = _same_kind_plans(phase)
    ranked = sorted(range(len(counts)), key=counts.__getitem__, reverse=True)
    best: Score = _IMPOSSIBLE
    best_plan: tuple[tuple[int, int, tuple[int, ...]], ...] = ()
    for plan in plans:
        if len(plan) > len(ranked):
            continue
        naturals = covered = 0
        for slot, (demand, members, _) in enumerate(plan):
            have = counts[ranked[slot]]
            naturals += demand if have > demand else have
            covered += members if have > members else have
        lacking = groups - covered if natural_required else 0
        open_slots = total - naturals
        extra = max(lacking, open_slots - wilds)
        score = (extra, open_slots - extra)
        if score < best:
            best, best_plan = score, plan
    bases: list[GroupValue] = [0] * groups
    for slot, (_, _, block_members) in enumerate(best_plan):
        for member in block_members:
            bases[member] = values[ranked[slot]]
    return best, tuple(bases)


def _best_run(hand: HandCounts, size: int, natural_required: bool) -> tuple[Score, Bases]:
    window = (1 << size) - 1
    best, best_start = _IMPOSSIBLE, 1
    for start in range(1, 14 - size):
        present = ((hand.present >> start) & window).bit_count()
        score = _score(1, size, present, 1 if present else 0, hand.wilds, natural_required)
        if score < best:
            best, best_start = score, start
    return best, (best_start,)


def _best_set_run(
    hand: HandCounts, phase: Phase, natural_required: bool, any_complete: bool = False
) -> tuple[Score, Bases]:
    """One set and one run: for each run window only the fullest number inside and outside matter."""
    set_index = 0 if phase.groups[0].kind is GroupKind.SET else 1
    set_size, run_size = phase.groups[set_index].size, phase.groups[1 - set_index].size
    numbers, wilds, total = hand.numbers, hand.wilds, set_size + run_size
    # before[v] = fullest count among 1..v, after[v] = among v..12 (sentinels 0 at 0 and 13).
    before, after = [0] * 14, [0] * 14
    for v in NUMBERS:  # conditional expressions: the builtin max costs a call each
        low, high = numbers[v], numbers[13 - v]
        before[v] = before[v - 1] if before[v - 1] > low else low
        after[13 - v] = after[14 - v] if after[14 - v] > high else high
    window = (1 << run_size) - 1
    lack_run = lack_set = 1 if natural_required else 0
    # Either way the window's naturals are at most its numbers present plus a full set (of the fullest
    # number): a window short of the best extra even then cannot beat it, and ties keep the first.
    most_in_set = set_size if set_size < before[12] else before[12]
    # The best (extra, Wilds) so far as two numbers (a tuple made per window costs more than the window's
    # arithmetic); a later window replaces it only when strictly better, so ties keep the first.
    best_extra = best_wilds = _IMPOSSIBLE[0]
    best_choice = (1, 0, True)
    present_bits = hand.present
    for start in range(1, 14 - run_size):
        end = start + run_size
        present = ((present_bits >> start) & window).bit_count()
        if total - present - most_in_set - wilds > best_extra:
            continue
        # The set on the fullest number inside the window (sharing it with the run).
        have = max(numbers[start:end])
        others = present - 1 if have else present
        naturals = others + (have if have <= set_size + 1 else set_size + 1)
        lacking = (lack_run if have < 2 and not others else 0) + (lack_set if not have else 0)
        open_slots = total - naturals
        extra = open_slots - wilds if open_slots - wilds > lacking else lacking
        used = open_slots - extra
        if extra < best_extra or (extra == best_extra and used < best_wilds):
            best_extra, best_wilds, best_choice = extra, used, (start, have, True)
        # The set on the fullest number outside it, when there is one.
        if run_size < 12:
            have = before[start - 1] if before[start - 1] > after[end] else after[end]
            naturals = present + (have if have <= set_size else set_size)
            lacking = (lack_run if not present else 0) + (lack_set if not have else 0)
            open_slots = total - naturals
            extra = open_slots - wilds if open_slots - wilds > lacking else lacking
            used = open_slots - extra
            if extra < best_extra or (extra == best_extra and used < best_wilds):
                best_extra, best_wilds, best_choice = extra, used, (start, have, False)
        if best_extra == 0 and (any_complete or best_wilds == 0):
            break  # the caller asks only whether the hand holds the phase, or nothing beats (0, 0)
    start, have, inside = best_choice
    end = start + run_size
    for number in NUMBERS:
        if numbers[number] == have and (start <= number < end) == inside:
            break
    bases = (number, start) if set_index == 0 else (start, number)
    return (best_extra, best_wilds), bases


def _base_choices(spec: GroupSpec) -> list[GroupValue]:
    if spec.kind is GroupKind.SET:
        return list(NUMBERS)
    if spec.kind is GroupKind.RUN:
        return list(range(1, 14 - spec.size))
    return list(COLORS)


def _base_combinations(phase: Phase) -> Iterator[Bases]:
    """Every choice of bases, once: equal groups take their bases in non-decreasing order."""
    runs: list[tuple[GroupSpec, int]] = []
    for spec in phase.groups:
        if runs and runs[-1][0] == spec:
            runs[-1] = (spec, runs[-1][1] + 1)
        else:
            runs.append((spec, 1))
    per_run = [list(combinations_with_replacement(_base_choices(spec), count)) for spec, count in runs]
    for choice in product(*per_run):
        yield tuple(base for part in choice for base in part)


def _best_generic(hand: HandCounts, phase: Phase, natural_required: bool) -> tuple[Score, Bases]:
    best: Score = _IMPOSSIBLE
    best_bases: Bases = ()
    for bases in _base_combinations(phase):
        slots = _allocate(hand.cards, phase, bases)
        naturals = sum(card is not None for card in slots)
        covered = _covered(phase, slots)
        score = _score(len(phase.groups), phase.size, naturals, covered, hand.wilds, natural_required)
        if score < best:
            best, best_bases = score, bases
    return best, best_bases


# ---------------------------------------------------------------------------------------------
# Allocation: which natural card fills which slot, for given bases.


def _slots(phase: Phase, bases: Bases) -> list[tuple[int, GroupValue]]:
    """The slots of the phase as (group index, required number or colour), group by group, in order."""
    return list(_slot_table(phase, bases).slots)


def _fits(card: Card, need: GroupValue) -> bool:
    return card.color == need if isinstance(need, Color) else card.number == need


class _SlotTable:
    """The slots of a phase for given bases, and which slots and groups each natural card fits.

    Built once per (phase, bases): the matching then only looks its candidates up by card index.
    """

    __slots__ = (
        "first_slot",
        "fit_groups",
        "fit_slots",
        "group_of",
        "number_slots",
        "same_kind",
        "single_run",
        "slots",
    )

    def __init__(self, phase: Phase, bases: Bases) -> None:
        slots: list[tuple[int, GroupValue]] = []
        for g, (spec, base) in enumerate(zip(phase.groups, bases, strict=True)):
            if spec.kind is GroupKind.RUN:
                assert isinstance(base, int)
                slots.extend((g, base + i) for i in range(spec.size))
            else:
                slots.extend((g, base) for _ in range(spec.size))
        self.slots = tuple(slots)
        # A number need fits its four colours, a colour need its twelve numbers (as ``_fits`` says).
        fit_slots: list[list[int]] = [[] for _ in range(WILD_INDEX)]
        fit_groups: list[list[int]] = [[] for _ in range(WILD_INDEX)]
        for s, (g, need) in enumerate(slots):
            fitting = range(need.index, WILD_INDEX, 4) if isinstance(need, Color) else range(4 * need - 4, 4 * need)
            for index in fitting:
                fit_slots[index].append(s)
                groups = fit_groups[index]
                if not groups or groups[-1] != g:  # slots come group by group: the groups stay sorted
                    groups.append(g)
        self.fit_slots = tuple(tuple(fitting) for fitting in fit_slots)
        self.fit_groups = tuple(tuple(groups) for groups in fit_groups)
        self.first_slot = tuple(next(s for s, (g, _) in enumerate(slots) if g == group) for group in range(len(bases)))
        # Only sets, or only colour groups: cards fall into classes (one per value) that fit the
        # same slots, so the matching has a closed form (``_allocate_classes``).
        kinds = {spec.kind for spec in phase.groups}
        self.same_kind = kinds == {GroupKind.SET} or kinds == {GroupKind.COLOR}
        # One run alone: each card fits one slot, so each slot simply gets the first card that fits it.
        self.single_run = len(phase.groups) == 1 and kinds == {GroupKind.RUN}
        # Same kind on distinct values: every class is one group, and the matching gives it the class's
        # first cards in hand order (``_allocate_classes`` with one group per class). ``group_of`` names the
        # group each card index fits (-1: none; Wild and Skip too), so progress needs no matching at all.
        self.group_of: tuple[int, ...] | None = None
        if self.same_kind and len(set(bases)) == len(bases):
            self.group_of = tuple(groups[0] if groups else -1 for groups in self.fit_groups) + (-1, -1)
        # Only sets and runs: each slot takes a card of its number, so cards of different numbers never
        # compete, and the matching gives each number's slots its first copies in hand order (the copies
        # of a number fit the same slots: once one finds no slot, no later one does). ``number_slots``
        # counts the slots of each number, so the cards a plan holds can be counted without a matching.
        self.number_slots: tuple[int, ...] | None = None
        if GroupKind.COLOR not in kinds:
            rooms = [0] * 13
            for _, need in slots:
                assert isinstance(need, int)
                rooms[need] += 1
            self.number_slots = tuple(rooms)


@lru_cache(maxsize=8192)
def _slot_table(phase: Phase, bases: Bases) -> _SlotTable:
    return _SlotTable(phase, bases)


def _allocate(cards: Sequence[Card], phase: Phase, bases: Bases) -> list[Card | None]:
    """The natural card in each slot (None where a Wild or a missing card goes).

    A maximum matching of cards to slots that first gives as many groups as possible a natural
    card; augmenting paths never empty a filled slot, so that coverage survives the second stage.
    """
    return _allocate_slots(_slot_table(phase, bases), cards)


def _allocate_slots(table: _SlotTable, cards: Sequence[Card]) -> list[Card | None]:
    """``_allocate`` for the slots of a ``_SlotTable``."""
    slots = table.slots
    naturals = [card for card in cards if card.index < WILD_INDEX]
    if table.same_kind:
        return [naturals[c] if c is not None else None for c in _allocate_classes(table, naturals)]
    if table.single_run:
        filled: list[Card | None] = [None] * len(slots)
        for card in naturals:
            for s in table.fit_slots[card.index]:
                if filled[s] is None:
                    filled[s] = card
        return filled
    owner: list[int | None] = [None] * len(slots)
    candidates = [table.fit_slots[card.index] for card in naturals]

    def augment(c: int, visited: set[int]) -> bool:
        for s in candidates[c]:
            if s in visited:
                continue
            visited.add(s)
            current = owner[s]
            if current is None or augment(current, visited):
                owner[s] = c
                return True
        return False

    # Stage one: one slot per group stands for the group (for runs, any slot the card fits).
    group_owner: dict[int, int] = {}
    group_candidates = [table.fit_groups[card.index] for card in naturals]

    def augment_group(c: int, visited: set[int]) -> bool:
        for g in group_candidates[c]:
            if g in visited:
                continue
            visited.add(g)
            current = group_owner.get(g)
            if current is None or augment_group(current, visited):
                group_owner[g] = c
                return True
        return False

    for c in range(len(naturals)):
        if group_candidates[c]:
            augment_group(c, set())
    for g, c in group_owner.items():
        slot = next(s for s in candidates[c] if slots[s][0] == g)
        owner[slot] = c
    # Stage two: every other card looks for a slot, possibly moving cards along a path.
    placed = set(group_owner.values())
    for c in range(len(naturals)):
        if c not in placed and candidates[c]:
            augment(c, set())
    return [naturals[c] if c is not None else None for c in owner]


def _allocate_classes(table: _SlotTable, naturals: list[Card]) -> list[int | None]:
    """The matching of ``_allocate_slots`` (which card, by position, fills each slot) for sets only or colours only.

    Each card fits exactly the slots of the groups on its value: a class of k groups and their slots.
    The matching's first stage gives the class's first k cards (in hand order) the groups' first slots,
    the j-th of them ending in group j counted from the last; each later card takes the class's first
    slot, pushing the cards before the first free slot one slot on (its augmenting path), or finds the
    class full. (Checked against the general matching on random hands and bases, and by the oracle tests.)
    """
    owner: list[int | None] = [None] * len(table.slots)
    classes: dict[int, list[int]] = {}  # the class's first slot -> its cards, in hand order
    for c, card in enumerate(naturals):
        fitting = table.fit_slots[card.index]
        if fitting:
            classes.setdefault(fitting[0], []).append(c)
    for members in classes.values():
        index = naturals[members[0]].index
        class_slots, groups = table.fit_slots[index], table.fit_groups[index]
        placed = min(len(members), len(groups))
        for i in range(placed):
            owner[table.first_slot[groups[i]]] = members[placed - 1 - i]
        for c in members[placed:]:
            free = next((t for t, s in enumerate(class_slots) if owner[s] is None), -1)
            if free < 0:
                break  # the class is full and stays full
            for t in range(free, 0, -1):
                owner[class_slots[t]] = owner[class_slots[t - 1]]
            owner[class_slots[0]] = c
    return owner


def _covered(phase: Phase, slots: list[Card | None]) -> int:
    filled_groups = set()
    position = 0
    for g, spec in enumerate(phase.groups):
        if any(card is not None for card in slots[position : position + spec.size]):
            filled_groups.add(g)
        position += spec.size
    return len(filled_groups)


def build_layout(hand: HandCounts, phase: Phase, bases: Bases) -> Layout:
    """The layout for these bases, Wilds in the open slots, cards in hand order within groups."""
    slots = _allocate(hand.cards, phase, bases)
    groups = []
    position = 0
    for spec, base in zip(phase.groups, bases, strict=True):
        chosen = slots[position : position + spec.size]
        position += spec.size
        if spec.kind is GroupKind.RUN:
            cards = [card if card is not None else WILD for card in chosen]
        else:
            cards = [card for card in chosen if card is not None]
            cards += [WILD] * (spec.size - len(cards))
        groups.append(Group(spec.kind, tuple(cards), base))
    return Layout(tuple(groups))


def in_hand_order(hand: HandCounts, layout: Layout, phase: Phase) -> Layout:
    """Natural cards of sets and colour groups in hand order; equal groups by their first card."""
    order: dict[Card, int] = {}
    for i, card in enumerate(hand.cards):
        order.setdefault(card, i)
    groups = []
    for group in layout.groups:
        if group.kind is GroupKind.RUN:
            groups.append(group)
        else:
            naturals = sorted(group.naturals, key=order.__getitem__)
            wilds = [card for card in group.cards if card.is_wild]
            groups.append(Group(group.kind, tuple(naturals + wilds), group.value))

    def first_card(group: Group) -> int:
        return min((order[card] for card in group.naturals), default=len(order))

    start = 0
    while start < len(groups):
        end = start
        while end < len(groups) and phase.groups[end] == phase.groups[start]:
            end += 1
        groups[start:end] = sorted(groups[start:end], key=first_card)
        start = end
    return Layout(tuple(groups))


# ---------------------------------------------------------------------------------------------
# Public API.


def check_phase(phase: Phase) -> Phase:
    if not isinstance(phase, Phase):
        raise TypeError(f"expected a Phase (use phase(n) or Phase.parse(...)), got {phase!r}")
    return phase


def set_run_may_hold(hand: HandCounts, phase: Phase) -> bool:
    """A quick necessary condition for one set and one run, from the best case of every window.

    However the run and the set are placed, the run holds at most one natural per number it
    covers and the set at most its size, so a hand short even of that bound needs more Wilds.
    """
    set_size = sum(spec.size for spec in phase.groups if spec.kind is GroupKind.SET)
    run_size = phase.size - set_size
    naturals = min(run_size, hand.present.bit_count()) + min(set_size, max(hand.numbers))
    return naturals + hand.wilds >= phase.size


def completion(hand: HandCounts, phase: Phase, bases: Bases, extra: int) -> list[Card]:
    """Concrete cards that complete the plan: a natural for each group without one, then Wilds."""
    slots = _slots(phase, bases)
    filled = _allocate(hand.cards, phase, bases)
    groups_with_natural = {g for (g, _), card in zip(slots, filled, strict=True) if card is not None}
    added: list[Card] = []
    for g, need in ((g, need) for (g, need), card in zip(slots, filled, strict=True) if card is None):
        if g not in groups_with_natural:
            added.append(_natural_for(hand, need, added))
            groups_with_natural.add(g)
    added += [WILD] * (extra - len(added))
    return added


def missing_of_plan(hand: HandCounts, phase: Phase, score: Score, bases: Bases, natural_required: bool) -> int:
    """``missing`` once the best plan is scored: its ``extra``, unless the deck lacks the cards it names.

    >>> from phase10kit import parse_cards, phase
    >>> hand = HandCounts(parse_cards("R3 R4 B5 G9"))
    >>> missing_of_plan(hand, phase(4), *best_plan(hand, phase(4), True), True)
    3
    """
    extra = score[0]
    if extra == 0:
        return 0
    if deck_surely_allows(hand, phase, extra) or deck_allows(hand, completion(hand, phase, bases, extra)):
        return extra
    # The best plan needs cards the deck no longer has (a hand holding every copy); search exactly.
    return search_missing(hand, phase, extra, natural_required)


def deck_surely_allows(hand: HandCounts, phase: Phase, extra: int) -> bool:
    """Whether ``completion``'s ``extra`` cards are sure to be in the deck, so they need not be named.

    A completion is a natural card for each group without one, then Wilds. Each natural is a copy the
    hand does not hold, found unless the hand and the completion's earlier naturals (fewer than one
    per group) hold every copy of its number (8) or colour (24); at most ``extra`` Wilds are added.
    """
    groups = len(phase.groups)
    return (
        hand.wilds + extra <= DECK_COUNTS[WILD_INDEX]
        and max(hand.numbers) + groups <= _COPIES_OF_NUMBER
        and max(hand.colors) + groups <= _COPIES_OF_COLOR
    )


_COPIES_OF_NUMBER = 4 * DECK_COUNTS[0]
_COPIES_OF_COLOR = 12 * DECK_COUNTS[0]


def _natural_for(hand: HandCounts, need: GroupValue, taken: list[Card]) -> Card:
    for index in range(48):
        card = Card.from_index(index)
        if _fits(card, need) and hand.counts[index] + taken.count(card) < DECK_COUNTS[index]:
            return card
    return Card.from_index(0)  # none left: the availability check that follows rejects the plan


def deck_allows(hand: HandCounts, added: list[Card]) -> bool:
    counts = list(hand.counts)
    for card in added:
        counts[card.index] += 1
        if counts[card.index] > DECK_COUNTS[card.index]:
            return False
    return True


def search_missing(hand: HandCounts, phase: Phase, start: int, natural_required: bool) -> int:
    kinds = [Card.from_index(i) for i in range(KIND_COUNT - 1)]
    for size in range(start, start + 3):
        for added in combinations_with_replacement(kinds, size):
            complete = best_plan(HandCounts(hand.cards + list(added)), phase, natural_required)[0][0] == 0
            if complete and deck_allows(hand, list(added)):
                return size
    raise Phase10Error(
        f"{phase} cannot be completed from this hand with the cards the deck has left", reason=Reason.IMPOSSIBLE_PHASE
    )


@dataclass(frozen=True, slots=True)
class GroupProgress:
    """How far a hand is with one group of a phase under the solver's best plan.

    ``cards`` are the hand's natural cards for it, ``wilds`` the hand's Wilds given to it, and
    ``needs`` what each still open slot requires (a number, or a colour for colour groups).
    """

    spec: GroupSpec
    value: GroupValue
    cards: tuple[Card, ...]
    wilds: int
    needs: tuple[GroupValue, ...]

    @property
    def complete(self) -> bool:
        return not self.needs

    @property
    def started(self) -> bool:
        """Whether the hand has a natural card for this group (its value is then not arbitrary)."""
        return bool(self.cards)


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
    >>> key = tuple(sorted(c.index for c in parse_cards("R7 B7 G7 Y7 Y4 R12 W")))
    >>> [str(CARDS_BY_INDEX[i]) for i in spare_indices(key, phase(7), True)]
    ['R12']
    """
    hand, _, bases = solved_key(key, phase, natural_required)
    table = _slot_table(phase, bases)
    counts = hand.counts
    # Counted by index where the matching allows (``_SlotTable.number_slots``, ``group_of``): the hand's
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
            number = (index >> 2) + 1
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
    color = card.index & 3
    return any(index < WILD_INDEX and index & 3 == color for index in key)


@lru_cache(maxsize=PHASE_CACHE)
def _group_kinds(phase: Phase) -> tuple[bool, bool, bool, bool]:
    """Whether the phase has a run, a set, a colour group, and more than one group (flags: an enum member
    hashes in Python, slowly, on every ``in`` test of a set of them)."""
    kinds = [spec.kind for spec in phase.groups]
    return GroupKind.RUN in kinds, GroupKind.SET in kinds, GroupKind.COLOR in kinds, len(kinds) > 1


def _holds_number(key: tuple[int, ...], number: int) -> bool:
    """Whether the sorted card indices hold a natural card of ``number`` (its indices are ``4 * number - 4`` on)."""
    first = 4 * number - 4
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


def plan_progress(cards: HandCounts, phase: Phase, bases: Bases, natural_required: bool) -> list[GroupProgress]:
    """``progress`` once the best bases are known."""
    table = _slot_table(phase, bases)
    specs = phase.groups
    per_group, in_hand_order = _fill_groups(table, specs, bases, cards.cards)
    wilds = _wilds_given(per_group, cards.wilds, natural_required)
    first_position: dict[int, int] = {}  # each card's first position in the hand, by card index
    result = []
    for g, (spec, base) in enumerate(zip(specs, bases, strict=True)):
        naturals, needs = per_group[g]
        if spec.kind is not GroupKind.RUN and len(naturals) > 1:
            # Hand order: the cards of each index together, the indices by their first position in the hand.
            if in_hand_order:
                _group_copies(naturals)
            else:
                if not first_position:
                    for position, card in enumerate(cards.cards):
                        first_position.setdefault(card.index, position)
                naturals.sort(key=lambda card: first_position[card.index])
        # Wilds fill the last open slots, so the needs shown are the first ones (low run numbers).
        result.append(GroupProgress(spec, base, tuple(naturals), wilds[g], tuple(needs[: len(needs) - wilds[g]])))
    return result


def plan_needs(
    cards: HandCounts, phase: Phase, bases: Bases, natural_required: bool
) -> list[tuple[bool, tuple[GroupValue, ...]]]:
    """Per group of ``plan_progress``: whether it is ``started`` and its ``needs``, without building the groups.

    What a bot weighing many hands asks (is a card wanted, how many outs are live): the same matching
    and the same Wilds as ``plan_progress``, without ordering the cards or making ``GroupProgress`` values.

    >>> from phase10kit import parse_cards, phase
    >>> hand = HandCounts(parse_cards("R7 B7 G7 Y4 W"))
    >>> plan_needs(hand, phase(7), best_plan(hand, phase(7), True)[1], True)
    [(True, ()), (True, (4, 4, 4))]
    """
    per_group, _ = _fill_groups(_slot_table(phase, bases), phase.groups, bases, cards.cards)
    wilds = _wilds_given(per_group, cards.wilds, natural_required)
    return [
        (bool(naturals), tuple(needs[: len(needs) - given]))
        for (naturals, needs), given in zip(per_group, wilds, strict=True)
    ]


def plan_uses(cards: HandCounts, phase: Phase, bases: Bases) -> list[int]:
    """How many of each card index the plan's groups hold: the counts of ``plan_progress``'s cards, without the groups.

    >>> from phase10kit import parse_cards, phase
    >>> hand = HandCounts(parse_cards("R7 B7 G7 Y7 Y4 W"))
    >>> used = plan_uses(hand, phase(7), best_plan(hand, phase(7), True)[1])
    >>> sum(used), used[Card.parse("Y4").index]
    (5, 1)
    """
    used = [0] * KIND_COUNT
    per_group, _ = _fill_groups(_slot_table(phase, bases), phase.groups, bases, cards.cards)
    for naturals, _ in per_group:
        for card in naturals:
            used[card.index] += 1
    return used


def _wilds_given(per_group: list[tuple[list[Card], list[GroupValue]]], wilds: int, natural_required: bool) -> list[int]:
    """The hand's Wilds per group: nearest to complete first; a group without a natural keeps a slot open."""
    given = [0] * len(per_group)
    spare = wilds
    for g in sorted(range(len(per_group)), key=lambda g: len(per_group[g][1])) if len(per_group) > 1 else (0,):
        open_slots = len(per_group[g][1])
        count = min(spare, open_slots)
        if natural_required and not per_group[g][0]:
            count = min(count, open_slots - 1)
        given[g], spare = count, spare - count
    return given


def _group_copies(cards: list[Card]) -> None:
    """Sort cards taken in hand order into hand order by first position: the copies of an index join its first.

    For such a list the first positions of its indices in the hand come in the order they first
    appear in the list, so no pass over the whole hand is needed (and most lists need no sort).
    """
    rank: dict[int, int] = {}
    for card in cards:
        rank.setdefault(card.index, len(rank))
    if len(rank) < len(cards):
        cards.sort(key=lambda card: rank[card.index])


def _fill_groups(
    table: _SlotTable, specs: tuple[GroupSpec, ...], bases: Bases, cards: list[Card]
) -> tuple[list[tuple[list[Card], list[GroupValue]]], bool]:
    """Each group's natural cards and the needs of its open slots under the matching of ``_allocate``,
    and whether each group's cards were taken in hand order (otherwise they are in slot order).

    The two common shapes skip the matching: a single run (each card has one slot: the first card of each
    number takes it) and same-kind groups on distinct values (each group takes its value's first cards).
    """
    if table.group_of is not None:
        group_of = table.group_of
        room = [spec.size for spec in specs]
        taken: list[list[Card]] = [[] for _ in specs]
        for card in cards:
            g = group_of[card.index]
            if g >= 0 and room[g]:
                taken[g].append(card)
                room[g] -= 1
        return [(chosen, [base] * left) for chosen, left, base in zip(taken, room, bases, strict=True)], True
    if table.single_run:
        low = bases[0]
        assert isinstance(low, int)
        size = specs[0].size
        run: list[Card | None] = [None] * size
        for card in cards:
            if card.index < WILD_INDEX:
                position = (card.index >> 2) + 1 - low
                if 0 <= position < size and run[position] is None:
                    run[position] = card
        held = [card for card in run if card is not None]
        return [(held, [low + i for i, slot in enumerate(run) if slot is None])], False
    filled = _allocate_slots(table, cards)
    per_group: list[tuple[list[Card], list[GroupValue]]] = [([], []) for _ in specs]
    for (g, need), slot in zip(table.slots, filled, strict=True):
        if slot is None:
            per_group[g][1].append(need)
        else:
            per_group[g][0].append(slot)
    return per_group, False
