"""The last step of an exercise's hint ladder: its worked solution, shown only when the student asks twice.

A wrong answer never reaches it (its hint steps stop at the last hint). Once every hint has been read, or the
exercise is solved, a "Show the worked solution" button appears; its first click says what reading it means
(it gives the answer away and the progress file records it) and its second click shows the steps, one per
line, under a "Worked solution" heading, and records it (``Exercise.worked_solution``). A step may quote code: text
in backticks is shown as code, and lines indented by four spaces are a code block under the step before them (the
code of a "write it yourself" exercise), as in Markdown; code is always in a monospace font.

>>> def judge(answer: object, t: object) -> tuple[bool, str]:
...     return answer == 4, ""
>>> four = Exercise("demo.four", "00_welcome", ("deck.copies",), "answer", "2 + 2?", 4, (5,), ("Add.", "2 + 1 = 3."),
...                 judge, worked="Two and two are four.\\nThe answer is 4.")
>>> part = WorkedSolution(four, lang="en", path="/dev/null")
>>> part.button.layout.display, part.offer(), part.button.layout.display
('none', True, '')
>>> part.request(), "p10-worked-steps" in part.area.value
('asked', False)
>>> part.request(), "p10-worked-steps" in part.area.value
('shown', True)
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

import ipywidgets

from phase10kit.course import progress
from phase10kit.course.base import Exercise
from phase10kit.i18n import N_, check_lang, translator
from widgets._controls import button
from widgets._safety import BrowserLocked, LockedRow, locked_html

__all__ = ["SHOW", "WORKED", "WorkedSolution", "steps_html"]

SHOW = N_("Show the worked solution")
CONFIRM = N_("Yes, show it")
ASK_AGAIN = N_(
    "The worked solution gives the answer away, and your progress file will record that you read it. "
    "Try the hints once more, or click again to read it."
)
WORKED = N_("Worked solution")


_INLINE_CODE = re.compile(r"`([^`\n]+)`")
CODE_INDENT = "    "
"""A line starting with four spaces is code (Markdown's indented code block)."""
_MONO = (
    "font-family: var(--jp-code-font-family, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono',"
    " monospace); font-size: 0.95em"
)
"""Every ``<code>``, inline or in a block, names its font itself: the browser's own ``monospace`` for ``<code>``
is lost where a page's styles reset code to the text font, and a ``<pre>`` inside a widget inherits the
widget's text font; JupyterLab's code font where the page defines it."""
_CODE = f' class="p10-code" style="{_MONO}"'
_INLINE = (
    f' class="p10-code" style="{_MONO}; background: var(--jp-layout-color2, #f2f2f2); padding: 0 0.25em;'
    ' border-radius: 3px"'
)
"""Code in a sentence, shaded as the notebook's Markdown shades it."""
_CODE_STYLE = (
    ' class="p10-code-block" style="line-height: 1.4; padding: 0.4em 0.8em; margin: 0.3em 0;'
    ' background: var(--jp-layout-color2, #f2f2f2); border-radius: 4px; overflow-x: auto"'
)
"""A code block's own line height (the widget's HTML is set to a button's height per line) and a shaded box."""


def steps_html(text: str) -> str:
    r"""A worked solution as an ordered list: one step per line, text in backticks as code, and the lines
    indented by four spaces (dedented) as one code block under the step before them. Everything is escaped.

    >>> html = steps_html("Sort: `sorted(x)`.\nThe function:\n    def f(x):\n        return x < 1")
    >>> print(html.replace(_CODE_STYLE, " (block)").replace(_INLINE, " (inline)").replace(_CODE, " (mono)"))
    <ol><li>Sort: <code (inline)>sorted(x)</code>.</li><li>The function:<pre (block)><code (mono)>def f(x):
        return x &lt; 1</code></pre></li></ol>
    """
    steps: list[list[str]] = []  # each step: its sentence, then its code lines
    for line in text.splitlines():
        if line.startswith(CODE_INDENT) and line.strip():
            if not steps:
                steps.append([""])
            steps[-1].append(line[len(CODE_INDENT) :])
        elif line.strip():
            steps.append([line.strip()])
    items = []
    for sentence, *code in steps:
        words = _INLINE_CODE.sub(lambda match: f"<code{_INLINE}>{match[1]}</code>", escape(sentence))
        block = f"<pre{_CODE_STYLE}><code{_CODE}>" + escape("\n".join(code)) + "</code></pre>" if code else ""
        items.append(f"<li>{words}{block}</li>")
    return f"<ol>{''.join(items)}</ol>"


class WorkedSolution(BrowserLocked, ipywidgets.VBox):  # type: ignore[misc]
    """The worked-solution button and area of one exercise widget (``widgets.course.CourseExercise``)."""

    def __init__(self, exercise: Exercise, *, lang: str, path: str | None = None) -> None:
        super().__init__()
        self.exercise, self.lang, self.path = exercise, check_lang(lang), path
        t = translator(self.lang)
        self.add_class("p10-worked")
        self.button = button(t.gettext(SHOW), "p10-worked-button")
        self.button.layout.display = "none"
        self.button.on_click(self._on_click)
        self.area = locked_html("", "p10-worked-area")
        self.state = "hidden"
        """``hidden`` (no button yet), ``offered``, ``asked`` (the warning shown) or ``shown``."""
        self.children = [LockedRow([self.button]), self.area]

    def offer(self) -> bool:
        """Show the button (every hint read, or the exercise solved); True when the exercise has a worked solution."""
        if not self.exercise.worked:
            return False
        if self.state == "hidden":
            self.state = "offered"
            self.button.layout.display = ""
        return True

    def request(self) -> str:
        """One click on the button: the first asks again, the second shows the steps. Returns the new state."""
        t = translator(self.lang)
        if self.state == "offered":
            self.state = "asked"
            self.button.description = self.button.tooltip = t.gettext(CONFIRM)
            self.area.value = f'<p class="p10-worked-warning">{escape(t.gettext(ASK_AGAIN))}</p>'
        elif self.state == "asked":
            self.state = "shown"
            self.area.value = (
                # A step that wraps gets a reading line height, not the widget's button height per line.
                f'<div class="p10-worked-steps" style="line-height: 1.5" role="region" '
                f'aria-label="{escape(t.gettext(WORKED))}">'
                f"<strong>{escape(t.gettext(WORKED))}</strong>{steps_html(self._text())}</div>"
            )
            self.button.layout.display = "none"
        return self.state

    def _text(self) -> str:
        if self.path is None:
            return self.exercise.worked_solution(self.lang)
        # A given progress file (a test or a teacher's preview): record there, not in the student's file.
        progress.record_solution_seen(self.exercise.id, self.lang, path=self.path)
        return self.exercise.worked_solution(self.lang, record=False)

    def _on_click(self, _button: Any) -> None:
        self.request()
