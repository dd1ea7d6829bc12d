"""The pieces of the playable table: browser-safe controls and the HTML of each area.

Every function here reads a ``PlayerView`` (what the screen may show) or the session's public
records (summaries, the score sheet), never the ``Game``, so the pictures cannot show an opponent's
cards or the draw pile's order. ``you`` is the seat looking at the screen (None behind a cover
screen). All text is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from importlib.resources import files
from typing import Any

import ipywidgets

from phase10kit.actions import group_notation, seat_notation
from phase10kit.cards import Card, Color, excess_over_deck
from phase10kit.explain import phase_name
from phase10kit.game import PlayerView
from phase10kit.hints import hint
from phase10kit.i18n import translator
from phase10kit.phases import GroupKind, Phase
from phase10kit.rules import RULE_OPTIONS, Rules
from phase10kit.solver import Layout, find_layout
from phase10kit.svg import card_svg, cards_svg, face_down_svg, group_svg, layout_svg
from widgets._safety import FONTS_CSS, N_, BrowserLocked, LockedButton, LockedColumn, LockedRow, SafeDropdown
from widgets.cards import card_label
from widgets.session_records import HandSummary
from widgets.session_text import seat_name

__all__ = [
    "DISCARDS_SHOWN",
    "TABLE_CSS",
    "LockedColumn",
    "LockedRow",
    "SafeCheckbox",
    "SafeDropdown",
    "TableButton",
    "cover_html",
    "example_layout",
    "groups_html",
    "hint_html",
    "log_html",
    "mine_html",
    "opponent_html",
    "phase_reminder_html",
    "phase_text",
    "piles_html",
    "rules_html",
    "score_sheet_html",
    "seat_summary",
    "summary_html",
    "title_html",
    "turn_html",
]


class TableButton(LockedButton):
    """A button whose state the browser cannot change (only its clicks arrive, as messages)."""


class SafeCheckbox(BrowserLocked, ipywidgets.Checkbox):  # type: ignore[misc]
    """A checkbox the browser may only tick or untick (a value that is not true or false is sent back)."""

    browser_writable = frozenset({"value"})

    def set_state(self, sync_data: dict[str, Any]) -> None:
        if "value" in sync_data and not isinstance(sync_data["value"], bool):
            sync_data = {key: value for key, value in sync_data.items() if key != "value"}
            self.send_state(["value"])
        super().set_state(sync_data)


# ---------------------------------------------------------------------------------------------- seats


def phase_text(view: PlayerView, seat: int, lang: str = "en") -> str:
    """``"Phase 3: 1 set of 4 + 1 run of 4"`` for a seat (or the tie-break phase, or a choice)."""
    t = translator(lang)
    phase = view.current_phases[seat]
    if view.tiebreak:
        if phase is None:  # sitting out, or already laid down (which ends the game)
            return t.gettext("Tie-break round")
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
        f'<li class="p10-laid" aria-label="{escape(f"{group_notation(seat, i)} {group}")}">'
        f"<span>{escape(f'{group_notation(seat, i)}')}</span> {group_svg(group, scale=0.45, lang=lang)}</li>"
        for i, group in enumerate(groups)
    )
    return f'<ul class="p10-groups" style="list-style:none;padding:0;margin:0">{items}</ul>'


def seat_summary(view: PlayerView, seat: int, you: int | None, bot_name: str, lang: str = "en") -> str:
    """One line about a seat: turn mark, name, phase, score, cards in hand, a skip mark (all in words)."""
    t = translator(lang)
    parts = [seat_name(seat, you, lang)]
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


def opponent_html(view: PlayerView, seat: int, you: int | None, bot_name: str, lang: str = "en") -> str:
    """A seat seen from outside: its facts, one per line, and face-down cards (only their count).

    The seat to play is tinted and its text starts with "▶ to play"; its laid groups are a
    ``GroupsView`` beside it (they can be hit targets).
    """
    t = translator(lang)
    summary = seat_summary(view, seat, you, bot_name, lang)
    size = view.hand_sizes[seat]
    backs_label = t.ngettext("{count} face-down card", "{count} face-down cards", size).format(count=size)
    back = face_down_svg(scale=0.3, lang=lang)
    backs = "".join(
        f'<span style="display:inline-block;margin-left:{-14 if i else 0}px">{back}</span>' for i in range(size)
    )
    acting = seat == view.current_player and not view.over
    css = "p10-seat p10-acting" if acting else "p10-seat"
    # The same facts as the summary, one per line, so a seat's box stays narrow.
    name = " · ".join(part for part in (seat_name(seat, you, lang), bot_name) if part)
    lines = [f"<strong>{escape(name)}</strong>", escape(phase_text(view, seat, lang))]
    facts = [t.ngettext("{count} point", "{count} points", view.scores[seat]).format(count=view.scores[seat])]
    if view.skipped[seat]:
        facts.append(t.gettext("loses their next turn"))
    if seat not in view.active:
        facts.append(t.gettext("sits out the tie-break"))
    lines.append(escape(" · ".join(facts)))
    if acting:
        lines.insert(0, f'<span class="p10-to-play">{escape("▶ " + t.gettext("to play"))}</span>')
    return (
        f'<section class="{css}" aria-label="{escape(summary)}" aria-current="{"true" if acting else "false"}">'
        f'<div aria-hidden="true">{"<br>".join(lines)}</div>'
        f'<div role="img" aria-label="{escape(backs_label)}" title="{escape(backs_label)}">{backs} '
        f"{escape(backs_label)}</div></section>"
    )


DISCARDS_SHOWN = 5
"""How many cards of the discard pile the table shows (the top one large, the ones below smaller)."""


def piles_html(view: PlayerView, lang: str = "en") -> str:
    """The draw pile (its size only) and the last few discards, the top one largest."""
    t = translator(lang)
    draw = t.ngettext("Draw pile: {count} card", "Draw pile: {count} cards", view.deck_size).format(
        count=view.deck_size
    )
    back = face_down_svg(scale=0.6, lang=lang)
    if view.discard_pile:
        top = view.discard_pile[-1]
        label = t.gettext("Top of the discard pile: {card}").format(card=card_label(top, lang))
        below = list(view.discard_pile[-DISCARDS_SHOWN:-1])
        earlier = ""
        if below:
            words = ", ".join(str(card) for card in reversed(below))
            earlier_label = t.gettext("Discarded before it (newest first): {cards}").format(cards=words)
            earlier = (
                f'<div class="p10-earlier-discards" role="img" aria-label="{escape(earlier_label)}" '
                f'title="{escape(earlier_label)}">{cards_svg(list(reversed(below)), scale=0.35, lang=lang)}'
                f"<div>{escape(earlier_label)}</div></div>"
            )
        top_html = (
            f'<div class="p10-top-discard" role="img" aria-label="{escape(label)}" title="{escape(label)}">'
            f"{card_svg(top, scale=0.6, lang=lang)}<div>{escape(label)}</div></div>"
        )
    else:
        empty = t.gettext("The discard pile is empty.")
        top_html = f"<div>{escape(empty)}</div>"
        earlier = ""
    return (
        f'<div style="display:flex;gap:16px;align-items:flex-end;flex-wrap:wrap">'
        f'<div role="img" aria-label="{escape(draw)}">{back}<div>{escape(draw)}</div></div>'
        f"{top_html}{earlier}</div>"
    )


def title_html(view: PlayerView, lang: str = "en") -> str:
    """The table's heading: the round, the tie-break round or the game's end."""
    t = translator(lang)
    if view.over:
        text = t.gettext("Phase 10 — the game is over")
    elif view.tiebreak:
        text = t.gettext("Phase 10 — tie-break round")
    else:
        text = t.gettext("Phase 10 — round {number}").format(number=view.round)
    return f"<h3 style='margin:4px 0'>{escape(text)}</h3>"


def hint_html(view: PlayerView, lang: str = "en") -> str:
    """The rules package's hint for the viewer's view (``phase10kit.hints``), as HTML."""
    advice = hint(view, lang)
    items = "".join(f"<li>{escape(line)}</li>" for line in advice.lines)
    return f"<div role='note'><strong>{escape(advice.title)}</strong><ul>{items}</ul></div>"


def mine_html(view: PlayerView, lang: str = "en") -> str:
    """The viewer's own line (their laid groups are a ``GroupsView`` under it)."""
    summary = seat_summary(view, view.player, view.player, "", lang)
    return f"<div><strong>{escape(summary)}</strong></div>"


# ---------------------------------------------------------------------------------------------- the phase reminder

_SET_NUMBERS = (7, 10, 4, 12, 2, 5)
_RUN_STARTS = (1, 6, 3, 8)


def example_layout(phase: Phase, *, rules: Rules | None = None) -> Layout | None:
    """A real laid example of ``phase`` with no Wild (what the phase reminder shows), or None.

    The cards are picked by a simple pattern and the solver lays them out, so the example is
    always a true layout of the phase under the rules.

    >>> from phase10kit.phases import Phase
    >>> str(example_layout(Phase.parse("s3+r4")))
    's[R7 B7 G7] r[R1 B2 G3 Y4]'
    """
    colours = list(Color)
    cards: list[Card] = []
    sets = runs = colour_groups = 0
    for spec in phase.groups:
        if spec.kind is GroupKind.SET:
            number = _SET_NUMBERS[sets % len(_SET_NUMBERS)]
            cards += [Card.parse(f"{colours[i % 4].value}{number}") for i in range(spec.size)]
            sets += 1
        elif spec.kind is GroupKind.RUN:
            start = _RUN_STARTS[runs % len(_RUN_STARTS)]
            start = min(start, 13 - spec.size)
            cards += [Card.parse(f"{colours[i % 4].value}{start + i}") for i in range(spec.size)]
            runs += 1
        else:
            colour = colours[(3 - colour_groups) % 4]
            cards += [Card.parse(f"{colour.value}{1 + (2 * i) % 12}") for i in range(spec.size)]
            colour_groups += 1
    if excess_over_deck(cards):
        return None
    return find_layout(cards, phase, rules=rules)


def phase_reminder_html(view: PlayerView, lang: str = "en") -> str:
    """The phase the viewer is to make this hand and a real laid example of it (nothing once laid down).

    The example depends on the phase and the rules only, never on any card of the game.
    """
    seat = view.player
    phase = view.current_phases[seat]
    if phase is None or view.laid[seat] is not None or view.over:
        return ""
    t = translator(lang)
    example = example_layout(phase, rules=view.rules)
    text = t.gettext("Your phase: {name}. For example:").format(name=phase_name(phase, lang))
    picture = layout_svg(example, scale=0.4, lang=lang) if example is not None else ""
    return (
        f'<div role="note" style="display:flex;gap:8px;align-items:center;flex-wrap:wrap"><div>{escape(text)}</div>'
        f'<div role="img" aria-label="{escape(str(example or ""))}">{picture}</div></div>'
    )


# ---------------------------------------------------------------------------------------------- the turn, the log


def turn_html(state: str, view: PlayerView, you: int | None, lang: str = "en") -> str:
    """The banner over the table: whose turn it is and what to do (large when it is the viewer's)."""
    t = translator(lang)
    if state == "over":
        winner = seat_name(view.winner, you, lang) if view.winner is not None else "?"
        text, css = t.gettext("The game is over: {winner} won.").format(winner=winner), "p10-turn-over"
    elif state == "summary":
        text, css = t.gettext("The round is over: see the scores, then press Next round."), "p10-turn-summary"
    elif state == "cover":
        text = t.gettext("Pass the screen to {player}.").format(player=seat_notation(view.current_player))
        css = "p10-turn-cover"
    elif state == "human":
        step = (
            t.gettext("draw a card or take the discard")
            if view.stage == "draw"
            else t.gettext("lay down, add to groups, then discard a card")
        )
        text = "▶ " + t.gettext("Your turn, {player}: {step}.").format(
            player=seat_notation(view.current_player), step=step
        )
        css = "p10-turn-yours"
    else:
        text = t.gettext("{player} is playing…").format(player=seat_notation(view.current_player))
        css = "p10-turn-others"
    return f'<div class="{css}" role="status" aria-live="polite">{escape(text)}</div>'


def log_html(entries: Sequence[str], lang: str = "en", *, limit: int = 200) -> str:
    """The action log, newest first, as a list a screen reader can follow.

    The list scrolls once it is long, so it is a tab stop (named like the log): a keyboard user scrolls it with the
    arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable).
    """
    t = translator(lang)
    shown = list(reversed(entries[-limit:]))
    items = "".join(f"<li>{escape(entry)}</li>" for entry in shown)
    heading = escape(t.gettext("What happened (newest first)"))
    return (
        f'<div role="log" aria-live="polite" aria-label="{heading}"><strong>{heading}</strong>'
        f'<ol reversed class="p10-log-list" tabindex="0" aria-label="{heading}">{items}</ol></div>'
    )


# ---------------------------------------------------------------------------------------------- summaries


def summary_html(summary: HandSummary, you: int | None, reasons: Sequence[str], lang: str = "en") -> str:
    """A finished hand: who went out, each seat's cards left with their points, who advances, the totals.

    At the end of the game it starts with the winner. ``reasons`` are the bots' moves of the hand
    with their full reasons (shown after the hand).
    """
    t = translator(lang)
    name = seat_name(summary.went_out, you, lang)
    parts = []
    if summary.over and summary.winner is not None:
        total = summary.results[summary.winner].total
        winner = seat_name(summary.winner, you, lang)
        final = t.ngettext(
            "The game is over: {winner} won with {points} point.",
            "The game is over: {winner} won with {points} points.",
            total,
        ).format(winner=winner, points=total)
        parts.append(f'<p class="p10-winner"><strong>{escape(final)}</strong></p>')
    heading = t.gettext("Round {number} is over: {who} went out.").format(number=summary.hand, who=name)
    head = "".join(
        f"<th scope='col'>{escape(text)}</th>"
        for text in (
            t.gettext("Player"),
            t.gettext("Cards left"),
            t.gettext("Points this round"),
            t.gettext("Total"),
            t.gettext("Phase made"),
        )
    )
    rows = []
    for result in summary.results:
        cards = ", ".join(f"{card} ({card.points})" for card in result.left) or "—"
        picture = cards_svg(list(result.left), scale=0.45, lang=lang) if result.left else ""
        if result.phase is not None:
            made = t.gettext("yes: phase {number}").format(number=result.phase) if result.phase else t.gettext("yes")
        else:
            made = t.gettext("no")
        if result.advances and not summary.over:
            made += " — " + t.gettext("advances")
        rows.append(
            f"<tr><th scope='row'>{escape(seat_name(result.seat, you, lang))}</th>"
            f"<td><div role='img' aria-label='{escape(cards)}'>{picture}</div>{escape(cards)}</td>"
            f"<td>{result.points}</td><td>{result.total}</td><td>{escape(made)}</td></tr>"
        )
    parts.append(
        f"<table class='p10-summary-table'><caption>{escape(heading)}</caption><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    if reasons:
        title = t.gettext("How the bots decided this round")
        items = "".join(f"<li>{escape(line)}</li>" for line in reasons)
        parts.append(f"<details class='p10-bot-reasons'><summary>{escape(title)}</summary><ol>{items}</ol></details>")
    return "".join(parts)


def score_sheet_html(sheet: Sequence[HandSummary], players: int, you: int | None, lang: str = "en") -> str:
    """The running score sheet: one row per round (points, ✓ and the phase made), then the totals."""
    t = translator(lang)
    title = t.gettext("Score sheet")
    head = "".join(f"<th scope='col'>{escape(seat_name(seat, you, lang))}</th>" for seat in range(players))
    rows = []
    for summary in sheet:
        cells = []
        for result in summary.results:
            mark = f" ✓{result.phase}" if result.phase else (" ✓" if result.phase == 0 else "")
            cells.append(f"<td>+{result.points}{escape(mark)}</td>")
        label = t.gettext("Round {number}").format(number=summary.hand)
        rows.append(f"<tr><th scope='row'>{escape(label)}</th>{''.join(cells)}</tr>")
    if sheet:
        totals = "".join(f"<td><strong>{result.total}</strong></td>" for result in sheet[-1].results)
        total = t.gettext("Total")
        rows.append(f"<tr><th scope='row'>{escape(total)}</th>{totals}</tr>")
    else:
        empty = t.gettext("No round finished yet.")
        rows.append(f"<tr><td colspan='{players + 1}'>{escape(empty)}</td></tr>")
    note = t.gettext("✓N: phase N made in that round.")
    rounds = t.gettext("Round")
    return (
        f"<table class='p10-sheet-table'><caption><strong>{escape(title)}</strong></caption>"
        f"<thead><tr><th scope='col'>{escape(rounds)}</th>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table><div class='p10-note'>{escape(note)}</div>"
    )


def cover_html(seat: int, lang: str = "en") -> str:
    """The cover screen between two humans' turns: nobody's cards, only who plays next."""
    t = translator(lang)
    who = seat_notation(seat)
    text = t.gettext("{player}'s turn. Everyone else, look away; {player}, press Show my cards.").format(player=who)
    return f'<div role="alert"><p class="p10-cover-text">{escape(text)}</p></div>'


# ---------------------------------------------------------------------------------------------- the rules panel

_SHORT_RULES = (
    N_("On your turn: draw a card (from the draw pile or the top of the discard pile), then discard one."),
    N_(
        "Phase: when your hand holds your phase, lay it down after drawing. Sets have one number, runs numbers "
        "in a row, colour groups one colour."
    ),
    N_("Wild cards stand for any card; a Skip makes a player lose their next turn."),
    N_("After laying down you may add cards to any laid group. The first to get rid of all cards ends the round."),
    N_("Cards left in hand score points against you: 1–9 five, 10–12 ten, Skip fifteen, Wild twenty-five."),
    N_("Who makes a phase moves on. After the last phase, the lowest total score wins."),
)


def rules_html(rules: Rules, lang: str = "en") -> str:
    """The "?" panel: the short rules in the table's language and this table's rule options."""
    t = translator(lang)
    short = "".join(f"<li>{escape(t.gettext(text))}</li>" for text in _SHORT_RULES)
    options = []
    for option in RULE_OPTIONS:
        sentence = option.sentence(getattr(rules, option.name))
        options.append(f"<li>{escape(t.gettext(sentence))}</li>")
    phases = ", ".join(f"{i + 1}: {phase_name(phase, lang)}" for i, phase in enumerate(rules.phases))
    listed = t.gettext("The phases: {phases}.").format(phases=phases)
    options.append(f"<li>{escape(listed)}</li>")
    label, short_title, options_title = (
        t.gettext("Rules"),
        t.gettext("The rules in short"),
        t.gettext("This table plays with"),
    )
    return (
        f"<section aria-label='{escape(label)}'><h4>{escape(short_title)}</h4>"
        f"<ul>{short}</ul><h4>{escape(options_title)}</h4><ul>{''.join(options)}</ul></section>"
    )


TABLE_CSS = files("widgets").joinpath("static", "table.css").read_text(encoding="utf-8") + FONTS_CSS
"""The table's own styles (no font or icon from outside the machine), kept in ``widgets/static/table.css`` beside
the anywidgets' CSS so that an editor and a linter see CSS; it ships in the wheel with the rest of ``widgets``.
The fonts come last (``widgets._safety.FONTS_CSS``: the one stack of ``phase10kit.fonts``)."""
