"""The solver on the rule clauses, with hands a student would recognise."""

import pytest

from phase10kit import Phase, can_complete, find_layout, missing, outs, parse_cards, phase
from phase10kit.rules import Rules
from phase10kit.solver import progress


def holds(text: str, p: Phase, natural_required: bool = True) -> bool:
    return can_complete(parse_cards(text), p, rules=Rules(natural_required=natural_required))


def layout_of(text: str, p: Phase, natural_required: bool = True) -> str:
    return str(find_layout(parse_cards(text), p, rules=Rules(natural_required=natural_required)))


def test_set_and_run_from_4_4_4_4_5_6_7() -> None:
    assert holds("R4 B4 G4 Y4 R5 R6 R7", phase(2))
    layout = find_layout(parse_cards("R4 B4 G4 Y4 R5 R6 R7"), phase(2))
    assert layout is not None and layout.wilds == 0
    the_set, the_run = layout.groups
    assert the_set.value == 4 and the_run.values() == [4, 5, 6, 7]


def test_run_of_7_from_10_11_12_and_four_wilds() -> None:
    assert holds("R10 B11 G12 W W W W", phase(4))
    assert layout_of("R10 B11 G12 W W W W", phase(4)) == "r[W W W W R10 B11 G12]"


def test_run_never_wraps_past_12() -> None:
    assert not holds("R11 R12 R1 R2 R3 R4 R5", phase(4))
    assert missing(parse_cards("R11 R12 R1 R2 R3 R4 R5"), phase(4)) == 2


def test_group_needs_a_natural_card() -> None:
    hand = "R3 W W W W W"
    assert not holds(hand, phase(1))
    assert holds(hand, phase(1), natural_required=False)
    layout = find_layout(parse_cards(hand), phase(1), rules=Rules(natural_required=False))
    assert layout is not None and sorted(len(group.naturals) for group in layout.groups) == [0, 1]
    assert missing(parse_cards(hand), phase(1)) == 1


def test_skip_is_never_part_of_a_group() -> None:
    assert not holds("S S S S R1 B1 G1", phase(1))
    assert not holds("S S S S R1 B1 G1", phase(1), natural_required=False)


def test_skip_never_helps_phase_8() -> None:
    hand = parse_cards("R1 R2 R3 R4 R5 R6 S")
    assert not can_complete(hand, phase(8))
    assert parse_cards("S")[0] not in outs(hand, phase(8))
    assert [str(card) for card in outs(hand, phase(8))][-1] == "W"
    assert missing(hand, phase(8)) == 1


def test_wild_value_is_its_position_in_a_run() -> None:
    layout = find_layout(parse_cards("G3 G4 W Y6 R5"), Phase.parse("r4"))
    assert layout is not None
    assert layout.wilds == 0  # the natural 5 is preferred to the Wild
    layout = find_layout(parse_cards("G3 G4 W Y6"), Phase.parse("r4"))
    assert str(layout) == "r[G3 G4 W Y6]" and layout is not None and layout.groups[0].wild_values() == [5]


@pytest.mark.clause("phase.same_number")
def test_two_sets_may_share_a_number() -> None:
    assert holds("R7 B7 G7 Y7 R7 B7", phase(1))
    assert holds("R7 B7 G7 Y7 W W W W", phase(7))
    assert holds("R7 B7 G7 Y7 R7 B7 G7 Y7", phase(7))


def test_colour_group_counts_two_equal_cards() -> None:
    assert holds("Y7 Y7 Y1 Y2 Y3 Y4 Y5", phase(8))
    assert not holds("Y7 Y7 Y1 Y2 Y3 Y4 B5", phase(8))


def test_find_layout_uses_the_fewest_wilds() -> None:
    layout = find_layout(parse_cards("R7 B7 G7 Y7 W W R2 B2 G2"), phase(1))
    assert layout is not None and layout.wilds == 0
    layout = find_layout(parse_cards("R7 B7 G7 Y7 W W R2 B2"), phase(1))
    assert layout is not None and layout.wilds == 1
    layout = find_layout(parse_cards("R7 B7 G7 Y7 W W"), phase(1))
    assert layout is not None and layout.wilds == 2


@pytest.mark.clause("phase.disjoint")
def test_a_run_uses_one_card_per_number() -> None:
    assert not holds("R3 B3 R4 B4 R5 B5 R6", phase(4))
    assert missing(parse_cards("R3 B3 R4 B4 R5 B5 R6"), phase(4)) == 3


def test_extra_cards_in_hand_do_not_matter() -> None:
    assert holds("R7 B7 G7 Y2 B2 W S R12 G1 Y9 B4", phase(1))


def test_missing_counts_what_the_deck_still_has() -> None:
    # Every 5 and every Wild is in hand: the second set of 9 needs two naturals, not Wilds.
    hand = parse_cards("R5 R5 B5 B5 G5 G5 Y5 Y5 W W W W W W W W")
    assert missing(hand, Phase.parse("2s9")) == 2
    assert can_complete(hand + parse_cards("R3 B3"), Phase.parse("2s9"))
    assert missing(hand, Phase.parse("s16")) == 0


def test_outs_of_a_run_one_short() -> None:
    cards = outs(parse_cards("R1 R2 R3 R4 R5 R6 G1"), phase(4))
    assert [str(card) for card in cards] == ["R7", "B7", "G7", "Y7", "W"]
    assert outs(parse_cards("R1 R2 R3 R4 R5 R6 R7"), phase(4)) == []


def test_outs_never_exceed_the_deck() -> None:
    # All 8 Wilds and 7 of the 8 sevens are held: only the last Y7 completes the set of 16.
    hand = parse_cards("R7 R7 B7 B7 G7 G7 Y7 W W W W W W W W")
    assert [str(card) for card in outs(hand, Phase.parse("s16"))] == ["Y7"]
    assert outs(hand + parse_cards("Y7"), Phase.parse("s16")) == []


def test_progress_shows_what_each_group_still_needs() -> None:
    groups = progress(parse_cards("R7 B7 G7 Y4 W"), phase(7))
    assert [(group.value, group.needs, group.wilds) for group in groups] == [(7, (), 1), (4, (4, 4, 4), 0)]


def test_a_phase_must_be_a_phase() -> None:
    with pytest.raises(TypeError):
        can_complete(parse_cards("R1"), "2s3")  # type: ignore[arg-type]
