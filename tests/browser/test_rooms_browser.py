"""Class play in Voila and Chromium: three people in three browsers (their own contexts: their own localStorage)
and one bot play a room to the end of a round. Mid-round one page is reloaded (its seat is kept) and one is closed
(a bot takes the seat after the idle time, every other page says so, then the owner comes back to it).

The people play what a SmartBot would play for their seat, chosen here from the room's game in the store and done
with clicks on their own page only. Meanwhile every page's DOM and every widget state its kernel sent are read:
no other seat's hidden card, no deck order, no other browser's pass. The store is PostgreSQL when the tests have a
server (always under CI), SQLite otherwise.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from playwright.sync_api import expect

from phase10kit.bots import SmartBot
from phase10kit.cards import card_in_text
from tests.browser.conftest import Server, voila_server
from tests.browser.pages import (
    DRAW_BUTTON,
    LOG,
    PHASE_REMINDER_CLASS,
    TABLE_HAND_CARD,
    WAIT,
    sent_text,
    table_text,
)
from tests.browser.room_pages import Player, play_one_move, room_now, wait_until
from tests.helpers import known_to
from widgets.room_page import PASS_KEY
from widgets.room_store import RoomStore
from widgets.store import STORE_VARIABLE

IDLE = 8
"""The room's idle time (seconds): short, so the closed page's seat is given to a bot soon."""
QUERY = f"room=new&seats=4&bots=smart&idle={IDLE}&speed=0.3"
NAMES = ("Ana", "Bo", "Cy")


@pytest.fixture(scope="module")
def store(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """PostgreSQL (a schema of its own) when the tests have a server, else a SQLite file."""
    try:
        server_url = request.getfixturevalue("postgres_url")
    except pytest.skip.Exception:
        yield str(tmp_path_factory.mktemp("rooms") / "tables.sqlite3")
        return
    from tests.postgres import fresh_schema

    with fresh_schema(server_url) as url:
        yield url


@pytest.fixture(scope="module")
def server(store: str) -> Iterator[Server]:
    env = {**os.environ, STORE_VARIABLE: store}
    extra = ("--ClassroomKernelManager.max_kernels_per_address=22",)
    with voila_server(".voila-rooms-test.log", env=env, extra=extra) as running:
        yield running


def _assert_nothing_hidden(rooms: RoomStore, code: str, players: dict[int, Player]) -> None:
    """Every open page's DOM and every widget state sent to it show nothing its seat may not see.

    The pages are read first and the store after: the game goes on meanwhile (the bots move), and what a seat
    has seen only grows, so a card on a page must be one its seat has seen by the store's later position.
    """
    texts = {
        seat: (
            ("DOM", table_text(player.page) + player.page.locator(".p10-room-page").inner_text()),
            ("widget state", sent_text(player.received, skip_classes=[PHASE_REMINDER_CLASS, "p10-hint"])),
        )
        for seat, player in players.items()
        if player.page is not None
    }
    passes = {seat: next(iter(players[seat].passes().values())) for seat in texts}
    _room_now, game = room_now(rooms, code)
    deck = [line for line in game.game.history if line.startswith(("deal", "pile"))]
    for seat, shown in texts.items():
        seen = known_to(SimpleNamespace(session=game, game=game.game), seat)  # type: ignore[arg-type]
        hidden = {card for other, hand in enumerate(game.game.hands) if other != seat for card in hand}
        hidden = (hidden | set(game.game.draw_pile)) - seen
        for where, text in shown:
            for card in hidden:
                found = card_in_text(card).search(text)
                around = text[max(0, found.start() - 120) : found.end() + 60] if found else ""
                assert not found, f"{card} is hidden from p{seat + 1} but in its {where}: ...{around}..."
            assert not any(line in text for line in deck), f"the deck order is in p{seat + 1}'s {where}"
            for other, room_pass in passes.items():
                if other != seat:
                    assert room_pass not in text, f"p{other + 1}'s pass is in p{seat + 1}'s {where}"


@pytest.mark.browser
def test_three_people_and_a_bot_play_a_round_with_a_reload_and_a_closed_page(
    server: Server, store: str, browser: Any
) -> None:
    rooms = RoomStore(store)
    ana, bo, cy = (Player(browser, server, name) for name in NAMES)
    ana.open(QUERY, ready=".p10-room-code")
    code = str(ana.page.locator(".p10-room-code").text_content())
    assert ana.page.url.endswith(f"?room={code}"), "the host's address is the room's"
    assert f"?room={code}" in str(ana.page.locator(".p10-room-link").get_attribute("href"))
    ana.take_seat(0)
    bo.open(f"room={code}&lang=es")
    bo.take_seat(1)
    cy.open(f"room={code}")
    cy.take_seat(2)
    expect(ana.page.locator(".p10-room-seat-3")).to_contain_text("Cy", timeout=WAIT)
    ana.page.locator(".p10-btn-start").click()
    for player in (ana, bo, cy):
        expect(player.page.locator(".p10-table")).to_be_visible(timeout=WAIT)
    expect(bo.page.locator(DRAW_BUTTON)).to_have_text("Robar")  # each player reads their own language
    for player in (ana, bo, cy):
        assert list(player.passes()) == [PASS_KEY + code], "the browser keeps its pass for the room, nothing else"
    players = {0: ana, 1: bo, 2: cy}
    bots = {seat: SmartBot(seed=seat + 1) for seat in players}
    _assert_nothing_hidden(rooms, code, players)

    # A few moves by the people: each shows on the other pages (their logs grow with it).
    moves = 0
    while moves < 6:
        if play_one_move(rooms, code, players, bots):
            moves += 1
            expect(cy.page.locator(LOG)).to_contain_text("p", timeout=WAIT)
        else:
            time.sleep(0.1)

    # Bo reloads: the browser's pass gives the seat back, with the hand the store holds for it.
    bo.page.reload(timeout=WAIT)
    expect(bo.page.locator(".p10-room-status")).to_contain_text("p2", timeout=WAIT)
    expect(bo.page.locator(".p10-table")).to_be_visible(timeout=WAIT)
    wait_until(
        "Bo's hand", lambda: bo.page.locator(TABLE_HAND_CARD).count() == len(room_now(rooms, code)[1].game.hands[1])
    )
    _assert_nothing_hidden(rooms, code, players)

    # Cy closes the page: on Cy's turn, after the idle time, a bot plays the seat and every page says so.
    cy.page.close()
    cy.page = None
    away = wait_until(
        "Cy's seat given to a bot",
        lambda: (play_one_move(rooms, code, players, bots) and False) or room_now(rooms, code)[0].seats[2].away,
        seconds=WAIT / 1000 + 4 * IDLE,
    )
    assert away
    for player in (ana, bo):
        expect(player.page.locator(".p10-room-status")).to_contain_text("p3 (Cy)", timeout=WAIT)
    position = room_now(rooms, code)[0].position
    # The people play on meanwhile (only the pages of players at the table move bots).
    wait_until(
        "a bot playing for Cy",
        lambda: (
            (play_one_move(rooms, code, players, bots) and False)
            or room_now(rooms, code)[0].position > position + 2
            or room_now(rooms, code)[1].sheet
        ),
    )

    # Cy comes back: the same browser finds its seat; the other pages no longer say Cy is away.
    cy.open(f"room={code}", ready=".p10-table")
    expect(cy.page.locator(".p10-room-status")).to_contain_text("You play p3.", timeout=WAIT)
    wait_until("Cy back", lambda: not room_now(rooms, code)[0].seats[2].away)
    expect(ana.page.locator(".p10-room-status")).not_to_contain_text("Cy", timeout=WAIT)
    _assert_nothing_hidden(rooms, code, players)

    # Everyone plays on to the end of the round.
    wait_until(
        "the end of the round",
        lambda: (play_one_move(rooms, code, players, bots) and False) or bool(room_now(rooms, code)[1].sheet),
        seconds=600,
    )
    for player in (ana, bo, cy):
        expect(player.page.locator(".p10-summary")).to_be_visible(timeout=WAIT)
    _assert_nothing_hidden(rooms, code, players)
    shots = os.environ.get("P10_ROOM_SCREENSHOTS")
    if shots:
        for player in (ana, bo, cy):
            player.page.screenshot(path=str(Path(shots) / f"room-{player.name}.png"), full_page=True)
    for player in (ana, bo, cy):
        player.context.close()
