"""Grammar from the catalogs, never from gluing pieces: the forms of inflected inserts, no colon dodging a case,
and Korean particles chosen from how each kind of insert is read aloud."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog

from phase10kit import parse_cards, phase
from phase10kit.cards import Color
from phase10kit.course.base import brief
from phase10kit.errors import Phase10Error
from phase10kit.explain import color_name, explain, group_kind_name, group_name, parse_turn, turn_phrase
from phase10kit.groups import Group
from phase10kit.i18n import FORMS, INFLECTED, INFLECTED_PLACEHOLDERS, Message, and_list, translator
from phase10kit.phases import GroupKind, GroupSpec
from phase10kit.refusals import sentence
from tests.helpers import load_tool
from widgets.cards import wild_values_text
from widgets.group_builder import GroupBuilder

TOOL = load_tool("i18n_tool_grammar", "i18n.py")
TRANSLATED = ["es", "hr", "cs", "uk", "ko"]
DECLINING = ["hr", "cs", "uk"]


# ---------------------------------------------------------------------------------------------- no colon for a case


@pytest.mark.parametrize(
    ("english", "translation", "refused"),
    [
        ("Laid {group}.", "Položeno: {group}.", True),
        ("{name} discards a Skip against {victims}.", "{name} odbacuje preskok protiv: {victims}.", True),
        ("Pick cards from your hand to build {target}.", "Vyber karty z ruky a sestav: {target}.", True),
        ("Lay it down as {layout}.", "이렇게 내려놓으세요: {layout}.", True),
        ("Right: {answer}.", "Točno: {answer}.", False),  # the English has the colon there too
        ("{hand}: {percent} after {draws} draw.", "{hand}: po {draws} izvlačenju {percent}.", False),
        ("Laid {group}.", "Položena je grupa {group}.", False),
    ],
)
def test_a_colon_in_front_of_a_placeholder_is_refused_where_the_english_has_none(
    english: str, translation: str, refused: bool
) -> None:
    catalog = Catalog(locale="hr")
    message = catalog.add(english, translation)
    problems = list(TOOL.message_problems(catalog, message, TOOL.plural_rule(catalog)))
    assert any("a colon before" in problem for problem in problems) is refused, problems


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_dodges_a_case_with_a_colon_or_asks_for_a_form_it_lacks(lang: str) -> None:
    found = []
    for message in TOOL.read(TOOL.po_path(lang)):
        if message.id:
            english = " ".join(message.id) if isinstance(message.id, list | tuple) else message.id
            forms = message.string if isinstance(message.string, list | tuple) else [message.string]
            found += [problem for form in forms for problem in TOOL.grammar_problems(english, str(form or ""))]
    assert found == []


def test_the_checker_refuses_a_form_no_catalog_holds() -> None:
    assert list(TOOL.grammar_problems("Pick {target}.", "Odaberi {target:akuzativ}."))
    assert list(TOOL.grammar_problems("Draw {card}.", "Vuci {card:acc}."))  # a card has one form
    assert not list(TOOL.grammar_problems("Pick {target}.", "Odaberi {target:acc}."))


# ---------------------------------------------------------------------------------------------- the forms


def test_every_inflected_word_has_its_forms_and_the_declining_languages_decline() -> None:
    for kind, (msgids, tags) in INFLECTED.items():
        assert set(tags) <= set(FORMS) and kind in INFLECTED_PLACEHOLDERS.values()
        assert msgids
    for lang in DECLINING:
        blue = color_name(Color.BLUE, lang)
        assert blue.form("acc") != str(blue) and blue.form("gen.pl") != str(blue), lang
        colour_group = group_kind_name(GroupKind.COLOR, lang)
        assert colour_group.form("acc") != str(colour_group) or (
            lang == "uk" and colour_group.form("gen") != str(colour_group)
        ), lang
        sized = group_name(GroupSpec(GroupKind.RUN, 4), lang)
        assert all("4" in sized.form(tag) and "{" not in sized.form(tag) for tag in INFLECTED["group"][1])
    english = color_name(Color.BLUE, "en")
    assert all(english.form(tag) == "blue" for tag in FORMS)  # English has one form


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("hr", "Džoker zamjenjuje plavu kartu.", "Džokeri zamjenjuju plave karte."),
        ("cs", "Žolík zastupuje modrou kartu.", "Žolíci zastupují modré karty."),
        ("uk", "Джокер замінює синю карту.", "Джокери замінюють сині карти."),
        ("es", "El comodín hace de carta azul.", "Los comodines hacen de cartas azules."),
        ("ko", "와일드는 파랑 카드를 대신해요.", "와일드는 파랑 카드를 대신해요."),
        ("en", "The Wild stands for a blue card.", "The Wilds stand for blue cards."),
    ],
)
def test_a_wild_stands_for_a_colour_in_the_case_the_sentence_needs(lang: str, one: str, two: str) -> None:
    assert wild_values_text(Group.parse("c[B3 W B5]"), lang) == one
    assert wild_values_text(Group.parse("c[B3 W W B5]"), lang) == two
    yellow = wild_values_text(Group.parse("c[Y3 W Y5]"), lang)
    assert str(color_name(Color.YELLOW, lang)) in yellow or color_name(Color.YELLOW, lang).form("acc") in yellow


@pytest.mark.parametrize(
    ("lang", "four", "five"),
    [
        ("hr", "trebaš još 4 plave karte ili džokere", "trebaš još 5 plavih karata ili džokera"),
        ("cs", "potřebuješ ještě 4 modré karty nebo žolíky", "potřebuješ ještě 5 modrých karet nebo žolíků"),
        ("uk", "бракує ще 4 синіх карт або джокерів", "бракує ще 5 синіх карт або джокерів"),
        ("es", "necesitas 4 cartas más de color azul o comodines", "necesitas 5 cartas más de color azul"),
    ],
)
def test_what_a_colour_group_still_needs_agrees_with_the_count(lang: str, four: str, five: str) -> None:
    assert four in explain(parse_cards("B3 B5 B9 R2 Y7"), phase(8), lang=lang)
    assert five in explain(parse_cards("B3 B5 R2 Y7"), phase(8), lang=lang)


@pytest.mark.parametrize(
    ("lang", "colour", "sized"),
    [
        ("hr", "složi boju.", "složi set od 3."),
        ("cs", "sestav barevnou skupinu.", "sestav sadu 3 karet."),
        ("uk", "зібрати групу одного кольору.", "зібрати набір із 3."),
        ("es", "para formar un color.", "para formar el grupo de 3."),
        ("ko", "같은 색 묶음을 만드세요.", "3장 세트를 만드세요."),
    ],
)
def test_the_group_builder_asks_for_its_target_in_the_right_case(lang: str, colour: str, sized: str) -> None:
    assert GroupBuilder("B1 B4 W B9 R2", kind="colour", lang=lang).instructions.value.endswith(colour)
    assert GroupBuilder("R7 B7 W", kind="set", size=3, lang=lang).instructions.value.endswith(sized)


def test_a_mixed_colour_group_names_its_colours_in_the_sentences_case() -> None:
    error = None
    try:
        Group.parse("c[R7 B7 W]")
    except Phase10Error as caught:
        error = caught
    assert error is not None
    said = {lang: sentence(error, lang) for lang in ("en", "hr", "cs", "uk")}
    assert "mixes red and blue" in said["en"]
    assert "miješa crvene i plave karte" in said["hr"]
    assert "míchá červené a modré karty" in said["cs"]
    assert "змішує червоні і сині карти" in said["uk"]


def test_group_names_take_the_case_a_bot_sentence_asks_for() -> None:
    spec = GroupSpec(GroupKind.SET, 3)
    t = translator("cs")
    said = t.gettext("Took the discarded {card}: it goes into {group} of my phase.").format(
        card="R7", group=group_name(spec, "cs")
    )
    assert said == "Vzal jsem odhozenou kartu R7: patří do sady 3 karet mé fáze."
    assert and_list([color_name(Color.RED, "hr"), color_name(Color.BLUE, "hr")], "hr").form("acc") == "crvenu i plavu"


def test_a_form_asked_of_a_value_that_has_one_is_that_value() -> None:
    assert Message("Džoker zamjenjuje {values:acc}.").format(values="5, 7") == "Džoker zamjenjuje 5, 7."
    assert Message("{colour:gen.pl}").format(colour=color_name(Color.RED, "uk")) == "червоних"


# ---------------------------------------------------------------------------------------------- Korean particles

READ_ALOUD = [
    ("7", "이"),  # 칠
    ("2", "가"),  # 이
    ("10", "이"),  # 십
    ("0.549", "가"),  # 영점오사구
    ("0.10", "이"),  # 영점일영
    ("16/97", "이"),  # 구십칠분의 십육
    ("3/8", "이"),  # 팔분의 삼
    ("2/5", "가"),  # 오분의 이
    ("18.3%", "가"),  # 퍼센트
    ("7,076,688,286,712", "가"),  # ... 칠백십이
    ("1,000", "이"),  # 천
    ("R7", "이"),
    ("B2", "가"),
    ("W", "가"),  # 더블유
    ("S", "가"),  # 에스
    ("R3 G3", "이"),  # a list ends with its last card
    ("R3 W", "가"),
    ("s[R7 B7 W]", "가"),
    ("s3+r4", "가"),  # 알사
    ("p1", "이"),
    ("p2", "가"),
    ("None", "이"),  # 논
    ("True", "가"),  # 트루
    ("False", "가"),  # 폴스
    ("Skip", "이"),  # 스킵
    ("deck", "이"),  # 덱
    ("GreedyBot", "이"),  # 그리디봇
    ("Fraction(1, 3)", "이"),  # 프랙션
    ("table", "이"),  # 테이블
    ("Wild", "가"),  # 와일드
    ("런", "이"),
    ("세트", "가"),
]


@pytest.mark.parametrize(("insert", "particle"), READ_ALOUD)
def test_korean_particles_follow_every_kind_of_insert_read_aloud(insert: str, particle: str) -> None:
    assert Message("{x:이/가} 맞아요.").format(x=insert) == f"{insert}{particle} 맞아요."


def test_korean_messages_say_none_with_its_particle_and_give_card_lists_theirs() -> None:
    t = translator("ko")
    said = t.gettext("Not {answer}: that is {direction}.").format(answer=brief(None), direction=t.gettext("too high"))
    assert said.startswith("None이 아니에요")
    need = explain(parse_cards("R3 G3 R7 B8"), phase(1), lang="ko")
    assert "R3 G3이 있고" in need and "있고 숫자 3 카드 또는 와일드 1장이 더 필요해요" in need


# ---------------------------------------------------------------------------------------------- actions in words


@pytest.mark.parametrize("lang", TRANSLATED)
def test_an_answer_button_says_its_actions_in_words(lang: str) -> None:
    for line in ("p2 discard S>p3", "p2 take; p2 discard G1", "p1 lay s[R7 B7 G7] s[R1 R3 W]", "p1 hit p1.2 W>low"):
        said = turn_phrase(parse_turn(line), lang)
        assert "discard" not in said and "take" not in said and " hit " not in said and " lay " not in said, said
        assert "{" not in said and said.startswith(line[:2]), said
