"""Lesson 02, sets: the exercises of ``teacher/02_sets.ipynb``.

``groups.arrange`` is the judge of what makes a set (and says why not); the engine judges the spotted move.

>>> [exercise.kind for exercise in EXERCISES]
['predict', 'answer', 'build', 'write', 'spot']
"""

from __future__ import annotations

from fractions import Fraction

from phase10kit.actions import Draw
from phase10kit.cards import Card, parse_cards
from phase10kit.course.base import Exercise
from phase10kit.course.checks import (
    BuildSentences,
    Case,
    build_judge,
    exact_judge,
    hidden_cases,
    predict_judge,
    spot_the_refusal,
)
from phase10kit.game import Game
from phase10kit.groups import InvalidGroupError, arrange
from phase10kit.i18n import N_
from phase10kit.phases import GroupKind
from phase10kit.rules import STANDARD_RULES

__all__ = ["EXERCISES", "SMALL_DECK"]

NOTEBOOK = "02_sets"
SMALL_DECK = "R1 B1 G1 Y1 R2 B2 G2 Y2 R3 B3 G3 Y3"
"""The lesson's small deck: the numbers 1, 2 and 3 in each colour (12 cards)."""
SET_CHANCE = Fraction(12, 220)
"""Three cards of the small deck make a set: 3 numbers x 4 ways to leave out one colour, over C(12, 3) = 220."""
BUILD_HAND = "R7 B7 G7 Y7 R2 B3 W S G9 Y9"


def is_set(cards: list[Card]) -> bool:
    """The solution of the "write" exercise: one number among the number cards, no Skip, at least one natural.

    >>> is_set(parse_cards("R7 B7 W")), is_set(parse_cards("W W")), is_set(parse_cards("R7 B8"))
    (True, False, False)
    """
    if any(card.is_skip for card in cards):
        return False
    numbers = {card.number for card in cards if card.is_number}
    return len(numbers) == 1


def _same_number_attribute(cards: list[Card]) -> bool:
    return len({card.number for card in cards}) == 1


def _forgets_skips(cards: list[Card]) -> bool:
    return len({card.number for card in cards if card.is_number}) == 1


def _makes_set(cards: list[Card]) -> bool:
    """Whether the cards make a set by the default rules, as the engine judges it (``groups.arrange``)."""
    try:
        arrange(GroupKind.SET, cards, natural_required=STANDARD_RULES.natural_required)
    except InvalidGroupError:
        return False
    return True


def _case(text: str, why: str) -> Case:
    cards = parse_cards(text)
    return Case((cards,), _makes_set(cards), why)


SET_CASES = (
    _case("R7 B7 G7", N_("one number, and colours are free")),
    _case("R7 B7 G8", N_("a set has one number, and G8 is not a 7")),
    _case("R7 R7 B7", N_("the two copies of R7 are two cards of the same number")),
    _case("R7 W W", N_("the Wilds stand for 7s")),
    _case("W R12 B12", N_("the Wild stands for a 12, wherever it is held")),
    _case("G5 W", N_("a 5 and a Wild make a set of 2, the size Phase 9 asks for")),
    _case("W W W", N_("a set needs at least one card that is not a Wild")),
    _case("R7 B7 S", N_("a Skip is never part of a set")),
    _case("Y12 Y12 G12 R12 B12", N_("five 12s are a set of 5")),
    _case("R1 B2 G3", N_("numbers in a row make a run, not a set")),
    # Skips and Wilds alone: a Skip's card.number is 0, but a Skip is no number card and joins no set.
    _case("S S S", N_("Skips are never part of a set, however many there are")),
    _case("S S", N_("Skips are never part of a set, however many there are")),
    _case("W S", N_("a Skip is never part of a set, and the Wild alone has no number to stand for")),
    _case("W W", N_("a set needs at least one card that is not a Wild")),
    _case("W", N_("a set needs at least one card that is not a Wild")),
    _case("S", N_("a Skip is never part of a set")),
    _case("", N_("no cards make no set")),
)
"""The hidden cases of ``is_set``: expected results from the engine (``groups.arrange``), reasons in words."""

judge_build = build_judge(
    GroupKind.SET,
    BUILD_HAND,
    4,
    BuildSentences(
        not_a_group=lambda t: t.gettext("{answer} is not a set: {why}"),
        wrong_size=lambda t, count: t.ngettext(
            "{group} is a set, but of {count} card: the target is a set of 4.",
            "{group} is a set, but of {count} cards: the target is a set of 4.",
            count,
        ),
        wrong_wilds=lambda t, count: t.ngettext(
            "{group} is a set of 4 with {count} Wild: the target uses exactly one.",
            "{group} is a set of 4 with {count} Wilds: the target uses exactly one.",
            count,
        ),
        right=lambda t, group: t.gettext("Right: {group} is a set of 4 whose Wild stands for a {number}.").format(
            group=group, number=group.value
        ),
    ),
)
"""Cards from the hand that make a set of exactly 4 with exactly one Wild."""


def phase_one_position() -> Game:
    """p1 to lay down Phase 1 (two sets of 3) after drawing G5."""
    game = Game.from_deal(["R7 B7 G7 Y2 B2 G2 W R1 R3 Y9", "R4 B4 G10 Y11 R12 B6 G8 Y3 R9 B1"], flip="Y5", draws="G5")
    game.apply(Draw(0))
    return game


SPOT_ACTIONS = (
    "p1 lay s[R7 B7 G7] s[R1 R3 W]",
    "p1 lay s[R7 B7 G7] s[Y2 B2 G2]",
    "p1 lay s[R7 B7 G7 W] s[Y2 B2 G2]",
    "p1 discard R1",
)

EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        id="sets.guess_small",
        notebook=NOTEBOOK,
        clauses=("group.set",),
        kind="predict",
        question=N_(
            "Guess first: deal 3 cards from the small deck R1 B1 G1 Y1 R2 B2 G2 Y2 R3 B3 G3 Y3. What is the chance "
            "that they make a set of 3 (all one number)? Type a fraction or a decimal."
        ),
        solution=SET_CHANCE,
        wrong=(Fraction(1, 3), Fraction(1, 2), Fraction(1, 4)),
        hints=(
            N_("Most hands of three mix numbers: is a set common or rare?"),
            N_("The chance is below one in ten."),
        ),
        judge=predict_judge(SET_CHANCE, Fraction(1, 25)),
    ),
    Exercise(
        id="sets.count_small",
        notebook=NOTEBOOK,
        clauses=("group.set",),
        kind="answer",
        question=N_(
            "Now count by hand: how likely is it, exactly, that 3 cards of the small deck make a set? "
            "Write a fraction (favourable hands over all hands)."
        ),
        solution=SET_CHANCE,
        wrong=(Fraction(1, 55), Fraction(1, 110), Fraction(3, 220)),
        hints=(
            N_("All hands: 12 cards choose 3. Favourable: for each number, how many sets of 3 does it make?"),
            N_("A number has four cards here; a set of 3 leaves out one of them, so each number makes 4 sets."),
        ),
        judge=exact_judge(
            SET_CHANCE,
            {
                Fraction(1, 55): N_("4 of 220 counts the sets of only one number; there are three numbers"),
                Fraction(1, 110): N_(
                    "12 over 1320 divides sets without order by hands in order: count both the same way"
                ),
                Fraction(3, 220): N_("each number makes 4 sets of 3, not one"),
            },
        ),
    ),
    Exercise(
        id="sets.build_with_wild",
        notebook=NOTEBOOK,
        clauses=("group.set", "wild.any"),
        kind="build",
        question=N_("Build a set of exactly 4 cards that uses exactly one Wild."),
        solution="R7 B7 G7 W",
        wrong=("R7 B7 G7 Y7", "R7 B7 W S", "G9 Y9 W R2", "R7 B7 W"),
        hints=(
            N_("Pick one number that appears three times in the hand, then the Wild."),
            N_("A Skip never goes into a group, and a set of 4 has four cards."),
        ),
        judge=judge_build,
        hand=BUILD_HAND,
        group_kind="set",
    ),
    Exercise(
        id="sets.is_set",
        notebook=NOTEBOOK,
        clauses=("group.set", "wild.natural", "skip.not_in_group"),
        kind="write",
        question=N_(
            "Write is_set(cards): True when the cards make a set by the default rules (one number; Wilds may stand "
            "in; at least one card that is not a Wild; never a Skip), else False."
        ),
        solution=is_set,
        wrong=(_same_number_attribute, _forgets_skips),
        hints=(
            N_("Look only at the number cards first: how many different numbers do they have?"),
            N_("A Wild's card.number is 0: leave Wilds out of the numbers, and refuse any Skip."),
        ),
        judge=hidden_cases("is_set", SET_CASES, numbers="close"),
    ),
    Exercise(
        id="sets.spot_phase_one",
        notebook=NOTEBOOK,
        clauses=("group.set",),
        kind="spot",
        question=N_(
            "p1 has drawn and may lay down Phase 1, two sets of 3. Three of these moves are allowed. "
            "Which one do the rules refuse?"
        ),
        solution=SPOT_ACTIONS[0],
        wrong=SPOT_ACTIONS[1:],
        hints=(
            N_("Check each group of each lay-down: is every one a set?"),
            N_("A set has one number; a Wild can fill a set but cannot join two numbers."),
        ),
        judge=spot_the_refusal(phase_one_position, SPOT_ACTIONS),
        position=phase_one_position,
    ),
)
