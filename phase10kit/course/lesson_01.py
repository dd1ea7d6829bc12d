"""Lesson 01, cards and the deck: the exercises of ``teacher/01_cards_and_deck.ipynb``.

The deck's facts have one home, ``phase10kit.cards`` (``standard_deck``, ``DECK_COUNTS``); the judges
here only compare with it.

>>> [exercise.kind for exercise in EXERCISES]
['predict', 'answer', 'answer', 'answer', 'write']
>>> SMALL_DECK
'R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 W W'
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from phase10kit.cards import DECK_COUNTS, Card, parse_cards, standard_deck
from phase10kit.course.base import Exercise
from phase10kit.course.checks import Case, choice_judge, exact_judge, hidden_cases, predict_judge
from phase10kit.i18n import N_

__all__ = ["EXERCISES", "SMALL_DECK"]

NOTEBOOK = "01_cards_and_deck"
SMALL_DECK = "R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 W W"
"""The lesson's small deck: red 1 to 5 twice and two Wilds (12 cards), for counting by hand."""

WILD_CHANCE = Fraction(standard_deck().count(parse_cards("W")[0]), len(standard_deck()))
"""The chance that one card from the full deck is a Wild: 8/108 = 2/27."""


def could_be_dealt(cards: list[Card]) -> bool:
    """The solution of the "write" exercise: no card more often than the deck holds it.

    >>> could_be_dealt(parse_cards("R4 R4 W")), could_be_dealt(parse_cards("R4 R4 R4"))
    (True, False)
    """
    return all(count <= DECK_COUNTS[card.index] for card, count in Counter(cards).items())


def _no_copies(cards: list[Card]) -> bool:
    return len(set(cards)) == len(cards)


def _two_of_everything(cards: list[Card]) -> bool:
    return all(cards.count(card) <= 2 for card in cards)


def _dealable(cards: list[Card]) -> bool:
    """Whether the deck holds every card at least as often as ``cards`` does (counted on ``standard_deck``)."""
    deck = Counter(standard_deck())
    return all(count <= deck[card] for card, count in Counter(cards).items())


def _case(text: str, why: str) -> Case:
    cards = parse_cards(text)
    return Case((cards,), _dealable(cards), why)


POSSIBLE_CASES = (
    _case("R4 R4", N_("the deck holds two copies of R4")),
    _case("R4 R4 R4", N_("only two copies of each number card exist")),
    _case("R4 B4 R4 B4 G9", N_("two red 4s and two blue 4s are four different physical cards")),
    _case("W W W W W W W W", N_("the deck holds eight Wilds")),
    _case("W W W W W W W W W", N_("there are only eight Wilds")),
    _case("S S S S S", N_("there are only four Skips")),
    _case("S S S S R12 R12", N_("four Skips and both R12s can all be dealt")),
    _case("", N_("no cards at all hold nothing impossible")),
    # Wilds and Skips alone, and together: their limits are their own (8 and 4), not a number card's 2.
    _case("S S S", N_("the deck holds four Skips")),
    _case("W W W", N_("the deck holds eight Wilds")),
    _case("W S", N_("a Wild and a Skip are two different cards, and the deck holds both")),
    _case("W", N_("the deck holds eight Wilds")),
    _case("S", N_("the deck holds four Skips")),
    _case("W W W W W W W W S S S S", N_("all eight Wilds and all four Skips can be dealt together")),
    _case("W W W W W W W W W S", N_("there are only eight Wilds")),
    _case("R12 G12 B12 Y12 R12", N_("five 12s of four colours can be dealt: only R12 is there twice")),
)
"""The hidden cases of ``could_be_dealt``: expected results counted on the deck (``standard_deck``)."""

EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        id="cards.guess_wild",
        notebook=NOTEBOOK,
        clauses=("deck.composition",),
        kind="predict",
        question=N_(
            "Guess first: one card is dealt from the full shuffled deck. What is the chance that it is a Wild? "
            "Type a fraction like 1/4 or a decimal like 0.25."
        ),
        solution=WILD_CHANCE,
        wrong=(Fraction(1, 2), Fraction(1, 4), Fraction(1, 5)),
        hints=(
            N_("A chance is favourable cards over all cards, when every card is equally likely."),
            N_("All cards: how many cards does the whole deck hold? That is the bottom of the fraction."),
            N_("Favourable cards: how many of them are Wilds? That is the top; reduce the fraction if you like."),
        ),
        worked=N_(
            "The deck is shuffled, so every one of its cards is equally likely to be dealt: the chance is Wilds over "
            "all cards.\n"
            "The deck holds 108 cards, and 8 of them are Wilds.\n"
            "8/108 = 2/27, about 0.074: a little less than one card in 13."
        ),
        judge=predict_judge(WILD_CHANCE, Fraction(1, 50)),
    ),
    Exercise(
        id="cards.number_cards",
        notebook=NOTEBOOK,
        clauses=("deck.composition", "deck.copies"),
        kind="answer",
        question=N_("How many number cards (not Wilds, not Skips) does the deck hold?"),
        solution=96,
        wrong=(48, 108, 12),
        hints=(
            N_("Count in three steps: the numbers, the colours, and the copies of each card."),
            N_("Numbers 1 to 12, four colours: and how many copies of each card?"),
            N_("Multiply: numbers, times colours, times copies. Wilds and Skips are no number cards."),
        ),
        worked=N_(
            "The numbers run from 1 to 12: 12 numbers.\n"
            "Each number comes in four colours: 12 × 4 = 48 different number cards.\n"
            "The deck holds two copies of each: 48 × 2 = 96 number cards (with the 8 Wilds and 4 Skips, 108 cards)."
        ),
        judge=exact_judge(
            96,
            {
                48: N_("that counts each number card once, but the deck holds two copies of each"),
                108: N_("that is the whole deck, Wilds and Skips included"),
                12: N_("that is how many numbers there are, in one colour, once"),
            },
        ),
    ),
    Exercise(
        id="cards.impossible",
        notebook=NOTEBOOK,
        clauses=("deck.copies",),
        kind="answer",
        question=N_(
            "Which of these could never be one player's cards? A: R4 R4 B4 W W. B: R4 R4 R4 W. "
            "C: W W W W W W W S. Type A, B or C."
        ),
        solution="B",
        wrong=("A", "C"),
        hints=(
            N_("Count the copies of each card and compare with the deck."),
            N_("The deck has eight Wilds, four Skips and two copies of each number card."),
            N_(
                "Take the three lists one at a time: which card appears most often in each, and does the deck hold "
                "that many of it?"
            ),
        ),
        worked=N_(
            "A: R4 R4 B4 W W is two red 4s, a blue 4 and two Wilds; the deck holds two red 4s and eight Wilds, so A "
            "can be dealt.\n"
            "C: seven Wilds and a Skip; the deck holds eight Wilds and four Skips, so C can be dealt.\n"
            "B: R4 R4 R4 W holds three red 4s, but only two red 4s exist.\n"
            "The answer is B: it could never be one player's cards."
        ),
        judge=choice_judge(
            ["A", "B", "C"],
            "B",
            {
                "A": N_("two red 4s, a blue 4 and two Wilds all exist: A can be dealt"),
                "B": N_("there are only two red 4s, so three of them cannot be in one hand"),
                "C": N_("seven of the eight Wilds and a Skip can be dealt together: C can be dealt"),
            },
        ),
    ),
    Exercise(
        id="cards.small_wild",
        notebook=NOTEBOOK,
        clauses=("deck.deal",),
        kind="answer",
        question=N_(
            "Deal 3 cards from the small deck R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 W W. What is the exact chance that "
            "the hand holds at least one Wild? Write a fraction."
        ),
        solution=Fraction(5, 11),
        wrong=(Fraction(6, 11), Fraction(1, 6), Fraction(1, 22), Fraction(1, 2)),
        hints=(
            N_("At least one Wild is everything except the hands with no Wild: count those instead."),
            N_("All hands: 3 of the 12 cards, without order. The lesson counted them above."),
            N_("A hand with no Wild takes its three cards from the 10 number cards: count those hands the same way."),
            N_("The chance of no Wild is those hands over all hands; at least one Wild is 1 minus that chance."),
        ),
        worked=N_(
            "All hands of 3 from 12 cards: 12 × 11 × 10 / 6 = 220.\n"
            "Hands with no Wild take their 3 cards from the 10 number cards: 10 × 9 × 8 / 6 = 120.\n"
            "The chance of no Wild is 120/220 = 6/11.\n"
            "The chance of at least one Wild is 1 − 6/11 = 5/11."
        ),
        judge=exact_judge(
            Fraction(5, 11),
            {
                Fraction(6, 11): N_("that is the chance of no Wild at all; at least one Wild is the rest"),
                Fraction(1, 6): N_("2 Wilds in 12 cards is the chance for one card, but the hand has three"),
                Fraction(1, 22): N_("that is the chance of both Wilds"),
            },
        ),
    ),
    Exercise(
        id="cards.could_be_dealt",
        notebook=NOTEBOOK,
        clauses=("deck.copies",),
        kind="write",
        question=N_(
            "Write could_be_dealt(cards): True when one player could hold all these cards from one deck "
            "(no card more often than the deck holds it), else False."
        ),
        solution=could_be_dealt,
        wrong=(_no_copies, _two_of_everything),
        hints=(
            N_("The cards are impossible when some card appears more often than the deck holds it."),
            N_("Count how often each card occurs: Counter(cards).items() gives each different card with its count."),
            N_("Compare each count with the deck: 2 for a number card, 8 for a Wild, 4 for a Skip."),
            N_("Before you check, try your function on R4 R4 R4 (False), W W W (True) and S S S S S (False)."),
        ),
        worked=N_(
            "Count each different card once: `Counter(cards).items()` gives each card with how often it occurs.\n"
            "Each kind of card has its own limit in the deck: 8 for a Wild, 4 for a Skip, 2 for a number card.\n"
            "If any count is above its card's limit the cards cannot be dealt; if none is, they can:\n"
            "    def could_be_dealt(cards):\n"
            "        for card, count in Counter(cards).items():\n"
            "            limit = 8 if card.is_wild else 4 if card.is_skip else 2\n"
            "            if count > limit:\n"
            "                return False\n"
            "        return True"
        ),
        judge=hidden_cases("could_be_dealt", POSSIBLE_CASES, numbers="close"),
    ),
)
