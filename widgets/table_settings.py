"""The table's settings row: teaching mode, the bots' speed and the language, as menus the browser may change.

``SettingsMenus`` owns the three widgets, writes their labels in the table's language and hands each
change on: the teaching mode to the session, the speed and the language to the callbacks the table
gives (``BotPacer.set_speed``, ``Table.set_lang``), since they change more than the session.

Teaching mode shows what a bot thinks, which speaks of its hand: while it is on, ``teaching_note`` says
so on screen (an open-hands practice game); while it is off, no bot line tells what it holds or needs.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from phase10kit.i18n import LANGUAGES, shortest, translator
from widgets import _safety  # _safety.Feedback: the API reference cannot tell it from the course's Feedback by name
from widgets._safety import N_, SafeDropdown, locked_html
from widgets.session import TableSession
from widgets.session_settings import DEFAULT_SPEED
from widgets.table_menus import dropdown, set_options
from widgets.table_parts import SafeCheckbox

__all__ = ["SPEEDS", "TEACHING_NOTE", "SettingsMenus", "speed_label"]

TEACHING_NOTE = N_(
    "Teaching mode is on: the bots explain their moves, including what they hold and what they still need. "
    "Play this game as open-hands practice."
)
"""What the table says while teaching mode is on (the bots' hands are then, in part, open)."""

SPEEDS: tuple[float, ...] = (0.0, 0.4, DEFAULT_SPEED, 1.5)
"""Seconds between bots' moves offered by the speed menu (0: instant)."""


def speed_label(speed: float, lang: str) -> str:
    """A speed as its menu names it: ``"instant"`` or ``"0.8 s per move"``, in ``lang`` (``"0,8 s po potezu"``)."""
    t = translator(lang)
    if speed == 0:
        return t.gettext("instant")
    return t.gettext("{seconds} s per move").format(seconds=shortest(speed, lang))


class SettingsMenus:
    """The settings of ``session``'s table: ``teaching_choice`` (a checkbox), ``speed_choice`` and ``lang_choice``.

    Their changes run inside ``feedback.guard``; ``on_speed(seconds)`` and ``on_lang(code)`` carry out a new
    speed or language. An empty value (only code can set one: the browser's is refused) puts the menu back.
    """

    def __init__(
        self,
        session: TableSession,
        feedback: _safety.Feedback,
        *,
        on_speed: Callable[[float], None],
        on_lang: Callable[[str], None],
    ) -> None:
        self.session = session
        self.on_speed, self.on_lang = on_speed, on_lang
        self.speed_choice = dropdown("p10-speed")
        self.lang_choice = dropdown("p10-lang")
        # Each language is named in itself, so the menu reads the same in every language.
        self.lang_choice.options = [(name, code) for code, name in LANGUAGES.items()]
        self.lang_choice.value = session.lang
        self.teaching_choice = SafeCheckbox(value=session.teaching, indent=False)
        self.teaching_choice.add_class("p10-teaching")
        self.teaching_choice.layout.width = "auto"
        self.teaching_note = locked_html("", "p10-teaching-note")
        self.label(session.lang)
        self.speed_choice.value = session.speed
        self.speed_choice.observe(feedback.guard(self._on_speed), names="value")
        self.lang_choice.observe(feedback.guard(self._on_lang), names="value")
        self.teaching_choice.observe(feedback.guard(self._on_teaching), names="value")

    @property
    def menus(self) -> tuple[SafeDropdown, SafeDropdown]:
        """The two menus (speed, language), whose refused browser values the table answers in a sentence."""
        return self.speed_choice, self.lang_choice

    def label(self, lang: str) -> None:
        """Write the labels and the speeds' names in ``lang`` (the current speed is offered even when unlisted)."""
        t = translator(lang)
        self.speed_choice.description = t.gettext("Bot speed:")
        self.lang_choice.description = t.gettext("Language:")
        self.teaching_choice.description = t.gettext("Teaching mode (show the bots' reasons)")
        self._show_teaching_note(lang)
        speeds = sorted({*SPEEDS, self.session.speed})
        set_options(self.speed_choice, [(speed_label(s, lang), s) for s in speeds])

    def _on_speed(self, change: Any) -> None:
        if change["new"] is None:
            self.speed_choice.value = self.session.speed
            return
        self.on_speed(change["new"])

    def _on_lang(self, change: Any) -> None:
        if change["new"] is None:  # cannot come from the browser (refused), only from code
            self.lang_choice.value = self.session.lang
            return
        self.on_lang(change["new"])

    def _on_teaching(self, change: Any) -> None:
        self.session.set_teaching(bool(change["new"]))
        self._show_teaching_note(self.session.lang)

    def _show_teaching_note(self, lang: str) -> None:
        on = self.session.teaching
        note = escape(translator(lang).gettext(TEACHING_NOTE)) if on else ""
        self.teaching_note.value = f"<p role='note'>{note}</p>" if on else ""
        self.teaching_note.layout.display = "block" if on else "none"
