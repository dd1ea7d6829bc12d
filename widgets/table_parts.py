"""The pieces of the playable table: browser-safe controls and the HTML of each area.

Every function here reads a ``PlayerView`` (what the human may see), never the ``Game``, so the
pictures cannot show an opponent's cards or the draw pile's order. All text is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets
import traitlets

from phase10kit.actions import Action, Discard, Draw, Hit, Lay, Take
from phase10kit.explain import phase_name
from phase10kit.game import PlayerView
from phase10kit.i18n import translator
from phase10kit.svg import card_svg, face_down_svg, group_svg
from widgets._safety import N_, BrowserLocked
from widgets.cards import card_label

BOT_LEVELS: dict[str, str] = {"random": N_("Random bot"), "greedy": N_("Greedy bot"), "smart": N_("Smart bot")}
"""The bot levels a seat can have, with their shown names (msgids)."""


class TableButton(BrowserLocked, ipywidgets.Button):  # type: ignore[misc]
    """A button whose state the browser cannot change (only its clicks arrive, as messages)."""


class LockedRow(BrowserLocked, ipywidgets.HBox):  # type: ignore[misc]
    """A row of widgets whose children the browser cannot change."""


class SafeDropdown(BrowserLocked, ipywidgets.Dropdown):  # type: ignore[misc]
    """A dropdown the browser may change only by ``index``; an out-of-range index is refused, not raised."""

    browser_writable = frozenset({"index"})

    def set_state(self, sync_data: dict[str, Any]) -> None:
        index = sync_data.get("index")
        size = len(self.options)
        if "index" in sync_data and not (
            index is None or (isinstance(index, int) and not isinstance(index, bool) and 0 <= index < size)
        ):
            sync_data = {key: value for key, value in sync_data.items() if key != "index"}
            self.send_state(["index"])
        try:
            super().set_state(sync_data)
        except (traitlets.TraitError, ValueError, TypeError):
            self.send_state(list(sync_data))


def seat_name(seat: int, human: int, lang: str = "en") -> str:
    """``"p1 (you)"`` for the human, ``"p2"`` for the others.

    >>> seat_name(0, 0), seat_name(2, 0)
    ('p1 (you)', 'p3')
    """
    if seat == human:
        return translator(lang).gettext("p{number} (you)").format(number=seat + 1)
    return f"p{seat + 1}"


def phase_text(view: PlayerView, seat: int, lang: str = "en") -> str:
    """``"Phase 3: 1 set of 4 + 1 run of 4"`` for a seat (or the tie-break phase, or a choice)."""
    t = translator(lang)
    phase = view.current_phases[seat]
    if view.tiebreak:
        if phase is None:  # sitting out, or already laid down (which ends the game)
            return t.gettext("Tie-break hand")
        return t.gettext("Tie-break phase: {name}").format(name=phase_name(phase, lang))
    if phase is None:
        return t.gettext("Phase {number}: any phase not yet made").format(number=view.phases[seat])
    number = view.laid[seat] if view.laid[seat] is not None else view.phases[seat]
    return t.gettext("Phase {number}: {name}").format(number=number, name=phase_name(phase, lang))


def groups_html(view: PlayerView, seat: int, lang: str = "en") -> str:
    """A seat's laid groups, numbered as in the notation (``p2.1``), or a sentence saying there are none."""
    t = translator(lang)
    groups = view.melds[seat]
    if not groups:
        none = t.gettext("No phase laid down yet.")
        return f'<div class="p10-groups">{escape(none)}</div>'
    items = "".join(
        f'<li class="p10-laid" aria-label="{escape(f"p{seat + 1}.{i + 1} {group}")}">'
        f"<span>{escape(f'p{seat + 1}.{i + 1}')}</span> {group_svg(group, scale=0.45, lang=lang)}</li>"
        for i, group in enumerate(groups)
    )
    return f'<ul class="p10-groups" style="list-style:none;padding:0;margin:0">{items}</ul>'


def seat_summary(view: PlayerView, seat: int, human: int, bot_name: str, lang: str = "en") -> str:
    """One line about a seat: turn mark, name, phase, score, cards in hand, a skip mark (all in words)."""
    t = translator(lang)
    parts = [seat_name(seat, human, lang)]
    if bot_name:
        parts.append(bot_name)
    parts.append(phase_text(view, seat, lang))
    parts.append(t.ngettext("{count} point", "{count} points", view.scores[seat]).format(count=view.scores[seat]))
    size = view.hand_sizes[seat]
    parts.append(t.ngettext("{count} card in hand", "{count} cards in hand", size).format(count=size))
    if view.laid[seat] is not None:
        parts.append(t.gettext("phase laid down"))
    if view.skipped[seat]:
        parts.append(t.gettext("loses their next turn"))
    if seat not in view.active:
        parts.append(t.gettext("sits out the tie-break"))
    mark = ""
    if seat == view.current_player and not view.over:
        mark = "▶ " + t.gettext("to play") + " — "
    return mark + " · ".join(parts)


def opponent_html(view: PlayerView, seat: int, human: int, bot_name: str, lang: str = "en") -> str:
    """An opponent's box: summary line, face-down cards (only their count) and laid groups."""
    t = translator(lang)
    summary = seat_summary(view, seat, human, bot_name, lang)
    size = view.hand_sizes[seat]
    backs_label = t.ngettext("{count} face-down card", "{count} face-down cards", size).format(count=size)
    back = face_down_svg(scale=0.3, lang=lang)
    backs = "".join(
        f'<span style="display:inline-block;margin-left:{-12 if i else 0}px">{back}</span>' for i in range(size)
    )
    current = seat == view.current_player and not view.over
    border = "3px solid #111" if current else "1px solid #888"
    return (
        f'<section aria-label="{escape(summary)}" style="border:{border};border-radius:8px;padding:6px">'
        f"<div><strong>{escape(summary)}</strong></div>"
        f'<div role="img" aria-label="{escape(backs_label)}" title="{escape(backs_label)}">{backs}</div>'
        f"{groups_html(view, seat, lang)}</section>"
    )


def piles_html(view: PlayerView, lang: str = "en") -> str:
    """The draw pile (its size only) and the top of the discard pile."""
    t = translator(lang)
    draw = t.ngettext("Draw pile: {count} card", "Draw pile: {count} cards", view.deck_size).format(
        count=view.deck_size
    )
    if view.discard_pile:
        top = view.discard_pile[-1]
        label = t.gettext("Top of the discard pile: {card}").format(card=card_label(top, lang))
        picture = card_svg(top, scale=0.6, lang=lang)
    else:
        label = t.gettext("The discard pile is empty.")
        picture = ""
    back = face_down_svg(scale=0.6, lang=lang)
    return (
        f'<div style="display:flex;gap:16px;align-items:center">'
        f'<div role="img" aria-label="{escape(draw)}">{back}<div>{escape(draw)}</div></div>'
        f'<div role="img" aria-label="{escape(label)}" title="{escape(label)}">{picture}'
        f"<div>{escape(label)}</div></div></div>"
    )


def mine_html(view: PlayerView, lang: str = "en") -> str:
    """The human's own line and laid groups."""
    summary = seat_summary(view, view.player, view.player, "", lang)
    return f"<div><strong>{escape(summary)}</strong></div>{groups_html(view, view.player, lang)}"


def describe_action(action: Action, human: int, lang: str = "en") -> str:
    """A public sentence about an action: a drawn card is named only for the human's own draw (by the caller).

    >>> from phase10kit.cards import Card
    >>> describe_action(Discard(1, Card.parse("S"), 2), 0)
    'p2 discards S and skips p3.'
    """
    t = translator(lang)
    who = seat_name(action.player, human, lang)
    if isinstance(action, Draw):
        return t.gettext("{who} draws a card.").format(who=who)
    if isinstance(action, Take):
        return t.gettext("{who} takes the top discard.").format(who=who)
    if isinstance(action, Lay):
        groups = " ".join(str(group) for group in action.groups)
        return t.gettext("{who} lays down {groups}.").format(who=who, groups=groups)
    if isinstance(action, Hit):
        end = f" ({action.end})" if action.end else ""
        target = f"p{action.target + 1}.{action.group + 1}"
        return t.gettext("{who} adds {card} to {target}{end}.").format(
            who=who, card=action.card, target=target, end=end
        )
    if isinstance(action, Discard) and action.target is not None:
        return t.gettext("{who} discards {card} and skips p{target}.").format(
            who=who, card=action.card, target=action.target + 1
        )
    return t.gettext("{who} discards {card}.").format(who=who, card=action.card)


def log_html(entries: Sequence[str], lang: str = "en", *, limit: int = 200) -> str:
    """The action log, newest first, as a list a screen reader can follow."""
    t = translator(lang)
    shown = list(reversed(entries[-limit:]))
    items = "".join(f"<li>{escape(entry)}</li>" for entry in shown)
    heading = escape(t.gettext("What happened (newest first)"))
    return (
        f'<div role="log" aria-live="polite" aria-label="{heading}"><strong>{heading}</strong>'
        f'<ol reversed style="max-height:12em;overflow-y:auto;margin:0">{items}</ol></div>'
    )


def scoring_html(rows: Sequence[tuple[str, int, int, bool]], heading: str, lang: str = "en") -> str:
    """The scoring of a hand: (player, points this hand, total, made their phase) per row."""
    t = translator(lang)
    head = "".join(
        f"<th scope='col'>{escape(text)}</th>"
        for text in (t.gettext("Player"), t.gettext("Points this hand"), t.gettext("Total"), t.gettext("Phase made"))
    )
    yes, no = t.gettext("yes"), t.gettext("no")
    body = "".join(
        f"<tr><th scope='row'>{escape(name)}</th><td>{gained}</td><td>{total}</td>"
        f"<td>{escape(yes if made else no)}</td></tr>"
        for name, gained, total, made in rows
    )
    return f"<table><caption>{escape(heading)}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
