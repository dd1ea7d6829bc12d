"""The student's sentence for every refusal, in each of the kit's languages.

A ``Phase10Error`` (``phase10kit.errors``) carries only its :class:`~phase10kit.errors.Reason` and the
details of the case; this module words it. ``SENTENCES`` holds each reason's catalog templates (msgids
whose ``{placeholders}`` name details), :func:`render_detail` writes a detail as a sentence shows it
(cards in the notation, colours named in the language) and :func:`sentence` puts them together. It sits
above ``i18n`` and ``explain``, which it needs, so ``errors`` stays at the ground floor.

>>> from phase10kit import parse_cards
>>> try:
...     parse_cards("R7 X9")
... except Phase10Error as error:
...     error.reason, error.details["text"], sentence(error)
(<Reason.BAD_TOKEN: 'bad-token'>, 'X9', 'X9 is not a card: cards are written like R7, Y12, W or S.')
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from functools import singledispatch
from typing import Any

from phase10kit.cards import Card, Color
from phase10kit.errors import Phase10Error, Reason, quote
from phase10kit.explain import color_name
from phase10kit.groups import Group, Layout
from phase10kit.i18n import FORMATTER, N_, and_list, shortest, translator
from phase10kit.phases import Phase

__all__ = ["SENTENCES", "placeholders", "render_detail", "sentence", "sentence_template", "templates"]

SENTENCES: Mapping[Reason, str | tuple[str, ...]] = {
    Reason.INVALID: N_("That is not allowed."),
    Reason.NOT_TEXT: (
        N_("Write it as text in the kit's notation (this is a {kind})."),
        N_("Write it as text in the kit's notation."),
    ),
    Reason.TEXT_TOO_LONG: (
        N_("That text is too long: {length} characters, at most {limit}."),
        N_("That text is too long."),
    ),
    Reason.NUMBER_TOO_LONG: (N_("{text} is too long to be a number."), N_("That number is too long.")),
    Reason.BAD_TOKEN: (N_("{text} is not a card: cards are written like R7, Y12, W or S."), N_("That is not a card.")),
    Reason.BAD_CARD: (N_("{text} is not a card."), N_("That is not a card.")),
    Reason.BAD_COLOR: (N_("{text} is not a colour: the colours are R, B, G and Y."), N_("That is not a colour.")),
    Reason.BAD_PHASE: (N_("{text} is not a phase: phases are written like s3+r4 or 2s3."), N_("That is not a phase.")),
    Reason.TOO_MANY_GROUPS: (
        N_("A phase of {count} groups cannot be made from one deck."),
        N_("A phase that large cannot be made from one deck."),
    ),
    Reason.BAD_GROUP: (N_("{text} is not a group: groups are written like s[R7 B7 W]."), N_("That is not a group.")),
    Reason.BAD_LAYOUT: (N_("{text} is not a layout of groups."), N_("That is not a layout.")),
    Reason.BAD_ACTION: (
        N_("{text} is not a move: moves are written like p1 draw or p1 discard R7."),
        N_("That is not a move."),
    ),
    Reason.BAD_HISTORY: N_("That is not a game record."),
    Reason.BAD_SAVE: N_("That is not a saved game."),
    Reason.INCONSISTENT_SAVE: N_("That saved game contradicts its own record."),
    Reason.EMPTY_GROUP: N_("A group needs at least one card."),
    Reason.SKIP_IN_GROUP: N_("A Skip can never be part of a group."),
    Reason.NO_NATURAL_CARD: N_("A group needs at least one card that is not a Wild."),
    Reason.WILD_VALUE_NEEDED: N_("A group of only Wilds must say what they stand for."),
    Reason.WRONG_VALUE: (N_("The cards {cards} do not make that group."), N_("The cards make a different group.")),
    Reason.MIXED_NUMBERS: (
        N_("A set has one number, but {cards} mixes {numbers}."),
        N_("A set has one number, but {cards} has several."),
        N_("A set has one number."),
    ),
    Reason.MIXED_COLORS: (
        N_("A colour group has one colour, but {cards} mixes {colours}."),
        N_("A colour group has one colour, but {cards} has several."),
        N_("A colour group has one colour."),
    ),
    Reason.NOT_CONSECUTIVE: (
        N_("A run needs numbers in a row: {cards} is missing {missing}."),
        N_("A run needs numbers in a row, but {cards} has a gap."),
        N_("A run needs consecutive numbers."),
    ),
    Reason.REPEATED_NUMBER: (
        N_("A run has each number once, but {cards} repeats one."),
        N_("A run has each number once."),
    ),
    Reason.RUN_OUT_OF_RANGE: (
        N_("A run stays within 1 to 12 and never wraps: {cards} does not."),
        N_("A run stays within 1 to 12."),
    ),
    Reason.DOES_NOT_FIT: (N_("{card} does not fit {group}."), N_("That card does not fit this group.")),
    Reason.END_NEEDED: (
        N_("Say which end of {group} the {card} goes on."),
        N_("Say which end of the run the card goes on."),
    ),
    Reason.TOO_MANY_COPIES: (
        N_("The deck has only {limit} of {card}."),
        N_("The deck does not have that many copies."),
    ),
    Reason.BAD_CARDS: N_("Those cards are not possible from one deck."),
    Reason.TOO_MANY_CARDS: (
        N_("Too many cards: {count}, at most {limit}."),
        N_("That is too many cards: at most {limit}."),
        N_("That is too many cards for this exercise."),
    ),
    Reason.HAND_TOO_LARGE: (N_("That hand is too large: at most {limit} cards."), N_("That hand is too large.")),
    Reason.BAD_HAND_SIZE: N_("That is not a hand size the kit can count."),
    Reason.BAD_DECK: N_("That is not a deck of cards."),
    Reason.IMPOSSIBLE_PHASE: (
        N_("The deck does not have the cards to complete {phase}."),
        N_("The deck does not have the cards to complete this phase."),
    ),
    Reason.NO_LAYOUT: (N_("These cards do not hold {phase}."), N_("These cards do not hold the phase.")),
    Reason.NO_GROUP: N_("These cards do not make that group."),
    Reason.NOT_EXACT: N_("This cannot be counted exactly; simulate it instead."),
    Reason.NOT_SOLITAIRE: (
        N_("The perfect-play solver handles phases of only sets and runs, or only colour groups, not {phase}."),
        N_("The perfect-play solver handles phases of only sets and runs, or only colour groups."),
    ),
    Reason.GAME_OVER: N_("The game is over."),
    Reason.BAD_PLAYER: N_("There is no such player."),
    Reason.NOT_YOUR_TURN: (N_("It is {player}'s turn."), N_("It is not your turn.")),
    Reason.WRONG_STAGE: N_("Draw first, then play; you draw only once a turn."),
    Reason.EMPTY_PILE: N_("There is nothing to draw."),
    Reason.EMPTY_DISCARD: N_("The discard pile is empty."),
    Reason.SKIP_FROM_DISCARD: N_("A Skip cannot be taken from the discard pile."),
    Reason.NOT_IN_HAND: (N_("{cards} is not in the hand."), N_("That card is not in your hand.")),
    Reason.BAD_TARGET: (
        N_("That Skip cannot name that player: it names {players}."),
        N_("That player cannot be skipped."),
    ),
    Reason.ALREADY_LAID: N_("There is no phase left to lay down this round."),
    Reason.PHASE_NOT_NAMED: (
        N_("Name one of the phases not made yet: {phases}."),
        N_("Name one of the phases not made yet."),
    ),
    Reason.PHASE_NAMED: N_("Under these rules the phase is not named."),
    Reason.WRONG_GROUPS: (N_("Those groups are not {phase}."), N_("Those groups are not your phase.")),
    Reason.WRONG_SIZE: (
        N_("{group} has the wrong number of cards: {phase} needs {size}."),
        N_("A group has the wrong number of cards."),
    ),
    Reason.INVALID_GROUP: (N_("{group} is not a valid group."), N_("One of the groups is not valid.")),
    Reason.MUST_DISCARD: N_("The round must end with a discard: keep a card to discard."),
    Reason.NOT_LAID: N_("Lay down your own phase before adding cards to groups."),
    Reason.NO_SUCH_GROUP: N_("There is no such group on the table."),
    Reason.HIT_NEXT_TURN: N_("Other players' groups can be hit from your next turn on."),
    Reason.BAD_END: N_("Only a run has ends."),
    Reason.NO_UNDO: N_("There is nothing to undo."),
    Reason.NO_TAKE_BACK: N_("There is nothing of yours to take back this turn."),
    Reason.TAKE_BACK_DRAW: N_("A card drawn from the draw pile cannot be taken back: you have seen it."),
    Reason.TAKE_BACK_OTHERS: N_("Other players have moved since: only your own moves this turn can be taken back."),
    Reason.BAD_PLAYERS: (N_("A game has {low} to {high} players."), N_("That is not a number of players for a game.")),
    Reason.BAD_RULES: N_("Those are not valid rules."),
    Reason.BAD_PHASE_LIST: (
        N_(
            "{text} is not a list of phases: write standard, twenty, even, odd, first:N with N from 1 to 10, "
            "or phases such as s3+r4, c7."
        ),
        N_("That is not a list of phases."),
    ),
    Reason.BAD_SEED: N_("A seed is a whole number."),
    Reason.BAD_BOT: (N_("That is not a bot: choose one of {choices}."), N_("That is not a bot.")),
    Reason.BAD_BOTS: N_("Those are not bots for this game."),
    Reason.NOT_A_VIEW: N_("A bot chooses from a player's view, never from the whole game."),
    Reason.NO_CHOICE: N_("The bot has not chosen anything yet."),
    Reason.GAME_TOO_LONG: N_("The game went on far longer than any game should."),
    Reason.BAD_COUNT: N_("That is not a count the kit can use."),
    Reason.BAD_DRAWS: N_("That is not a number of draws the kit can use."),
    Reason.BAD_SAMPLES: N_("That is not a number of samples the kit can use."),
    Reason.BAD_PROFILE: N_("That is not a count of cards."),
    Reason.BAD_LANGUAGE: (
        N_("That language is not available: choose one of {choices}."),
        N_("That language is not available."),
    ),
    Reason.BAD_SPEED: N_("That is not a bot speed."),
    Reason.BAD_ORDER: N_("That is not a way to sort cards."),
    Reason.BAD_CHOICE: N_("That is not one of the choices."),
    Reason.SELECT_ONE_CARD: N_("Select exactly one card."),
    Reason.BOTS_PLAYING: N_("Wait: the bots are still playing."),
    Reason.HAND_OVER: N_("The round is over: press Next round to go on."),
    Reason.CARDS_COVERED: (N_("{player}: press Show my cards first."), N_("Press Show my cards first.")),
}
"""The student's sentence for every reason: catalog msgids whose {placeholders} name details.

Where a reason is raised with different details, several templates stand in order, most detailed
first; a refusal shows the first whose placeholders its details fill (the last names none)."""


def render_detail(value: object, lang: str = "en") -> str:
    """A detail as it appears in a sentence: cards in the notation, colours named in ``lang``, lists joined.

    >>> render_detail([Card.parse("R7"), Card.parse("W")]), render_detail(3), render_detail(("p1", "p3"))
    ('R7 W', '3', 'p1, p3')
    >>> render_detail([Color.RED, Color.BLUE]), render_detail([Color.RED, Color.BLUE], "es")
    ('red and blue', 'rojo y azul')
    """
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, Color):
        return color_name(value, lang)
    if isinstance(value, float):
        return shortest(value, lang)
    if isinstance(value, Iterable) and not isinstance(value, bytes | Mapping):
        items = list(value)
        if all(isinstance(item, Card) for item in items):
            return quote(" ".join(str(item) for item in items))
        if items and all(isinstance(item, Color) for item in items):  # a sentence may ask for their forms
            return and_list([color_name(item, lang) for item in items], lang)
        return quote(", ".join(render_detail(item, lang) for item in items))
    return quote(str(value) if isinstance(value, Card | Group | Phase | Layout) else value)


@singledispatch
def sentence(error: Phase10Error, lang: str = "en") -> str:
    """The student's sentence for ``error`` in ``lang``, built from its reason's template and its details.

    An error that brings its own words (an exercise's ``AnswerError``, a widget's ``Refusal``) registers
    how it is said with ``@sentence.register`` beside its class.

    >>> error = Phase10Error("p2 draw: it is p1's turn", reason=Reason.NOT_YOUR_TURN, details={"player": "p1"})
    >>> sentence(error), sentence(error, "es")
    ("It is p1's turn.", 'Es el turno de p1.')
    """
    template = sentence_template(error.reason, error.details)
    values = {key: render_detail(value, lang) for key, value in error.details.items()}
    translated = translator(lang).gettext(template)
    try:
        return FORMATTER.vformat(translated, (), values)
    except (ValueError, IndexError, KeyError):  # a broken translation must not hide the refusal
        return template.format_map(values)


def templates(reason: Reason) -> tuple[str, ...]:
    """The sentence templates of ``reason``, most detailed first."""
    found = SENTENCES[reason]
    return (found,) if isinstance(found, str) else found


def placeholders(template: str) -> set[str]:
    """The names of a template's placeholders: ``{card}`` and ``{card:을}`` both name ``card``."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def sentence_template(reason: Reason, details: Mapping[str, Any]) -> str:
    """The first template of ``reason`` whose placeholders the details fill (the last one always does); an
    empty text fills nothing (" is not a phase" would read as a sentence with a hole).

    >>> sentence_template(Reason.BAD_PHASE, {"text": "q3"}), sentence_template(Reason.BAD_PHASE, {"text": " "})
    ('{text} is not a phase: phases are written like s3+r4 or 2s3.', 'That is not a phase.')
    """
    options = templates(reason)
    filled = {key for key, value in details.items() if not (isinstance(value, str) and not value.strip())}
    for template in options:
        if placeholders(template) <= filled:
            return template
    return options[-1]
