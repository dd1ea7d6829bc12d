"""Lesson 00, welcome: the exercises of ``teacher/00_welcome.ipynb`` (how the course works, "hand" and "round").

>>> [exercise.id for exercise in EXERCISES]
['welcome.hand_or_round', 'welcome.draw_pile']
"""

from __future__ import annotations

from phase10kit.course.base import Exercise
from phase10kit.course.checks import choice_judge, exact_judge
from phase10kit.i18n import N_

__all__ = ["EXERCISES"]

NOTEBOOK = "00_welcome"

EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        id="welcome.hand_or_round",
        notebook=NOTEBOOK,
        clauses=("deck.deal",),
        kind="answer",
        question=N_(
            "Ana has just been dealt ten cards and holds them in her fingers. In this course, are those ten cards "
            "her hand or a round? Type hand or round."
        ),
        solution="hand",
        wrong=("round",),
        hints=(
            N_("One of the two words means cards, the other means time."),
            N_("A round lasts from one deal until someone has no cards left."),
            N_("Read the lesson's two definitions again: which word is defined as the cards one player holds?"),
        ),
        worked=N_(
            "The course gives each word one meaning: a hand is the cards one player holds; a round is one deal, "
            "played until someone has no cards left.\n"
            "Ana's ten cards are cards she holds in her fingers, not a stretch of play.\n"
            "So they are her hand: the answer is hand."
        ),
        judge=choice_judge(
            [N_("hand"), N_("round")],
            "hand",
            {
                "hand": N_("A hand is the cards one player holds"),
                "round": N_("A round is one deal, played until someone has no cards left: it is time, not cards"),
            },
        ),
    ),
    Exercise(
        id="welcome.draw_pile",
        notebook=NOTEBOOK,
        clauses=("deck.deal", "deck.composition"),
        kind="answer",
        question=N_(
            "Four players sit down with the full deck of 108 cards. Each is dealt ten cards and one card is turned "
            "face up to start the discard pile. How many cards are left in the draw pile?"
        ),
        solution=67,
        wrong=(68, 40, 108),
        hints=(
            N_("The draw pile is what is left of the deck once the deal is done. Which cards have left it?"),
            N_("Every player's ten cards have left the draw pile: how many cards is that for four players?"),
            N_("One more card has left it: the card turned face up to start the discard pile. Take both from 108."),
        ),
        worked=N_(
            "The four players hold 4 × 10 = 40 cards.\n"
            "The card turned face up for the discard pile is one more: 41 cards have left the deck.\n"
            "108 − 41 = 67 cards are left in the draw pile."
        ),
        judge=exact_judge(
            67,
            {
                68: N_("the card turned face up for the discard pile has left the draw pile too"),
                40: N_("that is how many cards the players hold, not how many are left"),
                108: N_("that is the whole deck, before the deal"),
            },
        ),
    ),
)
