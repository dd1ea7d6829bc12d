"""What every widget shares to stay safe and usable: a status line, an error area and a guard.

Under Voila an exception inside a widget callback is invisible (it only reaches a log), so each
callback runs inside :meth:`Feedback.guard`: a ``Phase10Error`` (the rules refusing something)
becomes a sentence in the status line, anything else a message in the error area, and the widget
keeps working. The browser can write every synced trait, so the display-only widgets here refuse
all state sent from the browser (see :class:`BrowserLocked`).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Mapping
from html import escape
from typing import Any, Literal, ParamSpec

import ipywidgets

from phase10kit.errors import Phase10Error
from phase10kit.i18n import translator

P = ParamSpec("P")
Tone = Literal["info", "ok", "problem"]
LOG = logging.getLogger("widgets")


def N_(message: str) -> str:
    """Mark a msgid for extraction without translating it yet (translated where it is shown)."""
    return message


# Sentences for the ``reason`` codes of the rules package, shown before the rules' own message
# in languages other than English (the message itself stays English, as the rules raise it).
REASON_SENTENCES: Mapping[str, str] = {
    "bad-token": N_("That is not a card."),
    "bad-card": N_("That is not a card."),
    "bad-color": N_("That is not a colour."),
    "bad-phase": N_("That is not a phase."),
    "bad-group": N_("That is not a group."),
    "bad-layout": N_("That is not a layout."),
    "bad-language": N_("That language is not available."),
    "empty-group": N_("A group needs at least one card."),
    "skip-in-group": N_("A Skip can never be part of a group."),
    "no-natural-card": N_("A group needs at least one card that is not a Wild."),
    "wild-value-needed": N_("A group of only Wilds must say what they stand for."),
    "wrong-value": N_("The cards make a different group."),
    "mixed-numbers": N_("A set has one number."),
    "mixed-colors": N_("A colour group has one colour."),
    "not-consecutive": N_("A run needs consecutive numbers."),
    "repeated-number": N_("A run has each number once."),
    "run-out-of-range": N_("A run stays within 1 to 12."),
    "does-not-fit": N_("That card does not fit this group."),
    "end-needed": N_("Say which end of the run the card goes on."),
    "impossible-phase": N_("The deck does not have the cards to complete this phase."),
    "too-many-copies": N_("The deck does not have that many copies."),
    "too-many-cards": N_("That is too many cards for this exercise."),
    "text-too-long": N_("That text is too long."),
    # The engine's refusals of a move (phase10kit.game), as a player meets them at the table.
    "bad-action": N_("That is not a move."),
    "game-over": N_("The game is over."),
    "bad-player": N_("There is no such player."),
    "not-your-turn": N_("It is not your turn."),
    "wrong-stage": N_("Draw first, then play; you draw only once a turn."),
    "empty-pile": N_("There is nothing to draw."),
    "empty-discard": N_("The discard pile is empty."),
    "skip-from-discard": N_("A Skip cannot be taken from the discard pile."),
    "not-in-hand": N_("That card is not in your hand."),
    "bad-target": N_("That player cannot be skipped."),
    "already-laid": N_("You have already laid down your phase this hand."),
    "wrong-groups": N_("Those groups are not your phase."),
    "wrong-size": N_("A group has the wrong number of cards."),
    "invalid-group": N_("One of the groups is not valid."),
    "must-discard": N_("Your turn must end with a discard."),
    "not-laid": N_("Lay down your own phase before adding cards to groups."),
    "no-such-group": N_("There is no such group on the table."),
    "hit-next-turn": N_("You can add to other players' groups from your next turn on."),
    "bad-end": N_("Only a run has ends."),
    "no-undo": N_("There is nothing to undo."),
    "bad-players": N_("A game has 2 to 6 players."),
    "bad-seed": N_("A seed is a whole number."),
    "bad-bot": N_("That is not a bot."),
    "bad-speed": N_("That is not a bot speed."),
    "bad-rules": N_("Those are not valid rules."),
    "bad-history": N_("That is not a game record."),
    "bad-save": N_("That is not a saved game."),
}


class Refusal(Phase10Error):
    """A widget's own refusal, its message already in the student's language (shown as it is)."""


def describe_error(error: Phase10Error, lang: str = "en") -> str:
    """The sentence a student sees for a refusal by the rules.

    English shows the rules' own sentence (it quotes the input); other languages put the
    translated sentence for the error's ``reason`` first. A :class:`Refusal` is shown as it is.

    >>> from phase10kit.groups import InvalidGroupError
    >>> describe_error(InvalidGroupError("a run needs consecutive numbers: 5 is missing", reason="not-consecutive"))
    'a run needs consecutive numbers: 5 is missing'
    >>> describe_error(InvalidGroupError("5 is missing", reason="not-consecutive"), "es")
    'Una serie necesita números consecutivos. (5 is missing)'
    """
    message = str(error)
    if lang == "en" or isinstance(error, Refusal):
        return message
    headline = REASON_SENTENCES.get(error.reason, N_("That is not allowed."))
    return f"{translator(lang).gettext(headline)} ({message})"


class BrowserLocked:
    """Mixin for widgets: accept from the browser only the traits named in ``browser_writable``.

    ``Widget.set_state`` is the one door through which the browser changes a widget; anything
    else it sends is dropped and the kernel's value sent back, so the page shows the truth again.
    """

    browser_writable: frozenset[str] = frozenset()

    def set_state(self, sync_data: dict[str, Any]) -> None:
        allowed = {name: value for name, value in sync_data.items() if name in self.browser_writable}
        refused = [name for name in sync_data if name not in allowed and name in self.keys]  # type: ignore[attr-defined]
        if allowed:
            super().set_state(allowed)  # type: ignore[misc]
        if refused:
            self.send_state(refused)  # type: ignore[attr-defined]


class StatusLine(BrowserLocked, ipywidgets.HTML):  # type: ignore[misc]
    """The one-line feedback under a widget (class ``p10-status``), announced to screen readers.

    ``text`` and ``tone`` keep what is shown in plain form for Python code and tests. The tone is
    also written as a word mark (✓, ✗), so colour is never the only signal.
    """

    MARKS: Mapping[str, str] = {"info": "", "ok": "✓ ", "problem": "✗ "}

    def __init__(self, text: str = "") -> None:
        super().__init__()
        self.add_class("p10-status")
        self.text = ""
        self.tone: Tone = "info"
        self.show(text)

    def show(self, text: str, tone: Tone = "info") -> None:
        """Show ``text`` (escaped) with its tone mark."""
        self.text, self.tone = text, tone
        self.value = (
            f'<div role="status" aria-live="polite" class="p10-tone-{tone}">{escape(self.MARKS[tone] + text)}</div>'
        )


class ErrorArea(BrowserLocked, ipywidgets.HTML):  # type: ignore[misc]
    """Where unexpected errors become visible (class ``p10-error``); empty while all is well."""

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.add_class("p10-error")
        self.lang = lang
        self.text = ""

    def show(self, error: BaseException) -> None:
        """Show the error's type and message (escaped) and log its traceback."""
        t = translator(self.lang)
        self.text = f"{type(error).__name__}: {error}"
        intro = t.gettext("Something went wrong, but you can keep going:")
        self.value = f'<div role="alert"><strong>{escape(intro)}</strong> <code>{escape(self.text)}</code></div>'

    def clear(self) -> None:
        self.text = ""
        self.value = ""


class Feedback:
    """A widget's status line and error area, and the guard its callbacks run in.

    >>> feedback = Feedback()
    >>> @feedback.guard
    ... def refuse() -> None:
    ...     raise Phase10Error("R13 is not a card", reason="bad-token")
    >>> refuse(); feedback.status.text, feedback.status.tone
    ('R13 is not a card', 'problem')
    """

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.status = StatusLine()
        self.errors = ErrorArea(lang)

    def guard(self, callback: Callable[P, None]) -> Callable[P, None]:
        """``callback`` made safe: refusals go to the status line, other errors to the error area."""

        @functools.wraps(callback)
        def guarded(*args: P.args, **kwargs: P.kwargs) -> None:
            self.errors.clear()
            try:
                callback(*args, **kwargs)
            except Phase10Error as error:
                self.status.show(describe_error(error, self.lang), "problem")
            except Exception as error:
                LOG.exception("widget callback %s failed", getattr(callback, "__qualname__", callback))
                self.errors.show(error)

        return guarded


class Locked(BrowserLocked, ipywidgets.HTML):  # type: ignore[misc]
    """An HTML widget the browser cannot change: for pictures and texts the kernel draws."""


def locked_html(html: str = "", *classes: str) -> Locked:
    """A :class:`Locked` HTML widget with the given content and classes."""
    widget = Locked(value=html)
    for name in classes:
        widget.add_class(name)
    return widget
