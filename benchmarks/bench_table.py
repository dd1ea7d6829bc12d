"""The playable table's Python side: time from a button click to updated widgets, and the synced state's size.

Run: ``.venv/bin/python benchmarks/bench_table.py`` (prints a Markdown table of medians).
The Discard click includes the bots' answering moves (played at once, speed 0) up to the human's next turn.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from typing import Any

import ipywidgets

from widgets.table import Table

SEEDS = range(30)
PLAYERS = 4


def synced_bytes(widget: ipywidgets.Widget) -> int:
    """Bytes of the JSON of every synced state reachable from ``widget`` (children, layouts, styles)."""
    seen: set[str] = set()
    todo = [widget]
    total = 0
    while todo:
        w = todo.pop()
        if w.model_id in seen:
            continue
        seen.add(w.model_id)
        text = json.dumps(w.get_state(), default=str)
        total += len(text.encode())
        todo.extend(ipywidgets.widgets.widget._instances[m] for m in re.findall(r"IPY_MODEL_([0-9a-f]+)", text))
    return total


def timed(action: Any) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    draw, discard, build, sizes = [], [], [], []
    for seed in SEEDS:
        start = time.perf_counter()
        t = Table(players=PLAYERS, seed=seed, bots="smart")
        build.append((time.perf_counter() - start) * 1000)
        sizes.append(synced_bytes(t))
        if t.game.current_player != t.human:
            continue
        if t.buttons["draw"].disabled:
            continue
        draw.append(timed(t.buttons["draw"].click))
        t.hand.selected = [next(i for i, card in enumerate(t.hand.hand) if not card.is_skip)]
        discard.append(timed(t.buttons["discard"].click))
        assert t.errors.text == "" and t.status.tone != "problem", (t.errors.text, t.status.text)
    print(f"| what ({PLAYERS} players, smart bots, {len(SEEDS)} seeds) | median | target |")
    print("|---|---|---|")
    print(f"| Draw click to updated widgets | {statistics.median(draw):.1f} ms | <= 50 ms |")
    print(f"| Discard click to updated widgets, bots' 3 turns included | {statistics.median(discard):.1f} ms | — |")
    print(f"| new Table (deal, bots to the human's turn, first drawing) | {statistics.median(build):.1f} ms | — |")
    print(f"| synced state of a fresh Table | {statistics.median(sizes) / 1024:.1f} KiB | — |")


if __name__ == "__main__":
    main()
