"""The course's one home for judging numbers: guesses (``predict_judge``) and answers that are either EXACT or
to a stated PRECISION (``number_judge``; ``exact_judge`` and ``fraction_judge`` are its two usual shapes).

Every answer is read by ``phase10kit.course.numbers.read_number`` in the student's language, and every
sentence quotes the student's own text. The rule (docs/teaching.md, "Numbers in answers"):

- **exact** (``precision=None``): right when equal, whatever the form (``0.375``, ``3/8`` and ``37.5 %`` are
  all 3/8). A decimal within 1 % of the value that is not equal to it is an approximation: "write it exactly",
  never blamed on the counting. A fraction that is not equal is wrong (its known mistake, or too high/low).
- **precision** (``precision=p``): a decimal, percentage or whole number within ``p`` of the value is right,
  however many digits it has; a fraction claims an exact value, so it must be equal (a close one is told so).
- **guesses**: close within a tolerance, whatever the form; the message says too high or too low.

>>> from phase10kit.i18n import translator
>>> judge = number_judge(Fraction(1, 55))
>>> judge("0,0182", translator("hr"))[1] == translator("hr").gettext(APPROXIMATION).format(answer="0,0182")
True
>>> judge("1/55", translator("en"))
(True, 'Right: 1/55 is exact.')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from phase10kit.course.base import AnswerError, Judge, Translations, Verdict, brief
from phase10kit.course.numbers import Number, read_number, significant, written
from phase10kit.i18n import LANGUAGES, N_, decimal, language_of, percent

__all__ = ["APPROXIMATION", "exact_judge", "fraction_judge", "number_judge", "predict_judge"]

Value = Fraction | int
Target = Value | Callable[[], Value]
Traps = Mapping[Fraction, str] | Mapping[int, str] | Mapping[Fraction | int, str]

APPROXIMATION = N_("{answer} is close, but not exact: write it exactly, as a fraction.")
"""An approximation in an exact exercise: it praises nothing and blames nothing, it asks for the exact form."""
CLOSE_FRACTION = N_(
    "{answer} is close, but a fraction is exact or wrong: write the exact fraction, or a decimal within {precision}."
)
CLOSE_SHARE = Fraction(1, 100)
"""How near a decimal must be to count as an approximation of an exact value (1 %, whatever the denominator)."""


def _lang(t: Translations) -> str:
    lang = language_of(t) if hasattr(t, "info") else "en"
    return lang if lang in LANGUAGES else "en"


def _value(target: Target) -> Fraction:
    return Fraction(target() if callable(target) else target)


def _direction(t: Translations, value: Fraction, right: Fraction) -> str:
    return t.gettext(N_("too high") if value > right else N_("too low"))


def _approximates(number: Number, right: Fraction) -> bool:
    """A decimal (not a fraction) near ``right`` but not equal: within 1 % of it."""
    return not number.fraction and number.value != right and abs(number.value - right) <= abs(right) * CLOSE_SHARE


def number_judge(
    right: Target,
    *,
    precision: Fraction | None = None,
    whole: bool = False,
    traps: Traps | Callable[[], Traps] | None = None,
    mistakes: Traps | None = None,
    ok: str = "",
    off: str = N_("Not {answer}: that is {direction}."),
) -> Judge:
    """A judge for a number to be found, EXACT (``precision=None``) or to ``precision`` (see the module's rule).

    ``whole``: a count, refused unless the value is a whole number (``385.0`` is one). ``traps`` (or a function
    giving them, for values computed late) maps typical wrong values to a msgid with ``{answer}`` saying what
    went wrong; ``mistakes`` maps them to a reason, said as "Not {answer}: {why}.". ``ok`` is the msgid of the
    right answer (default "Right: {answer} is exact." or, with a precision, "Right: {answer} is within ..."),
    ``off`` that of any other answer; both may use ``{answer}``, ``{exact}`` (the value as the course writes
    it), ``{decimal}`` (four decimals), ``{direction}`` and ``{precision}``.

    >>> from phase10kit.i18n import translator
    >>> to_3 = number_judge(Fraction(5, 11), precision=Fraction(1, 2000))
    >>> [to_3(text, translator("en"))[0] for text in ("0.455", "0.4549", "45.45 %", "5/11", "4541/10000")]
    [True, True, True, True, False]
    """
    if ok:
        right_msgid = ok
    elif precision is None:
        right_msgid = N_("Right: {answer} is exact.")
    else:
        right_msgid = N_("Right: {answer} is within {precision} of {exact}.")

    def judge(answer: object, t: Translations) -> Verdict:
        lang = _lang(t)
        number = read_number(answer, lang)
        value = number.value
        if whole and value.denominator != 1:
            raise AnswerError(N_("{answer} is not a whole number."), answer=brief(answer))
        exact = _value(right)
        words = {
            "answer": number.shown,
            "exact": written(exact, lang),
            "decimal": decimal(float(exact), 4, lang),
            "direction": _direction(t, value, exact),
            "precision": significant(precision, 4, lang) if precision is not None else "",
        }
        if value == exact or (precision is not None and not number.fraction and abs(value - exact) <= precision):
            return True, t.gettext(right_msgid).format(**words)
        known = {Fraction(key): why for key, why in ((traps() if callable(traps) else traps) or {}).items()}
        reasons = {Fraction(key): why for key, why in (mistakes or {}).items()}
        for key in (*known, *reasons):
            if Fraction(key) == value:
                return False, _trap(t, key, known, reasons, words)
        if precision is not None and number.fraction and abs(value - exact) <= precision:
            return False, t.gettext(CLOSE_FRACTION).format(**words)
        if precision is None and _approximates(number, exact):
            return False, t.gettext(APPROXIMATION).format(**words)
        for key in (*known, *reasons):  # a decimal of a known mistake hears what the mistake is
            if _approximates(number, Fraction(key)):
                return False, _trap(t, key, known, reasons, words)
        return False, t.gettext(off).format(**words)

    return judge


def _trap(
    t: Translations,
    key: Fraction,
    known: Mapping[Fraction, str],
    reasons: Mapping[Fraction, str],
    words: Mapping[str, str],
) -> str:
    if key in known:
        return t.gettext(known[key]).format(**words)
    return t.gettext("Not {answer}: {why}.").format(answer=words["answer"], why=t.gettext(reasons[key]))


def exact_judge(exact: Fraction | int, mistakes: Mapping[Fraction | int, str] | None = None) -> Judge:
    """A judge for a number to be found exactly: a count (``exact`` an int: only whole numbers are read) or a
    probability (a fraction, or a decimal exactly equal to it). A known mistake (value -> msgid of the reason)
    gets its own explanation, an approximation "write it exactly", any other answer the direction it is off in.

    >>> from phase10kit.i18n import translator
    >>> judge = exact_judge(Fraction(5, 11), {Fraction(6, 11): N_("that is the chance of no Wild")})
    >>> judge("5/11", translator("en"))
    (True, 'Right: 5/11 is exact.')
    >>> judge("6/11", translator("en"))[1], judge("0.455", translator("en"))[1]
    ('Not 6/11: that is the chance of no Wild.', '0.455 is close, but not exact: write it exactly, as a fraction.')
    """
    return number_judge(exact, whole=isinstance(exact, int), mistakes=mistakes)


def fraction_judge(right: Callable[[], Fraction], traps: Traps, ok: str) -> Judge:
    """A judge for an exact probability: ``traps`` maps typical wrong fractions to a msgid saying what went
    wrong (with {answer}); ``ok`` is the msgid of the right answer's sentence (with {answer})."""
    return number_judge(
        right, traps=traps, ok=ok, off=N_("{answer} is not it: count the favourable hands, then divide by all hands.")
    )


# ------------------------------------------------------------------ guesses


def predict_judge(
    exact: Target,
    tolerance: Fraction | None = None,
    *,
    within: Fraction = Fraction(1, 4),
    measured: bool = False,
) -> Judge:
    """A judge for "guess first, then reveal": a guess of a probability (from 0 to 1, any form) is close when
    within ``tolerance`` of ``exact`` or, without one, within a relative ``within`` of it (or one percentage
    point). A far guess hears whether it is too high or too low and roughly how far, never the exact value (the
    widget's "Reveal" shows that). ``measured``: the answer is a share measured by a seeded tournament, not an
    exact chance, and the messages say so.

    >>> from phase10kit.i18n import translator
    >>> judge = predict_judge(lambda: Fraction(1, 10))
    >>> judge("0.11", translator("en"))[0], judge("1/2", translator("en"))[1]
    (True, 'Your guess 1/2 is too high: it is more than twice the exact chance.')
    >>> predict_judge(Fraction(2, 27), Fraction(1, 50))("7,4 %", translator("es"))[0]
    True
    >>> predict_judge(lambda: Fraction(7, 8), measured=True)("0.2", translator("en"))[1]
    'Your guess 0.2 is too low: it is less than half the measured share.'
    """

    def judge(answer: object, t: Translations) -> Verdict:
        lang = _lang(t)
        number = read_number(answer, lang)
        guess, shown = number.value, number.shown
        if not 0 <= guess <= 1:
            raise AnswerError(N_("{answer} is not a probability: write a number from 0 to 1."), answer=brief(answer))
        right = _value(exact)
        about = percent(float(right), 1, lang)
        if guess == right:
            exactly = (
                N_("Exactly right: {guess} is the share the tournament measured (about {percent}).")
                if measured
                else N_("Exactly right: {guess} is the exact chance (about {percent}).")
            )
            return True, t.gettext(exactly).format(guess=shown, percent=about)
        near = tolerance if tolerance is not None else max(right * within, Fraction(1, 100))
        if abs(guess - right) <= near:
            close = (
                N_("Close: your guess {guess} is near the share the tournament measured, {exact} (about {percent}).")
                if measured
                else N_("Close: your guess {guess} is near the exact chance {exact} (about {percent}).")
            )
            return True, t.gettext(close).format(guess=shown, exact=written(right, lang), percent=about)
        # How far off, in words: the exact chance, or the share a seeded tournament measured.
        if guess > right:
            if guess > 2 * right:
                far = (
                    N_("it is more than twice the measured share")
                    if measured
                    else N_("it is more than twice the exact chance")
                )
            else:
                far = (
                    N_("it is at most twice the measured share")
                    if measured
                    else N_("it is at most twice the exact chance")
                )
            return False, t.gettext("Your guess {guess} is too high: {far}.").format(guess=shown, far=t.gettext(far))
        if 2 * guess < right:
            far = (
                N_("it is less than half the measured share")
                if measured
                else N_("it is less than half the exact chance")
            )
        else:
            far = (
                N_("it is at least half the measured share") if measured else N_("it is at least half the exact chance")
            )
        return False, t.gettext("Your guess {guess} is too low: {far}.").format(guess=shown, far=t.gettext(far))

    return judge
