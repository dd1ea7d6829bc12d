"""Reading a student's answers: cards that respect the deck, numbers, fractions, choices, players, phases
and ``Rules`` values, each from what a student types or passes.

Each reader raises :class:`~phase10kit.course.base.AnswerError` with a sentence for the student;
``Exercise.check`` turns it into feedback in the student's language. The judges built on them are in
``phase10kit.course.checks``.

>>> from phase10kit.cards import format_cards
>>> format_cards(read_cards("r7 b7 w"))
'R7 B7 W'
>>> read_cards("R4 R4 R4")
Traceback (most recent call last):
...
phase10kit.course.base.AnswerError: The deck has only 2 copies of R4, so R4 R4 R4 cannot be in one hand.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from phase10kit.cards import DECK_COUNTS, Card, excess_over_deck, parse_cards
from phase10kit.course.base import AnswerError, brief
from phase10kit.course.numbers import NOT_A_NUMBER, read_number
from phase10kit.errors import NotationError, Reason
from phase10kit.i18n import N_
from phase10kit.phases import Phase
from phase10kit.rules import Rules, phase_list

__all__ = [
    "MAX_CARDS",
    "MAX_TEXT",
    "read_cards",
    "read_choice",
    "read_fraction",
    "read_int",
    "read_numbers",
    "read_phase",
    "read_player",
    "read_players",
    "read_rules",
]

MAX_TEXT = 400
"""Longest answer text a checker reads."""
MAX_CARDS = 30
"""Most cards a checker reads at once (more than any hand)."""


# ------------------------------------------------------------------ cards and numbers


def read_cards(answer: object, *, max_cards: int = MAX_CARDS) -> list[Card]:
    """The cards of an answer written as text (``"R7 B7 W"``) or as a list of cards or card texts.

    Refuses, with a sentence, what could not be one player's cards: an unknown card, too many cards,
    and more copies than the deck holds (two of each number card, eight Wilds, four Skips: ``deck.copies``).

    >>> read_cards(["R7", Card.parse("W")])
    [Card('R7'), Card('W')]
    >>> read_cards("W " * 9)
    Traceback (most recent call last):
    ...
    phase10kit.course.base.AnswerError: The deck has only 8 copies of W, so W W W W W W W W W cannot be in one hand.
    """
    cards = _cards_of(answer, max_cards)
    too_many = excess_over_deck(cards)
    if too_many:
        card = too_many[0]
        raise AnswerError(
            N_("The deck has only {count} copies of {card}, so {answer} cannot be in one hand."),
            reason=Reason.TOO_MANY_COPIES,
            count=DECK_COUNTS[card.index],
            card=str(card),
            answer=brief(cards),
        )
    return cards


def _cards_of(answer: object, max_cards: int) -> list[Card]:
    if isinstance(answer, str):
        if len(answer) > MAX_TEXT:
            raise AnswerError(N_("That answer is too long: write at most {count} characters."), count=MAX_TEXT)
        try:
            cards = parse_cards(answer)
        except NotationError:
            raise AnswerError(
                N_("{answer} is not written as cards: write them like R7 B7 W S (colour and number, W, S)."),
                answer=brief(answer),
            ) from None
    elif isinstance(answer, list | tuple):
        if len(answer) > max_cards:
            raise AnswerError(N_("That is too many cards: at most {count}."), count=max_cards)
        cards = []
        for item in answer:
            if isinstance(item, Card):
                cards.append(item)
            elif isinstance(item, str) and len(item) <= 4:
                cards.extend(_cards_of(item, max_cards))
            else:
                raise AnswerError(N_("{answer} is not a card."), answer=brief(item))
    else:
        raise AnswerError(N_("{answer} is not cards: write them as text like 'R7 B7 W'."), answer=brief(answer))
    if len(cards) > max_cards:
        raise AnswerError(N_("That is too many cards: at most {count}."), count=max_cards)
    return cards


def read_int(answer: object, *, low: int = -(10**6), high: int = 10**6, lang: str = "en") -> int:
    """A whole number answer within ``low..high``: an int, or any number ``read_number`` reads in ``lang`` whose
    value is whole (``"42"``, ``42.0``, ``"385.0"``, ``"385,0"`` in hr).

    >>> read_int("42"), read_int(7), read_int("385,0", lang="hr"), read_int(67.0)
    (42, 7, 385, 67)
    """
    try:
        value = read_number(answer, lang).value
    except AnswerError as error:
        if error.msgid != NOT_A_NUMBER:
            raise  # "reads two ways", "a decimal comma", "too many digits" say more than "not a whole number"
        value = Fraction(1, 2)
    if value.denominator != 1:
        raise AnswerError(N_("{answer} is not a whole number."), answer=brief(answer))
    if not low <= value <= high:
        raise AnswerError(N_("{answer} is not between {low} and {high}."), answer=brief(answer), low=low, high=high)
    return value.numerator


def read_fraction(answer: object, lang: str = "en") -> Fraction:
    """A probability or other exact number as ``read_number`` reads it in ``lang``: a ``Fraction``, an int, a
    float or a Decimal (read exactly as written: ``0.1`` is 1/10), or text like ``"3/8"``, ``"0.375"``,
    ``"37,5 %"`` (in es, hr, cs, uk) or ``"4 1/2"``.

    >>> read_fraction("3/8"), read_fraction(0.5), read_fraction(Fraction(1, 3)), read_fraction("0,375", "cs")
    (Fraction(3, 8), Fraction(1, 2), Fraction(1, 3), Fraction(3, 8))
    """
    return read_number(answer, lang).value


def read_choice(answer: object, choices: Sequence[str]) -> str:
    """One of ``choices`` (compared without case and surrounding spaces), as it is written in ``choices``.

    >>> read_choice(" Set ", ["set", "run"])
    'set'
    """
    if isinstance(answer, str) and len(answer) <= MAX_TEXT:
        key = " ".join(answer.split()).lower()
        for choice in choices:
            if choice.lower() == key:
                return choice
    raise AnswerError(
        N_("{answer} is not one of the choices: {choices}."), answer=brief(answer), choices=", ".join(choices)
    )


# ------------------------------------------------------------------ players, phases and rules


def read_players(answer: object, players: int) -> frozenset[int]:
    """The seats named by an answer like ``"p1 p3"``, ``"p1, p3"`` or ``["p1", "p3"]`` (0-based seats).

    >>> sorted(read_players("p1, P3", 3)), sorted(read_players(["p2"], 3))
    ([0, 2], [1])
    """
    if isinstance(answer, str) and len(answer) <= 60:
        words = answer.replace(",", " ").replace(";", " ").split()
    elif isinstance(answer, list | tuple | set | frozenset) and len(answer) <= 8:
        words = [item for item in answer if isinstance(item, str)]
        if len(words) != len(answer):
            raise AnswerError(N_("{answer} is not a list of players: write them like p1 p3."), answer=brief(answer))
    else:
        raise AnswerError(N_("{answer} is not a list of players: write them like p1 p3."), answer=brief(answer))
    seats: set[int] = set()
    for word in words:
        key = word.strip().lower()
        if len(key) != 2 or key[0] != "p" or not key[1].isdigit():
            raise AnswerError(N_("{answer} is not a list of players: write them like p1 p3."), answer=brief(answer))
        if not 1 <= int(key[1]) <= players:
            raise AnswerError(
                N_("There is no {player} at this table: the players are p1 to p{count}."), player=key, count=players
            )
        seats.add(int(key[1]) - 1)
    if not seats:
        raise AnswerError(N_("{answer} is not a list of players: write them like p1 p3."), answer=brief(answer))
    return frozenset(seats)


def read_player(answer: object, players: int) -> int:
    """One seat named like ``"p2"`` (0-based)."""
    seats = read_players(answer, players)
    if len(seats) != 1:
        raise AnswerError(N_("Name one player, like p2, not {answer}."), answer=brief(answer))
    return next(iter(seats))


def read_numbers(answer: object, *, low: int = 1, high: int = 20, lang: str = "en") -> frozenset[int]:
    """Whole numbers written like ``"2 4 5"``, ``"2, 4"`` or ``[2, 4]`` (a comma separates them here)."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        items: list[object] = [answer]
    elif isinstance(answer, str) and len(answer) <= 80:
        items = list(answer.replace(",", " ").split())
    elif isinstance(answer, list | tuple | set | frozenset) and len(answer) <= 20:
        items = list(answer)
    else:
        raise AnswerError(N_("{answer} is not a list of numbers: write them like 1 3 5."), answer=brief(answer))
    if not items:
        raise AnswerError(N_("{answer} is not a list of numbers: write them like 1 3 5."), answer=brief(answer))
    return frozenset(read_int(item, low=low, high=high, lang=lang) for item in items)


def read_phase(answer: object) -> Phase:
    """A phase written in the notation (``"s3+r4"``) or a ``Phase``."""
    if isinstance(answer, Phase):
        return answer
    if isinstance(answer, str) and len(answer) <= 40:
        return Phase.parse(answer)
    raise AnswerError(N_("{answer} is not a phase: write it in the notation, like s3+r4."), answer=brief(answer))


def read_rules(answer: object) -> Rules:
    """A ``Rules`` value; or text as typed in an answer box: ``Rules(...)`` with literal arguments (and
    ``phase_list("...")``), or a phase list in the notation (``"r5, c5, 2s4"``) for the default rules.

    >>> typed = read_rules("Rules(phases=phase_list('first:3'), skip_target='next')")
    >>> typed == Rules(phases="first:3", skip_target="next")
    True
    """
    if isinstance(answer, Rules):
        return answer
    if not isinstance(answer, str) or len(answer) > 300:
        raise AnswerError(N_("{answer} is not a Rules value: write Rules(...)."), answer=brief(answer))
    text = answer.strip()
    if not text.startswith("Rules("):
        return Rules(phases=phase_list(text))
    try:
        call = ast.parse(text, mode="eval").body
        if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name) or call.func.id != "Rules":
            raise ValueError(text)
        if call.args:
            raise ValueError(text)
        values: dict[str, Any] = {keyword.arg: _literal(keyword.value) for keyword in call.keywords if keyword.arg}
        return Rules(**values)
    except (SyntaxError, ValueError, TypeError):
        raise AnswerError(
            N_("{answer} is not a Rules value: write Rules(...) with names and values, like Rules(go_out='discard')."),
            answer=brief(answer),
        ) from None


def _literal(node: ast.expr) -> object:
    """A literal argument of a typed ``Rules(...)``, or ``phase_list("...")`` (nothing else is evaluated)."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "phase_list"
        and len(node.args) == 1
        and not node.keywords
    ):
        return phase_list(str(ast.literal_eval(node.args[0])))
    return ast.literal_eval(node)
