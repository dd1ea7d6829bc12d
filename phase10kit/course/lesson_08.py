"""Lesson 08, scoring, winning and variants: the exercises of ``teacher/08_scoring_and_variants.ipynb``.

The engine is the judge. Each table position is dealt with ``Game.from_deal`` (or written as a history for a
second round) and played on by a fixed script, so it never depends on a bot or a random generator: the
judge plays the last move and reads the scores, the phases, the winner or the tie-break from the game.
"Round" is one deal; "hand" is the cards a player holds.

The lesson is written in three parts: scoring and winning (``lesson_08_scoring``), the variants
(``lesson_08_variants``) and the rule options (``lesson_08_options``). This module lists their exercises in
the notebook's order and names the positions the notebooks open.

>>> from phase10kit.course.lesson_08 import EXERCISES
>>> len(EXERCISES), all(exercise.check(exercise.solution, record=False).ok for exercise in EXERCISES)
(18, True)
"""

from __future__ import annotations

from phase10kit.course.base import Exercise
from phase10kit.course.lesson_08_options import OPTION_EXERCISES, skip_from_discard_position, twist_position
from phase10kit.course.lesson_08_scoring import (
    FINAL_DISCARD,
    GOING_OUT,
    SCORING_EXERCISES,
    round_start,
    scoring_position,
    short_game_position,
    tiebreak_position,
)
from phase10kit.course.lesson_08_variants import VARIANT_EXERCISES, any_order_position

EXERCISES: tuple[Exercise, ...] = SCORING_EXERCISES + VARIANT_EXERCISES + OPTION_EXERCISES
"""The exercises of lesson 08, in the notebook's order."""

__all__ = [
    "EXERCISES",
    "FINAL_DISCARD",
    "GOING_OUT",
    "any_order_position",
    "round_start",
    "scoring_position",
    "short_game_position",
    "skip_from_discard_position",
    "tiebreak_position",
    "twist_position",
]
