"""Saved tables on the server, keyed by random table ids, so a reload never loses a game.

The browser keeps only a table's id (see ``widgets.table_id``); the snapshot, which holds every hidden card,
stays in the store on the server. Each page that opens a saved table *claims* it: the claim gives the page a
fresh owner token, and a save succeeds only with the current owner's token, so two pages (two tabs of one
browser that resumed the same game) never overwrite each other: the page that lost the claim is told so
and keeps its game under a new id.

- Where: ``$P10_STORE`` if set (a SQLite file's path, or a ``postgresql://`` URL for a store many servers
  share: ``widgets.store_db``), else ``<Jupyter data dir>/phase10kit/tables.sqlite3``
  (``~/.local/share/jupyter/phase10kit/`` on Linux); or the ``path`` argument.
- How long: a save not touched for ``EXPIRY_DAYS`` days expires: its game is deleted whenever a store is
  opened (``purge_expired``) and a page coming back with its id is told it expired.
- Ids: ``secrets.token_urlsafe(16)`` (22 characters, 128 random bits); an id coming back from a browser
  is checked strictly (``check_table_id``) before it reaches SQL.
- Privacy: the store holds every hand and the deck order. A SQLite file is created readable by the server's
  user only (0600, and its WAL and shared-memory files with it) in a directory only that user may enter
  (0700); a PostgreSQL database is as private as its role and password (docs/classroom.md).
- Locks: reading never waits for a page that is saving (SQLite's WAL, PostgreSQL's MVCC); a read gives up
  after ``READ_BUSY_SECONDS`` (reads run on the kernel's event loop, which must not freeze), a write after
  ``WRITE_BUSY_SECONDS`` (writes run on the page's saving thread, ``widgets.saving``, which retries).

>>> import tempfile, os
>>> store = GameStore(os.path.join(tempfile.mkdtemp(), "t.sqlite3"))
>>> save = store.create('{"game": 1}')
>>> len(save.table_id), store.load(save.table_id).status
(22, 'found')
>>> store.save(save, '{"game": 2}'), store.load(save.table_id).snapshot
(True, '{"game": 2}')
>>> store.load("A" * 22).status, store.load("not an id").status
('unknown', 'invalid')
"""

from __future__ import annotations

import os
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from phase10kit.errors import Reason
from widgets.store_db import DIRECTORY_MODE, FILE_MODE, Database, StoreError, is_database_url, open_database

__all__ = [
    "DIRECTORY_MODE",
    "EXPIRY_DAYS",
    "FILE_MODE",
    "STORE_VARIABLE",
    "TOMBSTONE_DAYS",
    "Claim",
    "GameStore",
    "StoreError",
    "check_table_id",
    "default_path",
    "default_store",
    "fresh_claim",
    "is_table_id",
    "new_table_id",
]

STORE_VARIABLE = "P10_STORE"
"""Environment variable naming the store: a SQLite file's path, or a ``postgresql://`` URL (docs/classroom.md)."""

EXPIRY_DAYS = 14
"""A saved table nobody saved for this many days is deleted: two weeks covers a game left between lessons."""

ID_BYTES = 16
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{22}")
"""What ``secrets.token_urlsafe(16)`` gives: 22 characters of the URL-safe base64 alphabet."""

TOMBSTONE_DAYS = 180
"""How long an expired save's id is remembered (without its game), to say "expired" instead of "unknown"."""

READ_BUSY_SECONDS = 0.2
"""How long a read waits for a lock (only a checkpoint or a rollback-mode writer can hold one in WAL mode)."""

WRITE_BUSY_SECONDS = 5.0
"""How long a write waits for another kernel's write before it fails (and the saving thread retries)."""

MAX_SNAPSHOT_CHARS = 5_000_000
"""A snapshot larger than this is refused: a game's JSON is a few kilobytes; this bounds a broken table."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    table_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    snapshot TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    saved DOUBLE PRECISION NOT NULL
)
"""

Status = Literal["found", "unknown", "expired", "corrupt", "invalid"]


def default_path() -> Path:
    """The store's file: ``$P10_STORE``, else ``phase10kit/tables.sqlite3`` in the user's Jupyter data directory.

    >>> os.environ[STORE_VARIABLE] = "/tmp/x.sqlite3"
    >>> default_path()
    PosixPath('/tmp/x.sqlite3')
    >>> del os.environ[STORE_VARIABLE]
    >>> default_path().name
    'tables.sqlite3'
    """
    chosen = os.environ.get(STORE_VARIABLE, "").strip()
    if chosen and not is_database_url(chosen):
        return Path(chosen).expanduser()
    # Imported here: jupyter_core is a Jupyter package, only needed when no path is given.
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir()) / "phase10kit" / "tables.sqlite3"


def default_store() -> str | Path:
    """What the store is when none is given: ``$P10_STORE`` (a ``postgresql://`` URL or a file), else the file
    of ``default_path``.

    >>> os.environ[STORE_VARIABLE] = " postgresql://kit@db/phase10 "
    >>> default_store()
    'postgresql://kit@db/phase10'
    >>> del os.environ[STORE_VARIABLE]
    """
    chosen = os.environ.get(STORE_VARIABLE, "").strip()
    return chosen if is_database_url(chosen) else default_path()


def _default_location() -> Path | None:
    try:
        return default_path() if not os.environ.get(STORE_VARIABLE, "").strip() else None
    except ImportError:  # no jupyter_core: there is no default directory to tighten
        return None


def open_store_database(
    where: str | os.PathLike[str] | Database | None, *, read_busy: float, write_busy: float, schema: tuple[str, ...]
) -> Database:
    """The database of a store (``where``: a file, a ``postgresql://`` URL, None for ``default_store``, or a
    database another store opened, to share), with ``schema`` created if missing."""
    if isinstance(where, Database):
        where.setup(schema)
        return where
    chosen = default_store() if where is None else where
    private = not is_database_url(chosen) and Path(chosen) == _default_location()
    database = open_database(chosen, read_busy=read_busy, write_busy=write_busy, private=private)
    database.setup(schema)
    return database


def fresh_claim(table_id: str) -> Claim:
    """A claim on ``table_id`` with a new owner token, not yet written (``GameStore.take`` writes it)."""
    return Claim(check_table_id(table_id), new_table_id())


def new_table_id() -> str:
    """A fresh random table id (128 bits, URL-safe).

    >>> bool(TABLE_ID.fullmatch(new_table_id()))
    True
    """
    return secrets.token_urlsafe(ID_BYTES)


def is_table_id(value: object) -> bool:
    """Whether ``value`` has exactly the shape of a table id this store gives out.

    >>> is_table_id(new_table_id()), is_table_id("x' OR 1=1 --"), is_table_id(None), is_table_id("A" * 23)
    (True, False, False, False)
    """
    return isinstance(value, str) and TABLE_ID.fullmatch(value) is not None


def check_table_id(value: object) -> str:
    """``value`` if it is a table id, else ``StoreError`` quoting it briefly.

    >>> check_table_id("abc")
    Traceback (most recent call last):
    ...
    widgets.store_db.StoreError: not a table id: 'abc'
    """
    if not is_table_id(value):
        raise StoreError(f"not a table id: {str(value)[:40]!r}", reason=Reason.BAD_SAVE)
    assert isinstance(value, str)
    return value


@dataclass(frozen=True)
class Claim:
    """The right to save one table: its id and the owner token the store expects with each save."""

    table_id: str
    owner: str


@dataclass(frozen=True)
class Loaded:
    """What the store holds under an id: ``status`` and, when ``found``, the snapshot and when it was saved."""

    status: Status
    snapshot: str | None = None
    saved: float | None = None


class GameStore:
    """Saved tables in one store (a SQLite file or a PostgreSQL database), shared safely by every kernel.

    ``path`` is a file, a ``postgresql://`` URL, or None for ``$P10_STORE`` (``default_store``); ``clock``
    (seconds, like ``time.time``) and ``expiry_days`` are arguments so tests can move time; ``read_busy``
    and ``write_busy`` are the seconds a read and a write wait for a lock.

    >>> import tempfile, os
    >>> now = [1_000_000.0]
    >>> store = GameStore(os.path.join(tempfile.mkdtemp(), "t.sqlite3"), clock=lambda: now[0])
    >>> first = store.create("one")
    >>> second = store.claim(first.table_id)          # another tab resumes the same table
    >>> store.save(first, "from the old tab"), store.save(second, "two")
    (False, True)
    >>> now[0] += EXPIRY_DAYS * 86400 + 1
    >>> store.load(first.table_id).status
    'expired'
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | Database | None = None,
        *,
        expiry_days: float = EXPIRY_DAYS,
        clock: Callable[[], float] = time.time,
        read_busy: float = READ_BUSY_SECONDS,
        write_busy: float = WRITE_BUSY_SECONDS,
        purge: bool = True,
    ) -> None:
        self.expiry_seconds = float(expiry_days) * 86400
        self._clock = clock
        self.database = open_store_database(path, read_busy=read_busy, write_busy=write_busy, schema=(_SCHEMA,))
        self.path: Path | None = getattr(self.database, "path", None)
        """The SQLite file (None for a PostgreSQL store)."""
        self._reading, self._transaction = self.database.reading, self.database.transaction
        if purge:
            self.purge_expired()

    def _expired(self, saved: float) -> bool:
        return self._clock() - saved > self.expiry_seconds

    @staticmethod
    def _check_snapshot(snapshot: object) -> str:
        if not isinstance(snapshot, str) or len(snapshot) > MAX_SNAPSHOT_CHARS:
            raise StoreError(
                f"a snapshot must be text of at most {MAX_SNAPSHOT_CHARS} characters", reason=Reason.BAD_SAVE
            )
        return snapshot

    def create(self, snapshot: str) -> Claim:
        """Save a new table under a fresh random id; the claim to save it again."""
        snapshot = self._check_snapshot(snapshot)
        now = self._clock()
        for _ in range(5):  # a collision of 128-bit ids never happens; the bound keeps the loop finite anyway
            claim = Claim(new_table_id(), new_table_id())
            with self._transaction() as db:
                taken = db.execute("SELECT 1 FROM tables WHERE table_id = ?", (claim.table_id,)).fetchone()
                if taken is None:
                    db.execute(
                        "INSERT INTO tables (table_id, owner, snapshot, created, saved) VALUES (?, ?, ?, ?, ?)",
                        (claim.table_id, claim.owner, snapshot, now, now),
                    )
                    return claim
        raise StoreError("could not find a free table id")

    def save(self, claim: Claim, snapshot: str) -> bool:
        """Replace the claimed table's snapshot; ``False`` (nothing written) when another page claimed it since."""
        snapshot = self._check_snapshot(snapshot)
        with self._transaction() as db:
            cursor = db.execute(
                "UPDATE tables SET snapshot = ?, saved = ? WHERE table_id = ? AND owner = ?",
                (snapshot, self._clock(), check_table_id(claim.table_id), claim.owner),
            )
            return cursor.rowcount == 1

    def load(self, table_id: object) -> Loaded:
        """What is saved under ``table_id`` (any value from a browser): found, unknown, expired, corrupt or invalid."""
        if not is_table_id(table_id):
            return Loaded("invalid")
        with self._reading() as db:
            row = db.execute("SELECT snapshot, saved FROM tables WHERE table_id = ?", (table_id,)).fetchone()
        return self._loaded(row)

    def _loaded(self, row: tuple[object, ...] | None) -> Loaded:
        if row is None:
            return Loaded("unknown")
        snapshot, saved = row
        if not isinstance(saved, int | float) or isinstance(saved, bool):
            return Loaded("corrupt")
        if self._expired(float(saved)):
            return Loaded("expired", saved=float(saved))
        if not isinstance(snapshot, str) or not snapshot:
            return Loaded("corrupt", saved=float(saved))
        return Loaded("found", snapshot, float(saved))

    def claim(self, table_id: str) -> Claim:
        """Take the table over for this page (a fresh owner token): the page that held it can no longer save it."""
        claim = fresh_claim(table_id)
        self.take(claim)
        return claim

    def take(self, claim: Claim) -> None:
        """Write ``claim``'s owner token for its table (a claim made ahead, e.g. by ``fresh_claim``)."""
        with self._transaction() as db:
            db.execute("UPDATE tables SET owner = ? WHERE table_id = ?", (claim.owner, check_table_id(claim.table_id)))

    def forget(self, table_id: str) -> None:
        """Delete the table saved under ``table_id`` (nothing happens if there is none)."""
        with self._transaction() as db:
            db.execute("DELETE FROM tables WHERE table_id = ?", (check_table_id(table_id),))

    def purge_expired(self) -> int:
        """Drop the snapshot of every expired save; how many were dropped.

        The id's row stays (a few bytes) for ``TOMBSTONE_DAYS`` so that a browser coming back with it is told
        its game *expired* rather than *unknown*; then the row goes too.
        """
        now = self._clock()
        with self._transaction() as db:
            cursor = db.execute(
                "UPDATE tables SET snapshot = '' WHERE saved < ? AND snapshot != ''", (now - self.expiry_seconds,)
            )
            dropped = max(cursor.rowcount, 0)
            db.execute("DELETE FROM tables WHERE saved < ?", (now - self.expiry_seconds - TOMBSTONE_DAYS * 86400,))
        return dropped

    def __len__(self) -> int:
        with self._reading() as db:
            (count,) = db.execute("SELECT COUNT(*) FROM tables").fetchone()
        return int(count)
