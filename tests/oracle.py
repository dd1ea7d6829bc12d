"""A brute-force phase oracle for the tests: slow, short and obviously right.

It tries every way to pick cards for each group in turn and checks each pick against the
definition of its group, with no cleverness shared with the solver.
"""

from __future__ import annotations

import os
from functools import cache
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


def min_wilds_multiset(hand: list[Card], phase: Phase, natural_required: bool = True) -> int | None:
    """The same answer as ``min_wilds``, found faster: equal cards are interchangeable.

    It tries each distinct sub-multiset of the remaining cards once per group (memoised on what
    is left) instead of each combination of positions; the tests check it against ``min_wilds``.
    """
    kinds = tuple(sorted(set(hand)))
    start = tuple(hand.count(card) for card in kinds)

    @cache
    def picks(counts: tuple[int, ...], size: int, i: int) -> tuple[tuple[int, ...], ...]:
        if size == 0:
            return ((),)
        if i == len(counts) or sum(counts[i:]) < size:
            return ()
        found = []
        for take in range(min(counts[i], size), -1, -1):
            found.extend((take,) + rest for rest in picks(counts, size - take, i + 1))
        return tuple(pick + (0,) * (len(counts) - i - len(pick)) for pick in found)

    @cache
    def pick_ok(kind: GroupKind, pick: tuple[int, ...]) -> bool:
        cards = tuple(card for card, n in zip(kinds, pick, strict=True) for _ in range(n))
        return group_ok(kind, cards, natural_required)

    @cache
    def place(g: int, counts: tuple[int, ...]) -> int | None:
        if g == len(phase.groups):
            return 0
        spec = phase.groups[g]
        best: int | None = None
        for pick in picks(counts, spec.size, 0):
            if pick_ok(spec.kind, pick):
                rest = place(g + 1, tuple(c - p for c, p in zip(counts, pick, strict=True)))
                if rest is not None:
                    used = rest + sum(n for card, n in zip(kinds, pick, strict=True) if card.is_wild)
                    best = used if best is None or used < best else best
        return best

    return place(0, start)


def holds(hand: list[Card], phase: Phase, natural_required: bool = True) -> bool:
    """Whether any layout of the phase exists (``min_wilds_multiset`` is not None)."""
    return min_wilds_multiset(hand, phase, natural_required) is not None


def examples(default: int) -> int:
    """``default`` hypothesis examples, times ten under the ``long`` profile (``P10_LONG=1``)."""
    return default * 10 if os.environ.get("P10_LONG") else default
