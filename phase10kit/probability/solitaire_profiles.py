"""The state space of the solitaire model: count profiles of a hand, folded by the phase's symmetries.

A set or run phase sees only how many cards of each number a hand holds, its Wilds and its Skips
(14 counts); a colour phase how many of each colour, its Wilds and its Skips (6 counts). Two hands
with the same profile have the same future, because in the model the unseen cards are the deck
minus the hand. Profiles that a symmetry of the phase maps onto each other share a value too:

- sets only: any renumbering of the numbers (so the number counts are sorted, fullest first);
- colour groups only: any recolouring (the colour counts are sorted);
- a run (with or without a set): reading the numbers backwards, 12 as 1 (on the full 12 numbers).

Each profile is stored once, as its canonical representative (sorted, or the smaller of it and its
mirror image); ``ProfileSpace.level(n)`` lists every canonical profile of ``n`` cards.

>>> from phase10kit import parse_cards
>>> space = profile_space("numbers", "sort")
>>> rows = space.rows_of([parse_cards("R7 B7 G2 W S")])
>>> rows.tolist(), space.canonical(rows).tolist()
([[0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1, 1]], [[2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from math import comb, factorial
from typing import Literal

import numpy as np
import numpy.typing as npt

from phase10kit.cards import KIND_COUNT, Card
from phase10kit.errors import Phase10Error, Reason
from phase10kit.phases import Phase
from phase10kit.probability.batch import wilds_needed
from phase10kit.probability.profiles import RULE_COLORS, RULE_NUMBERS, STANDARD_DECK, DeckSpec, HandProfiles

__all__ = ["ProfileSpace", "Transitions", "holds_mask", "level", "profile_space", "transitions"]

Axis = Literal["numbers", "colors"]
Symmetry = Literal["sort", "mirror", "none"]
Rows = npt.NDArray[np.int8]
Codes = npt.NDArray[np.int64]
Index = npt.NDArray[np.int32]
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]


@dataclass(frozen=True, slots=True, eq=False)
class ProfileSpace:
    """Profiles over ``axis`` (``"numbers"``: 12 numbers, Wild, Skip; ``"colors"``: 4 colours, Wild, Skip).

    ``caps[k]`` is how many cards of column ``k`` the deck holds; ``symmetry`` folds equivalent
    profiles (see the module's docstring). Codes are the profiles read as mixed-radix integers.
    """

    axis: Axis
    symmetry: Symmetry
    deck: DeckSpec
    caps: tuple[int, ...]
    _multipliers: Codes = field(init=False, repr=False)
    _columns: npt.NDArray[np.intp] = field(init=False, repr=False)
    _deck_counts: npt.NDArray[np.int64] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        radix = np.array(self.caps, dtype=np.int64) + 1
        object.__setattr__(self, "_multipliers", np.concatenate([[1], np.cumprod(radix[:-1])]).astype(np.int64))
        columns = [self.column_of(Card.from_index(i)) for i in range(KIND_COUNT)]
        object.__setattr__(self, "_columns", np.array(columns, dtype=np.intp))
        object.__setattr__(self, "_deck_counts", np.array(self.deck.counts(), dtype=np.int64))

    @property
    def columns(self) -> int:
        """Counts per profile: 14 for numbers, 6 for colours."""
        return len(self.caps)

    @property
    def group_columns(self) -> int:
        """The columns a symmetry permutes: the numbers (or colours) the deck holds."""
        return self.deck.numbers if self.axis == "numbers" else self.deck.colors

    @property
    def wild_column(self) -> int:
        return self.columns - 2

    @property
    def skip_column(self) -> int:
        return self.columns - 1

    def multipliers(self) -> Codes:
        """The place value of each column in a code."""
        return self._multipliers

    def encode(self, rows: npt.ArrayLike) -> Codes:
        """The code of each profile (a row of counts)."""
        array = np.asarray(rows, dtype=np.int64)
        codes: Codes = array @ self.multipliers()
        return codes

    def decode(self, codes: Codes) -> Rows:
        """The profiles of codes (the inverse of ``encode``)."""
        radix = np.array(self.caps, dtype=np.int64) + 1
        rows = (codes[:, None] // self.multipliers()[None, :]) % radix[None, :]
        result: Rows = rows.astype(np.int8)
        return result

    def canonical(self, rows: Rows) -> Rows:
        """Each profile's canonical representative under the space's symmetry."""
        groups = self.group_columns
        if self.symmetry == "sort":
            result = rows.copy()
            result[:, :groups] = -np.sort(-rows[:, :groups], axis=1)
            return result
        if self.symmetry == "mirror":
            flipped = rows.copy()
            flipped[:, :groups] = rows[:, groups - 1 :: -1] if groups else rows[:, :0]
            use_flip = self.encode(flipped) < self.encode(rows)
            return np.where(use_flip[:, None], flipped, rows)
        return rows

    def orbit_sizes(self, rows: Rows) -> npt.NDArray[np.int64]:
        """How many profiles each canonical profile stands for."""
        groups = self.group_columns
        if self.symmetry == "sort":
            block = rows[:, :groups].astype(np.int64)
            sizes = np.full(rows.shape[0], factorial(groups), dtype=np.int64)
            for value in range(int(max(self.caps[:groups], default=0)) + 1):
                multiplicity = (block == value).sum(axis=1)
                sizes //= np.array([factorial(int(m)) for m in range(groups + 1)], dtype=np.int64)[multiplicity]
            return sizes
        if self.symmetry == "mirror":
            palindrome = (rows[:, :groups] == rows[:, groups - 1 :: -1]).all(axis=1)
            return np.where(palindrome, 1, 2).astype(np.int64)
        return np.ones(rows.shape[0], dtype=np.int64)

    def deal_weights(self, rows: Rows) -> npt.NDArray[np.int64]:
        """How many hands of the deck (physical cards) share each canonical profile."""
        weights = self.orbit_sizes(rows)
        for column, cap in enumerate(self.caps):
            table = np.array([comb(cap, k) for k in range(max(self.caps) + 1)], dtype=np.int64)
            weights = weights * table[rows[:, column]]
        return weights

    def column_of(self, card: Card) -> int:
        """The profile column a card counts in."""
        if card.is_wild:
            return self.wild_column
        if card.is_skip:
            return self.skip_column
        assert card.number is not None and card.color is not None
        return card.number - 1 if self.axis == "numbers" else card.color.index

    def rows_of(self, hands: Sequence[Sequence[Card]]) -> Rows:
        """The raw (not yet canonical) profiles of hands given as card lists.

        Cards the deck does not hold, or more copies of a card than it holds, are a ``Phase10Error``.
        """
        rows = np.zeros((len(hands), self.columns), dtype=np.int8)
        for row, hand in enumerate(hands):
            indices = []
            for card in hand:
                if not isinstance(card, Card):
                    raise Phase10Error(f"{card!r:.40} is not a Card (use parse_cards)", reason=Reason.BAD_CARDS)
                indices.append(card.index)
            copies = np.bincount(np.array(indices, dtype=np.intp), minlength=KIND_COUNT)
            if (copies > self._deck_counts).any():
                card = Card.from_index(int(np.argmax(copies > self._deck_counts)))
                held = int(self._deck_counts[card.index])
                raise Phase10Error(
                    f"the hand holds more {card} than the deck's {held} (hand: {' '.join(map(str, hand))[:100]})",
                    reason=Reason.TOO_MANY_COPIES,
                    details={"limit": held, "card": card},
                )
            rows[row] = np.bincount(self._columns[indices], minlength=self.columns)
        return rows


@cache
def profile_space(axis: Axis, symmetry: Symmetry, deck: DeckSpec = STANDARD_DECK) -> ProfileSpace:
    """The profile space over ``axis`` with a ``symmetry`` for cards of ``deck``.

    >>> profile_space("colors", "sort").caps
    (24, 24, 24, 24, 8, 4)
    """
    if axis == "numbers":
        caps = [deck.per_number if n < deck.numbers else 0 for n in range(RULE_NUMBERS)]
    else:
        caps = [deck.per_color if c < deck.colors else 0 for c in range(RULE_COLORS)]
    if symmetry == "mirror" and (axis != "numbers" or deck.numbers != RULE_NUMBERS):
        # Reading numbers backwards maps runs onto runs only when all twelve numbers exist.
        symmetry = "none"
    return ProfileSpace(axis, symmetry, deck, (*caps, deck.wilds, deck.skips))


def _mirror_codes(space: ProfileSpace, rows: Rows) -> Codes:
    """The code of each profile read with its numbers backwards (itself without a mirror symmetry)."""
    if space.symmetry != "mirror":
        return space.encode(rows)
    groups = space.group_columns
    flipped = rows.copy()
    flipped[:, :groups] = rows[:, groups - 1 :: -1]
    return space.encode(flipped)


def _mirror_column(space: ProfileSpace, column: int) -> int:
    groups = space.group_columns
    return groups - 1 - column if space.symmetry == "mirror" and column < groups else column


def _grow(space: ProfileSpace, rows: Rows, caps: npt.NDArray[np.int8]) -> tuple[Codes, list[Codes]]:
    """The canonical codes of every profile one card larger, and per column the code each row grows to.

    Without sorting, a card added to column ``k`` adds ``multiplier[k]`` to the code and the
    multiplier of the mirrored column to the mirror code, so no profile is rebuilt.
    """
    grown: list[Codes] = []
    multipliers = space.multipliers()
    if space.symmetry == "sort":
        for column in range(space.columns):
            bigger = rows.copy()
            bigger[:, column] += 1
            codes = space.encode(space.canonical(bigger))
            grown.append(np.where(rows[:, column] < caps[column], codes, -1))
    else:
        codes, mirrored = space.encode(rows), _mirror_codes(space, rows)
        for column in range(space.columns):
            grown_codes = np.minimum(codes + multipliers[column], mirrored + multipliers[_mirror_column(space, column)])
            grown.append(np.where(rows[:, column] < caps[column], grown_codes, -1))
    return _sorted_unique(np.concatenate(grown)), grown


def _sorted_unique(codes: Codes) -> Codes:
    """The distinct non-negative codes, sorted (a sort and a diff: faster here than ``np.unique``'s hashing)."""
    ordered = np.sort(codes[codes >= 0])
    keep = np.ones(len(ordered), dtype=np.bool_)
    keep[1:] = ordered[1:] != ordered[:-1]
    result: Codes = ordered[keep]
    return result


def _shrunk(space: ProfileSpace, rows: Rows, column: int, encoded: tuple[Codes, Codes]) -> Codes:
    """The canonical code of each profile with one card of ``column`` taken out (rows that hold one)."""
    if space.symmetry == "sort":
        smaller = rows.copy()
        smaller[:, column] -= 1
        return space.encode(space.canonical(np.maximum(smaller, 0)))
    multipliers = space.multipliers()
    codes, mirrored = encoded
    result: Codes = np.minimum(codes - multipliers[column], mirrored - multipliers[_mirror_column(space, column)])
    return result


@cache
def _levels(space: ProfileSpace, largest: int) -> tuple[Codes, ...]:
    """The sorted canonical codes of the profiles of 0, 1, ..., ``largest`` cards."""
    caps = np.array(space.caps, dtype=np.int8)
    levels = [space.encode(np.zeros((1, space.columns), dtype=np.int8))]
    for _ in range(largest):
        codes, _ = _grow(space, space.decode(levels[-1]), caps)
        levels.append(codes)
    return tuple(levels)


def level(space: ProfileSpace, cards: int) -> Rows:
    """Every canonical profile of ``cards`` cards, in the order of their codes.

    >>> level(profile_space("colors", "sort"), 1).tolist()
    [[1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 1]]
    """
    return space.decode(_levels(space, cards)[cards])


@dataclass(frozen=True, slots=True, eq=False)
class Transitions:
    """The moves of the model between the profiles of ``hand_size`` cards (``small``) and one more (``big``).

    ``up[k, s]``: the big profile that drawing a card of column ``k`` turns small profile ``s`` into
    (-1 when the deck has no such card left); ``draw[k, s]`` that draw's probability (the unseen
    cards of column ``k`` over all unseen cards); ``down[k, b]``: the small profile that
    discarding a card of column ``k`` leaves of big profile ``b`` (-1 when it holds none).
    """

    space: ProfileSpace
    hand_size: int
    small: Rows
    small_codes: Codes
    big: Rows
    big_codes: Codes
    up: Index
    draw: Floats
    down: Index

    def index_of(self, rows: Rows, *, big: bool = False) -> Index:
        """The position of each profile (made canonical here) among the small (or big) profiles; -1 if absent."""
        codes = self.space.encode(self.space.canonical(rows))
        table = self.big_codes if big else self.small_codes
        where = np.minimum(np.searchsorted(table, codes), len(table) - 1)
        result: Index = np.where(table[where] == codes, where, -1).astype(np.int32)
        return result


@cache
def transitions(space: ProfileSpace, hand_size: int) -> Transitions:
    """The draw and discard moves between hands of ``hand_size`` and ``hand_size + 1`` cards (cached).

    >>> t = transitions(profile_space("colors", "sort"), 2)
    >>> len(t.small), len(t.big), bool(np.allclose(t.draw.sum(axis=0), 1))
    (7, 14, True)
    """
    deck_size = sum(space.caps)
    if hand_size + 1 > deck_size:
        raise Phase10Error(
            f"a hand of {hand_size} cards cannot draw from a deck of {deck_size}", reason=Reason.BAD_HAND_SIZE
        )
    caps = np.array(space.caps, dtype=np.int8)
    levels = _levels(space, hand_size + 1)
    small_codes, big_codes = levels[hand_size], levels[hand_size + 1]
    small = space.decode(small_codes)
    big = space.decode(big_codes)
    _, grown = _grow(space, small, caps)
    up = np.stack([np.where(codes >= 0, np.searchsorted(big_codes, codes), -1) for codes in grown]).astype(np.int32)
    unseen = caps[:, None].astype(np.float64) - small.T
    draw = unseen / (deck_size - hand_size)
    down_rows = []
    encoded = (big_codes, _mirror_codes(space, big))
    for column in range(space.columns):
        positions = np.searchsorted(small_codes, _shrunk(space, big, column, encoded))
        down_rows.append(np.where(big[:, column] > 0, positions, -1))
    down = np.stack(down_rows).astype(np.int32)
    return Transitions(space, hand_size, small, small_codes, big, big_codes, up, draw, down)


def holds_mask(space: ProfileSpace, rows: Rows, phase: Phase, *, natural_required: bool = True) -> Bools:
    """Whether each profile holds the phase, for all profiles at once (the kit's batch phase check).

    >>> from phase10kit import parse_cards
    >>> space = profile_space("numbers", "none")
    >>> holds_mask(space, space.rows_of([parse_cards("R7 B7 G7 Y2 B2 W"), parse_cards("R1 R2")]), Phase.parse("2s3"))
    array([ True, False])
    """
    groups = np.ascontiguousarray(rows[:, : space.wild_column].T.astype(np.int8))
    if space.axis == "numbers":
        profiles = HandProfiles(by_number=groups, wilds=rows[:, space.wild_column])
    else:
        profiles = HandProfiles(by_color=groups, wilds=rows[:, space.wild_column])
    needed = wilds_needed(profiles, phase, natural_required=natural_required)
    result: Bools = needed <= rows[:, space.wild_column]
    return result
