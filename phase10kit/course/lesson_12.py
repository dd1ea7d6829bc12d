"""Lesson 12, perfect play: the exercises of ``teacher/12_perfect_play.ipynb``.

The lesson solves a tiny phase by hand first: a run of 3 from the eight cards R1-R4 B1-B4, a hand of 2
cards, one card drawn each turn from the unseen cards (the deck minus the hand: discards go back among
them, the model of ``phase10kit.probability.solitaire``). A run ignores colours, so a hand is two
numbers, written as a sorted tuple like ``(1, 4)``. The values here are exact fractions, found by policy
iteration; the kit's solver (``solitaire_optimum`` on the same reduced deck) is the independent check.
Then the real deck: ``solitaire_optimum`` judges which of two discards is better, and
``bots_against_optimum`` measures the kit's bots in the same model.

>>> from phase10kit.course.lesson_12 import EXERCISES, tiny_values, tiny_average
>>> [exercise.kind for exercise in EXERCISES]
['predict', 'answer', 'write', 'answer', 'answer']
>>> tiny_values()[(2, 3)], tiny_values()[(1, 4)], tiny_average()
(Fraction(3, 2), Fraction(9, 2), Fraction(22, 7))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from functools import cache

from phase10kit.cards import Card, parse_cards
from phase10kit.course.answers import read_cards
from phase10kit.course.base import AnswerError, Exercise, Judge, Translations, Verdict, brief
from phase10kit.course.checks import Case, hidden_cases, lang_of
from phase10kit.course.number_judges import number_judge
from phase10kit.course.numbers import read_number

# The lesson's notebook reads the tiny game and the real-deck tables through this module, its one face.
from phase10kit.course.optimum_and_bots import (
    BOTS_COMPARED,
    bots_figure,
    bots_summary,
    bots_table,
    optimum_table,
    quick_phases,
    solved_on_disk,
)
from phase10kit.course.tiny_game import (
    TINY_DECK,
    TINY_PHASE,
    Hand,
    bellman,
    best_keep,
    deals_of,
    draws,
    holds_run,
    keeps,
    tiny_average,
    tiny_cards,
    tiny_hands,
    tiny_table,
    tiny_values,
)
from phase10kit.i18n import N_
from phase10kit.phases import phase
from phase10kit.probability import solitaire_optimum

NOTEBOOK = "12_perfect_play"

# ------------------------------------------------------------------ perfect.guess_turns

GUESS_TURNS_SOLUTION = 4.7159
"""Phase 1's expected turns under perfect play, to four decimals (a test keeps it equal to the solver's)."""


def phase1_turns() -> Fraction:
    """The exact expected turns of Phase 1 from a random deal under perfect play (the kit's solver)."""
    return Fraction(solitaire_optimum(phase(1)).expected_turns)


def _judge_turns(answer: object, t: Translations) -> Verdict:
    number = read_number(answer, lang_of(t))
    guess, shown = number.value, number.shown
    if guess < 1:
        raise AnswerError(
            N_("{answer} is less than one turn: every turn starts with a draw, so even a dealt phase takes 1."),
            answer=brief(answer),
        )
    right = phase1_turns()
    if abs(guess - right) <= right / 5:
        return True, t.gettext("Close: {answer} is near the expected turns of perfect play.").format(answer=shown)
    if guess > right:
        return False, t.gettext("{answer} is too high: perfect play makes Phase 1 quicker than that.").format(
            answer=shown
        )
    return False, t.gettext("{answer} is too low: even perfect play needs more turns on average.").format(answer=shown)


GUESS_TURNS = Exercise(
    id="perfect.guess_turns",
    notebook=NOTEBOOK,
    clauses=("prob.outs", "strategy.bot"),
    kind="predict",
    question=N_(
        "Guess first: you make Phase 1 (two sets of 3) alone, drawing a card and discarding one each turn, and "
        "you play as well as anyone possibly could. How many turns does it take on average from a random deal?"
    ),
    solution=GUESS_TURNS_SOLUTION,
    wrong=(1, 2.5, 10),
    hints=(
        N_("Each turn brings one new card. How often does a dealt hand already hold two sets of 3, or nearly?"),
        N_("About 28% of 11-card hands already hold two sets of 3: one turn is common; a bad deal takes 10 or more."),
        N_("Most deals are a few cards from two sets: the average lies between the lucky deals and the bad ones."),
    ),
    judge=_judge_turns,
    worked=N_(
        "The kit's solver, solitaire_optimum(phase(1)), writes one Bellman equation for each hand and solves them "
        "all: its answer is exact, not simulated.\n"
        "From a random deal, perfect play takes 4.716 turns on average.\n"
        "About 28% of deals are done in one turn and about 66% within five; a few bad deals take far longer and "
        "pull the average up. The rest of this notebook shows how such a number is found."
    ),
)

# ------------------------------------------------------------------ perfect.tiny_value


CORNER: Hand = (1, 4)


def exact_turns_judge(
    right: Callable[[], Fraction], traps: Callable[[], dict[Fraction, str]], ok: str, off: str
) -> Judge:
    """A judge for an exact number of turns (the course's ``number_judge``): ``ok`` (a msgid with {answer} and
    {decimal}) when it is ``right()``; a decimal near it is sent back to be written exactly; a known mistake
    (``traps()``: value -> msgid with {answer}) says what went wrong; any other answer hears ``off`` (a msgid
    with {answer} and {direction})."""
    return number_judge(right, traps=traps, ok=ok, off=off)


def _tiny_value_traps() -> dict[Fraction, str]:
    return {
        Fraction(3): N_(
            "{answer} is the value of a hand next to the run, such as R1 R2. R1 B4 has no outs: its first draw "
            "can at best bring it next to the run."
        ),
        Fraction(4): N_(
            "{answer} counts one turn to reach a hand worth 3 turns. But a 1 or a 4 (2 of the 6 unseen cards) "
            "leaves you with 1 4 again: that turn can repeat."
        ),
    }


TINY_VALUE = Exercise(
    id="perfect.tiny_value",
    notebook=NOTEBOOK,
    clauses=("prob.outs",),
    kind="answer",
    question=N_(
        "In the tiny game you hold R1 B4. With the best discards, how many turns does the run of 3 take on "
        "average? Use the values of the table and write an exact fraction."
    ),
    solution=Fraction(9, 2),
    wrong=(Fraction(3), Fraction(4), Fraction(6), 4.6),
    hints=(
        N_(
            "Write the Bellman equation of 1 4 as the notebook did for 2 2: one turn, plus each draw's chance times "
            "the value of the best hand you keep."
        ),
        N_("What can you draw from R1 B4, and how likely is each number? draws((1, 4)) gives the chances."),
        N_("Which draws from R1 B4 lead to a hand of the table, and which leave you where you were?"),
        N_("V(1 4) appears on both sides of its equation, as V(2 3) did: gather the V terms on one side and divide."),
    ),
    worked=N_(
        "No single draw makes a run from 1 4: a run of 3 needs two more cards.\n"
        "A 2 or a 3 (4 of the 6 unseen cards): keep 2 4 or 1 3, worth 3 turns.\n"
        "A 1 or a 4 (2 of the 6): keep 1 4, and you are where you were: V again.\n"
        "V = 1 + 4/6 · 3 + 2/6 · V, so 4/6 · V = 3 and V = 9/2: 4.5 turns."
    ),
    judge=exact_turns_judge(
        lambda: tiny_values()[CORNER],
        _tiny_value_traps,
        N_(
            "Right: {answer}. A 2 or a 3 (4 of the 6 unseen cards) leads to a hand worth 3 turns; a 1 or a 4 "
            "leaves you where you were, so V = 1 + 4/6 · 3 + 2/6 · V."
        ),
        N_("Not {answer}: that is {direction}. Write the Bellman equation of 1 4 and solve it for V."),
    ),
)

# ------------------------------------------------------------------ perfect.bellman


class ValueTable(Mapping[Hand, Fraction]):
    """A read-only table of values for the hidden cases, shown by its name (a student's function cannot
    change it for the next case, and a failed case reads ``bellman((2, 3), ONES)``)."""

    def __init__(self, name: str, values: Mapping[Hand, Fraction]) -> None:
        self.name = name
        self._values = dict(values)

    def __getitem__(self, hand: Hand) -> Fraction:
        return self._values[hand]

    def __iter__(self) -> Iterator[Hand]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return self.name


ZEROS = ValueTable("ZEROS", dict.fromkeys(tiny_hands(), Fraction(0)))
"""A made-up table: every hand worth 0 turns after the discard (only this turn is left to count)."""
ONES = ValueTable("ONES", dict.fromkeys(tiny_hands(), Fraction(1)))
"""A made-up table: every hand worth 1 turn (the Bellman equation must work for any table)."""
SKEWED = ValueTable("SKEWED", {hand: Fraction(hand[0] * 4 + hand[1], 4) for hand in tiny_hands()})
"""A made-up table in which the best discard is not the one of the real values."""


def _bellman_cases() -> list[Case]:
    # The first cases each single out one idea (a failed one names it); the last ones use the real values.
    exact = ValueTable("EXACT", tiny_values())
    return [
        Case(
            ((1, 4), ZEROS),
            Fraction(1),
            N_("when all hands after the discard are worth 0 turns, only this turn counts"),
        ),
        Case(
            ((2, 3), ONES),
            bellman((2, 3), ONES),
            N_("from 2 3, four of the six unseen cards make the run and add nothing"),
        ),
        Case(((1, 1), SKEWED), bellman((1, 1), SKEWED), N_("after each draw, keep the hand worth the fewest turns")),
        Case(
            ((1, 2), ONES), bellman((1, 2), ONES), N_("from 1 2, the chance of each number is its unseen copies over 6")
        ),
        Case(((2, 3), exact), exact[(2, 3)], N_("with the exact values, each hand gets its own value back")),
        Case(((1, 4), exact), exact[(1, 4)], N_("with the exact values, each hand gets its own value back")),
        Case(((2, 2), exact), exact[(2, 2)], N_("with the exact values, each hand gets its own value back")),
    ]


def _bellman_no_one(hand: Hand, values: Mapping[Hand, Fraction]) -> Fraction:
    return bellman(hand, values) - 1


def _bellman_max(hand: Hand, values: Mapping[Hand, Fraction]) -> Fraction:
    total = Fraction(0)
    for card, chance in draws(hand).items():
        cards = tuple(sorted((*hand, card)))
        if not holds_run(cards):
            total += chance * max(values[keep] for keep in keeps(cards))
    return 1 + total


def _bellman_counts_done(hand: Hand, values: Mapping[Hand, Fraction]) -> Fraction:
    total = Fraction(0)
    for card, chance in draws(hand).items():
        cards = tuple(sorted((*hand, card)))
        total += chance * min(values[keep] for keep in keeps(cards))
    return 1 + total


def _bellman_stub(hand: Hand, values: Mapping[Hand, Fraction]) -> None:
    return None


BELLMAN = Exercise(
    id="perfect.bellman",
    notebook=NOTEBOOK,
    clauses=("prob.outs", "prob.discard"),
    kind="write",
    question=N_(
        "Write bellman(hand, values): the expected turns from a hand of the tiny game, when values[keep] gives "
        "the turns still to play from each hand of 2 after the discard."
    ),
    solution=bellman,
    wrong=(_bellman_no_one, _bellman_max, _bellman_counts_done, _bellman_stub),
    hints=(
        N_("Write the Bellman equation term by term: one turn, plus a sum over the possible draws."),
        N_("Go through draws(hand): each number you may draw and its chance. A draw that makes the run adds nothing."),
        N_(
            "Any other draw adds its chance times the value of the best hand you can keep: keeps gives the hands, "
            "values their turns, and the best is the one with the fewest."
        ),
    ),
    judge=hidden_cases("bellman", _bellman_cases(), numbers="exact"),
    worked=N_(
        "Go through the draws: `draws(hand)` gives each number you may draw with its chance.\n"
        "Put the three numbers in order with `tuple(sorted((*hand, card)))`; if they make the run (`holds_run`), "
        "this draw ends the game and adds nothing.\n"
        "Otherwise keep the best hand of 2, the one of `keeps(cards)` with the fewest turns in `values`, and add the "
        "draw's chance times its value. After the loop, count this turn too: 1 plus the sum.\n"
        "    def bellman(hand, values):\n"
        "        total = Fraction(0)\n"
        "        for card, chance in draws(hand).items():\n"
        "            cards = tuple(sorted((*hand, card)))\n"
        "            if holds_run(cards):\n"
        "                continue\n"
        "            total += chance * min(values[keep] for keep in keeps(cards))\n"
        "        return 1 + total\n"
        "With the exact values, `bellman((2, 3), values)` gives back 3/2."
    ),
)

# ------------------------------------------------------------------ perfect.tiny_average


def _tiny_average_traps() -> dict[Fraction, str]:
    values = tiny_values()
    unweighted = sum(values.values(), Fraction(0)) / len(values)
    return {
        unweighted: N_(
            "{answer} counts each of the 10 hands once. A hand of two different numbers comes in 4 of the 28 "
            "deals, a double such as R2 B2 in only 1."
        )
    }


TINY_AVERAGE = Exercise(
    id="perfect.tiny_average",
    notebook=NOTEBOOK,
    clauses=("prob.deal", "prob.outs"),
    kind="answer",
    question=N_(
        "Two cards are dealt at random from the eight cards of the tiny game. With perfect play, how many turns "
        "does the run of 3 take on average? Write an exact fraction."
    ),
    solution=Fraction(22, 7),
    wrong=(Fraction(17, 5), Fraction(3), 3.142857),
    hints=(
        N_(
            "An average over deals: each of the 28 deals is as likely as any other, but the hands of the table are not."
        ),
        N_("Not all hands of the table are dealt equally often: how many of the 28 deals give 1 4, and how many 2 2?"),
        N_("Multiply each hand's expected turns by its number of deals (the deals column), add up, and divide by 28."),
    ),
    worked=N_(
        "A hand of two different numbers comes in 4 deals (either colour of each number), a double such as R2 B2 in "
        "1: 6 · 4 + 4 · 1 = 28 deals.\n"
        "Turns times deals: 4 · 3/2 = 6 for 2 3; 4 · 3 for each of 1 2, 1 3, 2 4 and 3 4, 48 together; 4 · 9/2 = 18 "
        "for 1 4; 7/2 + 7/2 = 7 for 2 2 and 3 3; 9/2 + 9/2 = 9 for 1 1 and 4 4.\n"
        "6 + 48 + 18 + 7 + 9 = 88 turns over the 28 deals.\n"
        "88/28 = 22/7, about 3.14 turns."
    ),
    judge=exact_turns_judge(
        tiny_average,
        _tiny_average_traps,
        N_(
            "Right: {answer}, about {decimal} turns. The 24 deals of two different numbers and the 4 deals of "
            "a double are weighted by how often they come."
        ),
        N_("Not {answer}: that is {direction}. Weight each hand by its deals, then divide by 28."),
    ),
)

# ------------------------------------------------------------------ perfect.better_discard

DILEMMA = "B1 B2 R3 Y3 R4 G4 B6 R7 G10 Y10 W"
"""Phase 1 alone, 11 cards after the draw: three pairs, a Wild and four single cards."""
DILEMMA_CHOICES = ("Y10", "R7")
"""GreedyBot discards the costliest card (Y10, breaking a pair); the other choice is a single card."""


@cache
def dilemma_values() -> dict[str, float]:
    """The expected turns still to play after each of the two discards of ``DILEMMA`` (Phase 1, the kit's solver)."""
    values = solitaire_optimum(phase(1)).discard_values(parse_cards(DILEMMA))
    return {choice: values[Card.parse(choice)] for choice in DILEMMA_CHOICES}


def dilemma_best() -> str:
    """The better of the two discards."""
    values = dilemma_values()
    return min(values, key=lambda choice: values[choice])


def _judge_discard(answer: object, t: Translations) -> Verdict:
    cards = read_cards(answer, max_cards=1)
    picked = str(cards[0]) if len(cards) == 1 else ""
    if picked not in DILEMMA_CHOICES:
        raise AnswerError(
            N_("{answer} is not one of the two discards: pick {first} or {second}."),
            answer=brief(answer),
            first=DILEMMA_CHOICES[0],
            second=DILEMMA_CHOICES[1],
        )
    best = dilemma_best()
    if picked == best:
        return True, t.gettext(
            "Right: discarding {answer} keeps the three pairs and the Wild. Alone, points do not matter, only "
            "turns: a pair is one card from a set, and a Wild turns any pair into one."
        ).format(answer=picked)
    return False, t.gettext(
        "Not {answer}: it breaks a pair. A 10 costs points at the end of a round, but alone only turns count, "
        "and the pair was one card from a set."
    ).format(answer=picked)


BETTER_DISCARD = Exercise(
    id="perfect.better_discard",
    notebook=NOTEBOOK,
    clauses=("prob.discard", "strategy.bot"),
    kind="answer",
    question=N_(
        "Guess first: alone on Phase 1 (two sets of 3), you hold B1 B2 R3 Y3 R4 G4 B6 R7 G10 Y10 W after your "
        "draw. GreedyBot discards Y10, its costliest card. Which discard leaves fewer turns on average: Y10 or "
        "R7? Type the card."
    ),
    solution="R7",
    wrong=("Y10", "W", "R99"),
    hints=(
        N_("Playing alone, points do not count, only turns: which cards can still become part of a set?"),
        N_("A pair is one card from a set of 3, and the Wild turns any pair into one; a single card needs two more."),
        N_("Count the pairs each discard leaves, and what the Wild can do with a pair."),
    ),
    judge=_judge_discard,
    worked=N_(
        "Alone on Phase 1 only turns count: the 10 points a 10 costs at the end of a round do not matter here.\n"
        "Discarding Y10 breaks the pair of 10s: two pairs are left. Discarding R7 keeps the three pairs (3s, 4s "
        "and 10s) and the Wild.\n"
        "A pair is one card from a set, and the Wild makes one pair a set at once: with three pairs, more draws "
        "complete the second set.\n"
        "The solver agrees: about 3.57 turns left after discarding R7, 4.13 after Y10. Discard R7."
    ),
)

EXERCISES: tuple[Exercise, ...] = (GUESS_TURNS, TINY_VALUE, BELLMAN, TINY_AVERAGE, BETTER_DISCARD)
"""The exercises of lesson 12, in the notebook's order."""

__all__ = [
    "BOTS_COMPARED",
    "DILEMMA",
    "EXERCISES",
    "TINY_DECK",
    "TINY_PHASE",
    "bellman",
    "best_keep",
    "bots_figure",
    "bots_summary",
    "bots_table",
    "deals_of",
    "dilemma_values",
    "draws",
    "holds_run",
    "keeps",
    "optimum_table",
    "quick_phases",
    "solved_on_disk",
    "tiny_average",
    "tiny_cards",
    "tiny_hands",
    "tiny_table",
    "tiny_values",
]
