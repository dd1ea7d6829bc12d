"""The room page without a browser: opening and joining a room, seats and names, the host's Start, each page's
table from its own seat in its own language, the away note on every page, a freed seat, the address's values,
and nothing synced to a page that its seat may not see (no other hand, no deck order, no other page's pass)."""

from __future__ import annotations

from html import escape
from pathlib import Path

import pytest

from phase10kit.bots import GreedyBot
from phase10kit.cards import card_in_text
from phase10kit.i18n import translator
from tests.helpers import HeldLock, known_to, play_with_buttons, synced_text
from widgets.play import play_page
from widgets.room_page import PASS_KEY, TEXT, RoomPage
from widgets.room_store import RoomStore
from widgets.session_room import REFUSED as SESSION_REFUSED
from widgets.store import GameStore


@pytest.fixture()
def rooms(tmp_path: Path) -> RoomStore:
    return RoomStore(tmp_path / "t.sqlite3")


def host_and_guest(rooms: RoomStore, query: str = "room=new&seats=3&bots=1&speed=0") -> tuple[RoomPage, RoomPage]:
    host = RoomPage(query, rooms)
    assert host.link is not None
    host.seats_panel.name.value = "Ana"
    host.seats_panel.take_buttons[0].click()
    guest = RoomPage(f"room={host.link.code}&lang=es", rooms)
    guest.seats_panel.name.value = "Bo <b>"
    guest.seats_panel.take_buttons[1].click()
    host.link.refresh()
    return host, guest


def said(page: RoomPage, msgid: str) -> str:
    """A page's sentence in its language, escaped as the page writes it."""
    return escape(translator(page.lang).gettext(msgid))


def settle(*pages: RoomPage) -> None:
    for page in pages:
        assert page.link is not None
        page.link.step()


def play_until(pages: dict[int, RoomPage], done: object, limit: int = 400) -> None:
    """The seated pages play their seats through the table's buttons (a bot chooses) until ``done()``."""
    bots = {seat: GreedyBot(seed=seat + 1) for seat in pages}
    for _ in range(limit):
        settle(*pages.values())
        if done():  # type: ignore[operator]
            return
        for seat, page in pages.items():
            assert page.table is not None and page.session is not None
            if page.session.state == "summary":
                page.table.next_button.click()
            if page.session.state == "human":
                play_with_buttons(page.table, bots[seat].choose(page.session.game.view(seat)))
                assert page.table.status.tone != "problem", page.table.status.text
    raise AssertionError("the game did not get there")


def test_the_address_with_a_room_gives_the_room_page(tmp_path: Path) -> None:
    page = play_page("room=new&seats=2", store=GameStore(tmp_path / "t.sqlite3"))
    assert isinstance(page, RoomPage) and page.link is not None
    assert page.address.code == page.link.code and page.address.own_query == f"room={page.link.code}"
    assert page.keeper.storage_key == PASS_KEY + page.link.code and page.keeper.remember
    assert page.keeper.table_id == page.link.room_pass, "the host's browser keeps the host's pass"
    assert "p10-room-page" in page._dom_classes
    assert isinstance(play_page("room=new", store=False), RoomPage)


def test_joining_takes_a_seat_with_one_click_under_the_hubs_user_name(
    rooms: RoomStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = RoomPage("room=new&seats=3", rooms)
    assert host.link is not None
    monkeypatch.setenv("JUPYTERHUB_USER", "marta.k")
    guest = RoomPage(f"room={host.link.code.lower()}", rooms)
    assert guest.seats_panel.name.value == "marta.k"
    guest.seats_panel.take_buttons[2].click()
    assert guest.link is not None and guest.link.seat == 2 and guest.keeper.table_id == guest.link.room_pass
    host.link.refresh()
    assert "marta.k" in host.seats_panel.labels[2].value
    assert host.seats_panel.free_buttons[2].layout.display == "" and guest.seats_panel.free_buttons[2].layout.display
    # One seat per browser: the other seats' buttons are gone from this page.
    assert all(button.layout.display == "none" for button in guest.seats_panel.take_buttons)


def test_the_host_starts_and_each_page_shows_its_own_seat_in_its_own_language(rooms: RoomStore) -> None:
    host, guest = host_and_guest(rooms)
    assert guest.seats_panel.start not in guest.seats_panel.children, "only the host has Start"
    host.seats_panel.start.click()
    settle(guest)
    assert host.table is not None and guest.table is not None
    assert host.session is not None and guest.session is not None
    assert (host.session.viewer, guest.session.viewer) == (0, 1)
    assert guest.table.buttons["draw"].description == "Robar" and host.table.buttons["draw"].description == "Draw"
    assert "Bo &lt;b&gt;" in host.table.opponent_views[1].value, "names are escaped"
    states = {host.session.state, guest.session.state}
    assert "human" in states and states <= {"human", "bots"}
    assert host.table.speed_choice.layout.display == "none" and host.table.teaching_choice.layout.display == "none"


def test_a_round_played_through_the_buttons_opens_each_pages_own_summary(rooms: RoomStore) -> None:
    host, guest = host_and_guest(rooms)
    host.seats_panel.start.click()
    settle(guest)
    pages = {0: host, 1: guest}
    # Done as soon as either page has seen the round end: it may see it first (its kernel moved the bot that went
    # out), and must not close its summary before the other has looked.
    play_until(pages, lambda: any(page.link.game.sheet for page in pages.values()))  # type: ignore[union-attr]
    settle(host, guest)
    for page in (host, guest):
        assert page.session is not None and page.session.summary is not None, page.session and page.session.state
        assert page.table is not None and page.table.summary_box.layout.display != "none"


def test_nothing_a_page_may_not_see_is_synced_to_it(rooms: RoomStore) -> None:
    host, guest = host_and_guest(rooms)
    host.seats_panel.start.click()
    watcher = RoomPage(f"room={host.link.code}", rooms)  # type: ignore[union-attr]
    pages = {0: host, 1: guest}
    for turn in range(5):
        play_until(pages, lambda turn=turn: host.link.room.position > 5 * turn)  # type: ignore[union-attr]
        settle(watcher)
        for page, seat in ((host, 0), (guest, 1), (watcher, None)):
            assert page.table is not None and page.link is not None
            game = page.table.game
            hidden = {card for other in range(game.players) if other != seat for card in game.hands[other]}
            hidden = (hidden | set(game.draw_pile)) - known_to(page.table, seat)
            text = synced_text(page, without=("p10-hint", "p10-phase-reminder"), model_ids=True)
            for card in hidden:
                assert not card_in_text(card).search(text), f"{card} is hidden from seat {seat} but synced"
            for line in game.history:
                if line.startswith(("deal", "pile")):
                    assert line not in text
            for other in (host, guest):
                if other is not page:
                    assert other.link is not None and str(other.link.room_pass) not in text


def test_an_idle_player_is_said_to_be_away_on_every_page_and_comes_back(
    rooms: RoomStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    host, guest = host_and_guest(rooms, "room=new&seats=3&bots=1&speed=0&idle=5")
    host.seats_panel.start.click()
    settle(guest)
    assert host.link is not None and host.link.game is not None and host.link.room is not None
    idle_seat = host.link.game.game.current_player
    idle_page = {0: host, 1: guest}[idle_seat] if idle_seat in (0, 1) else None
    if idle_page is None:
        pytest.skip("the bot plays first in this deal")
    now = rooms.now()
    monkeypatch.setattr(rooms, "now", lambda: now + 6)
    settle(host, guest)
    settle(host, guest)
    other = guest if idle_page is host else host
    name = "Ana" if idle_page is host else "Bo <b>"
    away = said(other, TEXT["away"]).format(seat=f"p{idle_seat + 1}", name=escape(name))
    assert away in other.status.value and other.back_button.layout.display == "none"
    assert idle_page.back_button.layout.display == "" and said(idle_page, TEXT["you-away"]) in idle_page.status.value
    assert idle_page.session is not None and idle_page.session.state != "human"
    idle_page.back_button.click()
    settle(host, guest)
    assert away not in other.status.value and idle_page.back_button.layout.display == "none"


def test_a_freed_seat_turns_its_page_into_a_spectator_who_may_take_a_free_seat(rooms: RoomStore) -> None:
    host, guest = host_and_guest(rooms)
    host.seats_panel.start.click()
    settle(guest)
    host.seats_panel.free_buttons[1].click()
    settle(guest)
    assert guest.link is not None and guest.link.seat is None
    assert guest.session is not None and guest.session.viewer is None
    assert said(guest, TEXT["freed"]) in guest.messages.value
    assert guest.table is not None and guest.table.hand.hand == ()
    assert guest.seats_panel.take_buttons[1].layout.display == ""
    guest.seats_panel.take_buttons[1].click()
    assert guest.link.seat == 1 and guest.session.viewer == 1


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("room=ZZZZZZ", "No room has the code ZZZZZZ"),
        ("room=<script>", "room=&lt;script&gt; is not a room"),
        ("room=new&seats=9", "seats=9 is not 2 to 6"),
        ("room=new&bots=genius", "bots=genius is not"),
        ("room=new&idle=1", "idle=1 is not"),
        ("room=new&room=ABCDEF", "room= is given more than once"),
    ],
)
def test_bad_values_in_the_address_are_said_escaped(rooms: RoomStore, query: str, said: str) -> None:
    page = RoomPage(query, rooms)
    assert said in page.messages.value and "<script>" not in page.messages.value


def test_a_move_while_the_store_is_held_is_refused_with_a_sentence_and_the_duties_give_way(tmp_path: Path) -> None:
    rooms = RoomStore(tmp_path / "t.sqlite3", busy=0.2)
    host, guest = host_and_guest(rooms)
    host.seats_panel.start.click()
    settle(guest)
    page = next(page for page in (host, guest) if page.session is not None and page.session.state == "human")
    assert page.link is not None and page.link.room is not None and rooms.database is not None
    position = page.link.room.position
    lock = HeldLock(tmp_path / "t.sqlite3")  # another process holds the write lock (a backup, a stuck kernel)
    try:
        page.link.step()  # the heartbeat and the duties wait their turn: no error
        page.table.buttons["draw"].click()  # type: ignore[union-attr]
        assert page.table.status.tone == "problem"  # type: ignore[union-attr]
        assert said(page, SESSION_REFUSED["busy"]) in escape(page.table.status.text)  # type: ignore[union-attr]
    finally:
        lock.release()
    assert rooms.load(page.link.code).position == position  # type: ignore[union-attr]
    page.table.buttons["draw"].click()  # type: ignore[union-attr]
    assert rooms.load(page.link.code).position == position + 1  # type: ignore[union-attr]
