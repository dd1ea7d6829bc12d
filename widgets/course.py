"""The course's exercises as widgets: ``ask(id)`` draws the right one for its kind, ``check(id, answer)`` is for
code cells, ``ProgressView`` shows solved/total, ``set_language`` sets the notebook's language.

Every judgement comes from the exercise registry (``phase10kit.course``): the widget only collects the answer,
shows the feedback (escaped) and steps through the hints. A "spot the illegal move" exercise asks the engine
(``game.why_not``) through its judge; a build exercise uses the :class:`~widgets.group_builder.GroupBuilder`.

>>> set_language("es"), language(), set_language("en")
('es', 'es', 'en')
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets
from IPython.display import HTML, display

from phase10kit.cards import Card
from phase10kit.course import Exercise, Feedback, exercises, notebooks, progress_summary
from phase10kit.course.answers import read_cards, read_fraction
from phase10kit.course.base import AnswerError, index_by_id, is_blank
from phase10kit.course.numbers import significant
from phase10kit.explain import parse_turn, turn_phrase
from phase10kit.groups import arrange
from phase10kit.i18n import N_, check_lang, translator
from phase10kit.phases import GroupKind
from phase10kit.table_svg import table_svg
from widgets import handing_in
from widgets._controls import button
from widgets._safety import (
    BrowserLocked,
    BrowserText,
    ErrorArea,
    LockedColumn,
    LockedRow,
    StatusLine,
    fonts_style,
    locked_html,
)
from widgets.cards import cards_html
from widgets.feedback import HINT_MARK, feedback_html
from widgets.group_builder import GroupBuilder
from widgets.language import language, notebook_lang, set_language
from widgets.worked import WorkedSolution

_views: weakref.WeakSet[ProgressView] = weakref.WeakSet()

TABLE_AFTER = N_("The table is shown once your answer is right: it would give the answer away.")
NOTEBOOK = N_("Notebook")
SOLVED = N_("Solved")


class ShownFeedback(Feedback):
    """The feedback ``check`` returns after displaying it: shown once, not twice when it is a cell's last value."""

    def _ipython_display_(self) -> None:
        if getattr(self, "_fresh", False):
            object.__setattr__(self, "_fresh", False)
            return
        display(HTML(feedback_html(self, getattr(self, "_lang", "en"))))  # type: ignore[no-untyped-call]


def check(exercise_id: str, answer: object, lang: str | None = None) -> Feedback:
    """Check ``answer`` for the exercise, display the feedback and return it (records progress).

    Never raises for any answer; an unknown exercise id is shown as feedback too.
    """
    lang = notebook_lang(lang)
    try:
        exercise = index_by_id(exercises, exercise_id)
    except Exception as error:
        result = ShownFeedback(False, str(error))
    else:
        plain = exercise.check(answer, lang)
        result = ShownFeedback(plain.ok, plain.message, plain.hint)
    display(HTML(feedback_html(result, lang)))  # type: ignore[no-untyped-call]
    object.__setattr__(result, "_fresh", True)
    object.__setattr__(result, "_lang", lang)
    _refresh_views()
    return result


def ask(exercise_id: str, lang: str | None = None) -> ipywidgets.Widget:
    """The widget for the exercise, by its kind: an answer box, a GroupBuilder with a target, four actions
    on a position, a guess then its reveal; a "write" exercise shows its question and hints (the notebook
    calls ``check(id, your_function)``)."""
    lang = notebook_lang(lang)
    exercise = index_by_id(exercises, exercise_id)
    if exercise.kind == "build":
        return BuildExercise(exercise, lang=lang)
    if exercise.kind == "spot":
        return SpotExercise(exercise, lang=lang)
    if exercise.kind == "predict":
        return PredictExercise(exercise, lang=lang)
    if exercise.kind == "write":
        return CourseExercise(exercise, lang=lang)
    return AnswerBox(exercise, lang=lang)


class CourseExercise(BrowserLocked, ipywidgets.VBox):  # type: ignore[misc]
    """What every exercise widget shows: the question, a feedback line, a Hint button that steps through the
    hints (a nudge, then narrower ones; never the answer), the worked solution once every hint has been read
    or the answer is right (asked for twice, ``widgets.worked``) and an error area. ``submit(answer)`` checks."""

    def __init__(self, exercise: Exercise, *, lang: str | None = None) -> None:
        lang = notebook_lang(lang)
        super().__init__()
        self.exercise, self.lang = exercise, check_lang(lang)
        t = translator(self.lang)
        self.add_class("p10-course-exercise")
        self.add_class(f"p10-kind-{exercise.kind}")
        self.question = locked_html(
            f"<p><strong>{escape(exercise.question_text(self.lang))}</strong></p>", "p10-question"
        )
        self.status = StatusLine()
        self.hint_line = locked_html("", "p10-hint")
        self.errors = ErrorArea(self.lang)
        self.hint_button = button(t.gettext("Hint"), "p10-hint-button")
        self.hints_shown = 0
        self.last: Feedback | None = None
        self.hint_button.on_click(self._guarded(self._on_hint))
        self.worked = WorkedSolution(exercise, lang=self.lang)
        self.children = [
            self.question,
            *self.body(),
            self.status,
            self.hint_line,
            self.worked,
            self.errors,
            fonts_style(),
        ]

    def body(self) -> list[ipywidgets.Widget]:
        """The kind's own widgets, between the question and the feedback (override)."""
        if self.exercise.kind == "write" and handing_in.under_voila():  # no code cell on this page
            return [locked_html(handing_in.needs_code_note(self.lang), "p10-needs-code"), self.hint_button]
        return [self.hint_button]

    def _guarded(self, callback: Any) -> Any:
        def run(*args: Any) -> None:
            self.errors.clear()
            try:
                callback(*args)
            except Exception as error:  # visible under Voila, and the widget keeps working
                self.errors.show(error)

        return run

    def submit(self, answer: object) -> Feedback:
        """Check ``answer``, show the feedback and the next hint when it is not right yet, and return it."""
        feedback = self.exercise.check(answer, self.lang)
        self.last = feedback
        t = translator(self.lang)
        # One answer per exercise: the grade cell below grades this answer while its code cell says None, and
        # shows this verdict now instead of its own older one.
        handing_in.remember(self.exercise.id, answer)
        handing_in.tell_grade_cell(self.exercise.id, feedback, self.lang)
        if feedback.ok:
            self.status.show(feedback.message, "ok")
            self.hint_line.value = self._hand_in(answer)
        else:
            self.status.show(feedback.message, "problem")  # the status line marks it ✗ itself
            self.hint_line.value = f"<em>{escape(t.gettext(HINT_MARK))}</em> {escape(feedback.hint)}"
            steps = self.exercise.hint_steps(self.lang)
            if feedback.hint in steps:  # the Hint button goes on from the step this answer showed
                self.hints_shown = max(self.hints_shown, steps.index(feedback.hint) + 1)
        self._offer_worked(feedback.ok)
        _refresh_views()
        return feedback

    def _hand_in(self, answer: object) -> str:
        """How to hand a right answer in (a notebook's code cell), as HTML; nothing under Voila (no cells)."""
        if handing_in.under_voila() or is_blank(answer):
            return ""
        line = handing_in.hand_in_line(answer)
        text = escape(translator(self.lang).gettext(handing_in.HAND_IN)).replace(
            "{line}", f"<code>{escape(line)}</code>"
        )
        return f'<span class="p10-hand-in">{text}</span>'

    def show_hint(self) -> str:
        """Show the next hint step (the last one stays) and return it: the step after the last one shown,
        by this button or by a wrong answer's feedback."""
        steps = self.exercise.hint_steps(self.lang)
        hint = steps[min(self.hints_shown, len(steps) - 1)]
        self.hints_shown += 1
        self.exercise.hints_seen(self.hints_shown)
        t = translator(self.lang)
        self.hint_line.value = f"<em>{escape(t.gettext(HINT_MARK))}</em> {escape(hint)}"
        self._offer_worked(False)
        return hint

    def _offer_worked(self, solved: bool) -> None:
        """The worked solution is the ladder's last step: offered after the last hint, or once solved."""
        if solved or self.hints_shown >= len(self.exercise.hints):
            self.worked.offer()

    def _on_hint(self, _button: Any) -> None:
        self.show_hint()


class AnswerBox(CourseExercise):
    """An answer typed in a box (cards, a number, a fraction, a word), a Check button and stepped hints."""

    def body(self) -> list[ipywidgets.Widget]:
        t = translator(self.lang)
        self.answer = _Text(placeholder=t.gettext("Your answer"), continuous_update=False)
        self.answer.add_class("p10-answer")
        self.check_button = button(t.gettext("Check"), "p10-check")
        self.check_button.on_click(self._guarded(self._on_check))
        row = LockedRow([self.answer, self.check_button, self.hint_button])
        # A "play" (or any) exercise about a seeded position shows the table as the player to move sees it;
        # a table that shows the answer (whose turn, the phase reached) waits until the answer is right.
        if self.exercise.position is None:
            return [row]
        self.table = position_view(self.exercise, self.lang, hidden=self.exercise.position_after_answer)
        return [self.table, row]

    def submit(self, answer: object) -> Feedback:
        feedback = super().submit(answer)
        if feedback.ok and self.exercise.position_after_answer:
            self.table.value = position_html(self.exercise, self.lang)
        return feedback

    def _on_check(self, _button: Any) -> None:
        self.submit(self.answer.value[:400])


class BuildExercise(CourseExercise):
    """Build it: a GroupBuilder on the exercise's hand; Check sends the picked cards to the exercise."""

    def body(self) -> list[ipywidgets.Widget]:
        t = translator(self.lang)
        kind = self.exercise.group_kind or _kind_of(self.exercise.solution)
        self.builder = GroupBuilder(offered_hand(self.exercise), kind=kind, lang=self.lang)
        # The exercise's hand and target: no random deal, no other kind of group to switch to.
        self.builder.deal_button.layout.display = "none"
        self.builder.kind_choice.layout.display = "none"
        self.check_button = button(t.gettext("Check"), "p10-check")
        self.check_button.on_click(self._guarded(self._on_check))
        return [self.builder, LockedRow([self.check_button, self.hint_button])]

    def _on_check(self, _button: Any) -> None:
        self.submit(list(self.builder.hand.selected_cards))


class SpotExercise(CourseExercise):
    """Spot the illegal move: the table as the player to move sees it, and four actions as buttons; exactly
    one is refused by the engine, and its refusal is what the student reads."""

    def body(self) -> list[ipywidgets.Widget]:
        self.actions = spot_actions(self.exercise)
        self.table = position_view(self.exercise, self.lang)
        # Each choice in words on its button, its notation beside it: the feedback names the move in the notation.
        self.buttons = [
            button(turn_phrase(parse_turn(action), self.lang), "p10-action", tooltip=action) for action in self.actions
        ]
        rows = []
        for action, widget in zip(self.actions, self.buttons, strict=True):
            widget.layout.width = "auto"  # an action is read in full: never cut to "p1 lay s[R7 ..."
            widget.on_click(self._guarded(lambda _b, action=action: self.pick(action)))
            rows.append(LockedRow([widget, locked_html(f"<code>{escape(action)}</code>", "p10-action-notation")]))
        return [self.table, LockedColumn(rows, layout={"align_items": "flex-start"}), self.hint_button]

    def pick(self, action: str) -> Feedback:
        """Choose ``action`` as the refused one."""
        for other, widget in zip(self.actions, self.buttons, strict=True):
            widget.button_style = "info" if other == action else ""
        return self.submit(action)


class PredictExercise(CourseExercise):
    """Predict, then reveal: the student types a guess; Reveal (only after a guess) shows the exact answer
    and how far off the guess was."""

    def body(self) -> list[ipywidgets.Widget]:
        t = translator(self.lang)
        self.guess = _Text(placeholder=t.gettext("Your guess, like 1/4 or 0.25"), continuous_update=False)
        self.guess.add_class("p10-guess")
        self.reveal_button = button(t.gettext("Reveal"), "p10-reveal")
        self.reveal_button.on_click(self._guarded(self._on_reveal))
        self.answer_line = locked_html("", "p10-reveal-answer")
        return [LockedRow([self.guess, self.reveal_button, self.hint_button]), self.answer_line]

    def reveal(self, guess: object) -> Feedback:
        """Check the guess, then show the exact answer and the distance from the guess."""
        feedback = self.submit(guess)
        t = translator(self.lang)
        if is_blank(guess):
            self.answer_line.value = escape(t.gettext("Write your guess first: the answer is shown after it."))
            return feedback
        exact = self.exercise.solution
        # How the answer was found (counted exactly, or measured by a seeded tournament) is the exercise's to say.
        lines = [self.exercise.reveal_text(show_number(exact, self.lang), self.lang)]
        try:
            off = abs(read_fraction(guess, self.lang) - read_fraction(exact))
            lines.append(t.gettext("Your guess was off by {off}.").format(off=show_number(off, self.lang)))
        except AnswerError:
            pass
        self.answer_line.value = escape(" ".join(lines)) + " " + self._hand_in(guess)
        # The guess came first; once the answer is shown a new guess would only copy it, and a hint is moot.
        self.guess.disabled = self.reveal_button.disabled = self.hint_button.disabled = True
        self.hint_line.value = ""
        return feedback

    def _on_reveal(self, _button: Any) -> None:
        self.reveal(self.guess.value[:100])


class ProgressView(BrowserLocked, ipywidgets.HTML):  # type: ignore[misc]
    """Solved/total per notebook and for the whole course, from the progress file; refreshed after each check.

    >>> view = ProgressView()
    >>> "p10-progress" in view._dom_classes and view.totals[1] == len(exercises)
    True
    """

    def __init__(self, *, lang: str | None = None, path: str | None = None) -> None:
        lang = notebook_lang(lang)
        super().__init__()
        self.lang = lang
        self.path = path
        self.add_class("p10-progress")
        self.totals = (0, 0)
        self.rows: dict[str, tuple[int, int]] = {}
        _views.add(self)
        self.refresh()

    def refresh(self) -> None:
        """Read the progress file again and redraw."""
        t = translator(self.lang)
        self.rows = progress_summary(self.path)
        solved = sum(done for done, _ in self.rows.values())
        total = sum(count for _, count in self.rows.values())
        self.totals = (solved, total)
        body = "".join(
            f"<tr><td>{escape(stem)}</td><td>{done} / {count}</td>"
            f'<td><progress value="{done}" max="{max(count, 1)}" aria-label="{escape(stem)}"></progress></td></tr>'
            for stem, (done, count) in self.rows.items()
        )
        head = f"<tr><th>{escape(t.gettext(NOTEBOOK))}</th><th>{escape(t.gettext(SOLVED))}</th><th></th></tr>"
        course = t.ngettext(
            "The course: {solved} of {total} exercise solved.",
            "The course: {solved} of {total} exercises solved.",
            total,
        ).format(solved=solved, total=total)
        self.value = f"<table>{head}{body}</table><p><strong>{escape(course)}</strong></p>"


def _refresh_views() -> None:
    for view in list(_views):
        view.refresh()


class _Text(BrowserText):
    """A text box the browser may type into (only its value: text, at most 400 characters kept)."""


def position_view(exercise: Exercise, lang: str | None = None, *, hidden: bool = False) -> ipywidgets.Widget:
    """The exercise's position (a fresh seeded game) drawn as the player to move sees it: never another hand.
    ``hidden``: a note that the table comes once the answer is right (the table would give it away)."""
    lang = notebook_lang(lang)
    if hidden:
        note = escape(translator(lang).gettext(TABLE_AFTER))
        return locked_html(f'<p class="p10-table-after"><em>{note}</em></p>', "p10-position")
    return locked_html(position_html(exercise, lang), "p10-position")


def position_html(exercise: Exercise, lang: str | None = None) -> str:
    """The position's table as HTML (an SVG in a ``p10-game`` block)."""
    lang = notebook_lang(lang)
    game = exercise.position() if exercise.position is not None else None
    picture = "" if game is None else table_svg(game.view(game.current_player), lang=lang)
    return f'<div class="p10-game">{picture}</div>'


def offered_hand(exercise: Exercise) -> list[Card]:
    """The cards a build exercise offers: its ``hand``, or the cards of its solution and wrong answers."""
    if exercise.hand:
        return read_cards(exercise.hand)
    counts: dict[Card, int] = {}
    for answer in (exercise.solution, *exercise.wrong):
        try:
            cards = read_cards(answer)
        except AnswerError:
            continue
        for card in set(cards):
            counts[card] = max(counts.get(card, 0), cards.count(card))
    return sorted(card for card, count in counts.items() for _ in range(count))


def spot_actions(exercise: Exercise) -> list[str]:
    """The four actions of a spot exercise in a fixed order that does not give the answer away (sorted)."""
    return sorted(str(action) for action in (exercise.solution, *exercise.wrong))


def _kind_of(solution: object) -> str:
    try:
        cards = read_cards(solution)
    except AnswerError:
        return "run"
    for kind in (GroupKind.SET, GroupKind.RUN, GroupKind.COLOR):
        try:
            arrange(kind, cards)
            return {"s": "set", "r": "run", "c": "colour"}[kind.value]
        except Exception:
            continue
    return "run"


def show_number(value: object, lang: str = "en") -> str:
    """A number as a student reads it, the language's way: a fraction with its decimal (``3/8 ≈ 0.375``,
    ``3/8 ≈ 0,375`` in hr), a whole number as it is.

    >>> show_number(Fraction(3, 8)), show_number(5), show_number(Fraction(1, 3)), show_number(Fraction(3, 8), "hr")
    ('3/8 ≈ 0.375', '5', '1/3 ≈ 0.3333', '3/8 ≈ 0,375')
    """
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{value} ≈ {significant(value, 4, lang)}"
    if isinstance(value, float):
        return significant(value, 4, lang)
    return str(value)


def show_cards(cards: Iterable[Card] | str, lang: str | None = None, *, scale: float = 0.8) -> HTML:
    """Real card pictures for a hand written in the notation (``"R7 B7 W"``) or for Card values.

    A list of cards is a Python value and prints as text (``[Card('R7'), Card('W')]``); this draws it.

    >>> "7 red (R7)" in show_cards("R7 W").data
    True
    """
    lang = notebook_lang(lang)
    chosen = read_cards(cards) if isinstance(cards, str) else list(cards)
    return HTML(cards_html(chosen, lang, scale=scale))  # type: ignore[no-untyped-call]


def exercise_ids(stem: str | None = None) -> Iterable[str]:
    """The exercise ids of one notebook (or of the course)."""
    return [e.id for e in exercises.values() if stem is None or e.notebook == stem]


__all__ = [
    "AnswerBox",
    "BuildExercise",
    "CourseExercise",
    "PredictExercise",
    "ProgressView",
    "SpotExercise",
    "ask",
    "check",
    "exercise_ids",
    "language",
    "notebooks",
    "set_language",
    "show_cards",
]
