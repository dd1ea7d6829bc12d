"""Translations of every user-facing sentence through standard gettext catalogs.

Code marks text with ``translator(lang).gettext(...)``/``.ngettext(...)`` (and ``N_`` for msgids kept
in tables); the catalogs are ``phase10kit/locale/<lang>/LC_MESSAGES/phase10kit.po`` with their compiled
``.mo`` beside them, shipped in the package. ``python tools/i18n.py`` extracts the messages, updates
every catalog and compiles it (``--check`` fails on drift, gaps or fuzzy entries). English is the
source language: its text is the msgid itself.

Grammar comes from the catalogs, never from gluing pieces together. Two format specs say what an insert
needs where it stands:

- a Korean particle changes shape with the word before it (``R7을`` but ``W를``, ``None이``): a Korean
  msgstr never writes ``을(를)`` but gives the particle as the placeholder's spec, ``{card:을}``,
  ``{who:이}``, ``{group:이에요}``, filled in with the shape the value needs as it is read aloud
  (``phase10kit.korean``);
- a Croatian, Czech, Ukrainian or Spanish msgstr asks for the grammatical form of an inflected insert
  (a colour, a group's name) by its tag, ``{colour:acc}``, ``{group:gen}``, ``{colour:gen.pl}``
  (``FORMS``); the forms are catalog entries of their own (``INFLECTED``, ``word``).

Any other format spec works as in ``str.format``.
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
from phase10kit.korean import PARTICLE_SPECS, PARTICLES, final_consonant, ko_particle

__all__ = [
    "FORMATTER",
    "FORMS",
    "INFLECTED",
    "INFLECTED_PLACEHOLDERS",
    "LANGUAGES",
    "LOCALE_DIR",
    "NN_",
    "N_",
    "PARTICLES",
    "Message",
    "Word",
    "and_list",
    "check_lang",
    "decimal",
    "duration",
    "final_consonant",
    "form_context",
    "grouped",
    "ko_particle",
    "percent",
    "shortest",
    "translator",
    "word",
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


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural pair for extraction without translating it; it is translated where shown with ``ngettext``.

    >>> translator("hr").ngettext(*NN_("{count} point", "{count} points"), 5).format(count=5)
    '5 bodova'
    """
    return singular, plural


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


# --- grammatical forms -------------------------------------------------------------------------
# Croatian, Czech and Ukrainian decline a colour or a group's name with the sentence around it
# ("Džoker zamjenjuje plavu kartu", "vyber kartu pro sadu 3 karet"), and Spanish makes a colour agree with
# the card ("una carta roja"). A sentence never glues a nominative into place: the msgstr names the form
# it needs as the placeholder's format spec (``{colour:acc}``), and the form comes from the catalog, where
# each inflected word has one entry per form (msgctxt "colour of a card: accusative singular").

FORMS: dict[str, str] = {
    "nom": "nominative singular",
    "gen": "genitive singular",
    "dat": "dative singular",
    "acc": "accusative singular",
    "loc": "locative singular",
    "ins": "instrumental singular",
    "nom.pl": "nominative plural",
    "gen.pl": "genitive plural",
    "dat.pl": "dative plural",
    "acc.pl": "accusative plural",
    "loc.pl": "locative plural",
    "ins.pl": "instrumental plural",
}
"""The grammatical forms a msgstr may ask of an inflected insert (``{colour:gen.pl}``), by their tags."""

INFLECTED: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "colour of a card": (("red", "blue", "green", "yellow"), ("nom", "gen", "acc", "nom.pl", "gen.pl", "acc.pl")),
    "group": (
        (
            "set",
            "run",
            "colour group",
            "a set",
            "a run",
            "a colour group",
            "the set of {size}",
            "the run of {size}",
            "the group of {size} of one colour",
            "the other set of {size}",
            "the other run of {size}",
            "the other group of {size} of one colour",
        ),
        ("gen", "acc"),
    ),
}
"""Every inflected word the code inserts into sentences, by kind of word: its msgids and the forms the catalogs
hold for it (``tools/i18n.py`` adds one catalog entry per word and form, msgctxt ``"<kind>: <form>"``). A colour's
forms agree with the language's word for a card (hr *karta*, es *carta*)."""

INFLECTED_PLACEHOLDERS: dict[str, str] = {
    "colour": "colour of a card",
    "color": "colour of a card",
    "colours": "colour of a card",
    "values": "colour of a card",
    "value": "colour of a card",
    "kind": "group",
    "target": "group",
    "group": "group",
}
"""The placeholders the code fills with inflected words (``Word``), and the kind of word each one holds: a
msgstr may ask these, and only these, for a form (``{kind:acc}``); ``value``/``values`` hold a number or a
colour, and a number has one form."""


def form_context(kind: str, tag: str) -> str:
    """The msgctxt of a word's form in the catalogs: ``form_context("group", "acc")`` is
    ``"group: accusative singular"``."""
    return f"{kind}: {FORMS[tag]}"


class Word(str):
    """A word in a sentence's language that knows its other grammatical forms (``str`` of it is the base form).

    >>> colour = Word("plava", {"acc": "plavu"})
    >>> Message("Džoker zamjenjuje {colour:acc} kartu.").format(colour=colour), str(colour)
    ('Džoker zamjenjuje plavu kartu.', 'plava')
    """

    forms: dict[str, str]

    def __new__(cls, text: str, forms: dict[str, str] | None = None) -> Word:
        word = super().__new__(cls, text)
        word.forms = dict(forms or {})
        return word

    def form(self, tag: str) -> str:
        """The form ``tag`` names (``"acc"``, ``"gen.pl"`` ...); the base form when the word has no such form."""
        return self.forms.get(tag, str(self))

    @classmethod
    def joined(cls, words: list[str], separator: str = ", ") -> Word:
        """Words joined into one insert whose every form joins the words' forms: ``crvenu, plavu``."""
        tags = {tag for word in words if isinstance(word, Word) for tag in word.forms}
        forms = {tag: separator.join(w.form(tag) if isinstance(w, Word) else w for w in words) for tag in tags}
        return cls(separator.join(words), forms)


def word(lang: str | gettext.NullTranslations, kind: str, msgid: str, **fields: object) -> Word:
    """The word ``msgid`` of ``kind`` (a key of ``INFLECTED``) translated, with every form the catalogs hold;
    ``fields`` fill its placeholders in every form.

    >>> w = word("hr", "colour of a card", "blue")
    >>> str(w), w.form("acc"), w.form("gen.pl"), word("en", "group", "the set of {size}", size=3).form("acc")
    ('plava', 'plavu', 'plavih', 'the set of 3')
    """
    return _word(language_of(lang), kind, msgid, tuple(sorted(fields.items())))


@cache
def _word(lang: str, kind: str, msgid: str, fields: tuple[tuple[str, object], ...]) -> Word:
    t, values = translator(lang), dict(fields)
    if msgid not in INFLECTED[kind][0]:
        raise ValueError(f"{msgid!r} is not a word of kind {kind!r} in INFLECTED")
    forms = {tag: t.pgettext(form_context(kind, tag), msgid).format(**values) for tag in INFLECTED[kind][1]}
    return Word(t.gettext(msgid).format(**values), forms)


class MessageFormatter(string.Formatter):
    """``str.format`` plus two specs of the catalogs: a Korean particle (``{card:을}`` is the card followed by
    을 or 를) and a grammatical form (``{colour:acc}``: the form of a ``Word``; any other value has one form).

    >>> MessageFormatter().format("{card:을} 버렸어요. {who:이} 이겼어요.", card="W", who="p3")
    'W를 버렸어요. p3이 이겼어요.'
    """

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec in PARTICLE_SPECS:
            text = format(value)
            return text + ko_particle(text, format_spec)
        if format_spec in FORMS:
            return value.form(format_spec) if isinstance(value, Word) else format(value)
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
    and uk; no grouping: the kit groups the thousands of whole numbers only, with ``grouped``).

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


def shortest(value: float, lang: str | gettext.NullTranslations = "en", most: int = 6) -> str:
    """A number with the decimals it needs (at most ``most``), as the language writes it: a bot's speed, seconds.

    >>> shortest(0.4), shortest(0.4, "cs"), shortest(1.5, "uk"), shortest(10.0, "hr"), shortest(2.25, "ko")
    ('0.4', '0,4', '1,5', '10', '2.25')
    """
    text = f"{value:.{most}f}".rstrip("0").rstrip(".") if math.isfinite(value) else str(value)
    return decimal(value, len(text.partition(".")[2]), lang)


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
    """Words joined as a sentence lists them: ``p1, p2 and p3``, ``p1 y p3``, ``p1과 p3``. Inflected words
    (``Word``) give a ``Word`` whose every form lists their forms (``crvenu i plavu``).

    >>> and_list(["p1"]), and_list(["p1", "p3"]), and_list(["p1", "p2", "p3"], "cs"), and_list(["p1", "p3"], "ko")
    ('p1', 'p1 and p3', 'p1, p2 a p3', 'p1과 p3')
    """
    if len(items) < 2:
        return items[0] if items else ""
    template = translator(language_of(lang)).gettext("{items} and {last}")

    def listed(words: list[str]) -> str:
        return template.format(items=", ".join(words[:-1]), last=words[-1])

    tags = {tag for item in items if isinstance(item, Word) for tag in item.forms}
    if not tags:
        return listed(items)
    forms = {tag: listed([item.form(tag) if isinstance(item, Word) else item for item in items]) for tag in tags}
    return Word(listed(items), forms)


def grouped(number: int, lang: str | gettext.NullTranslations = "en") -> str:
    """A whole number with its thousands grouped as the language groups them (Babel's locale data: a comma in
    English and Korean, a point in Spanish and Croatian, a no-break space in Czech and Ukrainian).

    >>> grouped(38722819230810), grouped(38722819230810, "ko"), grouped(38722819230810, "hr"), grouped(108, "cs")
    ('38,722,819,230,810', '38,722,819,230,810', '38.722.819.230.810', '108')
    >>> grouped(7076688286712, "uk")
    '7\xa0076\xa0688\xa0286\xa0712'
    """
    code = language_of(lang)
    return format_decimal(number, locale=code if code in LANGUAGES else "en")


def duration(seconds: float, lang: str | gettext.NullTranslations = "en") -> str:
    """A span of time as the language says it: whole seconds under two minutes, whole minutes from there.

    >>> duration(45), duration(120), duration(300, "hr"), duration(30, "cs")
    ('45 seconds', '2 minutes', '5 minuta', '30 sekund')
    """
    t = lang if isinstance(lang, gettext.NullTranslations) else translator(lang)
    whole = max(0, int(seconds))
    if whole < 120:
        return t.ngettext(*NN_("{count} second", "{count} seconds"), whole).format(count=whole)
    minutes = whole // 60
    return t.ngettext(*NN_("{count} minute", "{count} minutes"), minutes).format(count=minutes)
