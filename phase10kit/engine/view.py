"""What one player may see of a game: a frozen ``PlayerView`` with no field for hidden cards."""

from __future__ import annotations

from dataclasses import dataclass

from phase10kit.actions import Action
from phase10kit.cards import Card
from phase10kit.groups import Group
from phase10kit.phases import Phase
from phase10kit.rules import Rules


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one player may see: their own hand, the table and counts, never others' cards or the pile order.

    ``legal`` holds that player's legal actions when it is their turn (bots choose from it).
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
    legal: tuple[Action, ...]

    def legal_actions(self) -> tuple[Action, ...]:
        return self.legal

    @property
    def my_turn(self) -> bool:
        return self.current_player == self.player and not self.over

    def _repr_svg_(self) -> str:
        from phase10kit.table_svg import table_svg

        return table_svg(self)
