"""The course in figures: per notebook its exercises (by kind), the rule clauses they test and its prose.

    python tools/course_report.py            # a plain table, then the course totals
    python tools/course_report.py --missing  # also list the clause ids no exercise tests yet

Exercises and clauses come from the registry (``phase10kit.course``); prose is every word of the teacher's
edition's markdown cells (``teacher/NN_name.ipynb``), code spans, URLs and the teacher's notes left out.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from phase10kit.course import CLAUSES, KINDS, for_notebook, uncovered  # noqa: E402

WORD = re.compile(r"[^\W\d_][\w'’-]*")
CODE = re.compile(r"```.*?```|`[^`]*`|\(https?://[^)]*\)|\([\w./-]+\.ipynb\)", re.DOTALL)


@dataclass(frozen=True)
class Row:
    notebook: str
    exercises: int
    kinds: Counter[str]
    clauses: tuple[str, ...]
    words: int


def prose_words(path: Path) -> int:
    """Words a student reads in the markdown cells of a notebook (code spans, fenced code and link targets
    excluded; the teacher's notes, cells tagged ``teacher-notes``, are not the student's prose)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = "\n".join(
        "".join(cell["source"])
        for cell in cells
        if cell["cell_type"] == "markdown" and "teacher-notes" not in cell.get("metadata", {}).get("tags", [])
    )
    return len(WORD.findall(CODE.sub(" ", text)))


def rows(folder: Path = ROOT / "teacher") -> list[Row]:
    """One row per notebook of the teacher's edition, in course order."""
    result = []
    for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
        asked = for_notebook(path.stem)
        clauses = tuple(dict.fromkeys(clause for exercise in asked for clause in exercise.clauses))
        result.append(Row(path.stem, len(asked), Counter(e.kind for e in asked), clauses, prose_words(path)))
    return result


def report(table: list[Row]) -> str:
    """The table and the course totals as text."""
    kinds = list(KINDS)
    head = f"{'notebook':<28} {'exercises':>9} " + " ".join(f"{k:>7}" for k in kinds) + f" {'clauses':>7} {'words':>6}"
    lines = [head, "-" * len(head)]
    for row in table:
        counts = " ".join(f"{row.kinds.get(kind, 0):>7}" for kind in kinds)
        lines.append(f"{row.notebook:<28} {row.exercises:>9} {counts} {len(row.clauses):>7} {row.words:>6}")
    total_kinds: Counter[str] = sum((row.kinds for row in table), Counter())
    covered = {clause for row in table for clause in row.clauses}
    lines.append("-" * len(head))
    counts = " ".join(f"{total_kinds.get(kind, 0):>7}" for kind in kinds)
    exercises = sum(row.exercises for row in table)
    words = sum(row.words for row in table)
    label = f"course ({len(table)} notebooks)"
    lines.append(f"{label:<28} {exercises:>9} {counts} {len(covered):>7} {words:>6}")
    lines.append("")
    lines.append(f"clause coverage: {len(covered)} of {len(CLAUSES)} clause ids have an exercise a student must solve")
    for row in table:
        lines.append(f"  {row.notebook}: {', '.join(row.clauses) or '-'}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if argv[1:] not in ([], ["--missing"]):
        print(__doc__)
        return 2
    print(report(rows()))
    if argv[1:] == ["--missing"]:
        missing = uncovered()
        print(f"\nclauses without an exercise ({len(missing)}): {', '.join(missing) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
