"""The course's one reader of numeric answers, and how the course writes numbers back, in the student's language.

Every exercise that reads a number reads it here (``read_number``; ``answers.read_fraction`` and
``answers.read_int`` are built on it), so a student meets one policy in every lesson (docs/teaching.md,
"Numbers in answers"):

- a fraction ``3/8`` or ``3 / 8``, a mixed number ``4 1/2`` (9/2), a whole number ``385`` (``385.0`` and
  ``385,0`` are 385 too), a decimal, a percentage ``37.5 %``, ``37,5 %`` or ``37.5%``; a Python ``int``,
  ``Fraction``, ``float`` or ``Decimal`` (numpy's numbers too); never a ``bool``;
- a decimal point is read in every language; the decimal comma where the language writes one (Babel's
  locale data: es, hr, cs, uk). In English and Korean, where the comma groups thousands, ``0,375`` is refused
  with a sentence that shows ``0.375``;
- grouped thousands as the language groups them (Babel's group symbol: ``1,000`` in English, ``1.000`` in
  Croatian) or with spaces, as the kit itself writes them (``38 722 819``). A text that the language reads two
  ways is refused with both readings: in es and hr ``1.000`` is a thousand and also a decimal with a point;
  in English ``1,000`` is a thousand (the comma is no decimal mark there) and in Croatian ``1,000`` is one;
- no exponents (``1e3``), no ``nan``/``inf``, at most ``MAX_DIGITS`` digits above and below the line.

Anything else is refused with an ``AnswerError`` that quotes the answer briefly, never another exception.

>>> read_number("4 1/2").value, read_number("37,5 %", "hr").value, read_number("385.0", "en").value
(Fraction(9, 2), Fraction(3, 8), Fraction(385, 1))
>>> def refusal(text: str, lang: str) -> str:
...     try:
...         return str(read_number(text, lang).value)
...     except AnswerError as error:
...         return str(error)
>>> refusal("0,375", "en")
'0,375 has a decimal comma: in this language a decimal is written with a point, like 0.375.'
>>> refusal("1.000", "es")
'1.000 can be read two ways: write 1000 for the whole number or 1,000 for the decimal.'
>>> refusal("1,000", "en"), refusal("1,000", "hr"), refusal("1.000", "cs")
('1000', '1', '1')
"""

from __future__ import annotations

import math
import numbers
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from functools import cache

from babel.numbers import get_decimal_symbol, get_group_symbol

from phase10kit.course.base import AnswerError, brief
from phase10kit.i18n import LANGUAGES, N_, decimal

__all__ = ["MAX_DIGITS", "MAX_NUMBER_TEXT", "Number", "read_number", "significant", "written"]

MAX_NUMBER_TEXT = 40
"""Longest number text read (a fraction of two 15-digit numbers fits)."""
MAX_DIGITS = 30
"""Most digits above or below the line of an answer (the course's exact answers have at most 15)."""

NOT_A_NUMBER = N_("{answer} is not a number: write it like {fraction} or {decimal}.")
_MINUS = str.maketrans({"\u2212": "-", "\u2013": "-", "\uff05": "%"})
_FRACTION = re.compile(r"(?:(\d+) )?(\d+) ?/ ?(\d+)")


@dataclass(frozen=True, slots=True)
class Number:
    """A number a student gave: its exact value, their own text to quote back, and how it was written."""

    value: Fraction
    shown: str
    """The student's text (spaces tidied) or the Python value as Python writes it: feedback quotes this."""
    fraction: bool = False
    """Written as a fraction (``3/8``, ``4 1/2``, a ``Fraction``): a claim of an exact value. Decimals,
    percentages, whole numbers, floats and Decimals are not."""
    places: int = 0
    """Decimal places of the value as written (``0.375``: 3; ``37.5 %``: 3; ``385``: 0)."""


def _lang(lang: str) -> str:
    return lang if lang in LANGUAGES else "en"


@cache
def _symbols(lang: str) -> tuple[str, str]:
    """The language's decimal symbol and the symbol it groups thousands with (a space for a no-break space)."""
    group = get_group_symbol(lang)
    return get_decimal_symbol(lang), " " if group.isspace() else group


def _not_a_number(answer: object, lang: str) -> AnswerError:
    return AnswerError(NOT_A_NUMBER, answer=brief(answer), fraction="3/8", decimal=decimal(0.375, 3, lang))


def read_number(answer: object, lang: str = "en") -> Number:
    """The number of an answer, read the way ``lang`` writes numbers (see the module's policy).

    >>> [read_number(text, "hr").value for text in ("3 / 8", "0,375", "0.375", "1.000,5")]
    [Fraction(3, 8), Fraction(3, 8), Fraction(3, 8), Fraction(2001, 2)]
    >>> read_number(True)
    Traceback (most recent call last):
    ...
    phase10kit.course.base.AnswerError: True is not a number: write it like 3/8 or 0.375.
    """
    lang = _lang(lang)
    number = _read(answer, lang)
    value = number.value
    if _digits(value.numerator) > MAX_DIGITS or _digits(value.denominator) > MAX_DIGITS:
        raise AnswerError(
            N_("{answer} has too many digits: this question needs a number of at most {count} digits."),
            answer=brief(answer),
            count=MAX_DIGITS,
        )
    return number


def _digits(number: int) -> int:
    """How many digits ``number`` has (a huge one is not written out: ``str`` of it is slow, and limited)."""
    number = abs(number)
    return MAX_DIGITS + 1 if number.bit_length() > 4 * MAX_DIGITS else len(str(number))


def _read(answer: object, lang: str) -> Number:
    if isinstance(answer, bool) or answer is None:
        raise _not_a_number(answer, lang)
    if isinstance(answer, str):
        return _read_text(answer, lang)
    if isinstance(answer, numbers.Integral):
        value = int(answer)
        return Number(Fraction(value), str(value) if _digits(value) <= MAX_DIGITS else brief(answer))
    if isinstance(answer, numbers.Rational):
        value_q = Fraction(int(answer.numerator), int(answer.denominator))
        return Number(value_q, str(value_q), fraction=True)
    if isinstance(answer, Decimal | numbers.Real):
        try:
            exact = Decimal(answer) if isinstance(answer, Decimal) else Decimal(repr(float(answer)))
        except (ValueError, TypeError, OverflowError, InvalidOperation):
            raise _not_a_number(answer, lang) from None
        if not exact.is_finite():
            raise _not_a_number(answer, lang)
        exponent = int(exact.as_tuple().exponent)
        if abs(exponent) > 2 * MAX_DIGITS:
            return Number(Fraction(10) ** (MAX_DIGITS + 1), brief(answer))
        shown = str(answer) if isinstance(answer, Decimal) else repr(float(answer))
        return Number(Fraction(exact), shown, places=max(0, -exponent))
    raise _not_a_number(answer, lang)


def _read_text(answer: str, lang: str) -> Number:
    if len(answer) > 4 * MAX_NUMBER_TEXT:
        raise AnswerError(N_("That answer is too long: write at most {count} characters."), count=MAX_NUMBER_TEXT)
    shown = " ".join(answer.split())  # every kind of space (a no-break space too) counts as one space
    if len(shown) > MAX_NUMBER_TEXT:
        raise AnswerError(N_("That answer is too long: write at most {count} characters."), count=MAX_NUMBER_TEXT)
    text = shown.translate(_MINUS)
    scale = Fraction(1)
    if text.endswith("%"):
        text, scale = text[:-1].rstrip(), Fraction(1, 100)
    sign = -1 if text.startswith("-") else 1
    text = text[1:].lstrip() if text[:1] in "+-" else text
    mixed = _FRACTION.fullmatch(text)
    if mixed:
        whole, top, bottom = (int(part) if part else 0 for part in mixed.groups())
        if scale != 1 or (mixed.group(1) and not 0 < top < bottom):
            raise _not_a_number(answer, lang)
        if bottom == 0:
            raise AnswerError(
                N_("{answer} divides by zero: the number below the line cannot be 0."), answer=brief(answer)
            )
        return Number(sign * (whole + Fraction(top, bottom)), shown, fraction=True)
    value, places = _read_decimal(text, answer, lang)
    return Number(sign * value * scale, shown, places=places + (2 if scale != 1 else 0))


def _readings(text: str, groups: str, marks: str) -> dict[Fraction, tuple[str, int]]:
    """Every value ``text`` has when thousands are grouped by one of ``groups`` (or not at all) and decimals
    follow one of ``marks`` (or none): value -> (how it is written, decimal places)."""
    found: dict[Fraction, tuple[str, int]] = {}
    for group in ("", *groups):
        for mark in ("", *marks):
            if group == mark:
                continue
            whole, sep, tail = text.partition(mark) if mark else (text, "", "")
            if sep and not re.fullmatch(r"\d+", tail):
                continue
            if group and group in whole:
                parts = whole.split(group)
                if not (re.fullmatch(r"[1-9]\d{0,2}", parts[0]) and all(re.fullmatch(r"\d{3}", p) for p in parts[1:])):
                    continue
                whole = "".join(parts)
            if not re.fullmatch(r"\d*", whole) or not (whole or tail):
                continue
            found.setdefault(
                Fraction(int(whole or "0")) + Fraction(int(tail or "0"), 10 ** len(tail)), (whole, len(tail))
            )
    return found


def _read_decimal(text: str, answer: str, lang: str) -> tuple[Fraction, int]:
    point, group = _symbols(lang)
    if len(re.sub(r"\D", "", text)) > MAX_DIGITS:
        raise AnswerError(
            N_("{answer} has too many digits: this question needs a number of at most {count} digits."),
            answer=brief(answer),
            count=MAX_DIGITS,
        )
    groups = "".join(dict.fromkeys([" ", group]))
    marks = "".join(dict.fromkeys([".", point]))  # a decimal point is read in every language
    readings = _readings(text, groups, marks)
    if len(readings) == 1:
        value, (_, places) = next(iter(readings.items()))
        return value, places
    if len(readings) > 1:
        (low, _), (high, (_, places)) = sorted(readings.items(), key=lambda item: item[1][1])[:2]
        raise AnswerError(
            N_("{answer} can be read two ways: write {whole} for the whole number or {decimal} for the decimal."),
            answer=answer.strip(),
            whole=str(low),
            decimal=decimal(float(high), places, lang),
        )
    if point != "," and _readings(text, " ", ","):
        raise AnswerError(
            N_("{answer} has a decimal comma: in this language a decimal is written with a point, like {decimal}."),
            answer=answer.strip(),
            decimal=text.replace(",", "."),
        )
    raise _not_a_number(answer, lang)


# ------------------------------------------------------------------ writing numbers back


def written(value: Fraction | int | float, lang: str = "en") -> str:
    """An exact value as the course writes it for a student: a whole number, a fraction ``1/55``, or (a fraction
    with a huge denominator) its first four decimals the language's way.

    >>> written(Fraction(1, 55)), written(Fraction(6)), written(Fraction(1, 30_001), "hr"), written(0.25, "cs")
    ('1/55', '6', '0,0000', '0,25')
    """
    if isinstance(value, float):
        return significant(value, 4, lang)
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator < 10_000:
        return str(value)
    return decimal(float(value), 4, lang)


def significant(value: float | Fraction, digits: int = 4, lang: str = "en") -> str:
    """A number to ``digits`` significant digits, as the language writes decimals (no exponent).

    >>> significant(Fraction(1, 3)), significant(0.375, 4, "uk"), significant(Fraction(1, 55), 3, "es")
    ('0.3333', '0,375', '0,0182')
    """
    number = float(value)
    if not math.isfinite(number) or number == 0:
        return decimal(0.0 if not math.isfinite(number) else number, 0, lang)
    places = max(0, digits - 1 - math.floor(math.log10(abs(number))))
    text = f"{number:.{places}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    shown = len(text.partition(".")[2])
    return decimal(float(text), shown, lang)
