"""A live hand's chances: will the next few draws complete the phase, and which card helps most.

The unseen cards are the deck minus the hand minus the cards known elsewhere (``seen``: the
discard pile, laid groups). For up to ``EXACT_DRAWS`` draws every multiset of drawn cards is
enumerated with its exact weight (the product of ``C(copies unseen, copies drawn)``); beyond
that the draws are simulated.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import combinations_with_replacement
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from phase10kit.cards import DECK_COUNTS, KIND_COUNT, Card, card_counts
from phase10kit.errors import Phase10Error, Reason
from phase10kit.phases import Phase
from phase10kit.probability.batch import can_complete_batch
from phase10kit.probability.profiles import HandProfiles, IntArray
from phase10kit.probability.simulate import make_generator, sample_counts, wilson_interval
from phase10kit.rules import Rules

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["best_draws", "completion_curve", "completion_odds", "unseen_counts"]

EXACT_DRAWS = 3
"""Up to this many draws ``completion_odds`` is exact (about 22,000 multisets of 3 cards)."""


def unseen_counts(hand: Iterable[Card], seen: Iterable[Card] = ()) -> IntArray:
    """Copies of each card index still unseen: the deck minus ``hand`` minus ``seen``.

    >>> from phase10kit import parse_cards
    >>> counts = unseen_counts(parse_cards("R7 W"), parse_cards("R7"))
    >>> int(counts[Card.parse("R7").index]), int(counts[Card.parse("W").index]), int(counts.sum())
    (0, 7, 105)
    """
    known = np.array(card_counts(hand), dtype=np.int64) + np.array(card_counts(seen), dtype=np.int64)
    left = np.array(DECK_COUNTS, dtype=np.int64) - known
    if (left < 0).any():
        extra = [str(Card.from_index(i)) for i in np.nonzero(left < 0)[0].tolist()]
        raise Phase10Error(
            f"the hand and the seen cards hold more copies of {', '.join(extra)} than the deck has",
            reason=Reason.TOO_MANY_COPIES,
        )
    return left


def _check_draws(draws: int, unseen: int) -> int:
    if isinstance(draws, bool) or not isinstance(draws, int) or not 0 <= draws <= unseen:
        raise Phase10Error(
            f"draws must be a whole number from 0 to {unseen} (the unseen cards), not {draws!r}",
            reason=Reason.BAD_DRAWS,
        )
    return draws


def _draw_multisets(left: IntArray, draws: int) -> tuple[IntArray, IntArray]:
    """Every multiset of ``draws`` unseen cards as (M, 50) counts, with how many ordered-free draws give it."""
    kinds = np.nonzero(left)[0]
    picks = np.array(list(combinations_with_replacement(range(len(kinds)), draws)), dtype=np.int64)
    picks = picks.reshape(-1, draws)
    counts = np.zeros((picks.shape[0], KIND_COUNT), dtype=np.int64)
    rows = np.repeat(np.arange(picks.shape[0]), draws)
    np.add.at(counts, (rows, kinds[picks.ravel()]), 1)
    binomials = np.array([[comb(int(n), k) for k in range(draws + 1)] for n in left], dtype=np.int64)
    weights = np.prod(binomials[np.arange(KIND_COUNT), counts], axis=1)
    return counts, weights


def completion_odds(
    hand: Iterable[Card],
    phase: Phase,
    draws: int = 1,
    *,
    seen: Iterable[Card] = (),
    rules: Rules | None = None,
    samples: int = 20_000,
    seed: int | random.Random = 0,
) -> float:
    """The chance that the hand plus the next ``draws`` cards from the unseen ones holds the phase.

    Exact for ``draws <= 3``; beyond, estimated from ``samples`` simulated draws with ``seed``. ``rules`` are the
    rules the game plays by (the standard rules when None).

    >>> from phase10kit import parse_cards, phase
    >>> hand = parse_cards("R1 R2 R3 R4 R5 R6 G1")
    >>> completion_odds(hand, phase(4), 1) == 16 / 101  # 8 sevens and 8 Wilds among 101 unseen cards
    True
    """
    cards = list(hand)
    left = unseen_counts(cards, seen)
    draws = _check_draws(draws, int(left.sum()))
    base = np.array(card_counts(cards), dtype=np.int64)
    if can_complete_batch(base[None, :], phase, rules=rules)[0]:
        return 1.0
    if draws == 0:
        return 0.0
    if draws <= EXACT_DRAWS:
        counts, weights = _draw_multisets(left, draws)
        complete = can_complete_batch(counts + base, phase, rules=rules)
        return int(weights[complete].sum()) / comb(int(left.sum()), draws)
    pool = np.repeat(np.arange(KIND_COUNT), left)
    drawn = sample_counts(pool, draws, samples, make_generator(seed))
    return float(can_complete_batch(drawn + base, phase, rules=rules).mean())


def completion_curve(
    hand: Iterable[Card],
    phase: Phase,
    max_draws: int = 6,
    *,
    seen: Iterable[Card] = (),
    rules: Rules | None = None,
    samples: int = 20_000,
    seed: int | random.Random = 0,
) -> pd.DataFrame:
    """``completion_odds`` for 1..``max_draws`` draws (columns ``draws``, ``probability``, ``method``).

    ``low``..``high`` is a Wilson 95% interval for simulated rows and the exact value otherwise.

    >>> from phase10kit import parse_cards, phase
    >>> curve = completion_curve(parse_cards("R1 R2 R3 R4 R5 R6 G1"), phase(4), 4, samples=2_000)
    >>> curve["method"].tolist(), curve["probability"].is_monotonic_increasing
    (['exact', 'exact', 'exact', 'simulated'], True)
    """
    import pandas as pd  # only for the table returned: the Hint and the deck use the module without pandas

    cards, seen_cards = list(hand), list(seen)
    rows = []
    for draws in range(1, max_draws + 1):
        odds = completion_odds(cards, phase, draws, seen=seen_cards, rules=rules, samples=samples, seed=seed)
        exact = draws <= EXACT_DRAWS or odds == 1.0
        low, high = (odds, odds) if exact else wilson_interval(round(odds * samples), samples)
        rows.append(
            {"draws": draws, "probability": odds, "method": "exact" if exact else "simulated", "low": low, "high": high}
        )
    return pd.DataFrame(rows)


def best_draws(
    hand: Iterable[Card],
    phase: Phase,
    draws: int = 1,
    *,
    seen: Iterable[Card] = (),
    rules: Rules | None = None,
    samples: int = 20_000,
    seed: int | random.Random = 0,
) -> pd.DataFrame:
    """Which next card helps most: one row per unseen card, best first (the hint button's data).

    Columns: ``card``, ``left`` (copies unseen), ``chance`` (of drawing it next), ``completes``
    (it is an out: the phase is held once it is drawn) and ``odds`` (the chance to hold the phase
    within ``draws`` draws when it is the first one). The outs are ``table[table.completes]``.

    >>> from phase10kit import parse_cards, phase
    >>> table = best_draws(parse_cards("R1 R2 R3 R4 R5 R6 G1"), phase(4))
    >>> table[table.completes]["card"].tolist()
    ['W', 'R7', 'B7', 'G7', 'Y7']
    """
    import pandas as pd  # only for the table returned: the Hint and the deck use the module without pandas

    cards, seen_cards = list(hand), list(seen)
    left = unseen_counts(cards, seen_cards)
    _check_draws(draws, int(left.sum()))
    if draws < 1:
        raise Phase10Error(f"best_draws needs at least one draw, not {draws!r}", reason=Reason.BAD_DRAWS)
    base = np.array(card_counts(cards), dtype=np.int64)
    kinds = np.nonzero(left)[0]
    with_card = np.tile(base, (len(kinds), 1))
    with_card[np.arange(len(kinds)), kinds] += 1
    completes = can_complete_batch(HandProfiles.from_counts(with_card), phase, rules=rules)
    held = bool(can_complete_batch(base[None, :], phase, rules=rules)[0])
    if held:
        completes[:] = False  # like ``outs``: a hand that already holds the phase has no outs
    total = int(left.sum())
    rows = []
    for kind, done in zip(kinds.tolist(), completes.tolist(), strict=True):
        card = Card.from_index(kind)
        if held or done or draws == 1:
            odds = float(held or done)
        else:
            odds = completion_odds(
                [*cards, card],
                phase,
                draws - 1,
                seen=seen_cards,
                rules=rules,
                samples=samples,
                seed=seed,
            )
        rows.append(
            {
                "card": str(card),
                "left": int(left[kind]),
                "chance": int(left[kind]) / total,
                "completes": bool(done),
                "odds": odds,
            }
        )
    table = pd.DataFrame(rows, columns=["card", "left", "chance", "completes", "odds"])
    return table.sort_values(["odds", "chance"], ascending=False, kind="stable").reset_index(drop=True)
