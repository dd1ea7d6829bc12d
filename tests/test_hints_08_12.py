"""Hints that teach, lessons 08-12 (issue 24, Build 5): every exercise has three or four hint steps and a worked
solution in every language; no hint step gives the exercise's answer, and the worked solution reaches it.

"Gives the answer" is checked mechanically, in every language, on the accepted solution itself:

- a number in any written form: the fraction ``a/b``, a decimal or a percentage rounded to 1-4 (percentages 0-2)
  decimals with a point or a comma (only roundings with two significant digits or more: ``0.02`` says little about
  1/55), a whole number as a token (``35``, not the 35 of ``p35`` or ``R35``), and for a fraction any two whole
  numbers of one hint whose ratio is the answer (``4 of the 220 hands`` gives 1/55);
- a text answer verbatim (``p1 p2``, ``Y12``, ``p2 hit p1.1 G7``; case-sensitive: the card ``R9`` is not the
  phase ``r9``);
- a ``Rules(...)`` answer when one hint names every field that differs from the default rules;
- a function when a hint holds a line of the teacher's code (at least 16 characters, keywords stripped).

A hint can still say the answer in words ("the third of them is standard Phase 6" for ``r9``): no pattern sees
that, so every hint of these lessons was also read for it (the CHANGELOG lists what moved into the worked
solutions). The worked solution must hold the answer in one of those forms (for a function: a line of the
teacher's code and a ``return``), keep one step per line in every language, and write its numbers the language's
way. The figures the worked solutions quote are checked against the kit's own computations.

The test for lessons 00-07 (written at the same time, in another branch) holds the same rules; the two can be
folded into one test over every lesson once both are merged.
"""

from __future__ import annotations

import inspect
import re
import textwrap
from collections.abc import Callable
from dataclasses import fields
from fractions import Fraction
from math import comb

import pytest

from phase10kit.course import lesson_08, lesson_09, lesson_10, lesson_11, lesson_12
from phase10kit.course.base import Exercise
from phase10kit.i18n import LANGUAGES, translator
from phase10kit.phases import phase
from phase10kit.probability import solitaire_optimum, wilson_interval
from phase10kit.rules import Rules, phase_list

EXERCISES: tuple[Exercise, ...] = (
    lesson_08.EXERCISES + lesson_09.EXERCISES + lesson_10.EXERCISES + lesson_11.EXERCISES + lesson_12.EXERCISES
)
COMMA_LANGUAGES = ("es", "hr", "cs", "uk")
"""The languages whose decimal mark is a comma (Babel's CLDR data: phase10kit.i18n.decimal)."""

ALLOWED: dict[tuple[str, str], str] = {}
"""(exercise id, English hint) -> why that hint may name something that looks like the answer. Empty: every hint of
lessons 08-12 was written to avoid the answer's forms; add an entry only where no honest wording can."""


def _pattern(text: str) -> re.Pattern[str]:
    """``text`` as a token: not glued to a letter, digit or decimal mark on either side."""
    return re.compile(r"(?<![0-9A-Za-z_.,/])" + re.escape(text) + r"(?![0-9A-Za-z_]|[.,][0-9]|\s*/\s*[0-9])")


def _significant(digits: str) -> int:
    return len(digits.replace(".", "").replace("-", "").lstrip("0"))


def number_patterns(value: Fraction) -> list[re.Pattern[str]]:
    """The written forms of a number: fraction, whole number, decimals and percentages (point or comma)."""
    patterns = []
    if value.denominator == 1:
        patterns.append(_pattern(str(value.numerator)))
    else:
        patterns.append(re.compile(rf"(?<![0-9]){value.numerator}\s*/\s*{value.denominator}(?![0-9])"))
    for places in range(1, 5):
        text = f"{float(value):.{places}f}"
        if _significant(text) >= 2:
            whole, part = text.split(".")
            patterns.append(re.compile(rf"(?<![0-9.,]){whole}[.,]{part}(?![0-9])"))
    for places in range(3):
        text = f"{float(value) * 100:.{places}f}"
        if _significant(text) >= 2:
            mark = text.replace(".", "[.,]")
            patterns.append(re.compile(rf"(?<![0-9.,]){mark}\s*%"))
    return patterns


WHOLE = re.compile(r"(?<![0-9.,])[0-9]+(?![0-9]|[.,][0-9])")


def ratio_gives(value: Fraction, text: str) -> bool:
    """Two whole numbers of ``text`` whose ratio is ``value`` (``13 of the 28 pairs``), denominators from 10 up."""
    if value.denominator == 1:
        return False
    numbers = {int(number) for number in WHOLE.findall(text)}
    return any(low != high and high >= 10 and Fraction(low, high) == value for low in numbers for high in numbers)


def _value_of(solution: object) -> Fraction | None:
    if isinstance(solution, bool):
        return None
    if isinstance(solution, int | float | Fraction):
        return Fraction(solution)
    return None


def rules_forms(rules: Rules) -> list[list[str]]:
    """For each field a ``Rules`` answer changes, the ways a hint could write its value."""
    forms = []
    default = Rules()
    for field in fields(Rules):
        value = getattr(rules, field.name)
        if value == getattr(default, field.name):
            continue
        if field.name == "phases":
            names = [str(each) for each in value]
            written = [", ".join(names), ",".join(names)]
            written += [f"first:{n}" for n in range(1, 11) if phase_list(f"first:{n}") == value]
        else:
            written = [f"{field.name}={value!r}", f'{field.name}="{value}"' if isinstance(value, str) else ""]
        forms.append([form for form in written if form])
    return forms


KEYWORDS = re.compile(r"^(?:return|if|elif|for|while|else:)\s*")


def code_lines(function: Callable[..., object]) -> list[str]:
    """The lines of the teacher's solution (its body, comments and docstring left out), keywords stripped."""
    source = textwrap.dedent(inspect.getsource(function))
    body = source.split('"""')[-1] if '"""' in source else source.split(":\n", 1)[1]
    lines = []
    for line in body.splitlines():
        line = KEYWORDS.sub("", line.split("  #")[0].strip()).rstrip(":").strip()
        if len(line) >= 16:
            lines.append(line)
    return lines


def _squeeze(text: str) -> str:
    return " ".join(text.split())


def gives_answer(exercise: Exercise, text: str) -> str:
    """How ``text`` gives the exercise's answer away ("" when it does not)."""
    solution = exercise.solution
    value = _value_of(solution)
    if value is not None:
        for pattern in number_patterns(value):
            if found := pattern.search(text):
                return f"the number {found.group(0)!r}"
        if ratio_gives(value, text):
            return f"two numbers whose ratio is {value}"
        return ""
    if isinstance(solution, Rules):
        forms = rules_forms(solution)
        if forms and all(any(form in text for form in field) for field in forms):
            return "every changed field of the rules"
        return ""
    if isinstance(solution, str):
        answer = _squeeze(solution)
        if " " in answer:
            return f"the text {answer!r}" if answer in _squeeze(text) else ""
        return f"the text {answer!r}" if _pattern(answer).search(text) else ""
    if callable(solution):
        for line in code_lines(solution):
            if _squeeze(line) in _squeeze(text):
                return f"the teacher's code {line!r}"
        return ""
    raise AssertionError(f"{exercise.id}: no rule for a solution of type {type(solution).__name__}")


def reaches_answer(exercise: Exercise, text: str) -> bool:
    """Whether a worked solution ends at the answer: the number, the text, the rules or the teacher's code."""
    if callable(exercise.solution) and not isinstance(exercise.solution, Rules):
        return "return" in text and bool(gives_answer(exercise, text))
    if isinstance(exercise.solution, Rules):
        return all(any(form in text for form in field) for field in rules_forms(exercise.solution))
    return bool(gives_answer(exercise, text))


def _translated(lang: str, msgid: str) -> str:
    return translator(lang).gettext(msgid)


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda exercise: exercise.id)
def test_three_or_four_distinct_hint_steps_and_a_worked_solution(exercise: Exercise) -> None:
    assert 3 <= len(exercise.hints) <= 4, f"{exercise.id}: {len(exercise.hints)} hint steps"
    assert len(set(exercise.hints)) == len(exercise.hints)
    assert exercise.worked and exercise.worked not in exercise.hints
    assert len(exercise.worked.splitlines()) >= 2, "a worked solution walks through a few steps, one per line"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_hint_step_and_worked_solution_is_translated_step_for_step(lang: str) -> None:
    for exercise in EXERCISES:
        for msgid in (*exercise.hints, exercise.worked):
            assert _translated(lang, msgid) != msgid, f"{lang}, {exercise.id}: {msgid[:60]!r} is not translated"
        steps = exercise.worked_solution(lang, record=False).splitlines()
        assert len(steps) == len(exercise.worked.splitlines()), f"{lang}, {exercise.id}: one step per line"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda exercise: exercise.id)
def test_no_hint_step_gives_the_answer(exercise: Exercise, lang: str) -> None:
    for msgid, hint in zip(exercise.hints, exercise.hint_steps(lang), strict=True):
        if (exercise.id, msgid) in ALLOWED:
            continue
        assert not (how := gives_answer(exercise, hint)), f"{exercise.id} ({lang}): {hint!r} gives {how}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda exercise: exercise.id)
def test_the_worked_solution_reaches_the_answer(exercise: Exercise, lang: str) -> None:
    worked = exercise.worked_solution(lang, record=False)
    assert reaches_answer(exercise, worked), f"{exercise.id} ({lang}): {worked!r} never reaches {exercise.solution!r}"


POINT_DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+")
COMMA_DECIMAL = re.compile(r"(?<![\w,])\d+,(?:\d{1,2}|\d{4,})(?!\d)")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_numbers_in_hints_and_worked_solutions_are_written_the_languages_way(lang: str) -> None:
    wrong = POINT_DECIMAL if lang in COMMA_LANGUAGES else COMMA_DECIMAL
    for exercise in EXERCISES:
        for text in (*exercise.hint_steps(lang), exercise.worked_solution(lang, record=False)):
            assert not (found := wrong.search(text)), f"{exercise.id} ({lang}): {found.group(0)!r} in {text!r}"


# ------------------------------------------------------------------ the figures the worked solutions quote


def test_the_figures_the_worked_solutions_quote_are_the_kits_own() -> None:
    odds = {str(card): round(chance, 3) for card, chance in lesson_10.discard_odds().items()}
    assert (odds["Y12"], odds["B12"], odds["S"], odds["G9"], odds["R7"]) == (0.549, 0.549, 0.549, 0.445, 0.117)
    optimum = solitaire_optimum(phase(1))
    assert (round(optimum.expected_turns, 3), round(optimum.within(1), 2), round(optimum.within(5), 2)) == (
        4.716,
        0.28,
        0.66,
    )
    assert {card: round(turns, 2) for card, turns in lesson_12.dilemma_values().items()} == {"R7": 3.57, "Y10": 4.13}
    assert comb(108, 10) == 38_722_819_230_810 and lesson_09.exact_chance(2) * comb(108, 10) == 11_542_982_404_112
    seven, ten = float(lesson_09.exact_chance(7)), float(lesson_09.exact_chance(10))
    assert (round(seven, 4), round(ten, 4)) == (0.0033, 0.0035)
    assert (round(seven * 1e6, -1), round(ten * 1e6, -1)) == (3320, 3520)
    table = lesson_11.greedy_vs_random()
    assert table["wins"].tolist() == [8, 0] and round(float(table["mean_phases"].iloc[1]), 1) == 1.6
    low, high = wilson_interval(50, 100)
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)
    low, high = wilson_interval(192, 385)
    assert round((high - low) / 2, 4) == 0.0497 and round(1.96**2 * 0.25 / 0.05**2, 1) == 384.2


# ------------------------------------------------------------------ the rules above, on texts that break them


def _exercise_with(solution: object) -> Exercise:
    def judge(answer: object, t: object) -> tuple[bool, str]:
        return True, ""

    return Exercise("demo.x", "00_welcome", ("deck.copies",), "answer", "?", solution, (), ("h",), judge)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("solution", "text"),
    [
        (Fraction(1, 55), "The chance is 1/55."),
        (Fraction(1, 55), "about 0.018, or 1,8 %"),
        (Fraction(1, 55), "4 of the 220 hands are sets"),
        (Fraction(13, 28), "13 of the 28 pairs hold an out"),
        (Fraction(16, 97), "16,5 %"),
        (35, "p2 scores 35 points"),
        (2, "in round 2 everyone plays Phase 2"),
        (4.7159, "about 4,72 turns"),
        ("p1 p2", "so p1 p2 advance"),
        ("Y12", "discard Y12"),
        (Rules(phases=phase_list("r5, c5, 2s4")), "phase_list('r5, c5, 2s4')"),
        (Rules(phases=phase_list("first:3"), skip_target="next"), "first:3 and skip_target='next'"),
        (lesson_09.WRITE_P.solution, "Fraction(len(favourable), len(space)) is exact"),
    ],
)
def test_an_answer_in_a_hint_is_found_in_any_written_form(solution: object, text: str) -> None:
    exercise = _exercise_with(solution)
    assert gives_answer(exercise, text)


@pytest.mark.parametrize(
    ("solution", "text"),
    [
        (Fraction(1, 55), "A set of 3 uses all three cards of one number: how many numbers are there?"),
        (Fraction(13, 28), "There are 28 pairs of cards you could draw."),
        (2, "p2 may draw from two piles; Phase 1 needs 2s3"),
        (35, "p2 holds four cards: a 5, an 8, a 12 and a Skip."),
        ("r9", "R9 B9 W is a set of 3"),
        ("p2", "the player on p1's left"),
        (Rules(phases=phase_list("first:3"), skip_target="next"), "skip_target: its choices are 'choose' and 'next'"),
    ],
)
def test_a_hint_that_only_points_at_the_method_passes(solution: object, text: str) -> None:
    exercise = _exercise_with(solution)
    assert not gives_answer(exercise, text)
