"""The legal moves of a turn: ``TurnFacts``, the facts that decide them, and the generators that make them.

The moves are generated from :class:`TurnFacts`, the facts of the position that the player to move
may know (their hand, the groups on the table, who can be skipped, ...), so a ``PlayerView``
generates its own legal actions lazily, kind by kind, without holding the game; ``legal_moves``
makes the same moves straight from a ``GameState`` (no facts built: the engine asks at every action).
The lay-downs themselves come from the layout search of ``phase10kit.engine.layouts``, cached by
``phase10kit.engine.moves.lay_actions``.

>>> import random
>>> from phase10kit.engine.play import start_game
>>> from phase10kit.engine.state import GameState
>>> from phase10kit.rules import Rules
>>> state = GameState(2, Rules(), random.Random(1)); log = start_game(state)
>>> [str(action) for action in legal_moves(state)]
['p1 draw', 'p1 take']
>>> facts = turn_facts(state); facts is not None and tuple(facts.actions()) == tuple(legal_moves(state))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from phase10kit.actions import Action, Discard, Hit, Lay
from phase10kit.cards import SKIP_INDEX, Card
from phase10kit.engine.moves import (
    discard_action,
    draw_action,
    fitting_hits,
    hand_key,
    hit_action,
    lay_actions,
    lay_actions_lazily,
    may_hold,
    phase_size,
    plain_discards,
    take_action,
)
from phase10kit.engine.state import GameState, OpenPhases, find_card
from phase10kit.groups import Group
from phase10kit.phases import Phase
from phase10kit.rules import Rules

__all__ = [
    "HitFacts",
    "TurnFacts",
    "discard_moves",
    "draw_moves",
    "hit_moves",
    "lay_moves",
    "lazy_lay_moves",
    "legal_moves",
    "play_moves",
    "turn_facts",
]


@dataclass(frozen=True, init=False)
class TurnFacts:
    """What the player to move knows that decides their legal moves (nothing hidden from them).

    ``key``, the hand's card indices in ascending order (``hand_key``), is made from ``hand``, never
    given: the lay-downs are cached by it and bots read it. Only the facts of the turn's stage are
    read (the engine builds these for every view): in the draw stage ``can_draw`` and ``can_take``;
    in the play stage ``open_phases``, ``named``, ``laid``, ``keeps_one``, ``hit_others`` and
    ``skip_targets`` (asked only when the hand holds a Skip, empty otherwise). The other stage's facts
    are False or empty.
    """

    player: int
    rules: Rules
    stage: str
    hand: tuple[Card, ...]
    key: tuple[int, ...] = field(init=False)
    melds: tuple[tuple[Group, ...], ...]
    active: tuple[int, ...]
    can_draw: bool
    can_take: bool
    open_phases: tuple[tuple[int, Phase], ...]
    named: bool
    laid: bool
    keeps_one: bool
    hit_others: bool
    skip_targets: tuple[int | None, ...]

    def __init__(
        self,
        *,
        player: int,
        rules: Rules,
        stage: str,
        hand: tuple[Card, ...],
        melds: tuple[tuple[Group, ...], ...],
        active: tuple[int, ...],
        can_draw: bool,
        can_take: bool,
        open_phases: tuple[tuple[int, Phase], ...],
        named: bool,
        laid: bool,
        keeps_one: bool,
        hit_others: bool,
        skip_targets: tuple[int | None, ...],
    ) -> None:
        # Built for every view: filling the dict at once takes half the time of the generated frozen
        # ``__init__``, which sets the 14 fields one by one through ``object.__setattr__``.
        self.__dict__.update(
            player=player,
            rules=rules,
            stage=stage,
            hand=hand,
            key=hand_key(hand),
            melds=melds,
            active=active,
            can_draw=can_draw,
            can_take=can_take,
            open_phases=open_phases,
            named=named,
            laid=laid,
            keeps_one=keeps_one,
            hit_others=hit_others,
            skip_targets=skip_targets,
        )

    @classmethod
    def of_fields(cls, fields: dict[str, Any]) -> TurnFacts:
        """The facts with exactly these fields, by name: the engine's constructor for every view (a keyword
        call with 14 arguments costs more than filling the dict it makes)."""
        facts = object.__new__(cls)
        object.__setattr__(facts, "__dict__", fields)
        return facts

    # Each kind of move comes as a tuple: a bot asks for one kind at every decision, and a generator
    # would cost a resumption per move on top of the list the engine builds anyway.
    def draws(self) -> tuple[Action, ...]:
        return draw_moves(self.player, self.can_draw, self.can_take) if self.stage == "draw" else ()

    def lays(self) -> tuple[Lay, ...]:
        if self.stage == "play" and self.open_phases:
            return tuple(lay_moves(self.player, self.key, self.rules, self.open_phases, self.named))
        return ()

    def lays_lazily(self, max_wilds: int | None = None) -> Iterator[Lay]:
        """``lays()`` one at a time, in the same order: a bot that stops at the first it wants builds no other.

        With ``max_wilds``, only those with at most that many Wilds.
        """
        if self.stage == "play" and self.open_phases:
            return lazy_lay_moves(self.player, self.key, self.rules, self.open_phases, self.named, max_wilds)
        return iter(())

    def hits(self) -> tuple[Hit, ...]:
        if self.stage == "play" and self.laid and self.keeps_one:
            present = tuple(dict.fromkeys(self.key))
            return tuple(hit_moves(self.player, present, self.melds, self.active, self.hit_others))
        return ()

    def discards(self) -> tuple[Discard, ...]:
        if self.stage == "play":
            return tuple(discard_moves(self.player, dict.fromkeys(self.key), self.skip_targets))
        return ()

    def discards_of(self, card: Card) -> tuple[Discard, ...]:
        """The discards of ``card`` alone (``discards`` filtered, without generating the others)."""
        if self.stage != "play" or find_card(self.hand, card) < 0:
            return ()
        if card.index == SKIP_INDEX:
            return tuple([discard_action(self.player, SKIP_INDEX, victim) for victim in self.skip_targets])
        return (plain_discards(self.player)[card.index],)

    def actions(self) -> Iterator[Action]:
        """Every legal action, without repeats: draws, then lay-downs, hits and discards."""
        if self.stage == "draw":
            return iter(draw_moves(self.player, self.can_draw, self.can_take))
        if self.stage != "play":
            return iter(())
        may_hit = self.laid and self.keeps_one
        return iter(
            play_moves(
                self.player,
                self.key,
                self.rules,
                self.open_phases,
                self.named,
                (self.melds, self.active, self.hit_others) if may_hit else None,
                self.skip_targets,
            )
        )


@cache
def draw_moves(player: int, can_draw: bool, can_take: bool) -> tuple[Action, ...]:
    """The draw stage's moves: draw from the pile, take the discard."""
    return ((draw_action(player),) if can_draw else ()) + ((take_action(player),) if can_take else ())


def lay_moves(
    player: int,
    key: tuple[int, ...],
    rules: Rules,
    open_phases: Sequence[tuple[int, Phase]],
    named: bool,
) -> list[Lay]:
    """Every distinct lay-down of the open phases that the hand (its ``hand_key``) holds (exact sizes)."""
    moves: list[Lay] = []
    for number, phase in open_phases:
        if len(key) < phase_size(phase) + (rules.go_out == "discard") or not may_hold(key, phase):
            continue  # most hands, told by their counts (before the lay-down cache is even asked)
        moves += lay_actions(player, key, phase, rules.natural_required, number if named else None)
    return moves


def lazy_lay_moves(
    player: int,
    key: tuple[int, ...],
    rules: Rules,
    open_phases: Sequence[tuple[int, Phase]],
    named: bool,
    max_wilds: int | None = None,
) -> Iterator[Lay]:
    """``lay_moves`` one at a time, in the same order (not cached: for a caller that stops early); with
    ``max_wilds``, only the lay-downs with at most that many Wilds."""
    for number, phase in open_phases:
        if len(key) < phase_size(phase) + (rules.go_out == "discard") or not may_hold(key, phase):
            continue
        yield from lay_actions_lazily(player, key, phase, rules.natural_required, number if named else None, max_wilds)


def hit_moves(
    player: int,
    present: Sequence[int],
    melds: Sequence[Sequence[Group]],
    active: Sequence[int],
    hit_others: bool,
) -> list[Hit]:
    """Every distinct card of the hand (``present``: its card indices, ascending, once each) on every group it fits.

    Others' groups only when ``hit_others``.
    """
    moves: list[Hit] = []
    for target in active:
        groups = melds[target]
        if not groups or (target != player and not hit_others):
            continue
        for index, group in enumerate(groups):
            moves += [hit_action(player, target, index, card, end) for card, end in fitting_hits(group, present)]
    return moves


HitFacts = tuple[Sequence[Sequence[Group]], Sequence[int], bool]
"""What hits depend on beyond the hand: every player's groups, the seats in the round, whether others' may be hit."""


def play_moves(
    player: int,
    key: tuple[int, ...],
    rules: Rules,
    open_phases: Sequence[tuple[int, Phase]],
    named: bool,
    hits: HitFacts | None,
    skip_targets: Sequence[int | None],
) -> list[Action]:
    """The play stage's moves in order: lay-downs, hits (``hits`` None: none allowed now), discards.

    ``key`` is the hand's ``hand_key``: it keys the lay-downs, and its distinct values (in the same
    order) are the cards to hit with and to discard. One list for the engine and the views alike.
    """
    present = tuple(dict.fromkeys(key))
    moves: list[Action] = []
    if open_phases:
        moves += lay_moves(player, key, rules, open_phases, named)
    if hits is not None:
        melds, active, hit_others = hits
        moves += hit_moves(player, present, melds, active, hit_others)
    moves += discard_moves(player, present, skip_targets)
    return moves


def discard_moves(player: int, present: Iterable[int], skip_targets: Sequence[int | None]) -> list[Discard]:
    """Every distinct discard of the cards ``present`` (indices, ascending, once each).

    A Skip comes once per player it may name.
    """
    table = plain_discards(player)
    moves = [table[card_index] for card_index in present]
    if moves and moves[-1].card.index == SKIP_INDEX:  # the Skip sorts last
        moves[-1:] = [discard_action(player, SKIP_INDEX, victim) for victim in skip_targets]
    return moves


def turn_facts(
    state: GameState,
    hand: tuple[Card, ...] | None = None,
    melds: tuple[tuple[Group, ...], ...] | None = None,
    options: OpenPhases | None = None,
) -> TurnFacts | None:
    """The facts that decide the legal moves of the player to move (None once the game is over).

    ``hand``, ``melds`` and ``options``, when given, are that player's hand, the table's groups and
    their open phases with their numbers (``TurnFacts.open_phases``) already made for a view.
    """
    if state.over:
        return None
    player = state.current_player
    hand = tuple(state.hands[player]) if hand is None else hand
    if melds is None:
        melds = tuple([tuple(groups) for groups in state.melds])
    key = tuple(sorted([card.index for card in hand]))  # hand_key, inline: a call per view costs
    if state.stage == "draw":
        return TurnFacts.of_fields(
            {
                "player": player,
                "rules": state.rules,
                "stage": "draw",
                "hand": hand,
                "key": key,
                "melds": melds,
                "active": state.active,
                "can_draw": state.can_draw(),
                "can_take": state.can_take(),
                "open_phases": (),
                "named": False,
                "laid": False,
                "keeps_one": False,
                "hit_others": False,
                "skip_targets": (),
            }
        )
    if options is None:
        options = tuple([(number, state.phase_for(number)) for number in state.open_phases(player)])
    rules = state.rules
    return TurnFacts.of_fields(
        {
            "player": player,
            "rules": rules,
            "stage": state.stage,
            "hand": hand,
            "key": key,
            "melds": melds,
            "active": state.active,
            "can_draw": False,
            "can_take": False,
            "open_phases": options,
            "named": state.names_phase(),
            "laid": state.laid[player] is not None,
            "keeps_one": state.keeps_card(player, 1),
            "hit_others": state.may_hit_others(player),
            # Asked only of a hand that holds a Skip (its index sorts last): no other discard names anyone.
            "skip_targets": tuple(state.skip_targets(player)) if key and key[-1] == SKIP_INDEX else (),
        }
    )


def legal_moves(state: GameState) -> Sequence[Action]:
    """Every legal action now, in ``TurnFacts.actions``' order: draws, lay-downs, hits, discards.

    Built as one list (a chain of generators costs a resumption per action at every level), and
    remembered in ``state.offered`` until the state changes.
    """
    if state.over:
        return ()
    player = state.current_player
    if state.stage == "draw":
        state.offered = draws = draw_moves(player, state.can_draw(), state.can_take())
        return draws
    key = hand_key(state.hands[player])
    rules = state.rules
    options = state.open_phases(player)
    named = state.names_phase()
    may_hit = state.laid[player] is not None and state.keeps_card(player, 1)
    hits = (state.melds, state.active, state.may_hit_others(player)) if may_hit else None
    # Whom a Skip may name is asked only of a hand that holds one (its index sorts last).
    has_skip = bool(key) and key[-1] == SKIP_INDEX
    targets = state.skip_targets(player) if has_skip and rules.skip_target == "choose" else (None,)
    moves = play_moves(player, key, rules, [(n, state.phase_for(n)) for n in options], named, hits, targets)
    state.offered = moves  # remembered until the state changes: ``play.apply`` trusts what it finds there
    return moves
