"""Notebooks are stored without outputs, and the course is listed where students look for it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_stored_without_outputs(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [], f"{path.name}: a cell has outputs; strip them (nbstripout)"
            assert cell["execution_count"] is None, f"{path.name}: a cell has an execution count"


def test_there_is_a_welcome_notebook() -> None:
    assert any(path.name.startswith("00_") for path in NOTEBOOKS)


def test_nbstripout_finds_nothing_to_strip() -> None:
    """The standard tool agrees (cell ids are kept: ours are stable names, not counters)."""
    nbstripout = Path(sys.executable).with_name("nbstripout")
    result = subprocess.run(
        [str(nbstripout), "--verify", "--keep-id", *map(str, NOTEBOOKS)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
