"""A brute-force phase oracle for the tests: slow, short and obviously right.

It tries every way to pick cards for each group in turn and checks each pick against the
definition of its group, with no cleverness shared with the solver.
"""

from __future__ import annotations

from itertools import combinations

from phase10kit.cards import Card
from phase10kit.phases import GroupKind, Phase


def group_ok(kind: GroupKind, cards: tuple[Card, ...], natural_required: bool = True) -> bool:
    """Whether these cards (any order) can be laid as one group of that kind."""
    if any(card.is_skip for card in cards):
        return False
    naturals = [card for card in cards if card.is_number]
    if not naturals:
        return not natural_required
    if kind is GroupKind.SET:
        return len({card.number for card in naturals}) == 1
    if kind is GroupKind.COLOR:
        return len({card.color for card in naturals}) == 1
    numbers = [card.number for card in naturals]
    if len(set(numbers)) != len(numbers):
        return False
    size = len(cards)
    return any(all(start <= n < start + size for n in numbers) for start in range(1, 14 - size))


def min_wilds(hand: list[Card], phase: Phase, natural_required: bool = True) -> int | None:
    """The fewest Wilds any layout of the phase from the hand uses, or None if there is none."""
    best: int | None = None

    def place(g: int, remaining: tuple[int, ...], wilds: int) -> None:
        nonlocal best
        if g == len(phase.groups):
            if best is None or wilds < best:
                best = wilds
            return
        spec = phase.groups[g]
        for pick in combinations(remaining, spec.size):
            cards = tuple(hand[i] for i in pick)
            if group_ok(spec.kind, cards, natural_required):
                rest = tuple(i for i in remaining if i not in pick)
                place(g + 1, rest, wilds + sum(card.is_wild for card in cards))

    place(0, tuple(range(len(hand))), 0)
    return best
