"""Monte Carlo deal odds with Wilson intervals: the cross-check of the exact counts.

Deals are drawn in vectorised chunks (a random key per card, the ``hand_size`` smallest keys are
the hand), turned into count profiles and checked with ``can_complete_batch``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from math import sqrt
from typing import TYPE_CHECKING

import numpy as np

from phase10kit.cards import KIND_COUNT
from phase10kit.errors import Phase10Error, Reason
from phase10kit.probability.arguments import PhaseLike, resolve_phases, with_progress
from phase10kit.probability.batch import can_complete_batch
from phase10kit.probability.profiles import (
    STANDARD_DECK,
    CountArray,
    DeckSpec,
    HandProfiles,
    IntArray,
    check_hand_size,
)
from phase10kit.rules import Rules

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "Z95",
    "deal_counts",
    "deal_profiles",
    "make_generator",
    "sample_counts",
    "simulate_deal_odds",
    "wilson_interval",
]

Z95 = 1.959963984540054
"""The 97.5% point of the standard normal distribution: mean ± Z95 × standard error is a 95% interval."""
CHUNK = 50_000


def wilson_interval(hits: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``hits / n`` (95% by default).

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # Round away float dust so 0 and 1 come out exactly at the extremes.
    return (max(0.0, round(centre - half, 12)), min(1.0, round(centre + half, 12)))


def make_generator(seed: int | random.Random | np.random.Generator) -> np.random.Generator:
    """A numpy generator from an explicit seed (an int, a ``random.Random`` or a Generator itself)."""
    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, random.Random):
        return np.random.default_rng(seed.getrandbits(64))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise Phase10Error(f"seed must be an int or a random.Random, not {seed!r}", reason=Reason.BAD_SEED)
    return np.random.default_rng(seed)


def sample_counts(pool: IntArray, draws: int, n: int, rng: np.random.Generator) -> CountArray:
    """``n`` draws of ``draws`` cards without replacement from ``pool`` (card indices), as (n, 50) small counts."""
    keys = rng.random((n, pool.shape[0]))
    chosen = np.argpartition(keys, draws - 1, axis=1)[:, :draws] if draws < pool.shape[0] else np.argsort(keys, axis=1)
    cards = pool[chosen]
    flat = (np.arange(n)[:, None] * KIND_COUNT + cards).ravel()
    counts: CountArray = np.bincount(flat, minlength=n * KIND_COUNT).reshape(n, KIND_COUNT)
    return counts.astype(np.int8) if draws <= 127 else counts


def deal_counts(
    n: int, hand_size: int = 10, *, seed: int | random.Random | np.random.Generator = 0, deck: DeckSpec = STANDARD_DECK
) -> Iterator[CountArray]:
    """``n`` random deals from a fresh deck, yielded in chunks of (rows, 50) card counts.

    >>> sum(chunk.shape[0] for chunk in deal_counts(120_000, seed=1)), next(deal_counts(3, seed=1)).sum(axis=1).tolist()
    (120000, [10, 10, 10])
    """
    check_hand_size(hand_size, deck)
    rng, pool = make_generator(seed), deck.card_indices()
    for start in range(0, n, CHUNK):
        yield sample_counts(pool, hand_size, min(CHUNK, n - start), rng)


def simulate_deal_odds(
    n: int,
    hand_size: int = 10,
    *,
    seed: int | random.Random | np.random.Generator = 0,
    phases: Iterable[PhaseLike] | None = None,
    rules: Rules | None = None,
    deck: DeckSpec = STANDARD_DECK,
    progress: bool = False,
) -> pd.DataFrame:
    """Deal odds estimated from ``n`` random deals, indexed like ``exact_deal_odds``.

    Columns: ``phase``, ``hits`` (deals holding it), ``n``, ``probability`` and the Wilson 95%
    interval ``low``..``high``. ``phases`` and ``rules`` are read as by ``exact_deal_odds``.

    >>> table = simulate_deal_odds(2_000, seed=7, phases=[1])
    >>> row = table.loc[1]
    >>> int(row["n"]), bool(row["low"] <= row["probability"] <= row["high"])
    (2000, True)
    """
    import pandas as pd  # only for the table returned: the Hint and the deck use the module without pandas

    _check_samples(n)
    chosen = resolve_phases(phases, rules)
    hits = np.zeros(len(chosen), dtype=np.int64)
    for profiles in deal_profiles(n, hand_size, seed, deck, progress):
        for i, (_, phase_) in enumerate(chosen):
            hits[i] += int(can_complete_batch(profiles, phase_, rules=rules).sum())
    rows = []
    for (number, phase_), hit in zip(chosen, hits.tolist(), strict=True):
        low, high = wilson_interval(hit, n)
        rows.append(
            {
                "number": number,
                "phase": str(phase_),
                "hits": hit,
                "n": n,
                "probability": hit / n,
                "low": low,
                "high": high,
            }
        )
    return pd.DataFrame(rows).set_index("number")


def deal_profiles(
    n: int, hand_size: int, seed: int | random.Random | np.random.Generator, deck: DeckSpec, progress: bool
) -> Iterator[HandProfiles]:
    """The deals of ``deal_counts`` as profiles, chunk by chunk, behind a progress bar when asked.

    Working chunk by chunk keeps memory flat and lets a notebook interrupt between chunks.
    """
    chunks = deal_counts(n, hand_size, seed=seed, deck=deck)
    for _ in with_progress(range(0, n, CHUNK), progress, "deals"):
        yield HandProfiles.from_counts(next(chunks))


def _check_samples(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise Phase10Error(f"the number of deals must be a positive whole number, not {n!r}", reason=Reason.BAD_SAMPLES)
