"""The course widgets driven as a student would: typing, clicking Check, Hint, Reveal, picking an action."""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction
from html import escape
from pathlib import Path

import ipywidgets
import pytest

import widgets
from phase10kit import Game
from phase10kit.actions import seat_notation
from phase10kit.course import Exercise, exercises, progress
from phase10kit.course.answers import read_cards, read_fraction
from phase10kit.course.base import Translations, Verdict, reset_hints
from phase10kit.course.checks import Case, hidden_cases, spot_the_refusal
from phase10kit.groups import arrange
from phase10kit.i18n import N_
from phase10kit.phases import GroupKind
from widgets.course import (
    AnswerBox,
    BuildExercise,
    CourseExercise,
    PredictExercise,
    ProgressView,
    SpotExercise,
    ask,
    check,
    feedback_html,
    language,
    offered_hand,
    set_language,
    spot_actions,
)
from widgets.worked import steps_html


def judge_points(answer: object, t: Translations) -> Verdict:
    total = sum(card.points for card in read_cards(answer))
    return total == 20, t.gettext("That hand costs {count} points.").format(count=total)


def judge_build(answer: object, t: Translations) -> Verdict:
    group = arrange(GroupKind.RUN, read_cards(answer))
    return len(group.cards) == 5 and len(group.wild_values()) == 1, str(group)


def judge_predict(answer: object, t: Translations) -> Verdict:
    return abs(read_fraction(answer) - Fraction(2, 27)) <= Fraction(1, 50), "close?"


def position() -> Game:
    return Game(2, seed=3)


DEMO = [
    Exercise("demo.answer", "99_demo", ("score.points",), "answer", "Cards worth 20?", "R1 R2 B12", ("R1",),
             ("Add the points.", "1-9 cost 5."), judge_points,
             worked="R1 and R2 cost 5 each.\nB12 costs 10.\nR1 R2 B12 costs 20."),
    Exercise("demo.build", "99_demo", ("group.run",), "build", "A run of 5 with one Wild", "R3 G4 W G6 Y7",
             ("R3 G4 G6 Y7 S", "R3 G4 W W Y7"), ("A run.", "One Wild."), judge_build),
    Exercise("demo.spot", "99_demo", ("turn.draw",), "spot", "Which is refused?", "p2 draw",
             ("p1 draw", "p1 take", "p1 draw; p1 discard R1"), ("Whose turn?", "p1 starts."),
             spot_the_refusal(position, ["p2 draw", "p1 draw", "p1 take", "p1 draw; p1 discard R1"]),
             position=position),
    Exercise("demo.predict", "99_demo", ("deck.composition",), "predict", "Chance of a Wild?", Fraction(2, 27),
             (Fraction(1, 2),), ("8 of 108.", "Divide."), judge_predict),
    Exercise("demo.measured", "99_demo", ("strategy.bot",), "predict", "Share of wins?", Fraction(3, 4),
             (Fraction(1, 2),), ("Which bot plans?", "Count the wins."), judge_predict,
             reveal=N_("A seeded tournament measured {answer}.")),
    Exercise("demo.write", "99_demo", ("group.set",), "write", "Write double(n)", lambda n: 2 * n,
             (lambda n: n + 2,), ("Twice.", "n * 2"), hidden_cases("double", [Case((3,), 6, N_("twice"))])),
]  # fmt: skip


@pytest.fixture(autouse=True)
def demo_exercises(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for exercise in DEMO:
        monkeypatch.setitem(exercises, exercise.id, exercise)
    reset_hints()
    set_language("en")
    yield
    set_language("en")


def records() -> list[tuple[str, bool]]:
    return [(line["exercise"], line["ok"]) for line in progress.read()]


def test_ask_draws_the_widget_of_each_kind() -> None:
    kinds = {e.id: type(ask(e.id)) for e in DEMO}
    assert kinds == {
        "demo.answer": AnswerBox,
        "demo.build": BuildExercise,
        "demo.spot": SpotExercise,
        "demo.predict": PredictExercise,
        "demo.measured": PredictExercise,
        "demo.write": CourseExercise,
    }


def test_answer_box_checks_typed_text_and_steps_the_hints() -> None:
    box = ask("demo.answer")
    assert isinstance(box, AnswerBox)
    box.answer.value = "R1"
    box.check_button.click()
    assert box.status.tone == "problem" and "5 points" in box.status.text
    assert "Add the points." in box.hint_line.value
    box.check_button.click()
    assert "1-9 cost 5." in box.hint_line.value
    box.answer.value = "R1 R2 B12"
    box.check_button.click()
    assert box.status.tone == "ok" and "Hint" not in box.hint_line.value  # the hint gives way to handing it in
    assert "answer = &#x27;R1 R2 B12&#x27;" in box.hint_line.value
    assert records() == [("demo.answer", False), ("demo.answer", False), ("demo.answer", True)]


def test_hint_button_shows_a_nudge_then_the_narrower_hint() -> None:
    box = ask("demo.answer")
    box.hint_button.click()
    assert "Add the points." in box.hint_line.value
    box.hint_button.click()
    box.hint_button.click()
    assert "1-9 cost 5." in box.hint_line.value and "R1 R2 B12" not in box.hint_line.value
    assert records() == []  # asking for a hint is not an attempt


def test_the_hint_button_goes_on_from_the_step_a_wrong_answer_showed() -> None:
    box = ask("demo.answer")
    box.answer.value = "R1"
    box.check_button.click()
    assert "Add the points." in box.hint_line.value
    box.hint_button.click()  # the nudge is already shown: the button gives the narrower hint, not the nudge again
    assert "1-9 cost 5." in box.hint_line.value


def test_a_wrong_answer_after_reading_every_hint_does_not_step_back_to_the_nudge() -> None:
    box = ask("demo.answer")
    box.hint_button.click()
    box.hint_button.click()
    box.answer.value = "R1"
    box.check_button.click()
    assert "1-9 cost 5." in box.hint_line.value and "Add the points." not in box.hint_line.value


def solutions_read() -> list[str]:
    return [line["exercise"] for line in progress._lines(None) if line.get("solution")]


def test_the_worked_solution_comes_only_after_every_hint_and_a_second_click() -> None:
    box = ask("demo.answer")
    assert isinstance(box, AnswerBox) and box.worked.button.layout.display == "none"
    for _ in range(5):  # wrong answers step through the hints, never to the worked solution
        box.answer.value = "R1"
        box.check_button.click()
        assert "B12 costs 10" not in box.hint_line.value + box.worked.area.value + box.status.text
    assert box.worked.button.layout.display == ""  # every hint read: offered, not shown
    box.worked.button.click()
    assert "progress file" in box.worked.area.value and "B12 costs 10" not in box.worked.area.value
    assert solutions_read() == []
    box.worked.button.click()
    assert box.worked.area.value.count("<li>") == 3 and "Worked solution" in box.worked.area.value
    assert "B12 costs 10." in box.worked.area.value and box.worked.button.layout.display == "none"
    assert solutions_read() == ["demo.answer"]
    assert records() == [("demo.answer", False)] * 5  # reading the solution is not an answer


def test_the_worked_solution_is_offered_once_the_answer_is_right_and_speaks_the_language() -> None:
    box = ask("demo.answer", lang="es")
    assert isinstance(box, AnswerBox)
    box.answer.value = "R1 R2 B12"
    box.check_button.click()
    assert box.worked.button.layout.display == "" and box.worked.button.description == "Ver la solución paso a paso"
    box.worked.button.click()
    assert box.worked.button.description == "Sí, mostrarla" and "archivo de progreso" in box.worked.area.value


def test_a_worked_solution_shows_its_code_as_code_and_escapes_everything() -> None:
    text = "Refuse a Skip: `card.is_skip`.\n<b>Then</b> the function:\n    def f(cards):\n"
    text += "        return len(cards) < 3\nDone."
    html = steps_html(text)
    assert html.count("<li>") == 3 and ">card.is_skip</code>" in html and "&lt;b&gt;Then" in html
    assert ">def f(cards):\n    return len(cards) &lt; 3</code></pre></li><li>Done.</li>" in html
    assert html.count("<pre ") == 1
    # Inline or in a block, code names a monospace font itself: a page that resets <code>, or the widget's text
    # font around a <pre>, cannot turn it into ordinary text.
    codes = re.findall(r"<code ([^>]*)>", html)
    assert len(codes) == 2 and all("p10-code" in code and "monospace" in code for code in codes)
    assert steps_html("One step.\n\n   \nTwo.") == "<ol><li>One step.</li><li>Two.</li></ol>"  # blank lines: no steps


def test_an_exercise_without_a_worked_solution_never_offers_one() -> None:
    box = ask("demo.build")
    for _ in range(4):
        box.hint_button.click()
    assert box.worked.button.layout.display == "none" and box.worked.area.value == ""


def test_answer_box_escapes_what_the_student_typed() -> None:
    box = ask("demo.answer")
    box.answer.value = "<script>alert(1)</script>"
    box.check_button.click()
    assert box.status.tone == "problem" and "<script>" not in box.status.value


def test_the_browser_may_only_type_into_the_answer_box() -> None:
    box = ask("demo.answer")
    assert isinstance(box, AnswerBox)
    box.answer.set_state({"value": "R1", "disabled": True})
    assert box.answer.value == "R1" and not box.answer.disabled
    box.status.set_state({"value": "✓ solved"})
    assert "solved" not in box.status.value


def test_build_offers_the_exercise_hand_and_checks_the_picked_cards() -> None:
    exercise = exercises["demo.build"]
    assert [str(card) for card in offered_hand(exercise)] == ["R3", "G4", "G6", "Y7", "W", "W", "S"]
    build = ask("demo.build")
    assert isinstance(build, BuildExercise)
    hand = list(build.builder.hand.hand)
    build.builder.hand.selected = [hand.index(read_cards(text)[0]) for text in ("R3", "G4", "W", "G6", "Y7")]
    build.check_button.click()
    assert build.status.tone == "ok", build.status.text
    build.builder.hand.selected = [hand.index(read_cards("S")[0])]
    build.check_button.click()
    assert build.status.tone == "problem"
    assert records() == [("demo.build", True), ("demo.build", False)]


def test_spot_shows_the_position_and_four_actions_and_the_engine_judges() -> None:
    spot = ask("demo.spot")
    assert isinstance(spot, SpotExercise)
    # Each move in words on its button, its notation as the tooltip and beside it (the feedback names the notation).
    assert [b.tooltip for b in spot.buttons] == spot_actions(exercises["demo.spot"])
    assert "p1: draw from the draw pile" in [b.description for b in spot.buttons]
    assert len(spot.buttons) == 4 and "<svg" in spot.table.value
    # A long move ("p1 lay s[R6 B6 G6] s[R8 B8 G8] s[R10 B10 G10]") is read in full: buttons as wide as their text.
    assert all(b.layout.width == "auto" for b in spot.buttons)
    legal = next(b for b in spot.buttons if b.tooltip == "p1 draw")
    legal.click()
    assert spot.status.tone == "problem" and "allowed" in spot.status.text
    refused = next(b for b in spot.buttons if b.tooltip == "p2 draw")
    refused.click()
    assert spot.status.tone == "ok" and "p2 draw" in spot.status.text and refused.button_style == "info"


def test_spot_buttons_say_their_moves_in_the_notebooks_language() -> None:
    spot = ask("skips.once_per_circuit", lang="ko")
    assert isinstance(spot, SpotExercise)
    assert all("discard" not in b.description and b.description.startswith("p2: ") for b in spot.buttons)
    notation = [row.children[1].value for row in spot.children[2].children]
    assert notation == [f"<code>{escape(action)}</code>" for action in spot.actions]


def test_spot_shows_only_what_the_player_to_move_may_see() -> None:
    spot = ask("demo.spot")
    game = position()
    opponent = " ".join(str(card) for card in game.hands[1])
    assert isinstance(spot, SpotExercise)
    assert spot.table.value.count("face-down card") >= 10, opponent


def test_predict_reveals_the_exact_answer_only_after_a_guess() -> None:
    predict = ask("demo.predict")
    assert isinstance(predict, PredictExercise)
    predict.reveal_button.click()
    assert "2/27" not in predict.answer_line.value and "guess first" in predict.answer_line.value
    predict.guess.value = "1/4"
    predict.reveal_button.click()
    text = predict.answer_line.value
    assert "2/27 ≈ 0.07407" in text and "off by 19/108 ≈ 0.1759" in text
    assert predict.status.tone == "problem"
    assert predict.guess.disabled and predict.reveal_button.disabled  # no second guess after the reveal
    assert predict.hint_button.disabled and predict.hint_line.value == ""  # the answer is shown: no more hints
    second = ask("demo.predict")
    assert isinstance(second, PredictExercise)
    second.guess.value = "0.07"
    second.reveal_button.click()
    assert second.status.tone == "ok"


def test_a_measured_answer_is_revealed_as_measured_not_as_exact() -> None:
    predict = ask("demo.measured")
    assert isinstance(predict, PredictExercise)
    predict.guess.value = "1/2"
    predict.reveal_button.click()
    text = predict.answer_line.value
    assert "A seeded tournament measured 3/4 ≈ 0.75." in text and "exact" not in text
    assert "off by 1/4" in text


def test_the_browser_cannot_rearrange_an_exercise() -> None:
    box = ask("demo.answer")
    children = box.children
    box.set_state({"children": []})
    assert box.children == children


def test_check_displays_escaped_feedback_and_returns_it(capsys: pytest.CaptureFixture[str]) -> None:
    feedback = check("demo.write", lambda n: n + 2)
    assert not feedback.ok and "double(3) should be 6, not 5" in feedback.message
    assert check("demo.write", lambda n: 2 * n).ok
    assert not check("demo.write", None).ok
    assert records() == [("demo.write", False), ("demo.write", True), ("demo.write", False)]


def test_check_answers_an_unknown_exercise_with_feedback() -> None:
    feedback = check("no.such", 1)
    assert not feedback.ok and "no exercise" in feedback.message


def test_feedback_html_escapes_and_marks_without_colour_alone() -> None:
    html = feedback_html(exercises["demo.answer"].check("<b>R1</b>", record=False))
    assert "<b>R1" not in html and "✗" in html


def test_set_language_changes_every_default() -> None:
    assert set_language("uk") == "uk" and language() == "uk" and widgets.set_language is set_language
    box = ask("demo.answer")
    assert box.lang == "uk" and box.check_button.description != "Check"
    assert ask("demo.answer", lang="en").check_button.description == "Check"
    with pytest.raises(Exception, match="language"):
        set_language("xx")


def test_progress_view_counts_solved_per_notebook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    view = ProgressView()
    total = len(exercises)
    assert view.totals == (0, total) and view.rows["99_demo"] == (0, 6)
    check("demo.write", lambda n: 2 * n)
    check("demo.write", lambda n: 2 * n)
    assert view.rows["99_demo"] == (1, 6) and view.totals == (1, total)
    assert "1 / 6" in view.value and "99_demo" in view.value


def test_an_answer_about_a_position_shows_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    play = Exercise("demo.play", "99_demo", ("turn.draw",), "play", "Who plays?", "p1", ("p2",), ("a", "b"),
                    lambda answer, t: (answer == "p1", "p1?"), position=position)  # fmt: skip
    monkeypatch.setitem(exercises, play.id, play)
    box = ask("demo.play")
    assert isinstance(box, AnswerBox) and "<svg" in box.children[1].value
    assert isinstance(ask("demo.answer").children[1], ipywidgets.HBox)  # no position, no table


@pytest.mark.parametrize("exercise_id", [e.id for e in exercises.values() if e.position_after_answer])
def test_a_table_that_shows_the_answer_waits_until_the_answer_is_right(exercise_id: str) -> None:
    """skips.first_player's table would say "p2 to draw", phases.one_per_hand's "p1: phase 2": never above the box."""
    box = ask(exercise_id)
    assert isinstance(box, AnswerBox)
    assert "<svg" not in box.table.value and "once your answer is right" in box.table.value
    box.answer.value = str(exercises[exercise_id].wrong[0])
    box.check_button.click()
    assert box.status.tone == "problem" and "<svg" not in box.table.value
    box.answer.value = str(exercises[exercise_id].solution)
    box.check_button.click()
    assert box.status.tone == "ok" and "<svg" in box.table.value


def test_no_table_drawn_above_an_answer_box_says_whose_turn_the_answer_is() -> None:
    """A position shown at once never names the answer as the player to move (the header says "pN to draw").
    game.who_wins: its question says p2 is about to go out, and the table's totals are what the student reads."""
    for exercise in exercises.values():
        if exercise.position is None or exercise.kind == "spot" or exercise.position_after_answer:
            continue
        if exercise.id == "game.who_wins":
            continue
        game = exercise.position()
        assert str(exercise.solution).strip() != seat_notation(game.current_player), exercise.id
