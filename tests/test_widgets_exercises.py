"""The tutorial exercises driven as a viewer would: clicks, typed text and (hostile) browser updates."""

from __future__ import annotations

from typing import Any

import pytest

import widgets.group_builder
from phase10kit.cards import NUMBERED_CARD_IN_TEXT, format_cards, shuffled_deck
from phase10kit.errors import Phase10Error, Reason
from phase10kit.i18n import translator
from phase10kit.refusals import SENTENCES
from tests.helpers import synced_text
from widgets import Feedback, GroupBuilder, PhaseChecker, WildPlayground, describe_error

# --- safety -------------------------------------------------------------------------------------


def test_refusal_goes_to_the_status_line_and_other_errors_to_the_error_area() -> None:
    feedback = Feedback()

    @feedback.guard
    def broken() -> None:
        raise RuntimeError("<b>boom</b>")

    broken()
    assert feedback.errors.text == "RuntimeError: <b>boom</b>"
    assert "&lt;b&gt;boom&lt;/b&gt;" in feedback.errors.value and "<b>boom" not in feedback.errors.value
    assert "p10-error" in feedback.errors._dom_classes and "p10-status" in feedback.status._dom_classes

    @feedback.guard
    def refused() -> None:
        raise Phase10Error("'<X>' is not a card", reason=Reason.BAD_TOKEN, details={"text": "<X>"})

    refused()
    assert feedback.errors.text == "" and feedback.status.tone == "problem"
    assert "&lt;X&gt; is not a card" in feedback.status.value and "<X>" not in feedback.status.value
    assert "✗" in feedback.status.value


def test_a_refusal_is_one_sentence_in_the_students_language_built_from_its_reason() -> None:
    error = Phase10Error("'Q' is not a card", reason=Reason.BAD_TOKEN, details={"text": "Q"})
    spanish = describe_error(error, "es")
    assert spanish == translator("es").gettext(SENTENCES[Reason.BAD_TOKEN][0]).format(text="Q")
    assert "is not a card" not in spanish and "(" not in spanish  # no English detail appended
    assert describe_error(error, "en") == "Q is not a card: cards are written like R7, Y12, W or S."
    bare = Phase10Error("'Q' is not a card", reason=Reason.BAD_TOKEN)  # no details: the short sentence
    assert describe_error(bare, "es") == translator("es").gettext("That is not a card.")


# --- GroupBuilder -------------------------------------------------------------------------------


def test_group_builder_says_why_a_run_is_not_valid() -> None:
    builder = GroupBuilder("R3 G4 G6 W B9 S", kind="run")
    assert builder.status.text == "No cards picked yet."
    builder.hand.set_state({"selected": [0, 1, 2]})
    assert builder.status.text == "A run needs numbers in a row: R3 G4 G6 is missing 5."
    assert builder.status.tone == "problem" and builder.group is None and builder.preview.value == ""
    builder.hand.set_state({"selected": [0, 1, 2, 3]})
    assert builder.status.text == "That is a valid run: r[R3 G4 W G6]. The Wild stands for 5."
    assert str(builder.group) == "r[R3 G4 W G6]" and "= 5" in builder.preview.value


def test_group_builder_switching_kind_judges_again() -> None:
    builder = GroupBuilder("R7 B7 W R9 S", kind="set")
    builder.hand.selected = [0, 1, 2]
    assert builder.status.text.startswith("That is a valid set: s[R7 B7 W]")
    builder.kind_choice.value = "c"
    assert builder.status.text == "A colour group has one colour, but R7 B7 W mixes red and blue."
    builder.hand.selected = [0, 3, 4]
    assert builder.status.text == "A Skip can never be part of a group."
    builder.kind_choice.value = "r"
    builder.hand.selected = [0, 2, 3]
    assert builder.status.text == "That is a valid run: r[R7 W R9]. The Wild stands for 8."


def test_group_builder_counts_what_a_sized_group_still_needs() -> None:
    builder = GroupBuilder("G2 G5 W B3 Y9", kind="colour", size=4)
    assert "the group of 4 of one colour" in builder.instructions.value
    builder.hand.selected = [0, 1, 2]
    assert builder.status.text == "So far so good: c[G2 G5 W] needs 1 more card."
    builder.hand.selected = []
    builder.hand.hand = "G2 G5 W G11"
    builder.hand.selected = [0, 1, 2, 3]
    assert builder.status.text.startswith("Done: c[G2 G5 G11 W] is the group of 4 of one colour.")


def test_group_builder_deals_the_same_hands_from_the_same_seed() -> None:
    first, second = GroupBuilder(seed=11, hand_size=7), GroupBuilder(seed=11, hand_size=7)
    assert first.hand.cards == second.hand.cards
    assert len(first.hand.cards) == 7
    first.hand.selected = [0]
    first.deal_button.click()
    second.deal()
    assert first.hand.cards == second.hand.cards and first.hand.selected == []
    assert first.status.text == "No cards picked yet."


def test_group_builder_clear_button_clears_the_selection() -> None:
    builder = GroupBuilder("R7 B7 G7", kind="set")
    builder.hand.selected = [0, 1, 2]
    builder.clear_button.click()
    assert builder.hand.selected == [] and builder.group is None


def test_group_builder_unexpected_error_is_visible_and_the_widget_recovers(monkeypatch: pytest.MonkeyPatch) -> None:
    builder = GroupBuilder("R7 B7 G7", kind="set")

    def explode(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("surprise")

    monkeypatch.setattr(widgets.group_builder, "arrange", explode)
    builder.hand.selected = [0, 1]
    assert "KeyError" in builder.errors.text and "surprise" in builder.errors.value
    monkeypatch.undo()
    builder.hand.selected = [0, 1, 2]
    assert builder.errors.text == "" and builder.status.text.startswith("That is a valid set")


def test_group_builder_hostile_kind_index_changes_nothing() -> None:
    builder = GroupBuilder("R7 B7 G7", kind="set")
    builder.kind_choice.set_state({"index": 99})  # refused in a sentence, never an exception
    assert builder.kind is widgets.group_builder.GroupKind.SET and builder.kind_choice.value == "s"
    assert builder.status.tone == "problem" and "not one of the choices" in builder.status.text
    builder.hand.selected = [0, 1, 2]
    assert builder.status.tone == "ok"


def test_group_builder_syncs_only_the_dealt_hand() -> None:
    builder = GroupBuilder(seed=3, hand_size=10)
    builder.hand.selected = [0, 1]
    shown = set(builder.hand.cards)
    assert shown == {str(card) for card in shuffled_deck(__import__("random").Random(3))[:10]}
    assert set(NUMBERED_CARD_IN_TEXT.findall(synced_text(builder))) <= shown


# --- PhaseChecker -------------------------------------------------------------------------------


def test_phase_checker_shows_layout_with_wild_values() -> None:
    checker = PhaseChecker("R7 B7 G7 Y2 B2 W S", phase=1)
    assert checker.result is not None and str(checker.result.layout) == "s[R7 B7 G7] s[Y2 B2 W]"
    assert "The Wild stands for 2." in checker.layout_view.value
    assert checker.status.tone == "ok" and checker.outs_view.value == ""


def test_phase_checker_shows_missing_and_outs() -> None:
    checker = PhaseChecker(phase=4)
    checker.hand_text.value = "R1 R2 R3 R4 R5 R6 G1"
    assert checker.result is not None and checker.result.missing == 1
    assert format_cards(checker.result.outs) == "R7 B7 G7 Y7 W"
    assert "Missing: 1 card." in checker.outs_view.value and "R7 B7 G7 Y7 W" in checker.outs_view.value
    assert checker.status.text.startswith("You need 1 more card for 1 run of 7.")
    checker.phase_choice.value = "2s3"
    assert checker.result.phase.__str__() == "2s3" and checker.result.missing == 3


def test_phase_checker_refuses_bad_hands_visibly_and_recovers() -> None:
    checker = PhaseChecker("R7", phase=1)
    for text, words in [
        ("R7 X9", "X9 is not a card"),
        ("R7 R7 R7", "The deck has only 2 of R7."),
        ("R1 " * 31, "Too many cards: 31, at most 30."),
        ("W" * 401, "401 characters, at most 400"),
    ]:
        checker.hand_text.value = text
        assert words in checker.status.text and checker.status.tone == "problem"
        assert checker.result is None and checker.layout_view.value == "" and checker.hand.cards == []
    checker.hand_text.set_state({"value": "R7 B7 G7 Y2 B2 W"})
    assert checker.result is not None and checker.result.layout is not None


def test_phase_checker_custom_phase_and_seeded_deal() -> None:
    checker = PhaseChecker(phase="s3+c4", seed=2, hand_size=10)
    assert checker.phase_choice.value == "s3+c4" and checker.result is not None
    checker.deal_button.click()
    dealt = checker.hand_text.value
    assert len(dealt.split()) == 10
    again = PhaseChecker(phase="s3+c4", seed=2, hand_size=10)
    again.deal()
    assert again.hand_text.value == dealt and checker.hand.cards == dealt.split()


def test_phase_checker_check_button_and_hostile_phase_index() -> None:
    checker = PhaseChecker("R7 B7 G7 Y2 B2 W", phase=1)
    checker.result = None
    checker.check_button.click()
    assert checker.result is not None
    checker.phase_choice.set_state({"index": -5})  # refused in a sentence, never an exception
    assert str(checker.phase) == "2s3" and checker.status.tone == "problem"


def test_phase_checker_syncs_only_what_the_viewer_sees() -> None:
    checker = PhaseChecker(phase=2, seed=8)
    checker.deal_button.click()
    assert checker.result is not None
    visible = set(checker.hand.cards) | {str(card) for card in checker.result.outs}
    placeholder = set(checker.hand_text.placeholder.split())
    assert set(NUMBERED_CARD_IN_TEXT.findall(synced_text(checker))) <= visible | placeholder


# --- WildPlayground -----------------------------------------------------------------------------


def test_wild_playground_wild_keeps_its_value_when_the_run_grows() -> None:
    play = WildPlayground("r[G3 G4 W Y6]", card="W")
    assert "W may go at the low end, as 2 or at the high end, as 7." in play.where.value
    play.low_button.click()
    assert str(play.group) == "r[W G3 G4 W Y6]" and play.group.wild_values() == [2, 5]
    assert "The Wild laid before still stands for 5" in play.status.text
    assert play.group_text.value == "r[W G3 G4 W Y6]"


def test_wild_playground_says_why_a_card_does_not_fit() -> None:
    play = WildPlayground("r[G3 G4 W Y6]")
    play.card_choice.value = "R5"
    assert play.fits == []
    assert play.low_button.disabled and play.high_button.disabled
    assert play.where.value == (
        "No: R5 does not fit r[G3 G4 W Y6]. A Wild was laid as 5 and stays 5, so a real 5 cannot replace it."
    )
    play.high_button.disabled = False  # a browser can re-enable a button; the rules still refuse
    play.high_button.click()
    assert play.status.tone == "problem" and str(play.group) == "r[G3 G4 W Y6]"
    play.card_choice.value = "S"
    assert play.where.value == "No: S does not fit r[G3 G4 W Y6]."


def test_wild_playground_sets_colour_groups_and_undo() -> None:
    play = WildPlayground("c[B1 W B9]", card="B4")
    assert "in the group, as blue" in play.where.value and play.low_button.layout.display == "none"
    play.add_button.click()
    assert str(play.group) == "c[B1 W B9 B4]"
    play.undo_button.click()
    assert str(play.group) == "c[B1 W B9]"
    play.undo_button.click()
    assert play.status.text == "Nothing to undo."


def test_wild_playground_lays_a_typed_group_and_refuses_bad_ones() -> None:
    play = WildPlayground()
    play.group_text.value = "s[R8 W B8]"
    assert str(play.group) == "s[R8 W B8]" and play.status.text == "Laid s[R8 W B8]."
    play.group_text.value = "r[R8 W]]"
    assert play.status.tone == "problem" and str(play.group) == "s[R8 W B8]"
    play.group_text.value = "s[W W]"
    assert "not a Wild" in play.status.text
    play.undo_button.click()
    assert str(play.group) == "r[G3 G4 W Y6]"


def test_wild_playground_hostile_card_choice_changes_nothing() -> None:
    play = WildPlayground()
    play.card_choice.set_state({"index": 500})  # refused in a sentence, never an exception
    assert play.card_choice.value == "W" and "not one of the choices" in play.status.text


# --- languages ----------------------------------------------------------------------------------


@pytest.mark.parametrize("make", [GroupBuilder, PhaseChecker, WildPlayground])
def test_every_exercise_speaks_each_language_and_refuses_unknown_ones(make: Any) -> None:
    for lang in ("es", "hr", "cs", "uk", "ko"):
        widget = make(lang=lang)
        assert widget.lang == lang and widget.errors.text == ""
    with pytest.raises(Phase10Error, match="unknown language 'xx'"):
        make(lang="xx")


def test_refusals_in_other_languages_are_the_rules_sentence_in_that_language() -> None:
    builder = GroupBuilder("R3 G4 G6", kind="run", lang="es")
    builder.hand.selected = [0, 1, 2]
    template = translator("es").gettext("A run needs numbers in a row: {cards} is missing {missing}.")
    assert builder.status.text == template.format(cards="R3 G4 G6", missing="5")
    assert builder.status.tone == "problem"
