"""The playable table's behaviour without any widget: turn flow, pacing, take-backs, summaries, hot-seat.

A ``TableSession`` owns one ``Game`` and the seats around it: human seats (one, or several sharing
the screen) and bots. It decides what may happen now (``state``), lets the bots move one at a time
(``bot_step``, ``play_bots``, or paced on an event loop with ``run_bots``), holds a finished hand's
summary until someone presses *Next round*, hides the screen between two humans' turns (``cover``),
and keeps the log and the score sheet. ``widgets.table.Table`` is only a view over it.

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
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from phase10kit.actions import Action, Discard, Draw, Hit, Lay, Take, parse_action
from phase10kit.bots.registry import BOTS, bot_info
from phase10kit.cards import Card, parse_cards
from phase10kit.errors import IllegalActionError, NotationError, Phase10Error, Reason
from phase10kit.explain import explain
from phase10kit.game import Game, PlayerView
from phase10kit.hints import nearest_phase, suggested_lay
from phase10kit.i18n import check_lang, translator
from phase10kit.rules import Rules, check_players

State = Literal["bots", "human", "cover", "summary", "over"]

DEFAULT_SPEED = 0.8
"""Seconds between two bots' moves on a page: slow enough to follow each move, quick enough not to bore."""
MAX_SPEED = 10.0
MAX_BOT_MOVES = 20_000
"""A safety stop: more bot moves in a row than any game needs means something is broken."""
SNAPSHOT_FORMAT = "phase10kit-table"
SNAPSHOT_VERSION = 1
MAX_SNAPSHOT = 5_000_000
"""Longest snapshot text read back (a whole long game with its log is far below)."""

BOT_LEVELS: dict[str, str] = {name: info.label for name, info in BOTS.items()}
"""The bot levels a seat can have (the rules package's registry), with their shown names (msgids)."""


class Chooser(Protocol):
    """Anything that plays a seat: ``choose(view)`` returns a legal action, ``explain()`` says why."""

    def choose(self, view: PlayerView) -> Action: ...

    def explain(self) -> str: ...


# ---------------------------------------------------------------------------------------------- texts


def seat_name(seat: int, you: int | None, lang: str = "en") -> str:
    """``"p1 (you)"`` for the seat looking at the screen (``you``), ``"p2"`` for the others.

    >>> seat_name(0, 0), seat_name(2, 0), seat_name(0, None)
    ('p1 (you)', 'p3', 'p1')
    """
    if seat == you:
        return translator(lang).gettext("p{number} (you)").format(number=seat + 1)
    return f"p{seat + 1}"


def describe_action(action: Action, you: int | None, lang: str = "en") -> str:
    """A public sentence about an action (a drawn card is never named here).

    >>> from phase10kit.cards import Card
    >>> describe_action(Discard(1, Card.parse("S"), 2), 0)
    'p2 discards S and skips p3.'
    """
    t = translator(lang)
    who = seat_name(action.player, you, lang)
    if isinstance(action, Draw):
        return t.gettext("{who} draws a card.").format(who=who)
    if isinstance(action, Take):
        return t.gettext("{who} takes the top discard.").format(who=who)
    if isinstance(action, Lay):
        groups = " ".join(str(group) for group in action.groups)
        return t.gettext("{who} lays down {groups}.").format(who=who, groups=groups)
    if isinstance(action, Hit):
        end = f" ({action.end})" if action.end else ""
        target = f"p{action.target + 1}.{action.group + 1}"
        return t.gettext("{who} adds {card} to {target}{end}.").format(
            who=who, card=action.card, target=target, end=end
        )
    if isinstance(action, Discard) and action.target is not None:
        return t.gettext("{who} discards {card} and skips p{target}.").format(
            who=who, card=action.card, target=action.target + 1
        )
    assert isinstance(action, Discard)
    return t.gettext("{who} discards {card}.").format(who=who, card=action.card)


# ---------------------------------------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the log, kept as facts and written out for whoever looks (``TableSession.log_lines``).

    ``kind`` is ``"new-game"``, ``"action"``, ``"hand-over"``, ``"game-over"`` or ``"take-back"``;
    ``drawn`` is the card a draw drew (shown to its drawer only); ``reasoning`` a bot's own
    explanation (it speaks of its hand: shown once the hand is over, or in teaching mode when
    ``reasoning_public``: it names no card but public ones, see ``names_only_public_cards``).
    """

    kind: str
    hand: int
    player: int | None = None
    action: Action | None = None
    drawn: Card | None = None
    reasoning: str = ""
    points: int = 0
    reasoning_public: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "hand": self.hand,
            "player": self.player,
            "action": None if self.action is None else str(self.action),
            "drawn": None if self.drawn is None else str(self.drawn),
            "reasoning": self.reasoning,
            "points": self.points,
            "reasoning_public": self.reasoning_public,
        }

    @staticmethod
    def from_dict(data: Any) -> LogEntry:
        kind = data["kind"]
        if kind not in ("new-game", "action", "hand-over", "game-over", "take-back"):
            raise NotationError(f"unknown log entry kind {kind!r:.40}", reason=Reason.BAD_SAVE)
        action = data["action"]
        drawn = data["drawn"]
        if kind == "action" and action is None:  # the log writes an action entry from its action
            raise NotationError("an action entry of the log names no action", reason=Reason.BAD_SAVE)
        return LogEntry(
            kind=kind,
            hand=_int(data["hand"]),
            player=None if data["player"] is None else _int(data["player"]),
            action=None if action is None else parse_action(_text(action)),
            drawn=None if drawn is None else Card.parse(_text(drawn)),
            reasoning=_text(data["reasoning"]),
            points=_int(data["points"]),
            # Saves from before this field: keep the reason back until the hand is over (the safe side).
            reasoning_public=_bool(data.get("reasoning_public", False)),
        )


_GROUP_NOTATION = re.compile(r"[a-z]?\[[^\]]*\]")
_CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:[RBGY](?:1[0-2]|[1-9])|W|S)(?![A-Za-z0-9])")


def names_only_public_cards(reasoning: str, action: Action, top_discard: Card | None) -> bool:
    """Whether a bot's reason names no card but the move's own, the top discard it saw and laid groups.

    A bot explains its move from its hand ("Discarded B11, keeping G9: ..."): during the hand such a
    reason would show an opponent's card, so teaching mode shows only reasons that pass this test
    (the others wait for the hand's end, when every card of the hand has been shown).
    Groups written in notation (``s[R7 B7 W]``) are on the table or laid by this very move.

    >>> from phase10kit.actions import parse_action
    >>> names_only_public_cards("Discarded B11: it fits no group.", parse_action("p3 discard B11"), None)
    True
    >>> names_only_public_cards("Discarded B11, keeping G9.", parse_action("p3 discard B11"), None)
    False
    """
    public = {str(card) for card in _cards_of(action)}
    if top_discard is not None:
        public.add(str(top_discard))
    bare = _GROUP_NOTATION.sub(" ", reasoning)
    return all(token in public for token in _CARD_TOKEN.findall(bare))


def _cards_of(action: Action) -> list[Card]:
    if isinstance(action, Lay):
        return [card for group in action.groups for card in group.cards]
    card = getattr(action, "card", None)
    return [card] if isinstance(card, Card) else []


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat at the end of a hand: the cards left, their points, the new total, the phase made."""

    seat: int
    left: tuple[Card, ...]
    points: int
    total: int
    phase: int | None
    """The phase laid down this hand (its number; 0 for the tie-break phase), None when none was."""
    advances: bool
    """Whether the seat moves on to another phase for the next hand."""


@dataclass(frozen=True, slots=True)
class HandSummary:
    """What a finished hand came to: who went out, every seat's result, and the game's end if it came."""

    hand: int
    tiebreak: bool
    went_out: int
    results: tuple[SeatResult, ...]
    over: bool
    winner: int | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "tiebreak": self.tiebreak,
            "went_out": self.went_out,
            "over": self.over,
            "winner": self.winner,
            "results": [
                {
                    "seat": r.seat,
                    "left": " ".join(str(card) for card in r.left),
                    "points": r.points,
                    "total": r.total,
                    "phase": r.phase,
                    "advances": r.advances,
                }
                for r in self.results
            ],
        }

    @staticmethod
    def from_dict(data: Any) -> HandSummary:
        results = tuple(
            SeatResult(
                seat=_int(r["seat"]),
                left=tuple(parse_cards(_text(r["left"]))),
                points=_int(r["points"]),
                total=_int(r["total"]),
                phase=None if r["phase"] is None else _int(r["phase"]),
                advances=_bool(r["advances"]),
            )
            for r in data["results"]
        )
        return HandSummary(
            hand=_int(data["hand"]),
            tiebreak=_bool(data["tiebreak"]),
            went_out=_int(data["went_out"]),
            results=results,
            over=_bool(data["over"]),
            winner=None if data["winner"] is None else _int(data["winner"]),
        )


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"expected a whole number, not {value!r:.40}", reason=Reason.BAD_SAVE)
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise NotationError(f"expected true or false, not {value!r:.40}", reason=Reason.BAD_SAVE)
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise NotationError(f"expected text, not {value!r:.40}", reason=Reason.BAD_SAVE)
    return value


@dataclass(frozen=True)
class Controls:
    """What the viewer may do now with the cards they selected: the buttons to show, why each disabled
    one is (a sentence, or the engine's refusal), and the choices the menus offer."""

    shown: frozenset[str]
    why: dict[str, str | Phase10Error]
    lays: tuple[Lay, ...] = ()
    hits: tuple[Hit, ...] = ()
    skip_targets: tuple[int, ...] = ()


NOBODYS_CONTROLS = Controls(frozenset({"new"}), {})
"""The controls while nobody at the screen may act (bots, cover screen, summary, game over)."""


# ---------------------------------------------------------------------------------------------- bots


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


def _explanation_of(bot: Chooser) -> str:
    try:
        return str(bot.explain())
    except (AttributeError, Phase10Error):
        return ""


def check_speed(speed: object) -> float:
    """Seconds between bots' moves: 0 (at once) to 10.

    >>> check_speed(0.8), check_speed(0)
    (0.8, 0.0)
    """
    if isinstance(speed, bool) or not isinstance(speed, int | float) or not 0 <= speed <= MAX_SPEED:
        raise Phase10Error(f"speed is 0 to 10 seconds between bot moves, not {speed!r:.40}", reason=Reason.BAD_SPEED)
    return float(speed)


# ---------------------------------------------------------------------------------------------- the session


class TableSession:
    """A game of Phase 10 at a table of humans and bots, and everything about its flow.

    ``players`` 2 to 6; ``seed`` an int (None: from the operating system) fixing the deal, the bots
    and every later ``new_game``; ``bots`` one level for every bot seat or one per bot seat in
    order (level names or objects with ``choose``/``explain``); ``human`` the human's seat when one
    human plays; ``humans`` how many humans share the screen (seats 0 .. humans-1); ``speed``
    seconds between bots' moves for ``run_bots`` (0: at once); ``teaching`` shows the bots'
    reasons during the hand.

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
        self.lang = check_lang(lang)
        check_players(players)
        if isinstance(humans, bool) or not isinstance(humans, int) or not 1 <= humans <= players:
            raise Phase10Error(
                f"humans is 1 to {players} (the players), not {humans!r:.40}",
                reason=Reason.BAD_PLAYERS,
                details={"low": 1, "high": players},
            )
        if isinstance(human, bool) or not isinstance(human, int) or not 0 <= human < players:
            raise Phase10Error(f"the human's seat is 0 to {players - 1}, not {human!r:.40}", reason=Reason.BAD_PLAYER)
        if humans > 1 and human != 0:
            raise Phase10Error(
                f"with {humans} humans they sit at seats 0 to {humans - 1}: leave human=0, not {human!r}",
                reason=Reason.BAD_PLAYER,
            )
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise Phase10Error(f"a seed is an integer or None, not {seed!r:.60}", reason=Reason.BAD_SEED)
        if rules is not None and not isinstance(rules, Rules):
            raise Phase10Error(f"rules must be a Rules value, not {rules!r:.60}", reason=Reason.BAD_RULES)
        self.players = players
        self.rules = rules if rules is not None else Rules()
        self.humans: tuple[int, ...] = (human,) if humans == 1 else tuple(range(humans))
        self.human = self.humans[0]
        self.bot_seats: tuple[int, ...] = tuple(seat for seat in range(players) if seat not in self.humans)
        levels: list[str | Chooser] = [bots] * len(self.bot_seats) if isinstance(bots, str) else list(bots)
        if len(levels) != len(self.bot_seats):
            raise Phase10Error(
                f"{players} players with {humans} human(s) need {len(self.bot_seats)} bots, not {len(levels)}",
                reason=Reason.BAD_BOTS,
            )
        self.levels = levels
        self.speed = check_speed(speed)
        self.teaching = bool(teaching)
        # Seeds live only here in Python: a synced seed would let the browser recompute every hand.
        self._seeds = random.Random(seed)
        self._listeners: list[Callable[[TableSession], None]] = []
        self.generation = 0
        """Grows whenever the game is replaced or moves are taken back: a paced loop of bots' moves stops."""
        self._deal(seed if seed is not None else self._seeds.getrandbits(32))

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
        """Deal a new game (its seed drawn from the table's seed, so a seeded table is reproducible)."""
        self._deal(self._seeds.getrandbits(32))
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
        # English developer messages; students read ``error.sentence(lang)``, built from the reason.
        state = self.state
        if state == "bots":
            raise Phase10Error("Wait: the bots are still playing.", reason=Reason.BOTS_PLAYING)
        if state == "summary":
            raise Phase10Error("The round is over: press Next round to go on.", reason=Reason.HAND_OVER)
        if state == "over":
            raise Phase10Error("The game is over.", reason=Reason.GAME_OVER)
        if state == "cover":
            who = f"p{(self.cover or 0) + 1}"
            raise Phase10Error(
                f"{who}: press Show my cards first.", reason=Reason.CARDS_COVERED, details={"player": who}
            )
        seat = self.game.current_player
        if player is not None and player != seat:
            who = f"p{seat + 1}"
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
            hands[action.player] = _after(hands[action.player], action)
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
        self._apply(action, _explanation_of(bot))
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
        if self.state != "human":
            return []
        view = self.view()
        lays = list(view.lays())
        chosen = Counter(selected)
        exact = [lay for lay in lays if Counter(lay.cards) == chosen]
        if exact:
            return exact
        containing = [lay for lay in lays if not chosen - Counter(lay.cards)]
        suggested = suggested_lay(view, containing) if containing else None
        if suggested is None:
            return []
        wanted = Counter(suggested.cards)
        options = [lay for lay in containing if Counter(lay.cards) == wanted]
        options.sort(key=lambda lay: lay != suggested)
        return options

    def no_layout_reason(self, selected: Sequence[Card]) -> str:
        """Why no layout is offered for the selection, in words (the rules package explains the hand)."""
        t = translator(self.lang)
        view = self.view()
        if self.state != "human" or view.stage != "play":
            return t.gettext("You can lay down only on your turn, after drawing.")
        if view.laid[view.player] is not None:
            return t.gettext("You have already laid down your phase this round.")
        phase = nearest_phase(view)
        if phase is None:
            return t.gettext("No layout to lay down.")
        if selected and view.lays():
            return t.gettext("Your hand holds the phase, but not with the selected cards: select fewer or none.")
        return t.gettext("Your hand does not hold the phase yet. {why}").format(
            why=explain(list(view.hand), phase, natural_required=view.rules.natural_required, lang=self.lang)
        )

    def hits(self, card: Card) -> list[Hit]:
        """The viewer's legal hits with ``card`` now."""
        return [hit for hit in self.view().hits() if hit.card == card] if self.state == "human" else []

    def controls(self, selected: Sequence[Card]) -> Controls:
        """The buttons and menu choices of the moment for the viewer's selection (nothing for anyone else).

        Nothing is worked out from a hand unless its owner is at the screen and it is their turn.
        """
        if self.state != "human":
            return NOBODYS_CONTROLS
        t = translator(self.lang)
        view = self.view()
        me, legal = view.player, view.legal
        kinds = {type(action) for action in legal}
        one = selected[0] if len(selected) == 1 else None
        laid = view.laid[me] is not None
        play = view.stage == "play"
        lays = self.lay_options(selected) if Lay in kinds else []
        hits = self.hits(one) if one is not None else []
        discards = [a for a in view.discards() if a.card == one] if one is not None else []
        shown = {"hint", "undo", "new"}
        if play:
            shown |= {"discard"} | ({"lay"} if not laid else set()) | ({"hit"} if laid or Hit in kinds else set())
        else:
            shown |= {"draw", "take"}
        why: dict[str, str | Phase10Error] = {}
        if Draw not in kinds:
            why["draw"] = self.game.why_not(Draw(me)) or t.gettext("There is nothing to draw.")
        if Take not in kinds:
            why["take"] = self.game.why_not(Take(me)) or t.gettext("You cannot take the discard now.")
        if not lays:
            why["lay"] = self.no_layout_reason(selected)
        if not hits:
            why["hit"] = (
                t.gettext("Select one card to add to a group.")
                if one is None
                else t.gettext("{card} fits no group on the table.").format(card=one)
            )
        if not discards:
            why["discard"] = t.gettext("Select the one card to discard.")
        refusal = self.take_back_refusal()
        if refusal is not None:
            why["undo"] = refusal
        targets = tuple(sorted({a.target for a in discards if a.card.is_skip and a.target is not None}))
        return Controls(frozenset(shown), why, tuple(lays), tuple(hits), targets)

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
        t = translator(self.lang)
        you = self.viewer
        if entry.kind == "new-game":
            return t.ngettext(
                "A new game of {players} player: hand 1.", "A new game of {players} players: hand 1.", self.players
            ).format(players=self.players)
        if entry.kind == "hand-over":
            who = seat_name(entry.player or 0, you, self.lang)
            return t.gettext("Round {number} is over: {who} went out.").format(number=entry.hand, who=who)
        if entry.kind == "game-over":
            winner = seat_name(entry.player or 0, you, self.lang)
            return t.ngettext(
                "The game is over: {winner} won with {points} point.",
                "The game is over: {winner} won with {points} points.",
                entry.points,
            ).format(winner=winner, points=entry.points)
        if entry.kind == "take-back":
            if entry.player == you:
                return t.gettext("You took back your last move.")
            return t.gettext("{who} took back a move.").format(who=seat_name(entry.player or 0, you, self.lang))
        assert entry.action is not None
        if entry.drawn is not None and entry.player == you:
            text = t.gettext("You draw {card}.").format(card=entry.drawn)
        else:
            text = describe_action(entry.action, you, self.lang)
        if self.reasoning_shown(entry):
            text = f"{text} {entry.reasoning}"
        return text

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
                bot_rngs[str(seat)] = list(rng.getstate()[1])
        data = {
            "format": SNAPSHOT_FORMAT,
            "version": SNAPSHOT_VERSION,
            "game": json.loads(self.game.to_json()),
            "settings": {
                "players": self.players,
                "humans": list(self.humans),
                "bots": [str(level) for level in self.levels],
                "lang": self.lang,
                "speed": self.speed,
                "teaching": self.teaching,
            },
            "seeds": list(self._seeds.getstate()[1]),
            "bot_rngs": bot_rngs,
            "log": [entry.to_dict() for entry in self.log],
            "sheet": [summary.to_dict() for summary in self.sheet],
            "summary_open": self.summary is not None,
            "cover": self.cover,
            "viewer": self.viewer,
        }
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_snapshot(cls, text: str) -> TableSession:
        """The table a ``snapshot()`` text describes; anything else raises ``NotationError``."""
        if not isinstance(text, str) or len(text) > MAX_SNAPSHOT:
            raise NotationError(
                f"a table snapshot is JSON text of at most {MAX_SNAPSHOT} characters", reason=Reason.BAD_SAVE
            )
        try:
            return cls._read_snapshot(json.loads(text))
        except NotationError:
            raise
        except (
            Phase10Error,
            ValueError,
            TypeError,
            KeyError,
            IndexError,
            AttributeError,
            OverflowError,
            RecursionError,  # JSON nested deeper than Python's parser goes
        ) as error:
            raise NotationError(f"that is not a table snapshot: {error!s:.100}", reason=Reason.BAD_SAVE) from error

    @classmethod
    def _read_snapshot(cls, data: Any) -> TableSession:
        if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
            raise NotationError("that is not a table snapshot (no phase10kit-table format)", reason=Reason.BAD_SAVE)
        if data.get("version") != SNAPSHOT_VERSION:
            raise NotationError(f"unknown table snapshot version {data.get('version')!r:.20}", reason=Reason.BAD_SAVE)
        settings = data["settings"]
        game = Game.from_json(json.dumps(data["game"]))
        humans = [_int(seat) for seat in settings["humans"]]
        players = _int(settings["players"])
        if game.players != players:
            raise NotationError("the snapshot's game and settings disagree on the players", reason=Reason.BAD_SAVE)
        solo = len(humans) == 1
        if not humans or (not solo and humans != list(range(len(humans)))):
            raise NotationError(f"bad human seats {humans!r:.40}", reason=Reason.BAD_SAVE)
        bots = [_text(level) for level in settings["bots"]]
        session = cls(
            players=players,
            seed=0,
            bots=bots,
            rules=game.rules,
            lang=_text(settings["lang"]),
            human=humans[0] if solo else 0,
            humans=len(humans),
            speed=settings["speed"],
            teaching=_bool(settings["teaching"]),
        )
        session.game = game
        session._seeds.setstate(_rng_state(data["seeds"]))
        for key, state in data["bot_rngs"].items():
            bot = session.bots[int(key)]
            rng = getattr(bot, "rng", None)
            if isinstance(rng, random.Random):
                rng.setstate(_rng_state(state))
        session.log = [LogEntry.from_dict(entry) for entry in data["log"]]
        session.sheet = [HandSummary.from_dict(summary) for summary in data["sheet"]]
        session.summary = session.sheet[-1] if _bool(data["summary_open"]) and session.sheet else None
        cover, viewer = data["cover"], data["viewer"]
        for seat in (cover, viewer):
            if seat is not None and _int(seat) not in session.humans:
                raise NotationError(f"seat {seat!r:.10} is not a human seat", reason=Reason.BAD_SAVE)
        session.cover, session.viewer = cover, viewer
        if solo:
            session.viewer, session.cover = session.human, None
        return session


def _after(hand: list[Card], action: Action) -> list[Card]:
    """The cards left in a hand after the action that emptied it, or ended the game (a tie-break lay)."""
    left = list(hand)
    played: list[Card] = list(action.cards) if isinstance(action, Lay) else []
    if isinstance(action, Hit | Discard):
        played = [action.card]
    for card in played:
        if card in left:
            left.remove(card)
    return left


def _rng_state(values: Any) -> tuple[int, tuple[int, ...], None]:
    if not isinstance(values, list) or len(values) != 625:
        raise NotationError("a generator state is a list of 625 whole numbers", reason=Reason.BAD_SAVE)
    return (3, tuple(_int(value) for value in values), None)
