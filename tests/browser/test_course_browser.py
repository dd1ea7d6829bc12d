"""The course's exercise widgets in Voila in a real browser: a guess then its reveal, a refused move picked on a
table position, an answer typed and checked with its hint, and the student edition's checks saying "not yet"."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import voila_server
from tests.browser.pages import SPOT_ACTION, open_page


@pytest.fixture(scope="module")
def course_voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A Voila server whose kernels record their checks in a progress file of this module's own."""
    progress = tmp_path_factory.mktemp("course-browser") / "progress.jsonl"
    with voila_server(".voila-course-test.log", env={**os.environ, "P10_PROGRESS": str(progress)}) as server:
        yield server.url, progress


@pytest.fixture()
def runs_page(course_voila: tuple[str, Path], local_page: Any) -> Any:
    url, _ = course_voila
    open_page(local_page, f"{url}/voila/render/03_runs.ipynb", SPOT_ACTION)
    return local_page


def recorded(progress: Path) -> list[tuple[str, bool]]:
    lines = progress.read_text(encoding="utf-8").splitlines() if progress.exists() else []
    return [(line["exercise"], line["ok"]) for line in map(json.loads, lines)]


@pytest.mark.browser
def test_student_edition_opens_with_one_verdict_per_exercise_and_none_solved(
    runs_page: Any, course_voila: tuple[str, Path]
) -> None:
    """Under Voila the widgets are the exercises: the grade cells, whose code the page hides, show no verdict of
    their own beside the widget's ("No answer yet ... replace None" would be a second one, about hidden code)."""
    expect(runs_page.locator(".p10-course-exercise")).to_have_count(6)
    expect(runs_page.locator(".p10-feedback")).to_have_count(0)
    expect(runs_page.locator(".p10-points")).to_have_count(0)
    expect(runs_page.locator("body")).not_to_contain_text("replace None")
    write = runs_page.locator(".p10-kind-write")
    expect(write).to_contain_text("open the notebook in JupyterLab")
    assert not any(ok for exercise, ok in recorded(course_voila[1]) if exercise.startswith("runs."))


@pytest.mark.browser
def test_a_guess_is_revealed_with_the_exact_answer_and_its_distance(runs_page: Any) -> None:
    predict = runs_page.locator(".p10-kind-predict")
    predict.locator(".p10-guess input").fill("1/4")
    predict.locator(".p10-reveal").click()
    expect(predict.locator(".p10-reveal-answer")).to_contain_text("8/55")
    expect(predict.locator(".p10-reveal-answer")).to_contain_text("off by 23/220")
    expect(predict.locator(".p10-guess input")).to_be_disabled()


@pytest.mark.browser
def test_the_refused_move_is_picked_on_the_table_and_the_rules_say_why(runs_page: Any) -> None:
    spot = runs_page.locator(".p10-kind-spot")
    expect(spot.locator(".p10-position svg").first).to_be_visible()
    spot.locator(".p10-action", has_text="p1: discard Y9").click()  # the move in words; its notation beside it
    expect(spot.locator(".p10-status")).to_contain_text("allowed")
    spot.locator(".p10-action", has_text="r[R11 R12 B1 G2]").click()
    expect(spot.locator(".p10-status")).to_contain_text("✓")


@pytest.mark.browser
def test_a_typed_answer_is_checked_with_a_reason_and_a_hint(runs_page: Any, course_voila: tuple[str, Path]) -> None:
    box = runs_page.locator(".p10-course-exercise", has_text="turns R10 B11 G12 into a run of 4")
    box.locator(".p10-answer input").fill("R1")
    box.locator(".p10-check").click()
    expect(box.locator(".p10-status")).to_contain_text("✗")
    expect(box.locator(".p10-hint")).to_contain_text("either end")
    box.locator(".p10-answer input").fill("g9")
    box.locator(".p10-check").click()
    expect(box.locator(".p10-status")).to_contain_text("✓")
    assert ("runs.top_card", True) in recorded(course_voila[1])
