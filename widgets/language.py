"""The notebook's language: one setting per kernel, used by every widget and check given no ``lang``.

A notebook sets it once, in its first cell (``set_language("uk")``); the translated notebooks of the course
do, so a student never passes ``lang=`` by hand. Without it everything speaks English.
"""

from __future__ import annotations

from phase10kit.i18n import check_lang

_settings = {"lang": "en"}


def set_language(lang: str) -> str:
    """Set the language every widget and ``check`` of this kernel uses when given no ``lang``.

    >>> set_language("uk"), language(), set_language("en")
    ('uk', 'uk', 'en')
    """
    _settings["lang"] = check_lang(lang)
    return _settings["lang"]


def language() -> str:
    """The notebook's language, set by :func:`set_language` (English until then)."""
    return _settings["lang"]


def notebook_lang(lang: str | None) -> str:
    """``lang`` checked, or the notebook's language when it is ``None``.

    >>> notebook_lang(None), notebook_lang("ko")
    ('en', 'ko')
    """
    return language() if lang is None else check_lang(lang)
