"""Translations of every user-facing sentence through standard gettext catalogs.

Code marks text with ``translator(lang).gettext(...)``/``.ngettext(...)`` (and ``N_`` for msgids kept
in tables); the catalogs are ``phase10kit/locale/<lang>/LC_MESSAGES/phase10kit.po`` with their compiled
``.mo`` beside them, shipped in the package. ``python tools/i18n.py`` extracts the messages, updates
every catalog and compiles it (``--check`` fails on drift, gaps or fuzzy entries). English is the
source language: its text is the msgid itself.

Korean particles change shape with the word before them (``R7을`` but ``W를``). A Korean msgstr
therefore never writes ``을(를)``: it gives the particle as the placeholder's format spec,
``{card:을}``, ``{who:이}``, ``{group:이에요}``, and the messages ``translator()`` returns fill it in
with the shape the value needs (``ko_particle``; the table is ``PARTICLES``). Any other format spec
works as in ``str.format``; English and the other catalogs simply never use a particle spec.
"""

from __future__ import annotations

import gettext
import math
import re
import string
from decimal import Decimal as DecimalNumber
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.numbers import format_decimal, format_percent, get_decimal_symbol

from phase10kit.errors import Phase10Error, Reason, quote

__all__ = [
    "FORMATTER",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "PARTICLES",
    "Message",
    "and_list",
    "check_lang",
    "decimal",
    "final_consonant",
    "grouped",
    "ko_particle",
    "percent",
    "translator",
]

LANGUAGES = {"en": "English", "es": "Español", "hr": "Hrvatski", "cs": "Čeština", "uk": "Українська", "ko": "한국어"}
"""The kit's languages: English and those of its source rule texts."""
DOMAIN = "phase10kit"
LOCALE_DIR = Path(__file__).parent / "locale"


def N_(message: str) -> str:
    """Mark a msgid for extraction (``tools/i18n.py``) without translating it; it is translated where shown.

    >>> N_("Draw")
    'Draw'
    """
    return message


def check_lang(lang: str) -> str:
    """``lang`` itself when the kit speaks it; otherwise a ``Phase10Error`` naming the choices."""
    if lang not in LANGUAGES:
        choices = ", ".join(LANGUAGES)
        raise Phase10Error(
            f"unknown language {quote(lang, 40)!r}: choose one of {choices}",
            reason=Reason.BAD_LANGUAGE,
            details={"choices": choices},
        )
    return lang


@cache
def translator(lang: str = "en") -> gettext.NullTranslations:
    """The translations for ``lang`` (``"en"``, ``"es"``, ``"hr"``, ``"cs"``, ``"uk"``, ``"ko"``).

    >>> translator("en").gettext("Draw"), translator("uk").gettext("Draw")
    ('Draw', 'Тягнути')
    >>> [translator("cs").ngettext("{count} point", "{count} points", n).format(count=n) for n in (1, 3, 5)]
    ['1 bod', '3 body', '5 bodů']
    """
    return _translations(check_lang(lang))


@cache
def _translations(lang: str) -> gettext.NullTranslations:
    # One per language, shared: nothing changes a translations object once made, and every bot
    # decision and widget asks for one.
    if lang == "en":
        return _Translations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True, class_=_Catalog)


# --- Korean particles ---------------------------------------------------------------------------
# A catalog can't know the word a placeholder will hold, so the particle after a placeholder is
# written as its format spec and chosen when the message is formatted (see the module docstring).

PARTICLES: dict[str, tuple[str, str]] = {
    "을/를": ("을", "를"),
    "이/가": ("이", "가"),
    "은/는": ("은", "는"),
    "과/와": ("과", "와"),
    "으로/로": ("으로", "로"),
    "이에요/예요": ("이에요", "예요"),
    "이었어요/였어요": ("이었어요", "였어요"),
    "이어야/여야": ("이어야", "여야"),
    "이나/나": ("이나", "나"),
    "이랑/랑": ("이랑", "랑"),
    "이라고/라고": ("이라고", "라고"),
}
"""Each Korean particle (and the copula) as (its shape after a final consonant, its shape after a vowel)."""
_SPECS = {spec: pair for pair in PARTICLES.values() for spec in (f"{pair[0]}/{pair[1]}", *pair)}
_FINALS = " ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"
"""The 28 final-consonant slots of a Hangul syllable; slot 0 (a space here) is "no final consonant"."""
_DIGIT_FINALS = ["ㅇ", "ㄹ", "", "ㅁ", "", "", "ㄱ", "ㄹ", "ㄹ", ""]
"""The last consonant of each digit read in Sino-Korean: 영 일 이 삼 사 오 육 칠 팔 구."""
_POWER_FINALS = {1: "ㅂ", 2: "ㄱ", 3: "ㄴ"}
"""Round numbers end in their unit: 십 (10), 백 (100), 천 (1000); then 만, 억, 조, 경 every four zeros."""
_MYRIAD_FINALS = ["ㄴ", "ㄱ", "", "ㅇ"]
_LETTER_FINALS = {"L": "ㄹ", "M": "ㅁ", "N": "ㄴ", "R": "ㄹ"}
"""Latin letters whose Korean names end in a consonant (엘 엠 엔 알); every other name ends in a vowel."""
_WORD_FINALS = {"l": "ㄹ", "m": "ㅁ", "n": "ㄴ"}
_CLOSING = " \t\n]}>\"'”’»」』.,;:!?…"
_LATIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def final_consonant(word: object) -> str:
    """The consonant ``word`` ends with when read aloud (a jamo such as ``"ㄹ"``), or ``""`` after a vowel.

    Hangul is read as written; numbers in Sino-Korean (7 칠, 12 십이, 10 십, 100 백); Latin letters
    alone, in capitals or without a vowel by their names (R 알, W 더블유: the card ``R7`` ends in 칠,
    ``p2`` in 이, ``hr`` in 알); other Latin words by their ending, as loanwords are spelled (l, m, n,
    ng end in a consonant). Closing
    brackets, quotes and punctuation are skipped, and so is a final parenthesis: Korean attaches the
    particle to the word before it. Anything else counts as ending in a vowel.

    >>> [final_consonant(w) for w in ("런", "세트", "R7", "B12", "10", "W", "p1", "Wild", "빨강 7 (R7)")]
    ['ㄴ', '', 'ㄹ', '', 'ㅂ', '', 'ㄹ', '', 'ㄹ']
    """
    text = _spoken_end(str(word))
    if not text:
        return ""
    last = text[-1]
    if "가" <= last <= "힣":
        return _FINALS[(ord(last) - ord("가")) % 28].strip()
    if last in "0123456789":
        return _number_final(text[len(text.rstrip("0123456789")) :])
    if last in _LATIN:
        tail = text[len(text.rstrip(_LATIN)) :]
        if len(tail) == 1 or tail.isupper() or not set(tail.lower()) & set("aeiouy"):
            return _LETTER_FINALS.get(last.upper(), "")  # read letter by letter: "R7", "hr"
        return "ㅇ" if tail.lower().endswith("ng") else _WORD_FINALS.get(last.lower(), "")
    return ""


def _spoken_end(text: str) -> str:
    """``text`` without the closing marks and the final parenthesis that a particle skips."""
    while True:
        shorter = text.rstrip(_CLOSING)
        if shorter.endswith(")"):
            opening = shorter.rfind("(")
            shorter = shorter[:opening] if opening >= 0 else shorter[:-1]
        if shorter == text:
            return text
        text = shorter


def _number_final(digits: str) -> str:
    significant = digits.rstrip("0")
    if not significant:
        return "ㅇ"  # 영
    zeros = len(digits) - len(significant)
    if zeros == 0:
        return _DIGIT_FINALS[int(digits[-1])]
    if zeros in _POWER_FINALS:
        return _POWER_FINALS[zeros]
    return _MYRIAD_FINALS[min(zeros // 4, 4) - 1]


def ko_particle(word: object, particle: str) -> str:
    """The shape of a Korean ``particle`` (``"을/를"``, or either shape: ``"을"``, ``"를"``) that follows ``word``.

    >>> [ko_particle(w, "을/를") for w in ("R7", "W", "런", "세트")]
    ['을', '를', '을', '를']
    >>> ko_particle("런", "예요"), ko_particle("세트", "이에요"), ko_particle("칠", "로"), ko_particle("R3", "로")
    ('이에요', '예요', '로', '으로')
    """
    pair = _SPECS.get(particle)
    if pair is None:
        raise ValueError(f"unknown Korean particle {particle!r}: use one of {', '.join(PARTICLES)}")
    final = final_consonant(word)
    if pair == PARTICLES["으로/로"] and final == "ㄹ":
        return pair[1]  # 로 after ㄹ: 칠로, 런으로
    return pair[0] if final else pair[1]


class MessageFormatter(string.Formatter):
    """``str.format`` plus Korean particle specs: ``{card:을}`` is the card followed by 을 or 를.

    >>> MessageFormatter().format("{card:을} 버렸어요. {who:이} 이겼어요.", card="W", who="p3")
    'W를 버렸어요. p3이 이겼어요.'
    """

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec in _SPECS:
            text = format(value)
            return text + ko_particle(text, format_spec)
        return super().format_field(value, format_spec)


FORMATTER = MessageFormatter()
"""The formatter of every translated message (code formatting a template itself uses ``FORMATTER.vformat``)."""


_FORMAT_SPEC = re.compile(r"\{[^{}]*:")


class Message(str):
    """A translated message: a ``str`` whose ``format``/``format_map`` also fill in Korean particles.

    >>> Message("{card:을} 뽑았어요.").format(card="R7"), Message("{n}점").format(n=5)
    ('R7을 뽑았어요.', '5점')
    """

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        if _FORMAT_SPEC.search(self) is None:  # no particle spec: the built-in formatter is many times faster
            return str.format(self, *args, **kwargs)
        return FORMATTER.vformat(self, args, kwargs)

    def format_map(self, mapping: Any) -> str:
        if _FORMAT_SPEC.search(self) is None:
            return str.format_map(self, mapping)
        return FORMATTER.vformat(self, (), mapping)


_MESSAGES_KEPT = 4096
"""More than the catalogs hold: the code asks only for its own msgids, and a bound all the same."""


class _Translations(gettext.NullTranslations):
    """Translations whose messages are ``Message`` strings (English: the msgids themselves).

    ``gettext`` remembers its messages: a bot asks for its sentence at every decision.
    """

    def __init__(self, fp: Any = None) -> None:
        self._messages: dict[str, Message] = {}
        super().__init__(fp)

    def add_fallback(self, fallback: gettext.NullTranslations) -> None:
        self._messages = {}  # a fallback may answer what was left untranslated
        super().add_fallback(fallback)

    def gettext(self, message: str) -> str:
        found = self._messages.get(message)
        if found is None:
            found = Message(super().gettext(message))
            if len(self._messages) < _MESSAGES_KEPT:
                self._messages[message] = found
        return found

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return Message(super().ngettext(msgid1, msgid2, n))

    def pgettext(self, context: str, message: str) -> str:
        return Message(super().pgettext(context, message))

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return Message(super().npgettext(context, msgid1, msgid2, n))


class _Catalog(_Translations, gettext.GNUTranslations):
    """A compiled catalog (``.mo``) whose messages are ``Message`` strings."""


@cache
def _number_patterns(lang: str) -> tuple[str, str]:
    """The language's pattern of a percentage (Babel's locale data: ``#,##0\u00a0%`` in hr, ``#,##0%`` in uk)
    with ``{digits}`` where its number goes, and its decimal symbol."""
    locale = Locale.parse(lang if lang in LANGUAGES else "en")
    pattern = locale.percent_formats[None].pattern
    return re.sub(r"[#0,.]+", "{digits}", pattern, count=1), get_decimal_symbol(locale)


def __getattr__(name: str) -> object:
    # ``DECIMAL_COMMA``, the languages that write a decimal comma (Babel's locale data: es, hr, cs and uk), is
    # computed on first use: reading six languages' locale data at import cost every table kernel about 10 MB
    # and 0.1 s, while a page needs one language's, when it first shows a number.
    if name == "DECIMAL_COMMA":
        return frozenset(lang for lang in LANGUAGES if _number_patterns(lang)[1] == ",")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def language_of(lang: str | gettext.NullTranslations) -> str:
    """The language code of a language or of its translations (English for the untranslated source).

    >>> language_of("uk"), language_of(translator("hr")), language_of(translator("en"))
    ('uk', 'hr', 'en')
    """
    if isinstance(lang, str):
        return lang
    return str(lang.info().get("language", "en"))


def _digits_pattern(digits: int) -> str:
    return "0." + "0" * digits if digits > 0 else "0"


def decimal(value: float, digits: int, lang: str | gettext.NullTranslations = "en") -> str:
    """A number with ``digits`` decimals as the language writes it (Babel's symbols: a comma in es, hr, cs
    and uk; no grouping, as the kit's whole numbers are grouped by spaces in every language).

    >>> decimal(0.54931, 3), decimal(0.54931, 3, "hr"), decimal(0.54931, 3, translator("ko"))
    ('0.549', '0,549', '0.549')
    """
    code = language_of(lang)
    text = f"{value:.{digits}f}"  # rounded as Python rounds the float, the same in every language
    if not math.isfinite(value):
        return text
    return format_decimal(
        DecimalNumber(text), format=_digits_pattern(digits), locale=code if code in LANGUAGES else "en"
    )


def percent(chance: float, digits: int, lang: str | gettext.NullTranslations = "en") -> str:
    """A chance as a percentage with its sign, as the language writes it (Babel's pattern: the sign after a
    no-break space in es, hr and cs, right after the number in en, uk and ko).

    >>> percent(0.18284, 2), percent(0.18284, 2, "es"), percent(0.5, 0, "ko"), percent(0.375, 1, "uk")
    ('18.28%', '18,28\xa0%', '50%', '37,5%')
    """
    code = language_of(lang)
    code = code if code in LANGUAGES else "en"
    if not math.isfinite(chance):
        return f"{chance}%"
    text = f"{100 * chance:.{digits}f}"
    pattern = _number_patterns(code)[0].replace("{digits}", _digits_pattern(digits))
    return format_percent(DecimalNumber(text) / 100, format=pattern, locale=code)


def and_list(items: list[str], lang: str | gettext.NullTranslations = "en") -> str:
    """Words joined as a sentence lists them: ``p1, p2 and p3``, ``p1 y p3``, ``p1과 p3``.

    >>> and_list(["p1"]), and_list(["p1", "p3"]), and_list(["p1", "p2", "p3"], "cs"), and_list(["p1", "p3"], "ko")
    ('p1', 'p1 and p3', 'p1, p2 a p3', 'p1과 p3')
    """
    if len(items) < 2:
        return "".join(items)
    template = translator(language_of(lang)).gettext("{items} and {last}")
    return template.format(items=", ".join(items[:-1]), last=items[-1])


def grouped(number: int) -> str:
    """A whole number in groups of three digits, read the same in every language (a space between groups).

    >>> grouped(38722819230810), grouped(108)
    ('38 722 819 230 810', '108')
    """
    return f"{number:,}".replace(",", " ")
