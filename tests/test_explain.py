"""Plain-language explanations of a hand against a phase."""

import pytest

from phase10kit import Phase, Phase10Error, explain, parse_cards, phase
from phase10kit.explain import group_name, phase_name
from phase10kit.rules import Rules


def test_a_complete_hand_shows_its_layout() -> None:
    assert explain(parse_cards("R7 B7 G7 Y2 B2 W S"), phase(1)) == "You hold the whole phase: s[R7 B7 G7] s[Y2 B2 W]."


def test_a_set_ready_and_a_set_started() -> None:
    assert explain(parse_cards("R7 B7 G7 Y4 W"), phase(7)) == (
        "You need 3 more cards for 2 sets of 4. The set of 4 is ready: R7 B7 G7 W; "
        "for the other set of 4 you have Y4 and need 3 more 4s or Wilds."
    )


def test_a_run_names_the_missing_numbers() -> None:
    assert explain(parse_cards("R3 R4 B5 G9"), phase(4)) == (
        "You need 3 more cards for 1 run of 7. "
        "For the run of 7 you have R3 R4 B5 G9 and need the numbers 6, 7, 8 or Wilds."
    )


def test_one_missing_card_is_singular() -> None:
    text = explain(parse_cards("R1 R2 R3 R4 R5 R6 G1"), phase(4))
    assert text.startswith("You need 1 more card for 1 run of 7.")
    assert "need a 7 or a Wild" in text


def test_a_colour_group_names_its_colour() -> None:
    assert explain(parse_cards("Y1 Y2 Y3 R4"), phase(8)) == (
        "You need 4 more cards for 7 cards of one colour. "
        "For the group of 7 of one colour you have Y1 Y2 Y3 and need 4 more yellow cards or Wilds."
    )


def test_an_empty_hand_needs_everything() -> None:
    assert explain([], phase(2)) == (
        "You need 7 more cards for 1 set of 3 + 1 run of 4. For the set of 3 you have nothing yet and need "
        "3 cards of one number; for the run of 4 you have nothing yet and need 4 cards in a row."
    )


def test_group_needs_a_natural_card_in_the_explanation() -> None:
    text = explain(parse_cards("R3 W W W W W"), phase(1))
    assert text.startswith("You need 1 more card for 2 sets of 3.")
    assert "1 card of one number" in text
    assert explain(parse_cards("R3 W W W W W"), phase(1), rules=Rules(natural_required=False)).startswith(
        "You hold the whole"
    )


def test_names_of_phases_and_groups() -> None:
    assert phase_name(Phase.parse("2s3+c4")) == "2 sets of 3 + 4 cards of one colour"
    assert phase_name(Phase.parse("2c4")) == "2 x 4 cards of one colour"
    assert group_name(phase(2).groups[1]) == "the run of 4"
    assert group_name(phase(1).groups[1], other=True) == "the other set of 3"


def test_unknown_language_is_refused() -> None:
    with pytest.raises(Phase10Error) as caught:
        explain(parse_cards("R1"), phase(1), lang="xx")
    assert caught.value.reason == "bad-language"
