"""The course notebooks, run by nbval (``make test``), record their checks in a file of their own.

Each notebook of ``teacher/`` and ``notebooks/`` (and of their translations, ``teacher/uk/`` ...) gets a fresh
``P10_PROGRESS`` file before its kernel starts (so a test run never writes to the user's Jupyter data directory).
When its last cell has run:

- the teacher's edition must have solved every exercise the registry places in it (each check recorded ok);
- the student edition must have recorded no solved exercise (every exercise shows "not yet").
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
EDITIONS = {ROOT / "teacher": "teacher", ROOT / "notebooks": "student"}
PROGRESS_DIR = pytest.StashKey[Path]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[PROGRESS_DIR] = Path(tempfile.mkdtemp(prefix="p10-notebook-progress-"))


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(config.stash.get(PROGRESS_DIR, Path(tempfile.gettempdir()) / "none"), ignore_errors=True)


def _lesson(item: pytest.Item) -> tuple[str, Path] | None:
    """The edition and path of the course notebook an nbval cell belongs to (None for anything else)."""
    path = Path(str(item.fspath))
    if path.suffix != ".ipynb" or not path.name[:2].isdigit():
        return None
    folder = path.parent if path.parent in EDITIONS else path.parent.parent  # a translation: teacher/uk/...
    edition = EDITIONS.get(folder)
    return None if edition is None else (edition, path)


def _progress_file(item: pytest.Item, edition: str, path: Path) -> Path:
    lang = "" if path.parent in EDITIONS else f"{path.parent.name}-"
    return item.config.stash[PROGRESS_DIR] / f"{edition}-{lang}{path.stem}.jsonl"


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    lesson = _lesson(item)
    if lesson is not None:
        os.environ["P10_PROGRESS"] = str(_progress_file(item, *lesson))  # read when the notebook's kernel starts
    yield


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    yield  # the notebook's own teardown (its kernel stops) comes first; then its record is judged
    lesson = _lesson(item)
    if lesson is None or (nextitem is not None and Path(str(nextitem.fspath)) == lesson[1]):
        return
    edition, path = lesson
    from phase10kit.course import for_notebook

    progress = _progress_file(item, edition, path)
    lines = progress.read_text(encoding="utf-8").splitlines() if progress.exists() else []
    solved = {record["exercise"] for record in map(json.loads, lines) if record["ok"]}
    if edition == "student":
        assert not solved, f"{path.relative_to(ROOT)} opens with exercises solved: {sorted(solved)}"
    else:
        unsolved = [exercise.id for exercise in for_notebook(path.stem) if exercise.id not in solved]
        assert not unsolved, f"{path.relative_to(ROOT)} run top to bottom leaves exercises unsolved: {unsolved}"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Browser tests run last: Playwright's sync API leaves an event loop running in the main thread,
    after which code that asks "is a loop running?" (the table's paced bots, ``asyncio.run`` in tests)
    behaves as inside a Jupyter kernel instead of as in a plain process."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
