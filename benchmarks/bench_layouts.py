"""The engine's layout search beside the solver's, on the same hands: microseconds per (hand, phase).

The engine lists every distinct lay-down of a phase (``phase10kit.engine.layouts``: the legal
moves); the solver finds one best layout or says whether there is one (``find_layout``,
``can_complete``). Both run on the same 30,000 pairs: 3,000 random 11-card hands, Phases 1-10,
caches warm (the best of three passes), timed by CPU time. The figures are quoted in the docstring
of ``phase10kit/engine/layouts.py``. Run: ``.venv/bin/python benchmarks/bench_layouts.py``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from phase10kit import Card, can_complete, find_layout, phase, standard_deck
from phase10kit.engine.layouts import key_layouts, layouts
from phase10kit.engine.moves import hand_key, may_hold
from phase10kit.phases import Phase

HANDS = 3_000
PASSES = 3
Pairs = Sequence[tuple[list[Card], Phase]]


def microseconds(question: Callable[[list[Card], Phase], object], pairs: Pairs) -> float:
    """The best of ``PASSES`` passes over the pairs, in CPU microseconds per pair."""
    best = float("inf")
    for _ in range(PASSES):
        start = time.process_time()
        for hand, wanted in pairs:
            question(hand, wanted)
        best = min(best, time.process_time() - start)
    return best / len(pairs) * 1e6


def engine_moves(hand: list[Card], wanted: Phase) -> object:
    """What ``lay_actions`` runs (uncached): the count bound, then the list search (two plain loops for two groups)."""
    key = hand_key(hand)
    return may_hold(key, wanted) and list(key_layouts(key, wanted, True))


def main() -> None:
    rng = random.Random(23)
    deck = standard_deck()
    phases = [phase(number) for number in range(1, 11)]
    pairs = [(hand, wanted) for hand in (rng.sample(deck, 11) for _ in range(HANDS)) for wanted in phases]
    holding = [(hand, wanted) for hand, wanted in pairs if can_complete(hand, wanted)]
    questions: list[tuple[str, Callable[[list[Card], Phase], object]]] = [
        ("engine: every distinct layout (`list(layouts(...))`)", lambda h, p: list(layouts(h, p))),
        ("engine: the first layout only", lambda h, p: next(layouts(h, p), None)),
        ("engine: every layout as the legal moves ask (`may_hold`, then `key_layouts`)", engine_moves),
        ("solver: `find_layout` (one, fewest Wilds)", find_layout),
        ("solver: `can_complete`", can_complete),
    ]
    print(f"{len(pairs):,} (hand, phase) pairs, {len(holding):,} of them holding the phase; CPU us per pair.\n")
    print("| question | all pairs | pairs holding it |\n|---|---:|---:|")
    for label, question in questions:
        print(f"| {label} | {microseconds(question, pairs):.1f} | {microseconds(question, holding):.1f} |")
    found = sum(len(list(layouts(hand, wanted))) for hand, wanted in holding)
    print(f"\nDistinct layouts per pair holding the phase: {found / len(holding):.1f}")


if __name__ == "__main__":
    main()
