"""The course graded as a teacher grades it: nbgrader's own ``generate_assignment`` and ``autograde`` on two
lessons, with the submissions a class hands in.

- untouched (the release as it is): 0 points;
- the teacher's solutions: every point;
- a tampered checker (the first answer cell redefines ``check``, empties the registry, rewrites
  ``Exercise.check``, ``grade`` and ``Fraction.__eq__``; every answer left as released): 0 points;
- an honest wrong guess on every "predict" exercise, the rest solved: every point (a guess is never marked);
- a random bot for ``bot.write_choose``, three students with the same file: 0 on that cell, for all three;

and no checksum warning for any untouched cell (nbgrader issue 1961 warns for every grade cell with hidden
tests; the course's grade cells have none). nbgrader reads the ``nbgrader_config.py`` that docs/teaching.md gives
teachers, word for word: its releases hold no teacher's notes.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
LESSONS = {"runs": "03_runs", "bots": "11_bots"}

TAMPERING = """\
import fractions

import phase10kit.course as course
import phase10kit.course.base as base
import widgets.grading
from phase10kit.course.base import Feedback


def check(*args, **kwargs):
    return Feedback(True, "Right.")


base.Exercise.check = lambda self, *args, **kwargs: Feedback(True, "Right.")
course.exercises.clear()
fractions.Fraction.__eq__ = lambda a, b: True
widgets.grading.grade = lambda *args, **kwargs: 1.0
answer = None
"""

RANDOM_BOT = """\
import random


def choose(view):
    return random.choice(view.legal)
"""

WRONG_GUESS = "answer = Fraction(1, 2)"


def documented_config() -> str:
    """The ``nbgrader_config.py`` of docs/teaching.md (the block that starts ``# nbgrader_config.py``)."""
    text = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    block = text.split("```python\n   # nbgrader_config.py\n", 1)[1].split("```", 1)[0]
    return "\n".join(line.removeprefix("   ") for line in block.splitlines()) + "\n"


def _run(command: list[str], course: Path) -> str:
    environment = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",  # nbgrader runs `alembic` by name
        "P10_PROGRESS": str(course / "progress.jsonl"),
    }
    result = subprocess.run(
        [str(BIN / "nbgrader"), *command], cwd=course, env=environment, capture_output=True, text=True, timeout=900
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-3000:]
    return output


def _notebook(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _answer_cells(notebook: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        cell["metadata"]["nbgrader"]["grade_id"]: cell
        for cell in notebook["cells"]
        if cell.get("metadata", {}).get("nbgrader", {}).get("solution")
    }


def _submit(course: Path, student: str, assignment: str, notebook: dict[str, Any]) -> None:
    folder = course / "submitted" / student / assignment
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{LESSONS[assignment]}.ipynb").write_text(json.dumps(notebook), encoding="utf-8")


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], dict[str, float]]:
    """``{(student, assignment): {grade cell id: score}}`` after nbgrader's real commands."""
    course = tmp_path_factory.mktemp("course")
    (course / "nbgrader_config.py").write_text(
        f"{documented_config()}c.CourseDirectory.root = {str(course)!r}\n", encoding="utf-8"
    )
    warnings = []
    for assignment, stem in LESSONS.items():
        (course / "source" / assignment).mkdir(parents=True)
        shutil.copy(ROOT / "teacher" / f"{stem}.ipynb", course / "source" / assignment)
        warnings.append(_run(["generate_assignment", assignment, "--force"], course))
        source = _notebook(course / "source" / assignment / f"{stem}.ipynb")
        release = _notebook(course / "release" / assignment / f"{stem}.ipynb")
        assert not [cell for cell in release["cells"] if "teacher-notes" in cell["metadata"].get("tags", [])]
        assert any("teacher-notes" in cell["metadata"].get("tags", []) for cell in source["cells"])
        _submit(course, "untouched", assignment, release)
        _submit(course, "teacher", assignment, source)
        tampered = json.loads(json.dumps(release))
        first = next(iter(_answer_cells(tampered).values()))
        first["source"] = TAMPERING
        _submit(course, "tampered", assignment, tampered)
        if assignment == "runs":
            guessing = json.loads(json.dumps(source))
            guess = _answer_cells(guessing)["runs-guess_small-answer"]
            guess["source"] = WRONG_GUESS
            _submit(course, "guesser", assignment, guessing)
        else:
            for student in ("random1", "random2", "random3"):
                bot = json.loads(json.dumps(source))
                _answer_cells(bot)["11-write-bot-answer"]["source"] = RANDOM_BOT
                _submit(course, student, assignment, bot)
        warnings.append(_run(["autograde", assignment, "--create", "--force"], course))
    log = "\n".join(warnings)
    assert "checksum" not in log.lower(), [line for line in log.splitlines() if "checksum" in line.lower()][:3]
    assert "Exception while loading config file" not in log, log[:2000]
    from nbgrader.api import Gradebook

    scores: dict[tuple[str, str], dict[str, float]] = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for submission in gradebook.assignment_submissions(next(iter(LESSONS))) + gradebook.assignment_submissions(
            "bots"
        ):
            for notebook in submission.notebooks:
                scores[(submission.student.id, submission.assignment.name)] = {
                    grade.name: float(grade.score) for grade in notebook.grades
                }
    return scores


@pytest.mark.parametrize("assignment", list(LESSONS))
def test_an_untouched_release_scores_nothing(graded: dict[tuple[str, str], dict[str, float]], assignment: str) -> None:
    scores = graded[("untouched", assignment)]
    assert scores and sum(scores.values()) == 0, scores


@pytest.mark.parametrize("assignment", list(LESSONS))
def test_the_teachers_solutions_score_every_point(
    graded: dict[tuple[str, str], dict[str, float]], assignment: str
) -> None:
    scores = graded[("teacher", assignment)]
    assert scores and all(score == 1 for score in scores.values()), scores


@pytest.mark.parametrize("assignment", list(LESSONS))
def test_a_tampered_checker_scores_nothing(graded: dict[tuple[str, str], dict[str, float]], assignment: str) -> None:
    scores = graded[("tampered", assignment)]
    assert scores and sum(scores.values()) == 0, scores


def test_an_honest_wrong_guess_costs_nothing(graded: dict[tuple[str, str], dict[str, float]]) -> None:
    scores = graded[("guesser", "runs")]
    assert all(score == 1 for score in scores.values()), scores


def test_a_random_bot_scores_nothing_and_always_the_same(graded: dict[tuple[str, str], dict[str, float]]) -> None:
    runs = [graded[(student, "bots")] for student in ("random1", "random2", "random3")]
    assert [run["11-write-bot-check"] for run in runs] == [0, 0, 0]
    assert runs[0] == runs[1] == runs[2]
    assert sum(runs[0].values()) == len(runs[0]) - 1  # every other cell solved
