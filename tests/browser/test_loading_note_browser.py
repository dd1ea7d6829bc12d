"""While Voila runs a page's notebook, the page says so in the page's language, still (no spinner turning).

Voila's scripts are refused here, so the note stays on screen to be read (Voila removes it once its scripts have
drawn the page): what a student reads while a class arrives together, before any of the kit's widgets exist.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from phase10kit.i18n import translator
from phase10kit_server.loading import LOADING_NOTES, STEP_NOTE, WAIT_NOTE
from tests.browser.pages import WAIT

pytestmark = pytest.mark.browser

VOILA_SCRIPTS = re.compile(r"/(voila|voila-style)\.js(\?|$)")


def _note_of(local_page: Any, url: str) -> Any:
    page = local_page
    page.route(VOILA_SCRIPTS, lambda route: route.abort())
    page.goto(url, wait_until="commit")
    note = page.locator("#loading")
    expect(note).to_be_visible(timeout=WAIT)
    return note


@pytest.mark.parametrize("lang", ["hr", "ko"])
def test_the_table_page_says_it_is_setting_up_the_table_in_the_urls_language(
    local_page: Any, voila_url: str, lang: str
) -> None:
    note = _note_of(local_page, f"{voila_url}/voila/render/play.ipynb?seed=2&lang={lang}")
    t = translator(lang)
    expect(note.locator(".p10-loading-note")).to_have_text(t.gettext(LOADING_NOTES["table"]), timeout=WAIT)
    expect(note.locator(".p10-loading-wait")).to_have_text(t.gettext(WAIT_NOTE))
    expect(note).to_have_attribute("role", "status")
    assert local_page.evaluate("document.documentElement.lang") == lang
    # A table is one cell: no "Step 1 of 1", and none of Voila's English ("Running play.ipynb", "Executing").
    expect(note.locator(".p10-loading-step")).to_have_text("")
    expect(local_page.locator("body")).not_to_contain_text(re.compile("Running|Executing|Reading"))
    assert local_page.evaluate("document.getAnimations().length") == 0, "the note stands still"


def test_a_translated_lesson_counts_its_steps_in_its_own_language(local_page: Any, voila_url: str) -> None:
    note = _note_of(local_page, f"{voila_url}/voila/render/es/02_sets.ipynb")
    t = translator("es")
    expect(note.locator(".p10-loading-note")).to_have_text(t.gettext(LOADING_NOTES["page"]), timeout=WAIT)
    step = t.gettext(STEP_NOTE)
    pattern = re.escape(step).replace(re.escape("{index}"), r"\d+").replace(re.escape("{count}"), r"\d+")
    expect(note.locator(".p10-loading-step")).to_have_text(re.compile(f"^{pattern}$"), timeout=WAIT)
    assert local_page.evaluate("document.documentElement.lang") == "es"


def test_an_unknown_language_in_the_address_gives_the_notebooks_own(local_page: Any, voila_url: str) -> None:
    note = _note_of(local_page, f"{voila_url}/voila/render/play.ipynb?seed=2&lang=__proto__")
    expect(note.locator(".p10-loading-note")).to_have_text(LOADING_NOTES["table"], timeout=WAIT)
