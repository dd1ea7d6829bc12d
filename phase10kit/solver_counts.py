"""A hand read once for the solver: counts per card, per number and per colour (``HandCounts``).

The solver's other parts (``solver_plans`` scores a phase's plans from these counts, ``solver_matching``
gives the hand's cards to slots, ``solver_queries`` answers the bots by a hand's sorted card indices)
all start from a ``HandCounts``. The plan types ``Bases`` and ``Score`` live here, at the bottom of them.
"""

from __future__ import annotations

from collections.abc import Iterable

from phase10kit.cards import CARDS_BY_INDEX, COLOR_OF_INDEX, KIND_COUNT, NUMBER_OF_INDEX, SKIP_INDEX, WILD_INDEX, Card
from phase10kit.groups import GroupValue
from phase10kit.phases import Phase

__all__ = ["Bases", "HandCounts", "Score", "as_hand", "check_phase"]

Bases = tuple[GroupValue, ...]
"""A plan: the base of each group of a phase (a set's number, a run's first number, a colour group's colour)."""
Score = tuple[int, int]
"""A plan's ``(extra, wilds)``: how many cards the hand lacks and how many Wilds the layout uses."""


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
                number = NUMBER_OF_INDEX[index]
                numbers[number] += 1
                colors[COLOR_OF_INDEX[index]] += 1
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
                numbers[NUMBER_OF_INDEX[index]] += 1
                colors[COLOR_OF_INDEX[index]] += 1
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


_NUMBER_BIT = tuple(1 << number for number in NUMBER_OF_INDEX)
"""``HandCounts.present``'s bit of each number card's index."""


def as_hand(hand: Iterable[Card] | HandCounts) -> HandCounts:
    """The hand read into counts, or the counts themselves when it already is (read once, asked many times)."""
    return hand if isinstance(hand, HandCounts) else HandCounts(hand)


def check_phase(phase: Phase) -> Phase:
    """The phase, or a ``TypeError`` naming how to make one (the public answers take only a ``Phase``)."""
    if not isinstance(phase, Phase):
        raise TypeError(f"expected a Phase (use phase(n) or Phase.parse(...)), got {phase!r}")
    return phase
