"""The catalogs speak the game's vocabulary (docs/glossary.md) with correct grammar in every language.

Checks the words players use (and the machine-translated ones they don't), agreement and plural
forms, and the Korean particle helper that picks 을/를, 이/가, 이에요/예요 ... by the word before it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.catalog import Message as CatalogMessage
from hypothesis import given
from hypothesis import strategies as st

from phase10kit.explain import group_kind_name
from phase10kit.i18n import PARTICLES, Message, final_consonant, ko_particle, translator
from phase10kit.phases import GroupKind
from tests.helpers import load_tool

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ["es", "hr", "cs", "uk", "ko"]


TOOL = load_tool("i18n_tool_vocabulary", "i18n.py")
CATALOGS: dict[str, Catalog] = {lang: TOOL.read(TOOL.po_path(lang)) for lang in TRANSLATED}


def _english(message: CatalogMessage) -> str:
    return " / ".join(message.id) if isinstance(message.id, list | tuple) else message.id


def _forms(message: CatalogMessage) -> list[str]:
    strings = message.string if isinstance(message.string, list | tuple) else [message.string]
    return [form for form in strings if form]


def translations(lang: str) -> list[tuple[str, str]]:
    """(English, translated form) for every translated form of the language's catalog."""
    return [(_english(m), form) for m in CATALOGS[lang] if m.id for form in _forms(m)]


def offenders(lang: str, pattern: str, *, english: str | None = None) -> list[tuple[str, str]]:
    """The translations matching ``pattern`` (only those whose English matches ``english``, if given)."""
    found = re.compile(pattern)
    wanted = re.compile(english, re.IGNORECASE) if english else None
    return [(en, form) for en, form in translations(lang) if found.search(form) and (not wanted or wanted.search(en))]


# ---------------------------------------------------------------------------------------------- words players use
# The words each language uses and the ones it refuses are docs/glossary.md's "Checked words" tables, which
# tests/test_glossary.py reads and checks against every catalog (the kit's and each translated notebook's).


# The English msgids say "round" for one deal and "hand" for the cards held, as the course does; each catalog
# keeps the two apart too. (No msgid may call a deal a hand: see the test below.)
DEAL = (
    r"\b[Rr]ound \{(?:number|round)\}|\btie-break round\b|\b[Nn]ext round\b|\bround is over\b"
    r"|\b(?:per|every) round\b|\bends the round\.|\b(?:down|laid|made|decided)\b[^.]* (?:this|that) round\."
    r"|\bPoints this round\b"
)
DEAL_CALLED_HAND = (
    r"\b[Hh]and \{(?:number|round)\}|\btie-break hand\b|\b[Nn]ext hand\b|\bhand is over\b"
    r"|\b(?:per|every) hand\b|\bends the hand\b|\b(?:down|laid|made|decided)\b[^.]* (?:this|that) hand\b"
)


def test_no_english_message_calls_one_deal_a_hand() -> None:
    assert [en for en, _ in translations("es") if re.search(DEAL_CALLED_HAND, en)] == []


ROUND_WORD = {"es": r"\bronda", "hr": r"\brund", "cs": r"\bkol[oaeu]", "uk": r"\bкон|раунд", "ko": r"라운드|판"}
HAND_WORD = {
    "es": r"\bmanos?\b",
    "hr": r"\bruk[aeiu]\b|\bruci\b",
    "cs": r"\bruk[ay]\b|\bruce\b",
    "uk": r"\bрук[аиуі]\b",
}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_one_deal_is_a_round_never_the_word_for_the_cards_held(lang: str) -> None:
    deals = [(en, form) for en, form in translations(lang) if re.search(DEAL, en)]
    assert deals, "the catalogs name a deal somewhere"
    assert [pair for pair in deals if not re.search(ROUND_WORD[lang], pair[1], re.IGNORECASE)] == []
    if lang in HAND_WORD:
        assert [pair for pair in deals if re.search(HAND_WORD[lang], pair[1], re.IGNORECASE)] == []


def test_ukrainian_keeps_a_set_apart_from_any_group() -> None:
    # група is any group (a set, a run, a colour group); a set is a набір.
    sets = offenders("uk", r"груп", english=r"\bsets?\b")
    assert [pair for pair in sets if not re.search(r"\bgroups?\b", pair[0], re.IGNORECASE)] == []
    assert translator("uk").gettext("set") == "набір" and translator("uk").gettext("Group") == "Група"


@pytest.mark.parametrize(("lang", "mark"), [("uk", "фаз"), ("hr", "faz"), ("cs", "fáz"), ("es", "fase")])
def test_a_phase_name_is_marked_as_a_phase(lang: str, mark: str) -> None:
    from phase10kit.explain import phase_name
    from phase10kit.phases import phase

    title = translator(lang).gettext("Hint for the phase {phase}").format(phase=phase_name(phase(1), lang))
    assert mark in title.lower() and phase_name(phase(1), lang) in title, title


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("es", ["Es un grupo válido", "Es una escalera válida", "Es un color válido"]),
        ("hr", ["To je valjan set", "To je valjan niz", "To je valjana boja"]),
        ("cs", ["To je platná sada", "To je platná postupka", "To je platná barevná skupina"]),
        ("uk", ["Це правильний набір", "Це правильний ряд", "Це правильна група одного кольору"]),
    ],
)
def test_an_adjective_agrees_with_each_kind_of_group(lang: str, expected: list[str]) -> None:
    """One sentence per kind of group (``widgets.group_builder.VALID``): the adjective takes the kind's gender."""
    from widgets.group_builder import VALID

    t = translator(lang)
    said = [
        t.gettext(VALID[kind]).format(group="s[R7 B7 W]") for kind in (GroupKind.SET, GroupKind.RUN, GroupKind.COLOR)
    ]
    assert [sentence.split(":")[0] for sentence in said] == expected
    assert group_kind_name(GroupKind.RUN, "es", article=True) == "una escalera"


# ---------------------------------------------------------------------------------------------- plural forms


NUMBER_MEETS_NOUN = re.compile(r"\{(?:count|n|size|players|points|draws|score)\} (?:cards?|players?|points?|draws?)\b")


def test_a_number_meeting_a_noun_is_always_a_plural_message() -> None:
    singular = [m.id for m in TOOL.extract() if m.id and isinstance(m.id, str) and NUMBER_MEETS_NOUN.search(m.id)]
    assert singular == [], "use ngettext for these"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_messages_have_every_form_and_the_english_placeholders(lang: str) -> None:
    catalog = CATALOGS[lang]
    rule = TOOL.plural_rule(catalog)
    problems = [
        problem
        for message in catalog
        if message.id and _forms(message)  # others' brand-new, still empty messages are the sweep's job
        for problem in TOOL.message_problems(catalog, message, rule)
    ]
    assert problems == []


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("cs", {2: "pro 2 hráče", 4: "pro 4 hráče", 5: "pro 5 hráčů", 6: "pro 6 hráčů"}),
        ("hr", {2: "s 2 igrača", 5: "s 5 igrača"}),
        ("uk", {2: "на 2 гравців", 5: "на 5 гравців"}),
        ("es", {2: "de 2 jugadores"}),
    ],
)
def test_a_new_game_counts_its_players_in_the_right_form(lang: str, expected: dict[int, str]) -> None:
    t = translator(lang)
    singular, plural = "A new game of {players} player: hand 1.", "A new game of {players} players: hand 1."
    for players, words in expected.items():
        assert words in t.ngettext(singular, plural, players).format(players=players)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("cs", {1: "1 kartě", 3: "3 kartách", 10: "10 kartách"}), ("uk", {1: "1 карти", 10: "10 карт"})],
)
def test_a_dealt_hand_counts_its_cards_in_the_right_form(lang: str, expected: dict[int, str]) -> None:
    singular = "Chance that a dealt hand of {n} card holds each phase"
    for n, words in expected.items():
        assert words in translator(lang).ngettext(singular, singular.replace("card ", "cards "), n).format(n=n)


# ---------------------------------------------------------------------------------------------- Korean particles

CASES = [
    ("런", "을/를", "을"),
    ("세트", "을/를", "를"),
    ("R7", "을", "을"),  # 알칠: ends in ㄹ
    ("B2", "를", "를"),  # 비이
    ("G12", "을/를", "를"),  # 지십이
    ("Y10", "을/를", "을"),  # 와이십
    ("W", "을/를", "를"),  # 더블유
    ("S", "이/가", "가"),  # 에스
    ("p1", "이/가", "이"),  # 피일
    ("p2", "이", "가"),
    ("p3", "은/는", "은"),  # 피삼
    ("100", "은", "은"),  # 백
    ("1000", "은", "은"),  # 천
    ("20000", "는", "은"),  # 이만
    ("0", "이/가", "이"),  # 영
    ("런", "이에요/예요", "이에요"),
    ("세트", "이에요", "예요"),
    ("같은 색 묶음", "예요", "이에요"),
    ("7", "으로/로", "로"),  # 칠로: ㄹ takes 로
    ("3", "으로", "으로"),  # 삼으로
    ("4", "로", "로"),
    ("와일드 (W)", "을/를", "를"),  # a final parenthesis is skipped
    ("s[R7 B7 W]", "을/를", "를"),  # the last card is read last
    ("12.5%", "이에요/예요", "예요"),  # 퍼센트
    ("hr", "은/는", "은"),  # 에이치알
    ("cs", "은/는", "는"),  # 씨에스
    ("team", "과/와", "과"),  # 팀
    ("Wild", "과/와", "와"),  # 와일드
]


@pytest.mark.parametrize(("word", "particle", "expected"), CASES)
def test_ko_particle_follows_the_sound_that_ends_the_word(word: str, particle: str, expected: str) -> None:
    assert ko_particle(word, particle) == expected


@given(st.integers(min_value=0xAC00, max_value=0xD7A3))
def test_every_hangul_syllable_takes_the_particle_of_its_final_consonant(code: int) -> None:
    syllable = chr(code)
    has_final = (code - 0xAC00) % 28 != 0
    assert ko_particle(syllable, "을/를") == ("을" if has_final else "를")
    assert ko_particle("카드 " + syllable, "이에요/예요") == ("이에요" if has_final else "예요")
    rieul = (code - 0xAC00) % 28 == 8
    assert ko_particle(syllable, "으로/로") == ("으로" if has_final and not rieul else "로")


DIGITS = "영일이삼사오육칠팔구"


def sino_korean(n: int) -> str:
    """``n`` read aloud in Sino-Korean, written out in Hangul (a reference independent of the helper)."""
    if n == 0:
        return "영"
    words = []
    for unit, big in ((10**12, "조"), (10**8, "억"), (10**4, "만"), (1, "")):
        part, n = divmod(n, unit)
        if part:
            words.append(_below_10000(part) + big)
    return "".join(words)


def _below_10000(n: int) -> str:
    text = ""
    for value, name in ((1000, "천"), (100, "백"), (10, "십")):
        digit, n = divmod(n, value)
        if digit:
            text += ("" if digit == 1 else DIGITS[digit]) + name
    return text + (DIGITS[n] if n else "")


@given(st.integers(min_value=0, max_value=10**13))
def test_numbers_take_the_particle_of_their_korean_reading(n: int) -> None:
    reading = sino_korean(n)
    assert ko_particle(str(n), "을/를") == ko_particle(reading[-1], "을/를"), reading
    assert ko_particle(f"R{n}", "이/가") == ko_particle(reading[-1], "이/가")


def test_translated_korean_messages_choose_their_particles() -> None:
    t = translator("ko")
    assert t.gettext("You draw {card}.").format(card="R7") == "R7을 뽑았어요."
    assert t.gettext("You draw {card}.").format(card="W") == "W를 뽑았어요."
    assert t.gettext("{who} discards {card}.").format(who="p2", card="G3") == "p2가 G3을 버려요."
    done = t.gettext("Done: {group} is {target}.")
    assert done.format(group="r[G3 G4 W Y6]", target=t.gettext("a run")) == "완성: r[G3 G4 W Y6]은 런이에요."
    assert done.format(group="s[R7 B7 W]", target=t.gettext("a set")) == "완성: s[R7 B7 W]는 세트예요."


def test_a_particle_spec_works_with_any_string_and_other_specs_still_work() -> None:
    assert Message("{x:을/를} {n:>3} {p:.0%}").format(x="런", n=7, p=0.5) == "런을   7 50%"
    assert Message("{x:로}").format_map({"x": "R3"}) == "R3으로"
    with pytest.raises(ValueError, match="unknown Korean particle"):
        ko_particle("런", "에게")
    assert final_consonant("") == "" and final_consonant("…") == ""


def test_every_particle_spec_in_the_korean_catalog_is_known() -> None:
    known = {spec for pair in PARTICLES.values() for spec in (f"{pair[0]}/{pair[1]}", *pair)}
    specs = [spec for _, form in translations("ko") for spec in re.findall(r"\{\w*:([^{}]*)\}", form)]
    assert specs and set(specs) <= known
    assert all(spec for spec in specs)


# A variable particle written straight after a placeholder can't know the word: it must be a spec.
GLUED = re.compile(r"\}(?:을|를|이|가|은|는|과|와|으로|로|이에요|예요)(?=[\s.,:;!?)]|$)")


def test_no_korean_particle_is_glued_to_a_placeholder() -> None:
    assert offenders("ko", GLUED.pattern) == []


def test_fixed_korean_words_take_the_right_object_particle_and_copula() -> None:
    # 를 never follows a final consonant and the copula is 이에요 after one, 예요 after a vowel. (A vowel
    # before 을 is not checked: verb endings such as 이을, from 잇다, look the same.)
    wrong = []
    for _, form in translations("ko"):
        for word, ending in re.findall(r"([가-힣])(이에요|예요|를)(?=[\s.,:;!?)]|$)", form):
            pair = "을/를" if ending == "를" else "이에요/예요"
            if ko_particle(word, pair) != ending:
                wrong.append(form)
    assert wrong == []
