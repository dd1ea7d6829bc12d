"""Translations of every user-facing sentence through standard gettext catalogs.

Code marks text with ``translator(lang).gettext(...)``/``.ngettext(...)`` (and ``N_`` for msgids kept
in tables); the catalogs are ``phase10kit/locale/<lang>/LC_MESSAGES/phase10kit.po`` with their compiled
``.mo`` beside them, shipped in the package. ``python tools/i18n.py`` extracts the messages, updates
every catalog and compiles it (``--check`` fails on drift, gaps or fuzzy entries). English is the
source language: its text is the msgid itself.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

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
        from phase10kit.errors import Phase10Error

        choices = ", ".join(LANGUAGES)
        raise Phase10Error(f"unknown language {lang!r}: choose one of {choices}", reason="bad-language")
    return lang


@cache
def translator(lang: str = "en") -> gettext.NullTranslations:
    """The translations for ``lang`` (``"en"``, ``"es"``, ``"hr"``, ``"cs"``, ``"uk"``, ``"ko"``).

    >>> translator("en").gettext("Draw"), translator("uk").gettext("Draw")
    ('Draw', 'Тягнути')
    >>> [translator("cs").ngettext("{count} point", "{count} points", n).format(count=n) for n in (1, 3, 5)]
    ['1 bod', '3 body', '5 bodů']
    """
    check_lang(lang)
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
