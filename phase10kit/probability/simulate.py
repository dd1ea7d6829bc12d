"""Monte Carlo deal odds with Wilson intervals: the cross-check of the exact counts.

Deals are drawn in vectorised chunks (a random key per card, the ``hand_size`` smallest keys are
the hand), turned into count profiles and checked with ``can_complete_batch``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from math import sqrt
from typing import Any

import numpy as np
import pandas as pd

from phase10kit.cards import KIND_COUNT
from phase10kit.errors import Phase10Error, Reason
from phase10kit.probability.batch import can_complete_batch
from phase10kit.probability.exact import PhaseLike, exact_deal_odds, natural_rule, resolve_phases, with_progress
from phase10kit.probability.profiles import (
    STANDARD_DECK,
    BoolArray,
    CountArray,
    DeckSpec,
    HandProfiles,
    IntArray,
    check_hand_size,
)

Z95 = 1.959963984540054
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
    rules: Any = None,
    natural_required: bool = True,
    deck: DeckSpec = STANDARD_DECK,
    progress: bool = False,
) -> pd.DataFrame:
    """Deal odds estimated from ``n`` random deals, indexed like ``exact_deal_odds``.

    Columns: ``phase``, ``hits`` (deals holding it), ``n``, ``probability`` and the Wilson 95%
    interval ``low``..``high``.

    >>> table = simulate_deal_odds(2_000, seed=7, phases=[1])
    >>> row = table.loc[1]
    >>> int(row["n"]), bool(row["low"] <= row["probability"] <= row["high"])
    (2000, True)
    """
    _check_samples(n)
    natural = natural_rule(rules, natural_required)
    chosen = resolve_phases(phases, rules)
    hits = np.zeros(len(chosen), dtype=np.int64)
    for profiles in _deals(n, hand_size, seed, deck, progress):
        for i, (_, phase_) in enumerate(chosen):
            hits[i] += int(can_complete_batch(profiles, phase_, natural_required=natural).sum())
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


def convergence(
    sizes: Sequence[int] = (1_000, 10_000, 100_000),
    hand_size: int = 10,
    *,
    seed: int | random.Random | np.random.Generator = 0,
    phases: Iterable[PhaseLike] | None = None,
    rules: Any = None,
    natural_required: bool = True,
    progress: bool = False,
) -> pd.DataFrame:
    """Monte Carlo estimates after the first ``n`` deals of one seeded sequence, for each ``n`` in ``sizes``,
    beside the exact value: one row per (n, phase) with ``estimate``, ``low``, ``high``, ``exact``, ``error``.

    >>> frame = convergence((100, 1_000), phases=[1], seed=3)
    >>> frame[["n", "phase"]].values.tolist()
    [[100, '2s3'], [1000, '2s3']]
    """
    ordered = sorted(set(sizes))
    if not ordered or ordered[0] < 1:
        raise Phase10Error(f"sample sizes must be positive, not {sizes!r}", reason=Reason.BAD_SAMPLES)
    natural = natural_rule(rules, natural_required)
    chosen = resolve_phases(phases, rules)
    rng = make_generator(seed)
    exact = exact_deal_odds(hand_size, [p for _, p in chosen], natural_required=natural, seed=int(rng.integers(2**31)))
    held: list[list[BoolArray]] = [[] for _ in chosen]
    for profiles in _deals(ordered[-1], hand_size, rng, STANDARD_DECK, progress):
        for i, (_, phase_) in enumerate(chosen):
            held[i].append(can_complete_batch(profiles, phase_, natural_required=natural))
    rows = []
    for position, (number, phase_) in enumerate(chosen, start=1):
        running = np.cumsum(np.concatenate(held[position - 1]))
        truth = float(exact.iloc[position - 1]["probability"])
        for n in ordered:
            hit = int(running[n - 1])
            low, high = wilson_interval(hit, n)
            estimate = hit / n
            rows.append(
                {
                    "n": n,
                    "number": number,
                    "phase": str(phase_),
                    "estimate": estimate,
                    "low": low,
                    "high": high,
                    "exact": truth,
                    "error": estimate - truth,
                }
            )
    return pd.DataFrame(rows).sort_values(["n", "number"], kind="stable").reset_index(drop=True)


def _deals(
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
