"""The odds of Phase 10: exact deal odds from count profiles, Monte Carlo cross-checks, a live hand's
chances and plotly figures (plotly is imported only inside the plotting functions).

>>> from phase10kit.probability import exact_deal_odds, simulate_deal_odds
>>> exact = exact_deal_odds(hand_size=10, phases=[1])
>>> simulated = simulate_deal_odds(20_000, seed=1, phases=[1])
>>> simulated.loc[1, "low"] <= exact.loc[1, "probability"] <= simulated.loc[1, "high"]
np.True_
"""

from phase10kit.probability.batch import NEVER, can_complete_batch, holds_phases, phase_shape, wilds_needed
from phase10kit.probability.convergence import convergence
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
