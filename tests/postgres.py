"""A throwaway PostgreSQL server for the tests and the benchmarks: Debian's ``postgresql`` binaries, a data
directory in a temporary folder, a free loopback port, stopped and deleted afterwards.

``P10_TEST_POSTGRES`` (a ``postgresql://`` URL) names a server to use instead. Without one, a server is
started when the binaries are there (``/usr/lib/postgresql/<version>/bin``); as root it runs as the
``postgres`` user (PostgreSQL refuses to run as root), with its data under a 0777 folder that user can enter.
``fresh_schema`` gives each test a schema of its own in that server (a URL whose ``search_path`` is it),
dropped afterwards, so tests never see each other's rows and no database has to be made per test.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from urllib.parse import quote

URL_VARIABLE = "P10_TEST_POSTGRES"
"""A server the tests use instead of starting one (``postgresql://user@host:port/database``)."""

START_SECONDS = 60.0


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server can be had here: no binaries, or they would not start."""


def binaries() -> Path | None:
    """The newest ``/usr/lib/postgresql/<version>/bin`` holding ``initdb`` and ``postgres``, if any."""
    found = [path for path in Path("/usr/lib/postgresql").glob("*/bin/initdb") if path.parent.parent.name.isdigit()]
    found.sort(key=lambda path: int(path.parent.parent.name), reverse=True)
    return found[0].parent if found else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _as_postgres(command: list[str]) -> list[str]:
    # initdb and postgres refuse to run as root: run them as Debian's postgres user then.
    return ["runuser", "-u", "postgres", "--", *command] if os.getuid() == 0 else command


def _answers(url: str) -> bool:
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=2) as connection:
            connection.execute("SELECT 1")
        return True
    except psycopg.OperationalError:
        return False


@contextmanager
def throwaway_server(*, durable: bool = False) -> Iterator[str]:
    """A PostgreSQL server of its own, its URL yielded; stopped and its files deleted afterwards.

    ``durable`` keeps PostgreSQL's default ``fsync`` (the benchmarks measure what a school's server does);
    the tests turn it off, since nothing there must survive a crash of the machine.
    """
    bin_dir = binaries()
    if bin_dir is None:
        raise PostgresUnavailable("no PostgreSQL binaries (apt-get install postgresql)")
    if os.getuid() == 0 and shutil.which("runuser") is None:
        raise PostgresUnavailable("running as root without runuser: cannot start PostgreSQL as postgres")
    parent = Path(tempfile.mkdtemp(prefix="p10-postgres-"))
    parent.chmod(0o777)  # the postgres user makes its data directory here (initdb must create it itself)
    data, port = parent / "data", _free_port()
    log = parent / "server.log"
    try:
        initdb = [str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]
        done = subprocess.run(_as_postgres(initdb), capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise PostgresUnavailable(f"initdb failed: {(done.stderr or done.stdout)[-400:]}")
        settings = ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"]
        if not durable:
            settings += ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
        command = [str(bin_dir / "postgres"), "-D", str(data), "-k", str(parent), "-p", str(port), *settings]
        with open(log, "w") as out:
            server = subprocess.Popen(_as_postgres(command), stdout=out, stderr=subprocess.STDOUT)
        url = f"postgresql://postgres@127.0.0.1:{port}/postgres"
        try:
            deadline = time.monotonic() + START_SECONDS
            while not _answers(url):
                if server.poll() is not None or time.monotonic() > deadline:
                    raise PostgresUnavailable(f"PostgreSQL did not start: {log.read_text(errors='replace')[-400:]}")
                time.sleep(0.2)
            yield url
        finally:
            _stop(server, data)
    finally:
        shutil.rmtree(parent, ignore_errors=True)


def _stop(server: subprocess.Popen[bytes], data: Path) -> None:
    """Stop the server with SIGINT, PostgreSQL's "fast" shutdown (SIGTERM's "smart" one waits for every open
    connection to close), sent to the postmaster itself: ``runuser`` passes no SIGINT on."""
    try:
        postmaster = int((data / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        postmaster = server.pid
    try:
        os.kill(postmaster, signal.SIGINT)
        server.wait(timeout=30)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        for pid in (postmaster, server.pid):
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        server.wait(timeout=30)


@contextmanager
def postgres_server(*, durable: bool = False) -> Iterator[str]:
    """``$P10_TEST_POSTGRES`` when set, else a ``throwaway_server``."""
    given = os.environ.get(URL_VARIABLE, "").strip()
    if given:
        yield given
        return
    with throwaway_server(durable=durable) as url:
        yield url


@contextmanager
def fresh_schema(server_url: str) -> Iterator[str]:
    """A new empty schema in the server at ``server_url``: its URL (``search_path`` set to it); dropped afterwards."""
    import psycopg

    name = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(server_url, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {name}")
    separator = "&" if "?" in server_url else "?"
    try:
        yield f"{server_url}{separator}options={quote(f'-c search_path={name}')}"
    finally:
        with psycopg.connect(server_url, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {name} CASCADE")
