"""Plotly figures of the odds, for notebooks and Voila. plotly is imported inside each function only,
so importing the rules package never loads it. Every label goes through the translator.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import pandas as pd

from phase10kit.cards import Card
from phase10kit.errors import Phase10Error, Reason
from phase10kit.i18n import translator
from phase10kit.phases import Phase
from phase10kit.probability.arguments import PhaseLike
from phase10kit.probability.cross_check import convergence
from phase10kit.probability.exact import exact_deal_odds, odds_by_hand_size
from phase10kit.probability.live import completion_curve
from phase10kit.rules import Rules

__all__ = ["completion_figure", "convergence_figure", "difficulty_figure", "hand_size_figure"]

ORDERS = ("printed", "difficulty")


def _express() -> Any:
    import plotly.express as px

    return px


def _phase_labels(frame: pd.DataFrame) -> list[str]:
    """Each row's phase as ``"number: notation"`` (``"4: r7"``), the label the figures show for it."""
    return [f"{number}: {text}" for number, text in zip(frame["number"], frame["phase"], strict=True)]


def difficulty_figure(
    hand_size: int = 10,
    phases: Iterable[PhaseLike] | None = None,
    rules: Rules | None = None,
    *,
    order: str = "printed",
    lang: str = "en",
) -> Any:
    """A bar chart of the exact chance that a dealt hand holds each phase, in the printed order or
    from easiest to hardest (``order="difficulty"``); each bar is labelled with its difficulty rank.

    >>> fig = difficulty_figure(phases=[1, 4])
    >>> list(fig.data[0].x), bool(min(fig.data[0].y) > 0)
    (['1: 2s3', '4: r7'], True)
    """
    if order not in ORDERS:
        raise Phase10Error(f"order must be one of {ORDERS}, not {order!r}", reason=Reason.BAD_ORDER)
    t = translator(lang)
    table = exact_deal_odds(hand_size, phases, rules).reset_index()
    if order == "difficulty":
        table = table.sort_values("difficulty", kind="stable")
    table["label"] = _phase_labels(table)
    table["rank"] = [t.gettext("#{rank}").format(rank=rank) for rank in table["difficulty"]]
    fig = _express().bar(
        table,
        x="label",
        y="probability",
        text="rank",
        hover_data=["phase", "hands", "method"],
        labels={"label": t.gettext("Phase"), "probability": t.gettext("Probability")},
        title=t.ngettext(
            "Chance that a dealt hand of {n} card holds each phase",
            "Chance that a dealt hand of {n} cards holds each phase",
            hand_size,
        ).format(n=hand_size),
    )
    fig.update_layout(yaxis_tickformat=".1%")
    fig.update_xaxes(categoryorder="array", categoryarray=list(table["label"]))
    return fig


def convergence_figure(
    sizes: Sequence[int] = (1_000, 3_000, 10_000, 30_000, 100_000),
    hand_size: int = 10,
    *,
    seed: int | random.Random = 0,
    phases: Iterable[PhaseLike] | None = (1, 4, 8),
    lang: str = "en",
) -> Any:
    """Monte Carlo estimates (with Wilson 95% bars) closing in on the exact value as the deals grow.

    >>> fig = convergence_figure((100, 1_000), phases=[1])
    >>> sorted({trace.name for trace in fig.data})
    ['estimate', 'exact']
    """
    t = translator(lang)
    frame = convergence(sizes, hand_size, seed=seed, phases=phases)
    estimated, exact_value = t.gettext("estimate"), t.gettext("exact")
    estimate = frame.assign(series=estimated, value=frame["estimate"], above=frame["high"] - frame["estimate"])
    estimate["below"] = frame["estimate"] - frame["low"]
    exact = frame.assign(series=exact_value, value=frame["exact"], above=0.0, below=0.0)
    long = pd.concat([estimate, exact], ignore_index=True)
    long["title"] = _phase_labels(long)
    fig = _express().scatter(
        long,
        x="n",
        y="value",
        color="series",
        error_y="above",
        error_y_minus="below",
        facet_col="title",
        log_x=True,
        labels={"n": t.gettext("Deals simulated"), "value": t.gettext("Probability"), "series": "", "title": ""},
        title=t.gettext("Simulated deal odds converge to the exact values"),
    )
    fig.update_traces(mode="lines+markers")
    fig.update_yaxes(matches=None, tickformat=".1%", showticklabels=True)
    return fig


def hand_size_figure(
    sizes: Iterable[int] = range(8, 12),
    phases: Iterable[PhaseLike] | None = None,
    rules: Rules | None = None,
    *,
    lang: str = "en",
) -> Any:
    """The exact chance of being dealt each phase as the hand grows (log scale).

    >>> fig = hand_size_figure([9, 10], phases=[1, 2])
    >>> len(fig.data)
    2
    """
    t = translator(lang)
    table = odds_by_hand_size(sizes, phases, rules)
    table["title"] = _phase_labels(table)
    fig = _express().line(
        table,
        x="hand_size",
        y="probability",
        color="title",
        markers=True,
        log_y=True,
        labels={"hand_size": t.gettext("Cards in hand"), "probability": t.gettext("Probability"), "title": ""},
        title=t.gettext("Chance of being dealt each phase, by hand size"),
    )
    return fig


def completion_figure(
    hand: Iterable[Card],
    phase: Phase,
    max_draws: int = 6,
    *,
    seen: Iterable[Card] = (),
    rules: Rules | None = None,
    seed: int | random.Random = 0,
    lang: str = "en",
) -> Any:
    """A live hand's chance to hold the phase after 1..``max_draws`` more cards (exact up to 3 draws).

    >>> from phase10kit import parse_cards, phase
    >>> fig = completion_figure(parse_cards("R1 R2 R3 R4 R5 R6 G1"), phase(4), 2)
    >>> [int(x) for x in fig.data[0].x]
    [1, 2]
    """
    t = translator(lang)
    curve = completion_curve(hand, phase, max_draws, seen=seen, rules=rules, seed=seed)
    methods = {"exact": t.gettext("exact"), "simulated": t.gettext("simulated")}
    curve["method"] = [methods.get(method, method) for method in curve["method"]]
    curve["above"] = curve["high"] - curve["probability"]
    curve["below"] = curve["probability"] - curve["low"]
    fig = _express().bar(
        curve,
        x="draws",
        y="probability",
        color="method",
        error_y="above",
        error_y_minus="below",
        labels={"draws": t.gettext("Cards drawn"), "probability": t.gettext("Probability"), "method": ""},
        title=t.gettext("Chance to hold {phase} after more draws").format(phase=str(phase)),
    )
    fig.update_layout(yaxis_tickformat=".0%", yaxis_range=[0, 1])
    return fig
