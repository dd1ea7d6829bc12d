"""Cards, colours, the card notation and the 108-card deck.

A card is a small immutable value: ``R7`` (red 7), ``Y12``, ``W`` (Wild) or ``S`` (Skip). The two
physical copies of a number card are equal values; the engine counts copies to conserve the deck.
"""

from __future__ import annotations

import enum
import random
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import total_ordering

from phase10kit._pictures import picture
from phase10kit.errors import NotationError, Reason, check_text, quote

__all__ = [
    "CARDS_BY_INDEX",
    "CARD_IN_TEXT",
    "COLORS",
    "COLOR_OF_INDEX",
    "DECK_COUNTS",
    "KIND_COUNT",
    "NUMBERED_CARD_IN_TEXT",
    "NUMBERS",
    "NUMBER_OF_INDEX",
    "SKIP",
    "SKIP_INDEX",
    "WILD",
    "WILD_INDEX",
    "Card",
    "Color",
    "Kind",
    "card_counts",
    "card_in_text",
    "card_index",
    "cards_in_text",
    "excess_over_deck",
    "format_cards",
    "indices_of_color",
    "indices_of_number",
    "parse_cards",
    "shuffled_deck",
    "standard_deck",
]

NUMBERS = range(1, 13)
MAX_TOKEN = 100
"""The longest single card or colour text read (an error quotes it, a longer one is cut)."""
MAX_CARDS_TEXT = 100_000
"""The longest text of cards read (several decks' worth with generous spacing)."""
"""The numbers on number cards, 1 to 12."""


class Color(enum.Enum):
    """The four card colours, written by their initials in the notation."""

    RED = "R"
    BLUE = "B"
    GREEN = "G"
    YELLOW = "Y"

    @property
    def index(self) -> int:
        """Position in ``COLORS`` (red 0, blue 1, green 2, yellow 3)."""
        return _COLOR_INDEX[self]

    @property
    def label(self) -> str:
        """The English name, lower case: ``Color.RED.label == "red"``."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Color:
        """The colour written as its initial or English name (any case).

        >>> Color.parse("b"), Color.parse("Yellow")
        (Color.BLUE, Color.YELLOW)
        """
        key = check_text(text, "a colour", MAX_TOKEN).strip().upper()
        for color in cls:
            if key in (color.value, color.name):
                return color
        raise NotationError(
            f"unknown colour {quote(text)!r}: use R, B, G or Y", reason=Reason.BAD_COLOR, details={"text": text}
        )

    def __repr__(self) -> str:
        return f"Color.{self.name}"


COLORS: tuple[Color, ...] = tuple(Color)
_COLOR_INDEX = {color: i for i, color in enumerate(COLORS)}


class Kind(enum.IntEnum):
    """What a card is: a number card, a Wild or a Skip (in this sort order)."""

    NUMBER = 0
    WILD = 1
    SKIP = 2


WILD_INDEX = 48
SKIP_INDEX = 49
KIND_COUNT = 50
"""Distinct card values: 48 number cards (12 numbers x 4 colours), Wild and Skip."""


@total_ordering
@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card value. Number cards sort by number then colour; Wilds and then Skips come last.

    >>> Card.parse("r7"), str(Card.parse("W"))
    (Card('R7'), 'W')
    >>> sorted(parse_cards("S W B7 R7 Y2"))
    [Card('Y2'), Card('R7'), Card('B7'), Card('W'), Card('S')]
    """

    kind: Kind
    number: int = 0
    color: Color | None = None
    index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.kind is Kind.NUMBER:
            if self.color is None or self.number not in NUMBERS:
                shown = f"{quote(self.color, 20)} {quote(self.number, 20)}"
                raise NotationError(
                    f"a number card needs a colour and a number 1-12, not {shown}",
                    reason=Reason.BAD_CARD,
                    details={"text": shown},
                )
            index = (self.number - 1) * 4 + self.color.index
        else:
            if self.number or self.color is not None:
                raise NotationError(
                    f"a {self.kind.name} has no number or colour",
                    reason=Reason.BAD_CARD,
                    details={"text": self.kind.name},
                )
            index = WILD_INDEX if self.kind is Kind.WILD else SKIP_INDEX
        object.__setattr__(self, "index", index)

    @staticmethod
    def numbered(color: Color, number: int) -> Card:
        """The number card of that colour and number: ``Card.numbered(Color.RED, 7)`` is ``R7``."""
        return Card(Kind.NUMBER, number, color)

    @staticmethod
    def parse(token: str) -> Card:
        """Parse one card in the notation (case-insensitive): ``R7``, ``y12``, ``W``, ``S``.

        >>> Card.parse("g10")
        Card('G10')
        """
        return _parse_token(check_text(token, "a card", MAX_TOKEN), position=None)

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with that ``index`` (0-47 number cards by number then colour, 48 W, 49 S)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < KIND_COUNT:
            raise NotationError(
                f"a card index is 0 to {KIND_COUNT - 1}, not {quote(index, 40)}",
                reason=Reason.BAD_CARD,
                details={"text": quote(index, 40)},
            )
        return CARDS_BY_INDEX[index]

    # The questions below are asked in every engine, solver and bot loop: they compare the card's
    # ``index`` (a plain int) or read a table by it instead of looking the ``kind`` enum up.
    @property
    def is_wild(self) -> bool:
        return self.index == WILD_INDEX

    @property
    def is_skip(self) -> bool:
        return self.index == SKIP_INDEX

    @property
    def is_number(self) -> bool:
        return self.index < WILD_INDEX

    @property
    def points(self) -> int:
        """Penalty points when left in hand at the end of a hand: 5, 10, 15 (Skip) or 25 (Wild)."""
        return _POINTS[self.index]

    def __str__(self) -> str:
        return _TEXT[self.index]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    # Equality, hashing and order all follow ``index``, one small int per card value, which is
    # much faster than comparing the fields (cards are compared in every engine and solver loop).
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index == other.index

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def _repr_svg_(self) -> str:
        return picture(self)  # drawn by phase10kit.svg, which registers itself (see phase10kit._pictures)


CARDS_BY_INDEX: tuple[Card, ...] = tuple(
    [Card.numbered(color, number) for number in NUMBERS for color in COLORS] + [Card(Kind.WILD), Card(Kind.SKIP)]
)
_POINTS: tuple[int, ...] = tuple([5 if number <= 9 else 10 for number in NUMBERS for _ in COLORS] + [25, 15])
"""Each card's penalty points by index: 5 (1-9), 10 (10-12), 25 (Wild), 15 (Skip)."""
_TEXT: tuple[str, ...] = tuple([f"{color.value}{number}" for number in NUMBERS for color in COLORS] + ["W", "S"])
"""Each card's notation by index."""
WILD = CARDS_BY_INDEX[WILD_INDEX]
SKIP = CARDS_BY_INDEX[SKIP_INDEX]
_CARDS_BY_TEXT = {str(card): card for card in CARDS_BY_INDEX}


def _parse_token(token: str, position: int | None) -> Card:
    card = _CARDS_BY_TEXT.get(token.strip().upper())
    if card is not None:
        return card
    where = f" (token {position})" if position is not None else ""
    if not token.strip():
        raise NotationError(f"empty card token{where}", reason=Reason.BAD_TOKEN, details={"text": "''"})
    raise NotationError(
        f"{quote(token, 40)!r}{where} is not a card: write a colour R, B, G or Y and a number 1-12 (like R7), "
        "W for a Wild or S for a Skip",
        reason=Reason.BAD_TOKEN,
        details={"text": token},
    )


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by spaces and/or commas, case-insensitively.

    >>> parse_cards("R7 b7, W S")
    [Card('R7'), Card('B7'), Card('W'), Card('S')]
    >>> format_cards(parse_cards("r7,b7 w"))
    'R7 B7 W'
    """
    stripped = check_text(text, "a list of cards", MAX_CARDS_TEXT).strip()
    if not stripped:
        return []
    # Split on single separators so "R7,,B7" shows its empty token instead of hiding it.
    tokens = re.split(r"\s*,\s*|\s+", stripped)
    return [_parse_token(token, position) for position, token in enumerate(tokens, start=1)]


def format_cards(cards: Iterable[Card]) -> str:
    """The canonical notation of cards, space-separated: ``R7 B7 W S``."""
    return " ".join(str(card) for card in cards)


# A card written inside free text (a log line, a bot's explanation, a page) stands alone: no letter or digit touches
# it, nor a "#" before it (a CSS colour such as #B12 is no card).
_ALONE_BEFORE, _ALONE_AFTER = r"(?<![A-Za-z0-9#])", r"(?![A-Za-z0-9])"
NUMBERED_CARD_IN_TEXT = re.compile(rf"{_ALONE_BEFORE}[RBGY](?:1[0-2]|[1-9]){_ALONE_AFTER}")
"""A number card's notation written alone in free text."""
CARD_IN_TEXT = re.compile(rf"{_ALONE_BEFORE}(?:[RBGY](?:1[0-2]|[1-9])|W|S){_ALONE_AFTER}")
"""Any card's notation written alone in free text: ``CARD_IN_TEXT.findall("Took R7, kept W")``."""


def cards_in_text(text: str) -> list[str]:
    """The card notations written alone in free text, in order (a word such as "Wild" or "R7x" holds none).

    >>> cards_in_text("Took R7 for s[R7 B7 W]; kept Y12, not #B12 or R13.")
    ['R7', 'R7', 'B7', 'W', 'Y12']
    """
    return CARD_IN_TEXT.findall(text)


def card_in_text(card: Card | str) -> re.Pattern[str]:
    """The pattern that finds ``card`` written alone in free text, with the boundaries of ``CARD_IN_TEXT``."""
    return re.compile(rf"{_ALONE_BEFORE}{re.escape(str(card))}{_ALONE_AFTER}")


def standard_deck() -> list[Card]:
    """The 108 cards in a fixed order: two of each number card, 8 Wilds, 4 Skips.

    >>> deck = standard_deck()
    >>> len(deck), deck.count(WILD), deck.count(SKIP), deck.count(Card.parse("R7"))
    (108, 8, 4, 2)
    """
    return list(_STANDARD_DECK)


_STANDARD_DECK = tuple([card for card in CARDS_BY_INDEX[:WILD_INDEX] for _ in range(2)] + [WILD] * 8 + [SKIP] * 4)
"""``standard_deck``, made once (every round deals a fresh copy)."""

DECK_COUNTS: tuple[int, ...] = tuple([2] * 48 + [8, 4])
"""How many copies of each card index the standard deck holds."""


def shuffled_deck(rng: random.Random) -> list[Card]:
    """The standard deck shuffled by ``rng``; the kit never touches module-level random state.

    >>> format_cards(shuffled_deck(random.Random(1))[:3]) == format_cards(shuffled_deck(random.Random(1))[:3])
    True
    """
    if not isinstance(rng, random.Random):
        raise TypeError(f"shuffling needs a random.Random, got {type(rng).__name__}")
    deck = standard_deck()
    rng.shuffle(deck)
    return deck


def card_counts(cards: Iterable[Card]) -> list[int]:
    """How many of each card index the cards hold (a list of ``KIND_COUNT`` integers)."""
    counts = [0] * KIND_COUNT
    for card in cards:
        counts[card.index] += 1
    return counts


def excess_over_deck(cards: Iterable[Card]) -> list[Card]:
    """The cards of which there are more than the standard deck holds (empty for a real hand)."""
    tally = Counter(cards)
    return [card for card, n in sorted(tally.items()) if n > DECK_COUNTS[card.index]]


# ---------------------------------------------------------------------------------------------
# Card indices: the small ints the engine, the solver and the bots count and look cards up by.
#
# A number card's index is ``4 * (number - 1) + colour index`` (colours in ``COLORS`` order: red 0, blue 1,
# green 2, yellow 3), so indices 0-47 run by number then colour: R1 B1 G1 Y1 R2 ... Y12. The Wild is 48
# (``WILD_INDEX``) and the Skip 49 (``SKIP_INDEX``): every index below ``WILD_INDEX`` is a number card.
# Hot loops read the two tables below (a tuple lookup costs less than the shift and the add); the
# functions say the same for code that asks once.

NUMBER_OF_INDEX: tuple[int, ...] = tuple((index >> 2) + 1 for index in range(WILD_INDEX))
"""The number (1-12) of each number card's index: ``NUMBER_OF_INDEX[index] == index // 4 + 1``."""
COLOR_OF_INDEX: tuple[int, ...] = tuple(index & 3 for index in range(WILD_INDEX))
"""The colour index (position in ``COLORS``) of each number card's index: ``index % 4``."""


def card_index(number: int, color_index: int) -> int:
    """The index of the number card of that number (1-12) and colour index (position in ``COLORS``).

    >>> card_index(7, Color.BLUE.index) == Card.parse("B7").index, card_index(1, 0), card_index(12, 3)
    (True, 0, 47)
    """
    return 4 * (number - 1) + color_index


def number_of_index(index: int) -> int:
    """The number of the number card with this index (``index`` below ``WILD_INDEX``).

    >>> number_of_index(Card.parse("Y7").index)
    7
    """
    return (index >> 2) + 1


def color_of_index(index: int) -> int:
    """The colour index (position in ``COLORS``) of the number card with this index.

    >>> COLORS[color_of_index(Card.parse("G7").index)]
    Color.GREEN
    """
    return index & 3


def indices_of_number(number: int) -> range:
    """The indices of the four number cards of ``number``, red to yellow.

    >>> [str(CARDS_BY_INDEX[index]) for index in indices_of_number(3)]
    ['R3', 'B3', 'G3', 'Y3']
    """
    return range(4 * number - 4, 4 * number)


def indices_of_color(color_index: int) -> range:
    """The indices of the twelve number cards of the colour at ``color_index``, 1 to 12.

    >>> format_cards(CARDS_BY_INDEX[index] for index in indices_of_color(Color.YELLOW.index))[:11]
    'Y1 Y2 Y3 Y4'
    """
    return range(color_index, WILD_INDEX, 4)
