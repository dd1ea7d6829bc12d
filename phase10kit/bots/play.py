"""Playing bots against each other: one game, many games, and a tournament table with 95% intervals.

Every game's seed is derived from the tournament seed and the game's index, and every bot is a fresh
copy seeded from its own seed and the game's, so results are identical for a given seed whatever
``concurrent.futures.Executor`` runs the games (none, a ``ProcessPoolExecutor``, Dask's
``Client.get_executor()``); results are gathered in game order.

>>> from phase10kit.bots import GreedyBot, RandomBot
>>> table = tournament([GreedyBot(seed=1), RandomBot(seed=2)], games=4, seed=5)
>>> list(table["bot"]), int(table["games"].sum())
(['GreedyBot', 'RandomBot'], 8)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING

from phase10kit.bots.base import Bot
from phase10kit.errors import Phase10Error, Reason, quote
from phase10kit.game import Game
from phase10kit.rules import MAX_PLAYERS, MIN_PLAYERS, Rules

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["MAX_ACTIONS", "GameTooLongError", "game_seed", "play_game", "play_games", "summarize", "tournament"]

# pandas and the probability package are imported by the functions that make tables: a process that
# only plays games never loads them, and their tens of thousands of objects would slow every full
# garbage collection (a fifth of a game's time went to the collector).

MAX_ACTIONS = 50_000
"""Actions after which a game is declared stuck (a real game between the kit's bots takes a few thousand)."""
CHUNK = 8
"""Games per task sent to an executor: large enough to hide the cost of sending the bots."""


class GameTooLongError(Phase10Error):
    """A game went past ``max_actions`` without ending (bots that never finish, or an engine bug)."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """The outcome of one game: which bot sat where, who won, final scores and phases by seat."""

    index: int
    seed: int
    entries: tuple[int, ...]
    winner: int
    scores: tuple[int, ...]
    phases_made: tuple[int, ...]
    hands: int
    actions: int


def _check_bots(bots: Sequence[Bot]) -> list[Bot]:
    if isinstance(bots, Bot) or not isinstance(bots, Sequence):
        raise Phase10Error(
            f"bots must be a list of {MIN_PLAYERS} to {MAX_PLAYERS} bots, not {quote(bots, 80)}", reason=Reason.BAD_BOTS
        )
    if not MIN_PLAYERS <= len(bots) <= MAX_PLAYERS:
        raise Phase10Error(
            f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(bots)} bots", reason=Reason.BAD_BOTS
        )
    for bot in bots:
        if not isinstance(bot, Bot):
            raise Phase10Error(f"{bot!r:.60} is not a bot (RandomBot, GreedyBot, SmartBot)", reason=Reason.BAD_BOTS)
    return list(bots)


def _check_count(value: int, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise Phase10Error(f"{name} must be a positive integer, not {value!r:.40}", reason=Reason.BAD_COUNT)
    return value


def play_game(
    bots: Sequence[Bot], rules: Rules | None = None, seed: int = 0, *, max_actions: int = MAX_ACTIONS
) -> Game:
    """Play one whole game, ``bots[i]`` in seat ``i``; return the finished ``Game``.

    Each bot plays through a copy seeded from its own seed, the game's seed and its seat, so the
    game is reproducible from ``seed`` and the bots passed in are left untouched. A game longer than
    ``max_actions`` raises ``GameTooLongError``.

    >>> from phase10kit.bots import GreedyBot
    >>> g = play_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=3)
    >>> g.is_over(), g.winner in (0, 1), play_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=3).history == g.history
    (True, True, True)
    """
    players = _check_bots(bots)
    _check_count(max_actions, "max_actions")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise Phase10Error(f"a game's seed is an integer, not {seed!r:.40}", reason=Reason.BAD_SEED)
    game = Game(players=len(players), rules=rules, seed=seed)
    seated = [bot.spawn(f"game{seed}/seat{seat}") for seat, bot in enumerate(players)]
    for _ in range(max_actions):
        if game.over:
            return game
        seat = game.current_player
        game.apply(seated[seat].choose(game.view(seat)))
    if game.over:
        return game
    names = ", ".join(repr(bot) for bot in players)
    raise GameTooLongError(
        f"the game with seed {seed} between {names} did not end within {max_actions} actions "
        f"(hand {game.round}, scores {game.scores})",
        reason=Reason.GAME_TOO_LONG,
    )


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a series played with ``seed`` (independent of how games are run).

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return random.Random(f"series/{seed}/{index}").getrandbits(62)


def _play_chunk(
    bots: list[Bot], rules: Rules | None, seed: int, indices: list[int], rotate: bool, max_actions: int
) -> list[GameRecord]:
    """Play the games ``indices`` of a series (a top-level function, so process pools can run it)."""
    records = []
    n = len(bots)
    for index in indices:
        shift = index % n if rotate else 0
        entries = tuple((seat + shift) % n for seat in range(n))
        s = game_seed(seed, index)
        game = play_game([bots[e] for e in entries], rules, s, max_actions=max_actions)
        assert game.winner is not None
        records.append(
            GameRecord(
                index=index,
                seed=s,
                entries=entries,
                winner=entries[game.winner],
                scores=tuple(game.scores[entries.index(e)] for e in range(n)),
                phases_made=tuple(len(game.done[entries.index(e)]) for e in range(n)),
                hands=game.round,
                actions=sum(1 for line in game.history if line[:1] == "p" and line[1:2].isdigit()),
            )
        )
    return records


def play_games(
    bots: Sequence[Bot],
    games: int,
    rules: Rules | None = None,
    seed: int = 0,
    *,
    executor: Executor | None = None,
    rotate: bool = True,
    max_actions: int = MAX_ACTIONS,
) -> pd.DataFrame:
    """Play a series of games; one row per game, in game order.

    Seats rotate (game ``i`` puts ``bots[(s + i) % n]`` in seat ``s``) unless ``rotate=False``.
    Columns: ``game``, ``seed``, ``first_seat`` (the bot in seat 0), ``winner`` (a bot's position
    in ``bots``), ``winner_seat``, ``hands``, ``actions``, then ``score_k`` and ``phases_k`` for each bot k.

    >>> from phase10kit.bots import GreedyBot
    >>> rows = play_games([GreedyBot(seed=1), GreedyBot(seed=2)], games=2, seed=0)
    >>> list(rows["game"]), list(rows["first_seat"])
    ([0, 1], [0, 1])
    """
    import pandas as pd

    players = _check_bots(bots)
    _check_count(games, "games")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise Phase10Error(f"a series' seed is an integer, not {seed!r:.40}", reason=Reason.BAD_SEED)
    chunks = [list(range(start, min(start + CHUNK, games))) for start in range(0, games, CHUNK)]
    records: list[GameRecord] = []
    if executor is None:
        for chunk in chunks:
            records += _play_chunk(players, rules, seed, chunk, rotate, max_actions)
    else:
        futures = [executor.submit(_play_chunk, players, rules, seed, chunk, rotate, max_actions) for chunk in chunks]
        for future in futures:
            records += future.result()
    rows = []
    for r in records:
        row: dict[str, int] = {
            "game": r.index,
            "seed": r.seed,
            "first_seat": r.entries[0],
            "winner": r.winner,
            "winner_seat": r.entries.index(r.winner),
            "hands": r.hands,
            "actions": r.actions,
        }
        for k in range(len(players)):
            row[f"score_{k}"] = r.scores[k]
            row[f"phases_{k}"] = r.phases_made[k]
        rows.append(row)
    return pd.DataFrame(rows)


def summarize(bots: Sequence[Bot], rows: pd.DataFrame) -> pd.DataFrame:
    """The tournament table of a ``play_games`` result: one row per bot (see ``tournament``)."""
    # Imported on use: playing games never loads pandas or the probability package (start-up speed, and
    # their objects slow every full garbage collection); only a tournament's table needs them.
    import pandas as pd

    from phase10kit.probability.simulate import wilson_interval

    table = []
    games = len(rows)
    for k, bot in enumerate(bots):
        wins = int((rows["winner"] == k).sum())
        low, high = wilson_interval(wins, games)
        table.append(
            {
                "bot": bot.name,
                "seed": bot.seed,
                "games": games,
                "wins": wins,
                "win_rate": wins / games,
                "win_low": low,
                "win_high": high,
                "mean_score": float(rows[f"score_{k}"].mean()),
                "mean_phases": float(rows[f"phases_{k}"].mean()),
                "hands_per_game": float(rows["hands"].mean()),
            }
        )
    return pd.DataFrame(table).rename_axis("entry")


def tournament(
    bots: Sequence[Bot],
    games: int,
    rules: Rules | None = None,
    seed: int = 0,
    executor: Executor | None = None,
    *,
    max_actions: int = MAX_ACTIONS,
) -> pd.DataFrame:
    """Play ``games`` games between the bots, seats rotated, and tabulate them: one row per bot.

    Columns: ``bot`` (its name), ``seed``, ``games``, ``wins``, ``win_rate`` with its 95% Wilson
    interval ``win_low``..``win_high``, ``mean_score`` (final penalty points), ``mean_phases`` (phases
    made) and ``hands_per_game``. ``executor`` may be any ``concurrent.futures.Executor``; the table is
    the same for a given ``seed`` whatever runs it.

    >>> from phase10kit.bots import GreedyBot, RandomBot
    >>> t = tournament([GreedyBot(seed=1), RandomBot(seed=2)], games=6, seed=1)
    >>> int(t["wins"].sum()), bool(t.loc[0, "win_low"] <= t.loc[0, "win_rate"] <= t.loc[0, "win_high"])
    (6, True)
    """
    rows = play_games(bots, games, rules, seed, executor=executor, max_actions=max_actions)
    return summarize(bots, rows)
