"""Every catalog keeps docs/glossary.md: the words it asks for, none of the words it refuses.

The glossary's "Checked words" tables are the rules (this test holds none of its own): each row of "Terms a
translation must use" pairs an English pattern with each language's word, and each row of "Words not to use"
names a word or calque of one language. Both are checked against the kit's catalog and every translated
notebook's catalog, so a lesson, a widget and a refusal say the same thing the same way.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.md"
LANGS = ("es", "hr", "cs", "uk", "ko")


def _cells(line: str) -> list[str]:
    r"""A Markdown table row's cells, with ``\|`` kept as a ``|`` inside a cell.

    >>> _cells(r"| `a\|b` | c |")
    ['`a|b`', 'c']
    """
    cells = re.split(r"(?<!\\)\|", line.strip().strip("|"))
    return [cell.strip().replace("\\|", "|") for cell in cells]


def table(heading: str) -> list[list[str]]:
    """The rows of the table under the ``### heading`` of the glossary (its header and rule left out)."""
    text = GLOSSARY.read_text(encoding="utf-8")
    section = text.split(f"### {heading}\n", 1)[1]
    rows = [line for line in section.split("\n## ", 1)[0].split("\n### ", 1)[0].splitlines() if line.startswith("|")]
    return [_cells(row) for row in rows[2:]]


def pattern(cell: str) -> re.Pattern[str] | None:
    """The regular expression of a cell (in backticks), or None for ``—``."""
    if cell in ("—", "-", ""):
        return None
    assert cell.startswith("`") and cell.endswith("`"), f"a glossary pattern goes in backticks: {cell}"
    text = cell[1:-1]
    if text.startswith("(?-i)"):  # case matters for this one
        return re.compile(text.removeprefix("(?-i)"))
    return re.compile(text, re.IGNORECASE)


TERMS = [
    (pattern(row[0]), pattern(row[1]), dict(zip(LANGS, map(pattern, row[2:7]), strict=True)))
    for row in table("Terms a translation must use")
]
AVOID = [(row[0], pattern(row[1]), row[2]) for row in table("Words not to use")]


def catalogs(lang: str) -> list[Path]:
    """The kit's catalog of ``lang`` and each of its translated notebooks'."""
    return [
        ROOT / "phase10kit" / "locale" / lang / "LC_MESSAGES" / "phase10kit.po",
        *sorted((ROOT / "translations" / lang).glob("*.po")),
    ]


def translations(lang: str) -> list[tuple[str, str, str]]:
    """(catalog file, English, translated form) for every translated form in the language's catalogs."""
    found = []
    for path in catalogs(lang):
        with open(path, "rb") as file:
            for message in read_po(file):
                if not message.id:
                    continue
                english = message.id[0] if isinstance(message.id, list | tuple) else message.id
                forms = message.string if isinstance(message.string, list | tuple) else [message.string]
                found += [(path.name, english, form) for form in forms if form]
    return found


TRANSLATIONS = {lang: translations(lang) for lang in LANGS}


def test_the_glossary_has_its_tables() -> None:
    assert len(TERMS) >= 2 and len(AVOID) >= 10
    assert {lang for lang, _, _ in AVOID} <= set(LANGS)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("term", range(len(TERMS)), ids=lambda i: f"term{i}")
def test_every_message_uses_the_glossarys_word(lang: str, term: int) -> None:
    english, other_sense, words = TERMS[term]
    word = words[lang]
    if english is None or word is None:
        pytest.skip("the glossary checks nothing here")
    uses = [
        (name, en, form)
        for name, en, form in TRANSLATIONS[lang]
        if english.search(en) and not (other_sense and other_sense.search(en))
    ]
    assert uses, f"no message uses {english.pattern}"
    assert [use for use in uses if not word.search(use[2])] == []


@pytest.mark.parametrize(
    ("lang", "avoid", "instead"), AVOID, ids=[f"{lang}:{p.pattern if p else ''}" for lang, p, _ in AVOID]
)
def test_no_translation_uses_a_word_the_glossary_refuses(
    lang: str, avoid: re.Pattern[str] | None, instead: str
) -> None:
    assert avoid is not None
    assert [(name, en, form) for name, en, form in TRANSLATIONS[lang] if avoid.search(form)] == [], f"use {instead}"


def test_a_refused_word_is_found_where_it_stands() -> None:
    # The rule's own oracle: a known calque in a made-up translation is caught by its row.
    rows = [avoid for lang, avoid, _ in AVOID if lang == "uk" and avoid is not None]
    assert any(avoid.search("штрафні окуляри") for avoid in rows)
