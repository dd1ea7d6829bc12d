"""Small helpers the exercises share: common set-up, seeded dealing, buttons, limits on what a viewer may type."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

import ipywidgets

from phase10kit.cards import DECK_COUNTS, Card, excess_over_deck, format_cards, parse_cards, shuffled_deck
from phase10kit.errors import Phase10Error, Reason, check_text
from phase10kit.i18n import check_lang, translator
from phase10kit.rules import STANDARD_RULES, Rules
from widgets._safety import BrowserLocked, BrowserText, Feedback, LockedButton, fonts_style
from widgets.cards import as_cards

MAX_TEXT = 400
"""Longest hand text a widget parses (a browser may send anything)."""
MAX_CARDS = 30
"""Most cards an exercise checks at once: more than any hand, and the solver stays instant."""


class Exercise(BrowserLocked, ipywidgets.VBox):  # type: ignore[misc]
    """What every exercise sets up first: its language, the rules it checks by (the standard rules when None), its
    ``p10-...`` class and its feedback.

    ``status`` and ``errors`` are the feedback's status line and error area, for the exercise to place.

    >>> from phase10kit.rules import Rules
    >>> exercise = Exercise("p10-example", rules=Rules(natural_required=False), lang="es")
    >>> exercise.lang, exercise.rules.natural_required, exercise.status is exercise.feedback.status
    ('es', False, True)
    """

    def __init__(self, css_class: str, *, rules: Rules | None, lang: str) -> None:
        super().__init__()
        self.lang = check_lang(lang)
        self.add_class(css_class)
        if rules is not None and not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
        self.rules = STANDARD_RULES if rules is None else rules
        self.feedback = Feedback(lang)
        self.status, self.errors = self.feedback.status, self.feedback.errors
        self.fonts = fonts_style()  # the first child of every exercise: Korean drawn in a Korean font

    def menu_refused(self) -> None:
        """Say that a value a browser sent to a menu or slider was refused (the control shows its value again)."""
        sentence = translator(self.lang).gettext("That is not one of the choices: the menu is back as it was.")
        self.status.show(sentence, "problem")


def as_rng(seed: int | random.Random | None) -> random.Random:
    """A ``random.Random`` from a seed, or the one given; None seeds from the operating system.

    >>> as_rng(5).random() == as_rng(5).random()
    True
    """
    if isinstance(seed, random.Random):
        return seed
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"a seed is an int or a random.Random, not {seed!r}")
    return random.Random(seed)


def deal(rng: random.Random, size: int) -> list[Card]:
    """``size`` cards from the top of a freshly shuffled deck; the rest of the deck is not kept.

    >>> len(deal(random.Random(1), 10))
    10
    """
    check_hand_size(size)
    return shuffled_deck(rng)[:size]


def check_hand_size(size: int) -> int:
    """``size`` when it is a whole number from 1 to ``MAX_CARDS``, else a ``ValueError``."""
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_CARDS:
        raise ValueError(f"a hand size is a whole number from 1 to {MAX_CARDS}, not {size!r}")
    return size


def read_hand(text: object) -> list[Card]:
    """The cards typed in ``text``, refused with a ``Phase10Error`` when they could not be a hand.

    >>> read_hand("r7 b7 w")
    [Card('R7'), Card('B7'), Card('W')]
    >>> read_hand("R7 R7 R7")
    Traceback (most recent call last):
    ...
    phase10kit.errors.Phase10Error: the deck has only 2 copies of R7
    """
    cards = parse_cards(check_text(text, "a hand", MAX_TEXT))
    if len(cards) > MAX_CARDS:
        raise Phase10Error(
            f"{len(cards)} cards: this exercise takes at most {MAX_CARDS}",
            reason=Reason.TOO_MANY_CARDS,
            details={"count": len(cards), "limit": MAX_CARDS},
        )
    too_many = excess_over_deck(cards)
    if too_many:
        shown = ", ".join(f"{DECK_COUNTS[card.index]} copies of {card}" for card in too_many)
        card = too_many[0]
        raise Phase10Error(
            f"the deck has only {shown}",
            reason=Reason.TOO_MANY_COPIES,
            details={"limit": DECK_COUNTS[card.index], "card": card},
        )
    return cards


def button(description: str, css_class: str, *, tooltip: str = "") -> ipywidgets.Button:
    """A keyboard-reachable button with a visible text and a ``p10-...`` class for tests and styles.

    The browser may only click it: a ``disabled`` or ``description`` it sends is not taken.
    """
    widget = LockedButton(description=description, tooltip=tooltip or description)
    widget.add_class(css_class)
    return widget


def hand_field(hand: Iterable[Card] | str, *, description: str, placeholder: str) -> ipywidgets.Text:
    """A text field for typing a hand, showing ``hand`` in the notation; it reports only on Enter or leaving it.

    >>> hand_field("r7 w", description="Hand", placeholder="R7 B7").value
    'R7 W'
    """
    field = BrowserText(
        value=format_cards(as_cards(hand)), description=description, placeholder=placeholder, continuous_update=False
    )
    field.add_class("p10-hand-input")
    return field


def refill(field: ipywidgets.Text, fill: Callable[[], None], rerun: Callable[[], None]) -> None:
    """Run ``fill``, which sets ``field``'s text, then ``rerun`` when the text came out as it was.

    Setting a field to the text it already shows fires no change, so what observes the field would
    not run; a new deal that happens to read the same must still be judged.
    """
    before = field.value
    fill()
    if field.value == before:
        rerun()


def notation(cards: Sequence[Card]) -> str:
    """Cards in the notation, or an em dash for none (for texts shown to the viewer)."""
    return " ".join(str(card) for card in cards) or "—"
