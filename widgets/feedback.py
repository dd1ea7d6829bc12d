"""A check's feedback as HTML: the mark, the sentence, the hint; the one drawing every exercise and grade
cell uses (``widgets.course``, ``widgets.grading``, ``widgets.handing_in``)."""

from __future__ import annotations

from html import escape

from phase10kit.course.base import Feedback
from phase10kit.i18n import N_, translator
from widgets.language import notebook_lang

__all__ = ["HINT_MARK", "NOT_YET_MARK", "feedback_html"]

NOT_YET_MARK = N_("not yet")
HINT_MARK = N_("Hint:")


def feedback_html(feedback: Feedback, lang: str | None = None) -> str:
    """The feedback as HTML: a mark and the message, then the hint; everything escaped.

    >>> html = feedback_html(Feedback(False, "<R7> is not a run", "In a row."))
    >>> "&lt;R7&gt; is not a run" in html and "<R7>" not in html and "✗ not yet" in html and "In a row." in html
    True
    """
    lang = notebook_lang(lang)
    t = translator(lang)
    tone, mark = ("ok", "✓") if feedback.ok else ("problem", "✗ " + t.gettext(NOT_YET_MARK))
    hint = f"<br><em>{escape(t.gettext(HINT_MARK))}</em> {escape(feedback.hint)}" if feedback.hint else ""
    return (
        f'<div class="p10-feedback p10-tone-{tone}" role="status"><strong>{escape(mark)}</strong> '
        f"{escape(feedback.message)}{hint}</div>"
    )
