"""Engine speed: random legal play (``list(g.legal_actions())`` then ``apply``) in actions per second.

The protocol of record: 4-player games of at most 500 actions each, the deal included, **never seen before in
the process**, next to RLCard's UNO environment with 4 players played the same way in the same run
(``env.reset`` then ``env.step`` with a random legal action, at most 500 per game); the ratio is the median of
the per-run ratios. The engine caches candidate groups by what a hand holds, so replaying the same seeded games
in every run (as this script did before) measures warm caches: 1.73x where fresh games read 1.26-1.31x.

Each timed run is a fresh process that first plays ``WARMUP`` untimed games (the steady state of a process that
has played before), then times ``GAMES`` games on seeds it has not played, then replays those same games (the
"warm replay" figure, reported beside it, never as the result). The seeds come from a base drawn from
``secrets`` at every start and printed (``--seed-base`` repeats a run); run ``r`` plays seeds
``base + r * 1000 + i``. RLCard's runs are fresh processes too, seeded from the same base.

``--against DIR`` plays the same fresh seeds with the phase10kit of another checkout (e.g. ``git worktree add
/tmp/old <commit>``) in the same rounds, for a side-by-side ratio with the previous code. ``--cpu`` times by the
process's CPU time instead of the wall clock (fair on a machine shared with other work).

Run: ``make benchmarks`` (installs RLCard from the ``bench`` extra) or
``.venv/bin/python benchmarks/bench_engine.py [--cpu] [--runs 7] [--against DIR]``. Prints Markdown tables.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

RUNS = 7
GAMES = 40
WARMUP = 10
GAME_ACTIONS = 500
LONG_ACTIONS = 20_000
SEEDS_PER_RUN = 1000  # run r plays seeds base + r * SEEDS_PER_RUN + i: no two runs share a game

Clock = Callable[[], float]


def _clock(cpu: bool) -> Clock:
    return time.process_time if cpu else time.perf_counter


def phase10_games(seeds: range, choices: int, clock: Clock) -> float:
    """Random legal play over the 4-player games of ``seeds``, at most 500 actions each, the deal included."""
    from phase10kit.game import Game

    rng = random.Random(choices)
    done = 0
    start = clock()
    for seed in seeds:
        g = Game(players=4, seed=seed)
        steps = 0
        while steps < GAME_ACTIONS and not g.is_over():
            g.apply(rng.choice(list(g.legal_actions())))
            steps += 1
        done += steps
    return done / (clock() - start)


def phase10_long_games(first_seed: int, clock: Clock) -> float:
    """Random legal play over whole fresh games (at most 2,000 actions each) until ``LONG_ACTIONS`` actions."""
    from phase10kit.game import Game

    rng = random.Random(first_seed)
    done, seed = 0, first_seed
    start = clock()
    while done < LONG_ACTIONS:
        g = Game(players=4, seed=seed)
        seed += 1
        steps = 0
        while not g.is_over() and steps < 2_000:
            g.apply(rng.choice(list(g.legal_actions())))
            steps += 1
        done += steps
    return done / (clock() - start)


def phase10_views(first_seed: int, clock: Clock) -> float:
    """``view`` + a random choice from ``view.legal`` + ``apply``, over fresh games."""
    from phase10kit.game import Game

    rng = random.Random(first_seed)
    seed = first_seed
    g = Game(players=4, seed=seed)
    count = 0
    start = clock()
    while count < LONG_ACTIONS // 4:
        view = g.view(g.current_player)
        g.apply(rng.choice(view.legal))
        count += 1
        if g.is_over():
            seed += 1
            g = Game(players=4, seed=seed)
    return count / (clock() - start)


def rlcard_games(seed: int, games: int, clock: Clock) -> float:
    """RLCard's UNO environment, 4 players, the same protocol (``reset`` deals; ``step`` encodes an observation)."""
    import rlcard

    env = rlcard.make("uno", config={"seed": seed, "game_num_players": 4})
    rng = random.Random(seed)
    done = 0
    start = clock()
    for _ in range(games):
        state, _ = env.reset()
        steps = 0
        while steps < GAME_ACTIONS and not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
        done += steps
    return done / (clock() - start)


def rlcard_game_object(seed: int, clock: Clock) -> float:
    """RLCard's UNO game object alone: ``get_legal_actions`` + ``step``, no observation encoding."""
    import rlcard

    game = rlcard.make("uno", config={"seed": seed, "game_num_players": 4}).game
    rng = random.Random(seed)
    done = 0
    start = clock()
    while done < LONG_ACTIONS:
        game.init_game()
        while not game.is_over() and done < LONG_ACTIONS:
            game.step(rng.choice(list(game.get_legal_actions())))
            done += 1
    return done / (clock() - start)


def one_run(side: str, base: int, run: int, cpu: bool) -> dict[str, float]:
    """One timed run in this (fresh) process: ``side`` is ``phase10`` or ``rlcard``."""
    clock = _clock(cpu)
    first = base + run * SEEDS_PER_RUN
    if side == "rlcard":
        rlcard_games(first + GAMES, WARMUP, clock)  # the same warm-up as the engine gets
        return {"fresh": rlcard_games(first, GAMES, clock), "object": rlcard_game_object(first, clock)}
    warmup = range(first + GAMES, first + GAMES + WARMUP)
    timed = range(first, first + GAMES)
    phase10_games(warmup, first + 1, clock)
    fresh = phase10_games(timed, first, clock)
    warm = phase10_games(timed, first, clock)  # the very same games again: warm caches
    long = phase10_long_games(first + 2 * GAMES, clock)
    views = phase10_views(first + 3 * GAMES, clock)
    return {"fresh": fresh, "warm": warm, "long": long, "views": views}


def in_process(side: str, base: int, run: int, cpu: bool, path: str | None) -> dict[str, float]:
    """``one_run`` in a fresh interpreter, importing phase10kit from ``path`` when given."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([path, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    command = [sys.executable, os.path.abspath(__file__), "--one-run", side, str(base), str(run)]
    if cpu:
        command.append("--cpu")
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True, cwd=path or None)
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _median(runs: list[dict[str, float]], key: str) -> float:
    return statistics.median(run[key] for run in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cpu", action="store_true", help="time by CPU time, not wall time")
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--seed-base", type=int, help="repeat a run's seeds (default: a fresh base from secrets)")
    parser.add_argument("--against", metavar="DIR", help="the same fresh games with DIR's phase10kit, same rounds")
    parser.add_argument("--one-run", nargs=3, metavar=("SIDE", "BASE", "RUN"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_run:
        side, base, run = args.one_run
        print(json.dumps(one_run(side, int(base), int(run), args.cpu)))
        return
    base = args.seed_base if args.seed_base is not None else secrets.randbelow(2**31)  # RLCard seeds numpy: below 2**32
    try:
        import rlcard  # noqa: F401

        peer = True
    except ImportError:
        peer = False
    load = os.getloadavg()[0]
    ours: list[dict[str, float]] = []
    theirs: list[dict[str, float]] = []
    peers: list[dict[str, float]] = []
    for run in range(args.runs):  # the sides alternate run by run, so all of them meet the same load
        ours.append(in_process("phase10", base, run, args.cpu, None))
        if args.against:
            theirs.append(in_process("phase10", base, run, args.cpu, args.against))
        if peer:
            peers.append(in_process("rlcard", base, run, args.cpu, None))
    timing = "CPU time" if args.cpu else "wall clock"
    print(
        f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, median of {args.runs} runs, {timing}; seed base "
        f"{base} (fresh games: run r plays seeds base + r * {SEEDS_PER_RUN} + 0..{GAMES - 1}); load average "
        f"{load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end.\n"
    )
    header = "| what | this code |" + (f" {args.against} | ratio |" if args.against else "")
    print(header + "\n|---|---:|" + ("---:|---:|" if args.against else ""))

    def row(what: str, key: str) -> None:
        line = f"| {what} | {_median(ours, key):,.0f} |"
        if args.against:
            ratios = [a[key] / b[key] for a, b in zip(ours, theirs, strict=True)]
            line += f" {_median(theirs, key):,.0f} | {statistics.median(ratios):.2f}x |"
        print(line)

    row("phase10kit: fresh 4-player games of 500 actions, deal included (actions/s)", "fresh")
    row("phase10kit: the same games replayed at once, warm caches (actions/s; not the figure of record)", "warm")
    row("phase10kit: random legal play, fresh games of up to 2,000 actions (actions/s)", "long")
    row("phase10kit: `view` + choose from `view.legal` + apply, fresh games (actions/s)", "views")
    if not peer:
        print("\nRLCard is not installed (pip install '.[bench]'): no ratio.")
        return
    print(
        "\n| against RLCard's UNO env, 4 players, same protocol, same rounds | this code |"
        + (f" {args.against} |" if args.against else "")
    )
    print("|---|---:|" + ("---:|" if args.against else ""))

    def ratio_row(what: str, key: str, peer_key: str = "fresh") -> None:
        line = f"| {what} | {statistics.median(a[key] / p[peer_key] for a, p in zip(ours, peers, strict=True)):.2f}x |"
        if args.against:
            line += f" {statistics.median(b[key] / p[peer_key] for b, p in zip(theirs, peers, strict=True)):.2f}x |"
        print(line)

    print(
        f"| RLCard UNO env, fresh games (actions/s) | {_median(peers, 'fresh'):,.0f} |" + (" |" if args.against else "")
    )
    ratio_row("**ratio on fresh games (median of per-run ratios; target >= 1.5)**", "fresh")
    ratio_row("ratio on the replayed games (warm caches; for comparison only)", "warm")
    print(
        f"| RLCard UNO game object: `get_legal_actions` + `step` (actions/s) | {_median(peers, 'object'):,.0f} |"
        + (" |" if args.against else "")
    )


if __name__ == "__main__":
    main()
