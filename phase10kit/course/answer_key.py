"""The course's answer key: one page per lesson, for a teacher to print, in any language of the kit.

Everything on a page comes from the exercise registry (:data:`phase10kit.course.exercises`) and the catalogs:
each exercise's question, accepted answer, rule clauses and worked solution (``Exercise.worked``, when the
exercise has one), and the typical wrong answers it lists (``Exercise.wrong``) with what the checker says to
each, found by checking them. Nothing is typed twice, so the key follows the course: ``tools/answer_key.py``
writes ``docs/answer_key/<lang>/`` and its ``--check`` (run by the tests) fails when a page is out of date.

The pages are Markdown. A lesson's title and the code of the teacher's solution cells come from the teacher's
notebook, which this module does not read (it imports no Jupyter package): the caller passes them in.

>>> page = lesson_page("03_runs", "en", title="03 · Runs")
>>> page.splitlines()[0]
'# Answer key · 03 · Runs'
>>> "**Answer.** `Y9`" in page and "- `R1`: R10 B11 G12 with R1 is not a run" in page
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from fractions import Fraction

from phase10kit.course import for_notebook
from phase10kit.course.base import Exercise, Translations, brief
from phase10kit.course.numbers import significant, written
from phase10kit.i18n import LANGUAGES, N_, translator
from phase10kit.rules import Rules

__all__ = ["KIND_NAMES", "answer_code", "index_page", "lesson_page"]

KIND_NAMES = {
    "answer": N_("Type the answer"),
    "build": N_("Build it"),
    "spot": N_("Spot the illegal move"),
    "predict": N_("Guess first"),
    "write": N_("Write it yourself"),
    "play": N_("Play and notice"),
}
"""Each exercise kind (``phase10kit.course.KINDS``) as the key's headings name it."""

TITLE = N_("Answer key · {title}")
INDEX_TITLE = N_("Answer key")
ABOUT = N_(
    "The answers to the exercises of {notebook}: each question, its answer, the rule clauses it tests, its worked "
    "solution when it has one, and the wrong answers the checker knows with what it says to each. Written by "
    "tools/answer_key.py from the course's exercise registry and catalogs: never edit this page by hand."
)
INDEX_ABOUT = N_(
    "One page per lesson, made from the course's exercise registry: print the page of the lesson you teach. The "
    "teacher's notes (timing, what to say, where students stumble) are the second cell of each teacher's notebook."
)
QUESTION = N_("Question")
ANSWER = N_("Answer")
IN_NOTEBOOK = N_("The teacher's solution cell")
CLAUSES = N_("Rule clauses")
WORKED = N_("Worked solution")
WRONG = N_("Wrong answers the checker knows, and what it says")
GUESS = N_("A guess earns its point when it is made, right or wrong; the feedback says how far off it was.")
HIDDEN_CASES = N_(
    "The checker calls the student's function on cases the student does not see (a bot plays a seeded match) and "
    "names each case it gets wrong, with the reason. Any function that passes is right, not only the teacher's."
)


def answer_code(value: object) -> str:
    """An answer as a student writes it: text as it is, a fraction as ``a/b``, rules as a short ``Rules(...)``
    naming only what differs from the defaults.

    >>> answer_code("p1 draw"), answer_code(Fraction(8, 55)), answer_code(0.25), answer_code(Rules(skip_target="next"))
    ('p1 draw', '8/55', '0.25', 'Rules(skip_target="next")')
    >>> answer_code(Rules(phases="r5, c5"))
    'Rules(phases="r5, c5")'
    """
    if isinstance(value, str):
        return value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, bool | int | float):
        return repr(value)
    if isinstance(value, Rules):
        default, changed = Rules(), []
        for option in fields(Rules):
            mine = getattr(value, option.name)
            if mine == getattr(default, option.name):
                continue
            if option.name == "phases":
                changed.append(f'phases="{", ".join(str(phase) for phase in mine)}"')
            else:
                changed.append(f'{option.name}="{mine}"' if isinstance(mine, str) else f"{option.name}={mine!r}")
        return f"Rules({', '.join(changed)})"
    return brief(value)


def _code(text: str) -> str:
    """``text`` as inline code (Markdown), whatever it holds."""
    return f"`` {text} ``" if "`" in text else f"`{text}`"


def _prose(text: str) -> str:
    """A sentence of the kit on one line of Markdown: no line breaks, no ``<`` read as the start of HTML."""
    return " ".join(text.split()).replace("<", "&lt;")


def _sentence(text: str) -> str:
    return text if text.endswith((".", "。", "?", "!")) else f"{text}."


def _value(exercise: Exercise, lang: str) -> str:
    """The accepted answer as a value: as written in the notebook, and a fraction's decimal the language's way."""
    value = exercise.solution
    if isinstance(value, Fraction) and value.denominator >= 10_000:  # a huge exact fraction: its decimal says more
        return f"≈ {written(value, lang)}"
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{_code(str(value))} (≈ {significant(value, 4, lang)})"
    if isinstance(value, float):
        return written(value, lang)
    return _code(answer_code(value))


def _only_restates(code: str, value: object) -> bool:
    """Whether a solution cell is just ``answer = `` the value (no need to print it again)."""
    line = code.strip()
    if isinstance(value, str):
        return line in (f'answer = "{value}"', f"answer = {value!r}")
    if isinstance(value, Fraction):
        return line == f"answer = Fraction({value.numerator}, {value.denominator})"
    return isinstance(value, int) and line == f"answer = {value!r}"


def _section(number: int, exercise: Exercise, t: Translations, lang: str, solution_code: str) -> list[str]:
    lines = [f"## {number}. {t.gettext(KIND_NAMES[exercise.kind])} · {_code(exercise.id)}", ""]
    lines += [f"**{t.gettext(QUESTION)}.** {_prose(exercise.question_text(lang))}", ""]
    if exercise.kind == "write" or callable(exercise.solution):
        answer = t.gettext(HIDDEN_CASES)
    elif exercise.kind == "predict":
        value = _value(exercise, lang)
        answer = f"{_sentence(exercise.reveal_text(value, lang) if exercise.reveal else value)} {t.gettext(GUESS)}"
    else:  # the answer, then what the checker says to it: why it is right, in the student's words
        answer = f"{_value(exercise, lang)} — {_prose(exercise.check(exercise.solution, lang, record=False).message)}"
    lines += [f"**{t.gettext(ANSWER)}.** {answer}", ""]
    if solution_code.strip() and not _only_restates(solution_code, exercise.solution):
        lines += [f"**{t.gettext(IN_NOTEBOOK)}:**", "", "```python", solution_code.strip("\n"), "```", ""]
    lines += [f"**{t.gettext(CLAUSES)}.** {', '.join(_code(clause) for clause in exercise.clauses)}", ""]
    worked = exercise.worked_solution(lang, record=False).strip()
    if worked:
        lines += [f"**{t.gettext(WORKED)}.**", ""]
        lines += [f"> {line}".rstrip() for line in worked.replace("<", "&lt;").splitlines()]
        lines.append("")
    if exercise.wrong and exercise.kind != "write":  # a write exercise's wrong answers are functions
        lines += [f"**{t.gettext(WRONG)}:**", ""]
        for wrong in exercise.wrong:
            said = exercise.check(wrong, lang, record=False).message
            lines.append(f"- {_code(answer_code(wrong))}: {_prose(said)}")
        lines.append("")
    return lines


def lesson_page(notebook: str, lang: str = "en", *, title: str = "", solutions: Mapping[str, str] | None = None) -> str:
    """The answer key of one notebook (``"03_runs"``) in ``lang``, as Markdown.

    ``title`` is the lesson's title as its notebook writes it (the notebook's name when empty); ``solutions``
    maps an exercise id to the code of its solution cell in the teacher's notebook, printed under the answer
    unless it only restates it (a function, ``Rules(...)``, or an answer the notebook computes).
    """
    lang = lang if lang in LANGUAGES else "en"
    t = translator(lang)
    lines = [f"# {t.gettext(TITLE).format(title=title or notebook)}", ""]
    lines += [t.gettext(ABOUT).format(notebook=_code(notebook)), ""]
    for number, exercise in enumerate(for_notebook(notebook), start=1):
        lines += _section(number, exercise, t, lang, (solutions or {}).get(exercise.id, ""))
    return "\n".join(lines).rstrip("\n") + "\n"


def index_page(titles: Mapping[str, str], lang: str = "en") -> str:
    """The contents of the key in ``lang``: a link to each notebook's page (``titles``: notebook -> its title)
    and how many exercises it has.

    >>> index_page({"03_runs": "03 · Runs"}).splitlines()[-1]
    '- [03 · Runs](03_runs.md): 6 exercises'
    """
    lang = lang if lang in LANGUAGES else "en"
    t = translator(lang)
    lines = [f"# {t.gettext(INDEX_TITLE)}", "", t.gettext(INDEX_ABOUT), ""]
    for notebook, title in titles.items():
        count = len(for_notebook(notebook))
        asked = t.ngettext("{count} exercise", "{count} exercises", count).format(count=count)
        lines.append(f"- [{title}]({notebook}.md): {asked}")
    return "\n".join(lines) + "\n"
