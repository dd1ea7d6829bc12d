"""Card faces, face-down cards, laid groups and a clickable, sortable hand.

The pictures come from ``phase10kit.svg``; this module only wraps them in widgets with labels a
screen reader can read, in the widget's language. :class:`HandView` is an anywidget whose cards
are real ``<button class="p10-card">`` elements: clickable, reachable by keyboard, and announced
as pressed or not. Only the cards of the hand shown are ever synced to the browser, and the
browser may change only which cards are selected and the sort order (both validated here).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from importlib.resources import files
from typing import Any, Literal

import anywidget
import traitlets

from phase10kit.cards import Card, Color, parse_cards
from phase10kit.explain import color_name, group_kind_name
from phase10kit.groups import Group
from phase10kit.i18n import check_lang, translator
from phase10kit.phases import GroupKind
from phase10kit.svg import card_label as svg_card_label
from phase10kit.svg import card_svg, cards_svg, face_down_svg, group_faces_text, group_svg
from widgets._safety import FONTS_CSS, BrowserLocked, Locked
from widgets.language import notebook_lang

__all__ = [
    "CardView",
    "FaceDownView",
    "GroupView",
    "GroupsView",
    "HandView",
    "as_cards",
    "card_label",
    "cards_html",
    "kind_name",
    "wild_values_text",
]

SortOrder = Literal["dealt", "number", "colour"]
SORT_ORDERS: tuple[SortOrder, ...] = ("dealt", "number", "colour")


def _static(name: str) -> str:
    """The text of a browser file in ``widgets/static`` (the anywidgets' JavaScript and CSS).

    Read as text, not handed to anywidget as a path: a path turns on anywidget's file watching.
    """
    return files("widgets").joinpath("static", name).read_text(encoding="utf-8")


def card_label(card: Card, lang: str | None = None) -> str:
    """What a screen reader says for a card, in ``lang``: the words its face shows, then its notation.

    >>> card_label(Card.parse("R7")), card_label(Card.parse("W")), card_label(Card.parse("S"))
    ('7 red (R7)', 'W: Wild', 'S: Skip')
    """
    lang = notebook_lang(lang)
    return svg_card_label(card, lang)


def as_cards(cards: Iterable[Card] | str) -> list[Card]:
    """Cards from a hand in the notation (``"R7 W"``) or from Card values; anything else is refused.

    >>> as_cards("r7 w"), as_cards([Card.parse("S")])
    ([Card('R7'), Card('W')], [Card('S')])
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    result = list(cards)
    for card in result:
        if not isinstance(card, Card):
            raise TypeError(f"expected Card values or a hand like 'R7 W', got {card!r}")
    return result


def sort_key(order: SortOrder) -> Any:
    """The key that sorts cards by ``number`` (then colour) or by ``colour`` (then number).

    Wilds and then Skips come last either way; ``dealt`` keeps the order (returns None).

    >>> [str(c) for c in sorted(parse_cards("Y2 W R9 R2"), key=sort_key("colour"))]
    ['R2', 'R9', 'Y2', 'W']
    """
    if order == "number":
        return lambda card: card.index
    if order == "colour":
        return lambda card: (card.kind, card.color.index if card.color else 0, card.number)
    return None


class CardView(Locked):
    """One card face (or a face-down card when ``card`` is None) as an HTML widget, class ``p10-face``.

    >>> view = CardView("R7")
    >>> view.card, 'aria-label="7 red (R7)"' in view.value
    (Card('R7'), True)
    """

    def __init__(self, card: Card | str | None = None, *, lang: str | None = None, scale: float = 1.0) -> None:
        lang = notebook_lang(lang)
        super().__init__()
        self.lang, self.scale = check_lang(lang), scale
        self.add_class("p10-face")
        self.card: Card | None = None
        self.show(card)

    def show(self, card: Card | str | None) -> None:
        """Show this card, or the back of a card for None."""
        self.card = Card.parse(card) if isinstance(card, str) else card
        if self.card is None:
            label = translator(self.lang).gettext("face-down card")
            picture = face_down_svg(scale=self.scale, lang=self.lang)
        else:
            label = card_label(self.card, self.lang)
            picture = card_svg(self.card, scale=self.scale, lang=self.lang)
        self.value = f'<div role="img" aria-label="{escape(label)}" title="{escape(label)}">{picture}</div>'


class FaceDownView(Locked):
    """A number of face-down cards (an opponent's hand, the draw pile): only the count is sent.

    >>> FaceDownView(3).count
    3
    """

    def __init__(self, count: int = 1, *, lang: str | None = None, scale: float = 0.6) -> None:
        lang = notebook_lang(lang)
        super().__init__()
        self.lang, self.scale = check_lang(lang), scale
        self.add_class("p10-face-down")
        self.count = 0
        self.show(count)

    def show(self, count: int) -> None:
        """Show ``count`` card backs (drawn overlapping, with the count written out)."""
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"a number of cards is a whole number >= 0, not {count!r}")
        self.count = count
        text = translator(self.lang).ngettext("{count} face-down card", "{count} face-down cards", count)
        label = text.format(count=count)
        back = face_down_svg(scale=self.scale, lang=self.lang)
        backs = "".join(
            f'<span style="display:inline-block;margin-left:{-24 if i else 0}px">{back}</span>'
            for i in range(min(count, 12))
        )
        self.value = (
            f'<div role="img" aria-label="{escape(label)}" title="{escape(label)}">{backs} {escape(label)}</div>'
        )


def wild_values_text(group: Group, lang: str | None = None) -> str:
    """The values the group's Wilds were laid as, in words ("" when it has no Wild): numbers as they are, a
    colour group's Wilds as cards of its colour (the catalogs give the colour's form: "Džoker je plava karta").

    >>> wild_values_text(Group.parse("r[G3 G4 W Y6 W]")), wild_values_text(Group.parse("c[B3 W W]"))
    ('The Wilds stand for 5, 7.', 'The Wilds stand for blue cards.')
    """
    lang = notebook_lang(lang)
    t = translator(lang)
    values = group.wild_values()
    if not values:
        return ""
    colour = values[0]
    if isinstance(colour, Color):
        return t.ngettext(
            "The Wild stands for a {colour} card.", "The Wilds stand for {colour} cards.", len(values)
        ).format(colour=color_name(colour, lang))
    return t.ngettext("The Wild stands for {values}.", "The Wilds stand for {values}.", len(values)).format(
        values=", ".join(str(v) for v in values)
    )


def kind_name(kind: GroupKind, lang: str | None = None) -> str:
    """``"set"``, ``"run"`` or ``"colour group"`` in ``lang``."""
    lang = notebook_lang(lang)
    return group_kind_name(kind, lang)


class GroupView(Locked):
    """A laid group (class ``p10-group``) with each Wild's value on it and in words underneath.

    >>> view = GroupView(Group.parse("r[G3 G4 W Y6]"))
    >>> view.text
    'run r[G3 G4 W Y6]. The Wild stands for 5.'
    """

    def __init__(self, group: Group | str | None = None, *, lang: str | None = None, scale: float = 0.8) -> None:
        lang = notebook_lang(lang)
        super().__init__()
        self.lang, self.scale = check_lang(lang), scale
        self.add_class("p10-group")
        self.group: Group | None = None
        self.text = ""
        self.show(group)

    def show(self, group: Group | str | None) -> None:
        """Show this group (None shows nothing)."""
        self.group = Group.parse(group) if isinstance(group, str) else group
        if self.group is None:
            self.text, self.value = "", ""
            return
        self.text = f"{kind_name(self.group.kind, self.lang)} {self.group}. {wild_values_text(self.group, self.lang)}"
        self.text = self.text.strip()
        self.value = (
            f'<figure style="margin:0">{group_svg(self.group, scale=self.scale, lang=self.lang)}'
            f"<figcaption>{escape(self.text)}</figcaption></figure>"
        )


def cards_html(cards: Sequence[Card], lang: str | None = None, *, scale: float = 0.6) -> str:
    """A row of cards as HTML with a readable label (for outs, missing cards and the like)."""
    lang = notebook_lang(lang)
    label = ", ".join(card_label(card, lang) for card in cards)
    picture = cards_svg(cards, scale=scale, lang=lang)
    return f'<div role="img" aria-label="{escape(label)}" title="{escape(label)}">{picture}</div>'


class HandView(BrowserLocked, anywidget.AnyWidget):
    """A hand whose cards can be selected by click (or keyboard) and sorted by number or colour.

    The hand container has class ``p10-hand``; each card is a ``<button class="p10-card">`` whose
    ``aria-label`` and ``title`` hold the words its face shows and its notation (``"7 red (R7)"``, see
    ``card_label``) and whose ``data-card`` is the notation (``"R7"``); the "selected" mark stands beside it.
    ``selected`` holds indices into ``cards`` (the shown order); the browser can write only
    ``selected`` and ``sort_by``, and both are checked: bad entries are dropped, never raised.

    >>> hand = HandView("R7 B2 W Y2")
    >>> hand.selected = [0, 2]
    >>> [str(c) for c in hand.selected_cards]
    ['R7', 'W']
    >>> hand.sort_by = "number"
    >>> hand.cards, [str(c) for c in hand.selected_cards]
    (['B2', 'Y2', 'R7', 'W'], ['R7', 'W'])
    """

    _esm = _static("hand.js")
    _css = _static("hand.css") + FONTS_CSS
    browser_writable = frozenset({"selected", "sort_by"})

    cards = traitlets.List(traitlets.Unicode(), read_only=True).tag(sync=True)
    faces = traitlets.List(traitlets.Unicode(), read_only=True).tag(sync=True)
    labels = traitlets.List(traitlets.Unicode(), read_only=True).tag(sync=True)
    texts = traitlets.Dict(read_only=True).tag(sync=True)
    # Untyped on purpose: the validators below clean whatever arrives instead of raising.
    selected = traitlets.Any([]).tag(sync=True)
    sort_by = traitlets.Unicode("dealt").tag(sync=True)
    selectable = traitlets.Bool(True).tag(sync=True)

    def __init__(
        self,
        cards: Iterable[Card] | str = (),
        *,
        sort_by: SortOrder = "dealt",
        selectable: bool = True,
        lang: str | None = None,
        scale: float = 0.8,
    ) -> None:
        lang = notebook_lang(lang)
        super().__init__()
        self.lang, self.scale = check_lang(lang), scale
        self.set_trait("texts", _hand_texts(self.lang))
        self.add_class("p10-hand")
        self._dealt: tuple[Card, ...] = ()
        self._shown: tuple[Card, ...] = ()
        self.selectable = selectable
        self.sort_by = sort_by
        self.hand = as_cards(cards)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards in the order shown (after sorting); set it to show another hand (clears the selection)."""
        return self._shown

    @hand.setter
    def hand(self, cards: Iterable[Card] | str) -> None:
        self._dealt = tuple(as_cards(cards))
        with self.hold_sync():
            self.selected = []
            self._show(self._ordered(self._dealt))

    @property
    def selected_cards(self) -> tuple[Card, ...]:
        """The selected cards, in the order shown."""
        return tuple(self._shown[i] for i in self.selected)

    def clear_selection(self) -> None:
        self.selected = []

    def set_lang(self, lang: str) -> None:
        """Show the same hand (and selection) with its words and labels in ``lang``."""
        self.lang = check_lang(lang)
        with self.hold_sync():
            self.set_trait("texts", _hand_texts(self.lang))
            self._show(self._shown)

    def sort(self, order: SortOrder) -> None:
        """Sort by ``"number"`` or ``"colour"``, or go back to ``"dealt"`` order; the selection follows its cards."""
        self.sort_by = order

    def _ordered(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        key = sort_key(self._order)
        return tuple(cards) if key is None else tuple(sorted(cards, key=key))

    def _show(self, shown: tuple[Card, ...]) -> None:
        self._shown = shown
        self.set_trait("cards", [str(card) for card in shown])
        self.set_trait("labels", [card_label(card, self.lang) for card in shown])
        self.set_trait("faces", [card_svg(card, scale=self.scale, lang=self.lang) for card in shown])

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Clean what the browser sends before anything else sees it (ipywidgets echoes it back as received).

        A selection longer than the hand, or not a list, is refused whole; other entries are kept
        only when they are indices of the hand. An unknown sort order is refused.
        """
        data = dict(sync_data)
        refused = []
        if "selected" in data:
            picked = data["selected"]
            if not isinstance(picked, list) or len(picked) > len(self._shown) or not self.selectable:
                del data["selected"]
                refused.append("selected")
            else:
                data["selected"] = self._valid_selection({"value": picked})
        if "sort_by" in data and data["sort_by"] not in SORT_ORDERS:
            del data["sort_by"]
            refused.append("sort_by")
        if data:
            super().set_state(data)
        if refused:
            self.send_state(refused)

    @traitlets.validate("selected")
    def _valid_selection(self, proposal: Any) -> list[int]:
        picked = proposal["value"]
        if not isinstance(picked, list | tuple) or not self.selectable:
            return []
        size = len(getattr(self, "_shown", ()))
        good = {i for i in picked if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < size}
        return sorted(good)

    @traitlets.validate("sort_by")
    def _valid_order(self, proposal: Any) -> str:
        order = proposal["value"]
        if order in SORT_ORDERS:
            self._order: SortOrder = order
        # During a browser update the trait already holds the proposal, so keep the last good order here.
        return getattr(self, "_order", "dealt")

    @traitlets.observe("sort_by")
    def _resort(self, change: Any) -> None:
        if not hasattr(self, "_dealt"):
            return
        chosen = list(self._selected_pairs(self._shown))
        shown = self._ordered(self._dealt)
        with self.hold_sync():
            self._show(shown)
            self.selected = _indices_of(chosen, shown)

    def _selected_pairs(self, shown: Sequence[Card]) -> list[tuple[Card, int]]:
        """Each selected card with its copy number among equal cards (so two R7s stay apart)."""
        result = []
        for i in self.selected:
            if i < len(shown):
                result.append((shown[i], sum(1 for card in shown[:i] if card == shown[i])))
        return result


def _hand_texts(lang: str) -> dict[str, str]:
    """The words around the hand (sort menu, heading) in ``lang``."""
    t = translator(lang)
    return {
        "sort": t.gettext("Sort the hand"),
        "dealt": t.gettext("As dealt"),
        "number": t.gettext("By number"),
        "colour": t.gettext("By colour"),
        "hand": t.gettext("Your hand"),
        "selected": t.gettext("selected"),
    }


def _indices_of(chosen: Sequence[tuple[Card, int]], shown: Sequence[Card]) -> list[int]:
    """Where the chosen (card, copy number) pairs stand in ``shown``."""
    positions: dict[tuple[Card, int], int] = {}
    seen: dict[Card, int] = {}
    for i, card in enumerate(shown):
        copy = seen.get(card, 0)
        seen[card] = copy + 1
        positions[(card, copy)] = i
    return sorted(positions[pair] for pair in chosen if pair in positions)


class GroupsView(BrowserLocked, anywidget.AnyWidget):
    """A seat's laid groups (``<li class="p10-laid">``, ``aria-label`` ``"p2.1 s[R7 B7 W]"``); groups
    marked as targets are buttons (``.p10-group-target``) whose click calls ``on_pick(key)``, named by what they
    show, then what they do (``"p2.1 7 red 7 blue W Wild = 7: Add W to p2.1"``), their title the latter.

    The browser can change no trait; a click arrives as a message naming a group, accepted only
    when that group is a target at that moment.

    >>> view = GroupsView()
    >>> view.show([("p2.1", Group.parse("s[R7 B7 W]"), "")], empty="none")
    >>> [item["label"] for item in view.items], view.items[0]["target"]
    (['p2.1 s[R7 B7 W]'], False)
    >>> view.show([("p2.1", Group.parse("s[R7 B7 W]"), "Add W to p2.1")], empty="none")
    >>> view.items[0]["name"]
    'p2.1 7 red 7 blue W Wild = 7: Add W to p2.1'
    """

    _esm = _static("groups.js")
    _css = _static("groups.css") + FONTS_CSS
    items = traitlets.List(traitlets.Dict(), read_only=True).tag(sync=True)
    empty = traitlets.Unicode("", read_only=True).tag(sync=True)

    def __init__(self, *, lang: str | None = None, scale: float = 0.45) -> None:
        lang = notebook_lang(lang)
        super().__init__()
        self.lang, self.scale = check_lang(lang), scale
        self.on_pick: Any = None
        self.on_msg(self._picked)

    def show(self, groups: Sequence[tuple[str, Group, str]], *, empty: str) -> None:
        """Show ``(key, group, pick)`` for each group; a non-empty ``pick`` (the button's words) makes it a target."""
        items = [
            {
                "key": key,
                "label": f"{key} {group}",
                "face": group_svg(group, scale=self.scale, lang=self.lang),
                "target": bool(pick),
                "pick": pick,
                # A target's name: what its button shows (the key, the faces' words; WCAG 2.5.3), then what it does.
                "name": f"{key} {group_faces_text(group, self.lang)}: {pick}" if pick else "",
            }
            for key, group, pick in groups
        ]
        with self.hold_sync():
            if self.items != items:
                self.set_trait("items", items)
            if self.empty != empty:
                self.set_trait("empty", empty)

    def _picked(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or set(content) != {"pick"}:
            return
        key = content["pick"]
        targets = {item["key"] for item in self.items if item["target"]}
        if isinstance(key, str) and key in targets and self.on_pick is not None:
            self.on_pick(key)
