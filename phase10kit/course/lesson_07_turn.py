"""Lesson 07, the second half: a turn (hitting, a refilled draw pile, going out), for
``teacher/07_phases_and_a_turn.ipynb``; ``lesson_07`` lists these exercises after the phases'.

Each position is a seeded ``Game`` from chosen hands, and the engine is the judge: it refuses a hit on another
player's group the turn one lays down, refills the draw pile and ends the round when a player has no cards left.

>>> [exercise.id for exercise in TURN_EXERCISES]
['turn.hit_next', 'turn.refill', 'hand.going_out']
"""

from __future__ import annotations

from functools import cache

from phase10kit.actions import Discard, Draw, parse_action
from phase10kit.cards import format_cards
from phase10kit.course.answers import MAX_TEXT, read_int
from phase10kit.course.base import AnswerError, Exercise, Translations, Verdict, brief
from phase10kit.course.checks import lang_of, refusal_sentence, spot_the_refusal
from phase10kit.course.lesson_06 import first_refusal, split_moves
from phase10kit.game import Game
from phase10kit.i18n import N_

NOTEBOOK = "07_phases_and_a_turn"

# ------------------------------------------------------------------ turn.hit_others_next

HIT_HANDS = ("R7 B7 G7 Y2 B2 W R1 R3 G5 Y7", "R4 B4 G4 Y9 B9 G9 R2 B12 Y3 Y6")
HIT_MOVES = (
    "p1 draw",
    "p1 discard G1",
    "p2 draw",
    "p2 lay s[R4 B4 G4] s[Y9 B9 G9]",
    "p2 discard R11",
    "p1 draw",
    "p1 lay s[R7 B7 G7] s[Y2 B2 W]",
)


def hit_position() -> Game:
    """p2 laid Phase 1 a turn ago; p1 has just laid Phase 1 and holds R1 R3 G5 Y7 Y4.

    >>> format_cards(hit_position().hands[0])
    'R1 R3 G5 Y7 Y4'
    """
    game = Game.from_deal(list(HIT_HANDS), draws="G1 R11 Y4", seed=8)
    for move in HIT_MOVES:
        game.apply(parse_action(move))
    return game


HIT_ACTIONS = ("p1 hit p2.1 Y4", "p1 hit p1.1 Y7", "p1 discard G5", "p1 discard R3")

HIT_NEXT = Exercise(
    id="turn.hit_next",
    notebook=NOTEBOOK,
    clauses=("turn.hit_others_next", "turn.hit_own", "turn.hit_fit"),
    kind="spot",
    question=N_(
        "p2 laid s[R4 B4 G4] s[Y9 B9 G9] last turn. p1 has just laid s[R7 B7 G7] s[Y2 B2 W] and holds "
        "R1 R3 G5 Y7 Y4. Which of these moves do the rules refuse?"
    ),
    solution=HIT_ACTIONS[0],
    wrong=HIT_ACTIONS[1:],
    hints=(
        N_("A hit needs a card that fits, at a time the rules allow it."),
        N_("Y4 fits p2's set of 4s and Y7 fits p1's set of 7s. So the question is when, not where."),
        N_("The turn a player lays down, they may hit their own groups. What about other players' groups?"),
    ),
    worked=N_(
        "Both hits put a card where it fits: Y4 on p2's set of 4s, Y7 on p1's own set of 7s.\n"
        "p1 laid down this very turn. That turn a player may hit only their own groups, and other players' groups "
        "from their next turn on.\n"
        "So p1 hit p1.1 Y7 is allowed, and so are the discards of G5 and R3.\n"
        "The rules refuse p1 hit p2.1 Y4."
    ),
    judge=spot_the_refusal(hit_position, HIT_ACTIONS),
    position=hit_position,
)

# ------------------------------------------------------------------ turn.refill


@cache
def _refill_history() -> tuple[str, ...]:
    """A 2-player round in which nobody lays down: each turn draws and discards, until the pile is empty."""
    game = Game(players=2, seed=11)
    while game.deck_size > 0:
        game.apply(Draw(game.current_player))
        hand = game.hands[game.current_player]
        card = next(card for card in hand if not card.is_skip)
        game.apply(Discard(game.current_player, card))
    return tuple(game.history)


def refill_position() -> Game:
    """The draw pile is empty, the discard pile holds 88 cards, and the player to move must draw.

    >>> game = refill_position(); game.deck_size, len(game.discard_pile), game.stage
    (0, 88, 'draw')
    """
    return Game.from_history(list(_refill_history()), seed=11)


def _judge_refill(answer: object, t: Translations) -> Verdict:
    count = read_int(answer, low=0, high=108, lang=lang_of(t))
    game = refill_position()
    game.apply(Draw(game.current_player))
    right = game.deck_size
    if count == right:
        return True, t.gettext(
            "Right: {count}. All of the discard pile but its top card is shuffled into a new draw pile, "
            "then the player draws one."
        ).format(count=count)
    if count > right:
        return False, t.gettext("{count} is too high: which cards stay behind, and which card leaves?").format(
            count=count
        )
    return False, t.gettext("{count} is too low: the discard pile is not lost when the draw pile runs out.").format(
        count=count
    )


REFILL = Exercise(
    id="turn.refill",
    notebook=NOTEBOOK,
    clauses=("turn.refill", "turn.draw"),
    kind="predict",
    question=N_(
        "Guess, then check: the draw pile is empty and the discard pile holds 88 cards. The player to move "
        "draws. How many cards are in the draw pile just after that draw?"
    ),
    solution=86,
    wrong=(87, 88, 0),
    hints=(
        N_("The draw pile is refilled from the discard pile, but one card of the discard pile stays where it is."),
        N_("Which card stays behind? How many of the 88 cards are then shuffled into the new draw pile?"),
        N_("The player then draws one card from the new draw pile."),
    ),
    worked=N_(
        "The top card of the discard pile stays face up; the other 87 cards are shuffled face down into a new draw "
        "pile.\n"
        "The player draws one of them.\n"
        "87 − 1 = 86 cards are in the draw pile after the draw."
    ),
    judge=_judge_refill,
    position=refill_position,
)

# ------------------------------------------------------------------ hand.going_out

OUT_HANDS = ("R7 B7 G7 Y7 Y2 B2 G2 R2 W R1", "R4 B4 G9 Y9 B11 R12 Y3 Y6 B5 G10")
OUT_MOVES = (
    "p1 draw",
    "p1 lay s[R7 B7 G7 Y7] s[Y2 B2 G2 R2 W]",
    "p1 discard R1",
    "p2 draw",
    "p2 discard R9",
    "p1 draw",
)


def out_position() -> Game:
    """p1 laid Phase 1 last turn and now holds G5 and G7 after drawing.

    >>> format_cards(out_position().hands[0])
    'G5 G7'
    """
    game = Game.from_deal(list(OUT_HANDS), draws="G5 R9 G7", seed=9)
    for move in OUT_MOVES:
        game.apply(parse_action(move))
    return game


def _judge_out(answer: object, t: Translations) -> Verdict:
    if not isinstance(answer, str) or len(answer) > MAX_TEXT:
        raise AnswerError(N_("{answer} is not written as moves: write them like p1 discard R7."), answer=brief(answer))
    moves = split_moves(answer)
    game = out_position()
    start = game.round
    refused = first_refusal(game, moves)
    shown = "; ".join(moves)
    if refused is not None:
        move, error = refused
        return False, t.gettext("The rules refuse {move}: {why}").format(
            move=move, why=refusal_sentence(error, lang_of(t))
        )
    if game.round == start:
        return False, t.gettext("After {answer} p1 still holds {cards}, so the round goes on.").format(
            answer=shown or "-", cards=format_cards(game.hands[0]) or "-"
        )
    return True, t.gettext("Right: after {answer} p1 holds no card, and the round ends at once.").format(answer=shown)


GOING_OUT = Exercise(
    id="hand.going_out",
    notebook=NOTEBOOK,
    clauses=("hand.going_out", "turn.discard", "turn.hit_fit", "turn.hit_own"),
    kind="answer",
    question=N_(
        "p1 laid s[R7 B7 G7 Y7] s[Y2 B2 G2 R2 W] last turn and now holds G5 G7 after drawing. Write the moves "
        "that end the round in this turn, separated by ; (like p1 hit p1.1 B7; p1 discard R1)."
    ),
    solution="p1 hit p1.1 G7; p1 discard G5",
    wrong=("p1 discard G5", "p1 hit p1.1 G5; p1 discard G7", "p1 discard G5; p1 hit p1.1 G7"),
    hints=(
        N_("The round ends when a player has no cards left. Which of p1's two cards can go on a group?"),
        N_("One card can leave p1's hand by a hit, the other by the discard. Which card fits a group on the table?"),
        N_("A turn ends with a discard: whatever p1 still wants to hit must come before it."),
        N_("In the notation p1.1 is p1's first group. Write the moves in the order they are played, separated by ;."),
    ),
    worked=N_(
        "p1 holds G5 and G7, and the round ends when both have left p1's hand.\n"
        "G7 fits p1's first group, the set of 7s s[R7 B7 G7 Y7]; G5 fits no group on the table.\n"
        "So p1 hits G7 first, then discards G5, the last card, and the round ends.\n"
        "The moves: p1 hit p1.1 G7; p1 discard G5."
    ),
    judge=_judge_out,
    position=out_position,
)


TURN_EXERCISES: tuple[Exercise, ...] = (HIT_NEXT, REFILL, GOING_OUT)
"""The exercises of the lesson's second half, in the notebook's order."""

__all__ = ["GOING_OUT", "HIT_NEXT", "REFILL", "TURN_EXERCISES", "hit_position", "out_position", "refill_position"]
