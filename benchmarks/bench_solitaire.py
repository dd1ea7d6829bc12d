"""The solitaire optimum: solve statistics and the optimum table per phase, bots against it, ExpertBot's match.

Prints Markdown tables:

1. per phase that fits the model: 10- and 11-card profiles, policy improvements, evaluation
   sweeps, solve time (of the first solve, stored with the table), load time, expected turns
   from a random deal under perfect play and the chance of being done within k turns;
2. the within-k distribution for k = 1..30 (one column per phase);
3. RandomBot, GreedyBot and SmartBot in the same model (mean turns, 95% interval) next to the optimum;
4. ExpertBot against SmartBot over two-player games with seats alternated (target >= 60%, Wilson
   interval) and 4-player ExpertBot games per second on one core (target >= 10).

The first run solves the big tables (sets with runs, runs: seconds each, see ``bench_solve.py``) and
caches them (``$P10_CACHE``, else ``~/.cache/phase10kit``); ``--fresh`` solves again into a temporary cache.

    .venv/bin/python benchmarks/bench_solitaire.py                       # everything (about 10 minutes)
    .venv/bin/python benchmarks/bench_solitaire.py --deals 50 --games 200 # quicker estimates
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

from bench_common import load_average, phase_numbers

from phase10kit import phase
from phase10kit.bots import ExpertBot, SmartBot, play_game, tournament
from phase10kit.probability import exact_deal_odds, fits_model, solitaire_optimum
from phase10kit.probability.exact_mixed import count_mixed
from phase10kit.probability.solitaire import forget_solved
from phase10kit.solitaire_bots import bots_against_optimum

WITHIN_SHOWN = (1, 2, 3, 5, 10, 20, 30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--phases", default="1-20", help="phase numbers, e.g. 1-10 or 1,4,8 (default 1-20)")
    parser.add_argument("--fresh", action="store_true", help="solve every table again, in a temporary cache")
    parser.add_argument("--deals", type=int, default=200, help="deals per phase and bot in the model")
    parser.add_argument("--games", type=int, default=2000, help="two-player games ExpertBot vs SmartBot (0: skip)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes for the match")
    parser.add_argument("--speed-games", type=int, default=10, help="games per timed speed run")
    parser.add_argument("--repeats", type=int, default=5, help="timed speed runs (the median is reported)")
    args = parser.parse_args()
    if args.fresh:
        os.environ["P10_CACHE"] = tempfile.mkdtemp(prefix="p10-solitaire-")
    numbers = [n for n in phase_numbers(args.phases) if fits_model(phase(n))]
    print(
        f"Machine: {os.cpu_count()} cores, shared with other work (load average {load_average():.1f} at the start).\n"
    )

    print("## The optimum per phase\n")
    header = (
        "| # | phase | 10-card states | 11-card states | improvements | sweeps | solve s | load s | expected turns |"
    )
    print(header + "".join(f" within {k} |" for k in WITHIN_SHOWN))
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|" + "---:|" * len(WITHIN_SHOWN), flush=True)
    tables = {}
    for number in numbers:
        forget_solved()
        start = time.perf_counter()
        opt = solitaire_optimum(phase(number))
        elapsed = time.perf_counter() - start
        tables[number] = opt
        s = opt.stats
        load = f"{elapsed:.2f}" if opt.from_cache else "—"
        cells = "".join(f" {opt.within(k):.4f} |" for k in WITHIN_SHOWN)
        print(
            f"| {number} | `{opt.phase}` | {s.states:,} | {s.big_states:,} | {s.iterations} | {s.sweeps} | "
            f"{s.seconds:.1f} | {load} | {opt.expected_turns:.4f} |{cells}",
            flush=True,
        )
    skipped = [str(phase(n)) for n in phase_numbers(args.phases) if not fits_model(phase(n))]
    if skipped:
        print(f"\nNot in the model (they mix number and colour groups): {', '.join(skipped)}.")

    print("\n## Exact deal odds of the phases the model leaves out (10-card hands)\n")
    print("| # | phase | hands holding it | probability | count s (then cached) |")
    print("|---:|---|---:|---:|---:|")
    kept = os.environ.get("P10_CACHE")
    for number in (14, 15):
        count_mixed.cache_clear()
        os.environ["P10_CACHE"] = tempfile.mkdtemp(prefix="p10-count-")  # count afresh, not from the cache
        start = time.perf_counter()
        table = exact_deal_odds(10, phases=[number])
        elapsed = time.perf_counter() - start
        if kept is None:
            del os.environ["P10_CACHE"]
        else:
            os.environ["P10_CACHE"] = kept
        row = table.iloc[0]
        print(f"| {number} | `{row['phase']}` | {int(row['hands']):,} | {row['probability']:.6f} | {elapsed:.2f} |")

    print("\n## Chance of having made the phase within k turns, perfect play\n")
    print("| k |" + "".join(f" {n} `{tables[n].phase}` |" for n in numbers))
    print("|---:|" + "---:|" * len(numbers))
    for k in range(1, 31):
        print(f"| {k} |" + "".join(f" {tables[n].within(k):.4f} |" for n in numbers))

    if args.deals:
        standard = [n for n in numbers if n <= 10]
        print(f"\n## How far from perfect: mean turns in the model, {args.deals} seeded deals per phase and bot\n")
        start = time.perf_counter()
        frame = bots_against_optimum(phases=standard, n=args.deals, seed=2026)
        names = ["RandomBot", "GreedyBot", "SmartBot"]
        print("| # | phase | optimum |" + "".join(f" {name} (95% CI) |" for name in names))
        print("|---:|---|---:|" + "---|" * len(names))
        for number in standard:
            rows = frame[frame["phase"] == number].set_index("policy")
            cells = "".join(
                f" {rows.loc[name, 'mean_turns']:.2f} ({rows.loc[name, 'low']:.2f}–{rows.loc[name, 'high']:.2f}) |"
                for name in names
            )
            print(f"| {number} | `{phase(number)}` | {rows.loc['optimum', 'mean_turns']:.2f} |{cells}", flush=True)
        print(f"\n({time.perf_counter() - start:.0f} s)")

    print("\n## ExpertBot\n")
    print("| what | measured | target |")
    print("|---|---|---|", flush=True)
    wall, cpu = games_per_second(4, args.speed_games, args.repeats)
    print(f"| 4-player games between ExpertBots, one core (wall clock) | {wall:.1f} games/s | >= 10 games/s |")
    print(f"| the same, per second of this process's CPU time | {cpu:.1f} games/s | >= 10 games/s |", flush=True)
    if args.games:
        start = time.perf_counter()
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            table = tournament([ExpertBot(seed=1), SmartBot(seed=2)], args.games, seed=2026, executor=pool)
        elapsed = time.perf_counter() - start
        win, low, high = (float(table.loc[0, key]) for key in ("win_rate", "win_low", "win_high"))
        print(
            f"| ExpertBot vs SmartBot, {args.games} 2-player games, seats alternated | "
            f"{win:.1%} (95% Wilson CI {low:.1%}–{high:.1%}); {elapsed:.0f} s on {args.workers} workers | >= 60% |"
        )
    print(f"\nLoad average at the end: {load_average():.1f}.")


def games_per_second(players: int, games: int, repeats: int) -> tuple[float, float]:
    """Medians over ``repeats`` runs of ``games`` seeded games between ExpertBots: per wall-clock second and
    per second of this process's CPU time (which other work on a shared machine disturbs less)."""
    bots = [ExpertBot(seed=seat) for seat in range(players)]
    for number in range(1, 11):  # the tables load once per process: not part of the games' time
        solitaire_optimum(phase(number))
    wall, cpu = [], []
    for repeat in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        for index in range(games):
            play_game(bots, seed=repeat * 1000 + index)
        wall.append(games / (time.perf_counter() - start))
        cpu.append(games / (time.process_time() - start_cpu))
    return statistics.median(wall), statistics.median(cpu)


if __name__ == "__main__":
    main()
