"""The course's translated notebooks: complete, current, still Python, and with no English sentence left.

nbval runs every translated notebook (``teacher/<lang>/`` and ``notebooks/<lang>/`` are collected with the
English ones); these tests check what running cannot: the catalogs and the text.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import notebook_text  # noqa: E402
from tools import translate_notebooks as tn  # noqa: E402

LANGUAGES = tn.languages()
ENGLISH = {
    "the", "and", "you", "your", "with", "that", "this", "which", "what", "when", "will", "from", "have",
    "how", "are", "is", "of", "for", "it", "not", "can", "each", "every", "two", "cards", "hand",
}  # fmt: skip
"""Words of English prose that are no word of Spanish, Croatian, Czech, Ukrainian or Korean text."""


def english_words(text: str) -> list[str]:
    """The English stop words of a text a reader reads (code spans, links' targets and ``{fields}`` set aside).

    >>> english_words("Deal `the hand` to [each player](01.ipynb): cards of one colour")
    ['each', 'cards', 'of']
    """
    found = []
    for word in notebook_text.words(text):
        bare = re.sub(r"[^\w']", "", word.lower())
        if bare in ENGLISH:
            found.append(bare)
    return found


def reader_texts(path: Path) -> list[str]:
    """Every text of a notebook that the translation workflow translates, as it stands in that notebook."""
    texts: list[str] = []

    def collect(text: str, kind: str) -> str:
        texts.append(text)
        return text

    tn.rewrite_notebook(tn.read(path), collect)
    return texts


def translated_files(lang: str) -> list[Path]:
    files = []
    for source in tn.sources():
        files.append(source.translated(lang))
        student = source.student(lang)
        if student is not None:
            files.append(student)
    return files


def test_the_english_notebooks_trip_the_stop_word_check() -> None:
    """The check can fail: every English source notebook is caught by it."""
    for source in tn.sources():
        assert any(english_words(text) for text in reader_texts(source.path)), source.path


def test_translations_are_complete_and_current() -> None:
    """Every entry of every catalog translated (none fuzzy), links and code kept, every notebook written anew."""
    problems = tn.check()
    more = f"\n... and {len(problems) - 40} more" if len(problems) > 40 else ""
    assert not problems, "\n".join(problems[:40]) + more


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_translated_notebook_exists_with_its_language_set(lang: str) -> None:
    for path in translated_files(lang):
        assert path.exists(), f"{path.relative_to(ROOT)} is missing: run tools/translate_notebooks.py"
        code = "\n".join(cell.source for cell in tn.read(path).cells if cell.cell_type == "code")
        assert f'set_language("{lang}")' in code and 'set_language("en")' not in code, path


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_english_sentence_is_left(lang: str) -> None:
    left = []
    for path in translated_files(lang):
        if not path.exists():
            continue
        for text in reader_texts(path):
            if len(english_words(text)) >= 2:
                left.append(f"{path.relative_to(ROOT)}: {text[:80]!r}")
    assert not left, f"{len(left)} English texts left, for example:\n" + "\n".join(left[:20])


def test_a_translation_keeps_code_spans_links_and_fields() -> None:
    assert tn.invariants("Type `p1 draw` in [lesson 7](07_x.ipynb), {count} times") == sorted(
        ["`p1 draw`", "07_x.ipynb", "{count}"]
    )
    assert tn.invariants("Escribe `p1 robar`") != tn.invariants("Type `p1 draw`")


def test_code_cells_keep_their_code_and_translate_their_prose() -> None:
    source = (
        'def f(x):\n    """Twice the value."""\n    return x * 2  # doubled\n\n\n'
        'label = "turns left"\nkey = "sets.is_set"'
    )
    shout = tn.rewrite_code(source, lambda text, kind: f"<{kind}: {text}>")
    assert shout == (
        'def f(x):\n    """<docstring: Twice the value.>"""\n    return x * 2  # <comment: doubled>\n\n\n'
        'label = "<string: turns left>"\nkey = "sets.is_set"'
    )


def test_markdown_keeps_its_structure() -> None:
    table = "| kind | cards |\n|---|---|\n| set | `R7 B7` |"
    source = f"## Sets\n\nA set is\ncards of one number.\n\n{table}\n- one\n  item"
    out = tn.rewrite_markdown(source, lambda text, kind: text.upper())
    assert out == f"## SETS\n\nA SET IS CARDS OF ONE NUMBER.\n\n{table.upper()}\n- ONE ITEM"
