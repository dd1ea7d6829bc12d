"""Bot speed and strength, printed as a Markdown table of medians.

Targets (design.md and issues 5 and 12): 4-player games between GreedyBots >= 50 games/s on one core;
over >= 2,000 two-player games with seats alternated, GreedyBot beats RandomBot >= 95% and
SmartBot beats GreedyBot >= 55% (95% Wilson interval reported).

    .venv/bin/python benchmarks/bench_bots.py                 # full run (strength on 2 worker processes)
    .venv/bin/python benchmarks/bench_bots.py --games 200     # a quicker strength estimate
    .venv/bin/python benchmarks/bench_bots.py --speed-only --cpu --against /tmp/old
        # speed only, per CPU second, alternating runs with the phase10kit of another checkout
        # (e.g. ``git worktree add /tmp/old v0.1.0``): on a shared machine only a side-by-side ratio is fair

Every timed run plays its games in a fresh process, so runs of this code and of another checkout start alike
(imports, empty caches) and can be alternated minute by minute. The games are fresh: their seeds start at a base
drawn from ``secrets`` at every start (printed; ``--seed-base`` repeats a run), run ``r`` plays seeds
``base + r * 1000 + i``, and both checkouts play the same games in a round.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bench_common import load_average

BOTS = ("RandomBot", "GreedyBot", "SmartBot")


def timed_games(bot: str, players: int, games: int, first_seed: int, cpu: bool) -> float:
    """Games per second of one run: ``games`` seeded games (seeds from ``first_seed`` on) between ``players`` copies
    of ``bot``, in this process."""
    import phase10kit.bots

    make = getattr(phase10kit.bots, bot)
    bots = [make(seed=seat) for seat in range(players)]
    clock = time.process_time if cpu else time.perf_counter
    start = clock()
    for index in range(games):
        phase10kit.bots.play_game(bots, seed=first_seed + index)
    return games / (clock() - start)


def run_in_process(bot: str, players: int, games: int, first_seed: int, cpu: bool, path: str | None) -> float:
    """``timed_games`` in a fresh Python process, importing phase10kit from ``path`` when given."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([path, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    command = [sys.executable, __file__, "--one-run", bot, str(players), str(games), str(first_seed)]
    if cpu:
        command.append("--cpu")
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return float(done.stdout.strip().splitlines()[-1])


def speed_rows(args: argparse.Namespace) -> None:
    """Median rates of each speed row; with ``--against``, the other checkout's runs alternate with ours."""
    clock = "per CPU second" if args.cpu else "wall clock"
    against = f"; {args.against} alternating" if args.against else ""
    print(
        f"Speed: {args.speed_games} fresh games per run (seed base {args.seed_base}), median of {args.repeats} runs, "
        f"{clock}{against}.\n"
    )
    print("| what | this code | " + ("other checkout | ratio | " if args.against else "") + "target |")
    print("|---|---|" + ("---|---|" if args.against else "") + "---|", flush=True)
    for bot, players, target in (("GreedyBot", 4, ">= 50 games/s"), ("SmartBot", 4, "-"), ("GreedyBot", 2, "-")):
        ours, theirs = [], []
        for repeat in range(args.repeats):
            first = args.seed_base + repeat * 1000
            ours.append(run_in_process(bot, players, args.speed_games, first, args.cpu, None))
            if args.against:
                theirs.append(run_in_process(bot, players, args.speed_games, first, args.cpu, args.against))
        row = f"| {players}-player games, {bot}s, one core | {statistics.median(ours):.1f} games/s | "
        if args.against:
            ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
            row += f"{statistics.median(theirs):.1f} games/s | {statistics.median(ratios):.2f}x | "
        print(row + f"{target} |", flush=True)


def strength_rows(args: argparse.Namespace) -> None:
    from phase10kit.bots import GreedyBot, RandomBot, SmartBot, tournament

    print("\n| what | measured | target |")
    print("|---|---|---|", flush=True)
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for strong, weak, target in ((GreedyBot, RandomBot, ">= 95%"), (SmartBot, GreedyBot, ">= 55%")):
            start = time.perf_counter()
            table = tournament([strong(seed=1), weak(seed=2)], args.games, seed=2026, executor=pool)
            elapsed = time.perf_counter() - start
            first = table.iloc[0].to_dict()
            rate, low, high = (float(first[key]) for key in ("win_rate", "win_low", "win_high"))
            _row(
                f"{strong.__name__} vs {weak.__name__}, {args.games} 2-player games, seats alternated",
                f"{rate:.1%} (95% CI {low:.1%}-{high:.1%}); {elapsed:.0f} s on {args.workers} workers",
                target,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="two-player games per strength match")
    parser.add_argument("--workers", type=int, default=2, help="worker processes for the strength matches")
    parser.add_argument("--speed-games", type=int, default=20, help="games per timed speed run")
    parser.add_argument("--repeats", type=int, default=5, help="timed speed runs (the median is reported)")
    parser.add_argument("--cpu", action="store_true", help="time by the process's CPU time (fair under load)")
    parser.add_argument("--against", metavar="DIR", help="alternate each speed run with DIR's phase10kit")
    parser.add_argument("--seed-base", type=int, help="the first seed (default: a fresh base from secrets)")
    parser.add_argument("--speed-only", action="store_true", help="skip the strength matches")
    parser.add_argument("--one-run", nargs=4, metavar=("BOT", "PLAYERS", "GAMES", "SEED"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_run:  # a timed run in a fresh process (see run_in_process)
        bot, players, games, first_seed = args.one_run
        if bot not in BOTS:
            parser.error(f"--one-run: the bot is one of {', '.join(BOTS)}")
        print(timed_games(bot, int(players), int(games), int(first_seed), args.cpu))
        return
    if args.seed_base is None:
        args.seed_base = secrets.randbelow(2**40)

    print(
        f"Machine: {os.cpu_count()} cores, shared with other work (load average {load_average():.1f} at the start).\n"
    )
    speed_rows(args)
    if not args.speed_only:
        strength_rows(args)
    print(f"\nLoad average at the end: {load_average():.1f}.")


def _row(what: str, measured: str, target: str) -> None:
    print(f"| {what} | {measured} | {target} |", flush=True)


if __name__ == "__main__":
    main()
