"""The solver against a brute-force oracle on generated hands: every answer must be exact.

Hands come from the full deck, from Wild-heavy draws and from decks of a few numbers and colours
(so phases actually occur); 10 and 11 cards, all 20 phases, ``natural_required`` on and off.
"""

from collections import Counter
from itertools import combinations_with_replacement

from hypothesis import given, settings
from hypothesis import strategies as st

from phase10kit import (
    Card,
    Group,
    Layout,
    Phase,
    can_complete,
    find_layout,
    missing,
    outs,
)
from phase10kit.cards import CARDS_BY_INDEX, DECK_COUNTS
from phase10kit.rules import Rules
from tests.oracle import examples, group_ok, holds, min_wilds, min_wilds_multiset
from tests.strategies import hands, phases, small_phases


def assert_valid_layout(layout: Layout, hand: list[Card], p: Phase, natural_required: bool, wilds: int) -> None:
    assert len(layout.groups) == len(p.groups)
    for group, spec in zip(layout.groups, p.groups, strict=True):
        assert group.kind is spec.kind
        assert len(group.cards) == spec.size
        assert Group.make(group.kind, group.cards, group.value, natural_required=natural_required) == group
        assert group_ok(spec.kind, group.cards, natural_required)
    assert not Counter(layout.cards) - Counter(hand), "the layout uses cards the hand does not hold"
    assert layout.wilds == wilds
    assert Layout.parse(str(layout)) == layout


@settings(max_examples=examples(5000))
@given(hand=hands(), p=phases, natural_required=st.booleans())
def test_solver_agrees_with_brute_force(hand: list[Card], p: Phase, natural_required: bool) -> None:
    fewest_wilds = min_wilds_multiset(hand, p, natural_required)
    assert can_complete(hand, p, rules=Rules(natural_required=natural_required)) == (fewest_wilds is not None)
    layout = find_layout(hand, p, rules=Rules(natural_required=natural_required))
    if fewest_wilds is None:
        assert layout is None
        assert missing(hand, p, rules=Rules(natural_required=natural_required)) > 0
    else:
        assert layout is not None
        assert_valid_layout(layout, hand, p, natural_required, fewest_wilds)
        assert missing(hand, p, rules=Rules(natural_required=natural_required)) == 0
        assert outs(hand, p, rules=Rules(natural_required=natural_required)) == []


@settings(max_examples=examples(150))
@given(hand=hands(sizes=(8, 9, 10)), p=phases, natural_required=st.booleans())
def test_multiset_oracle_agrees_with_the_plain_oracle(hand: list[Card], p: Phase, natural_required: bool) -> None:
    # The fast oracle used above must give the plain oracle's answer.
    assert min_wilds_multiset(hand, p, natural_required) == min_wilds(hand, p, natural_required)


def brute_outs(hand: list[Card], p: Phase, natural_required: bool) -> list[Card]:
    if holds(hand, p, natural_required):
        return []
    return [
        card
        for card in CARDS_BY_INDEX
        if hand.count(card) < DECK_COUNTS[card.index] and holds(hand + [card], p, natural_required)
    ]


@settings(max_examples=examples(50))
@given(hand=hands(sizes=(9, 10)), p=phases, natural_required=st.booleans())
def test_outs_are_exactly_the_single_cards_that_complete(hand: list[Card], p: Phase, natural_required: bool) -> None:
    expected = brute_outs(hand, p, natural_required)
    assert outs(hand, p, rules=Rules(natural_required=natural_required)) == expected
    if expected:
        assert missing(hand, p, rules=Rules(natural_required=natural_required)) == 1


def brute_missing_up_to_2(hand: list[Card], p: Phase, natural_required: bool) -> int | None:
    """The smallest m <= 2 such that some m cards the deck still has complete the phase, else None."""
    for m in range(3):
        for added in combinations_with_replacement(CARDS_BY_INDEX, m):
            together = hand + list(added)
            within_deck = all(together.count(card) <= DECK_COUNTS[card.index] for card in added)
            if within_deck and holds(together, p, natural_required):
                return m
    return None


SMALL_PHASES = st.sampled_from(["2s3", "s3+r4", "r7", "c7", "s5+s2", "4s2", "r4+c4", "s2+c3", "r3+r3"]).map(Phase.parse)


@settings(max_examples=examples(25))
@given(hand=hands(sizes=(3, 4, 5)), p=SMALL_PHASES, natural_required=st.booleans())
def test_missing_is_the_fewest_cards_that_complete(hand: list[Card], p: Phase, natural_required: bool) -> None:
    expected = brute_missing_up_to_2(hand, p, natural_required)
    found = missing(hand, p, rules=Rules(natural_required=natural_required))
    if expected is None:
        assert found > 2
    else:
        assert found == expected
    assert (found == 0) == can_complete(hand, p, rules=Rules(natural_required=natural_required))


@settings(max_examples=examples(250))
@given(hand=hands(sizes=(7, 8, 9)), p=small_phases(), natural_required=st.booleans())
def test_solver_agrees_with_brute_force_on_mixed_phases(hand: list[Card], p: Phase, natural_required: bool) -> None:
    fewest_wilds = min_wilds_multiset(hand, p, natural_required)
    assert can_complete(hand, p, rules=Rules(natural_required=natural_required)) == (fewest_wilds is not None)
    layout = find_layout(hand, p, rules=Rules(natural_required=natural_required))
    if fewest_wilds is None:
        assert layout is None
    else:
        assert layout is not None
        assert_valid_layout(layout, hand, p, natural_required, fewest_wilds)
