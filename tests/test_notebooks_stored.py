"""Notebooks are stored without outputs, and the course is listed where students look for it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "teacher").glob("*.ipynb"))
"""Both editions of the course (the teacher's is the source) and the other notebooks."""


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[f"{p.parent.name}/{p.name}" for p in NOTEBOOKS])
def test_notebook_is_stored_without_outputs(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [], f"{path.name}: a cell has outputs; strip them (nbstripout)"
            assert cell["execution_count"] is None, f"{path.name}: a cell has an execution count"


def test_there_is_a_welcome_notebook() -> None:
    assert {path.parent.name for path in NOTEBOOKS if path.name.startswith("00_")} == {"notebooks", "teacher"}


def test_nbstripout_finds_nothing_to_strip() -> None:
    """The standard tool agrees (cell ids are kept: ours are stable names, not counters)."""
    nbstripout = Path(sys.executable).with_name("nbstripout")
    result = subprocess.run(
        [str(nbstripout), "--verify", "--keep-id", *map(str, NOTEBOOKS)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
