"""Games survive a reload: play, reload, "Resume game" gives the same hand and history; kill the kernel,
open the page again, resume. The browser keeps only the table id (localStorage), never a card.
"""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Server, voila_server
from tests.browser.pages import (
    DISCARD_BUTTON,
    DRAW_BUTTON,
    LOG,
    PLAY_MESSAGES,
    TABLE_HAND_CARD,
    WAIT,
    draw_a_card,
    hand_in_page,
    kernel_id,
    kernel_pid,
    new_play_page,
)
from tests.helpers import HeldLock
from widgets.store import STORE_VARIABLE, GameStore, is_table_id
from widgets.table_id import STORAGE_KEY

QUERY = "players=2&bots=greedy"  # no seed: a reload deals another game, so a resumed hand proves the resume


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    store = tmp_path_factory.mktemp("store") / "tables.sqlite3"
    with voila_server(".voila-resume-test.log", env={**os.environ, STORE_VARIABLE: str(store)}) as running:
        yield running, store


def _open(context: Any, server: Server) -> Any:
    return new_play_page(context, server.url, QUERY)


def _log(page: Any) -> str:
    return str(page.locator(LOG).text_content()).strip()


def _play_a_turn(page: Any) -> None:
    """Draw, discard the first card, wait for the bot's answer and the human's next turn."""
    draw_a_card(page)
    page.locator(TABLE_HAND_CARD).first.click()
    expect(page.locator(DISCARD_BUTTON)).to_be_enabled(timeout=WAIT)
    page.locator(DISCARD_BUTTON).click()
    expect(page.locator(DRAW_BUTTON)).to_be_enabled(timeout=WAIT)


def _settled(page: Any) -> tuple[list[str], str]:
    """The hand and the log once the page has shown the human's new turn in full.

    The hand, the log and the buttons are separate widgets whose updates reach the page one after the
    other, so the page counts as settled when it holds ten cards and two reads half a second apart agree.
    """
    expect(page.locator(TABLE_HAND_CARD)).to_have_count(10, timeout=WAIT)
    now = (hand_in_page(page), _log(page))
    for _ in range(WAIT // 500):
        page.wait_for_timeout(500)
        before, now = now, (hand_in_page(page), _log(page))
        if now == before:
            return now
    raise AssertionError("the page kept changing")


def _resume(page: Any, hand: list[str], log: str) -> None:
    """Click "Resume game" and wait until the page shows the resumed table: the saved log and hand."""
    button = page.locator(".p10-resume .p10-btn-resume")
    expect(button).to_be_visible(timeout=WAIT)
    button.click()
    expect(page.locator(".p10-resume")).to_be_hidden(timeout=WAIT)
    expect(page.locator(LOG)).to_have_text(log, timeout=WAIT)
    expect(page.locator(TABLE_HAND_CARD)).to_have_count(len(hand), timeout=WAIT)
    for _ in range(WAIT // 100):
        if hand_in_page(page) == hand:
            break
        page.wait_for_timeout(100)
    assert hand_in_page(page) == hand and _log(page) == log


@pytest.mark.browser
def test_reload_and_a_killed_kernel_resume_the_same_hand_and_history(server: tuple[Server, Path], context: Any) -> None:
    running, store_path = server
    page = _open(context, running)
    expect(page.locator(".p10-resume")).to_be_hidden()
    _play_a_turn(page)
    expect(page.locator(LOG)).to_contain_text("p2", timeout=WAIT)
    hand, log = _settled(page)

    # The browser holds the table id and nothing else.
    stored = json.loads(page.evaluate("() => JSON.stringify(window.localStorage)"))
    assert list(stored) == [STORAGE_KEY] and is_table_id(stored[STORAGE_KEY])
    table_id = stored[STORAGE_KEY]
    assert GameStore(store_path).load(table_id).status == "found"

    # Reload: a new kernel deals a new game and offers the saved one; resuming brings back hand and history.
    page.reload(timeout=WAIT)
    expect(page.locator(TABLE_HAND_CARD).first).to_be_visible(timeout=WAIT)
    assert hand_in_page(page) != hand, "without a seed the reloaded page should deal another game"
    _resume(page, hand, log)
    expect(page.locator(PLAY_MESSAGES)).to_have_text("")

    # The resumed game plays on and is saved again under the same id.
    _play_a_turn(page)
    hand, log = _settled(page)
    assert page.evaluate(f"() => window.localStorage.getItem('{STORAGE_KEY}')") == table_id

    # Kill the page's kernel (as a crash would), open the page again, resume.
    os.kill(kernel_pid(running.process.pid, kernel_id(page)), signal.SIGKILL)
    page.close()
    again = _open(context, running)
    _resume(again, hand, log)


@pytest.mark.browser
def test_a_remembered_id_with_no_saved_game_gives_a_new_game_and_a_note(
    server: tuple[Server, Path], context: Any
) -> None:
    running, _ = server
    context.add_init_script(f"window.localStorage.setItem('{STORAGE_KEY}', '{'A' * 22}')")
    page = _open(context, running)
    expect(page.locator(PLAY_MESSAGES)).to_contain_text("No game is saved under that table id", timeout=WAIT)
    expect(page.locator(".p10-resume")).to_be_hidden()
    expect(page.locator("body")).not_to_contain_text("Traceback")


@pytest.mark.browser
def test_a_held_store_lock_pauses_saving_on_the_page_and_the_game_lands_when_it_clears(
    server: tuple[Server, Path], context: Any
) -> None:
    running, store_path = server
    page = _open(context, running)
    _play_a_turn(page)
    status = page.locator(".p10-save-status")
    expect(status).to_have_text("")
    lock = HeldLock(store_path)  # another process holds the write lock, as a stuck kernel or a backup would
    try:
        started = time.monotonic()
        _play_a_turn(page)  # the table answers at once: saving waits on its own thread
        assert time.monotonic() - started < 30
        expect(status).to_contain_text("Saving is paused", timeout=WAIT)
        expect(page.locator("body")).not_to_contain_text("database is locked")
        _play_a_turn(page)
    finally:
        lock.release()
    expect(status).to_contain_text("Saving works again", timeout=WAIT)
    hand, log = _settled(page)
    table_id = page.evaluate(f"() => window.localStorage.getItem('{STORAGE_KEY}')")
    assert is_table_id(table_id)
    saved = GameStore(store_path).load(table_id)
    assert saved.status == "found" and saved.snapshot is not None and json.loads(saved.snapshot)["log"]
    # The admin's log has the reason; the table id stays out of it.
    server_log = running.log.read_text(errors="replace")
    assert "[phase10kit] WARNING | saving paused" in server_log and table_id not in server_log
    page.close()
    again = _open(context, running)
    _resume(again, hand, log)
