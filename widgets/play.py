"""The Voila play page: a ``Table`` set up from the page's URL (``?seed=5&players=2&bots=greedy&lang=en``).

Under Voila a notebook sees its page's query string in the ``QUERY_STRING`` environment variable.
With preheated kernels (``voila.json``) the notebook runs before anyone asks for the page, so it must
wait for the request before reading that variable: ``request_query`` does both.
A bad value never stops the page: it is replaced by its default and explained in a sentence shown
above the table (students see no traceback).
"""

from __future__ import annotations

import os
from html import escape
from urllib.parse import parse_qs

import ipywidgets

from phase10kit.i18n import LANGUAGES, translator
from widgets.table import Table
from widgets.table_parts import BOT_LEVELS

DEFAULT_PLAYERS = 3
DEFAULT_BOTS = "smart"
DEFAULT_LANG = "en"
MAX_SEED = 2**63 - 1
"""Seeds are 0 to ``MAX_SEED``: a bound keeps a pasted huge number from being a surprise."""


PREHEAT_VARIABLE = "VOILA_PREHEAT"
"""Set to ``"True"`` by Voila in the kernels it starts ahead of a request (``voila.utils.ENV_VARIABLE``)."""


def request_query() -> str | None:
    """The page's URL query string; ``None`` when a preheated kernel could not get it from Voila.

    In a preheated Voila kernel this blocks until a browser asks for the page (Voila then sends the
    request's variables to the kernel); anywhere else it returns at once. Call it after the slow
    imports, so they run before the request.

    >>> os.environ["QUERY_STRING"] = "seed=5"
    >>> request_query()
    'seed=5'
    >>> del os.environ["QUERY_STRING"]
    >>> request_query()
    ''
    """
    preheated = os.environ.get(PREHEAT_VARIABLE, "False") != "False"
    if preheated:
        # Imported here: voila is only needed (and only installed for sure) when Voila runs the kernel.
        from voila.utils import wait_for_request

        wait_for_request()
        # Voila's answer always carries QUERY_STRING (maybe empty): its absence means no answer came.
        return os.environ.get("QUERY_STRING")
    return os.environ.get("QUERY_STRING", "")


def _last(params: dict[str, list[str]], key: str) -> str | None:
    values = params.get(key)
    return values[-1].strip() if values else None


def table_from_query(query: str | None) -> tuple[Table, list[str]]:
    """A ``Table`` from a URL query string, and one sentence for each value replaced by its default.

    Keys: ``seed`` (0 or more; none gives a random deal), ``players`` (2 to 6, default 3),
    ``bots`` (``random``, ``greedy`` or ``smart``, default smart), ``lang`` (default en).
    Other keys are ignored. ``None`` (the query could not be read) gives the defaults and a sentence.

    >>> table, problems = table_from_query("seed=5&players=2&bots=greedy")
    >>> table.players, table.bot_names, problems
    (2, {1: 'Greedy bot'}, [])
    >>> table, problems = table_from_query("players=9&bots=genius")
    >>> table.players, problems
    (3, ['players=9 is not 2 to 6: using 3.', 'bots=genius is not one of random, greedy, smart: using smart.'])
    """
    params = parse_qs((query or "").lstrip("?"), keep_blank_values=True)
    lang_text = _last(params, "lang")
    lang = lang_text if lang_text in LANGUAGES else DEFAULT_LANG
    t = translator(lang)
    problems: list[str] = []
    if query is None:
        problems.append(t.gettext("The settings in the page's address could not be read: using the defaults."))
    if lang_text is not None and lang_text not in LANGUAGES:
        problems.append(
            t.gettext("lang={value} is not one of {choices}: using {default}.").format(
                value=lang_text, choices=", ".join(LANGUAGES), default=DEFAULT_LANG
            )
        )

    players = DEFAULT_PLAYERS
    players_text = _last(params, "players")
    if players_text is not None:
        if players_text.isascii() and players_text.isdigit() and 2 <= int(players_text) <= 6:
            players = int(players_text)
        else:
            problems.append(
                t.gettext("players={value} is not 2 to 6: using {default}.").format(
                    value=players_text, default=DEFAULT_PLAYERS
                )
            )

    bots = DEFAULT_BOTS
    bots_text = _last(params, "bots")
    if bots_text is not None:
        if bots_text.lower() in BOT_LEVELS:
            bots = bots_text.lower()
        else:
            problems.append(
                t.gettext("bots={value} is not one of {choices}: using {default}.").format(
                    value=bots_text, choices=", ".join(BOT_LEVELS), default=DEFAULT_BOTS
                )
            )

    seed: int | None = None
    seed_text = _last(params, "seed")
    if seed_text:
        if seed_text.isascii() and seed_text.isdigit() and len(seed_text) <= 19 and int(seed_text) <= MAX_SEED:
            seed = int(seed_text)
        else:
            problems.append(
                t.gettext("seed={value} is not a whole number from 0 to {top}: dealing a random game.").format(
                    value=seed_text[:40], top=MAX_SEED
                )
            )
    return Table(players=players, seed=seed, bots=bots, lang=lang), problems


def play_page(query: str | None) -> ipywidgets.VBox:
    """The whole play page: the sentences about replaced URL values (class ``p10-play-messages``), then the table.

    >>> page = play_page("seed=3&players=4")
    >>> [type(child).__name__ for child in page.children], page.children[0].value
    (['HTML', 'Table'], '')
    """
    table, problems = table_from_query(query)
    items = "".join(f"<li>{escape(problem)}</li>" for problem in problems)
    messages = ipywidgets.HTML(f"<ul role='alert'>{items}</ul>" if problems else "")
    messages.add_class("p10-play-messages")
    table.layout.width = "100%"
    return ipywidgets.VBox([messages, table], layout=ipywidgets.Layout(width="100%"))
