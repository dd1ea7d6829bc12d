"""A room's game as its one authority changes it: a seat's own move, a bot's move, a take-back, a new game.

A room's game lives in the store (``widgets.room_store``) as a ``TableSession`` snapshot at a *position*.
Every change here starts from the snapshot the store holds at some position and gives the snapshot of the
next one; ``RoomStore.commit`` writes it only if the room is still at that position, so two kernels can
never both apply a move to the same position: the one that comes second finds the position moved on and
applies nothing. Any kernel of the room may make any change: the rule of who may is checked here (a seat
plays only on its own turn), and the store's position check makes it happen once.

The room's session differs from a page's table in three ways: there is no screen (no cover, no viewer),
a finished hand's summary is each page's own (the game goes on), and a bot's reasons are not kept (each
player reads the table in their own language, and a reason is written in one).

>>> game = RoomGame.deal(players=3, seated=(0, 2), levels=["greedy"])
>>> game.humans, game.bot_seats
((0, 2), (1,))
>>> from phase10kit.actions import Draw
>>> seat = game.game.current_player  # p1, or p2 when the first face-up card is a Skip
>>> game.move(seat, Draw(seat))
>>> RoomGame.read(game.text()).game.to_json() == game.game.to_json()
True
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from phase10kit.actions import Action
from phase10kit.errors import IllegalActionError, Phase10Error, Reason
from phase10kit.rules import Rules
from widgets.session import DEAL_SEED_BITS, TableSession
from widgets.session_bots import Chooser, make_bot
from widgets.session_settings import DEFAULT_SPEED, TableSettings

__all__ = ["STAND_IN_LEVEL", "RoomGame"]

STAND_IN_LEVEL = "smart"
"""The bot that plays a human seat while its player is away or the seat is free."""


class RoomGame(TableSession):
    """The room's game as the store holds it (see the module): dealt once at the room's start, read back
    from its snapshot for every change, written back as ``text()``."""

    @classmethod
    def deal(
        cls,
        players: int,
        seated: Sequence[int],
        levels: Sequence[str],
        *,
        speed: float = DEFAULT_SPEED,
        rules: Rules | None = None,
    ) -> RoomGame:
        """A new game: humans at ``seated``, a bot of each level in ``levels`` at the other seats in order;
        its seed from ``secrets`` (nobody can predict the deal)."""
        settings = TableSettings(
            players=players, seed=None, bots=list(levels), rules=rules, lang="en", speed=speed, seated=tuple(seated)
        )
        game = cls.from_settings(settings)
        game._screenless()
        return game

    @classmethod
    def read(cls, snapshot: str) -> RoomGame:
        """The room's game from the store's snapshot (``NotationError`` for anything else)."""
        game = cls.from_snapshot(snapshot)
        game._screenless()
        return game

    def _screenless(self) -> None:
        self.viewer = self.cover = None
        self.summary = None

    def _hand_over_seats(self) -> None:
        """No screen to cover: every page shows its own seat (``TableSession`` covers a shared screen)."""

    def text(self) -> str:
        """The snapshot to store: no viewer, no cover, no open summary."""
        self._screenless()
        return self.snapshot()

    # ------------------------------------------------------------------ changes

    def _turn_of(self, seat: int) -> None:
        """Refuse unless it is ``seat``'s turn in a game still on."""
        if self.game.is_over():
            raise Phase10Error("The game is over.", reason=Reason.GAME_OVER)
        current = self.game.current_player
        if seat != current:
            raise IllegalActionError(
                f"It is p{current + 1}'s turn.", reason=Reason.NOT_YOUR_TURN, details={"player": f"p{current + 1}"}
            )

    def move(self, seat: int, action: Action) -> None:
        """``seat`` plays ``action`` (its own, on its turn); the engine checks the rest. A refusal changes nothing."""
        self._turn_of(seat)
        if getattr(action, "player", None) != seat:
            raise IllegalActionError(
                f"p{seat + 1} can only play their own moves.", reason=Reason.BAD_PLAYER, details={"player": seat}
            )
        self._apply(action)
        self.summary = None

    def bot_move(self, seat: int) -> Action:
        """The move of the bot playing ``seat`` now: the seat's own bot, or a stand-in for a human seat."""
        self._turn_of(seat)
        bot: Chooser = self.bots[seat] if seat in self.bots else make_bot(STAND_IN_LEVEL, _fresh_seed(), "en")[0]
        action = bot.choose(self.game.view(seat))
        self._apply(action)  # no reason kept (see the module)
        self.summary = None
        return action

    def take_back_for(self, seat: int) -> Action:
        """``seat`` takes back its last move of this turn, when it revealed nothing (the engine's rule)."""
        self._turn_of(seat)
        refusal = self.game.why_not_take_back(seat)
        if refusal is not None:
            raise refusal
        return self.take_back()

    def deal_again(self) -> None:
        """A new game for the same seats, its seed from ``secrets``."""
        self.new_game()
        self._screenless()


def _fresh_seed() -> int:
    return secrets.randbits(DEAL_SEED_BITS)
