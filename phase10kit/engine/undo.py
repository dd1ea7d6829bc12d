"""Undo by inverse operations: each change an action makes is recorded as a small typed record.

Applying an action records, in order, every list it changed and how; taking it back replays the
records' inverses in reverse order. Rare big changes (a reshuffle, the end of a round) record a
:class:`Snapshot` of the table instead. The game is never copied for an ordinary move.

>>> pile = ["a", "b"]
>>> records: list[Change] = []
>>> card = pile.pop(); records.append(Popped(pile, card))
>>> revert(records, None); pile
['a', 'b']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from phase10kit.engine.state import GameState


# The records are plain classes with slots, not frozen dataclasses: every action makes two or three,
# and a frozen dataclass sets each field through ``object.__setattr__`` (three times slower). They
# are never changed once made.


class Removed:
    """``item`` was removed from ``items`` at ``position``."""

    __slots__ = ("item", "items", "position")

    def __init__(self, items: list[Any], position: int, item: Any) -> None:
        self.items = items
        self.position = position
        self.item = item


class Popped:
    """``item`` was popped from the end of ``items``."""

    __slots__ = ("item", "items")

    def __init__(self, items: list[Any], item: Any) -> None:
        self.items = items
        self.item = item


class Appended:
    """Something was appended to ``items``."""

    __slots__ = ("items",)

    def __init__(self, items: list[Any]) -> None:
        self.items = items


class Replaced:
    """``items[position]`` was ``old`` before."""

    __slots__ = ("items", "old", "position")

    def __init__(self, items: list[Any], position: int, old: Any) -> None:
        self.items = items
        self.position = position
        self.old = old


class Filled:
    """``items`` was empty and was filled (a player's groups at lay-down)."""

    __slots__ = ("items",)

    def __init__(self, items: list[Any]) -> None:
        self.items = items


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


Change = Removed | Popped | Appended | Replaced | Filled | Snapshot
"""One recorded change."""


def revert(changes: list[Change], game: GameState | None) -> None:
    """Undo ``changes`` (newest last) in place; ``game`` receives the snapshots."""
    for change in reversed(changes):
        if isinstance(change, Removed):
            change.items.insert(change.position, change.item)
        elif isinstance(change, Popped):
            change.items.append(change.item)
        elif isinstance(change, Appended):
            change.items.pop()
        elif isinstance(change, Replaced):
            change.items[change.position] = change.old
        elif isinstance(change, Filled):
            change.items.clear()
        else:
            assert game is not None
            _restore(game, change)


def _restore(game: GameState, snapshot: Snapshot) -> None:
    for hand, cards in zip(game.hands, snapshot.hands, strict=True):
        hand[:] = cards
    for groups, saved in zip(game.melds, snapshot.melds, strict=True):
        groups[:] = saved
    game.discard_pile[:] = snapshot.discard_pile
    game.draw_pile[:] = snapshot.draw_pile
    game.rng.setstate(snapshot.rng_state)


class UndoEntry:
    """Everything needed to take one action back: where the history was, the scalars, the changes."""

    __slots__ = ("changes", "history_length", "scalars")

    def __init__(self, history_length: int, scalars: tuple[Any, ...], changes: list[Change]) -> None:
        self.history_length = history_length
        self.scalars = scalars
        self.changes = changes
