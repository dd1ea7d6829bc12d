"""One number policy in every language (issue 24, item 2): what each typed answer means in en, es, hr, cs, uk
and ko, what the judges say about it, and that every number the kit writes reads back as the same number.

The policy itself is in ``phase10kit/course/numbers.py`` and docs/teaching.md ("Numbers in answers").
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10kit.course import exercises
from phase10kit.course.answers import read_int
from phase10kit.course.base import NOT_YET, AnswerError, brief
from phase10kit.course.number_judges import APPROXIMATION, CLOSE_FRACTION, number_judge
from phase10kit.course.numbers import MAX_DIGITS, NOT_A_NUMBER, read_number
from phase10kit.i18n import decimal, percent, translator

LANGS = ("en", "es", "hr", "cs", "uk", "ko")
COMMA = ("es", "hr", "cs", "uk")
POINT = ("en", "ko")

TWO_WAYS = "{answer} can be read two ways: write {whole} for the whole number or {decimal} for the decimal."
DECIMAL_COMMA = "{answer} has a decimal comma: in this language a decimal is written with a point, like {decimal}."
THREE_EIGHTHS = Fraction(3, 8)


def everywhere(value: object) -> dict[str, object]:
    return dict.fromkeys(LANGS, value)


def comma_only(value: object) -> dict[str, object]:
    return {**dict.fromkeys(COMMA, value), **dict.fromkeys(POINT, DECIMAL_COMMA)}


# What each text means in each language: a value, or the msgid of the sentence that refuses it.
READINGS: list[tuple[str, dict[str, object]]] = [
    ("3/8", everywhere(THREE_EIGHTHS)),
    ("3 / 8", everywhere(THREE_EIGHTHS)),
    ("-3/8", everywhere(-THREE_EIGHTHS)),
    ("0.375", everywhere(THREE_EIGHTHS)),  # a decimal point is read in every language
    ("0,375", comma_only(THREE_EIGHTHS)),  # the decimal comma where the language writes one
    ("37.5 %", everywhere(THREE_EIGHTHS)),
    ("37.5%", everywhere(THREE_EIGHTHS)),
    ("37,5 %", comma_only(THREE_EIGHTHS)),
    ("37,5\u00a0%", comma_only(THREE_EIGHTHS)),  # as the kit itself writes it in hr
    ("4 1/2", everywhere(Fraction(9, 2))),
    ("-4 1/2", everywhere(Fraction(-9, 2))),
    ("385", everywhere(Fraction(385))),
    ("385.0", everywhere(Fraction(385))),
    ("385,0", comma_only(Fraction(385))),
    ("1 000", everywhere(Fraction(1000))),  # the kit groups whole numbers with spaces in every language
    # The student's language decides: a comma groups thousands in en and ko and is a decimal comma in the others.
    ("1,000", {**dict.fromkeys(POINT, Fraction(1000)), **dict.fromkeys(COMMA, Fraction(1))}),
    # A point groups thousands in es and hr (Babel's locale data) and is read as a decimal point everywhere: two ways.
    (
        "1.000",
        {"en": Fraction(1), "ko": Fraction(1), "cs": Fraction(1), "uk": Fraction(1), "es": TWO_WAYS, "hr": TWO_WAYS},
    ),
    (
        "1.000,5",
        {**dict.fromkeys(("es", "hr"), Fraction(2001, 2)), **dict.fromkeys(("cs", "uk", *POINT), NOT_A_NUMBER)},
    ),
    ("1,000.5", {**dict.fromkeys(POINT, Fraction(2001, 2)), **dict.fromkeys(COMMA, NOT_A_NUMBER)}),
    ("1,5", comma_only(Fraction(3, 2))),
    ("0.0182", everywhere(Fraction(182, 10_000))),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("text", "meaning"), READINGS, ids=[text for text, _ in READINGS])
def test_each_typed_number_means_one_thing_in_each_language(text: str, meaning: dict[str, object], lang: str) -> None:
    expected = meaning[lang]
    if isinstance(expected, Fraction):
        number = read_number(text, lang)
        assert number.value == expected and number.shown == " ".join(text.split())
        return
    with pytest.raises(AnswerError) as refused:
        read_number(text, lang)
    assert refused.value.msgid == expected
    sentence = translator(lang).gettext(str(expected)).format(**refused.value.values)
    assert text.split()[0] in sentence  # the sentence quotes what was typed


def test_a_refusal_says_how_to_write_it_the_languages_way() -> None:
    with pytest.raises(AnswerError) as two_ways:
        read_number("12.500", "hr")
    assert two_ways.value.values == {"answer": "12.500", "whole": "12500", "decimal": "12,500"}
    with pytest.raises(AnswerError) as comma:
        read_number("0,375", "en")
    assert comma.value.values["decimal"] == "0.375"
    with pytest.raises(AnswerError) as junk:
        read_number("x", "cs")
    assert junk.value.values["decimal"] == "0,375"


def test_python_values_are_read_and_a_bool_is_not() -> None:
    assert read_number(Fraction(3, 8)).fraction and read_number(Fraction(3, 8)).value == THREE_EIGHTHS
    assert read_number(0.375).value == THREE_EIGHTHS and not read_number(0.375).fraction
    assert read_number(Decimal("0.375")).value == THREE_EIGHTHS and read_number(Decimal("0.375")).places == 3
    assert read_number(np.int64(67)).value == 67 and read_number(np.float64(0.5)).value == Fraction(1, 2)
    assert read_int(67.0) == 67 and read_int("385.0") == 385 and read_int("385,0", lang="uk") == 385
    for answer in (True, False):
        with pytest.raises(AnswerError):
            read_number(answer)
    with pytest.raises(AnswerError, match="whole number"):
        read_int("4 1/2")


JUNK: list[object] = [
    None,
    "1/0",
    "nan",
    "inf",
    "-inf",
    "1e400",
    "1e3",
    10**1000,
    -(10**40),
    Fraction(1, 10**40),
    float("nan"),
    float("inf"),
    1e300,
    Decimal("Infinity"),
    Decimal("1E+400"),
    "½",
    "x" * 500,
    "3/8 %",
    "4 5/2",
    "1 2",
    "%",
    "--1",
    [],
    [0.5],
    {"p": 0.5},
    object(),
    b"0.5",
]


@pytest.mark.parametrize("answer", JUNK, ids=[repr(answer)[:20] for answer in JUNK])
def test_junk_is_refused_with_a_short_sentence_never_an_exception(answer: object) -> None:
    for lang in LANGS:
        try:
            read_number(answer, lang)
        except AnswerError as error:
            assert len(str(error)) < 200
        else:
            pytest.fail(f"{answer!r} was read in {lang}")


NUMERIC = [
    exercise
    for exercise in exercises.values()
    if isinstance(exercise.solution, int | float | Fraction) and not isinstance(exercise.solution, bool)
]


@pytest.mark.parametrize("exercise", NUMERIC, ids=[exercise.id for exercise in NUMERIC])
def test_every_exercise_that_reads_a_number_refuses_junk_with_its_sentence(exercise: object) -> None:
    for lang in LANGS:
        t = translator(lang)
        for answer in JUNK:
            feedback = exercise.check(answer, lang, record=False)  # type: ignore[attr-defined]
            assert not feedback.ok and feedback.message
            # The judge itself said why: not the catch-all "Not yet. That answer could not be checked".
            assert not feedback.message.startswith(t.gettext(NOT_YET)), (exercise, answer, feedback.message)
            assert len(feedback.message) < 300


def _typed(value: object, lang: str) -> list[str]:
    """The solution as a student of ``lang`` may type it."""
    if isinstance(value, float):
        return [decimal(value, 4, lang)]
    if isinstance(value, int):
        return [str(value), decimal(value, 1, lang)]  # 385 and 385.0 (385,0 in hr)
    assert isinstance(value, Fraction)
    texts = [str(value), str(value).replace("/", " / ")]
    if value.denominator in (1, 2, 4, 5, 8, 10):
        texts.append(decimal(float(value), 3, lang))
    return texts


@pytest.mark.parametrize("exercise", NUMERIC, ids=[exercise.id for exercise in NUMERIC])
def test_every_numeric_solution_typed_the_languages_way_is_right(exercise: object) -> None:
    for lang in LANGS:
        for text in _typed(exercise.solution, lang):  # type: ignore[attr-defined]
            feedback = exercise.check(text, lang, record=False)  # type: ignore[attr-defined]
            assert feedback.ok, (lang, text, feedback.message)


# (exercise, {language: typed answer}, right?, msgid of the message, or None when any sentence will do)
EXACT = [
    # An approximation of an exact value: "write it exactly", not "count again", and no odd fraction like 91/5000.
    ("deal.small_set", {"en": "0.0182", "ko": "0.0182", **dict.fromkeys(COMMA, "0,0182")}, False, APPROXIMATION),
    ("deal.small_set", everywhere("0.0182"), False, APPROXIMATION),
    ("deal.small_set", everywhere("1.82 %"), False, APPROXIMATION),
    ("deal.small_set", everywhere(1 / 55), False, APPROXIMATION),
    ("deal.small_set", everywhere("1/55"), True, None),
    ("deal.small_set", everywhere("4/220"), True, None),
    ("cards.small_wild", everywhere("0.455"), False, APPROXIMATION),
    ("cards.small_wild", everywhere("0.4549"), False, APPROXIMATION),
    # A fraction claims an exact value: a different one is wrong, however close.
    ("cards.small_wild", everywhere("4541/10000"), False, "Not {answer}: that is {direction}."),
    ("cards.small_wild", everywhere("5/11"), True, "Right: {answer} is exact."),
    ("cards.small_wild", everywhere("10/22"), True, "Right: {answer} is exact."),
    # A decimal exactly equal to the value is exact.
    ("perfect.tiny_value", {"en": "4.5", "ko": "4.5", **dict.fromkeys(COMMA, "4,5")}, True, None),
    ("perfect.tiny_value", everywhere("4 1/2"), True, None),
    # Whole numbers written with a decimal of zero are whole numbers.
    ("welcome.draw_pile", everywhere("67.0"), True, "Right: {answer} is exact."),
    ("welcome.draw_pile", {"en": "67", "ko": "67", **dict.fromkeys(COMMA, "67,0")}, True, "Right: {answer} is exact."),
    ("welcome.draw_pile", everywhere("67.5"), False, "{answer} is not a whole number."),
    ("bot.games_needed", everywhere("385.0"), True, None),
    ("colour.phase8_outs", everywhere("12.0"), True, None),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("exercise_id", "typed", "right", "msgid"), EXACT, ids=[f"{e}-{t['en']!r}" for e, t, _, _ in EXACT]
)
def test_exact_exercises_in_every_language(
    exercise_id: str, typed: dict[str, object], right: bool, msgid: str | None, lang: str
) -> None:
    answer = typed[lang]
    feedback = exercises[exercise_id].check(answer, lang, record=False)
    assert feedback.ok is right, feedback.message
    shown = answer if isinstance(answer, str) else repr(answer)
    if exercise_id not in ("bot.games_needed", "colour.phase8_outs"):  # these two say the count they expect
        assert shown in feedback.message  # the student's own text, not 91/5000
    assert "91/5000" not in feedback.message and "count" not in feedback.message.lower()
    if msgid is not None:
        t = translator(lang)
        quoted = brief(answer) if "whole number" in msgid else shown  # a refusal quotes the answer briefly
        words = {"answer": quoted, "direction": t.gettext("too low")}
        assert feedback.message == t.gettext(msgid).format(**words)


TO_3_PLACES = number_judge(Fraction(5, 11), precision=Fraction(1, 2000))


@pytest.mark.parametrize("lang", LANGS)
def test_to_a_stated_precision_any_decimal_within_it_is_right_whatever_the_denominator(lang: str) -> None:
    t = translator(lang)
    point = "," if lang in COMMA else "."
    for text in (f"0{point}455", f"0{point}4549", f"0{point}4546", f"45{point}45 %", "5/11", "10/22"):
        ok, message = TO_3_PLACES(text, t)
        assert ok and text in message, (text, message)
    for text in (f"0{point}456", f"0{point}454", "1/2"):
        ok, message = TO_3_PLACES(text, t)
        assert not ok and text in message
    ok, message = TO_3_PLACES("4541/10000", t)
    assert not ok and message == t.gettext(CLOSE_FRACTION).format(
        answer="4541/10000", precision=decimal(0.0005, 4, lang)
    )
    # The precision does not depend on the reduced denominator: 1/3 to three places takes 0.333 and 0.3334 alike.
    third = number_judge(Fraction(1, 3), precision=Fraction(1, 2000))
    assert third(f"0{point}333", t)[0] and third(f"0{point}3334", t)[0] and not third(f"0{point}334", t)[0]


PERCENT_OF_9_22 = {
    "en": "40.9%",
    "ko": "40.9%",
    "uk": "40,9%",
    "es": "40,9\u00a0%",
    "hr": "40,9\u00a0%",
    "cs": "40,9\u00a0%",
}


@pytest.mark.parametrize("lang", LANGS)
def test_feedback_writes_numbers_the_languages_way_and_the_reader_reads_them_back(lang: str) -> None:
    exercise = exercises["wilds.predict_run"]  # 9/22
    feedback = exercise.check("9/22", lang, record=False)
    assert feedback.ok and PERCENT_OF_9_22[lang] in feedback.message
    # The percentage the feedback shows is a fine guess when typed back in the same language.
    assert exercise.check(PERCENT_OF_9_22[lang], lang, record=False).ok
    close = exercise.check("0.4", lang, record=False)
    assert close.ok and "9/22" in close.message and PERCENT_OF_9_22[lang] in close.message
    wild = exercises["cards.guess_wild"]  # 2/27, about 7.4 %
    assert wild.check(percent(2 / 27, 1, lang), lang, record=False).ok


@pytest.mark.parametrize("lang", LANGS)
def test_predictions_stay_close_too_high_too_low(lang: str) -> None:
    t = translator(lang)
    guess = exercises["colour.predict_three"]  # 1/55
    assert guess.check("0.02", lang, record=False).ok
    high = guess.check("1/2", lang, record=False)
    assert not high.ok and high.message == t.gettext("Your guess {guess} is too high: {far}.").format(
        guess="1/2", far=t.gettext("it is more than twice the exact chance")
    )
    low = guess.check("0.1 %", lang, record=False)
    assert not low.ok and "0.1 %" in low.message
    assert "not a probability" in guess.check("150 %", "en", record=False).message


@given(st.fractions(min_value=0, max_value=1000, max_denominator=10**6), st.integers(0, 6), st.sampled_from(LANGS))
def test_every_decimal_and_percentage_the_kit_writes_reads_back(value: Fraction, places: int, lang: str) -> None:
    text = decimal(float(value), places, lang)
    assert read_number(text, lang).value == Fraction(Decimal(f"{float(value):.{places}f}"))
    share = value / 1000
    assert (
        read_number(percent(float(share), places, lang), lang).value
        == Fraction(Decimal(f"{100 * float(share):.{places}f}")) / 100
    )


def test_digit_limits_are_stated() -> None:
    read_number("1" * MAX_DIGITS)
    with pytest.raises(AnswerError, match="too many digits"):
        read_number("1" * (MAX_DIGITS + 1))
    with pytest.raises(AnswerError, match="divides by zero"):
        read_number("1 / 0")
