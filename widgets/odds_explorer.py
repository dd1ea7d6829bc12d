"""OddsExplorer: how likely is a phase, dealt straight away or within the next few draws?

The numbers are ``phase10kit.probability.exact_deal_odds`` (a dealt hand of a given size holds
the phase) and ``completion_odds`` (a given hand holds it after so many more cards). The chart is
a plotly ``FigureWidget``, made once and updated in place, so its JavaScript is sent only once.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from html import escape
from typing import Any

from phase10kit.cards import Card, format_cards
from phase10kit.explain import phase_name
from phase10kit.i18n import percent, translator
from phase10kit.phases import Phase
from phase10kit.rules import Rules
from widgets._controls import Exercise, as_rng, button, deal, hand_field, read_hand, refill
from widgets._safety import LockedRow, SafeIntSlider, locked_html
from widgets.language import notebook_lang
from widgets.phase_checker import phase_dropdown

__all__ = ["MAX_DEALT", "OddsExplorer"]

MAX_DEALT = 11
"""Largest dealt hand on the slider: exact odds for 11 cards take a few seconds, beyond much longer."""
MAX_DRAWS = 6
"""Most draws on the slider (``completion_odds`` is exact up to 3 draws and simulated beyond)."""


class OddsExplorer(Exercise):
    """Hand size, phase and number of draws as controls; the odds and a chart follow them.

    >>> explorer = OddsExplorer("R1 R2 R3 R4 R5 R6 G1", phase=4, hand_size=7, draws=2)
    >>> explorer.curve[0] == 16 / 101  # 8 sevens and 8 Wilds among the 101 cards not in the hand
    True
    >>> explorer.status.text
    'R1 R2 R3 R4 R5 R6 G1: 29.31% after 2 draws.'
    """

    def __init__(
        self,
        hand: Iterable[Card] | str = "",
        *,
        phase: int | Phase | str = 1,
        hand_size: int = 10,
        draws: int = 3,
        seed: int | random.Random | None = None,
        rules: Rules | None = None,
        lang: str | None = None,
    ) -> None:
        lang = notebook_lang(lang)
        super().__init__("p10-odds-explorer", rules=rules, lang=lang)
        t = translator(lang)
        self._rng = as_rng(seed)
        self.deal_odds: float | None = None
        """The chance that a dealt hand of the chosen size holds the phase (None until computed)."""
        self.curve: tuple[float, ...] = ()
        """The chance that the hand holds the phase after 1, 2, ... draws."""
        self._deal_cache: dict[tuple[str, int], tuple[float, str]] = {}

        self.phase_choice = phase_dropdown(phase, lang)
        self.phase_choice.on_refused = self.menu_refused
        self.hand_size_slider = SafeIntSlider(
            value=hand_size,
            min=1,
            max=MAX_DEALT,
            description=t.gettext("Hand size"),
            continuous_update=False,
            style={"description_width": "initial"},  # "Cartas en la mano", "Розмір руки": never cut
        )
        self.hand_size_slider.add_class("p10-hand-size")
        self.hand_size_slider.on_refused = self.menu_refused
        self.draws_slider = SafeIntSlider(
            value=draws,
            min=1,
            max=MAX_DRAWS,
            description=t.gettext("Draws"),
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.draws_slider.add_class("p10-draws")
        self.draws_slider.on_refused = self.menu_refused
        self.hand_text = hand_field(
            hand, description=t.gettext("Hand"), placeholder=t.gettext("type a hand, or deal one")
        )
        self.deal_button = button(t.gettext("Deal a hand"), "p10-deal")
        self.deal_view = locked_html("", "p10-deal-odds")
        self.chart: Any = None  # made once the first odds are known (see _make_chart)
        self._first_chart: tuple[list[int], list[float]] = ([], [])

        update = self.feedback.guard(self._update)
        for control in (self.phase_choice, self.hand_size_slider, self.draws_slider, self.hand_text):
            control.observe(lambda _change: update(), names="value")
        self.deal_button.on_click(self.feedback.guard(self._on_deal))
        update()
        self.chart = self._make_chart(*self._first_chart)
        self.children = [
            self.phase_choice,
            self.hand_size_slider,
            self.deal_view,
            LockedRow([self.hand_text, self.deal_button]),
            self.draws_slider,
            self.status,
            self.chart,
            self.errors,
            self.fonts,
        ]

    @property
    def phase(self) -> Phase:
        """The phase chosen."""
        return Phase.parse(self.phase_choice.value)

    def deal(self) -> None:
        """Deal a hand of the chosen size from this widget's seeded random source into the hand field."""
        self.hand_text.value = format_cards(deal(self._rng, self.hand_size_slider.value))

    def update(self) -> None:
        """Compute the odds for the controls as they stand (runs after every change)."""
        self.feedback.guard(self._update)()

    def _on_deal(self, _button: Any) -> None:
        refill(self.hand_text, self.deal, self._update)

    def _update(self) -> None:
        # Imported on first use: the probability package loads numpy and pandas, which a page that never asks
        # for odds (the table) should not pay for.
        from phase10kit.probability import completion_odds, exact_deal_odds

        t = translator(self.lang)
        self.deal_odds, self.curve = None, ()
        self.deal_view.value = ""
        self._draw_chart([], [])
        goal, size = self.phase, self.hand_size_slider.value
        key = (str(goal), size)
        if key not in self._deal_cache:
            table = exact_deal_odds(size, phases=[goal], rules=self.rules)
            row = table.iloc[0]
            self._deal_cache[key] = (float(row["probability"]), str(row["method"]))
        self.deal_odds, method = self._deal_cache[key]
        how = t.gettext("exact") if method == "exact" else t.gettext("estimated by simulation")
        self.deal_view.value = escape(
            t.ngettext(
                "A dealt hand of {size} card holds {phase} with a chance of {percent} ({how}).",
                "A dealt hand of {size} cards holds {phase} with a chance of {percent} ({how}).",
                size,
            ).format(size=size, phase=phase_name(goal, self.lang), percent=_percent(self.deal_odds, self.lang), how=how)
        )
        cards = read_hand(self.hand_text.value)
        if not cards:
            self.status.show(t.gettext("Type or deal a hand to see its chances over the next draws."))
            return
        draws = range(1, self.draws_slider.value + 1)
        self.curve = tuple(completion_odds(cards, goal, n, rules=self.rules) for n in draws)
        self._draw_chart(list(draws), list(self.curve))
        self.status.show(
            t.ngettext(
                "{hand}: {percent} after {draws} draw.", "{hand}: {percent} after {draws} draws.", len(self.curve)
            ).format(hand=format_cards(cards), percent=_percent(self.curve[-1], self.lang), draws=len(self.curve)),
            "info",
        )

    def _make_chart(self, draws: list[int], chances: list[float]) -> Any:
        """The chart, built with its first bars, title and axes in it: a page that renders the notebook after
        running it (Voila) shows a widget's state as it was made, not the updates sent before it was shown."""
        import plotly.graph_objects as go

        t = translator(self.lang)
        bar = go.Bar(
            x=draws,
            y=[100 * p for p in chances],
            text=[_percent(p, self.lang) for p in chances],
            name=t.gettext("chance"),
        )
        chart = go.FigureWidget(
            data=[bar.update(textposition="outside")],
            layout={
                "height": 320,
                "margin": {"l": 50, "r": 20, "t": 50, "b": 40},
                "title": {"text": t.gettext("Chance to hold {phase} after drawing").format(phase=self.phase)},
                "xaxis": {"title": {"text": t.gettext("cards drawn")}, "dtick": 1},
                "yaxis": {"title": {"text": t.gettext("chance (%)")}, "range": [0, 105]},
            },
        )
        chart.add_class("p10-odds-chart")
        return chart

    def _draw_chart(self, draws: list[int], chances: list[float]) -> None:
        if self.chart is None:
            self._first_chart = (draws, chances)
            return
        t = translator(self.lang)
        with self.chart.batch_update():
            bar = self.chart.data[0]
            bar.x, bar.y = draws, [100 * p for p in chances]
            bar.text = [_percent(p, self.lang) for p in chances]
            self.chart.layout.title = t.gettext("Chance to hold {phase} after drawing").format(phase=self.phase)


def _percent(chance: float, lang: str) -> str:
    """A chance as a percentage with two decimals: ``_percent(0.15569, "en") == "15.57%"`` (``"15,57 %"`` in es)."""
    return percent(chance, 2, lang)
