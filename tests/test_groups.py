"""Groups as laid on the table: validation, notation, pinned Wild values, extending."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10kit import WILD, Color, Group, GroupKind, InvalidGroupError, Layout, NotationError, arrange, parse_cards
from phase10kit.cards import CARDS_BY_INDEX


def make(kind: GroupKind, text: str, **kwargs: bool) -> Group:
    return Group.make(kind, parse_cards(text), **kwargs)


@pytest.mark.parametrize(
    "text", ["s[R7 B7 W]", "r[G3 G4 W Y6]", "c[B1 B4 W B9]", "s7[W W W]", "r3[W W W]", "cB[W W W]", "r10[W W W]"]
)
def test_group_notation_round_trips(text: str) -> None:
    group = Group.parse(text)
    assert str(group) == text
    assert Group.parse(str(group)) == group


def test_all_wild_group_pins_its_value() -> None:
    assert Group.parse("s7[W W W]").wild_values() == [7, 7, 7]
    assert Group.parse("r3[W W W]").wild_values() == [3, 4, 5]
    assert Group.parse("cB[W W]").value is Color.BLUE


@pytest.mark.parametrize(
    "text",
    ["s0[W W W]", "s13[W W]", "r11[W W W]", "r0[W W]", "c0[W W]", "cX[W W]", "s[W W W]", "s[R7 B8]", "x[R7]", "s[R13]"],
)
def test_bad_group_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        Group.parse(text)


def test_group_needs_a_natural_card() -> None:
    with pytest.raises(InvalidGroupError) as caught:
        make(GroupKind.SET, "W W W")
    assert caught.value.reason == "no-natural-card"
    with pytest.raises(InvalidGroupError, match="say what"):
        make(GroupKind.SET, "W W W", natural_required=False)
    assert Group.make(GroupKind.SET, [WILD] * 3, 7, natural_required=False).values() == [7, 7, 7]


def test_skip_is_never_part_of_a_group() -> None:
    for kind in GroupKind:
        with pytest.raises(InvalidGroupError) as caught:
            make(kind, "R1 R2 S")
        assert caught.value.reason == "skip-in-group"
        with pytest.raises(InvalidGroupError):
            arrange(kind, parse_cards("R1 R2 S"))
    assert all(not Group.parse("s[R7 B7]").fits(card) for card in parse_cards("S"))


def test_run_never_wraps_past_12() -> None:
    with pytest.raises(InvalidGroupError):
        make(GroupKind.RUN, "R11 R12 R1")
    with pytest.raises(InvalidGroupError) as caught:
        make(GroupKind.RUN, "R11 R12 W")
    assert caught.value.reason == "run-out-of-range"
    assert Group.parse("r[R10 R11 R12]").fits(WILD) == ["low"]
    assert str(arrange(GroupKind.RUN, parse_cards("R12 W R11 W"))) == "r[W W R11 R12]"


@pytest.mark.clause("wild.any")
def test_wild_value_is_its_position_in_a_run() -> None:
    group = Group.parse("r[G3 G4 W Y6]")
    assert group.value == 3 and group.wild_values() == [5]
    assert Group.parse("r[W W B5]").wild_values() == [3, 4]
    with pytest.raises(InvalidGroupError):
        make(GroupKind.RUN, "G3 W G4")  # the W stands for 4, so G4 is out of place


def test_wild_keeps_its_value_when_the_run_grows() -> None:
    group = Group.parse("r[R4 W R6]").extend(parse_cards("R3")[0]).extend(WILD, "high")
    assert str(group) == "r[R3 R4 W R6 W]"
    assert group.wild_values() == [5, 7]


@pytest.mark.clause("group.run")
def test_run_has_each_number_once() -> None:
    with pytest.raises(InvalidGroupError) as caught:
        arrange(GroupKind.RUN, parse_cards("R3 B3 R4"))
    assert caught.value.reason == "repeated-number"


@pytest.mark.clause("group.set", "group.colour")
def test_set_has_one_number_and_colour_group_one_colour() -> None:
    with pytest.raises(InvalidGroupError, match="mixes 7 and 8"):
        make(GroupKind.SET, "R7 B8")
    with pytest.raises(InvalidGroupError, match="mixes red and blue"):
        make(GroupKind.COLOR, "R7 B7")


def test_colour_group_counts_two_equal_cards() -> None:
    group = make(GroupKind.COLOR, "Y7 Y7 Y1")
    assert group.value is Color.YELLOW and len(group.cards) == 3


def test_stated_value_must_agree_with_the_cards() -> None:
    with pytest.raises(InvalidGroupError) as caught:
        Group.make(GroupKind.SET, parse_cards("R7 W"), 8)
    assert caught.value.reason == "wrong-value"


def test_extend_refuses_cards_that_do_not_fit() -> None:
    group = Group.parse("s[R7 B7 W]")
    with pytest.raises(InvalidGroupError):
        group.extend(parse_cards("R8")[0])
    with pytest.raises(InvalidGroupError, match="which end"):
        Group.parse("r[R4 R5]").extend(WILD)
    assert str(group.extend(parse_cards("Y7")[0])) == "s[R7 B7 W Y7]"


def test_arrange_says_which_numbers_are_missing() -> None:
    with pytest.raises(InvalidGroupError, match="5, 6 are missing"):
        arrange(GroupKind.RUN, parse_cards("R3 R4 R7"))
    assert str(arrange(GroupKind.RUN, parse_cards("G6 W R3 G4"))) == "r[R3 G4 W G6]"
    assert str(arrange(GroupKind.RUN, parse_cards("R2 W W"), prefer="low")) == "r[W R2 W]"


@given(st.sampled_from(list(GroupKind)), st.lists(st.sampled_from(CARDS_BY_INDEX), min_size=1, max_size=8))
def test_arranged_groups_are_valid_and_round_trip(kind: GroupKind, cards: list) -> None:  # type: ignore[type-arg]
    try:
        group = arrange(kind, cards, natural_required=False)
    except InvalidGroupError:
        return
    assert sorted(group.cards) == sorted(cards)
    assert Group.make(kind, group.cards, group.value, natural_required=False) == group
    assert Group.parse(str(group)) == group


def test_layout_notation_round_trips() -> None:
    for text in ("s[R7 B7 G7] s[Y2 B2 W]", "s[R3 W W] s1[W W W]", "r[W W W W R10 B11 G12]", "r4[W W] cY[W W W]"):
        layout = Layout.parse(text)
        assert str(layout) == text and Layout.parse(str(layout)) == layout
    assert Layout.parse("s[R3 W W] s1[W W W]").wilds == 5


@pytest.mark.parametrize("text", ["", "s[R7] junk", "R7 B7", "s[R7 B8]", "s[R7 S]"])
def test_bad_layout_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        Layout.parse(text)
