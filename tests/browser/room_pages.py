"""What the room tests and the latency benchmark share about rooms in the browser: a person (a browser context of
their own, their page and what its kernel sent it), the room's game read from the store, and a SmartBot's move done
on a page with the clicks a student would make. One home for each (``pages.py`` holds the table's own helpers).
"""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import expect

from phase10kit.actions import Action, Discard, Draw, Hit, Lay, Take
from phase10kit.bots import SmartBot
from phase10kit.cards import Card
from tests.browser.conftest import Server
from tests.browser.pages import (
    DISCARD_BUTTON,
    DRAW_BUTTON,
    HAND_CARD,
    LAY_BUTTON,
    TABLE_HAND_CARD,
    WAIT,
    KernelMessage,
    decode_frame,
    loopback_page,
    play_url,
)
from widgets.room_play import RoomGame
from widgets.room_store import Room, RoomStore

__all__ = ["Player", "click_action", "decoded", "play_one_move", "room_now", "wait_until"]


class Player:
    """One person: a browser context of their own, their page, and every kernel message that page received."""

    def __init__(self, browser: Any, server: Server, name: str) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 800})
        self.server, self.name = server, name
        self.received: list[KernelMessage] = []
        self.page: Any = None

    def open(self, query: str, ready: str = ".p10-room-seats") -> None:
        page = loopback_page(self.context)

        def on_socket(socket: Any) -> None:
            socket.on("framereceived", lambda payload: self.received.append(decoded(payload)))

        page.on("websocket", on_socket)
        page.goto(play_url(self.server.url, query), timeout=WAIT)
        expect(page.locator(ready).first).to_be_visible(timeout=WAIT)
        self.page = page

    def take_seat(self, seat: int) -> None:
        self.page.locator(".p10-room-name input").fill(self.name)
        self.page.locator(".p10-room-name input").press("Tab")
        self.page.locator(f".p10-room-seat-{seat + 1} .p10-btn-take-seat").click()
        # "You play p2." in the page's language: the seat's name is the same in every one.
        expect(self.page.locator(".p10-room-status")).to_contain_text(f"p{seat + 1}", timeout=WAIT)
        expect(self.page.locator(".p10-btn-take-seat:visible")).to_have_count(0, timeout=WAIT)

    def passes(self) -> dict[str, str]:
        return dict(json.loads(self.context.pages[0].evaluate("() => JSON.stringify(window.localStorage)")))


def decoded(payload: str | bytes) -> KernelMessage:
    try:
        return decode_frame(payload)
    except (ValueError, KeyError, UnicodeDecodeError):
        text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
        return KernelMessage("undecoded", {}, {}, {}, {"frame": text})


def room_now(rooms: RoomStore, code: str) -> tuple[Room, RoomGame]:
    room = rooms.load(code)
    assert room is not None and room.stage == "playing"
    return room, RoomGame.read(room.snapshot)


def wait_until(what: str, done: Any, seconds: float = WAIT / 1000) -> Any:
    deadline = time.monotonic() + seconds
    while not (result := done()):
        assert time.monotonic() < deadline, f"waited {seconds:.0f} s for {what}"
        time.sleep(0.1)
    return result


def _select(page: Any, cards: list[Card]) -> None:
    """Select ``cards`` (a multiset) in the page's hand with clicks, each on a copy not yet selected."""
    for card in cards:
        free = page.locator(f'{HAND_CARD}[data-card="{card}"][aria-pressed="false"]').first
        free.click()
    expect(page.locator(f'{HAND_CARD}[aria-pressed="true"]')).to_have_count(len(cards), timeout=WAIT)


def click_action(page: Any, game: RoomGame, seat: int, action: Action) -> None:
    """Do ``action`` on ``seat``'s page with the clicks a student would make."""
    if isinstance(action, Draw | Take):
        button = page.locator(DRAW_BUTTON if isinstance(action, Draw) else ".p10-btn-take")
        expect(button).to_be_enabled(timeout=WAIT)
        button.click()
        return
    if isinstance(action, Lay):
        _select(page, list(action.cards))
        expect(page.locator(LAY_BUTTON)).to_be_enabled(timeout=WAIT)
        page.locator(LAY_BUTTON).click()
        return
    if isinstance(action, Hit):
        _select(page, [action.card])
        hits = [hit for hit in game.game.view(seat).hits() if hit.card == action.card]
        option = page.locator(".p10-hit-option").nth(hits.index(action))
        expect(option).to_be_visible(timeout=WAIT)
        option.click()
        return
    assert isinstance(action, Discard)
    _select(page, [action.card])
    if action.target is not None:
        targets = sorted({a.target for a in game.game.view(seat).discards() if a.card == action.card})
        page.locator(".p10-skip-target select").select_option(index=1 + targets.index(action.target))
    expect(page.locator(DISCARD_BUTTON)).to_be_enabled(timeout=WAIT)
    page.locator(DISCARD_BUTTON).click()


def play_one_move(rooms: RoomStore, code: str, players: dict[int, Player], bots: dict[int, SmartBot]) -> bool:
    """If a person at an open page is to play, play their move by clicks and wait for it in the store; whether one
    was played (False: a bot, a stand-in or an absent player is to move: the room does that)."""
    room, game = room_now(rooms, code)
    seat = game.game.current_player
    player = players.get(seat)
    if game.game.is_over() or player is None or player.page is None or room.seats[seat].away or game.sheet:
        return False
    page = player.page
    # The page shows this very position: its turn, and the hand the store holds for the seat.
    expect(page.locator(".p10-turn-yours")).to_be_visible(timeout=WAIT)
    expect(page.locator(TABLE_HAND_CARD)).to_have_count(len(game.game.hands[seat]), timeout=WAIT)
    action = bots[seat].choose(game.game.view(seat))
    click_action(page, game, seat, action)
    wait_until("the move in the store", lambda: rooms.load(code).position > room.position)  # type: ignore[union-attr]
    return True
