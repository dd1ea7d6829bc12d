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

from phase10kit._pictures import picture
from phase10kit.cards import COLORS, NUMBERS, WILD, Card, Color, parse_cards
from phase10kit.errors import NotationError, Phase10Error, Reason, check_text, quote
from phase10kit.phases import GroupKind

__all__ = ["End", "Group", "GroupKind", "GroupValue", "InvalidGroupError", "Layout", "arrange"]

End = Literal["low", "high"]
MAX_GROUP_TEXT = 1_000
"""The longest text ``Group.parse`` reads (a group holds at most 108 cards; this leaves room for spacing)."""
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
            raise InvalidGroupError(
                "a group needs at least one card", reason=Reason.EMPTY_GROUP, details={"cards": cards}
            )
        _check_cards(cards)
        naturals = [(i, card) for i, card in enumerate(cards) if card.is_number]
        if not naturals and natural_required:
            raise InvalidGroupError(
                "a group needs at least one card that is not a Wild",
                reason=Reason.NO_NATURAL_CARD,
                details={"cards": cards},
            )
        derived = _derive_value(kind, cards, naturals)
        if derived is None:
            if value is None:
                raise InvalidGroupError(
                    "a group of only Wilds must say what they stand for",
                    reason=Reason.WILD_VALUE_NEEDED,
                    details={"cards": cards},
                )
            derived = value
        elif value is not None and value != derived:
            raise InvalidGroupError(
                f"the cards {_fmt(cards)} make a {kind.name.lower()} of {_value_text(kind, derived)}, "
                f"not of {_value_text(kind, value)}",
                reason=Reason.WRONG_VALUE,
                details={"cards": cards},
            )
        _check_value(kind, derived, cards)
        return Group(kind, cards, derived)

    @staticmethod
    def parse(text: str, *, natural_required: bool = False) -> Group:
        """Parse a group in the notation (``natural_required`` is off so saved games of either rule load).

        >>> Group.parse("s[r7 b7 w]")
        Group('s[R7 B7 W]')
        """
        text = check_text(text, "a group", MAX_GROUP_TEXT)
        match = re.fullmatch(r"\s*([src])([0-9]{1,2}|[rbgy])?\[([^\]]*)\]\s*", text, flags=re.IGNORECASE)
        if match is None:
            raise NotationError(
                f"{quote(text)!r} is not a group: write s[R7 B7 W], r[G3 G4 W Y6] or c[B1 B4 W B9]",
                reason=Reason.BAD_GROUP,
                details={"text": text},
            )
        kind = GroupKind(match.group(1).lower())
        value: GroupValue | None = None
        if match.group(2):
            value = _parse_value(kind, match.group(2), text)
        try:
            return Group.make(kind, parse_cards(match.group(3)), value, natural_required=natural_required)
        except InvalidGroupError as error:
            raise NotationError(f"{quote(text)!r}: {error}", reason=error.reason, details=error.details) from error

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
            raise InvalidGroupError(
                f"{card} does not fit {self}", reason=Reason.DOES_NOT_FIT, details={"card": card, "group": self}
            )
        if self.kind is not GroupKind.RUN:
            return Group(self.kind, self.cards + (card,), self.value)
        if end is None:
            if len(ends) > 1:
                raise InvalidGroupError(
                    f"say which end of {self} the {card} goes on: low or high",
                    reason=Reason.END_NEEDED,
                    details={"card": card, "group": self},
                )
            end = ends[0]
        if end not in ends:
            raise InvalidGroupError(
                f"{card} does not fit the {end} end of {self}",
                reason=Reason.DOES_NOT_FIT,
                details={"card": card, "group": self},
            )
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
        return picture(self)  # drawn by phase10kit.svg, which registers itself (see phase10kit._pictures)


def arrange(kind: GroupKind, cards: Sequence[Card], *, natural_required: bool = True, prefer: End = "high") -> Group:
    """Arrange cards picked in any order into a group, placing Wilds where they are needed.

    Runs get their naturals sorted, Wilds in the gaps, and spare Wilds at the ``prefer`` end
    (then the other end when that one reaches 1 or 12). Raises ``InvalidGroupError`` with the
    reason a student needs ("a run needs consecutive numbers: 5 is missing").

    >>> str(arrange(GroupKind.RUN, parse_cards("G6 W R3 G4")))
    'r[R3 G4 W G6]'
    """
    cards = tuple(cards)
    _check_cards(cards)
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
            raise InvalidGroupError(
                f"a run has each number once, but there are two {a}s",
                reason=Reason.REPEATED_NUMBER,
                details={"cards": cards},
            )
    gaps = [n for n in range(numbers[0], numbers[-1] + 1) if n not in numbers]
    if len(gaps) > wilds:
        shown = ", ".join(str(n) for n in gaps)
        raise InvalidGroupError(
            f"a run needs consecutive numbers: {shown} {'is' if len(gaps) == 1 else 'are'} missing",
            reason=Reason.NOT_CONSECUTIVE,
            details={"cards": cards, "missing": gaps},
        )
    spare = wilds - len(gaps)
    room_high, room_low = 12 - numbers[-1], numbers[0] - 1
    if spare > room_high + room_low:
        raise InvalidGroupError(
            f"a run stays within 1 to 12: {len(cards)} cards from {numbers[0]} to {numbers[-1]} don't fit",
            reason=Reason.RUN_OUT_OF_RANGE,
            details={"cards": cards},
        )
    high = min(spare, room_high) if prefer == "high" else spare - min(spare, room_low)
    low = spare - high
    by_number = {card.number: card for card in naturals}
    middle = [by_number.get(n, WILD) for n in range(numbers[0], numbers[-1] + 1)]
    return Group.make(kind, [WILD] * low + middle + [WILD] * high, natural_required=natural_required)


def _check_cards(cards: tuple[Card, ...]) -> None:
    """Refuse anything but cards, and any Skip (``skip.not_in_group``)."""
    if not all(isinstance(card, Card) for card in cards):
        raise InvalidGroupError(
            f"a group is made of cards, not {quote(cards, 60)}", reason=Reason.BAD_GROUP, details={"text": cards}
        )
    if any(card.is_skip for card in cards):
        raise InvalidGroupError(
            "a Skip can never be part of a group", reason=Reason.SKIP_IN_GROUP, details={"cards": cards}
        )


def _derive_value(kind: GroupKind, cards: tuple[Card, ...], naturals: list[tuple[int, Card]]) -> GroupValue | None:
    if not naturals:
        return None
    first_position, first = naturals[0]
    if kind is GroupKind.SET:
        numbers = sorted({card.number for _, card in naturals})
        if len(numbers) > 1:
            raise InvalidGroupError(
                f"a set has one number, but {_fmt(cards)} mixes {_and(numbers)}",
                reason=Reason.MIXED_NUMBERS,
                details={"cards": cards, "numbers": numbers},
            )
        return first.number
    if kind is GroupKind.COLOR:
        colors = {card.color for _, card in naturals}
        if len(colors) > 1:
            names = _and([c.label for c in COLORS if c in colors])
            raise InvalidGroupError(
                f"a colour group has one colour, but {_fmt(cards)} mixes {names}",
                reason=Reason.MIXED_COLORS,
                details={"cards": cards, "colours": [c for c in COLORS if c in colors]},
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
                reason=Reason.NOT_CONSECUTIVE,
                details={"cards": cards},
            )
    return start


def _check_value(kind: GroupKind, value: GroupValue, cards: tuple[Card, ...]) -> None:
    length = len(cards)
    if kind is GroupKind.COLOR:
        if not isinstance(value, Color):
            raise InvalidGroupError(
                f"a colour group's value is a colour, not {quote(value, 40)}",
                reason=Reason.WRONG_VALUE,
                details={"cards": cards},
            )
        return
    if not isinstance(value, int) or isinstance(value, bool) or value not in NUMBERS:
        raise InvalidGroupError(
            f"{quote(value, 40)} is not a number from 1 to 12", reason=Reason.WRONG_VALUE, details={"cards": cards}
        )
    if kind is GroupKind.RUN and value + length - 1 > 12:
        raise InvalidGroupError(
            f"a run stays within 1 to 12 and never wraps: {length} cards from {value} would pass 12",
            reason=Reason.RUN_OUT_OF_RANGE,
            details={"cards": cards},
        )


def _parse_value(kind: GroupKind, text: str, source: str) -> GroupValue:
    if kind is GroupKind.COLOR:
        if text.isdigit():
            raise NotationError(
                f"{quote(source)!r}: a colour group's value is a colour (R, B, G, Y)",
                reason=Reason.BAD_GROUP,
                details={"text": source},
            )
        return Color.parse(text)
    if not text.isdigit():
        raise NotationError(
            f"{quote(source)!r}: a {kind.name.lower()}'s value is a number",
            reason=Reason.BAD_GROUP,
            details={"text": source},
        )
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


@dataclass(frozen=True, slots=True)
class Layout:
    """The groups of a laid-down phase, in the phase's order, with every Wild's value pinned.

    >>> layout = Layout.parse("s[R7 B7 G7] s[Y2 B2 W]")
    >>> str(layout), layout.wilds
    ('s[R7 B7 G7] s[Y2 B2 W]', 1)
    """

    groups: tuple[Group, ...]

    @staticmethod
    def parse(text: str) -> Layout:
        """Parse groups in the notation separated by spaces: ``s[R7 B7 G7] s[Y2 B2 W]``."""
        text = check_text(text, "a layout", MAX_GROUP_TEXT * 4)
        parts = re.findall(r"[^\s\[\]]*\[[^\]]*\]", text)
        leftover = re.sub(r"[^\s\[\]]*\[[^\]]*\]", "", text).strip()
        if not parts or leftover:
            raise NotationError(
                f"{quote(text)!r} is not a list of groups like 's[R7 B7 G7] s[Y2 B2 W]'",
                reason=Reason.BAD_LAYOUT,
                details={"text": text},
            )
        return Layout(tuple(Group.parse(part) for part in parts))

    @property
    def cards(self) -> list[Card]:
        """Every card of the layout, group by group."""
        return [card for group in self.groups for card in group.cards]

    @property
    def wilds(self) -> int:
        """How many Wilds the layout uses."""
        return sum(card.is_wild for card in self.cards)

    def __str__(self) -> str:
        return " ".join(str(group) for group in self.groups)

    def __repr__(self) -> str:
        return f"Layout({str(self)!r})"

    def _repr_svg_(self) -> str:
        return picture(self)  # drawn by phase10kit.svg, which registers itself (see phase10kit._pictures)
