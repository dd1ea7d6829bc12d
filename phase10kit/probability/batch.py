"""Phase checks on many hands at once, from count profiles, with numpy.

``wilds_needed`` gives, per hand, the fewest Wilds a layout of the phase needs on top of the
hand's natural cards (``NEVER`` when no number of Wilds helps, because a group would have no
natural card). A hand holds the phase exactly when it has at least that many Wilds. Each phase
shape mirrors the exact solver's counting argument (``phase10kit.solver``); phases of other
shapes fall back to the solver, one distinct profile at a time.

``can_complete_batch`` and ``holds_phases`` take the ``rules`` a game plays by; ``wilds_needed``, the kernel
under them (and under the exact counts and the solitaire tables), takes only the one rule it depends on,
``natural_required``, as a bool.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from phase10kit.cards import COLORS, KIND_COUNT, WILD, Card
from phase10kit.errors import Phase10Error, Reason
from phase10kit.phases import GroupKind, Phase
from phase10kit.probability.profiles import RULE_COLORS, RULE_NUMBERS, BoolArray, CountArray, HandProfiles, IntArray
from phase10kit.rules import Rules, needs_natural
from phase10kit.solver_counts import HandCounts
from phase10kit.solver_plans import best_plan, shape_of, size_plans

__all__ = ["NEVER", "NUMBER_SHAPES", "can_complete_batch", "holds_phases", "phase_shape", "wilds_needed"]

NEVER = 10_000
"""``wilds_needed`` for a hand that no number of Wilds completes."""

VECTORISED_SHAPES = ("sets", "colors", "run", "set+run", "run+color", "set+color")
NUMBER_SHAPES = ("sets", "run", "set+run")
"""Shapes that only depend on per-number counts (and Wilds): the exact engine enumerates these."""


@cache
def phase_shape(phase: Phase) -> str:
    """The shape of a phase: one of ``VECTORISED_SHAPES`` or ``"generic"``.

    >>> phase_shape(Phase.parse("2s3")), phase_shape(Phase.parse("c4+r4")), phase_shape(Phase.parse("2r3"))
    ('sets', 'run+color', 'generic')
    """
    shape = shape_of(phase)
    if shape != "generic":
        return shape
    kinds = sorted(spec.kind.value for spec in phase.groups)
    if kinds == ["c", "r"]:
        return "run+color"
    if kinds == ["c", "s"]:
        return "set+color"
    return "generic"


def wilds_needed(profiles: HandProfiles, phase: Phase, *, natural_required: bool = True) -> IntArray:
    """Per hand, the fewest Wilds that complete the phase with the hand's natural cards (``NEVER`` if none do).

    >>> from phase10kit import parse_cards, phase
    >>> wilds_needed(HandProfiles.from_hands([parse_cards("R7 B7 G7 Y2"), parse_cards("R1")]), phase(1)).tolist()
    [2, 10000]
    """
    shape = phase_shape(phase)
    sizes = tuple(spec.size for spec in phase.groups)
    if shape == "sets":
        return _same_kind(profiles.ranked("numbers", len(sizes)), sizes, natural_required)
    if shape == "colors":
        return _same_kind(profiles.ranked("colors", min(len(sizes), RULE_COLORS)), sizes, natural_required)
    if shape == "run":
        return _run_table(sizes[0], natural_required)[profiles.presence_mask()]
    set_size = next((spec.size for spec in phase.groups if spec.kind is GroupKind.SET), 0)
    run_size = next((spec.size for spec in phase.groups if spec.kind is GroupKind.RUN), 0)
    color_size = next((spec.size for spec in phase.groups if spec.kind is GroupKind.COLOR), 0)
    if shape == "set+run":
        return _set_run(profiles.by_number, set_size, run_size, natural_required)
    if shape == "run+color":
        return _run_color(profiles, run_size, color_size, natural_required)
    if shape == "set+color":
        return _set_color(profiles, set_size, color_size, natural_required)
    return _generic(profiles, phase, natural_required)


def can_complete_batch(hands: HandProfiles | npt.ArrayLike, phase: Phase, *, rules: Rules | None = None) -> BoolArray:
    """Whether each hand holds the phase under ``rules`` (the standard rules when None); ``hands`` is an (N, 50)
    array of card counts or ``HandProfiles``.

    Agrees with ``can_complete`` hand by hand. Build ``HandProfiles`` once to check several phases.

    >>> from phase10kit import parse_cards, phase
    >>> hands = HandProfiles.from_hands([parse_cards("R7 B7 G7 Y2 B2 W S"), parse_cards("R7 B7 G7 Y2 S")])
    >>> can_complete_batch(hands, phase(1)).tolist()
    [True, False]
    """
    if not isinstance(phase, Phase):
        raise TypeError(f"expected a Phase (use phase(n) or Phase.parse(...)), got {phase!r}")
    profiles = hands if isinstance(hands, HandProfiles) else HandProfiles.from_counts(hands)
    if profiles.wilds is None:
        raise ValueError("these profiles hold no Wild counts: use HandProfiles.from_counts")
    needed = wilds_needed(profiles, phase, natural_required=needs_natural(rules))
    result: BoolArray = needed <= profiles.wilds
    return result


def _same_kind(ranked: CountArray, sizes: tuple[int, ...], natural_required: bool) -> IntArray:
    """Only sets, or only colour groups: ``ranked`` (groups, N) holds each hand's counts, fullest first.

    Mirrors the solver's plans: each plan puts groups on the fullest values.
    """
    groups, total = len(sizes), sum(sizes)
    best = np.full(ranked.shape[1], NEVER, dtype=np.int16)
    for plan in size_plans(sizes):
        if len(plan) > ranked.shape[0]:
            continue
        naturals = np.zeros(ranked.shape[1], dtype=np.int16)
        covered = np.zeros(ranked.shape[1], dtype=np.int16)
        for slot, (demand, members, _) in enumerate(plan):
            have = ranked[slot]
            naturals += np.minimum(have, demand)
            covered += np.minimum(have, members)
        needed = total - naturals
        if natural_required:
            needed = np.where(covered == groups, needed, NEVER).astype(np.int16)
        np.minimum(best, needed, out=best)
    result: IntArray = best.astype(np.int64)
    return result


@cache
def _run_table(size: int, natural_required: bool) -> IntArray:
    """Wilds needed for one run, indexed by the 12-bit mask of numbers present."""
    masks = np.arange(1 << RULE_NUMBERS)
    present = (masks[:, None] >> np.arange(RULE_NUMBERS)) & 1
    windows = np.lib.stride_tricks.sliding_window_view(present, size, axis=1).sum(axis=2)
    fullest = windows.max(axis=1)
    table = size - fullest
    if natural_required:
        table = np.where(fullest > 0, table, NEVER)
    result: IntArray = table.astype(np.int64)
    return result


_BLOCKED = 100
"""An int8 stand-in for ``NEVER`` inside ``_set_run`` (above any real need, as phases have at most ~40 cards)."""


def _set_run(numbers: CountArray, set_size: int, run_size: int, natural_required: bool) -> IntArray:
    """One set and one run: per run window only the fullest number inside and outside matter (as the solver).

    ``numbers`` is transposed, shape (12, N). Every step is a contiguous pass over the hands in
    8-bit integers: window maxima and presence counts come from shifted rows, the fullest
    number before and after each window from running maxima.
    """
    total = set_size + run_size
    counts = numbers if numbers.dtype == np.int8 else np.minimum(numbers, _BLOCKED).astype(np.int8)
    windows = RULE_NUMBERS - run_size + 1
    have_in = counts[:windows].copy()
    present = (counts[:windows] > 0).view(np.int8).copy()
    for shift in range(1, run_size):
        np.maximum(have_in, counts[shift : shift + windows], out=have_in)
        present += counts[shift : shift + windows] > 0
    # The set on the fullest number inside the window shares that number with the run.
    needed = total - present + (have_in > 0) - np.minimum(have_in, set_size + 1)
    if natural_required:
        # Some group lacks a natural card exactly when the window holds at most one card for both.
        needed = np.where(present + have_in <= 2, _BLOCKED, needed)
    best = needed.min(axis=0)
    if run_size < RULE_NUMBERS:
        # before[i]: fullest number left of window i; after[i]: fullest right of it (0 when none).
        before = np.zeros_like(have_in)
        after = np.zeros_like(have_in)
        for i in range(1, windows):
            np.maximum(before[i - 1], counts[i - 1], out=before[i])
        for i in range(windows - 2, -1, -1):
            np.maximum(after[i + 1], counts[i + run_size], out=after[i])
        have_out = np.maximum(before, after)
        needed = total - present - np.minimum(have_out, set_size)
        if natural_required:
            needed = np.where(np.minimum(present, have_out) == 0, _BLOCKED, needed)
        np.minimum(best, needed.min(axis=0), out=best)
    result: IntArray = np.where(best >= _BLOCKED, NEVER, best).astype(np.int64)
    return result


def _with_color(
    free: IntArray, conflict: IntArray, color_count: IntArray, group_size: int, color_size: int, lack: int
) -> IntArray:
    """Wilds needed by a number group (set or run) of ``group_size`` beside a colour group in colour c.

    ``free`` counts the number group's slots that cards not of colour c can fill, ``conflict`` the
    further slots only cards of colour c can fill. A card of colour c goes to the number group only
    while the colour group keeps enough, so the most naturals is ``free + min(conflict + color_size,
    color_count)``. Both groups get a natural card when a card not of colour c covers the number
    group and there is a card of colour c, or when there are two cards of colour c to share.
    """
    naturals = free + np.minimum(conflict + color_size, color_count)
    needed = group_size + color_size - naturals
    if lack:
        both = ((free >= 1) & (color_count >= 1)) | ((conflict >= 1) & (color_count >= 2))
        needed = np.where(both, needed, NEVER)
    return needed


_Slots = Callable[[IntArray, IntArray], tuple[IntArray, IntArray]]
"""From the cards of each number and those of them in colour c: ``_with_color``'s ``free`` and ``conflict``."""


def _beside_color(
    profiles: HandProfiles, group_size: int, color_size: int, natural_required: bool, slots: _Slots
) -> IntArray:
    """Wilds needed by a number group beside a colour group: the fewest over every colour c of the colour group
    and every place of the number group (one column of ``slots``' arrays each)."""
    cells = profiles.cells.astype(np.int64)
    numbers = cells.sum(axis=2)
    colors = cells.sum(axis=1)
    best = np.full(cells.shape[0], NEVER, dtype=np.int64)
    for c in range(len(COLORS)):
        free, conflict = slots(numbers, cells[:, :, c])
        count = colors[:, c : c + 1]
        needed = _with_color(free, conflict, count, group_size, color_size, int(natural_required))
        np.minimum(best, needed.min(axis=1), out=best)
    return best


def _run_color(profiles: HandProfiles, run_size: int, color_size: int, natural_required: bool) -> IntArray:
    def slots(numbers: IntArray, own: IntArray) -> tuple[IntArray, IntArray]:
        free = (numbers - own) > 0  # a card not of colour c of that number exists
        only_own = ~free & (own > 0)
        free_windows: IntArray = np.lib.stride_tricks.sliding_window_view(free, run_size, axis=1).sum(axis=2)
        own_windows: IntArray = np.lib.stride_tricks.sliding_window_view(only_own, run_size, axis=1).sum(axis=2)
        return free_windows, own_windows

    return _beside_color(profiles, run_size, color_size, natural_required, slots)


def _set_color(profiles: HandProfiles, set_size: int, color_size: int, natural_required: bool) -> IntArray:
    def slots(numbers: IntArray, own: IntArray) -> tuple[IntArray, IntArray]:
        free = np.minimum(numbers - own, set_size)
        return free, np.minimum(own, set_size - free)

    return _beside_color(profiles, set_size, color_size, natural_required, slots)


def _generic(profiles: HandProfiles, phase: Phase, natural_required: bool) -> IntArray:
    """Other shapes: the exact solver on each distinct natural-card profile, with Wilds to spare."""
    cells = profiles.cells.reshape(len(profiles), -1)
    distinct, inverse = np.unique(cells, axis=0, return_inverse=True)
    spare = [WILD] * phase.size
    values = np.empty(distinct.shape[0], dtype=np.int64)
    for row, counts in enumerate(distinct.tolist()):
        cards = [Card.from_index(index) for index, n in enumerate(counts) for _ in range(n)]
        (extra, wilds), _ = best_plan(HandCounts(cards + spare), phase, natural_required)
        values[row] = wilds if extra == 0 else NEVER
    result: IntArray = values[inverse.reshape(-1)]
    return result


def holds_phases(
    hands: npt.ArrayLike, phases: Sequence[Phase], *, rules: Rules | None = None, chunk: int = 100_000
) -> BoolArray:
    """Whether each hand holds each phase: an (N, len(phases)) table from (N, 50) card counts.

    Works through the hands in chunks, so the arrays of a chunk stay in the processor's cache.

    >>> from phase10kit import parse_cards, phase
    >>> from phase10kit.cards import card_counts
    >>> holds_phases([card_counts(parse_cards("R7 B7 G7 Y2 B2 W"))], [phase(1), phase(2)]).tolist()
    [[True, False]]
    """
    counts = np.asarray(hands)
    if counts.ndim != 2:
        raise Phase10Error(
            f"hand counts must have shape (N, {KIND_COUNT}), not {counts.shape}", reason=Reason.BAD_PROFILE
        )
    table = np.zeros((counts.shape[0], len(phases)), dtype=np.bool_)
    for start in range(0, counts.shape[0], chunk):
        profiles = HandProfiles.from_counts(counts[start : start + chunk])
        for column, phase in enumerate(phases):
            table[start : start + chunk, column] = can_complete_batch(profiles, phase, rules=rules)
    return table
