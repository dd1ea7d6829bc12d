"""Lesson 05, Wilds: the exercises of ``teacher/05_wilds.ipynb``.

The engine is the judge: ``groups.arrange`` builds groups with Wilds, ``Group.fits`` says where a card
can be hit on a laid group (a laid Wild keeps its value), and a seeded ``Game`` refuses a Wild below 1.

>>> from phase10kit.course.lesson_05 import EXERCISES
>>> [exercise.kind for exercise in EXERCISES]
['predict', 'build', 'build', 'answer', 'spot', 'write']
>>> all(exercise.check(exercise.solution, record=False).ok for exercise in EXERCISES)
True
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations

from phase10kit.actions import parse_action
from phase10kit.cards import Card, format_cards, parse_cards
from phase10kit.course.answers import read_cards
from phase10kit.course.base import Exercise, Translations, Verdict
from phase10kit.course.checks import Case, hidden_cases, spot_the_refusal
from phase10kit.course.lesson_04 import build_judge, explained, makes, predict_judge
from phase10kit.game import Game
from phase10kit.groups import Group
from phase10kit.i18n import N_
from phase10kit.phases import GroupKind
from phase10kit.rules import Rules, phase_list

NOTEBOOK = "05_wilds"

# ------------------------------------------------------------------ wilds.predict_run

SMALL_DECK = "R1 R2 R3 R4 R5 B1 B2 B3 B4 B5"
"""The lesson's small deck without Wilds: 1-5 in two colours; the exercise adds two Wilds."""


def run_chance(deck: str) -> Fraction:
    """The exact chance that 3 cards dealt from ``deck`` make a run of 3 (the engine's ``arrange`` judges).

    >>> run_chance(SMALL_DECK), run_chance(SMALL_DECK + " W W")
    (Fraction(1, 5), Fraction(9, 22))
    """
    hands = list(combinations(parse_cards(deck), 3))
    favourable = [hand for hand in hands if makes(GroupKind.RUN, list(hand))]
    return Fraction(len(favourable), len(hands))


@cache
def run_chance_with_wilds() -> Fraction:
    """The chance the exercise asks for: the small deck with two Wilds added."""
    return run_chance(SMALL_DECK + " W W")


PREDICT_RUN = Exercise(
    id="wilds.predict_run",
    notebook=NOTEBOOK,
    clauses=("wild.any", "wild.natural"),
    kind="predict",
    question=N_(
        "Guess first: two Wilds join the small deck R1-R5 B1-B5 (12 cards now). Three cards are dealt. "
        "What is the chance that they make a run of 3? Without the Wilds it is 1/5."
    ),
    solution=Fraction(9, 22),
    wrong=(Fraction(1, 5), Fraction(1, 10), Fraction(9, 10)),
    hints=(
        N_("A Wild can fill a gap (R2 W R4) or stretch an end (R4 R5 W becomes 3-4-5 or 4-5-6)."),
        N_("Count three kinds of hands apart: no Wild, exactly one Wild, two Wilds. There are 220 hands in all."),
        N_(
            "No Wild: the lesson counted those runs. Two Wilds: any natural card makes a run with them (W W R1 is "
            "1-2-3)."
        ),
        N_(
            "One Wild: the two natural cards need different numbers at most two apart (R2 B3, or R2 B4 with the "
            "Wild between). Either of the two Wilds can join them."
        ),
    ),
    worked=N_(
        "No Wild: 24 of the 120 hands without a Wild are runs, as the lesson counted.\n"
        "Two Wilds and one natural card: each of the 10 natural cards makes a run, 10 hands.\n"
        "One Wild and two natural cards: numbers one apart (1-2, 2-3, 3-4, 4-5) or two apart (1-3, 2-4, 3-5) make "
        "a run, 7 pairs of numbers in 2 × 2 = 4 colourings each: 28 pairs of cards, each with either Wild: 56 "
        "hands.\n"
        "24 + 56 + 10 = 90 runs in 220 hands: 90/220 = 9/22, about 0.41, twice the 1/5 without Wilds."
    ),
    judge=predict_judge(run_chance_with_wilds),
)

# ------------------------------------------------------------------ wilds.build_run5

RUN_HAND = "R3 G4 W B6 Y7 W R9 G10 S B12"

BUILD_RUN5 = Exercise(
    id="wilds.build_run5",
    notebook=NOTEBOOK,
    clauses=("wild.any", "group.run"),
    kind="build",
    question=N_("Build a run of 5 with exactly one Wild from this hand."),
    solution="R3 G4 W B6 Y7",
    wrong=("R3 G4 W B6 W", "R3 G4 B6 Y7 R9", "R3 G4 S B6 Y7", "G4 W B6 Y7"),
    hints=(
        N_("A run has numbers in a row; the Wild stands for the one number that is missing."),
        N_(
            "Write the hand's natural numbers in order, and look for four of them with exactly one gap between the "
            "lowest and the highest."
        ),
        N_("Leave out the Skip and the second Wild: the target uses exactly one Wild, and a Skip never joins a group."),
    ),
    worked=N_(
        "The natural numbers in the hand, in order: 3, 4, 6, 7, 9, 10, 12.\n"
        "Four of them with exactly one number missing between the lowest and the highest: 3 4 6 7 (5 is missing) "
        "or 6 7 9 10 (8 is missing).\n"
        "R3 G4 W B6 Y7 is a run of 5 whose Wild stands for 5 (B6 Y7 W R9 G10, with the Wild as 8, works too)."
    ),
    judge=build_judge(RUN_HAND, GroupKind.RUN, 5, wilds=1),
    hand=RUN_HAND,
    group_kind="run",
)

# ------------------------------------------------------------------ wilds.most_wilds_set

SET_HAND = "R7 W W W B2 S G9 Y11 R4 B10"

MOST_WILDS_SET = Exercise(
    id="wilds.most_wilds_set",
    notebook=NOTEBOOK,
    clauses=("wild.natural", "wild.any"),
    kind="build",
    question=N_("Build a set of 3 from this hand that uses as many Wilds as the default rules allow."),
    solution="R7 W W",
    wrong=("W W W", "R7 W", "R7 R4 W", "W W S"),
    hints=(
        N_("The hand holds three Wilds. Can a set be made of Wilds alone?"),
        N_("By the default rules every group needs at least one natural card, a card that is not a Wild."),
        N_(
            "A Skip is no natural card and never joins a group: the natural card is a number card, and which "
            "number does not matter."
        ),
    ),
    worked=N_(
        "Three Wilds alone are no set: every group needs at least one natural card.\n"
        "So a set of 3 holds at most two Wilds, beside one number card; the Skip can never join.\n"
        "R7 W W is such a set, its Wilds standing for 7s; any number card of the hand with the two Wilds works "
        "the same way."
    ),
    judge=build_judge(SET_HAND, GroupKind.SET, 3, wilds=2),
    hand=SET_HAND,
    group_kind="set",
)

# ------------------------------------------------------------------ wilds.pinned

PINNED_GROUP = "r[G3 G4 W Y6]"
PINNED_CANDIDATES = "Y7 G5 W G2 B5"


def pinned_fits() -> list[Card]:
    """The candidates that fit the laid run (``Group.fits``), in the order they are offered.

    >>> Card.parse("G5") in pinned_fits()  # the laid Wild is the 5, for good
    False
    """
    group = Group.parse(PINNED_GROUP)
    return [card for card in parse_cards(PINNED_CANDIDATES) if group.fits(card)]


def _judge_pinned(answer: object, t: Translations) -> Verdict:
    chosen = read_cards(answer)
    group = Group.parse(PINNED_GROUP)
    offered = parse_cards(PINNED_CANDIDATES)
    shown = format_cards(chosen)
    for card in chosen:
        if card not in offered:
            return False, t.gettext("{card} is not one of the cards offered: {cards}.").format(
                card=card, cards=PINNED_CANDIDATES
            )
    right = pinned_fits()
    for card in chosen:
        if card not in right:
            if card.is_number and card.number in group.values():
                return False, t.gettext(
                    "{card} does not fit: the Wild was laid as {number} and keeps that value until the round "
                    "ends, so the run has no place for another {number}."
                ).format(card=card, number=card.number)
            return False, t.gettext("{card} does not fit at either end of {group}.").format(card=card, group=group)
    for card in right:
        if card not in chosen:
            return False, t.gettext("{answer} is not all: one more of the cards offered fits {group}.").format(
                answer=shown or "-", group=group
            )
    return True, t.gettext("Right: {answer} fit. The Wild stays a 5, so the run can only grow at 2 and at 7.").format(
        answer=format_cards(right)
    )


PINNED = Exercise(
    id="wilds.pinned",
    notebook=NOTEBOOK,
    clauses=("wild.pinned", "turn.hit_fit"),
    kind="answer",
    question=N_(
        "The run r[G3 G4 W Y6] is on the table. Which of the cards Y7 G5 W G2 B5 can be hit on it? Write all that fit."
    ),
    solution="G2 Y7 W",
    wrong=("G5 G2 Y7 W", "G2 Y7", "G5 B5", "G2 Y7 W B5"),
    hints=(
        N_("What number does the Wild in r[G3 G4 W Y6] stand for, and can that change once it is laid?"),
        N_("A run grows only at its ends: one below its lowest number, one above its highest."),
        N_(
            "Write the run's numbers in order, the Wild's number included. Which numbers fit just below and just above?"
        ),
        N_(
            "Check the five offered cards one at a time against those two ends; a number the run already holds has "
            "no place."
        ),
    ),
    worked=N_(
        "The Wild in r[G3 G4 W Y6] stands for 5, and a laid Wild keeps its value until the round ends: the run is "
        "3 4 5 6.\n"
        "It can grow only at 2, below 3, and at 7, above 6.\n"
        "G2 and Y7 fit there, and the Wild fits too, at either end.\n"
        "G5 and B5 do not: the run has its 5 already (the Wild), and a laid Wild is never swapped.\n"
        "The cards that fit: G2 Y7 W."
    ),
    judge=_judge_pinned,
)

# ------------------------------------------------------------------ wilds.run_bounds

BOUNDS_RULES = Rules(phases=phase_list("even"))
"""The even-phases variant: the first phase to lay is a set of 3 and a run of 4 (Phase 2)."""
BOUNDS_HANDS = ("R9 B9 G9 W B2 R3 G4 W Y5 R11", "R1 B1 G1 Y1 R6 B6 G6 Y6 R8 B8")
BOUNDS_SETUP = ("p1 draw", "p1 lay s[R9 B9 G9] r[W B2 R3 G4]")


def bounds_position() -> Game:
    """p1 has laid ``s[R9 B9 G9] r[W B2 R3 G4]`` (its first Wild is a 1) and still holds W Y5 R11 G12.

    >>> game = bounds_position(); game.melds[0][1].low, format_cards(game.hands[0])
    (1, 'W Y5 R11 G12')
    """
    game = Game.from_deal(list(BOUNDS_HANDS), rules=BOUNDS_RULES, draws="G12", seed=5)
    for line in BOUNDS_SETUP:
        game.apply(parse_action(line))
    return game


BOUNDS_ACTIONS = ("p1 hit p1.2 W>low", "p1 hit p1.2 W>high", "p1 hit p1.2 Y5", "p1 hit p1.1 W")

RUN_BOUNDS = Exercise(
    id="wilds.run_bounds",
    notebook=NOTEBOOK,
    clauses=("wild.run_bounds", "turn.hit_fit", "turn.hit_own"),
    kind="spot",
    question=N_(
        "p1 has just laid s[R9 B9 G9] r[W B2 R3 G4] and holds W Y5 R11 G12. Which of these four moves do "
        "the rules refuse?"
    ),
    solution=BOUNDS_ACTIONS[0],
    wrong=BOUNDS_ACTIONS[1:],
    hints=(
        N_("What number does the first Wild of r[W B2 R3 G4] stand for?"),
        N_("A Wild in a run has a number too, and every number of a run lies between 1 and 12."),
        N_(
            "For each hit, work out the number the new card would get: one below the run's lowest, or one above its "
            "highest."
        ),
    ),
    worked=N_(
        "The run r[W B2 R3 G4] is 1 2 3 4: its first Wild stands for 1.\n"
        "W>high puts a Wild above 4, as a 5, and Y5 fits there too; a Wild on the set s[R9 B9 G9] stands for a 9. "
        "Those hits are allowed.\n"
        "W>low would have to stand for 0, and no card of a run stands below 1.\n"
        "The rules refuse p1 hit p1.2 W>low."
    ),
    judge=explained(
        spot_the_refusal(bounds_position, BOUNDS_ACTIONS),
        N_("The first Wild of r[W B2 R3 G4] stands for 1, and no card of a run can stand below 1."),
    ),
    position=bounds_position,
)

# ------------------------------------------------------------------ wilds.fits_run


def _fits_case(group: str, card: str, why: str) -> Case:
    laid = Group.parse(group)
    drawn = Card.parse(card)
    return Case((laid, drawn), bool(laid.fits(drawn)), why)


FITS_CASES = (
    _fits_case("r[R3 R4 R5]", "B2", N_("2 is one below the lowest number, 3")),
    _fits_case("r[R3 R4 R5]", "G6", N_("6 is one above the highest number, 5")),
    _fits_case("r[R3 R4 R5]", "R4", N_("a run has each number once")),
    _fits_case("r[R3 R4 R5]", "W", N_("a Wild fits at either end")),
    _fits_case("r[G10 G11 W]", "R1", N_("a run never wraps: nothing follows 12")),
    _fits_case("r[G10 G11 W]", "W", N_("the Wild can still go below, as a 9")),
    _fits_case("r[W B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12]", "W", N_("this run already goes from 1 to 12")),
    _fits_case("r[Y6 Y7 W]", "S", N_("a Skip is never part of a group")),
    _fits_case("r[Y6 Y7 W]", "G8", N_("the Wild is the 8 now and keeps that value")),
    _fits_case("r[R1 R2 R3]", "S", N_("a Skip is never part of a group")),
    _fits_case("r[R1 R2 R3]", "B4", N_("4 is one above the highest number, 3")),
    _fits_case("r[R1 R2 R3]", "R12", N_("a run never wraps: nothing comes before 1")),
    _fits_case("r[R1 R2 R3]", "W", N_("a Wild fits above the run, as a 4")),
    _fits_case("r[G10 G11 W]", "G12", N_("the Wild is the 12 already: nothing fits above it")),
    _fits_case("r[G10 G11 W]", "B9", N_("9 is one below the lowest number, 10")),
    _fits_case("r[W B2 B3]", "R1", N_("the Wild is the 1 already: nothing fits below it")),
    _fits_case("r[W B2 B3]", "G4", N_("4 is one above the highest number, 3")),
)
"""The hidden cases of ``fits_run``: expected results from ``Group.fits``, reasons in words."""


def fits_run_solution(group: Group, card: Card) -> bool:
    """The teacher's answer: a Skip never fits; a Wild fits unless the run spans 1 to 12; a number fits
    one below the lowest or one above the highest number of the run.

    >>> fits_run_solution(Group.parse("r[G10 G11 W]"), Card.parse("R1"))
    False
    """
    if card.is_skip:
        return False
    if card.is_wild:
        return group.low > 1 or group.high < 12
    return card.number in (group.low - 1, group.high + 1) and 1 <= card.number <= 12


def _any_number_nearby(group: Group, card: Card) -> bool:
    return card.is_wild or group.low - 1 <= card.number <= group.high + 1


def _wrap_around(group: Group, card: Card) -> bool:
    if not card.is_number:
        return card.is_wild
    return card.number in ((group.low - 2) % 12 + 1, group.high % 12 + 1)


FITS_RUN = Exercise(
    id="wilds.fits_run",
    notebook=NOTEBOOK,
    clauses=("turn.hit_fit", "wild.run_bounds", "group.run_no_wrap"),
    kind="write",
    question=N_(
        "Write fits_run(group, card): True when the card can be hit on the laid run group (at either end), "
        "False otherwise. group.low and group.high are the run's lowest and highest numbers."
    ),
    solution=fits_run_solution,
    wrong=(_any_number_nearby, _wrap_around),
    hints=(
        N_("Take the three kinds of card apart: a Skip, a Wild and a number card. Which of them never fits?"),
        N_("A run grows only at its ends. Which two numbers would fit, given group.low and group.high?"),
        N_(
            "Runs never wrap: a run that starts at 1 has no place below it, and one that ends at 12 none above it. "
            "What does that mean for a Wild?"
        ),
        N_(
            "Before you check, try your function on r[G10 G11 W] with R1 (False), W (True) and B9 (True), and on "
            "r[W B2 B3] with R1 (False)."
        ),
    ),
    worked=N_(
        "A Skip never fits a group: return False for it.\n"
        "A number card fits only next to an end: its number is group.low - 1 or group.high + 1. No card has 0 or "
        "13, so a run at 1 or 12 has no place there: no wrap.\n"
        "A Wild fits at an end that is still open: below a run that does not start at 1, or above one that does "
        "not end at 12.\n"
        "    def fits_run(group, card):\n"
        "        if card.is_skip:\n"
        "            return False\n"
        "        if card.is_wild:\n"
        "            return group.low > 1 or group.high < 12\n"
        "        return card.number in (group.low - 1, group.high + 1)"
    ),
    judge=hidden_cases("fits_run", FITS_CASES, numbers="close"),
)

EXERCISES: tuple[Exercise, ...] = (PREDICT_RUN, BUILD_RUN5, MOST_WILDS_SET, PINNED, RUN_BOUNDS, FITS_RUN)
"""The exercises of lesson 05, in the notebook's order."""

__all__ = ["EXERCISES", "FITS_CASES", "SMALL_DECK", "bounds_position", "fits_run_solution", "pinned_fits", "run_chance"]
