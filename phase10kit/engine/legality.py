"""Legality: the one ``why_not`` that says whether an action is legal now and why not.

Every action is validated in full before anything changes: its type and every field's type first
(``True`` and ``7.0`` are not player, group or phase numbers), then the rules. A refusal is an
``IllegalActionError`` with a :class:`~phase10kit.errors.Reason` and the details a sentence needs.
(``play.apply`` asks only of actions that ``legal_moves`` has not just listed for the very position.)
Each check is a function of the state and the action (pokerkit's ``can``/``verify`` pair:
``can_apply`` and ``verify_apply``), and reads the state only; the legal moves themselves are
generated in ``phase10kit.engine.turn``.

>>> import random
>>> from phase10kit.actions import Draw
>>> from phase10kit.engine.play import start_game
>>> from phase10kit.engine.state import GameState
>>> from phase10kit.rules import Rules
>>> state = GameState(2, Rules(), random.Random(1)); log = start_game(state)
>>> why_not(state, Draw(1)).reason, can_apply(state, Draw(0))
(<Reason.NOT_YOUR_TURN: 'not-your-turn'>, True)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from phase10kit.actions import Discard, Draw, Hit, Lay, Take, seat_notation
from phase10kit.cards import SKIP_INDEX, Card, Color, card_counts
from phase10kit.engine.state import GameState, find_card
from phase10kit.errors import IllegalActionError, Reason, quote
from phase10kit.groups import Group, InvalidGroupError
from phase10kit.phases import GroupKind

__all__ = ["ACTION_TYPES", "can_apply", "malformed", "refuse", "valid_group", "verify_apply", "why_not"]

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
    if kind is Discard:
        assert type(action) is Discard
        if type(action.card) is not Card:
            return f"the card must be a Card, not {quote(action.card, 40)}"
        if action.target is not None and type(action.target) is not int:
            return f"a Skip's target must be a whole number or None, not {quote(action.target, 40)}"
    elif kind is Hit:
        assert type(action) is Hit
        if type(action.card) is not Card:
            return f"the card must be a Card, not {quote(action.card, 40)}"
        if type(action.target) is not int or type(action.group) is not int:
            return "the group is named by two whole numbers: its owner and its position"
        if action.end not in (None, "low", "high"):
            return f"a run's end is 'low' or 'high', not {quote(action.end, 40)}"
    else:
        assert type(action) is Lay
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


def refuse(state: GameState, action: object, reason: Reason, why: str, **details: Any) -> IllegalActionError:
    """The refusal of ``action`` (not raised), its message naming the position."""
    return IllegalActionError(
        f"{quote(str(action), 120)} is refused: {why} ({state.position()})", reason=reason, details=details
    )


def why_not(state: GameState, action: object) -> IllegalActionError | None:
    """None when ``action`` is legal now, otherwise the error ``apply`` would raise (not raised)."""
    wrong = malformed(action)
    if wrong is not None:
        return refuse(state, action, Reason.BAD_ACTION, wrong, text=quote(action, 60))
    assert isinstance(action, ACTION_TYPES)  # ``malformed`` has checked its type
    if state.over:
        return refuse(state, action, Reason.GAME_OVER, "the game is over")
    player = action.player
    if not 0 <= player < state.players:
        return refuse(state, action, Reason.BAD_PLAYER, f"there is no such player in a {state.players}-player game")
    if player != state.current_player:
        name = seat_notation(state.current_player)
        return refuse(state, action, Reason.NOT_YOUR_TURN, f"it is {name}'s turn", player=name)
    # Exactly one of the action types (``malformed`` refused subclasses): ``type() is`` costs less than isinstance.
    kind = type(action)
    if kind is Draw or kind is Take:
        assert isinstance(action, (Draw, Take))
        return _check_draw(state, action)
    if state.stage != "play":
        return refuse(state, action, Reason.WRONG_STAGE, "the player must draw first")
    if kind is Discard:
        assert type(action) is Discard
        return _check_discard(state, action, player)
    if kind is Lay:
        assert type(action) is Lay
        return _check_lay(state, action, player)
    assert type(action) is Hit
    return _check_hit(state, action, player)


def can_apply(state: GameState, action: object) -> bool:
    """Whether ``action`` is legal now."""
    return why_not(state, action) is None


def verify_apply(state: GameState, action: object) -> None:
    """Raise the ``IllegalActionError`` that ``apply`` would raise, or do nothing."""
    error = why_not(state, action)
    if error is not None:
        raise error


def _check_draw(state: GameState, action: Draw | Take) -> IllegalActionError | None:
    if state.stage != "draw":
        return refuse(state, action, Reason.WRONG_STAGE, "the player has already drawn")
    if isinstance(action, Draw):
        return None if state.can_draw() else refuse(state, action, Reason.EMPTY_PILE, "there is nothing to draw")
    if not state.discard_pile:
        return refuse(state, action, Reason.EMPTY_DISCARD, "the discard pile is empty")
    if not state.can_take():
        return refuse(state, action, Reason.SKIP_FROM_DISCARD, "a Skip cannot be taken from the discard pile")
    return None


def _hand_has(state: GameState, player: int, cards: list[Card]) -> bool:
    counts = card_counts(state.hands[player])
    for card in cards:
        counts[card.index] -= 1
        if counts[card.index] < 0:
            return False
    return True


def _check_discard(state: GameState, action: Discard, player: int) -> IllegalActionError | None:
    card = action.card
    if find_card(state.hands[player], card) < 0:
        return refuse(state, action, Reason.NOT_IN_HAND, f"{card} is not in the hand", cards=[card])
    if action.target is None and card.index != SKIP_INDEX:
        return None  # the common case: a card that names nobody
    expected = state.skip_targets(player) if card.is_skip else [None]
    if action.target in expected:
        return None
    names = [seat_notation(t) for t in expected if t is not None] or ["—"]
    if not card.is_skip or state.rules.skip_target == "next" or expected == [None]:
        return refuse(state, action, Reason.BAD_TARGET, "this card names no player: write it alone", players=names)
    return refuse(
        state,
        action,
        Reason.BAD_TARGET,
        f"the Skip must name a player who can be skipped: {', '.join(names)}",
        players=names,
    )


def _check_lay(state: GameState, action: Lay, player: int) -> IllegalActionError | None:
    options = state.open_phases(player)
    if not options:
        return refuse(state, action, Reason.ALREADY_LAID, "the player has no phase to lay this round")
    if state.names_phase():
        if action.phase not in options:
            listed = [str(number) for number in options]
            return refuse(
                state, action, Reason.PHASE_NOT_NAMED, f"name a phase not yet made: {', '.join(listed)}", phases=listed
            )
        number = action.phase
    else:
        if action.phase is not None:
            return refuse(state, action, Reason.PHASE_NAMED, "the phase is not named under these rules")
        number = options[0]
    phase = state.phase_for(number)
    groups = action.groups
    if len(groups) != len(phase.groups):
        return refuse(
            state, action, Reason.WRONG_GROUPS, f"phase {phase} has {len(phase.groups)} group(s)", phase=str(phase)
        )
    cards: list[Card] = []
    for group, spec in zip(groups, phase.groups, strict=True):
        if group.kind is not spec.kind:
            return refuse(
                state, action, Reason.WRONG_GROUPS, f"the groups must be {phase}, in that order", phase=str(phase)
            )
        size = len(group.cards)
        if size < spec.size or (size > spec.size and not state.rules.extra_cards):
            exact = "exactly" if not state.rules.extra_cards else "at least"
            return refuse(
                state,
                action,
                Reason.WRONG_SIZE,
                f"{group} must have {exact} {spec.size} cards",
                group=str(group),
                phase=str(phase),
                size=spec.size,
            )
        if not _valid_group(state, group):
            return refuse(
                state,
                action,
                Reason.INVALID_GROUP,
                f"{group} is not a valid {spec.kind.name.lower()}",
                group=str(group),
            )
        cards.extend(group.cards)
    if not _hand_has(state, player, cards):
        return refuse(state, action, Reason.NOT_IN_HAND, "the hand does not hold these cards", cards=cards)
    if not state.keeps_card(player, len(cards)):
        return refuse(state, action, Reason.MUST_DISCARD, "the round must end with a discard")
    return None


def _valid_group(state: GameState, group: Group) -> bool:
    """Whether the group is exactly what its cards make under these rules (its pinned value included)."""
    if type(group.value) is int or type(group.value) is Color:  # hashable: the answer can be remembered
        return valid_group(group, state.rules.natural_required)
    return _remakes(group, state.rules.natural_required)


def _check_hit(state: GameState, action: Hit, player: int) -> IllegalActionError | None:
    if state.laid[player] is None:
        return refuse(state, action, Reason.NOT_LAID, "a player hits only after laying down their phase")
    target, index, card = action.target, action.group, action.card
    if not 0 <= target < state.players:
        return refuse(state, action, Reason.BAD_PLAYER, "there is no such player")
    groups = state.melds[target]
    if not 0 <= index < len(groups):
        return refuse(state, action, Reason.NO_SUCH_GROUP, f"{seat_notation(target)} has no such group")
    if find_card(state.hands[player], card) < 0:
        return refuse(state, action, Reason.NOT_IN_HAND, f"{card} is not in the hand", cards=[card])
    if target != player and not state.may_hit_others(player):
        return refuse(state, action, Reason.HIT_NEXT_TURN, "others' groups may be hit from the next turn on")
    group = groups[index]
    ends = group.fits(card)
    if not ends:
        return refuse(
            state, action, Reason.DOES_NOT_FIT, f"{card} does not fit {group}", card=str(card), group=str(group)
        )
    if group.kind is GroupKind.RUN:
        if action.end is None and (len(ends) > 1 or card.is_wild):
            return refuse(
                state,
                action,
                Reason.END_NEEDED,
                "say which end of the run: W>low or W>high",
                card=str(card),
                group=str(group),
            )
        if action.end is not None and action.end not in ends:
            return refuse(
                state,
                action,
                Reason.DOES_NOT_FIT,
                f"{card} does not fit the {action.end} end of {group}",
                card=str(card),
                group=str(group),
            )
    elif action.end is not None:
        return refuse(state, action, Reason.BAD_END, "only runs have ends")
    if not state.keeps_card(player, 1):
        return refuse(state, action, Reason.MUST_DISCARD, "the round must end with a discard")
    return None
