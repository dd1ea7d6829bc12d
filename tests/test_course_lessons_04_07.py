"""Lessons 04-07 (colour groups, Wilds, Skips, the phases and a turn): their exercises and positions.

Tests are named after the rule clauses they pin (docs/rules.md, "Clause ids"). The engine judges
every exercise; these tests check that the lessons ask it the right questions: each solution is
accepted, each typical wrong answer refused with a reason, exactly one move of each "spot" exercise
is refused, the positions say what the questions claim, and the teachers' solutions of the
"write it yourself" exercises agree with the engine on random cases.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10kit import Card, Group, GroupKind, parse_cards
from phase10kit.cards import CARDS_BY_INDEX, DECK_COUNTS, SKIP, excess_over_deck
from phase10kit.course import lesson_04, lesson_05, lesson_06, lesson_07
from phase10kit.course.base import Exercise
from phase10kit.course.lesson_06 import split_moves
from phase10kit.groups import InvalidGroupError, arrange
from phase10kit.i18n import LANGUAGES

LESSONS = {
    "04_colour_groups": lesson_04,
    "05_wilds": lesson_05,
    "06_skips": lesson_06,
    "07_phases_and_a_turn": lesson_07,
}
ALL = [exercise for module in LESSONS.values() for exercise in module.EXERCISES]
IDS = [exercise.id for exercise in ALL]

REQUIRED = [
    "group.colour",
    "wild.any",
    "wild.natural",
    "wild.pinned",
    "wild.run_bounds",
    "skip.not_in_group",
    "skip.lose_turn",
    "skip.choose",
    "skip.once_per_circuit",
    "skip.first_discard",
    "phase.list",
    "phase.same_number",
    "phase.disjoint",
    "phase.whole",
    "phase.extra_cards",
    "phase.one_per_hand",
    "phase.in_order",
    "turn.draw",
    "turn.no_skip_from_discard",
    "turn.refill",
    "turn.hit_own",
    "turn.hit_others_next",
    "turn.hit_fit",
    "turn.discard",
    "hand.going_out",
]


@pytest.fixture(autouse=True)
def _progress_file(tmp_path, monkeypatch):
    monkeypatch.setenv("P10_PROGRESS", str(tmp_path / "progress.jsonl"))


def test_lessons_cover_their_clauses() -> None:
    covered = {clause for exercise in ALL for clause in exercise.clauses}
    assert sorted(set(REQUIRED) - covered) == []


def test_each_notebook_asks_several_kinds() -> None:
    for stem, module in LESSONS.items():
        assert all(exercise.notebook == stem for exercise in module.EXERCISES)
        assert len(module.EXERCISES) >= 4
        assert len({exercise.kind for exercise in module.EXERCISES}) >= 3


@pytest.mark.parametrize("exercise", ALL, ids=IDS)
def test_solution_accepted_in_every_language(exercise: Exercise) -> None:
    for lang in LANGUAGES:
        feedback = exercise.check(exercise.solution, lang, record=False)
        assert feedback.ok, (lang, feedback.message)
        assert feedback.message


@pytest.mark.parametrize("exercise", ALL, ids=IDS)
def test_wrong_answers_refused_with_a_reason(exercise: Exercise) -> None:
    assert len(exercise.wrong) >= 2
    for wrong in exercise.wrong:
        for lang in LANGUAGES:
            feedback = exercise.check(wrong, lang, record=False)
            assert not feedback.ok, (wrong, lang)
            assert feedback.message and feedback.hint, (wrong, lang)
            assert "Traceback" not in feedback.message


@pytest.mark.parametrize("exercise", ALL, ids=IDS)
@pytest.mark.parametrize("junk", [None, "", "junk", 10**100, -1, [1, 2], {"a": 1}, object(), b"R7", 3.5])
def test_junk_is_not_yet_and_never_raises(exercise: Exercise, junk: object) -> None:
    assert not exercise.check(junk, record=False).ok


@pytest.mark.parametrize("exercise", ALL, ids=IDS)
def test_hints_step_from_a_nudge_and_never_give_the_answer(exercise: Exercise) -> None:
    assert len(exercise.hints) >= 2
    if isinstance(exercise.solution, str) and len(exercise.solution) > 2:
        assert all(exercise.solution not in hint for hint in exercise.hints)
        assert exercise.solution not in exercise.question or exercise.kind == "spot"


SPOTS = [exercise for exercise in ALL if exercise.kind == "spot"]


@pytest.mark.parametrize("exercise", SPOTS, ids=[exercise.id for exercise in SPOTS])
def test_spot_has_four_moves_and_the_engine_refuses_exactly_one(exercise: Exercise) -> None:
    assert exercise.position is not None
    choices = (exercise.solution, *exercise.wrong)
    assert len(set(choices)) == 4
    refused = []
    for choice in choices:
        assert isinstance(choice, str)
        game = exercise.position()
        if lesson_06.first_refusal(game, split_moves(choice)) is not None:
            refused.append(choice)
    assert refused == [exercise.solution]


def test_deck_copies_builders_refuse_impossible_hands() -> None:
    for exercise in ALL:
        if exercise.kind == "build":
            assert excess_over_deck(parse_cards(exercise.hand)) == []
            feedback = exercise.check("B4 B4 B4", record=False)
            assert not feedback.ok and "2" in feedback.message


def test_group_colour_two_yellow_sevens_count_twice() -> None:
    case = next(case for case in lesson_04.COLOUR_CASES if case.args[0] == parse_cards("Y7 Y7 Y2"))
    assert case.expected is True


def test_group_colour_small_deck_chance_counted_two_ways() -> None:
    # By hand: the first card is free, then 2 of the 11 left, then 1 of the 10 left.
    assert lesson_04.small_deck_colour_chance() == pytest.approx(2 / 11 * 1 / 10)


def test_prob_outs_respect_the_two_copies() -> None:
    outs = lesson_04.phase8_outs()
    assert Card.parse("B4") not in outs and Card.parse("W") in outs
    assert lesson_04.PHASE8_OUTS.solution == len(outs)


def _deck_lists(min_size: int = 1, max_size: int = 8) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(CARDS_BY_INDEX), min_size=min_size, max_size=max_size).filter(
        lambda cards: not excess_over_deck(cards)
    )


def _colour_lists() -> st.SearchStrategy[list[Card]]:
    """Mostly one colour, with Wilds and Skips now and then: the interesting cases of a colour group."""
    blue = [card for card in CARDS_BY_INDEX if card.color is not None and card.color.value == "B"]
    pool = blue + [CARDS_BY_INDEX[48]] * 3 + [SKIP, Card.parse("R5")]
    return st.lists(st.sampled_from(pool), min_size=1, max_size=8).filter(lambda cards: not excess_over_deck(cards))


def _is_group(kind: GroupKind, cards: list[Card]) -> bool:
    try:
        arrange(kind, cards)
    except InvalidGroupError:
        return False
    return True


@given(st.one_of(_deck_lists(), _colour_lists()))
def test_group_colour_teacher_solution_agrees_with_the_engine(cards: list[Card]) -> None:
    assert lesson_04.is_colour_group_solution(cards) == _is_group(GroupKind.COLOR, cards)


@st.composite
def _runs(draw: st.DrawFn) -> Group:
    low = draw(st.integers(1, 12))
    length = draw(st.integers(1, 13 - low))
    numbers = range(low, low + length)
    cards = [
        draw(st.sampled_from([CARDS_BY_INDEX[(n - 1) * 4 + c] for c in range(4)] + [CARDS_BY_INDEX[48]]))
        for n in numbers
    ]
    if all(card.is_wild for card in cards):
        cards[0] = CARDS_BY_INDEX[(low - 1) * 4]
    return Group.make(GroupKind.RUN, cards)


@given(_runs(), st.sampled_from(CARDS_BY_INDEX))
def test_turn_hit_fit_teacher_fits_run_agrees_with_the_engine(run: Group, card: Card) -> None:
    assert lesson_05.fits_run_solution(run, card) == bool(run.fits(card))


def test_wild_run_bounds_position_has_a_wild_standing_for_one() -> None:
    game = lesson_05.bounds_position()
    run = game.melds[0][1]
    assert run.low == 1 and run.cards[0].is_wild


def test_wild_pinned_the_wild_keeps_five_after_hits() -> None:
    run = Group.parse(lesson_05.PINNED_GROUP).extend(Card.parse("W"), "low").extend(Card.parse("Y7"))
    assert run.wild_values() == [2, 5]
    assert Card.parse("G5") not in lesson_05.pinned_fits()


def test_wild_any_small_deck_chances() -> None:
    # By hand without Wilds: 3 runs (1-2-3, 2-3-4, 3-4-5), 2 colours for each card: 24 of 120 hands.
    assert lesson_05.run_chance(lesson_05.SMALL_DECK) == pytest.approx(24 / 120)
    assert lesson_05.run_chance_with_wilds() > lesson_05.run_chance(lesson_05.SMALL_DECK)


def test_skip_first_discard_position_and_chance() -> None:
    game = lesson_06.first_position()
    assert game.discard_pile[-1].is_skip and game.dealer == 2
    assert lesson_06.flip_skip_chance() == pytest.approx(DECK_COUNTS[49] / sum(DECK_COUNTS))


def test_skip_first_discard_the_notebooks_demo_deal_turns_up_a_skip() -> None:
    from widgets import SkipDemo

    demo = SkipDemo(players=4, deal="flipped-skip")
    assert demo.game.discard_pile[-1].is_skip and demo.game.current_player == 1


def test_skip_once_per_circuit_and_skip_from_discard_positions() -> None:
    game = lesson_06.circuit_position()
    assert game.skipped == [False, False, True, False] and game.current_player == 1
    assert lesson_06.discard_position().discard_pile[-1] == SKIP


def test_turn_refill_position_matches_the_question() -> None:
    game = lesson_07.refill_position()
    assert game.deck_size == 0 and game.stage == "draw"
    assert f"holds {len(game.discard_pile)} cards" in lesson_07.REFILL.question


def test_phase_one_per_hand_custom_game_moves_on_one_phase() -> None:
    game = lesson_07.custom_game()
    assert game.round == 2 and game.done[0] == (1,) and not game.is_over()


def test_phase_same_number_hand_holds_five_sevens() -> None:
    hand = lesson_07.same_position().hands[0]
    assert sum(card.number == 7 for card in hand) == 5


def test_hand_going_out_position_holds_two_cards() -> None:
    game = lesson_07.out_position()
    assert [str(card) for card in game.hands[0]] == ["G5", "G7"] and game.current_player == 0


@pytest.mark.parametrize("stem", list(LESSONS))
def test_each_teacher_notebook_checks_every_exercise_of_its_lesson_once_with_a_solution(stem: str) -> None:
    import json
    from pathlib import Path

    notebook = json.loads((Path(__file__).parent.parent / "teacher" / f"{stem}.ipynb").read_text(encoding="utf-8"))
    code = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    checked = [
        exercise.id for exercise in LESSONS[stem].EXERCISES if sum(f'grade("{exercise.id}"' in c for c in code) == 1
    ]
    assert checked == [exercise.id for exercise in LESSONS[stem].EXERCISES]
    solutions = [c for c in code if "### BEGIN SOLUTION" in c]
    assert len(solutions) == len(LESSONS[stem].EXERCISES)
    markdown = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown"]
    assert markdown[0].startswith(f"# {stem[:2]} ·") and "**Time:**" in markdown[0] and "**Assumes:**" in markdown[0]
    assert "## Recap" in markdown[-1] and "**Next:**" in markdown[-1]


@pytest.mark.parametrize("lang", ["en", "cs", "ko"])
def test_an_exact_guess_is_called_exact_not_close(lang: str) -> None:
    from fractions import Fraction

    from phase10kit.course import lesson_09
    from phase10kit.i18n import translator

    t = translator(lang)
    for make in (lesson_04.predict_judge, lesson_09.predict_judge):
        judge = make(lambda: Fraction(9, 22))
        ok, exact_message = judge("9/22", t)
        near_ok, near_message = judge("0.4", t)
        assert ok and near_ok and exact_message != near_message
        assert exact_message.startswith(t.gettext("Exactly right: {guess} is the exact chance (about {percent}).")[:5])
    assert translator("cs").gettext("Exactly right: {guess} is the exact chance (about {percent}).") != (
        "Exactly right: {guess} is the exact chance (about {percent})."
    )
    assert "40,9" in lesson_04.predict_judge(lambda: Fraction(9, 22))("9/22", translator("cs"))[1]
