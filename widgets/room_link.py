"""One kernel's link to its room: it follows the room in the store, sends its seat's changes, and does its share
of the room's duties (the bots' moves and the idle rule), without any widget.

Every page in a room (and every simulated player of ``benchmarks/bench_rooms.py``) holds a ``RoomLink``.
``refresh`` polls the room's version (one small read) and, when it changed, loads the room and reads its game
once; listeners (the page) are then called. ``send`` applies a change to the game as the store holds it and
commits it at the position it was made on (``RoomStore.commit``): a change made on a position another kernel
has already moved past is refused, and nothing is applied twice.

``duties`` is what every kernel of the room offers to do, so that the game goes on while any page is open:

- **Bots.** When a bot is to move (a bot seat, a free seat, or a player's seat while they are away), a
  kernel of the room *claims* the position in the store for a lease; only the claimant waits the table's pace after the
  last move, computes the move and commits it. Another kernel takes over when a claimant dies (its lease
  ends), and the commit's position check makes the move happen once whoever sends it.
- **The idle rule.** A player who does nothing for the room's idle time on their turn (the host's choice,
  ``DEFAULT_IDLE`` seconds) is marked away: a bot plays their seat until they are back (``back``, or any move
  of theirs). Only the kernel of a page whose player plays their own seat moves bots: a projector's view or an
  away player's page does not, so a class that went home leaves its game waiting, not played out by bots.

``run`` does both on the running event loop, every ``POLL_SECONDS`` or sooner when a bot's move is due.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from widgets.room_play import RoomGame
from widgets.room_store import Room, RoomStore
from widgets.server_log import server_logger
from widgets.store import new_table_id
from widgets.store_db import StoreError

__all__ = ["HEARTBEAT_SECONDS", "LEASE_SECONDS", "POLL_SECONDS", "MovedOn", "RoomGone", "RoomLink"]

LOG = server_logger()

POLL_SECONDS = 0.25
"""How often a page asks the store whether its room changed: a move shows on the other pages within about this."""
HEARTBEAT_SECONDS = 5.0
"""How often a seated page tells the store it is there (the lobby and the board show who is)."""
LEASE_SECONDS = 15.0
"""How long a claim on a bot's move lasts beyond the table's pace: a kernel that died is replaced after this."""
RETRY_MAX_SECONDS = 5.0
"""The longest pause between two polls while the store fails (it grows from ``POLL_SECONDS``)."""


class MovedOn(StoreError):
    """The room moved past the position a change was made on (another page moved first): nothing was applied."""


class RoomGone(StoreError):
    """The room is no longer in the store (it expired, or the code was never one)."""


class RoomLink:
    """The link of one kernel to the room ``code`` of ``rooms``; ``room_pass`` the browser's pass (None: none)."""

    def __init__(self, rooms: RoomStore, code: str, room_pass: str | None = None) -> None:
        self.rooms = rooms
        self.code = code
        self.room_pass = room_pass
        self.room: Room | None = None
        self.game: RoomGame | None = None
        """The room's game at ``room.position`` (read once per position; never changed in place)."""
        self.claimant = new_table_id()
        """This kernel's name in the room's bot claims (not a secret: it acts for no seat)."""
        self._claimed: int | None = None
        self._refused: tuple[int, float] | None = None
        """The position whose bot's move another kernel claimed, and when this one found out."""
        self._beat = 0.0
        self._listeners: list[Callable[[RoomLink], None]] = []
        self._task: asyncio.Task[None] | None = None
        self.closed = False
        self.moves_sent = 0
        """The moves this kernel committed (its seat's and the bots'): the benchmark counts them."""

    def on_change(self, callback: Callable[[RoomLink], None]) -> None:
        """Call ``callback(link)`` whenever the room changed (a move, a seat, a stage)."""
        self._listeners.append(callback)

    @property
    def seat(self) -> int | None:
        """The seat this page's pass holds now (None: none, or the host freed it)."""
        return self.room.my_seat if self.room is not None else None

    # ------------------------------------------------------------------ following the room

    def refresh(self, *, force: bool = False, known: tuple[int, RoomGame] | None = None) -> bool:
        """Load the room if it changed since the last look (or ``force``); whether it did. ``RoomGone`` when it
        is not in the store. ``known``: a position and its game this kernel already holds (it just committed
        it), so that it is not read again."""
        if not force and self.room is not None:
            version = self.rooms.version(self.code)
            if version is None:
                raise RoomGone("the room is gone")
            if version == self.room.version:
                return False
        room = self.rooms.load(self.code, self.room_pass)
        if room is None:
            raise RoomGone("the room is gone")
        if known is not None and room.stage == "playing" and room.position == known[0]:
            self.game = known[1]
        elif room.stage == "playing" and (
            self.game is None or self.room is None or room.position != self.room.position
        ):
            self.game = RoomGame.read(room.snapshot)
        elif room.stage != "playing":
            self.game = None
        self.room = room
        for callback in list(self._listeners):
            callback(self)
        return True

    def send(self, change: Callable[[RoomGame], object], *, seat: int | None = None, as_host: bool = False) -> None:
        """Apply ``change`` to the game the room holds now and commit it: ``seat``'s own change (its pass must
        hold it), the host's (``as_host``), or a bot's (neither). ``MovedOn`` when another kernel moved first;
        a refusal of ``change`` itself (an illegal move) propagates and nothing is written."""
        room = self.room
        if room is None or room.stage != "playing":
            raise MovedOn("the game has not started")
        game = RoomGame.read(room.snapshot)  # a copy of its own: a refused change leaves the shown game as it was
        change(game)
        if not self.rooms.commit(
            self.code, room.position, game.text(), seat=seat, room_pass=self.room_pass, as_host=as_host
        ):
            self.refresh(force=True)
            raise MovedOn("the room moved on before this change arrived")
        self.moves_sent += 1
        self.refresh(force=True, known=(room.position + 1, game))

    # ------------------------------------------------------------------ the room's duties

    def duties(self) -> float:
        """Do what is due now (a bot's move, an idle player marked away); the seconds until something may be due."""
        room, game = self.room, self.game
        if room is None or game is None or game.game.is_over():
            return POLL_SECONDS
        now = self.rooms.now()
        try:
            return self._duties(room, game, now)
        except MovedOn:
            return 0.0  # a player came back and moved, or a claim ran out: the room is already past this position
        except StoreError as error:  # the store is busy: these duties are tried again at the next look
            LOG.debug("a room's duty waits for the store: %s", error)
            return POLL_SECONDS

    def _duties(self, room: Room, game: RoomGame, now: float) -> float:
        current = game.game.current_player
        seat = room.seats[current]
        if seat.kind == "human" and not seat.away:
            due = room.turn_since + room.idle - now
            if due <= 0 and self.rooms.mark_away(self.code, room.position, current):
                LOG.info(
                    "a player idle for %.0f s on their turn: a bot plays their seat until they are back", room.idle
                )
                self.refresh(force=True)
                return 0.0
            return max(0.0, min(POLL_SECONDS, due))
        mine = room.my_seat
        if mine is None or room.seats[mine].away:
            return POLL_SECONDS  # only the page of a player at the table moves bots: a class gone home pauses it
        if self._claimed != room.position:
            lease = room.speed + LEASE_SECONDS
            if self._refused is not None and self._refused[0] == room.position and now < self._refused[1] + lease:
                return POLL_SECONDS  # another kernel holds this move's claim: no write until its lease could end
            if not self.rooms.claim(self.code, room.position, self.claimant, lease):
                self._refused = (room.position, now)
                return POLL_SECONDS  # another kernel moves this bot (or the room moved on)
            self._claimed = room.position
        due = room.turn_since + room.speed - now
        if due > 0:
            return min(due, POLL_SECONDS)
        self.send(lambda shared: shared.bot_move(current))
        return 0.0

    def step(self) -> float:
        """One look at the room and its duties (and, for a seated page, the heartbeat); seconds until the next."""
        self.refresh()
        now = self.rooms.now()
        if self.room_pass is not None and self.seat is not None and now - self._beat >= HEARTBEAT_SECONDS:
            self._beat = now
            try:
                self.rooms.touch(self.code, self.room_pass)
            except StoreError as error:  # presence only: the next heartbeat says it again
                LOG.debug("a heartbeat waits for the store: %s", error)
        return self.duties()

    def back(self) -> None:
        """This page's player is back: their seat is theirs again."""
        if self.room_pass is not None and self.rooms.back(self.code, self.room_pass):
            self.refresh(force=True)

    # ------------------------------------------------------------------ on the event loop

    def start(self) -> None:
        """Follow the room on the running event loop (``run``) until ``close``; nothing without a running loop."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._task is None or self._task.done():
            self._task = loop.create_task(self.run())

    async def run(self) -> None:
        """``step`` again and again: every ``POLL_SECONDS``, sooner when a bot's move is due; a failing store is
        asked again after a growing pause (the page keeps what it shows meanwhile)."""
        pause = POLL_SECONDS
        while not self.closed:
            try:
                wait = self.step()
                pause = POLL_SECONDS
            except RoomGone:
                LOG.warning("a page's room is no longer in the store")
                wait = RETRY_MAX_SECONDS
            except StoreError as error:
                LOG.warning("a room could not be read or changed (retrying in %.1f s): %s", pause, error)
                wait, pause = pause, min(pause * 2, RETRY_MAX_SECONDS)
            except Exception:  # a listener failed: logged, and the room is followed on
                LOG.exception("following a room failed")
                wait = RETRY_MAX_SECONDS
            # A little jitter: pages that opened together do not ask the store in step for the whole lesson.
            await asyncio.sleep(wait + random.uniform(0, 0.02))

    def close(self) -> None:
        """Stop following the room."""
        self.closed = True
        if self._task is not None:
            self._task.cancel()
