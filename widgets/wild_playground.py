"""WildPlayground: where may a card (a Wild above all) go on a laid group, and why a laid Wild never changes.

Where a card fits is ``Group.fits``; adding it is ``Group.extend``, which keeps every Wild at the
value it was laid as. The widget only shows those answers.
"""

from __future__ import annotations

from html import escape
from typing import Any

from phase10kit.cards import CARDS_BY_INDEX, Card, Color
from phase10kit.errors import Reason
from phase10kit.explain import color_name
from phase10kit.groups import End, Group, InvalidGroupError
from phase10kit.i18n import translator
from phase10kit.phases import GroupKind
from phase10kit.rules import Rules
from widgets._controls import MAX_TEXT, Exercise, button
from widgets._safety import BrowserText, LockedRow, SafeDropdown, describe_error, locked_html
from widgets.cards import GroupView, card_label, wild_values_text
from widgets.language import notebook_lang

__all__ = ["WildPlayground"]

MAX_HISTORY = 100
"""Undo steps kept."""


class WildPlayground(Exercise):
    """Lay a group, pick a card, see where it fits and add it; laid Wilds keep their values.

    >>> play = WildPlayground("r[G3 G4 W Y6]", card="W")
    >>> play.fits
    ['low', 'high']
    >>> play.high_button.click()
    >>> str(play.group), play.group.wild_values()
    ('r[G3 G4 W Y6 W]', [5, 7])
    """

    def __init__(
        self,
        group: Group | str = "r[G3 G4 W Y6]",
        *,
        card: Card | str = "W",
        rules: Rules | None = None,
        lang: str | None = None,
    ) -> None:
        lang = notebook_lang(lang)
        super().__init__("p10-wild-playground", rules=rules, lang=lang)
        t = translator(lang)
        start = group if isinstance(group, Group) else Group.parse(group, natural_required=self.rules.natural_required)
        self.group: Group = start
        """The group as laid now."""
        self.history: list[Group] = []

        self.group_text = BrowserText(value=str(start), description=t.gettext("Group"), continuous_update=False)
        self.group_text.add_class("p10-group-input")
        self.lay_button = button(t.gettext("Lay this group"), "p10-lay")
        self.view = GroupView(start, lang=lang)
        self.card_choice = SafeDropdown(
            options=[(card_label(c, lang), str(c)) for c in CARDS_BY_INDEX],
            value=str(Card.parse(card) if isinstance(card, str) else card),
            description=t.gettext("Card"),
        )
        self.card_choice.add_class("p10-card-choice")
        self.card_choice.on_refused = self.menu_refused
        self.low_button = button(t.gettext("Add at the low end"), "p10-add-low")
        self.high_button = button(t.gettext("Add at the high end"), "p10-add-high")
        self.add_button = button(t.gettext("Add to the group"), "p10-add")
        self.undo_button = button(t.gettext("Undo"), "p10-undo")
        self.where = locked_html("", "p10-where")

        guard = self.feedback.guard
        self.lay_button.on_click(guard(lambda _b: self._lay()))
        self._showing = False
        self.group_text.observe(guard(self._on_text), names="value")
        self.card_choice.observe(guard(lambda _change: self._show_fit()), names="value")
        self.low_button.on_click(guard(lambda _b: self._add("low")))
        self.high_button.on_click(guard(lambda _b: self._add("high")))
        self.add_button.on_click(guard(lambda _b: self._add(None)))
        self.undo_button.on_click(guard(lambda _b: self._undo()))

        self.children = [
            LockedRow([self.group_text, self.lay_button]),
            self.view,
            self.card_choice,
            self.where,
            LockedRow([self.low_button, self.high_button, self.add_button, self.undo_button]),
            self.status,
            self.errors,
            self.fonts,
        ]
        guard(self._show_fit)()
        self.status.show(t.gettext("Pick a card to see where it may go."))

    @property
    def card(self) -> Card:
        """The card chosen to add."""
        return Card.parse(self.card_choice.value)

    @property
    def fits(self) -> list[End | None]:
        """Where the chosen card may go: ``Group.fits`` of the group as laid now."""
        return self.group.fits(self.card)

    def _lay(self) -> None:
        t = translator(self.lang)
        text = self.group_text.value
        if len(text) > MAX_TEXT:
            raise InvalidGroupError(f"a group of at most {MAX_TEXT} characters, please", reason=Reason.TEXT_TOO_LONG)
        group = Group.parse(text, natural_required=self.rules.natural_required)
        self._set_group(group, remember=True)
        self.status.show(t.gettext("Laid {group}.").format(group=group), "ok")

    def _add(self, end: End | None) -> None:
        t = translator(self.lang)
        card, before = self.card, self.group
        after = before.extend(card, end)  # refuses a card that does not fit, whatever the buttons showed
        self._set_group(after, remember=True)
        old = before.wild_values()
        done = t.gettext("Added {card}: {group}.").format(card=card, group=after)
        if old and isinstance(old[0], Color):
            kept = t.ngettext(
                "The Wild laid before still stands for a {colour} card: a laid Wild never changes.",
                "The Wilds laid before still stand for {colour} cards: a laid Wild never changes.",
                len(old),
            ).format(colour=color_name(old[0], self.lang))
            done = f"{done} {kept}"
        elif old:
            kept = t.ngettext(
                "The Wild laid before still stands for {values}: a laid Wild never changes.",
                "The Wilds laid before still stand for {values}: a laid Wild never changes.",
                len(old),
            ).format(values=", ".join(str(v) for v in old))
            done = f"{done} {kept}"
        self.status.show(done, "ok")

    def _undo(self) -> None:
        t = translator(self.lang)
        if not self.history:
            self.status.show(t.gettext("Nothing to undo."))
            return
        self._set_group(self.history.pop(), remember=False)
        self.status.show(t.gettext("Back to {group}.").format(group=self.group))

    def _set_group(self, group: Group, *, remember: bool) -> None:
        if remember and group != self.group:
            self.history = [*self.history, self.group][-MAX_HISTORY:]
        self.group = group
        self.view.show(group)
        # Showing the new group in the field must not lay it again (and remember it twice).
        self._showing = True
        try:
            self.group_text.value = str(group)
        finally:
            self._showing = False
        self._show_fit()

    def _on_text(self, _change: Any) -> None:
        if not self._showing:
            self._lay()

    def _show_fit(self) -> None:
        t = translator(self.lang)
        card, group = self.card, self.group
        ends = group.fits(card)
        self.low_button.disabled = "low" not in ends
        self.high_button.disabled = "high" not in ends
        self.add_button.disabled = None not in ends
        is_run = group.kind is GroupKind.RUN
        for widget in (self.low_button, self.high_button):
            widget.layout.display = None if is_run else "none"
        self.add_button.layout.display = "none" if is_run else None
        if not ends:
            try:
                group.extend(card)
            except InvalidGroupError as error:
                reason = describe_error(error, self.lang)
            else:  # pragma: no cover - fits() said no, so extend() refuses too
                reason = ""
            hint = _taken_by_wild(group, card, self.lang)
            text = t.gettext("No: {reason}.").format(reason=reason.rstrip("."))
            self.where.value = escape(f"{text} {hint}".strip())
            return
        places = []
        for end in ends:
            value = _value_of_added(group.extend(card, end), end, self.lang)
            if end == "low":
                places.append(t.gettext("at the low end, as {value}").format(value=value))
            elif end == "high":
                places.append(t.gettext("at the high end, as {value}").format(value=value))
            else:
                places.append(t.gettext("in the group, as {value}").format(value=value))
        text = t.gettext("{card} may go {places}.").format(card=card, places=t.gettext(" or ").join(places))
        self.where.value = escape(f"{text} {wild_values_text(group, self.lang)}".strip())


def _value_of_added(after: Group, end: End | None, lang: str) -> str:
    """What the card just added stands for, read from the new group's values (a colour with its forms)."""
    values = after.values()
    value = values[0] if end == "low" else values[-1]
    return color_name(value, lang) if isinstance(value, Color) else str(value)


def _taken_by_wild(group: Group, card: Card, lang: str) -> str:
    """A hint when the card's number is one a laid Wild already stands for in a run."""
    if group.kind is not GroupKind.RUN or not card.is_number or card.number not in group.wild_values():
        return ""
    t = translator(lang)
    return t.gettext("A Wild was laid as {number} and stays {number}, so a real {number} cannot replace it.").format(
        number=card.number
    )
