"""Translations of every user-facing sentence through standard gettext catalogs.

Code marks text with ``translator(lang).gettext(...)``/``.ngettext(...)``; catalogs live in
``phase10kit/locale/<lang>/LC_MESSAGES/phase10kit.po`` (compiled to ``.mo`` on first use). English
is the source language, so a missing catalog falls back to the English text.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

LANGUAGES = {"en": "English", "es": "Español", "hr": "Hrvatski", "cs": "Čeština", "uk": "Українська", "ko": "한국어"}
"""The kit's languages: English and those of its source rule texts."""
DOMAIN = "phase10kit"
LOCALE_DIR = Path(__file__).parent / "locale"


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

    >>> translator("en").gettext("Draw")
    'Draw'
    """
    check_lang(lang)
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
