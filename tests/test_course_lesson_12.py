"""Lesson 12, perfect play: the tiny game solved by hand (exact fractions) against the kit's solver, the
Bellman exercise's hidden cases, the discard dilemma judged by the solitaire optimum, and the bots' table."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10kit.bots import GreedyBot
from phase10kit.cards import Card, parse_cards
from phase10kit.course import Exercise, for_notebook
from phase10kit.course import lesson_12 as l12
from phase10kit.course.base import brief
from phase10kit.i18n import LANGUAGES
from phase10kit.phases import phase
from phase10kit.probability import solitaire_optimum
from phase10kit.probability.solitaire import forget_solved
from phase10kit.solitaire_bots import bot_policy

EXERCISES = list(l12.EXERCISES)
IDS = [exercise.id for exercise in EXERCISES]
TINY_CARDS = parse_cards("R1 R2 R3 R4 B1 B2 B3 B4")


def _values(exercise_id: str) -> Exercise:
    return next(exercise for exercise in EXERCISES if exercise.id == exercise_id)


# ------------------------------------------------------------------ the lesson's exercises


def test_the_notebook_asks_the_lessons_exercises_and_they_test_the_strategy_clauses() -> None:
    assert [exercise.id for exercise in for_notebook(l12.NOTEBOOK)] == IDS
    clauses = {clause for exercise in EXERCISES for clause in exercise.clauses}
    assert {"prob.discard", "strategy.bot", "prob.outs"} <= clauses
    assert {exercise.kind for exercise in EXERCISES} >= {"predict", "answer", "write"}


@pytest.mark.parametrize("exercise", EXERCISES, ids=IDS)
def test_solution_is_accepted_in_every_language(exercise: Exercise) -> None:
    for lang in LANGUAGES:
        feedback = exercise.check(exercise.solution, lang, record=False)
        assert feedback.ok, f"{exercise.id} ({lang}): {feedback.message}"
        assert feedback.message and not feedback.hint


@pytest.mark.parametrize("exercise", EXERCISES, ids=IDS)
def test_wrong_answers_are_refused_with_a_reason_and_a_hint(exercise: Exercise) -> None:
    for answer in exercise.wrong:
        feedback = exercise.check(answer, record=False)
        assert not feedback.ok, f"{exercise.id} accepts {brief(answer)}"
        assert len(feedback.message) > 20 and feedback.hint


JUNK: list[object] = [None, "", "seven", 10**400, -1, "1/0", [], {"a": 1}, object(), float("inf"), b"9/2", "R4 R4 R4"]


@pytest.mark.parametrize("exercise", EXERCISES, ids=IDS)
def test_junk_gives_not_yet(exercise: Exercise) -> None:
    for answer in JUNK:
        feedback = exercise.check(answer, record=False)
        assert not feedback.ok and feedback.message and "Traceback" not in feedback.message


def test_tiny_value_explains_the_typical_mistakes() -> None:
    exercise = _values("perfect.tiny_value")
    assert "no outs" in exercise.check(Fraction(3), record=False).message
    assert "repeat" in exercise.check(Fraction(4), record=False).message
    assert "exactly" in exercise.check(4.5000001, record=False).message
    assert exercise.check("9/2", record=False).ok and exercise.check(4.5, record=False).ok


def test_tiny_average_refuses_the_unweighted_mean_saying_why() -> None:
    values = l12.tiny_values()
    unweighted = sum(values.values(), Fraction(0)) / len(values)
    feedback = _values("perfect.tiny_average").check(unweighted, record=False)
    assert not feedback.ok and "28" in feedback.message


# ------------------------------------------------------------------ the tiny game


def test_the_tiny_game_has_ten_hands_standing_for_all_28_deals() -> None:
    assert len(l12.tiny_hands()) == 10
    assert sum(l12.deals_of(hand) for hand in l12.tiny_hands()) == comb(len(TINY_CARDS), 2)
    dealt: dict[tuple[int, ...], int] = {}
    for pair in combinations(TINY_CARDS, 2):
        key = tuple(sorted(card.number for card in pair if card.number is not None))
        dealt[key] = dealt.get(key, 0) + 1
    assert dealt == {hand: l12.deals_of(hand) for hand in l12.tiny_hands()}


@given(st.sampled_from(l12.tiny_hands()))
def test_draw_chances_are_unseen_copies_over_the_unseen_cards(hand: tuple[int, ...]) -> None:
    chances = l12.draws(hand)
    assert sum(chances.values()) == 1
    unseen = [card.number for card in TINY_CARDS]
    for number in hand:
        unseen.remove(number)
    assert chances == {n: Fraction(unseen.count(n), len(unseen)) for n in set(unseen)}


def test_hand_values_are_the_worked_fractions() -> None:
    values = l12.tiny_values()
    assert values[(2, 3)] == Fraction(3, 2)
    assert values[(1, 2)] == values[(1, 3)] == values[(2, 4)] == values[(3, 4)] == 3
    assert values[(2, 2)] == values[(3, 3)] == Fraction(7, 2)
    assert values[(1, 4)] == values[(1, 1)] == values[(4, 4)] == Fraction(9, 2)
    assert l12.tiny_average() == Fraction(22, 7)


def test_the_exact_values_are_the_fixed_point_of_the_bellman_equation() -> None:
    values = l12.tiny_values()
    assert all(l12.bellman(hand, values) == value for hand, value in values.items())
    shifted = {hand: value + Fraction(1, 10) for hand, value in values.items()}
    assert any(l12.bellman(hand, shifted) != shifted[hand] for hand in shifted)


def test_the_kits_solver_finds_the_hand_computed_values_on_the_tiny_deck() -> None:
    # The solver works on count profiles with numpy: an independent computation of the same model.
    tiny = solitaire_optimum(l12.TINY_PHASE, hand_size=2, deck=l12.TINY_DECK, cache=False)
    for hand, value in l12.tiny_values().items():
        assert tiny.value(l12.tiny_cards(hand)) == pytest.approx(float(value), abs=1e-9)
    assert tiny.expected_turns == pytest.approx(float(l12.tiny_average()), abs=1e-9)


@given(st.sampled_from(l12.tiny_hands()), st.sampled_from([1, 2, 3, 4]))
def test_the_best_keep_is_never_worse_than_any_other_keep(hand: tuple[int, ...], card: int) -> None:
    cards = tuple(sorted((*hand, card)))
    if card not in l12.draws(hand) or l12.holds_run(cards):
        return
    values = l12.tiny_values()
    assert values[l12.best_keep(cards)] == min(values[keep] for keep in l12.keeps(cards))


# ------------------------------------------------------------------ perfect.bellman


def _max_instead_of_min(hand: tuple[int, ...], values: Mapping[tuple[int, ...], Fraction]) -> Fraction:
    total = Fraction(0)
    for card, chance in l12.draws(hand).items():
        cards = tuple(sorted((*hand, card)))
        if not l12.holds_run(cards):
            total += chance * max(values[keep] for keep in l12.keeps(cards))
    return 1 + total


def _changes_the_table(hand: tuple[int, ...], values: dict[tuple[int, ...], Fraction]) -> Fraction:
    values[hand] = Fraction(0)  # a student's function that writes into the table it was given
    return Fraction(0)


def _uniform_over_numbers(hand: tuple[int, ...], values: Mapping[tuple[int, ...], Fraction]) -> Fraction:
    numbers = list(l12.draws(hand))
    total = Fraction(0)
    for card in numbers:
        cards = tuple(sorted((*hand, card)))
        if not l12.holds_run(cards):
            total += Fraction(1, len(numbers)) * min(values[keep] for keep in l12.keeps(cards))
    return 1 + total


def test_bellman_feedback_names_the_idea_a_wrong_function_misses() -> None:
    exercise = _values("perfect.bellman")
    assert "fewest turns" in exercise.check(_max_instead_of_min, record=False).message
    assert "unseen copies" in exercise.check(_uniform_over_numbers, record=False).message
    feedback = exercise.check(_changes_the_table, record=False)
    assert not feedback.ok and "TypeError" in feedback.message
    assert exercise.check(l12.bellman, record=False).ok  # the tables were not changed by the function above


def test_bellman_accepts_floats_in_the_table() -> None:
    # The notebook's value iteration feeds the equation floats; fractions stay exact.
    floats = {hand: float(value) for hand, value in l12.tiny_values().items()}
    assert l12.bellman((2, 3), floats) == pytest.approx(1.5)  # type: ignore[arg-type]


# ------------------------------------------------------------------ perfect.better_discard (the real deck)


def test_the_dilemma_is_what_the_question_says() -> None:
    hand = parse_cards(l12.DILEMMA)
    opt = solitaire_optimum(phase(1))
    assert len(hand) == 11 and not opt.holds(hand)
    greedy = bot_policy(GreedyBot(seed=0), phase(1))
    assert str(greedy(list(hand))) == "Y10"  # the question says GreedyBot discards Y10
    values = l12.dilemma_values()
    assert values["R7"] < values["Y10"] and l12.dilemma_best() == "R7"
    assert opt.best_discard(hand).number != 10 and values["R7"] == pytest.approx(min(opt.discard_values(hand).values()))


def test_the_discard_guess_must_be_one_of_the_two_cards() -> None:
    exercise = _values("perfect.better_discard")
    assert exercise.check("r7", record=False).ok and exercise.check([Card.parse("R7")], record=False).ok
    refused = exercise.check("B6", record=False)
    assert not refused.ok and "Y10 or R7" in refused.message


# ------------------------------------------------------------------ the ten phases and the bots


def test_quick_phases_hold_the_set_and_colour_phases_and_a_run_phase_only_from_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("P10_CACHE", str(tmp_path))
    assert l12.quick_phases() == [1, 7, 8, 9, 10]
    assert not l12.solved_on_disk(phase(1))
    forget_solved()  # the table in memory came from the real cache: load or solve it again, into this one
    solitaire_optimum(phase(1), cache=True)
    assert l12.solved_on_disk(phase(1))
    (tmp_path / "unrelated.npz").write_bytes(b"")
    assert not l12.solved_on_disk(phase(4))


def test_bots_table_and_figure() -> None:
    table = l12.bots_table([1], deals=4)
    assert list(table["policy"]) == ["optimum", *l12.BOTS_COMPARED]
    summary = l12.bots_summary(table)
    assert list(summary.columns) == ["optimum", *l12.BOTS_COMPARED] and list(summary.index) == [1]
    figure = l12.bots_figure(table, lang="es")
    assert [trace.name for trace in figure.data][1:] == list(l12.BOTS_COMPARED)
    assert figure.layout.yaxis.type == "log"
    assert figure.layout.title.text != l12.bots_figure(table).layout.title.text  # translated


def test_bots_table_plays_only_the_bots_named() -> None:
    table = l12.bots_table([1], deals=4, names=("ExpertBot", "GreedyBot"))
    assert list(table["policy"]) == ["optimum", "ExpertBot", "GreedyBot"]
    assert list(l12.bots_summary(table).columns) == ["optimum", "GreedyBot", "ExpertBot"]
    with pytest.raises(ValueError, match="not a bot of the lesson: 'CleverBot'"):
        l12.bots_table([1], deals=4, names=("CleverBot",))


def test_the_numbers_lesson_12_quotes_for_phase_one() -> None:
    """The notebook's prose quotes these: 30 deals put GreedyBot (4.2, 2.8–5.6) below the exact 4.72 and ahead of
    ExpertBot (5.7, 4.4–7.0), both intervals holding 4.72; 1,000 deals put GreedyBot above it (about 5.1, the
    whole interval) and ExpertBot on it (about 4.8). A change to the bots or the seeds must update the prose."""
    sample = l12.bots_summary(l12.bots_table([1]))
    assert sample.loc[1, "optimum"] == "4.72"
    assert sample.loc[1, "GreedyBot"] == "4.2 (2.8–5.6)" and sample.loc[1, "ExpertBot"] == "5.7 (4.4–7.0)"
    many = l12.bots_table([1], deals=1000, names=("GreedyBot", "ExpertBot")).set_index("policy")
    optimum = many.loc["optimum", "mean_turns"]
    greedy, expert = many.loc["GreedyBot"], many.loc["ExpertBot"]
    assert greedy.low > optimum and round(greedy.mean_turns, 1) == 5.1
    assert expert.low < optimum < expert.high and round(expert.mean_turns, 1) == 4.8


# ------------------------------------------------------------------ perfect.guess_turns


def test_the_revealed_answer_is_the_solvers_expected_turns_of_phase_one() -> None:
    assert round(solitaire_optimum(phase(1)).expected_turns, 4) == l12.GUESS_TURNS_SOLUTION
    assert float(l12.phase1_turns()) == pytest.approx(l12.GUESS_TURNS_SOLUTION, abs=5e-5)


def test_a_turns_guess_is_judged_by_how_far_it_is() -> None:
    exercise = _values("perfect.guess_turns")
    assert exercise.check("5", record=False).ok and exercise.check(4.2, record=False).ok
    assert "too high" in exercise.check("8", record=False).message
    assert "too low" in exercise.check("2", record=False).message
    assert "less than one turn" in exercise.check("0.5", record=False).message
