"""Writes ``solitaire_reference.npz``: solved solitaire tables of a few cheap models, the reference the solver
is held to (``tests/test_solitaire.py``).

The committed file was written by the first solver (commit cc53789, before the solve was rebuilt on group
parts), so the test checks today's tables against that code's numbers::

    git worktree add /tmp/old cc53789
    PYTHONPATH=/tmp/old .venv/bin/python tests/golden/solitaire_reference.py

Each case: phase notation, hand size, deck (numbers, colours, copies, Wilds, Skips), natural card required.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numpy as np

CASES = [
    ("2s3", 10, (12, 4, 2, 8, 4), True),
    ("c7", 10, (12, 4, 2, 8, 4), True),
    ("2s3", 10, (12, 4, 2, 8, 4), False),
    ("r4", 4, (12, 4, 2, 8, 4), True),
    ("s2+r3", 5, (12, 4, 2, 8, 4), True),
    ("r4", 5, (6, 2, 1, 2, 1), True),
]


def name(case: tuple[str, int, tuple[int, ...], bool]) -> str:
    notation, hand, deck, natural = case
    return f"{notation}-h{hand}-{'-'.join(map(str, deck))}-{'nat' if natural else 'wild'}"


def main() -> None:
    os.environ["P10_CACHE"] = tempfile.mkdtemp(prefix="p10-reference-")
    from phase10kit.probability import DeckSpec, solitaire_optimum

    arrays = {}
    for case in CASES:
        notation, hand, deck, natural = case
        opt = solitaire_optimum(notation, hand_size=hand, deck=DeckSpec(*deck), natural_required=natural, cache=False)
        key = name(case)
        arrays[f"{key}/codes"] = opt._codes
        arrays[f"{key}/values"] = opt._values
        arrays[f"{key}/within"] = opt._within
        arrays[f"{key}/expected"] = np.array(opt.expected_turns)
        arrays[f"{key}/stats"] = np.array([opt.stats.states, opt.stats.big_states, opt.iterations, opt.stats.sweeps])
    np.savez_compressed(Path(__file__).with_suffix(".npz"), **arrays)


if __name__ == "__main__":
    main()
