"""Engine speed: random legal play (``list(g.legal_actions())`` then ``apply``) in actions per second.

4 players, default rules, median of several runs; next to RLCard's UNO played the same way when
``rlcard`` is importable (its game object: ``get_legal_actions`` then ``step``; and its environment,
which also encodes an observation per step). Also reports full games per second and ``view`` calls.
Run: ``.venv/bin/python benchmarks/bench_engine.py``. Prints a Markdown table.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

from phase10kit.game import Game

RUNS = 5
ACTIONS = 20_000


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
    rows = [
        ("phase10kit: random legal play, 4 players (actions/s)", median_rate(phase10_random_play)),
        ("phase10kit: `view` + choose from `view.legal` + apply (actions/s)", median_rate(phase10_views)),
    ]
    try:
        import rlcard  # noqa: F401
    except ImportError:
        rows.append(("RLCard UNO, 4 players", "not installed"))
    else:
        rows.append(("RLCard UNO game: `get_legal_actions` + `step` (actions/s)", median_rate(rlcard_game)))
        rows.append(("RLCard UNO env: `step` with observation (actions/s)", median_rate(rlcard_env)))
    print(f"Python {sys.version.split()[0]}, median of {RUNS} runs\n")
    print("| what | rate |\n|---|---:|")
    for what, rate in rows:
        print(f"| {what} | {rate} |")


if __name__ == "__main__":
    main()
