"""The hint: what a player should do now and why, with the odds, from their view alone.

One home for the reasoning behind a table's Hint button, so widgets only show it. A hint reads
only the player's ``PlayerView`` (their hand and what is on the table), never hidden cards.

>>> from phase10kit.game import Game
>>> from phase10kit.actions import Draw
>>> g = Game.from_deal(["R7 B7 G7 Y2 B2 W R1 R3 G5 Y9", "R2 R3 R4 R6 B8 B9 B10 Y11 Y12 G1"], draws="Y7")
>>> g.apply(Draw(0))
>>> h = hint(g.view(0))
>>> h.phase, str(h.layout), h.lines[0]
(Phase('2s3'), 's[R7 B7 G7] s[Y2 B2 W]', 'Your hand holds 2 sets of 3: lay it down as s[R7 B7 G7] s[Y2 B2 W].')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from phase10kit.actions import Lay
from phase10kit.cards import Card
from phase10kit.engine.view import PlayerView
from phase10kit.explain import explain
from phase10kit.groups import Layout
from phase10kit.i18n import percent, translator
from phase10kit.phases import Phase, phase_name
from phase10kit.solver import find_layout, missing, outs

__all__ = ["hint", "nearest_phase", "suggested_lay"]


@dataclass(frozen=True)
class Hint:
    """A hint: its title, its lines (sentences in the asked language) and what they rest on.

    ``phase`` is the phase the hint is about (None once the phase is down), ``layout`` a lay-down the
    hand holds, ``outs`` the cards that would complete the phase, ``odds`` the chance of holding it
    after 1, 2 and 3 more draws (counting only cards the player has not seen), ``fitting`` the cards
    that can be added to groups on the table now.
    """

    title: str
    lines: tuple[str, ...]
    phase: Phase | None = None
    layout: Layout | None = None
    outs: tuple[Card, ...] = ()
    odds: tuple[float, ...] = ()
    fitting: tuple[Card, ...] = ()


def nearest_phase(view: PlayerView) -> Phase | None:
    """The open phase the hand is nearest to (several only under ``any_order``), or None."""
    phases = view.open_phase_list()
    if not phases:
        return None
    return min(phases, key=lambda p: missing(list(view.hand), p, rules=view.rules))


def suggested_lay(view: PlayerView, lays: Sequence[Lay] | None = None) -> Lay | None:
    """The legal lay-down with the solver's layout (fewest Wilds) when there is one, else the first legal one."""
    options = list(view.lays() if lays is None else lays)
    if not options:
        return None
    phase = nearest_phase(view) if view.laid[view.player] is None else None
    if phase is not None:
        layout = find_layout(view.hand, phase, rules=view.rules)
        if layout is not None:
            wanted = sorted(layout.cards)
            for lay in options:
                if sorted(lay.cards) == wanted:
                    return lay
    return options[0]


def seen_by(view: PlayerView) -> list[Card]:
    """The cards the player has seen outside their hand: the discard pile and every laid group."""
    return [*view.discard_pile, *(card for groups in view.melds for group in groups for card in group.cards)]


def completion_chances(view: PlayerView, phase: Phase, draws: Sequence[int] = (1, 2, 3)) -> tuple[float, ...]:
    """The chance of holding ``phase`` after each number of further draws (exact, over the unseen cards)."""
    # Imported on use: a table that never asks for a hint never loads numpy, pandas and the probability package.
    from phase10kit.probability import completion_odds

    hand = list(view.hand)
    return tuple(completion_odds(hand, phase, k, seen=seen_by(view), rules=view.rules) for k in draws)


def hint(view: PlayerView, lang: str = "en") -> Hint:
    """What the player should do now and why, in ``lang``, from their view alone."""
    t = translator(lang)
    hand = list(view.hand)
    me = view.player
    if view.over:
        return Hint(t.gettext("Hint"), (t.gettext("The game is over."),))
    if view.laid[me] is not None:
        fitting = tuple(sorted({a.card for a in view.hits()}))
        if fitting:
            line = t.gettext("Your phase is down. These cards can be added to groups with Hit: {cards}.").format(
                cards=" ".join(map(str, fitting))
            )
        else:
            line = t.gettext("Your phase is down. Get rid of your cards: hit when a card fits, else discard.")
        return Hint(t.gettext("Hint"), (line,), fitting=fitting)
    phase = nearest_phase(view)
    if phase is None:
        return Hint(t.gettext("Hint"), (t.gettext("There is no phase left for you to lay this round."),))
    title = t.gettext("Hint for the phase {phase}").format(phase=phase_name(phase, lang))
    layout = find_layout(hand, phase, rules=view.rules)
    if layout is not None:
        line = t.gettext("Your hand holds {phase}: lay it down as {layout}.").format(
            phase=phase_name(phase, lang), layout=layout
        )
        if view.stage == "draw":
            line = t.gettext("Your hand holds {phase}: draw, then lay it down.").format(phase=phase_name(phase, lang))
        return Hint(title, (line,), phase=phase, layout=layout)
    lines = [explain(hand, phase, rules=view.rules, lang=lang)]
    card_outs = tuple(outs(hand, phase, rules=view.rules))
    if card_outs:
        lines.append(
            t.gettext("Any one of these cards would complete it: {cards}.").format(cards=" ".join(map(str, card_outs)))
        )
    odds = completion_chances(view, phase)
    lines.append(
        t.gettext("Chance of holding it after 1, 2, 3 more draws: {odds}.").format(
            odds=", ".join(percent(p, 0, t) for p in odds)
        )
    )
    return Hint(title, tuple(lines), phase=phase, outs=card_outs, odds=odds)
