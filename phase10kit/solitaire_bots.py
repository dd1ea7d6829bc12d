"""How far from perfect: any discard policy (a bot, the optimum, a student) played in the solitaire model.

The game is the model of ``solitaire``: deal 10 cards from a shuffled deck; each turn draw one of
the unseen cards (the deck minus the hand: a discard goes back among them) until the 11 cards
hold the phase, checked by the kit's solver (``can_complete``), independent of the solved tables.
The mean of the turns a policy needs is then comparable with ``solitaire_optimum(...).expected_turns``.
It plays the bots and the studies' solitaire view, so it stands above them, not in ``probability`` below.

>>> from phase10kit import Phase
>>> from phase10kit.probability import solitaire_optimum
>>> opt = solitaire_optimum(Phase.parse("s3"))
>>> summary = model_turns(opt.best_discard, Phase.parse("s3"), n=400, seed=1)
>>> summary.low <= opt.expected_turns <= summary.high
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pandas as pd

from phase10kit import studies
from phase10kit.actions import Discard
from phase10kit.bots import GreedyBot, RandomBot, SmartBot
from phase10kit.cards import Card
from phase10kit.errors import Phase10Error, Reason, quote
from phase10kit.game import PlayerView
from phase10kit.phases import Phase, phase
from phase10kit.probability.profiles import STANDARD_DECK, DeckSpec
from phase10kit.probability.simulate import Z95
from phase10kit.probability.solitaire import fits_model, solitaire_optimum
from phase10kit.rules import HAND_SIZE, STANDARD_RULES, Rules
from phase10kit.solver import can_complete

__all__ = ["bot_policy", "bots_against_optimum", "model_turns", "play_solitaire"]

DiscardPolicy = Callable[[list[Card]], Card]
"""Chooses the card to discard from an 11-card hand."""


@dataclass(frozen=True, slots=True)
class TurnsSummary:
    """The turns a policy needed over ``n`` deals: mean, standard error and 95% interval of the mean.

    ``unfinished`` deals did not make the phase within ``max_turns`` (the mean then counts them as
    ``max_turns``, so it is a lower bound; the default limit is far above any sensible policy).
    """

    mean: float
    sem: float
    low: float
    high: float
    n: int
    unfinished: int


def play_solitaire(
    policy: DiscardPolicy,
    phase_: Phase,
    rng: random.Random,
    *,
    hand_size: int = HAND_SIZE,
    deck: DeckSpec = STANDARD_DECK,
    rules: Rules | None = None,
    max_turns: int = 1000,
) -> int:
    """The turns one deal takes with ``policy`` in the solitaire model (``max_turns`` when it never ends).

    >>> from phase10kit import Phase
    >>> play_solitaire(lambda hand: max(hand), Phase.parse("s3"), random.Random(4)) >= 1
    True
    """
    unseen = [Card.from_index(int(i)) for i in deck.card_indices()]
    rng.shuffle(unseen)
    hand = [unseen.pop() for _ in range(hand_size)]
    for turn in range(1, max_turns + 1):
        # Draw uniformly among the unseen cards: swap a random one to the end and pop it.
        pick = rng.randrange(len(unseen))
        unseen[pick], unseen[-1] = unseen[-1], unseen[pick]
        hand.append(unseen.pop())
        if can_complete(hand, phase_, rules=rules):
            return turn
        card = policy(list(hand))
        if card not in hand:
            raise Phase10Error(
                f"the policy discarded {quote(card, 20)}, which is not in the hand {' '.join(map(str, hand))}",
                reason=Reason.NOT_IN_HAND,
                details={"cards": [card] if isinstance(card, Card) else quote(card, 20)},
            )
        hand.remove(card)
        unseen.append(card)
    return max_turns


def model_turns(
    policy: DiscardPolicy,
    phase_: Phase,
    n: int = 200,
    seed: int = 0,
    *,
    hand_size: int = HAND_SIZE,
    deck: DeckSpec = STANDARD_DECK,
    rules: Rules | None = None,
    max_turns: int = 1000,
) -> TurnsSummary:
    """The turns ``policy`` needs over ``n`` seeded deals of the solitaire model, with a 95% interval of the mean.

    >>> from phase10kit import Phase
    >>> summary = model_turns(lambda hand: max(hand), Phase.parse("s3"), n=50, seed=2)
    >>> summary.n, summary.low < summary.mean < summary.high
    (50, True)
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise Phase10Error(f"n is a whole number of deals, at least 2, not {quote(n, 40)}", reason=Reason.BAD_COUNT)
    rng = random.Random(f"solitaire/{seed}/{phase_}")
    turns = [
        play_solitaire(
            policy,
            phase_,
            rng,
            hand_size=hand_size,
            deck=deck,
            rules=rules,
            max_turns=max_turns,
        )
        for _ in range(n)
    ]
    mean = sum(turns) / n
    sem = math.sqrt(sum((t - mean) ** 2 for t in turns) / (n - 1) / n)
    unfinished = sum(t >= max_turns for t in turns)
    return TurnsSummary(mean, sem, mean - Z95 * sem, mean + Z95 * sem, n, unfinished)


def solitaire_view(hand: Sequence[Card], phase_: Phase, rules: Rules | None = None) -> PlayerView:
    """The view of a player alone after drawing, about to discard: what a bot sees in the model.

    The discard pile is empty (the model forgets discards) and only discards are legal.

    >>> from phase10kit import Phase, parse_cards
    >>> view = solitaire_view(parse_cards("R7 B7 G2 Y2 R9 B10 G11 Y12 R1 S W"), Phase.parse("2s3"))
    >>> view.stage, len(view.discards()), view.discard_pile
    ('play', 11, ())
    """
    base = STANDARD_RULES if rules is None else rules
    # Alone at the table a Skip skips no one: "next" makes every Skip discard targetless.
    solo = replace(base, skip_target="next")
    number = next((i for i, p in enumerate(solo.phases, 1) if p == phase_), 1)
    # The studies' one-player table, with no discard pile: the model forgets discards.
    return studies.solitaire_view(solo, number, phase_, list(hand), [], STANDARD_DECK.size - len(hand), "play")


def bot_policy(bot: Any, phase_: Phase, rules: Rules | None = None) -> DiscardPolicy:
    """A bot's discards as a policy: it chooses from the ``solitaire_view`` of each 11-card hand.

    >>> from phase10kit import Phase, parse_cards
    >>> from phase10kit.bots import GreedyBot
    >>> bot_policy(GreedyBot(seed=1), Phase.parse("2s3"))(parse_cards("R7 B7 G7 Y2 B2 R9 B10 G11 Y12 R1 S"))
    Card('S')
    """

    def choose(hand: list[Card]) -> Card:
        action = bot.choose(solitaire_view(hand, phase_, rules))
        if not isinstance(action, Discard):
            raise Phase10Error(f"{bot!r} did not discard but chose {action}", reason=Reason.BAD_BOT)
        return action.card

    return choose


def bots_against_optimum(
    bots: Iterable[Any] | None = None,
    phases: Iterable[int | Phase] = range(1, 11),
    n: int = 200,
    seed: int = 0,
    *,
    max_turns: int = 1000,
) -> pd.DataFrame:
    """Mean turns per phase of each bot in the solitaire model, next to the optimum, with 95% intervals.

    One row per (phase, policy): ``phase``, ``notation``, ``policy`` (``"optimum"`` for the exact
    value, else the bot's name), ``mean_turns``, ``low``, ``high``, ``extra`` (turns above the
    optimum), ``n`` and ``unfinished``. The default bots are RandomBot, GreedyBot and SmartBot.

    >>> from phase10kit.bots import GreedyBot
    >>> table = bots_against_optimum([GreedyBot(seed=1)], phases=[1], n=30)
    >>> list(table["policy"]), bool(table["extra"].iloc[1] > -1)
    (['optimum', 'GreedyBot'], True)
    """
    if bots is None:
        bots = [RandomBot(seed=seed), GreedyBot(seed=seed), SmartBot(seed=seed)]
    players = list(bots)
    rows: list[dict[str, Any]] = []
    for item in phases:
        chosen = item if isinstance(item, Phase) else phase(item)
        number = item if isinstance(item, int) else 0
        if not fits_model(chosen):
            continue
        opt = solitaire_optimum(chosen)
        base = {"phase": number, "notation": str(chosen)}
        rows.append(
            {
                **base,
                "policy": "optimum",
                "mean_turns": opt.expected_turns,
                "low": opt.expected_turns,
                "high": opt.expected_turns,
                "extra": 0.0,
                "n": None,
                "unfinished": 0,
            }
        )
        for bot in players:
            player = bot.spawn(f"solitaire/{chosen}") if hasattr(bot, "spawn") else bot
            summary = model_turns(bot_policy(player, chosen), chosen, n, seed, max_turns=max_turns)
            rows.append(
                {
                    **base,
                    "policy": getattr(bot, "name", type(bot).__name__),
                    "mean_turns": summary.mean,
                    "low": summary.low,
                    "high": summary.high,
                    "extra": summary.mean - opt.expected_turns,
                    "n": n,
                    "unfinished": summary.unfinished,
                }
            )
    frame = pd.DataFrame(rows)
    frame["n"] = frame["n"].astype("Int64")
    return frame
