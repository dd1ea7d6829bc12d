"""How many cards a hand lacks, once the deck is asked: ``missing_of_plan``.

The best plan's ``extra`` is the answer unless the cards it names are no longer in the deck (a hand
holding every copy of a number, say): ``deck_surely_allows`` rules that out from counts, ``completion``
names the cards and ``deck_allows`` checks them, and only then ``search_missing`` searches exactly.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from phase10kit.cards import COLORS, DECK_COUNTS, KIND_COUNT, NUMBERS, WILD, WILD_INDEX, Card
from phase10kit.errors import Phase10Error, Reason
from phase10kit.groups import GroupValue
from phase10kit.phases import Phase
from phase10kit.solver_counts import Bases, HandCounts, Score
from phase10kit.solver_matching import allocate, fits, phase_slots
from phase10kit.solver_plans import best_plan

__all__ = ["completion", "deck_allows", "deck_surely_allows", "missing_of_plan", "search_missing"]


def completion(hand: HandCounts, phase: Phase, bases: Bases, extra: int) -> list[Card]:
    """Concrete cards that complete the plan: a natural for each group without one, then Wilds."""
    slots = phase_slots(phase, bases)
    filled = allocate(hand.cards, phase, bases)
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


_COPIES_OF_NUMBER = len(COLORS) * DECK_COUNTS[0]
"""The deck's copies of each number (8)."""
_COPIES_OF_COLOR = len(NUMBERS) * DECK_COUNTS[0]
"""The deck's copies of each colour (24)."""


def _natural_for(hand: HandCounts, need: GroupValue, taken: list[Card]) -> Card:
    """The first natural card fitting ``need`` of which the deck still has a copy beyond the hand and ``taken``."""
    for index in range(WILD_INDEX):
        card = Card.from_index(index)
        if fits(card, need) and hand.counts[index] + taken.count(card) < DECK_COUNTS[index]:
            return card
    return Card.from_index(0)  # none left: the availability check that follows rejects the plan


def deck_allows(hand: HandCounts, added: list[Card]) -> bool:
    """Whether the deck holds the hand and the ``added`` cards together (no card beyond its copies)."""
    counts = list(hand.counts)
    for card in added:
        counts[card.index] += 1
        if counts[card.index] > DECK_COUNTS[card.index]:
            return False
    return True


def search_missing(hand: HandCounts, phase: Phase, start: int, natural_required: bool) -> int:
    """The fewest cards, from ``start`` on, that complete the phase and that the deck still has (tried exhaustively)."""
    kinds = [Card.from_index(i) for i in range(KIND_COUNT - 1)]
    for size in range(start, start + 3):
        for added in combinations_with_replacement(kinds, size):
            complete = best_plan(HandCounts(hand.cards + list(added)), phase, natural_required)[0][0] == 0
            if complete and deck_allows(hand, list(added)):
                return size
    raise Phase10Error(
        f"{phase} cannot be completed from this hand with the cards the deck has left", reason=Reason.IMPOSSIBLE_PHASE
    )
