"""English left on a translated lesson's screen: the words of the kit's English a student would read there.

nbval runs every translated notebook (``make test``); ``conftest.py`` hands each cell's outputs (text, HTML,
pictures) and, once the notebook has run, the text of every widget its kernel made (recorded by
``tests/notebook_kernel_startup.py``) to ``english_words``. A translated lesson passes when nothing is left.

What a student may read in English, and nothing else (the allow-list):

- the notation: cards ``R7 W S``, groups ``s[R7 B7 W]``, phases ``s3+r4``, seats ``p2``, actions
  ``p2 discard S>p3`` and history lines ``hand 2 dealer p1`` (a widget shows words beside the actions);
- code: a name called or defined ``chance_next(`` (with a signature of names ``(hand, phase, unseen)``, whose
  names are code wherever the text names them again: "group.low is the run's lowest number"), a
  dotted name ``view.legal``, an index ``values[keep]``, a name with an underscore ``win_rate`` or a keyword
  ``seed=5``, Python's
  ``True``/``False``/``None`` and a value's repr ``Fraction(1, 27)``, one-word strings in a repr
  (``'all-advance'``), and ``CODE_NAMES``: the kit's classes and the few names the lessons quote bare;
- in a table (``<table class="dataframe">``) none of that code: headings and cells are words.

Croatian, Czech and Spanish share many words with English (``a``, ``to``, ``no``, hr *set*), so there a word
counts as English when it is a word of the kit's English sources and no word of that language's own: a word its
catalogs write where the English does not, or one of its glossary column; in Ukrainian and Korean every Latin
word counts.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from phase10kit.cards import CARD_IN_TEXT
from phase10kit.tables import HEADINGS

ROOT = Path(__file__).resolve().parent.parent
LATIN_SCRIPT = {"es", "hr", "cs"}

CODE_NAMES = {
    # Python and the kit's classes a lesson names
    "True", "False", "None", "Fraction", "Phase10Error", "Rules", "Game", "Card", "Lay", "Draw", "Take", "Hit",
    "Discard", "RandomBot", "GreedyBot", "SmartBot", "ExpertBot", "StudentBot", "RecursionError", "sorted",
    # the lessons' people
    "Ana",
    # parameters and functions the lessons quote bare in a sentence (the function is written out nearby)
    "unseen", "choose", "view", "legal",
    # the rule presets' names, typed as they are (Rules.preset("twist"))
    "twist", "Twist", "standard", "twenty", "even", "odd", "printed", "article", "default",
}  # fmt: skip
"""Names a translated sentence quotes as code: the short allow-list beside the notation's patterns."""

NOTATION = re.compile(
    r"\bp\d (?:draw|take|discard \S+|lay(?: \d+)?(?: \d*[src]\d*\[[^\]]*\])+|hit p\d\.\d \S+)"  # actions
    r"|\b(?:hand \d+|tiebreak(?: p\d)+) dealer p\d"  # history lines
    r"|\b\d*[src]\d*\[[^\]]*\]"  # groups
    r"|\b\d*[src]\d+(?:\+\d*[src]\d+)*\b"  # phases
    r"|\bp\d\b|>(?:low|high)\b|\bfirst:\w+|\bphase10kit\b"
)
SIGNATURE = re.compile(r"\b\w+\((?:\s*\w+\s*(?:,\s*\w+\s*)*)?\)")
"""A function with a signature of bare names, ``chance_next(hand, phase, unseen)``: all of it is code."""
CODE = re.compile(
    r"\b[A-Z][A-Z0-9]*_?[A-Z0-9_]+\b|\b\w+=\S*|\b\w+\[[^\]]*\]|\b[A-Za-z_]\w*\(|\b\w+(?:\.\w+)+\b|\b\w*_\w*\b|'[^'\s]*'|\"[^\"\s]*\""
)
"""Code in a sentence: a constant ``ZEROS``, a keyword ``seed=5``, an index ``values[keep]``, a call
``chance_next(``, a dotted name ``view.legal``, a name with an underscore, a one-word string of a repr."""
WORD = re.compile(r"[^\W\d_]+")
TABLE = re.compile(r"<table[^>]*class=\"dataframe\".*?</table>", re.S)
ATTRIBUTES = re.compile(r'(?:aria-label|title|alt|placeholder)="([^"]*)"')


def _words(text: object, *, prose: bool = False) -> set[str]:
    """The Latin words of a catalog's text; ``prose``: without the notation and code its sentence quotes."""
    plain = str(text or "")
    if prose:  # a code block (a worked solution's function: lines indented by four spaces, or fenced) is code
        plain = re.sub(r"(?ms)```.*?```|^(?: {4}|\t).*?$", " ", plain)
    plain = re.sub(r"\{[^{}]*\}|`[^`]*`", " ", plain)
    if prose:  # so are calls with their arguments (can_complete(hand + [card], phase)) and the kit's names (Draw)
        plain = re.sub(r"\b\w+\((?:[^()]|\([^()]*\))*\)", " ", CARD_IN_TEXT.sub(" ", NOTATION.sub(" ", plain)))
        plain = CODE.sub(" ", plain)
    return {word.lower() for word in WORD.findall(plain) if word.isascii() and not (prose and word in CODE_NAMES)}


def _messages(paths: Iterable[Path]) -> Iterator[tuple[str | None, list[str], list[str]]]:
    """(msgctxt, English texts, translated texts) of every message of the catalogs."""
    for path in paths:
        with open(path, "rb") as file:
            for message in read_po(file):
                if message.id:
                    ids = message.id if isinstance(message.id, list | tuple) else [message.id]
                    strings = message.string if isinstance(message.string, list | tuple) else [message.string]
                    yield message.context, list(ids), [str(string or "") for string in strings]


def _catalogs(lang: str) -> list[Path]:
    own = ROOT / "phase10kit" / "locale" / lang / "LC_MESSAGES" / "phase10kit.po"
    return [own, *sorted((ROOT / "translations" / lang).glob("*.po"))]


@cache
def english_vocabulary() -> frozenset[str]:
    """Every word of the kit's English: the package's messages, the course's English texts, the tables' names."""
    sources = [
        ROOT / "phase10kit" / "locale" / "phase10kit.pot",
        *sorted((ROOT / "translations" / "templates").glob("*.pot")),
    ]
    words = {word for _, ids, _ in _messages(sources) for text in ids for word in _words(text)}
    words |= {part for name in HEADINGS for part in name.split("_")}
    return frozenset(words | {"true", "false", "none", "dtype", "float", "int", "object", "nan"})


@cache
def own_words(lang: str, *, in_table: bool = False) -> frozenset[str]:
    """The words of a Latin-script language, from its catalogs (the package's and the course's) and its column of
    docs/glossary.md (hr *set* is the glossary's word, though the English has it too).

    In prose, every word its sentences write outside notation and code (a translation may quote a column's name,
    "la columna probability"). In a table, stricter: only a word its catalogs write where their English does not,
    and the words of its table headings and values (es *bot*)."""
    words = glossary_words(lang)
    for context, ids, strings in _messages(_catalogs(lang)):
        written = set().union(*(_words(text, prose=True) for text in strings))
        if in_table and context not in ("table heading", "table value"):
            written -= set().union(*(_words(text) for text in ids))
        words |= written
    return frozenset(words)


def glossary_words(lang: str) -> set[str]:
    """The words of ``lang``'s column of the glossary's table of terms."""
    lines = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| English (msgid)"))
    column = [cell.strip() for cell in lines[start].split("|")].index(lang)
    table = lines[start + 2 :]
    table = table[: next((i for i, line in enumerate(table) if not line.startswith("|")), len(table))]
    rows = [line.split("|") for line in table]
    return {word.lower() for row in rows if len(row) > column for word in WORD.findall(row[column])}


def readable(text: str, markup: bool = True) -> list[tuple[str, bool]]:
    """The parts of an output a reader reads, each with whether it is a table's (no code allowed there): the text
    of HTML or SVG without its styles and tags, and the labels screen readers read (aria-label, title ...); plain
    text (``markup=False``) as it is."""
    if not markup:
        return [(text, False)]
    parts = [(table, True) for table in TABLE.findall(text)]
    rest = TABLE.sub(" ", text)
    rest = re.sub(r"<(style|script)\b.*?</\1>|<code>.*?</code>", " ", rest, flags=re.S)
    labels = " ".join(ATTRIBUTES.findall(rest))
    parts.append((re.sub(r"<[^>]+>", " ", rest) + " " + labels, False))
    return [(html.unescape(re.sub(r"<[^>]+>", " ", part)), in_table) for part, in_table in parts]


def english_words(text: str, lang: str, markup: bool = True) -> list[str]:
    """The English words of an output (HTML or SVG, or plain text with ``markup=False``) in a lesson of ``lang``,
    outside the allow-list.

    >>> english_words("<table class='x'></table><b>Šance: 16/97</b> p2 discard S>p3", "cs")
    []
    >>> english_words('<table class="dataframe"><th>draws</th><td>exact</td><td>True</td></table>', "ko")
    ['draws', 'exact', 'True']
    >>> english_words("chance_next(R1 R2, r7, &lt;97 unseen cards&gt;)은 16/97이어야 해요", "ko")
    ['cards']
    >>> english_words("chance_next(R1 R2, r7, <97 unseen cards>)", "uk", markup=False)
    ['cards']
    """
    found = []
    for part, in_table in readable(text, markup):
        part = CARD_IN_TEXT.sub(" ", NOTATION.sub(" ", part))
        named: set[str] = set()  # a signature's names are code wherever the text names them again
        if not in_table:
            named = {name for signature in SIGNATURE.findall(part) for name in re.findall(r"\w+", signature)}
            part = CODE.sub(" ", SIGNATURE.sub(" ", part))
        for word in WORD.findall(part):
            if word not in named and _is_english(word, lang, in_table):
                found.append(word)
    return found


def _is_english(word: str, lang: str, in_table: bool) -> bool:
    if not word.isascii() or len(word) < 2 or (word in CODE_NAMES and not in_table):
        return False
    if word in ("RandomBot", "GreedyBot", "SmartBot", "ExpertBot"):
        return False  # the bots' names are names in every language
    if lang in LATIN_SCRIPT:
        return word.lower() in english_vocabulary() and word.lower() not in own_words(lang, in_table=in_table)
    return True


def output_texts(outputs: Iterable[Mapping[str, Any]]) -> Iterator[tuple[str, bool]]:
    """The texts of a cell's outputs a reader reads, each with whether it is markup: streams, HTML (or else an SVG
    picture, or else plain text)."""
    for output in outputs:
        if output.get("output_type") == "stream":
            yield str(output.get("text", "")), False
            continue
        data = output.get("data", {})
        if "application/vnd.jupyter.widget-view+json" in data:
            continue  # the widget's own state is read in the kernel (tests/notebook_kernel_startup.py)
        for mime in ("text/html", "image/svg+xml", "text/markdown", "text/plain"):
            if mime in data:
                text = data[mime]
                yield ("".join(text) if isinstance(text, list) else str(text)), mime != "text/plain"
                break
