"""Helpers for the lessons' judges: running a student's function with a time limit, hidden test cases for
"write it yourself" exercises, "spot the illegal move", judges for guesses, exact answers, choices and built
groups, and the sentences they share. The judges of numbers (``exact_judge``, ``predict_judge``) live in
``phase10kit.course.number_judges`` and are re-exported here, where the lessons import them.

Answers are read by ``phase10kit.course.answers``; each judge returns a verdict and a sentence in the
student's language.

>>> from phase10kit.i18n import translator
>>> not_quite(translator("en"), "p1", "p1 did not lay a phase.")
'Not p1: p1 did not lay a phase.'
"""

from __future__ import annotations

import contextlib
import math
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import FrameType
from typing import Any

from phase10kit.actions import parse_action
from phase10kit.cards import Card, format_cards, parse_cards
from phase10kit.course.answers import read_cards, read_choice
from phase10kit.course.base import AnswerError, Judge, Translations, Verdict, brief
from phase10kit.course.exactness import NUMBER_POLICIES, NumberPolicy, inexact, inexact_sentence, kind_of
from phase10kit.course.number_judges import exact_judge, predict_judge
from phase10kit.course.numbers import significant
from phase10kit.course.sandbox import RemoteFunction, WorkerEnded, WorkerRaised, WorkerTimeout, WorkerUnreadable
from phase10kit.errors import Phase10Error, Reason
from phase10kit.groups import Group, arrange
from phase10kit.i18n import LANGUAGES, N_, decimal
from phase10kit.phases import GroupKind
from phase10kit.refusals import sentence

__all__ = [
    "BuildSentences",
    "Case",
    "StudentCodeError",
    "StudentTimeout",
    "build_judge",
    "choice_judge",
    "exact_judge",
    "first_refusal",
    "from_hand",
    "hidden_cases",
    "in_notation",
    "lang_of",
    "not_quite",
    "predict_judge",
    "refusal_sentence",
    "run_student_function",
    "same",
    "show_args",
    "spot_the_refusal",
    "time_limit",
]


def lang_of(t: Translations) -> str:
    """The language code of a translator from ``phase10kit.i18n.translator`` (``"en"`` for English)."""
    language = t.info().get("language", "en") if hasattr(t, "info") else "en"
    return language if language in LANGUAGES else "en"


def not_quite(t: Translations, answer: str, why: str) -> str:
    """A refusal that quotes the student's answer before saying why: "Not p1: ..."."""
    return t.gettext("Not {answer}: {why}").format(answer=answer, why=why)


# ------------------------------------------------------------------ running a student's function


class StudentCodeError(AnswerError):
    """A student's function that raised, ran too long or was not a function; the sentence says which."""

    timed_out = False


class StudentTimeout(StudentCodeError):
    """A student's function still running when its time was up."""

    timed_out = True


class _TimeUp(BaseException):
    """Raised inside a student's function when its time is up (a BaseException: ``except Exception`` in the
    student's code cannot swallow it)."""


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise ``_TimeUp`` inside the block once ``seconds`` have passed.

    In the main thread (a Jupyter kernel, pytest) an interval timer interrupts any Python code; elsewhere
    a trace function checks the clock on every line (slower, but works in any thread).
    """
    use_signal = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
    if use_signal and signal.getitimer(signal.ITIMER_REAL)[0] == 0:

        def on_alarm(signum: int, frame: FrameType | None) -> None:
            raise _TimeUp

        previous = signal.signal(signal.SIGALRM, on_alarm)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        return
    deadline = time.monotonic() + seconds
    old = sys.gettrace()

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        if time.monotonic() > deadline:
            raise _TimeUp
        return tracer

    sys.settrace(tracer)
    try:
        yield
    finally:
        sys.settrace(old)


def run_student_function(fn: object, *args: object, timeout: float = 1.0) -> object:
    """``fn(*args)``, or a :class:`StudentCodeError` saying what went wrong: not a function, an exception
    (named, without a traceback), or still running after ``timeout`` seconds.

    >>> run_student_function(len, "abc")
    3
    >>> run_student_function(lambda: 1 / 0)
    Traceback (most recent call last):
    ...
    phase10kit.course.checks.StudentCodeError: Your function raised ZeroDivisionError: division by zero.
    """
    if not callable(fn):
        raise StudentCodeError(N_("{answer} is not a function: pass the function itself."), answer=brief(fn))
    if isinstance(fn, RemoteFunction):
        return _call_remote(fn, args, timeout)
    try:
        with time_limit(timeout):
            return fn(*args)
    except _TimeUp:
        raise StudentTimeout(
            N_("Your function was still running after {seconds} seconds: is there a loop that never ends?"),
            seconds=timeout,
        ) from None
    except KeyboardInterrupt:
        raise
    except RecursionError:
        raise StudentCodeError(N_("Your function calls itself without end (RecursionError).")) from None
    except BaseException as error:  # the student's code may raise anything, SystemExit included
        raise StudentCodeError(
            N_("Your function raised {error}."),
            error=f"{type(error).__name__}: {str(error)[:80]}".rstrip(": "),
        ) from None


def _call_remote(fn: RemoteFunction, args: tuple[object, ...], timeout: float) -> object:
    """A call of a student's function in its worker process (``sandbox``), its problems as sentences."""
    try:
        return fn.call(args, timeout=timeout)
    except WorkerTimeout as late:
        if not late.computing:  # the clock ran out, not the function's computing time: it waits, or the machine is busy
            raise StudentTimeout(
                N_(
                    "The check waited too long for your function and stopped: does it sleep or wait for something? "
                    "If this computer is very busy, run the check again."
                )
            ) from None
        raise StudentTimeout(
            N_("Your function did not finish in {seconds} s: is there a loop that never ends?"),
            seconds=float(late.seconds),
        ) from None
    except WorkerEnded:
        raise StudentCodeError(
            N_("Your function ended the process it ran in (sys.exit or os._exit?): return a value instead.")
        ) from None
    except WorkerRaised as raised:
        if raised.kind == "RecursionError":
            raise StudentCodeError(N_("Your function calls itself without end (RecursionError).")) from None
        raise StudentCodeError(N_("Your function raised {error}."), error=str(raised)) from None
    except WorkerUnreadable as odd:
        raise StudentCodeError(
            N_("Your function returned {what}, which the checker does not read: return plain values or the kit's own."),
            what=odd.what,
        ) from None


# ------------------------------------------------------------------ hidden cases for "write it yourself"


@dataclass(frozen=True)
class Case:
    """One hidden test case: the arguments, the expected result and why (a msgid) for when it fails.

    Card lists among the arguments are copied for each call, so a function that changes its argument
    cannot spoil the next case.
    """

    args: tuple[object, ...]
    expected: object
    why: str


def same(got: object, expected: object) -> bool:
    """Whether a student's result counts as the expected one: equal, with booleans strict (``None`` is not
    ``False``) and numbers compared exactly or within 1e-9 (a float for an exact Fraction).

    >>> same(0.375, Fraction(3, 8)), same(None, False), same(1, True), same(True, True)
    (True, False, False, True)
    """
    if isinstance(expected, bool) or isinstance(got, bool):
        return isinstance(got, bool) and isinstance(expected, bool) and got is expected
    if isinstance(expected, int | Fraction | float) and isinstance(got, int | Fraction | float):
        try:
            return bool(got == expected) or abs(Fraction(got) - Fraction(expected)) < Fraction(1, 10**9)
        except (ValueError, OverflowError):
            return False
    return type(got) is type(expected) and bool(got == expected)


def show_args(args: Sequence[object], lang: str = "en") -> str:
    """The arguments of a call as a student reads them: cards, card lists, groups and phases in the notation.

    >>> show_args((parse_cards("R11 R12 R1"),)), show_args((3, "x"))
    ('R11 R12 R1', "3, 'x'")
    >>> from phase10kit.groups import Group
    >>> show_args((Group.parse("r[R3 R4 R5]"), Card.parse("R4")))
    'r[R3 R4 R5], R4'
    """
    return ", ".join(in_notation(arg, lang) for arg in args)


def in_notation(value: object, lang: str = "en") -> str:
    """One value as the course writes it: a card ``R4``, cards ``R7 B7 W``, a group ``r[R3 R4 R5]``, a phase
    ``s3+r4`` (the kit's values print their notation), a list of groups ``[s[R7 B7 G7], r[...]]``, a value that
    says itself in words (``shown_in(lang)``, such as lesson 10's unseen cards) in ``lang``, a float with the
    language's decimal mark; anything else quoted briefly.

    >>> in_notation(Card.parse("W")), in_notation([Card.parse("R7"), Card.parse("B7")]), in_notation("x")
    ('W', 'R7 B7', "'x'")
    >>> in_notation(0.1649484536, "hr"), in_notation(2.5e-07, "es")
    ('0,1649484536', '0,00000025')
    """
    if isinstance(value, list | tuple) and value and all(isinstance(item, Card) for item in value):
        return format_cards(value)
    said = getattr(value, "shown_in", None)
    if callable(said) and type(value).__module__.startswith("phase10kit."):
        return _short(str(said(lang)))
    if isinstance(value, float) and math.isfinite(value):
        return _short(significant(value, 16, lang) if "e" in repr(value) else _float_text(value, lang))
    if _has_notation(value):
        return _short(str(value))
    if isinstance(value, list | tuple) and value and all(_has_notation(item) for item in value):
        return _short("[" + ", ".join(str(item) for item in value) + "]")
    return brief(value)


def _float_text(value: float, lang: str) -> str:
    """A float with the digits Python shows, and the language's decimal mark."""
    return decimal(value, len(repr(value).partition(".")[2]), lang)


def _has_notation(value: object) -> bool:
    """A value of the kit (Card, Group, Layout, Phase, ...) whose ``str`` is its notation."""
    kind = type(value)
    return kind.__module__.startswith("phase10kit.") and kind.__str__ is not object.__str__


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:56] + " ..."


def hidden_cases(
    name: str, cases: Iterable[Case], *, timeout: float = 1.0, shown: int = 3, numbers: NumberPolicy = "close"
) -> Judge:
    """A judge for a "write it yourself" exercise: it calls the student's function on each case and says,
    one sentence per failed case (at most ``shown`` of them), what the call should have returned and why.
    ``numbers`` is the exercise's number policy (``phase10kit.course.exactness``): ``"exact"`` refuses a float,
    or a Fraction only close to the expected one, with "return an exact Fraction"; ``"close"`` uses ``same``.

    >>> from phase10kit.i18n import translator
    >>> judge = hidden_cases("double", [Case((2,), 4, N_("twice 2 is 4")), Case((0,), 0, N_("twice 0 is 0"))])
    >>> judge(lambda n: n * 2, translator("en"))
    (True, 'All 2 hidden cases pass.')
    >>> judge(lambda n: n + 2, translator("en"))[1]
    'double(0) should be 0, not 2: twice 0 is 0. 1 of 2 hidden cases fail.'
    """
    frozen = tuple(cases)
    if not frozen:
        raise ValueError("hidden_cases needs at least one case")
    if numbers not in NUMBER_POLICIES:
        raise ValueError(f"hidden_cases: numbers is one of {NUMBER_POLICIES}, not {numbers!r}")

    def judge(answer: object, t: Translations) -> Verdict:
        if not callable(answer):
            raise StudentCodeError(N_("{answer} is not a function: pass the function itself."), answer=brief(answer))
        failures: list[str] = []
        for case in frozen:
            args = tuple(list(arg) if isinstance(arg, list) else arg for arg in case.args)
            call = f"{name}({show_args(case.args, lang_of(t))})"
            try:
                got = run_student_function(answer, *args, timeout=timeout)
                loose = None if numbers == "close" else run_student_function(inexact, got, case.expected)
                ok = loose is None and bool(run_student_function(same, got, case.expected, timeout=timeout))
            except StudentCodeError as error:
                failures.append(t.gettext("{call}: {problem}").format(call=call, problem=sentence(error, lang_of(t))))
                if error.timed_out:  # a function that loops forever would loop on every case: stop here
                    break
                continue
            if loose is not None:
                shown_got = _shown(got, lang_of(t))
                failures.append(inexact_sentence(t, loose).format(call=call, got=shown_got, kind=kind_of(got)))
            elif not ok:
                failures.append(
                    t.gettext("{call} should be {expected}, not {got}: {why}.").format(
                        call=call,
                        expected=_shown(case.expected, lang_of(t)),
                        got=_shown(got, lang_of(t)),
                        why=t.gettext(case.why),
                    )
                )
        total = len(frozen)
        if not failures:
            return True, t.ngettext("{count} hidden case passes.", "All {count} hidden cases pass.", total).format(
                count=total
            )
        summary = t.ngettext(
            "{failed} of {count} hidden case fails.", "{failed} of {count} hidden cases fail.", total
        ).format(failed=len(failures), count=total)
        return False, " ".join([*failures[:shown], summary])

    return judge


def _shown(value: object, lang: str) -> str:
    if isinstance(value, Fraction):
        return _short(str(value))
    return in_notation(value, lang)


# ------------------------------------------------------------------ spot the illegal move


def spot_the_refusal(position: Callable[[], Any], actions: Sequence[str]) -> Judge:
    """A judge for "spot the illegal move": ``position()`` gives a fresh seeded ``Game``; the answer is one of
    ``actions`` (in the notation; several actions in a row are joined by ``;``) and it is right when the engine
    refuses it (``game.why_not``): the engine is the judge, and its refusal is the explanation the student reads.

    >>> from phase10kit import Game
    >>> from phase10kit.i18n import translator
    >>> spot = spot_the_refusal(lambda: Game(2, seed=1), ["p1 draw", "p2 draw"])
    >>> spot("p2 draw", translator("en"))[0], spot("p1 draw", translator("en"))[0]
    (True, False)
    """
    options = tuple(" ".join(action.split()) for action in actions)

    def judge(answer: object, t: Translations) -> Verdict:
        choice = read_choice(answer, options)
        error = first_refusal(position(), choice)
        if error is None:
            return False, t.gettext(
                "{action} is allowed here: the rules accept it. Look for the one they refuse."
            ).format(action=choice)
        return True, t.gettext("Right: the rules refuse {action}. {why}").format(
            action=choice, why=refusal_sentence(error, lang_of(t))
        )

    return judge


def first_refusal(game: Any, actions: str) -> Phase10Error | None:
    """Play ``actions`` (one action, or several joined by ``;``) on ``game``; the engine's refusal of the first
    refused one (``game.why_not``), or None when it accepts them all. The game is changed by the accepted ones.

    >>> from phase10kit import Game
    >>> first_refusal(Game(2, seed=1), "p1 draw; p1 draw").reason
    <Reason.WRONG_STAGE: 'wrong-stage'>
    """
    for text in actions.split(";"):
        try:
            action = parse_action(text)
        except Phase10Error as refused:  # a group that is no group is refused before the engine sees it
            return refused
        error: Phase10Error | None = game.why_not(action)
        if error is not None:
            return error
        game.apply(action)
    return None


def refusal_sentence(error: Phase10Error, lang: str = "en") -> str:
    """The student's sentence for an engine refusal in ``lang``; its English message if wording it fails."""
    with contextlib.suppress(Exception):
        return sentence(error, lang)
    return str(error)


# ------------------------------------------------------------------ judges for the common answer shapes


def choice_judge(choices: Sequence[str], right: str, why: dict[str, str]) -> Judge:
    """A judge for picking one of a few labelled choices (letters, or words given as msgids, which the student
    may type in English or in their language); ``why`` explains each choice (a msgid for each).

    >>> from phase10kit.i18n import translator
    >>> judge = choice_judge(["A", "B"], "B", {"A": N_("A is fine"), "B": N_("B breaks the rule")})
    >>> judge("b", translator("en"))
    (True, 'Right, B: B breaks the rule.')
    """

    def judge(answer: object, t: Translations) -> Verdict:
        # A choice that is a word (a msgid) may be typed in English or in the student's language.
        shown = {t.gettext(choice): choice for choice in choices}
        picked = read_choice(answer, list(dict.fromkeys([*shown, *choices])))
        choice = shown.get(picked, picked)
        reason = t.gettext(why[choice])
        word = t.gettext(choice)
        if choice == right:
            return True, t.gettext("Right, {answer}: {why}.").format(answer=word, why=reason)
        return False, t.gettext("Not {answer}: {why}.").format(answer=word, why=reason)

    return judge


def from_hand(cards: Sequence[Card], hand: str) -> None:
    """Refuse (``AnswerError``) cards that are not all in ``hand``, counting copies.

    >>> from_hand(parse_cards("R7 W"), "R7 B7 W")
    >>> from_hand(parse_cards("R7 R7"), "R7 B7 W")
    Traceback (most recent call last):
    ...
    phase10kit.course.base.AnswerError: R7 R7 is not in the hand R7 B7 W: pick cards from it.
    """
    held = parse_cards(hand)
    for card in cards:
        if card not in held:
            raise AnswerError(
                N_("{answer} is not in the hand {hand}: pick cards from it."),
                reason=Reason.NOT_IN_HAND,
                answer=format_cards(cards),
                hand=hand,
            )
        held.remove(card)


# ------------------------------------------------------------------ "build a group from the hand"


@dataclass(frozen=True, slots=True)
class BuildSentences:
    """What a build judge says, in its lesson's words: each field calls ``t.gettext``/``t.ngettext`` on literal
    msgids (so extraction finds them) and returns the sentence, placeholders unfilled but for the count."""

    not_a_group: Callable[[Translations], str]
    """The cards make no group of the kind: ``{answer}`` (the cards) and ``{why}`` (the refusal)."""
    wrong_size: Callable[[Translations, int], str]
    """A group of ``count`` cards, not the target's size: ``{group}`` and ``{count}``."""
    wrong_wilds: Callable[[Translations, int], str]
    """A group of the target's size with ``count`` Wilds, not one: ``{group}`` and ``{count}``."""
    right: Callable[[Translations, Group], str]
    """The verdict for the group built (the sentence complete)."""


def build_judge(kind: GroupKind, hand: str, size: int, sentences: BuildSentences) -> Judge:
    """A judge for "build a group of ``kind`` of exactly ``size`` cards with exactly one Wild from ``hand``":
    ``groups.arrange`` says whether the cards make the group (and why not), ``from_hand`` that they are held.

    >>> from phase10kit.i18n import translator
    >>> words = BuildSentences(
    ...     lambda t: "{answer}: {why}", lambda t, n: "{group}: {count} cards", lambda t, n: "{group}: {count} Wilds",
    ...     lambda t, group: f"Right: {group}",
    ... )
    >>> judge = build_judge(GroupKind.SET, "R7 B7 G7 W", 3, words)
    >>> [judge(answer, translator("en"))[1] for answer in ("R7 B7 W", "R7 B7 G7", "R7 B7 G7 W")]
    ['Right: s[R7 B7 W]', 's[R7 B7 G7]: 0 Wilds', 's[R7 B7 G7 W]: 4 cards']
    """

    def judge(answer: object, t: Translations) -> Verdict:
        cards = read_cards(answer)
        from_hand(cards, hand)
        try:
            group = arrange(kind, cards)
        except Phase10Error as error:
            return False, sentences.not_a_group(t).format(answer=format_cards(cards), why=sentence(error, lang_of(t)))
        wilds = sum(card.is_wild for card in cards)
        if len(cards) != size:
            return False, sentences.wrong_size(t, len(cards)).format(group=group, count=len(cards))
        if wilds != 1:
            return False, sentences.wrong_wilds(t, wilds).format(group=group, count=wilds)
        return True, sentences.right(t, group)

    return judge
