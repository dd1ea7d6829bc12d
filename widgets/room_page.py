"""The play page of a room: students at their own screens at one table (``?room=new&seats=4``, ``?room=CODE``).

``play_page`` (``widgets.play``) builds this page when the address names a room (``widgets.room_query``):

- ``?room=new&seats=N[&bots=...]`` opens a room; this page is its host. The join code shows in large type
  with a link (``widgets.room_address``), and the page's address becomes the room's, so a reload comes back.
- ``?room=CODE`` joins it: the page shows the seats (``widgets.room_seats``); a student types their name
  (the hub's user name by default) and takes a free seat with one click. The host presses **Start** when
  everyone is seated; free seats get bots.
- During the game each page shows the table from its own seat (``widgets.session_room``), in its own
  language, and follows the room in the store (``widgets.room_link``): a move on one page shows on the
  others within about a second.
- The browser keeps its *pass* for the room in ``localStorage`` (``widgets.table_id``, one key per room),
  never anything else: a reload or a laptop opened again finds its seat. A player idle on their turn for
  the host's time is played by a bot until they press **I'm back** (or play); every page says so.

The page holds no hidden card but its own seat's, and no pass but its own (``p10-room-page``'s DOM contract
is in ``widgets/README.md``).
"""

from __future__ import annotations

import os
from html import escape
from typing import Any, Literal

import ipywidgets

from phase10kit.actions import seat_notation
from phase10kit.i18n import N_, translator
from widgets._safety import BrowserLocked, LockedButton, LockedRow, locked_html
from widgets.connection import ConnectionBanner
from widgets.room_address import RoomAddress
from widgets.room_link import RoomGone, RoomLink
from widgets.room_play import RoomGame
from widgets.room_query import room_request
from widgets.room_seats import SeatsPanel
from widgets.room_store import RoomRefused, RoomStore, clean_name
from widgets.server_log import server_logger
from widgets.session_room import RoomTableSession
from widgets.store import is_table_id, new_table_id
from widgets.store_db import StoreError
from widgets.table import Table
from widgets.table_id import BrowserTableId

__all__ = ["PASS_KEY", "RoomPage", "room_table"]

LOG = server_logger()

PASS_KEY = "phase10kit.room."
"""The ``localStorage`` key of a room's pass is this and the room's code (one pass per room and browser)."""

HUB_USER = "JUPYTERHUB_USER"
"""On a JupyterHub, the student's user name (the name field's default)."""

MAX_NOTES = 6

TEXT = {
    "code": N_("Join code:"),
    "link": N_("Link to join this room"),
    "not-found": N_("No room has the code {code} on this server: check the code, or open a new room (?room=new)."),
    "no-code": N_("room={value} is not a room's code (6 letters and digits) nor new: open a new room with ?room=new."),
    "no-store": N_("This server cannot hold rooms right now: reload the page in a moment."),
    "gone": N_("This room is no longer on the server: open a new room (?room=new)."),
    "freed": N_("The host freed your seat: you are watching now, and may take a free seat."),
    "watching": N_("You are watching this room."),
    "watching-free": N_("You are watching this room: take a free seat below to play."),
    "you-away": N_("You were away: a bot is playing for you until you press I'm back."),
    "away": N_("{seat} ({name}) is away: a bot plays for them until they come back."),
    "away-unnamed": N_("{seat} is away: a bot plays for them until they come back."),
    "back": N_("I'm back"),
    "you-are": N_("You play {seat}."),
    "failed": N_("Something went wrong in the room: reload the page to come back to your seat."),
}
REFUSED = {
    "seat-taken": N_("Someone took that seat just before you: choose another."),
    "has-seat": N_("You already have a seat in this room."),
    "not-host": N_("Only the host can do that."),
    "started": N_("The game has already started."),
    "no-players": N_("Nobody has a seat yet: take one first."),
    "no-room": N_("This room is no longer on the server: open a new room (?room=new)."),
    "not-yours": N_("This seat is no longer yours: the host freed it."),
    "not-started": N_("The game has not started yet."),
}


def room_table(session: RoomTableSession) -> Table:
    """The table widget over a room's session: the table's own settings but the room's (its pace, no teaching
    mode) are hidden; the rules and the language menu stay (each player reads in their own language)."""
    table = Table.__new__(Table)
    ipywidgets.VBox.__init__(table)
    table._build(session)
    for menu in (table.teaching_choice, table.speed_choice, table.setting_menus.teaching_note):
        menu.layout.display = "none"
    table.add_class("p10-room-table")
    return table


class RoomPage(BrowserLocked, ipywidgets.VBox):  # type: ignore[misc]
    """The room page (class ``p10-room-page``; see the module). ``rooms``: the store (None: ``$P10_STORE``'s,
    False: none, as when the store cannot be opened)."""

    def __init__(self, query: str | None, rooms: RoomStore | Literal[False] | None = None) -> None:
        request, problems = room_request(query)
        self.request = request
        self.lang = request.lang
        self._notes: list[str] = []
        self.messages = locked_html("", "p10-play-messages", "p10-room-messages")
        self.banner = ConnectionBanner(self.lang)
        self.banner.scope = ".p10-room-page"
        self.address = RoomAddress()
        self.status = locked_html("", "p10-room-status")
        self.back_button = LockedButton(button_style="primary", layout=ipywidgets.Layout(width="auto", display="none"))
        self.back_button.add_class("p10-btn-back")
        self.back_button.on_click(lambda _button: self._guarded(self.back))
        # The code, who this page plays and who is away share one row: the table stays high on a 1280x800 screen.
        self.status_row = LockedRow(
            [self.address, self.status, self.back_button],
            layout=ipywidgets.Layout(align_items="center", flex_flow="row wrap", grid_gap="4px 24px"),
        )
        self.seats_panel = SeatsPanel(
            self.lang,
            name=clean_name(os.environ.get(HUB_USER, "")),
            on_take=lambda seat: self._guarded(self.take_seat, seat),
            on_free=lambda seat: self._guarded(self.free_seat, seat),
            on_start=lambda: self._guarded(self.start),
            on_idle=lambda seconds: self._guarded(self.set_idle, seconds),
        )
        self.keeper = BrowserTableId()
        self.table: Table | None = None
        self.session: RoomTableSession | None = None
        self.link: RoomLink | None = None
        self._had_seat = False
        super().__init__(layout=ipywidgets.Layout(width="100%"))
        self.add_class("p10-room-page")
        for problem in problems:
            self._note(problem)
        self._show()
        try:
            self.rooms = RoomStore() if rooms is None else rooms if rooms is not False else None
        except StoreError as error:
            LOG.warning("rooms cannot be used: %s", error)
            self.rooms = None
        if self.rooms is None:
            self._note(self._t(TEXT["no-store"]))
            return
        self._open(request.room)

    # ------------------------------------------------------------------ opening the room

    def _t(self, msgid: str) -> str:
        return translator(self.lang).gettext(msgid)

    def _open(self, room: str) -> None:
        assert self.rooms is not None
        try:
            if room == "new":
                seats, bots = self.request.seats, self.request.bots
                levels = [None] * (seats - len(bots)) + list(bots)
                code, host_pass = self.rooms.create(seats, levels, idle=self.request.idle, speed=self.request.speed)
                self.link = RoomLink(self.rooms, code, host_pass)
                self._remember(host_pass)
            elif room:
                if self.rooms.load(room) is None:
                    self._note(self._t(TEXT["not-found"]).format(code=room))
                    return
                self.link = RoomLink(self.rooms, room)
            else:
                self._note(self._t(TEXT["no-code"]).format(value=self.request.typed))
                return
            code = self.link.code
            self.keeper.storage_key = PASS_KEY + code
            self.keeper.observe(lambda change: self._guarded(self._adopt, change["new"]), names="stored_id")
            own = f"room={code}" + (f"&lang={self.lang}" if self.request.lang_given else "")
            self.address.code, self.address.own_query = code, own
            self.link.on_change(lambda _link: self._guarded(self._changed))
            self.link.refresh(force=True)
            self.link.start()
        except StoreError as error:
            LOG.warning("a room could not be opened: %s", error)
            self._note(self._t(TEXT["no-store"]))

    def _remember(self, room_pass: str) -> None:
        """Keep ``room_pass`` in this browser (and nowhere else): written at once, not only after a click."""
        self.keeper.table_id = room_pass
        self.keeper.remember = True

    def _adopt(self, stored: object) -> None:
        """The browser sent the pass it kept for this room: this page is that player (or the host) again."""
        link = self.link
        if link is None or not isinstance(stored, str) or not is_table_id(stored) or stored == link.room_pass:
            return
        if link.room_pass is not None and link.seat is not None:
            return  # this page already plays a seat: a pass from another tab does not replace it
        link.room_pass = stored
        self.keeper.table_id = stored
        link.refresh(force=True)
        link.back()  # back at the table: a bot played for them while they were away

    # ------------------------------------------------------------------ drawing

    def _show(self) -> None:
        parts: list[ipywidgets.Widget] = [self.banner, self.messages, self.status_row]
        if self.table is not None:
            parts.append(self.table)
        parts += [self.seats_panel, self.keeper]
        self.children = parts

    def _note(self, sentence: str) -> None:
        if sentence in self._notes:
            self._notes.remove(sentence)
        self._notes = [*self._notes, sentence][-MAX_NOTES:]
        self.messages.value = "<ul role='alert'>" + "".join(f"<li>{escape(n)}</li>" for n in self._notes) + "</ul>"

    def _guarded(self, action: Any, *args: Any) -> None:
        """Run a click or a change: a room's refusal becomes a sentence, anything else a note and the server's log."""
        try:
            action(*args)
        except RoomRefused as refused:
            self._note(self._t(REFUSED[refused.why]))
        except RoomGone:
            self._note(self._t(TEXT["gone"]))
        except StoreError as error:
            LOG.warning("a room's store failed: %s", error)
            self._note(self._t(TEXT["no-store"]))
        except Exception:
            LOG.exception("the room page failed")
            self._note(self._t(TEXT["failed"]))

    def _changed(self) -> None:
        """The room changed: the table, the seats and the status line show it as it is now."""
        link = self.link
        if link is None or link.room is None or self.rooms is None:
            return
        room = link.room
        if self.table is None and link.game is not None:
            self.session = RoomTableSession.following(link, self.lang)
            self.table = room_table(self.session)
            self.table.on_change(lambda table: self._guarded(self._follow_lang, table))
            self._show()
        elif self.session is not None and link.game is not None:
            self.session.follow()
        seat = room.my_seat
        if self._had_seat and seat is None:
            self._note(self._t(TEXT["freed"]))
        self._had_seat = seat is not None
        self.seats_panel.draw(room, self.rooms.now(), self.lang)
        self._draw_status()

    def _draw_status(self) -> None:
        link = self.link
        if link is None or link.room is None:
            return
        room, t = link.room, translator(self.lang)
        seat = room.my_seat
        lines: list[str] = []
        mine_away = seat is not None and room.seats[seat].away
        if seat is not None:
            lines.append(t.gettext(TEXT["you-are"]).format(seat=seat_notation(seat)))
        elif room.stage == "playing":
            free = any(place.kind == "open" for place in room.seats)
            lines.append(t.gettext(TEXT["watching-free" if free else "watching"]))
        if mine_away:
            lines.append(t.gettext(TEXT["you-away"]))
        for place in room.seats:
            if place.kind == "human" and place.away and not place.mine:
                who = seat_notation(place.seat)
                text = TEXT["away"] if place.name else TEXT["away-unnamed"]
                lines.append(t.gettext(text).format(seat=who, name=place.name))
        self.status.value = "".join(f"<p role='status' style='margin:2px 0'>{escape(line)}</p>" for line in lines)
        self.back_button.description = t.gettext(TEXT["back"])
        self.back_button.layout.display = "" if mine_away else "none"
        self.address.label, self.address.link_text = t.gettext(TEXT["code"]), t.gettext(TEXT["link"])

    def _follow_lang(self, table: Table) -> None:
        # The table's language menu: the room's own words follow the table's language.
        if table.lang != self.lang:
            self.lang = table.lang
            self.banner.set_lang(self.lang)
            self._changed()

    # ------------------------------------------------------------------ what the player does

    def take_seat(self, seat: int) -> None:
        """Take the free ``seat`` under the typed name; the browser keeps the pass (made now if it has none)."""
        link = self.link
        if link is None or self.rooms is None:
            return
        room_pass = link.room_pass or new_table_id()
        self.rooms.take_seat(link.code, seat, room_pass, clean_name(self.seats_panel.chosen_name))
        link.room_pass = room_pass
        self._remember(room_pass)
        link.refresh(force=True)

    def free_seat(self, seat: int) -> None:
        """The host frees another player's seat (a bot plays it until someone takes it)."""
        if self.link is not None and self.rooms is not None and self.link.room_pass is not None:
            self.rooms.free_seat(self.link.code, self.link.room_pass, seat)
            self.link.refresh(force=True)

    def start(self) -> None:
        """The host starts the game: bots take the free seats, the deal's seed comes from ``secrets``."""
        link = self.link
        if link is None or self.rooms is None or link.room_pass is None or link.room is None:
            return
        players, speed = len(link.room.seats), link.room.speed
        self.rooms.start(
            link.code, link.room_pass, lambda humans, levels: RoomGame.deal(players, humans, levels, speed=speed).text()
        )
        link.refresh(force=True)

    def set_idle(self, seconds: float) -> None:
        """The host's idle time: how long a player may do nothing on their turn before a bot plays for them."""
        if self.link is not None and self.rooms is not None and self.link.room_pass is not None:
            self.rooms.set_idle(self.link.code, self.link.room_pass, seconds)
            self.link.refresh(force=True)

    def back(self) -> None:
        """This page's player is back: their seat is theirs again."""
        if self.link is not None:
            self.link.back()

    def close(self) -> None:
        if self.link is not None:
            self.link.close()
        super().close()
