"""The teacher's edition is the source; the student edition in notebooks/ is what tools/release.py makes of it.

(Running both editions top to bottom, with their progress checked, is nbval's job in ``make test``: see the
root ``conftest.py``.)
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from phase10kit.course import exercises, for_notebook
from tests.helpers import load_tool

ROOT = Path(__file__).resolve().parent.parent


release = load_tool("release", "release.py")
TEACHER = release.lessons(ROOT / "teacher")
STUDENT = release.lessons(ROOT / "notebooks")


def code(path: Path) -> str:
    cells = nbformat.read(path, as_version=4).cells
    return "\n".join(cell.source for cell in cells if cell.cell_type == "code")


def test_the_student_edition_is_up_to_date() -> None:
    problems = release.stale()
    assert not problems, "\n".join([*problems, "run: python tools/release.py"])


def test_every_course_notebook_has_a_teachers_edition() -> None:
    assert [path.name for path in TEACHER] == [path.name for path in STUDENT]
    assert TEACHER and not (ROOT / "tools" / "make_notebooks.py").exists()


def teacher_notebook(cells: list[nbformat.NotebookNode]) -> nbformat.NotebookNode:
    notebook = nbformat.v4.new_notebook(cells=cells)
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return notebook


def test_release_stubs_solutions_removes_hidden_tests_and_outputs() -> None:
    solution = nbformat.v4.new_code_cell(
        'intro = 1\n### BEGIN SOLUTION\nanswer = "R9 B9 G9 Y9"\n### END SOLUTION\nprint(answer)',
        metadata={"nbgrader": {"solution": True, "grade": False, "grade_id": "sets_nines", "locked": False}},
        execution_count=3,
        outputs=[nbformat.v4.new_output("stream", text="R9 B9 G9 Y9\n")],
    )
    function = nbformat.v4.new_code_cell(
        "def is_set(cards):\n    ### BEGIN SOLUTION\n    answer = len(set(cards)) == 1\n    ### END SOLUTION\n"
        "    return answer"
    )
    grader = nbformat.v4.new_code_cell(
        'feedback = check("sets.nines", answer)\n### BEGIN HIDDEN TESTS\nassert feedback.ok\n### END HIDDEN TESTS',
        metadata={"nbgrader": {"solution": False, "grade": True, "grade_id": "sets_nines_check", "points": 1}},
    )
    student = release.student_edition(teacher_notebook([solution, function, grader]))
    first, second, third = (cell.source for cell in student.cells)
    assert first == "intro = 1\nanswer = None  # your answer here\nprint(answer)"
    assert second == "def is_set(cards):\n    answer = None  # your answer here\n    return answer"
    assert third == 'feedback = check("sets.nines", answer)'
    assert all(cell.outputs == [] and cell.execution_count is None for cell in student.cells)
    assert "R9 B9 G9 Y9" not in release.render(student)


def test_release_refuses_an_unclosed_solution_region() -> None:
    broken = nbformat.v4.new_code_cell("### BEGIN SOLUTION\nanswer = 1")
    with pytest.raises(RuntimeError, match="end solution"):
        release.student_edition(teacher_notebook([broken]))


@pytest.mark.parametrize("path", STUDENT, ids=[p.name for p in STUDENT])
def test_student_edition_holds_no_solution_or_hidden_test(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for marker in ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS"):
        assert marker not in text, f"{path.name} still holds {marker}"


@pytest.mark.parametrize("path", TEACHER, ids=[p.name for p in TEACHER])
def test_every_exercise_of_a_notebook_is_asked_in_it(path: Path) -> None:
    source = code(path)
    missing = [e.id for e in for_notebook(path.stem) if f'"{e.id}"' not in source and f"'{e.id}'" not in source]
    assert not missing, f"{path.name} never asks {missing}"


def test_every_exercise_names_a_notebook_of_the_course() -> None:
    stems = {path.stem for path in TEACHER}
    assert {exercise.notebook for exercise in exercises.values()} <= stems


@pytest.mark.parametrize("path", TEACHER, ids=[p.name for p in TEACHER])
def test_solution_cells_are_marked_for_nbgrader(path: Path) -> None:
    """nbgrader's generate_assignment (on a hub) needs each solution and autograder cell marked, with unique ids."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    grade_ids = []
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        meta = cell.get("metadata", {}).get("nbgrader")
        if "### BEGIN SOLUTION" in source:
            assert meta and meta.get("solution") is True, f"{path.name}: a solution cell is not marked: {source[:60]!r}"
        if "### BEGIN HIDDEN TESTS" in source:
            assert meta and meta.get("grade") is True and meta.get("points"), f"{path.name}: {source[:60]!r}"
        if meta and meta.get("grade_id"):
            grade_ids.append(meta["grade_id"])
    assert len(grade_ids) == len(set(grade_ids)), f"{path.name}: nbgrader grade_ids repeat"


GRADE_CELL = """import importlib

import widgets.grading

importlib.reload(widgets.grading).grade("{exercise}", {answer})"""


@pytest.mark.parametrize("path", TEACHER, ids=[p.name for p in TEACHER])
def test_every_grade_cell_asks_the_grader_afresh(path: Path) -> None:
    """Each grade cell is the grader's call for one exercise of the notebook, in the words of widgets/grading.py:
    the module reloaded in the cell itself (a student's cell cannot replace it), no hidden tests (so the released
    cell is the teacher's and autograde finds its checksum unchanged), worth the 1 point ``grade`` gives."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    asked = {exercise.id for exercise in for_notebook(path.stem)}
    graded = []
    for cell in notebook["cells"]:
        meta = cell.get("metadata", {}).get("nbgrader") or {}
        if cell["cell_type"] != "code" or not meta.get("grade"):
            continue
        source = "".join(cell["source"])
        exercise = source.rpartition('grade("')[2].partition('"')[0]
        answer = source.rpartition('", ')[2].rstrip(")")
        assert source == GRADE_CELL.format(exercise=exercise, answer=answer), f"{path.name}: {source[:80]!r}"
        assert meta.get("locked") is True and meta.get("points") == 1 and not meta.get("solution"), meta
        assert answer.isidentifier(), source
        graded.append(exercise)
    assert sorted(graded) == sorted(asked), f"{path.name}: graded {graded}, asks {sorted(asked)}"
