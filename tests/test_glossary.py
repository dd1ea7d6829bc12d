"""Every catalog keeps docs/glossary.md: the words it asks for, none of the words it refuses.

The glossary's "Checked words" tables are the rules (this test holds none of its own): "English terms" names each
game term by the English pattern that uses it, and each language's two tables give the word the term must be
written with and the words (calques, machine translations, wrong agreement) it must not use. They are checked
against the kit's catalog and every translated notebook's catalog, so a lesson, a widget and a refusal say the
same thing the same way.
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


def tables(heading: str) -> list[list[list[str]]]:
    """The tables under the heading (``### English terms``, ``#### hr``), up to the next heading: each a list of
    rows of cells, its header and rule left out."""
    text = GLOSSARY.read_text(encoding="utf-8")
    section = re.split(rf"^{re.escape(heading)}\n", text, maxsplit=1, flags=re.MULTILINE)[1]
    section = re.split(r"^#{2,4} ", section, maxsplit=1, flags=re.MULTILINE)[0]
    found: list[list[list[str]]] = []
    rows: list[str] = []
    for line in [*section.splitlines(), ""]:
        if line.startswith("|"):
            rows.append(line)
        elif rows:
            found.append([_cells(row) for row in rows[2:]])
            rows = []
    return found


def pattern(cell: str) -> re.Pattern[str] | None:
    """The regular expression of a cell (in backticks), or None for ``—``."""
    if cell in ("—", "-", ""):
        return None
    assert cell.startswith("`") and cell.endswith("`"), f"a glossary pattern goes in backticks: {cell}"
    text = cell[1:-1]
    if text.startswith("(?-i)"):  # case matters for this one
        return re.compile(text.removeprefix("(?-i)"))
    return re.compile(text, re.IGNORECASE)


ENGLISH = {row[0]: (pattern(row[1]), pattern(row[2])) for row in tables("### English terms")[0]}
"""term -> (the English pattern that uses it, the pattern of the same word in another sense)."""
MUST: dict[str, dict[str, re.Pattern[str] | None]] = {}
AVOID: list[tuple[str, re.Pattern[str] | None, str]] = []
for _lang in LANGS:
    _must, _avoid = tables(f"#### {_lang}")
    MUST[_lang] = {row[0]: pattern(row[1]) for row in _must}
    AVOID += [(_lang, pattern(row[0]), row[1]) for row in _avoid]


def catalogs(lang: str) -> list[Path]:
    """The kit's catalog of ``lang`` and each of its translated notebooks'."""
    kit = ROOT / "phase10kit" / "locale" / lang / "LC_MESSAGES" / "phase10kit.po"
    return [kit, *sorted((ROOT / "translations" / lang).glob("*.po"))]


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
    assert len(ENGLISH) >= 2 and len(AVOID) >= 10
    for lang in LANGS:
        assert set(MUST[lang]) <= set(ENGLISH), f"{lang} names a term the English table lacks"


@pytest.mark.parametrize(("lang", "term"), [(lang, term) for lang in LANGS for term in MUST[lang]])
def test_every_message_uses_the_glossarys_word(lang: str, term: str) -> None:
    english, other_sense = ENGLISH[term]
    word = MUST[lang][term]
    assert english is not None and word is not None
    uses = [
        (name, en, form)
        for name, en, form in TRANSLATIONS[lang]
        if english.search(en) and not (other_sense and other_sense.search(en))
    ]
    assert uses, f"no message uses {term}"
    assert [use for use in uses if not word.search(use[2])] == [], f"write {term} with {word.pattern}"


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
