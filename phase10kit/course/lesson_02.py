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
            N_(
                "Deal the cards one at a time. The first can be anything; the second must have its number, and only "
                "a few of the 11 cards left do."
            ),
            N_("The chance is below one in ten."),
        ),
        worked=N_(
            "The first card can be any card.\n"
            "The second must have the same number: 3 of the 11 cards left do, a chance of 3/11.\n"
            "The third must have it too: 2 of the 10 cards left do, a chance of 2/10.\n"
            "3/11 × 2/10 = 6/110 = 3/55, about 0.055: roughly one hand in 18."
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
            N_("A chance is favourable hands over all hands, both counted the same way: without order."),
            N_("All hands: 12 cards choose 3. Favourable: for each number, how many sets of 3 does it make?"),
            N_(
                "A number has four cards here, and a set of 3 leaves out one of them. Count the sets of one number, "
                "then of all three numbers."
            ),
            N_("Divide the sets by all hands, and reduce the fraction."),
        ),
        worked=N_(
            "All hands of 3 from 12 cards, without order: 12 × 11 × 10 / 6 = 220.\n"
            "Each number has four cards, and a set of 3 leaves out one of them: 4 sets for each number.\n"
            "The three numbers make 3 × 4 = 12 sets.\n"
            "The chance is 12/220 = 3/55."
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
            N_("A set is cards of one number; this one has four cards, and exactly one of them is a Wild."),
            N_(
                "So three of the cards are natural cards of one number. Which number does the hand hold at least "
                "three times?"
            ),
            N_("A Skip never goes into a group, and a fourth natural card would leave no place for the Wild."),
        ),
        worked=N_(
            "The hand holds four 7s (R7 B7 G7 Y7), a Wild and a Skip; no other number appears more than twice.\n"
            "A set of 4 with exactly one Wild is three natural cards of one number and the Wild: three of the 7s.\n"
            "The set: R7 B7 G7 W (any three of the four 7s work). The Skip never joins a group."
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
            N_("A set has one number. Look only at the number cards first: how many different numbers do they have?"),
            N_("A Wild's card.number is 0, and so is a Skip's: leave both out of the numbers (card.is_number)."),
            N_("Two more cases are no set: a Skip anywhere among the cards, and no number card at all."),
            N_(
                "Before you check, try your function on R7 B7 W (True), W W W (False), R7 B7 S (False) and R7 B8 "
                "(False)."
            ),
        ),
        worked=N_(
            "A Skip is never part of a set: if any card is a Skip, the answer is False.\n"
            "Collect the numbers of the number cards only, each once: `set(card.number for card in cards if "
            "card.is_number)`. Wilds and Skips are left out.\n"
            "The cards are a set when exactly one number is left: none means only Wilds (or no cards), two or more "
            "mix numbers.\n"
            "    def is_set(cards):\n"
            "        if any(card.is_skip for card in cards):\n"
            "            return False\n"
            "        numbers = set(card.number for card in cards if card.is_number)\n"
            "        return len(numbers) == 1"
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
            N_("Phase 1 is two sets of 3. Three of the moves are allowed: look for the one group that is no set."),
            N_("A discard after the draw is always allowed. Check the lay-downs, one group at a time."),
            N_("For each group, write down the numbers of its natural cards: how many different ones are there?"),
            N_("A Wild stands for one number: it can fill a set, but it cannot join two different numbers."),
        ),
        worked=N_(
            "p1 discard R1 is allowed: after drawing, a player may discard.\n"
            "s[R7 B7 G7], s[Y2 B2 G2] and s[R7 B7 G7 W] are sets: one number each (the Wild stands for a 7, and a "
            "fourth card may make a set of Phase 1 longer).\n"
            "s[R1 R3 W] has two numbers, 1 and 3, and its Wild stands for only one number: it is no set.\n"
            "The rules refuse p1 lay s[R7 B7 G7] s[R1 R3 W]."
        ),
        judge=spot_the_refusal(phase_one_position, SPOT_ACTIONS),
        position=phase_one_position,
    ),
)
