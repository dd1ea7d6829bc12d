"""A student's progress: one JSON line per checked answer, ``{"exercise", "ok", "lang", "time"}``, and one per
worked solution the student asked to see, ``{"exercise", "solution": true, "lang", "time"}``.

The file is ``$P10_PROGRESS`` when set, else ``<Jupyter data dir>/phase10kit/progress.jsonl``. The Jupyter
data directory is found as Jupyter finds it (``$JUPYTER_DATA_DIR``, else the platform's default) without
importing ``jupyter_core``: the rules package stays free of Jupyter imports.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "progress.jsonl")
>>> record("sets.four_nines", False, "en", path=path); record("sets.four_nines", True, "es", path=path)
>>> [(line["exercise"], line["ok"]) for line in read(path)]
[('sets.four_nines', False), ('sets.four_nines', True)]
>>> solved(path)
{'sets.four_nines'}
"""

from __future__ import annotations

import json
import logging
import os
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

__all__ = ["progress_path", "read", "record", "record_solution_seen", "solutions_seen", "solved"]

LOG = logging.getLogger("phase10kit.course")
ENVIRONMENT = "P10_PROGRESS"
FILE_NAME = "progress.jsonl"


def jupyter_data_dir() -> Path:
    """The user's Jupyter data directory, computed as ``jupyter_core.paths.jupyter_data_dir`` does."""
    configured = os.environ.get("JUPYTER_DATA_DIR")
    if configured:
        return Path(configured)
    home = Path.home()
    if sys.platform == "darwin":
        return home / "Library" / "Jupyter"
    if sys.platform == "win32":
        appdata = os.environ.get("APPDATA")
        return Path(appdata) / "jupyter" if appdata else home / ".jupyter" / "data"
    xdg = os.environ.get("XDG_DATA_HOME") or str(home / ".local" / "share")
    return Path(xdg) / "jupyter"


def progress_path() -> Path:
    """Where progress is recorded now: ``$P10_PROGRESS``, else the Jupyter data directory's file."""
    configured = os.environ.get(ENVIRONMENT)
    if configured:
        return Path(configured)
    return jupyter_data_dir() / "phase10kit" / FILE_NAME


def record(exercise: str, ok: bool, lang: str, *, path: str | os.PathLike[str] | None = None) -> None:
    """Append one line for a checked answer. A file that cannot be written is logged, never raised:
    a student's answer still gets its feedback on a read-only disk."""
    _append({"exercise": exercise, "ok": bool(ok), "lang": lang}, path)


def record_solution_seen(exercise: str, lang: str, *, path: str | os.PathLike[str] | None = None) -> None:
    """Append one line saying the student asked for the worked solution of ``exercise`` (the teacher's report
    shows it beside the answers)."""
    _append({"exercise": exercise, "solution": True, "lang": lang}, path)


def _append(fields: dict[str, Any], path: str | os.PathLike[str] | None) -> None:
    target = Path(path) if path is not None else progress_path()
    line = {**fields, "time": datetime.now(UTC).isoformat()}
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "a", encoding="utf-8") as file:
            file.write(json.dumps(line, ensure_ascii=False) + "\n")
    except OSError as error:
        LOG.warning("progress not recorded in %s: %s", target, error)


def read(path: str | os.PathLike[str] | None = None) -> list[dict[str, Any]]:
    """Every recorded answer, oldest first; lines that are not answers (a torn write, a solution seen) are
    skipped."""
    return [item for item in _lines(path) if isinstance(item.get("ok"), bool)]


def solutions_seen(path: str | os.PathLike[str] | None = None) -> set[str]:
    """The ids of the exercises whose worked solution the student asked to see."""
    return {item["exercise"] for item in _lines(path) if item.get("solution") is True}


def _lines(path: str | os.PathLike[str] | None) -> list[dict[str, Any]]:
    source = Path(path) if path is not None else progress_path()
    try:
        text = source.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    records = []
    for line in text.splitlines():
        try:
            item = json.loads(line)
        except ValueError:
            continue
        if isinstance(item, dict) and isinstance(item.get("exercise"), str):
            records.append(item)
    return records


def solved(path: str | os.PathLike[str] | None = None) -> set[str]:
    """The ids of the exercises answered right at least once."""
    return {item["exercise"] for item in read(path) if item["ok"]}
