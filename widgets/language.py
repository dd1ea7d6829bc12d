"""The notebook's language: one setting per kernel, used by every widget and check given no ``lang``.

A notebook sets it once, in its first cell (``set_language("uk")``); the translated notebooks of the course
do, so a student never passes ``lang=`` by hand. Without it everything speaks English. In an IPython kernel
the kit's own pictures (a card, a group, a phase, a layout, a game or a player's view shown as a cell's value)
are drawn in that language too, and every table (a pandas ``DataFrame`` or ``Series``) is shown with its headings,
words and numbers in it (``phase10kit.tables.shown``): ``phase10kit`` stays free of any notebook state, the
display hooks live here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from phase10kit import svg
from phase10kit.cards import Card
from phase10kit.game import Game, PlayerView
from phase10kit.groups import Group, Layout
from phase10kit.i18n import check_lang
from phase10kit.phases import Phase
from phase10kit.table_svg import table_svg
from phase10kit.tables import shown

__all__ = ["language", "notebook_lang", "set_language"]

_settings = {"lang": "en"}


def set_language(lang: str) -> str:
    """Set the language every widget and ``check`` of this kernel uses when given no ``lang``.

    >>> set_language("uk"), language(), set_language("en")
    ('uk', 'uk', 'en')
    """
    _settings["lang"] = check_lang(lang)
    draw_pictures_in_notebook_language()
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


def _game_lang(game: Game) -> str:
    return game.lang if game.lang != "en" else language()  # a language set on the game itself wins


PICTURES: dict[type, Callable[[Any], str]] = {
    Card: lambda card: svg.card_svg(card, lang=language()),
    Group: lambda group: svg.group_svg(group, lang=language()),
    Layout: lambda layout: svg.layout_svg(layout, lang=language()),
    Phase: lambda phase: svg.phase_svg(phase, lang=language()),
    PlayerView: lambda view: table_svg(view, lang=language()),
    Game: lambda game: table_svg(game.view(game.viewer), lang=_game_lang(game)),
}
"""How IPython draws each of the kit's values in the notebook's language (as SVG; a game also as HTML)."""


def draw_pictures_in_notebook_language() -> bool:
    """Register :data:`PICTURES` with the running IPython shell; False outside IPython (nothing to do).

    >>> draw_pictures_in_notebook_language()
    False
    """
    try:
        from IPython import get_ipython
    except ImportError:  # the kit without its notebook extra
        return False
    shell = get_ipython()
    if shell is None:
        return False
    formatters = shell.display_formatter.formatters
    for kind, draw in PICTURES.items():
        formatters["image/svg+xml"].for_type(kind, draw)
    formatters["text/html"].for_type(Game, lambda game: f'<div class="p10-game">{PICTURES[Game](game)}</div>')
    for module, name in TABLES:  # by name: registering never imports pandas
        formatters["text/html"].for_type_by_name(module, name, _table_html)
        formatters["text/plain"].for_type_by_name(module, name, _table_text)
    return True


TABLES = tuple(
    (module, name)
    for module in ("pandas", "pandas.core.frame", "pandas.core.series")
    for name in ("DataFrame", "Series")
)
"""The tables IPython shows in the notebook's language (``phase10kit.tables.shown``): headings, the words in
their cells and their numbers; the table itself keeps its code-level names. (pandas 3 names the module of its
classes ``pandas``, earlier versions ``pandas.core.frame`` and ``pandas.core.series``.)"""


def _table_html(table: Any) -> str | None:
    lang = language()
    if lang == "en":
        method = getattr(table, "_repr_html_", None)
        return method() if method is not None else None
    return str(shown(table, lang)._repr_html_())


def _table_text(table: Any, printer: Any, cycle: bool) -> None:
    printer.text(repr(shown(table, language())))
