"""The seats around the playable table: each other seat's box (its facts, face-down cards and laid
groups), the piles beside them, and the viewer's own line with their laid groups.

``SeatAreas`` owns those widgets and draws them from the viewer's ``PlayerView`` only (through
``widgets.table_parts``), so no area can show an opponent's cards. A laid group the selected card
fits becomes a button; its click calls ``on_pick(key)`` with the group's key (``"p2.1"``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import ipywidgets

from phase10kit.actions import Hit, group_notation
from phase10kit.game import PlayerView
from phase10kit.i18n import translator
from widgets._safety import Locked, LockedColumn, LockedRow, locked_html
from widgets.cards import GroupsView
from widgets.table_parts import opponent_html, piles_html

__all__ = ["SeatAreas"]


class SeatAreas:
    """The seats' boxes (``opponents_box``, holding ``piles`` too) and the viewer's ``me_box``."""

    def __init__(self, lang: str, on_pick: Callable[[str], None]) -> None:
        self.lang = lang
        self._on_pick = on_pick
        self.opponent_views: dict[int, Locked] = {}
        self.seat_groups: dict[int, GroupsView] = {}
        self.seat_boxes: dict[int, LockedColumn] = {}
        self.opponents_box = LockedRow(layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.opponents_box.add_class("p10-opponents")
        self.piles = locked_html("", "p10-piles")
        self.mine = locked_html("", "p10-me-line")
        self.my_groups = GroupsView(lang=lang)
        self.my_groups.on_pick = on_pick
        self.me_box = LockedColumn([self.mine, self.my_groups])
        self.me_box.add_class("p10-me")

    def seat(self, viewer: int | None, players: int) -> None:
        """One box per seat shown from outside: every seat but the viewer's (made anew when those change)."""
        seats = [seat for seat in range(players) if seat != viewer]
        if sorted(self.opponent_views) == seats:
            return
        self.opponent_views = {seat: locked_html("", "p10-seat-line") for seat in seats}
        self.seat_groups = {seat: GroupsView(lang=self.lang) for seat in seats}
        for groups in self.seat_groups.values():
            groups.on_pick = self._on_pick
        self.seat_boxes = {seat: LockedColumn([self.opponent_views[seat], self.seat_groups[seat]]) for seat in seats}
        for box in self.seat_boxes.values():
            box.add_class("p10-opponent")
        # The piles sit in the same row as the seats: the table stays short enough for 1280x800.
        self.opponents_box.children = [*(self.seat_boxes[seat] for seat in seats), self.piles]

    def draw(self, view: PlayerView, viewer: int | None, bot_names: Mapping[int, str]) -> None:
        """Draw every other seat's facts and the piles (the viewer's line is the table's, shown with the hand)."""
        for seat, widget in self.opponent_views.items():
            widget.value = opponent_html(view, seat, viewer, bot_names.get(seat, ""), self.lang)
            if seat == view.current_player and not view.over:
                self.seat_boxes[seat].add_class("p10-seat-acting")
            else:
                self.seat_boxes[seat].remove_class("p10-seat-acting")
        self.piles.value = piles_html(view, self.lang)

    def draw_groups(self, hits: list[Hit], view: PlayerView, viewer: int | None) -> None:
        """Every seat's laid groups; those the selected card fits (``hits``) are buttons that play the hit."""
        t = translator(self.lang)
        fits = {(hit.target, hit.group) for hit in hits}
        empty = t.gettext("No phase laid down yet.")
        views = dict(self.seat_groups)
        if viewer is not None:
            views[viewer] = self.my_groups
        for seat, groups_view in views.items():
            shown = []
            for i, group in enumerate(view.melds[seat]):
                key = group_notation(seat, i)
                pick = ""
                if (seat, i) in fits:
                    pick = t.gettext("Add {card} to {group}").format(card=hits[0].card, group=key)
                shown.append((key, group, pick))
            groups_view.show(shown, empty=empty)

    def set_lang(self, lang: str) -> None:
        """Write the seats' words in ``lang`` from the next drawing on."""
        self.lang = lang
        for groups in (self.my_groups, *self.seat_groups.values()):
            groups.lang = lang
