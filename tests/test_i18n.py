"""Translations: complete catalogs that match the code, plural rules per language, and text in every language."""

from __future__ import annotations

import ast
import gettext
import re
import tomllib
from pathlib import Path

import pathspec
import pytest
from babel.messages.catalog import Catalog

from phase10kit import explain, parse_cards, phase
from phase10kit.cards import CARD_IN_TEXT, Card
from phase10kit.errors import Phase10Error
from phase10kit.explain import color_name, group_kind_name, phase_name, spec_name
from phase10kit.groups import Group
from phase10kit.i18n import LANGUAGES, LOCALE_DIR, Message, translator
from phase10kit.phases import GroupKind
from phase10kit.svg import card_label, card_svg, cards_svg, face_down_svg, group_svg, phase_svg
from tests.helpers import load_tool

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


TOOL = load_tool("i18n_tool", "i18n.py")


@pytest.fixture(scope="module")
def template() -> Catalog:
    """The messages extracted from the code right now (as `python tools/i18n.py` does)."""
    return TOOL.extract()


# ---------------------------------------------------------------------------------------------- the catalogs


def test_catalogs_match_the_code_complete_unfuzzy_with_english_placeholders_and_compiled(template: Catalog) -> None:
    problems = list(TOOL.problems(template))
    assert not problems, "run `python tools/i18n.py` and translate:\n" + "\n".join(problems[:30])


def test_every_message_the_code_uses_is_in_the_template_and_each_catalog(template: Catalog) -> None:
    wanted = TOOL.msgids(template)
    assert len(wanted) > 250  # extraction really read phase10kit and widgets (keywords gettext, ngettext, N_)
    assert "Draw" in wanted and "That is not a card." in wanted  # a widget label and an N_ reason sentence
    assert ("{count} point", "{count} points") in wanted
    assert TOOL.msgids(TOOL.read(TOOL.POT)) == wanted
    for lang in TRANSLATED:
        assert TOOL.msgids(TOOL.read(TOOL.po_path(lang))) == wanted, lang


def _literal_messages(path: Path) -> set[str]:
    """Every string literal given to ``gettext``/``N_`` in a module, also inside f-strings (which Babel skips)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("gettext", "N_") and isinstance(node.args[0].value, str):
                found.add(node.args[0].value)
    return found


def test_no_message_hides_from_extraction_inside_an_f_string(template: Catalog) -> None:
    """A ``t.gettext('...')`` written inside an f-string is not extracted, so it would stay English."""
    wanted = TOOL.msgids(template)
    sources = [*Path("phase10kit").rglob("*.py"), *Path("widgets").rglob("*.py")]
    missing = {f"{path}: {text!r}" for path in sources for text in _literal_messages(path) if text not in wanted}
    assert not missing, "\n".join(sorted(missing))


def test_drift_is_reported_when_the_code_gains_a_message(template: Catalog) -> None:
    grown = TOOL.extract()
    grown.add("A sentence no catalog has yet.", locations=[("widgets/new.py", 1)])
    problems = list(TOOL.problems(grown))
    assert any("phase10kit.pot differs" in problem for problem in problems)
    assert sum("missing A sentence no catalog has yet." in problem for problem in problems) == len(TRANSLATED)


@pytest.mark.parametrize(
    ("msgid", "translation", "complaint"),
    [
        ("Draw {card}.", "Robar.", "placeholders differ"),
        ("Draw {card}.", "Robar {carta}.", "placeholders differ"),
        ("Draw {card}.", "", "untranslated"),
    ],
)
def test_the_checker_refuses_bad_translations(msgid: str, translation: str, complaint: str) -> None:
    catalog = Catalog(locale="es")
    message = catalog.add(msgid, translation)
    rule = TOOL.plural_rule(catalog)
    assert any(complaint in problem for problem in TOOL.message_problems(catalog, message, rule))


def test_the_checker_wants_count_in_a_plural_form_used_for_21() -> None:
    """Ukrainian form 0 serves 1, 21, 31...: dropping ``{count}`` there (as English's singular may) is wrong."""
    catalog = Catalog(locale="uk")
    catalog.mime_headers = [("Plural-Forms", TOOL.PLURAL_FORMS["uk"])]
    pair = ("one more {number} or a Wild", "{count} more {number}s or Wilds")
    bad = catalog.add(pair, ("ще одна {number}", "ще {count} карти {number}", "ще {count} карт {number}"))
    good = catalog.add(
        ("x {number}", "{count} x {number}"), ("{count} {number}", "{count} {number}", "{count} {number}")
    )
    rule = TOOL.plural_rule(catalog)
    assert [p for p in TOOL.message_problems(catalog, bad, rule) if "form 0" in p]
    assert not list(TOOL.message_problems(catalog, good, rule))
    # Czech form 0 is for 1 alone, so there the English singular's placeholders suffice.
    czech = Catalog(locale="cs")
    czech.mime_headers = [("Plural-Forms", TOOL.PLURAL_FORMS["cs"])]
    fine = czech.add(pair, ("ještě jedna {number}", "ještě {count} karty {number}", "ještě {count} karet {number}"))
    assert not list(TOOL.message_problems(czech, fine, TOOL.plural_rule(czech)))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_formats_with_its_placeholders(lang: str) -> None:
    for message in TOOL.read(TOOL.po_path(lang)):
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple | list) else [message.string]
        for form in forms:
            values = {name: 7 for name in TOOL.PLACEHOLDER.findall(form)}
            assert "{" not in Message(form).format(**values), (lang, message.id, form)  # Korean particle specs too


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_is_what_the_kit_loads(lang: str) -> None:
    t = translator(lang)
    assert isinstance(t, gettext.GNUTranslations)
    assert (LOCALE_DIR / lang / "LC_MESSAGES" / "phase10kit.mo").is_file()
    assert t.gettext("Draw") != "Draw"


def test_the_wheel_ships_every_catalog() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert "phase10kit" in config["packages"]
    shipped = pathspec.PathSpec.from_lines("gitignore", config["artifacts"])
    for lang in TRANSLATED:
        mo = f"phase10kit/locale/{lang}/LC_MESSAGES/phase10kit.mo"
        assert shipped.match_file(mo), mo


# ---------------------------------------------------------------------------------------------- plural rules


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", {1: "1 point", 2: "2 points", 5: "5 points", 21: "21 points"}),
        ("es", {1: "1 punto", 0: "0 puntos", 2: "2 puntos", 21: "21 puntos"}),
        ("hr", {1: "1 bod", 2: "2 boda", 5: "5 bodova", 11: "11 bodova", 12: "12 bodova", 21: "21 bod", 22: "22 boda"}),
        ("cs", {1: "1 bod", 2: "2 body", 4: "4 body", 5: "5 bodů", 21: "21 bodů", 0: "0 bodů"}),
        ("uk", {1: "1 очко", 3: "3 очки", 5: "5 очок", 11: "11 очок", 14: "14 очок", 21: "21 очко", 24: "24 очки"}),
        ("ko", {1: "1점", 2: "2점", 25: "25점"}),
    ],
)
def test_plural_forms_follow_each_languages_rule(lang: str, expected: dict[int, str]) -> None:
    t = translator(lang)
    got = {n: t.ngettext("{count} point", "{count} points", n).format(count=n) for n in expected}
    assert got == expected


def test_korean_has_one_form_and_the_slavic_languages_three() -> None:
    assert {lang: TOOL.read(TOOL.po_path(lang)).num_plurals for lang in TRANSLATED} == {
        "es": 2,
        "hr": 3,
        "cs": 3,
        "uk": 3,
        "ko": 1,
    }


# ---------------------------------------------------------------------------------------------- the game's own words


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("uk", {"phase": "Фаза", "wild": "Джокер", "skip": "Пропуск", "set": "набір", "run": "ряд"}),
        ("cs", {"phase": "Fáze", "wild": "Žolík", "skip": "Přeskočit", "set": "sada", "run": "postupka"}),
        ("hr", {"phase": "Faza", "wild": "Džoker", "skip": "Preskok", "set": "set", "run": "niz"}),
        ("es", {"phase": "Fase", "wild": "Comodín", "skip": "Salto", "set": "grupo", "run": "escalera"}),
        ("ko", {"phase": "페이즈", "wild": "와일드", "skip": "스킵", "set": "세트", "run": "런"}),
    ],
)
def test_translations_use_the_games_vocabulary_from_the_seed_texts(lang: str, words: dict[str, str]) -> None:
    t = translator(lang)
    assert t.gettext("Phase") == words["phase"]
    assert card_label(Card.parse("W"), lang) == f"W: {words['wild']}"
    assert card_label(Card.parse("S"), lang) == f"S: {words['skip']}"
    assert group_kind_name(GroupKind.SET, lang) == words["set"]
    assert group_kind_name(GroupKind.RUN, lang) == words["run"]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_explain_speaks_each_language_and_keeps_the_card_notation(lang: str) -> None:
    hands = [("R3 R4 B5 G9", 4), ("R7 B7 Y2 W G11", 1), ("R7 B7 Y2 W G11", 8), ("R7 B7 G7 Y2 B2 W", 1), ("", 2)]
    for text, number in hands:
        english = explain(parse_cards(text), phase(number))
        said = explain(parse_cards(text), phase(number), lang=lang)
        assert "{" not in said and "}" not in said
        assert CARD_IN_TEXT.findall(said) == CARD_IN_TEXT.findall(english)  # the same cards, written the same way
        assert (said == english) == (lang == "en"), said


@pytest.mark.parametrize("lang", TRANSLATED)
def test_phase_and_group_names_are_translated_for_all_twenty_phases(lang: str) -> None:
    for number in range(1, 21):
        p = phase(number)
        name = phase_name(p, lang)
        assert name != p.name and "{" not in name
        assert all(spec_name(spec, lang) != spec.name for spec in p.groups)


def test_english_names_stay_as_they_were() -> None:
    assert phase(2).name == "1 set of 3 + 1 run of 4" == phase_name(phase(2))
    assert phase(8).name == "7 cards of one colour" and phase(8).groups[0].name == "7 cards of one colour"
    assert phase(1).groups[0].name == "set of 3"


def test_an_unknown_language_is_refused_with_its_reason() -> None:
    with pytest.raises(Phase10Error, match="'xx'") as caught:
        explain(parse_cards("R7"), phase(1), lang="xx")
    assert caught.value.reason == "bad-language"


# ---------------------------------------------------------------------------------------------- card faces


@pytest.mark.parametrize("lang", TRANSLATED)
def test_card_faces_keep_number_shape_and_notation_and_localize_their_word(lang: str) -> None:
    english, local = card_svg(Card.parse("Y12")), card_svg(Card.parse("Y12"), lang=lang)
    assert ">12<" in local and "<polygon" in local  # the number and yellow's diamond, in every language
    assert f'aria-label="12 {color_name(Card.parse("Y12").color, lang)} (Y12)"' in local  # type: ignore[arg-type]
    assert ">yellow<" in english and ">yellow<" not in local
    wild = card_svg(Card.parse("W"), lang=lang)
    assert ">W<" in wild and f">{translator(lang).gettext('Wild')}<" in wild
    assert "face-down card" not in face_down_svg(lang=lang)
    assert "cards:" not in cards_svg(parse_cards("R1 S"), lang=lang)
    pinned = group_svg(Group.parse("c[B3 W]"), lang=lang)
    assert f"= {color_name(Card.parse('B3').color, lang)}" in pinned  # type: ignore[arg-type]
    assert phase_name(phase(2), lang) in phase_svg(phase(2), lang=lang)


def test_a_long_word_is_drawn_smaller_to_fit_the_card() -> None:
    short = re.search(r'font-size="([\d.]+)"[^>]*>Comodín<', card_svg(Card.parse("W"), lang="es"))
    long = re.search(r'font-size="([\d.]+)"[^>]*>Přeskočit<', card_svg(Card.parse("S"), lang="cs"))
    assert short is not None and long is not None
    assert float(long.group(1)) < 11 and float(long.group(1)) * len("Přeskočit") * 0.6 <= 54 + 1e-9
