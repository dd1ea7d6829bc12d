"""Notebooks are stored without outputs, and the course is listed where students look for it."""

from __future__ import annotations

import json
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
