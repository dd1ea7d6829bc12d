"""The bots around a table: the levels a seat can have, and a bot made for a seat.

A seat is played by a registered bot (``phase10kit.bots.registry``) or by any object with
``choose(view)`` and ``explain()`` (a ``Chooser``), so a lesson can seat its own bot.
"""

from __future__ import annotations

from typing import Protocol

from phase10kit.actions import Action
from phase10kit.bots.registry import BOTS, bot_info
from phase10kit.errors import Phase10Error, Reason
from phase10kit.game import PlayerView
from phase10kit.i18n import translator

__all__ = ["BOT_LEVELS", "Chooser", "explanation_of", "make_bot"]

BOT_LEVELS: dict[str, str] = {name: info.label for name, info in BOTS.items()}
"""The bot levels a seat can have (the rules package's registry), with their shown names (msgids)."""


class Chooser(Protocol):
    """Anything that plays a seat: ``choose(view)`` returns a legal action, ``explain()`` says why."""

    def choose(self, view: PlayerView) -> Action: ...

    def explain(self) -> str: ...


def make_bot(level: str | Chooser, seed: int, lang: str) -> tuple[Chooser, str]:
    """A bot for a seat from its registered name (or a ready object with ``choose``), with the name shown for it."""
    if not isinstance(level, str):
        if not callable(getattr(level, "choose", None)):
            raise Phase10Error(
                f"a bot is one of {', '.join(BOTS)} or an object with choose(), not {level!r:.60}",
                reason=Reason.BAD_BOT,
                details={"choices": ", ".join(BOTS)},
            )
        return level, type(level).__name__
    info = bot_info(level)
    return info.factory(seed=seed, lang=lang), translator(lang).gettext(info.label)


def explanation_of(bot: Chooser) -> str:
    """The bot's reason for its last move, or "" when it gives none."""
    try:
        return str(bot.explain())
    except (AttributeError, Phase10Error):
        return ""
