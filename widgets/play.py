"""The Voila play page: a ``Table`` set up from the page's URL (``?seed=5&players=2&bots=greedy&lang=en``).

Under Voila a notebook sees its page's query string in the ``QUERY_STRING`` environment variable.
With preheated kernels (``voila.json``) the notebook runs before anyone asks for the page, so it must
wait for the request before reading that variable: ``request_query`` does both.
A bad value never stops the page: it is replaced by its default and explained in a sentence shown
above the table (students see no traceback).

Every change of the table is saved on the server (``widgets.store``) under a random table id that only
the student's browser keeps (``widgets.table_id``, or ``?table=<id>`` in the URL). A reopened page deals
a new game and offers "Resume game" for the remembered one; an unknown, expired or unreadable id gives
the new game and a sentence saying why.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import parse_qs

import ipywidgets

from phase10kit.errors import Phase10Error
from phase10kit.i18n import LANGUAGES, translator
from phase10kit.rules import MAX_PLAYERS, MIN_PLAYERS
from widgets._safety import N_, BrowserLocked, LockedButton, LockedRow, locked_html
from widgets.connection import ConnectionBanner
from widgets.language import language
from widgets.preheat import is_preheated, wait_for_request
from widgets.saving import Report, Saver
from widgets.server_log import server_logger
from widgets.store import EXPIRY_DAYS, GameStore, StoreError, fresh_claim, is_table_id
from widgets.table import BOT_LEVELS, Table
from widgets.table_id import BrowserTableId

if TYPE_CHECKING:
    from widgets.room_page import RoomPage

__all__ = ["MAX_NOTES", "PlayPage", "play_page", "request_query", "table_from_query"]

LOG = server_logger()

SHOWN_FALLBACK_SECONDS = 60.0
"""The bots of a page no browser has reported showing start moving after this long anyway."""

MAX_NOTES = 6
"""The page keeps its last few sentences: a long-open page must not grow a list nobody reads."""

DEFAULT_PLAYERS = 3
DEFAULT_BOTS = "smart"
MAX_SEED = 2**63 - 1
"""Seeds are 0 to ``MAX_SEED``: a bound keeps a pasted huge number from being a surprise."""


def request_query() -> str | None:
    """The page's URL query string; ``None`` when a preheated kernel could not get it from Voila.

    In a preheated Voila kernel this blocks until a browser asks for the page (Voila then sends the
    request's variables to the kernel: ``widgets.preheat``); anywhere else it returns at once. Call it after
    the slow imports, so they run before the request.

    >>> os.environ["QUERY_STRING"] = "seed=5"
    >>> request_query()
    'seed=5'
    >>> del os.environ["QUERY_STRING"]
    >>> request_query()
    ''
    """
    if is_preheated():
        # Voila's answer always carries QUERY_STRING (maybe empty): its absence means no answer came.
        return os.environ.get("QUERY_STRING") if wait_for_request() else None
    return os.environ.get("QUERY_STRING", "")


QUOTE_CHARS = 40
"""A value from the address is quoted back at most this long: a pasted page of text must not come back whole."""


def _last(params: dict[str, list[str]], key: str) -> str | None:
    values = params.get(key)
    return values[-1].strip() if values else None


def _quote(value: str) -> str:
    return value if len(value) <= QUOTE_CHARS else value[: QUOTE_CHARS - 1] + "…"


def table_from_query(query: str | None) -> tuple[Table, list[str]]:
    """A ``Table`` from a URL query string, and one sentence for each value replaced by its default.

    Keys: ``seed`` (0 or more; none gives a random deal), ``players`` (2 to 6, default 3),
    ``humans`` (1 to ``players`` sharing the screen, default 1), ``bots`` (a name of the bot
    registry, default smart), ``lang`` (default: the notebook's language, see ``set_language``).
    Other keys are ignored. ``None`` (the query could not be read) gives the defaults and a sentence.

    >>> table, problems = table_from_query("seed=5&players=2&bots=greedy")
    >>> table.players, table.bot_names, problems
    (2, {1: 'Greedy bot'}, [])
    >>> table, problems = table_from_query("players=9&bots=genius")
    >>> table.players, problems
    (3, ['players=9 is not 2 to 6: using 3.', 'bots=genius is not one of random, greedy, smart, expert: using smart.'])
    >>> table_from_query("players=4&humans=2")[0].humans
    (0, 1)
    """
    params = parse_qs((query or "").lstrip("?"), keep_blank_values=True)
    # A key given twice (players=2&players=6) is a link someone edited by hand: which one was meant cannot
    # be known, so neither is used and the page says so.
    repeated = sorted(
        key for key in ("lang", "players", "humans", "bots", "seed", "table") if len(params.get(key, ())) > 1
    )
    for key in repeated:
        del params[key]
    lang_text = _last(params, "lang")
    default_lang = language()
    lang = lang_text if lang_text in LANGUAGES else default_lang
    t = translator(lang)
    problems: list[str] = []
    if query is None:
        problems.append(t.gettext("The settings in the page's address could not be read: using the defaults."))
    for key in repeated:
        problems.append(t.gettext("{key}= is given more than once in the address: using the default.").format(key=key))
    if lang_text is not None and lang_text not in LANGUAGES:
        problems.append(
            t.gettext("lang={value} is not one of {choices}: using {default}.").format(
                value=_quote(lang_text), choices=", ".join(LANGUAGES), default=default_lang
            )
        )

    players = DEFAULT_PLAYERS
    players_text = _last(params, "players")
    if players_text is not None:
        if players_text.isascii() and players_text.isdigit() and MIN_PLAYERS <= int(players_text) <= MAX_PLAYERS:
            players = int(players_text)
        else:
            problems.append(
                t.gettext("players={value} is not {low} to {high}: using {default}.").format(
                    value=_quote(players_text), low=MIN_PLAYERS, high=MAX_PLAYERS, default=DEFAULT_PLAYERS
                )
            )

    humans = 1
    humans_text = _last(params, "humans")
    if humans_text is not None:
        if humans_text.isascii() and humans_text.isdigit() and 1 <= int(humans_text) <= players:
            humans = int(humans_text)
        else:
            problems.append(
                t.gettext("humans={value} is not 1 to {players}: using 1.").format(
                    value=_quote(humans_text), players=players
                )
            )

    bots = DEFAULT_BOTS
    bots_text = _last(params, "bots")
    if bots_text is not None:
        if bots_text.lower() in BOT_LEVELS:
            bots = bots_text.lower()
        else:
            problems.append(
                t.gettext("bots={value} is not one of {choices}: using {default}.").format(
                    value=_quote(bots_text), choices=", ".join(BOT_LEVELS), default=DEFAULT_BOTS
                )
            )

    seed: int | None = None
    seed_text = _last(params, "seed")
    if seed_text:
        if seed_text.isascii() and seed_text.isdigit() and len(seed_text) <= 19 and int(seed_text) <= MAX_SEED:
            seed = int(seed_text)
        else:
            problems.append(
                t.gettext("seed={value} is not a whole number from 0 to {top}: dealing a random game.").format(
                    value=_quote(seed_text), top=MAX_SEED
                )
            )
    return Table(players=players, seed=seed, bots=bots, lang=lang, humans=humans), problems


UNAVAILABLE = {
    "unknown": N_("No game is saved under that table id on this server: this is a new game."),
    "corrupt": N_("The saved game could not be read: this is a new game."),
    "invalid": N_("That is not a table id this server gives out: this is a new game."),
}
"""The sentence for each way a remembered table id can fail (``expired`` has its own, with the days)."""


class ForgetControl(LockedRow):
    """ "New player: forget this game", then a confirmation: for a shared computer, the next student must not be
    offered (or see) the last student's game. ``forget`` is called once the student confirms."""

    def __init__(self, lang: str, forget: Callable[[], None]) -> None:
        self._forget = forget
        self.ask = LockedButton(layout=ipywidgets.Layout(width="auto"))
        self.ask.add_class("p10-btn-forget")
        self.question = locked_html("")
        self.confirm = LockedButton(button_style="danger", layout=ipywidgets.Layout(width="auto"))
        self.confirm.add_class("p10-btn-forget-confirm")
        self.keep = LockedButton(layout=ipywidgets.Layout(width="auto"))
        self.keep.add_class("p10-btn-forget-keep")
        self.ask.on_click(lambda _button: self._asking(True))
        self.keep.on_click(lambda _button: self._asking(False))
        self.confirm.on_click(lambda _button: self._confirmed())
        super().__init__(
            [self.ask],
            layout=ipywidgets.Layout(align_items="center", flex_flow="row wrap", grid_gap="8px", margin="8px 0 0 0"),
        )
        self.add_class("p10-forget")
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        t = translator(lang)
        self.ask.description = t.gettext("New player: forget this game")
        self.question.value = escape(
            t.gettext("Forget this game? Its save on the server is deleted and a new game begins.")
        )
        self.confirm.description = t.gettext("Forget it")
        self.keep.description = t.gettext("Keep playing")

    def _asking(self, asking: bool) -> None:
        self.children = [self.question, self.confirm, self.keep] if asking else [self.ask]

    def _confirmed(self) -> None:
        self._asking(False)
        self._forget()


SAVING = {
    "paused": N_(
        "Saving is paused: the server cannot save right now. Your game is kept in this page: play on, "
        "it is saved as soon as the server can."
    ),
    "saved": N_("Saving works again: your game is saved on this server."),
}
"""What the page says while its game cannot be saved, and once the store has caught up."""


class PlayPage(BrowserLocked, ipywidgets.VBox):  # type: ignore[misc]
    """The play page (class ``p10-play-page``): the "Connection lost" banner (``p10-connection``, hidden while
    connected), sentences (class ``p10-play-messages``), the saving's state (``p10-save-status``), the resume
    offer (``p10-resume``), the table, and the "New player" control (``p10-forget``).

    ``store`` is where games are saved: a ``GameStore``, ``None`` for the default one
    (``$P10_STORE`` or the Jupyter data directory), or ``False`` for none. Saving runs on a thread of
    its own (``widgets.saving``): a locked or full store never freezes the table.
    """

    def __init__(self, query: str | None, store: GameStore | Literal[False] | None = None) -> None:
        table, problems = table_from_query(query)
        self.table: Table = table
        self.lang = table.lang
        self._notes: list[str] = []
        self._offered: str | None = None
        # The page's own widgets take nothing from the browser (only the table's controls and the id keeper do).
        self.messages = locked_html("", "p10-play-messages")
        for problem in problems:
            self._note(problem)
        self.save_status = locked_html("", "p10-save-status")
        t = translator(self.lang)
        self.resume_text = locked_html(
            escape(t.gettext("A game you played here is saved on this server: resume it, or play the new one below."))
        )
        self.resume_button = LockedButton(description=t.gettext("Resume game"), button_style="primary")
        self.resume_button.add_class("p10-btn-resume")
        self.resume_button.on_click(lambda _button: self._guarded(self.resume))
        self.resume_box = LockedRow(
            [self.resume_text, self.resume_button],
            layout=ipywidgets.Layout(
                display="none",
                align_items="center",
                flex_flow="row wrap",
                border="2px solid #1f5e2e",
                padding="4px 8px",
                margin="0 0 8px 0",
                grid_gap="12px",
            ),
        )
        self.resume_box.add_class("p10-resume")
        self.forget_control = ForgetControl(self.lang, lambda: self._guarded(self.forget))
        self.browser_id = BrowserTableId()
        self.banner = ConnectionBanner(self.lang)
        super().__init__(layout=ipywidgets.Layout(width="100%"))
        self.add_class("p10-play-page")

        self.store: GameStore | None = None
        self.saver: Saver | None = None
        if store is not False:
            try:
                # The expired saves are purged on the saving thread: purging writes, and writes may wait.
                self.store = store if store is not None else GameStore(purge=False)
            except StoreError as error:
                LOG.warning("games will not be saved: %s", error)
                self._note(t.gettext("This server cannot save games: a reload will start a new game."))
            else:
                self.saver = Saver(self.store, lambda report: self._guarded(self._saving, report), purge=True)
        self.banner.set_lang(self.lang, resumable=self.store is not None)
        self._attach(table)
        self._show()
        self._wait_until_shown()

        given = parse_qs((query or "").lstrip("?"), keep_blank_values=True).get("table", [])
        requested = given[0].strip() if len(given) == 1 else None  # a repeated table= was already refused
        if self.store is not None:
            if requested is not None:  # the URL names the table: it wins over what the browser remembers
                self.offer(requested)
            else:
                self.browser_id.observe(lambda change: self._guarded(self.offer, change["new"]), names="stored_id")

    @property
    def table_id(self) -> str | None:
        """The id this page saves its table under (``None`` until the first save has landed)."""
        claim = self.saver.claim if self.saver is not None else None
        return claim.table_id if claim is not None else None

    def _guarded(self, action: Any, *args: Any) -> None:
        # Exceptions in widget callbacks are invisible in Voila: say something instead.
        try:
            action(*args)
        except Exception:
            LOG.exception("the play page failed")
            self._note(translator(self.lang).gettext("Something went wrong with the saved game: this is a new game."))

    def _note(self, sentence: str) -> None:
        if sentence in self._notes:
            self._notes.remove(sentence)  # said again: moved last, not repeated
        self._notes = [*self._notes, sentence][-MAX_NOTES:]
        self.messages.value = (
            "<ul role='alert'>" + "".join(f"<li>{escape(note)}</li>" for note in self._notes) + "</ul>"
        )

    def _show(self) -> None:
        self.table.layout.width = "100%"
        parts = [self.messages, self.save_status, self.resume_box, self.table, self.forget_control, self.browser_id]
        self.children = [self.banner, *parts]

    def _wait_until_shown(self) -> None:
        """Keep the bots' paced moves back until the browser shows the page (see ``_shown``).

        Under Voila a preheated kernel builds the page before anyone asks for it, and the widgets' state is
        taken for the page when it is asked for: moves made before the browser connects reach nobody, and a
        page could show "p2 is thinking" with Draw disabled forever. If no browser says so within
        ``SHOWN_FALLBACK_SECONDS`` the bots move anyway.
        """
        loop = _running_loop()
        if loop is None:
            return  # no event loop: the bots have already played at once
        self.table.pacer.hold()
        self.browser_id.on_shown(lambda: self._guarded(self._shown))
        loop.call_later(SHOWN_FALLBACK_SECONDS, lambda: self._guarded(self.table.pacer.release))

    def _shown(self) -> None:
        """The browser shows the page: send it every widget's state afresh, then let the bots move."""
        for widget in _widget_tree(self):
            widget.send_state()
        self.table.pacer.release()

    def _attach(self, table: Table) -> None:
        self.table = table
        table.on_change(lambda changed: self._guarded(self._save, changed))
        table.on_change(lambda changed: self._guarded(self._follow_lang, changed))

    def _follow_lang(self, table: Table) -> None:
        # The table's language menu switches the table mid-game: the banner speaks the table's language too.
        if table is self.table and table.lang != self.banner.lang:
            self.banner.set_lang(table.lang)

    def _save(self, table: Table) -> None:
        if table is not self.table or self.saver is None:
            return  # a table this page no longer shows (replaced by a resumed one)
        self.saver.submit(table.snapshot())

    def _saving(self, report: Report) -> None:
        """Say what happened to the saving (on the event loop: see ``widgets.saving``)."""
        t = translator(self.lang)
        if report.event in ("created", "split") and report.claim is not None:
            self.browser_id.table_id = report.claim.table_id
            if report.event == "split":
                self._note(t.gettext("This game was resumed in another tab: this tab now keeps its own copy of it."))
        elif report.event in SAVING:
            # Amber while paused, green once caught up: dark text on a light ground (contrast above 7:1).
            ground, edge = ("#fff4d6", "#8a5300") if report.event == "paused" else ("#e6f4ea", "#1f5e2e")
            self.save_status.value = (
                f"<p role='status' style='margin:0 0 8px 0;padding:6px 10px;color:#1b1b1b;"
                f"background:{ground};border-left:6px solid {edge}'>{escape(t.gettext(SAVING[report.event]))}</p>"
            )

    def _unavailable(self, status: str) -> None:
        t = translator(self.lang)
        if status == "expired":
            sentence = t.ngettext(
                "Saved games are kept for {days} day: that one expired, so this is a new game.",
                "Saved games are kept for {days} days: that one expired, so this is a new game.",
                EXPIRY_DAYS,
            ).format(days=EXPIRY_DAYS)
        else:
            sentence = t.gettext(UNAVAILABLE.get(status, UNAVAILABLE["unknown"]))
        self._note(sentence)

    def offer(self, table_id: object) -> None:
        """Offer "Resume game" for ``table_id`` (any value from a browser) if it names a saved game, else say why."""
        if self.store is None or table_id in ("", None) or table_id == self.table_id:
            return
        try:
            loaded = self.store.load(table_id)
        except StoreError as error:
            LOG.warning("a remembered game could not be looked up: %s", error)
            t = translator(self.lang)
            self._note(t.gettext("The saved games cannot be read right now: reload soon to resume yours."))
            return
        if loaded.status != "found":
            self._unavailable(loaded.status)
            return
        assert is_table_id(table_id) and isinstance(table_id, str)
        self._offered = table_id
        self.resume_box.layout.display = "flex"

    def resume(self) -> None:
        """Replace the new game by the offered saved one (the same hand and history) and take it over."""
        table_id, self._offered = self._offered, None
        self.resume_box.layout.display = "none"
        if table_id is None or self.store is None or self.saver is None:
            return
        loaded = self.store.load(table_id)
        if loaded.status != "found" or loaded.snapshot is None:
            self._unavailable(loaded.status)
            return
        try:
            table = Table.from_snapshot(loaded.snapshot)
        except Phase10Error as error:
            LOG.warning("a saved table could not be read: %s", error)  # never its id: an id takes a game over
            self._unavailable("corrupt")
            return
        old = self.table
        self.saver.adopt(fresh_claim(table_id))
        self.lang = table.lang
        self.banner.set_lang(self.lang)
        self._attach(table)
        self._notes, self.messages.value = [], ""  # the sentences were about the game just replaced
        self._show()
        old.close()
        self.browser_id.table_id = table_id
        self.browser_id.remember = True
        self.forget_control.set_lang(self.lang)

    def forget(self) -> None:
        """A new player at this computer: delete this game's save, make the browser forget its id, deal anew."""
        self._offered = None
        self.resume_box.layout.display = "none"
        if self.saver is not None:
            self.saver.forget()
        self.browser_id.table_id = ""
        self.browser_id.remember = False
        self.browser_id.forget += 1
        self._notes, self.messages.value = [], ""
        self.save_status.value = ""
        self.table.new_game()
        self._note(translator(self.lang).gettext("The last game is forgotten on this computer: this is a new game."))


def _widget_tree(root: ipywidgets.Widget) -> list[ipywidgets.Widget]:
    """``root`` and every widget among its children, their children and so on (each once)."""
    seen: dict[int, ipywidgets.Widget] = {}
    stack = [root]
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen[id(widget)] = widget
        stack.extend(child for child in getattr(widget, "children", ()) if isinstance(child, ipywidgets.Widget))
    return list(seen.values())


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def play_page(query: str | None, store: GameStore | Literal[False] | None = None) -> PlayPage | RoomPage:
    """The whole play page: the "Connection lost" banner (``widgets.connection``, shown only when the kernel is
    lost), the sentences about replaced URL values (class ``p10-play-messages``), the saving's state
    (``p10-save-status``), the "Resume game" offer (``p10-resume``), the table, the "New player" control
    (``p10-forget``) and the invisible keeper of the table id. An address with ``room=`` gives a room's page
    instead (``widgets.room_page``: class play, one student at each screen).

    ``store``: where games are saved (``None``: the default store; ``False``: nowhere, and no rooms either).

    >>> page = play_page("seed=3&players=4", store=False)
    >>> [type(child).__name__ for child in page.children], page.messages.value
    (['ConnectionBanner', 'Locked', 'Locked', 'LockedRow', 'Table', 'ForgetControl', 'BrowserTableId'], '')
    """
    if "room" in parse_qs((query or "").lstrip("?"), keep_blank_values=True):
        # Imported here: a page without a room never loads the rooms' modules.
        from widgets.room_page import RoomPage
        from widgets.room_store import RoomStore

        return RoomPage(query, store if store is None or store is False else RoomStore(store.database))
    return PlayPage(query, store)
