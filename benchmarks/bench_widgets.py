"""Kernel-side cost of the tutorial widgets: build one, and answer one viewer action.

Run: ``.venv/bin/python benchmarks/bench_widgets.py``. Prints a Markdown table of medians. The
browser's share of a click (a round trip and a redraw) is measured by the Voila browser tests.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from widgets import GroupBuilder, HandView, PhaseChecker, WildPlayground

REPEATS = 7


def median_ms(action: Callable[[], object], number: int) -> float:
    """Median over ``REPEATS`` runs of the mean time of ``number`` calls, in milliseconds."""
    runs = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        for _ in range(number):
            action()
        runs.append((time.perf_counter() - start) / number * 1000)
    return statistics.median(runs)


def main() -> None:
    builder = GroupBuilder("R3 G4 G6 W B9 S Y7 Y8 B1 G12", kind="run")
    checker = PhaseChecker(phase=2)
    hands = ["R1 R2 R3 R4 R5 R6 G1 B9 B9 W S", "R7 B7 G7 Y2 B2 W S Y11 G3 R10 B5"]
    play = WildPlayground("r[G3 G4 W Y6]")
    hand = HandView("Y2 R7 W R7 B2 S G11 Y5 B9 R1")
    state = {"selection": 0, "hand": 0, "order": 0}

    def select() -> None:
        state["selection"] ^= 1
        builder.hand.selected = [0, 1, 2, 3] if state["selection"] else [0, 1, 2]

    def check() -> None:
        state["hand"] ^= 1
        checker.hand_text.value = hands[state["hand"]]

    def add_and_undo() -> None:
        play.high_button.click()
        play.undo_button.click()

    def sort() -> None:
        state["order"] ^= 1
        hand.set_state({"sort_by": "colour" if state["order"] else "number"})

    rows = [
        ("build a GroupBuilder (10 cards)", median_ms(lambda: GroupBuilder(seed=1), 20)),
        ("build a PhaseChecker (11 cards)", median_ms(lambda: PhaseChecker(hands[0], phase=4), 20)),
        ("build a WildPlayground", median_ms(lambda: WildPlayground(), 20)),
        ("GroupBuilder: a card clicked, status updated", median_ms(select, 50)),
        ("PhaseChecker: hand typed, layout/missing/outs shown", median_ms(check, 20)),
        ("WildPlayground: add a Wild, then undo", median_ms(add_and_undo, 50)),
        ("HandView: sort order sent by the browser", median_ms(sort, 50)),
    ]
    print("| what | median (ms) |")
    print("|---|---|")
    for what, ms in rows:
        print(f"| {what} | {ms:.2f} |")


if __name__ == "__main__":
    main()
