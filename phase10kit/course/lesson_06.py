"""Lesson 06, Skips: the exercises of ``teacher/06_skips.ipynb``.

Every answer is judged by a seeded ``Game``: who plays first after a Skip turned up, who plays after
a Skip is discarded, which Skip the once-per-circuit rule refuses, and that a Skip cannot be taken
from the discard pile. ``spot_in_turns`` (shared with lesson 07) judges choices that are short
sequences of moves ("p2 take; p2 discard G1"): the first move the engine refuses makes the choice illegal.

>>> from phase10kit.course.lesson_06 import EXERCISES
>>> [exercise.id for exercise in EXERCISES]  # doctest: +NORMALIZE_WHITESPACE
['skips.predict_flip', 'skips.first_player', 'skips.who_next', 'skips.once_per_circuit',
 'skips.from_discard', 'skips.phase8']
>>> all(exercise.check(exercise.solution, record=False).ok for exercise in EXERCISES)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from phase10kit.actions import parse_action, seat_notation
from phase10kit.cards import SKIP, standard_deck
from phase10kit.course.answers import read_choice
from phase10kit.course.base import AnswerError, Exercise, Judge, Translations, Verdict, brief
from phase10kit.course.checks import lang_of, refusal_sentence, spot_the_refusal
from phase10kit.course.lesson_04 import build_judge, predict_judge
from phase10kit.errors import Phase10Error
from phase10kit.game import Game
from phase10kit.i18n import N_
from phase10kit.phases import GroupKind

NOTEBOOK = "06_skips"

# ------------------------------------------------------------------ shared helpers (lessons 06-07)


def read_player(answer: object, players: int) -> int:
    """A seat written ``p1`` .. ``pN`` (or the number alone), from 0.

    >>> read_player(" P3 ", 4), read_player(2, 4)
    (2, 1)
    """
    text = str(answer).strip().lower() if isinstance(answer, str | int) and not isinstance(answer, bool) else ""
    text = text.removeprefix("p")
    if text.isdigit() and 1 <= int(text) <= players:
        return int(text) - 1
    raise AnswerError(N_("{answer} is not a player: write p1 to p{count}."), answer=brief(answer), count=players)


def split_moves(choice: str) -> list[str]:
    """The moves of a choice written ``"p2 draw; p2 discard G1"``.

    >>> split_moves("p2 draw; p2 discard G1")
    ['p2 draw', 'p2 discard G1']
    """
    return [move.strip() for move in choice.split(";") if move.strip()]


def first_refusal(game: Game, moves: Sequence[str]) -> tuple[str, Phase10Error] | None:
    """Apply ``moves`` to ``game`` in order; the first one the engine refuses and its error (or None)."""
    for move in moves:
        error = game.why_not(parse_action(move))
        if error is not None:
            return move, error
        game.apply(parse_action(move))
    return None


def spot_in_turns(position: Callable[[], Game], choices: Sequence[str]) -> Judge:
    """A judge for "spot the illegal move" whose choices are short sequences of moves separated by ``;``.

    The answer is one of ``choices``; it is right when the engine refuses one of its moves.

    >>> from phase10kit.i18n import translator
    >>> judge = spot_in_turns(lambda: Game(2, seed=1), ["p1 draw; p2 draw", "p1 draw"])
    >>> judge("p1 draw; p2 draw", translator("en"))
    (True, "Right: the rules refuse p2 draw in p1 draw; p2 draw. It is p1's turn.")
    """
    options = tuple("; ".join(split_moves(choice)) for choice in choices)

    def judge(answer: object, t: Translations) -> Verdict:
        choice = read_choice("; ".join(split_moves(answer)) if isinstance(answer, str) else answer, options)
        refused = first_refusal(position(), split_moves(choice))
        if refused is None:
            return False, t.gettext(
                "{action} is allowed here: the rules accept it. Look for the one they refuse."
            ).format(action=choice)
        move, error = refused
        return True, t.gettext("Right: the rules refuse {move} in {action}. {why}").format(
            move=move, action=choice, why=refusal_sentence(error, lang_of(t))
        )

    return judge


def player_judge(who: Callable[[], int], players: int, right: str, wrong: str) -> Judge:
    """A judge for "which player?": ``who()`` asks the engine; ``right``/``wrong`` are msgids with
    ``{player}`` (the answer) and, for ``wrong``, ``{answer}``."""

    def judge(answer: object, t: Translations) -> Verdict:
        seat = read_player(answer, players)
        expected = who()
        if seat == expected:
            return True, t.gettext(right).format(player=seat_notation(seat))
        return False, t.gettext(wrong).format(answer=seat_notation(seat))

    return judge


# ------------------------------------------------------------------ skips.predict_flip


def flip_skip_chance() -> Fraction:
    """The chance that the card flipped to start the discard pile is a Skip: every card of the shuffled
    deck is equally likely to be that card, so it is Skips over cards.

    >>> flip_skip_chance()
    Fraction(1, 27)
    """
    deck = standard_deck()
    return Fraction(deck.count(SKIP), len(deck))


PREDICT_FLIP = Exercise(
    id="skips.predict_flip",
    notebook=NOTEBOOK,
    clauses=("skip.first_discard", "deck.composition"),
    kind="predict",
    question=N_(
        "Guess first: after the deal, one card is flipped to start the discard pile. What is the chance "
        "that it is a Skip? Write a fraction or a decimal."
    ),
    solution=Fraction(1, 27),
    wrong=(Fraction(1, 4), Fraction(1, 2), Fraction(1, 100)),
    hints=(
        N_("Before anyone looks, every one of the 108 cards is equally likely to be the flipped card."),
        N_(
            "So the cards dealt before it do not change the chance: it is the same as for the top card of a freshly "
            "shuffled deck."
        ),
        N_("How many Skips does the deck hold? Put them over all the cards."),
    ),
    worked=N_(
        "The deck is shuffled before anyone looks, so each of the 108 cards is equally likely to be the one turned "
        "up, however many cards were dealt before it.\n"
        "The deck holds 4 Skips.\n"
        "The chance is 4/108 = 1/27, about 0.037: about one deal in 27."
    ),
    judge=predict_judge(flip_skip_chance),
)

# ------------------------------------------------------------------ skips.first_player


FIRST_SEED = 0
"""A seed whose 3-player deal turns up a Skip as the first discard (found with the engine)."""


def first_position() -> Game:
    """The 3-player deal of ``FIRST_SEED``: its first discard is a Skip.

    >>> first_position().discard_pile[-1].is_skip
    True
    """
    return Game(players=3, seed=FIRST_SEED)


FIRST_PLAYER = Exercise(
    id="skips.first_player",
    notebook=NOTEBOOK,
    clauses=("skip.first_discard", "game.dealer"),
    kind="answer",
    question=N_(
        "In Game(players=3, seed=0) p3 deals, and the card flipped to start the discard pile is a Skip. "
        "Who plays the first turn? Write p1, p2 or p3."
    ),
    solution="p2",
    wrong=("p1", "p3"),
    hints=(
        N_("Who would start if the first discard were not a Skip? The player to the left of the dealer."),
        N_("That is p1 here: p3 deals, and the turn goes to the left, in seat order."),
        N_("A Skip turned up as the first discard skips the first player's first turn. Who comes after that player?"),
    ),
    worked=N_(
        "p3 deals, so without the Skip the player to the dealer's left, p1, would start.\n"
        "A Skip turned up as the first discard skips that player's first turn.\n"
        "The turn passes on to the left: p2 plays the first turn."
    ),
    judge=player_judge(
        lambda: first_position().current_player,
        3,
        N_("Right: {player} plays first, because the Skip turned up skips p1's first turn."),
        N_("Not {answer}: look at whom the Skip turned up at the start skips."),
    ),
    position_after_answer=True,  # the table shows the answer (whose turn / the phase)
    position=first_position,
)

# ------------------------------------------------------------------ skips.who_next, skips.once_per_circuit

SKIP_HANDS = (
    "S R7 B7 G7 Y2 B2 W R1 R3 G5",
    "S R2 R3 R4 R6 B8 B9 B10 Y11 G1",
    "B1 B2 B3 G4 G6 G8 Y9 Y10 R11 R12",
    "Y1 Y3 Y5 Y7 G9 G10 G11 G12 B12 Y12",
)
"""Four hands for the lesson: p1 and p2 each hold a Skip."""
SKIP_DRAWS = "Y7 B5 R9 G2 Y4"


def skip_position(*moves: str) -> Game:
    """The lesson's 4-player deal after ``moves``.

    >>> skip_position("p1 draw", "p1 discard S>p4").skipped
    [False, False, False, True]
    """
    game = Game.from_deal(list(SKIP_HANDS), draws=SKIP_DRAWS, seed=1)
    for move in moves:
        game.apply(parse_action(move))
    return game


WHO_NEXT_MOVES = ("p1 draw", "p1 discard S>p2")

WHO_NEXT = Exercise(
    id="skips.who_next",
    notebook=NOTEBOOK,
    clauses=("skip.lose_turn", "skip.choose"),
    kind="play",
    question=N_("In the lesson's 4-player deal p1 draws and discards a Skip against p2. Who plays the next turn?"),
    solution="p3",
    wrong=("p2", "p4", "p1"),
    hints=(
        N_("Without a Skip, whose turn would come after p1's? The turn passes to the left, in seat order."),
        N_("The player the Skip names loses their next turn; the turn goes on past them."),
        N_("Whom does p1's Skip name? Leave that seat out and go on to the left."),
    ),
    worked=N_(
        "Without a Skip the turn would pass from p1 to p2.\n"
        "p1's Skip names p2, so p2 loses that turn.\n"
        "The turn goes on to the next player to the left: p3 plays the next turn."
    ),
    judge=player_judge(
        lambda: skip_position(*WHO_NEXT_MOVES).current_player,
        4,
        N_("Right: {player} plays next; p2 loses the turn to the Skip p1 chose to play against p2."),
        N_("Not {answer}: the Skip named p2, so p2 loses the next turn and the turn passes on to the left."),
    ),
    position_after_answer=True,  # the table shows the answer (whose turn / the phase)
    position=lambda: skip_position(*WHO_NEXT_MOVES),
)

CIRCUIT_MOVES = ("p1 draw", "p1 discard S>p3", "p2 draw")
CIRCUIT_ACTIONS = ("p2 discard S>p3", "p2 discard S>p4", "p2 discard S>p1", "p2 discard G1")


def circuit_position() -> Game:
    """p1 has skipped p3; p2 has drawn and holds a Skip.

    >>> game = circuit_position(); game.skipped[2], game.current_player, game.stage
    (True, 1, 'play')
    """
    return skip_position(*CIRCUIT_MOVES)


ONCE_PER_CIRCUIT = Exercise(
    id="skips.once_per_circuit",
    notebook=NOTEBOOK,
    clauses=("skip.once_per_circuit", "skip.choose"),
    kind="spot",
    question=N_("p1 has discarded a Skip against p3, and p2 has drawn. Which of these discards do the rules refuse?"),
    solution=CIRCUIT_ACTIONS[0],
    wrong=CIRCUIT_ACTIONS[1:],
    hints=(
        N_("The discarder chooses whom to skip, but not everyone can be chosen right now."),
        N_(
            "A player can be skipped only once per circuit: nobody may skip a player who is already waiting to lose "
            "a turn."
        ),
        N_("Check each Skip discard: is the player it names already waiting to lose a turn?"),
    ),
    worked=N_(
        "p1's Skip named p3, and p3 has not played since: p3 is waiting to lose a turn.\n"
        "A player can be skipped only once per circuit, so nobody may name p3 again until that turn is lost.\n"
        "A Skip against p4 or p1 names a player who is not waiting, and G1 is an ordinary discard.\n"
        "The rules refuse p2 discard S>p3."
    ),
    judge=spot_the_refusal(circuit_position, CIRCUIT_ACTIONS),
    position=circuit_position,
)

# ------------------------------------------------------------------ skips.from_discard

DISCARD_MOVES = ("p1 draw", "p1 discard S>p3")
DISCARD_CHOICES = (
    "p2 take; p2 discard G1",
    "p2 draw; p2 discard G1",
    "p2 draw; p2 discard S>p4",
    "p2 draw; p2 discard R6",
)


def discard_position() -> Game:
    """p1 has just discarded a Skip: it lies on top of the discard pile as p2's turn begins.

    >>> game = discard_position(); game.discard_pile[-1].is_skip, game.current_player, game.stage
    (True, 1, 'draw')
    """
    return skip_position(*DISCARD_MOVES)


FROM_DISCARD = Exercise(
    id="skips.from_discard",
    notebook=NOTEBOOK,
    clauses=("turn.no_skip_from_discard", "turn.draw"),
    kind="spot",
    question=N_(
        "p1 has just discarded a Skip against p3, so a Skip lies on top of the discard pile. Which of these "
        "turns of p2 do the rules refuse?"
    ),
    solution=DISCARD_CHOICES[0],
    wrong=DISCARD_CHOICES[1:],
    hints=(
        N_("A turn starts with a draw: from the draw pile, or the top card of the discard pile."),
        N_("Look at how each of the four turns starts, and at the card its first move would pick up."),
        N_("Which card is on top of the discard pile, and may a player ever take that kind of card?"),
    ),
    worked=N_(
        "After p1's Skip, the top card of the discard pile is a Skip.\n"
        "A Skip is never taken from the discard pile, so p2 take is refused, whatever p2 would discard after it.\n"
        "The other three turns draw from the draw pile and discard G1, R6 or a Skip against p4: all allowed.\n"
        "The rules refuse p2 take; p2 discard G1."
    ),
    judge=spot_in_turns(discard_position, DISCARD_CHOICES),
    position=discard_position,
)

# ------------------------------------------------------------------ skips.phase8

PHASE8_HAND = "G1 G3 G5 G8 G9 G12 W S R2 B7 Y7"

PHASE8 = Exercise(
    id="skips.phase8",
    notebook=NOTEBOOK,
    clauses=("skip.not_in_group", "group.colour"),
    kind="build",
    question=N_("Build Phase 8, 7 cards of one colour, from this hand."),
    solution="G1 G3 G5 G8 G9 G12 W",
    wrong=("G1 G3 G5 G8 G9 W S", "G1 G3 G5 G8 G9 G12", "G1 G3 G5 G8 G9 G12 S"),
    hints=(
        N_("Phase 8 is seven cards of one colour. Count the cards of each colour in the hand."),
        N_("Six green cards are one short. Which other card of the hand could stand in for a seventh green card?"),
        N_("A Skip has no colour and is never part of a group; a Wild can stand for a card of any colour."),
    ),
    worked=N_(
        "The hand holds six green cards: G1 G3 G5 G8 G9 G12. Phase 8 needs seven.\n"
        "The Skip cannot be the seventh: it has no colour and is never part of a group. The Wild can: it stands for "
        "a green card.\n"
        "Phase 8: G1 G3 G5 G8 G9 G12 W."
    ),
    judge=build_judge(PHASE8_HAND, GroupKind.COLOR, 7),
    hand=PHASE8_HAND,
    group_kind="colour",
)

EXERCISES: tuple[Exercise, ...] = (PREDICT_FLIP, FIRST_PLAYER, WHO_NEXT, ONCE_PER_CIRCUIT, FROM_DISCARD, PHASE8)
"""The exercises of lesson 06, in the notebook's order."""

__all__ = [
    "EXERCISES",
    "FIRST_SEED",
    "SKIP_DRAWS",
    "SKIP_HANDS",
    "first_refusal",
    "flip_skip_chance",
    "player_judge",
    "read_player",
    "skip_position",
    "split_moves",
    "spot_in_turns",
]
