"""Engine speed: random legal play (``list(g.legal_actions())`` then ``apply``) in actions per second.

The protocol of the target: fresh 4-player games of at most 500 actions each, the deal included,
next to RLCard's UNO environment with 4 players played the same way in the same run (``env.reset``
then ``env.step`` with a random legal action, at most 500 per game), interleaved run by run so both
meet the same machine load; the ratio is the median of the per-run ratios. Also reports longer
games (2,000 actions) and ``view`` calls. Run: ``make benchmarks`` (installs RLCard from the
``bench`` extra) or ``.venv/bin/python benchmarks/bench_engine.py``. Prints a Markdown table.

``--cpu`` times with the process's CPU time instead of the wall clock: on a machine shared with
other work the wall clock counts the time other processes ran, the CPU time does not (the ratio
to RLCard, measured the same way, is then comparable from run to run).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from phase10kit.game import Game

RUNS = 7
ACTIONS = 20_000
GAMES = 40
GAME_ACTIONS = 500


Clock = Callable[[], float]


def phase10_fresh_games(clock: Clock = time.perf_counter) -> float:
    """Random legal play over fresh 4-player games of at most 500 actions, the deal included."""
    rng = random.Random(1)
    done = 0
    start = clock()
    for seed in range(GAMES):
        g = Game(players=4, seed=seed)
        steps = 0
        while steps < GAME_ACTIONS and not g.is_over():
            g.apply(rng.choice(list(g.legal_actions())))
            steps += 1
        done += steps
    return done / (clock() - start)


def rlcard_fresh_games(clock: Clock = time.perf_counter) -> float:
    """RLCard's UNO environment, 4 players, the same protocol (``reset`` deals; ``step`` encodes an observation)."""
    import rlcard

    env = rlcard.make("uno", config={"seed": 0, "game_num_players": 4})
    rng = random.Random(2)
    done = 0
    start = clock()
    for _ in range(GAMES):
        state, _ = env.reset()
        steps = 0
        while steps < GAME_ACTIONS and not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
        done += steps
    return done / (clock() - start)


def side_by_side(clock: Clock = time.perf_counter, runs: int = RUNS) -> tuple[float, float, float]:
    """Medians of both rates and of their per-run ratio, the two run alternately."""
    ours, theirs, ratios = [], [], []
    for _ in range(runs):
        a, b = phase10_fresh_games(clock), rlcard_fresh_games(clock)
        ours.append(a)
        theirs.append(b)
        ratios.append(a / b)
    return statistics.median(ours), statistics.median(theirs), statistics.median(ratios)


def phase10_random_play() -> float:
    rng = random.Random(1)
    done, seed = 0, 0
    start = time.perf_counter()
    while done < ACTIONS:
        g = Game(players=4, seed=seed)
        seed += 1
        steps = 0
        while not g.is_over() and steps < 2_000:
            g.apply(rng.choice(list(g.legal_actions())))
            steps += 1
        done += steps
    return done / (time.perf_counter() - start)


def phase10_views() -> float:
    rng = random.Random(2)
    g = Game(players=4, seed=2)
    count = 0
    start = time.perf_counter()
    while count < ACTIONS // 4:
        view = g.view(g.current_player)
        g.apply(rng.choice(view.legal))
        count += 1
        if g.is_over():
            g = Game(players=4, seed=count)
    return count / (time.perf_counter() - start)


def rlcard_game() -> float:
    import rlcard

    env = rlcard.make("uno", config={"seed": 0, "game_num_players": 4})
    game = env.game
    rng = random.Random(3)
    done = 0
    start = time.perf_counter()
    while done < ACTIONS:
        game.init_game()
        while not game.is_over() and done < ACTIONS:
            legal = list(game.get_legal_actions())
            game.step(rng.choice(legal))
            done += 1
    return done / (time.perf_counter() - start)


def rlcard_env() -> float:
    import rlcard

    env = rlcard.make("uno", config={"seed": 0, "game_num_players": 4})
    rng = random.Random(4)
    done = 0
    start = time.perf_counter()
    while done < ACTIONS // 4:
        state, _ = env.reset()
        while not env.is_over() and done < ACTIONS // 4:
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            done += 1
    return done / (time.perf_counter() - start)


def median_rate(run: Callable[[], float]) -> str:
    return f"{statistics.median(run() for _ in range(RUNS)):,.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cpu", action="store_true", help="time the side-by-side runs with CPU time, not wall time")
    args = parser.parse_args()
    clock: Clock = time.process_time if args.cpu else time.perf_counter
    rows = []
    try:
        import rlcard  # noqa: F401
    except ImportError:
        rows.append(("RLCard UNO, 4 players", "not installed (pip install '.[bench]')"))
    else:
        ours, theirs, ratio = side_by_side(clock)
        rows.append(("phase10kit: fresh 4-player games of 500 actions, deal included (actions/s)", f"{ours:,.0f}"))
        rows.append(("RLCard UNO env, 4 players, same protocol, same run (actions/s)", f"{theirs:,.0f}"))
        rows.append(("ratio phase10kit / RLCard (median of per-run ratios; target >= 1.5)", f"{ratio:.2f}x"))
        rows.append(("RLCard UNO game: `get_legal_actions` + `step` (actions/s)", median_rate(rlcard_game)))
    rows.append(("phase10kit: random legal play, games of 2,000 actions (actions/s)", median_rate(phase10_random_play)))
    rows.append(("phase10kit: `view` + choose from `view.legal` + apply (actions/s)", median_rate(phase10_views)))
    timing = "CPU time (side by side)" if args.cpu else "wall clock"
    print(f"Python {sys.version.split()[0]}, median of {RUNS} runs, {timing}\n")
    print("| what | rate |\n|---|---:|")
    for what, rate in rows:
        print(f"| {what} | {rate} |")


if __name__ == "__main__":
    main()
