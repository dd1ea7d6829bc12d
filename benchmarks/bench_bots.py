"""Bot speed and strength, printed as a Markdown table of medians.

Targets (design.md and issue 5): 4-player games between GreedyBots >= 20 games/s on one core;
over >= 2,000 two-player games with seats alternated, GreedyBot beats RandomBot >= 95% and
SmartBot beats GreedyBot >= 55% (95% Wilson interval reported).

    .venv/bin/python benchmarks/bench_bots.py                 # full run (strength on 2 worker processes)
    .venv/bin/python benchmarks/bench_bots.py --games 200     # a quicker strength estimate
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from phase10kit.bots import Bot, GreedyBot, RandomBot, SmartBot, play_game, tournament


def games_per_second(make: type[Bot], players: int, games: int, repeats: int) -> float:
    """Median over ``repeats`` runs of ``games`` seeded games, on this process's one core."""
    rates = []
    for repeat in range(repeats):
        bots = [make(seed=seat) for seat in range(players)]
        start = time.perf_counter()
        for index in range(games):
            play_game(bots, seed=repeat * 1000 + index)
        rates.append(games / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="two-player games per strength match")
    parser.add_argument("--workers", type=int, default=2, help="worker processes for the strength matches")
    parser.add_argument("--speed-games", type=int, default=20, help="games per timed speed run")
    parser.add_argument("--repeats", type=int, default=5, help="timed speed runs (the median is reported)")
    args = parser.parse_args()

    print(f"Machine: {os.cpu_count()} cores, shared with other work (load average {_load():.1f} at the start).\n")
    print("| what | measured | target |")
    print("|---|---|---|", flush=True)
    for make, players, target in ((GreedyBot, 4, ">= 20 games/s"), (SmartBot, 4, "-"), (GreedyBot, 2, "-")):
        rate = games_per_second(make, players, args.speed_games, args.repeats)
        _row(f"{players}-player games, {make.__name__}s, one core", f"{rate:.1f} games/s", target)

    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for strong, weak, target in ((GreedyBot, RandomBot, ">= 95%"), (SmartBot, GreedyBot, ">= 55%")):
            start = time.perf_counter()
            table = tournament([strong(seed=1), weak(seed=2)], args.games, seed=2026, executor=pool)
            elapsed = time.perf_counter() - start
            rate, low, high = (float(table.loc[0, key]) for key in ("win_rate", "win_low", "win_high"))
            _row(
                f"{strong.__name__} vs {weak.__name__}, {args.games} 2-player games, seats alternated",
                f"{rate:.1%} (95% CI {low:.1%}-{high:.1%}); {elapsed:.0f} s on {args.workers} workers",
                target,
            )
    print(f"\nLoad average at the end: {_load():.1f}.")


def _row(what: str, measured: str, target: str) -> None:
    print(f"| {what} | {measured} | {target} |", flush=True)


def _load() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


if __name__ == "__main__":
    main()
