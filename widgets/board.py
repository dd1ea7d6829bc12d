"""The teacher's board (``notebooks/board.ipynb`` under Voila): every room of the server at a glance, and one room's
public view for the projector.

``board_page(query)`` gives, without ``room=``, the ``Board`` (class ``p10-board-page``): a table of the rooms
changed in the last ``BOARD_HOURS`` hours, newest first, one row (``p10-board-room``) each: the join code, the
stage (lobby, round, game over), every seat with its player's name or its bot, phase and points, whether the
player's page is here or a bot plays for them, whose turn it is and for how long, and a link to the room's
public view. It reads the store every ``BOARD_POLL_SECONDS`` and each room's game only when it changed.

With ``room=CODE`` it gives the ``PublicRoomView`` (class ``p10-public-view``): the join code and link, who is
away, and the table as nobody's seat sees it (the groups on the table, the discard pile, the scores, the log):
the projector's view. It never takes a pass from the browser, so a teacher who also plays in that room shows
no hand of theirs on the projector.

Never a hidden card: the board writes only names, phases, points, counts and times; the public view draws the
table with no viewer (``widgets.session_room``). No pass is ever loaded here (``RoomStore.rooms`` gives none).
"""

from __future__ import annotations

import asyncio
from contextlib import suppress
from html import escape
from typing import Literal
from urllib.parse import parse_qs

import ipywidgets

from phase10kit.actions import seat_notation
from phase10kit.i18n import LANGUAGES, N_, duration, translator
from widgets._safety import BrowserLocked, locked_html
from widgets.language import language
from widgets.room_address import RoomAddress
from widgets.room_link import RoomGone, RoomLink
from widgets.room_page import TEXT as PAGE_TEXT
from widgets.room_page import room_table
from widgets.room_play import RoomGame
from widgets.room_seats import TEXT as SEAT_TEXT
from widgets.room_store import PRESENT_SECONDS, Room, RoomStore, normal_code
from widgets.server_log import server_logger
from widgets.session_room import RoomTableSession, seat_label
from widgets.store_db import StoreError
from widgets.table_parts import phase_text

__all__ = ["BOARD_HOURS", "BOARD_POLL_SECONDS", "Board", "PublicRoomView", "board_page"]

LOG = server_logger()

BOARD_HOURS = 12
"""The board lists the rooms changed within this many hours (a school day; older rooms wait to expire)."""
BOARD_POLL_SECONDS = 1.0
"""How often the board reads the store: live enough for a teacher walking the room."""

TEXT = {
    "title": N_("Rooms on this server"),
    "none": N_("No room yet: a student or the teacher opens one with play.ipynb?room=new&seats=4."),
    "room": N_("Room"),
    "stage": N_("Stage"),
    "seats": N_("Players"),
    "turn": N_("To play"),
    "view": N_("Public view"),
    "lobby": N_("in the lobby, seats taken: {taken}/{seats}"),
    "round": N_("round {number}"),
    "over": N_("game over: {winner} won"),
    "for": N_("on their turn for {time}"),
    "open": N_("Open"),
    "open-title": N_("Open the public view of room {code} (for the projector)"),
    "public": N_("Public view of room {code}: the table as everyone sees it, no player's cards."),
}


def _lang(query: str | None) -> str:
    values = parse_qs((query or "").lstrip("?")).get("lang", [])
    return values[-1] if len(values) == 1 and values[-1] in LANGUAGES else language()


class Board(BrowserLocked, ipywidgets.VBox):  # type: ignore[misc]
    """Every room of the store at a glance (see the module); ``rooms`` the store, ``lang`` the board's language."""

    def __init__(self, rooms: RoomStore, lang: str) -> None:
        super().__init__(layout=ipywidgets.Layout(width="100%"))
        self.add_class("p10-board-page")
        self.rooms, self.lang = rooms, lang
        self.title = locked_html("", "p10-board-title")
        self.listing = locked_html("", "p10-board-rooms")
        self.children = [self.title, self.listing]
        self._games: dict[str, tuple[int, RoomGame]] = {}
        self._task: asyncio.Task[None] | None = None
        self.refresh()
        with suppress(RuntimeError):  # no event loop (a script, the tests): ``refresh`` is called by hand
            self._task = asyncio.get_running_loop().create_task(self._follow())

    def _game(self, room: Room) -> RoomGame | None:
        """The room's game, read again only when its position moved."""
        if room.stage != "playing":
            return None
        kept = self._games.get(room.code)
        if kept is None or kept[0] != room.position:
            kept = (room.position, RoomGame.read(room.snapshot))
            self._games[room.code] = kept
        return kept[1]

    def refresh(self) -> None:
        """Read the rooms and draw the board (only public facts)."""
        t = translator(self.lang)
        now = self.rooms.now()
        rooms = self.rooms.rooms(since=now - BOARD_HOURS * 3600)
        self.title.value = f"<h2 style='margin:4px 0'>{escape(t.gettext(TEXT['title']))}</h2>"
        if not rooms:
            self.listing.value = f"<p>{escape(t.gettext(TEXT['none']))}</p>"
            return
        head = "".join(
            f"<th scope='col'>{escape(t.gettext(TEXT[key]))}</th>" for key in ("room", "stage", "seats", "turn", "view")
        )
        rows = [self._row(room, now) for room in rooms]
        self._games = {code: kept for code, kept in self._games.items() if any(room.code == code for room in rooms)}
        self.listing.value = (
            "<table class='p10-board-table' style='border-collapse:collapse;width:100%'>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )

    def _row(self, room: Room, now: float) -> str:
        t, lang = translator(self.lang), self.lang
        game = self._game(room)
        if game is None:
            taken = sum(place.kind != "open" for place in room.seats)
            stage = t.gettext(TEXT["lobby"]).format(taken=taken, seats=len(room.seats))
        elif game.game.is_over() and game.game.winner is not None:
            winner = seat_notation(game.game.winner)
            stage = t.gettext(TEXT["over"]).format(winner=winner)
        else:
            stage = t.gettext(TEXT["round"]).format(number=game.game.round)
        players = []
        for place in room.seats:
            parts = [seat_notation(place.seat)]
            label = seat_label(room, place.seat, lang) if room.stage == "playing" or place.kind != "open" else ""
            parts += [label] if label else []
            if game is not None:
                view = game.game.view(place.seat)  # public facts only are read from it: phase and points
                points = game.game.scores[place.seat]
                parts.append(phase_text(view, place.seat, lang))
                parts.append(t.ngettext("{count} point", "{count} points", points).format(count=points))
            if place.kind == "human" and not place.away:
                parts.append(t.gettext(SEAT_TEXT["here" if now - place.seen <= PRESENT_SECONDS else "gone"]))
            players.append(f"<li>{escape(' · '.join(parts))}</li>")
        turn = ""
        if game is not None and not game.game.is_over():
            current = game.game.current_player
            label = seat_label(room, current, lang)
            who = " · ".join(part for part in (seat_notation(current), label) if part)
            since = t.gettext(TEXT["for"]).format(time=duration(now - room.turn_since, lang))
            turn = f"▶ {escape(who)}<br>{escape(since)}"
        code = escape(room.code)
        title = escape(t.gettext(TEXT["open-title"]).format(code=room.code))
        link = (
            f"<a class='p10-board-open' href='?room={code}' target='_blank' rel='noopener' title='{title}' "
            f"aria-label='{title}' style='color:#0b4f8a;text-decoration:underline;font-weight:bold'>"
            f"{escape(t.gettext(TEXT['open']))}<span aria-hidden='true'> ↗</span></a>"
        )
        cell = "style='border-top:1px solid #888;padding:6px 8px;vertical-align:top'"
        return (
            f"<tr class='p10-board-room' data-room='{code}'>"
            f"<th scope='row' {cell}><span style='font-family:monospace;font-size:20px'>{code}</span></th>"
            f"<td {cell}>{escape(stage)}</td><td {cell}><ul style='margin:0;padding-left:18px'>{''.join(players)}</ul>"
            f"</td><td {cell}>{turn}</td><td {cell}>{link}</td></tr>"
        )

    async def _follow(self) -> None:
        while True:
            await asyncio.sleep(BOARD_POLL_SECONDS)
            try:
                self.refresh()
            except StoreError as error:
                LOG.warning("the board could not read the rooms: %s", error)
            except Exception:
                LOG.exception("the board failed")

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        super().close()


class PublicRoomView(BrowserLocked, ipywidgets.VBox):  # type: ignore[misc]
    """One room as everyone sees it, for the projector (see the module)."""

    def __init__(self, rooms: RoomStore, code: str, lang: str) -> None:
        super().__init__(layout=ipywidgets.Layout(width="100%"))
        self.add_class("p10-public-view")
        self.lang = lang
        t = translator(lang)
        self.title = locked_html(f"<h3 style='margin:4px 0'>{escape(t.gettext(TEXT['public']).format(code=code))}</h3>")
        self.address = RoomAddress(
            code=code, label=t.gettext(PAGE_TEXT["code"]), link_text=t.gettext(PAGE_TEXT["link"])
        )
        self.status = locked_html("", "p10-room-status")
        self.link = RoomLink(rooms, code)  # no pass: this page plays no seat, whatever the browser holds
        self.session: RoomTableSession | None = None
        self.children = [self.title, self.address, self.status]
        self.link.on_change(lambda _link: self._changed())
        self.link.refresh(force=True)
        self.link.start()

    def _changed(self) -> None:
        room, t = self.link.room, translator(self.lang)
        if room is None:
            return
        if self.session is None and self.link.game is not None:
            self.session = RoomTableSession.following(self.link, self.lang)
            self.table = room_table(self.session)
            self.children = [self.title, self.address, self.status, self.table]
        elif self.session is not None:
            self.session.follow()
        lines = []
        for place in room.seats:
            if place.kind == "human" and place.away:
                key = PAGE_TEXT["away"] if place.name else PAGE_TEXT["away-unnamed"]
                lines.append(t.gettext(key).format(seat=seat_notation(place.seat), name=place.name))
        self.status.value = "".join(f"<p role='status' style='margin:2px 0'>{escape(line)}</p>" for line in lines)

    def close(self) -> None:
        self.link.close()
        super().close()


def board_page(query: str | None, rooms: RoomStore | Literal[False] | None = None) -> ipywidgets.Widget:
    """The board for the page's address: every room (``?lang=..``), or one room's public view (``?room=CODE``).

    ``rooms``: the store (None: ``$P10_STORE``'s; False: none).
    """
    lang = _lang(query)
    t = translator(lang)
    try:
        store = RoomStore() if rooms is None else rooms if rooms is not False else None
    except StoreError as error:
        LOG.warning("the board cannot read the rooms: %s", error)
        store = None
    if store is None:
        return locked_html(f"<p role='alert'>{escape(t.gettext(PAGE_TEXT['no-store']))}</p>", "p10-board-page")
    typed = parse_qs((query or "").lstrip("?")).get("room", [])
    if typed:
        code = normal_code(typed[-1])
        try:
            if code is None or store.load(code) is None:
                raise RoomGone("no such room")
            return PublicRoomView(store, code, lang)
        except RoomGone:
            shown = escape(t.gettext(PAGE_TEXT["not-found"]).format(code=typed[-1][:40]))
            return locked_html(f"<p role='alert'>{shown}</p>", "p10-board-page")
    return Board(store, lang)
