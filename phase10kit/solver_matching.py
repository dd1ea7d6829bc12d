"""Which natural card fills which slot of a phase, for given bases: the solver's matching.

A phase on given bases is a row of slots (a set's or colour group's value repeated, a run's numbers in
order), tabled once per (phase, bases) in a ``SlotTable`` with the slots and groups each card index fits.
``allocate`` is a maximum matching of the hand's natural cards to those slots that first gives as many
groups as possible a natural card; ``fill_groups`` reads each group's cards and open slots from it, with
closed forms for the common shapes (one run; only sets or only colour groups).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from phase10kit.cards import NUMBER_OF_INDEX, WILD_INDEX, Card, Color, indices_of_color, indices_of_number
from phase10kit.groups import GroupValue
from phase10kit.phases import GroupKind, GroupSpec, Phase
from phase10kit.solver_counts import Bases

__all__ = [
    "SlotTable",
    "allocate",
    "allocate_slots",
    "covered_groups",
    "fill_groups",
    "fits",
    "phase_slots",
    "slot_table",
]


def phase_slots(phase: Phase, bases: Bases) -> list[tuple[int, GroupValue]]:
    """The slots of the phase as (group index, required number or colour), group by group, in order."""
    return list(slot_table(phase, bases).slots)


def fits(card: Card, need: GroupValue) -> bool:
    """Whether a natural card fits a slot needing this number, or this colour."""
    return card.color == need if isinstance(need, Color) else card.number == need


class SlotTable:
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
        # A number need fits its four colours, a colour need its twelve numbers (as ``fits`` says).
        fit_slots: list[list[int]] = [[] for _ in range(WILD_INDEX)]
        fit_groups: list[list[int]] = [[] for _ in range(WILD_INDEX)]
        for s, (g, need) in enumerate(slots):
            fitting = indices_of_color(need.index) if isinstance(need, Color) else indices_of_number(need)
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
def slot_table(phase: Phase, bases: Bases) -> SlotTable:
    """The ``SlotTable`` of a phase on these bases, kept for the next hand asking about the same plan."""
    return SlotTable(phase, bases)


def allocate(cards: Sequence[Card], phase: Phase, bases: Bases) -> list[Card | None]:
    """The natural card in each slot (None where a Wild or a missing card goes).

    A maximum matching of cards to slots that first gives as many groups as possible a natural
    card; augmenting paths never empty a filled slot, so that coverage survives the second stage.
    """
    return allocate_slots(slot_table(phase, bases), cards)


def allocate_slots(table: SlotTable, cards: Sequence[Card]) -> list[Card | None]:
    """``allocate`` for the slots of a ``SlotTable``."""
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


def _allocate_classes(table: SlotTable, naturals: list[Card]) -> list[int | None]:
    """The matching of ``allocate_slots`` (which card, by position, fills each slot) for sets only or colours only.

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


def covered_groups(phase: Phase, slots: list[Card | None]) -> int:
    """How many groups hold a natural card in ``allocate``'s slots."""
    filled_groups = set()
    position = 0
    for g, spec in enumerate(phase.groups):
        if any(card is not None for card in slots[position : position + spec.size]):
            filled_groups.add(g)
        position += spec.size
    return len(filled_groups)


def fill_groups(
    table: SlotTable, specs: tuple[GroupSpec, ...], bases: Bases, cards: list[Card]
) -> tuple[list[tuple[list[Card], list[GroupValue]]], bool]:
    """Each group's natural cards and the needs of its open slots under the matching of ``allocate``,
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
                position = NUMBER_OF_INDEX[card.index] - low
                if 0 <= position < size and run[position] is None:
                    run[position] = card
        held = [card for card in run if card is not None]
        return [(held, [low + i for i, slot in enumerate(run) if slot is None])], False
    filled = allocate_slots(table, cards)
    per_group: list[tuple[list[Card], list[GroupValue]]] = [([], []) for _ in specs]
    for (g, need), slot in zip(table.slots, filled, strict=True):
        if slot is None:
            per_group[g][1].append(need)
        else:
            per_group[g][0].append(slot)
    return per_group, False
