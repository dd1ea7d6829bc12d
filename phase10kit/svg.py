"""SVG pictures of cards, hands, groups, layouts and phases: pure functions returning text.

Cards are readable without colour: each shows its number (or W / S), its colour's name and a
shape that differs per colour (red circle, blue square, green triangle, yellow diamond), and
carries an ``aria-label`` for screen readers. Nothing here imports Jupyter; values reach these
functions through their ``_repr_svg_`` methods, which ask the drawings this module registers when
imported (``phase10kit._pictures`` says why the values never import it).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from phase10kit._pictures import draws
from phase10kit.cards import Card, Color
from phase10kit.explain import color_name, group_kind_name
from phase10kit.fonts import FONT_FAMILY
from phase10kit.groups import Group, Layout
from phase10kit.i18n import translator
from phase10kit.phases import Phase, phase_name, spec_name

__all__ = [
    "card_label",
    "card_svg",
    "card_word",
    "cards_svg",
    "face_down_svg",
    "faces_text",
    "group_faces_text",
    "group_svg",
    "layout_svg",
    "phase_svg",
]

CARD_WIDTH, CARD_HEIGHT, GAP = 60, 90, 6
FILL = {Color.RED: "#d62728", Color.BLUE: "#1f5fbf", Color.GREEN: "#2a8a3e", Color.YELLOW: "#e0b000"}
INK = {Color.RED: "#ffffff", Color.BLUE: "#ffffff", Color.GREEN: "#ffffff", Color.YELLOW: "#1a1a1a"}
SHAPE = {
    Color.RED: '<circle cx="30" cy="70" r="6" fill="{ink}"/>',
    Color.BLUE: '<rect x="24" y="64" width="12" height="12" fill="{ink}"/>',
    Color.GREEN: '<polygon points="30,63 37,76 23,76" fill="{ink}"/>',
    Color.YELLOW: '<polygon points="30,62 38,70 30,78 22,70" fill="{ink}"/>',
}


def card_label(card: Card, lang: str = "en") -> str:
    """What a screen reader says, in ``lang``: the words the face shows, in their order, then the notation.

    A card's name contains what is seen on it (WCAG 2.5.3, so that a voice-control user can say "7 red" to pick
    it): its number or letter, then its word. A numbered card's notation follows in brackets; a Wild's and a
    Skip's letter is their notation already.

    >>> card_label(Card.parse("R7")), card_label(Card.parse("W")), card_label(Card.parse("S"), "uk")
    ('7 red (R7)', 'W: Wild', 'S: Пропуск')
    """
    if card.is_number:
        return f"{faces_text([card], lang=lang)} ({card})"
    return f"{card}: {card_word(card, lang)}"


def card_word(card: Card, lang: str = "en") -> str:
    """The word written small on a card's face: its colour's name, ``"Wild"`` or ``"Skip"`` in ``lang``."""
    t = translator(lang)
    if card.is_wild:
        return t.gettext("Wild")
    if card.is_skip:
        return t.gettext("Skip")
    assert card.color is not None
    return color_name(card.color, lang)


def _big(card: Card) -> str:
    """The big text of a card's face: its number, or ``W`` / ``S``."""
    return str(card.number) if card.is_number else str(card)


def faces_text(cards: Sequence[Card], captions: Sequence[str] = (), lang: str = "en") -> str:
    """The words a row of card faces shows, in the order drawn: each card's number or letter, its word, and its
    caption (a Wild's pinned value, ``= 5``) when ``captions`` gives one. A control showing the faces has this in
    its name, so that its name contains what is seen (WCAG 2.5.3).

    >>> from phase10kit.cards import parse_cards
    >>> faces_text(parse_cards("R7 W")), faces_text(parse_cards("B3 W"), ["", "= 3"], "cs")
    ('7 red W Wild', '3 modrá W Žolík = 3')
    """
    words: list[str] = []
    padded = [*captions, *[""] * (len(cards) - len(captions))]
    for card, caption in zip(cards, padded, strict=True):
        words += [_big(card), card_word(card, lang)] + ([caption] if caption else [])
    return " ".join(words)


def group_faces_text(group: Group, lang: str = "en") -> str:
    """The words ``group_svg`` draws for ``group`` (``faces_text`` with the Wilds' pinned values).

    >>> from phase10kit.groups import Group
    >>> group_faces_text(Group.parse("r[G3 G4 W]"))
    '3 green 4 green W Wild = 5'
    """
    return faces_text(group.cards, _group_captions(group, lang), lang)


def _group_captions(group: Group, lang: str) -> list[str]:
    return [
        _wild_caption(value, lang) if card.is_wild else ""
        for card, value in zip(group.cards, group.values(), strict=True)
    ]


def _fitted(text: str, size: float, width: float) -> str:
    """A font-size attribute small enough for ``text`` to fit ``width`` (long words in some languages)."""
    fitted = min(size, width / max(len(text) * 0.6, 1))
    return f"{fitted:.3g}"


def _card_body(card: Card, caption: str = "", lang: str = "en") -> str:
    """The drawing of one card in a 60x90 box at the origin (no outer <svg>).

    The number or letter (W, S) and the shape are the same in every language; the word is in ``lang``. A space
    stands between the texts (and between the cards of a row), so that the page's text reads "7 red" (as
    ``card_label`` begins), not "7red".
    """
    small, big = card_word(card, lang), _big(card)
    if card.is_number:
        assert card.color is not None
        fill, ink = FILL[card.color], INK[card.color]
        shape = SHAPE[card.color].format(ink=ink)
    elif card.is_wild:
        fill, ink = "#222222", "#ffffff"
        shape = '<path d="M18,66 h24 M30,60 v14" stroke="#ffffff" stroke-width="3"/>'
    else:
        fill, ink = "#6b6b6b", "#ffffff"
        shape = '<circle cx="30" cy="70" r="7" fill="none" stroke="#ffffff" stroke-width="2"/>'
        shape += '<path d="M25,75 L35,65" stroke="#ffffff" stroke-width="2"/>'
    parts = [
        f'<rect x="1" y="1" width="58" height="88" rx="7" fill="{fill}" stroke="#111111" stroke-width="2"/>',
        f'<text x="30" y="40" font-size="28" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}">{escape(big)}</text> ',
        f'<text x="30" y="55" font-size="{_fitted(small, 11, 54)}" text-anchor="middle" '
        f'fill="{ink}">{escape(small)}</text>',
        shape,
    ]
    if caption:
        parts.append(
            f' <text x="30" y="86" font-size="{_fitted(caption, 10, 54)}" '
            f'text-anchor="middle" fill="{ink}">{escape(caption)}</text>'
        )
    return "".join(parts)


def _svg(width: float, height: float, body: str, label: str, scale: float = 1.0) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(label)}" font-family="{FONT_FAMILY}" '
        f'width="{width * scale:g}" height="{height * scale:g}" viewBox="0 0 {width:g} {height:g}">'
        f"<title>{escape(label)}</title>{body}</svg>"
    )


def card_svg(card: Card, *, scale: float = 1.0, lang: str = "en") -> str:
    """One card as an SVG document, its word and label in ``lang``.

    >>> 'aria-label="7 red (R7)"' in card_svg(Card.parse("R7")), ">빨강<" in card_svg(Card.parse("R7"), lang="ko")
    (True, True)
    """
    return _svg(CARD_WIDTH, CARD_HEIGHT, _card_body(card, lang=lang), card_label(card, lang), scale)


def face_down_svg(*, scale: float = 1.0, lang: str = "en") -> str:
    """The back of a card: what an opponent's card or the draw pile looks like."""
    body = (
        '<rect x="1" y="1" width="58" height="88" rx="7" fill="#3b2a6b" stroke="#111111" stroke-width="2"/>'
        '<rect x="8" y="8" width="44" height="74" rx="4" fill="none" stroke="#c9b8ff" stroke-width="2"/>'
        '<text x="30" y="52" font-size="14" text-anchor="middle" fill="#c9b8ff">10</text>'
    )
    return _svg(CARD_WIDTH, CARD_HEIGHT, body, translator(lang).gettext("face-down card"), scale)


def _row(bodies: Sequence[str], label: str, scale: float) -> str:
    step = CARD_WIDTH + GAP
    width = max(len(bodies) * step - GAP, 1)
    placed = " ".join(f'<g transform="translate({i * step},0)">{body}</g>' for i, body in enumerate(bodies))
    return _svg(width, CARD_HEIGHT, placed, label, scale)


def cards_svg(cards: Sequence[Card], *, scale: float = 1.0, lang: str = "en") -> str:
    """A row of cards, for a hand or any list of cards.

    >>> from phase10kit.cards import parse_cards
    >>> cards_svg(parse_cards("R7 W")).count("<rect")
    2
    """
    t = translator(lang)
    listed = ", ".join(card_label(card, lang) for card in cards) or t.gettext("none")
    label = t.gettext("cards: {cards}").format(cards=listed)
    return _row([_card_body(card, lang=lang) for card in cards], label, scale)


def _wild_caption(value: object, lang: str) -> str:
    if isinstance(value, Color):
        return f"= {color_name(value, lang)}"
    return f"= {value}"


def group_svg(group: Group, *, scale: float = 1.0, lang: str = "en") -> str:
    """A laid group with each Wild's pinned value written on it (``= 5``, ``= blue``).

    >>> from phase10kit.groups import Group
    >>> "= modrá" in group_svg(Group.parse("c[B3 W]"), lang="cs")
    True
    """
    bodies = [
        _card_body(card, caption, lang) for card, caption in zip(group.cards, _group_captions(group, lang), strict=True)
    ]
    return _row(bodies, f"{group_kind_name(group.kind, lang)} {group}", scale)


def layout_svg(layout: Layout, *, scale: float = 1.0, lang: str = "en") -> str:
    """The groups of a layout side by side, a wider gap between groups."""
    step = CARD_WIDTH + GAP
    x, parts = 0, []
    for group in layout.groups:
        for card, value in zip(group.cards, group.values(), strict=True):
            caption = _wild_caption(value, lang) if card.is_wild else ""
            parts.append(f'<g transform="translate({x},0)">{_card_body(card, caption, lang)}</g>')
            x += step
        x += 3 * GAP
    label = translator(lang).gettext("layout {layout}").format(layout=layout)
    return _svg(max(x - 4 * GAP, 1), CARD_HEIGHT, " ".join(parts), label, scale)


def phase_svg(phase: Phase, *, scale: float = 1.0, lang: str = "en") -> str:
    """A phase as outlined boxes, one per group, each with its size and kind."""
    x, parts = 0, []
    for spec in phase.groups:
        width = 70 + 8 * spec.size
        parts.append(
            f'<g transform="translate({x},0)"><rect x="1" y="1" width="{width - 2}" height="58" rx="8" '
            f'fill="#f4f1ff" stroke="#3b2a6b" stroke-width="2" stroke-dasharray="6 3"/>'
            f'<text x="{width / 2:g}" y="27" font-size="18" font-weight="bold" '
            f'text-anchor="middle" fill="#1a1a1a">{escape(str(spec))}</text>'
            f'<text x="{width / 2:g}" y="47" font-size="12" text-anchor="middle" '
            f'fill="#1a1a1a">{escape(spec_name(spec, lang))}</text></g>'
        )
        x += width + 10
    label = translator(lang).gettext("phase {code}: {name}").format(code=phase, name=phase_name(phase, lang))
    return _svg(max(x - 10, 1), 60, "".join(parts), label, scale)


# Each value's picture in Jupyter (its ``_repr_svg_``): the drawings above with their defaults.
draws(Card, card_svg)
draws(Group, group_svg)
draws(Layout, layout_svg)
draws(Phase, phase_svg)
