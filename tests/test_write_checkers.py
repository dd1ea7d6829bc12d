"""An adversarial battery for the checkers of the ten "write it yourself" exercises.

For each exercise: the teacher's solution, as the teacher's notebook writes it, is accepted; every plausible wrong
function below (it reads a Skip's number or colour, ignores or counts Wilds, is off by one at a run's ends, wraps
12 to 1, works in floats, ...) is refused, and the refusal names a failing call in the notation
(``is_set(S S S) should be False, not True: ...``). The bot exercise has its own tests in ``test_write_bot.py``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from phase10kit.actions import Discard, Draw, Hit, Lay
from phase10kit.cards import Card
from phase10kit.course import exercises
from phase10kit.course.exactness import inexact
from phase10kit.course.lesson_12 import draws, holds_run, keeps
from phase10kit.solver import can_complete
from tests.wrong_odds import (
    ODDS_BATTERY,
    bellman_float,
    bellman_float_chances,
    chance_float,
    chance_fraction_of_a_float,
    favourable,
    p_decimal,
    p_float,
    p_fraction_of_a_float,
    p_fraction_of_a_string,
    p_numpy,
    p_rounded,
)
from tests.wrong_rules import RULES_BATTERY, colour_skip_has_no_colour, fits_skip_is_zero, set_skip_is_zero

ROOT = Path(__file__).resolve().parent.parent

NOTEBOOK_OF = {
    "cards.could_be_dealt": ("01_cards_and_deck", "could_be_dealt"),
    "sets.is_set": ("02_sets", "is_set"),
    "runs.is_run": ("03_runs", "is_run"),
    "colour.is_colour_group": ("04_colour_groups", "is_colour_group"),
    "wilds.fits_run": ("05_wilds", "fits_run"),
    "score.write": ("08_scoring_and_variants", "score"),
    "deal.write_p": ("09_deal_odds", "P"),
    "draw.write_chance": ("10_drawing_odds", "chance_next"),
    "bot.write_choose": ("11_bots", "choose"),
    "perfect.bellman": ("12_perfect_play", "bellman"),
}
"""Each write exercise, its teacher's notebook and the name of the function the student writes there."""

# What the notebooks have imported by the time the student writes the function.
NOTEBOOK_NAMES: dict[str, Any] = {
    "Counter": Counter,
    "Fraction": Fraction,
    "Lay": Lay,
    "Hit": Hit,
    "Draw": Draw,
    "Discard": Discard,
    "can_complete": can_complete,
    "draws": draws,
    "holds_run": holds_run,
    "keeps": keeps,
}


def teacher_solution(exercise_id: str) -> Callable[..., Any]:
    """The teacher's solution of a write exercise, read from its solution cell in ``teacher/NN_*.ipynb``."""
    stem, name = NOTEBOOK_OF[exercise_id]
    notebook = json.loads((ROOT / "teacher" / f"{stem}.ipynb").read_text(encoding="utf-8"))
    sources = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    (source,) = [s for s in sources if s.startswith(f"def {name}(") and "### BEGIN SOLUTION" in s]
    namespace = dict(NOTEBOOK_NAMES)
    exec(source, namespace)
    function: Callable[..., Any] = namespace[name]
    return function


def test_the_write_exercises_are_the_ten_of_this_battery() -> None:
    assert sorted(e.id for e in exercises.values() if e.kind == "write") == sorted(NOTEBOOK_OF)


@pytest.mark.parametrize("exercise_id", sorted(NOTEBOOK_OF))
def test_the_teachers_solution_is_accepted(exercise_id: str) -> None:
    feedback = exercises[exercise_id].check(teacher_solution(exercise_id), record=False)
    assert feedback.ok, feedback.message


BATTERY = {**RULES_BATTERY, **ODDS_BATTERY}
"""The wrong functions of each exercise (the bot's weak bots are in ``test_write_bot.py``)."""

WRONG = [(exercise_id, wrong) for exercise_id, battery in BATTERY.items() for wrong in battery]


@pytest.mark.parametrize(("exercise_id", "wrong"), WRONG, ids=[f"{e}-{w.__name__}" for e, w in WRONG])
def test_a_wrong_function_is_refused_naming_a_failing_case(exercise_id: str, wrong: Callable[..., Any]) -> None:
    feedback = exercises[exercise_id].check(wrong, record=False)
    name = NOTEBOOK_OF[exercise_id][1]
    assert not feedback.ok, f"{exercise_id}: {wrong.__name__} is accepted"
    assert f"{name}(" in feedback.message and "hidden case" in feedback.message, feedback.message


def test_the_known_holes_are_closed_with_the_case_that_shows_them() -> None:
    message = exercises["sets.is_set"].check(set_skip_is_zero, record=False).message
    assert "is_set(S S S) should be False, not True" in message
    message = exercises["colour.is_colour_group"].check(colour_skip_has_no_colour, record=False).message
    assert "is_colour_group(S S) should be False, not True" in message
    message = exercises["wilds.fits_run"].check(fits_skip_is_zero, record=False).message
    assert "fits_run(r[R1 R2 R3], S) should be False, not True" in message


# ------------------------------------------------------------------ exactness


EXACT = ["deal.write_p", "draw.write_chance", "perfect.bellman"]
INEXACT: dict[str, list[Callable[..., Any]]] = {
    "deal.write_p": [p_float, p_fraction_of_a_float, p_fraction_of_a_string, p_rounded, p_decimal, p_numpy],
    "draw.write_chance": [chance_float, chance_fraction_of_a_float],
    "perfect.bellman": [bellman_float, bellman_float_chances],
}


@pytest.mark.parametrize(
    ("exercise_id", "wrong"),
    [(e, w) for e, ws in INEXACT.items() for w in ws],
    ids=[f"{e}-{w.__name__}" for e, ws in INEXACT.items() for w in ws],
)
def test_an_inexact_result_is_told_to_be_an_exact_fraction_not_a_wrong_value(
    exercise_id: str, wrong: Callable[..., Any]
) -> None:
    message = exercises[exercise_id].check(wrong, record=False).message
    assert "exact Fraction" in message or "a Fraction of whole numbers" in message, message
    assert "should be" not in message, message  # the value is not blamed: only its exactness


@pytest.mark.parametrize("lang", ["es", "hr", "cs", "uk", "ko"])
def test_the_exactness_sentences_are_translated(lang: str) -> None:
    english = exercises["deal.write_p"].check(p_fraction_of_a_float, record=False).message
    message = exercises["deal.write_p"].check(p_fraction_of_a_float, lang=lang, record=False).message
    assert message != english and "Fraction(a, b)" in message
    english = exercises["draw.write_chance"].check(chance_float, record=False).message
    message = exercises["draw.write_chance"].check(chance_float, lang=lang, record=False).message
    assert message != english and "Fraction(3, 8)" in message


def test_floats_stay_fine_where_the_answer_is_a_whole_number_of_points() -> None:
    def float_score(hand: list[Card]) -> float:
        return float(sum(card.points for card in hand))

    assert exercises["score.write"].check(float_score, record=False).ok


def test_a_fraction_equal_to_the_exact_value_counts_however_it_was_made() -> None:
    def p_limited(event: Callable[[object], bool], space: Sequence[object]) -> Fraction:
        return Fraction(favourable(event, space) / len(space)).limit_denominator(10_000)

    assert exercises["deal.write_p"].check(p_limited, record=False).ok


def test_inexact_tells_a_float_from_a_fraction_made_from_one() -> None:
    assert inexact(np.float64(0.5), Fraction(1, 2)) == "float"
    assert inexact(Decimal("0.5"), Fraction(1, 2)) == "float"
    assert inexact(np.int64(1), Fraction(1)) is None and inexact(1, Fraction(1)) is None
    assert inexact(Fraction(1 / 55), Fraction(1, 55)) == "from_float"
    assert inexact(Fraction(2, 55), Fraction(1, 55)) is None  # simply wrong: the case says what it should be
    assert inexact(0.5, True) is None and inexact(None, Fraction(1)) is None
