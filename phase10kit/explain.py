"""Plain-language explanations of where a hand stands with a phase, in the kit's languages.

With them, the names of colours, groups and actions in words. The names of phases and of the groups a
phase asks for live with the phases (``phase10kit.phases.phase_name``, ``spec_name``: ``Phase.name`` needs
them there) and are handed on here, beside the other names, where the widgets and notebooks look for them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from phase10kit.actions import Action, Discard, Draw, Hit, Lay, Take, parse_action, seat_notation
from phase10kit.cards import WILD, Card, Color, format_cards
from phase10kit.errors import Phase10Error
from phase10kit.i18n import N_, Word, translator, word
from phase10kit.phases import GroupKind, GroupSpec, Phase, phase_name, spec_name
from phase10kit.rules import Rules
from phase10kit.solver import GroupProgress, find_layout, missing, progress

__all__ = [
    "COLOUR_NAMES",
    "GROUP_NAMES",
    "KIND_NAMES",
    "KIND_NAMES_WITH_ARTICLE",
    "action_phrase",
    "color_name",
    "explain",
    "group_kind_name",
    "group_name",
    "parse_turn",
    "phase_name",
    "spec_name",
    "turn_phrase",
]


def explain(hand: Iterable[Card], phase: Phase, *, rules: Rules | None = None, lang: str = "en") -> str:
    """One or two sentences a student understands: what the hand has and what it still needs (under ``rules``,
    the standard rules when None).

    >>> from phase10kit import parse_cards, phase
    >>> print(explain(parse_cards("R3 R4 B5 G9"), phase(4)))
    You need 3 more cards for 1 run of 7. For the run of 7 you have R3 R4 B5 G9 and need the numbers 6, 7, 8 or Wilds.
    >>> print(explain(parse_cards("R7 B7 G7 Y2 B2 W"), phase(1)))
    You hold the whole phase: s[R7 B7 G7] s[Y2 B2 W].
    """
    t = translator(lang)
    cards = list(hand)
    layout = find_layout(cards, phase, rules=rules)
    if layout is not None:
        return t.gettext("You hold the whole phase: {layout}.").format(layout=layout)
    count = missing(cards, phase, rules=rules)
    first = t.ngettext(
        "You need {count} more card for {phase}.", "You need {count} more cards for {phase}.", count
    ).format(count=count, phase=phase_name(phase, lang))
    seen: set[GroupSpec] = set()
    parts = []
    for group in progress(cards, phase, rules=rules):
        label = group_name(group.spec, lang, other=group.spec in seen)
        seen.add(group.spec)
        parts.append(_describe(group, label, lang))
    details = "; ".join(parts)
    return f"{first} {details[:1].upper()}{details[1:]}."


KIND_NAMES = {GroupKind.SET: N_("set"), GroupKind.RUN: N_("run"), GroupKind.COLOR: N_("colour group")}
KIND_NAMES_WITH_ARTICLE = {
    GroupKind.SET: N_("a set"),
    GroupKind.RUN: N_("a run"),
    GroupKind.COLOR: N_("a colour group"),
}
GROUP_NAMES = {
    (GroupKind.SET, False): N_("the set of {size}"),
    (GroupKind.RUN, False): N_("the run of {size}"),
    (GroupKind.COLOR, False): N_("the group of {size} of one colour"),
    (GroupKind.SET, True): N_("the other set of {size}"),
    (GroupKind.RUN, True): N_("the other run of {size}"),
    (GroupKind.COLOR, True): N_("the other group of {size} of one colour"),
}
COLOUR_NAMES = {Color.RED: N_("red"), Color.BLUE: N_("blue"), Color.GREEN: N_("green"), Color.YELLOW: N_("yellow")}
"""The names of the kinds of groups, of the groups a phase asks for and of the colours: inflected words
(``phase10kit.i18n.INFLECTED``) whose forms a sentence asks for, ``{kind:acc}``, ``{colour:gen.pl}``."""


def group_kind_name(kind: GroupKind, lang: str = "en", *, article: bool = False) -> Word:
    """``"set"``, ``"run"`` or ``"colour group"`` in ``lang`` (``"a set"`` ... with ``article``), with its forms.

    >>> group_kind_name(GroupKind.RUN), group_kind_name(GroupKind.RUN, "uk")
    ('run', 'ряд')
    >>> group_kind_name(GroupKind.SET, "es", article=True)
    'un grupo'
    >>> group_kind_name(GroupKind.COLOR, "cs").form("acc")
    'barevnou skupinu'
    """
    return word(lang, "group", (KIND_NAMES_WITH_ARTICLE if article else KIND_NAMES)[kind])


def group_name(spec: GroupSpec, lang: str = "en", *, other: bool = False) -> Word:
    """``"the set of 3"``, ``"the run of 4"``, ``"the group of 7 of one colour"`` (or ``"the other ..."``), with
    its forms: ``group_name(spec, "hr").form("acc")`` is the accusative a sentence such as "za {group:acc}" asks for.
    """
    return word(lang, "group", GROUP_NAMES[spec.kind, other], size=spec.size)


def color_name(color: Color, lang: str = "en") -> Word:
    """The colour's name in ``lang`` (``color_name(Color.RED) == "red"``), with its forms: they agree with the
    language's word for a card (``color_name(Color.BLUE, "hr").form("acc") == "plavu"``)."""
    return word(lang, "colour of a card", COLOUR_NAMES[color])


def _describe(group: GroupProgress, label: Word, lang: str) -> str:
    t = translator(lang)
    held = format_cards(list(group.cards) + [WILD] * group.wilds)
    if group.complete:
        return t.gettext("{group} is ready: {cards}").format(group=label, cards=held)
    need = _needs_text(group, lang)
    if not held:
        return t.gettext("for {group} you have nothing yet and need {need}").format(group=label, need=need)
    return t.gettext("for {group} you have {cards} and need {need}").format(group=label, cards=held, need=need)


def _needs_text(group: GroupProgress, lang: str) -> str:
    t = translator(lang)
    n = len(group.needs)
    kind = group.spec.kind
    if not group.started:
        # No natural card yet: its number or colour is still open, and one card must be natural.
        if kind is GroupKind.SET:
            return t.ngettext("{count} card of one number", "{count} cards of one number", n).format(count=n)
        if kind is GroupKind.RUN:
            return t.ngettext("{count} card in a row", "{count} cards in a row", n).format(count=n)
        return t.ngettext("{count} card of one colour", "{count} cards of one colour", n).format(count=n)
    if kind is GroupKind.SET:
        return t.ngettext("one more {number} or a Wild", "{count} more {number}s or Wilds", n).format(
            count=n, number=group.value
        )
    if kind is GroupKind.RUN:
        numbers = ", ".join(str(v) for v in group.needs)
        return t.ngettext("a {numbers} or a Wild", "the numbers {numbers} or Wilds", n).format(numbers=numbers)
    assert isinstance(group.value, Color)
    return t.ngettext("one more {color} card or a Wild", "{count} more {color} cards or Wilds", n).format(
        count=n, color=color_name(group.value, lang)
    )


def parse_turn(text: str) -> list[Action | str]:
    """The actions of a line such as ``"p2 take; p2 discard G1"`` (one action, or several joined by ``;``); a part
    that no action can be made of (``p1 lay s[R1 R3 W]``: no group holds those cards) stays as its text."""
    parts: list[Action | str] = []
    for part in text.split(";"):
        try:
            parts.append(parse_action(part.strip()))
        except Phase10Error:
            parts.append(part.strip())
    return parts


_LAY_TEXT = re.compile(r"(p[1-9][0-9]?) lay (?:[1-9][0-9]? )?(.+)")


def turn_phrase(actions: Sequence[Action | str], lang: str = "en") -> str:
    """One player's actions in words, as the course's answer buttons say them (the notation stays beside them).

    >>> turn_phrase(parse_turn("p2 take; p2 discard G1")), turn_phrase(parse_turn("p2 discard S>p3"), "es")
    ('p2: take the top discard, then discard G1', 'p2: descartar S y saltar a p3')
    >>> turn_phrase(parse_turn("p1 lay s[R7 B7 G7] s[R1 R3 W]"))
    'p1: lay down s[R7 B7 G7] s[R1 R3 W]'
    """
    t = translator(lang)
    player, words = "", ""
    for action in actions:
        if isinstance(action, str):  # a lay-down of groups the rules refuse: its groups as written
            lay = _LAY_TEXT.fullmatch(action)
            who, phrase = (
                (lay.group(1), t.gettext("lay down {groups}").format(groups=lay.group(2))) if lay else ("", action)
            )
        else:
            who, phrase = seat_notation(action.player), action_phrase(action, lang)
        player = player or who
        words = t.gettext("{first}, then {then}").format(first=words, then=phrase) if words else phrase
    return t.gettext("{player}: {actions}").format(player=player, actions=words) if player else words


def action_phrase(action: Action, lang: str = "en") -> str:
    """An action in words, as a bot names what it chose: cards and groups in the card notation, nothing else
    left in English (the action notation, ``p1 hit p2.1 W>low``, is for code and saves).

    >>> from phase10kit.actions import parse_action
    >>> action_phrase(parse_action("p1 hit p2.1 W>low")), action_phrase(parse_action("p1 discard S>p3"), "es")
    ('add W to group 1 of p2, at its low end', 'descartar S y saltar a p3')
    """
    t = translator(lang)
    if isinstance(action, Draw):
        return t.gettext("draw from the draw pile")
    if isinstance(action, Take):
        return t.gettext("take the top discard")
    if isinstance(action, Lay):
        return t.gettext("lay down {groups}").format(groups=" ".join(str(group) for group in action.groups))
    if isinstance(action, Hit):
        where = {"low": t.gettext("add {card} to group {group} of p{player}, at its low end"),
                 "high": t.gettext("add {card} to group {group} of p{player}, at its high end"),
                 None: t.gettext("add {card} to group {group} of p{player}")}[action.end]  # fmt: skip
        return where.format(card=action.card, group=action.group + 1, player=action.target + 1)
    assert isinstance(action, Discard)
    if action.target is not None:
        return t.gettext("discard {card} and skip p{player}").format(card=action.card, player=action.target + 1)
    return t.gettext("discard {card}").format(card=action.card)
