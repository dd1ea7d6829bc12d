"""Perfect play, solved: the fewest expected turns to make one phase alone, by dynamic programming.

The model (a Markov decision process): after each discard the player holds 10 cards. A turn draws
one card from the unseen cards, which are the 108-card deck minus the hand (the model forgets the
discards: each discarded card is shuffled back into the unseen cards, so a hand's future depends
on the hand alone). The turn ends when the 11 cards hold the phase, or with the discard that
leaves the fewest expected turns. Turns count draws: a hand dealt already holding the phase takes
one turn (draw, then lay). The kit's default rule applies: every group needs a natural card.

The value of a 10-card hand ``h`` is ``V(h) = 1 + sum over draws x of P(x | h) * R(h + x)``,
where ``R`` of 11 cards is 0 when they hold the phase, else the smallest ``V`` over the discards.
It is solved over count profiles (``solitaire_profiles``), their moves indexed through group parts
(``solitaire_chain``), by modified policy iteration (``solitaire_solve``) until no value changes by
more than ``solitaire_solve.TOLERANCE``: 6–14 s of CPU for a run phase (its sweeps a sparse product,
``solitaire_policy``), a fraction of a second for sets or colours. Solved tables are cached on disk
(``$P10_CACHE``, else ``~/.cache/phase10kit``) and read memory-mapped (``solitaire_store``); a file that
does not check out is solved again, and two processes asking for the same table solve it once.

>>> from phase10kit import parse_cards, Phase
>>> opt = solitaire_optimum(Phase.parse("s3"))
>>> round(opt.expected_turns, 3), round(opt.within(1), 3)
(1.821, 0.767)
>>> opt.value(parse_cards("R7 B7 G7 Y1 Y2 Y3 Y4 Y5 Y6 S"))
1.0
>>> opt.best_discard(parse_cards("R7 B7 G2 Y2 R9 B10 G11 Y12 R1 S W"))
Card('S')
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from phase10kit.cards import Card
from phase10kit.errors import Phase10Error, Reason, quote
from phase10kit.i18n import decimal
from phase10kit.phases import Phase, phase
from phase10kit.probability.batch import phase_shape
from phase10kit.probability.profiles import STANDARD_DECK, DeckSpec
from phase10kit.probability.solitaire_chain import model_chain
from phase10kit.probability.solitaire_profiles import Axis, ProfileSpace, Symmetry, holds_mask, profile_space
from phase10kit.probability.solitaire_solve import solve_chain
from phase10kit.probability.solitaire_store import load_table, solving_lock, store_table
from phase10kit.rules import HAND_SIZE, STANDARD_RULES, Rules, needs_natural
from phase10kit.solver import can_complete

__all__ = [
    "WITHIN_TURNS",
    "SolitaireOptimum",
    "cache_dir",
    "fits_model",
    "forget_solved",
    "optimum_table",
    "solitaire_optimum",
    "turns_text",
]

MODEL_VERSION = 2
"""Bumped whenever the model or the table format changes: old cache files are then ignored.

Version 2: the same values as version 1 (to the last bit), in a file whose arrays can be memory-mapped."""
WITHIN_TURNS = 100
"""``within(k)`` is tabulated for k = 1 to this many turns."""
SHAPES: dict[str, tuple[Axis, Symmetry]] = {
    "sets": ("numbers", "sort"),
    "run": ("numbers", "mirror"),
    "set+run": ("numbers", "mirror"),
    "colors": ("colors", "sort"),
}
"""The phase shapes the model solves: the profile each needs and the symmetry that folds it."""

Floats = npt.NDArray[np.float64]


def fits_model(phase_: Phase) -> bool:
    """Whether ``solitaire_optimum`` solves this phase: sets and runs only, or colour groups only.

    Phases mixing number and colour groups (``r4+c4``, ``s5+c4``) need number and colour together:
    far too many profiles. Two runs (``2r3``) or a run with two sets are not solved either (the
    batch check has no vectorised counting argument for them).

    >>> fits_model(phase(1)), fits_model(phase(8)), fits_model(phase(14))
    (True, True, False)
    """
    return phase_shape(phase_) in SHAPES


def turns_text(value: float, other: float | None = None, lang: str = "en") -> str:
    """A number of turns for a sentence: one decimal, two when one decimal would hide the difference to ``other``
    (written as ``lang`` writes decimals).

    >>> turns_text(4.123), turns_text(4.123, 4.14), turns_text(4.1, 4.6), turns_text(4.123, lang="cs")
    ('4.1', '4.12', '4.1', '4,1')
    """
    digits = 1 if other is None or round(value, 1) != round(other, 1) else 2
    return decimal(value, digits, lang)


def cache_dir() -> Path:
    """Where solved tables are kept: ``$P10_CACHE`` when set, else ``~/.cache/phase10kit``.

    >>> cache_dir().name in ("phase10kit", os.environ.get("P10_CACHE", "").rstrip("/").split("/")[-1])
    True
    """
    configured = os.environ.get("P10_CACHE")
    return Path(configured) if configured else Path.home() / ".cache" / "phase10kit"


@dataclass(frozen=True, slots=True)
class SolveStats:
    """How a table was made: profiles of 10 and 11 cards, policy improvements, evaluation sweeps, seconds."""

    states: int
    big_states: int
    iterations: int
    sweeps: int
    seconds: float


@dataclass(frozen=True, eq=False)
class SolitaireOptimum:
    """The solved optimum for one phase: expected turns, their distribution and the best discard of any hand.

    ``value(hand)`` of 10 cards is the expected number of turns still to play (the next draw
    counted); of 11 cards (just drawn), the turns still to play after this one under the best
    discard (0 when the 11 cards hold the phase).
    """

    phase: Phase
    natural_required: bool
    hand_size: int
    deck: DeckSpec
    expected_turns: float
    """Expected turns from a random deal under perfect play (the deal's distribution counted exactly)."""
    stats: SolveStats
    from_cache: bool
    _space: ProfileSpace = field(repr=False)
    _codes: npt.NDArray[np.int64] = field(repr=False)
    _values: Floats = field(repr=False)
    _within: Floats = field(repr=False)

    def __repr__(self) -> str:
        return f"SolitaireOptimum({self.phase}, expected_turns={self.expected_turns:.4f}, states={self.states})"

    @property
    def states(self) -> int:
        """Distinct 10-card profiles (after folding symmetric ones)."""
        return self.stats.states

    @property
    def iterations(self) -> int:
        """Policy improvements (full Bellman updates) until the values settled."""
        return self.stats.iterations

    def within(self, turns: int) -> float:
        """The chance of having made the phase within ``turns`` turns of a random deal, playing perfectly.

        >>> opt = solitaire_optimum(Phase.parse("s3"))
        >>> opt.within(0), opt.within(1) < opt.within(2) < opt.within(30) <= 1
        (0.0, True)
        """
        if isinstance(turns, bool) or not isinstance(turns, int) or not 0 <= turns <= WITHIN_TURNS:
            raise Phase10Error(
                f"within(turns): turns is a whole number from 0 to {WITHIN_TURNS}, not {quote(turns, 40)}",
                reason=Reason.BAD_COUNT,
            )
        return 0.0 if turns == 0 else float(self._within[turns - 1])

    def distribution(self, turns: int = 30) -> list[float]:
        """``[within(1), within(2), ..., within(turns)]``."""
        return [self.within(k) for k in range(1, turns + 1)]

    # -- hands

    def _rows(self, hands: Sequence[Sequence[Card]], size: int | None) -> npt.NDArray[np.int8]:
        """The profiles of hands of ``size`` cards (any size when None); anything else is a ``Phase10Error``."""
        for hand in hands:
            if isinstance(hand, str | bytes) or not isinstance(hand, Sequence):
                raise Phase10Error(
                    f"a hand is a list of Card (use parse_cards), not {quote(hand, 80)}", reason=Reason.BAD_CARDS
                )
            if size is not None and len(hand) != size:
                raise Phase10Error(
                    f"expected a hand of {size} cards, not {len(hand)}: {quote(' '.join(map(str, hand)), 80)}",
                    reason=Reason.BAD_HAND_SIZE,
                    details={"count": size},
                )
        return self._space.rows_of(hands)

    def _lookup(self, rows: npt.NDArray[np.int8]) -> Floats:
        codes = self._space.encode(self._space.canonical(rows))
        where = np.minimum(np.searchsorted(self._codes, codes), len(self._codes) - 1)
        if not (self._codes[where] == codes).all():  # cannot happen for a valid hand: the table holds every profile
            raise Phase10Error("a hand outside the solved table", reason=Reason.BAD_CARDS)
        result: Floats = self._values[where]
        return result

    def value(self, hand: Sequence[Card]) -> float:
        """Expected turns still to play from this hand (10 cards: the next draw counted; 11 cards: after this turn).

        >>> from phase10kit import parse_cards
        >>> opt = solitaire_optimum(Phase.parse("s3"))
        >>> held = parse_cards("R7 B7 G7 Y1 Y2 Y3 Y4 Y5 Y6 S")
        >>> opt.value(held), opt.value([*held, Card.parse("W")])
        (1.0, 0.0)
        """
        size = len(hand) if isinstance(hand, Sequence) and not isinstance(hand, str | bytes) else None
        if size == self.hand_size:
            return float(self._lookup(self._rows([hand], size))[0])
        if size is not None and size != self.hand_size + 1:
            raise Phase10Error(
                f"value() takes a hand of {self.hand_size} or {self.hand_size + 1} cards, not {size}",
                reason=Reason.BAD_HAND_SIZE,
                details={"count": self.hand_size},
            )
        after = min(self.discard_values(hand).values())  # checks the hand
        rules = replace(STANDARD_RULES, natural_required=self.natural_required)  # its phases are parsed already
        return 0.0 if can_complete(hand, self.phase, rules=rules) else after

    def holds(self, hand: Sequence[Card]) -> bool:
        """Whether the cards hold the phase (the model's vectorised check; any number of cards)."""
        rows = self._rows([hand], None)
        return bool(holds_mask(self._space, rows, self.phase, natural_required=self.natural_required)[0])

    def discard_values(self, hand: Sequence[Card]) -> dict[Card, float]:
        """For an 11-card hand: each distinct card and the expected turns still to play after discarding it.

        >>> from phase10kit import parse_cards
        >>> opt = solitaire_optimum(Phase.parse("s3"))
        >>> values = opt.discard_values(parse_cards("R7 B7 G2 Y2 R9 B10 G11 Y12 R1 S W"))
        >>> values[Card.parse("S")] < values[Card.parse("W")]
        True
        """
        rows = self._rows([hand], self.hand_size + 1)
        cards = sorted(set(hand))
        after = np.repeat(rows, len(cards), axis=0)
        for i, card in enumerate(cards):
            after[i, self._space.column_of(card)] -= 1
        return dict(zip(cards, self._lookup(after).tolist(), strict=True))

    def best_discard(self, hand: Sequence[Card]) -> Card:
        """The discard of an 11-card hand that leaves the fewest expected turns (never one that breaks a held phase).

        Ties go to a Skip, then to the higher card, and never to a Wild while another card ties.
        """
        values = self.discard_values(hand)
        best = min(values.values())
        tied = [card for card, v in values.items() if v <= best + 1e-9]
        return max(tied, key=lambda c: (c.is_skip, not c.is_wild, c.index))


# ---------------------------------------------------------------------------------------------
# Solving


def _solve(space: ProfileSpace, phase_: Phase, natural_required: bool, hand_size: int) -> dict[str, Any]:
    """The optimal values of every profile of ``hand_size`` cards and the deal's distribution of turns."""
    chain = model_chain(space, hand_size)
    done_big = chain.holds(phase_, natural_required)
    weights = space.deal_weights(chain.small_rows()).astype(np.float64) / comb(sum(space.caps), hand_size)
    solved = solve_chain(chain, done_big, weights, WITHIN_TURNS)
    return {
        "codes": chain.small_codes,
        "values": solved.values,
        "within": solved.within,
        "expected": np.array(solved.expected),
        "stats": np.array([chain.states, chain.big_states, solved.iterations, solved.sweeps]),
        "seconds": np.array(solved.seconds),
    }


# ---------------------------------------------------------------------------------------------
# The disk cache (``solitaire_store``: atomic writes, a checksum, memory-mapped reads)


def _cache_key(phase_: Phase, natural_required: bool, hand_size: int, deck: DeckSpec) -> str:
    d = deck
    deck_text = f"n{d.numbers}c{d.colors}x{d.copies}w{d.wilds}s{d.skips}"
    return f"solitaire-v{MODEL_VERSION}-{phase_}-h{hand_size}-{deck_text}-{'nat' if natural_required else 'wild'}"


def _load(path: Path, key: str, hand_size: int) -> dict[str, Any] | None:
    """The arrays of a cache file when it is complete and consistent, else None (it is then solved again).

    Beyond the store's checksum, the shapes and the small arrays are checked here; the mapped ``codes`` and
    ``values`` are not read through (that would bring every page of them into memory).
    """
    arrays = load_table(path, key)
    if arrays is None:
        return None
    codes, values, within, stats = arrays["codes"], arrays["values"], arrays["within"], arrays["stats"]
    sound = (
        codes.dtype == np.int64
        and values.dtype == np.float64
        and stats.shape == (4,)
        and codes.shape == values.shape == (int(stats[0]),)
        and within.shape == (WITHIN_TURNS,)
        and bool(np.all((within >= 0) & (within <= 1 + 1e-9)))
        and bool(np.isfinite(arrays["expected"]) and arrays["expected"] >= 1.0)
    )
    return arrays if sound else None


# ---------------------------------------------------------------------------------------------


def _resolve(phase_: Phase | int | str) -> Phase:
    if isinstance(phase_, Phase):
        return phase_
    if isinstance(phase_, int) and not isinstance(phase_, bool):
        return phase(phase_)
    if isinstance(phase_, str):
        return Phase.parse(phase_)
    raise Phase10Error(
        f"{quote(phase_, 60)} is not a phase: give a Phase, a number or text like 's3+r4'",
        reason=Reason.BAD_PHASE,
        details={"text": quote(phase_, 40)},
    )


def solitaire_optimum(
    phase_: Phase | int | str,
    *,
    rules: Rules | None = None,
    hand_size: int = HAND_SIZE,
    deck: DeckSpec = STANDARD_DECK,
    cache: bool = True,
) -> SolitaireOptimum:
    """The solved optimum of making ``phase_`` alone under ``rules`` (the standard rules when None; only whether a
    group needs a natural card matters here; see the module's docstring for the model).

    Solved on first use, then kept in memory and (``cache=True``) on disk. A reduced ``deck`` with
    a smaller ``hand_size`` gives small models to study by hand. A phase mixing number and colour
    groups (``r4+c4``, ``s5+c4``) does not fit the model: ``Phase10Error`` with reason ``not-solitaire``.

    >>> opt = solitaire_optimum("c7")
    >>> 1 < opt.expected_turns < 30, opt.states
    (True, 280)
    """
    chosen = _resolve(phase_)
    if not fits_model(chosen):
        why = (
            "it mixes a number group with a colour group (it would need number and colour counts together: far "
            "too many profiles)"
            if phase_shape(chosen) in ("run+color", "set+color")
            else "the model solves sets, one run with or without one set, or colour groups only"
        )
        raise Phase10Error(
            f"{chosen} does not fit the solitaire model: {why}",
            reason=Reason.NOT_SOLITAIRE,
            details={"phase": str(chosen)},
        )
    if rules is not None and not isinstance(rules, Rules):
        raise Phase10Error(f"rules must be a Rules value, not {quote(rules, 60)}", reason=Reason.BAD_RULES)
    if not isinstance(cache, bool):
        raise Phase10Error(f"cache is True or False, not {quote(cache, 40)}", reason=Reason.BAD_RULES)
    if not isinstance(deck, DeckSpec):
        raise Phase10Error(f"deck must be a DeckSpec, not {quote(deck, 60)}", reason=Reason.BAD_DECK)
    if isinstance(hand_size, bool) or not isinstance(hand_size, int) or not 1 <= hand_size < deck.size:
        raise Phase10Error(
            f"hand_size must be a whole number from 1 to {deck.size - 1}, not {quote(hand_size, 40)}",
            reason=Reason.BAD_HAND_SIZE,
        )
    return _optimum(chosen, needs_natural(rules), hand_size, deck, cache)


def optimum_table(phases: Sequence[int] = range(1, 21), turns: Sequence[int] = (1, 2, 3, 5, 10, 20, 30)) -> Any:
    """The optimum of every listed phase that fits the model, one row each (solving and caching what is missing).

    Columns: ``phase``, ``notation``, ``states``, ``expected_turns`` and ``within_k`` for each k of ``turns``.
    Solving a run phase the first time takes seconds (see ``benchmarks/README.md``), then it is cached.

    >>> optimum_table([1, 8, 14])[["phase", "notation", "states"]].values.tolist()
    [[1, '2s3', 371], [8, 'c7', 280]]
    """
    import pandas as pd

    rows = []
    for number in phases:
        chosen = phase(number)
        if not fits_model(chosen):
            continue
        opt = solitaire_optimum(chosen)
        row: dict[str, Any] = {
            "phase": number,
            "notation": str(chosen),
            "states": opt.states,
            "expected_turns": opt.expected_turns,
        }
        row.update({f"within_{k}": opt.within(k) for k in turns})
        rows.append(row)
    return pd.DataFrame(rows)


def forget_solved() -> None:
    """Drop the solved tables kept in memory (the disk cache stays): the next call loads or solves again."""
    _optimum.cache_clear()


@lru_cache(maxsize=32)
def _optimum(phase_: Phase, natural_required: bool, hand_size: int, deck: DeckSpec, cache: bool) -> SolitaireOptimum:
    axis, symmetry = SHAPES[phase_shape(phase_)]
    space = profile_space(axis, symmetry, deck)
    key = _cache_key(phase_, natural_required, hand_size, deck)
    path = cache_dir() / f"{key}.npz"
    arrays = _load(path, key, hand_size) if cache else None
    from_cache = arrays is not None
    if arrays is None and cache:
        with solving_lock(path):
            # Another process may have solved it while this one waited for the lock.
            arrays = _load(path, key, hand_size)
            from_cache = arrays is not None
            if arrays is None:
                solved = _solve(space, phase_, natural_required, hand_size)
                store_table(path, key, solved)
                arrays = _load(path, key, hand_size)  # mapped from the file just written
                if arrays is None:  # an unwritable cache: the table stays in memory
                    arrays = solved
    if arrays is None:  # no cache wanted
        arrays = _solve(space, phase_, natural_required, hand_size)
    small, big, iterations, sweeps = (int(n) for n in arrays["stats"])
    stats = SolveStats(small, big, iterations, sweeps, float(arrays["seconds"]))
    return SolitaireOptimum(
        phase=phase_,
        natural_required=natural_required,
        hand_size=hand_size,
        deck=deck,
        expected_turns=float(arrays["expected"]),
        stats=stats,
        from_cache=from_cache,
        _space=space,
        _codes=np.asarray(arrays["codes"]),
        _values=np.asarray(arrays["values"]),
        _within=np.asarray(arrays["within"]),
    )
