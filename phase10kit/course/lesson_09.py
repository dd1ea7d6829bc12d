"""Lesson 09, deal odds: the exercises of ``teacher/09_deal_odds.ipynb``.

The probability package is the judge: ``count_hands`` counts the hands of a small deck that hold a group
(the lesson's deck: 1-4 in red, blue and green, one copy each, 12 cards, hands of 3), ``exact_deal_odds``
gives the real deck's exact chances, and ``simulate_deal_odds`` the spread of repeated simulations.

>>> from phase10kit.course.lesson_09 import EXERCISES
>>> [exercise.kind for exercise in EXERCISES]
['predict', 'answer', 'write', 'answer', 'answer', 'answer']
>>> all(exercise.check(exercise.solution, record=False).ok for exercise in EXERCISES)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations, pairwise
from math import comb
from statistics import pstdev
from typing import Any

import pandas as pd

from phase10kit.cards import Card
from phase10kit.course.answers import read_int
from phase10kit.course.base import AnswerError, Exercise, Translations, Verdict, brief
from phase10kit.course.checks import Case, hidden_cases, lang_of
from phase10kit.course.number_judges import fraction_judge, number_judge, predict_judge
from phase10kit.i18n import N_, decimal
from phase10kit.phases import Phase
from phase10kit.probability import DeckSpec, count_hands, exact_deal_odds, simulate_deal_odds

NOTEBOOK = "09_deal_odds"

SMALL_DECK = DeckSpec(numbers=4, colors=3, copies=1, wilds=0, skips=0)
"""The lesson's small deck: R1-R4, B1-B4, G1-G4, one copy each (12 cards)."""
SMALL_HAND = 3


def small_deck_cards() -> list[Card]:
    """The 12 cards of the small deck, in card order.

    >>> from phase10kit.cards import format_cards
    >>> format_cards(small_deck_cards())
    'R1 B1 G1 R2 B2 G2 R3 B3 G3 R4 B4 G4'
    """
    return [Card.from_index(int(i)) for i in SMALL_DECK.card_indices()]


def small_chance(phase: str) -> Fraction:
    """The exact chance that a hand of 3 from the small deck holds ``phase``, counted by the kit.

    >>> small_chance("s3"), small_chance("r3"), small_chance("c3")
    (Fraction(1, 55), Fraction(27, 110), Fraction(3, 55))
    """
    hands = count_hands(Phase.parse(phase), SMALL_HAND, deck=SMALL_DECK)
    return Fraction(hands, comb(SMALL_DECK.size, SMALL_HAND))


def exact_chance(number: int) -> Fraction:
    """The exact chance that a dealt hand of 10 holds standard phase ``number``, as a fraction."""
    hands: Any = _exact_table().loc[number, "hands"]
    return Fraction(int(hands), comb(108, 10))


@cache
def _exact_table() -> pd.DataFrame:
    return exact_deal_odds(hand_size=10)


# ------------------------------------------------------------------ deal.guess_phase2

GUESS_PHASE2 = Exercise(
    id="deal.guess_phase2",
    notebook=NOTEBOOK,
    clauses=("prob.deal",),
    kind="predict",
    question=N_(
        "Guess first: what is the chance that the ten cards you are dealt already hold Phase 2 (a set of 3 "
        "and a run of 4)? Write a number from 0 to 1."
    ),
    solution=Fraction(11_542_982_404_112, comb(108, 10)),
    wrong=(0.01, 0.9, 1.5),
    hints=(
        N_("Phase 2 needs 7 of your 10 cards, but there are many ways to make a set of 3 and a run of 4."),
        N_("Compare it with Phase 1 (two sets of 3): a run of 4 has many more ways to appear than a second set of 3."),
        N_("It is more likely than Phase 1 (two sets of 3), which is dealt about once in five or six rounds."),
    ),
    judge=predict_judge(lambda: exact_chance(2)),
    worked=N_(
        "There are C(108, 10) = 38 722 819 230 810 hands of ten: too many to list, so the kit counts them by how "
        "many cards of each number they hold (exact_deal_odds).\n"
        "11 542 982 404 112 of those hands hold a set of 3 and a run of 4.\n"
        "Divided: about 0.298. Nearly 3 deals in 10 already hold Phase 2, more than the 0.183 of Phase 1."
    ),
)

# ------------------------------------------------------------------ deal.small_set


SMALL_SET = Exercise(
    id="deal.small_set",
    notebook=NOTEBOOK,
    clauses=("prob.deal",),
    kind="answer",
    question=N_(
        "Count by hand: three cards are dealt from the small deck R1-R4 B1-B4 G1-G4. What is the exact chance "
        "that they make a set of 3? Write a fraction like Fraction(1, 7) or '1/7'."
    ),
    solution=Fraction(1, 55),
    wrong=(Fraction(1, 4), Fraction(4, 1320), Fraction(1, 220), 1 / 55),
    hints=(
        N_("A probability is favourable hands over all hands: count both."),
        N_("How many different hands of 3 are there? (12 choices, then 11, then 10, divided by the 6 orders.)"),
        N_("A set of 3 uses all three cards of one number: how many numbers are there?"),
    ),
    worked=N_(
        "All hands: 12 · 11 · 10 / 6 = 220 hands of 3, each as likely as any other.\n"
        "Sets: a set of 3 needs all three cards of one number (R1 B1 G1, R2 B2 G2, ...): 4 numbers, so 4 sets.\n"
        "The chance is 4/220 = 1/55, about 0.018."
    ),
    judge=fraction_judge(
        lambda: small_chance("s3"),
        {
            Fraction(1, 4): N_("{answer} is the chance to pick one of the 4 numbers, not to be dealt a whole set."),
            Fraction(1, 330): N_("{answer} counts ordered deals below the line but unordered hands above it."),
            Fraction(1, 220): N_("{answer} counts one set, but each of the 4 numbers makes one."),
        },
        N_("Right: {answer}. There are 220 hands of 3, and 4 of them are sets (one for each number)."),
    ),
)

# ------------------------------------------------------------------ deal.write_P


def _is_set(hand: object) -> bool:
    return isinstance(hand, tuple) and len({card.number for card in hand}) == 1


def _is_run(hand: object) -> bool:
    if not isinstance(hand, tuple):
        return False
    numbers = sorted(card.number for card in hand)
    return all(b == a + 1 for a, b in pairwise(numbers))


def _is_one_colour(hand: object) -> bool:
    return isinstance(hand, tuple) and len({card.color for card in hand}) == 1


def _always(outcome: object) -> bool:
    return True


def _is_even(outcome: object) -> bool:
    return isinstance(outcome, int) and outcome % 2 == 0


def small_hands() -> list[tuple[Card, ...]]:
    """Every hand of 3 from the small deck: the sample space of the lesson (220 hands)."""
    return list(combinations(small_deck_cards(), SMALL_HAND))


class Named:
    """An event of a hidden case, shown by its name in the feedback (``is_set``, not ``<function ...>``)."""

    def __init__(self, name: str, event: Callable[[object], bool]) -> None:
        self.name, self.event = name, event

    def __call__(self, outcome: object) -> bool:
        return self.event(outcome)

    def __repr__(self) -> str:
        return self.name


class Space(list[object]):
    """A sample space of a hidden case, shown by a short description in the feedback."""

    def __init__(self, name: str, outcomes: Sequence[object]) -> None:
        super().__init__(outcomes)
        self.name = name

    def __repr__(self) -> str:
        return self.name


def _p_case(event: Named, space: Space, why: str) -> Case:
    favourable = [outcome for outcome in space if event(outcome)]
    return Case((event, space), Fraction(len(favourable), len(space)), why)


def _cases() -> tuple[Case, ...]:
    hands = Space("hands", small_hands())
    die = Space("[1, 2, 3, 4, 5, 6]", [1, 2, 3, 4, 5, 6])
    return (
        _p_case(Named("is_set", _is_set), hands, N_("4 of the 220 hands are sets")),
        _p_case(Named("is_run", _is_run), hands, N_("54 of the 220 hands are runs")),
        _p_case(Named("is_one_colour", _is_one_colour), hands, N_("12 of the 220 hands are of one colour")),
        _p_case(Named("always", _always), hands, N_("an event that always happens has probability 1")),
        _p_case(Named("is_even", _is_even), die, N_("3 of the 6 faces of a die are even")),
    )


def _p_solution(event: Callable[[object], bool], space: Sequence[object]) -> Fraction:
    """The teacher's ``P``: favourable outcomes over all outcomes, exactly."""
    favourable = [outcome for outcome in space if event(outcome)]
    return Fraction(len(favourable), len(space))


def _p_float(event: Callable[[object], bool], space: Sequence[object]) -> float:
    return sum(1 for outcome in space if event(outcome)) / len(space)


def _p_count(event: Callable[[object], bool], space: Sequence[object]) -> Fraction:
    return Fraction(sum(1 for outcome in space if event(outcome)))


def _p_odds(event: Callable[[object], bool], space: Sequence[object]) -> Fraction:
    favourable = sum(1 for outcome in space if event(outcome))
    return Fraction(favourable, max(len(space) - favourable, 1))


_P_CASES = hidden_cases("P", _cases(), numbers="exact")
"""The judge of ``deal.write_p``: exact, since exactness is the point (a float, or ``Fraction(4 / 220)``, is refused
with "return an exact Fraction")."""


WRITE_P = Exercise(
    id="deal.write_p",
    notebook=NOTEBOOK,
    clauses=("prob.deal",),
    kind="write",
    question=N_(
        "Write P(event, space): the probability of an event (a function saying True or False of an outcome) "
        "in a space of equally likely outcomes, as a Fraction: favourable outcomes over all outcomes."
    ),
    solution=_p_solution,
    wrong=(_p_float, _p_count, _p_odds),
    hints=(
        N_("A probability is favourable outcomes over all outcomes: the space holds all of them."),
        N_("Make the list of outcomes of the space for which event(outcome) is True."),
        N_("Return an exact Fraction of two whole numbers: a division with / gives a rounded float."),
    ),
    judge=_P_CASES,
    worked=N_(
        "The favourable outcomes are those of the space for which the event says True: "
        "`[outcome for outcome in space if event(outcome)]`.\n"
        "All the outcomes are the space itself, `len(space)` of them, each as likely as any other.\n"
        "The probability is the exact fraction of the two counts (a division with `/` would give a rounded float):\n"
        "    def P(event, space):\n"
        "        favourable = [outcome for outcome in space if event(outcome)]\n"
        "        return Fraction(len(favourable), len(space))\n"
        "For the small deck, `P(is_set, hands)` counts 4 sets in 220 hands and gives `Fraction(1, 55)`."
    ),
)

# ------------------------------------------------------------------ deal.small_run

SMALL_RUN = Exercise(
    id="deal.small_run",
    notebook=NOTEBOOK,
    clauses=("prob.deal",),
    kind="answer",
    question=N_(
        "With your P: what is the exact chance that three cards from the small deck make a run of 3 (three "
        "numbers in a row, colours free)? Write a fraction."
    ),
    solution=Fraction(27, 110),
    wrong=(Fraction(1, 110), Fraction(3, 55), Fraction(1, 2), 27 / 110),
    hints=(
        N_("Count the favourable hands in two steps: first the numbers a run can use, then the colours."),
        N_("Which numbers can a run of 3 use in a deck of 1-4? There are two choices."),
        N_("Each of the three numbers can come in any of the three colours."),
    ),
    worked=N_(
        "A run of 3 in a deck of 1 to 4 is 1-2-3 or 2-3-4: two choices of numbers.\n"
        "Each of its three numbers can be red, blue or green: 3 · 3 · 3 = 27 hands for each choice.\n"
        "2 · 27 = 54 of the 220 hands are runs: the chance is 54/220 = 27/110, about 0.245."
    ),
    judge=fraction_judge(
        lambda: small_chance("r3"),
        {
            Fraction(1, 110): N_("{answer} counts 1-2-3 and 2-3-4 once each, but the colours are free."),
            Fraction(3, 55): N_("{answer} is the chance of three cards of one colour, not of a run."),
        },
        N_("Right: {answer}. Two runs of numbers (1-2-3, 2-3-4), each in 3 × 3 × 3 colourings: 54 of 220 hands."),
    ),
)

# ------------------------------------------------------------------ deal.rarer


def _judge_rarer(answer: object, t: Translations) -> Verdict:
    number = read_int(answer, low=1, high=10, lang=lang_of(t))
    if number not in (7, 10):
        raise AnswerError(N_("{answer} is not one of the two phases asked about: 7 or 10."), answer=brief(answer))
    seven, ten = exact_chance(7), exact_chance(10)
    more = 7 if seven > ten else 10
    if number == more:
        return True, t.gettext(
            "Right: Phase {more} is dealt slightly more often ({high} against {low}): the order of the "
            "phases in the game is not the order of their chances."
        ).format(more=more, high=decimal(float(max(seven, ten)), 4, t), low=decimal(float(min(seven, ten)), 4, t))
    return False, t.gettext(
        "Not Phase {answer}: the printed order is not the order of the chances. Look at the exact table."
    ).format(answer=number)


RARER = Exercise(
    id="deal.rarer",
    notebook=NOTEBOOK,
    clauses=("prob.deal", "phase.list"),
    kind="answer",
    question=N_(
        "Phase 7 (two sets of 4) comes before Phase 10 (a set of 5 and a set of 3) in the game. Which of the two "
        "is dealt more often in ten cards? Write 7 or 10."
    ),
    solution=10,
    wrong=(7,),
    hints=(
        N_("The order of the phases in the game need not be the order of their chances."),
        N_("Guess first, then read the probability column of the exact table for the two phases asked about."),
        N_("The two chances are close, both about 1 in 300: compare four decimals."),
    ),
    judge=_judge_rarer,
    worked=N_(
        "The exact table gives Phase 7 (2s4) a probability of about 0.0033, and Phase 10 (s5+s3) about 0.0035.\n"
        "Both are about 1 in 300, and Phase 10's is the larger: of every million deals, about 3 520 hold Phase 10 "
        "and 3 320 hold Phase 7.\n"
        "So the phase dealt more often is the later one, Phase 10. The answer: 10."
    ),
)

# ------------------------------------------------------------------ deal.spread

SPREAD_SIZES = (1_000, 4_000, 16_000)
SPREAD_RUNS = 30


@cache
def repeated_estimates(
    phase: int = 1, sizes: tuple[int, ...] = SPREAD_SIZES, runs: int = SPREAD_RUNS
) -> dict[int, tuple[float, ...]]:
    """``runs`` seeded estimates of the chance of being dealt ``phase`` for each number of deals in ``sizes``
    (seeds 0 .. runs-1): the data of the lesson's spread table.

    >>> estimates = repeated_estimates(1, (500,), 3)
    >>> len(estimates[500]), all(0 < e < 1 for e in estimates[500])
    (3, True)
    """
    return {
        n: tuple(float(simulate_deal_odds(n, seed=seed, phases=[phase]).iloc[0]["probability"]) for seed in range(runs))
        for n in sizes
    }


def spread_ratio(small: int = 1_000, large: int = 4_000) -> float:
    """How many times smaller the spread (standard deviation) of the repeated estimates is with ``large``
    deals than with ``small``: the simulation's own measurement.

    >>> 1.5 < spread_ratio() < 2.6
    True
    """
    estimates = repeated_estimates()
    return pstdev(estimates[small]) / pstdev(estimates[large])


def _spread_right(t: Translations) -> str:
    return t.gettext(
        "Right: the spread shrinks like 1 over the square root of the number of deals, so four times the "
        "deals halve it (the simulations above measured {measured})."
    ).format(measured=decimal(spread_ratio(), 2, t))


def _judge_spread(answer: object, t: Translations) -> Verdict:
    # A value to a stated precision (about 2, within 0.3): the simulations measure near 2, not exactly 2.
    ok, message = _SPREAD_NUMBER(answer, t)
    return (True, _spread_right(t)) if ok else (False, message)


_SPREAD_NUMBER = number_judge(
    2,
    precision=Fraction(3, 10),
    traps={
        4: N_(
            "4 is how many times more deals there are; the spread shrinks more slowly than the number of deals grows."
        )
    },
    off=N_("{answer} is not it: compare the two spreads measured above."),
)


SPREAD = Exercise(
    id="deal.spread",
    notebook=NOTEBOOK,
    clauses=("prob.deal",),
    kind="answer",
    question=N_(
        "Thirty simulations of 1,000 deals each scatter around the exact chance; so do thirty of 4,000 deals. "
        "About how many times smaller is the spread with 4,000 deals?"
    ),
    solution=2,
    wrong=(4, 1, 16),
    hints=(
        N_(
            "Which spread is larger, with 1,000 deals or with 4,000? The question asks how many times smaller the "
            "second is than the first."
        ),
        N_("Read the two spreads in the table above and divide one by the other."),
        N_("The spread shrinks like 1 over the square root of the number of deals, not like 1 over the number itself."),
    ),
    judge=_judge_spread,
    worked=N_(
        "In the table, the spread of 1,000 deals divided by the spread of 4,000 deals is about 2.\n"
        "The reason: the spread of an estimate shrinks like 1 over the square root of the number of deals.\n"
        "4,000 deals are four times 1,000, and the square root of 4 is 2: the spread is about 2 times smaller."
    ),
)

EXERCISES: tuple[Exercise, ...] = (GUESS_PHASE2, SMALL_SET, WRITE_P, SMALL_RUN, RARER, SPREAD)
"""The exercises of lesson 09, in the notebook's order."""

__all__ = [
    "EXERCISES",
    "SMALL_DECK",
    "exact_chance",
    "repeated_estimates",
    "small_chance",
    "small_deck_cards",
    "small_hands",
    "spread_ratio",
]
