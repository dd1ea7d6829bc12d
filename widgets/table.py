"""The playable table: a thin view over a ``TableSession`` (``widgets/session.py``).

``Table(players=3, seed=5, bots="smart")`` deals a real ``Game`` (``t.game``) and shows it as the
seat at the screen may see it: their hand as clickable cards, the others' hands as face-down
counts, every laid group, phases, scores, the last few discards, the log, the score sheet and a
rules panel. The session decides what may happen (turn flow, bots' pacing, take-backs, hand
summaries, hot-seat cover screens); this module only draws it and turns clicks into calls.

Nothing synced to the browser holds what the viewer may not see: every area is drawn from
``game.view(viewer)``, the seed and the generators stay in Python, a bot's reasons (which speak of
its hand) are shown only after the hand, and behind a cover screen nobody's hand is in the page.
See ``widgets/README.md`` for the DOM contract.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets

from phase10kit.actions import Action, Draw, Hit, Lay, Take, group_notation
from phase10kit.cards import Card
from phase10kit.errors import Phase10Error, Reason
from phase10kit.game import Game, PlayerView
from phase10kit.i18n import NN_, check_lang, translator
from phase10kit.refusals import SENTENCES
from phase10kit.rules import Rules
from widgets._safety import N_, BrowserLocked, Feedback, Locked, Refusal, describe_error, locked_html
from widgets.cards import GroupsView, HandView
from widgets.language import notebook_lang
from widgets.session import TableSession
from widgets.session_bots import BOT_LEVELS, Chooser
from widgets.session_settings import DEFAULT_SPEED, TableSettings
from widgets.session_text import describe_action, seat_name
from widgets.table_menus import SelectionMenus, row_layout, show_widget
from widgets.table_pacing import BotPacer
from widgets.table_parts import (
    TABLE_CSS,
    LockedColumn,
    LockedRow,
    TableButton,
    cover_html,
    hint_html,
    log_html,
    mine_html,
    phase_reminder_html,
    rules_html,
    score_sheet_html,
    summary_html,
    title_html,
    turn_html,
)
from widgets.table_seats import SeatAreas
from widgets.table_settings import SettingsMenus

__all__ = ["BOT_LEVELS", "BUTTONS", "ONE_TO_DISCARD", "ONE_TO_HIT", "Chooser", "Table"]

ONE_TO_HIT = NN_(
    "Select exactly one card to add to a group ({count} card is selected).",
    "Select exactly one card to add to a group ({count} cards are selected).",
)
ONE_TO_DISCARD = NN_(
    "Select exactly one card to discard ({count} card is selected).",
    "Select exactly one card to discard ({count} cards are selected).",
)

BUTTONS: dict[str, str] = {
    "draw": N_("Draw"),
    "take": N_("Take discard"),
    "lay": N_("Lay down"),
    "hit": N_("Hit"),
    "discard": N_("Discard"),
    "hint": N_("Hint"),
    "undo": N_("Undo"),
    "new": N_("New game"),
}
"""The turn's buttons: key (their class is ``p10-btn-<key>``) and English label (the msgid)."""

EXTRA_BUTTONS: dict[str, str] = {
    "next": N_("Next round"),
    "show": N_("Show my cards"),
    "rules": N_("? Rules"),
}
"""The buttons of the table's other moments: the end of a hand, the cover screen, the rules panel."""


class Table(BrowserLocked, ipywidgets.VBox):  # type: ignore[misc]
    """A game of Phase 10 against bots (or hot-seat between humans); ``t.game`` is its engine ``Game``.

    Parameters: ``players`` 2 to 6; ``seed`` an int (None: a 128-bit seed from ``secrets``) for the deal
    and the bots; ``bots`` a level for every bot (``"random"``, ``"greedy"``, ``"smart"``) or one
    per bot seat in order (names or objects with ``choose(view)``/``explain()``); ``rules`` a
    ``Rules``; ``lang`` the language; ``human`` the human's seat (0 = p1); ``humans`` how many
    humans share the screen (seats p1 .. pN, a cover screen between their turns); ``speed``
    seconds between bots' moves (0: instant; a positive speed needs a running event loop, as in
    Jupyter and Voila, and otherwise plays at once); ``teaching`` shows the bots' reasons during
    the hand.

    >>> t = Table(players=3, seed=5, speed=0)
    >>> t.game.players, t.game.current_player == t.human or t.game.is_over()
    (3, True)
    >>> t.buttons["draw"].description, t.buttons["draw"].disabled == (Draw(0) not in t.game.legal_actions())
    ('Draw', True)
    """

    def __init__(
        self,
        players: int = 3,
        seed: int | None = None,
        bots: str | Sequence[str | Chooser] = "smart",
        rules: Rules | None = None,
        lang: str | None = None,
        *,
        human: int = 0,
        humans: int = 1,
        speed: float = DEFAULT_SPEED,
        teaching: bool = False,
    ) -> None:
        lang = notebook_lang(lang)
        super().__init__()
        settings = TableSettings(
            players, seed, bots, rules, lang, human=human, humans=humans, speed=speed, teaching=teaching
        )
        self._build(TableSession.from_settings(settings))

    @classmethod
    def from_snapshot(cls, text: str) -> Table:
        """The table a ``snapshot()`` text describes (``NotationError`` for anything else).

        >>> t = Table(players=2, seed=4, bots="greedy", speed=0)
        >>> Table.from_snapshot(t.snapshot()).game.to_json() == t.game.to_json()
        True
        """
        session = TableSession.from_snapshot(text)
        table = cls.__new__(cls)
        ipywidgets.VBox.__init__(table)
        table._build(session)
        return table

    def snapshot(self) -> str:
        """Everything to rebuild this table as JSON text (it holds hidden cards: it is never synced)."""
        return self.session.snapshot()

    def on_change(self, callback: Callable[[Table], None]) -> None:
        """Call ``callback(table)`` after every change of the game: each move (bots' too), take-back,
        next hand, new game."""
        if not callable(callback):
            raise Phase10Error(f"on_change takes a function, not {callback!r:.60}", reason=Reason.BAD_CHOICE)
        self._callbacks.append(callback)

    # ------------------------------------------------------------------ building the widgets

    def _build(self, session: TableSession) -> None:
        """Make the widgets over ``session``, lay them out, draw them and let the bots start if they are first."""
        self.session = session
        self._callbacks: list[Callable[[Table], None]] = []
        self._rules_open = False
        self._hint_cache: tuple[tuple[object, ...], str] | None = None
        self.lang = session.lang
        self.feedback = Feedback(self.lang)
        self.status, self.errors = self.feedback.status, self.feedback.errors
        self.pacer = BotPacer(session, self.feedback, self._refresh)
        self._build_areas()
        self._build_buttons()
        self._build_menus()
        self._arrange()
        self.seat_areas.seat(session.viewer, session.players)
        session.on_change(self._changed)
        self._refresh()
        self.pacer.start()

    def _build_areas(self) -> None:
        """The areas drawn from the view: title, turn banner, seats, piles, the viewer's hand and groups, texts."""
        self.style_html = locked_html(f"<style>{TABLE_CSS}</style>", "p10-style")
        self.title = locked_html("", "p10-title")
        self.turn = locked_html("", "p10-turn")
        self.seat_areas = SeatAreas(self.lang, self.feedback.guard(self._picked))
        areas = self.seat_areas
        self.opponents_box, self.piles = areas.opponents_box, areas.piles
        self.mine, self.my_groups, self.me_box = areas.mine, areas.my_groups, areas.me_box
        self.reminder = locked_html("", "p10-phase-reminder")
        self.hand = HandView((), lang=self.lang)
        self.hint_area = locked_html("", "p10-hint")
        self.why = locked_html("", "p10-why")
        self.scoring = locked_html("", "p10-scoring")
        self.log_area = locked_html("", "p10-log")
        self.score_sheet = locked_html("", "p10-score-sheet")
        self.rules_panel = locked_html("", "p10-rules")
        self.cover_text = locked_html("", "p10-cover-text-area")

    def _build_buttons(self) -> None:
        """The turn's buttons (``BUTTONS``) and the other moments' (``EXTRA_BUTTONS``), each calling its method."""
        self.buttons: dict[str, TableButton] = {}
        handlers: dict[str, Callable[[], None]] = {
            "draw": self.draw,
            "take": self.take_discard,
            "lay": self.lay_down,
            "hit": self.hit,
            "discard": self.discard,
            "hint": self.hint,
            "undo": self.undo,
            "new": self.new_game,
            "next": self.next_hand,
            "show": self.show_cards,
            "rules": self.toggle_rules,
        }
        css = {"next": "p10-btn-next-hand", "show": "p10-btn-show-cards"}
        for key in {**BUTTONS, **EXTRA_BUTTONS}:
            button = TableButton()
            button.add_class(css.get(key, f"p10-btn-{key}"))
            button.on_click(self.feedback.guard(self._clicked(handlers[key])))
            self.buttons[key] = button
        self.next_button, self.show_button, self.rules_button = (self.buttons.pop(k) for k in EXTRA_BUTTONS)
        self.next_button.button_style = self.show_button.button_style = "primary"

    def _build_menus(self) -> None:
        """The selection's menus (``SelectionMenus``) and the settings: teaching mode, bots' speed, language."""
        self.menus = SelectionMenus(lambda hit: self.feedback.guard(self._clicked(self._play_hit(hit))))
        self.layout_choice, self.hit_target, self.hit_end, self.skip_target = self.menus.menus
        self.hit_options, self.choices = self.menus.hit_options, self.menus.row
        settings = SettingsMenus(self.session, self.feedback, on_speed=self.pacer.set_speed, on_lang=self.set_lang)
        self.setting_menus = settings
        self.speed_choice, self.lang_choice = settings.menus
        self.teaching_choice = settings.teaching_choice
        self._label_controls()
        self.hand.observe(self.feedback.guard(self._on_selection), names="selected")

    def _arrange(self) -> None:
        """Lay the widgets out: a header, the board (turn, summary, cover, seats, hand) and a sidebar."""
        self.controls = LockedRow([self.buttons[key] for key in BUTTONS], layout=row_layout())
        self.controls.add_class("p10-controls")
        self.settings = LockedRow(
            [self.rules_button, self.teaching_choice, self.speed_choice, self.lang_choice], layout=row_layout()
        )
        self.settings.add_class("p10-settings")
        self.hand_box = LockedColumn(
            [self.me_box, self.reminder, self.hand, self.choices, self.controls, self.status, self.errors, self.why]
        )
        self.hand_box.add_class("p10-hand-box")
        # The status line sits under the buttons, or under the board while no hand is shown.
        self.outside_status = LockedColumn([])
        self.cover = LockedColumn([self.cover_text, self.show_button])
        self.cover.add_class("p10-cover")
        self.summary_box = LockedColumn([self.scoring, self.next_button])
        self.summary_box.add_class("p10-summary")
        board = [self.turn, self.summary_box, self.cover, self.opponents_box, self.hand_box, self.outside_status]
        self.board = LockedColumn([*board, self.hint_area], layout=ipywidgets.Layout(flex="1 1 620px", min_width="0"))
        self.board.add_class("p10-board")
        self.sidebar = LockedColumn(
            [self.rules_panel, self.setting_menus.teaching_note, self.log_area, self.score_sheet],
            layout=ipywidgets.Layout(flex="0 1 380px"),
        )
        self.sidebar.add_class("p10-sidebar")
        self.main = LockedRow([self.board, self.sidebar], layout=ipywidgets.Layout(align_items="flex-start"))
        self.main.add_class("p10-main")
        header = LockedRow([self.title, self.settings], layout=row_layout())
        header.add_class("p10-header")
        self.children = [self.style_html, header, self.main]
        self.add_class("p10-table")

    @property
    def _bot_task(self) -> asyncio.Task[None] | None:
        """The bots' paced moves under way (``BotPacer.task``), which a test awaits."""
        return self.pacer.task

    @property
    def opponent_views(self) -> dict[int, Locked]:
        """Each seat shown from outside: its facts (``SeatAreas``)."""
        return self.seat_areas.opponent_views

    @property
    def seat_groups(self) -> dict[int, GroupsView]:
        """Each seat shown from outside: its laid groups."""
        return self.seat_areas.seat_groups

    def _label_controls(self) -> None:
        """Write the buttons' and menus' labels in the table's language."""
        t = translator(self.lang)
        for key, label in BUTTONS.items():
            self.buttons[key].description = self.buttons[key].tooltip = t.gettext(label)
        for button, key in ((self.next_button, "next"), (self.show_button, "show"), (self.rules_button, "rules")):
            button.description = button.tooltip = t.gettext(EXTRA_BUTTONS[key])
        self.menus.label(self.lang)
        self.setting_menus.label(self.lang)
        for menu in (*self.menus.menus, *self.setting_menus.menus):
            menu.on_refused = self._menu_refused

    def _menu_refused(self) -> None:
        t = translator(self.lang)
        self.status.show(t.gettext("That is not one of the choices: the menu is back as it was."), "problem")

    # ------------------------------------------------------------------ the session's state, as attributes

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def players(self) -> int:
        return self.session.players

    @property
    def human(self) -> int:
        return self.session.human

    @property
    def humans(self) -> tuple[int, ...]:
        return self.session.humans

    @property
    def rules(self) -> Rules:
        return self.session.rules

    @property
    def speed(self) -> float:
        return self.session.speed

    @property
    def bots(self) -> dict[int, Chooser]:
        return self.session.bots

    @property
    def bot_names(self) -> dict[int, str]:
        return self.session.bot_names

    @property
    def log_entries(self) -> list[str]:
        """The log as the screen shows it now, oldest first."""
        return self.session.log_lines()

    @property
    def viewer(self) -> int | None:
        return self.session.viewer

    # ------------------------------------------------------------------ settings

    def set_lang(self, lang: str) -> None:
        """Switch the whole table to ``lang`` mid-game: labels, menus, log, bots' reasons, hand and status.

        >>> t = Table(players=2, seed=3, bots="greedy", speed=0)
        >>> t.set_lang("es"); t.buttons["draw"].description, t.lang_choice.value
        ('Robar', 'es')
        """
        lang = check_lang(lang)
        if lang == self.lang:
            return
        self.lang = self.feedback.lang = self.errors.lang = lang
        with self.hold_sync():
            self._label_controls()
            if self.lang_choice.value != lang:
                self.lang_choice.value = lang
            self.hand.set_lang(lang)
            self.seat_areas.set_lang(lang)
            self.status.show("", "info")
            self.hint_area.value = ""
        self.session.set_lang(lang)

    def toggle_rules(self) -> None:
        """Open or close the rules panel (the "?" button)."""
        self._rules_open = not self._rules_open
        self._refresh()

    # ------------------------------------------------------------------ flow

    def _changed(self, session: TableSession) -> None:
        """After every change in the session: redraw, then tell whoever listens."""
        self._refresh()
        for callback in list(self._callbacks):
            callback(self)

    def _clicked(self, handler: Callable[[], None]) -> Callable[[Any], None]:
        def clicked(_button: Any) -> None:
            try:
                handler()
            finally:
                self._refresh()

        return clicked

    def _act(self, action: Action) -> None:
        """The viewer's move: the session and the engine check it; then the bots answer."""
        self.hint_area.value = ""
        self.session.act(action)
        t = translator(self.lang)
        done = describe_action(action, action.player, self.lang).rstrip(".。")
        self.status.show(t.gettext("Done: {action}.").format(action=done))
        self.pacer.start()

    def _seat(self) -> int:
        """The seat at the screen whose turn it is (the session's refusal otherwise: bots, cover, summary)."""
        return self.session.check_turn()

    # ------------------------------------------------------------------ the viewer's controls

    def draw(self) -> None:
        """Draw from the draw pile (the Draw button)."""
        self._act(Draw(self._seat()))

    def take_discard(self) -> None:
        """Take the top card of the discard pile (the Take discard button)."""
        self._act(Take(self._seat()))

    def _selected(self) -> list[Card]:
        return list(self.hand.selected_cards)

    def _one_selected(self, what: tuple[str, str]) -> Card:
        cards = self._selected()
        if len(cards) != 1:
            said = translator(self.lang).ngettext(*what, len(cards)).format(count=len(cards))
            raise Refusal(said, reason=Reason.SELECT_ONE_CARD)
        return cards[0]

    def lay_down(self) -> None:
        """Lay down the layout chosen in the layout menu (it follows the selected cards, or suggests one)."""
        seat = self._seat()
        action = self.layout_choice.value
        if not isinstance(action, Lay) or action.player != seat:
            raise Refusal(self.session.no_layout_reason(self._selected()), reason=Reason.NO_LAYOUT)
        self._act(action)

    def hit(self) -> None:
        """Add the one selected card to the group chosen in the hit menu (at the run end chosen, if any)."""
        seat = self._seat()
        card = self._one_selected(ONE_TO_HIT)
        self._act(self.menus.chosen_hit(seat, card, self.session.view(), self.session.hits(card), self.lang))

    def discard(self) -> None:
        """Discard the one selected card; a Skip goes against the player chosen in the skip menu when needed."""
        seat = self._seat()
        card = self._one_selected(ONE_TO_DISCARD)
        legal = self.session.view().legal if self.session.state == "human" else ()
        self._act(self.menus.chosen_discard(seat, card, legal))

    def hint(self) -> None:
        """Show how near the hand is to its phase: what it still needs, its outs and the odds of the next draws."""
        self._seat()
        self.hint_area.value = self._hint_html()
        self.status.show(translator(self.lang).gettext("A hint is shown below."), "info")

    def undo(self) -> None:
        """Take back the viewer's last move of this turn, when it revealed nothing (else say why not)."""
        self.pacer.cancel()
        self.session.take_back()
        self.hint_area.value = ""
        self.status.show(translator(self.lang).gettext("Your last move was taken back."), "info")

    def next_hand(self) -> None:
        """Close the end-of-hand summary and go on with the next hand."""
        self.session.next_hand()
        self.status.show("", "info")
        self.pacer.start()

    def show_cards(self) -> None:
        """Hot-seat: the player behind the cover screen shows their cards."""
        self.session.show_cards()
        self.status.show("", "info")

    def new_game(self) -> None:
        """Deal a new game (its seed drawn from the table's seed, so a seeded table is reproducible)."""
        self.pacer.cancel()
        self.hint_area.value = ""
        self.session.new_game()
        self.status.show(translator(self.lang).gettext("A new game is dealt."), "info")
        self.pacer.start()

    # ------------------------------------------------------------------ what the selection allows

    def _on_selection(self, change: Any) -> None:
        self._refresh()

    # ------------------------------------------------------------------ drawing the table

    def _refresh(self) -> None:
        """Redraw every area from what the screen may show, and show only the controls that apply now."""
        session = self.session
        state = session.state
        view = session.view()
        viewer = session.viewer
        t = translator(self.lang)
        with self.hold_sync():
            self.seat_areas.seat(viewer, session.players)
            self.title.value = title_html(view, self.lang)
            self.turn.value = turn_html(state, view, viewer, self.lang)
            self.seat_areas.draw(view, viewer, self.bot_names)
            self.log_area.value = log_html(self.log_entries, self.lang)
            self.score_sheet.value = score_sheet_html(session.sheet, session.players, viewer, self.lang)
            self.rules_panel.value = rules_html(session.rules, self.lang) if self._rules_open else ""
            show_widget(self.rules_panel, self._rules_open)
            summary = session.summary
            show_widget(self.summary_box, summary is not None)
            if summary is not None:
                reasons = session.reasons_of_hand(summary.hand)
                self.scoring.value = summary_html(summary, viewer, reasons, self.lang)
            else:
                self.scoring.value = ""
            show_widget(self.next_button, state == "summary")
            show_widget(self.cover, state == "cover")
            self.cover_text.value = cover_html(session.cover, self.lang) if session.cover is not None else ""
            # Between hands the board (already dealt anew by the engine) waits behind the summary.
            board_shown = state not in ("summary", "over") or summary is None
            show_widget(self.opponents_box, board_shown)
            show_widget(self.piles, board_shown)
            mine_shown = viewer is not None and board_shown
            show_widget(self.hand_box, mine_shown)
            self.mine.value = mine_html(view, self.lang) if mine_shown else ""
            self.reminder.value = phase_reminder_html(view, self.lang) if mine_shown else ""
            feedback = [self.status, self.errors]
            inside = [self.me_box, self.reminder, self.hand, self.choices, self.controls]
            inside += [*feedback, self.why] if mine_shown else [self.why]
            if list(self.hand_box.children) != inside:
                self.hand_box.children = inside
            if list(self.outside_status.children) != ([] if mine_shown else feedback):
                self.outside_status.children = [] if mine_shown else feedback
            cards = view.hand if mine_shown else ()
            if Counter(self.hand.hand) != Counter(cards):
                self.hand.hand = cards
            if state == "human":
                self.hand_box.add_class("p10-my-turn")
            else:
                self.hand_box.remove_class("p10-my-turn")
            self._refresh_controls(state, view)
            if state == "over" and view.winner is not None:
                winner = seat_name(view.winner, viewer, self.lang)
                self.status.show(t.gettext("The game is over: {winner} won.").format(winner=winner), "ok")

    def _refresh_controls(self, state: str, view: PlayerView) -> None:
        """Show the session's controls of the moment; a disabled button says why in its title and in the
        line under the buttons."""
        t = translator(self.lang)
        controls = self.session.controls(self._selected())
        why = {key: r if isinstance(r, str) else describe_error(r, self.lang) for key, r in controls.why.items()}
        for key, button in self.buttons.items():
            label = t.gettext(BUTTONS[key])
            reason = why.get(key, "") if key in controls.shown else ""
            button.disabled = bool(reason) or key not in controls.shown
            button.tooltip = f"{label}: {reason}" if reason else label
            show_widget(button, key in controls.shown)
        self.why.value = "".join(
            f"<div>{escape(t.gettext(BUTTONS[key]))}: {escape(why[key])}</div>"
            for key in BUTTONS
            if key in why and key in controls.shown
        )
        # Menus: only when they apply to the selection.
        self.menus.show(controls, view, self.lang)
        self.seat_areas.draw_groups(list(controls.hits), view, self.session.viewer)

    def _picked(self, key: str) -> None:
        """A click on a laid group: the hit of the selected card there (the hit buttons choose a run's end)."""
        try:
            hits = [h for h in self._hits_of_selection() if group_notation(h.target, h.group) == key]
            if len(hits) == 1:
                self._act(hits[0])
            elif hits:
                t = translator(self.lang)
                template = SENTENCES[Reason.END_NEEDED]
                assert isinstance(template, str)
                raise Refusal(t.gettext(template).format(group=key, card=hits[0].card), reason=Reason.END_NEEDED)
        finally:
            self._refresh()

    def _hits_of_selection(self) -> list[Hit]:
        selected = self._selected()
        return self.session.hits(selected[0]) if len(selected) == 1 else []

    def _play_hit(self, hit: Hit) -> Callable[[], None]:
        return lambda: self._act(hit)

    def _hint_html(self) -> str:
        """The rules package's hint for the viewer's view (``phase10kit.hints``), as HTML.

        Kept for the position it was made for: a burst of Hint clicks costs one hint, not one each.
        """
        key = (self.lang, self.session.generation, len(self.game.history), self.session.viewer)
        if self._hint_cache is None or self._hint_cache[0] != key:
            self._hint_cache = (key, hint_html(self.session.view(), self.lang))
        return self._hint_cache[1]
