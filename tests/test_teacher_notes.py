"""The teacher's notes: every teacher's notebook, in every language, has one cell tagged ``teacher-notes`` whose
timing tables each fit a 45-minute lesson, opening with a starter and closing with a plenary of about five minutes;
no student notebook holds such a cell."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

from phase10kit.course import for_notebook
from tests.helpers import load_tool

ROOT = Path(__file__).resolve().parent.parent
release = load_tool("release", "release.py")
TAG = release.TEACHER_NOTES
LESSON = 45
"""Minutes in a lesson."""
MINUTES_ROW = re.compile(r"^\|\s*(\d+)\s*\|")
"""A row of a timing table: its first cell is the minutes (a number, which no translation changes)."""

ENGLISH = release.lessons(ROOT / "teacher")
TRANSLATED = sorted(ROOT.glob("teacher/*/[0-9][0-9]_*.ipynb"))
STUDENT = sorted(ROOT.glob("notebooks/**/*.ipynb"))


def timing_tables(markdown: str) -> list[list[int]]:
    """The minutes of each Markdown table whose rows start with a number of minutes, table by table.

    >>> timing_tables("| min | what |\\n|---:|---|\\n| 5 | Starter |\\n| 35 | Work |\\n| 5 | Plenary |\\n\\nText")
    [[5, 35, 5]]
    """
    tables: list[list[int]] = []
    current: list[int] = []
    for line in [*markdown.splitlines(), ""]:
        if line.strip().startswith("|"):
            if found := MINUTES_ROW.match(line.strip()):
                current.append(int(found[1]))
        elif current:
            tables.append(current)
            current = []
    return tables


def cells(path: Path) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return found


def notes(path: Path) -> list[dict[str, Any]]:
    return [cell for cell in cells(path) if TAG in cell.get("metadata", {}).get("tags", [])]


@pytest.mark.parametrize("path", ENGLISH + TRANSLATED, ids=lambda p: str(p.relative_to(ROOT / "teacher")))
def test_every_teacher_notebook_has_notes_that_fit_45_minute_lessons(path: Path) -> None:
    found = notes(path)
    assert len(found) == 1 and found[0]["cell_type"] == "markdown", f"{path.name}: {len(found)} {TAG} cells"
    assert cells(path).index(found[0]) == 1, "the notes come right after the title"
    tables = timing_tables("".join(found[0]["source"]))
    assert tables, "no timing table (rows | minutes | what |)"
    for minutes in tables:
        assert sum(minutes) <= LESSON, f"{minutes} add up to {sum(minutes)} minutes, more than a lesson"
        starter, plenary = minutes[0], minutes[-1]
        assert len(minutes) >= 3 and 3 <= starter <= 7 and 3 <= plenary <= 7, f"starter, work, plenary: {minutes}"
    english = ROOT / "teacher" / path.name
    if path != english:
        assert tables == timing_tables("".join(notes(english)[0]["source"])), "the translation's minutes differ"


@pytest.mark.parametrize("path", STUDENT, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_no_student_notebook_holds_teacher_notes(path: Path) -> None:
    assert not notes(path), f"{path.relative_to(ROOT)} holds a {TAG} cell"


def test_the_release_leaves_tagged_cells_out() -> None:
    notebook = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_markdown_cell("# A lesson"),
            nbformat.v4.new_markdown_cell("## Teacher's notes", metadata={"tags": [TAG]}),
            nbformat.v4.new_code_cell("x = 1", metadata={"tags": ["other"]}),
        ]
    )
    student = release.student_edition(notebook)
    assert [cell.source for cell in student.cells] == ["# A lesson", "x = 1"]


def test_the_python_primer_comes_before_the_first_function_students_write() -> None:
    """Lesson 00 says what it assumes (no Python in it); lesson 01 teaches the Python its exercise needs (a function,
    a loop, an ``if``, ``Counter``) in *A little Python*, before it asks for the course's first function."""
    welcome = "".join(cells(ROOT / "teacher" / "00_welcome.ipynb")[0]["source"])
    assert "no Python in this notebook" in welcome and "A little Python" not in welcome
    sources = ["".join(cell["source"]) for cell in cells(ROOT / "teacher" / "01_cards_and_deck.ipynb")]
    primer = next(index for index, source in enumerate(sources) if source.startswith("## A little Python"))
    first = next(exercise.id for exercise in for_notebook("01_cards_and_deck") if exercise.kind == "write")
    asked = next(index for index, source in enumerate(sources) if f'ask("{first}")' in source)
    assert primer < asked, f"*A little Python* (cell {primer}) comes after {first} (cell {asked})"
