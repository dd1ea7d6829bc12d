"""How the seeded match of ``bot.write_choose`` separates bots: the numbers behind docs/teaching.md.

Prints, as Markdown: the check's time for the teacher's solution; each bot's verdict on the fixed match and how
often it passes on ``--seeds`` other match seeds (its wins and points there); and how often a random bot with its
own seeded generator passes the fixed match over ``--runs`` seeds.

    .venv/bin/python benchmarks/bench_bot_match.py --seeds 20 --runs 200
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from phase10kit.actions import Action, Discard, Draw, Hit, Lay
from phase10kit.bots import GreedyBot
from phase10kit.course import bot_match, exercises
from phase10kit.course.base import AnswerError
from phase10kit.game import PlayerView

Choose = Callable[[PlayerView], Action]


def _first(view: PlayerView, kinds: tuple[type, ...]) -> Action | None:
    for kind in kinds:
        options = [action for action in view.legal if isinstance(action, kind)]
        if options:
            return options[0]
    return None


def _discards(view: PlayerView) -> list[Discard]:
    return [action for action in view.legal if isinstance(action, Discard)]


def solution(view: PlayerView) -> Action:
    chosen = _first(view, (Lay, Hit, Draw))
    return chosen or max(_discards(view), key=lambda a: -1 if a.card.is_wild else a.card.points)


def first_legal(view: PlayerView) -> Action:
    return view.legal[0]


def at_random(view: PlayerView) -> Action:
    return random.choice(view.legal)


def cheapest_discard(view: PlayerView) -> Action:
    return _first(view, (Lay, Hit, Draw)) or min(_discards(view), key=lambda a: a.card.points)


def wild_first(view: PlayerView) -> Action:
    return _first(view, (Lay, Hit, Draw)) or max(_discards(view), key=lambda a: a.card.points)


def random_discard(view: PlayerView) -> Action:
    return _first(view, (Lay, Hit, Draw)) or random.choice(_discards(view))


def always_take(view: PlayerView) -> Action:
    from phase10kit.actions import Take

    chosen = _first(view, (Lay, Hit, Take, Draw))
    return chosen or max(_discards(view), key=lambda a: -1 if a.card.is_wild else a.card.points)


def greedy(view: PlayerView) -> Action:
    return GreedyBot(seed=1).choose(view)


BOTS: dict[str, Choose] = {
    "teacher's solution": solution,
    "GreedyBot's choose": greedy,
    "always take the discard": always_take,
    "random discard": random_discard,
    "view.legal[0]": first_legal,
    "cheapest discard": cheapest_discard,
    "Wild discarded first": wild_first,
    "random.choice(view.legal)": at_random,
}


def verdict(choose: Choose) -> str:
    try:
        result = bot_match.play_match(choose)
    except AnswerError as error:
        return f"refused: {error}"
    mark = "pass" if result.passed else "fail"
    return f"{mark}: {result.wins} of {result.games} won, {result.points / result.games:.1f} points a game"


def full(choose: Choose, seed: int) -> tuple[int, float] | None:
    """Wins and mean points over all the games of the match with ``seed`` (no early stop); None when the
    match is refused (a game that never ends)."""
    try:
        result = bot_match.play_match(choose, seed=seed, stop_early=False)
    except AnswerError:
        return None
    return result.wins, result.points / result.games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=5, help="other match seeds each bot plays")
    parser.add_argument("--runs", type=int, default=50, help="seeds of a random bot's own generator")
    args = parser.parse_args()
    exercise = exercises["bot.write_choose"]
    times = []
    for _ in range(3):
        started = time.perf_counter()
        assert exercise.check(solution, record=False).ok
        times.append(time.perf_counter() - started)
    print(f"teacher's solution: check in {statistics.median(times):.2f} s (median of 3: {times})\n")
    print(f"| bot | fixed match (seed {bot_match.MATCH_SEED}) | passes on other seeds | wins | points a game |")
    print("|---|---|---|---|---|")
    for name, choose in BOTS.items():
        played = [full(choose, 1000 + k) for k in range(args.seeds)]
        runs = [run for run in played if run is not None]
        passes = sum(w >= bot_match.NEED_WINS and p <= bot_match.MAX_POINTS for w, p in runs)
        wins = f"{min(w for w, _ in runs)}–{max(w for w, _ in runs)}" if runs else "-"
        points = f"{min(p for _, p in runs):.1f}–{max(p for _, p in runs):.1f}" if runs else "-"
        stuck = f" ({len(played) - len(runs)} refused: a game never ended)" if len(runs) < len(played) else ""
        print(f"| {name} | {verdict(choose)} | {passes} of {args.seeds}{stuck} | {wins} | {points} |", flush=True)
    passed = 0
    most_wins, fewest_points = 0, float("inf")
    for k in range(args.runs):
        rng = random.Random(k)

        def own_random(view: PlayerView, rng: random.Random = rng) -> Action:
            return rng.choice(view.legal)

        run = full(own_random, bot_match.MATCH_SEED)
        if run is None:
            continue
        wins, points = run
        passed += wins >= bot_match.NEED_WINS and points <= bot_match.MAX_POINTS
        most_wins, fewest_points = max(most_wins, wins), min(fewest_points, points)
    print(
        f"\nrandom bot with its own Random(k), k < {args.runs}, on the fixed match: {passed} passes; "
        f"most wins {most_wins} of {bot_match.MATCH_GAMES}, fewest points {fewest_points:.1f} a game"
    )


if __name__ == "__main__":
    main()
