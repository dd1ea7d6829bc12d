"""The play page in Korean and Ukrainian, in Chromium: translated labels, translated cards, no error, a live menu."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from phase10kit.i18n import LANGUAGES, translator
from tests.browser.pages import (
    DRAW_BUTTON,
    ERROR_AREA,
    ERROR_MARKER,
    HAND_CARD,
    PLAY_MESSAGES,
    TABLE,
    TABLE_HAND_CARD,
    WAIT,
    open_play_page,
)
from widgets.table import BUTTONS

pytestmark = pytest.mark.browser

UKRAINIAN_CARD = re.compile(r"^(?:\d+ (?:червона|синя|зелена|жовта) \([RBGY]\d+\)|W: Джокер|S: Пропуск)$")


def _open(page: Any, voila_url: str, lang: str) -> None:
    open_play_page(page, voila_url, f"lang={lang}&seed=3&players=2&bots=greedy")


@pytest.mark.parametrize("lang", ["ko", "uk"])
def test_the_play_page_shows_the_table_in_the_urls_language(local_page: Any, voila_url: str, lang: str) -> None:
    page = local_page
    _open(page, voila_url, lang)
    t = translator(lang)
    for key, msgid in BUTTONS.items():
        button = page.locator(f".p10-table .p10-btn-{key}")
        expect(button).to_have_text(t.gettext(msgid), timeout=WAIT)
        assert t.gettext(msgid) != msgid
    expect(page.locator(".p10-table .p10-title")).to_contain_text(t.gettext("Phase 10 — round {number}").split("{")[0])
    labels = page.locator(HAND_CARD).evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    assert labels and all(label for label in labels)
    wild, skip = t.gettext("Wild"), t.gettext("Skip")
    colours = [t.gettext(name) for name in ("red", "blue", "green", "yellow")]
    assert all(any(word in str(label) for word in [wild, skip, *colours]) for label in labels), labels
    expect(page.locator("body")).not_to_contain_text(ERROR_MARKER)
    expect(page.locator(PLAY_MESSAGES)).to_have_text("")
    expect(page.locator(f"{TABLE} {ERROR_AREA}")).to_have_text("")


def test_the_language_menu_switches_the_page_live(local_page: Any, voila_url: str) -> None:
    page = local_page
    _open(page, voila_url, "ko")
    expect(page.locator(f"{TABLE} {DRAW_BUTTON}")).to_have_text("뽑기", timeout=WAIT)
    page.locator(".p10-lang select").select_option(label=LANGUAGES["uk"])
    expect(page.locator(f"{TABLE} {DRAW_BUTTON}")).to_have_text("Тягнути", timeout=WAIT)
    expect(page.locator(".p10-table .p10-hand .p10-hand-row")).to_have_attribute(
        "aria-label", "Твоя рука", timeout=WAIT
    )
    expect(page.locator(TABLE_HAND_CARD).first).to_have_attribute("aria-label", UKRAINIAN_CARD, timeout=WAIT)
    expect(page.locator("body")).not_to_contain_text(ERROR_MARKER)
    expect(page.locator(f"{TABLE} {ERROR_AREA}")).to_have_text("")
