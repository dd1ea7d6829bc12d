"""The course notebooks, run by nbval (``make test``), record their checks in a file of their own.

Each notebook of ``teacher/`` and ``notebooks/`` (and of their translations, ``teacher/uk/`` ...) gets a fresh
``P10_PROGRESS`` file before its kernel starts (so a test run never writes to the user's Jupyter data directory).
When its last cell has run:

- the teacher's edition must have solved every exercise the registry places in it (each check recorded ok);
- the student edition must have recorded no solved exercise (every exercise shows "not yet");
- a translated notebook (``teacher/uk/`` ...) must have shown no English: every output of every cell and the
  text of every widget its kernel made are read by ``tests/english_on_screen.py`` (the widgets' text is
  recorded in the kernel by ``tests/notebook_kernel_startup.py``, an IPython startup file of a test
  ``IPYTHONDIR``).
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
ENGLISH_SEEN = pytest.StashKey[dict[Path, list[str]]]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[PROGRESS_DIR] = Path(tempfile.mkdtemp(prefix="p10-notebook-progress-"))
    config.stash[ENGLISH_SEEN] = {}
    startup = config.stash[PROGRESS_DIR] / "ipython" / "profile_default" / "startup"
    startup.mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "notebook_kernel_startup.py", startup / "50-p10-widget-text.py")


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


def _translated(path: Path) -> str | None:
    """The language of a translated notebook (``teacher/uk/02_sets.ipynb``: ``"uk"``), None for English."""
    return None if path.parent in EDITIONS else path.parent.name


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    lesson = _lesson(item)
    if lesson is not None:
        # Read when the notebook's kernel starts: its progress file, and where it records its widgets' text.
        os.environ["P10_PROGRESS"] = str(_progress_file(item, *lesson))
        os.environ["P10_WIDGET_TEXT"] = str(_progress_file(item, *lesson).with_suffix(".widgets"))
        os.environ["IPYTHONDIR"] = str(item.config.stash[PROGRESS_DIR] / "ipython")
    yield


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    result = yield  # nbval runs the cell; then what it showed is read for English
    lesson = _lesson(item)
    lang = None if lesson is None else _translated(lesson[1])
    if lesson is not None and lang is not None:
        from tests.english_on_screen import english_words, output_texts

        seen = item.config.stash[ENGLISH_SEEN].setdefault(lesson[1], [])
        for text, markup in output_texts(getattr(item, "test_outputs", None) or []):
            found = english_words(text, lang, markup)
            seen += [f"{word} (in {_context(text, word)!r})" for word in dict.fromkeys(found)]
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    yield  # the notebook's own teardown (its kernel stops) comes first; then its record is judged
    lesson = _lesson(item)
    if lesson is None or (nextitem is not None and Path(str(nextitem.fspath)) == lesson[1]):
        return
    edition, path = lesson
    from phase10kit.course import for_notebook

    for name in ("P10_WIDGET_TEXT", "IPYTHONDIR"):  # no later kernel of this process records into this notebook's file
        os.environ.pop(name, None)
    _check_no_english(item, edition, path)
    progress = _progress_file(item, edition, path)
    lines = progress.read_text(encoding="utf-8").splitlines() if progress.exists() else []
    solved = {record["exercise"] for record in map(json.loads, lines) if record["ok"]}
    if edition == "student":
        assert not solved, f"{path.relative_to(ROOT)} opens with exercises solved: {sorted(solved)}"
    else:
        unsolved = [exercise.id for exercise in for_notebook(path.stem) if exercise.id not in solved]
        assert not unsolved, f"{path.relative_to(ROOT)} run top to bottom leaves exercises unsolved: {unsolved}"


def _context(text: str, word: str) -> str:
    """A few words around the first place ``word`` stands in ``text`` (where the English is to be found)."""
    at = max(text.find(word), 0)
    return text[max(at - 40, 0) : at + 40]


def _check_no_english(item: pytest.Item, edition: str, path: Path) -> None:
    lang = _translated(path)
    if lang is None:
        return
    from tests.english_on_screen import english_words

    seen = item.config.stash[ENGLISH_SEEN].pop(path, [])
    widgets = _progress_file(item, edition, path).with_suffix(".widgets")
    lines = widgets.read_text(encoding="utf-8").splitlines() if widgets.exists() else []
    for text in map(json.loads, lines):
        seen += [f"{word} (in a widget: {_context(text, word)!r})" for word in dict.fromkeys(english_words(text, lang))]
    assert not seen, f"{path.relative_to(ROOT)} shows English:\n" + "\n".join(dict.fromkeys(seen))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Browser tests run last: Playwright's sync API leaves an event loop running in the main thread,
    after which code that asks "is a loop running?" (the table's paced bots, ``asyncio.run`` in tests)
    behaves as inside a Jupyter kernel instead of as in a plain process."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
