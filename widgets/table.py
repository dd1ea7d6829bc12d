"""The playable table: one human seat against bots, every control a thin layer over the engine.

``Table(players=3, seed=5, bots="smart")`` deals a real ``Game`` (``t.game``) and shows it as the
human (seat ``human``, p1 by default) may see it: their own hand as clickable cards, the others'
hands as face-down counts, every laid group, phases, scores and the top discard. Buttons are
enabled from the human's legal actions; each click builds an ``Action`` and hands it to the
engine, whose refusal becomes a sentence in the status line. Bots then play until it is the
human's turn again, each move in the log with the bot's explanation.

Nothing synced to the browser holds what the human may not see: the widgets are drawn from
``game.view(human)`` only, the seed and the generators stay in Python, and bots' explanations are
shown with any card they did not play written as ``?``. See ``widgets/TABLE.md`` for the DOM contract.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from html import escape
from typing import Any, Protocol

import ipywidgets

from phase10kit.actions import Action, Discard, Draw, Hit, Lay, Take
from phase10kit.cards import Card, Color
from phase10kit.errors import Phase10Error
from phase10kit.explain import color_name, explain, phase_name
from phase10kit.game import Game, PlayerView
from phase10kit.i18n import LANGUAGES, check_lang, translator
from phase10kit.phases import Phase
from phase10kit.rules import Rules
from phase10kit.solver import find_layout, missing, outs
from widgets._safety import N_, BrowserLocked, Feedback, Locked, Refusal, locked_html
from widgets.cards import HandView
from widgets.table_parts import (
    BOT_LEVELS,
    LockedRow,
    SafeDropdown,
    TableButton,
    describe_action,
    log_html,
    mine_html,
    opponent_html,
    piles_html,
    scoring_html,
    seat_name,
)


class Chooser(Protocol):
    """Anything that plays a seat: ``choose(view)`` returns a legal action, ``explain()`` says why."""

    def choose(self, view: PlayerView) -> Action: ...

    def explain(self) -> str: ...


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
"""The buttons: key (their class is ``p10-btn-<key>``) and English label (the msgid)."""

SPEEDS: tuple[float, ...] = (0.0, 0.4, 1.0)
"""Seconds between bots' moves offered by the speed menu (0: all at once)."""
MAX_BOT_MOVES = 20_000
"""A safety stop: more bot moves in a row than any game needs means something is broken."""

_CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9#])([RBGY](?:1[0-2]|[1-9])|W|S)(?![A-Za-z0-9])")


def hide_unplayed_cards(text: str, shown: Sequence[Card]) -> str:
    """``text`` with every card written in it replaced by ``?`` unless it is one of ``shown``.

    A bot's explanation may name cards of its hand; the human may see only those it played.

    >>> from phase10kit.cards import parse_cards
    >>> hide_unplayed_cards("discards R9, keeping R7 R7 W for a set", parse_cards("R9"))
    'discards R9, keeping ? ? ? for a set'
    """
    allowed = {str(card) for card in shown}
    return _CARD_TOKEN.sub(lambda m: m.group(0) if m.group(1) in allowed else "?", text)


def _make_bot(level: str | Chooser, seed: int, lang: str) -> tuple[Chooser, str]:
    """A bot for a seat from its level name (or a ready bot object), with the name shown for it."""
    t = translator(lang)
    if not isinstance(level, str):
        if not callable(getattr(level, "choose", None)):
            raise Phase10Error(f"a bot is 'random', 'greedy', 'smart' or an object with choose(), not {level!r:.60}")
        return level, type(level).__name__
    key = level.strip().lower()
    if key not in BOT_LEVELS:
        raise Phase10Error(f"unknown bot level {level!r}: choose one of {', '.join(BOT_LEVELS)}", reason="bad-bot")
    from phase10kit import bots

    classes: dict[str, Any] = {"random": bots.RandomBot, "greedy": bots.GreedyBot, "smart": bots.SmartBot}
    return classes[key](seed=seed, lang=lang), t.gettext(BOT_LEVELS[key])


def _bot_explanation(bot: Chooser) -> str:
    try:
        return str(bot.explain())
    except (AttributeError, Phase10Error):
        return ""


def _cards_of(action: Action) -> list[Card]:
    """The cards an action shows to everyone."""
    if isinstance(action, Lay):
        return action.cards
    if isinstance(action, Hit | Discard):
        return [action.card]
    return []


class Table(BrowserLocked, ipywidgets.VBox):  # type: ignore[misc]
    """A game of Phase 10 to play against bots; ``t.game`` is its engine ``Game``.

    Parameters: ``players`` 2 to 6; ``seed`` an int (None: from the operating system) for the deal
    and the bots; ``bots`` a level for every bot (``"random"``, ``"greedy"``, ``"smart"``) or one
    per opponent in seat order (names or objects with ``choose(view)``/``explain()``); ``rules`` a
    ``Rules``; ``lang`` the language; ``human`` the human's seat (0 = p1); ``speed`` seconds between
    bots' moves (0 plays them at once; with a running event loop, a positive speed plays them
    without blocking).

    >>> t = Table(players=3, seed=5)
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
        lang: str = "en",
        *,
        human: int = 0,
        speed: float = 0.0,
    ) -> None:
        super().__init__()
        self.lang = check_lang(lang)
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
            raise Phase10Error(f"a game has 2 to 6 players, not {players!r}", reason="bad-players")
        if isinstance(human, bool) or not isinstance(human, int) or not 0 <= human < players:
            raise Phase10Error(f"the human's seat is 0 to {players - 1}, not {human!r}", reason="bad-player")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise Phase10Error(f"a seed is an integer or None, not {seed!r:.60}", reason="bad-seed")
        self.players, self.human, self.rules = players, human, rules if rules is not None else Rules()
        self.speed = self._check_speed(speed)
        levels = [bots] * (players - 1) if isinstance(bots, str) else list(bots)
        if len(levels) != players - 1:
            raise Phase10Error(f"{players} players need {players - 1} bots, not {len(levels)}", reason="bad-bot")
        self._levels = levels
        # Seeds live only here in Python: a synced seed would let the browser recompute every hand.
        self._seeds = random.Random(seed)
        self._first_seed = seed if seed is not None else self._seeds.getrandbits(32)
        self.log_entries: list[str] = []
        self.feedback = Feedback(self.lang)
        self.status, self.errors = self.feedback.status, self.feedback.errors
        self._bot_task: asyncio.Task[None] | None = None

        self.title = locked_html("", "p10-title")
        self.opponent_views: dict[int, Locked] = {}
        self.opponents_box = LockedRow(layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.opponents_box.add_class("p10-opponents")
        self.piles = locked_html("", "p10-piles")
        self.mine = locked_html("", "p10-me")
        self.hand = HandView((), lang=self.lang)
        self.hint_area = locked_html("", "p10-hint")
        self.scoring = locked_html("", "p10-scoring")
        self.log_area = locked_html("", "p10-log")

        self.buttons: dict[str, TableButton] = {}
        for key in BUTTONS:
            button = TableButton()
            button.add_class(f"p10-btn-{key}")
            button.on_click(self.feedback.guard(self._on_click(key)))
            self.buttons[key] = button
        self.layout_choice = self._dropdown("p10-layout-choice")
        self.hit_target = self._dropdown("p10-hit-target")
        self.hit_end = self._dropdown("p10-hit-end")
        self.skip_target = self._dropdown("p10-skip-target")
        self.speed_choice = self._dropdown("p10-speed")
        self.lang_choice = self._dropdown("p10-lang")
        # Each language is named in itself, so the menu reads the same in every language.
        self.lang_choice.options = [(name, code) for code, name in LANGUAGES.items()]
        self.lang_choice.value = self.lang
        self._label_controls()
        self.speed_choice.value = self.speed
        self.speed_choice.observe(self.feedback.guard(self._on_speed), names="value")
        self.lang_choice.observe(self.feedback.guard(self._on_lang), names="value")
        self.hand.observe(self.feedback.guard(self._on_selection), names="selected")

        controls = LockedRow([self.buttons[key] for key in BUTTONS], layout=ipywidgets.Layout(flex_flow="row wrap"))
        controls.add_class("p10-controls")
        choices = LockedRow(
            [self.layout_choice, self.hit_target, self.hit_end, self.skip_target, self.speed_choice, self.lang_choice],
            layout=ipywidgets.Layout(flex_flow="row wrap"),
        )
        choices.add_class("p10-choices")
        self.children = [
            self.title,
            self.opponents_box,
            self.piles,
            self.mine,
            self.hand,
            choices,
            controls,
            self.status,
            self.errors,
            self.hint_area,
            self.scoring,
            self.log_area,
        ]
        self.add_class("p10-table")
        self._start(self._first_seed)

    # ------------------------------------------------------------------ set-up

    @staticmethod
    def _check_speed(speed: object) -> float:
        if isinstance(speed, bool) or not isinstance(speed, int | float) or not 0 <= speed <= 10:
            raise Phase10Error(f"speed is 0 to 10 seconds between bot moves, not {speed!r:.40}", reason="bad-speed")
        return float(speed)

    def _speed_label(self, speed: float) -> str:
        t = translator(self.lang)
        if speed == 0:
            return t.gettext("instant")
        return t.gettext("{seconds} s per move").format(seconds=f"{speed:g}")

    @staticmethod
    def _dropdown(css_class: str) -> SafeDropdown:
        widget = SafeDropdown(options=[], style={"description_width": "initial"})
        widget.add_class(css_class)
        return widget

    def _label_controls(self) -> None:
        """Write the buttons' and menus' labels in the table's language."""
        t = translator(self.lang)
        for key, label in BUTTONS.items():
            self.buttons[key].description = self.buttons[key].tooltip = t.gettext(label)
        self.layout_choice.description = t.gettext("Layout:")
        self.hit_target.description = t.gettext("Hit group:")
        self.hit_end.description = t.gettext("Run end:")
        self.skip_target.description = t.gettext("Skip:")
        self.speed_choice.description = t.gettext("Bot speed:")
        self.lang_choice.description = t.gettext("Language:")
        speeds = sorted({*SPEEDS, self.speed})
        self._set_options(self.speed_choice, [(self._speed_label(s), s) for s in speeds])

    def set_lang(self, lang: str) -> None:
        """Switch the whole table to ``lang`` mid-game: labels, menus, bots' explanations, hand and status.

        Lines already in the log stay in the language they were written in.

        >>> t = Table(players=2, seed=3, bots="greedy")
        >>> t.set_lang("es"); t.buttons["draw"].description, t.lang_choice.value
        ('Robar', 'es')
        """
        lang = check_lang(lang)
        if lang == self.lang:
            return
        self.lang = self.feedback.lang = self.errors.lang = lang
        others = [seat for seat in range(self.players) if seat != self.human]
        for seat, level in zip(others, self._levels, strict=True):
            bot = self.bots[seat]
            if hasattr(bot, "lang"):  # the kit's bots explain themselves in their ``lang``
                bot.lang = lang
            if isinstance(level, str):
                self.bot_names[seat] = translator(lang).gettext(BOT_LEVELS[level.strip().lower()])
        with self.hold_sync():
            self._label_controls()
            if self.lang_choice.value != lang:
                self.lang_choice.value = lang
            self.hand.set_lang(lang)
            self.status.show("", "info")
            self.hint_area.value = ""
        self._refresh()

    def _on_lang(self, change: Any) -> None:
        if change["new"] is None:  # the browser emptied the menu: show the table's language again
            self.lang_choice.value = self.lang
            return
        self.set_lang(change["new"])

    def _start(self, seed: int) -> None:
        """Deal a new game with ``seed`` and let the bots play up to the human's first turn."""
        self._cancel_bots()
        self.game = Game(players=self.players, rules=self.rules, seed=seed)
        self.bots: dict[int, Chooser] = {}
        self.bot_names: dict[int, str] = {}
        others = [seat for seat in range(self.players) if seat != self.human]
        for seat, level in zip(others, self._levels, strict=True):
            bot, name = _make_bot(level, seed * 10 + seat, self.lang)
            self.bots[seat], self.bot_names[seat] = bot, name
        self.opponent_views = {seat: locked_html("", "p10-opponent") for seat in others}
        self.opponents_box.children = [self.opponent_views[seat] for seat in others]
        self.log_entries = []
        self.scoring.value = ""
        self.hint_area.value = ""
        self._seen_round = self.game.round
        self._seen_scores = tuple(self.game.scores)
        self._seen_done = tuple(len(d) for d in self.game.done)
        t = translator(self.lang)
        self._log(t.gettext("A new game of {players} players: hand 1.").format(players=self.players))
        self.status.show(t.gettext("A new game is dealt."), "info")
        self._play_bots()

    # ------------------------------------------------------------------ applying actions

    def _apply(self, action: Action, explanation: Callable[[], str] | None = None) -> None:
        """Apply one action through the engine (which refuses it with a reason), log it and check for a hand's end."""
        g = self.game
        self.game.apply(action)
        text = describe_action(action, self.human, self.lang)
        if isinstance(action, Draw) and action.player == self.human:
            drawn = g.hands[self.human][-1]
            text = translator(self.lang).gettext("You draw {card}.").format(card=drawn)
        said = explanation() if explanation is not None else ""
        if said:
            text = f"{text} {said}"
        self._log(text)
        self._after_move(action)

    def _after_move(self, action: Action) -> None:
        g = self.game
        if g.round == self._seen_round and not g.is_over():
            return
        t = translator(self.lang)
        rows = []
        for seat in range(self.players):
            gained = g.scores[seat] - self._seen_scores[seat]
            made = len(g.done[seat]) > self._seen_done[seat]
            rows.append((seat_name(seat, self.human, self.lang), gained, g.scores[seat], made))
        who = seat_name(action.player, self.human, self.lang)
        heading = t.gettext("Hand {number} is over: {who} went out.").format(number=self._seen_round, who=who)
        if g.is_over():
            heading = t.gettext("Hand {number} is over.").format(number=self._seen_round)
        self._log(heading)
        html = scoring_html(rows, heading, self.lang)
        if g.is_over() and g.winner is not None:
            final = t.gettext("The game is over: {winner} won with {points} points.").format(
                winner=seat_name(g.winner, self.human, self.lang), points=g.scores[g.winner]
            )
            self._log(final)
            html = f"<p><strong>{escape(final)}</strong></p>{html}"
        self.scoring.value = html
        self._seen_round = g.round
        self._seen_scores = tuple(g.scores)
        self._seen_done = tuple(len(d) for d in g.done)

    def _log(self, entry: str) -> None:
        self.log_entries.append(entry)

    def _bot_step(self) -> bool:
        """Let the bot whose turn it is make one move; False when it is the human's turn or the game is over."""
        g = self.game
        seat = g.current_player
        if g.is_over() or seat == self.human:
            return False
        bot = self.bots[seat]
        view = g.view(seat)
        top = view.discard_pile[-1:]
        action = bot.choose(view)
        explanation = _bot_explanation(bot)

        def public_explanation() -> str:
            # Read after the move, so the groups it names are on the table.
            laid = [card for groups in self.game.melds for group in groups for card in group.cards]
            return hide_unplayed_cards(explanation, [*_cards_of(action), *top, *laid])

        self._apply(action, public_explanation)
        return True

    def _play_bots(self) -> None:
        """Bots play until the human's turn: at once, or paced on the running event loop when ``speed`` > 0."""
        bots_to_play = not self.game.is_over() and self.game.current_player != self.human
        if bots_to_play and self.speed > 0 and _running_loop() is not None:
            self._bot_task = asyncio.ensure_future(self._paced_moves_async())
            self._refresh()
            return
        for _ in range(MAX_BOT_MOVES):
            if not self._bot_step():
                break
        else:
            raise RuntimeError(f"the bots made {MAX_BOT_MOVES} moves in a row without the game reaching the human")
        self._refresh()

    async def _paced_moves_async(self) -> None:
        """Bots' moves one by one with ``speed`` seconds between them; errors become visible, never raised."""
        for _ in range(MAX_BOT_MOVES):
            await asyncio.sleep(self.speed)
            moved = False
            error: BaseException | None = None
            self.feedback.errors.clear()
            try:
                moved = self._bot_step()
            except Phase10Error as refusal:
                error = refusal
                self.status.show(str(refusal), "problem")
            except Exception as failure:  # visible, and the table stays usable
                error = failure
                self.errors.show(failure)
            self._refresh()
            if not moved or error is not None:
                return

    def _cancel_bots(self) -> None:
        task, self._bot_task = self._bot_task, None
        if task is not None and not task.done():
            task.cancel()

    # ------------------------------------------------------------------ the human's controls

    def _on_click(self, key: str) -> Callable[[Any], None]:
        handlers: dict[str, Callable[[], None]] = {
            "draw": self.draw,
            "take": self.take_discard,
            "lay": self.lay_down,
            "hit": self.hit,
            "discard": self.discard,
            "hint": self.hint,
            "undo": self.undo,
            "new": self.new_game,
        }
        handler = handlers[key]

        def clicked(_button: Any) -> None:
            try:
                handler()
            finally:
                self._refresh()

        return clicked

    def _human_turn(self) -> None:
        t = translator(self.lang)
        if self._bot_task is not None and not self._bot_task.done():
            raise Refusal(t.gettext("Wait: the bots are still playing."), reason="bots-playing")

    def _play(self, action: Action) -> None:
        """The human's action: the engine checks it; then the bots answer."""
        self._human_turn()
        self.hint_area.value = ""
        self._apply(action)
        t = translator(self.lang)
        self.status.show(t.gettext("Done: {action}.").format(action=describe_action(action, self.human, self.lang)))
        self._play_bots()

    def draw(self) -> None:
        """Draw from the draw pile (the Draw button)."""
        self._play(Draw(self.human))

    def take_discard(self) -> None:
        """Take the top card of the discard pile (the Take discard button)."""
        self._play(Take(self.human))

    def _selected(self) -> list[Card]:
        return list(self.hand.selected_cards)

    def _one_selected(self, what: str) -> Card:
        cards = self._selected()
        if len(cards) != 1:
            t = translator(self.lang)
            raise Refusal(t.gettext(what).format(count=len(cards)), reason="select-one-card")
        return cards[0]

    def lay_down(self) -> None:
        """Lay down the layout chosen in the layout menu (it follows the selected cards, or suggests one)."""
        action = self.layout_choice.value
        if not isinstance(action, Lay):
            t = translator(self.lang)
            raise Refusal(self._no_layout_reason() or t.gettext("No layout to lay down."), reason="no-layout")
        self._play(action)

    def hit(self) -> None:
        """Add the one selected card to the group chosen in the hit menu (at the run end chosen, if any)."""
        card = self._one_selected(N_("Select exactly one card to add to a group (you selected {count})."))
        target = self.hit_target.value
        if not isinstance(target, tuple):
            raise Refusal(translator(self.lang).gettext("There is no laid group to add to."), reason="no-group")
        seat, index = target
        end = self.hit_end.value
        action = Hit(self.human, seat, index, card, end)
        if end is None:
            matching = [
                a
                for a in self.game.view(self.human).legal
                if isinstance(a, Hit) and (a.target, a.group, a.card) == (seat, index, card)
            ]
            if len(matching) == 1:
                action = matching[0]
        self._play(action)

    def discard(self) -> None:
        """Discard the one selected card; a Skip goes against the player chosen in the skip menu when needed."""
        card = self._one_selected(N_("Select exactly one card to discard (you selected {count})."))
        target = self.skip_target.value if card.is_skip else None
        action = Discard(self.human, card, target)
        if card.is_skip and target is None:
            matching = [a for a in self.game.view(self.human).legal if isinstance(a, Discard) and a.card == card]
            if len(matching) == 1:
                action = matching[0]
        self._play(action)

    def hint(self) -> None:
        """Show how near the hand is to its phase: what it still needs, its outs and the odds of the next draws."""
        self.hint_area.value = self._hint_html()
        self.status.show(translator(self.lang).gettext("A hint is shown below."), "info")

    def undo(self) -> None:
        """Take back the human's last action and every bot move after it."""
        t = translator(self.lang)
        self._cancel_bots()
        prefix = f"p{self.human + 1} "
        mine = sum(1 for line in self.game.history if line.startswith(prefix))
        if mine == 0:
            raise Refusal(t.gettext("There is nothing of yours to undo yet."), reason="no-undo")
        while sum(1 for line in self.game.history if line.startswith(prefix)) == mine:
            self.game.undo()
        self._seen_round = self.game.round
        self._seen_scores = tuple(self.game.scores)
        self._seen_done = tuple(len(d) for d in self.game.done)
        self.scoring.value = ""
        self.hint_area.value = ""
        self._log(t.gettext("You took back your last move."))
        self.status.show(t.gettext("Your last move was taken back."), "info")
        if self.game.current_player != self.human:
            self._play_bots()

    def new_game(self) -> None:
        """Deal a new game (its seed drawn from the table's seed, so a seeded table is reproducible)."""
        self._start(self._seeds.getrandbits(32))

    # ------------------------------------------------------------------ menus that follow the selection

    def _on_selection(self, change: Any) -> None:
        self._refresh_layouts(self.game.view(self.human))

    def _on_speed(self, change: Any) -> None:
        self.speed = self._check_speed(change["new"])

    def _lays(self, view: PlayerView) -> list[Lay]:
        return [a for a in view.legal if isinstance(a, Lay)]

    def _no_layout_reason(self) -> str:
        """Why the selected cards offer no layout, in words (from the solver's explanation)."""
        view = self.game.view(self.human)
        t = translator(self.lang)
        phase = view.current_phases[self.human]
        if not view.my_turn or view.stage != "play":
            return t.gettext("You can lay down only on your turn, after drawing.")
        if view.laid[self.human] is not None:
            return t.gettext("You have already laid down your phase this hand.")
        selected = self._selected()
        if phase is None or not selected:
            return ""
        natural = view.rules.natural_required
        if find_layout(selected, phase, natural_required=natural) is None:
            return t.gettext("The selected cards do not make the phase. {why}").format(
                why=explain(selected, phase, natural_required=natural, lang=self.lang)
            )
        return t.gettext(
            "Select exactly the cards of your phase (or none for the suggested layout); "
            "add more cards afterwards with Hit."
        )

    def _refresh_layouts(self, view: PlayerView) -> None:
        """Offer the legal lay-downs that use exactly the selected cards (or the suggested one when none is selected).

        Several options with the same cards differ in where the Wilds stand: the human chooses.
        """
        lays = self._lays(view)
        selected = Counter(self._selected())
        if selected:
            options = [a for a in lays if Counter(a.cards) == selected]
        elif lays:
            suggested = self._suggested(view, lays)
            options = [a for a in lays if Counter(a.cards) == Counter(suggested.cards)]
            options.sort(key=lambda a: a != suggested)
        else:
            options = []
        self._set_options(self.layout_choice, [(self._lay_label(a), a) for a in options[:40]])
        self.layout_choice.disabled = not options

    def _suggested(self, view: PlayerView, lays: list[Lay]) -> Lay:
        """The solver's layout of the current phase (fewest Wilds) when it is legal, otherwise the first."""
        phase = view.current_phases[self.human]
        if phase is not None:
            layout = find_layout(view.hand, phase, natural_required=view.rules.natural_required)
            if layout is not None:
                wanted = Counter(layout.cards)
                for lay in lays:
                    if Counter(lay.cards) == wanted:
                        return lay
        return lays[0]

    def _lay_label(self, action: Lay) -> str:
        t = translator(self.lang)
        parts = []
        for group in action.groups:
            values = group.wild_values()
            text = str(group)
            if values:
                words = ", ".join(color_name(v, self.lang) if isinstance(v, Color) else str(v) for v in values)
                text += " (" + t.gettext("Wild = {values}").format(values=words) + ")"
            parts.append(text)
        groups = " ".join(parts)
        if action.phase is None:
            return groups
        return t.gettext("phase {code}: {name}").format(code=action.phase, name=groups)

    # ------------------------------------------------------------------ drawing the table

    def _refresh(self) -> None:
        """Redraw every area from the human's view and enable the buttons from their legal actions."""
        g = self.game
        view = g.view(self.human)
        t = translator(self.lang)
        legal = view.legal
        kinds = {type(a) for a in legal}
        bots_busy = self._bot_task is not None and not self._bot_task.done()
        with self.hold_sync():
            self.title.value = self._title_html(view)
            for seat, widget in self.opponent_views.items():
                widget.value = opponent_html(view, seat, self.human, self.bot_names[seat], self.lang)
            self.piles.value = piles_html(view, self.lang)
            self.mine.value = mine_html(view, self.lang)
            if Counter(self.hand.hand) != Counter(view.hand):
                self.hand.hand = view.hand
            self.buttons["draw"].disabled = Draw not in kinds
            self.buttons["take"].disabled = Take not in kinds
            self.buttons["lay"].disabled = Lay not in kinds
            self.buttons["hit"].disabled = Hit not in kinds
            self.buttons["discard"].disabled = Discard not in kinds
            self.buttons["hint"].disabled = view.over or self.human not in view.active
            prefix = f"p{self.human + 1} "
            self.buttons["undo"].disabled = not any(line.startswith(prefix) for line in g.history)
            self.buttons["new"].disabled = False
            self._refresh_layouts(view)
            targets = [
                (f"p{seat + 1}.{i + 1} {group}", (seat, i))
                for seat in range(self.players)
                for i, group in enumerate(view.melds[seat])
            ]
            self._set_options(self.hit_target, targets)
            self.hit_target.disabled = Hit not in kinds
            self._set_options(
                self.hit_end,
                [(t.gettext("either / not needed"), None), (t.gettext("low"), "low"), (t.gettext("high"), "high")],
            )
            self.hit_end.disabled = Hit not in kinds
            skip_targets = sorted(
                {a.target for a in legal if isinstance(a, Discard) and a.card.is_skip and a.target is not None}
            )
            self._set_options(
                self.skip_target,
                [(t.gettext("choose…"), None)] + [(seat_name(s, self.human, self.lang), s) for s in skip_targets],
            )
            self.skip_target.disabled = not skip_targets
            self.log_area.value = log_html(self.log_entries, self.lang)
            if view.over:
                winner = seat_name(view.winner, self.human, self.lang) if view.winner is not None else "?"
                self.status.show(t.gettext("The game is over: {winner} won.").format(winner=winner), "ok")
            elif bots_busy:
                self.status.show(t.gettext("The bots are playing…"), "info")
            elif view.my_turn and self.status.tone != "problem":
                step = (
                    t.gettext("draw or take the discard")
                    if view.stage == "draw"
                    else t.gettext("lay down, hit, or discard to end your turn")
                )
                self.status.show(t.gettext("Your turn: {step}.").format(step=step), self.status.tone)

    @staticmethod
    def _set_options(dropdown: SafeDropdown, options: list[tuple[str, Any]]) -> None:
        """Change a menu's options only when they differ; keep the chosen value if still offered, else the first."""
        if list(dropdown.options) == options:
            return
        value = dropdown.value
        dropdown.options = options
        if any(v == value for _, v in options):
            dropdown.value = value
        elif options:
            dropdown.value = options[0][1]

    def _title_html(self, view: PlayerView) -> str:
        t = translator(self.lang)
        if view.over:
            text = t.gettext("Phase 10 — the game is over")
        elif view.tiebreak:
            text = t.gettext("Phase 10 — tie-break hand")
        else:
            text = t.gettext("Phase 10 — hand {number}").format(number=view.round)
        return f"<h3 style='margin:4px 0'>{escape(text)}</h3>"

    def _hint_html(self) -> str:
        view = self.game.view(self.human)
        t = translator(self.lang)
        natural = view.rules.natural_required
        hand = list(view.hand)
        if view.laid[self.human] is not None:
            fitting = sorted({a.card for a in view.legal if isinstance(a, Hit)})
            if fitting:
                text = t.gettext("Your phase is down. These cards can be added to groups with Hit: {cards}.").format(
                    cards=" ".join(map(str, fitting))
                )
            else:
                text = t.gettext("Your phase is down. Get rid of your cards: hit when a card fits, else discard.")
            return f"<p>{escape(text)}</p>"
        phase = view.current_phases[self.human]
        phases = (
            [phase]
            if phase is not None
            else [
                view.rules.phases[n - 1] for n in range(1, view.rules.phase_count + 1) if n not in view.done[self.human]
            ]
        )
        if not phases:
            return ""
        best = min(phases, key=lambda p: missing(hand, p, natural_required=natural))
        parts = [explain(hand, best, natural_required=natural, lang=self.lang)]
        card_outs = outs(hand, best, natural_required=natural)
        if card_outs:
            parts.append(
                t.gettext("Any one of these cards would complete it: {cards}.").format(
                    cards=" ".join(map(str, card_outs))
                )
            )
        odds = self._odds(view, hand, best)
        if odds:
            parts.append(odds)
        title = t.gettext("Hint for {phase}").format(phase=phase_name(best, self.lang))
        items = "".join(f"<li>{escape(part)}</li>" for part in parts)
        return f"<div role='note'><strong>{escape(title)}</strong><ul>{items}</ul></div>"

    def _odds(self, view: PlayerView, hand: list[Card], phase: Phase) -> str:
        """The chance that the next 1, 2 or 3 draws complete the phase, counting only cards the human has not seen."""
        try:
            from phase10kit.probability import completion_odds
        except ImportError:
            return ""
        t = translator(self.lang)
        seen = [*view.discard_pile, *(card for groups in view.melds for group in groups for card in group.cards)]
        chances = [
            completion_odds(hand, phase, draws, seen=seen, natural_required=view.rules.natural_required)
            for draws in (1, 2, 3)
        ]
        return t.gettext("Chance of holding it after 1, 2, 3 more draws: {odds}.").format(
            odds=", ".join(f"{p:.0%}" for p in chances)
        )


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
