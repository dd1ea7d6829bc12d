"""One answer per exercise: the widget's answer is what the grade cell grades, and one verdict is on screen."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import widgets.grading
from phase10kit.course import exercises
from phase10kit.course.base import reset_hints
from widgets import handing_in
from widgets.course import AnswerBox, BuildExercise, CourseExercise, PredictExercise

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the grader's workers need os.fork")


@pytest.fixture(autouse=True)
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, Any]]]:
    monkeypatch.setenv("P10_PROGRESS", str(tmp_path / "progress.jsonl"))
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    updates: list[tuple[str, Any]] = []
    monkeypatch.setattr(handing_in, "update_display", lambda shown, display_id: updates.append((display_id, shown)))
    shown: list[Any] = []
    monkeypatch.setattr(widgets.grading, "display", lambda value, display_id: shown.append((display_id, value)))
    reset_hints()
    handing_in._answers.clear()
    yield updates
    handing_in._answers.clear()


def test_an_answer_given_in_the_widget_is_graded_when_the_cell_says_none(fresh: list[tuple[str, Any]]) -> None:
    box = AnswerBox(exercises["runs.top_card"])
    box.answer.value = "y9"
    box._on_check(None)
    assert box.last is not None and box.last.ok
    assert "answer = &#x27;y9&#x27;" in box.hint_line.value and "code cell below" in box.hint_line.value
    (display_id, shown), *_ = fresh
    assert display_id == "p10-grade-runs.top_card" and "run this cell again" in shown.data

    score = widgets.grading.grade("runs.top_card", None)
    assert float(score) == 1.0
    assert "in this session only" in score.feedback.message and "answer = 'y9'" in score.feedback.message
    assert float(widgets.grading.grade("runs.top_card", "Y1")) == 0.0  # the code cell's answer wins when given


def test_a_wrong_widget_answer_is_graded_wrong_and_shows_no_hand_in_line() -> None:
    box = AnswerBox(exercises["runs.top_card"])
    box.answer.value = "Y1"
    box._on_check(None)
    assert "hand it in" not in box.hint_line.value
    assert float(widgets.grading.grade("runs.top_card", None)) == 0.0


def test_built_cards_are_handed_in_as_text() -> None:
    exercise = exercises["runs.build_five"]
    build = BuildExercise(exercise)
    feedback = build.submit(["R3", "G4", "W", "G6", "Y7"])
    assert feedback.ok, feedback.message
    assert "answer = &#x27;R3 G4 W G6 Y7&#x27;" in build.hint_line.value
    assert float(widgets.grading.grade(exercise.id, None)) == 1.0


def test_a_guess_made_in_the_widget_earns_its_point_right_or_wrong() -> None:
    guess = PredictExercise(exercises["runs.guess_small"])
    guess.reveal("1/2")
    assert "answer = &#x27;1/2&#x27;" in guess.answer_line.value
    score = widgets.grading.grade("runs.guess_small", None)
    assert float(score) == 1.0 and not score.feedback.ok


def test_under_voila_a_function_exercise_says_it_needs_code(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    page = CourseExercise(exercises["sets.is_set"])
    assert any("open the notebook in JupyterLab" in getattr(child, "value", "") for child in page.children)
    box = AnswerBox(exercises["runs.top_card"])
    box.answer.value = "Y9"
    box._on_check(None)
    assert box.last is not None and box.last.ok and "hand it in" not in box.hint_line.value
    monkeypatch.delenv("VOILA_PREHEAT")
    assert not any(
        "JupyterLab" in getattr(child, "value", "") for child in CourseExercise(exercises["sets.is_set"]).children
    )


def test_a_grade_cell_shows_its_feedback_where_the_widget_can_replace_it() -> None:
    shown: list[tuple[str, Any]] = []
    original = widgets.grading.display
    widgets.grading.display = lambda value, display_id: shown.append((display_id, value))  # type: ignore[assignment]
    try:
        score = widgets.grading.grade("runs.count_small", 32)
    finally:
        widgets.grading.display = original
    assert shown[0][0] == "p10-grade-runs.count_small" and "Right" in shown[0][1].data
    assert score._repr_html_() == '<p class="p10-points"><strong>Points: 1 of 1</strong></p>' and repr(score) == "1.0"


def test_a_grader_that_ended_is_replaced_without_losing_the_grade() -> None:
    assert float(widgets.grading.grade("runs.count_small", 32)) == 1.0
    process, _channel = widgets.grading._GRADER
    process.kill()  # as if it had ended after its idle time, just as the next grade cell runs
    assert float(widgets.grading.grade("runs.count_small", 32)) == 1.0
    assert widgets.grading._GRADER[0] is not process


def test_under_voila_a_page_is_judged_in_its_kernel_without_points(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(widgets.grading, "_GRADER", None)
    score = widgets.grading.grade("runs.count_small", 32)
    assert float(score) == 1.0 and score.feedback.ok and score._repr_html_() == ""
    assert widgets.grading._GRADER is None  # no grader process for a page
