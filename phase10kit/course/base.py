"""An exercise of the course and the feedback a student gets for an answer.

An :class:`Exercise` knows its question (a msgid), the rule clauses it tests, an accepted answer, typical
wrong answers and its stepped hints; its ``judge`` (written by the lesson) decides. :meth:`Exercise.check`
wraps the judge so that any answer at all, ``None``, a huge number, a student's function that raises or loops
forever, gives a :class:`Feedback` and never an exception, and records the attempt in the progress file.
Pure Python: no Jupyter import here (widgets render exercises, see ``widgets/course.py``).
"""

from __future__ import annotations

import gettext
import logging
import reprlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from phase10kit.cards import Card
from phase10kit.course import progress, sandbox
from phase10kit.errors import Phase10Error, Reason
from phase10kit.i18n import LANGUAGES, N_, shortest, translator
from phase10kit.refusals import sentence

__all__ = [
    "ANSWER_STUB",
    "CLAUSES",
    "KINDS",
    "AnswerError",
    "Exercise",
    "Feedback",
    "Judge",
    "Translations",
    "Verdict",
    "brief",
    "index_by_id",
    "is_blank",
    "reset_hints",
]

LOG = logging.getLogger("phase10kit.course")

Translations: TypeAlias = gettext.NullTranslations
Verdict: TypeAlias = tuple[bool, str]
"""What a judge returns: ``(ok, message)``, the message already translated."""
Judge: TypeAlias = Callable[[object, Translations], Verdict]

KINDS = ("answer", "build", "spot", "predict", "write", "play")
"""The exercise kinds (docs/course.md): type an answer, build a group, spot the illegal move,
predict then reveal, write a function, play on and notice."""

CLAUSES: tuple[str, ...] = (
    "deck.composition",
    "deck.deal",
    "deck.copies",
    "group.set",
    "group.run",
    "group.run_no_wrap",
    "group.colour",
    "wild.any",
    "wild.natural",
    "wild.pinned",
    "wild.run_bounds",
    "skip.not_in_group",
    "phase.list",
    "phase.same_number",
    "phase.disjoint",
    "phase.whole",
    "phase.extra_cards",
    "phase.one_per_hand",
    "phase.in_order",
    "turn.draw",
    "turn.no_skip_from_discard",
    "turn.refill",
    "turn.hit_own",
    "turn.hit_others_next",
    "turn.hit_fit",
    "turn.discard",
    "hand.going_out",
    "skip.lose_turn",
    "skip.choose",
    "skip.once_per_circuit",
    "skip.first_discard",
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
"""The 55 clause ids of docs/rules.md ("Clause ids"), in its order; a test keeps the two in step."""

ANSWER_STUB = N_("your answer here")
"""The comment of the line a student edition shows where the teacher's edition has a solution."""
NOT_YET = N_("Not yet.")
NO_ANSWER = N_("No answer yet: answer in the exercise above, or replace None with your answer and run the cell again.")
UNREADABLE = N_("That answer could not be checked: {error}")
EXACT_REVEAL = N_("The exact answer is {answer}.")
"""What a predict exercise's Reveal says by default: the answer was counted exactly."""


class AnswerError(Phase10Error):
    """An answer the checkers refuse, with a sentence for the student: a msgid and its placeholders' values.

    Raised by the helpers in ``phase10kit.course.checks`` (and by judges); :meth:`Exercise.check` turns it
    into feedback in the student's language.

    >>> error = AnswerError(N_("{answer} is not a number."), answer="'seven'")
    >>> sentence(error, "en")
    "'seven' is not a number."
    """

    def __init__(self, msgid: str, *, reason: Reason = Reason.INVALID, **values: object) -> None:
        self.msgid = msgid
        self.values = values
        super().__init__(msgid.format(**values), reason=reason)


@sentence.register
def _answer_sentence(error: AnswerError, lang: str = "en") -> str:
    """An answer's refusal in ``lang``: its own msgid and values (English when the kit does not speak ``lang``); a
    float value is written the language's way, with the decimals it needs (``2,5`` in hr).

    >>> late = AnswerError(
    ...     N_("Your function did not finish in {seconds} s: is there a loop that never ends?"), seconds=2.5
    ... )
    >>> sentence(late, "hr")
    'Tvoja funkcija nije završila za 2,5 s: postoji li petlja koja nikad ne završava?'
    """
    lang = lang if lang in LANGUAGES else "en"
    values = {key: shortest(value, lang) if isinstance(value, float) else value for key, value in error.values.items()}
    return translator(lang).gettext(error.msgid).format(**values)


_BRIEF = reprlib.Repr()
_BRIEF.maxstring = 40
_BRIEF.maxother = 40
_BRIEF.maxlong = 30
_BRIEF.maxlist = 8


def brief(answer: object) -> str:
    """A short, safe quotation of any answer for a feedback sentence (never raises, at most ~60 characters).

    >>> brief("R7 B7 G7"), brief(None), brief(10**1000)[:12], len(brief("x" * 10_000)) < 60
    ("'R7 B7 G7'", 'None', '100000000000', True)
    """
    try:
        if isinstance(answer, list | tuple) and answer and all(_is_card(item) for item in answer):
            text = " ".join(str(item) for item in answer)
            return text if len(text) <= 60 else text[:56] + " ..."
        if callable(answer) and hasattr(answer, "__name__"):
            return f"{answer.__name__}()"
        text = _BRIEF.repr(answer)
    except Exception:  # a student's object whose repr raises
        text = f"<{type(answer).__name__}>"
    return text if len(text) <= 60 else text[:56] + " ..."


def _is_card(value: object) -> bool:
    return isinstance(value, Card)


def is_blank(answer: object) -> bool:
    """Whether ``answer`` is no answer at all: None, an empty or blank text, an empty list."""
    if answer is None:
        return True
    if isinstance(answer, str):
        return not answer.strip()
    if isinstance(answer, list | tuple | set | frozenset | dict):
        return len(answer) == 0
    return False


# How many times each exercise was answered wrongly in this process: the hint steps on with each
# attempt (a kernel is one student, so per-process is per-student; nothing random lives here).
_attempts: dict[str, int] = {}


@dataclass(frozen=True)
class Feedback:
    """What a student reads after checking an answer.

    >>> Feedback(False, "R7 R8 R1 is not a run.", "A run has numbers in a row.").ok
    False
    """

    ok: bool
    message: str
    """Why, in the asked language, quoting the student's answer briefly."""
    hint: str = ""
    """The next hint step when not ok (never the answer)."""


@dataclass(frozen=True)
class Exercise:
    """One exercise of the course (see COURSE_API in the course docs and ``docs/teaching.md``).

    Besides the contract's fields, optional ones help the widgets draw the exercise:
    ``hand`` (``"build"``: the cards offered; default: the cards of the solution and wrong answers),
    ``group_kind`` (``"build"``: ``"set"``, ``"run"`` or ``"colour"`` for the GroupBuilder),
    ``position`` (``"spot"``/``"play"``: a function returning the seeded ``Game`` the question is about) and
    ``position_after_answer`` (the position shows the answer, e.g. whose turn it is or the phase reached: the
    widget draws it only once the answer is right) and
    ``reveal`` (``"predict"``: the msgid, with ``{answer}``, that says how the answer was found; default
    :data:`EXACT_REVEAL`, for answers counted exactly; a share measured by a seeded simulation or tournament
    says so instead).

    >>> def judge(answer: object, t: Translations) -> Verdict:
    ...     return (answer == 4, t.gettext("Four.") if answer == 4 else t.gettext("Count again."))
    >>> ex = Exercise("demo.four", "00_welcome", ("deck.copies",), "answer", "2 + 2?", 4, (5,), ("Add.",), judge)
    >>> ex.check(4, record=False)
    Feedback(ok=True, message='Four.', hint='')
    >>> ex.check(None, record=False).ok, ex.check(5, record=False).hint
    (False, 'Add.')
    """

    id: str
    notebook: str
    clauses: tuple[str, ...]
    kind: str
    question: str
    solution: object
    wrong: tuple[object, ...]
    hints: tuple[str, ...]
    judge: Judge
    hand: str = ""
    group_kind: str = ""
    position: Callable[[], Any] | None = field(default=None, compare=False)
    reveal: str = ""
    position_after_answer: bool = False
    worked: str = ""
    """The worked solution (a msgid): how the answer is found, step by step, ending with the answer. The last
    hint step, shown only when the student asks for it on purpose (never by a wrong answer), and recorded."""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"exercise {self.id!r}: kind {self.kind!r} is not one of {', '.join(KINDS)}")
        unknown = [clause for clause in self.clauses if clause not in CLAUSES]
        if unknown or not self.clauses:
            raise ValueError(f"exercise {self.id!r}: unknown clause ids {unknown} (see docs/rules.md, 'Clause ids')")
        if not isinstance(self.clauses, tuple) or not isinstance(self.wrong, tuple) or not self.hints:
            raise ValueError(f"exercise {self.id!r}: clauses and wrong are tuples, and it needs at least one hint")

    def check(self, answer: object, lang: str = "en", *, record: bool = True) -> Feedback:
        """Judge ``answer`` and say why, in ``lang``; never raises. Records the attempt when ``record``.

        An unknown ``lang`` falls back to English (the feedback must still reach the student).
        """
        lang = lang if isinstance(lang, str) and lang in LANGUAGES else "en"
        t = translator(lang)
        ok, message = self._judge(answer, t, lang)
        # No answer yet (the student edition run top to bottom) shows the first step without using it up.
        hint = "" if ok else self.next_hint(lang, advance=not is_blank(answer))
        if record:
            progress.record(self.id, ok, lang)
        return Feedback(ok, message, hint)

    def _judge(self, answer: object, t: Translations, lang: str) -> Verdict:
        if is_blank(answer):
            return False, t.gettext(NO_ANSWER)
        if self.kind == "write" and callable(answer) and not isinstance(answer, sandbox.RemoteFunction):
            # The student's function runs in a worker process of its own (``sandbox``): it cannot hang the
            # check, end it, or change the checker while it runs.
            worker = sandbox.start_worker(answer)
            if worker is not None:
                try:
                    return self._judge(sandbox.RemoteFunction(worker, _name_of(answer)), t, lang)
                finally:
                    worker.close()
        try:
            ok, message = self.judge(answer, t)
            return bool(ok), str(message)
        except AnswerError as error:
            return False, sentence(error, lang)
        except Phase10Error as error:
            return False, t.gettext(UNREADABLE).format(error=sentence(error, lang))
        except Exception as error:  # a judge meeting an answer of an unexpected shape: "not yet", no traceback
            LOG.info("exercise %s: judge raised %s on %s", self.id, type(error).__name__, brief(answer))
            return False, f"{t.gettext(NOT_YET)} {t.gettext(UNREADABLE).format(error=brief(answer))}"

    def next_hint(self, lang: str = "en", *, advance: bool = True) -> str:
        """The next hint step for this exercise (a nudge first, then narrower ones; the last one repeats).
        ``advance=False`` shows the step without moving on to the next one."""
        lang = lang if lang in LANGUAGES else "en"
        step = _attempts.get(self.id, 0)
        if advance:
            _attempts[self.id] = step + 1
        return translator(lang).gettext(self.hints[min(step, len(self.hints) - 1)])

    def hints_seen(self, count: int) -> None:
        """The student has read ``count`` hint steps (a Hint button): the next wrong answer's hint is the step
        after them, never a step back to the nudge."""
        _attempts[self.id] = max(_attempts.get(self.id, 0), count)

    def hint_steps(self, lang: str = "en") -> list[str]:
        """All hint steps, translated, in order (for widgets that step through them on request)."""
        t = translator(lang if lang in LANGUAGES else "en")
        return [t.gettext(hint) for hint in self.hints]

    def worked_solution(self, lang: str = "en", *, record: bool = True) -> str:
        """The worked solution in ``lang``, recorded in the progress file as seen (when ``record``).

        Only a deliberate request calls this (the widget's "Show the solution" asks twice): a wrong answer's
        hint steps through ``hints`` and never reaches it.
        """
        lang = lang if isinstance(lang, str) and lang in LANGUAGES else "en"
        if record:
            progress.record_solution_seen(self.id, lang)
        return translator(lang).gettext(self.worked) if self.worked else ""

    def reveal_text(self, answer: str, lang: str = "en") -> str:
        """The reveal sentence of a predict exercise in ``lang``: how its answer was found, and the answer.

        >>> def judge(answer: object, t: Translations) -> Verdict:
        ...     return True, ""
        >>> half = Exercise("demo.half", "00_welcome", ("deck.copies",), "predict", "?", 1, (), ("Guess.",), judge)
        >>> half.reveal_text("1/2")
        'The exact answer is 1/2.'
        """
        return (
            translator(lang if lang in LANGUAGES else "en").gettext(self.reveal or EXACT_REVEAL).format(answer=answer)
        )

    def question_text(self, lang: str = "en") -> str:
        """The question in ``lang``."""
        return translator(lang if lang in LANGUAGES else "en").gettext(self.question)


def _name_of(function: object) -> str:
    name = getattr(function, "__name__", "")
    return name if isinstance(name, str) and name.isidentifier() and len(name) <= 40 else "function"


def reset_hints() -> None:
    """Start every exercise's hints from the first step again (a new student, or a test)."""
    _attempts.clear()


def index_by_id(exercises: Mapping[str, Exercise], exercise_id: str) -> Exercise:
    """The exercise with that id, or a ``Phase10Error`` naming a few known ids."""
    try:
        return exercises[exercise_id]
    except (KeyError, TypeError):
        known = ", ".join(list(exercises)[:5])
        raise Phase10Error(
            f"no exercise {brief(exercise_id)}: ids look like {known}, ...", reason=Reason.BAD_CHOICE
        ) from None
