"""GroupBuilder: pick cards from a dealt hand to build a set, a run or a colour group.

Every judgement comes from ``phase10kit.groups.arrange`` (is it a group, and if not, why) and
``phase10kit.solver.missing`` (how many more cards a group of the asked size needs).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from html import escape
from typing import Any

from phase10kit.cards import Card
from phase10kit.explain import group_kind_name, group_name
from phase10kit.groups import Group, arrange
from phase10kit.i18n import N_, Word, translator
from phase10kit.phases import GroupKind, GroupSpec, Phase
from phase10kit.rules import Rules
from phase10kit.solver import missing
from widgets._controls import Exercise, as_rng, button, check_hand_size, deal
from widgets._safety import LockedRow, SafeToggleButtons, locked_html
from widgets.cards import GroupView, HandView, as_cards, wild_values_text
from widgets.language import notebook_lang

__all__ = ["VALID", "GroupBuilder", "GroupKind"]

VALID = {
    GroupKind.SET: N_("That is a valid set: {group}."),
    GroupKind.RUN: N_("That is a valid run: {group}."),
    GroupKind.COLOR: N_("That is a valid colour group: {group}."),
}
"""One sentence per kind: an adjective agrees with the kind's word (hr "ispravan niz", "ispravna boja")."""


class GroupBuilder(Exercise):
    """Pick cards from a hand and see at once whether they make the chosen kind of group, and why not.

    ``size`` (optional) asks for a group of at least that many cards, as a phase does.

    >>> builder = GroupBuilder("R3 G4 W G6 B9 S", kind="run")
    >>> builder.hand.selected = [0, 1, 2, 3]
    >>> builder.status.text
    'That is a valid run: r[R3 G4 W G6]. The Wild stands for 5.'
    >>> builder.hand.selected = [0, 1, 3]
    >>> builder.status.text
    'A run needs numbers in a row: R3 G4 G6 is missing 5.'
    """

    def __init__(
        self,
        hand: Iterable[Card] | str | None = None,
        *,
        kind: GroupKind | str = GroupKind.RUN,
        size: int | None = None,
        seed: int | random.Random | None = None,
        hand_size: int = 10,
        rules: Rules | None = None,
        lang: str | None = None,
    ) -> None:
        lang = notebook_lang(lang)
        super().__init__("p10-group-builder", rules=rules, lang=lang)
        t = translator(lang)
        self.hand_size = check_hand_size(hand_size)
        self.size = size
        if size is not None:
            GroupSpec(_as_kind(kind), size)  # refuses a size no group of that kind can have
        self._rng = as_rng(seed)
        self.group: Group | None = None
        """The group the selected cards make (None when they make none)."""

        self.kind_choice = SafeToggleButtons(
            options=[(t.gettext("Set"), "s"), (t.gettext("Run"), "r"), (t.gettext("Colour group"), "c")],
            value=_as_kind(kind).value,
            description=t.gettext("Build a"),
        )
        self.kind_choice.add_class("p10-kind")
        # A browser may send any index: a bad one is refused in a sentence and the kind shown again.
        self.kind_choice.on_refused = lambda: self.status.show(
            t.gettext("That is not one of the choices: the menu is back as it was."), "problem"
        )
        self.hand = HandView(lang=lang)
        self.deal_button = button(t.gettext("Deal a new hand"), "p10-deal")
        self.clear_button = button(t.gettext("Clear selection"), "p10-clear")
        self.preview = GroupView(lang=lang)
        self.instructions = locked_html("", "p10-instructions")

        self.kind_choice.observe(self.feedback.guard(self._on_change), names="value")
        self.hand.observe(self.feedback.guard(self._on_change), names="selected")
        self.deal_button.on_click(self.feedback.guard(self._on_deal))
        self.clear_button.on_click(self.feedback.guard(self._on_clear))

        self.children = [
            self.instructions,
            self.kind_choice,
            self.hand,
            LockedRow([self.deal_button, self.clear_button]),
            self.status,
            self.preview,
            self.errors,
            self.fonts,
        ]
        if hand is None:
            self.deal()
        else:
            self.hand.hand = as_cards(hand)
        self.evaluate()

    @property
    def kind(self) -> GroupKind:
        """The kind of group being built."""
        return GroupKind(self.kind_choice.value)

    def deal(self) -> None:
        """Deal a new hand of ``hand_size`` cards from this widget's seeded random source."""
        self.hand.hand = deal(self._rng, self.hand_size)

    def evaluate(self) -> None:
        """Judge the selected cards (runs after every change; safe to call directly)."""
        self.feedback.guard(self._evaluate)()

    def _on_change(self, change: Any) -> None:
        self._evaluate()

    def _on_deal(self, _button: Any) -> None:
        self.deal()
        self._evaluate()

    def _on_clear(self, _button: Any) -> None:
        self.hand.clear_selection()
        self._evaluate()

    def _target(self) -> Word:
        """What to build, with its grammatical forms: "a run" (a bare kind) or "the run of 4"."""
        if self.size is None:
            return group_kind_name(self.kind, self.lang, article=True)
        return group_name(GroupSpec(self.kind, self.size), self.lang)

    def _evaluate(self) -> None:
        t = translator(self.lang)
        self.group = None
        self.preview.show(None)
        self.instructions.value = escape(
            t.gettext("Pick cards from your hand to build {target}.").format(target=self._target())
        )
        cards = self.hand.selected_cards
        if not cards:
            self.status.show(t.gettext("No cards picked yet."))
            return
        group = arrange(self.kind, cards, natural_required=self.rules.natural_required)
        self.group = group
        self.preview.show(group)
        wilds = wild_values_text(group, self.lang)
        if self.size is None:
            text = t.gettext(VALID[self.kind]).format(group=group)
            self.status.show(f"{text} {wilds}".strip(), "ok")
            return
        still = missing(cards, Phase((GroupSpec(self.kind, self.size),)), rules=self.rules)
        if still == 0:
            text = t.gettext("Done: {group} is {target}.").format(group=group, target=self._target())
            self.status.show(f"{text} {wilds}".strip(), "ok")
        else:
            text = t.ngettext(
                "So far so good: {group} needs {count} more card.",
                "So far so good: {group} needs {count} more cards.",
                still,
            ).format(group=group, count=still)
            self.status.show(text, "info")


def _as_kind(kind: GroupKind | str) -> GroupKind:
    if isinstance(kind, GroupKind):
        return kind
    names = {"set": "s", "run": "r", "colour": "c", "color": "c", "s": "s", "r": "r", "c": "c"}
    if not isinstance(kind, str) or kind.lower() not in names:
        raise ValueError(f"a group kind is 'set', 'run' or 'colour' (or a GroupKind), not {kind!r}")
    return GroupKind(names[kind.lower()])
