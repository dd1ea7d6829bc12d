"""Rooms in the shared store: a room's seats, who holds them, and its game as the one source of truth.

A room is made by its host's page and joined by its short code (``CODE_LETTERS``, 6 of them, typed by
students). Each browser in a room holds one *pass* (a 128-bit random token, kept in its ``localStorage``
like a saved game's id): the host's, and each seated player's. The store keeps only a pass's SHA-256, so
neither a reader of the database, the teacher's board nor another page can act for a seat; a page checks a
pass the browser sent (``widgets.store.is_table_id``) before it reaches SQL.

The room's game is a ``widgets.room_play.RoomGame`` snapshot at a ``position``; ``commit`` writes the next
one only while the room is still at that position (a compare-and-set inside a transaction), so each move
is applied once, whichever kernel sends it. ``version`` grows with every change a page must show (a move,
a seat taken or freed, a seat gone away or back); pages poll it (``version``, one small read).

Seats are ``open`` (free: in the lobby for the taking; during the game played by a stand-in bot until
someone takes it), ``human`` (held by a pass; ``away`` while a bot plays it for its idle owner) or ``bot``.
Bots move once per position: a kernel that wants to move one first claims the position for a lease (``claim``).

>>> import os, tempfile
>>> rooms = RoomStore(os.path.join(tempfile.mkdtemp(), "t.sqlite3"))
>>> code, host = rooms.create(seats=3, bots=[None, None, "greedy"])
>>> rooms.take_seat(code, 0, host, "Ana")
>>> room = rooms.load(code, host)
>>> [(seat.kind, seat.name, seat.mine) for seat in room.seats], room.stage, room.host
([('human', 'Ana', True), ('open', '', False), ('bot', '', False)], 'lobby', True)
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from phase10kit.bots.registry import BOTS
from phase10kit.rules import MAX_PLAYERS, MIN_PLAYERS
from widgets.session_settings import DEFAULT_SPEED, check_speed
from widgets.store import EXPIRY_DAYS, is_table_id, new_table_id, open_store_database
from widgets.store_db import Connection, Database, StoreError

__all__ = [
    "CODE_LENGTH",
    "CODE_LETTERS",
    "DEFAULT_IDLE",
    "IDLE_CHOICES",
    "MAX_NAME",
    "PRESENT_SECONDS",
    "Room",
    "RoomRefused",
    "RoomStore",
    "Seat",
    "clean_name",
    "normal_code",
]

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""A join code's letters: capitals and digits without the look-alikes I, O, 0 and 1."""
CODE_LENGTH = 6
"""32^6, about a billion codes: a room is found by its code, never guessed by trying a few."""

DEFAULT_IDLE = 60
"""Seconds a player may do nothing on their turn before a bot plays for them (the host may choose another)."""
IDLE_CHOICES = (30, 60, 120, 300)
"""The idle times the host's menu offers, in seconds."""
MIN_IDLE, MAX_IDLE = 5, 3600

PRESENT_SECONDS = 15.0
"""A player whose page said it was there within this many seconds counts as here (pages say so every 5 s)."""

MAX_NAME = 20
"""A display name is cut to this many characters."""

WRITE_BUSY = 2.0
"""How long a move, a seat taken or a start waits for another kernel's write: what the student who clicked waits
for (the kernel's event loop waits too, so it is short; a move that waited longer is refused, nothing applied)."""
DUTY_BUSY = 0.5
"""How long a write of the room's background duties (a heartbeat, a bot's claim, an idle mark) waits: they are
tried again at the page's next look, so they give way first."""
READ_BUSY = 0.2

_SCHEMA = (
    """
    CREATE TABLE IF NOT EXISTS rooms (
        code TEXT PRIMARY KEY,
        host TEXT NOT NULL,
        settings TEXT NOT NULL,
        stage TEXT NOT NULL,
        version BIGINT NOT NULL,
        position BIGINT NOT NULL,
        snapshot TEXT NOT NULL,
        turn_since DOUBLE PRECISION NOT NULL,
        claimant TEXT NOT NULL,
        claimed_until DOUBLE PRECISION NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS room_seats (
        code TEXT NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        level TEXT NOT NULL,
        name TEXT NOT NULL,
        pass TEXT NOT NULL,
        away INTEGER NOT NULL,
        seen DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (code, seat)
    )
    """,
)

Why = Literal["no-room", "seat-taken", "has-seat", "not-host", "not-yours", "started", "no-players", "not-started"]


class RoomRefused(StoreError):
    """The room refused a request; ``why`` says which way (the page says it in the player's language)."""

    def __init__(self, why: Why) -> None:
        super().__init__(f"the room refused: {why}")
        self.why: Why = why


def normal_code(value: object) -> str | None:
    """A join code as typed (any case, spaces around) in its stored form, or None when it cannot be one.

    >>> normal_code(" abc234 "), normal_code("ABCD1O"), normal_code("x' --"), normal_code(None)
    ('ABC234', None, None, None)
    """
    if not isinstance(value, str):
        return None
    code = value.strip().upper()
    return code if len(code) == CODE_LENGTH and all(letter in CODE_LETTERS for letter in code) else None


def clean_name(value: object) -> str:
    """A display name: printable text only, spaces collapsed, at most ``MAX_NAME`` characters.

    >>> clean_name("  Ana\\n  Marić\\x00 "), clean_name("x" * 50) == "x" * MAX_NAME, clean_name(7)
    ('Ana Marić', True, '')
    """
    if not isinstance(value, str):
        return ""
    printable = "".join(c if unicodedata.category(c)[0] not in "CZ" else " " for c in value[: MAX_NAME * 4])
    return re.sub(r"\s+", " ", printable).strip()[:MAX_NAME].strip()


def _hashed(room_pass: str) -> str:
    return hashlib.sha256(room_pass.encode("ascii")).hexdigest()


def _checked_pass(room_pass: object) -> str:
    """The SHA-256 of a pass a browser sent; a value that cannot be a pass matches no seat."""
    return _hashed(room_pass) if isinstance(room_pass, str) and is_table_id(room_pass) else "-"


@dataclass(frozen=True)
class Seat:
    """One seat as pages may know it: its kind, its player's name, its bot's level, whether a bot plays it for
    its away player, when its page last said it was there, whether the pass it was loaded with holds it, and
    whether the host holds it."""

    seat: int
    kind: Literal["open", "human", "bot"]
    name: str
    level: str
    away: bool
    seen: float
    mine: bool = False
    host: bool = False


@dataclass(frozen=True)
class Room:
    """A room as loaded: settings, stage (``lobby`` or ``playing``), counters, the game's snapshot (hidden cards:
    it stays in the kernel) and its seats; ``host`` whether the pass it was loaded with is the host's."""

    code: str
    stage: Literal["lobby", "playing"]
    version: int
    position: int
    snapshot: str
    seats: tuple[Seat, ...]
    idle: float
    speed: float
    turn_since: float
    updated: float
    host: bool = False

    @property
    def my_seat(self) -> int | None:
        """The seat the loading pass holds (None: it holds none)."""
        return next((seat.seat for seat in self.seats if seat.mine), None)


class RoomStore:
    """The rooms of a store (``where``: a SQLite file, a ``postgresql://`` URL, None for ``$P10_STORE``, or a
    ``GameStore``'s database, shared).

    ``clock`` gives seconds (``time.time``; every server of a hub must keep time, as NTP does); tests move it.
    """

    def __init__(
        self,
        where: str | os.PathLike[str] | Database | None = None,
        *,
        clock: Callable[[], float] = time.time,
        busy: float = WRITE_BUSY,
        expiry_days: float = EXPIRY_DAYS,
    ) -> None:
        self.database = open_store_database(where, read_busy=READ_BUSY, write_busy=busy, schema=_SCHEMA)
        self._clock = clock
        self.expiry_seconds = float(expiry_days) * 86400

    def now(self) -> float:
        return self._clock()

    # ------------------------------------------------------------------ making and reading rooms

    def create(
        self,
        seats: int,
        bots: Sequence[str | None],
        *,
        idle: float = DEFAULT_IDLE,
        speed: float = DEFAULT_SPEED,
    ) -> tuple[str, str]:
        """A new room of ``seats`` seats, ``bots[i]`` a bot level for seat i (None: a seat for a player);
        its code and the host's pass (to keep in the host's browser, never elsewhere)."""
        if isinstance(seats, bool) or not isinstance(seats, int) or not MIN_PLAYERS <= seats <= MAX_PLAYERS:
            raise StoreError(f"a room has {MIN_PLAYERS} to {MAX_PLAYERS} seats, not {seats!r:.20}")
        levels = list(bots) + [None] * (seats - len(bots))
        if len(levels) != seats or any(level is not None and level not in BOTS for level in levels):
            raise StoreError(f"bots are one level of {', '.join(BOTS)} or None per seat, not {bots!r:.60}")
        settings = json.dumps({"idle": _checked_idle(idle), "speed": check_speed(speed)})
        host, now = new_table_id(), self.now()
        for _ in range(5):  # a billion codes: a collision is rare, and each try is a fresh draw
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            with self.database.transaction() as db:
                if db.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone() is not None:
                    continue
                db.execute(
                    "INSERT INTO rooms (code, host, settings, stage, version, position, snapshot, turn_since, "
                    "claimant, claimed_until, created, updated) VALUES (?, ?, ?, 'lobby', 1, 0, '', ?, '', 0, ?, ?)",
                    (code, _hashed(host), settings, now, now, now),
                )
                for seat, level in enumerate(levels):
                    db.execute(
                        "INSERT INTO room_seats (code, seat, kind, level, name, pass, away, seen) "
                        "VALUES (?, ?, ?, ?, '', '', 0, 0)",
                        (code, seat, "open" if level is None else "bot", level or ""),
                    )
                return code, host
        raise StoreError("could not find a free room code")

    def version(self, code: str) -> int | None:
        """The room's version (one small read: what pages poll), None when there is no such room."""
        with self.database.reading() as db:
            row = db.execute("SELECT version FROM rooms WHERE code = ?", (code,)).fetchone()
        return None if row is None else int(row[0])

    def load(self, code: object, room_pass: object = None) -> Room | None:
        """The room with that code (None: none), its seats marked ``mine`` for ``room_pass`` (any value a
        browser sent), and ``host`` when that pass is the host's."""
        code = normal_code(code)
        if code is None:
            return None
        hashed = _checked_pass(room_pass)
        with self.database.reading() as db:
            row = db.execute(
                "SELECT code, host, settings, stage, version, position, snapshot, turn_since, updated "
                "FROM rooms WHERE code = ?",
                (code,),
            ).fetchone()
            if row is None:
                return None
            seats = db.execute(
                "SELECT seat, kind, name, level, away, seen, pass FROM room_seats WHERE code = ? ORDER BY seat", (code,)
            ).fetchall()
        return _room(row, seats, hashed)

    def rooms(self, since: float) -> list[Room]:
        """Every room changed since ``since`` (seconds), newest first: the teacher's board."""
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT code, host, settings, stage, version, position, snapshot, turn_since, updated "
                "FROM rooms WHERE updated >= ? ORDER BY updated DESC",
                (since,),
            ).fetchall()
            seats = db.execute(
                "SELECT s.code, s.seat, s.kind, s.name, s.level, s.away, s.seen, s.pass FROM room_seats s "
                "JOIN rooms r ON r.code = s.code WHERE r.updated >= ? ORDER BY s.code, s.seat",
                (since,),
            ).fetchall()
        by_code: dict[str, list[tuple[object, ...]]] = {}
        for seat in seats:
            by_code.setdefault(str(seat[0]), []).append(tuple(seat[1:]))
        return [_room(row, by_code.get(str(row[0]), []), "-") for row in rows]

    # ------------------------------------------------------------------ the lobby and the seats

    def _locked(self, db: Connection, code: str) -> tuple[str, str, int]:
        """Lock the room's row first (every transaction that changes several rows does: no deadlock);
        its host's hash, stage and position."""
        row = db.execute(f"SELECT host, stage, position FROM rooms WHERE code = ?{db.for_update}", (code,)).fetchone()
        if row is None:
            raise RoomRefused("no-room")
        return str(row[0]), str(row[1]), int(row[2])

    def _changed(self, db: Connection, code: str, *, turn: bool = False) -> None:
        extra = ", turn_since = ?" if turn else ""
        now = self.now()
        db.execute(
            f"UPDATE rooms SET version = version + 1, updated = ?{extra} WHERE code = ?",
            (now, *([now] if turn else []), code),
        )

    def take_seat(self, code: str, seat: int, room_pass: str, name: str) -> None:
        """``room_pass`` takes the free ``seat`` (before or during the game) under the display ``name``."""
        hashed = _checked_pass(room_pass)
        if hashed == "-":
            raise RoomRefused("not-yours")
        with self.database.transaction() as db:
            _host, _stage, _position = self._locked(db, code)
            held = db.execute("SELECT 1 FROM room_seats WHERE code = ? AND pass = ?", (code, hashed)).fetchone()
            if held is not None:
                raise RoomRefused("has-seat")
            taken = db.execute(
                "UPDATE room_seats SET kind = 'human', name = ?, pass = ?, away = 0, seen = ? "
                "WHERE code = ? AND seat = ? AND kind = 'open'",
                (clean_name(name), hashed, self.now(), code, seat),
            )
            if taken.rowcount != 1:
                raise RoomRefused("seat-taken")
            self._changed(db, code)

    def free_seat(self, code: str, host_pass: str, seat: int) -> None:
        """The host frees a player's seat: open again (during the game a stand-in bot plays it until someone
        takes it)."""
        with self.database.transaction() as db:
            host, _stage, _position = self._locked(db, code)
            if _checked_pass(host_pass) != host:
                raise RoomRefused("not-host")
            freed = db.execute(
                "UPDATE room_seats SET kind = 'open', name = '', pass = '', away = 0 "
                "WHERE code = ? AND seat = ? AND kind = 'human'",
                (code, seat),
            )
            if freed.rowcount == 1:
                self._changed(db, code)

    def set_idle(self, code: str, host_pass: str, seconds: float) -> None:
        """The host chooses how long a player may idle on their turn before a bot plays for them."""
        with self.database.transaction() as db:
            host, _stage, _position = self._locked(db, code)
            if _checked_pass(host_pass) != host:
                raise RoomRefused("not-host")
            (text,) = db.execute("SELECT settings FROM rooms WHERE code = ?", (code,)).fetchone()
            settings = {**json.loads(text), "idle": _checked_idle(seconds)}
            db.execute("UPDATE rooms SET settings = ? WHERE code = ?", (json.dumps(settings), code))
            self._changed(db, code)

    def start(self, code: str, host_pass: str, deal: Callable[[tuple[int, ...], list[str]], str]) -> None:
        """The host starts the game: free seats get bots (``level`` of the room's first bot, or smart), then
        ``deal(human seats, bot levels in seat order)`` gives the game's first snapshot."""
        with self.database.transaction() as db:
            host, stage, _position = self._locked(db, code)
            if _checked_pass(host_pass) != host:
                raise RoomRefused("not-host")
            if stage != "lobby":
                raise RoomRefused("started")
            seats = db.execute(
                "SELECT seat, kind, level FROM room_seats WHERE code = ? ORDER BY seat", (code,)
            ).fetchall()
            humans = tuple(int(seat) for seat, kind, _level in seats if kind == "human")
            if not humans:
                raise RoomRefused("no-players")
            given = [str(level) for _seat, kind, level in seats if kind == "bot"]
            level = given[0] if given else "smart"
            levels = [str(lv) if kind == "bot" else level for _seat, kind, lv in seats if kind != "human"]
            snapshot = deal(humans, levels)
            db.execute("UPDATE room_seats SET kind = 'bot', level = ? WHERE code = ? AND kind = 'open'", (level, code))
            db.execute(
                "UPDATE rooms SET stage = 'playing', snapshot = ?, position = 1 WHERE code = ?", (snapshot, code)
            )
            self._changed(db, code, turn=True)

    # ------------------------------------------------------------------ the game

    def commit(
        self,
        code: str,
        position: int,
        snapshot: str,
        *,
        seat: int | None = None,
        room_pass: object = None,
        as_host: bool = False,
    ) -> bool:
        """Write the game of ``position + 1`` if the room is still at ``position`` (False: it moved on, nothing
        written). With ``seat`` the change is that seat's own: ``room_pass`` must hold it (else ``RoomRefused``),
        and a seat played by a bot while its player was away is theirs again; ``as_host``: the host's change (a
        new game), ``room_pass`` must be the host's. Neither: a bot's move."""
        with self.database.transaction() as db:
            host, stage, now_at = self._locked(db, code)
            if stage != "playing":
                raise RoomRefused("not-started")
            if as_host and _checked_pass(room_pass) != host:
                raise RoomRefused("not-host")
            if seat is not None:
                held = db.execute(
                    "SELECT 1 FROM room_seats WHERE code = ? AND seat = ? AND kind = 'human' AND pass = ?",
                    (code, seat, _checked_pass(room_pass)),
                ).fetchone()
                if held is None:
                    raise RoomRefused("not-yours")
            if now_at != position:
                return False
            db.execute(
                "UPDATE rooms SET snapshot = ?, position = position + 1, claimant = '', claimed_until = 0 "
                "WHERE code = ? AND position = ?",
                (snapshot, code, position),
            )
            if seat is not None:
                db.execute("UPDATE room_seats SET away = 0 WHERE code = ? AND seat = ?", (code, seat))
            self._changed(db, code, turn=True)
            return True

    def claim(self, code: str, position: int, claimant: str, lease: float) -> bool:
        """Claim the bot's move of ``position`` for ``lease`` seconds (False: the room moved on, or another
        kernel holds an unexpired claim). Only the claimant computes the move; the commit still checks."""
        now = self.now()
        # A claim lost in a power cut is claimed again.
        with self.database.transaction(DUTY_BUSY, durable=False) as db:
            claimed = db.execute(
                "UPDATE rooms SET claimant = ?, claimed_until = ? "
                "WHERE code = ? AND position = ? AND (claimed_until < ? OR claimant = ?)",
                (claimant, now + lease, code, position, now, claimant),
            )
            return claimed.rowcount == 1

    def mark_away(self, code: str, position: int, seat: int) -> bool:
        """A bot plays ``seat`` from now on: its player did nothing for the idle time on their turn at ``position``."""
        with self.database.transaction(DUTY_BUSY, durable=False) as db:
            _host, _stage, now_at = self._locked(db, code)
            if now_at != position:
                return False
            marked = db.execute(
                "UPDATE room_seats SET away = 1 WHERE code = ? AND seat = ? AND kind = 'human' AND away = 0",
                (code, seat),
            )
            if marked.rowcount == 1:
                self._changed(db, code)
            return marked.rowcount == 1

    def back(self, code: str, room_pass: object) -> bool:
        """The player of ``room_pass`` is back: their seat is theirs again, their turn's time starts anew."""
        with self.database.transaction() as db:
            self._locked(db, code)
            returned = db.execute(
                "UPDATE room_seats SET away = 0, seen = ? WHERE code = ? AND pass = ? AND kind = 'human' AND away = 1",
                (self.now(), code, _checked_pass(room_pass)),
            )
            if returned.rowcount == 1:
                self._changed(db, code, turn=True)
            return returned.rowcount == 1

    def touch(self, code: str, room_pass: object) -> None:
        """The page of ``room_pass`` is there (the lobby and the board show who is)."""
        with self.database.transaction(DUTY_BUSY, durable=False) as db:
            db.execute(
                "UPDATE room_seats SET seen = ? WHERE code = ? AND pass = ?",
                (self.now(), code, _checked_pass(room_pass)),
            )

    def purge_expired(self) -> int:
        """Delete the rooms nobody changed for ``expiry_days``; how many."""
        limit = self.now() - self.expiry_seconds
        with self.database.transaction() as db:
            db.execute("DELETE FROM room_seats WHERE code IN (SELECT code FROM rooms WHERE updated < ?)", (limit,))
            return max(db.execute("DELETE FROM rooms WHERE updated < ?", (limit,)).rowcount, 0)


def _checked_idle(seconds: object) -> float:
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not MIN_IDLE <= seconds <= MAX_IDLE:
        raise StoreError(f"the idle time is {MIN_IDLE} to {MAX_IDLE} seconds, not {seconds!r:.20}")
    return float(seconds)


def _room(row: Sequence[object], seats: Sequence[Sequence[object]], hashed: str) -> Room:
    code, host, settings_text, stage, version, position, snapshot, turn_since, updated = row
    settings = json.loads(str(settings_text))
    return Room(
        code=str(code),
        stage="playing" if stage == "playing" else "lobby",
        version=int(str(version)),
        position=int(str(position)),
        snapshot=str(snapshot),
        seats=tuple(
            Seat(
                seat=int(str(seat)),
                kind="human" if kind == "human" else "bot" if kind == "bot" else "open",
                name=str(name),
                level=str(level),
                away=bool(away),
                seen=float(str(seen)),
                mine=hashed != "-" and pass_ == hashed,
                host=pass_ == host,
            )
            for seat, kind, name, level, away, seen, pass_ in seats
        ),
        idle=float(settings["idle"]),
        speed=float(settings["speed"]),
        turn_since=float(str(turn_since)),
        updated=float(str(updated)),
        host=hashed != "-" and host == hashed,
    )
