"""The play page's "Connection lost" banner (widgets/connection.py): its sentence in the page's language, its
place at the top of the page, its ping answered and nothing else, nothing of the game in it.
(The browser side, a real kernel lost and a socket that drops and comes back: tests/browser/test_connection_browser.py.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from phase10kit.i18n import LANGUAGES, translator
from widgets.connection import LOST, LOST_NOT_SAVED, ConnectionBanner
from widgets.play import play_page
from widgets.store import GameStore

QUERY = "seed=5&players=2&bots=greedy"


def _sent(banner: ConnectionBanner) -> list[Any]:
    sent: list[Any] = []
    banner.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    return sent


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_sentence_comes_from_the_catalog_of_the_pages_language(lang: str, tmp_path: Path) -> None:
    page = play_page(f"{QUERY}&lang={lang}", store=GameStore(tmp_path / "tables.sqlite3"))
    assert page.children[0] is page.banner and "p10-play-page" in page._dom_classes
    assert page.banner.text == translator(lang).gettext(LOST)
    if lang != "en":
        assert page.banner.text != LOST


def test_without_saved_games_the_banner_does_not_promise_a_resume() -> None:
    page = play_page(QUERY, store=False)
    assert page.banner.text == LOST_NOT_SAVED


def test_the_banner_follows_the_tables_language_menu(tmp_path: Path) -> None:
    page = play_page(QUERY, store=GameStore(tmp_path / "tables.sqlite3"))
    page.table.lang_choice.value = "uk"  # what the table's language menu sends
    assert page.table.lang == "uk" and page.banner.text == translator("uk").gettext(LOST)


def test_the_kernel_answers_the_ping_and_nothing_else() -> None:
    banner = ConnectionBanner("en")
    sent = _sent(banner)
    for content in ({"ping": 2}, {"ping": "1"}, {"pong": 1}, ["ping"], "ping", None, {}):
        banner._handle_custom_msg(content, [])
    assert sent == []
    banner._handle_custom_msg({"ping": 1}, [])
    assert sent == [{"pong": 1}]


def test_the_browser_changes_nothing_and_the_banner_holds_no_game(tmp_path: Path) -> None:
    page = play_page(QUERY, store=GameStore(tmp_path / "tables.sqlite3"))
    banner = page.banner
    before = banner.get_state()
    banner.set_state({"text": "<b>forged</b>", "grace_ms": 0, "silence_ms": 1, "scope": "body"})
    assert banner.get_state() == before
    # What it syncs: the sentence, three durations and a selector; never a card, a seed or the game.
    own = {"text", "grace_ms", "ping_ms", "silence_ms", "scope"}
    assert {key for key in before if not key.startswith("_")} == own | {"layout", "tabbable", "tooltip"}
    assert before["tooltip"] is None and before["text"] == LOST
