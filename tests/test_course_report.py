"""tools/course_report.py counts what the registry and the teacher's notebooks hold."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

from phase10kit.course import exercises

ROOT = Path(__file__).resolve().parent.parent


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("course_report", ROOT / "tools" / "course_report.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["course_report"] = module
    spec.loader.exec_module(module)
    return module


report = load()


def test_prose_words_count_markdown_only_without_code(tmp_path: Path) -> None:
    notebook = {
        "cells": [
            {"cell_type": "markdown", "source": ["A run of `r[R3 G4 B5]` is three cards ([next](01_x.ipynb)).\n"]},
            {"cell_type": "code", "source": ["these words are code"]},
            {"cell_type": "markdown", "source": ["```python\nignored here\n```\nTwo more."]},
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
    named = {name for name in named if not name.endswith((".py", ".md", ".ipynb", ".jsonl"))}
    assert named and sorted(named - set(exercises)) == []
