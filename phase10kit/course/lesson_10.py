"""Lesson 10, drawing odds: the exercises of ``teacher/10_drawing_odds.ipynb``.

The probability package is the judge: ``unseen_counts`` counts the cards a player has not seen,
``outs`` (the solver) lists the single cards that complete a phase, and ``completion_odds`` gives the exact
chance to hold the phase within a few draws. The small deck of lesson 09 (R1-R4 B1-B4 G1-G4) is the real
deck with every other card already seen, so the same functions count it.

>>> from phase10kit.course.lesson_10 import EXERCISES
>>> [exercise.kind for exercise in EXERCISES]
['predict', 'play', 'answer', 'write', 'answer', 'answer']
>>> all(exercise.check(exercise.solution, record=False).ok for exercise in EXERCISES)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import overload

from phase10kit.actions import parse_action
from phase10kit.cards import DECK_COUNTS, Card, format_cards, parse_cards
from phase10kit.course.answers import read_cards, read_int
from phase10kit.course.base import AnswerError, Exercise, Translations, Verdict, brief
from phase10kit.course.checks import Case, hidden_cases, lang_of, not_quite
from phase10kit.course.lesson_09 import small_deck_cards
from phase10kit.course.number_judges import fraction_judge, predict_judge
from phase10kit.game import Game
from phase10kit.i18n import N_, decimal, translator
from phase10kit.phases import Phase, phase
from phase10kit.probability import completion_odds, unseen_counts
from phase10kit.solver import can_complete, outs

NOTEBOOK = "10_drawing_odds"

RUN_HAND = "R1 R2 R3 R4 R5 R6 G1 B9 Y11 S"
"""One card away from Phase 4 (a run of 7): the lesson's first hand."""
FACE_UP = "B10"
"""The face-up card on the discard pile when that hand is dealt."""


def exact_odds(hand: Sequence[Card], goal: Phase, draws: int, seen: Sequence[Card] = ()) -> Fraction:
    """``completion_odds`` as an exact fraction (it is exact up to three draws; its denominator is the number of
    ways to draw, so ``limit_denominator`` recovers the fraction from the float).

    >>> exact_odds(parse_cards(RUN_HAND), phase(4), 1, parse_cards(FACE_UP))
    Fraction(16, 97)
    """
    from math import comb

    unseen = int(unseen_counts(hand, seen).sum())
    odds = completion_odds(list(hand), goal, draws, seen=list(seen))
    return Fraction(odds).limit_denominator(comb(unseen, draws))


def complement_of(cards: Sequence[Card]) -> list[Card]:
    """Every card of the real deck that is not among ``cards``: "seen" cards that turn the real deck into a small one.

    >>> len(complement_of(small_deck_cards()))
    96
    """
    counts = list(DECK_COUNTS)
    for card in cards:
        counts[card.index] -= 1
    return [Card.from_index(i) for i, n in enumerate(counts) for _ in range(n)]


# ------------------------------------------------------------------ draw.guess_next

GUESS_NEXT = Exercise(
    id="draw.guess_next",
    notebook=NOTEBOOK,
    clauses=("prob.outs",),
    kind="predict",
    question=N_(
        "Guess first: you hold R1 R2 R3 R4 R5 R6 G1 B9 Y11 S, on Phase 4 (a run of 7), and B10 lies face up on "
        "the discard pile. What is the chance that your next draw from the pile completes the run?"
    ),
    solution=Fraction(16, 97),
    wrong=(Fraction(1, 108), Fraction(1, 2), -1),
    hints=(
        N_("Which cards would complete the run? Count how many copies of them the deck has."),
        N_("A run cannot go below 1, so only one end of R1-R6 is open; and a Wild fits anywhere."),
        N_("The chance is the completing cards over the cards you have not seen: the deck minus your hand and B10."),
    ),
    worked=N_(
        "R1 to R6 becomes a run of 7 with a 7 (nothing comes below the 1) or with a Wild.\n"
        "The deck has 8 sevens (two of each colour) and 8 Wilds, none of them in your hand: 16 completing cards.\n"
        "You have seen 11 cards, your 10 and the B10: 108 − 11 = 97 unseen cards, each as likely as any other to "
        "come next.\n"
        "The chance is 16/97, about 0.165 (16.5%)."
    ),
    judge=predict_judge(lambda: exact_odds(parse_cards(RUN_HAND), phase(4), 1, parse_cards(FACE_UP))),
)

# ------------------------------------------------------------------ draw.unseen

UNSEEN_HANDS = ("R1 R2 R3 R4 R5 R6 G1 B9 Y11 S", "R7 B7 G7 R8 B8 G8 Y2 Y5 B12 G12")
UNSEEN_SCRIPT = ("p1 draw", "p1 discard Y11", "p2 draw", "p2 lay s[R7 B7 G7] s[R8 B8 G8]", "p2 discard B12")


def unseen_position() -> Game:
    """Two players, p1 to draw: the discard pile holds B10 Y11 B12 and p2 has laid s[R7 B7 G7] s[R8 B8 G8].

    >>> game = unseen_position()
    >>> format_cards(game.discard_pile), game.current_player
    ('B10 Y11 B12', 0)
    """
    game = Game.from_deal(list(UNSEEN_HANDS), flip=FACE_UP, draws="G4 Y10")
    for line in UNSEEN_SCRIPT:
        game.apply(parse_action(line))
    return game


def seen_by(game: Game, player: int) -> list[Card]:
    """The cards ``player`` has seen besides their hand: the whole discard pile and every laid group."""
    return [*game.discard_pile, *(card for groups in game.melds for group in groups for card in group.cards)]


def _judge_unseen(answer: object, t: Translations) -> Verdict:
    count = read_int(answer, low=0, high=108, lang=lang_of(t))
    game = unseen_position()
    hand, seen = game.hands[0], seen_by(game, 0)
    right = int(unseen_counts(hand, seen).sum())
    if count == right:
        return True, t.ngettext(
            "Right: 108 cards, minus the {hand} in p1's hand, the {pile} on the discard pile and the {laid} laid "
            "on the table: {count} card p1 has not seen, each equally likely to be the next draw.",
            "Right: 108 cards, minus the {hand} in p1's hand, the {pile} on the discard pile and the {laid} laid "
            "on the table: {count} cards p1 has not seen, each equally likely to be the next draw.",
            right,
        ).format(hand=len(hand), pile=len(game.discard_pile), laid=len(seen) - len(game.discard_pile), count=right)
    if count == 108 - len(hand):
        return False, t.gettext(
            "{answer} leaves out the cards p1 can see: the discard pile and p2's laid groups are not in the draw pile."
        ).format(answer=count)
    return False, t.gettext(
        "{answer} is not it: start from 108 and take away every card p1 has seen, in the hand and on the table."
    ).format(answer=count)


UNSEEN = Exercise(
    id="draw.unseen",
    notebook=NOTEBOOK,
    clauses=("prob.outs", "deck.composition"),
    kind="play",
    question=N_("p1 is about to draw. How many cards has p1 not seen? (They are in the draw pile or in p2's hand.)"),
    solution=89,
    wrong=(98, 97, 95),
    hints=(
        N_("The deck has 108 cards. Which of them can p1 see right now?"),
        N_("Count p1's hand, every card of the discard pile, and the cards p2 has laid down."),
        N_("p1 cannot see p2's hand: those cards stay among the unseen ones, with the draw pile."),
    ),
    judge=_judge_unseen,
    worked=N_(
        "p1 sees its own 10 cards, the 3 cards of the discard pile (B10 Y11 B12: it watched each one being "
        "discarded) and the 6 cards p2 laid, s[R7 B7 G7] s[R8 B8 G8].\n"
        "That makes 10 + 3 + 6 = 19 seen cards.\n"
        "108 − 19 = 89 cards p1 has not seen: the draw pile and p2's hand."
    ),
    position=unseen_position,
)

# ------------------------------------------------------------------ draw.outs

OUTS_HAND = "R7 B7 G7 Y2 B2 R10 G11 Y12 S S"


def _judge_outs(answer: object, t: Translations) -> Verdict:
    chosen = set(read_cards(answer))
    hand = parse_cards(OUTS_HAND)
    right = set(outs(hand, phase(1)))
    shown = format_cards(sorted(chosen))
    for card in sorted(right - chosen):
        if card in hand:
            why = t.gettext(
                "{card} is missing: you hold one {card}, but the deck has two, so the other one is still out there."
            )
            return False, not_quite(t, shown, why.format(card=card))
        return False, not_quite(t, shown, t.gettext("{card} completes Phase 1 too: add it.").format(card=card))
    for card in sorted(chosen - right):
        why = t.gettext("{card} does not complete Phase 1 with this hand.")
        return False, not_quite(t, shown, why.format(card=card))
    return True, t.gettext("Right: the outs are {cards}; each of them completes the second set.").format(
        cards=format_cards(sorted(right))
    )


OUTS = Exercise(
    id="draw.outs",
    notebook=NOTEBOOK,
    clauses=("prob.outs", "deck.copies"),
    kind="answer",
    question=N_(
        "You hold R7 B7 G7 Y2 B2 R10 G11 Y12 S S on Phase 1 (two sets of 3). Which cards are your outs? "
        "Write each card once, like R2 W."
    ),
    solution="R2 B2 G2 Y2 W",
    wrong=("R2 G2 W", "R2 B2 G2 Y2", "W", "R2 G2 R10 W"),
    hints=(
        N_("The 7s are a set already; which cards turn Y2 B2 into a set of 3?"),
        N_("A set of 3 needs a third card of the number of Y2 B2, or a card that stands for any number."),
        N_("Holding one Y2 does not use up Y2: the deck has two copies of every number card."),
    ),
    judge=_judge_outs,
    worked=N_(
        "R7 B7 G7 is one set of 3 already; the second set has to come from Y2 B2.\n"
        "Any 2 makes it a set: R2, B2, G2 and Y2. The deck has two of each, so the second B2 and the second Y2 "
        "are still out there.\n"
        "A Wild makes it a set too. R10, G11, Y12 and the Skips cannot help with one card.\n"
        "The outs: R2 B2 G2 Y2 W."
    ),
)

# ------------------------------------------------------------------ draw.write_chance


class Unseen(Sequence[Card]):
    """The unseen cards of a hidden case (a read-only sequence), shown as their number in the feedback.

    >>> unseen = Unseen(parse_cards("R1 R2 W"))
    >>> unseen, unseen.shown_in("en"), unseen.shown_in("ko")
    (<3 unseen cards>, '<3 unseen cards>', '<보지 못한 카드 3장>')
    """

    def __init__(self, cards: Sequence[Card]) -> None:
        self._cards = tuple(cards)

    @overload
    def __getitem__(self, index: int) -> Card: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Card]: ...
    def __getitem__(self, index: int | slice) -> Card | Sequence[Card]:
        return self._cards[index]

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"<{len(self._cards)} unseen cards>"

    def shown_in(self, lang: str) -> str:
        """How the feedback names these cards in ``lang`` (the feedback's call shows them in its place)."""
        count = len(self._cards)
        return translator(lang).ngettext("<{count} unseen card>", "<{count} unseen cards>", count).format(count=count)


def _unseen_list(hand: Sequence[Card], seen: Sequence[Card]) -> list[Card]:
    counts = unseen_counts(hand, seen)
    return [Card.from_index(i) for i, n in enumerate(counts.tolist()) for _ in range(n)]


def _chance_case(hand_text: str, number: int, seen_text: str, why: str) -> Case:
    hand, seen = parse_cards(hand_text), parse_cards(seen_text)
    unseen = Unseen(_unseen_list(hand, seen))
    return Case((hand, phase(number), unseen), exact_odds(hand, phase(number), 1, seen), why)


def _small_case(hand_text: str, spec: str, why: str) -> Case:
    hand = parse_cards(hand_text)
    seen = complement_of(small_deck_cards())
    unseen = Unseen(_unseen_list(hand, seen))
    return Case((hand, Phase.parse(spec), unseen), exact_odds(hand, Phase.parse(spec), 1, seen), why)


CHANCE_CASES = (
    _chance_case(RUN_HAND, 4, FACE_UP, N_("8 sevens and 8 Wilds among 97 unseen cards")),
    _chance_case(RUN_HAND, 4, "R7 B7 W W", N_("the seen 7s and Wilds are no longer among the unseen cards")),
    _chance_case(OUTS_HAND, 1, "R5", N_("six 2s are left, and 8 Wilds")),
    _chance_case("R7 B7 G7 R2 B2 G2 Y5 Y8 Y10 S", 1, "R5", N_("a hand that holds its phase holds it after any draw")),
    _small_case("R1 B1 R2", "s3", N_("in the small deck only G1 completes the set")),
    _small_case("R1 B2", "r3", N_("R3, B3 and G3 complete the run, among 10 unseen cards")),
    _chance_case("R7 B7 R2 B2 Y5 Y8 Y10 G11 S S", 1, "R5", N_("two cards short: no single card completes it")),
    _chance_case("R7 B7 W R2 B2 Y5 Y8 Y10 G11 S", 1, "R5", N_("a 7, a 2 or another Wild completes it")),
    _chance_case(
        "W W W S S S R5 G9 B11 Y12", 1, "R5", N_("any 5, 9, 11 or 12 completes it, or one of the 5 unseen Wilds")
    ),
)
"""Hidden cases of ``draw.write_chance``: the expected chances from ``completion_odds``."""


def _chance_solution(hand: list[Card], goal: Phase, unseen: Sequence[Card]) -> Fraction:
    """The teacher's ``chance_next``: the unseen cards that complete the phase, over all unseen cards."""
    favourable = [card for card in unseen if can_complete([*hand, card], goal)]
    return Fraction(len(favourable), len(unseen))


def _chance_distinct(hand: list[Card], goal: Phase, unseen: Sequence[Card]) -> Fraction:
    kinds = set(unseen)
    return Fraction(sum(1 for card in kinds if can_complete([*hand, card], goal)), len(kinds))


def _chance_whole_deck(hand: list[Card], goal: Phase, unseen: Sequence[Card]) -> Fraction:
    return Fraction(sum(1 for card in unseen if can_complete([*hand, card], goal)), 108)


def _chance_count(hand: list[Card], goal: Phase, unseen: Sequence[Card]) -> int:
    return sum(1 for card in unseen if can_complete([*hand, card], goal))


WRITE_CHANCE = Exercise(
    id="draw.write_chance",
    notebook=NOTEBOOK,
    clauses=("prob.outs",),
    kind="write",
    question=N_(
        "Write chance_next(hand, phase, unseen): the exact chance that the next card drawn completes the phase. "
        "unseen lists every unseen card, a card as often as it has unseen copies."
    ),
    solution=_chance_solution,
    wrong=(_chance_distinct, _chance_whole_deck, _chance_count),
    hints=(
        N_("This is P(event, space) again: the space is the unseen cards, the event 'this card completes it'."),
        N_("For each card of unseen, ask the solver whether your hand with that card added holds the phase."),
        N_("Count copies, not kinds: go through unseen as it is, and return an exact Fraction."),
    ),
    judge=hidden_cases("chance_next", CHANCE_CASES, numbers="exact"),
    worked=N_(
        "This is `P(event, space)` again: the space is the unseen cards, each copy once, since each is as likely as "
        "any other to be drawn next.\n"
        "The favourable cards are those that complete the phase when added to the hand: "
        "`can_complete([*hand, card], phase)` says so.\n"
        "The chance is the exact fraction of the two counts:\n"
        "    def chance_next(hand, phase, unseen):\n"
        "        favourable = [card for card in unseen if can_complete([*hand, card], phase)]\n"
        "        return Fraction(len(favourable), len(unseen))\n"
        "For the first hand of this notebook, with B10 seen, 16 of the 97 unseen cards complete Phase 4: "
        "`Fraction(16, 97)`."
    ),
)

# ------------------------------------------------------------------ draw.two_draws

TWO_DRAWS_HAND = "R1 B1 R2 B2"


@cache
def two_draws_chance() -> Fraction:
    """The chance that two draws from the rest of the small deck complete a set of 3 for R1 B1 R2 B2.

    >>> two_draws_chance()
    Fraction(13, 28)
    """
    return exact_odds(parse_cards(TWO_DRAWS_HAND), Phase.parse("s3"), 2, complement_of(small_deck_cards()))


TWO_DRAWS = Exercise(
    id="draw.two_draws",
    notebook=NOTEBOOK,
    clauses=("prob.outs",),
    kind="answer",
    question=N_(
        "Count by hand: you hold R1 B1 R2 B2 from the small deck and draw two of its 8 other cards. What is the "
        "exact chance to hold a set of 3 afterwards? Write a fraction."
    ),
    solution=Fraction(13, 28),
    wrong=(Fraction(1, 2), Fraction(1, 4), Fraction(15, 28), 13 / 28),
    hints=(
        N_("There are 28 pairs of cards you could draw. Count the pairs with no out in them first."),
        N_("Which of the 8 cards make a set of 3 with R1 B1 or with R2 B2? The others do not help."),
        N_("How many pairs can the cards that do not help make? Count them as the 28 were counted: n · (n − 1) / 2."),
    ),
    worked=N_(
        "The 8 other cards are G1 G2 R3 B3 G3 R4 B4 G4; a G1 or a G2 makes a set of 3 with R1 B1 or R2 B2.\n"
        "All pairs: 8 · 7 / 2 = 28, each as likely as any other.\n"
        "Pairs with no out: the 6 other cards make 6 · 5 / 2 = 15 pairs.\n"
        "So 28 − 15 = 13 pairs hold an out: the chance is 13/28, about 0.464."
    ),
    judge=fraction_judge(
        two_draws_chance,
        {
            Fraction(1, 2): N_("{answer} adds 2/8 for each draw, but it counts twice the pairs that hold both outs."),
            Fraction(1, 4): N_("{answer} is the chance for one draw; you draw two cards."),
            Fraction(15, 28): N_("{answer} is the chance that neither card is an out: the opposite event."),
        },
        N_("Right: {answer}. 15 of the 28 pairs hold no out, so 13 of them complete a set."),
    ),
)

# ------------------------------------------------------------------ draw.best_discard

DISCARD_HAND = "R7 B7 G7 R2 B3 Y4 G9 Y12 B12 S R11"


@cache
def discard_odds() -> dict[Card, float]:
    """For each card of ``DISCARD_HAND``: the chance to hold Phase 2 within two draws after discarding it."""
    cards = parse_cards(DISCARD_HAND)
    return {card: completion_odds(cards[:i] + cards[i + 1 :], phase(2), 2) for i, card in enumerate(cards)}


def _judge_discard(answer: object, t: Translations) -> Verdict:
    chosen = read_cards(answer)
    if len(chosen) != 1:
        raise AnswerError(N_("Discard one card, not {answer}."), answer=brief(answer))
    card = chosen[0]
    odds = discard_odds()
    if card not in odds:
        raise AnswerError(N_("{card} is not in the hand."), card=str(card))
    best = max(odds.values())
    if odds[card] == best:
        return True, t.gettext(
            "Right: after discarding {card} the chance to hold Phase 2 within two draws is {odds}, the best "
            "of the eleven choices."
        ).format(card=card, odds=decimal(odds[card], 3, t))
    return False, t.gettext(
        "Discarding {card} leaves a chance of {odds} within two draws; another discard keeps more."
    ).format(card=card, odds=decimal(odds[card], 3, t))


BEST_DISCARD = Exercise(
    id="draw.best_discard",
    notebook=NOTEBOOK,
    clauses=("prob.discard",),
    kind="answer",
    question=N_(
        "On Phase 2 (a set of 3 and a run of 4) you hold R7 B7 G7 R2 B3 Y4 G9 Y12 B12 S R11 after drawing. "
        "Which card is best to discard (one of the best, if several tie)?"
    ),
    solution="Y12",
    wrong=("R7", "R2", "G9"),
    hints=(
        N_("Keep the set of 7s, and the cards that can grow into a run of 4."),
        N_("Two runs of 4 are in the making: one from R2 B3 Y4, and one from G9 R11 with a 12 (the run 9-12)."),
        N_("How many 12s does the run 9-12 need? And which card of the hand fits no group at all?"),
    ),
    judge=_judge_discard,
    worked=N_(
        "The set R7 B7 G7 is made: keep it. A run of 4 can grow from R2 B3 Y4 (it needs a 1, a 5 or a Wild) or "
        "from G9 R11 with a 12 (it needs a 10 or a Wild).\n"
        "The run 9-12 needs only one 12, so one of Y12 and B12 is spare; the Skip fits no group.\n"
        "Discarding Y12, B12 or the Skip leaves the same chance, about 0.549 within two draws; discarding G9 or "
        "R11 drops it to 0.445, and a 7 to 0.117.\n"
        "Discard Y12, or B12 or the Skip: the three tie."
    ),
)

EXERCISES: tuple[Exercise, ...] = (GUESS_NEXT, UNSEEN, OUTS, WRITE_CHANCE, TWO_DRAWS, BEST_DISCARD)
"""The exercises of lesson 10, in the notebook's order."""

__all__ = [
    "DISCARD_HAND",
    "EXERCISES",
    "FACE_UP",
    "OUTS_HAND",
    "RUN_HAND",
    "complement_of",
    "discard_odds",
    "exact_odds",
    "seen_by",
    "unseen_position",
]
