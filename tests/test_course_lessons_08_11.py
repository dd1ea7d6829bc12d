"""Lessons 08-11 (scoring and variants, deal odds, drawing odds, bots): their exercises, named after the rule
clauses they test, judged by the engine and the probability package."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10kit.actions import parse_action
from phase10kit.cards import CARDS_BY_INDEX, DECK_COUNTS, Card, parse_cards
from phase10kit.course import Exercise, answers, coverage, for_notebook
from phase10kit.course import lesson_08 as l08
from phase10kit.course import lesson_08_options as options
from phase10kit.course import lesson_08_scoring as scoring
from phase10kit.course import lesson_08_variants as variants
from phase10kit.course import lesson_09 as l09
from phase10kit.course import lesson_10 as l10
from phase10kit.course import lesson_11 as l11
from phase10kit.course.base import AnswerError
from phase10kit.game import TIEBREAK_PHASE
from phase10kit.i18n import LANGUAGES
from phase10kit.phases import Phase, phase
from phase10kit.rules import Rules, phase_list
from phase10kit.solver import can_complete

NOTEBOOKS = ("08_scoring_and_variants", "09_deal_odds", "10_drawing_odds", "11_bots")
MODULES = (l08, l09, l10, l11)
OURS: list[Exercise] = [exercise for module in MODULES for exercise in module.EXERCISES]
REQUIRED = (
    "score.points",
    "score.laid_zero",
    "score.advance",
    "game.end",
    "game.winner",
    "game.tiebreak",
    "game.dealer",
    "variant.all_advance",
    "variant.short",
    "variant.even_odd",
    "variant.any_order",
    "variant.twenty",
    "variant.custom",
    "option.skip_next",
    "option.hit_same_turn",
    "option.go_out_discard",
    "option.exact_size",
    "option.all_wild",
    "option.twist_cover",
    "option.skip_from_discard",
    "prob.deal",
    "prob.outs",
    "prob.discard",
    "strategy.bot",
)
FAST = [exercise for exercise in OURS if exercise.id != "bot.write_choose"]


def test_every_clause_of_the_lessons_has_an_exercise_here() -> None:
    covered = {clause for exercise in OURS for clause in exercise.clauses}
    assert set(REQUIRED) <= covered
    registry = coverage()
    assert all(any(ex.notebook in NOTEBOOKS for ex in OURS if ex.id in registry[c]) for c in REQUIRED)


def test_the_registry_lists_the_lessons_in_notebook_order() -> None:
    for module, notebook in zip(MODULES, NOTEBOOKS, strict=True):
        assert [ex.id for ex in for_notebook(notebook)] == [ex.id for ex in module.EXERCISES]
        assert all(ex.notebook == notebook for ex in module.EXERCISES)


@pytest.mark.parametrize("exercise", OURS, ids=lambda ex: ex.id)
def test_solution_accepted_and_each_wrong_answer_refused(exercise: Exercise) -> None:
    assert exercise.check(exercise.solution, record=False).ok
    for wrong in exercise.wrong:
        feedback = exercise.check(wrong, record=False)
        assert not feedback.ok, wrong
        assert feedback.message and feedback.hint


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("exercise", FAST, ids=lambda ex: ex.id)
def test_feedback_in_every_language(exercise: Exercise, lang: str) -> None:
    right = exercise.check(exercise.solution, lang, record=False)
    wrong = exercise.check(exercise.wrong[0], lang, record=False)
    assert right.ok and right.message and not wrong.ok and wrong.message
    assert exercise.question_text(lang) and all(exercise.hint_steps(lang))


JUNK: list[object] = [None, "", "   ", 10**100, -1, object(), [None], {"a": 1}, "p9 p9", "x" * 5000, 1.5, float("nan")]


@pytest.mark.parametrize("exercise", FAST, ids=lambda ex: ex.id)
def test_junk_gets_not_yet_feedback_never_an_exception(exercise: Exercise) -> None:
    for junk in JUNK:
        feedback = exercise.check(junk, record=False)
        assert not feedback.ok and feedback.message


def test_hints_never_quote_the_answer() -> None:
    for exercise in OURS:
        if isinstance(exercise.solution, str) and len(exercise.solution) > 2:
            assert all(exercise.solution not in hint for hint in exercise.hints), exercise.id


# ------------------------------------------------------------------ lesson 08: scoring and the end of the game


@given(st.lists(st.sampled_from(CARDS_BY_INDEX), max_size=12))
def test_score_points_teacher_solution_is_the_rules_scoring(cards: list[Card]) -> None:
    assert scoring._score_solution(cards) == sum(card.points for card in cards)


def test_score_points_and_laid_zero_on_the_scoring_table() -> None:
    game = l08.scoring_position()
    held = list(game.hands[1])
    game.apply(parse_action(l08.GOING_OUT))
    assert game.scores[1] == sum(card.points for card in held) == 35
    assert game.scores[0] == 0 and game.scores[2] == 85


def test_score_advance_only_those_who_laid() -> None:
    game = l08.scoring_position()
    game.apply(parse_action(l08.GOING_OUT))
    assert game.phases == (2, 2, 1)
    assert scoring.WHO_ADVANCES.check("p2 p1", record=False).ok
    assert not scoring.WHO_ADVANCES.check("p1", record=False).ok


def test_game_end_and_winner_lowest_total_among_finishers() -> None:
    game = l08.short_game_position()
    assert not game.over
    game.apply(parse_action(l08.FINAL_DISCARD))
    assert game.over and game.winner == 1 and game.scores[:2] == [45, 35]


def test_game_tiebreak_between_tied_finishers() -> None:
    game = l08.tiebreak_position()
    game.apply(parse_action(l08.FINAL_DISCARD))
    assert game.tiebreak and game.active == (0, 1) and not game.over
    assert game.current_phase(0) == TIEBREAK_PHASE


def test_game_dealer_moves_left_each_round() -> None:
    assert l08.round_start(5, 1) == (4, 0)
    assert l08.round_start(5, 7) == (0, 1)
    assert scoring.FIRST_PLAYER.check("p2", record=False).ok
    assert "deals" in scoring.FIRST_PLAYER.check("p1", record=False).message


def test_variant_all_advance_moves_everyone_on() -> None:
    game = variants.all_advance_position()
    game.apply(parse_action(l08.GOING_OUT))
    assert game.open_phases(2) == (2,)


def test_variant_any_order_phases_come_from_the_engine() -> None:
    assert variants.any_order_phases() == {2, 4, 5, 6}
    assert variants.ANY_ORDER_EXERCISE.check([6, 5, 4, 2], record=False).ok


def test_variant_short_even_twenty_custom_rules() -> None:
    assert variants.SHORT_RULES_EXERCISE.check(Rules(skip_target="next", phases=phase_list("first:3")), record=False).ok
    assert variants.CUSTOM_EXERCISE.check("r5,c5,2s4", record=False).ok
    assert variants.EVEN_EXERCISE.check(Phase.parse("r9"), record=False).ok
    assert variants.TWENTY_EXERCISE.check(" 4S2 ", record=False).ok


@pytest.mark.parametrize(
    "exercise",
    [options.HIT_SAME_TURN, options.GO_OUT, options.EXACT, options.ALL_WILD],
    ids=lambda ex: ex.id,
)
def test_option_exercises_the_refused_move_is_allowed_by_the_other_rules(exercise: Exercise) -> None:
    assert exercise.position is not None
    actions = [exercise.solution, *exercise.wrong]
    refused = [a for a in actions if exercise.position().why_not(parse_action(str(a))) is not None]
    assert refused == [exercise.solution]
    feedback = exercise.check(exercise.solution, record=False)
    assert feedback.ok and "it is allowed" in feedback.message


def test_option_skip_from_discard_lets_p2_take_the_skip() -> None:
    game = l08.skip_from_discard_position()
    assert game.discard_pile[-1].is_skip
    assert game.can_apply(parse_action("p2 take"))
    assert not options.SKIP_FROM_DISCARD_POSITION(Rules()).can_apply(parse_action("p2 take"))


def test_option_twist_cover_nobody_is_skipped() -> None:
    assert l08.twist_position().current_player == 0
    assert l08.twist_position(Rules()).current_player == 1


@pytest.mark.parametrize(
    "typed",
    ["Rules(phases=phase_list('first:3'), skip_target='next')", "Rules(skip_target='next', phases='first:3')"],
)
def test_variant_short_rules_typed_in_an_answer_box(typed: str) -> None:
    assert variants.SHORT_RULES_EXERCISE.check(typed, record=False).ok


@pytest.mark.parametrize(
    "typed", ["Rules(__import__('os').system('true'))", "Rules(phases=open('x'))", "Rules(colour=2)", "Rules("]
)
def test_typed_rules_are_parsed_never_evaluated(typed: str) -> None:
    feedback = variants.SHORT_RULES_EXERCISE.check(typed, record=False)
    assert not feedback.ok and "Rules(" in feedback.message


def test_read_players_refuses_seats_beyond_the_table() -> None:
    with pytest.raises(AnswerError):
        answers.read_players("p4", 3)
    assert answers.read_players(("p3", "P1"), 3) == {0, 2}


# ------------------------------------------------------------------ lesson 09: deal odds


def test_prob_deal_small_deck_counts_match_a_brute_force_enumeration() -> None:
    hands = list(combinations(l09.small_deck_cards(), 3))
    assert len(hands) == comb(12, 3) == 220
    for spec in ("s3", "r3", "c3", "s2"):
        favourable = sum(can_complete(list(hand), Phase.parse(spec)) for hand in hands)
        assert l09.small_chance(spec) == Fraction(favourable, 220)


def test_prob_deal_p_needs_a_fraction() -> None:
    assert not l09.WRITE_P.check(l09._p_float, record=False).ok
    assert "Fraction" in l09.WRITE_P.check(l09._p_float, record=False).message


def test_prob_deal_predict_solutions_are_the_exact_answers_the_reveal_shows() -> None:
    assert l09.GUESS_PHASE2.solution == l09.exact_chance(2)
    assert l10.GUESS_NEXT.solution == l10.exact_odds(parse_cards(l10.RUN_HAND), phase(4), 1, parse_cards(l10.FACE_UP))
    assert l11.GUESS_RANDOM.solution == l11.greedy_win_rate()


def test_prob_deal_phase_10_is_dealt_more_often_than_phase_7() -> None:
    assert l09.exact_chance(10) > l09.exact_chance(7)
    assert abs(float(l09.exact_chance(2)) - 0.298) < 0.001


def test_prob_deal_spread_halves_with_four_times_the_deals() -> None:
    assert 1.6 < l09.spread_ratio(1_000, 4_000) < 2.5
    assert 1.6 < l09.spread_ratio(4_000, 16_000) < 2.5


# ------------------------------------------------------------------ lesson 10: drawing odds


def test_prob_outs_97_unseen_with_the_face_up_discard() -> None:
    assert l10.exact_odds(parse_cards(l10.RUN_HAND), phase(4), 1, parse_cards(l10.FACE_UP)) == Fraction(16, 97)


def test_prob_outs_unseen_counts_every_seen_card() -> None:
    game = l10.unseen_position()
    assert 108 - len(game.hands[0]) - len(l10.seen_by(game, 0)) == 89
    assert l10.UNSEEN.check(89, record=False).ok


def test_prob_outs_respect_the_deck_copies() -> None:
    feedback = l10.OUTS.check("R2 R2 R2 B2 G2 Y2 W", record=False)
    assert not feedback.ok and "2 copies" in feedback.message


def test_prob_outs_small_deck_is_the_real_deck_with_the_rest_seen() -> None:
    seen = l10.complement_of(l09.small_deck_cards())
    assert len(seen) == sum(DECK_COUNTS) - 12
    assert l10.two_draws_chance() == 1 - Fraction(comb(6, 2), comb(8, 2))


def test_prob_discard_best_discards_tie_and_are_accepted() -> None:
    odds = l10.discard_odds()
    best = max(odds.values())
    winners = [card for card, value in odds.items() if value == best]
    assert all(l10.BEST_DISCARD.check(str(card), record=False).ok for card in winners)
    assert not l10.BEST_DISCARD.check("R7", record=False).ok


# ------------------------------------------------------------------ lesson 11: bots


def test_strategy_bot_student_bot_must_return_a_legal_action() -> None:
    feedback = l11.WRITE_CHOOSE.check(lambda view: view.legal[0] if view.stage == "draw" else "discard", record=False)
    assert not feedback.ok and "view.legal" in feedback.message


def test_strategy_bot_take_beats_drawing() -> None:
    assert l11.draw_chance() == Fraction(13, 97)
    game = l11.take_position()
    assert can_complete([*game.hands[0], game.discard_pile[-1]], phase(1))


def test_strategy_bot_skip_the_leader() -> None:
    assert l11.skip_target() == 1
    assert not l11.SKIP_WHOM.check("p1", record=False).ok


def test_strategy_bot_games_needed_is_the_smallest_such_number() -> None:
    from phase10kit.probability import wilson_interval

    n = l11.games_needed()
    low, high = wilson_interval(round(n / 2), n)
    before = wilson_interval(round((n - 1) / 2), n - 1)
    assert (high - low) / 2 <= 0.05 < (before[1] - before[0]) / 2


def test_strategy_bot_student_bot_has_a_thinking_budget_for_the_whole_tournament() -> None:
    import time

    from phase10kit.bots import RandomBot, play_game

    def slow(view: object) -> object:
        busy_until = time.process_time() + 0.02  # computing: the budget counts the bot's computing time
        while time.process_time() < busy_until:
            pass
        return l11._choose_solution(view)  # type: ignore[arg-type]

    bot = l11.StudentBot(slow, seed=1, budget=l11.Budget(0.1))
    with pytest.raises(AnswerError, match="more than"):
        play_game([bot, RandomBot(seed=2)], rules=l11.SHORT, seed=3)


@given(st.frozensets(st.integers(min_value=0, max_value=5), min_size=1))
def test_read_players_reads_what_names_writes(seats: frozenset[int]) -> None:
    assert answers.read_players(scoring.names(seats), 6) == seats
    assert answers.read_players(scoring.names(seats).upper().replace(" ", ", "), 6) == seats


def test_play_positions_are_one_move_from_the_moment_the_question_is_about() -> None:
    assert l08.scoring_position().can_apply(parse_action(l08.GOING_OUT))
    for position in (l08.short_game_position, l08.tiebreak_position):
        game = position()
        assert game.can_apply(parse_action(l08.FINAL_DISCARD)) and len(game.hands[1]) == 1
    assert l11.skip_position().current_player == 0 and any(card.is_skip for card in l11.skip_position().hands[0])
