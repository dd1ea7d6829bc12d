"""The bot registry: every bot a table, a URL parameter or a tournament can name, in one place.

Each entry has the name used in code and URLs (``"smart"``), the bot's class, and its label and
description as catalog msgids (translated where shown). Adding a bot means adding one entry here.

>>> list(BOTS)[:3]
['random', 'greedy', 'smart']
>>> make_bot("greedy", seed=4)
GreedyBot(seed=4)
>>> make_bot("clever")
Traceback (most recent call last):
...
phase10kit.errors.Phase10Error: unknown bot 'clever': choose one of random, greedy, smart, expert
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from phase10kit.bots.base import Bot
from phase10kit.bots.expert import ExpertBot
from phase10kit.bots.policies import GreedyBot, RandomBot, SmartBot
from phase10kit.errors import Phase10Error, Reason, brief
from phase10kit.i18n import N_

__all__ = ["BOTS", "bot_info", "make_bot"]


@dataclass(frozen=True)
class BotInfo:
    """One registered bot: ``name`` (code and URLs), ``factory`` (its class), ``label`` and ``description`` (msgids)."""

    name: str
    factory: Callable[..., Bot]
    label: str
    description: str


_ENTRIES = (
    BotInfo("random", RandomBot, N_("Random bot"), N_("Plays any legal move at random.")),
    BotInfo(
        "greedy",
        GreedyBot,
        N_("Greedy bot"),
        N_("Lays down as soon as it can and keeps the cards nearest to its phase."),
    ),
    BotInfo(
        "smart",
        SmartBot,
        N_("Smart bot"),
        N_("Counts the cards it has not seen, keeps what is likely to help and aims its Skips at the leader."),
    ),
    BotInfo(
        "expert",
        ExpertBot,
        N_("Expert bot"),
        N_("Discards by the exact optimum for making its phase, solved in advance."),
    ),
)
BOTS: dict[str, BotInfo] = {info.name: info for info in _ENTRIES}
"""The registered bots by name, in the order menus show them (weakest first)."""
DEFAULT_BOT = "smart"
"""The bot a table seats when none is named."""


def bot_info(name: object) -> BotInfo:
    """The registry entry of ``name`` (any case, surrounding spaces ignored), else a ``Phase10Error``."""
    key = name.strip().lower() if isinstance(name, str) else None
    if key is None or key not in BOTS:
        choices = ", ".join(BOTS)
        raise Phase10Error(
            f"unknown bot {brief(name, 40)}: choose one of {choices}",
            reason=Reason.BAD_BOT,
            details={"choices": choices},
        )
    return BOTS[key]


def make_bot(name: str, seed: int = 0, *, lang: str = "en") -> Bot:
    """A new bot of the registered kind ``name``, seeded."""
    return bot_info(name).factory(seed=seed, lang=lang)
