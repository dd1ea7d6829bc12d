"""The table's menus that follow the selected cards: the layout to lay down, the group to hit (and the
run end), whom a Skip skips, and one button per group the selected card fits.

``SelectionMenus`` owns those widgets, shows the choices of ``TableSession.controls`` (the
session decides what is legal; this only offers it) and says which action they choose. A menu
appears only when it applies to the selection. The helpers below (``dropdown``, ``set_options``,
``show_widget``) serve every menu of the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets

from phase10kit.actions import Action, Discard, Hit, Lay, group_notation
from phase10kit.cards import Card, Color
from phase10kit.errors import Reason
from phase10kit.explain import color_name
from phase10kit.game import PlayerView
from phase10kit.i18n import translator
from widgets._safety import LockedRow, Refusal, SafeDropdown
from widgets.session_controls import Controls
from widgets.session_text import seat_name
from widgets.table_parts import TableButton

__all__ = ["SelectionMenus", "dropdown", "lay_label", "row_layout", "set_options", "show_widget"]

LAYOUTS_SHOWN = 40
"""The most layouts the layout menu offers (a hand of Wilds can be laid out in very many ways)."""


def row_layout() -> ipywidgets.Layout:
    """A wrapping row; one Layout per box, since hiding one box must not hide the others."""
    return ipywidgets.Layout(flex_flow="row wrap", align_items="center")


def dropdown(css_class: str) -> SafeDropdown:
    """An empty menu as wide as its label and longest choice, with the class ``css_class``."""
    widget = SafeDropdown(
        options=[], style={"description_width": "initial"}, layout=ipywidgets.Layout(width="auto", max_width="100%")
    )
    widget.add_class(css_class)
    return widget


def set_options(menu: SafeDropdown, options: list[tuple[str, Any]]) -> None:
    """Change a menu's options only when they differ; keep the chosen value if still offered, else the first."""
    if list(menu.options) == options:
        return
    value = menu.value
    menu.options = options
    if any(v == value for _, v in options):
        menu.value = value
    elif options:
        menu.value = options[0][1]


def show_widget(widget: ipywidgets.Widget, shown: bool) -> None:
    """Show or hide a widget (hidden widgets take no room and are not reachable by keyboard)."""
    display = None if shown else "none"
    if widget.layout.display != display:
        widget.layout.display = display


def lay_label(action: Lay, lang: str) -> str:
    """A lay-down as the layout menu names it: its groups, each Wild's value in words, and the phase."""
    t = translator(lang)
    parts = []
    for group in action.groups:
        values = group.wild_values()
        text = str(group)
        if values:
            words = ", ".join(color_name(v, lang) if isinstance(v, Color) else str(v) for v in values)
            text += " (" + t.gettext("Wild = {values}").format(values=words) + ")"
        parts.append(text)
    groups = " ".join(parts)
    if action.phase is None:
        return groups
    return t.gettext("phase {code}: {name}").format(code=action.phase, name=groups)


class SelectionMenus:
    """The menus and hit buttons for the viewer's selection; ``row`` is the box holding them all.

    ``click_for(hit)`` makes the click handler of the button playing ``hit`` (the table guards it
    and redraws after it).
    """

    def __init__(self, click_for: Callable[[Hit], Callable[[Any], None]]) -> None:
        self._click_for = click_for
        self.layout_choice = dropdown("p10-layout-choice")
        self.hit_target = dropdown("p10-hit-target")
        self.hit_end = dropdown("p10-hit-end")
        self.skip_target = dropdown("p10-skip-target")
        # One button per group the selected card fits: the direct way to hit ("Add R7 to p2.1").
        self.hit_options = LockedRow([], layout=row_layout())
        self.hit_options.add_class("p10-hit-options")
        self._hit_buttons: dict[str, TableButton] = {}
        self.row = LockedRow(
            [self.layout_choice, self.hit_target, self.hit_end, self.skip_target, self.hit_options], layout=row_layout()
        )
        self.row.add_class("p10-choices")

    @property
    def menus(self) -> tuple[SafeDropdown, ...]:
        """The four menus, in the order shown."""
        return (self.layout_choice, self.hit_target, self.hit_end, self.skip_target)

    def label(self, lang: str) -> None:
        """Write the menus' labels in ``lang``."""
        t = translator(lang)
        self.layout_choice.description = t.gettext("Layout:")
        self.hit_target.description = t.gettext("Hit group:")
        self.hit_end.description = t.gettext("Run end:")
        self.skip_target.description = t.gettext("Skip:")

    def show(self, controls: Controls, view: PlayerView, lang: str) -> None:
        """Offer the choices of ``controls`` for the viewer's ``view``; hide what does not apply."""
        t = translator(lang)
        lays, hits, skip_targets = list(controls.lays), list(controls.hits), controls.skip_targets
        set_options(self.layout_choice, [(lay_label(a, lang), a) for a in lays[:LAYOUTS_SHOWN]])
        self.layout_choice.disabled = not lays
        show_widget(self.layout_choice, bool(lays))
        targets = sorted({(h.target, h.group) for h in hits})
        set_options(
            self.hit_target, [(f"{group_notation(seat, i)} {view.melds[seat][i]}", (seat, i)) for seat, i in targets]
        )
        self.hit_target.disabled = not targets
        show_widget(self.hit_target, bool(targets))
        ends = sorted({h.end for h in hits if h.end is not None and (h.target, h.group) == self.hit_target.value})
        end_options: list[tuple[str, Any]] = [(t.gettext("either / not needed"), None)]
        end_options += [(t.gettext("low"), "low"), (t.gettext("high"), "high")]
        set_options(self.hit_end, end_options)
        self.hit_end.disabled = len(ends) < 2
        show_widget(self.hit_end, len(ends) > 1)
        set_options(
            self.skip_target,
            [(t.gettext("choose…"), None)] + [(seat_name(s, view.player, lang), s) for s in skip_targets],
        )
        self.skip_target.disabled = not skip_targets
        show_widget(self.skip_target, bool(skip_targets))
        self._show_hit_buttons(hits, view, lang)
        show_widget(self.row, bool(lays or targets or skip_targets))

    def chosen_hit(self, seat: int, card: Card, view: PlayerView, hits: list[Hit], lang: str) -> Hit:
        """The hit of ``card`` the menus say: the chosen group at the chosen run end (or its one legal end).

        With no group chosen (the card fits none), the first laid group: the engine then says why not.
        """
        target = self.hit_target.value
        if not isinstance(target, tuple):
            laid = [(owner, 0) for owner in range(len(view.melds)) if view.melds[owner]]
            if not laid:
                raise Refusal(translator(lang).gettext("There is no laid group to add to."), reason=Reason.NO_GROUP)
            target = laid[0]
        group_seat, index = target
        end = self.hit_end.value
        action = Hit(seat, group_seat, index, card, end)
        if end is None:
            matching = [h for h in hits if (h.target, h.group) == (group_seat, index)]
            if len(matching) == 1:
                action = matching[0]
        return action

    def chosen_discard(self, seat: int, card: Card, legal: Sequence[Action]) -> Discard:
        """The discard of ``card``: a Skip against the player chosen in the skip menu, or its one legal target."""
        target = self.skip_target.value if card.is_skip else None
        action = Discard(seat, card, target)
        if card.is_skip and target is None:
            matching = [a for a in legal if isinstance(a, Discard) and a.card == card]
            if len(matching) == 1:
                action = matching[0]
        return action

    def _show_hit_buttons(self, hits: list[Hit], view: PlayerView, lang: str) -> None:
        """A button per legal hit of the selected card, each naming the group (and the run end) it goes to."""
        t = translator(lang)
        buttons = []
        for hit in hits:
            key = f"{hit}|{view.melds[hit.target][hit.group]}|{lang}"
            button = self._hit_buttons.get(key)
            if button is None:
                group = view.melds[hit.target][hit.group]
                where = group_notation(hit.target, hit.group) + (f" ({t.gettext(hit.end)})" if hit.end else "")
                label = t.gettext("Add {card} to {group}").format(card=hit.card, group=where)
                button = TableButton(description=label, tooltip=f"{label}: {group}")
                button.add_class("p10-hit-option")
                button.layout.width = "auto"
                button.on_click(self._click_for(hit))
                self._hit_buttons[key] = button
            buttons.append(button)
        if list(self.hit_options.children) != buttons:
            self.hit_options.children = buttons
        # Buttons no longer offered are closed: their labels (a card of the hand) leave the browser too.
        for key, button in list(self._hit_buttons.items()):
            if button not in buttons:
                del self._hit_buttons[key]
                button.close()
        show_widget(self.hit_options, bool(buttons))
