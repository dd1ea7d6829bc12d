"""The seeded match that judges ``bot.write_choose`` (``phase10kit.course.bot_match``): the teacher's solution passes,
``view.legal[0]``, random bots and other weak bots fail, every submission gets the same verdict each time, a text
returned for an action gets its own sentence, and a slow bot is stopped with a sentence."""

from __future__ import annotations

import random
import time

import numpy as np
import pytest

from phase10kit.actions import Action, Discard, Draw, Hit, Lay
from phase10kit.course import bot_match, exercises
from phase10kit.course.lesson_11 import _choose_solution
from phase10kit.game import PlayerView

EXERCISE = exercises["bot.write_choose"]


def _first(view: PlayerView, kinds: tuple[type, ...]) -> Action | None:
    for kind in kinds:
        options = [action for action in view.legal if isinstance(action, kind)]
        if options:
            return options[0]
    return None


def _discards(view: PlayerView) -> list[Discard]:
    return [action for action in view.legal if isinstance(action, Discard)]


def first_legal(view: PlayerView) -> Action:
    return view.legal[0]


def last_legal(view: PlayerView) -> Action:
    return view.legal[-1]


def unseeded_random(view: PlayerView) -> Action:
    return random.choice(view.legal)


def numpy_random(view: PlayerView) -> Action:
    return view.legal[int(np.random.randint(len(view.legal)))]


def cheapest_discard(view: PlayerView) -> Action:
    return _first(view, (Lay, Hit, Draw)) or min(_discards(view), key=lambda a: a.card.points)


def wild_discarded_first(view: PlayerView) -> Action:
    return _first(view, (Lay, Hit, Draw)) or max(_discards(view), key=lambda a: a.card.points)


def last_discard(view: PlayerView) -> Action:
    return _first(view, (Lay, Hit, Draw)) or _discards(view)[-1]


def never_hits(view: PlayerView) -> Action:
    return _first(view, (Lay, Draw)) or max(_discards(view), key=lambda a: -1 if a.card.is_wild else a.card.points)


WEAK = [first_legal, last_legal, unseeded_random, numpy_random, cheapest_discard, wild_discarded_first, last_discard]


def test_the_teachers_solution_passes_with_its_numbers() -> None:
    feedback = EXERCISE.check(_choose_solution, record=False)
    assert feedback.ok, feedback.message
    result = bot_match.play_match(_choose_solution)
    assert result.games == bot_match.MATCH_GAMES and result.wins >= bot_match.NEED_WINS
    assert result.points <= bot_match.MAX_POINTS * bot_match.MATCH_GAMES


@pytest.mark.parametrize("weak", WEAK, ids=lambda f: f.__name__)
def test_a_weak_bot_fails(weak: object) -> None:
    feedback = EXERCISE.check(weak, record=False)
    assert not feedback.ok, feedback.message
    assert "RandomBot" in feedback.message or "penalty points" in feedback.message, feedback.message


def test_a_bot_that_never_hits_cannot_go_out_and_is_told() -> None:
    feedback = EXERCISE.check(never_hits, record=False)
    assert not feedback.ok and "did not end within" in feedback.message


def test_the_same_submission_gets_the_same_verdict_each_time() -> None:
    for choose in (unseeded_random, numpy_random):
        messages = set()
        for _ in range(3):
            random.seed(time.time_ns())  # whatever state the student's kernel is in
            np.random.seed(time.time_ns() % 2**32)
            messages.add(EXERCISE.check(choose, record=False).message)
        assert len(messages) == 1, messages


def test_the_match_gives_the_global_generators_their_state_back() -> None:
    random.seed(5)
    np.random.seed(5)
    expected = random.random(), np.random.random()
    random.seed(5)
    np.random.seed(5)
    EXERCISE.check(unseeded_random, record=False)
    assert (random.random(), np.random.random()) == expected


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_a_random_bot_fails_whatever_its_own_seed(seed: int) -> None:
    rng = random.Random(seed)
    assert not EXERCISE.check(lambda view: rng.choice(view.legal), record=False).ok


def test_a_text_returned_for_an_action_gets_its_own_sentence() -> None:
    message = EXERCISE.check(lambda view: str(view.legal[0]), record=False).message
    assert message.startswith("Your choose returned the text 'p1 draw': return the action object itself"), message
    translated = EXERCISE.check(lambda view: str(view.legal[0]), lang="hr", record=False).message
    assert "'p1 draw'" in translated and "return the action" not in translated


def test_an_illegal_action_is_shown_in_the_notation_like_the_legal_ones() -> None:
    message = EXERCISE.check(lambda view: Draw(player=view.player + 1), record=False).message
    assert message == "Your choose returned p2 draw, which is not one of view.legal: p1 draw, p1 take.", message


def test_a_slow_but_legal_bot_is_stopped_with_a_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot_match, "MATCH_SECONDS", 0.5)

    def slow(view: PlayerView) -> Action:
        busy_until = time.process_time() + 0.01  # computing, not sleeping: the budget counts computing time
        while time.process_time() < busy_until:
            pass
        return _choose_solution(view)

    feedback = EXERCISE.check(slow, record=False)
    assert not feedback.ok and "took more than 0.5 seconds of computing" in feedback.message


def test_a_bot_that_sleeps_is_stopped_by_the_clock_without_being_called_slow(monkeypatch: pytest.MonkeyPatch) -> None:
    # A sleeping bot uses no computing time: the match's wall-clock limit ends it, and the sentence says what
    # happened without calling a fast bot slow (on a busy server, a right bot can meet this limit too).
    monkeypatch.setattr(bot_match, "MATCH_WAIT", 0.5)

    def sleepy(view: PlayerView) -> Action:
        time.sleep(0.01)
        return _choose_solution(view)

    started = time.monotonic()
    feedback = EXERCISE.check(sleepy, record=False)
    assert time.monotonic() - started < 0.5 + 1.5  # the wait, one move and the engine's move after it
    assert not feedback.ok and "seconds on the clock" in feedback.message and "run the check again" in feedback.message


def test_the_question_states_the_matchs_numbers() -> None:
    question = EXERCISE.question
    for number in (bot_match.MATCH_GAMES, bot_match.NEED_WINS, bot_match.MAX_POINTS):
        assert f" {number} " in question, question


def test_the_thresholds_lie_between_the_solution_and_view_legal_0() -> None:
    # On the fixed match of 50 games: the solution keeps 40.7 points a game and wins 49; view.legal[0] keeps 77.3.
    solution = bot_match.play_match(_choose_solution, stop_early=False)
    first = bot_match.play_match(first_legal, stop_early=False)
    assert solution.points / solution.games <= bot_match.MAX_POINTS - 15
    assert first.points / first.games >= bot_match.MAX_POINTS + 15
    assert solution.wins >= bot_match.NEED_WINS + 3
