"""A room's settings from the play page's address: ``?room=new&seats=4&bots=1&idle=60``, or ``?room=CODE``.

Keys: ``room`` (``new`` opens a room, a join code joins one), ``seats`` (2 to 6, default 4), ``bots``
(how many of the last seats bots take, or their levels, comma-separated: ``bots=greedy,smart``; default
none), ``idle`` (seconds a player may do nothing on their turn before a bot plays for them, 5 to 3600,
default 60), ``speed`` (seconds between bots' moves, 0 to 10, default 0.8), ``lang`` (this page's language;
every player chooses their own). A bad value is replaced by its default and said in a sentence, as on the
play page; a key given twice is refused.

>>> request, problems = room_request("room=new&seats=3&bots=greedy&lang=es")
>>> request.room, request.seats, request.bots, request.lang, problems
('new', 3, ('greedy',), 'es', [])
>>> room_request("room=new&seats=9&bots=7")[1]
['seats=9 is not 2 to 6: using 4.', 'bots=7 is not a number of bots from 0 to 3 or a list of bot levels: using 0.']
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs

from phase10kit.i18n import LANGUAGES, decimal, translator
from phase10kit.rules import MAX_PLAYERS, MIN_PLAYERS
from widgets.language import language
from widgets.room_store import DEFAULT_IDLE, MAX_IDLE, MIN_IDLE, normal_code
from widgets.session_bots import BOT_LEVELS
from widgets.session_settings import DEFAULT_SPEED, MAX_SPEED

__all__ = ["DEFAULT_SEATS", "RoomRequest", "is_room_query", "room_request"]

DEFAULT_SEATS = 4
KEYS = ("room", "seats", "bots", "idle", "speed", "lang")
QUOTE_CHARS = 40


@dataclass(frozen=True)
class RoomRequest:
    """What the address asks: ``room`` (``"new"``, a join code, or ``""`` when it is not one), the new room's
    ``seats``, its bots' ``levels`` (for the last seats), ``idle`` and ``speed``; the page's ``lang`` and
    whether the address named it (``lang_given``)."""

    room: str
    seats: int = DEFAULT_SEATS
    bots: tuple[str, ...] = ()
    idle: float = DEFAULT_IDLE
    speed: float = DEFAULT_SPEED
    lang: str = "en"
    lang_given: bool = False
    typed: str = ""
    """The room value as typed (quoted in the sentence when it is no code)."""


def is_room_query(query: str | None) -> bool:
    """Whether the address asks for a room (it has a ``room`` key).

    >>> is_room_query("room=ABC234"), is_room_query("seed=5")
    (True, False)
    """
    return "room" in parse_qs((query or "").lstrip("?"), keep_blank_values=True)


def _quote(value: str) -> str:
    return value if len(value) <= QUOTE_CHARS else value[: QUOTE_CHARS - 1] + "…"


def _number(text: str, low: float, high: float, *, whole: bool) -> float | None:
    try:
        value = float(text) if not whole else float(int(text)) if text.isascii() and text.isdigit() else None
    except ValueError:
        return None
    if value is None or value != value or not low <= value <= high:
        return None
    return value


def room_request(query: str | None) -> tuple[RoomRequest, list[str]]:
    """The room the address asks for, and one sentence (in the page's language) for each value replaced."""
    params = parse_qs((query or "").lstrip("?"), keep_blank_values=True)
    repeated = sorted(key for key in KEYS if len(params.get(key, ())) > 1)
    for key in repeated:
        del params[key]

    def last(key: str) -> str | None:
        values = params.get(key)
        return values[-1].strip() if values else None

    lang_text = last("lang")
    lang = lang_text if lang_text in LANGUAGES else language()
    t = translator(lang)
    problems = [
        t.gettext("{key}= is given more than once in the address: using the default.").format(key=key)
        for key in repeated
    ]
    if lang_text is not None and lang_text not in LANGUAGES:
        problems.append(
            t.gettext("lang={value} is not one of {choices}: using {default}.").format(
                value=_quote(lang_text), choices=", ".join(LANGUAGES), default=lang
            )
        )
    typed = last("room") or ""
    room = "new" if typed.lower() == "new" else normal_code(typed) or ""

    seats = DEFAULT_SEATS
    seats_text = last("seats")
    if seats_text is not None:
        value = _number(seats_text, MIN_PLAYERS, MAX_PLAYERS, whole=True)
        if value is None:
            problems.append(
                t.gettext("seats={value} is not {low} to {high}: using {default}.").format(
                    value=_quote(seats_text), low=MIN_PLAYERS, high=MAX_PLAYERS, default=DEFAULT_SEATS
                )
            )
        else:
            seats = int(value)

    bots: tuple[str, ...] = ()
    bots_text = last("bots")
    if bots_text:
        levels = tuple(level.strip().lower() for level in bots_text.split(","))
        count = _number(bots_text, 0, seats - 1, whole=True)
        if count is not None:
            bots = ("smart",) * int(count)
        elif len(levels) <= seats - 1 and all(level in BOT_LEVELS for level in levels):
            bots = levels
        else:
            problems.append(
                t.gettext(
                    "bots={value} is not a number of bots from 0 to {high} or a list of bot levels: using 0."
                ).format(value=_quote(bots_text), high=seats - 1)
            )

    idle: float = DEFAULT_IDLE
    idle_text = last("idle")
    if idle_text is not None:
        value = _number(idle_text, MIN_IDLE, MAX_IDLE, whole=True)
        if value is None:
            problems.append(
                t.gettext(
                    "idle={value} is not a whole number of seconds from {low} to {high}: using {default}."
                ).format(value=_quote(idle_text), low=MIN_IDLE, high=MAX_IDLE, default=DEFAULT_IDLE)
            )
        else:
            idle = value

    speed = DEFAULT_SPEED
    speed_text = last("speed")
    if speed_text is not None:
        value = _number(speed_text, 0, MAX_SPEED, whole=False)
        if value is None:
            problems.append(
                t.gettext("speed={value} is not 0 to {high} seconds: using {default}.").format(
                    value=_quote(speed_text), high=int(MAX_SPEED), default=decimal(DEFAULT_SPEED, 1, lang)
                )
            )
        else:
            speed = value
    request = RoomRequest(room, seats, bots, idle, speed, lang, lang_text in LANGUAGES, _quote(typed))
    return request, problems
