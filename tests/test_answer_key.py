"""The answer key (docs/answer_key/<lang>/) is what tools/answer_key.py makes of the registry today, in every language,
and it prints a worked solution as soon as an exercise has one."""

from __future__ import annotations

import dataclasses

import pytest

from phase10kit.course import answer_key, for_notebook
from phase10kit.i18n import N_
from tests.helpers import load_tool

tool = load_tool("answer_key_tool", "answer_key.py")


def test_the_answer_key_is_up_to_date_in_every_language() -> None:
    problems = tool.check(["en", "es", "hr", "cs", "uk", "ko"])
    assert not problems, "\n".join([*problems[:20], "run: python tools/answer_key.py"])


def test_a_worked_solution_appears_in_the_key_once_the_exercise_has_one(monkeypatch: pytest.MonkeyPatch) -> None:
    worked = N_("Four runs of numbers fit in 1 to 6.\nEach card is red or blue: 4 x 2 x 2 x 2 = 32.")
    exercises = [dataclasses.replace(exercise, worked=worked) for exercise in for_notebook("03_runs")]
    monkeypatch.setattr(answer_key, "for_notebook", lambda notebook: exercises)
    page = answer_key.lesson_page("03_runs", "uk", title="03")
    assert "> Four runs of numbers fit in 1 to 6.\n> Each card is red or blue: 4 x 2 x 2 x 2 = 32." in page
    assert page.count("**Розв’язання.**") == len(exercises)  # the label in the page's language


def test_a_write_exercise_shows_the_teachers_function_without_nbgrader_markers() -> None:
    cells = tool.solution_cells(tool.TEACHER / "03_runs.ipynb")
    assert cells["runs.is_run"].startswith("def is_run(cards):") and "SOLUTION" not in cells["runs.is_run"]
    assert "def is_run(cards):" in (tool.KEY / "en" / "03_runs.md").read_text(encoding="utf-8")
