"""Lesson 12 on the real deck: the kit's exact optimum (``phase10kit.probability.solitaire``) as the lesson shows
it, and the kit's bots measured against it in the same one-player model (``bots_against_optimum``), as tables and
a figure. The exercises are in ``lesson_12``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pandas as pd

from phase10kit.bots import ExpertBot, GreedyBot, RandomBot, SmartBot
from phase10kit.i18n import N_, decimal, translator
from phase10kit.phases import Phase, phase
from phase10kit.probability.batch import phase_shape
from phase10kit.probability.solitaire import cache_dir
from phase10kit.probability.solitaire import optimum_table as solitaire_table
from phase10kit.rules import HAND_SIZE
from phase10kit.solitaire_bots import bots_against_optimum

__all__ = [
    "BOTS_COMPARED",
    "bots_figure",
    "bots_summary",
    "bots_table",
    "optimum_table",
    "quick_phases",
    "solved_on_disk",
]

QUICK_SHAPES = ("sets", "colors")
"""Phases of sets only, or of colour groups only, fold into a few hundred profiles: solved in milliseconds.
A phase with a run has about half a million profiles and takes a minute or more to solve."""
BOTS_COMPARED = ("RandomBot", "GreedyBot", "SmartBot", "ExpertBot")
DEALS = 30
"""Deals per phase and bot in the lesson's sample (``benchmarks/bench_solitaire.py`` plays 200)."""
SEED = 2026


def solved_on_disk(phase_: Phase) -> bool:
    """Whether the kit's solver has this phase's table (standard deck, 10 cards) in its disk cache
    (``cache_dir()``; the files are named after the phase)."""
    try:
        pattern = f"solitaire-v*-{phase_}-h{HAND_SIZE}-*.npz"
        return any(path.is_file() for path in cache_dir().glob(pattern))
    except OSError:
        return False


def quick_phases(numbers: Iterable[int] = range(1, 11)) -> list[int]:
    """The phases among ``numbers`` whose optimum loads or solves in about a second: sets only, colour
    groups only, or a table already solved on disk.

    >>> {1, 7, 8, 9, 10} <= set(quick_phases())
    True
    """
    return [n for n in numbers if phase_shape(phase(n)) in QUICK_SHAPES or solved_on_disk(phase(n))]


def optimum_table(numbers: Iterable[int]) -> pd.DataFrame:
    """The kit's optimum table (``phase10kit.probability.solitaire.optimum_table``) as the lesson shows it: per
    phase its notation, the expected turns under perfect play and the chance of being done within 1, 3, 5 and
    10 turns, to three decimals."""
    table: pd.DataFrame = solitaire_table(list(numbers), turns=(1, 3, 5, 10))
    return table.drop(columns="states").set_index("phase").round(3)


BOT_CLASSES = {"RandomBot": RandomBot, "GreedyBot": GreedyBot, "SmartBot": SmartBot, "ExpertBot": ExpertBot}


def make_bots(seed: int = SEED, names: Iterable[str] = BOTS_COMPARED) -> list[Any]:
    """The bots the lesson compares (all four, or those ``names`` lists, in that order), seeded.

    >>> [bot.name for bot in make_bots(names=("ExpertBot", "GreedyBot"))]
    ['ExpertBot', 'GreedyBot']
    """
    chosen = list(names)
    unknown = [name for name in chosen if name not in BOT_CLASSES]
    if unknown:
        raise ValueError(f"not a bot of the lesson: {unknown[0]!r:.40}; choose among {', '.join(BOTS_COMPARED)}")
    return [BOT_CLASSES[name](seed=seed) for name in chosen]


def bots_table(
    numbers: Iterable[int], deals: int = DEALS, seed: int = SEED, names: Iterable[str] = BOTS_COMPARED
) -> pd.DataFrame:
    """Mean turns of each bot per phase in the solitaire model (``deals`` seeded deals each, 95% interval of
    the mean) next to the exact optimum: ``bots_against_optimum`` of the probability package. ``names`` picks
    some of the bots: the lesson plays 1,000 deals of Phase 1 for GreedyBot and ExpertBot only (about two
    seconds), enough to see what 30 deals cannot (GreedyBot above the optimum, ExpertBot on it)."""
    return bots_against_optimum(make_bots(seed, names), phases=list(numbers), n=deals, seed=seed)


def bots_summary(table: pd.DataFrame, lang: str = "en") -> pd.DataFrame:
    """``bots_table`` as one row per phase and one column per policy: ``"mean (low–high)"`` turns, written as
    ``lang`` writes decimals (``"4,2 (2,8–5,6)"`` in hr).

    >>> rows = pd.DataFrame({"phase": [1, 1], "policy": ["optimum", "GreedyBot"], "mean_turns": [4.716, 5.81],
    ...                      "low": [4.716, 4.63], "high": [4.716, 6.99]})
    >>> bots_summary(rows, "uk").loc[1].tolist()
    ['4,72', '5,8 (4,6–7,0)']
    """
    cells = [
        f"{decimal(mean, 1, lang)} ({decimal(low, 1, lang)}–{decimal(high, 1, lang)})"
        for mean, low, high in zip(table.mean_turns, table.low, table.high, strict=True)
    ]
    wide = table.assign(turns=cells).pivot(index="phase", columns="policy", values="turns")
    exact = table[table.policy == "optimum"].set_index("phase").mean_turns
    wide["optimum"] = [decimal(value, 2, lang) for value in exact.reindex(wide.index)]
    order = ["optimum", *(name for name in BOTS_COMPARED if name in wide.columns)]
    return wide[order].rename_axis(columns=None)


POLICY_LABELS = {"optimum": N_("perfect play")}


def _labels(rows: pd.DataFrame) -> list[str]:
    """Each row's phase as the figure labels it: ``"4: r7"``."""
    return [f"{number}: {notation}" for number, notation in zip(rows["phase"], rows["notation"], strict=True)]


SPREAD = 0.5
"""How wide the bots' markers of one phase spread around it on the x axis (so that their intervals never overlap)."""
COLOURS = ("#d62728", "#2ca02c", "#9467bd", "#ff7f0e")
"""The bots' colours, in ``BOTS_COMPARED`` order (the optimum is black)."""


def bots_figure(table: pd.DataFrame, lang: str = "en") -> Any:
    """A plotly figure of ``bots_table``: mean turns per phase for each bot with its interval, side by side, and
    the optimum as a black line, on a logarithmic axis (random discards take up to about ten times as long).
    plotly is imported here only, so importing the lesson never loads it."""
    import plotly.graph_objects as go

    t = translator(lang)
    fig = go.Figure()
    labels = list(dict.fromkeys(_labels(table)))
    where = {label: i for i, label in enumerate(labels)}
    bots = [str(policy) for policy in dict.fromkeys(table["policy"]) if policy != "optimum"]
    for key, rows in table.groupby("policy", sort=False):
        policy = str(key)
        x = [where[label] for label in _labels(rows)]
        if policy == "optimum":
            name = t.gettext(POLICY_LABELS[policy])
            line = {"color": "black", "width": 2}
            fig.add_trace(go.Scatter(x=x, y=rows["mean_turns"], name=name, mode="lines+markers", line=line))
            continue
        rank = bots.index(policy)
        shift = SPREAD * ((rank + 0.5) / len(bots) - 0.5)
        fig.add_trace(
            go.Scatter(
                x=[position + shift for position in x],
                y=rows["mean_turns"],
                name=policy,
                mode="markers",
                marker={"color": COLOURS[rank % len(COLOURS)], "size": 8},
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": rows["high"] - rows["mean_turns"],
                    "arrayminus": rows["mean_turns"] - rows["low"].clip(lower=1),
                },
            )
        )
    fig.update_layout(
        title=t.gettext("Turns to make each phase alone: perfect play and the bots"),
        xaxis={"title": t.gettext("phase"), "tickvals": list(range(len(labels))), "ticktext": labels},
        yaxis={
            "title": t.gettext("mean turns (log scale)"),
            "type": "log",
            "tickvals": [1, 2, 5, 10, 20, 50, 100, 200],
        },
        legend={"title": t.gettext("who discards")},
        height=480,
        margin={"l": 60, "r": 20, "t": 60, "b": 60},
    )
    return fig
