"""The kit's exceptions and their typed reasons.

Every refusal is a ``Phase10Error`` (also a ``ValueError``) carrying a :class:`Reason` and the
details of the case (the cards, group, numbers or text involved). The English message quotes the
input for developers; ``phase10kit.refusals.sentence`` builds the student's sentence in any language
from the reason's catalog template and the details, so no English is ever appended to a
translated sentence. This module is the ground floor of the package: it imports nothing of the kit,
so every other module can raise its errors.

>>> try:
...     raise NotationError("unknown card 'X9'", reason=Reason.BAD_TOKEN, details={"text": "X9"})
... except Phase10Error as error:
...     error.reason, error.details["text"], str(error)
(<Reason.BAD_TOKEN: 'bad-token'>, 'X9', "unknown card 'X9'")
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

__all__ = [
    "QUOTE_LIMIT",
    "IllegalActionError",
    "NotationError",
    "Phase10Error",
    "Reason",
    "brief",
    "check_text",
    "not_text",
    "quote",
]

QUOTE_LIMIT = 100
"""Error messages quote at most this many characters of an input."""


class Reason(StrEnum):
    """Why the kit refused something; the value is the stable kebab-case code (``"not-your-turn"``)."""

    INVALID = "invalid"
    # Text in the notation
    NOT_TEXT = "not-text"
    TEXT_TOO_LONG = "text-too-long"
    NUMBER_TOO_LONG = "number-too-long"
    BAD_TOKEN = "bad-token"
    BAD_CARD = "bad-card"
    BAD_COLOR = "bad-color"
    BAD_PHASE = "bad-phase"
    TOO_MANY_GROUPS = "too-many-groups"
    BAD_GROUP = "bad-group"
    BAD_LAYOUT = "bad-layout"
    BAD_ACTION = "bad-action"
    BAD_HISTORY = "bad-history"
    BAD_SAVE = "bad-save"
    INCONSISTENT_SAVE = "inconsistent-save"
    # Groups
    EMPTY_GROUP = "empty-group"
    SKIP_IN_GROUP = "skip-in-group"
    NO_NATURAL_CARD = "no-natural-card"
    WILD_VALUE_NEEDED = "wild-value-needed"
    WRONG_VALUE = "wrong-value"
    MIXED_NUMBERS = "mixed-numbers"
    MIXED_COLORS = "mixed-colors"
    NOT_CONSECUTIVE = "not-consecutive"
    REPEATED_NUMBER = "repeated-number"
    RUN_OUT_OF_RANGE = "run-out-of-range"
    DOES_NOT_FIT = "does-not-fit"
    END_NEEDED = "end-needed"
    # Hands, decks and phases
    TOO_MANY_COPIES = "too-many-copies"
    BAD_CARDS = "bad-cards"
    TOO_MANY_CARDS = "too-many-cards"
    HAND_TOO_LARGE = "hand-too-large"
    BAD_HAND_SIZE = "bad-hand-size"
    BAD_DECK = "bad-deck"
    IMPOSSIBLE_PHASE = "impossible-phase"
    NO_LAYOUT = "no-layout"
    NO_GROUP = "no-group"
    NOT_EXACT = "not-exact"
    NOT_SOLITAIRE = "not-solitaire"
    # The engine refusing a move
    GAME_OVER = "game-over"
    BAD_PLAYER = "bad-player"
    NOT_YOUR_TURN = "not-your-turn"
    WRONG_STAGE = "wrong-stage"
    EMPTY_PILE = "empty-pile"
    EMPTY_DISCARD = "empty-discard"
    SKIP_FROM_DISCARD = "skip-from-discard"
    NOT_IN_HAND = "not-in-hand"
    BAD_TARGET = "bad-target"
    ALREADY_LAID = "already-laid"
    PHASE_NOT_NAMED = "phase-not-named"
    PHASE_NAMED = "phase-named"
    WRONG_GROUPS = "wrong-groups"
    WRONG_SIZE = "wrong-size"
    INVALID_GROUP = "invalid-group"
    MUST_DISCARD = "must-discard"
    NOT_LAID = "not-laid"
    NO_SUCH_GROUP = "no-such-group"
    HIT_NEXT_TURN = "hit-next-turn"
    BAD_END = "bad-end"
    NO_UNDO = "no-undo"
    NO_TAKE_BACK = "no-take-back"
    TAKE_BACK_DRAW = "take-back-draw"
    TAKE_BACK_OTHERS = "take-back-others"
    # Settings of games, bots, tools and widgets
    BAD_PLAYERS = "bad-players"
    BAD_RULES = "bad-rules"
    BAD_PHASE_LIST = "bad-phase-list"
    BAD_SEED = "bad-seed"
    BAD_BOT = "bad-bot"
    BAD_BOTS = "bad-bots"
    NOT_A_VIEW = "not-a-view"
    NO_CHOICE = "no-choice"
    GAME_TOO_LONG = "game-too-long"
    BAD_COUNT = "bad-count"
    BAD_DRAWS = "bad-draws"
    BAD_SAMPLES = "bad-samples"
    BAD_PROFILE = "bad-profile"
    BAD_LANGUAGE = "bad-language"
    BAD_SPEED = "bad-speed"
    BAD_ORDER = "bad-order"
    BAD_CHOICE = "bad-choice"
    SELECT_ONE_CARD = "select-one-card"
    BOTS_PLAYING = "bots-playing"
    HAND_OVER = "hand-over"
    CARDS_COVERED = "cards-covered"


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as a short quotable text: ``repr`` of non-text, cut to ``limit`` characters with ``…``.

    >>> quote("R7 B7"), quote(7.5), len(quote("x" * 10_000))
    ('R7 B7', '7.5', 100)
    """
    if isinstance(value, str):
        text = value
    else:
        try:
            text = repr(value)
        except Exception:  # a hostile __repr__ must not turn a refusal into a crash
            text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def brief(value: object, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters: how messages show a value given by the caller.

    >>> brief("sideways"), brief(7.0), len(brief("x" * 1000))
    ("'sideways'", '7.0', 60)
    """
    if isinstance(value, str):
        return quote(repr(value[: limit + 2]), limit)
    return quote(value, limit)


class Phase10Error(ValueError):
    """Base of every error the kit raises on bad input or a refused action.

    ``reason`` is a :class:`Reason`; ``details`` the values its sentence names. The message is the
    English developer text (it quotes the input); ``phase10kit.refusals.sentence(error, lang)`` is the
    student's sentence.

    >>> error = Phase10Error("p2 draw: it is p1's turn", reason=Reason.NOT_YOUR_TURN, details={"player": "p1"})
    >>> error.reason == "not-your-turn", error.details
    (True, {'player': 'p1'})
    """

    def __init__(
        self, message: str, *, reason: Reason = Reason.INVALID, details: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.reason = Reason(reason)
        self.details: dict[str, Any] = dict(details or {})


class NotationError(Phase10Error):
    """Text in the kit's notation (cards, groups, phases, actions, saved games) that does not parse."""


class IllegalActionError(Phase10Error):
    """An action the rules refuse in the current position; the game is left exactly as it was."""


def not_text(value: object, what: str) -> NotationError:
    """The error for a non-text value given where notation text is expected (not raised).

    >>> not_text(7, "a card").details
    {'kind': 'int'}
    """
    return NotationError(
        f"{what} is written as text in the notation, not as {type(value).__name__} {quote(value, 60)}",
        reason=Reason.NOT_TEXT,
        details={"kind": type(value).__name__},
    )


def check_text(value: object, what: str, limit: int) -> str:
    """``value`` when it is text of at most ``limit`` characters, else the ``NotationError`` to raise.

    >>> check_text("R7", "a card", 10)
    'R7'
    >>> check_text("R7" * 100, "a card", 10)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    phase10kit.errors.NotationError: a card is at most 10 characters, not 200: 'R7R7R7...'
    """
    if not isinstance(value, str):
        raise not_text(value, what)
    if len(value) > limit:
        raise NotationError(
            f"{what} is at most {limit} characters, not {len(value)}: {quote(value, 40)!r}",
            reason=Reason.TEXT_TOO_LONG,
            details={"length": len(value), "limit": limit},
        )
    return value
