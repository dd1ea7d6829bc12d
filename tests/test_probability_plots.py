"""Plots are built from the exact and simulated tables; importing the odds never loads plotly."""

from __future__ import annotations

import subprocess
import sys

import pytest

from phase10kit import Phase10Error, parse_cards, phase
from phase10kit.probability import (
    completion_figure,
    convergence,
    convergence_figure,
    difficulty_figure,
    exact_deal_odds,
    hand_size_figure,
)


def test_importing_the_probability_package_loads_no_plotting_or_jupyter_module() -> None:
    code = (
        "import sys, phase10kit.probability\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('plotly', 'ipywidgets', 'IPython', 'tqdm', 'traitlets', 'anywidget')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_difficulty_figure_shows_the_exact_odds_in_printed_and_difficulty_order() -> None:
    table = exact_deal_odds(10)
    printed = difficulty_figure(10)
    assert list(printed.data[0].y) == pytest.approx(table["probability"].tolist())
    hardest_last = difficulty_figure(10, order="difficulty")
    ys = list(hardest_last.data[0].y)
    assert ys == sorted(ys, reverse=True)
    assert list(printed.data[0].text) == [f"#{rank}" for rank in table["difficulty"]]
    with pytest.raises(Phase10Error, match="'sideways'"):
        difficulty_figure(10, order="sideways")


def test_convergence_table_errors_shrink_and_the_figure_has_both_series() -> None:
    frame = convergence((1_000, 100_000), phases=[1, 2], seed=9)
    widths = (frame["high"] - frame["low"]).to_numpy().reshape(2, 2)
    assert (widths[1] < widths[0]).all()
    assert frame["exact"].tolist()[:2] == frame["exact"].tolist()[2:]
    fig = convergence_figure((100, 1_000), phases=[2], seed=1)
    assert {trace.name for trace in fig.data} == {"estimate", "exact"}


def test_hand_size_and_live_hand_figures_have_one_trace_per_series() -> None:
    assert len(hand_size_figure([9, 10, 11], phases=[1, 4, 8]).data) == 3
    fig = completion_figure(parse_cards("R1 R2 R3 R4 R5 R6 G1"), phase(4), 4)
    assert [trace.name for trace in fig.data] == ["exact", "simulated"]
    assert fig.layout.title.text == "Chance to hold r7 after more draws"
