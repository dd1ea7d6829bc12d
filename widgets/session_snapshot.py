"""Saving a table and reading it back: a snapshot is JSON text with everything to rebuild a ``TableSession``.

A snapshot holds hidden cards (the game with its deal, the generators' states), so it stays on the
server (``widgets.store``). This module only turns a ``TableSnapshot`` (plain facts) into text and
back, checking every value on the way in; ``TableSession.snapshot`` and ``TableSession.from_snapshot``
gather the facts from a session and rebuild one from them. Whatever goes wrong while reading
becomes a ``NotationError`` with reason ``bad-save`` (``refused_as_bad_save``), never another exception.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from phase10kit.errors import NotationError, Phase10Error, Reason
from phase10kit.game import Game
from widgets.session_records import HandSummary, LogEntry, saved_bool, saved_int, saved_text

__all__ = [
    "MAX_SNAPSHOT",
    "SNAPSHOT_FORMAT",
    "SNAPSHOT_VERSION",
    "TableSnapshot",
    "generator_state",
    "refused_as_bad_save",
]

SNAPSHOT_FORMAT = "phase10kit-table"
SNAPSHOT_VERSION = 1
MAX_SNAPSHOT = 5_000_000
"""Longest snapshot text read back (a whole long game with its log is far below)."""
GENERATOR_WORDS = 625
"""The words of a Mersenne Twister's state (``random.Random.getstate()[1]``)."""


def generator_state(words: tuple[int, ...]) -> tuple[int, tuple[int, ...], None]:
    """The ``random.Random.setstate`` argument for a generator's saved words (version 3 of its state)."""
    return (3, words, None)


def _saved_words(values: Any) -> tuple[int, ...]:
    if not isinstance(values, list) or len(values) != GENERATOR_WORDS:
        raise NotationError("a generator state is a list of 625 whole numbers", reason=Reason.BAD_SAVE)
    return tuple(saved_int(value) for value in values)


@dataclass(frozen=True)
class TableSnapshot:
    """The facts of a saved table: its game and settings, its generators, its log and score sheet, who sees.

    ``seeds`` and ``bot_rngs`` are the words of the table's seed generator and of each bot seat's
    generator; ``seeded`` whether new games take their seeds from ``seeds`` (a table given a seed) rather
    than from ``secrets``; ``speed`` is checked by the session it is read into (``check_speed``).
    """

    game: Game
    players: int
    humans: tuple[int, ...]
    bots: tuple[str, ...]
    lang: str
    speed: Any
    teaching: bool
    seeds: tuple[int, ...]
    seeded: bool
    bot_rngs: dict[int, tuple[int, ...]]
    log: tuple[LogEntry, ...]
    sheet: tuple[HandSummary, ...]
    summary_open: bool
    cover: int | None
    viewer: int | None

    def to_json(self) -> str:
        """The snapshot as compact JSON text with sorted keys (the same table always gives the same text)."""
        data = {
            "format": SNAPSHOT_FORMAT,
            "version": SNAPSHOT_VERSION,
            "game": json.loads(self.game.to_json()),
            "settings": {
                "players": self.players,
                "humans": list(self.humans),
                "bots": list(self.bots),
                "lang": self.lang,
                "speed": self.speed,
                "teaching": self.teaching,
                "seeded": self.seeded,
            },
            "seeds": list(self.seeds),
            "bot_rngs": {str(seat): list(words) for seat, words in self.bot_rngs.items()},
            "log": [entry.to_dict() for entry in self.log],
            "sheet": [summary.to_dict() for summary in self.sheet],
            "summary_open": self.summary_open,
            "cover": self.cover,
            "viewer": self.viewer,
        }
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    @staticmethod
    def from_json(text: str) -> TableSnapshot:
        """The snapshot a ``to_json`` text describes; anything else raises ``NotationError``."""
        if not isinstance(text, str) or len(text) > MAX_SNAPSHOT:
            raise NotationError(
                f"a table snapshot is JSON text of at most {MAX_SNAPSHOT} characters", reason=Reason.BAD_SAVE
            )
        with refused_as_bad_save():
            return _read(json.loads(text))


def _read(data: Any) -> TableSnapshot:
    if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
        raise NotationError("that is not a table snapshot (no phase10kit-table format)", reason=Reason.BAD_SAVE)
    if data.get("version") != SNAPSHOT_VERSION:
        raise NotationError(f"unknown table snapshot version {data.get('version')!r:.20}", reason=Reason.BAD_SAVE)
    settings = data["settings"]
    game = Game.from_json(json.dumps(data["game"]))
    humans = [saved_int(seat) for seat in settings["humans"]]
    players = saved_int(settings["players"])
    if game.players != players:
        raise NotationError("the snapshot's game and settings disagree on the players", reason=Reason.BAD_SAVE)
    # Distinct seats in order: a hot-seat table's are 0 .. n-1, a room's wherever its players sat.
    if not humans or humans != sorted(set(humans)) or not 0 <= humans[0] <= humans[-1] < players:
        raise NotationError(f"bad human seats {humans!r:.40}", reason=Reason.BAD_SAVE)
    cover, viewer = data["cover"], data["viewer"]
    return TableSnapshot(
        game=game,
        players=players,
        humans=tuple(humans),
        bots=tuple(saved_text(level) for level in settings["bots"]),
        lang=saved_text(settings["lang"]),
        speed=settings["speed"],
        teaching=saved_bool(settings["teaching"]),
        seeds=_saved_words(data["seeds"]),
        # Saves from before 0.3 have no "seeded": their next games then take secret seeds, the safe reading.
        seeded=saved_bool(settings.get("seeded", False)),
        bot_rngs={int(key): _saved_words(words) for key, words in data["bot_rngs"].items()},
        log=tuple(LogEntry.from_dict(entry) for entry in data["log"]),
        sheet=tuple(HandSummary.from_dict(summary) for summary in data["sheet"]),
        summary_open=saved_bool(data["summary_open"]),
        cover=None if cover is None else saved_int(cover),
        viewer=None if viewer is None else saved_int(viewer),
    )


@contextmanager
def refused_as_bad_save() -> Iterator[None]:
    """Turn whatever a malformed snapshot raises inside the block into a ``NotationError`` (``bad-save``)."""
    try:
        yield
    except NotationError:
        raise
    except (
        Phase10Error,
        ValueError,
        TypeError,
        KeyError,
        IndexError,
        AttributeError,
        OverflowError,
        RecursionError,  # JSON nested deeper than Python's parser goes
    ) as error:
        raise NotationError(f"that is not a table snapshot: {error!s:.100}", reason=Reason.BAD_SAVE) from error
