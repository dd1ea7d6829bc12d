"""Lesson 07, the phases and a turn: the exercises of ``teacher/07_phases_and_a_turn.ipynb``.

Every position is a seeded ``Game`` built from chosen hands (``Game.from_deal``), and the engine is the
judge: it refuses part of a phase, a phase out of order, a third set at lay-down, a hit on another
player's group the turn one lays down; it refills the draw pile, moves players to their next phase and
ends the round when a player has no cards left. The exercises of the lesson's second half, a turn, are
written in ``lesson_07_turn``; this module lists all of them in the notebook's order.

>>> from phase10kit.course.lesson_07 import EXERCISES
>>> len(EXERCISES), sorted({exercise.kind for exercise in EXERCISES})
(9, ['answer', 'predict', 'spot'])
>>> all(exercise.check(exercise.solution, record=False).ok for exercise in EXERCISES)
True
"""

from __future__ import annotations

from collections import Counter

from phase10kit.actions import Draw, Lay, parse_action
from phase10kit.course.answers import MAX_TEXT, read_int
from phase10kit.course.base import AnswerError, Exercise, Translations, Verdict, brief
from phase10kit.course.checks import lang_of, refusal_sentence, spot_the_refusal
from phase10kit.course.lesson_04 import explained
from phase10kit.course.lesson_07_turn import (
    GOING_OUT,
    HIT_NEXT,
    REFILL,
    TURN_EXERCISES,
    hit_position,
    out_position,
    refill_position,
)
from phase10kit.errors import Phase10Error
from phase10kit.game import Game
from phase10kit.i18n import N_
from phase10kit.phases import GroupKind, phase
from phase10kit.rules import Rules, phase_list
from phase10kit.solver import Layout

NOTEBOOK = "07_phases_and_a_turn"

# ------------------------------------------------------------------ phases.one_per_hand (the guess)

CUSTOM_RULES = Rules(phases=phase_list("r7, r8, r9"))
"""A custom phase list of three runs (variant.custom): a run of 7, then 8, then 9."""
CUSTOM_HANDS = ("R1 B2 G3 Y4 R5 B6 G7 Y8 R9 W", "R2 R4 R6 B8 B9 B10 Y11 Y12 G1 G2")
CUSTOM_MOVES = ("p1 draw", "p1 lay r[R1 B2 G3 Y4 R5 B6 G7 Y8 R9]", "p1 hit p1.1 B10", "p1 hit p1.1 W>high")


def custom_game() -> Game:
    """p1 lays a run of 9 for the first phase (a run of 7) and goes out by hitting: the round ends.

    >>> custom_game().round
    2
    """
    game = Game.from_deal(list(CUSTOM_HANDS), rules=CUSTOM_RULES, draws="B10", seed=7)
    for move in CUSTOM_MOVES:
        game.apply(parse_action(move))
    return game


def _judge_one_per_hand(answer: object, t: Translations) -> Verdict:
    number = read_int(answer, low=0, high=20, lang=lang_of(t))
    game = custom_game()
    expected = game.phases[0]
    if number == expected and not game.is_over():
        return True, t.gettext(
            "Right: phase {number}. The run of 9 counts for the first phase only: one phase per round, in order."
        ).format(number=number)
    if number > expected:
        return False, t.gettext(
            "Not {number}: a run of 9 laid for the first phase does not also count for the phases after it."
        ).format(number=number)
    return False, t.gettext("Not {number}: p1 laid the first phase this round, so p1 moves on.").format(number=number)


ONE_PER_HAND = Exercise(
    id="phases.one_per_hand",
    notebook=NOTEBOOK,
    clauses=("phase.one_per_hand", "phase.in_order", "score.advance", "variant.custom"),
    kind="answer",
    question=N_(
        "Guess first: a game is played with three phases, a run of 7, a run of 8 and a run of 9. In the first "
        "round p1 lays a run of 9 for the first phase and goes out. Which phase (1, 2 or 3) is p1 on in the "
        "next round? Write 4 if you think p1 has made all three."
    ),
    solution=2,
    wrong=(4, 3, 1),
    hints=(
        N_("How many phases may a player make in one round?"),
        N_("A run of 9 holds a run of 7 and a run of 8, but it is laid once, for one phase."),
        N_("Phases are made in order, one per round, and a player who has made a phase moves on in the next round."),
    ),
    worked=N_(
        "A player makes at most one phase in a round, and the phases come in order.\n"
        "p1's run of 9 is long enough for all three, but it is laid once, for the first phase (a run of 7; the extra "
        "cards only make that run longer).\n"
        "So p1 has made one phase this round and is on phase 2 in the next round."
    ),
    judge=_judge_one_per_hand,
    position_after_answer=True,  # the table of round 2 shows the phase p1 is on: the answer
    position=custom_game,
)

# ------------------------------------------------------------------ phases.with_runs


def phases_with_runs() -> list[int]:
    """The standard phases that ask for a run, read from the phase list itself.

    >>> phases_with_runs()
    [2, 3, 4, 5, 6]
    """
    return [number for number in range(1, 11) if any(spec.kind is GroupKind.RUN for spec in phase(number).groups)]


def read_numbers(answer: object) -> list[int]:
    """Whole numbers written as text (``"2 3, 4"``) or given as a list or tuple of ints.

    >>> read_numbers("2 3, 4"), read_numbers([5, 6])
    ([2, 3, 4], [5, 6])
    """
    if isinstance(answer, str) and len(answer) <= MAX_TEXT:
        words = answer.replace(",", " ").split()
        if words and all(word.isdigit() and len(word) <= 3 for word in words):
            return [int(word) for word in words]
    if isinstance(answer, list | tuple) and answer and len(answer) <= 30:
        return [read_int(item, low=0, high=999) for item in answer]
    raise AnswerError(N_("{answer} is not a list of numbers: write them like 1 2 3."), answer=brief(answer))


def _judge_with_runs(answer: object, t: Translations) -> Verdict:
    numbers = sorted(set(read_numbers(answer)))
    right = phases_with_runs()
    for number in numbers:
        if number not in range(1, 11):
            return False, t.gettext("{number} is not one of the ten phases.").format(number=number)
        if number not in right:
            return False, t.gettext("Phase {number} is {phase}: no r in it, so it asks for no run.").format(
                number=number, phase=phase(number)
            )
    missed = [number for number in right if number not in numbers]
    if missed:
        return False, t.ngettext(
            "{count} phase with a run is missing from {answer}.",
            "{count} phases with a run are missing from {answer}.",
            len(missed),
        ).format(count=len(missed), answer=" ".join(map(str, numbers)))
    return True, t.gettext("Right: phases {answer} ask for a run; the other phases are sets or one colour.").format(
        answer=" ".join(map(str, right))
    )


WITH_RUNS = Exercise(
    id="phases.with_runs",
    notebook=NOTEBOOK,
    clauses=("phase.list",),
    kind="answer",
    question=N_("Which of the ten phases ask for a run? Write their numbers, like 1 2 3."),
    solution="2 3 4 5 6",
    wrong=("4 5 6", "2 3", "1 2 3 4 5 6", "2 3 4 5 6 8"),
    hints=(
        N_("In the notation a run is written r: r7 is a run of 7."),
        N_("Look for the letter r in each phase, also in phases that mix a set and a run."),
        N_(
            "Go down the table of the ten phases one by one, and note each phase that has an r; leave out those "
            "with only s or c."
        ),
    ),
    worked=N_(
        "In the notation s is a set, r a run and c a colour group.\n"
        "Phase 1 is 2s3 (no r); Phases 2 and 3 are s3+r4 and s4+r4; Phases 4, 5 and 6 are r7, r8 and r9.\n"
        "Phase 7 is 2s4, Phase 8 c7, Phase 9 s5+s2 and Phase 10 s5+s3: no r.\n"
        "The phases with a run: 2 3 4 5 6."
    ),
    judge=_judge_with_runs,
)

# ------------------------------------------------------------------ phases.same_number

SAME_HANDS = ("R7 B7 G7 Y7 B7 W R1 G5 Y9 S", "R2 R4 R6 B8 B9 B10 Y11 Y12 G1 G2")


def same_position() -> Game:
    """p1 has drawn and holds five 7s (two of them B7), a Wild and four other cards.

    >>> from phase10kit.cards import format_cards
    >>> format_cards(same_position().hands[0])
    'R7 B7 G7 Y7 B7 W R1 G5 Y9 S R12'
    """
    game = Game.from_deal(list(SAME_HANDS), draws="R12", seed=3)
    game.apply(Draw(0))
    return game


def _judge_same(answer: object, t: Translations) -> Verdict:
    if not isinstance(answer, str) or len(answer) > MAX_TEXT:
        raise AnswerError(
            N_("{answer} is not a layout: write groups like s[R7 B7 G7] s[Y7 B7 W]."), answer=brief(answer)
        )
    game = same_position()
    try:
        layout = Layout.parse(answer)
    except Phase10Error as error:
        return False, t.gettext("{answer} is not a layout of groups: {why}").format(
            answer=answer.strip(), why=refusal_sentence(error, lang_of(t))
        )
    used, held = Counter(layout.cards), Counter(game.hands[0])
    twice = [card for card, count in used.items() if count > held[card] and held[card] > 0]
    if twice:
        return False, t.gettext(
            "{layout} uses {card} more often than the hand holds it: the groups of a phase use different cards."
        ).format(layout=layout, card=twice[0])
    refusal = game.why_not(Lay(0, layout.groups))
    if refusal is not None:
        return False, t.gettext("The rules refuse {layout}: {why}").format(
            layout=layout, why=refusal_sentence(refusal, lang_of(t))
        )
    return True, t.gettext("Right: {layout} is Phase 1, two sets of the same number.").format(layout=layout)


SAME_NUMBER = Exercise(
    id="phases.same_number",
    notebook=NOTEBOOK,
    clauses=("phase.same_number", "phase.disjoint"),
    kind="answer",
    question=N_(
        "p1 is on Phase 1 (two sets of 3) and holds R7 B7 G7 Y7 B7 W R1 G5 Y9 S R12. Write a lay-down of "
        "Phase 1 in the notation, like s[...] s[...]."
    ),
    solution="s[R7 B7 G7] s[Y7 B7 W]",
    wrong=("s[R7 B7 G7] s[Y7 G7 W]", "s[R7 B7 G7 Y7 B7 W]", "s[R7 B7 G7]"),
    hints=(
        N_("Which number does the hand hold many times? Both sets may be of that number."),
        N_("Each card goes into one group only: count the 7s and the Wild, then split them in two."),
        N_("Each set needs three cards, and no card may be used more often than the hand holds it."),
    ),
    worked=N_(
        "The hand holds five 7s (R7, G7, Y7 and two B7s) and a Wild: six cards for two sets of 3.\n"
        "The two sets of Phase 1 may have the same number, as long as they share no card.\n"
        "One lay-down: s[R7 B7 G7] s[Y7 B7 W], each B7 a different card (other splits of the six cards work "
        "too)."
    ),
    judge=_judge_same,
)

# ------------------------------------------------------------------ phases.whole, phases.in_order

ORDER_HANDS = ("R7 B7 G7 Y2 B2 W R3 G4 Y5 B6", "R2 R4 R6 B8 B9 B10 Y11 Y12 G1 G2")


def order_position() -> Game:
    """p1 is on Phase 1, has drawn Y9, and holds both Phase 1 and the cards of Phase 2.

    >>> from phase10kit.cards import format_cards
    >>> format_cards(order_position().hands[0])
    'R7 B7 G7 Y2 B2 W R3 G4 Y5 B6 Y9'
    """
    game = Game.from_deal(list(ORDER_HANDS), draws="Y9", seed=4)
    game.apply(Draw(0))
    return game


WHOLE_ACTIONS = ("p1 lay s[R7 B7 G7]", "p1 lay s[R7 B7 G7] s[Y2 B2 W]", "p1 discard R3", "p1 discard W")

WHOLE = Exercise(
    id="phases.whole",
    notebook=NOTEBOOK,
    clauses=("phase.whole",),
    kind="spot",
    question=N_(
        "p1 is on Phase 1 and holds R7 B7 G7 Y2 B2 W R3 G4 Y5 B6 Y9 after drawing. Which of these moves do "
        "the rules refuse?"
    ),
    solution=WHOLE_ACTIONS[0],
    wrong=WHOLE_ACTIONS[1:],
    hints=(
        N_("How many groups does Phase 1 have?"),
        N_("A phase is laid down all at once or not at all."),
        N_(
            "Compare the two lay-downs: does each put the whole of Phase 1 on the table? A discard after the draw is "
            "always allowed."
        ),
    ),
    worked=N_(
        "Phase 1 is two sets of 3, and a phase is laid down whole, in one move.\n"
        "p1 lay s[R7 B7 G7] s[Y2 B2 W] lays both sets: allowed. Discarding R3 or W after the draw is allowed too.\n"
        "p1 lay s[R7 B7 G7] lays only one of the two sets.\n"
        "The rules refuse p1 lay s[R7 B7 G7]."
    ),
    judge=explained(
        spot_the_refusal(order_position, WHOLE_ACTIONS),
        N_("A phase is laid down whole: both sets of Phase 1 in one move, never one set alone."),
    ),
    position=order_position,
)

ORDER_ACTIONS = (
    "p1 lay s[R7 B7 G7] r[R3 G4 Y5 B6]",
    "p1 lay s[R7 B7 G7] s[Y2 B2 W]",
    "p1 discard G4",
    "p1 discard Y9",
)

IN_ORDER = Exercise(
    id="phases.in_order",
    notebook=NOTEBOOK,
    clauses=("phase.in_order", "phase.list"),
    kind="spot",
    question=N_("The same position: p1 is on Phase 1. Which of these moves do the rules refuse?"),
    solution=ORDER_ACTIONS[0],
    wrong=ORDER_ACTIONS[1:],
    hints=(
        N_("Everyone makes the phases one after another, starting with Phase 1."),
        N_("Read each lay-down in the notation: which phase does it make? (s is a set, r a run.)"),
        N_("p1 is on Phase 1, two sets of 3: a lay-down of any other phase is refused, however good its cards."),
    ),
    worked=N_(
        "p1 is on Phase 1, two sets of 3, and everyone makes the phases in order.\n"
        "s[R7 B7 G7] s[Y2 B2 W] is Phase 1: allowed. Discarding G4 or Y9 is allowed too.\n"
        "s[R7 B7 G7] r[R3 G4 Y5 B6] is a set of 3 and a run of 4: Phase 2, which p1 may not make before Phase 1.\n"
        "The rules refuse p1 lay s[R7 B7 G7] r[R3 G4 Y5 B6]."
    ),
    judge=explained(
        spot_the_refusal(order_position, ORDER_ACTIONS),
        N_("s[R7 B7 G7] r[R3 G4 Y5 B6] is Phase 2, and p1 must make Phase 1 first."),
    ),
    position=order_position,
)

# ------------------------------------------------------------------ phases.extra_cards

EXTRA_HANDS = ("R6 B6 G6 Y6 R8 B8 G8 Y8 R10 B10", "R2 R4 R7 B3 B9 B11 Y11 Y12 G1 G2")


def extra_position() -> Game:
    """p1 is on Phase 1 and holds four 6s, four 8s and three 10s after drawing G10 (the printed example).

    >>> len(extra_position().hands[0])
    11
    """
    game = Game.from_deal(list(EXTRA_HANDS), draws="G10", seed=6)
    game.apply(Draw(0))
    return game


EXTRA_ACTIONS = (
    "p1 lay s[R6 B6 G6] s[R8 B8 G8] s[R10 B10 G10]",
    "p1 lay s[R6 B6 G6] s[R8 B8 G8 Y8]",
    "p1 lay s[R6 B6 G6 Y6] s[R8 B8 G8]",
    "p1 discard R10",
)

EXTRA_CARDS = Exercise(
    id="phases.extra_cards",
    notebook=NOTEBOOK,
    clauses=("phase.extra_cards",),
    kind="spot",
    question=N_(
        "p1 is on Phase 1 and holds R6 B6 G6 Y6 R8 B8 G8 Y8 R10 B10 G10 after drawing. Which of these moves "
        "do the rules refuse?"
    ),
    solution=EXTRA_ACTIONS[0],
    wrong=EXTRA_ACTIONS[1:],
    hints=(
        N_("Extra cards are allowed at lay-down, but only in a certain place."),
        N_("An extra card must make one of the phase's own groups longer; Phase 1 has two groups."),
        N_("Count the groups of each lay-down and compare with the two groups of Phase 1."),
    ),
    worked=N_(
        "Phase 1 is two sets of 3; by the default rules, extra cards may make the phase's own groups longer.\n"
        "s[R6 B6 G6 Y6] s[R8 B8 G8] and s[R6 B6 G6] s[R8 B8 G8 Y8] lay two sets, one of them a set of 4: allowed. "
        "Discarding R10 is allowed too.\n"
        "s[R6 B6 G6] s[R8 B8 G8] s[R10 B10 G10] lays a third set, which is no part of Phase 1.\n"
        "The rules refuse p1 lay s[R6 B6 G6] s[R8 B8 G8] s[R10 B10 G10]."
    ),
    judge=explained(
        spot_the_refusal(extra_position, EXTRA_ACTIONS),
        N_("Extra cards may only make the phase's own groups longer; a third set is not part of Phase 1."),
    ),
    position=extra_position,
)

EXERCISES: tuple[Exercise, ...] = (
    ONE_PER_HAND,
    WITH_RUNS,
    SAME_NUMBER,
    WHOLE,
    IN_ORDER,
    EXTRA_CARDS,
    *TURN_EXERCISES,
)
"""The exercises of lesson 07, in the notebook's order."""

__all__ = [
    "EXERCISES",
    "GOING_OUT",
    "HIT_NEXT",
    "REFILL",
    "custom_game",
    "extra_position",
    "hit_position",
    "order_position",
    "out_position",
    "phases_with_runs",
    "refill_position",
    "same_position",
]
