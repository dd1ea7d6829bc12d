"""Lesson 04, colour groups: the exercises of ``teacher/04_colour_groups.ipynb``.

The engine is the judge: ``groups.arrange`` says whether cards make a group (and why not),
``solver.outs`` which single cards finish a phase. The helpers ``build_judge`` and ``predict_judge``
are shared with lessons 05 and 06 (a build-it target and a predict-then-reveal guess; ``predict_judge`` is the
course's one judge of guesses, from ``number_judges``).

>>> from phase10kit.course.lesson_04 import EXERCISES
>>> [exercise.id for exercise in EXERCISES]
['colour.predict_three', 'colour.build_four', 'colour.is_colour_group', 'colour.phase8_outs']
>>> all(exercise.check(exercise.solution, record=False).ok for exercise in EXERCISES)
True
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations

from phase10kit.cards import Card, format_cards, parse_cards
from phase10kit.course.answers import read_cards, read_int
from phase10kit.course.base import AnswerError, Exercise, Judge, Translations, Verdict
from phase10kit.course.checks import Case, hidden_cases, lang_of, refusal_sentence
from phase10kit.course.number_judges import predict_judge
from phase10kit.errors import Reason
from phase10kit.explain import group_kind_name
from phase10kit.groups import InvalidGroupError, arrange
from phase10kit.i18n import N_, Word
from phase10kit.phases import GroupKind, phase
from phase10kit.solver import outs

NOTEBOOK = "04_colour_groups"

# ------------------------------------------------------------------ shared helpers (lessons 04-06)


def check_from_hand(cards: list[Card], hand: str) -> None:
    """Raise ``AnswerError`` unless ``cards`` can be picked from ``hand`` (counting copies).

    >>> check_from_hand(parse_cards("R7 W"), "R7 B7 W")
    >>> check_from_hand(parse_cards("R7 R7"), "R7 B7 W")
    Traceback (most recent call last):
    ...
    phase10kit.course.base.AnswerError: R7 R7 are not all in the hand R7 B7 W: there is no second R7 there.
    """
    held = Counter(parse_cards(hand))
    for card, count in Counter(cards).items():
        if count > held[card]:
            missing = (
                N_("{answer} are not all in the hand {hand}: there is no {card} there.")
                if held[card] == 0
                else N_("{answer} are not all in the hand {hand}: there is no second {card} there.")
            )
            raise AnswerError(
                missing,
                reason=Reason.NOT_IN_HAND,
                answer=format_cards(cards),
                hand=hand,
                card=str(card),
            )


def kind_text(kind: GroupKind, t: Translations) -> Word:
    """The kind's name with its article in the translator's language ("a set", "a run", "a colour group"), with its
    grammatical forms (a sentence asks for the one it needs: hr "ne čine {kind:acc}")."""
    return group_kind_name(kind, lang_of(t), article=True)


def build_judge(hand: str, kind: GroupKind, size: int, *, wilds: int | None = None) -> Judge:
    """A judge for a build-it target: cards picked from ``hand`` that make a ``kind`` of ``size`` cards
    (exactly ``wilds`` Wilds when given). ``groups.arrange`` decides whether they make the group.

    >>> from phase10kit.i18n import translator
    >>> judge = build_judge("R3 G4 W B6 S", GroupKind.RUN, 4, wilds=1)
    >>> judge("R3 G4 W B6", translator("en"))
    (True, 'Right: R3 G4 W B6 make a run r[R3 G4 W B6] of 4 cards, with 1 Wild.')
    >>> judge("R3 G4 S B6", translator("en"))[1]
    'R3 G4 S B6 do not make a run: A Skip can never be part of a group.'
    """

    def judge(answer: object, t: Translations) -> Verdict:
        cards = read_cards(answer)
        check_from_hand(cards, hand)
        shown = format_cards(cards)
        try:
            group = arrange(kind, cards)
        except InvalidGroupError as error:
            why = refusal_sentence(error, lang_of(t))
            return False, t.gettext("{answer} do not make {kind}: {why}").format(
                answer=shown, kind=kind_text(kind, t), why=why
            )
        count = sum(card.is_wild for card in group.cards)
        if len(group.cards) != size:
            return False, t.ngettext(
                "{answer} make {kind} {group}, but of {count} card: the target asks for {size}.",
                "{answer} make {kind} {group}, but of {count} cards: the target asks for {size}.",
                len(group.cards),
            ).format(answer=shown, kind=kind_text(kind, t), group=group, count=len(group.cards), size=size)
        if wilds is not None and count != wilds:
            return False, t.ngettext(
                "{answer} make {kind} {group} with {count} Wild: the target asks for exactly {wilds}.",
                "{answer} make {kind} {group} with {count} Wilds: the target asks for exactly {wilds}.",
                count,
            ).format(answer=shown, kind=kind_text(kind, t), group=group, count=count, wilds=wilds)
        return True, t.ngettext(
            "Right: {answer} make {kind} {group} of {size} cards, with {count} Wild.",
            "Right: {answer} make {kind} {group} of {size} cards, with {count} Wilds.",
            count,
        ).format(answer=shown, kind=kind_text(kind, t), group=group, size=size, count=count)

    return judge


def explained(judge: Judge, why: str) -> Judge:
    """``judge`` with the sentence ``why`` (a msgid) added to a right answer's message: the lesson's own
    explanation after the engine's refusal.

    >>> from phase10kit.i18n import translator
    >>> explained(lambda answer, t: (answer == 1, "One."), "Because.")(1, translator("en"))
    (True, 'One. Because.')
    """

    def judge_with_why(answer: object, t: Translations) -> Verdict:
        ok, message = judge(answer, t)
        return (True, f"{message} {t.gettext(why)}") if ok else (False, message)

    return judge_with_why


# ------------------------------------------------------------------ colour.predict_three

SMALL_DECK = "R1 R2 R3 B1 B2 B3 G1 G2 G3 Y1 Y2 Y3"
"""The lesson's small deck: 1-3 in the four colours, one copy each."""


def makes(kind: GroupKind, cards: list[Card]) -> bool:
    """Whether the cards make a group of that kind, as the engine judges it (``groups.arrange``).

    >>> makes(GroupKind.COLOR, parse_cards("Y7 Y7 W")), makes(GroupKind.COLOR, parse_cards("B1 R2"))
    (True, False)
    """
    try:
        arrange(kind, cards)
    except InvalidGroupError:
        return False
    return True


@cache
def small_deck_colour_chance() -> Fraction:
    """The exact chance that 3 cards of the small deck make a colour group: favourable over total.

    >>> small_deck_colour_chance()
    Fraction(1, 55)
    """
    hands = list(combinations(parse_cards(SMALL_DECK), 3))
    favourable = [hand for hand in hands if makes(GroupKind.COLOR, list(hand))]
    return Fraction(len(favourable), len(hands))


PREDICT_THREE = Exercise(
    id="colour.predict_three",
    notebook=NOTEBOOK,
    clauses=("group.colour",),
    kind="predict",
    question=N_(
        "Guess first: three cards are dealt from the small deck R1 R2 R3 B1 B2 B3 G1 G2 G3 Y1 Y2 Y3. "
        "What is the chance that they make a colour group of 3? Write a fraction or a decimal."
    ),
    solution=Fraction(1, 55),
    wrong=(Fraction(1, 4), Fraction(1, 16), Fraction(1, 3)),
    hints=(
        N_("The first card can be anything; what must the second and the third card be?"),
        N_(
            "Each colour has only three cards in this deck. After the first card, how many of the 11 cards left "
            "have its colour?"
        ),
        N_("It is rarer than a set of 3 was in lesson 02 (3/55)."),
    ),
    worked=N_(
        "The first card can be any card.\n"
        "The second must have its colour: 2 of the 11 cards left do, a chance of 2/11.\n"
        "The third must have it too: 1 of the 10 cards left does, a chance of 1/10.\n"
        "2/11 × 1/10 = 2/110 = 1/55, about 0.018 (counted as hands: 4 one-colour hands of 220)."
    ),
    judge=predict_judge(small_deck_colour_chance),
)

# ------------------------------------------------------------------ colour.build_four

BUILD_HAND = "B1 B4 R4 G4 Y4 W S B9 B12 R9"

BUILD_FOUR = Exercise(
    id="colour.build_four",
    notebook=NOTEBOOK,
    clauses=("group.colour", "skip.not_in_group"),
    kind="build",
    question=N_("Build a colour group of exactly 4 cards from this hand, without any Wild."),
    solution="B1 B4 B9 B12",
    wrong=("R4 G4 Y4 B4", "B1 B4 B9 S", "B1 B4 B9 W", "B1 B4 B9", "B1 B4 B9 B9"),
    hints=(
        N_("A colour group looks only at the colours: the numbers may be anything."),
        N_("Count the cards of each colour in the hand: which colour has four cards?"),
        N_(
            "Leave out the Wild (the target has none) and the Skip (it has no colour). Four 4s make a set, "
            "not a colour group."
        ),
    ),
    worked=N_(
        "A colour group is cards of one colour, whatever their numbers.\n"
        "The hand's colours: blue B1 B4 B9 B12, red R4 R9, green G4, yellow Y4, besides a Wild and a Skip.\n"
        "Only blue has four cards: B1 B4 B9 B12 is the colour group of 4, without a Wild."
    ),
    judge=build_judge(BUILD_HAND, GroupKind.COLOR, 4, wilds=0),
    hand=BUILD_HAND,
    group_kind="colour",
)

# ------------------------------------------------------------------ colour.is_colour_group


def _colour_case(text: str, why: str) -> Case:
    cards = parse_cards(text)
    return Case((cards,), makes(GroupKind.COLOR, cards), why)


COLOUR_CASES = (
    _colour_case("B1 B4 B9 B12", N_("four blue cards make a colour group, whatever their numbers")),
    _colour_case("B1 B4 R9", N_("a colour group has one colour, and R9 is red")),
    _colour_case("Y7 Y7 Y2", N_("the two copies of Y7 count as two yellow cards")),
    _colour_case("G3 W G11", N_("the Wild stands for a green card")),
    _colour_case("W W W", N_("each group needs at least one card that is not a Wild")),
    _colour_case("R2 R5 S", N_("a Skip is never part of a group")),
    _colour_case("W R12", N_("one red card and a Wild standing for red")),
    _colour_case("G1 G2 B3 B4", N_("two green and two blue cards are two colours")),
    # Skips and Wilds alone: a Skip has no colour (card.color is None), yet it is never part of a group.
    _colour_case("S S", N_("Skips are never part of a group, however many there are")),
    _colour_case("S S S", N_("Skips are never part of a group, however many there are")),
    _colour_case("W S", N_("a Skip is never part of a group, and the Wild alone has no colour to stand for")),
    _colour_case("W W", N_("each group needs at least one card that is not a Wild")),
    _colour_case("W", N_("each group needs at least one card that is not a Wild")),
    _colour_case("S", N_("a Skip is never part of a group")),
    _colour_case("", N_("no cards make no colour group")),
)
"""The hidden cases of ``is_colour_group``: expected results from the engine, reasons in words."""

COLOUR_NAME = "is_colour_group"


def is_colour_group_solution(cards: list[Card]) -> bool:
    """The teacher's answer: no Skip, at least one natural card, and one colour among the naturals.

    >>> is_colour_group_solution(parse_cards("Y7 Y7 W")), is_colour_group_solution(parse_cards("W W"))
    (True, False)
    """
    if any(card.is_skip for card in cards):
        return False
    colours = {card.color for card in cards if card.is_number}
    return len(colours) == 1


def _any_cards(cards: list[Card]) -> bool:
    return len(cards) > 0


def _no_skip(cards: list[Card]) -> bool:
    colours = {card.color for card in cards if card.is_number}
    return len(colours) <= 1


def _same_number(cards: list[Card]) -> bool:
    numbers = {card.number for card in cards if card.is_number}
    return not any(card.is_skip for card in cards) and len(numbers) == 1


IS_COLOUR_GROUP = Exercise(
    id="colour.is_colour_group",
    notebook=NOTEBOOK,
    clauses=("group.colour", "wild.natural", "skip.not_in_group"),
    kind="write",
    question=N_(
        "Write is_colour_group(cards): True when the cards make a colour group by the default rules, False otherwise."
    ),
    solution=is_colour_group_solution,
    wrong=(_any_cards, _no_skip, _same_number),
    hints=(
        N_(
            "A colour group has one colour. Look at the natural cards only (card.is_number): how many colours do "
            "they have?"
        ),
        N_("A Wild stands for any colour and a Skip has none: leave both out of the colours."),
        N_("Two more things refuse a group: a Skip among the cards, and no natural card at all."),
        N_("Before you check, try your function on Y7 Y7 W (True), B1 B4 R9 (False), R2 R5 S (False) and W W (False)."),
    ),
    worked=N_(
        "A Skip is never part of a group: if any card is a Skip, the answer is False.\n"
        "Collect the colours of the natural cards only, each once: `set(card.color for card in cards if "
        "card.is_number)`.\n"
        "One colour left means a colour group; none (only Wilds, or no cards) or two or more mean no colour "
        "group.\n"
        "    def is_colour_group(cards):\n"
        "        if any(card.is_skip for card in cards):\n"
        "            return False\n"
        "        colours = set(card.color for card in cards if card.is_number)\n"
        "        return len(colours) == 1"
    ),
    judge=hidden_cases(COLOUR_NAME, COLOUR_CASES, numbers="close"),
)

# ------------------------------------------------------------------ colour.phase8_outs

OUTS_HAND = "B2 B4 B4 B7 B9 B11 R3 G5 Y8 Y8"


def phase8_outs() -> list[Card]:
    """The different single cards that complete Phase 8 for the exercise's hand (``solver.outs``).

    >>> Card.parse("B4") in phase8_outs()  # both copies are in the hand already
    False
    """
    return outs(parse_cards(OUTS_HAND), phase(8))


def _judge_outs(answer: object, t: Translations) -> Verdict:
    count = read_int(answer, low=0, high=50, lang=lang_of(t))
    right = phase8_outs()
    if count == len(right):
        return True, t.gettext("Right: {count} different cards finish Phase 8 here: {cards}.").format(
            count=count, cards=format_cards(right)
        )
    if count > len(right):
        return False, t.gettext(
            "{count} is too many: some cards cannot be drawn, because the deck holds only two copies of each "
            "number card."
        ).format(count=count)
    return False, t.gettext("{count} is too few: a card the hand already holds may still help.").format(count=count)


PHASE8_OUTS = Exercise(
    id="colour.phase8_outs",
    notebook=NOTEBOOK,
    clauses=("group.colour", "deck.copies", "prob.outs"),
    kind="answer",
    question=N_(
        "The hand B2 B4 B4 B7 B9 B11 R3 G5 Y8 Y8 is one card short of Phase 8 (7 cards of one colour). "
        "How many different cards (count each card once, the Wild too) would finish it if drawn?"
    ),
    solution=12,
    wrong=(13, 11, 6),
    hints=(
        N_("Which colour is the hand collecting? Any card of that colour helps, and so does a Wild."),
        N_("List the different cards of that colour, one per number: each counts once, however many copies exist."),
        N_("The deck has only two copies of each number card: look at the B4s in the hand."),
        N_("Count the cards of that colour that can still be drawn, then add the Wild."),
    ),
    worked=N_(
        "The hand holds six blue cards; Phase 8 needs seven of one colour, so a blue card or a Wild finishes it.\n"
        "There are twelve different blue cards, B1 to B12, but both copies of B4 are in the hand already: B4 can "
        "never be drawn.\n"
        "That leaves 11 blue cards, and the Wild makes 12 different cards."
    ),
    judge=_judge_outs,
)

EXERCISES: tuple[Exercise, ...] = (PREDICT_THREE, BUILD_FOUR, IS_COLOUR_GROUP, PHASE8_OUTS)
"""The exercises of lesson 04, in the notebook's order."""

__all__ = [
    "COLOUR_CASES",
    "EXERCISES",
    "SMALL_DECK",
    "build_judge",
    "check_from_hand",
    "explained",
    "is_colour_group_solution",
    "makes",
    "phase8_outs",
    "predict_judge",
    "small_deck_colour_chance",
]
