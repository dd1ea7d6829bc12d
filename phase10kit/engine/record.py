"""A game's record: its history lines, saved JSON, and games rebuilt from either.

The history is one notation line per action plus chance lines, so a game replays without its
generator (see ``phase10kit.game`` for the line table). ``to_json`` adds the state and the
generator's state; ``load`` replays the history and refuses a save whose state disagrees. Each is a
function of a ``GameState`` (and gives one back with its undo log): ``phase10kit.game.Game`` wraps them as
``to_json``, ``from_history``, ``from_deal`` and ``from_json``.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Sequence
from typing import Any

from phase10kit.actions import Action, parse_action, seat_notation
from phase10kit.cards import DECK_COUNTS, Card, parse_cards
from phase10kit.engine.chance import RECORD_LINES, ReplayedChance, ShuffledChance
from phase10kit.engine.play import apply, start_game
from phase10kit.engine.saves import FORMAT, VERSION, check_save
from phase10kit.engine.state import GameState, record_line
from phase10kit.engine.undo import UndoLog
from phase10kit.errors import NotationError, Phase10Error, Reason, quote
from phase10kit.rules import Rules, check_players

__all__ = [
    "MAX_HISTORY_LINES",
    "MAX_LINE",
    "applied_actions",
    "deal_history",
    "load",
    "replay",
    "save_fields",
    "state_fields",
    "to_json",
]

MAX_HISTORY_LINES = 200_000
"""The longest history read back (far beyond any real game, short of exhausting memory)."""
MAX_LINE = 2_000
"""The longest history line read back (a pile line of 108 cards is about 350 characters)."""


def applied_actions(state: GameState) -> list[Action]:
    """The actions applied so far, in order (parsed back from the history)."""
    return [parse_action(line) for line in state.history if re.match(r"p[0-9]", line)]


def state_fields(state: GameState) -> dict[str, Any]:
    """The state a save holds beside its history (checked against the replay when loaded)."""
    return {
        "round": state.round,
        "dealer": state.dealer,
        "active": list(state.active),
        "tiebreak": state.tiebreak,
        "current": state.current_player,
        "stage": state.stage,
        "turn": state.turn,
        "hands": [" ".join(map(str, h)) for h in state.hands],
        "melds": [[str(g) for g in m] for m in state.melds],
        "discard_pile": " ".join(map(str, state.discard_pile)),
        "draw_pile": " ".join(map(str, state.draw_pile)),
        "scores": list(state.scores),
        "done": [list(d) for d in state.done],
        "laid": list(state.laid),
        "laid_turn": list(state.laid_turn),
        "skipped": list(state.skipped),
        "over": state.over,
        "winner": state.winner,
    }


def save_fields(state: GameState) -> dict[str, Any]:
    """Everything ``to_json`` writes, as a dict."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "players": state.players,
        "rules": state.rules.to_dict(),
        "history": list(state.history),
        "rng": list(state.rng.getstate()[1]),
        "state": state_fields(state),
    }


def to_json(state: GameState) -> str:
    """The whole game as JSON (history, state and generator state); ``from_json`` reads it back exactly."""
    return json.dumps(save_fields(state), sort_keys=True, separators=(",", ":"))


def replay(lines: Iterable[str] | str, seed: int | random.Random | None = None) -> tuple[GameState, UndoLog]:
    """A game's state and undo log rebuilt from its history lines alone (no generator needed); ``seed``
    drives what follows (``Game.from_history``)."""
    text = _history_lines(lines)
    if len(text) < 2 or not text[0].startswith("players ") or not text[1].startswith("rules"):
        raise NotationError("a history starts with 'players N' and 'rules ...' lines", reason=Reason.BAD_HISTORY)
    count = text[0].removeprefix("players ").strip()
    if not (count.isdigit() and len(count) == 1):
        raise NotationError(f"{quote(text[0])!r}: a game has 2 to 6 players", reason=Reason.BAD_HISTORY)
    try:
        players = check_players(int(count))
    except Phase10Error as error:
        raise NotationError(str(error), reason=Reason.BAD_HISTORY) from error
    rules = Rules.parse(text[1].removeprefix("rules"))
    segments: list[tuple[str, list[str]]] = []
    opening: list[str] = []
    for line in text[2:]:
        if line.split()[0] in RECORD_LINES:
            (segments[-1][1] if segments else opening).append(line)
        else:
            segments.append((line, []))
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    replayed = ReplayedChance(opening)
    state = GameState(players, rules, rng, replayed)
    log = start_game(state)
    if replayed.leftover() is not None:
        raise NotationError(f"unexpected line {quote(replayed.leftover())!r} after the deal", reason=Reason.BAD_HISTORY)
    for line, chance in segments:
        action = parse_action(line)
        replayed.feed(chance)
        try:
            apply(state, log, action)
        except NotationError:
            raise
        except Phase10Error as error:
            raise NotationError(
                f"the history's action {quote(line)!r} is illegal: {error}", reason=Reason.BAD_HISTORY
            ) from error
        if replayed.leftover() is not None:
            raise NotationError(
                f"unexpected line {quote(replayed.leftover())!r} after {quote(line)!r}", reason=Reason.BAD_HISTORY
            )
    state.chance = ShuffledChance(rng)
    return state, log


def deal_history(
    hands: Sequence[str],
    *,
    rules: Rules | None = None,
    flip: str = "R5",
    draws: str = "",
) -> list[str]:
    """The history of a game whose first deal is chosen (``Game.from_deal``): ``hands`` for p1, p2, ...
    (ten cards each), the flipped card(s), and the cards the draw pile gives first (``draws``, in
    drawing order); the rest of the deck lies below them in card order.

    >>> lines = deal_history(["R7 B7 G7 Y2 B2 W R1 R3 G5 Y9", "R2 R3 R4 R6 B8 B9 B10 Y11 Y12 G1"], draws="Y7")
    >>> lines[2], lines[-1].split()[-1]  # the pile line ends with its top card, the first drawn
    ('hand 1 dealer p2', 'Y7')
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise Phase10Error(f"rules must be a Rules value, not {quote(rules, 60)}", reason=Reason.BAD_RULES)
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise Phase10Error("hands is a list of hands, one text per player", reason=Reason.BAD_CARDS)
    check_players(len(hands))
    dealt = [parse_cards(hand) for hand in hands]
    flips, first = parse_cards(flip), parse_cards(draws)
    counts = list(DECK_COUNTS)
    for card in [card for hand in dealt for card in hand] + flips + first:
        counts[card.index] -= 1
        if counts[card.index] < 0:
            raise Phase10Error(
                f"the deck has only {DECK_COUNTS[card.index]} of {card}",
                reason=Reason.TOO_MANY_COPIES,
                details={"limit": DECK_COUNTS[card.index], "card": card},
            )
    rest = [Card.from_index(i) for i, n in enumerate(counts) for _ in range(n)]
    n = len(hands)
    lines = [f"players {n}", f"rules {rules.notation()}", f"hand 1 dealer p{n}"]
    lines += [record_line(f"deal {seat_notation(seat)}", cards) for seat, cards in enumerate(dealt)]
    lines += [record_line("flip", flips), record_line("pile", rest + first[::-1])]
    return lines


def load(text: object) -> tuple[GameState, UndoLog]:
    """The state and undo log of a game saved by ``to_json``; anything malformed or inconsistent raises
    ``NotationError``."""
    data = check_save(text)
    state, log = replay(data["history"])
    rules = Rules.from_dict(data["rules"])
    if rules != state.rules or data["players"] != state.players:
        raise NotationError("the save's rules or player count differ from its history", reason=Reason.BAD_SAVE)
    words = [int(x) for x in data["rng"]]
    try:
        state.rng.setstate((3, tuple(words), None))
    except (ValueError, TypeError, OverflowError) as error:
        raise NotationError(f"the save's random generator state is invalid: {error}", reason=Reason.BAD_SAVE) from error
    expected = save_fields(state)
    for key in sorted(set(expected) | set(data)):
        if data.get(key) != expected.get(key):
            detail = key
            if key == "state" and isinstance(data.get(key), dict):
                wrong = [k for k in sorted(expected["state"]) if data["state"].get(k) != expected["state"][k]]
                wrong += [k for k in sorted(data["state"]) if k not in expected["state"]]
                detail = "state." + (wrong[0] if wrong else "?")
            raise NotationError(
                f"the save's {quote(detail, 60)!r} does not match its history", reason=Reason.INCONSISTENT_SAVE
            )
    return state, log


def _history_lines(lines: object) -> list[str]:
    """The non-blank, stripped lines of a history given as text or as a list of lines."""
    if isinstance(lines, str):
        if len(lines) > MAX_HISTORY_LINES * 80:
            raise NotationError("that history is far too long for a game", reason=Reason.TEXT_TOO_LONG)
        lines = lines.splitlines()
    if not isinstance(lines, Iterable) or isinstance(lines, bytes | dict):
        raise NotationError("a history is a list of notation lines", reason=Reason.BAD_HISTORY)
    text = []
    for line in lines:
        if not isinstance(line, str):
            raise NotationError(
                f"a history is a list of notation lines, not of {type(line).__name__}", reason=Reason.BAD_HISTORY
            )
        if len(line) > MAX_LINE:
            raise NotationError(f"a history line of {len(line)} characters is too long", reason=Reason.BAD_HISTORY)
        if line.strip():
            text.append(line.strip())
        if len(text) > MAX_HISTORY_LINES:
            raise NotationError("that history is far too long for a game", reason=Reason.BAD_HISTORY)
    return text
