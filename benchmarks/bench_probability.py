"""Benchmark of the probability tools: prints a Markdown table of medians against the targets.

    .venv/bin/python benchmarks/bench_probability.py [--quick]

Exact tables are timed cold (the in-process profile caches are cleared before each run).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

import numpy as np

from phase10kit import parse_cards, phase
from phase10kit.probability import completion_odds, deal_counts, exact_deal_odds, holds_phases
from phase10kit.probability.exact import _color_profiles, _number_profiles


def median_seconds(run: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def cold_table(hand_size: int) -> Callable[[], object]:
    def run() -> object:
        _number_profiles.cache_clear()
        _color_profiles.cache_clear()
        return exact_deal_odds(hand_size)

    return run


def main(quick: bool = False) -> None:
    repeats = 2 if quick else 5
    rows: list[tuple[str, str, str, bool]] = []

    for hand_size, target in ((10, 1.5), (11, 4.0)):
        seconds = median_seconds(cold_table(hand_size), repeats)
        rows.append(
            (
                f"exact deal odds, Phases 1-10, {hand_size}-card hands",
                f"{seconds:.2f} s",
                f"<= {target} s",
                seconds <= target,
            )
        )

    n = 200_000 if quick else 1_000_000
    counts = np.concatenate(list(deal_counts(n, 10, seed=1)))
    phases = [phase(k) for k in range(1, 11)]

    def batch() -> object:
        return holds_phases(counts, phases)

    seconds = median_seconds(batch, repeats)
    rate = n / seconds
    rows.append(
        ("batch check, 10-card hands, all 10 phases", f"{rate / 1e6:.2f} M hands/s", ">= 2 M hands/s", rate >= 2e6)
    )

    hand = parse_cards("R3 R4 B5 G7 Y8 W B11 S G12 Y1")
    seen = parse_cards("R9 B9 G6")
    for draws in (1, 2, 3):
        seconds = median_seconds(lambda draws=draws: completion_odds(hand, phase(4), draws, seen=seen), repeats * 2)  # type: ignore[misc]
        rows.append(
            (
                f"completion_odds, r7, {draws} draw{'s' if draws > 1 else ''} (exact)",
                f"{seconds * 1000:.1f} ms",
                "interactive (< 200 ms)",
                seconds < 0.2,
            )
        )

    print("| what | median | target | met |")
    print("|---|---|---|---|")
    for what, measured, target, met in rows:
        print(f"| {what} | {measured} | {target} | {'yes' if met else 'NO'} |")


if __name__ == "__main__":
    main(quick="--quick" in sys.argv)
