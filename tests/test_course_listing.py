"""Every course notebook is listed where students and teachers look for it: the welcome notebook and the README."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
COURSE = [path for path in LESSONS if not path.name.startswith("00_")]


def welcome_markdown() -> str:
    welcome = next(path for path in LESSONS if path.name.startswith("00_"))
    cells = json.loads(welcome.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")


def course_section(markdown: str) -> str:
    """The "Course" section of a Markdown text: from its heading to the next heading of the same or a higher level."""
    lines = markdown.splitlines()
    for start, line in enumerate(lines):
        heading = re.fullmatch(r"(#+) Course\s*", line)
        if heading:
            level = len(heading.group(1))
            section = []
            for following in lines[start + 1 :]:
                other = re.match(r"(#+) ", following)
                if other and len(other.group(1)) <= level:
                    break
                section.append(following)
            return "\n".join(section)
    return ""


def test_course_section_stops_at_the_next_heading() -> None:
    text = "# kit\n## Course\n1. `01_a.ipynb`: a\n### Notes\n`02_b.ipynb`\n## Layout\n`03_c.ipynb`\n"
    section = course_section(text)
    assert "01_a.ipynb" in section and "02_b.ipynb" in section and "03_c.ipynb" not in section
    assert course_section("# kit\n## Courses\n`01_a.ipynb`\n") == ""


def test_there_is_a_course() -> None:
    assert COURSE, "no course notebooks notebooks/01_*.ipynb ..."


def test_course_is_numbered_in_reading_order_without_gaps() -> None:
    numbers = [int(path.name[:2]) for path in COURSE]
    assert numbers == list(range(1, len(COURSE) + 1)), [path.name for path in COURSE]


@pytest.mark.parametrize("path", COURSE, ids=[p.name for p in COURSE])
def test_lesson_is_listed_in_the_welcome_notebook(path: Path) -> None:
    assert path.name in welcome_markdown(), f"teacher/00_welcome.ipynb does not list {path.name}"


@pytest.mark.parametrize("path", COURSE, ids=[p.name for p in COURSE])
def test_lesson_is_listed_in_the_readme_course_section(path: Path) -> None:
    section = course_section((ROOT / "README.md").read_text(encoding="utf-8"))
    assert section, "README.md has no '## Course' section"
    assert path.name in section, f"README.md's Course section does not list {path.name}"
