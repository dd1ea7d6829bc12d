"""Laid groups: sets, runs and colour groups whose Wilds keep the value they were laid as.

Notation: ``s[R7 B7 W]``, ``r[G3 G4 W Y6]`` (a Wild's value is its position), ``c[B1 B4 W B9]``.
A group of only Wilds (allowed only when the ``natural_required`` rule is off) writes its value
after the kind letter: ``s7[W W W]``, ``r3[W W W]``, ``cB[W W W]``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal

from phase10kit.cards import COLORS, NUMBERS, WILD, Card, Color, parse_cards
from phase10kit.errors import NotationError, Phase10Error
from phase10kit.phases import GroupKind

End = Literal["low", "high"]
GroupValue = int | Color


class InvalidGroupError(Phase10Error):
    """Cards that do not make the group asked for; ``reason`` says why in a word, the message in a sentence."""


@dataclass(frozen=True, slots=True)
class Group:
    """A group as laid on the table.

    ``value`` pins what its Wilds stand for: the number of a set, the number of the first card of
    a run (runs keep their cards in order, low to high) or the colour of a colour group.

    >>> g = Group.parse("r[G3 G4 W Y6]")
    >>> g.value, g.wild_values(), str(g.extend(WILD, "high"))
    (3, [5], 'r[G3 G4 W Y6 W]')
    """

    kind: GroupKind
    cards: tuple[Card, ...]
    value: GroupValue

    @staticmethod
    def make(
        kind: GroupKind,
        cards: Iterable[Card],
        value: GroupValue | None = None,
        *,
        natural_required: bool = True,
    ) -> Group:
        """Validate cards laid in this order as a group (a run's cards must be in run order).

        Raises ``InvalidGroupError`` saying why the cards do not make the group.
        """
        cards = tuple(cards)
        if not cards:
            raise InvalidGroupError("a group needs at least one card", reason="empty-group")
        if any(card.is_skip for card in cards):
            raise InvalidGroupError("a Skip can never be part of a group", reason="skip-in-group")
        naturals = [(i, card) for i, card in enumerate(cards) if card.is_number]
        if not naturals and natural_required:
            raise InvalidGroupError("a group needs at least one card that is not a Wild", reason="no-natural-card")
        derived = _derive_value(kind, cards, naturals)
        if derived is None:
            if value is None:
                raise InvalidGroupError(
                    "a group of only Wilds must say what they stand for", reason="wild-value-needed"
                )
            derived = value
        elif value is not None and value != derived:
            raise InvalidGroupError(
                f"the cards {_fmt(cards)} make a {kind.name.lower()} of {_value_text(kind, derived)}, "
                f"not of {_value_text(kind, value)}",
                reason="wrong-value",
            )
        _check_value(kind, derived, len(cards))
        return Group(kind, cards, derived)

    @staticmethod
    def parse(text: str, *, natural_required: bool = False) -> Group:
        """Parse a group in the notation (``natural_required`` is off so saved games of either rule load).

        >>> Group.parse("s[r7 b7 w]")
        Group('s[R7 B7 W]')
        """
        match = re.fullmatch(r"\s*([src])([0-9]+|[rbgy])?\[([^\]]*)\]\s*", text, flags=re.IGNORECASE)
        if match is None:
            raise NotationError(
                f"{text!r} is not a group: write s[R7 B7 W], r[G3 G4 W Y6] or c[B1 B4 W B9]",
                reason="bad-group",
            )
        kind = GroupKind(match.group(1).lower())
        value: GroupValue | None = None
        if match.group(2):
            value = _parse_value(kind, match.group(2), text)
        try:
            return Group.make(kind, parse_cards(match.group(3)), value, natural_required=natural_required)
        except InvalidGroupError as error:
            raise NotationError(f"{text!r}: {error}", reason=error.reason) from error

    @property
    def naturals(self) -> list[Card]:
        return [card for card in self.cards if card.is_number]

    def values(self) -> list[GroupValue]:
        """What each card stands for, in order (number for sets and runs, colour for colour groups)."""
        if self.kind is GroupKind.RUN:
            assert isinstance(self.value, int)
            return [self.value + i for i in range(len(self.cards))]
        return [self.value] * len(self.cards)

    def wild_values(self) -> list[GroupValue]:
        """What each Wild stands for, in order."""
        return [v for card, v in zip(self.cards, self.values(), strict=True) if card.is_wild]

    @property
    def low(self) -> int:
        """The lowest number of a run."""
        assert self.kind is GroupKind.RUN and isinstance(self.value, int)
        return self.value

    @property
    def high(self) -> int:
        """The highest number of a run."""
        return self.low + len(self.cards) - 1

    def fits(self, card: Card) -> list[End | None]:
        """Where ``card`` can be added: ``[None]`` for sets and colour groups, run ends otherwise.

        >>> Group.parse("r[R3 R4 R5]").fits(WILD)
        ['low', 'high']
        """
        if card.is_skip:
            return []
        if self.kind is GroupKind.RUN:
            ends: list[End | None] = []
            if self.low > 1 and (card.is_wild or card.number == self.low - 1):
                ends.append("low")
            if self.high < 12 and (card.is_wild or card.number == self.high + 1):
                ends.append("high")
            return ends
        if card.is_wild:
            return [None]
        if self.kind is GroupKind.SET:
            return [None] if card.number == self.value else []
        return [None] if card.color == self.value else []

    def extend(self, card: Card, end: End | None = None) -> Group:
        """The group with ``card`` added (at ``end`` of a run; needed only when both ends fit).

        Raises ``InvalidGroupError`` when the card does not fit there.
        """
        ends = self.fits(card)
        if not ends:
            raise InvalidGroupError(f"{card} does not fit {self}", reason="does-not-fit")
        if self.kind is not GroupKind.RUN:
            return Group(self.kind, self.cards + (card,), self.value)
        if end is None:
            if len(ends) > 1:
                raise InvalidGroupError(f"say which end of {self} the {card} goes on: low or high", reason="end-needed")
            end = ends[0]
        if end not in ends:
            raise InvalidGroupError(f"{card} does not fit the {end} end of {self}", reason="does-not-fit")
        if end == "low":
            assert isinstance(self.value, int)
            return Group(self.kind, (card,) + self.cards, self.value - 1)
        return Group(self.kind, self.cards + (card,), self.value)

    def __str__(self) -> str:
        pinned = "" if self.naturals else _value_code(self.value)
        return f"{self.kind.value}{pinned}[{_fmt(self.cards)}]"

    def __repr__(self) -> str:
        return f"Group({str(self)!r})"

    def _repr_svg_(self) -> str:
        from phase10kit import svg

        return str(svg.group_svg(self))


def arrange(kind: GroupKind, cards: Sequence[Card], *, natural_required: bool = True, prefer: End = "high") -> Group:
    """Arrange cards picked in any order into a group, placing Wilds where they are needed.

    Runs get their naturals sorted, Wilds in the gaps, and spare Wilds at the ``prefer`` end
    (then the other end when that one reaches 1 or 12). Raises ``InvalidGroupError`` with the
    reason a student needs ("a run needs consecutive numbers: 5 is missing").

    >>> str(arrange(GroupKind.RUN, parse_cards("G6 W R3 G4")))
    'r[R3 G4 W G6]'
    """
    cards = tuple(cards)
    skips = [card for card in cards if card.is_skip]
    if skips:
        raise InvalidGroupError("a Skip can never be part of a group", reason="skip-in-group")
    naturals = [card for card in cards if card.is_number]
    if kind is not GroupKind.RUN:
        return Group.make(kind, naturals + [WILD] * (len(cards) - len(naturals)), natural_required=natural_required)
    naturals.sort(key=lambda c: c.number)
    wilds = len(cards) - len(naturals)
    if not naturals:
        return Group.make(kind, cards, natural_required=natural_required)
    numbers = [card.number for card in naturals]
    for a, b in pairwise(numbers):
        if a == b:
            raise InvalidGroupError(f"a run has each number once, but there are two {a}s", reason="repeated-number")
    gaps = [n for n in range(numbers[0], numbers[-1] + 1) if n not in numbers]
    if len(gaps) > wilds:
        shown = ", ".join(str(n) for n in gaps)
        raise InvalidGroupError(
            f"a run needs consecutive numbers: {shown} {'is' if len(gaps) == 1 else 'are'} missing",
            reason="not-consecutive",
        )
    spare = wilds - len(gaps)
    room_high, room_low = 12 - numbers[-1], numbers[0] - 1
    if spare > room_high + room_low:
        raise InvalidGroupError(
            f"a run stays within 1 to 12: {len(cards)} cards from {numbers[0]} to {numbers[-1]} don't fit",
            reason="run-out-of-range",
        )
    high = min(spare, room_high) if prefer == "high" else spare - min(spare, room_low)
    low = spare - high
    by_number = {card.number: card for card in naturals}
    middle = [by_number.get(n, WILD) for n in range(numbers[0], numbers[-1] + 1)]
    return Group.make(kind, [WILD] * low + middle + [WILD] * high, natural_required=natural_required)


def _derive_value(kind: GroupKind, cards: tuple[Card, ...], naturals: list[tuple[int, Card]]) -> GroupValue | None:
    if not naturals:
        return None
    first_position, first = naturals[0]
    if kind is GroupKind.SET:
        numbers = sorted({card.number for _, card in naturals})
        if len(numbers) > 1:
            raise InvalidGroupError(
                f"a set has one number, but {_fmt(cards)} mixes {_and(numbers)}", reason="mixed-numbers"
            )
        return first.number
    if kind is GroupKind.COLOR:
        colors = {card.color for _, card in naturals}
        if len(colors) > 1:
            names = _and([c.label for c in COLORS if c in colors])
            raise InvalidGroupError(
                f"a colour group has one colour, but {_fmt(cards)} mixes {names}", reason="mixed-colors"
            )
        assert first.color is not None
        return first.color
    start = first.number - first_position
    for position, card in naturals:
        if card.number != start + position:
            expected = start + position
            raise InvalidGroupError(
                f"a run needs consecutive numbers in order: in {_fmt(cards)} the {card} stands where {expected} belongs"
                if 1 <= expected <= 12
                else f"{_fmt(cards)} is not a run",
                reason="not-consecutive",
            )
    return start


def _check_value(kind: GroupKind, value: GroupValue, length: int) -> None:
    if kind is GroupKind.COLOR:
        if not isinstance(value, Color):
            raise InvalidGroupError(f"a colour group's value is a colour, not {value!r}", reason="wrong-value")
        return
    if not isinstance(value, int) or isinstance(value, bool) or value not in NUMBERS:
        raise InvalidGroupError(f"{value!r} is not a number from 1 to 12", reason="wrong-value")
    if kind is GroupKind.RUN and value + length - 1 > 12:
        raise InvalidGroupError(
            f"a run stays within 1 to 12 and never wraps: {length} cards from {value} would pass 12",
            reason="run-out-of-range",
        )


def _parse_value(kind: GroupKind, text: str, source: str) -> GroupValue:
    if kind is GroupKind.COLOR:
        if text.isdigit():
            raise NotationError(f"{source!r}: a colour group's value is a colour (R, B, G, Y)", reason="bad-group")
        return Color.parse(text)
    if not text.isdigit():
        raise NotationError(f"{source!r}: a {kind.name.lower()}'s value is a number", reason="bad-group")
    return int(text)


def _value_code(value: GroupValue) -> str:
    return value.value if isinstance(value, Color) else str(value)


def _value_text(kind: GroupKind, value: GroupValue) -> str:
    if isinstance(value, Color):
        return value.label
    return f"{value}s" if kind is GroupKind.SET else f"{value} upwards"


def _fmt(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _and(items: Sequence[object]) -> str:
    texts = [str(item) for item in items]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " and " + texts[-1]
