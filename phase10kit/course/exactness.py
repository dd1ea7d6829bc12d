"""The number policy of the "write it yourself" exercises: which results count as the expected number.

Each exercise says which policy its hidden cases use (``hidden_cases(..., numbers=...)``):

- ``"exact"``: the question asks for an exact value (``deal.write_p``, ``draw.write_chance``, ``perfect.bellman``:
  a probability or an expected number of turns as a ``Fraction``). Only a whole number or a fraction *equal* to
  the expected one counts. A float, a ``Decimal``, or a ``Fraction`` that is merely close (``Fraction(4 / 220)``
  is made from the float 0.01818..., not from 4 and 220) is refused with its own sentence, "return an exact
  Fraction", so the student is not told the counting is wrong when only the arithmetic is inexact.
- ``"close"``: every other exercise (booleans, a whole number of points). ``checks.same`` decides: booleans are
  strict, and a float within 1e-9 of the expected number counts (``35.0`` points is 35 points).

>>> inexact(0.5, Fraction(1, 2)), inexact(Fraction(1, 2), Fraction(1, 2)), inexact(Fraction(1, 3), Fraction(1, 2))
('float', None, None)
>>> inexact(Fraction(1 / 3), Fraction(1, 3)), inexact(True, Fraction(1)), inexact("1/3", Fraction(1, 3))
('from_float', None, None)
"""

from __future__ import annotations

import numbers
from fractions import Fraction
from typing import Literal

from phase10kit.course.base import Translations

__all__ = ["NUMBER_POLICIES", "Inexact", "NumberPolicy", "inexact", "inexact_sentence", "kind_of"]

NumberPolicy = Literal["close", "exact"]
NUMBER_POLICIES: tuple[NumberPolicy, ...] = ("close", "exact")

Inexact = Literal["float", "from_float"]
"""Why a result is not exact: a number of an inexact type, or a Fraction only close to the expected one."""

_CLOSE = Fraction(1, 10**9)


def inexact(got: object, expected: object) -> Inexact | None:
    """Why ``got`` is not the exact number ``expected`` although it is a number: ``"float"`` for any number
    that is not a whole number or a fraction (a float, a ``Decimal``, a NumPy float), ``"from_float"`` for a
    whole number or fraction within 1e-9 of ``expected`` but not equal to it; None otherwise (the exact
    value, something that is not a number at all, or a fraction that is simply wrong: the hidden case then
    says what it should be).
    """
    if isinstance(expected, bool) or not isinstance(expected, numbers.Rational):
        return None
    if isinstance(got, bool) or not isinstance(got, numbers.Number):
        return None
    if not isinstance(got, numbers.Rational):
        return "float"
    try:
        if got == expected:
            return None
        close = abs(Fraction(int(got.numerator), int(got.denominator)) - Fraction(expected)) < _CLOSE
    except (TypeError, ValueError, OverflowError, ZeroDivisionError):
        return None
    return "from_float" if close else None


def kind_of(value: object) -> str:
    """The type of a student's number as the feedback names it: ``float``, ``Decimal``, ``float64``.

    >>> kind_of(0.5), kind_of(Fraction(1, 2))
    ('float', 'Fraction')
    """
    return type(value).__name__


def inexact_sentence(t: Translations, why: object) -> str:
    """The refusal of an inexact result (``why`` from :func:`inexact`), with ``{call}``, ``{got}`` and ``{kind}``
    left to fill in.

    >>> from phase10kit.i18n import translator
    >>> inexact_sentence(translator("en"), "float").format(call="P(e, s)", got="0.25", kind="float")[:34]
    'P(e, s) returned 0.25, a float: th'
    """
    if why == "float":
        return t.gettext(
            "{call} returned {got}, a {kind}: this question asks for the exact value, so return a Fraction of "
            "whole numbers, such as Fraction(3, 8), and keep every step exact."
        )
    return t.gettext(
        "{call} returned {got}, a Fraction close to the exact value but not equal to it: it was made from a "
        "decimal. Return an exact Fraction of whole numbers, Fraction(a, b), never Fraction(a / b)."
    )
