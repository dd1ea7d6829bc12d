"""The table's records, kept as facts: the log's entries and each finished hand's summary.

``TableSession`` writes them as the game goes; the log's sentences (``widgets.session_text``) and
the score sheet read them, and a snapshot (``widgets.session_snapshot``) saves and reads them back.
Reading checks every value (``saved_int``, ``saved_bool``, ``saved_text``): a save is untrusted text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from phase10kit.actions import Action, Discard, Hit, Lay, parse_action
from phase10kit.cards import Card, parse_cards
from phase10kit.errors import NotationError, Reason

__all__ = [
    "LOG_KINDS",
    "HandSummary",
    "LogEntry",
    "SeatResult",
    "cards_left_after",
    "saved_bool",
    "saved_int",
    "saved_text",
]

LOG_KINDS = ("new-game", "action", "hand-over", "game-over", "take-back")
"""The kinds of log entry."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the log, kept as facts and written out for whoever looks (``TableSession.log_lines``).

    ``kind`` is ``"new-game"``, ``"action"``, ``"hand-over"``, ``"game-over"`` or ``"take-back"``;
    ``drawn`` is the card a draw drew (shown to its drawer only); ``reasoning`` a bot's own
    explanation (it speaks of its hand: shown once the hand is over, or in teaching mode when
    ``reasoning_public``: it names no card but public ones, see ``names_only_public_cards``).
    """

    kind: str
    hand: int
    player: int | None = None
    action: Action | None = None
    drawn: Card | None = None
    reasoning: str = ""
    points: int = 0
    reasoning_public: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values (the action and the card in the notation)."""
        return {
            "kind": self.kind,
            "hand": self.hand,
            "player": self.player,
            "action": None if self.action is None else str(self.action),
            "drawn": None if self.drawn is None else str(self.drawn),
            "reasoning": self.reasoning,
            "points": self.points,
            "reasoning_public": self.reasoning_public,
        }

    @staticmethod
    def from_dict(data: Any) -> LogEntry:
        """The entry ``to_dict`` wrote; a bad value raises ``NotationError`` (a missing key ``KeyError``)."""
        kind = data["kind"]
        if kind not in LOG_KINDS:
            raise NotationError(f"unknown log entry kind {kind!r:.40}", reason=Reason.BAD_SAVE)
        action = data["action"]
        drawn = data["drawn"]
        if kind == "action" and action is None:  # the log writes an action entry from its action
            raise NotationError("an action entry of the log names no action", reason=Reason.BAD_SAVE)
        return LogEntry(
            kind=kind,
            hand=saved_int(data["hand"]),
            player=None if data["player"] is None else saved_int(data["player"]),
            action=None if action is None else parse_action(saved_text(action)),
            drawn=None if drawn is None else Card.parse(saved_text(drawn)),
            reasoning=saved_text(data["reasoning"]),
            points=saved_int(data["points"]),
            # Saves from before this field: keep the reason back until the hand is over (the safe side).
            reasoning_public=saved_bool(data.get("reasoning_public", False)),
        )


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat at the end of a hand: the cards left, their points, the new total, the phase made."""

    seat: int
    left: tuple[Card, ...]
    points: int
    total: int
    phase: int | None
    """The phase laid down this hand (its number; 0 for the tie-break phase), None when none was."""
    advances: bool
    """Whether the seat moves on to another phase for the next hand."""


@dataclass(frozen=True, slots=True)
class HandSummary:
    """What a finished hand came to: who went out, every seat's result, and the game's end if it came."""

    hand: int
    tiebreak: bool
    went_out: int
    results: tuple[SeatResult, ...]
    over: bool
    winner: int | None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values (the cards left in the notation)."""
        return {
            "hand": self.hand,
            "tiebreak": self.tiebreak,
            "went_out": self.went_out,
            "over": self.over,
            "winner": self.winner,
            "results": [
                {
                    "seat": r.seat,
                    "left": " ".join(str(card) for card in r.left),
                    "points": r.points,
                    "total": r.total,
                    "phase": r.phase,
                    "advances": r.advances,
                }
                for r in self.results
            ],
        }

    @staticmethod
    def from_dict(data: Any) -> HandSummary:
        """The summary ``to_dict`` wrote; a bad value raises ``NotationError`` (a missing key ``KeyError``)."""
        results = tuple(
            SeatResult(
                seat=saved_int(r["seat"]),
                left=tuple(parse_cards(saved_text(r["left"]))),
                points=saved_int(r["points"]),
                total=saved_int(r["total"]),
                phase=None if r["phase"] is None else saved_int(r["phase"]),
                advances=saved_bool(r["advances"]),
            )
            for r in data["results"]
        )
        return HandSummary(
            hand=saved_int(data["hand"]),
            tiebreak=saved_bool(data["tiebreak"]),
            went_out=saved_int(data["went_out"]),
            results=results,
            over=saved_bool(data["over"]),
            winner=None if data["winner"] is None else saved_int(data["winner"]),
        )


def saved_int(value: Any) -> int:
    """A whole number read from a save (``NotationError`` for anything else, a bool too)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"expected a whole number, not {value!r:.40}", reason=Reason.BAD_SAVE)
    return value


def saved_bool(value: Any) -> bool:
    """True or false read from a save."""
    if not isinstance(value, bool):
        raise NotationError(f"expected true or false, not {value!r:.40}", reason=Reason.BAD_SAVE)
    return value


def saved_text(value: Any) -> str:
    """Text read from a save."""
    if not isinstance(value, str):
        raise NotationError(f"expected text, not {value!r:.40}", reason=Reason.BAD_SAVE)
    return value


def cards_left_after(hand: list[Card], action: Action) -> list[Card]:
    """The cards left in a hand after the action that emptied it, or ended the game (a tie-break lay)."""
    left = list(hand)
    played: list[Card] = list(action.cards) if isinstance(action, Lay) else []
    if isinstance(action, Hit | Discard):
        played = [action.card]
    for card in played:
        if card in left:
            left.remove(card)
    return left
