"""Checking a saved game's JSON before it is replayed: structure, types and the 108 cards."""

from __future__ import annotations

import json
from typing import Any

from phase10kit.cards import DECK_COUNTS, Card, card_counts, parse_cards
from phase10kit.errors import NotationError, Reason, quote
from phase10kit.groups import Group
from phase10kit.rules import MAX_PLAYERS, MIN_PLAYERS

__all__ = ["FORMAT", "VERSION", "check_save"]

FORMAT = "phase10kit.game"
VERSION = 1


def check_save(text: object) -> dict[str, Any]:
    """The save's JSON, its structure checked and its 108 cards counted; ``NotationError`` otherwise."""
    if not isinstance(text, str | bytes):
        raise NotationError(f"a saved game is JSON text, not {type(text).__name__}", reason=Reason.BAD_SAVE)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise NotationError(f"a saved game is JSON text: {error}", reason=Reason.BAD_SAVE) from error
    keys = {"format", "version", "players", "rules", "history", "rng", "state"}
    if not isinstance(data, dict) or set(data) != keys:
        found = sorted(map(str, data)) if isinstance(data, dict) else type(data).__name__
        raise NotationError(f"a saved game has the keys {sorted(keys)}, not {found}", reason=Reason.BAD_SAVE)
    if data["format"] != FORMAT or data["version"] != VERSION:
        raise NotationError(f"not a {FORMAT} version {VERSION} save", reason=Reason.BAD_SAVE)
    players = data["players"]
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise NotationError(
            f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {quote(players, 40)}", reason=Reason.BAD_SAVE
        )
    history = data["history"]
    if not isinstance(history, list) or not all(isinstance(line, str) for line in history):
        raise NotationError("history must be a list of notation lines", reason=Reason.BAD_SAVE)
    rng = data["rng"]
    if (
        not isinstance(rng, list)
        or len(rng) != 625
        or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 2**32 for x in rng)
        or rng[-1] > 624
    ):
        raise NotationError("rng must be the 625 integers of a Mersenne Twister state", reason=Reason.BAD_SAVE)
    state = data["state"]
    if not isinstance(state, dict):
        raise NotationError("state must be an object", reason=Reason.BAD_SAVE)
    cards: list[Card] = []
    hands, melds = state.get("hands"), state.get("melds")
    if not isinstance(hands, list) or len(hands) != players or not all(isinstance(h, str) for h in hands):
        raise NotationError(f"state.hands must be {players} strings of cards", reason=Reason.BAD_SAVE)
    if not isinstance(melds, list) or len(melds) != players or not all(isinstance(m, list) for m in melds):
        raise NotationError(f"state.melds must be {players} lists of groups", reason=Reason.BAD_SAVE)
    for hand in hands:
        cards += parse_cards(hand)
    for groups in melds:
        for group in groups:
            if not isinstance(group, str):
                raise NotationError(
                    f"a laid group is written like 's[R7 B7 W]', not {group!r:.40}", reason=Reason.BAD_SAVE
                )
            cards += Group.parse(group).cards
    for pile in ("discard_pile", "draw_pile"):
        if not isinstance(state.get(pile), str):
            raise NotationError(f"state.{pile} must be a string of cards", reason=Reason.BAD_SAVE)
        cards += parse_cards(state[pile])
    counts = card_counts(cards)
    if counts != list(DECK_COUNTS):
        extra = [f"{Card.from_index(i)} x{n - DECK_COUNTS[i]}" for i, n in enumerate(counts) if n > DECK_COUNTS[i]]
        lack = [f"{Card.from_index(i)} x{DECK_COUNTS[i] - n}" for i, n in enumerate(counts) if n < DECK_COUNTS[i]]
        raise NotationError(
            f"the saved table is not the 108 cards of the deck: too many {extra or 'none'}, missing {lack or 'none'}",
            reason=Reason.BAD_CARDS,
        )
    return data
