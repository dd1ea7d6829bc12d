"""What every widget shares to stay safe and usable: a status line, an error area and a guard.

Under Voila an exception inside a widget callback is invisible (it only reaches a log), so each
callback runs inside :meth:`Feedback.guard`: a ``Phase10Error`` (the rules refusing something)
becomes a sentence in the status line, anything else a message in the error area, and the widget
keeps working. The browser can write every synced trait, so the display-only widgets here refuse
all state sent from the browser (see :class:`BrowserLocked`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from html import escape
from typing import Any, Literal, ParamSpec

import ipywidgets
import traitlets

from phase10kit.errors import Phase10Error
from phase10kit.fonts import css_rule
from phase10kit.i18n import N_ as N_  # the one N_, re-exported: the widgets mark their msgids with it
from phase10kit.i18n import translator
from phase10kit.refusals import sentence
from widgets.language import notebook_lang
from widgets.server_log import server_logger

P = ParamSpec("P")
Tone = Literal["info", "ok", "problem"]
LOG = server_logger()


class Refusal(Phase10Error):
    """A widget's own refusal, its message already in the student's language (shown as it is)."""


@sentence.register
def _refusal_sentence(error: Refusal, lang: str = "en") -> str:
    """A widget's refusal is said as it was written: already in the student's language."""
    return str(error)


def describe_error(error: Phase10Error, lang: str | None = None) -> str:
    """The sentence a student sees for a refusal: built from its typed reason and details in ``lang``.

    >>> from phase10kit import parse_cards
    >>> from phase10kit.groups import GroupKind, arrange
    >>> try:
    ...     arrange(GroupKind.SET, parse_cards("R7 B7 R2"))
    ... except Phase10Error as error:
    ...     describe_error(error)
    'A set has one number, but R7 B7 R2 mixes 2, 7.'
    """
    lang = notebook_lang(lang)
    return sentence(error, lang)


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

    >>> from phase10kit.errors import Reason
    >>> feedback = Feedback()
    >>> @feedback.guard
    ... def refuse() -> None:
    ...     raise Phase10Error("R13 is not a card", reason=Reason.BAD_TOKEN, details={"text": "R13"})
    >>> refuse(); feedback.status.text, feedback.status.tone
    ('R13 is not a card: cards are written like R7, Y12, W or S.', 'problem')
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


class LockedButton(BrowserLocked, ipywidgets.Button):  # type: ignore[misc]
    """A button whose state the browser cannot change (only its clicks arrive, as messages)."""


class LockedRow(BrowserLocked, ipywidgets.HBox):  # type: ignore[misc]
    """A row of widgets whose children the browser cannot change."""


class LockedColumn(BrowserLocked, ipywidgets.VBox):  # type: ignore[misc]
    """A column of widgets whose children the browser cannot change."""


class SafeChoice(BrowserLocked):
    """Mixin for a selection widget (menu, toggle buttons) the browser may change only by ``index`` to an option.

    An empty, out-of-range or non-integer index is refused: the widget's value is sent back and
    ``on_refused`` (when set) is called, so the view can say so in a sentence.
    """

    browser_writable = frozenset({"index"})
    on_refused: Callable[[], None] | None = None

    def set_state(self, sync_data: dict[str, Any]) -> None:
        index = sync_data.get("index")
        size = len(self.options)  # type: ignore[attr-defined]
        if "index" in sync_data and not (isinstance(index, int) and not isinstance(index, bool) and 0 <= index < size):
            sync_data = {key: value for key, value in sync_data.items() if key != "index"}
            self.send_state(["index", "value", "label"])  # type: ignore[attr-defined]
            if self.on_refused is not None:
                self.on_refused()
        try:
            super().set_state(sync_data)
        except (traitlets.TraitError, ValueError, TypeError):
            self.send_state(list(sync_data))  # type: ignore[attr-defined]


class SafeDropdown(SafeChoice, ipywidgets.Dropdown):  # type: ignore[misc]
    """A dropdown the browser may change only by ``index`` to one of its options (see :class:`SafeChoice`)."""


class SafeToggleButtons(SafeChoice, ipywidgets.ToggleButtons):  # type: ignore[misc]
    """Toggle buttons the browser may change only by ``index`` to one of its options (see :class:`SafeChoice`)."""


class SafeIntSlider(BrowserLocked, ipywidgets.IntSlider):  # type: ignore[misc]
    """A slider the browser may move only to a whole number, kept between its ends (anything else is sent back).

    >>> slider = SafeIntSlider(value=3, min=1, max=6)
    >>> slider.set_state({"value": "2"}); slider.set_state({"max": 10**9}); slider.value, slider.max
    (3, 6)
    >>> slider.set_state({"value": 99}); slider.value
    6
    """

    browser_writable = frozenset({"value"})
    on_refused: Callable[[], None] | None = None

    def set_state(self, sync_data: dict[str, Any]) -> None:
        if "value" in sync_data:
            value = sync_data["value"]
            sync_data = {key: item for key, item in sync_data.items() if key != "value"}
            if isinstance(value, int) and not isinstance(value, bool):
                # Kept between the ends before ipywidgets echoes it: the page shows the value the kernel uses.
                sync_data["value"] = min(max(value, self.min), self.max)
            else:
                self.send_state(["value"])
                if self.on_refused is not None:
                    self.on_refused()
        super().set_state(sync_data)


MAX_TYPED = 400
"""Most characters of typed text kept from the browser (a browser may send anything)."""


class BrowserText(BrowserLocked, ipywidgets.Text):  # type: ignore[misc]
    """A text box the browser may type into: only its ``value``, only text, cut to ``MAX_TYPED`` characters.

    Anything else (a number, a list, a huge text's tail) is not taken: the box shows the kernel's value again.

    >>> box = BrowserText()
    >>> box.set_state({"value": ["<script>"], "placeholder": "forged"}); box.value, box.placeholder == "forged"
    ('', False)
    >>> box.set_state({"value": "R7 " * 1000}); len(box.value)
    400
    """

    browser_writable = frozenset({"value"})

    def set_state(self, sync_data: dict[str, Any]) -> None:
        if "value" in sync_data:
            value = sync_data["value"]
            sync_data = {key: item for key, item in sync_data.items() if key != "value"}
            if isinstance(value, str):
                sync_data["value"] = value[:MAX_TYPED]
            # Send the value back whatever came: a cut or refused text must not stay on the page.
            if not isinstance(value, str) or len(value) > MAX_TYPED:
                super().set_state(sync_data)
                self.send_state(["value"])
                return
        super().set_state(sync_data)


def locked_html(html: str = "", *classes: str) -> Locked:
    """A :class:`Locked` HTML widget with the given content and classes."""
    widget = Locked(value=html)
    for name in classes:
        widget.add_class(name)
    return widget


FONTS_CSS = css_rule('[class*="p10-"]')
"""The kit's fonts for every widget of the kit (their classes all start with ``p10-``): Korean in a Korean font."""


def fonts_style() -> Locked:
    """A style element (nothing visible) giving the kit's widgets their fonts, ``phase10kit.fonts.FONT_FAMILY``."""
    return locked_html(f"<style>{FONTS_CSS}</style>", "p10-style")
