"""A translated lesson and a translated table in Voila, in Chromium: the notebook's language everywhere, no error.

The pages name no ``lang=`` in their address: the notebooks set their language themselves (``set_language``).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from phase10kit.i18n import translator
from widgets.table import BUTTONS

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.browser.pages import DRAW_BUTTON, ERROR_MARKER, SPOT_ACTION, TABLE, WAIT, open_page, open_play_page  # noqa: E402
from tests.test_notebook_translations import english_words  # noqa: E402
from tools import translate_notebooks  # noqa: E402
from widgets.handing_in import NEEDS_CODE  # noqa: E402

pytestmark = pytest.mark.browser


def first_heading(lang: str, notebook: str) -> str:
    """The lesson's title as its translation writes it (the catalog's translation of the English heading)."""
    source = next(source for source in translate_notebooks.sources() if source.name == notebook)
    catalog = translate_notebooks.load(translate_notebooks.catalog_path(source, lang), lang)
    english = translate_notebooks.template(source)
    heading = next(entry.id for entry in english if entry.id and "heading" in entry.auto_comments)
    return str(catalog[heading].string)


def test_a_ukrainian_lesson_speaks_ukrainian_in_its_text_and_its_widgets(local_page: Any, voila_url: str) -> None:
    page = local_page
    open_page(page, f"{voila_url}/voila/render/uk/03_runs.ipynb", SPOT_ACTION)
    expect(page.locator("h1").first).to_contain_text(first_heading("uk", "03_runs"))
    t = translator("uk")
    expect(page.locator(".p10-course-exercise")).to_have_count(6)
    expect(page.locator(".p10-check").first).to_have_text(t.gettext("Check"))
    expect(page.locator(".p10-kind-write")).to_contain_text(t.gettext(NEEDS_CODE).split(":")[0])
    prose = page.locator(".jp-MarkdownOutput, .jp-RenderedMarkdown").all_inner_texts()
    assert prose and not [text for text in prose if len(english_words(text)) >= 2]
    questions = page.locator(".p10-question").all_inner_texts()
    assert questions and not [text for text in questions if len(english_words(text)) >= 2]
    assert re.search("[а-яіїєґ]", " ".join(questions), re.IGNORECASE)


def test_the_korean_play_page_is_korean_without_lang_in_its_address(local_page: Any, voila_url: str) -> None:
    page = local_page
    open_play_page(page, voila_url, "seed=3&players=2&bots=greedy", path="/voila/render/ko/play.ipynb")
    t = translator("ko")
    for key, msgid in BUTTONS.items():
        expect(page.locator(f".p10-table .p10-btn-{key}")).to_have_text(t.gettext(msgid), timeout=WAIT)
    expect(page.locator(".p10-table .p10-title")).to_contain_text(t.gettext("Phase 10 — round {number}").split("{")[0])
    expect(page.locator("body")).not_to_contain_text(ERROR_MARKER)
    expect(page.locator(".p10-play-messages")).to_have_text("")
    page.locator(f"{TABLE} {DRAW_BUTTON}").click()
    expect(page.locator(".p10-table .p10-log")).to_contain_text("뽑", timeout=WAIT)
    expect(page.locator(".p10-table .p10-error")).to_have_text("")
