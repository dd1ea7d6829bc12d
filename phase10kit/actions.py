"""A player's actions as small frozen values, with a one-line notation that parses back.

Players are numbered from 0 in Python and written ``p1`` .. ``p6`` in the notation; laid groups
are numbered from 0 in Python and written from 1 after the owner (``p2.1`` = player 2's first group).

==============================  ==========================================================
notation                        meaning
==============================  ==========================================================
``p1 draw``                     draw the top card of the draw pile
``p1 take``                     take the top card of the discard pile
``p1 lay s[R7 B7 G7] s[Y2 W]``  lay down the whole current phase, its groups in the phase's order
``p1 lay 7 s[..] s[..]``        ``any_order`` progression: lay phase 7 of the phase list
``p1 hit p2.1 B7``              add B7 to player 2's first group (a run's end is implied)
``p1 hit p2.2 W>high``          add a Wild to the high (or ``W>low``) end of a run; the Wild keeps that value
``p1 discard R7``               discard a card (ends the turn)
``p1 discard S>p3``             discard a Skip against player 3 (``skip_target="choose"``)
``p1 discard S``                a Skip whose target is implied (the next player) or that skips no one
==============================  ==========================================================

>>> a = parse_action("p1 hit p2.2 W>high")
>>> a, str(a) == "p1 hit p2.2 W>high", parse_action(str(a)) == a
(Hit(player=0, target=1, group=1, card=Card('W'), end='high'), True, True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeAlias

from phase10kit.cards import CARDS_BY_INDEX, WILD_INDEX, Card
from phase10kit.errors import NotationError, Reason, check_text, quote
from phase10kit.groups import End, Group, Layout
from phase10kit.phases import GroupKind

__all__ = ["Action", "Discard", "Draw", "Hit", "Lay", "Take", "group_notation", "parse_action", "seat_notation"]

_CARD_TEXT = tuple(str(card) for card in CARDS_BY_INDEX)


def _text(card: Card) -> str:
    """A card's notation from a table: ``str(card)`` goes through an enum lookup on every call."""
    return _CARD_TEXT[card.index] if isinstance(card, Card) else str(card)


_SEAT_TEXT = tuple(f"p{player + 1}" for player in range(99))
"""Each seat's notation (actions are written for every history line)."""


def seat_notation(player: int) -> str:
    """A seat in the notation, counted from 1: ``seat_notation(0) == "p1"``. The one home of seat names in
    actions, logs, refusals, exercises and the table; a value that is no seat is written so it shows (``p?'x'``).

    >>> seat_notation(2), seat_notation(-1), seat_notation("x")  # type: ignore[arg-type]
    ('p3', 'p0', "p?'x'")
    """
    if type(player) is int and 0 <= player < len(_SEAT_TEXT):
        return _SEAT_TEXT[player]
    return f"p{player + 1}" if isinstance(player, int) else f"p?{player!r}"


def group_notation(player: int, group: int) -> str:
    """A laid group in the notation, seat and group counted from 1: ``group_notation(1, 0) == "p2.1"`` (the
    target of a hit, ``p1 hit p2.1 B7``).

    >>> group_notation(1, 0)
    'p2.1'
    """
    return f"{seat_notation(player)}.{group + 1}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the draw pile: ``p1 draw``."""

    player: int

    def __str__(self) -> str:
        return seat_notation(self.player) + " draw"


@dataclass(frozen=True, slots=True)
class Take:
    """Take the top card of the discard pile: ``p1 take``."""

    player: int

    def __str__(self) -> str:
        return seat_notation(self.player) + " take"


def _canonical_group(group: Group) -> Group:
    """Sets and colour groups have no order: naturals by card order, then the Wilds."""
    if not isinstance(group, Group) or group.kind is GroupKind.RUN or not isinstance(group.cards, tuple):
        return group
    if _in_canonical_order(group.cards):
        return group  # the engine's lay-downs already are: no new group
    try:
        cards = sorted(card for card in group.cards if card.is_number)
        wilds = [card for card in group.cards if not card.is_number]
    except (AttributeError, TypeError):
        return group  # not cards: the game refuses the action
    return Group(group.kind, tuple(cards + wilds), group.value)


def _in_canonical_order(cards: tuple[Card, ...]) -> bool:
    """Whether these are cards with the naturals in card order and nothing but Wilds or Skips after them."""
    last = -1
    for card in cards:
        if type(card) is not Card:
            return False
        index = card.index
        if index < last or (last >= WILD_INDEX and index < WILD_INDEX):
            return False
        last = index
    return True


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay down a whole phase: ``p1 lay s[R7 B7 G7] s[Y2 B2 W]`` (``phase`` only for ``any_order``).

    The cards of sets and colour groups are kept in a canonical order, so equal layouts are equal.

    >>> str(Lay(0, (Group.parse("s[W B7 R7]"),)))
    'p1 lay s[R7 B7 W]'
    """

    player: int
    groups: tuple[Group, ...]
    phase: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.groups, list | tuple):
            object.__setattr__(self, "groups", tuple(_canonical_group(group) for group in self.groups))

    @staticmethod
    def of_canonical(player: int, groups: tuple[Group, ...], phase: int | None = None) -> Lay:
        """The lay-down of groups already in canonical order (the engine's own), without checking their order again.

        >>> Lay.of_canonical(0, (Group.parse("s[R7 B7 W]"),)) == Lay(0, (Group.parse("s[W B7 R7]"),))
        True
        """
        lay = object.__new__(Lay)
        object.__setattr__(lay, "player", player)
        object.__setattr__(lay, "groups", groups)
        object.__setattr__(lay, "phase", phase)
        return lay

    def __str__(self) -> str:
        number = f" {self.phase}" if self.phase is not None else ""
        if not isinstance(self.groups, tuple):  # a malformed action still names itself in its refusal
            return f"{seat_notation(self.player)} lay{number} {quote(self.groups, 60)}"
        return f"{seat_notation(self.player)} lay{number} " + " ".join(str(group) for group in self.groups)

    @property
    def cards(self) -> list[Card]:
        return [card for group in self.groups for card in group.cards]


@dataclass(frozen=True, slots=True)
class Hit:
    """Add one card to a laid group: ``p1 hit p2.1 B7``; a Wild on a run names its end, ``W>low``/``W>high``.

    ``target`` is the owner of the group (from 0), ``group`` its index among the owner's groups (from 0).
    """

    player: int
    target: int
    group: int
    card: Card
    end: End | None = None

    def __str__(self) -> str:
        end = f">{self.end}" if self.end is not None else ""
        group = self.group + 1 if isinstance(self.group, int) else self.group
        return f"{seat_notation(self.player)} hit {seat_notation(self.target)}.{group} {_text(self.card)}{end}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card, ending the turn: ``p1 discard R7``, a Skip against player 3 ``p1 discard S>p3``."""

    player: int
    card: Card
    target: int | None = None

    def __str__(self) -> str:
        target = f">{seat_notation(self.target)}" if self.target is not None else ""
        return f"{seat_notation(self.player)} discard {_text(self.card)}{target}"


Action: TypeAlias = Draw | Take | Lay | Hit | Discard
"""Any action a player can take."""

MAX_ACTION_TEXT = 5_000
"""The longest action text read (a lay-down of eleven cards is about 60 characters)."""
_SEAT = r"p([1-9][0-9]?)"
_DRAW = re.compile(rf"{_SEAT} (draw|take)")
_LAY = re.compile(rf"{_SEAT} lay(?: ([1-9][0-9]?))? (.+)")
_HIT = re.compile(rf"{_SEAT} hit {_SEAT}\.([1-9][0-9]?) (\S+?)(?:>(low|high))?")
_DISCARD = re.compile(rf"{_SEAT} discard (\S+?)(?:>{_SEAT})?")


def parse_action(text: str) -> Action:
    """Parse one action in the notation (see the module docstring); the inverse of ``str(action)``.

    >>> parse_action("p1 discard S>p3")
    Discard(player=0, card=Card('S'), target=2)
    >>> str(parse_action("p2 lay s[R7 B7 G7] s[Y2 B2 W]"))  # sets list their cards in card order
    'p2 lay s[R7 B7 G7] s[B2 Y2 W]'
    """
    text = check_text(text, "an action", MAX_ACTION_TEXT)
    line = " ".join(text.split()).lower()  # the notation is case-insensitive: "P1 Draw" is "p1 draw"
    match = _DRAW.fullmatch(line)
    if match:
        player = int(match.group(1)) - 1
        return Draw(player) if match.group(2) == "draw" else Take(player)
    match = _LAY.fullmatch(line)
    if match:
        layout = Layout.parse(match.group(3))
        number = int(match.group(2)) if match.group(2) else None
        return Lay(int(match.group(1)) - 1, layout.groups, number)
    match = _HIT.fullmatch(line)
    if match:
        end = match.group(5)
        return Hit(
            int(match.group(1)) - 1,
            int(match.group(2)) - 1,
            int(match.group(3)) - 1,
            Card.parse(match.group(4)),
            "low" if end == "low" else "high" if end == "high" else None,
        )
    match = _DISCARD.fullmatch(line)
    if match:
        target = int(match.group(3)) - 1 if match.group(3) else None
        return Discard(int(match.group(1)) - 1, Card.parse(match.group(2)), target)
    raise NotationError(
        f"{quote(text)!r} is not an action: write e.g. 'p1 draw', 'p1 take', 'p1 lay s[R7 B7 G7] s[Y2 B2 W]', "
        "'p1 hit p2.1 B7', 'p1 hit p2.2 W>high', 'p1 discard R7' or 'p1 discard S>p3'",
        reason=Reason.BAD_ACTION,
        details={"text": text},
    )
