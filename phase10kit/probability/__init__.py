"""The odds of Phase 10: exact deal odds from count profiles, Monte Carlo cross-checks, a live hand's
chances and plotly figures (plotly is imported only inside the plotting functions).

The names below are imported on first use (``from phase10kit.probability import completion_odds`` loads the
live odds and what they need, not the deal tables, the solitaire optimum or pandas): the table's Hint and the
slide deck need numpy for a few of them, and a kernel that never asks stays without it.

>>> from phase10kit.probability import exact_deal_odds, simulate_deal_odds
>>> exact = exact_deal_odds(hand_size=10, phases=[1])
>>> simulated = simulate_deal_odds(20_000, seed=1, phases=[1])
>>> simulated.loc[1, "low"] <= exact.loc[1, "probability"] <= simulated.loc[1, "high"]
np.True_
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from phase10kit.lazy_names import lazy_names

if TYPE_CHECKING:
    from phase10kit.probability.batch import NEVER, can_complete_batch, holds_phases, phase_shape, wilds_needed
    from phase10kit.probability.cross_check import convergence
    from phase10kit.probability.exact import count_hands, exact_deal_odds, is_exact, odds_by_hand_size
    from phase10kit.probability.live import best_draws, completion_curve, completion_odds, unseen_counts
    from phase10kit.probability.plots import completion_figure, convergence_figure, difficulty_figure, hand_size_figure
    from phase10kit.probability.profiles import STANDARD_DECK, DeckSpec, HandProfiles
    from phase10kit.probability.simulate import deal_counts, simulate_deal_odds, wilson_interval
    from phase10kit.probability.solitaire import SolitaireOptimum, fits_model, optimum_table, solitaire_optimum

__all__ = [
    "NEVER",
    "STANDARD_DECK",
    "DeckSpec",
    "HandProfiles",
    "SolitaireOptimum",
    "best_draws",
    "can_complete_batch",
    "completion_curve",
    "completion_figure",
    "completion_odds",
    "convergence",
    "convergence_figure",
    "count_hands",
    "deal_counts",
    "difficulty_figure",
    "exact_deal_odds",
    "fits_model",
    "hand_size_figure",
    "holds_phases",
    "is_exact",
    "odds_by_hand_size",
    "optimum_table",
    "phase_shape",
    "simulate_deal_odds",
    "solitaire_optimum",
    "unseen_counts",
    "wilds_needed",
    "wilson_interval",
]

_HOMES = {
    "NEVER": "phase10kit.probability.batch",
    "can_complete_batch": "phase10kit.probability.batch",
    "holds_phases": "phase10kit.probability.batch",
    "phase_shape": "phase10kit.probability.batch",
    "wilds_needed": "phase10kit.probability.batch",
    "convergence": "phase10kit.probability.cross_check",
    "count_hands": "phase10kit.probability.exact",
    "exact_deal_odds": "phase10kit.probability.exact",
    "is_exact": "phase10kit.probability.exact",
    "odds_by_hand_size": "phase10kit.probability.exact",
    "best_draws": "phase10kit.probability.live",
    "completion_curve": "phase10kit.probability.live",
    "completion_odds": "phase10kit.probability.live",
    "unseen_counts": "phase10kit.probability.live",
    "completion_figure": "phase10kit.probability.plots",
    "convergence_figure": "phase10kit.probability.plots",
    "difficulty_figure": "phase10kit.probability.plots",
    "hand_size_figure": "phase10kit.probability.plots",
    "STANDARD_DECK": "phase10kit.probability.profiles",
    "DeckSpec": "phase10kit.probability.profiles",
    "HandProfiles": "phase10kit.probability.profiles",
    "deal_counts": "phase10kit.probability.simulate",
    "simulate_deal_odds": "phase10kit.probability.simulate",
    "wilson_interval": "phase10kit.probability.simulate",
    "SolitaireOptimum": "phase10kit.probability.solitaire",
    "fits_model": "phase10kit.probability.solitaire",
    "optimum_table": "phase10kit.probability.solitaire",
    "solitaire_optimum": "phase10kit.probability.solitaire",
}
"""The module that defines each public name."""


__getattr__, __dir__ = lazy_names(__name__, _HOMES, globals(), __all__)
