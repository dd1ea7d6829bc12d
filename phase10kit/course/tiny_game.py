"""The tiny game of lesson 12, solved by hand: a run of 3 from the eight cards R1-R4 B1-B4, a hand of 2 cards,
one card drawn each turn from the unseen cards (the deck minus the hand: discards go back among them, the model of
``phase10kit.probability.solitaire``). A run ignores colours, so a hand is two numbers, written as a sorted tuple like
``(1, 4)``. The values are exact fractions, found by policy iteration; the kit's solver (``solitaire_optimum`` on the
same reduced deck, ``TINY_DECK`` and ``TINY_PHASE``) is the independent check. The exercises on it are in
``lesson_12``.

>>> tiny_values()[(2, 3)], tiny_values()[(1, 4)], tiny_average()
(Fraction(3, 2), Fraction(9, 2), Fraction(22, 7))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb

import pandas as pd

from phase10kit.cards import Card
from phase10kit.phases import Phase
from phase10kit.probability import DeckSpec

__all__ = [
    "TINY_DECK",
    "TINY_PHASE",
    "Hand",
    "bellman",
    "best_keep",
    "deals_of",
    "draws",
    "holds_run",
    "keeps",
    "tiny_average",
    "tiny_cards",
    "tiny_hands",
    "tiny_table",
    "tiny_values",
]

Hand = tuple[int, ...]
"""A hand of the tiny game: its numbers, sorted (colours do not matter for a run)."""

TINY_NUMBERS = (1, 2, 3, 4)
TINY_COPIES = 2
"""Each number once in red and once in blue: R1-R4 B1-B4."""
TINY_HAND = 2
TINY_RUN = 3
TINY_DECK = DeckSpec(numbers=4, colors=2, copies=1, wilds=0, skips=0)
"""The tiny game's deck for the kit's solver: the same eight cards."""
TINY_PHASE = Phase.parse("r3")


def tiny_hands() -> list[Hand]:
    """Every hand of 2 the tiny deck can hold, as sorted numbers (ten of them: six pairs, four doubles).

    >>> tiny_hands()[:5]
    [(1, 1), (1, 2), (1, 3), (1, 4), (2, 2)]
    """
    return list(combinations_with_replacement(TINY_NUMBERS, TINY_HAND))


def draws(hand: Sequence[int]) -> dict[int, Fraction]:
    """Each number that may be drawn from the unseen cards (the deck minus ``hand``) and its chance.

    >>> draws((1, 2))
    {1: Fraction(1, 6), 2: Fraction(1, 6), 3: Fraction(1, 3), 4: Fraction(1, 3)}
    """
    left = {number: TINY_COPIES - list(hand).count(number) for number in TINY_NUMBERS}
    unseen = sum(left.values())
    return {number: Fraction(count, unseen) for number, count in left.items() if count > 0}


def holds_run(cards: Sequence[int]) -> bool:
    """Whether the numbers hold a run of 3.

    >>> holds_run((2, 3, 4)), holds_run((1, 2, 4)), holds_run((2, 2, 3))
    (True, False, False)
    """
    held = set(cards)
    return any(all(low + step in held for step in range(TINY_RUN)) for low in TINY_NUMBERS)


def keeps(cards: Sequence[int]) -> list[Hand]:
    """The hands of 2 left by each possible discard from 3 cards (each different hand once).

    >>> keeps((1, 2, 4))
    [(2, 4), (1, 4), (1, 2)]
    """
    ordered = sorted(cards)
    left = [tuple(ordered[:i] + ordered[i + 1 :]) for i in range(len(ordered))]
    return list(dict.fromkeys(left))


def bellman(hand: Hand, values: Mapping[Hand, Fraction]) -> Fraction:
    """The Bellman equation of the tiny game: the expected turns from ``hand`` when the hands after this
    turn's discard are worth ``values`` (the teacher's solution of ``perfect.bellman``).

    >>> bellman((2, 3), tiny_values())
    Fraction(3, 2)
    """
    total = Fraction(0)
    for card, chance in draws(hand).items():
        cards = tuple(sorted((*hand, card)))
        if holds_run(cards):
            continue  # the run is made this turn: no turn after it
        total += chance * min(values[keep] for keep in keeps(cards))
    return 1 + total


def _solve_linear(rows: list[list[Fraction]], right: list[Fraction]) -> list[Fraction]:
    """Solve ``rows · x = right`` exactly (Gauss-Jordan elimination on fractions; the matrix is invertible)."""
    size = len(rows)
    matrix = [[*row, value] for row, value in zip(rows, right, strict=True)]
    for column in range(size):
        pivot = next(r for r in range(column, size) if matrix[r][column] != 0)
        matrix[column], matrix[pivot] = matrix[pivot], matrix[column]
        head = matrix[column][column]
        matrix[column] = [entry / head for entry in matrix[column]]
        for r in range(size):
            if r != column and matrix[r][column] != 0:
                factor = matrix[r][column]
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[column], strict=True)]
    return [matrix[r][size] for r in range(size)]


def _evaluate(policy: Mapping[Hand, Hand]) -> dict[Hand, Fraction]:
    """The exact expected turns of every hand when the discard from each 3 cards is ``policy[cards]``:
    one linear equation per hand, ``V(h) = 1 + sum over draws of P(x) · V(kept)``."""
    hands = tiny_hands()
    where = {hand: i for i, hand in enumerate(hands)}
    rows = [[Fraction(int(i == j)) for j in range(len(hands))] for i in range(len(hands))]
    for hand in hands:
        for card, chance in draws(hand).items():
            cards = tuple(sorted((*hand, card)))
            if not holds_run(cards):
                rows[where[hand]][where[policy[cards]]] -= chance
    return dict(zip(hands, _solve_linear(rows, [Fraction(1)] * len(hands)), strict=True))


@cache
def tiny_values() -> dict[Hand, Fraction]:
    """The exact expected turns of every hand of the tiny game under perfect play (policy iteration: evaluate a
    policy exactly, switch every discard to the best one, until no discard changes).

    >>> tiny_values()[(1, 2)], tiny_values()[(2, 2)]
    (Fraction(3, 1), Fraction(7, 2))
    """
    threes = {
        tuple(sorted((*hand, card))) for hand in tiny_hands() for card in draws(hand) if not holds_run((*hand, card))
    }
    # A first policy that surely ends: keep two different numbers, as close as possible.
    policy = {
        cards: min(keeps(cards), key=lambda keep: (len(set(keep)) == 1, keep[-1] - keep[0], keep)) for cards in threes
    }
    while True:
        values = _evaluate(policy)
        better = {
            cards: min(keeps(cards), key=lambda keep: (values[keep], keep != kept)) for cards, kept in policy.items()
        }
        if better == policy:
            return values
        policy = better


def best_keep(cards: Sequence[int]) -> Hand:
    """The hand of 2 to keep from 3 cards that do not hold the run: the one with the fewest expected turns.

    >>> best_keep((1, 2, 4)), best_keep((2, 2, 3))  # 1 2 and 2 4 tie (3 turns each): the first one
    ((1, 2), (2, 3))
    """
    values = tiny_values()
    return min(keeps(cards), key=lambda keep: (values[keep], keep))


def deals_of(hand: Hand) -> int:
    """How many of the 28 two-card deals give this hand (a number held once has 2 colours to come in).

    >>> deals_of((1, 4)), deals_of((2, 2)), sum(deals_of(hand) for hand in tiny_hands())
    (4, 1, 28)
    """
    result = 1
    for number in set(hand):
        result *= comb(TINY_COPIES, hand.count(number))
    return result


def tiny_average() -> Fraction:
    """Expected turns from a random deal of the tiny game under perfect play: each hand's value weighted
    by the deals it stands for."""
    values = tiny_values()
    total = sum(deals_of(hand) for hand in values)
    return sum((deals_of(hand) * value for hand, value in values.items()), Fraction(0)) / total


def tiny_cards(hand: Sequence[int]) -> list[Card]:
    """One way the hand can be held, in the notation: the first copy of a number red, the second blue.

    >>> [str(card) for card in tiny_cards((2, 2))]
    ['R2', 'B2']
    """
    seen: list[int] = []
    cards = []
    for number in hand:
        cards.append(Card.parse(f"{'B' if number in seen else 'R'}{number}"))
        seen.append(number)
    return cards


def tiny_table() -> pd.DataFrame:
    """The tiny game's table: each hand, one way to hold it, its outs (the cards that make the run at once),
    the deals it stands for and its exact expected turns."""
    values = tiny_values()
    rows = []
    for hand in tiny_hands():
        chances = draws(hand)
        outs = sum((chance for card, chance in chances.items() if holds_run((*hand, card))), Fraction(0))
        rows.append(
            {
                "hand": " ".join(str(card) for card in tiny_cards(hand)),
                "numbers": hand,
                "chance_done_next_draw": outs,
                "deals": deals_of(hand),
                "expected_turns": values[hand],
            }
        )
    return pd.DataFrame(rows)
