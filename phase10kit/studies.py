"""Strategy studies as small simulations, each returning a pandas DataFrame (used by the strategy notebook).

Every study takes a number of games or deals and a seed, and is quick with its defaults; raise the
count (and pass an ``executor`` where offered) for tighter answers.

>>> table = phase_turns(n=5, phases=[1], seed=1)
>>> list(table.columns[:3]), int(table.loc[0, "n"])
(['phase', 'notation', 'mean_turns'], 5)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import replace

import numpy as np
import pandas as pd

from phase10kit.actions import Discard, Take
from phase10kit.bots import Bot, GreedyBot, SmartBot, play_games, wilson_interval
from phase10kit.cards import Card, shuffled_deck
from phase10kit.engine.turn import TurnFacts
from phase10kit.errors import Phase10Error, Reason
from phase10kit.game import PlayerView
from phase10kit.phases import Phase
from phase10kit.rules import HAND_SIZE, Rules, check_players
from phase10kit.solver import can_complete

__all__ = ["hands_per_game", "phase_turns", "rule_effects", "seat_advantage", "solitaire_view", "turns_to_phase"]


def _check_positive(value: int, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise Phase10Error(f"{name} must be a positive integer, not {value!r:.40}", reason=Reason.BAD_COUNT)
    return value


def solitaire_view(
    rules: Rules, number: int, phase: Phase, hand: list[Card], pile: list[Card], deck: int, stage: str
) -> PlayerView:
    """A one-player table: the view a bot sees when it plays a phase alone (it never lays down here)."""
    takeable = bool(pile) and (rules.skip_from_discard or not pile[-1].is_skip)
    facts = TurnFacts(
        player=0,
        rules=rules,
        stage=stage,
        hand=tuple(hand),
        melds=((),),
        active=(0,),
        can_draw=True,
        can_take=takeable,
        open_phases=(),
        named=False,
        laid=False,
        keeps_one=True,
        hit_others=False,
        skip_targets=(None,),
    )
    return PlayerView(
        player=0,
        rules=rules,
        hand=tuple(hand),
        melds=((),),
        discard_pile=tuple(pile),
        hand_sizes=(len(hand),),
        deck_size=deck,
        phases=(number,),
        current_phases=(phase,),
        open_phases=(number,),
        done=((),),
        laid=(None,),
        scores=(0,),
        skipped=(False,),
        active=(0,),
        round=1,
        dealer=0,
        current_player=0,
        stage=stage,
        tiebreak=False,
        over=False,
        winner=None,
        turn=facts,
    )


def turns_to_phase(bot: Bot, phase_number: int, rules: Rules, rng: random.Random, max_turns: int) -> int | None:
    """Turns one player alone needs until the hand after drawing holds the phase (None: not within max_turns).

    The player draws or takes the top discard as the bot chooses, then discards as the bot chooses.
    """
    phase = rules.phases[phase_number - 1]
    # The Skip rules of a table with others make no sense alone: a Skip here skips no one.
    solo = replace(rules, skip_target="next")
    deck = shuffled_deck(rng)
    hand = [deck.pop() for _ in range(HAND_SIZE)]
    pile = [deck.pop()]
    for turn in range(1, max_turns + 1):
        if not deck:
            deck, pile = pile[:-1], pile[-1:]
            rng.shuffle(deck)
        action = bot.choose(solitaire_view(solo, phase_number, phase, hand, pile, len(deck), "draw"))
        hand.append(pile.pop() if isinstance(action, Take) else deck.pop())
        if can_complete(hand, phase, rules=rules):
            return turn
        action = bot.choose(solitaire_view(solo, phase_number, phase, hand, pile, len(deck), "play"))
        assert isinstance(action, Discard)
        hand.remove(action.card)
        pile.append(action.card)
    return None


def phase_turns(
    policy: Bot | None = None,
    n: int = 30,
    seed: int = 0,
    *,
    phases: Sequence[int] = range(1, 11),
    rules: Rules | None = None,
    max_turns: int = 60,
) -> pd.DataFrame:
    """Expected turns for a single player to complete each phase under a policy (a bot), from ``n`` deals.

    Columns: ``phase`` (its number), ``notation``, ``mean_turns``, ``sem`` (standard error),
    ``median``, ``p90``, ``completed`` (share done within ``max_turns``; the statistics use only
    those), ``n``. The default policy is ``GreedyBot(seed)``.

    >>> t = phase_turns(n=10, phases=[1, 4], seed=2)
    >>> list(t["phase"]), bool((t["mean_turns"] >= 1).all())
    ([1, 4], True)
    """
    _check_positive(n, "n")
    _check_positive(max_turns, "max_turns")
    rules = Rules() if rules is None else rules
    bot = GreedyBot(seed=seed) if policy is None else policy
    rows = []
    for number in phases:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= rules.phase_count:
            raise Phase10Error(f"there is no phase {number!r} in these rules", reason=Reason.BAD_PHASE)
        player = bot.spawn(f"phase{number}")
        rng = random.Random(f"phase_turns/{seed}/{number}")
        results = [turns_to_phase(player, number, rules, rng, max_turns) for _ in range(n)]
        turns = [float(r) for r in results if r is not None]
        done = np.array(turns) if turns else np.array([np.nan])
        rows.append(
            {
                "phase": number,
                "notation": str(rules.phases[number - 1]),
                "mean_turns": float(done.mean()),
                "sem": float(done.std(ddof=1) / np.sqrt(len(done))) if len(turns) > 1 else float("nan"),
                "median": float(np.median(done)),
                "p90": float(np.quantile(done, 0.9)),
                "completed": len(done) / n,
                "n": n,
            }
        )
    return pd.DataFrame(rows)


def hands_per_game(
    players: Sequence[int] = (2, 3, 4, 5, 6),
    games: int = 4,
    seed: int = 0,
    *,
    bot: Bot | None = None,
    rules: Rules | None = None,
    executor: Executor | None = None,
) -> pd.DataFrame:
    """The distribution of hands (and actions) per game for each number of players; one row per game.

    Columns: ``players``, ``game``, ``hands``, ``actions``. All seats play ``bot`` (default ``GreedyBot``).
    Summarise with ``table.groupby("players")["hands"].describe()``.

    >>> t = hands_per_game(players=[2, 3], games=2, seed=1)
    >>> list(t["players"]), bool((t["hands"] >= 10).all())
    ([2, 2, 3, 3], True)
    """
    _check_positive(games, "games")
    player = GreedyBot(seed=seed) if bot is None else bot
    frames = []
    for count in players:
        check_players(count)
        rows = play_games([player] * count, games, rules, seed * 7 + count, executor=executor, rotate=False)
        frames.append(
            pd.DataFrame({"players": count, "game": rows["game"], "hands": rows["hands"], "actions": rows["actions"]})
        )
    return pd.concat(frames, ignore_index=True)


def seat_advantage(
    players: int = 4,
    games: int = 20,
    seed: int = 0,
    *,
    bot: Bot | None = None,
    rules: Rules | None = None,
    executor: Executor | None = None,
) -> pd.DataFrame:
    """Win rate by seat when every seat plays the same bot: does the first seat have an advantage?

    One row per seat: ``seat`` (1 = the first hand's dealer, p1), ``plays_first`` (the seat that takes
    the first turn of the game, left of the dealer), ``wins``, ``win_rate``, ``win_low``, ``win_high``
    (95% Wilson interval) and ``fair`` (1 / players).

    >>> t = seat_advantage(players=2, games=4, seed=1)
    >>> int(t["wins"].sum()), list(t["plays_first"])
    (4, [False, True])
    """
    _check_positive(games, "games")
    player = GreedyBot(seed=seed) if bot is None else bot
    rows = play_games([player] * players, games, rules, seed, executor=executor, rotate=False)
    table = []
    for seat in range(players):
        wins = int((rows["winner_seat"] == seat).sum())
        low, high = wilson_interval(wins, games)
        table.append(
            {
                "seat": seat + 1,
                "plays_first": seat == 1 % players,
                "wins": wins,
                "win_rate": wins / games,
                "win_low": low,
                "win_high": high,
                "fair": 1 / players,
            }
        )
    return pd.DataFrame(table)


RULE_VARIANTS: dict[str, dict[str, object]] = {
    "default": {},
    "skip_target=next": {"skip_target": "next"},
    "go_out=discard": {"go_out": "discard"},
    "extra_cards=False": {"extra_cards": False},
}
"""The rule options ``rule_effects`` compares, each changed alone from the default rules."""


def rule_effects(
    games: int = 10,
    seed: int = 0,
    *,
    bots: Sequence[Bot] | None = None,
    variants: dict[str, dict[str, object]] | None = None,
    executor: Executor | None = None,
) -> pd.DataFrame:
    """How each rule option changes game length and win rates, from ``games`` games per variant.

    The bots (default ``SmartBot`` against two ``GreedyBot``) play every variant with the same seeds.
    One row per variant: ``variant``, ``games``, ``hands_mean``, ``actions_mean``, ``hands_change``
    (against the first variant), ``first_bot``, ``first_bot_win_rate`` with ``win_low``/``win_high``.

    >>> t = rule_effects(games=2, seed=1, variants={"default": {}, "go_out=discard": {"go_out": "discard"}})
    >>> list(t["variant"]), float(t.loc[0, "hands_change"])
    (['default', 'go_out=discard'], 0.0)
    """
    _check_positive(games, "games")
    # Three players by default: with two, a chosen Skip and the "next player" Skip hit the same player.
    players = list(bots) if bots is not None else [SmartBot(seed), GreedyBot(seed + 1), GreedyBot(seed + 2)]
    table: list[dict[str, object]] = []
    means: list[float] = []
    for name, changes in (RULE_VARIANTS if variants is None else variants).items():
        rules = replace(Rules(), **changes)  # type: ignore[arg-type]
        rows = play_games(players, games, rules, seed, executor=executor)
        wins = int((rows["winner"] == 0).sum())
        low, high = wilson_interval(wins, games)
        means.append(float(rows["hands"].mean()))
        table.append(
            {
                "variant": name,
                "games": games,
                "hands_mean": float(rows["hands"].mean()),
                "actions_mean": float(rows["actions"].mean()),
                "first_bot": players[0].name,
                "first_bot_win_rate": wins / games,
                "win_low": low,
                "win_high": high,
            }
        )
    for row, hands in zip(table, means, strict=True):
        row["hands_change"] = hands - means[0]
    columns = ["variant", "games", "hands_mean", "actions_mean", "hands_change", "first_bot"]
    return pd.DataFrame(table)[[*columns, "first_bot_win_rate", "win_low", "win_high"]]
