"""Count profiles: hands as arrays of card counts, and the decks they are drawn from.

A set/run phase only sees how many cards of each number a hand holds and how many Wilds; a
colour phase how many of each colour. So the probability engine works on arrays of such counts
(one row per hand) instead of card lists, and counts hands by enumerating count profiles, each
weighted by how many hands share it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from phase10kit.cards import COLORS, KIND_COUNT, NUMBERS, SKIP_INDEX, WILD_INDEX, Card, card_counts
from phase10kit.errors import Phase10Error, Reason

__all__ = [
    "RULE_COLORS",
    "RULE_NUMBERS",
    "STANDARD_DECK",
    "BoolArray",
    "CountArray",
    "DeckSpec",
    "HandProfiles",
    "IntArray",
    "WeightedProfiles",
    "bounded_compositions",
    "check_hand_size",
    "color_profiles",
    "hands_holding",
    "number_profiles",
]

IntArray = npt.NDArray[np.int64]
SmallArray = npt.NDArray[np.int16]
BoolArray = npt.NDArray[np.bool_]
CountArray = npt.NDArray[np.integer[Any]]

RULE_NUMBERS = len(NUMBERS)
"""Runs may use the numbers 1 to 12 whatever a (reduced) deck holds, so profiles always have 12 number columns."""
RULE_COLORS = len(COLORS)


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """A deck: number cards 1..``numbers`` in the first ``colors`` colours, ``copies`` of each, plus Wilds and Skips.

    The standard deck is ``DeckSpec()``; reduced decks let the tests enumerate every hand.

    >>> DeckSpec().size, DeckSpec(numbers=5, colors=2, copies=1, wilds=2, skips=1).size
    (108, 13)
    """

    numbers: int = 12
    colors: int = 4
    copies: int = 2
    wilds: int = 8
    skips: int = 4

    def __post_init__(self) -> None:
        checks = (
            (1 <= self.numbers <= RULE_NUMBERS, "numbers must be 1 to 12"),
            (1 <= self.colors <= RULE_COLORS, "colors must be 1 to 4"),
            (self.copies >= 1, "copies must be at least 1"),
            (self.wilds >= 0 and self.skips >= 0, "wilds and skips cannot be negative"),
        )
        for ok, why in checks:
            if not ok:
                raise Phase10Error(f"bad deck {self!r}: {why}", reason=Reason.BAD_DECK)

    @property
    def size(self) -> int:
        """How many cards the deck holds."""
        return self.numbers * self.colors * self.copies + self.wilds + self.skips

    @property
    def per_number(self) -> int:
        """Cards of one number (all colours)."""
        return self.colors * self.copies

    @property
    def per_color(self) -> int:
        """Cards of one colour (all numbers)."""
        return self.numbers * self.copies

    def counts(self) -> tuple[int, ...]:
        """How many copies of each card index (0-47 number cards, 48 Wild, 49 Skip) the deck holds.

        >>> sum(DeckSpec().counts()), DeckSpec().counts()[WILD_INDEX]
        (108, 8)
        """
        counts = [0] * KIND_COUNT
        for number in range(1, self.numbers + 1):
            for color in range(self.colors):
                counts[(number - 1) * 4 + color] = self.copies
        counts[WILD_INDEX], counts[SKIP_INDEX] = self.wilds, self.skips
        return tuple(counts)

    def card_indices(self) -> IntArray:
        """Every card of the deck as its card index, one entry per physical card."""
        return np.repeat(np.arange(KIND_COUNT), self.counts()).astype(np.int64)


STANDARD_DECK = DeckSpec()


def check_hand_size(hand_size: int, deck: DeckSpec) -> int:
    """``hand_size`` itself when the deck can deal it; otherwise a ``Phase10Error`` quoting it."""
    if isinstance(hand_size, bool) or not isinstance(hand_size, int) or not 1 <= hand_size <= deck.size:
        raise Phase10Error(
            f"hand size {hand_size!r} is not a whole number from 1 to {deck.size} (the deck's size)",
            reason=Reason.BAD_HAND_SIZE,
        )
    return hand_size


class HandProfiles:
    """Many hands as count arrays: per number (``numbers``, shape (N, 12)), per colour (``colors``,
    (N, 4)), per number and colour (``cells``, (N, 12, 4)) and Wilds (``wilds``, (N,)).

    The arrays are stored transposed (``by_number`` is (12, N), ``by_color`` (4, N)) so that each
    step of a check is a contiguous pass over all hands. Built from card counts every array is
    available; the exact engine builds number-only or colour-only profiles. Derived arrays several
    phases share (ranked counts, presence masks) are computed once.

    >>> from phase10kit import parse_cards
    >>> p = HandProfiles.from_hands([parse_cards("R7 B7 W S"), parse_cards("G1 G2")])
    >>> p.numbers[:, 6].tolist(), p.wilds.tolist(), p.colors[1].tolist()
    ([2, 0], [1, 0], [0, 0, 2, 0])
    """

    __slots__ = ("_by_color", "_by_number", "_cache", "_counts", "_packed", "wilds")

    def __init__(
        self,
        *,
        by_number: CountArray | None = None,
        by_color: CountArray | None = None,
        counts: CountArray | None = None,
        wilds: CountArray | None = None,
    ) -> None:
        self._by_number = by_number
        self._by_color = by_color
        self._counts = counts
        self.wilds = wilds
        self._cache: dict[tuple[str, int], CountArray] = {}
        self._packed: CountArray | None = None

    @staticmethod
    def from_counts(counts: npt.ArrayLike) -> HandProfiles:
        """Profiles from an (N, 50) array of card counts by card index (like ``card_counts`` gives)."""
        array = np.asarray(counts)
        if array.ndim != 2 or array.shape[1] != KIND_COUNT or not np.issubdtype(array.dtype, np.integer):
            raise Phase10Error(
                f"hand counts must be whole numbers of shape (N, {KIND_COUNT}), not {array.dtype} {array.shape}",
                reason=Reason.BAD_PROFILE,
            )
        # Bounds that keep every per-number and per-colour sum within 8 bits (a real hand has at most 2 copies).
        if array.size and (array.min() < 0 or array[:, :WILD_INDEX].max() > 10 or array[:, WILD_INDEX:].max() > 127):
            raise Phase10Error(
                "hand counts must be 0 or more, at most 10 of a number card and 127 Wilds or Skips",
                reason=Reason.BAD_PROFILE,
            )
        small = array.astype(np.int8, copy=False)
        # Each number's four colour counts read as one little-endian 32-bit word: multiplying by
        # 0x01010101 adds the four bytes into the top byte, and summing words adds per colour.
        packed = np.ascontiguousarray(small[:, :WILD_INDEX]).view("<u4")  # (N, 12)
        by_number = np.ascontiguousarray(((packed * np.uint32(0x01010101)) >> np.uint32(24)).astype(np.int8).T)
        profiles = HandProfiles(by_number=by_number, counts=small, wilds=np.ascontiguousarray(small[:, WILD_INDEX]))
        profiles._packed = packed
        return profiles

    @staticmethod
    def from_hands(hands: Iterable[Iterable[Card]]) -> HandProfiles:
        """Profiles of hands given as card lists."""
        rows = [card_counts(hand) for hand in hands]
        return HandProfiles.from_counts(np.array(rows, dtype=np.int16).reshape(-1, KIND_COUNT))

    def __len__(self) -> int:
        for array in (self._by_number, self._by_color):
            if array is not None:
                return int(array.shape[1])
        return 0 if self.wilds is None else int(self.wilds.shape[0])

    @property
    def by_number(self) -> CountArray:
        """Cards of each number, one row per number 1..12: shape (12, N)."""
        if self._by_number is None:
            raise Phase10Error("these profiles hold no per-number counts", reason=Reason.BAD_PROFILE)
        return self._by_number

    @property
    def by_color(self) -> CountArray:
        """Cards of each colour, one row per colour: shape (4, N)."""
        if self._by_color is None:
            if self._packed is None:
                raise Phase10Error("these profiles hold no per-colour counts", reason=Reason.BAD_PROFILE)
            totals = self._packed.sum(axis=1, dtype="<u4")  # four per-colour byte sums (each < 128)
            self._by_color = np.ascontiguousarray(totals.view(np.int8).reshape(-1, RULE_COLORS).T)
        return self._by_color

    @property
    def numbers(self) -> CountArray:
        """Cards of each number, one row per hand: shape (N, 12)."""
        return self.by_number.T

    @property
    def colors(self) -> CountArray:
        """Cards of each colour, one row per hand: shape (N, 4)."""
        return self.by_color.T

    @property
    def cells(self) -> CountArray:
        """Cards of each number and colour: shape (N, 12, 4)."""
        if self._counts is None:
            raise Phase10Error(
                "this phase needs per-card counts (number and colour together)", reason=Reason.BAD_PROFILE
            )
        return self._counts[:, :WILD_INDEX].reshape(-1, RULE_NUMBERS, RULE_COLORS)

    def ranked(self, kind: str, top: int) -> CountArray:
        """The ``top`` largest counts per number (``kind="numbers"``) or colour of each hand, fullest first.

        Shape (top, N).
        """
        key = (kind, top)
        if key not in self._cache:
            self._cache[key] = _top_counts(self.by_number if kind == "numbers" else self.by_color, top)
        return self._cache[key]

    def presence_mask(self) -> CountArray:
        """Bit ``v - 1`` set when the hand holds a number ``v`` (computed once, shared by the run phases)."""
        key = ("mask", 0)
        if key not in self._cache:
            bits = np.zeros(len(self), dtype=np.int16)
            for bit, row in enumerate(self.by_number):
                bits |= (row > 0).astype(np.int16) << bit
            self._cache[key] = bits
        return self._cache[key]


def _top_counts(rows: CountArray, top: int) -> CountArray:
    """The ``top`` largest values of each column, largest first (two passes of ``max`` for one or two)."""
    largest: CountArray = rows.max(axis=0)
    if top == 1:
        return largest[None, :]
    if top == 2:
        ties = (rows == largest).sum(axis=0, dtype=np.int8) >= 2
        below = np.where(rows < largest, rows, 0).max(axis=0)
        return np.vstack([largest, np.where(ties, largest, below)])
    ranked: CountArray = -np.sort(-rows, axis=0)[:top]
    return ranked


def bounded_compositions(parts: int, cap: int, max_total: int) -> SmallArray:
    """Every vector of ``parts`` counts in 0..``cap`` summing to at most ``max_total``, one per row.

    >>> bounded_compositions(2, 1, 2).tolist()
    [[0, 0], [0, 1], [1, 0], [1, 1]]
    """
    rows = np.zeros((1, 0), dtype=np.int16)
    sums = np.zeros(1, dtype=np.int64)
    for _ in range(parts):
        options = np.minimum(cap, max_total - sums) + 1
        starts = np.repeat(np.cumsum(options) - options, options)
        values = (np.arange(int(options.sum())) - starts).astype(np.int16)
        rows = np.column_stack([np.repeat(rows, options, axis=0), values])
        sums = np.repeat(sums, options) + values
    return rows


def binomial_table(n: int, largest_k: int) -> IntArray:
    """``C(n, k)`` for k = 0..``largest_k`` (0 beyond n)."""
    return np.array([comb(n, k) for k in range(largest_k + 1)], dtype=np.int64)


@dataclass(frozen=True, slots=True)
class WeightedProfiles:
    """Profiles of the naturals of every hand of a size, each with how many hands share it.

    ``naturals[i]`` is the number of number cards; the Wilds and Skips that fill the rest of the
    hand are summed out later (``hands_holding``) because a phase only needs "enough Wilds".
    """

    profiles: HandProfiles
    naturals: IntArray
    weights: IntArray


def number_profiles(deck: DeckSpec, hand_size: int) -> WeightedProfiles:
    """Every per-number count vector of at most ``hand_size`` number cards, with its weight
    (the product of ``C(cards of that number, count)``), padded to the 12 numbers of the rules."""
    return _weighted(deck.numbers, deck.per_number, hand_size, RULE_NUMBERS, by_number=True)


def color_profiles(deck: DeckSpec, hand_size: int) -> WeightedProfiles:
    """Every per-colour count vector of at most ``hand_size`` number cards, weighted like ``number_profiles``."""
    return _weighted(deck.colors, deck.per_color, hand_size, RULE_COLORS, by_number=False)


def _weighted(parts: int, cap: int, hand_size: int, columns: int, *, by_number: bool) -> WeightedProfiles:
    rows = bounded_compositions(parts, cap, hand_size)
    binomials = binomial_table(cap, cap)
    weights = np.ones(rows.shape[0], dtype=np.int64)
    for part in range(parts):
        weights *= binomials[rows[:, part]]
    padded = np.zeros((columns, rows.shape[0]), dtype=np.int8)
    padded[:parts] = rows.T
    naturals = rows.sum(axis=1, dtype=np.int64)
    profiles = HandProfiles(by_number=padded) if by_number else HandProfiles(by_color=padded)
    return WeightedProfiles(profiles, naturals, weights)


def hands_holding(weighted: WeightedProfiles, needed: IntArray, deck: DeckSpec, hand_size: int) -> int:
    """How many hands of ``hand_size`` hold the phase, given the Wilds each naturals profile needs.

    A profile with ``m`` number cards is completed by ``w`` Wilds and ``hand_size - m - w`` Skips;
    it holds the phase when ``w >= needed``. ``fill[m, k]`` counts the Wild/Skip fillings with at
    least ``k`` Wilds (the last column, for "never", is 0).
    """
    fill = np.zeros((hand_size + 1, deck.wilds + 2), dtype=np.int64)
    for m in range(hand_size + 1):
        rest = hand_size - m
        ways = [
            comb(deck.wilds, w) * comb(deck.skips, rest - w) if rest - w <= deck.skips else 0 for w in range(rest + 1)
        ]
        ways += [0] * (deck.wilds + 1 - len(ways))
        fill[m, : deck.wilds + 1] = np.cumsum(ways[::-1])[::-1][: deck.wilds + 1]
    column = np.minimum(needed, deck.wilds + 1)
    return int(np.sum(weighted.weights * fill[weighted.naturals, column], dtype=np.int64))
