"""Write the student edition of the course (``notebooks/``) from the teacher's edition (``teacher/``).

    python tools/release.py          # notebooks/NN_name.ipynb from every teacher/NN_name.ipynb
    python tools/release.py --check  # exit 1 naming every student notebook that is missing or out of date
    python tools/release.py teacher/03_runs.ipynb   # only the notebooks named

The teacher's edition is the source: edit it in JupyterLab, never the student edition. nbgrader's own
preprocessors make the student edition, as ``nbgrader generate_assignment`` would, but without a course
folder or a gradebook (``enforce_metadata = False``):

- ``ClearSolutions`` replaces each ``### BEGIN SOLUTION`` ... ``### END SOLUTION`` region by a stub that
  still runs (``answer = None  # your answer here``), so the student edition runs top to bottom and every
  exercise shows "not yet" instead of a traceback;
- ``ClearHiddenTests`` removes ``### BEGIN HIDDEN TESTS`` ... ``### END HIDDEN TESTS`` regions (the
  autograder's ``assert feedback.ok`` lines);
- ``ClearOutput`` strips outputs and execution counts (nbstripout finds nothing left to strip).

Cells tagged ``teacher-notes`` (what to say, timings, where students stumble) are the teacher's alone: the
student edition leaves them out. nbgrader's ``generate_assignment`` keeps every cell unless told otherwise, so the
``nbgrader_config.py`` of docs/teaching.md runs nbconvert's ``TagRemovePreprocessor`` before nbgrader's own
(``tests/test_nbgrader_roundtrip.py`` checks that its releases hold no notes).

A course on a JupyterHub uses the same teacher's notebooks as nbgrader's ``source/`` (docs/teaching.md).
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import nbformat
from nbconvert.exporters.exporter import ResourcesDict
from nbformat.notebooknode import NotebookNode
from nbgrader.preprocessors import ClearHiddenTests, ClearOutput, ClearSolutions

from phase10kit.course.base import ANSWER_STUB
from phase10kit.i18n import translator

ROOT = Path(__file__).resolve().parent.parent
TEACHER = ROOT / "teacher"
STUDENT = ROOT / "notebooks"
TEACHER_NOTES = "teacher-notes"
"""The tag of a teacher's notes cell: in the teacher's edition only."""


def code_stub(lang: str = "en") -> str:
    """What replaces a solution region: runnable, and ``check`` answers None with "no answer yet".

    >>> code_stub(), code_stub("es")
    ('answer = None  # your answer here', 'answer = None  # tu respuesta aquí')
    """
    return f"answer = None  # {translator(lang).gettext(ANSWER_STUB)}"


def lessons(folder: Path = TEACHER) -> list[Path]:
    """The teacher's notebooks of the course, in order (``NN_name.ipynb``)."""
    return sorted(folder.glob("[0-9][0-9]_*.ipynb"))


def student_edition(teacher: NotebookNode, lang: str = "en") -> NotebookNode:
    """The student's copy of a teacher's notebook in ``lang``: solutions stubbed, hidden tests and outputs removed."""
    notebook = copy.deepcopy(teacher)
    notebook.cells = [cell for cell in notebook.cells if TEACHER_NOTES not in cell.metadata.get("tags", [])]
    resources = ResourcesDict()
    for preprocessor in (
        ClearSolutions(code_stub={"python": code_stub(lang)}, enforce_metadata=False),
        ClearHiddenTests(enforce_metadata=False),
        ClearOutput(),
    ):
        notebook, resources = preprocessor.preprocess(notebook, resources)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.execution_count = None
            cell.outputs = []
            cell.source = cell.source.rstrip("\n")
        cell.metadata.pop("execution", None)
    return notebook


def render(notebook: NotebookNode) -> str:
    """The notebook as stored: nbformat's JSON layout with a final newline."""
    text: str = nbformat.writes(notebook)  # type: ignore[no-untyped-call]
    return text + "\n"


def released(path: Path) -> str:
    """The student edition's text for the teacher's notebook at ``path``."""
    return render(student_edition(nbformat.read(path, as_version=4)))  # type: ignore[no-untyped-call]


def stale(teacher: Path = TEACHER, student: Path = STUDENT) -> list[str]:
    """The student notebooks that are missing or differ from what their teacher's notebook gives."""
    problems = []
    for path in lessons(teacher):
        target = student / path.name
        if not target.exists():
            problems.append(f"{target.relative_to(ROOT)} is missing")
        elif target.read_text(encoding="utf-8") != released(path):
            problems.append(f"{target.relative_to(ROOT)} is out of date with {path.relative_to(ROOT)}")
    for target in lessons(student):
        if not (teacher / target.name).exists():
            problems.append(f"{target.relative_to(ROOT)} has no teacher's edition teacher/{target.name}")
    return problems


def main(argv: list[str]) -> int:
    if argv[1:] == ["--check"]:
        problems = stale()
        for problem in problems:
            print(problem)
        print("the student edition is up to date" if not problems else "run: python tools/release.py")
        return 1 if problems else 0
    chosen = [Path(arg).resolve() for arg in argv[1:]]
    if any(path.parent != TEACHER or path.suffix != ".ipynb" or not path.exists() for path in chosen):
        print(__doc__)
        return 2
    for path in chosen or lessons():
        (STUDENT / path.name).write_text(released(path), encoding="utf-8")
        print(f"{path.relative_to(ROOT)} -> notebooks/{path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
