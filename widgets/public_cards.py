"""The hidden-information filter of the log: may a bot's reason be shown while its hand is on?

A bot explains its move from its hand, and its words may name a card nobody else has seen. During
the hand teaching mode shows a reason only when every card it names is public; the others wait for
the hand's end (``TableSession.reasoning_shown``).
"""

from __future__ import annotations

import re

from phase10kit.actions import Action, Lay
from phase10kit.cards import Card, cards_in_text

__all__ = ["names_only_public_cards"]

_GROUP_NOTATION = re.compile(r"[a-z]?\[[^\]]*\]")


def names_only_public_cards(reasoning: str, action: Action, top_discard: Card | None) -> bool:
    """Whether a bot's reason names no card but the move's own, the top discard it saw and laid groups.

    A bot explains its move from its hand ("Discarded B11, keeping G9: ..."): during the hand such a
    reason would show an opponent's card, so teaching mode shows only reasons that pass this test
    (the others wait for the hand's end, when every card of the hand has been shown).
    Groups written in notation (``s[R7 B7 W]``) are on the table or laid by this very move.

    >>> from phase10kit.actions import parse_action
    >>> names_only_public_cards("Discarded B11: it fits no group.", parse_action("p3 discard B11"), None)
    True
    >>> names_only_public_cards("Discarded B11, keeping G9.", parse_action("p3 discard B11"), None)
    False
    """
    public = {str(card) for card in _cards_of(action)}
    if top_discard is not None:
        public.add(str(top_discard))
    bare = _GROUP_NOTATION.sub(" ", reasoning)
    return all(token in public for token in cards_in_text(bare))


def _cards_of(action: Action) -> list[Card]:
    if isinstance(action, Lay):
        return [card for group in action.groups for card in group.cards]
    card = getattr(action, "card", None)
    return [card] if isinstance(card, Card) else []
