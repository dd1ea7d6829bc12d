"""A room's seats on its page: who sits where, a free seat taken with one click, the host's controls.

``SeatsPanel`` (class ``p10-room-seats``) lists every seat (``p10-room-seat``, one row each, with the
seat's class ``p10-room-seat-<n>`` for n from 1): its player's display name (or its bot, or "free"), whether
their page is here, and the buttons that apply to this page: **Take this seat** (``p10-btn-take-seat``) on a
free seat while this page holds none, **Free this seat** (``p10-btn-free-seat``) on another player's seat
for the host. Before the game it also holds the name field (``p10-room-name``; on a JupyterHub the hub's
user name by default), and for the host the idle time (``p10-room-idle``) and **Start** (``p10-btn-start``).
It draws only public facts: names, kinds, levels, presence; never a pass.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets

from phase10kit.actions import seat_notation
from phase10kit.i18n import N_, duration, translator
from widgets._safety import BrowserText, LockedButton, LockedColumn, LockedRow, SafeDropdown, locked_html
from widgets.room_store import IDLE_CHOICES, MAX_NAME, PRESENT_SECONDS, Room
from widgets.session_room import seat_label

__all__ = ["SeatsPanel"]

TEXT = {
    "title-lobby": N_("Seats: take a free one, then wait for the host to start"),
    "title": N_("Seats"),
    "free": N_("free"),
    "you": N_("you"),
    "here": N_("here"),
    "gone": N_("not here"),
    "host": N_("host"),
    "take": N_("Take this seat"),
    "free-it": N_("Free this seat"),
    "name": N_("Your name"),
    "name-hint": N_("the name the others see"),
    "idle": N_("How long a player may do nothing on their turn before a bot plays for them:"),
    "start": N_("Start the game"),
    "start-bots": N_("Start: bots take the free seats"),
    "wait": N_("The host starts the game when everyone is seated."),
    "share": N_("Share the code; press Start when everyone is seated."),
}


class SeatsPanel(LockedColumn):
    """The seats of a room (see the module); the callbacks get a seat (0-based) or the idle seconds."""

    def __init__(
        self,
        lang: str,
        *,
        name: str,
        on_take: Callable[[int], None],
        on_free: Callable[[int], None],
        on_start: Callable[[], None],
        on_idle: Callable[[float], None],
    ) -> None:
        super().__init__(layout=ipywidgets.Layout(margin="8px 0", grid_gap="4px"))
        self.add_class("p10-room-seats")
        self.lang = lang
        self._on_take, self._on_free = on_take, on_free
        self.title = locked_html("", "p10-room-seats-title")
        self.name = BrowserText(value=name, layout=ipywidgets.Layout(width="340px"))
        self.name.add_class("p10-room-name")
        self.idle = SafeDropdown(options=[("", float(seconds)) for seconds in IDLE_CHOICES], value=60.0)
        self.idle.add_class("p10-room-idle")
        self.idle.style.description_width = "initial"
        self.idle.layout.width = "auto"
        self._quiet, self._idle_lang, self._idle_choices = False, "", list(IDLE_CHOICES)
        self.idle.observe(lambda change: None if self._quiet else on_idle(float(change["new"])), names="value")
        self.start = LockedButton(button_style="primary", layout=ipywidgets.Layout(width="auto"))
        self.start.add_class("p10-btn-start")
        self.start.on_click(lambda _button: on_start())
        self.note = locked_html("", "p10-room-lobby-note")
        self.host_row = LockedRow(
            [self.idle, self.start],
            layout=ipywidgets.Layout(align_items="center", grid_gap="16px", flex_flow="row wrap"),
        )
        self._shown: list[ipywidgets.Widget] = []
        self.rows: list[LockedRow] = []
        self.labels: list[ipywidgets.HTML] = []
        self.take_buttons: list[LockedButton] = []
        self.free_buttons: list[LockedButton] = []

    def _make_rows(self, seats: int) -> None:
        for seat in range(len(self.rows), seats):
            label = locked_html("", "p10-room-seat-label")
            label.layout.min_width = "260px"
            take = LockedButton(layout=ipywidgets.Layout(width="auto"))
            take.add_class("p10-btn-take-seat")
            take.on_click(lambda _button, seat=seat: self._on_take(seat))
            free = LockedButton(button_style="warning", layout=ipywidgets.Layout(width="auto"))
            free.add_class("p10-btn-free-seat")
            free.on_click(lambda _button, seat=seat: self._on_free(seat))
            row = LockedRow([label, take, free], layout=ipywidgets.Layout(align_items="center", grid_gap="8px"))
            row.add_class("p10-room-seat")
            row.add_class(f"p10-room-seat-{seat + 1}")
            self.rows.append(row)
            self.labels.append(label)
            self.take_buttons.append(take)
            self.free_buttons.append(free)

    def draw(self, room: Room, now: float, lang: str) -> None:
        """Show the room's seats as they are now, in ``lang``, with the buttons this page may use."""
        self.lang = lang
        t = translator(lang)
        lobby = room.stage == "lobby"
        mine = room.my_seat
        self._make_rows(len(room.seats))
        with self.hold_sync():
            title = TEXT["title-lobby" if lobby and mine is None else "title"]  # seated: nothing left to take
            self.title.value = f"<strong>{escape(t.gettext(title))}</strong>"
            for place in room.seats:
                i = place.seat
                label = t.gettext(TEXT["free"]) if place.kind == "open" and lobby else seat_label(room, i, lang)
                parts = [seat_notation(i), *([label] if label else [])]
                if place.kind == "human":
                    if place.host:
                        parts.append(t.gettext(TEXT["host"]))
                    if place.mine:
                        parts.append(t.gettext(TEXT["you"]))
                    parts.append(t.gettext(TEXT["here" if now - place.seen <= PRESENT_SECONDS else "gone"]))
                self.labels[i].value = escape(" · ".join(parts))
                take, free = self.take_buttons[i], self.free_buttons[i]
                take.description = t.gettext(TEXT["take"])
                take.tooltip = f"{t.gettext(TEXT['take'])}: {seat_notation(i)}"
                free.description = t.gettext(TEXT["free-it"])
                free.tooltip = f"{t.gettext(TEXT['free-it'])}: {seat_notation(i)}"
                take.layout.display = "" if place.kind == "open" and mine is None else "none"
                free.layout.display = "" if room.host and place.kind == "human" and not place.mine else "none"
            self.name.description = t.gettext(TEXT["name"])
            self.name.placeholder = t.gettext(TEXT["name-hint"])
            self.idle.description = t.gettext(TEXT["idle"])
            self._quiet = True  # the kernel sets the menu: that is no choice of the host's
            try:
                # The room's own time is offered too when the address chose another (idle=10): the menu tells the truth.
                choices = sorted({*IDLE_CHOICES, int(room.idle)})
                if (self._idle_lang, self._idle_choices) != (lang, choices):
                    self.idle.options = [(duration(seconds, lang), float(seconds)) for seconds in choices]
                    self._idle_lang, self._idle_choices = lang, choices
                if self.idle.value != room.idle:
                    self.idle.value = float(int(room.idle))
            finally:
                self._quiet = False
            open_seats = any(place.kind == "open" for place in room.seats)
            self.start.description = t.gettext(TEXT["start-bots" if open_seats else "start"])
            self.start.disabled = not any(place.kind == "human" for place in room.seats)
            self.note.value = escape(t.gettext(TEXT["share" if room.host else "wait"])) if lobby else ""
            shown: list[ipywidgets.Widget] = [self.title, *self.rows]
            if mine is None and any(place.kind == "open" for place in room.seats):
                shown.insert(1, self.name)  # the name is asked for before a seat is taken
            if lobby and room.host:
                shown.append(self.host_row)
            if lobby:
                shown.append(self.note)
            if shown != self._shown:
                self._shown = self.children = shown

    @property
    def chosen_name(self) -> str:
        """The name typed (cut to ``MAX_NAME`` characters; ``clean_name`` cleans it when a seat is taken)."""
        return str(self.name.value)[: MAX_NAME * 4]
