"""The database under the server-side store, behind one interface: SQLite (a file) or PostgreSQL (a URL).

``open_database(where)`` takes what ``$P10_STORE`` holds: a file path gives a ``SQLiteDatabase`` (the
default: nothing to install, one server), a ``postgresql://`` URL a ``PostgresDatabase`` (psycopg 3, the
``postgresql`` extra: many servers, as on a JupyterHub on Kubernetes, share one store). The store's code
(``widgets.store``, ``widgets.room_store``) writes its SQL once, with ``?`` placeholders and types both
databases read alike (``TEXT``, ``BIGINT``, ``DOUBLE PRECISION``), and runs it inside ``reading()`` or
``transaction()``; only what differs lives here:

- **Locks.** SQLite in WAL mode: a read never waits for a writer; a transaction takes the write lock
  first (``BEGIN IMMEDIATE``), so two transactions never deadlock. PostgreSQL: reads never wait (MVCC);
  a transaction that changes several rows locks its room's row first (``Connection.for_update``), so
  they are always taken in the same order.
- **Waiting.** A read gives up after ``read_busy`` seconds, a transaction after ``busy`` (its argument) or
  ``write_busy``: reads and the seat's own moves run on the kernel's event loop, which must not freeze.
- **Connections.** One per thread, kept open and made again after a failure (and in a forked process);
  every statement's rows are read at once, so no read is left open. Kernels are processes: SQLite's file
  locks and PostgreSQL's server order them.
- **Errors.** Whatever the driver raises becomes a ``StoreError`` naming the store without its password.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import zlib
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

from phase10kit.errors import Phase10Error

__all__ = [
    "DIRECTORY_MODE",
    "FILE_MODE",
    "Connection",
    "Database",
    "PostgresDatabase",
    "Rows",
    "SQLiteDatabase",
    "StoreError",
    "is_database_url",
    "open_database",
]

URL_SCHEMES = ("postgresql://", "postgres://")
"""What a ``$P10_STORE`` value starts with when it names a PostgreSQL database rather than a file."""

FILE_MODE = 0o600
DIRECTORY_MODE = 0o700

CONNECT_SECONDS = 2
"""How long a PostgreSQL connection may take to open (libpq's smallest timeout): a server that is down
is noticed in two seconds, not in the operating system's minutes."""


class StoreError(Phase10Error):
    """The store cannot be used (unreadable file, full disk, a database that is down) or was given something
    that is not a table id."""


def is_database_url(where: object) -> bool:
    """Whether ``where`` (a ``$P10_STORE`` value) names a PostgreSQL database.

    >>> is_database_url("postgresql://kit@db.school/phase10"), is_database_url("/srv/tables.sqlite3")
    (True, False)
    """
    return isinstance(where, str) and where.strip().lower().startswith(URL_SCHEMES)


class Rows(Protocol):
    """What a statement gives back (a cursor of either driver)."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Result:
    """A statement's rows, all read at once (a cursor left half-read would keep SQLite's read snapshot open on a
    connection that stays open), and how many rows it changed."""

    def __init__(self, rows: list[Any], rowcount: int) -> None:
        self.rows, self.rowcount = rows, rowcount

    def fetchone(self) -> Any:
        return self.rows[0] if self.rows else None

    def fetchall(self) -> list[Any]:
        return list(self.rows)


class Connection:
    """One open connection inside ``reading()`` or ``transaction()``: ``execute`` takes ``?`` placeholders.

    ``for_update`` ends a ``SELECT`` that a transaction must lock (empty on SQLite, whose transactions
    hold the whole file's write lock from their start).
    """

    def __init__(self, raw: Any, *, postgres: bool) -> None:
        self._raw = raw
        self._postgres = postgres
        self.for_update = " FOR UPDATE" if postgres else ""

    def execute(self, sql: str, params: Sequence[object] = ()) -> Rows:
        if self._postgres:
            sql = sql.replace("?", "%s")  # the store's SQL has no other question mark and no percent sign
        cursor = self._raw.execute(sql, tuple(params))
        rows = cursor.fetchall() if cursor.description is not None else []
        return Result(rows, cursor.rowcount)


class Database(ABC):
    """Where the store's rows live; ``where`` names it in messages (a file path, or a URL without password)."""

    where: str
    postgres: bool = False

    def __init__(self, *, read_busy: float, write_busy: float) -> None:
        self.read_busy, self.write_busy = float(read_busy), float(write_busy)

    def failed(self, error: BaseException) -> StoreError:
        return StoreError(f"the table store {self.where[:100]!r} failed: {error}")

    @abstractmethod
    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """A connection for reads: each statement is its own read, which never waits for a writer."""

    @abstractmethod
    @contextmanager
    def transaction(self, busy: float | None = None, *, durable: bool = True) -> Iterator[Connection]:
        """A transaction: committed when the block ends, rolled back when it raises; it waits at most ``busy``
        seconds (``write_busy`` by default) for another writer. ``durable=False`` for a write whose loss in a
        power cut costs nothing (a heartbeat, a claim): it commits without waiting for the disk, so it holds
        the write lock for far less time."""

    @abstractmethod
    def setup(self, statements: Sequence[str]) -> None:
        """Create what is missing (``CREATE TABLE IF NOT EXISTS ...``), once even when many kernels start at once."""


class SQLiteDatabase(Database):
    """A SQLite file in WAL mode, created private: readable by the server's user only (0600) in a directory
    only that user may enter (0700, when the kit makes it or it is the kit's own ``private`` one)."""

    def __init__(self, path: str | os.PathLike[str], *, read_busy: float, write_busy: float, private: bool) -> None:
        super().__init__(read_busy=read_busy, write_busy=write_busy)
        self.path = Path(path)
        self.where = str(self.path)
        self._private = private
        self._local = threading.local()

    def _make_private(self) -> None:
        """Create the directory (0700) and the file (0600) if missing; tighten them if an older kit made them open."""
        directory = self.path.parent
        created = not directory.exists()
        directory.mkdir(mode=DIRECTORY_MODE, parents=True, exist_ok=True)
        # The default directory is the kit's own; a directory named by $P10_STORE may be shared: leave it be.
        if created or self._private:
            _tighten(directory, DIRECTORY_MODE)
        os.close(os.open(self.path, os.O_RDWR | os.O_CREAT, FILE_MODE))
        for file in (self.path, Path(f"{self.path}-wal"), Path(f"{self.path}-shm")):
            if file.exists():
                _tighten(file, FILE_MODE)

    @contextmanager
    def _connect(self, busy: float) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=busy, isolation_level=None)
        try:
            yield db
        finally:
            db.close()

    def setup(self, statements: Sequence[str]) -> None:
        try:
            self._make_private()
            with self._connect(self.read_busy) as db:
                # Persistent in the file: once set, every connection of every kernel uses the WAL.
                db.execute("PRAGMA journal_mode=WAL")
                for statement in statements:
                    db.execute(statement)
        except (OSError, sqlite3.Error) as error:
            raise StoreError(f"cannot open the table store {self.where[:100]!r}: {error}") from error

    def _connection(self, busy: float) -> sqlite3.Connection:
        """This thread's connection, kept open (made again in a forked process, or after a failure).

        Kept open because with a connection per operation the last one to close checkpoints and deletes the
        WAL and the next one makes it again, both under exclusive locks: with many kernels polling four times
        a second, others then find the file locked. Autocommit: each read is its own snapshot.
        """
        held = getattr(self._local, "held", None)
        if held is None or held[0] != os.getpid():
            held = (os.getpid(), sqlite3.connect(self.path, timeout=busy, isolation_level=None))
            self._local.held = held
        db: sqlite3.Connection = held[1]
        db.execute(f"PRAGMA busy_timeout = {max(1, round(busy * 1000))}")
        return db

    def _failed(self, error: sqlite3.Error) -> StoreError:
        if not _waited(error):  # a broken file or a full disk: the next operation opens the file afresh
            held, self._local.held = getattr(self._local, "held", None), None
            if held is not None:
                with suppress(sqlite3.Error):
                    held[1].close()
        return self.failed(error)

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        try:
            yield Connection(self._connection(self.read_busy), postgres=False)
        except sqlite3.Error as error:
            raise self._failed(error) from error

    @contextmanager
    def transaction(self, busy: float | None = None, *, durable: bool = True) -> Iterator[Connection]:
        db: sqlite3.Connection | None = None
        try:
            db = self._connection(self.write_busy if busy is None else busy)
            # WAL with NORMAL: the commit does not wait for the disk (an application crash still loses nothing).
            db.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")
            db.execute("BEGIN IMMEDIATE")
            yield Connection(db, postgres=False)
            db.execute("COMMIT")
        except BaseException as error:
            if db is not None and db.in_transaction:
                with suppress(sqlite3.Error):
                    db.execute("ROLLBACK")  # the connection stays open: it must not stay in a transaction
            if isinstance(error, sqlite3.Error):
                raise self._failed(error) from error
            raise


def _waited(error: sqlite3.Error) -> bool:
    """Whether ``error`` only says another connection held the lock too long (the file itself is fine)."""
    text = str(error).lower()
    return "locked" in text or "busy" in text


def _tighten(path: Path, mode: int) -> None:
    """Take away what ``mode`` does not allow (group and others' bits), on files this user owns."""
    status = path.stat()
    if status.st_uid == os.getuid() and status.st_mode & 0o777 & ~mode:
        path.chmod(status.st_mode & 0o777 & mode)


def _without_password(url: str) -> str:
    """The URL as messages may show it: scheme, user, host, port and database, never a password.

    >>> _without_password("postgresql://kit:s3cret@db.school:5432/phase10?sslmode=require")
    'postgresql://kit@db.school:5432/phase10'
    """
    parts = urlsplit(url)
    user = f"{parts.username}@" if parts.username else ""
    try:
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        port = ""
    return f"{parts.scheme}://{user}{parts.hostname or ''}{port}{parts.path}"


class PostgresDatabase(Database):
    """A PostgreSQL database (psycopg 3): one connection per thread, in autocommit for reads."""

    postgres = True

    def __init__(self, url: str, *, read_busy: float, write_busy: float) -> None:
        super().__init__(read_busy=read_busy, write_busy=write_busy)
        try:
            import psycopg  # imported here: only a store named by a URL needs the driver
        except ImportError as error:
            raise StoreError(
                "P10_STORE names a PostgreSQL database, but psycopg is not installed: "
                "pip install 'phase10kit[postgresql]'"
            ) from error
        self._psycopg = psycopg
        self._url = url.strip()
        self.where = _without_password(self._url)
        self._local = threading.local()

    def _connection(self) -> Any:
        connection = getattr(self._local, "connection", None)
        if connection is not None and not connection.closed and not connection.broken:
            return connection
        connection = self._psycopg.connect(self._url, autocommit=True, connect_timeout=CONNECT_SECONDS)
        connection.execute("SELECT set_config('lock_timeout', %s, false)", (_milliseconds(self.read_busy),))
        self._local.connection = connection
        return connection

    def _drop(self) -> None:
        connection, self._local.connection = getattr(self._local, "connection", None), None
        if connection is not None:
            with suppress(self._psycopg.Error):
                connection.close()

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        try:
            yield Connection(self._connection(), postgres=True)
        except self._psycopg.Error as error:
            self._drop()
            raise self.failed(error) from error

    @contextmanager
    def transaction(self, busy: float | None = None, *, durable: bool = True) -> Iterator[Connection]:
        try:
            connection = self._connection()
            with connection.transaction():
                # For this transaction only (set_config's third argument): reads keep their short wait.
                connection.execute(
                    "SELECT set_config('lock_timeout', %s, true)", (_milliseconds(busy or self.write_busy),)
                )
                if not durable:  # the commit does not wait for the disk
                    connection.execute("SELECT set_config('synchronous_commit', 'off', true)")
                yield Connection(connection, postgres=True)
        except self._psycopg.Error as error:
            if isinstance(error, self._psycopg.OperationalError):
                self._drop()  # the connection may be gone: the next call makes a new one
            raise self.failed(error) from error

    def setup(self, statements: Sequence[str]) -> None:
        try:
            with self.transaction(busy=30.0) as db:
                # Kernels starting together would race on CREATE TABLE IF NOT EXISTS (a duplicate type error):
                # an advisory lock held until the transaction ends lets one create and the others find it made.
                db.execute("SELECT pg_advisory_xact_lock(?)", (zlib.crc32(b"phase10kit store schema"),))
                for statement in statements:
                    db.execute(statement)
        except StoreError as error:
            raise StoreError(f"cannot open the table store {self.where[:100]!r}: {error.__cause__}") from error


def _milliseconds(seconds: float) -> str:
    return f"{max(1, round(seconds * 1000))}ms"


def open_database(
    where: str | os.PathLike[str], *, read_busy: float, write_busy: float, private: bool = False
) -> Database:
    """The database ``where`` names: a ``postgresql://`` URL, else a SQLite file path (``private``: the kit's
    own default location, whose directory is tightened even when it already exists)."""
    if is_database_url(where):
        return PostgresDatabase(str(where), read_busy=read_busy, write_busy=write_busy)
    return SQLiteDatabase(where, read_busy=read_busy, write_busy=write_busy, private=private)
