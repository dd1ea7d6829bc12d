"""The table's sentences: seat names, what an action did, and each log entry as the screen shows it.

Only public facts are written here: a draw names its card only to the seat that drew it, and a
bot's reason is added only when the caller says it may be shown (``TableSession.reasoning_shown``).
"""

from __future__ import annotations

from phase10kit.actions import Action, Discard, Draw, Hit, Lay, Take, group_notation, seat_notation
from phase10kit.i18n import translator
from widgets.session_records import LogEntry

__all__ = ["describe_action", "log_sentence", "seat_name"]


def seat_name(seat: int, you: int | None, lang: str = "en") -> str:
    """``"p1 (you)"`` for the seat looking at the screen (``you``), ``"p2"`` for the others.

    >>> seat_name(0, 0), seat_name(2, 0), seat_name(0, None)
    ('p1 (you)', 'p3', 'p1')
    """
    if seat == you:
        return translator(lang).gettext("p{number} (you)").format(number=seat + 1)
    return seat_notation(seat)


def describe_action(action: Action, you: int | None, lang: str = "en") -> str:
    """A public sentence about an action (a drawn card is never named here).

    >>> from phase10kit.cards import Card
    >>> describe_action(Discard(1, Card.parse("S"), 2), 0)
    'p2 discards S and skips p3.'
    """
    t = translator(lang)
    who = seat_name(action.player, you, lang)
    if isinstance(action, Draw):
        return t.gettext("{who} draws a card.").format(who=who)
    if isinstance(action, Take):
        return t.gettext("{who} takes the top discard.").format(who=who)
    if isinstance(action, Lay):
        groups = " ".join(str(group) for group in action.groups)
        return t.gettext("{who} lays down {groups}.").format(who=who, groups=groups)
    if isinstance(action, Hit):
        target = group_notation(action.target, action.group)
        sentence = {
            "low": t.gettext("{who} adds {card} to the low end of {target}."),
            "high": t.gettext("{who} adds {card} to the high end of {target}."),
            None: t.gettext("{who} adds {card} to {target}."),
        }[action.end]
        return sentence.format(who=who, card=action.card, target=target)
    if isinstance(action, Discard) and action.target is not None:
        return t.gettext("{who} discards {card} and skips p{target}.").format(
            who=who, card=action.card, target=action.target + 1
        )
    assert isinstance(action, Discard)
    return t.gettext("{who} discards {card}.").format(who=who, card=action.card)


def log_sentence(entry: LogEntry, you: int | None, players: int, lang: str = "en", *, reasoning: bool = False) -> str:
    """One log entry written for the seat ``you`` at the screen (only they see the card they drew);
    ``reasoning`` adds the bot's reason (the caller decides whether it may be shown).

    >>> log_sentence(LogEntry("hand-over", hand=2, player=1), 0, 3)
    'Round 2 is over: p2 went out.'
    """
    t = translator(lang)
    if entry.kind == "new-game":
        return t.ngettext(
            "A new game of {players} player: hand 1.", "A new game of {players} players: hand 1.", players
        ).format(players=players)
    if entry.kind == "hand-over":
        who = seat_name(entry.player or 0, you, lang)
        return t.gettext("Round {number} is over: {who} went out.").format(number=entry.hand, who=who)
    if entry.kind == "game-over":
        winner = seat_name(entry.player or 0, you, lang)
        return t.ngettext(
            "The game is over: {winner} won with {points} point.",
            "The game is over: {winner} won with {points} points.",
            entry.points,
        ).format(winner=winner, points=entry.points)
    if entry.kind == "take-back":
        if entry.player == you:
            return t.gettext("You took back your last move.")
        return t.gettext("{who} took back a move.").format(who=seat_name(entry.player or 0, you, lang))
    assert entry.action is not None
    if entry.drawn is not None and entry.player == you:
        text = t.gettext("You draw {card}.").format(card=entry.drawn)
    else:
        text = describe_action(entry.action, you, lang)
    if reasoning:
        text = f"{text} {entry.reasoning}"
    return text
