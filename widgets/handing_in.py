"""One answer per exercise: what a student answers in an exercise's widget is what its grade cell grades.

A lesson offers two ways to answer: the widget (a box, the cards, four buttons) and the code cell under it
(``answer = ...``), followed by the grade cell. They must not disagree, so:

- the widget remembers its last answer in this kernel (:func:`remember`), and a grade cell whose ``answer`` is
  still ``None`` grades that answer, saying that it did and how to hand it in;
- the widget's verdict also replaces what the grade cell shows (its feedback is a display with a known id,
  :func:`grade_display_id`), so one verdict is on screen, with "run this cell again to count it";
- the widget says how to hand the answer in: nbgrader grades the notebook file, run afresh, where a widget's
  answer of today is gone, so the line to write in the code cell is given (:func:`hand_in_line`).

Under Voila (no code cells on the page) the widget is the whole exercise; a "write it yourself" exercise, which
needs code, says so (:func:`needs_code_note`).
"""

from __future__ import annotations

import os
from fractions import Fraction
from html import escape

from IPython.display import HTML, update_display

from phase10kit.cards import format_cards
from phase10kit.course.answers import read_cards
from phase10kit.course.base import AnswerError, Feedback, is_blank
from phase10kit.i18n import N_, translator
from widgets.feedback import feedback_html

__all__ = [
    "FROM_WIDGET",
    "HAND_IN",
    "grade_display_id",
    "hand_in_line",
    "needs_code_note",
    "remember",
    "tell_grade_cell",
    "under_voila",
    "widget_answer",
]

HAND_IN = N_("To hand it in, write {line} in the code cell below, then run it and the grade cell after it.")
FROM_WIDGET = N_(
    "Graded from your answer in the exercise above, in this session only: to hand it in, write {line} in the "
    "code cell above and run it."
)
ANSWERED_ABOVE = N_("You answered in the exercise above: run this cell again to count that answer.")
NEEDS_CODE = N_(
    "This exercise is written in code: open the notebook in JupyterLab to write the function. This page shows "
    "the question and its hints."
)

_answers: dict[str, object] = {}
"""The last answer given in each exercise's widget in this kernel (a kernel is one student)."""


def remember(exercise_id: str, answer: object) -> None:
    """Keep ``answer`` as the widget's answer to the exercise (a blank one forgets it)."""
    if is_blank(answer):
        _answers.pop(exercise_id, None)
    else:
        _answers[exercise_id] = answer


def widget_answer(exercise_id: str) -> object | None:
    """The last answer given in the exercise's widget in this kernel, or None.

    >>> remember("runs.top_card", "Y9"), widget_answer("runs.top_card"), remember("runs.top_card", "")
    (None, 'Y9', None)
    >>> widget_answer("runs.top_card") is None
    True
    """
    return _answers.get(exercise_id)


def hand_in_line(answer: object) -> str:
    """The line of code that gives ``answer`` in the code cell: cards and text as text, numbers as numbers.

    >>> from phase10kit.cards import Card
    >>> hand_in_line([Card.parse("R3"), Card.parse("W")]), hand_in_line(" 3/8 "), hand_in_line(Fraction(3, 8))
    ("answer = 'R3 W'", "answer = '3/8'", 'answer = Fraction(3, 8)')
    """
    if isinstance(answer, list | tuple):
        try:
            return f"answer = {format_cards(read_cards(answer))!r}"
        except AnswerError:
            pass
    if isinstance(answer, Fraction):
        return f"answer = Fraction({answer.numerator}, {answer.denominator})"
    if isinstance(answer, int | float) and not isinstance(answer, bool):
        return f"answer = {answer!r}"
    return f"answer = {' '.join(str(answer).split())[:100]!r}"


def grade_display_id(exercise_id: str) -> str:
    """The display id of a grade cell's feedback, which the exercise's widget updates."""
    return f"p10-grade-{exercise_id}"


def tell_grade_cell(exercise_id: str, feedback: Feedback, lang: str) -> None:
    """Show the widget's verdict where the exercise's grade cell shows its feedback (nothing if it has not run)."""
    note = translator(lang).gettext(ANSWERED_ABOVE)
    shown = Feedback(feedback.ok, f"{feedback.message} {note}", feedback.hint)
    update_display(HTML(feedback_html(shown, lang)), display_id=grade_display_id(exercise_id))  # type: ignore[no-untyped-call]


def under_voila() -> bool:
    """Whether this kernel was started by Voila (which sets ``VOILA_PREHEAT`` in its kernels' environment)."""
    return "VOILA_PREHEAT" in os.environ


def needs_code_note(lang: str) -> str:
    """The note a "write it yourself" exercise shows under Voila, as HTML."""
    return f'<p class="p10-needs-code"><em>{escape(translator(lang).gettext(NEEDS_CODE))}</em></p>'
