"""Undo by inverse operations, written into one flat log.

Applying an action writes into the :class:`UndoLog`, in order, every list it changed and how, then
a mark holding what it saved before it began (the history's length and the scalars); taking it
back replays the inverses of its changes, newest first, down to the mark of the action before.
Rare big changes (a reshuffle, the end of a round) write a :class:`Snapshot` of the table instead.
The game is never copied for an ordinary move.

The log is one flat list of plain values: each change is its fields followed by a code saying
which change it is (read back from the end), so an ordinary action makes no object but the tuple
of its scalars. A long game's undo history then costs the garbage collector almost nothing: a
record object per change kept alive for a whole game made it scan (and promote) several objects
for every action played.

>>> pile = ["a", "b"]
>>> log = UndoLog()
>>> card = pile.pop(); log.popped(pile, card)
>>> log.revert_changes(None); pile
['a', 'b']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from phase10kit.engine.state import GameState

__all__ = ["Snapshot", "UndoLog"]

# What each change writes (its fields, then its code), read back from the end of the log:
REMOVED = 0  # items, position, item: ``item`` was removed from ``items`` at ``position``
POPPED = 1  # items, item: ``item`` was popped from the end of ``items``
APPENDED = 2  # items: something was appended to ``items``
REPLACED = 3  # items, position, old: ``items[position]`` was ``old`` before
FILLED = 4  # items: ``items`` was empty and was filled (a player's groups at lay-down)
SNAPSHOT = 5  # snapshot: the whole table before a big change
MARK = 6  # history_length, scalars: an action ends here; what it saved before it began


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The whole table before a big change: hands, groups, both piles and the generator's state."""

    hands: tuple[tuple[Any, ...], ...]
    melds: tuple[tuple[Any, ...], ...]
    discard_pile: tuple[Any, ...]
    draw_pile: tuple[Any, ...]
    rng_state: tuple[Any, ...]

    @staticmethod
    def of(game: GameState) -> Snapshot:
        return Snapshot(
            tuple(tuple(hand) for hand in game.hands),
            tuple(tuple(groups) for groups in game.melds),
            tuple(game.discard_pile),
            tuple(game.draw_pile),
            game.rng.getstate(),
        )


class UndoLog:
    """Every change of every action applied, oldest first, each action closed by its mark."""

    __slots__ = ("entries",)

    def __init__(self) -> None:
        self.entries: list[Any] = []

    # ---------------------------------------------------------------- writing

    def removed(self, items: list[Any], position: int, item: Any) -> None:
        self.entries += (items, position, item, REMOVED)

    def popped(self, items: list[Any], item: Any) -> None:
        self.entries += (items, item, POPPED)

    def appended(self, items: list[Any]) -> None:
        self.entries += (items, APPENDED)

    def replaced(self, items: list[Any], position: int, old: Any) -> None:
        self.entries += (items, position, old, REPLACED)

    def filled(self, items: list[Any]) -> None:
        self.entries += (items, FILLED)

    def snapshot(self, game: GameState) -> None:
        self.entries += (Snapshot.of(game), SNAPSHOT)

    def mark(self, history_length: int, scalars: tuple[Any, ...]) -> None:
        """Close an action: the history's length and the scalars from before it."""
        self.entries += (history_length, scalars, MARK)

    # ---------------------------------------------------------------- reading back

    def __bool__(self) -> bool:
        """Whether an action is recorded (the log holds nothing else between actions)."""
        return bool(self.entries)

    def last_history_length(self) -> int:
        """Where the history stood before the last action (its line comes next)."""
        length: int = self.entries[-3]
        return length

    def pop_mark(self) -> tuple[int, tuple[Any, ...]]:
        """Remove the last action's mark: its history length and scalars (its changes come next)."""
        entries = self.entries
        code = entries.pop()
        assert code == MARK
        scalars: tuple[Any, ...] = entries.pop()
        history_length: int = entries.pop()
        return history_length, scalars

    def revert_changes(self, game: GameState | None) -> None:
        """Undo the changes written since the last mark (newest first) in place; ``game`` receives the snapshots."""
        entries = self.entries
        while entries and entries[-1] != MARK:
            code = entries.pop()
            if code == REMOVED:
                item, position = entries.pop(), entries.pop()
                entries.pop().insert(position, item)
            elif code == POPPED:
                item = entries.pop()
                entries.pop().append(item)
            elif code == APPENDED:
                entries.pop().pop()
            elif code == REPLACED:
                old, position = entries.pop(), entries.pop()
                entries.pop()[position] = old
            elif code == FILLED:
                entries.pop().clear()
            else:
                assert code == SNAPSHOT and game is not None
                _restore(game, entries.pop())

    def clear(self) -> None:
        self.entries.clear()


def _restore(game: GameState, snapshot: Snapshot) -> None:
    for hand, cards in zip(game.hands, snapshot.hands, strict=True):
        hand[:] = cards
    for groups, saved in zip(game.melds, snapshot.melds, strict=True):
        groups[:] = saved
    game.discard_pile[:] = snapshot.discard_pile
    game.draw_pile[:] = snapshot.draw_pile
    game.rng.setstate(snapshot.rng_state)
