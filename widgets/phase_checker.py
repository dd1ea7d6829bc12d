"""PhaseChecker: choose a phase, type or deal a hand, and see the layout, what is missing and the outs.

The answers are ``find_layout``, ``missing``, ``outs`` and ``explain`` from ``phase10kit``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets

from phase10kit.cards import Card, format_cards
from phase10kit.explain import explain, phase_name
from phase10kit.i18n import translator
from phase10kit.phases import EXTRA_PHASES, STANDARD_PHASES, Phase, phase
from phase10kit.rules import Rules
from phase10kit.solver import Layout, find_layout, missing, outs
from phase10kit.svg import layout_svg
from widgets._controls import Exercise, as_rng, button, check_hand_size, deal, hand_field, read_hand, refill
from widgets._safety import LockedRow, SafeDropdown, locked_html
from widgets.cards import HandView, cards_html, wild_values_text
from widgets.language import notebook_lang

__all__ = ["Check", "PhaseChecker", "phase_dropdown"]


@dataclass(frozen=True, slots=True)
class Check:
    """What the checker found for one hand and phase."""

    hand: tuple[Card, ...]
    phase: Phase
    layout: Layout | None
    missing: int
    outs: tuple[Card, ...]
    explanation: str


class PhaseChecker(Exercise):
    """Check a hand against a phase: the layout with its Wild values, what is missing, the outs.

    >>> checker = PhaseChecker("R7 B7 G7 Y2 B2 W S", phase=1)
    >>> checker.result.layout, checker.status.text
    (Layout('s[R7 B7 G7] s[Y2 B2 W]'), 'You hold the whole phase: s[R7 B7 G7] s[Y2 B2 W].')
    >>> checker.hand_text.value = "R1 R2 R3 R4 R5 R6 G1"
    >>> checker.phase_choice.value = "r7"
    >>> checker.result.missing, format_cards(checker.result.outs)
    (1, 'R7 B7 G7 Y7 W')
    """

    def __init__(
        self,
        hand: Iterable[Card] | str = "",
        *,
        phase: int | Phase | str = 1,
        seed: int | random.Random | None = None,
        hand_size: int = 10,
        rules: Rules | None = None,
        lang: str | None = None,
    ) -> None:
        lang = notebook_lang(lang)
        super().__init__("p10-phase-checker", rules=rules, lang=lang)
        t = translator(lang)
        self.hand_size = check_hand_size(hand_size)
        self._rng = as_rng(seed)
        self.result: Check | None = None
        """The last successful check (None after a refused input)."""

        self.phase_choice = phase_dropdown(phase, lang)
        self.phase_choice.on_refused = self.menu_refused
        self.hand_text = hand_field(hand, description=t.gettext("Hand"), placeholder="R7 B7 G7 Y2 B2 W S")
        self.check_button = button(t.gettext("Check"), "p10-check")
        self.deal_button = button(t.gettext("Deal a hand"), "p10-deal")
        self.hand = HandView(lang=lang, selectable=False)
        self.layout_view = locked_html("", "p10-layout")
        self.outs_view = locked_html("", "p10-outs")

        check = self.feedback.guard(self._check)
        self.phase_choice.observe(lambda change: check(), names="value")
        self.hand_text.observe(lambda change: check(), names="value")
        self.check_button.on_click(lambda _button: check())
        self.deal_button.on_click(self.feedback.guard(self._on_deal))

        self.children = [
            self.phase_choice,
            LockedRow([self.hand_text, self.check_button, self.deal_button]),
            self.hand,
            self.status,
            self.layout_view,
            self.outs_view,
            self.errors,
            self.fonts,
        ]
        check()

    @property
    def phase(self) -> Phase:
        """The phase chosen."""
        return Phase.parse(self.phase_choice.value)

    def deal(self) -> None:
        """Deal ``hand_size`` cards from this widget's seeded random source into the hand field."""
        self.hand_text.value = format_cards(deal(self._rng, self.hand_size))

    def check(self) -> None:
        """Check the hand in the field against the chosen phase (runs after every change)."""
        self.feedback.guard(self._check)()

    def _on_deal(self, _button: Any) -> None:
        refill(self.hand_text, self.deal, self._check)

    def _check(self) -> None:
        t = translator(self.lang)
        self.result = None
        self.layout_view.value = ""
        self.outs_view.value = ""
        self.hand.hand = ()
        cards = read_hand(self.hand_text.value)
        self.hand.hand = cards
        goal = self.phase
        options = {"rules": self.rules}
        layout = find_layout(cards, goal, **options)
        result = Check(
            hand=tuple(cards),
            phase=goal,
            layout=layout,
            missing=missing(cards, goal, **options),
            outs=tuple(outs(cards, goal, **options)),
            explanation=explain(cards, goal, lang=self.lang, **options),
        )
        self.result = result
        self.status.show(result.explanation, "ok" if layout is not None else "info")
        if layout is not None:
            wilds = " ".join(text for text in (wild_values_text(g, self.lang) for g in layout.groups) if text)
            caption = t.gettext("Lay it down as {layout}.").format(layout=layout)
            self.layout_view.value = (
                f'<figure style="margin:0">{layout_svg(layout, scale=0.6, lang=self.lang)}'
                f"<figcaption>{escape(f'{caption} {wilds}'.strip())}</figcaption></figure>"
            )
            return
        missing_text = t.ngettext("Missing: {count} card.", "Missing: {count} cards.", result.missing).format(
            count=result.missing
        )
        if result.outs:
            outs_text = t.gettext("Outs (one card that completes the phase): {cards}.").format(
                cards=format_cards(result.outs)
            )
            self.outs_view.value = (
                f"<p>{escape(missing_text)} {escape(outs_text)}</p>{cards_html(result.outs, self.lang)}"
            )
        else:
            none_text = t.gettext("No single card completes the phase yet.")
            self.outs_view.value = f"<p>{escape(missing_text)} {escape(none_text)}</p>"


def phase_options(value: int | Phase | str, lang: str | None = None) -> tuple[list[tuple[str, str]], str]:
    """Dropdown options for phases 1-20 (labels in ``lang``, values in the notation), plus ``value``'s phase.

    >>> options, chosen = phase_options("s3 + c4")
    >>> options[0], options[-1], chosen
    (('Phase 1: 2 sets of 3', '2s3'), ('Your phase: 1 set of 3 + 4 cards of one colour (s3+c4)', 's3+c4'), 's3+c4')
    """
    lang = notebook_lang(lang)
    t = translator(lang)
    chosen = _as_phase(value)
    options = [_phase_option(n, lang) for n in range(1, len(STANDARD_PHASES) + len(EXTRA_PHASES) + 1)]
    if str(chosen) not in {code for _, code in options}:
        label = t.gettext("Your phase: {name} ({code})").format(name=phase_name(chosen, lang), code=chosen)
        options.append((label, str(chosen)))
    return options, str(chosen)


def phase_dropdown(value: int | Phase | str, lang: str | None = None) -> ipywidgets.Dropdown:
    """A dropdown of the ``phase_options``, showing ``value``'s phase.

    >>> phase_dropdown(4).value
    'r7'
    """
    lang = notebook_lang(lang)
    options, chosen = phase_options(value, lang)
    choice = SafeDropdown(options=options, value=chosen, description=translator(lang).gettext("Phase"))
    choice.add_class("p10-phase-choice")
    return choice


def _as_phase(value: int | Phase | str) -> Phase:
    if isinstance(value, Phase):
        return value
    if isinstance(value, str):
        return Phase.parse(value)
    return phase(value)


def _phase_option(number: int, lang: str) -> tuple[str, str]:
    t = translator(lang)
    chosen = phase(number)
    return t.gettext("Phase {number}: {name}").format(number=number, name=phase_name(chosen, lang)), str(chosen)
