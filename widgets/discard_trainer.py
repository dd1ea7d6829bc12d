"""DiscardTrainer: play a phase alone, discard by clicking a card, and see what each choice cost against perfect play.

The game is the solitaire model of ``phase10kit.probability.solitaire``: 10 cards dealt, each turn
one card drawn from the unseen cards (the deck minus the hand: discards go back among them), until
the 11 cards hold the phase. After each discard the trainer shows the expected turns it leaves,
those of the optimal discard and the difference: what the choice cost. Only the hand is synced to
the browser; the random source that draws the next card stays in the kernel.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from html import escape
from typing import Any

from phase10kit.bots.expert import TIE  # discards closer than this many turns are equally good
from phase10kit.cards import Card, shuffled_deck
from phase10kit.errors import Phase10Error, Reason
from phase10kit.explain import phase_name
from phase10kit.i18n import decimal, translator
from phase10kit.phases import EXTRA_PHASES, STANDARD_PHASES, Phase, phase
from phase10kit.probability.solitaire import SolitaireOptimum, fits_model, solitaire_optimum, turns_text
from phase10kit.rules import HAND_SIZE
from phase10kit.solver import can_complete
from widgets._controls import Exercise, as_rng, button
from widgets._safety import LockedRow, SafeDropdown, locked_html
from widgets.cards import HandView
from widgets.language import notebook_lang

__all__ = ["DiscardTrainer"]


@dataclass(frozen=True, slots=True)
class Choice:
    """One discard of the student: the 11 cards, the card, the turns it leaves and those of the best discard."""

    hand: tuple[Card, ...]
    card: Card
    value: float
    best_card: Card
    best_value: float

    @property
    def cost(self) -> float:
        """Expected turns lost against the optimal discard (0 for an optimal choice)."""
        return max(self.value - self.best_value, 0.0)


class DiscardTrainer(Exercise):
    """Deal a hand for a phase; click the card to discard; see the expected turns it cost against the optimum.

    ``hand`` is the clickable ``HandView`` (selecting one card discards it), ``choices`` the
    discards so far, ``turns`` the cards drawn this game and ``done`` whether the phase is made.

    >>> trainer = DiscardTrainer(phase=1, seed=3)
    >>> len(trainer.hand.hand), trainer.turns
    (11, 1)
    >>> trainer.discard(trainer.optimum.best_discard(list(trainer.hand.hand)))
    >>> trainer.choices[-1].cost
    0.0
    """

    def __init__(
        self, phase: int | Phase | str = 1, *, seed: int | random.Random | None = None, lang: str | None = None
    ) -> None:
        lang = notebook_lang(lang)
        super().__init__("p10-discard-trainer", rules=None, lang=lang)
        t = translator(self.lang)
        self._rng = as_rng(seed)
        self._unseen: list[Card] = []
        self.choices: list[Choice] = []
        self.turns = 0
        self.done = False
        self.optimum: SolitaireOptimum = solitaire_optimum(_as_phase(phase))

        options = [_option(n, self.lang) for n in range(1, len(STANDARD_PHASES) + len(EXTRA_PHASES) + 1)]
        fitting = [(label, code) for label, code in options if fits_model(Phase.parse(code))]
        if str(self.optimum.phase) not in {code for _, code in fitting}:
            fitting.append((str(self.optimum.phase), str(self.optimum.phase)))
        self.phase_choice = SafeDropdown(options=fitting, value=str(self.optimum.phase), description=t.gettext("Phase"))
        self.phase_choice.add_class("p10-phase-choice")
        # A browser may send any index: a bad one is refused in a sentence and the menu shows its phase again.
        self.phase_choice.on_refused = lambda: self.status.show(
            t.gettext("That is not one of the choices: the menu is back as it was."), "problem"
        )
        self.intro = locked_html("", "p10-trainer-intro")
        self.hand = HandView(lang=self.lang)
        self.result = locked_html("", "p10-trainer-result")
        self.summary = locked_html("", "p10-trainer-summary")
        self.new_button = button(t.gettext("New hand"), "p10-new-hand")

        self.hand.observe(self.feedback.guard(self._on_select), names="selected")
        self.phase_choice.observe(self.feedback.guard(self._on_phase), names="value")
        self.new_button.on_click(self.feedback.guard(lambda _button: self.new_hand()))
        self.children = [
            LockedRow([self.phase_choice, self.new_button]),
            self.intro,
            self.hand,
            self.status,
            self.result,
            self.summary,
            self.errors,
            self.fonts,
        ]
        self.new_hand()

    @property
    def total_cost(self) -> float:
        """Expected turns the discards of this game cost against perfect play."""
        return sum(choice.cost for choice in self.choices)

    def new_hand(self) -> None:
        """Deal 10 new cards from a freshly shuffled deck and draw the first card."""
        self._unseen = shuffled_deck(self._rng)
        self.choices, self.turns, self.done = [], 0, False
        self.result.value = ""
        dealt = [self._unseen.pop() for _ in range(HAND_SIZE)]
        t = translator(self.lang)
        before = self.optimum.value(dealt)
        self.intro.value = escape(
            t.gettext(
                "Make {phase} alone. With perfect play this deal takes {turns} turns on average. "
                "Click the card you discard."
            ).format(phase=phase_name(self.optimum.phase, self.lang), turns=turns_text(before, lang=self.lang))
        )
        self._draw(dealt)

    def discard(self, card: Card) -> None:
        """Discard ``card`` (as a click on it does), show what it cost, then draw the next card."""
        if self.done:
            raise Phase10Error("the phase is made: deal a new hand", reason=Reason.HAND_OVER)
        hand = list(self.hand.hand)
        if card not in hand:
            raise Phase10Error(f"{card} is not in the hand", reason=Reason.NOT_IN_HAND, details={"cards": [card]})
        values = self.optimum.discard_values(hand)
        best_value = min(values.values())
        best_card = self.optimum.best_discard(hand)
        choice = Choice(tuple(hand), card, values[card], best_card, best_value)
        self.choices.append(choice)
        self._show_choice(choice, values)
        hand.remove(card)
        self._unseen.append(card)  # the model forgets discards: the card is among the unseen again
        self._draw(hand)

    # -- callbacks

    def _on_select(self, change: dict[str, Any]) -> None:
        selected = self.hand.selected_cards
        if len(selected) != 1 or self.done:
            return
        self.discard(selected[0])

    def _on_phase(self, change: dict[str, Any]) -> None:
        self.optimum = solitaire_optimum(Phase.parse(change["new"]))
        self.new_hand()

    # -- the turn

    def _draw(self, hand: list[Card]) -> None:
        t = translator(self.lang)
        pick = self._rng.randrange(len(self._unseen))
        self._unseen[pick], self._unseen[-1] = self._unseen[-1], self._unseen[pick]
        drawn = self._unseen.pop()
        hand.append(drawn)
        self.turns += 1
        self.hand.hand = hand
        if can_complete(hand, self.optimum.phase):
            self.done = True
            self.hand.selectable = False
            made = t.ngettext(
                "You drew {card} and made the phase in {count} turn.",
                "You drew {card} and made the phase in {count} turns.",
                self.turns,
            ).format(card=drawn, count=self.turns)
            self.status.show(made, "ok")
        else:
            self.hand.selectable = True
            self.status.show(t.gettext("You drew {card}. Which card do you discard?").format(card=drawn), "info")
        self._show_summary()

    def _show_choice(self, choice: Choice, values: dict[Card, float]) -> None:
        t = translator(self.lang)
        if choice.cost <= TIE:
            head = t.gettext("{card} is an optimal discard: {value} turns to go on average.").format(
                card=choice.card, value=turns_text(choice.value, lang=self.lang)
            )
        else:
            head = t.gettext(
                "{card} leaves {value} turns to go on average; {best} leaves {best_value}. It cost {cost} turns."
            ).format(
                card=choice.card,
                value=turns_text(choice.value, choice.best_value, self.lang),
                best=choice.best_card,
                best_value=turns_text(choice.best_value, choice.value, self.lang),
                cost=decimal(choice.cost, 2, self.lang),
            )
        caption = t.gettext("Expected turns to go after each discard")
        # Cards whose discards are worth the same share a row, best first; the student's row is bold.
        groups: list[tuple[float, list[Card]]] = []
        for card, value in sorted(values.items(), key=lambda item: (item[1], item[0].index)):
            if groups and value - groups[-1][0] <= TIE:
                groups[-1][1].append(card)
            else:
                groups.append((value, [card]))
        cell = 'style="padding:2px 12px 2px 0;text-align:left"'
        rows = []
        for value, cards in groups:
            texts = [
                escape(" ".join(map(str, cards))),
                escape(turns_text(value, lang=self.lang)),
                escape("+" + decimal(value - choice.best_value, 2, self.lang)),
            ]
            if choice.card in cards:
                texts = [f"<strong>{text}</strong>" for text in texts]
            row_class = ' class="p10-chosen"' if choice.card in cards else ""
            rows.append(f"<tr{row_class}>" + "".join(f"<td {cell}>{text}</td>" for text in texts) + "</tr>")
        header = "".join(
            f"<th {cell}>{escape(text)}</th>"
            for text in (t.gettext("Discard"), t.gettext("Turns to go"), t.gettext("Cost"))
        )
        self.result.value = (
            f"<p>{escape(head)}</p><table class='p10-discard-values' style='border-collapse:collapse'>"
            f"<caption style='caption-side:top;text-align:left;white-space:nowrap'>{escape(caption)}</caption>"
            f"<thead><tr>{header}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )

    def _show_summary(self) -> None:
        t = translator(self.lang)
        if not self.choices:
            self.summary.value = ""
            return
        optimal = sum(choice.cost <= TIE for choice in self.choices)
        # The sentence's number is the optimal discards (its noun agrees with it); the cost is a decimal.
        text = t.ngettext(
            "You chose the optimal discard {optimal} time out of {count}; together your discards cost {cost} turns.",
            "You chose the optimal discard {optimal} times out of {count}; together your discards cost {cost} turns.",
            optimal,
        ).format(optimal=optimal, count=len(self.choices), cost=decimal(self.total_cost, 2, self.lang))
        self.summary.value = f"<p>{escape(text)}</p>"


def _as_phase(value: int | Phase | str) -> Phase:
    if isinstance(value, Phase):
        return value
    if isinstance(value, str):
        return Phase.parse(value)
    return phase(value)


def _option(number: int, lang: str) -> tuple[str, str]:
    t = translator(lang)
    chosen = phase(number)
    return t.gettext("Phase {number}: {name}").format(number=number, name=phase_name(chosen, lang)), str(chosen)
