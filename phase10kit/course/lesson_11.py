"""Lesson 11, strategy and bots: the exercises of ``teacher/11_bots.ipynb``.

The kit is the judge: seeded tournaments (``phase10kit.bots.tournament``) for the bots, ``completion_odds``
for the draw-or-take choice, the bots' own ``leader`` for whom to skip, and ``wilson_interval`` for how many
games a tournament needs. A student's ``choose(view)`` is judged by the seeded match of
``phase10kit.course.bot_match``: it must return one of ``view.legal`` within a second per move, and win most
games against RandomBot while keeping few penalty points.

>>> from phase10kit.course.lesson_11 import EXERCISES
>>> [exercise.kind for exercise in EXERCISES]
['predict', 'play', 'play', 'write', 'answer']
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pandas as pd

from phase10kit.actions import Action, Discard, Draw, Hit, Lay, parse_action, seat_notation
from phase10kit.bots import GreedyBot, RandomBot, tournament
from phase10kit.bots.base import leader
from phase10kit.course.answers import read_int, read_player
from phase10kit.course.base import AnswerError, Exercise, Translations, Verdict
from phase10kit.course.bot_match import Budget, StudentBot, judge_bot, play_match
from phase10kit.course.checks import lang_of
from phase10kit.course.lesson_10 import OUTS_HAND, exact_odds
from phase10kit.course.number_judges import fraction_judge, predict_judge
from phase10kit.game import Game, PlayerView
from phase10kit.i18n import N_
from phase10kit.phases import phase
from phase10kit.probability import wilson_interval
from phase10kit.rules import Rules

NOTEBOOK = "11_bots"

SHORT = Rules.preset("short")
"""The lesson's tournaments play the first five phases: short games, the same skills."""
TOURNAMENT_GAMES = 8
TOURNAMENT_SEED = 11

# ------------------------------------------------------------------ bot.guess_random


@cache
def greedy_vs_random() -> pd.DataFrame:
    """The lesson's first tournament: GreedyBot against RandomBot, seeded, seats rotated."""
    return tournament([GreedyBot(seed=1), RandomBot(seed=2)], games=TOURNAMENT_GAMES, rules=SHORT, seed=TOURNAMENT_SEED)


def greedy_win_rate() -> Fraction:
    """GreedyBot's share of the wins in ``greedy_vs_random`` as a fraction."""
    table = greedy_vs_random()
    return Fraction(int(table["wins"].iloc[0]), int(table["games"].iloc[0]))


GUESS_RANDOM = Exercise(
    id="bot.guess_random",
    notebook=NOTEBOOK,
    clauses=("strategy.bot",),
    kind="predict",
    question=N_(
        "Guess first: GreedyBot plays RandomBot (any legal action, at random) in 8 short games. What share of "
        "the games does GreedyBot win? Write a number from 0 to 1."
    ),
    solution=1,
    wrong=(Fraction(1, 2), Fraction(1, 4), 2),
    hints=(
        N_("How often does a random choice among all legal actions lay down a phase when it can?"),
        N_("RandomBot draws, hits and discards at random: it rarely makes its phases in time."),
        N_("GreedyBot lays down its phase as soon as it can. Over five short phases, who gets to the end first?"),
    ),
    judge=predict_judge(greedy_win_rate, measured=True),
    worked=N_(
        "A random choice among the legal actions seldom lays down a phase: in the tournament RandomBot made about "
        "1.6 phases a game, GreedyBot all 5.\n"
        "GreedyBot won 8 of the 8 games: a share of 8/8 = 1.\n"
        "It is a share measured by playing 8 seeded games, not an exact chance: with many more games RandomBot "
        "might win one now and then."
    ),
    # The answer is GreedyBot's share of the wins in a seeded tournament: measured by playing, not counted.
    reveal=N_(
        "A seeded tournament of 8 games measured {answer}: GreedyBot's share of the wins, found by playing "
        "the games, not by an exact count."
    ),
)

# ------------------------------------------------------------------ bot.draw_or_take

TAKE_TOP = "G2"


def take_position() -> Game:
    """p1 to draw, holding ``OUTS_HAND`` (one card from Phase 1); G2 lies face up on the discard pile."""
    return Game.from_deal([OUTS_HAND, "R1 R3 B5 B6 G8 G10 Y11 Y12 R11 B1"], flip=TAKE_TOP)


def draw_chance() -> Fraction:
    """The chance that drawing from the pile instead of taking G2 completes Phase 1 (the discard pile is seen)."""
    game = take_position()
    return exact_odds(game.hands[0], phase(1), 1, game.discard_pile)


DRAW_OR_TAKE = Exercise(
    id="bot.draw_or_take",
    notebook=NOTEBOOK,
    clauses=("strategy.bot", "prob.outs", "turn.draw"),
    kind="play",
    question=N_(
        "p1 holds R7 B7 G7 Y2 B2 R10 G11 Y12 S S on Phase 1 and G2 lies on the discard pile. Taking it completes "
        "the phase. If p1 draws from the pile instead, what is the exact chance to complete it? Write a fraction."
    ),
    solution=Fraction(13, 97),
    wrong=(Fraction(14, 97), Fraction(13, 98), Fraction(1, 1), 13 / 97),
    hints=(
        N_("It is the chance of notebook 10: the completing cards still unseen, over the unseen cards."),
        N_("Count the outs still unseen: the 2s and the Wilds, minus those p1 can see."),
        N_("p1 can see its own ten cards and the G2 on the discard pile, nothing else."),
    ),
    worked=N_(
        "The outs are the 2s and the Wilds: the deck has 8 twos and 8 Wilds.\n"
        "p1 can see Y2 and B2 in its hand and G2 on the discard pile: 8 − 3 = 5 twos are still unseen, and all 8 "
        "Wilds, so 13 completing cards.\n"
        "The unseen cards: 108 − 10 in the hand − 1 on the discard pile = 97.\n"
        "Drawing completes the phase with chance 13/97, about 0.134; taking the G2 completes it for sure."
    ),
    judge=fraction_judge(
        draw_chance,
        {
            Fraction(14, 97): N_("{answer} counts the G2 on the discard pile as if it could still be drawn."),
            Fraction(13, 98): N_(
                "{answer} forgets that the G2 on the discard pile is no longer among the unseen cards."
            ),
            Fraction(1): N_("{answer} is the chance when p1 takes the G2; the question is about drawing instead."),
        },
        N_("Right: {answer}. Taking the G2 makes the phase certain, so every bot of the kit takes it."),
    ),
    position=take_position,
)

# ------------------------------------------------------------------ bot.skip_whom

SKIP_HANDS = (
    "S R1 B3 G5 Y7 R9 B11 G2 Y4 R6",
    "R7 B7 G7 Y7 R8 B8 G8 Y8 Y2 G12",
    "G1 G3 Y5 Y6 R10 B10 G11 Y12 B4 G6",
)
SKIP_SCRIPT = (
    "p1 draw",
    "p1 discard R1",
    "p2 draw",
    "p2 lay s[R7 B7 G7 Y7 B7] s[R8 B8 G8 Y8]",
    "p2 discard G12",
    "p3 draw",
    "p3 discard Y12",
    "p1 draw",
)


def skip_position() -> Game:
    """p1 has drawn and holds a Skip; p2 has laid Phase 1 and holds one card; p3 has laid nothing."""
    game = Game.from_deal(list(SKIP_HANDS), flip="R5", draws="Y9 B7 R12 B9")
    for line in SKIP_SCRIPT:
        game.apply(parse_action(line))
    return game


def skip_target() -> int:
    """Whom p1's Skip should skip: the kit's bots' ``leader`` among the players the engine lets p1 skip."""
    view = skip_position().view(0)
    targets = [a.target for a in view.legal if isinstance(a, Discard) and a.card.is_skip and a.target is not None]
    return leader(view, targets)


def _judge_skip(answer: object, t: Translations) -> Verdict:
    game = skip_position()
    chosen = read_player(answer, game.players)
    if chosen == 0:
        raise AnswerError(N_("p1 cannot skip itself: name another player."))
    right = skip_target()
    if chosen == right:
        return True, t.ngettext(
            "Right: {player} has laid its phase and holds {count} card, so it may go out on its next turn; "
            "skipping it gives the others a turn more.",
            "Right: {player} has laid its phase and holds {count} cards, so it may go out soon; "
            "skipping it gives the others a turn more.",
            len(game.hands[right]),
        ).format(player=seat_notation(right), count=len(game.hands[right]))
    return False, t.ngettext(
        "{player} has not laid its phase yet and holds {count} card. Who is closer to going out?",
        "{player} has not laid its phase yet and holds {count} cards. Who is closer to going out?",
        len(game.hands[chosen]),
    ).format(player=seat_notation(chosen), count=len(game.hands[chosen]))


SKIP_WHOM = Exercise(
    id="bot.skip_whom",
    notebook=NOTEBOOK,
    clauses=("strategy.bot", "skip.choose"),
    kind="play",
    question=N_("p1 will discard its Skip this turn. Whom should it skip: p2 or p3?"),
    solution="p2",
    wrong=("p3",),
    hints=(
        N_("A Skip hurts most the player who is about to go out."),
        N_("Compare the two players: how many cards does each hold, and has each laid its phase?"),
        N_("A player whose phase is down can go out as soon as its last cards are hit or discarded."),
    ),
    judge=_judge_skip,
    worked=N_(
        "p2 has laid Phase 1 and holds one card: on its next turn it may hit or discard that card, go out and end "
        "the round.\n"
        "p3 has laid nothing and holds ten cards: it is far from going out.\n"
        "Skipping p2 takes away the turn in which it could go out, and gives p1 and p3 one more turn to lay down. "
        "Skip p2."
    ),
    position=skip_position,
)

# ------------------------------------------------------------------ bot.write_choose


def _choose_solution(view: PlayerView) -> Action:
    """The teacher's bot: lay down, then hit, whenever it can; draw from the pile; discard the costliest card
    (a Wild last)."""
    for kind in (Lay, Hit, Draw):
        options = [action for action in view.legal if isinstance(action, kind)]
        if options:
            return options[0]
    discards = [action for action in view.legal if isinstance(action, Discard)]
    return max(discards, key=lambda action: -1 if action.card.is_wild else action.card.points)


def _choose_never_lays(view: PlayerView) -> Action:
    draws = [action for action in view.legal if isinstance(action, Draw)]
    if draws:
        return draws[0]
    return next(action for action in view.legal if isinstance(action, Discard))


def _choose_text(view: PlayerView) -> str:
    return "draw"


def _choose_raises(view: PlayerView) -> Action:
    raise NotImplementedError("write your bot")


def _choose_first_legal(view: PlayerView) -> Action:
    # Draws, lays down and hits whenever it can (view.legal lists those first), but discards its first card.
    return view.legal[0]


def _choose_at_random(view: PlayerView) -> Action:
    return random.choice(view.legal)


WRITE_CHOOSE = Exercise(
    id="bot.write_choose",
    notebook=NOTEBOOK,
    clauses=("strategy.bot",),
    kind="write",
    question=N_(
        "Write choose(view): return one action of view.legal. Your bot plays 50 seeded short games against "
        "RandomBot: it must win at least 45 of them and keep at most 60 penalty points a game on average."
    ),
    solution=_choose_solution,
    wrong=(_choose_never_lays, _choose_text, _choose_raises, _choose_first_legal, _choose_at_random),
    hints=(
        N_("A bot that never lays down its phase cannot win: look for a Lay action in view.legal first."),
        N_("Once your phase is down, a Hit gets rid of a card at no cost."),
        N_(
            "What you discard decides your points: a card left in your hand when the round ends costs its points, but "
            "a Wild fits any group."
        ),
        N_("isinstance(action, Lay) picks the lay-downs out of view.legal; a Discard has action.card."),
    ),
    judge=judge_bot,
    worked=N_(
        "Lay down as soon as you can, then hit (a card on the table costs nothing when the round ends), then draw from "
        "the draw pile: `isinstance(action, kind)` picks the actions of one kind out of `view.legal`, and the first "
        "of them will do.\n"
        "Otherwise it is time to discard: throw away the costliest card (`action.card.points`), but a Wild last, "
        "since it fits any group:\n"
        "    def choose(view):\n"
        "        for kind in (Lay, Hit, Draw):\n"
        "            options = [action for action in view.legal if isinstance(action, kind)]\n"
        "            if options:\n"
        "                return options[0]\n"
        "        discards = [action for action in view.legal if isinstance(action, Discard)]\n"
        "        return max(discards, key=lambda action: -1 if action.card.is_wild else action.card.points)\n"
        "That bot wins nearly every game of the match and keeps well under 60 penalty points a game."
    ),
)

# ------------------------------------------------------------------ bot.games_needed

HALF_WIDTH = Fraction(1, 20)


@cache
def games_needed(half_width: float = 0.05, rate: float = 0.5) -> int:
    """The fewest games whose 95% Wilson interval around a win rate of ``rate`` is at most ``half_width`` wide on
    each side (the kit's ``wilson_interval`` decides).

    >>> games_needed(0.1)
    93
    """
    games = 2
    while True:
        low, high = wilson_interval(round(games * rate), games)
        if (high - low) / 2 <= half_width:
            return games
        games += 1


def _judge_games(answer: object, t: Translations) -> Verdict:
    games = read_int(answer, low=1, high=10**7, lang=lang_of(t))
    right = games_needed()
    if abs(games - right) <= right // 10:
        return True, t.gettext(
            "Right: about {right} games: the interval shrinks like 1 over the square root of the games, so "
            "halving its width takes four times as many games."
        ).format(right=right)
    if games < right:
        return False, t.gettext("With {answer} games the interval is still wider than 0.05 on each side.").format(
            answer=games
        )
    return False, t.gettext("{answer} games are more than needed: fewer already give 0.05 on each side.").format(
        answer=games
    )


GAMES_NEEDED = Exercise(
    id="bot.games_needed",
    notebook=NOTEBOOK,
    clauses=("strategy.bot",),
    kind="answer",
    question=N_(
        "Two bots are about equally strong (a win rate near 0.5). About how many games does a tournament need "
        "for the 95% interval of a win rate to reach 0.05 on each side?"
    ),
    solution=385,
    wrong=(20, 100, 10_000),
    hints=(
        N_("The interval narrows as the games grow: the table above shows it for 20, 50 and 100 games."),
        N_("It narrows like 1 over the square root of the games: an interval half as wide takes four times the games."),
        N_("Read how wide the interval is on each side at 100 games, and how many times narrower 0.05 is."),
        N_("Or try wilson_interval(wins, games) for a few numbers of games, with wins = games / 2."),
    ),
    judge=_judge_games,
    worked=N_(
        "At 100 games the table gives an interval from 0.404 to 0.596: 0.096 on each side.\n"
        "0.05 is about 1.9 times narrower; since the interval narrows like 1 over the square root of the games, "
        "that takes about 1.9 · 1.9 ≈ 3.7 times the games: about 370.\n"
        "The usual formula gives the same: 1.96 · 1.96 · 0.5 · 0.5 / (0.05 · 0.05) ≈ 384.2, so 385 games; "
        "wilson_interval(192, 385) is 0.0497 wide on each side.\n"
        "About 385 games; the check accepts any answer within about a tenth of that."
    ),
)

EXERCISES: tuple[Exercise, ...] = (GUESS_RANDOM, DRAW_OR_TAKE, SKIP_WHOM, WRITE_CHOOSE, GAMES_NEEDED)
"""The exercises of lesson 11, in the notebook's order."""

__all__ = [
    "EXERCISES",
    "Budget",
    "StudentBot",
    "draw_chance",
    "games_needed",
    "greedy_vs_random",
    "play_match",
    "skip_position",
    "skip_target",
    "take_position",
]
