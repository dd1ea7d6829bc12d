"""Where a game's chance comes from: a shuffled deck from a generator, or a recorded history replayed.

Both sources answer the same three questions (deal a hand of the game, refill the draw pile,
confirm a drawn card), so the engine never asks which one it has. A replay checks every recorded
line against the rules as it goes and refuses anything the deck could not have produced.

>>> import random
>>> source = ShuffledChance(random.Random(1))
>>> hands, flips, pile = source.deal("hand 1 dealer p2", [0, 1], first_skip="skip_first")
>>> [len(h) for h in hands], len(flips), len(pile)
([10, 10], 1, 87)
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence
from typing import Protocol

from phase10kit.actions import seat_notation
from phase10kit.cards import DECK_COUNTS, Card, card_counts, parse_cards, shuffled_deck
from phase10kit.errors import NotationError, Reason, quote
from phase10kit.rules import HAND_SIZE, FirstSkip

__all__ = ["RECORD_LINES", "Chance", "ReplayedChance", "ShuffledChance"]

RECORD_LINES = ("hand", "tiebreak", "deal", "flip", "pile", "drawn", "reshuffle")
"""The first words of the history's chance lines (every other line is an action)."""


class Chance(Protocol):
    """A source of the game's chance outcomes."""

    def deal(
        self, header: str, order: Sequence[int], *, first_skip: FirstSkip
    ) -> tuple[list[list[Card]], list[Card], list[Card]]:
        """The hands for the seats in ``order``, the flipped card(s) and the draw pile (top last)."""
        ...

    def reshuffle(self, rest: list[Card]) -> list[Card]:
        """The new draw pile made of ``rest`` (the discard pile under its top card), top last."""
        ...

    def drawn(self, card: Card) -> None:
        """Confirm the card the draw pile gave (a replay refuses one its record does not show)."""
        ...


class ShuffledChance:
    """Chance from a ``random.Random``: shuffled decks and reshuffles."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def deal(
        self, header: str, order: Sequence[int], *, first_skip: FirstSkip
    ) -> tuple[list[list[Card]], list[Card], list[Card]]:
        deck = shuffled_deck(self.rng)
        hands = [[deck.pop() for _ in range(HAND_SIZE)] for _ in order]
        flips = [deck.pop()]
        while first_skip == "cover" and flips[-1].is_skip and deck:
            flips.append(deck.pop())
        return hands, flips, deck

    def reshuffle(self, rest: list[Card]) -> list[Card]:
        shuffled = list(rest)
        self.rng.shuffle(shuffled)
        return shuffled

    def drawn(self, card: Card) -> None:
        return None


class ReplayedChance:
    """Chance read from a game's recorded chance lines, each checked before it is used."""

    def __init__(self, lines: Iterable[str] = ()) -> None:
        self.lines: deque[str] = deque(lines)

    def feed(self, lines: Iterable[str]) -> None:
        """The chance lines recorded after the next action."""
        self.lines = deque(lines)

    def leftover(self) -> str | None:
        """The first recorded line nothing has used, if any."""
        return self.lines[0] if self.lines else None

    def _next(self, keyword: str) -> list[str]:
        if not self.lines:
            raise NotationError(f"the history ends where a {keyword!r} line is due", reason=Reason.BAD_HISTORY)
        line = self.lines.popleft()
        words = line.split()
        if not words or words[0] != keyword:
            raise NotationError(
                f"expected a {keyword!r} line in the history, found {quote(line)!r}", reason=Reason.BAD_HISTORY
            )
        return words[1:]

    def deal(
        self, header: str, order: Sequence[int], *, first_skip: FirstSkip
    ) -> tuple[list[list[Card]], list[Card], list[Card]]:
        keyword, expected = header.split(" ", 1)
        words = self._next(keyword)
        if " ".join(words) != expected:
            raise NotationError(
                f"the history says {quote(' '.join(words))!r}, the game expects {header!r}", reason=Reason.BAD_HISTORY
            )
        hands = []
        for seat in order:
            cards = self._next("deal")
            if not cards or cards[0] != seat_notation(seat):
                raise NotationError(
                    f"expected the deal of {seat_notation(seat)}, found {quote(' '.join(cards))!r}",
                    reason=Reason.BAD_HISTORY,
                )
            hand = parse_cards(" ".join(cards[1:]))
            if len(hand) != HAND_SIZE:
                raise NotationError(
                    f"{seat_notation(seat)} was dealt {len(hand)} cards, not {HAND_SIZE}", reason=Reason.BAD_HISTORY
                )
            hands.append(hand)
        flips = parse_cards(" ".join(self._next("flip")))
        pile = parse_cards(" ".join(self._next("pile")))
        if first_skip == "cover":
            covered = all(card.is_skip for card in flips[:-1]) and (not flips[-1:] or not flips[-1].is_skip or not pile)
        else:
            covered = len(flips) == 1
        if not flips or not covered:
            shown = " ".join(str(card) for card in flips)
            raise NotationError(f"the flipped cards {shown!r} break the first-Skip rule", reason=Reason.BAD_HISTORY)
        if card_counts([card for hand in hands for card in hand] + flips + pile) != list(DECK_COUNTS):
            raise NotationError(
                "a deal in the history is not the 108 cards of the deck, each once", reason=Reason.BAD_HISTORY
            )
        return hands, flips, pile

    def reshuffle(self, rest: list[Card]) -> list[Card]:
        given = parse_cards(" ".join(self._next("reshuffle")))
        if sorted(given) != sorted(rest):
            raise NotationError(
                "a reshuffle in the history is not the cards of the discard pile", reason=Reason.BAD_HISTORY
            )
        return given

    def drawn(self, card: Card) -> None:
        if self._next("drawn") != [str(card)]:
            raise NotationError(
                f"the history's drawn card differs from the pile's top card {card}", reason=Reason.BAD_HISTORY
            )
