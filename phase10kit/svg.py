"""SVG pictures of cards, hands, groups, layouts and phases: pure functions returning text.

Cards are readable without colour: each shows its number (or W / S), its colour's name and a
shape that differs per colour (red circle, blue square, green triangle, yellow diamond), and
carries an ``aria-label`` for screen readers. Nothing here imports Jupyter; values reach these
functions through their ``_repr_svg_`` methods.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from phase10kit.cards import Card, Color
from phase10kit.groups import Group
from phase10kit.phases import GroupKind, Phase
from phase10kit.solver import Layout

CARD_WIDTH, CARD_HEIGHT, GAP = 60, 90, 6
FILL = {Color.RED: "#d62728", Color.BLUE: "#1f5fbf", Color.GREEN: "#2a8a3e", Color.YELLOW: "#e0b000"}
INK = {Color.RED: "#ffffff", Color.BLUE: "#ffffff", Color.GREEN: "#ffffff", Color.YELLOW: "#1a1a1a"}
SHAPE = {
    Color.RED: '<circle cx="30" cy="70" r="6" fill="{ink}"/>',
    Color.BLUE: '<rect x="24" y="64" width="12" height="12" fill="{ink}"/>',
    Color.GREEN: '<polygon points="30,63 37,76 23,76" fill="{ink}"/>',
    Color.YELLOW: '<polygon points="30,62 38,70 30,78 22,70" fill="{ink}"/>',
}


def card_label(card: Card) -> str:
    """What a screen reader says: ``"R7: red 7"``, ``"W: Wild"``, ``"S: Skip"``."""
    if card.is_wild:
        return "W: Wild"
    if card.is_skip:
        return "S: Skip"
    assert card.color is not None
    return f"{card}: {card.color.label} {card.number}"


def _card_body(card: Card, caption: str = "") -> str:
    """The drawing of one card in a 60x90 box at the origin (no outer <svg>)."""
    if card.is_number:
        assert card.color is not None
        fill, ink = FILL[card.color], INK[card.color]
        big, small, shape = str(card.number), card.color.label, SHAPE[card.color].format(ink=ink)
    elif card.is_wild:
        fill, ink, big, small, shape = "#222222", "#ffffff", "W", "Wild", ""
        shape = '<path d="M18,66 h24 M30,60 v14" stroke="#ffffff" stroke-width="3"/>'
    else:
        fill, ink, big, small = "#6b6b6b", "#ffffff", "S", "Skip"
        shape = '<circle cx="30" cy="70" r="7" fill="none" stroke="#ffffff" stroke-width="2"/>'
        shape += '<path d="M25,75 L35,65" stroke="#ffffff" stroke-width="2"/>'
    parts = [
        f'<rect x="1" y="1" width="58" height="88" rx="7" fill="{fill}" stroke="#111111" stroke-width="2"/>',
        f'<text x="30" y="40" font-family="sans-serif" font-size="28" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}">{escape(big)}</text>',
        f'<text x="30" y="55" font-family="sans-serif" font-size="11" text-anchor="middle" '
        f'fill="{ink}">{escape(small)}</text>',
        shape,
    ]
    if caption:
        parts.append(
            f'<text x="30" y="86" font-family="sans-serif" font-size="10" text-anchor="middle" '
            f'fill="{ink}">{escape(caption)}</text>'
        )
    return "".join(parts)


def _svg(width: float, height: float, body: str, label: str, scale: float = 1.0) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(label)}" '
        f'width="{width * scale:g}" height="{height * scale:g}" viewBox="0 0 {width:g} {height:g}">'
        f"<title>{escape(label)}</title>{body}</svg>"
    )


def card_svg(card: Card, *, scale: float = 1.0) -> str:
    """One card as an SVG document.

    >>> 'aria-label="R7: red 7"' in card_svg(Card.parse("R7"))
    True
    """
    return _svg(CARD_WIDTH, CARD_HEIGHT, _card_body(card), card_label(card), scale)


def face_down_svg(*, scale: float = 1.0) -> str:
    """The back of a card: what an opponent's card or the draw pile looks like."""
    body = (
        '<rect x="1" y="1" width="58" height="88" rx="7" fill="#3b2a6b" stroke="#111111" stroke-width="2"/>'
        '<rect x="8" y="8" width="44" height="74" rx="4" fill="none" stroke="#c9b8ff" stroke-width="2"/>'
        '<text x="30" y="52" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#c9b8ff">10</text>'
    )
    return _svg(CARD_WIDTH, CARD_HEIGHT, body, "face-down card", scale)


def _row(bodies: Sequence[str], label: str, scale: float) -> str:
    step = CARD_WIDTH + GAP
    width = max(len(bodies) * step - GAP, 1)
    placed = "".join(f'<g transform="translate({i * step},0)">{body}</g>' for i, body in enumerate(bodies))
    return _svg(width, CARD_HEIGHT, placed, label, scale)


def cards_svg(cards: Sequence[Card], *, scale: float = 1.0) -> str:
    """A row of cards, for a hand or any list of cards.

    >>> from phase10kit.cards import parse_cards
    >>> cards_svg(parse_cards("R7 W")).count("<rect")
    2
    """
    label = "cards: " + (", ".join(card_label(card) for card in cards) or "none")
    return _row([_card_body(card) for card in cards], label, scale)


def _wild_caption(group: Group, value: object) -> str:
    if isinstance(value, Color):
        return f"= {value.label}"
    return f"= {value}"


def group_svg(group: Group, *, scale: float = 1.0) -> str:
    """A laid group with each Wild's pinned value written on it (``= 5``, ``= blue``)."""
    bodies = [
        _card_body(card, _wild_caption(group, value) if card.is_wild else "")
        for card, value in zip(group.cards, group.values(), strict=True)
    ]
    return _row(bodies, f"{_kind_word(group.kind)} {group}", scale)


def layout_svg(layout: Layout, *, scale: float = 1.0) -> str:
    """The groups of a layout side by side, a wider gap between groups."""
    step = CARD_WIDTH + GAP
    x, parts = 0, []
    for group in layout.groups:
        for card, value in zip(group.cards, group.values(), strict=True):
            caption = _wild_caption(group, value) if card.is_wild else ""
            parts.append(f'<g transform="translate({x},0)">{_card_body(card, caption)}</g>')
            x += step
        x += 3 * GAP
    return _svg(max(x - 4 * GAP, 1), CARD_HEIGHT, "".join(parts), f"layout {layout}", scale)


def phase_svg(phase: Phase, *, scale: float = 1.0) -> str:
    """A phase as outlined boxes, one per group, each with its size and kind."""
    x, parts = 0, []
    for spec in phase.groups:
        width = 70 + 8 * spec.size
        parts.append(
            f'<g transform="translate({x},0)"><rect x="1" y="1" width="{width - 2}" height="58" rx="8" '
            f'fill="#f4f1ff" stroke="#3b2a6b" stroke-width="2" stroke-dasharray="6 3"/>'
            f'<text x="{width / 2:g}" y="27" font-family="sans-serif" font-size="18" font-weight="bold" '
            f'text-anchor="middle" fill="#1a1a1a">{escape(str(spec))}</text>'
            f'<text x="{width / 2:g}" y="47" font-family="sans-serif" font-size="12" text-anchor="middle" '
            f'fill="#1a1a1a">{escape(spec.name)}</text></g>'
        )
        x += width + 10
    return _svg(max(x - 10, 1), 60, "".join(parts), f"phase {phase}: {phase.name}", scale)


def _kind_word(kind: GroupKind) -> str:
    return {GroupKind.SET: "set", GroupKind.RUN: "run", GroupKind.COLOR: "colour group"}[kind]
