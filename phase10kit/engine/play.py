"""Applying actions and taking them back: dealing, drawing, laying, hitting, discarding, scoring.

``apply`` refuses an illegal action with the state untouched; a legal one is recorded in the
history and played, each change written into the undo log (``phase10kit.engine.undo``).
``undo`` takes back any action (for analysis); ``take_back`` is the player-facing undo, which never
reveals a hidden card: a player takes back only their own moves of the current turn, never a draw
from the draw pile.

Each is a function of the state and its undo log (python-chess's ``push``/``pop`` over its move
stack); ``phase10kit.game.Game`` holds both and calls them.
"""

from __future__ import annotations

from typing import Any

from phase10kit.actions import Action, Discard, Draw, Hit, Lay, Take, parse_action, seat_notation
from phase10kit.cards import SKIP_INDEX, Card
from phase10kit.engine.legality import why_not
from phase10kit.engine.moves import SHARED_TEXT
from phase10kit.engine.state import CARD_TEXT, GameState, Scalars, find_card, record_line, seat_order
from phase10kit.engine.undo import UndoLog
from phase10kit.errors import IllegalActionError, Phase10Error, Reason

__all__ = [
    "apply",
    "begin_turn",
    "can_undo",
    "last_action",
    "start_game",
    "start_round",
    "take_back",
    "undo",
    "why_not_take_back",
]


def start_game(state: GameState) -> UndoLog:
    """Deal the first round of a fresh ``state``; return its undo log (empty: the deal is no action)."""
    log = UndoLog()
    start_round(state, log, tiebreak=False)
    log.clear()  # the first deal is no action: nothing to take back
    return log


# ------------------------------------------------------------------ rounds


def start_round(state: GameState, log: UndoLog, *, tiebreak: bool, seats: tuple[int, ...] = ()) -> None:
    """Deal a round (``game.dealer``: the dealer moves one seat to the left; the next player starts)."""
    n = state.players
    state.round += 1
    state.dealer = (state.dealer + 1) % n
    state.tiebreak = tiebreak
    if tiebreak:
        state.active = seats
        header = "tiebreak " + " ".join(seat_notation(s) for s in seats) + f" dealer {seat_notation(state.dealer)}"
    else:
        header = f"hand {state.round} dealer {seat_notation(state.dealer)}"
    order = state.order_from(state.dealer)
    # Lists are changed in place so the undo log's references to them stay valid.
    for seat in range(n):
        state.hands[seat].clear()
        state.melds[seat].clear()
    state.laid = [None] * n
    state.laid_turn = [-1] * n
    state.skipped = [False] * n
    hands, flips, pile = state.chance.deal(header, order, first_skip=state.rules.first_skip)
    for seat, hand in zip(order, hands, strict=True):
        state.hands[seat][:] = hand
    state.discard_pile[:] = flips
    state.draw_pile[:] = pile
    state.history.append(header)
    for seat in order:
        state.history.append(record_line(f"deal {seat_notation(seat)}", state.hands[seat]))
    state.history.append(record_line("flip", flips))
    state.history.append(record_line("pile", pile))
    if flips[-1].is_skip and state.rules.first_skip == "skip_first":
        state.skipped[order[0]] = True
    begin_turn(state, log, state.dealer)


def begin_turn(state: GameState, log: UndoLog, after: int) -> None:
    """Pass the turn to the next active player after ``after`` who is not skipped."""
    state.turn += 1
    for seat in seat_order(state.players, state.active, after):
        if state.skipped[seat]:
            _set(log, state.skipped, seat, False)
            continue
        state.current_player = seat
        break
    else:  # everyone else skipped: the turn comes back round
        state.current_player = after
    state.stage = "draw" if state.can_draw() or state.can_take() else "play"


# ------------------------------------------------------------------ applying


def apply(state: GameState, log: UndoLog, action: Action) -> None:
    """Play ``action``; raise ``IllegalActionError`` (state unchanged) when the rules refuse it.

    Every action is checked in full (``why_not``), but one that ``legal_moves`` has just listed for
    this very position (the same object, in ``state.offered``, which every change forgets) is known
    legal: a player who chooses from the legal moves pays for the check once, when they are listed.
    """
    offered = state.offered
    for move in offered or ():
        if move is action:
            break
    else:
        error = why_not(state, action)
        if error is not None:
            raise error
    state.offered = None
    history_length, scalars = len(state.history), state.scalars()
    try:
        state.history.append(SHARED_TEXT.get(id(action)) or str(action))
        _play(state, log, action)
    except Phase10Error:
        _rollback(state, log, history_length, scalars)
        raise
    log.mark(history_length, scalars)


def _set(log: UndoLog, items: list[Any], position: int, value: object) -> None:
    """``items[position] = value``, recorded for undo (the undo entry saved ``items`` by reference)."""
    log.replaced(items, position, items[position])
    items[position] = value


def _remove_from_hand(state: GameState, log: UndoLog, player: int, card: Card) -> None:
    hand = state.hands[player]
    position = find_card(hand, card)
    del hand[position]
    log.removed(hand, position, card)


def _play(state: GameState, log: UndoLog, action: Action) -> None:
    player = action.player
    # Told by exact type, the commonest first (``why_not`` has refused anything else, subclasses too):
    # ``type(action) is`` costs less than ``isinstance``.
    kind = type(action)
    if kind is Discard:
        assert type(action) is Discard
        _discard(state, log, action)
    elif kind is Draw or kind is Take:
        drawing = kind is Draw
        pile = state.draw_pile if drawing else state.discard_pile
        if drawing and not pile:
            _reshuffle(state, log)
        card = pile.pop()
        log.popped(pile, card)
        if drawing:
            state.chance.drawn(card)
            state.history.append("drawn " + CARD_TEXT[card.index])
        hand = state.hands[player]
        hand.append(card)
        log.appended(hand)
        state.stage = "play"
    elif kind is Lay:
        assert type(action) is Lay
        for card in action.cards:
            _remove_from_hand(state, log, player, card)
        log.filled(state.melds[player])
        state.melds[player][:] = action.groups
        _set(log, state.laid, player, action.phase if action.phase is not None else state.open_phases(player)[0])
        _set(log, state.laid_turn, player, state.turn)
        if state.tiebreak:
            _finish(state, player)
        elif not state.hands[player]:
            _end_round(state, log)
    else:
        assert type(action) is Hit
        _remove_from_hand(state, log, player, action.card)
        groups = state.melds[action.target]
        old = groups[action.group]
        groups[action.group] = old.extend(action.card, action.end)
        log.replaced(groups, action.group, old)
        if not state.hands[player]:
            _end_round(state, log)


def _discard(state: GameState, log: UndoLog, action: Discard) -> None:
    player = action.player
    _remove_from_hand(state, log, player, action.card)
    state.discard_pile.append(action.card)
    log.appended(state.discard_pile)
    if action.card.index == SKIP_INDEX:
        target = action.target
        if state.rules.skip_target == "next":
            following = state.order_from(player)[0]
            target = following if following != player and not state.skipped[following] else None
        if target is not None:
            _set(log, state.skipped, target, True)
    if not state.hands[player]:
        _end_round(state, log)
    else:
        begin_turn(state, log, player)


def _reshuffle(state: GameState, log: UndoLog) -> None:
    """``turn.refill``: the discard pile under its top card, shuffled, becomes the draw pile."""
    log.snapshot(state)
    top = state.discard_pile[-1]
    rest = state.chance.reshuffle(state.discard_pile[:-1])
    state.draw_pile[:] = rest
    state.discard_pile[:] = [top]
    state.history.append(record_line("reshuffle", rest))


def _end_round(state: GameState, log: UndoLog) -> None:
    """Score the round, advance those who laid their phase, then end the game or deal the next round."""
    log.snapshot(state)
    # New lists, not changed in place: the undo entry saved the old ones by reference.
    scores, done = list(state.scores), list(state.done)
    for seat in state.active:
        scores[seat] += sum(card.points for card in state.hands[seat])
        laid = state.laid[seat]
        if laid is not None and laid not in done[seat]:
            done[seat] = (*done[seat], laid)
    state.scores, state.done = scores, done
    count = state.rules.phase_count
    if state.rules.progression == "all_advance":
        finished = list(range(state.players)) if state.round >= count else []
    else:
        finished = [seat for seat in range(state.players) if len(state.done[seat]) >= count]
    if not finished:
        start_round(state, log, tiebreak=False)
        return
    best = min(state.scores[seat] for seat in finished)
    tied = tuple(seat for seat in finished if state.scores[seat] == best)
    if len(tied) == 1:
        _finish(state, tied[0])
    else:
        start_round(state, log, tiebreak=True, seats=tied)


def _finish(state: GameState, winner: int) -> None:
    state.over = True
    state.winner = winner
    state.stage = "over"


# ------------------------------------------------------------------ taking back


def _rollback(state: GameState, log: UndoLog, history_length: int, scalars: Scalars) -> None:
    """Take back the changes since the last mark and put back the history and the scalars saved before them."""
    log.revert_changes(state)
    del state.history[history_length:]
    state.restore_scalars(scalars)


def undo(state: GameState, log: UndoLog) -> None:
    """Take back the last action (any number of times, back to the deal): for analysis, not for players."""
    if not log:
        raise IllegalActionError("there is no action to undo: the game is at its first deal", reason=Reason.NO_UNDO)
    state.offered = None
    _rollback(state, log, *log.pop_mark())


def can_undo(log: UndoLog) -> bool:
    """Whether an action is recorded to take back."""
    return bool(log)


def why_not_take_back(state: GameState, log: UndoLog, player: int) -> IllegalActionError | None:
    """None when ``player`` may take back their last action, otherwise why not (not raised).

    A player takes back only their own actions of the turn they are playing, and never a draw
    from the draw pile (they have seen the card): undoing reveals nothing hidden.

    >>> import random
    >>> from phase10kit.rules import Rules
    >>> state = GameState(2, Rules(), random.Random(1)); log = start_game(state); apply(state, log, Draw(0))
    >>> why_not_take_back(state, log, 0).reason
    <Reason.TAKE_BACK_DRAW: 'take-back-draw'>
    """
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.players:
        return IllegalActionError(f"there is no player {player!r:.40}", reason=Reason.BAD_PLAYER)
    last = last_action(state, log)
    if last is None or last.player != player:
        if last is not None and player != state.current_player:
            return IllegalActionError(
                f"{seat_notation(player)} cannot take back: others have moved since", reason=Reason.TAKE_BACK_OTHERS
            )
        return IllegalActionError(f"{seat_notation(player)} has nothing to take back", reason=Reason.NO_TAKE_BACK)
    if state.over or player != state.current_player or state.stage != "play" or isinstance(last, Discard):
        return IllegalActionError(
            f"{seat_notation(player)}'s turn is over: others have moved since", reason=Reason.TAKE_BACK_OTHERS
        )
    if isinstance(last, Draw):
        return IllegalActionError(
            f"{seat_notation(player)} drew from the draw pile and has seen the card", reason=Reason.TAKE_BACK_DRAW
        )
    return None


def take_back(state: GameState, log: UndoLog, player: int) -> Action:
    """Take back ``player``'s last action when ``why_not_take_back`` allows it; returns that action."""
    error = why_not_take_back(state, log, player)
    if error is not None:
        raise error
    action = last_action(state, log)
    assert action is not None
    undo(state, log)
    return action


def last_action(state: GameState, log: UndoLog) -> Action | None:
    """The last action applied and not taken back (None at the first deal)."""
    if not log:
        return None
    return parse_action(state.history[log.last_history_length()])
