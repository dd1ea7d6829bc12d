"""What one page's table shows of its room's game, and where its seat's clicks go.

``RoomTableSession`` is a ``TableSession`` that a ``widgets.table.Table`` draws like any other, with three
differences. Its game is the room's, as the page's ``RoomLink`` last read it from the store (``follow``):
the session never moves a bot itself (the room's duties do, ``widgets.room_link``). Its seat's moves, a
take-back and the host's new game go to the room (``RoomLink.send``), and are shown once the store holds
them. And a finished hand's summary is this page's own: the game goes on for the others while it is open.

Only the page's own seat is ``viewer``: the table draws every area from ``game.view(viewer)``, so no other
seat's cards reach the page; a page without a seat (a spectator, the teacher's projector) has no viewer and
shows the public table only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from phase10kit.actions import Action, seat_notation
from phase10kit.bots.registry import bot_info
from phase10kit.cards import Card
from phase10kit.errors import IllegalActionError, Reason
from phase10kit.i18n import N_, check_lang, translator
from widgets._safety import Refusal
from widgets.room_link import MovedOn, RoomLink
from widgets.room_play import RoomGame
from widgets.room_store import Room, RoomRefused
from widgets.server_log import server_logger
from widgets.session import State, TableSession
from widgets.session_controls import Controls
from widgets.store_db import StoreError

__all__ = ["REFUSED", "RoomTableSession", "seat_label"]

LOG = server_logger()

REFUSED = {
    "moved-on": N_("The table changed before your move arrived: look again, then play."),
    "not-yours": N_("This seat is no longer yours: the host freed it."),
    "not-host": N_("Only the host can do that."),
    "watching": N_("You are watching this room: take a free seat to play."),
    "away": N_("A bot is playing for you: press I'm back to play again."),
    "busy": N_("The server could not take your move just now: nothing was played. Try again in a moment."),
}
"""Why a room refused a click, in words (keys: ``RoomRefused.why`` values and the session's own)."""

_LABELS = {
    "free": N_("free seat: a bot plays"),
    "away": N_("{name}: away, a bot plays"),
    "away-unnamed": N_("away: a bot plays"),
}


def seat_label(room: Room, seat: int, lang: str) -> str:
    """How a seat is named at the table: its player's name, its bot, or who plays it for now.

    >>> from widgets.room_store import Seat
    >>> seats = (Seat(0, "human", "Ana", "", False, 0.0), Seat(1, "human", "Bo", "", True, 0.0),
    ...          Seat(2, "bot", "", "greedy", False, 0.0), Seat(3, "open", "", "", False, 0.0))
    >>> room = Room("ABCDEF", "playing", 1, 1, "", seats, 60.0, 0.8, 0.0, 0.0)
    >>> [seat_label(room, seat, "en") for seat in range(4)]
    ['Ana', 'Bo: away, a bot plays', 'Greedy bot', 'free seat: a bot plays']
    """
    t = translator(lang)
    place = room.seats[seat]
    if place.kind == "bot":
        return t.gettext(bot_info(place.level).label) if place.level else ""
    if place.kind == "open":
        return t.gettext(_LABELS["free"])
    if place.away:
        return t.gettext(_LABELS["away"]).format(name=place.name) if place.name else t.gettext(_LABELS["away-unnamed"])
    return place.name


class RoomTableSession(TableSession):
    """A page's view of the room ``link`` follows (see the module), in ``lang``."""

    link: RoomLink
    away: bool
    host: bool
    _hands_seen: int

    @classmethod
    def following(cls, link: RoomLink, lang: str) -> RoomTableSession:
        """The session of the room's game as ``link`` holds it now (the game must have started)."""
        if link.game is None:
            raise MovedOn("the room's game has not started")
        session = cls.__new__(cls)  # every game fact comes from the link's game in ``follow``
        session._listeners = []
        session.link, session.lang = link, check_lang(lang)
        session.away = session.host = False
        session.summary, session._hands_seen = None, len(link.game.sheet)
        session.follow()
        return session

    def follow(self) -> None:
        """Show the room as the link last read it: its game, this page's seat, the seats' names; a hand
        finished since the last look opens this page's summary."""
        room, game = self.link.room, self.link.game
        if room is None or game is None:
            return
        own = {"link", "lang", "away", "host", "_hands_seen", "_listeners", "summary", "viewer", "cover"}
        self.__dict__.update({name: value for name, value in game.__dict__.items() if name not in own})
        seat = room.my_seat
        self.viewer, self.cover = seat, None
        self.away = seat is not None and room.seats[seat].away
        self.host = room.host
        if len(self.sheet) > self._hands_seen:
            self.summary = self.sheet[-1]  # a hand ended since this page last looked: its scores, here only
        elif len(self.sheet) < self._hands_seen or not self.sheet:
            self.summary = None  # a new game
        self._hands_seen = len(self.sheet)
        self.bot_names = {place: seat_label(room, place, self.lang) for place in range(self.players)}
        self.generation += 1
        self._notify()

    # ------------------------------------------------------------------ what may happen now

    @property
    def state(self) -> State:
        """As ``TableSession.state``, but ``"human"`` only on this page's seat's turn while its player is here;
        ``"bots"`` while anyone else plays (another player, a bot, a bot for an away player)."""
        if self.game.is_over():
            return "over"
        if self.summary is not None:
            return "summary"
        if self.viewer is not None and self.game.current_player == self.viewer and not self.away:
            return "human"
        return "bots"

    def _refuse_unless_human_turn(self, player: int | None = None) -> int:
        if self.state == "bots":
            t = translator(self.lang)
            if self.viewer is None:
                raise Refusal(t.gettext(REFUSED["watching"]), reason=Reason.NOT_YOUR_TURN)
            if self.away:
                raise Refusal(t.gettext(REFUSED["away"]), reason=Reason.NOT_YOUR_TURN)
            who = seat_notation(self.game.current_player)
            raise IllegalActionError(f"It is {who}'s turn.", reason=Reason.NOT_YOUR_TURN, details={"player": who})
        return super()._refuse_unless_human_turn(player)

    def _hand_over_seats(self) -> None:
        """Every page shows its own seat: there is no shared screen to cover."""

    def controls(self, selected: Sequence[Card]) -> Controls:
        """The seat's controls; New game only for the host, once the game is over."""
        controls = super().controls(selected)
        new = {"new"} if self.host and self.game.is_over() else set()
        return replace(controls, shown=frozenset((controls.shown - {"new"}) | new))

    # ------------------------------------------------------------------ changes go to the room

    def _send(self, change: Callable[[RoomGame], object], *, seat: int | None = None, as_host: bool = False) -> None:
        t = translator(self.lang)
        try:
            self.link.send(change, seat=seat, as_host=as_host)
        except MovedOn as moved:
            raise Refusal(t.gettext(REFUSED["moved-on"]), reason=Reason.NOT_YOUR_TURN) from moved
        except RoomRefused as refused:
            raise Refusal(
                t.gettext(REFUSED.get(refused.why, REFUSED["moved-on"])), reason=Reason.NOT_YOUR_TURN
            ) from refused
        except StoreError as error:  # the store is busy or down: nothing was applied, the page says so
            LOG.warning("a seat's move could not be written: %s", error)
            raise Refusal(t.gettext(REFUSED["busy"]), reason=Reason.INVALID) from error

    def act(self, action: Action) -> None:
        """This page's seat plays ``action``: applied by the room on the position shown, then shown."""
        seat = self._refuse_unless_human_turn(getattr(action, "player", None))
        self._send(lambda game: game.move(seat, action), seat=seat)

    def take_back(self) -> Action:
        """Take back this seat's last move of the turn, when it revealed nothing (the engine's rule)."""
        seat = self._refuse_unless_human_turn()
        taken: list[Action] = []
        self._send(lambda game: taken.append(game.take_back_for(seat)), seat=seat)
        return taken[0]

    def new_game(self) -> None:
        """The host deals a new game for the same seats, once this one is over."""
        if not self.host:
            raise Refusal(translator(self.lang).gettext(REFUSED["not-host"]), reason=Reason.BAD_CHOICE)
        self._send(lambda game: game.deal_again(), as_host=True)

    def next_hand(self) -> None:
        """Close this page's summary of the finished hand (the game went on meanwhile)."""
        self.summary = None
        self._notify()

    def bot_step(self) -> Action | None:
        """Never here: the room's bots are moved by the room's duties (``RoomLink.duties``)."""
        return None

    def play_bots(self) -> int:
        return 0

    async def run_bots(self) -> int:
        return 0

    def set_lang(self, lang: str) -> None:
        """This page's language (every player reads the table in their own): names, log and labels."""
        self.lang = check_lang(lang)
        if self.link.room is not None:
            self.bot_names = {place: seat_label(self.link.room, place, self.lang) for place in range(self.players)}
        self._notify()

    def set_teaching(self, on: bool) -> None:
        """A room shows no bot's reasons (they would speak of its hand); the setting stays off."""

    def set_speed(self, speed: object) -> None:
        """The room's pace is the host's (set when the room is made); a page does not change it."""
