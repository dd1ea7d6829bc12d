"""Solver speed: ``can_complete`` and ``find_layout`` per second on random 11-card hands, per standard phase.

Run ``python benchmarks/bench_solver.py [--hands N] [--runs R] [--seed S]``; it prints a Markdown
table of the median rate over R runs, with the design targets and whether each phase meets them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from phase10kit import Card, Phase, can_complete, find_layout, phase, shuffled_deck

CAN_COMPLETE_TARGET = 50_000
FIND_LAYOUT_TARGET = 10_000


def random_hands(count: int, size: int, seed: int) -> list[list[Card]]:
    """``count`` hands of ``size`` cards, each dealt from its own shuffle of one seeded generator."""
    rng = random.Random(seed)
    return [shuffled_deck(rng)[:size] for _ in range(count)]


def median_rate(check: Callable[[list[Card], Phase], object], hands: list[list[Card]], p: Phase, runs: int) -> float:
    """The median over ``runs`` of calls per second of ``check`` on every hand."""
    rates = []
    for _ in range(runs):
        start = time.perf_counter()
        for hand in hands:
            check(hand, p)
        rates.append(len(hands) / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per phase (default 2000)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per figure; the median is shown (default 5)")
    parser.add_argument("--seed", type=int, default=10, help="seed of the dealt hands (default 10)")
    args = parser.parse_args()
    hands = random_hands(args.hands, 11, args.seed)

    print(f"### Solver: 11-card hands ({args.hands} seeded hands, median of {args.runs} runs)\n")
    can_head = f"can_complete/s (target ≥ {CAN_COMPLETE_TARGET:,})"
    find_head = f"find_layout/s (target ≥ {FIND_LAYOUT_TARGET:,})"
    print(f"| phase | {can_head} | {find_head} | holds | pass |")
    print("|---|---:|---:|---:|---|")
    for number in range(1, 11):
        p = phase(number)
        can = median_rate(can_complete, hands, p, args.runs)
        find = median_rate(find_layout, hands, p, args.runs)
        held = sum(can_complete(hand, p) for hand in hands) / len(hands)
        ok = can >= CAN_COMPLETE_TARGET and find >= FIND_LAYOUT_TARGET
        print(f"| {number} `{p}` | {can:,.0f} | {find:,.0f} | {held:.1%} | {'pass' if ok else 'FAIL'} |")
    print()


if __name__ == "__main__":
    main()
