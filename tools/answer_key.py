"""The course's answer key for teachers: one printable page per lesson and language, from the exercise registry.

    python tools/answer_key.py            # write docs/answer_key/<lang>/NN_name.md and README.md, every language
    python tools/answer_key.py --check    # exit 1 naming every page that is missing or out of date (the tests run it)
    python tools/answer_key.py --lang hr  # only Croatian (repeatable)

The pages are made by ``phase10kit.course.answer_key`` from the registry (question, answer, rule clauses, worked
solution, the known wrong answers and what the checker says to each) and the catalogs; this script adds what
only the teacher's notebook knows, the lesson's title and the code of its solution cells, from
``teacher/NN_name.ipynb`` (English) or ``teacher/<lang>/NN_name.ipynb``. A change to an exercise, a catalog or a
teacher's notebook makes ``--check`` fail until the pages are written again.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from phase10kit.course.answer_key import index_page, lesson_page  # noqa: E402
from phase10kit.i18n import LANGUAGES  # noqa: E402

TEACHER = ROOT / "teacher"
KEY = ROOT / "docs" / "answer_key"
GRADED = re.compile(r'\.grade\("([^"]+)"')
MARKER = re.compile(r"^\s*### (BEGIN|END) SOLUTION\s*$")


def teacher_notebooks(lang: str) -> list[Path]:
    """The teacher's notebooks of the course in ``lang``, in order."""
    folder = TEACHER if lang == "en" else TEACHER / lang
    return sorted(folder.glob("[0-9][0-9]_*.ipynb"))


def _cells(path: Path) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return cells


def _source(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else str(source)


def title(path: Path) -> str:
    """The notebook's title: the first heading of its first cell (``# 03 · Runs`` gives ``03 · Runs``)."""
    for line in _source(_cells(path)[0]).splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem


def solution_cells(path: Path) -> dict[str, str]:
    """``{exercise id: the code of its solution cell}``: for each grade cell, the solution cell before it, with
    nbgrader's solution markers left out."""
    found: dict[str, str] = {}
    solution = ""
    for cell in _cells(path):
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if meta.get("solution"):
            solution = "\n".join(line for line in _source(cell).splitlines() if not MARKER.match(line))
        elif meta.get("grade") and (graded := GRADED.search(_source(cell))):
            found[graded[1]] = solution
            solution = ""
    return found


def pages(lang: str) -> dict[Path, str]:
    """Every page of the key in ``lang``, with its text."""
    titles: dict[str, str] = {}
    result: dict[Path, str] = {}
    for path in teacher_notebooks(lang):
        titles[path.stem] = title(path)
        text = lesson_page(path.stem, lang, title=titles[path.stem], solutions=solution_cells(path))
        result[KEY / lang / f"{path.stem}.md"] = text
    result[KEY / lang / "README.md"] = index_page(titles, lang)
    return result


def check(langs: list[str]) -> list[str]:
    """The pages of ``langs`` that are missing, out of date, or left over: empty when the key is current."""
    problems = []
    for lang in langs:
        wanted = pages(lang)
        for path, text in wanted.items():
            if not path.exists():
                problems.append(f"{path.relative_to(ROOT)} is missing")
            elif path.read_text(encoding="utf-8") != text:
                problems.append(f"{path.relative_to(ROOT)} is out of date")
        for path in sorted((KEY / lang).glob("*.md")):
            if path not in wanted:
                problems.append(f"{path.relative_to(ROOT)} belongs to no lesson")
    return problems


def write(langs: list[str]) -> list[Path]:
    """Write the pages of ``langs`` (and remove pages of lessons that are gone); the files written."""
    written = []
    for lang in langs:
        wanted = pages(lang)
        (KEY / lang).mkdir(parents=True, exist_ok=True)
        for path in (KEY / lang).glob("*.md"):
            if path not in wanted:
                path.unlink()
        for path, text in wanted.items():
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
                written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="report pages out of date and exit 1 if there are any")
    parser.add_argument("--lang", action="append", choices=list(LANGUAGES), help="only this language (repeatable)")
    args = parser.parse_args(argv)
    langs = args.lang or list(LANGUAGES)
    if args.check:
        problems = check(langs)
        print("\n".join(problems) if problems else "the answer key is up to date")
        if problems:
            print("run: python tools/answer_key.py")
        return 1 if problems else 0
    for path in write(langs):
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
