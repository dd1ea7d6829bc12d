"""Exact deal odds: how many hands of a size hold each phase, counted by count profiles, not hands.

A set/run phase depends only on the cards per number and the Wilds, so every hand with the same
per-number counts is counted at once, weighted by the product of ``C(cards of that number,
count)``; the Wilds and Skips filling the hand are summed out in closed form. Colour phases do the
same with the counts per colour. A set or a run beside a colour group (``r4+c4``, ``s5+c4``)
depends on number and colour together, too many profiles to enumerate: those are counted by a
dynamic programme over the numbers and the colour totals (``exact_mixed``). Only phases of other
shapes (two runs, say) are estimated by simulation and marked.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from math import comb
from typing import TYPE_CHECKING, Any

from phase10kit.errors import Phase10Error, Reason
from phase10kit.phases import Phase
from phase10kit.probability.arguments import PhaseLike, resolve_phases, with_progress
from phase10kit.probability.batch import NUMBER_SHAPES, phase_shape, wilds_needed
from phase10kit.probability.exact_mixed import MIXED_SHAPES, count_mixed
from phase10kit.probability.profiles import (
    STANDARD_DECK,
    DeckSpec,
    WeightedProfiles,
    check_hand_size,
    color_profiles,
    hands_holding,
    number_profiles,
)
from phase10kit.probability.simulate import simulate_deal_odds
from phase10kit.rules import Rules, needs_natural

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["count_hands", "exact_deal_odds", "is_exact", "odds_by_hand_size"]

MAX_EXACT_HAND = 13
"""Largest hand counted exactly (about 5 million number profiles); larger hands would need too much memory."""


def is_exact(phase_: Phase) -> bool:
    """Whether ``exact_deal_odds`` counts this phase exactly: sets and runs, colour groups, or one set or
    run with one colour group; other shapes (two runs, say) are simulated.

    >>> from phase10kit.phases import phase
    >>> is_exact(phase(4)), is_exact(phase(14)), is_exact(Phase.parse("2r3"))
    (True, True, False)
    """
    return phase_shape(phase_) in (*NUMBER_SHAPES, "colors", *MIXED_SHAPES)


def count_hands(
    phase_: Phase, hand_size: int = 10, *, deck: DeckSpec = STANDARD_DECK, rules: Rules | None = None
) -> int:
    """The exact number of hands of ``hand_size`` cards from ``deck`` that hold the phase under ``rules`` (the
    standard rules when None).

    >>> count_hands(Phase.parse("c2"), 2, deck=DeckSpec(numbers=2, colors=2, copies=1, wilds=0, skips=0))
    2
    """
    check_hand_size(hand_size, deck)
    if hand_size > MAX_EXACT_HAND:
        raise Phase10Error(
            f"hands of {hand_size} cards are too large to count exactly (at most {MAX_EXACT_HAND})",
            reason=Reason.HAND_TOO_LARGE,
        )
    shape = phase_shape(phase_)
    if shape in NUMBER_SHAPES:
        weighted = _number_profiles(deck, hand_size)
    elif shape == "colors":
        weighted = _color_profiles(deck, hand_size)
    elif shape in MIXED_SHAPES:
        return count_mixed(phase_, hand_size, deck, needs_natural(rules))
    else:
        raise Phase10Error(
            f"{phase_} has groups the exact count does not combine (e.g. two runs): simulate it (simulate_deal_odds)",
            reason=Reason.NOT_EXACT,
        )
    needed = wilds_needed(weighted.profiles, phase_, natural_required=needs_natural(rules))
    return hands_holding(weighted, needed, deck, hand_size)


@cache
def _number_profiles(deck: DeckSpec, hand_size: int) -> WeightedProfiles:
    return number_profiles(deck, hand_size)


@cache
def _color_profiles(deck: DeckSpec, hand_size: int) -> WeightedProfiles:
    return color_profiles(deck, hand_size)


def exact_deal_odds(
    hand_size: int = 10,
    phases: Iterable[PhaseLike] | None = None,
    rules: Rules | None = None,
    *,
    deck: DeckSpec = STANDARD_DECK,
    samples: int = 200_000,
    seed: int = 0,
    progress: bool = False,
) -> pd.DataFrame:
    """The chance that a dealt hand holds each phase, exactly, as a DataFrame indexed by phase number.

    Columns: ``phase`` (notation), ``hands`` (how many of the ``C(deck, hand_size)`` hands hold it),
    ``probability``, ``method`` (``"exact"``; ``"simulated"`` for phases of other shapes, such as two
    runs, estimated from ``samples`` deals with ``seed``, whose ``hands`` is missing) and
    ``difficulty`` (1 = most often dealt). ``rules`` are the rules the game plays by (the standard rules when
    None): they decide whether a group needs a natural card, and give the phases when ``phases`` is None.

    >>> table = exact_deal_odds(hand_size=10, phases=[1, 4])
    >>> table.loc[1, "phase"], table.loc[4, "hands"] > 0, table.loc[1, "probability"] > table.loc[4, "probability"]
    ('2s3', np.True_, np.True_)
    """
    import pandas as pd  # only for the table returned: the Hint and the deck use the module without pandas

    check_hand_size(hand_size, deck)
    chosen = resolve_phases(phases, rules)
    total = comb(deck.size, hand_size)
    rows: list[dict[str, Any]] = []
    simulated = [p for _, p in chosen if not is_exact(p)]
    estimates = {}
    if simulated:
        table = simulate_deal_odds(
            samples, hand_size, seed=seed, phases=simulated, rules=rules, deck=deck, progress=progress
        )
        estimates = dict(zip(map(str, simulated), table["probability"].tolist(), strict=True))
    for number, phase_ in with_progress(chosen, progress, "exact odds"):
        if is_exact(phase_):
            hands = count_hands(phase_, hand_size, deck=deck, rules=rules)
            rows.append(
                {
                    "number": number,
                    "phase": str(phase_),
                    "hands": hands,
                    "probability": hands / total,
                    "method": "exact",
                }
            )
        else:
            rows.append(
                {
                    "number": number,
                    "phase": str(phase_),
                    "hands": None,
                    "probability": estimates[str(phase_)],
                    "method": "simulated",
                }
            )
    frame = pd.DataFrame(rows).set_index("number")
    frame.index.name = "number"
    frame["hands"] = frame["hands"].astype("Int64")
    frame["difficulty"] = frame["probability"].rank(ascending=False, method="min").astype(int)
    return frame


def odds_by_hand_size(
    sizes: Iterable[int] = range(8, 12),
    phases: Iterable[PhaseLike] | None = None,
    rules: Rules | None = None,
    *,
    deck: DeckSpec = STANDARD_DECK,
    progress: bool = False,
) -> pd.DataFrame:
    """Exact deal odds for several hand sizes, one row per (hand size, phase): the data of the hand-size plot.

    >>> odds_by_hand_size([9, 10], phases=[1])["probability"].is_monotonic_increasing
    True
    """
    import pandas as pd  # only for the table returned: the Hint and the deck use the module without pandas

    frames = []
    for size in with_progress(list(sizes), progress, "hand sizes"):
        table = exact_deal_odds(size, phases, rules, deck=deck)
        frames.append(table.reset_index().assign(hand_size=size))
    return pd.concat(frames, ignore_index=True)
