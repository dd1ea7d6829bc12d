"""Applying actions and taking them back: dealing, drawing, laying, hitting, discarding, scoring.

``apply`` refuses an illegal action with the state untouched; a legal one is recorded in the
history and played, each change written into the undo log (``phase10kit.engine.undo``).
``undo`` takes back any action (for analysis); ``take_back`` is the player-facing undo, which never
reveals a hidden card: a player takes back only their own moves of the current turn, never a draw
from the draw pile.
"""

from __future__ import annotations

from typing import Any

from phase10kit.actions import Action, Discard, Draw, Hit, Lay, Take
from phase10kit.cards import SKIP_INDEX, Card
from phase10kit.engine.legality import Legality
from phase10kit.engine.state import CARD_TEXT, Scalars, find_card, record_line, seat_order
from phase10kit.engine.undo import UndoLog
from phase10kit.errors import IllegalActionError, Phase10Error, Reason


class Playing(Legality):
    """A game that can be played: ``apply``, ``undo`` and ``take_back``."""

    def _start_play(self) -> None:
        self._log = UndoLog()
        self.start_round(tiebreak=False)
        self._log.clear()  # the first deal is no action: nothing to take back

    # ------------------------------------------------------------------ rounds

    def start_round(self, *, tiebreak: bool, seats: tuple[int, ...] = ()) -> None:
        """Deal a round (``game.dealer``: the dealer moves one seat to the left; the next player starts)."""
        n = self.players
        self.round += 1
        self.dealer = (self.dealer + 1) % n
        self.tiebreak = tiebreak
        if tiebreak:
            self.active = seats
            header = "tiebreak " + " ".join(f"p{s + 1}" for s in seats) + f" dealer p{self.dealer + 1}"
        else:
            header = f"hand {self.round} dealer p{self.dealer + 1}"
        order = self.order_from(self.dealer)
        # Lists are changed in place so the undo log's references to them stay valid.
        for seat in range(n):
            self.hands[seat].clear()
            self.melds[seat].clear()
        self.laid = [None] * n
        self.laid_turn = [-1] * n
        self.skipped = [False] * n
        hands, flips, pile = self.chance.deal(header, order, first_skip=self.rules.first_skip)
        for seat, hand in zip(order, hands, strict=True):
            self.hands[seat][:] = hand
        self.discard_pile[:] = flips
        self.draw_pile[:] = pile
        self.history.append(header)
        for seat in order:
            self.history.append(record_line(f"deal p{seat + 1}", self.hands[seat]))
        self.history.append(record_line("flip", flips))
        self.history.append(record_line("pile", pile))
        if flips[-1].is_skip and self.rules.first_skip == "skip_first":
            self.skipped[order[0]] = True
        self.begin_turn(self.dealer)

    def begin_turn(self, after: int) -> None:
        """Pass the turn to the next active player after ``after`` who is not skipped."""
        self.turn += 1
        for seat in seat_order(self.players, self.active, after):
            if self.skipped[seat]:
                self._set(self.skipped, seat, False)
                continue
            self.current_player = seat
            break
        else:  # everyone else skipped: the turn comes back round
            self.current_player = after
        self.stage = "draw" if self.can_draw() or self.can_take() else "play"

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> None:
        """Play ``action``; raise ``IllegalActionError`` (state unchanged) when the rules refuse it."""
        error = self.why_not(action)
        if error is not None:
            raise error
        history_length, scalars = len(self.history), self.scalars()
        try:
            self.history.append(str(action))
            self._play(action)
        except Phase10Error:
            self._rollback(history_length, scalars)
            raise
        self._log.mark(history_length, scalars)

    def _set(self, items: list[Any], position: int, value: object) -> None:
        """``items[position] = value``, recorded for undo (the undo entry saved ``items`` by reference)."""
        self._log.replaced(items, position, items[position])
        items[position] = value

    def _remove_from_hand(self, player: int, card: Card) -> None:
        hand = self.hands[player]
        position = find_card(hand, card)
        del hand[position]
        self._log.removed(hand, position, card)

    def _play(self, action: Action) -> None:
        player = action.player
        # Checked by exact type, the commonest first (``why_not`` has refused anything else); a tuple,
        # not ``Draw | Take``: isinstance with a union type is several times slower.
        if type(action) is Discard:
            self._discard(action)
        elif isinstance(action, (Draw, Take)):
            drawing = type(action) is Draw
            pile = self.draw_pile if drawing else self.discard_pile
            if drawing and not pile:
                self._reshuffle()
            card = pile.pop()
            self._log.popped(pile, card)
            if drawing:
                self.chance.drawn(card)
                self.history.append("drawn " + CARD_TEXT[card.index])
            self.hands[player].append(card)
            self._log.appended(self.hands[player])
            self.stage = "play"
        elif isinstance(action, Lay):
            for card in action.cards:
                self._remove_from_hand(player, card)
            self._log.filled(self.melds[player])
            self.melds[player][:] = action.groups
            self._set(self.laid, player, action.phase if action.phase is not None else self.open_phases(player)[0])
            self._set(self.laid_turn, player, self.turn)
            if self.tiebreak:
                self._finish(player)
            elif not self.hands[player]:
                self._end_round()
        elif isinstance(action, Hit):
            self._remove_from_hand(player, action.card)
            groups = self.melds[action.target]
            old = groups[action.group]
            groups[action.group] = old.extend(action.card, action.end)
            self._log.replaced(groups, action.group, old)
            if not self.hands[player]:
                self._end_round()

    def _discard(self, action: Discard) -> None:
        player = action.player
        self._remove_from_hand(player, action.card)
        self.discard_pile.append(action.card)
        self._log.appended(self.discard_pile)
        if action.card.index == SKIP_INDEX:
            target = action.target
            if self.rules.skip_target == "next":
                following = self.order_from(player)[0]
                target = following if following != player and not self.skipped[following] else None
            if target is not None:
                self._set(self.skipped, target, True)
        if not self.hands[player]:
            self._end_round()
        else:
            self.begin_turn(player)

    def _reshuffle(self) -> None:
        """``turn.refill``: the discard pile under its top card, shuffled, becomes the draw pile."""
        self._log.snapshot(self)
        top = self.discard_pile[-1]
        rest = self.chance.reshuffle(self.discard_pile[:-1])
        self.draw_pile[:] = rest
        self.discard_pile[:] = [top]
        self.history.append(record_line("reshuffle", rest))

    def _end_round(self) -> None:
        """Score the round, advance those who laid their phase, then end the game or deal the next round."""
        self._log.snapshot(self)
        # New lists, not changed in place: the undo entry saved the old ones by reference.
        scores, done = list(self.scores), list(self.done)
        for seat in self.active:
            scores[seat] += sum(card.points for card in self.hands[seat])
            laid = self.laid[seat]
            if laid is not None and laid not in done[seat]:
                done[seat] = (*done[seat], laid)
        self.scores, self.done = scores, done
        count = self.rules.phase_count
        if self.rules.progression == "all_advance":
            finished = list(range(self.players)) if self.round >= count else []
        else:
            finished = [seat for seat in range(self.players) if len(self.done[seat]) >= count]
        if not finished:
            self.start_round(tiebreak=False)
            return
        best = min(self.scores[seat] for seat in finished)
        tied = tuple(seat for seat in finished if self.scores[seat] == best)
        if len(tied) == 1:
            self._finish(tied[0])
        else:
            self.start_round(tiebreak=True, seats=tied)

    def _finish(self, winner: int) -> None:
        self.over = True
        self.winner = winner
        self.stage = "over"

    # ------------------------------------------------------------------ taking back

    def _rollback(self, history_length: int, scalars: Scalars) -> None:
        """Take back the changes since the last mark and put back the history and the scalars saved before them."""
        self._log.revert_changes(self)
        del self.history[history_length:]
        self.restore_scalars(scalars)

    def undo(self) -> None:
        """Take back the last action (any number of times, back to the deal): for analysis, not for players."""
        if not self._log:
            raise IllegalActionError("there is no action to undo: the game is at its first deal", reason=Reason.NO_UNDO)
        self._rollback(*self._log.pop_mark())

    def can_undo(self) -> bool:
        return bool(self._log)

    def why_not_take_back(self, player: int) -> IllegalActionError | None:
        """None when ``player`` may take back their last action, otherwise why not (not raised).

        A player takes back only their own actions of the turn they are playing, and never a draw
        from the draw pile (they have seen the card): undoing reveals nothing hidden.

        >>> from phase10kit.game import Game
        >>> g = Game(players=2, seed=1); g.apply(Draw(0))
        >>> g.why_not_take_back(0).reason
        <Reason.TAKE_BACK_DRAW: 'take-back-draw'>
        """
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            return IllegalActionError(f"there is no player {player!r:.40}", reason=Reason.BAD_PLAYER)
        last = self._last_action()
        if last is None or last.player != player:
            if last is not None and player != self.current_player:
                return IllegalActionError(
                    f"p{player + 1} cannot take back: others have moved since", reason=Reason.TAKE_BACK_OTHERS
                )
            return IllegalActionError(f"p{player + 1} has nothing to take back", reason=Reason.NO_TAKE_BACK)
        if self.over or player != self.current_player or self.stage != "play" or isinstance(last, Discard):
            return IllegalActionError(
                f"p{player + 1}'s turn is over: others have moved since", reason=Reason.TAKE_BACK_OTHERS
            )
        if isinstance(last, Draw):
            return IllegalActionError(
                f"p{player + 1} drew from the draw pile and has seen the card", reason=Reason.TAKE_BACK_DRAW
            )
        return None

    def take_back(self, player: int) -> Action:
        """Take back ``player``'s last action when ``why_not_take_back`` allows it; returns that action."""
        error = self.why_not_take_back(player)
        if error is not None:
            raise error
        action = self._last_action()
        assert action is not None
        self.undo()
        return action

    def _last_action(self) -> Action | None:
        from phase10kit.actions import parse_action

        if not self._log:
            return None
        return parse_action(self.history[self._log.last_history_length()])
