"""The playable table's behaviour without any widget: turn flow, pacing, take-backs, summaries, hot-seat.

A ``TableSession`` owns one ``Game`` and the seats around it: human seats (one, or several sharing
the screen) and bots. It decides what may happen now (``state``), lets the bots move one at a time
(``bot_step``, ``play_bots``, or paced on an event loop with ``run_bots``), holds a finished hand's
summary until someone presses *Next round*, hides the screen between two humans' turns (``cover``),
and keeps the log and the score sheet. ``widgets.table.Table`` is only a view over it.

Its parts each have a module: its set-up (``session_settings``), the seats' bots
(``session_bots``), the buttons and menus of the turn (``session_controls``), the log's and the
hands' records (``session_records``), their sentences (``session_text``), the filter of a bot's
reason (``public_cards``) and saving and resuming (``session_snapshot``). None of them imports a
widget library.

Hidden information stays hidden here too: ``viewer`` is the one seat whose cards may be shown,
``log_lines()`` names a drawn card only to its drawer, and the bots' reasons (which speak of their
hands) are shown only once their hand is over, or always in ``teaching`` mode.

>>> s = TableSession(players=3, seed=5, speed=0)
>>> s.state, s.viewer, s.game.current_player
('human', 0, 0)
>>> s.act(Draw(0)); s.game.stage
'play'
"""

from __future__ import annotations

import asyncio
import random
import secrets
from collections.abc import Callable, Sequence
from typing import Literal, Self

from phase10kit.actions import Action, Draw, Hit, Lay, seat_notation
from phase10kit.bots.registry import bot_info
from phase10kit.cards import Card
from phase10kit.errors import IllegalActionError, NotationError, Phase10Error, Reason
from phase10kit.game import Game, PlayerView
from phase10kit.i18n import check_lang, translator
from phase10kit.rules import Rules
from widgets.public_cards import names_only_public_cards
from widgets.session_bots import Chooser, explanation_of, make_bot
from widgets.session_controls import NOBODYS_CONTROLS, Controls, lay_options, no_layout_reason, turn_controls
from widgets.session_records import HandSummary, LogEntry, SeatResult, cards_left_after
from widgets.session_settings import DEFAULT_SPEED, TableSettings, check_speed
from widgets.session_snapshot import TableSnapshot, generator_state, refused_as_bad_save
from widgets.session_text import log_sentence

__all__ = ["State", "TableSession"]

State = Literal["bots", "human", "cover", "summary", "over"]

DEAL_SEED_BITS = 128
"""The size of an unseeded deal's seed, from ``secrets``: no search over seeds can find it from the cards seen."""

MAX_BOT_MOVES = 20_000
"""A safety stop: more bot moves in a row than any game needs means something is broken."""


# ---------------------------------------------------------------------------------------------- the session


class TableSession:
    """A game of Phase 10 at a table of humans and bots, and everything about its flow.

    ``players`` 2 to 6; ``seed`` an int fixing the deal, the bots and every later ``new_game`` (for
    demonstrations: it makes every hand public), or None: each deal a 128-bit seed from ``secrets``;
    ``bots`` one level for every bot seat or one per bot seat in order (level names or objects with
    ``choose``/``explain``); ``human`` the human's seat when one human plays; ``humans`` how many
    humans share the screen (seats 0 .. humans-1); ``speed`` seconds between bots' moves for
    ``run_bots`` (0: at once); ``teaching`` shows the bots' reasons during the hand.

    >>> s = TableSession(players=4, humans=2, seed=3, speed=0)
    >>> s.humans, s.state, s.cover, s.viewer
    ((0, 1), 'cover', 0, None)
    >>> s.show_cards(); s.state, s.viewer
    ('human', 0)
    """

    def __init__(
        self,
        players: int = 3,
        seed: int | None = None,
        bots: str | Sequence[str | Chooser] = "smart",
        rules: Rules | None = None,
        lang: str = "en",
        *,
        human: int = 0,
        humans: int = 1,
        speed: float = DEFAULT_SPEED,
        teaching: bool = False,
    ) -> None:
        self._start(
            TableSettings(players, seed, bots, rules, lang, human=human, humans=humans, speed=speed, teaching=teaching)
        )

    @classmethod
    def from_settings(cls, settings: TableSettings) -> Self:
        """A table set up by ``settings`` (already checked: what ``widgets.table.Table`` passes)."""
        session = cls.__new__(cls)
        session._start(settings)
        return session

    def _start(self, settings: TableSettings) -> None:
        seed = settings.seed
        self.lang = settings.lang
        self.players = settings.players
        self.rules = settings.rules if settings.rules is not None else Rules()
        self.humans: tuple[int, ...] = settings.human_seats
        self.human = self.humans[0]
        self.bot_seats: tuple[int, ...] = settings.bot_seats
        self.levels = settings.levels
        self.speed = settings.speed
        self.teaching = settings.teaching
        # Seeds live only here in Python: a synced seed would let the browser recompute every hand.
        # A seeded table draws each new game's seed from its own generator (a demonstration replays);
        # an unseeded one from ``secrets``, so no student can search the seed out of the cards they see.
        self.seeded = seed is not None
        self._seeds = random.Random(seed)
        self._listeners: list[Callable[[TableSession], None]] = []
        self.generation = 0
        """Grows whenever the game is replaced or moves are taken back: a paced loop of bots' moves stops."""
        self._deal(seed if seed is not None else self._next_seed())

    def _next_seed(self) -> int:
        return self._seeds.getrandbits(32) if self.seeded else secrets.randbits(DEAL_SEED_BITS)

    # ------------------------------------------------------------------ set-up

    def _deal(self, seed: int) -> None:
        self.generation += 1
        self.game = Game(players=self.players, rules=self.rules, seed=seed)
        self.bots: dict[int, Chooser] = {}
        self.bot_names: dict[int, str] = {}
        for seat, level in zip(self.bot_seats, self.levels, strict=True):
            self.bots[seat], self.bot_names[seat] = make_bot(level, seed * 10 + seat, self.lang)
        self.log: list[LogEntry] = [LogEntry("new-game", hand=1)]
        self.sheet: list[HandSummary] = []
        self.summary: HandSummary | None = None
        self.cover: int | None = None
        self.viewer: int | None = self.human if self.solo else None
        self._hand_over_seats()

    @property
    def solo(self) -> bool:
        """One human at the screen (no cover screens needed)."""
        return len(self.humans) == 1

    def new_game(self) -> None:
        """Deal a new game: its seed drawn from the table's seed (a seeded table replays), else from ``secrets``."""
        self._deal(self._next_seed())
        self._notify()

    def set_lang(self, lang: str) -> None:
        """Speak ``lang`` from now on: log lines, bots' names and the bots' reasons to come."""
        self.lang = check_lang(lang)
        for seat, level in zip(self.bot_seats, self.levels, strict=True):
            bot = self.bots[seat]
            if hasattr(bot, "lang"):  # the kit's bots explain themselves in their ``lang``
                bot.lang = self.lang
            if isinstance(level, str):
                self.bot_names[seat] = translator(self.lang).gettext(bot_info(level).label)
        self._notify()

    def set_speed(self, speed: object) -> None:
        self.speed = check_speed(speed)
        self._notify()

    def set_teaching(self, on: bool) -> None:
        """Show the bots' own reasons during the hand (on) or only once it is over (off)."""
        self.teaching = bool(on)
        self._notify()

    # ------------------------------------------------------------------ listeners

    def on_change(self, callback: Callable[[TableSession], None]) -> None:
        """Call ``callback(session)`` after every change: each move (bots' too), take-back, next hand, new game."""
        if not callable(callback):
            raise Phase10Error(f"on_change takes a function, not {callback!r:.60}", reason=Reason.BAD_CHOICE)
        self._listeners.append(callback)

    def _notify(self) -> None:
        for callback in list(self._listeners):
            callback(self)

    # ------------------------------------------------------------------ what may happen now

    @property
    def state(self) -> State:
        """``"over"``, ``"summary"`` (a finished hand waits for Next round), ``"cover"`` (a human must show
        their cards), ``"human"`` (the seat in ``viewer`` plays) or ``"bots"`` (a bot is to move)."""
        if self.game.is_over():
            return "over"
        if self.summary is not None:
            return "summary"
        if self.game.current_player in self.humans:
            return "cover" if self.cover is not None else "human"
        return "bots"

    @property
    def acting(self) -> int | None:
        """The seat whose turn it is (None once the game is over)."""
        return None if self.game.is_over() else self.game.current_player

    def view(self) -> PlayerView:
        """What the screen may show: the viewer's view, or with nobody's cards shown, a view whose hand is
        never drawn (its ``player`` is the first human; callers check ``viewer`` before drawing a hand)."""
        return self.game.view(self.viewer if self.viewer is not None else self.human)

    def check_turn(self) -> int:
        """The seat at the screen when it is theirs to play; otherwise the reason why nobody may act now."""
        return self._refuse_unless_human_turn()

    def _refuse_unless_human_turn(self, player: int | None = None) -> int:
        # English developer messages; students read ``refusals.sentence(error, lang)``, built from the reason.
        state = self.state
        if state == "bots":
            raise Phase10Error("Wait: the bots are still playing.", reason=Reason.BOTS_PLAYING)
        if state == "summary":
            raise Phase10Error("The round is over: press Next round to go on.", reason=Reason.HAND_OVER)
        if state == "over":
            raise Phase10Error("The game is over.", reason=Reason.GAME_OVER)
        if state == "cover":
            who = seat_notation(self.cover or 0)
            raise Phase10Error(
                f"{who}: press Show my cards first.", reason=Reason.CARDS_COVERED, details={"player": who}
            )
        seat = self.game.current_player
        if player is not None and player != seat:
            who = seat_notation(seat)
            raise IllegalActionError(f"It is {who}'s turn.", reason=Reason.NOT_YOUR_TURN, details={"player": who})
        return seat

    # ------------------------------------------------------------------ moves

    def act(self, action: Action) -> None:
        """The human at the screen plays ``action``; the engine checks it (a refusal changes nothing)."""
        self._refuse_unless_human_turn(getattr(action, "player", None))
        self._apply(action)

    def _apply(self, action: Action, reasoning: str = "") -> None:
        g = self.game
        round_before, hands_before = g.round, [list(hand) for hand in g.hands]
        scores_before, done_before, phases_before = list(g.scores), [len(d) for d in g.done], g.phases
        laid_before, tiebreak = list(g.laid), g.tiebreak
        if isinstance(action, Lay):
            # Read before the move: a lay that ends the hand leaves the next hand's (empty) ``laid``.
            options = g.open_phases(action.player)
            laid_before[action.player] = action.phase if action.phase is not None else options[0] if options else None
        top_discard = g.discard_pile[-1] if g.discard_pile else None
        g.apply(action)
        drawn = g.hands[action.player][-1] if isinstance(action, Draw) else None
        public = bool(reasoning) and names_only_public_cards(reasoning, action, top_discard)
        self.log.append(LogEntry("action", round_before, action.player, action, drawn, reasoning, 0, public))
        if g.round != round_before or g.is_over():
            hands = hands_before
            hands[action.player] = cards_left_after(hands[action.player], action)
            results = tuple(
                SeatResult(
                    seat=seat,
                    left=tuple(hands[seat]),
                    points=g.scores[seat] - scores_before[seat],
                    total=g.scores[seat],
                    phase=laid_before[seat],
                    advances=len(g.done[seat]) > done_before[seat] or g.phases[seat] > phases_before[seat],
                )
                for seat in range(g.players)
            )
            summary = HandSummary(round_before, tiebreak, action.player, results, g.is_over(), g.winner)
            self.summary = summary
            self.sheet.append(summary)
            self.log.append(LogEntry("hand-over", round_before, action.player))
            if g.is_over() and g.winner is not None:
                self.log.append(LogEntry("game-over", round_before, g.winner, points=g.scores[g.winner]))
        self._hand_over_seats()
        self._notify()

    def _hand_over_seats(self) -> None:
        """Hot-seat: hide the cards once a human's turn is over, and cover the screen before the next human's."""
        if self.solo:
            return
        current = self.game.current_player
        if self.viewer is not None and (self.viewer != current or self.summary is not None or self.game.is_over()):
            self.viewer = None
        if self.viewer is None and self.state == "human" and self.cover is None:
            self.cover = current

    def show_cards(self) -> None:
        """The human behind the cover screen shows their cards (hot-seat)."""
        if self.cover is None:
            raise Phase10Error("there are no cards waiting behind a cover screen", reason=Reason.BAD_CHOICE)
        self.viewer, self.cover = self.cover, None
        self._notify()

    def next_hand(self) -> None:
        """Close the finished hand's summary; the next hand goes on (bots move, or a human is covered)."""
        if self.summary is None or self.game.is_over():
            raise Phase10Error("there is no finished hand waiting for Next round", reason=Reason.BAD_CHOICE)
        self.summary = None
        self._hand_over_seats()
        self._notify()

    def bot_step(self) -> Action | None:
        """Let the bot whose turn it is make one move (None when no bot is to move now)."""
        if self.state != "bots":
            return None
        seat = self.game.current_player
        bot = self.bots[seat]
        action = bot.choose(self.game.view(seat))
        self._apply(action, explanation_of(bot))
        return action

    def play_bots(self) -> int:
        """Let the bots move until a human, a summary or the end of the game is next; the number of moves."""
        for moves in range(MAX_BOT_MOVES):
            if self.bot_step() is None:
                return moves
        raise RuntimeError(f"the bots made {MAX_BOT_MOVES} moves in a row without the game reaching a human")

    async def run_bots(self) -> int:
        """The bots' moves one at a time, ``speed`` seconds apart, on the running event loop.

        Stops when no bot is to move, or when the game is replaced or moves are taken back meanwhile.
        """
        generation = self.generation
        for moves in range(MAX_BOT_MOVES):
            if self.state != "bots":
                return moves
            await asyncio.sleep(self.speed)
            if self.generation != generation or self.bot_step() is None:
                return moves
        raise RuntimeError(f"the bots made {MAX_BOT_MOVES} moves in a row without the game reaching a human")

    # ------------------------------------------------------------------ what the selection allows

    def lay_options(self, selected: Sequence[Card]) -> list[Lay]:
        """The legal lay-downs using the selected cards: exactly them, or (with part of them or none
        selected) the layouts containing them, the rules package's suggested layout first."""
        return lay_options(self.view(), selected) if self.state == "human" else []

    def no_layout_reason(self, selected: Sequence[Card]) -> str:
        """Why no layout is offered for the selection, in words (the rules package explains the hand)."""
        return no_layout_reason(self.view(), selected, self.lang, on_turn=self.state == "human")

    def hits(self, card: Card) -> list[Hit]:
        """The viewer's legal hits with ``card`` now."""
        return [hit for hit in self.view().hits() if hit.card == card] if self.state == "human" else []

    def controls(self, selected: Sequence[Card]) -> Controls:
        """The buttons and menu choices of the moment for the viewer's selection (nothing for anyone else).

        Nothing is worked out from a hand unless its owner is at the screen and it is their turn.
        """
        if self.state != "human":
            return NOBODYS_CONTROLS
        return turn_controls(
            self.view(), selected, self.lang, why_not=self.game.why_not, take_back_refusal=self.take_back_refusal()
        )

    # ------------------------------------------------------------------ taking back

    def take_back_refusal(self) -> Phase10Error | None:
        """Why the viewer may not take back a move now (None: they may)."""
        try:
            seat = self._refuse_unless_human_turn()
        except Phase10Error as error:
            return error
        return self.game.why_not_take_back(seat)

    def take_back(self) -> Action:
        """Take back the viewer's last move of this turn, if it revealed nothing (the engine's rule)."""
        seat = self._refuse_unless_human_turn()
        action = self.game.take_back(seat)
        self.generation += 1
        for i in range(len(self.log) - 1, -1, -1):
            if self.log[i].kind == "action" and self.log[i].action == action:
                del self.log[i]
                break
        self.log.append(LogEntry("take-back", self.game.round, seat, action))
        self._notify()
        return action

    # ------------------------------------------------------------------ the log

    def reasoning_shown(self, entry: LogEntry) -> bool:
        """A bot's reason may be shown: once its hand is over, or in teaching mode if it names only public cards."""
        return bool(entry.reasoning) and (
            (self.teaching and entry.reasoning_public)
            or entry.hand < self.game.round
            or self.game.is_over()
            or self.summary is not None
        )

    def log_line(self, entry: LogEntry) -> str:
        """One log entry written for the screen (the viewer is "you"; only they see the card they drew)."""
        return log_sentence(entry, self.viewer, self.players, self.lang, reasoning=self.reasoning_shown(entry))

    def log_lines(self) -> list[str]:
        """The whole log, oldest first, as the screen shows it now."""
        return [self.log_line(entry) for entry in self.log]

    def reasons_of_hand(self, hand: int) -> list[str]:
        """The bots' moves of a finished hand with their full reasons (empty while the hand is on)."""
        return [
            self.log_line(entry)
            for entry in self.log
            if entry.hand == hand and entry.kind == "action" and entry.player in self.bots and entry.reasoning
            if self.reasoning_shown(entry)
        ]

    # ------------------------------------------------------------------ saving and resuming

    def snapshot(self) -> str:
        """Everything needed to rebuild this table, as JSON text. It holds hidden cards: keep it on the server.

        >>> s = TableSession(players=2, seed=4, bots="greedy", speed=0)
        >>> TableSession.from_snapshot(s.snapshot()).game.to_json() == s.game.to_json()
        True
        """
        if not all(isinstance(level, str) for level in self.levels):
            raise Phase10Error(
                "a table with bot objects cannot be saved: give the bots by level name",
                reason=Reason.BAD_BOTS,
            )
        bot_rngs = {}
        for seat, bot in self.bots.items():
            rng = getattr(bot, "rng", None)
            if isinstance(rng, random.Random):
                bot_rngs[seat] = rng.getstate()[1]
        return TableSnapshot(
            game=self.game,
            players=self.players,
            humans=self.humans,
            bots=tuple(str(level) for level in self.levels),
            lang=self.lang,
            speed=self.speed,
            teaching=self.teaching,
            seeds=self._seeds.getstate()[1],
            seeded=self.seeded,
            bot_rngs=bot_rngs,
            log=tuple(self.log),
            sheet=tuple(self.sheet),
            summary_open=self.summary is not None,
            cover=self.cover,
            viewer=self.viewer,
        ).to_json()

    @classmethod
    def from_snapshot(cls, text: str) -> Self:
        """The table a ``snapshot()`` text describes; anything else raises ``NotationError``."""
        saved = TableSnapshot.from_json(text)
        with refused_as_bad_save():  # the settings may still be refused by the session itself
            solo = len(saved.humans) == 1
            settings = TableSettings(
                players=saved.players,
                seed=0,
                bots=list(saved.bots),
                rules=saved.game.rules,
                lang=saved.lang,
                human=saved.humans[0] if solo else 0,
                humans=len(saved.humans),
                speed=saved.speed,
                teaching=saved.teaching,
                seated=None if solo else saved.humans,
            )
            session = cls.from_settings(settings)
            session.game = saved.game
            session._seeds.setstate(generator_state(saved.seeds))
            session.seeded = saved.seeded
            for seat, words in saved.bot_rngs.items():
                rng = getattr(session.bots[seat], "rng", None)
                if isinstance(rng, random.Random):
                    rng.setstate(generator_state(words))
            session.log = list(saved.log)
            session.sheet = list(saved.sheet)
            session.summary = session.sheet[-1] if saved.summary_open and session.sheet else None
            for shown in (saved.cover, saved.viewer):
                if shown is not None and shown not in session.humans:
                    raise NotationError(f"seat {shown!r:.10} is not a human seat", reason=Reason.BAD_SAVE)
            session.cover, session.viewer = saved.cover, saved.viewer
            if solo:
                session.viewer, session.cover = session.human, None
            return session
