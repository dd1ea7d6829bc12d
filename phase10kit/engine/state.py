"""A game's state: who holds what, who plays next, which phases are open, and the questions asked of it.

``GameState`` is plain data: every field of a game is set in ``__init__`` (the one place; nothing
is added later), and its methods only read them: which phases a player may lay, who can be
skipped, whether a card must be kept to discard. Nothing here changes the state:
``phase10kit.engine.play`` does, writing each change into the undo log; ``phase10kit.engine.legality``
says whether an action is legal, ``phase10kit.engine.turn`` generates the legal moves and
``phase10kit.game.Game`` puts the parts together.

>>> import random
>>> from phase10kit.rules import Rules
>>> state = GameState(3, Rules(), random.Random(1))
>>> state.round, state.stage, state.order_from(2), state.open_phases(0)
(0, 'draw', (0, 1, 2), (1,))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from phase10kit.actions import seat_notation
from phase10kit.cards import CARDS_BY_INDEX, Card
from phase10kit.engine.chance import Chance, ShuffledChance
from phase10kit.groups import Group
from phase10kit.phases import Phase
from phase10kit.rules import Rules

__all__ = [
    "CARD_TEXT",
    "TIEBREAK_PHASE",
    "GameState",
    "OpenPhases",
    "PhaseTable",
    "Scalars",
    "find_card",
    "record_line",
    "seat_order",
]

TIEBREAK_PHASE = Phase.parse("s5+s3")
"""The phase of a tie-break round: the first tied player to lay it down wins."""
CARD_TEXT = tuple(str(card) for card in CARDS_BY_INDEX)
"""Each card's notation by index (``str(card)`` looks up an enum on every call)."""

Scalars = tuple[Any, ...]
"""The state that is not a list of cards, saved before each action for undo (see ``GameState.scalars``)."""
OpenPhases = tuple[tuple[int, Phase], ...]
"""A player's open phases with their numbers, as ``TurnFacts.open_phases`` holds them."""
PhaseTable = tuple[
    tuple[object, ...],
    tuple[int, ...],
    tuple[Phase | None, ...],
    tuple[tuple[int, ...], ...],
    tuple[OpenPhases, ...],
]
"""What ``phase10kit.engine.view`` remembers of the phases between views: its key, then ``phases``, every
player's ``current_phase``, ``open_phases``, and those with their numbers."""


class GameState:
    """Every field of a game of ``players`` under ``rules``, before its first deal (``play.start_game`` deals).

    The table: ``hands``, ``melds`` (each player's laid groups), ``discard_pile`` and ``draw_pile`` (top
    last). The score sheet: ``scores``, ``done`` (phase numbers made), ``laid`` (the phase laid this
    round), ``laid_turn`` (the turn it was laid). The turn: ``round``, ``dealer``, ``active`` (seats in
    the round; the tied players in a tie-break), ``tiebreak``, ``skipped`` (loses their next turn),
    ``turn`` (counts every turn of the game), ``current_player``, ``stage`` (``"draw"``, ``"play"``,
    ``"over"``), ``over``, ``winner``. The record: ``history`` (one notation line per action plus the
    chance lines). Chance: ``rng`` and ``chance`` (the deck it shuffles, or a history replayed).

    Two fields are caches, not state: ``phase_table``, which ``phase10kit.engine.view`` keys by
    everything it depends on, so it is never stale and never saved; and ``offered``, the legal moves
    ``phase10kit.engine.turn.legal_moves`` last listed, forgotten by ``phase10kit.engine.play`` at every
    change (``apply`` needs not check again an action it finds there: see ``play.apply``).
    """

    __slots__ = (
        "active",
        "chance",
        "current_player",
        "dealer",
        "discard_pile",
        "done",
        "draw_pile",
        "hands",
        "history",
        "laid",
        "laid_turn",
        "melds",
        "offered",
        "over",
        "phase_table",
        "players",
        "rng",
        "round",
        "rules",
        "scores",
        "skipped",
        "stage",
        "tiebreak",
        "turn",
        "winner",
    )

    def __init__(self, players: int, rules: Rules, rng: random.Random, chance: Chance | None = None) -> None:
        n = players
        self.players = players
        self.rules = rules
        self.rng = rng
        self.chance: Chance = chance if chance is not None else ShuffledChance(rng)
        self.round = 0
        self.dealer = n - 2  # moves left before the first deal: the last player deals, p1 starts
        self.active: tuple[int, ...] = tuple(range(n))
        self.tiebreak = False
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.melds: list[list[Group]] = [[] for _ in range(n)]
        self.discard_pile: list[Card] = []
        self.draw_pile: list[Card] = []
        self.scores: list[int] = [0] * n
        self.done: list[tuple[int, ...]] = [()] * n
        self.laid: list[int | None] = [None] * n
        self.laid_turn: list[int] = [-1] * n
        self.skipped: list[bool] = [False] * n
        self.turn = 0
        self.current_player = 0
        self.stage = "draw"
        self.over = False
        self.winner: int | None = None
        self.history: list[str] = [f"players {n}", f"rules {rules.notation()}"]
        self.phase_table: PhaseTable | None = None
        self.offered: Sequence[Any] | None = None

    # ------------------------------------------------------------------ phases

    @property
    def deck_size(self) -> int:
        """Cards in the draw pile."""
        return len(self.draw_pile)

    @property
    def phases(self) -> tuple[int, ...]:
        """The phase number (1-based, in ``rules.phases``) each player is on: the next to make.

        Under ``any_order`` it counts the phases made plus one; under ``all_advance`` it is the round's phase.
        """
        if self.rules.progression == "all_advance":
            return tuple(min(self.round, self.rules.phase_count) for _ in range(self.players))
        return tuple(min(len(done) + 1, self.rules.phase_count) for done in self.done)

    def open_phases(self, player: int) -> tuple[int, ...]:
        """The phase numbers ``player`` may lay down this round (empty once laid or finished).

        This is the one home of the rules ``phase.in_order``, ``phase.one_per_hand``, ``variant.any_order``
        and ``variant.all_advance``; views, bots and widgets read it.
        """
        if self.laid[player] is not None or player not in self.active:
            return ()
        if self.tiebreak:
            return (0,)
        count = self.rules.phase_count
        if self.rules.progression == "all_advance":
            return (self.round,) if self.round <= count else ()
        if self.rules.progression == "any_order":
            return tuple(p for p in range(1, count + 1) if p not in self.done[player])
        following = len(self.done[player]) + 1
        return (following,) if following <= count else ()

    def names_phase(self) -> bool:
        """Whether a lay-down names its phase now (``variant.any_order``, but never in a tie-break)."""
        return self.rules.progression == "any_order" and not self.tiebreak

    def phase_for(self, number: int) -> Phase:
        """The phase of that number (0 = the tie-break phase)."""
        return TIEBREAK_PHASE if number == 0 else self.rules.phases[number - 1]

    def current_phase(self, player: int) -> Phase | None:
        """The phase ``player`` is to lay this round (None under ``any_order`` until laid, or when finished)."""
        laid = self.laid[player]
        if laid is not None:
            return self.phase_for(laid)
        options = self.open_phases(player)
        return self.phase_for(options[0]) if len(options) == 1 else None

    def is_over(self) -> bool:
        """Whether the game has ended (``winner`` is then set)."""
        return self.over

    # ------------------------------------------------------------------ turn order

    def order_from(self, seat: int) -> tuple[int, ...]:
        """Active seats clockwise (to the left) starting after ``seat``."""
        return seat_order(self.players, self.active, seat)

    def can_draw(self) -> bool:
        """Whether the draw pile gives a card (refilled from the discard pile when empty: ``turn.refill``)."""
        return bool(self.draw_pile) or len(self.discard_pile) > 1

    def can_take(self) -> bool:
        """Whether the top discard may be taken (never a Skip, unless the house rule allows it)."""
        return bool(self.discard_pile) and (self.rules.skip_from_discard or not self.discard_pile[-1].is_skip)

    def skip_targets(self, player: int) -> list[int | None]:
        """Whom a Skip discarded by ``player`` may name (``[None]``: it names nobody)."""
        if self.rules.skip_target == "next":
            return [None]
        targets: list[int | None] = [s for s in self.order_from(player) if s != player and not self.skipped[s]]
        return targets or [None]

    def keeps_card(self, player: int, used: int) -> bool:
        """Whether using ``used`` cards leaves one to discard when the rules say a round ends with a discard."""
        return self.rules.go_out != "discard" or len(self.hands[player]) > used

    def may_hit_others(self, player: int) -> bool:
        """Whether ``player`` may hit other players' groups now (``turn.hit_others_next``)."""
        return self.rules.hit_others == "same_turn" or self.laid_turn[player] != self.turn

    def position(self) -> str:
        """Where the game is, for messages: ``hand 1, turn 3: p2 to play``."""
        if self.over:
            return f"the game is over (hand {self.round})"
        return f"hand {self.round}, turn {self.turn}: {seat_notation(self.current_player)} to {self.stage}"

    # ------------------------------------------------------------------ for undo

    def scalars(self) -> Scalars:
        """The state that is not a list of cards, saved before each action for undo.

        The five per-player lists are saved by reference, not copied: ``phase10kit.engine.play``
        never changes a saved list in place without writing it to the undo log (``replaced``), and replaces a
        list whole when it changes many entries (a new round, the scores at a round's end).
        """
        return (
            self.round,
            self.dealer,
            self.active,
            self.tiebreak,
            self.scores,
            self.done,
            self.laid,
            self.laid_turn,
            self.skipped,
            self.turn,
            self.current_player,
            self.stage,
            self.over,
            self.winner,
        )

    def restore_scalars(self, saved: Scalars) -> None:
        """Put back what ``scalars`` saved."""
        (self.round, self.dealer, self.active, self.tiebreak, self.scores, self.done, self.laid) = saved[:7]
        (self.laid_turn, self.skipped, self.turn, self.current_player, self.stage, self.over, self.winner) = saved[7:]


@cache
def seat_order(players: int, active: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The ``active`` seats of a ``players``-seat table clockwise, starting after ``seat`` (it comes last)."""
    return tuple(s for s in ((seat + k) % players for k in range(1, players + 1)) if s in active)


def find_card(hand: Sequence[Card], card: Card) -> int:
    """The position of ``card`` in the hand, or -1 (by index: faster than the cards' generated ``__eq__``)."""
    index = card.index
    for position, held in enumerate(hand):
        if held.index == index:
            return position
    return -1


def record_line(keyword: str, cards: Iterable[Card]) -> str:
    """A chance line of the history: ``deal p1 R7 B7 ...``."""
    return " ".join([keyword, *(CARD_TEXT[card.index] for card in cards)])
