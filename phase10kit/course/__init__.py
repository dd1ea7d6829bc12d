"""The course's exercise registry: every exercise of every lesson, and which rule clauses it tests.

Each lesson module ``phase10kit/course/lesson_NN.py`` defines ``EXERCISES``; this package collects the
ones that exist, in course order. Pure Python (widgets render the exercises: ``widgets/course.py``).

>>> from phase10kit.course import exercises, for_notebook, coverage, CLAUSES
>>> len(CLAUSES)
55
>>> all(exercise.notebook[:2].isdigit() for exercise in exercises.values())
True
>>> sorted(set(coverage())) == sorted(CLAUSES)
True
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from types import ModuleType

from phase10kit.course import progress
from phase10kit.course.base import CLAUSES, KINDS, AnswerError, Exercise, Feedback, Judge, Translations, Verdict

LESSONS = tuple(f"lesson_{number:02d}" for number in range(13))
"""The lesson modules looked for, in course order (those that exist are collected)."""


def _lesson_modules() -> list[ModuleType]:
    modules = []
    for name in LESSONS:
        qualified = f"{__name__}.{name}"
        if importlib.util.find_spec(qualified) is not None:
            modules.append(importlib.import_module(qualified))
    return modules


def _collect() -> dict[str, Exercise]:
    found: dict[str, Exercise] = {}
    for module in _lesson_modules():
        for exercise in getattr(module, "EXERCISES", ()):
            if not isinstance(exercise, Exercise):
                raise TypeError(f"{module.__name__}.EXERCISES holds {exercise!r:.60}, not an Exercise")
            if exercise.id in found:
                raise ValueError(f"exercise id {exercise.id!r} is used twice ({module.__name__})")
            found[exercise.id] = exercise
    return found


exercises: dict[str, Exercise] = _collect()
"""Every exercise of the course by id, in course order."""


def for_notebook(stem: str) -> list[Exercise]:
    """The exercises a notebook asks (``"03_runs"``), in its order.

    >>> [exercise.kind for exercise in for_notebook("no_such_notebook")]
    []
    """
    return [exercise for exercise in exercises.values() if exercise.notebook == stem]


def notebooks() -> list[str]:
    """The notebook stems that ask exercises, in course order."""
    return list(dict.fromkeys(exercise.notebook for exercise in exercises.values()))


def progress_summary(path: str | os.PathLike[str] | None = None) -> dict[str, tuple[int, int]]:
    """``{notebook: (solved, total)}`` for every notebook of the course, in course order, from the progress
    file at ``path`` (``progress.progress_path()`` when not given).

    >>> import os, tempfile
    >>> empty = os.path.join(tempfile.mkdtemp(), "none.jsonl")
    >>> all(done == 0 for done, total in progress_summary(empty).values())
    True
    """
    done = progress.solved(path)
    result: dict[str, tuple[int, int]] = {}
    for exercise in exercises.values():
        count, total = result.get(exercise.notebook, (0, 0))
        result[exercise.notebook] = (count + (exercise.id in done), total + 1)
    return result


def coverage() -> dict[str, list[str]]:
    """``{clause id: [ids of the exercises that test it]}`` for every clause of docs/rules.md (empty lists
    name the clauses no exercise tests yet)."""
    result: dict[str, list[str]] = {clause: [] for clause in CLAUSES}
    for exercise in exercises.values():
        for clause in exercise.clauses:
            result[clause].append(exercise.id)
    return result


def uncovered() -> list[str]:
    """The clause ids that no exercise tests yet, in docs/rules.md order."""
    return [clause for clause, ids in coverage().items() if not ids]


__all__ = [
    "CLAUSES",
    "KINDS",
    "AnswerError",
    "Exercise",
    "Feedback",
    "Judge",
    "Translations",
    "Verdict",
    "coverage",
    "exercises",
    "for_notebook",
    "notebooks",
    "progress",
    "progress_summary",
    "uncovered",
]
