"""Solving perfect play: per phase, the solve from an empty cache in a fresh process, next to another checkout.

For every phase that fits the solitaire model, a fresh Python process solves it into an empty
temporary cache (``P10_CACHE``) and reports its states, policy improvements, evaluation sweeps,
the CPU seconds of the solve (``time.process_time``: fair on a shared machine, where the wall clock
counts other people's work) and its peak memory (``resource.getrusage``'s ``ru_maxrss``: imports
included, so the import baseline is printed too). With ``--against DIR`` the same is done, phase by
phase in the same minutes, with the ``phase10kit`` of ``DIR`` (e.g. ``git worktree add /tmp/old
<commit>``), and both tables are compared: codes, every value, ``within(1..100)`` and the expected
turns. Then, with this code:

- the time to load a cached phase (a fresh process, the table mapped from the disk cache);
- the memory of a process playing ExpertBot through all ten phases with the tables cached (a
  plain process and a real Jupyter kernel started by ``jupyter_client``), and its import baseline;
- a cold ExpertBot's wait: the first decision in a phase whose table is not cached yet.

    .venv/bin/python benchmarks/bench_solve.py --against /tmp/old        # everything (about 15 minutes)
    .venv/bin/python benchmarks/bench_solve.py --phases 1,2,8 --no-kernel
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_common import load_average, phase_numbers

SOLVE = """
import json, resource, sys, time
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
from phase10kit.phases import phase
from phase10kit.probability.solitaire import solitaire_optimum
imported = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.process_time()
opt = solitaire_optimum(phase(int(sys.argv[1])))
cpu = time.process_time() - start
s = opt.stats
print(json.dumps({"cpu": cpu, "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    "import_mb": imported / 1024, "states": s.states, "big_states": s.big_states, "iterations": s.iterations,
    "sweeps": s.sweeps, "expected": opt.expected_turns, "phase": str(opt.phase), "from_cache": opt.from_cache}))
"""

LOAD = """
import json, sys, time
from phase10kit.phases import phase
from phase10kit.probability.solitaire import solitaire_optimum
start = time.perf_counter()
opt = solitaire_optimum(phase(int(sys.argv[1])))
print(json.dumps({"seconds": time.perf_counter() - start, "from_cache": opt.from_cache}))
"""

PLAY = """
import json, resource
def rss():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS")) / 1024
from phase10kit.bots import ExpertBot, play_game
before = rss()
for seed in range(GAMES):
    play_game([ExpertBot(seed=1), ExpertBot(seed=2)], seed=seed)
from phase10kit.probability.solitaire import _optimum
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"before_mb": before, "rss_mb": rss(), "peak_mb": peak, "tables": _optimum.cache_info().currsize}))
"""

COLD = """
import json, time
from phase10kit import Rules
from phase10kit.bots import ExpertBot
from phase10kit.game import Game
from phase10kit.rules import phase_list
game = Game(players=2, seed=3, rules=Rules(phases=phase_list(RULES)))
bot = ExpertBot(seed=1)
view = game.view(game.current_player)
wall, cpu = time.perf_counter(), time.process_time()
bot.choose(view)
print(json.dumps({"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu}))
"""


def run(code: str, args: list[str], cache: str, path: str | None = None) -> dict[str, Any]:
    """``code`` in a fresh process with ``P10_CACHE=cache`` (and ``path``'s phase10kit first when given)."""
    env = dict(os.environ, P10_CACHE=cache)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([path, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    # Run from the cache folder: ``python -c`` puts the working directory first on the path, which would
    # shadow ``path``'s phase10kit with the one of a checkout the benchmark is started from.
    command = [sys.executable, "-c", code, *args]
    done = subprocess.run(command, env=env, cwd=cache, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def compare(ours: str, theirs: str) -> str:
    """The largest differences between the tables of two cache folders (one table each)."""
    import numpy as np

    (mine,), (other,) = Path(ours).glob("solitaire-*.npz"), Path(theirs).glob("solitaire-*.npz")
    with np.load(mine) as a, np.load(other) as b:
        if not np.array_equal(a["codes"], b["codes"]):
            return "codes differ"
        values = float(np.abs(a["values"] - b["values"]).max())
        within = float(np.abs(a["within"] - b["within"]).max())
        expected = abs(float(a["expected"]) - float(b["expected"]))
    return f"{values:.0e} / {within:.0e} / {expected:.0e}"


def solve_rows(numbers: list[int], against: str | None) -> None:
    print("## Solving from an empty cache, one fresh process per phase and code\n")
    head = "| # | phase | 10-card states | 11-card states | improvements | sweeps | CPU s | peak MB | imports MB |"
    rule = "|---:|---|---:|---:|---:|---:|---:|---:|---:|"
    if against:
        head += " before: CPU s | before: peak MB | largest difference: values / within / expected |"
        rule += "---:|---:|---|"
    print(head + " load average |")
    print(rule + "---:|", flush=True)
    for number in numbers:
        with tempfile.TemporaryDirectory(prefix="p10-solve-") as ours, tempfile.TemporaryDirectory() as theirs:
            new = run(SOLVE, [str(number)], ours)
            row = (
                f"| {number} | `{new['phase']}` | {new['states']:,} | {new['big_states']:,} | {new['iterations']} | "
                f"{new['sweeps']} | {new['cpu']:.1f} | {new['peak_mb']:.0f} | {new['import_mb']:.0f} |"
            )
            if against:
                old = run(SOLVE, [str(number)], theirs, against)
                row += f" {old['cpu']:.1f} | {old['peak_mb']:.0f} | {compare(ours, theirs)} |"
            print(row + f" {load_average():.1f} |", flush=True)


def cache_folder(kept: str | None) -> Any:
    """A temporary cache folder, or ``kept`` (solved tables stay there for the next run)."""
    if kept is None:
        return tempfile.TemporaryDirectory(prefix="p10-bench-")
    Path(kept).mkdir(parents=True, exist_ok=True)
    return contextlib.nullcontext(kept)


def load_rows(numbers: list[int], kept: str | None) -> None:
    print("\n## Loading a cached phase (fresh process, the table mapped from the cache)\n")
    print("| # | load s (median of 3) |")
    print("|---:|---:|", flush=True)
    with cache_folder(kept) as cache:
        for number in numbers:
            run(LOAD, [str(number)], cache)  # solves and caches
            times = sorted(run(LOAD, [str(number)], cache)["seconds"] for _ in range(3))
            print(f"| {number} | {times[1]:.3f} |", flush=True)


def play_rows(games: int, kernel: bool, kept: str | None) -> None:
    print("\n## ExpertBot through all ten phases, tables cached\n")
    print("| where | RSS after imports | RSS after the games | peak RSS | tables in use |")
    print("|---|---:|---:|---:|---:|", flush=True)
    with cache_folder(kept) as cache:
        for number in range(1, 11):
            run(LOAD, [str(number)], cache)
        code = PLAY.replace("GAMES", str(games))
        plain = run(code, [], cache)
        print(
            f"| a Python process, {games} two-player ExpertBot games | {plain['before_mb']:.0f} MB | "
            f"{plain['rss_mb']:.0f} MB | {plain['peak_mb']:.0f} MB | {plain['tables']} |",
            flush=True,
        )
        if kernel:
            got = in_kernel(code, cache)
            print(
                f"| a Jupyter kernel (ipykernel), the same games | {got['before_mb']:.0f} MB | "
                f"{got['rss_mb']:.0f} MB | {got['peak_mb']:.0f} MB | {got['tables']} |",
                flush=True,
            )


def in_kernel(code: str, cache: str) -> dict[str, Any]:
    """Run ``code`` in a fresh ipykernel (``P10_CACHE=cache``) and return the JSON it prints."""
    from jupyter_client.manager import start_new_kernel

    manager, client = start_new_kernel(kernel_name="python3", env=dict(os.environ, P10_CACHE=cache))
    try:
        lines: list[str] = []

        def keep(message: dict[str, Any]) -> None:
            if message["msg_type"] == "stream":
                lines.append(message["content"]["text"])

        client.execute_interactive(code, output_hook=keep, timeout=1800)
        result: dict[str, Any] = json.loads("".join(lines).strip().splitlines()[-1])
        return result
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def cold_rows() -> None:
    print("\n## A cold ExpertBot: its first decision in a phase not yet solved (empty cache)\n")
    print("| phase | wall s | CPU s |")
    print("|---|---:|---:|", flush=True)
    for rules in ("2s3", "r7", "s5+r5"):
        with tempfile.TemporaryDirectory(prefix="p10-cold-") as cache:
            got = run(COLD.replace("RULES", repr(rules)), [], cache)
        print(f"| `{rules}` | {got['wall']:.1f} | {got['cpu']:.1f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--phases", default="1-20", help="phase numbers, e.g. 1-10 or 1,4,8 (default 1-20)")
    parser.add_argument("--against", metavar="DIR", help="solve each phase with DIR's phase10kit too, and compare")
    parser.add_argument("--games", type=int, default=3, help="two-player ExpertBot games for the memory rows")
    parser.add_argument("--no-kernel", action="store_true", help="skip the Jupyter kernel row")
    parser.add_argument("--only", choices=("solve", "load", "play", "cold"), help="one section only")
    parser.add_argument("--cache", metavar="DIR", help="keep the tables of the load and play rows in DIR")
    args = parser.parse_args()
    from phase10kit import phase
    from phase10kit.probability.solitaire import fits_model

    numbers = [n for n in phase_numbers(args.phases) if fits_model(phase(n))]
    print(
        f"Machine: {os.cpu_count()} cores, shared with other work (load average {load_average():.1f} at the start).\n"
    )
    started = time.perf_counter()
    if args.only in (None, "solve"):
        solve_rows(numbers, args.against)
    if args.only in (None, "load"):
        load_rows([n for n in numbers if n <= 10], args.cache)
    if args.only in (None, "play"):
        play_rows(args.games, not args.no_kernel, args.cache)
    if args.only in (None, "cold"):
        cold_rows()
    print(f"\nLoad average at the end: {load_average():.1f} ({time.perf_counter() - started:.0f} s in all).")


if __name__ == "__main__":
    main()
