"""The vectorised phase check agrees with the exact solver and the oracle hand by hand."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10kit import Phase, Phase10Error, can_complete, parse_cards, phase, shuffled_deck
from phase10kit.cards import KIND_COUNT, card_counts
from phase10kit.probability import NEVER, HandProfiles, can_complete_batch, holds_phases, phase_shape, wilds_needed
from phase10kit.rules import Rules
from tests.oracle import min_wilds

EVERY_PHASE = [phase(n) for n in range(1, 21)]
OTHER_SHAPES = [Phase.parse(text) for text in ("2r3", "s2+r11", "r12+s2", "c3+s2", "2c4", "s2+s2+s2+s2+s2")]


def random_hands(seed: int, count: int, size: int) -> list[list]:
    rng = random.Random(seed)
    return [shuffled_deck(rng)[:size] for _ in range(count)]


@pytest.mark.parametrize("hand_size", [10, 11])
def test_batch_check_equals_can_complete_on_random_hands_for_every_phase(hand_size: int) -> None:
    hands = random_hands(hand_size, 250, hand_size)
    profiles = HandProfiles.from_hands(hands)
    for phase_ in EVERY_PHASE:
        for natural_required in (True, False):
            expected = [can_complete(hand, phase_, rules=Rules(natural_required=natural_required)) for hand in hands]
            assert (
                can_complete_batch(profiles, phase_, rules=Rules(natural_required=natural_required)).tolist()
                == expected
            )


def test_batch_check_equals_can_complete_for_other_shapes_and_long_hands() -> None:
    hands = random_hands(5, 150, 14)
    profiles = HandProfiles.from_hands(hands)
    for phase_ in OTHER_SHAPES:
        expected = [can_complete(hand, phase_) for hand in hands]
        assert can_complete_batch(profiles, phase_).tolist() == expected


def test_every_shape_has_its_own_path() -> None:
    shapes = {phase_shape(p) for p in EVERY_PHASE + OTHER_SHAPES}
    assert shapes == {"sets", "colors", "run", "set+run", "run+color", "set+color", "generic"}


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    size=st.integers(3, 8),
    text=st.sampled_from(["2s3", "s3+r4", "r5", "c4", "s2+r3", "r3+c3", "s3+c2", "3s2", "2c2", "2r2"]),
    natural_required=st.booleans(),
)
def test_wilds_needed_is_the_oracles_fewest_wilds(seed: int, size: int, text: str, natural_required: bool) -> None:
    hand = shuffled_deck(random.Random(seed))[:size]
    phase_ = Phase.parse(text)
    needed = int(wilds_needed(HandProfiles.from_hands([hand]), phase_, natural_required=natural_required)[0])
    wilds = sum(card.is_wild for card in hand)
    assert min_wilds(hand, phase_, natural_required) == (needed if needed <= wilds else None)


def test_a_group_without_natural_card_is_never_completed_by_wilds() -> None:
    profiles = HandProfiles.from_hands([parse_cards("R7 W W W W W")])
    assert wilds_needed(profiles, phase(1)).tolist() == [NEVER]
    assert wilds_needed(profiles, phase(1), natural_required=False).tolist() == [5]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), number=st.integers(1, 20))
def test_one_more_card_never_breaks_a_held_phase(seed: int, number: int) -> None:
    deck = shuffled_deck(random.Random(seed))
    counts = np.array([card_counts(deck[:9]), card_counts(deck[:10])])
    held = can_complete_batch(counts, phase(number))
    assert held[1] or not held[0]


def test_batch_accepts_plain_count_arrays_and_refuses_bad_shapes() -> None:
    counts = np.zeros((2, KIND_COUNT), dtype=np.int64)
    counts[0] = card_counts(parse_cards("R7 B7 G7 Y2 B2 W"))
    assert can_complete_batch(counts, phase(1)).tolist() == [True, False]
    with pytest.raises(Phase10Error, match=r"\(2, 49\)") as caught:
        can_complete_batch(np.zeros((2, 49)), phase(1))
    assert caught.value.reason == "bad-profile"
    with pytest.raises(TypeError, match="2s3"):
        can_complete_batch(counts, "2s3")  # type: ignore[arg-type]


def test_holds_phases_tabulates_every_phase_for_every_hand_in_chunks() -> None:
    hands = random_hands(3, 120, 10)
    counts = np.array([card_counts(hand) for hand in hands])
    table = holds_phases(counts, EVERY_PHASE[:10], chunk=50)
    assert table.shape == (120, 10)
    for column, phase_ in enumerate(EVERY_PHASE[:10]):
        assert table[:, column].tolist() == [can_complete(hand, phase_) for hand in hands]
