"""The seeded match that judges ``bot.write_choose``: a student's ``choose(view)`` against RandomBot.

The student's bot plays ``MATCH_GAMES`` short games (the first five phases) against RandomBot, seats alternating,
every game seeded from ``MATCH_SEED``; it passes when it wins at least ``NEED_WINS`` of them *and* keeps its
penalty points (``game.scores``: the cards left in its hand at the end of each hand, lesson 08) to at most
``MAX_POINTS`` a game on average. Winning alone is not enough: ``return view.legal[0]`` (draw, lay down, hit,
discard the first card) wins 49 of these 50 games, but ends them with about 77 points a game where the teacher's
solution (discard the costliest card, a Wild last) keeps about 41. Measured on these seeds (2026-12-02):
the solution 49 wins and 40.7 points, ``view.legal[0]`` 49 and 77.3, ``random.choice(view.legal)`` 25 and 147.8.

The same submission always gets the same verdict: the games, RandomBot and the student's bot are seeded, and
the global ``random`` module and NumPy's global generator are seeded for the match (their state is given back
afterwards), so even ``random.choice(view.legal)`` without a seed plays the same games each time. A bot that
seeds its own generator gets one verdict per seed, and a random bot's chance to pass is below 1e-8 whatever
the seed, from its wins alone (it wins about half of the games and keeps about 150 points). The match stops as
soon as its verdict is certain (too many games lost, or too many points), and after ``MATCH_SECONDS`` of
wall-clock time, with a sentence; a move gets a second at most.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from phase10kit.actions import Action
from phase10kit.bots import Bot, GameTooLongError, RandomBot, game_seed, play_game
from phase10kit.course.base import AnswerError, Translations, Verdict, brief
from phase10kit.course.checks import run_student_function
from phase10kit.course.sandbox import RemoteFunction
from phase10kit.game import PlayerView
from phase10kit.i18n import N_, decimal
from phase10kit.rules import Rules

__all__ = [
    "MATCH_GAMES",
    "MATCH_SECONDS",
    "MATCH_SEED",
    "MAX_POINTS",
    "NEED_WINS",
    "Budget",
    "MatchResult",
    "StudentBot",
    "judge_bot",
    "play_match",
    "seeded_randomness",
]

SHORT = Rules.preset("short")
"""The match plays the first five phases: short games, the same skills."""
MATCH_GAMES = 50
"""Fifty games: each call of the student's ``choose`` crosses to its worker process (about 0.45 ms), and the
match must end well inside nbgrader's 30 s cell time-out on a slow machine (about 5 s here)."""
MATCH_SEED = 11
NEED_WINS = 45
"""Wins needed of ``MATCH_GAMES``: the teacher's solution wins 49 of these games, a random bot 25."""
MAX_POINTS = 60
"""The most penalty points a game, on average, that pass: the teacher's solution keeps 41 on these games,
``view.legal[0]`` 77, a random bot about 148."""
MAX_ACTIONS = 3_000
"""A game longer than this stops the check (a bot that never lays down, or never hits, cannot go out)."""
MATCH_SECONDS = 10.0
"""Wall-clock time for the whole match, the engine's moves included: the teacher's solution needs about 2 s."""
MOVE_SECONDS = 1.0
"""Time for one call of the student's ``choose``."""
RANDOM_SEED = 2026
"""The seed given to the global ``random`` module and NumPy's generator while the match is played."""


class Budget:
    """The wall-clock time left to a match, from its first move; shared by the copies a match makes of a bot."""

    def __init__(self, seconds: float) -> None:
        self.total = seconds
        self.deadline: float | None = None

    def check(self) -> None:
        """Start the clock at the first call; raise ``AnswerError`` once the time is up."""
        now = time.monotonic()
        if self.deadline is None:
            self.deadline = now + self.total
        elif now > self.deadline:
            raise AnswerError(
                N_(
                    "Your bot's games took more than {seconds} seconds in all, so the check stopped: make "
                    "choose(view) quicker."
                ),
                seconds=float(self.total),
            )


class StudentBot(Bot):
    """A bot that asks a student's ``choose(view)`` for every move: at most ``MOVE_SECONDS`` a move, and the
    match's :class:`Budget` in all (the copies ``spawn`` makes share it)."""

    def __init__(self, choose: Callable[[PlayerView], object], seed: int = 0, budget: Budget | None = None) -> None:
        super().__init__(seed)
        self.choose_function = choose
        self.budget = budget if budget is not None else Budget(MATCH_SECONDS)

    @property
    def name(self) -> str:
        return "MyBot"

    def _decide(self, view: PlayerView) -> tuple[Action, str]:
        self.budget.check()
        action = run_student_function(self.choose_function, view, timeout=MOVE_SECONDS)
        if isinstance(action, str):
            # "p1 draw" reads like an action, but it is its text: say so, or the refusal below looks absurd.
            raise AnswerError(
                N_(
                    "Your choose returned the text {action}: return the action object itself, one of view.legal "
                    "(such as view.legal[0]), not its text."
                ),
                action=brief(action),
            )
        if action not in view.legal:
            legal = [str(option) for option in view.legal]
            raise AnswerError(
                N_("Your choose returned {action}, which is not one of view.legal: {legal}."),
                action=str(action) if isinstance(action, Action) else brief(action),
                legal=", ".join(legal[:4]) + (", ..." if len(legal) > 4 else ""),
            )
        chosen = next(legal for legal in view.legal if legal == action)
        return chosen, ""


@contextlib.contextmanager
def seeded_randomness(seed: int = RANDOM_SEED) -> Iterator[None]:
    """Seed the global ``random`` module and NumPy's global generator in the block; give their state back after
    (the student's kernel goes on as if the match had not used them)."""
    state, numpy_state = random.getstate(), np.random.get_state()
    random.seed(seed)
    np.random.seed(seed % 2**32)
    try:
        yield
    finally:
        random.setstate(state)
        np.random.set_state(numpy_state)


@dataclass(frozen=True)
class MatchResult:
    """How a student's bot did: games played (fewer than ``MATCH_GAMES`` when the verdict was certain
    early), games won, and penalty points in all."""

    games: int
    wins: int
    points: int

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def passed(self) -> bool:
        return self.games == MATCH_GAMES and self.wins >= NEED_WINS and self.points <= MAX_POINTS * MATCH_GAMES


def play_match(choose: object, *, seed: int = MATCH_SEED, stop_early: bool = True) -> MatchResult:
    """Play the seeded match of ``choose`` against RandomBot, seats alternating (the student's bot sits first
    in the even games); stop once the verdict is certain, unless ``stop_early`` is False (to measure)."""
    if not callable(choose):
        raise AnswerError(N_("{answer} is not a function: pass the function itself."), answer=brief(choose))
    budget = Budget(MATCH_SECONDS)
    mine, theirs = StudentBot(choose, seed=1, budget=budget), RandomBot(seed=2)
    wins = points = played = 0
    if isinstance(choose, RemoteFunction):  # the student's function runs in a worker: seed its generators too
        choose.worker.seed(RANDOM_SEED)
    with seeded_randomness():
        for index in range(MATCH_GAMES):
            seat = index % 2
            bots = [mine, theirs] if seat == 0 else [theirs, mine]
            try:
                game = play_game(bots, SHORT, game_seed(seed, index), max_actions=MAX_ACTIONS)
            except GameTooLongError:
                raise AnswerError(
                    N_("A game did not end within {count} actions: does your bot lay down its phase when it can?"),
                    count=MAX_ACTIONS,
                ) from None
            played += 1
            wins += game.winner == seat
            points += game.scores[seat]
            if stop_early and (played - wins > MATCH_GAMES - NEED_WINS or points > MAX_POINTS * MATCH_GAMES):
                break  # the verdict is certain: more games cannot change it
            budget.check()
    return MatchResult(played, wins, points)


def judge_bot(answer: object, t: Translations) -> Verdict:
    """The judge of ``bot.write_choose``."""
    result = play_match(answer)
    average = decimal(result.points / result.games, 1, t)
    if result.passed:
        return True, t.gettext(
            "Your bot won {wins} of {games} games against RandomBot and kept {points} penalty points a game on "
            "average: it needed at least {need} wins and at most {limit} points."
        ).format(wins=result.wins, games=result.games, points=average, need=NEED_WINS, limit=MAX_POINTS)
    if result.losses > MATCH_GAMES - NEED_WINS:
        return False, t.ngettext(
            "Your bot lost {losses} of its first {games} game against RandomBot, so it cannot reach the {need} "
            "wins of {total} it needs.",
            "Your bot lost {losses} of its first {games} games against RandomBot, so it cannot reach the {need} "
            "wins of {total} it needs.",
            result.games,
        ).format(losses=result.losses, games=result.games, need=NEED_WINS, total=MATCH_GAMES)
    return False, t.ngettext(
        "Your bot won {wins} of its first {games} game, but kept {points} penalty points a game on average: at "
        "most {limit} are allowed. Which cards does it keep until the end of a hand?",
        "Your bot won {wins} of its first {games} games, but kept {points} penalty points a game on average: at "
        "most {limit} are allowed. Which cards does it keep until the end of a hand?",
        result.games,
    ).format(wins=result.wins, games=result.games, points=average, limit=MAX_POINTS)
