"""A live hand's completion odds: exact enumeration against simple counting and simulation."""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10kit import Phase10Error, can_complete, outs, parse_cards, phase, shuffled_deck, standard_deck
from phase10kit.probability import best_draws, completion_curve, completion_odds, unseen_counts
from phase10kit.probability.live import _draw_multisets


@pytest.mark.clause("prob.outs")
def test_one_draw_odds_are_the_outs_share_of_the_unseen_cards() -> None:
    hand = parse_cards("R1 R2 R3 R4 R5 R6 G1 S")
    seen = parse_cards("R7 W W")
    unseen = 108 - len(hand) - len(seen)
    out_copies = 7 + 6  # sevens left, Wilds left
    assert completion_odds(hand, phase(4), 1, seen=seen) == pytest.approx(out_copies / unseen, rel=1e-12)


def test_two_draw_odds_equal_counting_every_pair_of_unseen_cards() -> None:
    hand = parse_cards("R7 B7 G3 Y3 B9 S")
    rest = list(standard_deck())
    for card in hand:
        rest.remove(card)
    # Reduce to the cards that matter to stay fast; the others are counted as one block.
    held = sum(can_complete([*hand, a, b], phase(1)) for a, b in combinations(rest, 2))
    assert completion_odds(hand, phase(1), 2) == pytest.approx(held / comb(len(rest), 2), rel=1e-12)


def test_draw_multiset_weights_sum_to_every_draw() -> None:
    left = unseen_counts(parse_cards("R1 R1 W S"))
    for draws in (1, 2, 3):
        _, weights = _draw_multisets(left, draws)
        assert int(weights.sum()) == comb(int(left.sum()), draws)


@pytest.mark.parametrize(("text", "number"), [("R2 R3 B4 G7 Y8 W B11", 4), ("R7 B7 G2 Y2 S B9", 1), ("G1 G4 G9 B2", 8)])
def test_exact_three_draw_odds_agree_with_simulation(text: str, number: int) -> None:
    hand = parse_cards(text)
    exact = completion_odds(hand, phase(number), 3)
    rng = random.Random(11)
    trials, hits = 20_000, 0
    rest = list(standard_deck())
    for card in hand:
        rest.remove(card)
    for _ in range(trials):
        hits += can_complete(hand + rng.sample(rest, 3), phase(number))
    error = max(np.sqrt(exact * (1 - exact) / trials), 1e-9)
    assert abs(hits / trials - exact) < 4 * error


def test_simulated_odds_beyond_three_draws_are_seeded_and_close_to_exact_counting() -> None:
    hand = parse_cards("R1 R2 R3 R4 R5 R6 G1")
    first = completion_odds(hand, phase(4), 5, samples=20_000, seed=4)
    assert first == completion_odds(hand, phase(4), 5, samples=20_000, seed=4)
    miss = comb(101 - 16, 5) / comb(101, 5)  # no seven and no Wild among 5 draws
    assert abs(first - (1 - miss)) < 4 * np.sqrt(first * (1 - first) / 20_000)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), number=st.integers(1, 10), size=st.integers(5, 9))
def test_more_draws_never_lower_the_odds(seed: int, number: int, size: int) -> None:
    hand = shuffled_deck(random.Random(seed))[:size]
    odds = [completion_odds(hand, phase(number), k) for k in (0, 1, 2)]
    assert odds == sorted(odds)


def test_a_held_phase_has_odds_one_and_no_outs() -> None:
    hand = parse_cards("R7 B7 G7 Y2 B2 W")
    assert completion_odds(hand, phase(1), 2) == 1.0
    assert not best_draws(hand, phase(1))["completes"].any()


def test_best_draws_lists_the_solvers_outs_with_their_chances() -> None:
    hand = parse_cards("R3 R4 B5 G6 Y9 Y10 S")
    table = best_draws(hand, phase(4), 2)
    listed = set(table[table["completes"]]["card"])
    assert listed == {str(card) for card in outs(hand, phase(4))}
    assert table["chance"].sum() == pytest.approx(1.0)
    assert table["odds"].is_monotonic_decreasing
    first = table.iloc[0]
    assert first["odds"] >= completion_odds(hand, phase(4), 2) - 1e-12


def test_completion_curve_marks_exact_and_simulated_rows() -> None:
    curve = completion_curve(parse_cards("R3 R4 B5 G6"), phase(4), 4, samples=4_000)
    assert curve["method"].tolist() == ["exact", "exact", "exact", "simulated"]
    assert (curve["low"] <= curve["probability"]).all() and (curve["probability"] <= curve["high"]).all()


def test_impossible_card_counts_and_bad_draws_are_refused() -> None:
    with pytest.raises(Phase10Error, match="R7") as caught:
        completion_odds(parse_cards("R7 R7"), phase(1), 1, seen=parse_cards("R7"))
    assert caught.value.reason == "too-many-copies"
    with pytest.raises(Phase10Error, match="-1") as caught:
        completion_odds(parse_cards("R7"), phase(1), -1)
    assert caught.value.reason == "bad-draws"
