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


@dataclass(frozen=True, slots=True)
class Removed:
    """``item`` was removed from ``items`` at ``position``."""

    items: list[Any]
    position: int
    item: Any


@dataclass(frozen=True, slots=True)
class Popped:
    """``item`` was popped from the end of ``items``."""

    items: list[Any]
    item: Any


@dataclass(frozen=True, slots=True)
class Appended:
    """Something was appended to ``items``."""

    items: list[Any]


@dataclass(frozen=True, slots=True)
class Replaced:
    """``items[position]`` was ``old`` before."""

    items: list[Any]
    position: int
    old: Any


@dataclass(frozen=True, slots=True)
class Filled:
    """``items`` was empty and was filled (a player's groups at lay-down)."""

    items: list[Any]


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


@dataclass(frozen=True, slots=True)
class UndoEntry:
    """Everything needed to take one action back: where the history was, the scalars, the changes."""

    history_length: int
    scalars: tuple[Any, ...]
    changes: list[Change]
