"""A small table that steps through turns to show who loses a turn to a Skip, under each Skip rule.

The demo plays a real seeded ``Game``: every turn is a draw and a discard applied by the engine,
and a player holding a Skip discards it. Who may be skipped (the once-per-circuit rule: nobody
already waiting to lose a turn can be skipped again) and who actually loses a turn are read from
the engine's legal actions and its state, never worked out here. This is a demonstration of the
rule, not a game: it shows how many Skips each player holds.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets

from phase10kit.actions import Discard, Draw, Take, seat_notation
from phase10kit.errors import Phase10Error, Reason
from phase10kit.game import Game, PlayerView
from phase10kit.i18n import check_lang, translator
from phase10kit.rules import MAX_PLAYERS, FirstSkip, Rules, SkipTarget, rule_option
from widgets._safety import N_, BrowserLocked, Feedback, Refusal, fonts_style, locked_html
from widgets.language import notebook_lang
from widgets.table_parts import LockedRow, SafeDropdown, TableButton

__all__ = ["SkipDemo", "demo_seed", "flipped_skip_seed"]

SEARCH_LIMIT = 5000
"""Seeds tried to find a deal that shows what the demo is about."""
DEALS = ("early-skips", "flipped-skip")
"""What the demo's deal shows: a Skip in each of the first two hands, or a Skip turned up to start the discard pile."""
_CHOICE_LABELS: dict[str | bool, str] = {
    "choose": N_("the discarder chooses"),
    "next": N_("the next player"),
    "skip_first": N_("skips the first player"),
    "cover": N_("is covered by the next card"),
}
"""The menus' words for the choices of ``skip_target`` and ``first_skip`` (``phase10kit.rules.RULE_OPTIONS``)."""


def demo_seed(players: int, start: int = 0, rules: Rules | None = None) -> int:
    """The first seed from ``start`` whose deal gives a Skip to each of the first two players to act.

    With two Skips in a row, the second player faces the once-per-circuit rule at once. The deal is
    made by the engine under ``rules`` (the kit's default rules when None).

    >>> g = Game(players=4, seed=demo_seed(4))
    >>> first = g.current_player; second = (first + 1) % 4
    >>> any(c.is_skip for c in g.hands[first]) and any(c.is_skip for c in g.hands[second])
    True
    """

    def two_early_skips(game: Game) -> bool:
        first = game.current_player
        second = (first + 1) % players
        return any(c.is_skip for c in game.hands[first]) and any(c.is_skip for c in game.hands[second])

    return _search(players, start, rules, two_early_skips, "two early Skips")


def flipped_skip_seed(players: int, start: int = 0, rules: Rules | None = None) -> int:
    """The first seed from ``start`` whose deal turns up a Skip as the first card of the discard pile.

    The engine deals under ``rules`` (the kit's default rules when None); the flipped card does not
    depend on the rules, only what happens next does (the first player loses a turn, or the Skip is covered).

    >>> g = Game(players=4, seed=flipped_skip_seed(4))
    >>> g.view(0).discard_pile[0].is_skip
    True
    """
    return _search(players, start, rules, lambda game: game.view(0).discard_pile[0].is_skip, "a Skip turned up")


def _search(players: int, start: int, rules: Rules | None, shows: Callable[[Game], bool], what: str) -> int:
    for seed in range(start, start + SEARCH_LIMIT):
        if shows(Game(players=players, rules=rules or Rules(), seed=seed)):
            return seed
    raise Phase10Error(f"no deal with {what} among {SEARCH_LIMIT} seeds from {start}", reason=Reason.BAD_SEED)


def passed_over(before: int, after: int, view: PlayerView) -> list[int]:
    """The active seats the turn went past, clockwise from ``before`` to ``after`` (both excluded).

    >>> g = Game(players=4, seed=1)
    >>> passed_over(0, 3, g.view(0))
    [1, 2]
    """
    seats = [s for s in range(len(view.hand_sizes)) if s in view.active]
    passed = []
    seat = before
    for _ in range(len(seats)):
        seat = (seat + 1) % len(view.hand_sizes)
        if seat == after:
            break
        if seat in seats:
            passed.append(seat)
    return passed


def _fit_text() -> ipywidgets.Layout:
    # A menu as wide as its label and longest choice (the default fixed width cut the choices off).
    return ipywidgets.Layout(width="auto", max_width="100%")


class SkipDemo(BrowserLocked, ipywidgets.VBox):  # type: ignore[misc]
    """Step through turns of a real game to see who loses a turn under each Skip rule.

    ``skip_target`` (``"choose"`` or ``"next"``) and ``first_skip`` (``"skip_first"`` or
    ``"cover"``) start at the kit's default rules (``Rules()``) and can be changed in the menus; the
    same deal then starts again under the new rule. ``deal="early-skips"`` (the default) deals a Skip
    to each of the first two players; ``deal="flipped-skip"`` deals one that turns up a Skip to start
    the discard pile. Both are searched from ``seed`` with the engine.

    >>> demo = SkipDemo(players=4)
    >>> demo.rules == Rules()
    True
    >>> demo.next_turn(); demo.next_turn()
    >>> demo.log_entries[:2]
    ['p1 draws a card.', 'p1 discards a Skip against p4.']
    >>> SkipDemo(players=4, deal="flipped-skip").log_entries
    ['A Skip was turned up to start the discard pile.', 'p1 loses the first turn to the Skip turned up.']
    """

    def __init__(
        self,
        players: int = 4,
        skip_target: str = Rules().skip_target,
        first_skip: str = Rules().first_skip,
        seed: int | None = None,
        lang: str | None = None,
        deal: str = "early-skips",
    ) -> None:
        lang = notebook_lang(lang)
        super().__init__()
        self.lang = check_lang(lang)
        t = translator(self.lang)
        # A Skip needs someone to choose among: at least three players, at most what a game can seat.
        if isinstance(players, bool) or not isinstance(players, int) or not 3 <= players <= MAX_PLAYERS:
            raise Phase10Error(f"the Skip demo needs 3 to 6 players, not {players!r}", reason=Reason.BAD_PLAYERS)
        self.players = players
        self.deal = self._option(deal, DEALS, "deal")
        self._rule_choice(skip_target, "skip_target")
        self._rule_choice(first_skip, "first_skip")
        # The menus' values, typed for mypy (the checks above refused every other word).
        target: SkipTarget = "next" if skip_target == "next" else "choose"
        flip: FirstSkip = "cover" if first_skip == "cover" else "skip_first"
        search = flipped_skip_seed if deal == "flipped-skip" else demo_seed
        self.seed = search(players, 0 if seed is None else seed, Rules(skip_target=target, first_skip=flip))
        self.feedback = Feedback(self.lang)
        self.status, self.errors = self.feedback.status, self.feedback.errors
        self.log_entries: list[str] = []
        self.seats = locked_html("", "p10-skip-seats")
        self.rule_note = locked_html("", "p10-skip-rule")
        self.log_area = locked_html("", "p10-log")
        self.skip_rule = SafeDropdown(
            options=[(t.gettext(_CHOICE_LABELS[choice]), choice) for choice in rule_option("skip_target").choices],
            description=t.gettext("A Skip skips:"),
            style={"description_width": "initial"},
            layout=_fit_text(),
        )
        self.first_rule = SafeDropdown(
            options=[(t.gettext(_CHOICE_LABELS[choice]), choice) for choice in rule_option("first_skip").choices],
            description=t.gettext("A Skip turned up at the start:"),
            style={"description_width": "initial"},
            layout=_fit_text(),
        )
        self.target = SafeDropdown(
            options=[], description=t.gettext("Skip whom:"), style={"description_width": "initial"}
        )
        self.skip_rule.add_class("p10-skip-rule-choice")
        self.first_rule.add_class("p10-first-skip-choice")
        self.target.add_class("p10-skip-target")
        self.next_button = TableButton(description=t.gettext("Next turn"), tooltip=t.gettext("Next turn"))
        self.next_button.add_class("p10-btn-next")
        self.restart_button = TableButton(description=t.gettext("Start again"), tooltip=t.gettext("Start again"))
        self.restart_button.add_class("p10-btn-restart")
        self.next_button.on_click(self.feedback.guard(lambda _b: self.next_turn()))
        self.restart_button.on_click(self.feedback.guard(lambda _b: self.restart()))
        self.skip_rule.value = skip_target
        self.first_rule.value = first_skip
        self.skip_rule.observe(self.feedback.guard(lambda _c: self.restart()), names="value")
        self.first_rule.observe(self.feedback.guard(lambda _c: self.restart()), names="value")
        self.children = [
            LockedRow([self.skip_rule, self.first_rule], layout=ipywidgets.Layout(flex_flow="row wrap")),
            self.rule_note,
            self.seats,
            LockedRow([self.target, self.next_button, self.restart_button]),
            self.status,
            self.errors,
            self.log_area,
            fonts_style(),
        ]
        self.add_class("p10-skip-demo")
        self.restart()

    @staticmethod
    def _option(value: str, choices: tuple[str, ...], name: str) -> str:
        if value not in choices:
            raise Phase10Error(f"{name}={value!r}: choose {' or '.join(choices)}", reason=Reason.BAD_RULES)
        return value

    @staticmethod
    def _rule_choice(value: str, name: str) -> str:
        """``value`` when the rule option ``name`` takes it (the demo's two options are words, not flags)."""
        return SkipDemo._option(value, tuple(str(choice) for choice in rule_option(name).choices), name)

    @property
    def rules(self) -> Rules:
        """The rules being shown (every other option at its default)."""
        return Rules(skip_target=self.skip_rule.value, first_skip=self.first_rule.value)

    def restart(self) -> None:
        """Deal the demo's game again under the rules chosen in the menus."""
        t = translator(self.lang)
        self.game = Game(players=self.players, rules=self.rules, seed=self.seed)
        self.log_entries = []
        view = self.game.view(0)
        if view.discard_pile[-1].is_skip:
            self._log(t.gettext("A Skip was turned up to start the discard pile."))
        elif view.discard_pile[0].is_skip:
            self._log(t.gettext("A Skip was turned up and covered with the next card: nobody loses a turn."))
        passed = passed_over(view.dealer, view.current_player, view)
        for seat in passed:
            self._log(t.gettext("p{seat} loses the first turn to the Skip turned up.").format(seat=seat + 1))
        self.status.show(t.gettext("Press Next turn to play one turn."), "info")
        self._refresh()

    def next_turn(self) -> None:
        """Play the next step: a draw (and the discard of a card of most points when the player holds no Skip),
        or the discard of the Skip that the player drew or held, against the player chosen in the menu.
        """
        g = self.game
        t = translator(self.lang)
        if g.is_over():
            raise Refusal(t.gettext("The demo game is over: start again."), reason=Reason.GAME_OVER)
        player = g.current_player
        view = g.view(player)
        if view.stage == "draw":
            g.apply(Draw(player) if Draw(player) in view.legal else Take(player))
            self._log(t.gettext("p{seat} draws a card.").format(seat=player + 1))
            view = g.view(player)
            if any(card.is_skip for card in view.hand):
                self._refresh()
                return
        discard = self._discard(view)
        before = view.skipped
        g.apply(discard)
        self._describe(player, discard, before, g.view(player))
        self._refresh()

    def _discard(self, view: PlayerView) -> Discard:
        discards = [a for a in view.legal if isinstance(a, Discard)]
        skips = [a for a in discards if a.card.is_skip]
        if skips:
            # Without a choice in the menu, skip the player furthest round the table (the last offered).
            chosen = [a for a in skips if a.target == self.target.value]
            return chosen[0] if chosen else skips[-1]
        plain = [a for a in discards if not a.card.is_wild] or discards
        return max(plain, key=lambda a: (a.card.points, a.card.index))

    def _describe(self, player: int, action: Discard, before: tuple[bool, ...], after: PlayerView) -> None:
        t = translator(self.lang)
        name = seat_notation(player)
        if not action.card.is_skip:
            self._log(t.gettext("{name} discards {card}.").format(name=name, card=action.card))
        else:
            passed = passed_over(player, after.current_player, after) if not after.over else []
            hit = [s for s in range(self.players) if (after.skipped[s] or s in passed) and not before[s]]
            if hit:
                victims = ", ".join(seat_notation(s) for s in hit)
                self._log(t.gettext("{name} discards a Skip against {victims}.").format(name=name, victims=victims))
            else:
                self._log(
                    t.gettext(
                        "{name} discards a Skip, but it skips no one: the next player already loses a turn."
                    ).format(name=name)
                )
        if after.over:
            return
        for seat in passed_over(player, after.current_player, after):
            self._log(t.gettext("p{seat} loses this turn.").format(seat=seat + 1))
        self._log(t.gettext("p{seat} plays next.").format(seat=after.current_player + 1))

    def _log(self, entry: str) -> None:
        self.log_entries.append(entry)

    def _refresh(self) -> None:
        g = self.game
        t = translator(self.lang)
        view = g.view(g.current_player)
        rows = []
        for seat in range(self.players):
            skips = sum(1 for card in g.hands[seat] if card.is_skip)
            marks = []
            if seat == view.current_player and not view.over:
                marks.append("▶ " + t.gettext("to play"))
            if view.skipped[seat]:
                marks.append("⏭ " + t.gettext("loses their next turn"))
            marks.append(t.ngettext("holds {count} Skip", "holds {count} Skips", skips).format(count=skips))
            rows.append(f"<li><strong>{seat_notation(seat)}</strong>: {escape(' · '.join(marks))}</li>")
        self.seats.value = f"<ol style='list-style:none;padding:0'>{''.join(rows)}</ol>"
        targets = sorted(
            {a.target for a in view.legal if isinstance(a, Discard) and a.card.is_skip and a.target is not None}
        )
        holds_skip = any(card.is_skip for card in g.hands[g.current_player]) and not view.over
        self.target.options = [(seat_notation(s), s) for s in targets]
        self.target.disabled = not targets
        self.rule_note.value = f"<p>{escape(self._note(view, holds_skip, targets))}</p>"
        self.next_button.disabled = view.over
        items = "".join(f"<li>{escape(entry)}</li>" for entry in reversed(self.log_entries[-60:]))
        self.log_area.value = f"<div role='log' aria-live='polite'><ol reversed>{items}</ol></div>"

    def _note(self, view: PlayerView, holds_skip: bool, targets: list[int]) -> str:
        t = translator(self.lang)
        name = seat_notation(view.current_player)
        if not holds_skip or view.stage == "draw":
            if view.stage == "draw" and not view.over:
                return t.gettext("{name} draws next.").format(name=name)
            return t.gettext("{name} holds no Skip.").format(name=name)
        if self.rules.skip_target == "next":
            text = t.gettext("{name} holds a Skip: under this rule it skips the next player,")
            return text.format(name=name) + " " + t.gettext("or no one if that player already loses a turn.")
        waiting = [seat_notation(s) for s in range(self.players) if view.skipped[s]]
        text = t.gettext("{name} holds a Skip and may skip: {targets}.").format(
            name=name, targets=", ".join(seat_notation(s) for s in targets) or "—"
        )
        if waiting:
            text += " " + t.gettext(
                "Not {waiting}: a player already waiting to lose a turn can't be skipped again."
            ).format(waiting=", ".join(waiting))
        return text
