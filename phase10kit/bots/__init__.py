"""Bots that play Phase 10 from a player's view only, and the tools to pit them against each other.

>>> from phase10kit.bots import GreedyBot, SmartBot, play_game
>>> g = play_game([SmartBot(seed=1), GreedyBot(seed=2)], seed=3)
>>> g.is_over()
True
"""

from typing import TYPE_CHECKING

from phase10kit.bots.base import Bot, NotAViewError
from phase10kit.bots.expert import ExpertBot
from phase10kit.bots.play import (
    MAX_ACTIONS,
    GameTooLongError,
    game_seed,
    play_game,
    play_games,
    summarize,
    tournament,
)
from phase10kit.bots.policies import GreedyBot, RandomBot, SmartBot

if TYPE_CHECKING:
    from phase10kit.probability.simulate import wilson_interval  # re-exported: tournaments report it

__all__ = [
    "MAX_ACTIONS",
    "Bot",
    "ExpertBot",
    "GameTooLongError",
    "GreedyBot",
    "NotAViewError",
    "RandomBot",
    "SmartBot",
    "game_seed",
    "play_game",
    "play_games",
    "summarize",
    "tournament",
    "wilson_interval",
]


def __getattr__(name: str) -> object:
    # ``wilson_interval`` is imported on first use: playing games then never loads the probability
    # package (and pandas), whose objects would slow every full garbage collection.
    if name == "wilson_interval":
        from phase10kit.probability.simulate import wilson_interval

        return wilson_interval
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
