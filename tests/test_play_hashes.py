"""Seeded bot games and random legal play give exactly the recorded hashes (``tests/golden/play_hashes.py``).

The engine, the solver and the bots are tuned for speed; this is the check that no speed-up changed
what is offered (legal actions and their order), what the bots choose, or what they say about it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "golden"))
import play_hashes

RECORDED = play_hashes.read_record()


def test_every_case_is_recorded() -> None:
    assert [name for name, *_ in play_hashes.cases()] == list(RECORDED)


@pytest.mark.parametrize(("name", "bot", "players", "rules", "seed"), play_hashes.cases(), ids=lambda v: str(v))
def test_play_matches_the_recorded_hash(name: str, bot: str, players: int, rules: str, seed: int) -> None:
    assert play_hashes.case_hash(bot, players, rules, seed) == RECORDED[name], (
        f"{name} plays differently: a change of behaviour (regenerate only if it is deliberate)"
    )
