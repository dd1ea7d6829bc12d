"""Legality: the one ``why_not`` that says whether an action is legal now and why not, and the legal moves.

Every action is validated in full before anything changes: its type and every field's type first
(``True`` and ``7.0`` are not player, group or phase numbers), then the rules. A refusal is an
``IllegalActionError`` with a :class:`~phase10kit.errors.Reason` and the details a sentence needs.

The legal moves of a turn are generated from :class:`TurnFacts`, the facts of the position that the
player to move may know (their hand, the groups on the table, who can be skipped, ...), so a
``PlayerView`` generates its own legal actions lazily, kind by kind, without holding the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from phase10kit.actions import Action, Discard, Draw, Hit, Lay, Take
from phase10kit.cards import SKIP_INDEX, Card, Color, card_counts
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
from phase10kit.engine.state import GameState, find_card
from phase10kit.errors import IllegalActionError, Reason, quote
from phase10kit.groups import Group, InvalidGroupError
from phase10kit.phases import GroupKind, Phase
from phase10kit.rules import Rules

ACTION_TYPES = (Discard, Draw, Take, Hit, Lay)
"""The action types, the commonest first (``isinstance`` with this tuple stops at the first match)."""
_ACTION_TYPE_SET = frozenset(ACTION_TYPES)


def malformed(action: object) -> str | None:
    """What is wrong with the shape of ``action`` (not a rule: a wrong type), or None.

    >>> malformed(Draw(True)), malformed(Discard(0, "R7")), malformed(Draw(0))
    ('the player must be a whole number, not True', 'the card must be a Card, not R7', None)
    """
    kind = type(action)
    if kind not in _ACTION_TYPE_SET:
        return f"it is not an action but a {kind.__name__}"
    # Exactly one of the action types now (no subclass), told by ``kind is`` (cheaper than ``isinstance``).
    assert isinstance(action, ACTION_TYPES)
    player = action.player
    if type(player) is not int:  # exactly int: True and 7.0 are not player numbers
        return f"the player must be a whole number, not {quote(player, 40)}"
    if kind is Draw or kind is Take:
        return None
    if isinstance(action, Discard):
        if type(action.card) is not Card:
            return f"the card must be a Card, not {quote(action.card, 40)}"
        if action.target is not None and type(action.target) is not int:
            return f"a Skip's target must be a whole number or None, not {quote(action.target, 40)}"
    elif isinstance(action, Hit):
        if type(action.card) is not Card:
            return f"the card must be a Card, not {quote(action.card, 40)}"
        if type(action.target) is not int or type(action.group) is not int:
            return "the group is named by two whole numbers: its owner and its position"
        if action.end not in (None, "low", "high"):
            return f"a run's end is 'low' or 'high', not {quote(action.end, 40)}"
    elif isinstance(action, Lay):
        if action.phase is not None and type(action.phase) is not int:
            return f"the phase must be a whole number or None, not {quote(action.phase, 40)}"
        groups = action.groups
        if type(groups) is not tuple or not all(type(group) is Group for group in groups):
            return "the groups must be a tuple of Group values"
        for group in groups:
            if type(group.kind) is not GroupKind or type(group.cards) is not tuple:
                return f"{quote(group, 60)} is not a well-formed group"
            if not all(type(card) is Card for card in group.cards):
                return f"{quote(group, 60)} holds something that is not a card"
    return None


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


def _remakes(group: Group, natural_required: bool) -> bool:
    """Whether ``Group.make`` makes exactly this group from its cards (and its pinned value, for only Wilds)."""
    pinned = None if any(card.is_number for card in group.cards) else group.value
    try:
        remade = Group.make(group.kind, group.cards, pinned, natural_required=natural_required)
    except InvalidGroupError:
        return False
    return remade == group


@lru_cache(maxsize=4096)
def valid_group(group: Group, natural_required: bool) -> bool:
    """``_remakes``, remembered: a lay-down's groups come from a few shared candidates, and are checked on every lay."""
    return _remakes(group, natural_required)


class Legality(GameState):
    """``why_not`` and the legal actions of a game's position."""

    def refuse(self, action: object, reason: Reason, why: str, **details: Any) -> IllegalActionError:
        """The refusal of ``action`` (not raised), its message naming the position."""
        return IllegalActionError(
            f"{quote(str(action), 120)} is refused: {why} ({self.position()})", reason=reason, details=details
        )

    def why_not(self, action: object) -> IllegalActionError | None:
        """None when ``action`` is legal now, otherwise the error ``apply`` would raise (not raised).

        >>> from phase10kit.game import Game
        >>> Game(players=2, seed=1).why_not(Draw(1)).reason
        <Reason.NOT_YOUR_TURN: 'not-your-turn'>
        """
        wrong = malformed(action)
        if wrong is not None:
            return self.refuse(action, Reason.BAD_ACTION, wrong, text=quote(action, 60))
        assert isinstance(action, ACTION_TYPES)  # ``malformed`` has checked its type
        if self.over:
            return self.refuse(action, Reason.GAME_OVER, "the game is over")
        player = action.player
        if not 0 <= player < self.players:
            return self.refuse(action, Reason.BAD_PLAYER, f"there is no such player in a {self.players}-player game")
        if player != self.current_player:
            name = f"p{self.current_player + 1}"
            return self.refuse(action, Reason.NOT_YOUR_TURN, f"it is {name}'s turn", player=name)
        if isinstance(action, (Draw, Take)):  # a tuple: isinstance with a union type is slower
            return self._check_draw(action)
        if self.stage != "play":
            return self.refuse(action, Reason.WRONG_STAGE, "the player must draw first")
        if isinstance(action, Discard):
            return self._check_discard(action, player)
        if isinstance(action, Lay):
            return self._check_lay(action, player)
        return self._check_hit(action, player)

    def can_apply(self, action: object) -> bool:
        """Whether ``action`` is legal now."""
        return self.why_not(action) is None

    def verify_apply(self, action: object) -> None:
        """Raise the ``IllegalActionError`` that ``apply`` would raise, or do nothing."""
        error = self.why_not(action)
        if error is not None:
            raise error

    def _check_draw(self, action: Draw | Take) -> IllegalActionError | None:
        if self.stage != "draw":
            return self.refuse(action, Reason.WRONG_STAGE, "the player has already drawn")
        if isinstance(action, Draw):
            return None if self.can_draw() else self.refuse(action, Reason.EMPTY_PILE, "there is nothing to draw")
        if not self.discard_pile:
            return self.refuse(action, Reason.EMPTY_DISCARD, "the discard pile is empty")
        if not self.can_take():
            return self.refuse(action, Reason.SKIP_FROM_DISCARD, "a Skip cannot be taken from the discard pile")
        return None

    def _hand_has(self, player: int, cards: list[Card]) -> bool:
        counts = card_counts(self.hands[player])
        for card in cards:
            counts[card.index] -= 1
            if counts[card.index] < 0:
                return False
        return True

    def _check_discard(self, action: Discard, player: int) -> IllegalActionError | None:
        card = action.card
        if find_card(self.hands[player], card) < 0:
            return self.refuse(action, Reason.NOT_IN_HAND, f"{card} is not in the hand", cards=[card])
        if action.target is None and card.index != SKIP_INDEX:
            return None  # the common case: a card that names nobody
        expected = self.skip_targets(player) if card.is_skip else [None]
        if action.target in expected:
            return None
        names = [f"p{t + 1}" for t in expected if t is not None] or ["—"]
        if not card.is_skip or self.rules.skip_target == "next" or expected == [None]:
            return self.refuse(action, Reason.BAD_TARGET, "this card names no player: write it alone", players=names)
        return self.refuse(
            action,
            Reason.BAD_TARGET,
            f"the Skip must name a player who can be skipped: {', '.join(names)}",
            players=names,
        )

    def _check_lay(self, action: Lay, player: int) -> IllegalActionError | None:
        options = self.open_phases(player)
        if not options:
            return self.refuse(action, Reason.ALREADY_LAID, "the player has no phase to lay this round")
        if self.rules.progression == "any_order" and not self.tiebreak:
            if action.phase not in options:
                listed = [str(number) for number in options]
                return self.refuse(
                    action, Reason.PHASE_NOT_NAMED, f"name a phase not yet made: {', '.join(listed)}", phases=listed
                )
            number = action.phase
        else:
            if action.phase is not None:
                return self.refuse(action, Reason.PHASE_NAMED, "the phase is not named under these rules")
            number = options[0]
        phase = self.phase_for(number)
        groups = action.groups
        if len(groups) != len(phase.groups):
            return self.refuse(
                action, Reason.WRONG_GROUPS, f"phase {phase} has {len(phase.groups)} group(s)", phase=str(phase)
            )
        cards: list[Card] = []
        for group, spec in zip(groups, phase.groups, strict=True):
            if group.kind is not spec.kind:
                return self.refuse(
                    action, Reason.WRONG_GROUPS, f"the groups must be {phase}, in that order", phase=str(phase)
                )
            size = len(group.cards)
            if size < spec.size or (size > spec.size and not self.rules.extra_cards):
                exact = "exactly" if not self.rules.extra_cards else "at least"
                return self.refuse(
                    action,
                    Reason.WRONG_SIZE,
                    f"{group} must have {exact} {spec.size} cards",
                    group=str(group),
                    phase=str(phase),
                    size=spec.size,
                )
            if not self._valid_group(group):
                return self.refuse(
                    action, Reason.INVALID_GROUP, f"{group} is not a valid {spec.kind.name.lower()}", group=str(group)
                )
            cards.extend(group.cards)
        if not self._hand_has(player, cards):
            return self.refuse(action, Reason.NOT_IN_HAND, "the hand does not hold these cards", cards=cards)
        if not self.keeps_card(player, len(cards)):
            return self.refuse(action, Reason.MUST_DISCARD, "the round must end with a discard")
        return None

    def _valid_group(self, group: Group) -> bool:
        """Whether the group is exactly what its cards make under these rules (its pinned value included)."""
        if type(group.value) is int or type(group.value) is Color:  # hashable: the answer can be remembered
            return valid_group(group, self.rules.natural_required)
        return _remakes(group, self.rules.natural_required)

    def _check_hit(self, action: Hit, player: int) -> IllegalActionError | None:
        if self.laid[player] is None:
            return self.refuse(action, Reason.NOT_LAID, "a player hits only after laying down their phase")
        target, index, card = action.target, action.group, action.card
        if not 0 <= target < self.players:
            return self.refuse(action, Reason.BAD_PLAYER, "there is no such player")
        groups = self.melds[target]
        if not 0 <= index < len(groups):
            return self.refuse(action, Reason.NO_SUCH_GROUP, f"p{target + 1} has no such group")
        if find_card(self.hands[player], card) < 0:
            return self.refuse(action, Reason.NOT_IN_HAND, f"{card} is not in the hand", cards=[card])
        if target != player and not self.may_hit_others(player):
            return self.refuse(action, Reason.HIT_NEXT_TURN, "others' groups may be hit from the next turn on")
        group = groups[index]
        ends = group.fits(card)
        if not ends:
            return self.refuse(
                action, Reason.DOES_NOT_FIT, f"{card} does not fit {group}", card=str(card), group=str(group)
            )
        if group.kind is GroupKind.RUN:
            if action.end is None and (len(ends) > 1 or card.is_wild):
                return self.refuse(
                    action,
                    Reason.END_NEEDED,
                    "say which end of the run: W>low or W>high",
                    card=str(card),
                    group=str(group),
                )
            if action.end is not None and action.end not in ends:
                return self.refuse(
                    action,
                    Reason.DOES_NOT_FIT,
                    f"{card} does not fit the {action.end} end of {group}",
                    card=str(card),
                    group=str(group),
                )
        elif action.end is not None:
            return self.refuse(action, Reason.BAD_END, "only runs have ends")
        if not self.keeps_card(player, 1):
            return self.refuse(action, Reason.MUST_DISCARD, "the round must end with a discard")
        return None

    # ------------------------------------------------------------------ legal actions

    def turn_facts(
        self,
        hand: tuple[Card, ...] | None = None,
        melds: tuple[tuple[Group, ...], ...] | None = None,
        options: tuple[tuple[int, Phase], ...] | None = None,
    ) -> TurnFacts | None:
        """The facts that decide the legal moves of the player to move (None once the game is over).

        ``hand``, ``melds`` and ``options``, when given, are that player's hand, the table's groups and
        their open phases with their numbers (``TurnFacts.open_phases``) already made for a view.
        """
        if self.over:
            return None
        player = self.current_player
        hand = tuple(self.hands[player]) if hand is None else hand
        if melds is None:
            melds = tuple([tuple(groups) for groups in self.melds])
        key = tuple(sorted([card.index for card in hand]))  # hand_key, inline: a call per view costs
        if self.stage == "draw":
            return TurnFacts.of_fields(
                {
                    "player": player,
                    "rules": self.rules,
                    "stage": "draw",
                    "hand": hand,
                    "key": key,
                    "melds": melds,
                    "active": self.active,
                    "can_draw": self.can_draw(),
                    "can_take": self.can_take(),
                    "open_phases": (),
                    "named": False,
                    "laid": False,
                    "keeps_one": False,
                    "hit_others": False,
                    "skip_targets": (),
                }
            )
        if options is None:
            options = tuple([(number, self.phase_for(number)) for number in self.open_phases(player)])
        rules = self.rules
        return TurnFacts.of_fields(
            {
                "player": player,
                "rules": rules,
                "stage": self.stage,
                "hand": hand,
                "key": key,
                "melds": melds,
                "active": self.active,
                "can_draw": False,
                "can_take": False,
                "open_phases": options,
                "named": rules.progression == "any_order" and not self.tiebreak,
                "laid": self.laid[player] is not None,
                "keeps_one": self.keeps_card(player, 1),
                "hit_others": self.may_hit_others(player),
                # Asked only of a hand that holds a Skip (its index sorts last): no other discard names anyone.
                "skip_targets": tuple(self.skip_targets(player)) if key and key[-1] == SKIP_INDEX else (),
            }
        )

    def generate(self) -> Iterator[Action]:
        """Every legal action now, without repeats (``TurnFacts.actions`` of this position, without copying it)."""
        return iter(self.legal_moves())

    def legal_moves(self) -> Sequence[Action]:
        """Every legal action now, in ``TurnFacts.actions``' order: draws, lay-downs, hits, discards.

        Built as one list (a chain of generators costs a resumption per action at every level).
        """
        if self.over:
            return ()
        player = self.current_player
        if self.stage == "draw":
            return draw_moves(player, self.can_draw(), self.can_take())
        key = hand_key(self.hands[player])
        rules = self.rules
        options = self.open_phases(player)
        named = rules.progression == "any_order" and not self.tiebreak
        may_hit = self.laid[player] is not None and self.keeps_card(player, 1)
        hits = (self.melds, self.active, self.may_hit_others(player)) if may_hit else None
        # Whom a Skip may name is asked only of a hand that holds one (its index sorts last).
        has_skip = bool(key) and key[-1] == SKIP_INDEX
        targets = self.skip_targets(player) if has_skip and rules.skip_target == "choose" else (None,)
        return play_moves(player, key, rules, [(n, self.phase_for(n)) for n in options], named, hits, targets)
