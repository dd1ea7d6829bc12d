"""tools/course_report.py counts what the registry and the teacher's notebooks hold."""

from __future__ import annotations

import json
import re
from pathlib import Path

from phase10kit.course import exercises
from tests.helpers import load_tool

ROOT = Path(__file__).resolve().parent.parent


report = load_tool("course_report", "course_report.py")


def test_prose_words_count_markdown_only_without_code(tmp_path: Path) -> None:
    notebook = {
        "cells": [
            {"cell_type": "markdown", "source": ["A run of `r[R3 G4 B5]` is three cards ([next](01_x.ipynb)).\n"]},
            {"cell_type": "code", "source": ["these words are code"]},
            {"cell_type": "markdown", "source": ["```python\nignored here\n```\nTwo more."]},
            {"cell_type": "markdown", "metadata": {"tags": ["teacher-notes"]}, "source": ["For the teacher only."]},
        ]
    }
    path = tmp_path / "01_x.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    assert report.prose_words(path) == 9  # A run of, is three cards, next, Two more: a link counts, its target not


def test_report_totals_match_the_registry() -> None:
    table = report.rows()
    assert sum(row.exercises for row in table) == len(exercises)
    text = report.report(table)
    assert f"course ({len(table)} notebooks)" in text and "clause coverage:" in text


def test_every_exercise_named_in_the_teaching_guide_exists() -> None:
    text = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z0-9_]+\.[a-z0-9_]+)`", text)) - {"rules.md", "slides.md", "classroom.md"}
    named = {name for name in named if not name.endswith((".py", ".md", ".ipynb", ".jsonl")) and not name[0].isdigit()}
    prefixes = {exercise_id.split(".")[0] for exercise_id in exercises}  # `card.number`, `view.legal` are code
    named = {name for name in named if name.split(".")[0] in prefixes}
    assert named and sorted(named - set(exercises)) == []
