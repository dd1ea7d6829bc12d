"""What the seat at the screen may do with the cards they selected: the buttons, why each is disabled, the menus.

Everything here reads the viewer's ``PlayerView`` only, and ``TableSession`` asks only on that
seat's own turn, so nothing is worked out from a hand whose owner is not at the screen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from phase10kit.actions import Draw, Hit, Lay, Take
from phase10kit.cards import Card
from phase10kit.errors import IllegalActionError, Phase10Error
from phase10kit.explain import explain
from phase10kit.game import PlayerView
from phase10kit.hints import nearest_phase, suggested_lay
from phase10kit.i18n import translator

__all__ = ["NOBODYS_CONTROLS", "Controls", "lay_options", "no_layout_reason", "turn_controls"]


@dataclass(frozen=True)
class Controls:
    """What the viewer may do now with the cards they selected: the buttons to show, why each disabled
    one is (a sentence, or the engine's refusal), and the choices the menus offer."""

    shown: frozenset[str]
    why: dict[str, str | Phase10Error]
    lays: tuple[Lay, ...] = ()
    hits: tuple[Hit, ...] = ()
    skip_targets: tuple[int, ...] = ()


NOBODYS_CONTROLS = Controls(frozenset({"new"}), {})
"""The controls while nobody at the screen may act (bots, cover screen, summary, game over)."""


def lay_options(view: PlayerView, selected: Sequence[Card]) -> list[Lay]:
    """The legal lay-downs using the selected cards: exactly them, or (with part of them or none
    selected) the layouts containing them, the rules package's suggested layout first."""
    lays = list(view.lays())
    chosen = Counter(selected)
    exact = [lay for lay in lays if Counter(lay.cards) == chosen]
    if exact:
        return exact
    containing = [lay for lay in lays if not chosen - Counter(lay.cards)]
    suggested = suggested_lay(view, containing) if containing else None
    if suggested is None:
        return []
    wanted = Counter(suggested.cards)
    options = [lay for lay in containing if Counter(lay.cards) == wanted]
    options.sort(key=lambda lay: lay != suggested)
    return options


def no_layout_reason(view: PlayerView, selected: Sequence[Card], lang: str, *, on_turn: bool) -> str:
    """Why no layout is offered for the selection, in words (the rules package explains the hand);
    ``on_turn`` says whether the seat at the screen is the one to play."""
    t = translator(lang)
    if not on_turn or view.stage != "play":
        return t.gettext("You can lay down only on your turn, after drawing.")
    if view.laid[view.player] is not None:
        return t.gettext("You have already laid down your phase this round.")
    phase = nearest_phase(view)
    if phase is None:
        return t.gettext("No layout to lay down.")
    if selected and view.lays():
        return t.gettext("Your hand holds the phase, but not with the selected cards: select fewer or none.")
    return t.gettext("Your hand does not hold the phase yet. {why}").format(
        why=explain(list(view.hand), phase, rules=view.rules, lang=lang)
    )


def turn_controls(
    view: PlayerView,
    selected: Sequence[Card],
    lang: str,
    *,
    why_not: Callable[[object], IllegalActionError | None],
    take_back_refusal: Phase10Error | None,
) -> Controls:
    """The buttons and menu choices for the selection of the seat whose turn it is (``view``).

    ``why_not`` is the engine's refusal of an action (``Game.why_not``); ``take_back_refusal`` why
    the last move may not be taken back (None: it may).
    """
    t = translator(lang)
    me, legal = view.player, view.legal
    kinds = {type(action) for action in legal}
    one = selected[0] if len(selected) == 1 else None
    laid = view.laid[me] is not None
    play = view.stage == "play"
    lays = lay_options(view, selected) if Lay in kinds else []
    hits = [hit for hit in view.hits() if hit.card == one] if one is not None else []
    discards = [a for a in view.discards() if a.card == one] if one is not None else []
    shown = {"hint", "undo", "new"}
    if play:
        shown |= {"discard"} | ({"lay"} if not laid else set()) | ({"hit"} if laid or Hit in kinds else set())
    else:
        shown |= {"draw", "take"}
    why: dict[str, str | Phase10Error] = {}
    if Draw not in kinds:
        why["draw"] = why_not(Draw(me)) or t.gettext("There is nothing to draw.")
    if Take not in kinds:
        why["take"] = why_not(Take(me)) or t.gettext("You cannot take the discard now.")
    if not lays:
        why["lay"] = no_layout_reason(view, selected, lang, on_turn=True)
    if not hits:
        why["hit"] = (
            t.gettext("Select one card to add to a group.")
            if one is None
            else t.gettext("{card} fits no group on the table.").format(card=one)
        )
    if not discards:
        why["discard"] = t.gettext("Select the one card to discard.")
    if take_back_refusal is not None:
        why["undo"] = take_back_refusal
    targets = tuple(sorted({a.target for a in discards if a.card.is_skip and a.target is not None}))
    return Controls(frozenset(shown), why, tuple(lays), tuple(hits), targets)
