"""What several benchmark scripts share: the phases asked for on the command line, the machine's load average
(printed with every figure: the machine is shared), stopping a server they started and a store to measure."""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def phase_numbers(text: str) -> list[int]:
    """``"1-3,7"`` as ``[1, 2, 3, 7]``."""
    numbers: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        numbers.extend(range(int(low), int(high or low) + 1))
    return numbers


def load_average() -> float:
    """The machine's load average over the last minute (NaN where the system does not say)."""
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def stop(process: subprocess.Popen[bytes], timeout: float = 30) -> None:
    """End a server the benchmark started: asked first, killed if it does not end within ``timeout`` seconds."""
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=timeout)


@contextmanager
def a_store(database: str) -> Iterator[str]:
    """Where a measured store lives: a new SQLite file (``"sqlite"``), or a new schema on a throwaway PostgreSQL
    server with fsync on, as a school's would be (``"postgresql"``; Debian's binaries, ``tests/postgres.py``)."""
    if database == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            yield str(Path(folder) / "tables.sqlite3")
        return
    from tests.postgres import fresh_schema, throwaway_server

    with throwaway_server(durable=True) as server, fresh_schema(server) as url:
        yield url
