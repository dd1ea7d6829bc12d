"""The table seen by one player as SVG: their hand face up, opponents' hands face down, groups and piles.

Reads only what one player sees (a ``PlayerView``), so it can never show what that player may not see.
It asks for that view by its shape (``TableSight``), not by importing ``PlayerView``: the view draws itself
with this module (``PlayerView._repr_svg_``), so the import runs one way, from the engine's view down to here.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Protocol

from phase10kit.cards import Card
from phase10kit.fonts import FONT_FAMILY
from phase10kit.groups import Group
from phase10kit.i18n import translator
from phase10kit.phases import Phase
from phase10kit.svg import CARD_HEIGHT, cards_svg, face_down_svg, group_svg

__all__ = ["TableSight", "table_svg"]


class TableSight(Protocol):
    """The fields of ``phase10kit.engine.view.PlayerView`` the picture reads (every one a player may see)."""

    @property
    def player(self) -> int: ...
    @property
    def hand(self) -> Sequence[Card]: ...
    @property
    def melds(self) -> Sequence[Sequence[Group]]: ...
    @property
    def discard_pile(self) -> Sequence[Card]: ...
    @property
    def hand_sizes(self) -> Sequence[int]: ...
    @property
    def deck_size(self) -> int: ...
    @property
    def phases(self) -> Sequence[int]: ...
    @property
    def current_phases(self) -> Sequence[Phase | None]: ...
    @property
    def scores(self) -> Sequence[int]: ...
    @property
    def skipped(self) -> Sequence[bool]: ...
    @property
    def round(self) -> int: ...
    @property
    def current_player(self) -> int: ...
    @property
    def stage(self) -> str: ...
    @property
    def over(self) -> bool: ...


_SCALE = 0.5
_ROW = CARD_HEIGHT * _SCALE + 28


def _place(svg: str, x: float, y: float) -> str:
    return f'<g transform="translate({x:g},{y:g})">{svg}</g>'


def _text(x: float, y: float, text: str, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return f'<text x="{x:g}" y="{y:g}" font-size="13"{weight}>{escape(text)}</text>'


def table_svg(view: TableSight, *, lang: str = "en") -> str:
    """The table as ``view.player`` sees it, one row per player and the piles on top, labelled in ``lang``.

    >>> from phase10kit.game import Game
    >>> svg = table_svg(Game(players=2, seed=1).view(0))
    >>> svg.startswith("<svg") and svg.count("face-down card") >= 10
    True
    """
    t = translator(lang)
    parts = []
    top = view.discard_pile[-1:]
    if view.over:
        status = t.gettext("game over")
    elif view.stage == "draw":
        status = t.gettext("round {round}: p{player} to draw").format(round=view.round, player=view.current_player + 1)
    else:
        status = t.gettext("round {round}: p{player} to play").format(round=view.round, player=view.current_player + 1)
    title = t.gettext("Phase 10, seen by p{player}").format(player=view.player + 1)
    parts.append(_text(4, 16, f"{title} — {status}", bold=True))
    parts.append(_place(face_down_svg(scale=_SCALE, lang=lang), 4, 24))
    pile = t.ngettext("draw pile: {count} card", "draw pile: {count} cards", view.deck_size)
    parts.append(_text(40, 24 + CARD_HEIGHT * _SCALE + 14, pile.format(count=view.deck_size)))
    if top:
        parts.append(_place(cards_svg(top, scale=_SCALE, lang=lang), 40, 24))
    y = 24 + _ROW + 10
    width = 600.0
    for seat in range(len(view.hand_sizes)):
        phase = view.current_phases[seat]
        label = t.ngettext(
            "p{player}: phase {number} ({phase}), {score} point",
            "p{player}: phase {number} ({phase}), {score} points",
            view.scores[seat],
        ).format(
            player=seat + 1,
            number=view.phases[seat],
            phase=phase if phase is not None else t.gettext("to choose"),
            score=view.scores[seat],
        )
        if view.skipped[seat]:
            label += t.gettext(", skipped next turn")
        parts.append(_text(4, y + 12, label, bold=seat == view.current_player))
        if seat == view.player:
            hand_svg = cards_svg(view.hand, scale=_SCALE, lang=lang)
        else:
            backs = "".join(
                _place(face_down_svg(scale=_SCALE, lang=lang), i * 33, 0) for i in range(view.hand_sizes[seat])
            )
            hand_svg = backs
        parts.append(_place(hand_svg, 4, y + 18))
        x = 4 + 33 * max(view.hand_sizes[seat], 1) + 20
        if view.melds[seat]:
            # A rule between the cards held and the groups laid: a student must never read one as the other.
            height = CARD_HEIGHT * _SCALE
            parts.append(
                f'<line x1="{x - 10:g}" y1="{y + 16:g}" x2="{x - 10:g}" y2="{y + 20 + height:g}" '
                'stroke="#888" stroke-width="2" stroke-dasharray="4 3"/>'
            )
            x += 10
        for group in view.melds[seat]:
            parts.append(_place(group_svg(group, scale=_SCALE, lang=lang), x, y + 18))
            x += 33 * len(group.cards) + 12
        width = max(width, x)
        y += _ROW + 12
    body = "".join(parts)
    name = escape(t.gettext("Phase 10 table"))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{name}" font-family="{FONT_FAMILY}" '
        f'width="{width:g}" '
        f'height="{y:g}" viewBox="0 0 {width:g} {y:g}"><title>{name}</title>{body}</svg>'
    )
