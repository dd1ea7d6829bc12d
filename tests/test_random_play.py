"""Random-play conformance: many seeded games across options and player counts.

At every step the 108 cards are all on the table once, only legal actions are accepted, undo
restores the exact state, and saves round-trip. ``P10_LONG=1`` plays thousands of games.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

from phase10kit.actions import Action, Hit, Lay
from phase10kit.cards import DECK_COUNTS
from phase10kit.errors import IllegalActionError
from phase10kit.game import Game, count_cards
from phase10kit.rules import Rules, phase_list

LONG = os.environ.get("P10_LONG") == "1"
GAMES = 2000 if LONG else 100
OPTIONS: dict[str, tuple[Any, ...]] = {
    "skip_target": ("choose", "next"),
    "hit_others": ("next_turn", "same_turn"),
    "go_out": ("hit_or_discard", "discard"),
    "extra_cards": (True, False),
    "natural_required": (True, False),
    "first_skip": ("skip_first", "cover"),
    "skip_from_discard": (False, True),
    "progression": ("in_order", "any_order", "all_advance"),
    "phases": ("first:2", "odd", "s2,r3", "4s2,c4", "first:3", "r4+c4,s3"),
}


def random_rules(rng: random.Random) -> Rules:
    chosen = {name: rng.choice(values) for name, values in OPTIONS.items()}
    chosen["phases"] = phase_list(chosen["phases"])
    return Rules(**chosen)


def choose(rng: random.Random, legal: list[Action]) -> Action:
    """Random, but lay down when possible and usually hit, so games end."""
    lays = [a for a in legal if isinstance(a, Lay)]
    if lays:
        return rng.choice(lays)
    hits = [a for a in legal if isinstance(a, Hit)]
    if hits and rng.random() < 0.8:
        return rng.choice(hits)
    return rng.choice(legal)


def fingerprint(g: Game) -> str:
    return json.dumps([g._state(), g.history[-3:], len(g.history), g.rng.getstate()[1][:3]])


def play_checked(seed: int) -> Game:
    rng = random.Random(seed)
    rules = random_rules(rng)
    g = Game(players=2 + seed % 5, rules=rules, seed=seed)
    steps = 0
    while not g.is_over() and steps < 4000:
        legal = list(g.legal_actions())
        assert legal and len(legal) == len(set(legal))
        action = choose(rng, legal)
        before = fingerprint(g)
        g.apply(action)
        assert count_cards(g) == list(DECK_COUNTS)
        if steps % 3 == 0:
            g.undo()
            assert fingerprint(g) == before
            g.apply(action)
        if steps % 40 == 0:
            bogus = rng.choice(legal)
            if not g.can_apply(bogus):
                with pytest.raises(IllegalActionError):
                    g.apply(bogus)
        steps += 1
    return g


@pytest.mark.parametrize("batch", range(10))
def test_random_games_conserve_cards_accept_only_legal_actions_and_undo_exactly(batch: int) -> None:
    finished = 0
    for seed in range(batch, GAMES, 10):
        g = play_checked(seed)
        finished += g.is_over()
        if seed % 5 == 0:
            text = g.to_json()
            assert Game.from_json(text).to_json() == text
        if g.is_over():
            assert g.winner is not None and g.winner in g.active
    assert finished >= 0.8 * len(range(batch, GAMES, 10))


def test_random_games_reach_every_ending() -> None:
    """Across seeds the games end by plain wins and by tie-break hands, and Skips get played."""
    endings, skips = set(), 0
    for seed in range(30):
        g = play_checked(1000 + seed)
        endings.add("tiebreak" if g.tiebreak else "plain")
        skips += sum(" discard S" in line for line in g.history)
    assert endings == {"plain", "tiebreak"} and skips > 0
