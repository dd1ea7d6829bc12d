"""Exact counts for phases mixing a set or a run with a colour group (``s5+c4``, ``r4+c4``): a dynamic programme.

Such a phase sees numbers and colours together, too many profiles to enumerate. But the fewest
Wilds it needs follow from a few facts (the same as the batch check's, ``batch._with_color``):
with the colour group in colour ``c`` holding ``K`` cards of that colour, a number group (the set
on one number, or the run on a window of numbers) takes ``F`` naturals from cards not of colour
``c`` and up to ``P - F`` more from cards only of colour ``c``, so the naturals are
``min(P + colour size, F + K)``; both groups have a natural when ``F >= 1`` and ``K >= 1``, or
``P - F >= 1`` and ``K >= 2``.

So the count runs over the colour totals ``K`` of the hand (one colour-sorted vector at a time,
times its permutations) and, number by number, over the cards of that number in each colour: the
state is what is left of ``K`` to place, what the last numbers looked like (for a run: per number
nothing, one colour only, or several colours) and the best group naturals so far. The Wilds and
Skips that fill the hand are summed out in closed form, as for the other phases.

>>> from phase10kit.probability.profiles import DeckSpec
>>> count_mixed(Phase.parse("r2+c2"), 4, DeckSpec(numbers=3, colors=2, copies=1, wilds=1, skips=0))
34
"""

from __future__ import annotations

import hashlib
import itertools
import os
from collections.abc import Iterator
from functools import cache
from math import comb, factorial, prod

import numpy as np
import numpy.typing as npt

from phase10kit.errors import Phase10Error, Reason
from phase10kit.phases import GroupKind, Phase
from phase10kit.probability.batch import phase_shape
from phase10kit.probability.profiles import RULE_NUMBERS, STANDARD_DECK, DeckSpec
from phase10kit.probability.solitaire import cache_dir

__all__ = ["MIXED_SHAPES", "count_mixed"]

Counts = npt.NDArray[np.float64]
MIXED_SHAPES = ("run+color", "set+color")


def _sizes(phase_: Phase) -> tuple[str, int, int]:
    shape = phase_shape(phase_)
    if shape not in MIXED_SHAPES:
        raise Phase10Error(f"{phase_} is not one set or run with one colour group", reason=Reason.NOT_EXACT)
    number_kind = GroupKind.RUN if shape == "run+color" else GroupKind.SET
    number_size = next(spec.size for spec in phase_.groups if spec.kind is number_kind)
    color_size = next(spec.size for spec in phase_.groups if spec.kind is GroupKind.COLOR)
    return shape, number_size, color_size


def _sorted_totals(colors: int, cards: int, cap: int) -> Iterator[tuple[int, ...]]:
    """Every colour-total vector with at most ``cards`` cards, sorted fullest first (each at most ``cap``)."""
    for vector in itertools.product(range(min(cap, cards) + 1), repeat=colors):
        if sum(vector) <= cards and list(vector) == sorted(vector, reverse=True):
            yield vector


def _permutations(vector: tuple[int, ...]) -> int:
    counts: dict[int, int] = {}
    for value in vector:
        counts[value] = counts.get(value, 0) + 1
    return factorial(len(vector)) // prod(factorial(n) for n in counts.values())


def _group_value(present: int, free: int, totals: int, color_size: int, natural_required: bool) -> int:
    """Naturals the two groups get (-1 when a group would lack its natural card)."""
    if natural_required and not ((free >= 1 and totals >= 1) or (present - free >= 1 and totals >= 2)):
        return -1
    return min(present + color_size, free + totals)


def _bucket(values: npt.NDArray[np.int64], floor: int) -> npt.NDArray[np.int64]:
    """Best values as state indices: 0 below ``floor`` (or no layout), else ``value - floor + 1``."""
    result: npt.NDArray[np.int64] = np.where(values >= floor, values - floor + 1, 0)
    return result


def _naturals_distribution(
    shape: str,
    number_size: int,
    color_size: int,
    totals: tuple[int, ...],
    deck: DeckSpec,
    natural_required: bool,
    floor: int,
) -> Counts:
    """For hands whose number cards have exactly these colour totals: how many have each best value.

    Index ``b - floor + 1`` of the result counts the configurations whose best group naturals are
    ``b >= floor``; index 0 those below ``floor`` or with no valid layout (the Wilds left for the
    hand could not complete them, so they need not be told apart).
    """
    colors = len(totals)
    top = number_size + color_size
    radix = [k + 1 for k in totals]
    left = np.array(list(itertools.product(*[range(r) for r in radix])), dtype=np.int64)  # (R, colors)
    place = np.array([prod(radix[c + 1 :]) for c in range(colors)], dtype=np.int64)
    states_r = len(left)
    kinds = colors + 2  # per number: 0 nothing, 1..colors one colour only, colors + 1 several colours
    memory = number_size - 1 if shape == "run+color" else 0
    states_m = kinds**memory
    best_values = top - floor + 2  # "too few", then floor..top
    size = states_r * states_m * best_values
    # The memory of a run: the kinds of the last number_size - 1 numbers, oldest in the lowest digit.
    digits = np.array(
        [[(m // kinds**i) % kinds for i in range(memory)] for m in range(states_m)], dtype=np.int64
    ).reshape(states_m, memory)
    next_memory, closed = [], []
    for kind in range(kinds):
        shifted = np.concatenate([digits, np.full((states_m, 1), kind)], axis=1)[:, 1:]
        next_memory.append((shifted * kinds ** np.arange(memory)).sum(axis=1).astype(np.int64))
        values = []
        for row in digits:
            window = np.append(row, kind)
            present = int(np.count_nonzero(window))
            best = -1
            for c in range(colors):
                free = int(np.count_nonzero((window != 0) & (window != 1 + c)))
                best = max(best, _group_value(present, free, totals[c], color_size, natural_required))
            values.append(best)
        closed.append(_bucket(np.array(values, dtype=np.int64), floor))
    dp = np.zeros(size)
    dp[(states_r - 1) * states_m * best_values] = 1.0  # nothing placed yet: every colour total still to place
    for number in range(1, RULE_NUMBERS + 1):
        cap = deck.copies if number <= deck.numbers else 0
        targets: list[npt.NDArray[np.int64]] = []
        masses: list[Counts] = []
        # Only the reachable states move on: decompose their flat index once per number.
        flat = np.flatnonzero(dp)
        mass = dp[flat]
        from_r, rest = np.divmod(flat, states_m * best_values)
        from_m, from_b = np.divmod(rest, best_values)
        held = left[from_r]
        for cells in itertools.product(range(cap + 1), repeat=colors):
            taken = np.array(cells, dtype=np.int64)
            ok = (held >= taken).all(axis=1)
            if not ok.any():
                continue
            weight = prod(comb(deck.copies, x) for x in cells)
            colours_here = [c for c in range(colors) if cells[c]]
            kind = 0 if not colours_here else (1 + colours_here[0] if len(colours_here) == 1 else colors + 1)
            if shape == "set+color":
                value = -1
                for c in range(colors):
                    free = min(sum(cells) - cells[c], number_size)
                    conflict = min(cells[c], number_size - free)
                    # The set takes at most its size in naturals: its "present" is free + conflict.
                    value = max(value, _group_value(free + conflict, free, totals[c], color_size, natural_required))
                to_m = from_m[ok]
                window = _bucket(np.full(len(to_m), value, dtype=np.int64), floor)
            else:
                to_m = next_memory[kind][from_m[ok]]
                window = closed[kind][from_m[ok]] if number >= number_size else np.zeros(len(to_m), dtype=np.int64)
            to_r = from_r[ok] - int(taken @ place)
            to_b = np.maximum(from_b[ok], window)
            targets.append((to_r * states_m + to_m) * best_values + to_b)
            masses.append(mass[ok] * weight)
        # One sum per number over every move (a bincount per move would clear the whole table each time).
        dp = np.bincount(np.concatenate(targets), weights=np.concatenate(masses), minlength=size)
    result: Counts = dp.reshape(states_r, states_m, best_values)[0].sum(axis=0)  # everything placed
    return result


CACHE_VERSION = 1
"""Bumped when the count changes: older cached counts are then ignored."""


@cache
def count_mixed(
    phase_: Phase, hand_size: int = 10, deck: DeckSpec = STANDARD_DECK, natural_required: bool = True
) -> int:
    """The exact number of ``hand_size``-card hands of ``deck`` holding a set or run plus a colour group.

    Counted once, then kept in memory and on disk (the solitaire tables' cache directory: a count of
    ``r4+c4`` takes seconds); a cached count that does not read back as a possible count is recounted.

    >>> from phase10kit import Phase
    >>> count_mixed(Phase.parse("s2+c2"), 4, DeckSpec(numbers=2, colors=2, copies=1, wilds=1, skips=0))
    4
    """
    d = deck
    key = (
        f"exact-v{CACHE_VERSION}-{phase_}-h{hand_size}-n{d.numbers}c{d.colors}x{d.copies}w{d.wilds}s{d.skips}"
        f"-{'nat' if natural_required else 'wild'}"
    )
    path = cache_dir() / f"{key}.txt"
    try:
        number, _, check = path.read_text(encoding="ascii").strip().partition(" ")
        if number.isdigit() and int(number) <= comb(deck.size, hand_size) and check == _checksum(key, number):
            return int(number)
    except (OSError, UnicodeDecodeError, ValueError):
        pass
    counted = _count(phase_, hand_size, deck, natural_required)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(f"{counted} {_checksum(key, str(counted))}\n", encoding="ascii")
        os.replace(temporary, path)
    except OSError:
        pass
    return counted


def _checksum(key: str, number: str) -> str:
    return hashlib.sha256(f"{key}={number}".encode()).hexdigest()[:16]


def _count(phase_: Phase, hand_size: int, deck: DeckSpec, natural_required: bool) -> int:
    """The count itself (see ``count_mixed``)."""
    shape, number_size, color_size = _sizes(phase_)
    top = number_size + color_size
    total = 0
    for number_cards in range(hand_size + 1):
        rest = hand_size - number_cards
        # fill[k]: the Wild/Skip fillings of the rest of the hand with at least k Wilds.
        ways = [comb(deck.wilds, w) * comb(deck.skips, rest - w) for w in range(rest + 1)]
        fill = [sum(ways[k:]) for k in range(rest + 2)]
        if not any(ways):
            continue
        for totals in _sorted_totals(deck.colors, number_cards, deck.per_color):
            if sum(totals) != number_cards:
                continue
            floor = max(top - min(rest, deck.wilds), 0)
            distribution = _naturals_distribution(shape, number_size, color_size, totals, deck, natural_required, floor)
            held = 0
            for index, configurations in enumerate(distribution.tolist()):
                if index == 0 or configurations == 0:
                    continue
                needed = top - (floor + index - 1)
                if needed <= rest:
                    held += round(configurations) * fill[needed]
            total += held * _permutations(totals)
    return total
