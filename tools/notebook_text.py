"""Which text of a notebook cell is prose, and how to rewrite it in another language: the half of
``translate_notebooks.py`` that reads and rewrites one cell's source, knowing nothing of catalogs or files.

- Markdown: every heading, paragraph, list item and table cell holding words is given to ``translate``; code
  spans, link targets and ``{placeholders}`` must come back unchanged (``invariants``).
- Code: comments (a run of full-line comments is one piece, wrapped again after translation), docstrings, and
  string literals that read as prose (two words or more, once ``{...}`` fields and HTML tags are set aside).
  Identifiers, card notation, exercise ids and nbgrader's markers stay as they are.
"""

from __future__ import annotations

import io
import re
import textwrap
import tokenize
from collections.abc import Callable, Iterator
from dataclasses import dataclass

WIDTH = 120
"""The line length of the repository (ruff's): translated comments and docstrings are wrapped to it."""

Translate = Callable[[str, str], str]
"""Given an English text and what it is ("paragraph", "comment", ...), the text to write."""


# ---------------------------------------------------------------------------------------------------------------
# What is prose


CODE_SPAN = re.compile(r"`+[^`]*`+")
LINK_TARGET = re.compile(r"\]\(([^)\s]*)\)")
FIELD = re.compile(r"\{[^{}]*\}")
TAG = re.compile(r"<[^<>]*>")
WORD = re.compile(r"^[^\W\d_]{2,}[.,;:!?)]*$")


def words(text: str) -> list[str]:
    """The words of a text a reader reads: code spans, link targets, ``{fields}`` and HTML tags set aside.

    >>> words("Deal `p1 draw` with [the deck](01_cards.ipynb), {count} times.")
    ['Deal', 'with', '[the', 'deck]', 'times.']
    """
    for pattern in (CODE_SPAN, FIELD, TAG):
        text = pattern.sub(" ", text)
    text = LINK_TARGET.sub("] ", text)
    return [word for word in text.split() if any(char.isalpha() for char in word)]


def reads_as_prose(text: str) -> bool:
    """Whether a string literal is text for a reader: two plain words or more, and not the kit's notation
    (cards, groups, phases, actions such as an exercise's answer ``"p2 take; p2 discard G1"``) nor an id.

    >>> [reads_as_prose(text) for text in ("turns left", "sets.guess_small", "p1 lay s[R7 B7 G7]", "R7 B7 W")]
    [True, False, False, False]
    >>> reads_as_prose("p2 take; p2 discard G1"), reads_as_prose("take the discard")
    (False, True)
    """
    if is_notation(text):
        return False
    for pattern in (FIELD, TAG):
        text = pattern.sub(" ", text)
    return sum(1 for word in text.split() if WORD.match(word)) >= 2


def is_notation(text: str) -> bool:
    """Whether the text is actions in the kit's notation, one or more separated by ``;`` (never translated)."""
    from phase10kit.actions import parse_action
    from phase10kit.errors import Phase10Error

    try:
        return all(parse_action(part.strip()) is not None for part in text.split(";"))
    except Phase10Error:
        return False


def has_words(text: str) -> bool:
    """Whether a piece of Markdown holds anything to translate (not only code, numbers or signs)."""
    return any(sum(char.isalpha() for char in word) >= 2 for word in words(text))


def invariants(text: str) -> list[str]:
    """What a translation must keep exactly: code spans, link targets and ``{fields}``, sorted."""
    return sorted([*CODE_SPAN.findall(text), *LINK_TARGET.findall(text), *FIELD.findall(text)])


# ---------------------------------------------------------------------------------------------------------------
# Markdown: headings, paragraphs, list items, table cells


HEADING = re.compile(r"^(\s*#{1,6}\s+)(.*)$")
ITEM = re.compile(r"^(\s*(?:[-*+]|\d+[.)])\s+)(.*)$")
TABLE_RULE = re.compile(r"^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$")


def _starts_block(line: str) -> bool:
    stripped = line.strip()
    return not stripped or bool(HEADING.match(line) or ITEM.match(line)) or stripped.startswith(("|", "```", "<"))


def rewrite_markdown(source: str, translate: Translate) -> str:
    """The Markdown with each heading, paragraph, list item and table cell passed through ``translate``.

    A paragraph or list item written over several lines is one text (its lines joined by spaces) and comes back
    on one line; fenced code and HTML lines are kept as they are.

    >>> rewrite_markdown("# Sets\\n\\nA set is\\ncards of one number.\\n- any `R7`", lambda text, kind: text.upper())
    '# SETS\\n\\nA SET IS CARDS OF ONE NUMBER.\\n- ANY `R7`'
    """
    lines = source.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line, stripped = lines[i], lines[i].strip()
        if not stripped or stripped.startswith("<"):
            out.append(line)
            i += 1
        elif stripped.startswith("```"):
            end = i + 1
            while end < len(lines) and not lines[end].strip().startswith("```"):
                end += 1
            out.extend(lines[i : end + 1])
            i = end + 1
        elif heading := HEADING.match(line):
            out.append(heading[1] + _piece(heading[2], "heading", translate))
            i += 1
        elif stripped.startswith("|"):
            out.append(line if TABLE_RULE.match(line) else _table_row(line, translate))
            i += 1
        else:
            end = i + 1
            while end < len(lines) and not _starts_block(lines[end]):
                end += 1
            item = ITEM.match(line)
            prefix, first = (item[1], item[2]) if item else (line[: len(line) - len(line.lstrip())], stripped)
            text = " ".join([first.strip(), *(part.strip() for part in lines[i + 1 : end])])
            out.append(prefix + _piece(text, "list item" if item else "paragraph", translate))
            i = end
    return "\n".join(out)


def _piece(text: str, kind: str, translate: Translate) -> str:
    return translate(text, kind) if has_words(text) else text


def _table_row(line: str, translate: Translate) -> str:
    cells = re.split(r"(?<!\\)\|", line)
    inner = [
        cell
        if not cell.strip()
        else cell[: len(cell) - len(cell.lstrip())] + _piece(cell.strip(), "table cell", translate) + " "
        for cell in cells[1:-1]
    ]
    return "|".join([cells[0], *inner, cells[-1]])


# ---------------------------------------------------------------------------------------------------------------
# Code: comments, docstrings, prose strings


NBGRADER_MARKER = re.compile(r"^#+\s*(BEGIN|END) (SOLUTION|HIDDEN TESTS)\s*$")
PRAGMA = re.compile(r"^((?:noqa|type:|fmt:|pragma)(?::?\s*[A-Z]+[0-9]+(?:,\s*[A-Z]+[0-9]+)*)?\s*)(.*)$")
STRING_PREFIX = re.compile(r"^([rRuUfF]{0,2})('''|\"\"\"|'|\")")


@dataclass(frozen=True)
class Edit:
    """Replace the characters ``start:end`` of a cell's source by ``text``."""

    start: int
    end: int
    text: str


def rewrite_code(source: str, translate: Translate) -> str:
    """The code with its comments, docstrings and prose strings passed through ``translate``.

    >>> rewrite_code('x = 1  # one card\\nlabel = "turns left"\\nkey = "sets.is_set"', lambda text, kind: text.upper())
    'x = 1  # ONE CARD\\nlabel = "TURNS LEFT"\\nkey = "sets.is_set"'
    """
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    offsets = _line_offsets(source)

    def at(position: tuple[int, int]) -> int:
        return offsets[position[0] - 1] + position[1]

    edits = [*_comment_edits(tokens, at, translate), *_string_edits(tokens, at, translate)]
    for edit in sorted(edits, key=lambda edit: edit.start, reverse=True):
        source = source[: edit.start] + edit.text + source[edit.end :]
    return source


def _line_offsets(source: str) -> list[int]:
    offsets, total = [], 0
    for line in source.splitlines(keepends=True) or [""]:
        offsets.append(total)
        total += len(line)
    return [*offsets, total]


def _comment_edits(
    tokens: list[tokenize.TokenInfo], at: Callable[[tuple[int, int]], int], translate: Translate
) -> Iterator[Edit]:
    comments = [token for token in tokens if token.type == tokenize.COMMENT and not NBGRADER_MARKER.match(token.string)]
    runs: list[list[tokenize.TokenInfo]] = []
    for token in comments:
        whole_line = token.line.strip().startswith("#")
        previous = runs[-1][-1] if runs else None
        if (
            whole_line
            and previous is not None
            and previous.line.strip().startswith("#")
            and previous.start[0] == token.start[0] - 1
            and previous.start[1] == token.start[1]
        ):
            runs[-1].append(token)
        else:
            runs.append([token])
    for run in runs:
        texts = [token.string.lstrip("#").strip() for token in run]
        pragma = PRAGMA.match(texts[0])
        prefix, text = (pragma[1], pragma[2]) if pragma and len(run) == 1 else ("", " ".join(texts))
        if not has_words(text):
            continue
        translated = translate(text, "comment")
        column = run[0].start[1]
        if run[0].line.strip().startswith("#"):
            lines = textwrap.wrap(translated, WIDTH - column - 2, break_long_words=False, break_on_hyphens=False)
            body = ("\n" + " " * column).join("# " + line for line in lines)
        else:
            body = "# " + prefix + translated
        yield Edit(at(run[0].start), at(run[-1].end), body)


def _string_edits(
    tokens: list[tokenize.TokenInfo], at: Callable[[tuple[int, int]], int], translate: Translate
) -> Iterator[Edit]:
    significant = [token for token in tokens if token.type not in (tokenize.NL, tokenize.COMMENT)]
    for index, token in enumerate(significant):
        if token.type != tokenize.STRING:
            continue
        opening = STRING_PREFIX.match(token.string)
        if opening is None or "b" in opening[1].lower():
            continue
        prefix, quote = opening[1], opening[2]
        content = token.string[len(prefix) + len(quote) : -len(quote)]
        before = significant[index - 1].type if index else tokenize.NEWLINE
        after = significant[index + 1].type if index + 1 < len(significant) else tokenize.NEWLINE
        alone = before in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING)
        if alone and after in (tokenize.NEWLINE, tokenize.ENDMARKER) and "f" not in prefix.lower():
            yield from _docstring_edit(token, prefix, quote, content, at, translate)
        elif reads_as_prose(content) and "\n" not in content:
            yield Edit(at(token.start), at(token.end), prefix + quote + translate(content, "string") + quote)


def _docstring_edit(
    token: tokenize.TokenInfo,
    prefix: str,
    quote: str,
    content: str,
    at: Callable[[tuple[int, int]], int],
    translate: Translate,
) -> Iterator[Edit]:
    paragraphs = [
        " ".join(line.strip() for line in part.splitlines()) for part in re.split(r"\n\s*\n", content.strip())
    ]
    text = "\n\n".join(paragraphs)
    if not has_words(text):
        return
    translated = translate(text, "docstring")
    column = token.start[1]
    indent = " " * column
    one_line = prefix + quote + translated + quote
    if "\n" not in translated and column + len(one_line) <= WIDTH:
        yield Edit(at(token.start), at(token.end), one_line)
        return
    lines: list[str] = []
    for number, paragraph in enumerate(translated.split("\n\n")):
        lead = len(prefix + quote) if number == 0 else 0
        wrapped = textwrap.wrap(" " * lead + paragraph, WIDTH - column, break_long_words=False, break_on_hyphens=False)
        wrapped[0] = wrapped[0][lead:]
        lines.extend([*([""] if number else []), *wrapped])
    body = ("\n" + indent).join(lines).replace("\n" + indent + "\n", "\n\n")
    yield Edit(at(token.start), at(token.end), prefix + quote + body + "\n" + indent + quote)
