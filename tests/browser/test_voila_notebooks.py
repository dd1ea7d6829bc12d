"""Every lesson of the student edition renders in Voila in a real browser without a failing cell.

The classroom deck has its own test (test_deck_browser.py): its last output sits on a hidden slide.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.pages import ERROR_MARKER, WAIT

FOLDER = Path(__file__).resolve().parents[2] / "notebooks"
NOTEBOOKS = sorted(FOLDER.glob("[0-9]*.ipynb"))


@pytest.mark.browser
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_tutorial_notebook_renders_in_voila(voila_url: str, local_page: Any, path: Path) -> None:
    local_page.goto(f"{voila_url}/voila/render/{path.name}", timeout=WAIT)
    # Voila streams the cells' outputs as the kernel runs them and hides its spinner once all have run (the last
    # cell may show nothing: a grade cell under Voila does not).
    expect(local_page.locator(".jp-OutputArea-output").first).to_be_visible(timeout=WAIT)
    expect(local_page.locator("#loading")).to_be_hidden(timeout=WAIT)
    expect(local_page.locator("body")).not_to_contain_text(ERROR_MARKER)
