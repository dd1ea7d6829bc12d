"""How a table is set up: its seats, bots, rules, language and pacing, checked in one place.

``TableSettings`` is what ``widgets.table.Table`` hands to ``widgets.session.TableSession``
(``TableSession.from_settings``), and what a snapshot is read back into; making one refuses a
bad value with a ``Phase10Error`` saying what is wrong.

>>> TableSettings(players=4, humans=2).human_seats, TableSettings(players=4, humans=2).bot_seats
((0, 1), (2, 3))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from phase10kit.errors import Phase10Error, Reason
from phase10kit.i18n import check_lang
from phase10kit.rules import Rules, check_players
from widgets.session_bots import Chooser

__all__ = ["DEFAULT_SPEED", "MAX_SPEED", "TableSettings", "check_speed"]

DEFAULT_SPEED = 0.8
"""Seconds between two bots' moves on a page: slow enough to follow each move, quick enough not to bore."""
MAX_SPEED = 10.0


def check_speed(speed: object) -> float:
    """Seconds between bots' moves: 0 (at once) to 10.

    >>> check_speed(0.8), check_speed(0)
    (0.8, 0.0)
    """
    if isinstance(speed, bool) or not isinstance(speed, int | float) or not 0 <= speed <= MAX_SPEED:
        raise Phase10Error(f"speed is 0 to 10 seconds between bot moves, not {speed!r:.40}", reason=Reason.BAD_SPEED)
    return float(speed)


@dataclass(frozen=True)
class TableSettings:
    """A table's set-up (see ``TableSession`` for each field); checked when made.

    ``lang``, ``speed`` and ``teaching`` are kept in their checked form (a language code, a float,
    a bool); ``rules`` None stands for the kit's default ``Rules()``. ``seated`` names the humans' seats
    outright, in order, any of them (a room's players sit where they chose: ``widgets.room_play``); it
    replaces ``human`` and ``humans``.

    >>> TableSettings(players=4, seated=(1, 3), bots=["greedy", "smart"]).bot_seats
    (0, 2)
    """

    players: int = 3
    seed: int | None = None
    bots: str | Sequence[str | Chooser] = "smart"
    rules: Rules | None = None
    lang: str = "en"
    human: int = 0
    humans: int = 1
    speed: float = DEFAULT_SPEED
    teaching: bool = False
    seated: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        players, human, humans = self.players, self.human, self.humans
        object.__setattr__(self, "lang", check_lang(self.lang))
        check_players(players)
        if self.seated is not None:
            seated = self.seated
            if (
                not isinstance(seated, tuple)
                or not seated
                or any(isinstance(seat, bool) or not isinstance(seat, int) for seat in seated)
                or list(seated) != sorted(set(seated))
                or not 0 <= seated[0] <= seated[-1] < players
            ):
                raise Phase10Error(
                    f"the humans' seats are distinct seats 0 to {players - 1} in order, not {seated!r:.40}",
                    reason=Reason.BAD_PLAYER,
                )
            human, humans = seated[0], len(seated)
            object.__setattr__(self, "human", human)
            object.__setattr__(self, "humans", humans)
        if isinstance(humans, bool) or not isinstance(humans, int) or not 1 <= humans <= players:
            raise Phase10Error(
                f"humans is 1 to {players} (the players), not {humans!r:.40}",
                reason=Reason.BAD_PLAYERS,
                details={"low": 1, "high": players},
            )
        if isinstance(human, bool) or not isinstance(human, int) or not 0 <= human < players:
            raise Phase10Error(f"the human's seat is 0 to {players - 1}, not {human!r:.40}", reason=Reason.BAD_PLAYER)
        if humans > 1 and human != 0 and self.seated is None:
            raise Phase10Error(
                f"with {humans} humans they sit at seats 0 to {humans - 1}: leave human=0, not {human!r}",
                reason=Reason.BAD_PLAYER,
            )
        seed = self.seed
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise Phase10Error(f"a seed is an integer or None, not {seed!r:.60}", reason=Reason.BAD_SEED)
        if self.rules is not None and not isinstance(self.rules, Rules):
            raise Phase10Error(f"rules must be a Rules value, not {self.rules!r:.60}", reason=Reason.BAD_RULES)
        levels = self.levels
        if len(levels) != len(self.bot_seats):
            raise Phase10Error(
                f"{players} players with {humans} human(s) need {len(self.bot_seats)} bots, not {len(levels)}",
                reason=Reason.BAD_BOTS,
            )
        object.__setattr__(self, "speed", check_speed(self.speed))
        object.__setattr__(self, "teaching", bool(self.teaching))

    @property
    def human_seats(self) -> tuple[int, ...]:
        """The humans' seats: ``seated``, else ``human`` alone, or seats 0 .. humans-1 sharing the screen."""
        if self.seated is not None:
            return self.seated
        return (self.human,) if self.humans == 1 else tuple(range(self.humans))

    @property
    def bot_seats(self) -> tuple[int, ...]:
        """Every seat that is not a human's, in order."""
        return tuple(seat for seat in range(self.players) if seat not in self.human_seats)

    @property
    def levels(self) -> list[str | Chooser]:
        """One bot level (or bot object) per bot seat, in order."""
        return [self.bots] * len(self.bot_seats) if isinstance(self.bots, str) else list(self.bots)
