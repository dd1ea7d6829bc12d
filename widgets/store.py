"""Saved tables on the server: a small SQLite file keyed by random table ids, so a reload never loses a game.

The browser keeps only a table's id (see ``widgets.table_id``); the snapshot, which holds every hidden card,
stays in this file on the server. Each page that opens a saved table *claims* it: the claim gives the page a
fresh owner token, and a save succeeds only with the current owner's token, so two pages (two tabs of one
browser that resumed the same game) never overwrite each other: the page that lost the claim is told so
and keeps its game under a new id.

- Where: ``$P10_STORE`` if set, else ``<Jupyter data dir>/phase10kit/tables.sqlite3``
  (``~/.local/share/jupyter/phase10kit/`` on Linux); or the ``path`` argument.
- How long: a save not touched for ``EXPIRY_DAYS`` days expires: its game is deleted whenever a store is
  opened (``purge_expired``) and a page coming back with its id is told it expired.
- Ids: ``secrets.token_urlsafe(16)`` (22 characters, 128 random bits); an id coming back from a browser
  is checked strictly (``check_table_id``) before it reaches SQL.
- Privacy: the file holds every hand and the deck order, so it is created readable by the server's user
  only (0600, and its WAL and shared-memory files with it) in a directory only that user may enter (0700).
- Locks: the file is in WAL mode, so reading never waits for a page that is saving; a read gives up
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
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from phase10kit.errors import Phase10Error, Reason

__all__ = [
    "EXPIRY_DAYS",
    "STORE_VARIABLE",
    "TOMBSTONE_DAYS",
    "Claim",
    "GameStore",
    "StoreError",
    "check_table_id",
    "default_path",
    "fresh_claim",
    "is_table_id",
    "new_table_id",
]

STORE_VARIABLE = "P10_STORE"
"""Environment variable naming the SQLite file (overrides the Jupyter data directory default)."""

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

FILE_MODE = 0o600
DIRECTORY_MODE = 0o700

MAX_SNAPSHOT_CHARS = 5_000_000
"""A snapshot larger than this is refused: a game's JSON is a few kilobytes; this bounds a broken table."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    table_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    snapshot TEXT NOT NULL,
    created REAL NOT NULL,
    saved REAL NOT NULL
)
"""

Status = Literal["found", "unknown", "expired", "corrupt", "invalid"]


class StoreError(Phase10Error):
    """The store cannot be used (unreadable file, full disk) or was given something that is not a table id."""


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
    if chosen:
        return Path(chosen).expanduser()
    # Imported here: jupyter_core is a Jupyter package, only needed when no path is given.
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir()) / "phase10kit" / "tables.sqlite3"


def _default_location() -> Path | None:
    try:
        return default_path() if not os.environ.get(STORE_VARIABLE, "").strip() else None
    except ImportError:  # no jupyter_core: there is no default directory to tighten
        return None


def _tighten(path: Path, mode: int) -> None:
    """Take away what ``mode`` does not allow (group and others' bits), on files this user owns."""
    status = path.stat()
    if status.st_uid == os.getuid() and status.st_mode & 0o777 & ~mode:
        path.chmod(status.st_mode & 0o777 & mode)


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
    widgets.store.StoreError: not a table id: 'abc'
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
    """Saved tables in one SQLite file, shared safely by every kernel of the server (one process each).

    ``clock`` (seconds, like ``time.time``) and ``expiry_days`` are arguments so tests can move time;
    ``read_busy`` and ``write_busy`` are the seconds a read and a write wait for a lock.

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
        path: str | os.PathLike[str] | None = None,
        *,
        expiry_days: float = EXPIRY_DAYS,
        clock: Callable[[], float] = time.time,
        read_busy: float = READ_BUSY_SECONDS,
        write_busy: float = WRITE_BUSY_SECONDS,
        purge: bool = True,
    ) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.expiry_seconds = float(expiry_days) * 86400
        self._clock = clock
        self._read_busy, self._write_busy = float(read_busy), float(write_busy)
        try:
            self._make_private()
            with self._connect(self._read_busy) as db:
                # Persistent in the file: once set, every connection of every kernel uses the WAL.
                db.execute("PRAGMA journal_mode=WAL")
                db.execute(_SCHEMA)
        except (OSError, sqlite3.Error) as error:
            raise StoreError(f"cannot open the table store {str(self.path)[:100]!r}: {error}") from error
        if purge:
            self.purge_expired()

    def _make_private(self) -> None:
        """Create the directory (0700) and the file (0600) if missing; tighten them if an older kit made them open."""
        directory = self.path.parent
        created = not directory.exists()
        directory.mkdir(mode=DIRECTORY_MODE, parents=True, exist_ok=True)
        # The default directory is the kit's own; a directory named by $P10_STORE may be shared: leave it be.
        if created or self.path == _default_location():
            _tighten(directory, DIRECTORY_MODE)
        os.close(os.open(self.path, os.O_RDWR | os.O_CREAT, FILE_MODE))
        for file in (self.path, Path(f"{self.path}-wal"), Path(f"{self.path}-shm")):
            if file.exists():
                _tighten(file, FILE_MODE)

    @contextmanager
    def _connect(self, busy: float) -> Iterator[sqlite3.Connection]:
        # One short connection per operation: kernels are separate processes; SQLite's file locks order them.
        db = sqlite3.connect(self.path, timeout=busy, isolation_level=None)
        try:
            yield db
        finally:
            db.close()

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        try:
            with self._connect(self._read_busy) as db:
                yield db  # autocommit: each SELECT is its own deferred read transaction
        except sqlite3.Error as error:
            raise StoreError(f"the table store {str(self.path)[:100]!r} failed: {error}") from error

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        try:
            with self._connect(self._write_busy) as db:
                db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
        except sqlite3.Error as error:
            raise StoreError(f"the table store {str(self.path)[:100]!r} failed: {error}") from error

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
