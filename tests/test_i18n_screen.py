"""What a translated screen shows: the kit's tables in the lesson's language, numbers as each language writes them
(Babel's locale data), and a Korean font named wherever the kit styles or draws text."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest

from phase10kit import parse_cards, phase
from phase10kit.course.checks import hidden_cases, in_notation
from phase10kit.course.lesson_10 import CHANCE_CASES, Unseen
from phase10kit.course.optimum_and_bots import bots_summary
from phase10kit.errors import Phase10Error, Reason
from phase10kit.fonts import FONT_FAMILY, KOREAN_FAMILY, KOREAN_FONTS
from phase10kit.i18n import LANGUAGES, grouped, percent, shortest, translator
from phase10kit.probability import best_draws, completion_curve
from phase10kit.refusals import render_detail
from phase10kit.svg import card_svg
from phase10kit.tables import HEADINGS, VALUES, heading, shown, value_word
from tests.english_on_screen import english_words
from widgets._safety import FONTS_CSS
from widgets.cards import GroupsView, HandView
from widgets.table_parts import TABLE_CSS
from widgets.table_settings import SPEEDS, speed_label

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


# ---------------------------------------------------------------------------------------------- tables


@pytest.fixture(scope="module")
def lesson_tables() -> list[pd.DataFrame]:
    hand = parse_cards("R1 R2 R3 R4 R5 R6 G1")
    return [completion_curve(hand, phase(4), 4, samples=500, seed=1), best_draws(hand, phase(4)).head(6)]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_kits_tables_show_no_english_and_keep_their_code_names(
    lang: str, lesson_tables: list[pd.DataFrame]
) -> None:
    for table in lesson_tables:
        columns = list(table.columns)
        screen = shown(table, lang)
        assert english_words(screen.to_html(), lang) == [], screen.columns
        assert (list(table.columns) == columns and "probability" in columns) or "chance" in columns  # untouched
    t = translator(lang)
    assert t.pgettext("table value", "exact") in shown(lesson_tables[0], lang).to_string()
    assert t.pgettext("table value", "yes") in shown(lesson_tables[1], lang).to_string()


def test_every_heading_and_value_is_translated_in_every_language() -> None:
    for lang in TRANSLATED:
        t = translator(lang)
        untranslated = [name for name in HEADINGS.values() if t.pgettext("table heading", name) == name]
        untranslated += [word for word in VALUES.values() if t.pgettext("table value", word) == word]
        assert set(untranslated) <= ({"bot", "no"} if lang in ("es", "hr", "cs") else set()), (lang, untranslated)
    assert heading("within_5", "hr") == "unutar 5 poteza" and heading("within_1", "cs") == "do 1 tahu"
    assert value_word(False, "uk") == "ні" and value_word("R7", "ko") == "R7"


@pytest.mark.parametrize(
    ("lang", "probability", "hands"),
    [
        ("en", None, None),
        ("hr", "0,182752", "7.076.688.286.712"),
        ("cs", "0,182752", "7\xa0076\xa0688\xa0286\xa0712"),
        ("ko", "0.182752", "7,076,688,286,712"),
    ],
)
def test_numbers_in_a_table_are_written_as_the_language_writes_them(
    lang: str, probability: str | None, hands: str | None
) -> None:
    table = pd.DataFrame({"hands": [7076688286712], "probability": [0.18275197]}, index=pd.Index([1], name="number"))
    screen = shown(table, lang)
    if lang == "en":
        assert screen is table
        return
    assert screen.iloc[0].tolist() == [hands, probability]
    assert screen.index.name == translator(lang).pgettext("table heading", "number")


def test_ipython_shows_every_table_in_the_notebooks_language() -> None:
    from IPython.core.interactiveshell import InteractiveShell

    from widgets.language import set_language

    shell = InteractiveShell.instance()
    try:
        set_language("uk")
        frame = pd.DataFrame({"method": ["exact", "simulated"], "completes": [True, False]})
        html = shell.display_formatter.formatters["text/html"](frame)
        assert "точний розрахунок" in html and "симуляція" in html and "так" in html and "method" not in html
        assert "метод" in shell.display_formatter.formatters["text/plain"](frame)
        assert list(frame.columns) == ["method", "completes"]
        series = shell.display_formatter.formatters["text/html"](pd.Series({"R7": 0.25}))
        assert "0,25" in series and "dtype" not in series
        set_language("en")
        assert "method" in shell.display_formatter.formatters["text/html"](frame)
    finally:
        set_language("en")
        InteractiveShell.clear_instance()


# ---------------------------------------------------------------------------------------------- numbers


@pytest.mark.parametrize(
    ("lang", "speeds"),
    [
        ("en", ["instant", "0.4 s per move", "0.8 s per move", "1.5 s per move"]),
        ("hr", ["odmah", "0,4 s po potezu", "0,8 s po potezu", "1,5 s po potezu"]),
        ("cs", ["hned", "0,4 s na tah", "0,8 s na tah", "1,5 s na tah"]),
        ("uk", ["одразу", "0,4 с на хід", "0,8 с на хід", "1,5 с на хід"]),
        ("es", ["al instante", "0,4 s por jugada", "0,8 s por jugada", "1,5 s por jugada"]),
        ("ko", ["즉시", "한 수에 0.4초", "한 수에 0.8초", "한 수에 1.5초"]),
    ],
)
def test_the_tables_speed_menu_writes_its_seconds_as_the_language_does(lang: str, speeds: list[str]) -> None:
    assert [speed_label(speed, lang) for speed in SPEEDS] == speeds


@pytest.mark.parametrize(
    ("lang", "big", "chance"),
    [
        ("en", "38,722,819,230,810", "18.3%"),
        ("es", "38.722.819.230.810", "18,3\xa0%"),
        ("hr", "38.722.819.230.810", "18,3\xa0%"),
        ("cs", "38\xa0722\xa0819\xa0230\xa0810", "18,3\xa0%"),
        ("uk", "38\xa0722\xa0819\xa0230\xa0810", "18,3%"),
        ("ko", "38,722,819,230,810", "18.3%"),
    ],
)
def test_large_numbers_and_percentages_follow_babels_locale_data(lang: str, big: str, chance: str) -> None:
    assert grouped(38722819230810, lang) == big
    assert percent(0.18275, 1, lang) == chance


def test_the_deck_writes_its_numbers_with_the_kits_functions() -> None:
    """The deck's percentages and large numbers come from ``phase10kit.i18n``, spaced as the feedback spaces them."""
    deck = json.loads((ROOT / "notebooks" / "classroom.ipynb").read_text(encoding="utf-8"))
    code = "\n".join("".join(cell["source"]) for cell in deck["cells"] if cell["cell_type"] == "code")
    assert "from phase10kit.i18n import LANGUAGES, grouped, percent, translator" in code
    assert "percent(p, 1 if p >= 0.01 else 2, lang)" in code and "grouped(hands, lang)" in code
    assert not re.search(r"\{100 \* \w+:\.\d?f\}|:,\}", code), "a number formatted the English way"


@pytest.mark.parametrize(("lang", "cell"), [("en", "5.8 (4.6–7.0)"), ("uk", "5,8 (4,6–7,0)"), ("ko", "5.8 (4.6–7.0)")])
def test_bots_summary_writes_its_decimals_in_the_language(lang: str, cell: str) -> None:
    rows = pd.DataFrame(
        {"phase": [1, 1], "policy": ["optimum", "GreedyBot"], "mean_turns": [4.716, 5.81], "low": [4.716, 4.63],
         "high": [4.716, 6.99]}
    )  # fmt: skip
    summary = bots_summary(rows, lang)
    assert summary.loc[1, "GreedyBot"] == cell and summary.loc[1, "optimum"] == ("4,72" if lang == "uk" else "4.72")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_feedback_writes_a_students_float_and_seconds_in_the_language(lang: str) -> None:
    comma = lang in ("es", "hr", "cs", "uk")
    assert in_notation(0.1649, lang) == ("0,1649" if comma else "0.1649")
    assert shortest(1.5, lang) == ("1,5" if comma else "1.5")
    error = Phase10Error("slow", reason=Reason.BAD_SPEED, details={"seconds": 2.5})
    assert render_detail(error.details["seconds"], lang) == ("2,5" if comma else "2.5")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_10_names_the_unseen_cards_in_the_lessons_language(lang: str) -> None:
    judge = hidden_cases("chance_next", CHANCE_CASES[:1], numbers="exact")
    ok, said = judge(lambda hand, goal, unseen: Fraction(1, 2), translator(lang))
    assert not ok and Unseen(parse_cards("R1 R2")).shown_in(lang) != "" and "{" not in said
    expected = Unseen([parse_cards("R1")[0]] * 97).shown_in(lang)
    assert expected in said
    assert ("unseen cards" in said) is (lang == "en")


# ---------------------------------------------------------------------------------------------- fonts


def test_every_style_and_picture_of_the_kit_names_a_korean_font() -> None:
    for font in ("Malgun Gothic", "Apple SD Gothic Neo", "Noto Sans CJK KR", "NanumGothic"):
        assert font in KOREAN_FONTS and f"'{font}'" in FONT_FAMILY and f"'{font}'" in KOREAN_FAMILY
    for css in (TABLE_CSS, FONTS_CSS, HandView._css, GroupsView._css):
        assert f"font-family: {FONT_FAMILY};" in css
    assert f'font-family="{FONT_FAMILY}"' in card_svg(parse_cards("R7")[0], lang="ko")
    deck = json.loads((ROOT / "notebooks" / "classroom.ipynb").read_text(encoding="utf-8"))
    assert any('"ko": KOREAN_FAMILY' in "".join(cell["source"]) for cell in deck["cells"])
    assert "fonts-noto-cjk" in (ROOT / "docs" / "classroom.md").read_text(encoding="utf-8")
