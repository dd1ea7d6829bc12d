"""Lesson 03, runs: the exercises of ``teacher/03_runs.ipynb``.

``groups.arrange`` judges what makes a run (and why not); the engine judges the spotted move.

>>> [exercise.kind for exercise in EXERCISES]
['predict', 'answer', 'build', 'answer', 'write', 'spot']
"""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

from phase10kit.actions import Draw
from phase10kit.cards import Card, format_cards, parse_cards
from phase10kit.course.answers import read_cards
from phase10kit.course.base import Exercise, Translations, Verdict
from phase10kit.course.checks import (
    BuildSentences,
    Case,
    build_judge,
    exact_judge,
    hidden_cases,
    lang_of,
    predict_judge,
    spot_the_refusal,
)
from phase10kit.errors import Phase10Error
from phase10kit.game import Game
from phase10kit.groups import arrange
from phase10kit.i18n import N_
from phase10kit.phases import GroupKind
from phase10kit.refusals import sentence
from phase10kit.rules import Rules, phase_list

__all__ = ["EXERCISES", "SMALL_DECK"]

NOTEBOOK = "03_runs"
SMALL_DECK = "R1 B1 R2 B2 R3 B3 R4 B4 R5 B5 R6 B6"
"""The lesson's small deck: the numbers 1 to 6 in red and in blue (12 cards)."""
RUN_HANDS = 32
"""Hands of 3 from the small deck that make a run: 4 windows (1-2-3 ... 4-5-6) x 2 colours for each of 3 cards."""
RUN_CHANCE = Fraction(RUN_HANDS, 220)
BUILD_HAND = "R3 G4 W G6 B9 Y7 R8 S R12 B1"
TOP = "R10 B11 G12"
NO_WRAP = N_("Runs never wrap: 12 is never followed by 1.")
"""The lesson's rule in one sentence: the engine calls a wrapped run a gap, the lesson says why there is one."""


def is_run(cards: list[Card]) -> bool:
    """The solution of the "write" exercise: number cards whose numbers, sorted, go up by one, in 1..12.

    >>> is_run(parse_cards("Y6 R3 B5 G4")), is_run(parse_cards("R11 R12 R1")), is_run(parse_cards("R3 R3 R4"))
    (True, False, False)
    """
    numbers = sorted(card.number for card in cards)
    return all(later == earlier + 1 for earlier, later in pairwise(numbers))


def _wraps(cards: list[Card]) -> bool:
    numbers = sorted(card.number % 12 for card in cards)
    return all(later == earlier + 1 for earlier, later in pairwise(numbers))


def _in_given_order(cards: list[Card]) -> bool:
    numbers = [card.number for card in cards]
    return all(later == earlier + 1 for earlier, later in pairwise(numbers))


def _no_gaps_only(cards: list[Card]) -> bool:
    numbers = sorted(card.number for card in cards)
    return numbers[-1] - numbers[0] == len(numbers) - 1


def _makes_run(cards: list[Card]) -> bool:
    """Whether number cards make a run, as the engine judges it (``groups.arrange``)."""
    try:
        arrange(GroupKind.RUN, cards)
    except Phase10Error:
        return False
    return True


def _case(text: str, why: str) -> Case:
    cards = parse_cards(text)
    return Case((cards,), _makes_run(cards), why)


RUN_CASES = (
    _case("R3 G4 B5 Y6", N_("3, 4, 5, 6 are in a row, and colours are free")),
    _case("Y6 R3 B5 G4", N_("the order they are held in does not matter")),
    _case("R3 G4 G6", N_("5 is missing: a run has no gap")),
    _case("R3 R3 G4", N_("a run has each number once")),
    _case("R11 R12 R1", N_("runs never wrap: 12 is never followed by 1")),
    _case("R12 R1 R2", N_("runs never wrap: 12 is never followed by 1")),
    _case("R10 B11 G12", N_("a run may end at 12")),
    _case("R2 R4 R4 R3", N_("a repeated 4 cannot be in a run")),
    _case("B1 B2", N_("a run may start at 1")),
    _case("R3 R3 R5", N_("a repeated 3 cannot fill the gap where 4 is missing")),
    _case("G1 R2 B3 Y4 G5 R6 B7 G8 Y9 R10 B11 G12", N_("1 to 12 is the longest run there is")),
)
"""The hidden cases of ``is_run`` (number cards only, as the question says): expected results from the engine."""

judge_build = build_judge(
    GroupKind.RUN,
    BUILD_HAND,
    5,
    BuildSentences(
        not_a_group=lambda t: t.gettext("{answer} is not a run: {why}"),
        wrong_size=lambda t, count: t.ngettext(
            "{group} is a run, but of {count} card: the target is a run of 5.",
            "{group} is a run, but of {count} cards: the target is a run of 5.",
            count,
        ),
        wrong_wilds=lambda t, count: t.ngettext(
            "{group} is a run of 5 with {count} Wild: the target uses exactly one.",
            "{group} is a run of 5 with {count} Wilds: the target uses exactly one.",
            count,
        ),
        right=lambda t, group: t.gettext("Right: {group} is a run of 5; its Wild stands for {number}.").format(
            group=group, number=group.wild_values()[0]
        ),
    ),
)
"""Cards from the hand that make a run of exactly 5 with exactly one Wild."""


def judge_top(answer: object, t: Translations) -> Verdict:
    """One card that turns R10 B11 G12 into a run of 4."""
    cards = read_cards(answer)
    if len(cards) != 1:
        return False, t.ngettext(
            "{answer} is {count} card: write exactly one.", "{answer} are {count} cards: write exactly one.", len(cards)
        ).format(answer=format_cards(cards), count=len(cards))
    if cards[0].number == 1:  # the wrap the lesson is about: say so, not only "a gap"
        return False, t.gettext("{top} with {card} is not a run: {why}").format(
            top=TOP, card=cards[0], why=t.gettext(NO_WRAP)
        )
    try:
        group = arrange(GroupKind.RUN, parse_cards(TOP) + cards, natural_required=True)
    except Phase10Error as error:
        return False, t.gettext("{top} with {card} is not a run: {why}").format(
            top=TOP, card=cards[0], why=sentence(error, lang_of(t))
        )
    if cards[0].is_wild:
        return False, t.gettext("A Wild fits, as a 9: {group}. Now name a number card that fits.").format(group=group)
    return True, t.gettext("Right: {group} is a run of 4.").format(group=group)


def run_phase_position() -> Game:
    """p1 to lay down a set of 3 and a run of 4 (the game's only phase here) after drawing B10."""
    rules = Rules(phases=phase_list("s3+r4"))
    game = Game.from_deal(
        ["R5 B5 G5 R11 R12 B1 G2 W Y3 Y9", "R4 B4 G10 Y11 Y12 B6 G8 Y4 R9 G1"], rules=rules, flip="Y5", draws="B10"
    )
    game.apply(Draw(0))
    return game


SPOT_ACTIONS = (
    "p1 lay s[R5 B5 G5] r[R11 R12 B1 G2]",
    "p1 lay s[R5 B5 G5] r[B1 G2 Y3 W]",
    "p1 lay s[R5 B5 G5] r[W B10 R11 R12]",
    "p1 discard Y9",
)

_engine_judges_wrap = spot_the_refusal(run_phase_position, SPOT_ACTIONS)


def judge_spot_wrap(answer: object, t: Translations) -> Verdict:
    """The engine judges the pick; the refused run R11 R12 B1 G2 is the wrap the lesson is about, so say so
    (the engine's own sentence calls it a gap)."""
    ok, message = _engine_judges_wrap(answer, t)
    return ok, f"{message} {t.gettext(NO_WRAP)}" if ok else message


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        id="runs.guess_small",
        notebook=NOTEBOOK,
        clauses=("group.run",),
        kind="predict",
        question=N_(
            "Guess first: deal 3 cards from the small deck of red and blue 1 to 6 (12 cards). What is the chance "
            "that they make a run of 3 (three numbers in a row, colours free)? Type a fraction or a decimal."
        ),
        solution=RUN_CHANCE,
        wrong=(Fraction(1, 2), Fraction(1, 3), Fraction(1, 100)),
        hints=(
            N_("Is a run of 3 more common than a set of 3 was in lesson 02?"),
            N_(
                "A run needs three numbers in a row, and only a few of those fit in 1 to 6; but the colours are "
                "free, so each of them comes in many hands."
            ),
            N_("It is between one in ten and one in five."),
        ),
        worked=N_(
            "All hands of 3 from the 12 cards: 220.\n"
            "The runs of numbers that fit in 1 to 6 are 1-2-3, 2-3-4, 3-4-5 and 4-5-6.\n"
            "Each card of a run can be red or blue: 2 × 2 × 2 = 8 hands for each, 4 × 8 = 32 hands in all.\n"
            "32/220 = 8/55, about 0.145: nearly three times as likely as a set of 3 (3/55)."
        ),
        judge=predict_judge(RUN_CHANCE, Fraction(1, 25)),
    ),
    Exercise(
        id="runs.count_small",
        notebook=NOTEBOOK,
        clauses=("group.run", "group.run_no_wrap"),
        kind="answer",
        question=N_(
            "Count by hand: how many of the 220 hands of 3 from the small deck (red and blue 1 to 6) make a run? "
            "Type a whole number."
        ),
        solution=RUN_HANDS,
        wrong=(4, 48, 8, 24),
        hints=(
            N_("Split the count in two: first which numbers, then which colours."),
            N_(
                "List the runs of numbers that fit in 1 to 6, from the lowest start up. 6 is the top of this deck, "
                "and runs never wrap back to 1."
            ),
            N_(
                "Take one run of numbers, say 1-2-3: each of its three cards can be red or blue. How many hands is "
                "that?"
            ),
            N_("Every run of numbers has as many colourings as that one: multiply by the number of runs you listed."),
        ),
        worked=N_(
            "The runs of numbers that fit in 1 to 6: 1-2-3, 2-3-4, 3-4-5 and 4-5-6 (5-6-1 and 6-1-2 would wrap, and "
            "runs never wrap).\n"
            "Each of the three cards can be red or blue: 2 × 2 × 2 = 8 hands for each run of numbers.\n"
            "4 × 8 = 32 hands make a run."
        ),
        judge=exact_judge(
            RUN_HANDS,
            {
                4: N_("those are the runs of numbers, but each card can be red or blue"),
                48: N_("that counts 5-6-1 and 6-1-2 too, but runs never wrap past the top number"),
                8: N_("each of the three cards has two colours: 2 x 2 x 2 hands for each run of numbers"),
            },
        ),
    ),
    Exercise(
        id="runs.build_five",
        notebook=NOTEBOOK,
        clauses=("group.run", "wild.any"),
        kind="build",
        question=N_("Build a run of exactly 5 cards that uses exactly one Wild."),
        solution="R3 G4 W G6 Y7",
        wrong=("R3 G4 G6 Y7 R8", "R12 B1 W R3 G4", "R3 G4 W G6 S", "G4 W G6"),
        hints=(
            N_("A run of 5 is five numbers in a row; the Wild stands for one number that is missing."),
            N_("Write the hand's numbers in order and look for four of them with exactly one gap."),
            N_("Look at 3, 4, 6, 7 and 8 in the hand: one number is missing among them."),
        ),
        worked=N_(
            "The numbers in the hand, in order: 1, 3, 4, 6, 7, 8, 9, 12, besides a Wild and a Skip.\n"
            "From 3 to 7 only the 5 is missing, so the Wild can stand for 5.\n"
            "R3 G4 W G6 Y7 is a run of 5 with one Wild (G4 W G6 Y7 R8 and G6 Y7 R8 B9 W work too)."
        ),
        judge=judge_build,
        hand=BUILD_HAND,
        group_kind="run",
    ),
    Exercise(
        id="runs.top_card",
        notebook=NOTEBOOK,
        clauses=("group.run_no_wrap",),
        kind="answer",
        question=N_("Which single number card (any colour) turns R10 B11 G12 into a run of 4? Write one card."),
        solution="Y9",
        wrong=("R1", "B12", "R8", "W"),
        hints=(
            N_("A run can grow at either end: is there room above the 12?"),
            N_("12 is the top number and is never followed by 1: the run can only grow downwards."),
            N_("A card that grows a run at its low end is one below the run's lowest number; its colour is free."),
        ),
        worked=N_(
            "A run grows by one card at either end: one below its lowest number, or one above its highest.\n"
            "Nothing comes above 12: runs never wrap, so 1 does not follow 12.\n"
            "Below 10 comes 9: any 9 works, for example Y9, which makes Y9 R10 B11 G12."
        ),
        judge=judge_top,
    ),
    Exercise(
        id="runs.is_run",
        notebook=NOTEBOOK,
        clauses=("group.run", "group.run_no_wrap"),
        kind="write",
        question=N_(
            "Write is_run(cards) for number cards (no Wilds): True when their numbers, in any order, are all "
            "different and in a row, else False."
        ),
        solution=is_run,
        wrong=(_wraps, _in_given_order, _no_gaps_only),
        hints=(
            N_("A run has each number once, in a row; the order the cards are held in does not matter."),
            N_("Sort the numbers first (sorted), then compare each number with the one before it."),
            N_("What must the difference between two neighbours be? Think of R3 R3 G4 (a repeat) and R3 G5 (a gap)."),
            N_("Before you check, try your function on Y6 R3 B5 G4 (True), R3 G4 G6 (False) and R11 R12 R1 (False)."),
        ),
        worked=N_(
            "The order in the hand does not matter, so sort the numbers: `sorted(card.number for card in cards)`.\n"
            "In a run each number is exactly one more than the one before it; a repeat (3, 3) or a gap (3, 5) breaks "
            "that.\n"
            "Wrapping needs no case of its own: 11 12 1 sorts to 1 11 12, which has a gap.\n"
            "    def is_run(cards):\n"
            "        numbers = sorted(card.number for card in cards)\n"
            "        return all(numbers[i] == numbers[i - 1] + 1 for i in range(1, len(numbers)))"
        ),
        judge=hidden_cases("is_run", RUN_CASES, numbers="close"),
    ),
    Exercise(
        id="runs.spot_wrap",
        notebook=NOTEBOOK,
        clauses=("group.run_no_wrap",),
        kind="spot",
        question=N_(
            "In this game the only phase is a set of 3 and a run of 4. p1 has drawn. Three of these moves are "
            "allowed. Which one do the rules refuse?"
        ),
        solution=SPOT_ACTIONS[0],
        wrong=SPOT_ACTIONS[1:],
        hints=(
            N_("Every lay-down here has the same set: the question is in the runs."),
            N_("Check each run: do its numbers go up by one, from the first card to the last?"),
            N_("Work out the number each Wild stands for. Is there a number it can be?"),
            N_("12 is the top number and is never followed by 1."),
        ),
        worked=N_(
            "Every lay-down has the set s[R5 B5 G5], so look at the runs; p1 discard Y9 is allowed.\n"
            "r[W B10 R11 R12]: the Wild stands for 9, giving 9 10 11 12, a run.\n"
            "r[B1 G2 Y3 W]: the Wild stands for 4, giving 1 2 3 4, a run.\n"
            "r[R11 R12 B1 G2] needs 1 to follow 12, but runs never wrap.\n"
            "The rules refuse p1 lay s[R5 B5 G5] r[R11 R12 B1 G2]."
        ),
        judge=judge_spot_wrap,
        position=run_phase_position,
    ),
)
