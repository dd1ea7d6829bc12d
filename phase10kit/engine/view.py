"""What one player may see of a game: a frozen ``PlayerView`` with no field for hidden cards.

``player_view`` makes one from a ``GameState``; a view holds no reference to the state, so a bot or a
widget given one can read nothing else (``Game.view`` is the public way to ask for it).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from phase10kit.actions import Action, Discard, Hit, Lay
from phase10kit.cards import Card
from phase10kit.engine.state import TIEBREAK_PHASE, GameState
from phase10kit.engine.turn import TurnFacts, turn_facts
from phase10kit.errors import Phase10Error, Reason, quote
from phase10kit.groups import Group
from phase10kit.phases import Phase
from phase10kit.rules import Rules
from phase10kit.table_svg import table_svg

__all__ = ["PlayerView", "player_view"]


@dataclass(frozen=True, init=False)
class PlayerView:
    """What one player may see: their own hand, the table and counts, never others' cards or the pile order.

    On the player's turn ``turn`` holds the facts that decide their legal moves; ``legal`` (every
    legal action) and ``draws()``, ``lays()``, ``hits()``, ``discards()`` are generated from them lazily, so a
    bot that only discards never pays for the lay-downs. ``open_phases`` are the phase numbers the
    player may still lay this round (several only under ``any_order``).
    """

    player: int
    rules: Rules
    hand: tuple[Card, ...]
    melds: tuple[tuple[Group, ...], ...]
    discard_pile: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    phases: tuple[int, ...]
    current_phases: tuple[Phase | None, ...]
    open_phases: tuple[int, ...]
    done: tuple[tuple[int, ...], ...]
    laid: tuple[int | None, ...]
    scores: tuple[int, ...]
    skipped: tuple[bool, ...]
    active: tuple[int, ...]
    round: int
    dealer: int
    current_player: int
    stage: str
    tiebreak: bool
    over: bool
    winner: int | None
    turn: TurnFacts | None = None

    def __init__(
        self,
        *,
        player: int,
        rules: Rules,
        hand: tuple[Card, ...],
        melds: tuple[tuple[Group, ...], ...],
        discard_pile: tuple[Card, ...],
        hand_sizes: tuple[int, ...],
        deck_size: int,
        phases: tuple[int, ...],
        current_phases: tuple[Phase | None, ...],
        open_phases: tuple[int, ...],
        done: tuple[tuple[int, ...], ...],
        laid: tuple[int | None, ...],
        scores: tuple[int, ...],
        skipped: tuple[bool, ...],
        active: tuple[int, ...],
        round: int,
        dealer: int,
        current_player: int,
        stage: str,
        tiebreak: bool,
        over: bool,
        winner: int | None,
        turn: TurnFacts | None = None,
    ) -> None:
        # The engine builds a view for every action: a frozen dataclass's generated ``__init__`` sets
        # each of these 23 fields through ``object.__setattr__``, filling the dict at once is 3x faster.
        self.__dict__.update(
            player=player,
            rules=rules,
            hand=hand,
            melds=melds,
            discard_pile=discard_pile,
            hand_sizes=hand_sizes,
            deck_size=deck_size,
            phases=phases,
            current_phases=current_phases,
            open_phases=open_phases,
            done=done,
            laid=laid,
            scores=scores,
            skipped=skipped,
            active=active,
            round=round,
            dealer=dealer,
            current_player=current_player,
            stage=stage,
            tiebreak=tiebreak,
            over=over,
            winner=winner,
            turn=turn,
        )

    @classmethod
    def of_fields(cls, fields: dict[str, Any]) -> PlayerView:
        """The view with exactly these fields, by name: the engine's constructor for every view (a keyword
        call with 23 arguments costs more than filling the dict it makes)."""
        view = object.__new__(cls)
        object.__setattr__(view, "__dict__", fields)
        return view

    @cached_property
    def legal(self) -> tuple[Action, ...]:
        """The player's legal actions (empty when it is not their turn)."""
        return tuple(self.turn.actions()) if self.turn is not None else ()

    def legal_actions(self) -> tuple[Action, ...]:
        return self.legal

    def draws(self) -> tuple[Action, ...]:
        """The legal draws only (draw from the pile, take the discard)."""
        return self.turn.draws() if self.turn is not None else ()

    def lays(self) -> tuple[Lay, ...]:
        """The legal lay-downs only."""
        return self.turn.lays() if self.turn is not None else ()

    def lays_lazily(self, max_wilds: int | None = None) -> Iterator[Lay]:
        """The legal lay-downs one at a time, in ``lays()``' order: a bot can stop at the first that suits it.

        With ``max_wilds``, only those with at most that many Wilds (the others are never built).

        >>> from phase10kit.game import Game
        >>> g = Game(players=2, seed=4)
        >>> view = g.view(g.current_player)
        >>> list(view.lays_lazily()) == list(view.lays())
        True
        >>> list(view.lays_lazily(max_wilds=0)) == [lay for lay in view.lays() if not any(c.is_wild for c in lay.cards)]
        True
        """
        return self.turn.lays_lazily(max_wilds) if self.turn is not None else iter(())

    def hits(self) -> tuple[Hit, ...]:
        """The legal hits only."""
        return self.turn.hits() if self.turn is not None else ()

    def discards(self) -> tuple[Discard, ...]:
        """The legal discards only."""
        return self.turn.discards() if self.turn is not None else ()

    def discards_of(self, card: Card) -> tuple[Discard, ...]:
        """The legal discards of ``card`` only (a Skip once per player it may name; empty if not held)."""
        return self.turn.discards_of(card) if self.turn is not None else ()

    def open_phase_list(self) -> list[Phase]:
        """The phases the player may still lay this round."""
        return [self.rules.phases[n - 1] if n else TIEBREAK_PHASE for n in self.open_phases]

    @property
    def my_turn(self) -> bool:
        return self.current_player == self.player and not self.over

    def _repr_svg_(self) -> str:
        return table_svg(self)


def player_view(state: GameState, player: int) -> PlayerView:
    """What ``player`` may see of ``state`` (their hand, the table, counts); on their turn it holds the
    facts of their legal moves. ``BAD_PLAYER`` when there is no such player.

    The phases (``phases``, every player's ``current_phase`` and ``open_phases``, and the open phases
    with their numbers as ``TurnFacts`` holds them) are remembered in ``state.phase_table`` while what
    they depend on is unchanged: a cache, not state, keyed by everything they depend on besides the
    rules (``laid`` and ``done`` are the state's, as tuples), so a view never sees a stale one. (Inline,
    not a helper: the engine builds a view for every action.)
    """
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.players:
        raise Phase10Error(
            f"there is no player {quote(player, 40)} in a {state.players}-player game", reason=Reason.BAD_PLAYER
        )
    hand = tuple(state.hands[player])
    melds = tuple([tuple(groups) for groups in state.melds])
    laid, done = tuple(state.laid), tuple(state.done)
    key = (state.round, state.tiebreak, state.active, laid, done)
    memo = state.phase_table
    if memo is None or memo[0] != key:
        seats = range(state.players)
        current = tuple(state.current_phase(p) for p in seats)
        numbers = tuple(state.open_phases(p) for p in seats)
        pairs = tuple(tuple((n, state.phase_for(n)) for n in options) for options in numbers)
        memo = state.phase_table = (key, state.phases, current, numbers, pairs)
    facts = turn_facts(state, hand, melds, memo[4][player]) if player == state.current_player else None
    return PlayerView.of_fields(
        {
            "player": player,
            "rules": state.rules,
            "hand": hand,
            "melds": melds,
            "discard_pile": tuple(state.discard_pile),
            "hand_sizes": tuple(map(len, state.hands)),
            "deck_size": len(state.draw_pile),
            "phases": memo[1],
            "current_phases": memo[2],
            "open_phases": memo[3][player],
            "done": done,
            "laid": laid,
            "scores": tuple(state.scores),
            "skipped": tuple(state.skipped),
            "active": state.active,
            "round": state.round,
            "dealer": state.dealer,
            "current_player": state.current_player,
            "stage": state.stage,
            "tiebreak": state.tiebreak,
            "over": state.over,
            "winner": state.winner,
            "turn": facts,
        }
    )
