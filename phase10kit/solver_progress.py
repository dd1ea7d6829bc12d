"""What the best plan holds: its layout (``build_layout``), its progress per group (``plan_progress``) and,
for the bots weighing many hands, the same answers without building the groups (``plan_needs``,
``plan_uses``). Each reads the matching of ``solver_matching`` on the plan's bases.
"""

from __future__ import annotations

from dataclasses import dataclass

from phase10kit.cards import KIND_COUNT, WILD, Card
from phase10kit.groups import Group, GroupValue, Layout
from phase10kit.phases import GroupKind, GroupSpec, Phase
from phase10kit.solver_counts import Bases, HandCounts
from phase10kit.solver_matching import allocate, fill_groups, slot_table

__all__ = ["GroupProgress", "build_layout", "in_hand_order", "plan_needs", "plan_progress", "plan_uses"]


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


def plan_progress(cards: HandCounts, phase: Phase, bases: Bases, natural_required: bool) -> list[GroupProgress]:
    """``progress`` once the best bases are known."""
    table = slot_table(phase, bases)
    specs = phase.groups
    per_group, in_hand_order = fill_groups(table, specs, bases, cards.cards)
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
    >>> from phase10kit.solver_plans import best_plan
    >>> hand = HandCounts(parse_cards("R7 B7 G7 Y4 W"))
    >>> plan_needs(hand, phase(7), best_plan(hand, phase(7), True)[1], True)
    [(True, ()), (True, (4, 4, 4))]
    """
    per_group, _ = fill_groups(slot_table(phase, bases), phase.groups, bases, cards.cards)
    wilds = _wilds_given(per_group, cards.wilds, natural_required)
    return [
        (bool(naturals), tuple(needs[: len(needs) - given]))
        for (naturals, needs), given in zip(per_group, wilds, strict=True)
    ]


def plan_uses(cards: HandCounts, phase: Phase, bases: Bases) -> list[int]:
    """How many of each card index the plan's groups hold: the counts of ``plan_progress``'s cards, without the groups.

    >>> from phase10kit import parse_cards, phase
    >>> from phase10kit.solver_plans import best_plan
    >>> hand = HandCounts(parse_cards("R7 B7 G7 Y7 Y4 W"))
    >>> used = plan_uses(hand, phase(7), best_plan(hand, phase(7), True)[1])
    >>> sum(used), used[Card.parse("Y4").index]
    (5, 1)
    """
    used = [0] * KIND_COUNT
    per_group, _ = fill_groups(slot_table(phase, bases), phase.groups, bases, cards.cards)
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


def build_layout(hand: HandCounts, phase: Phase, bases: Bases) -> Layout:
    """The layout for these bases, Wilds in the open slots, cards in hand order within groups."""
    slots = allocate(hand.cards, phase, bases)
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
