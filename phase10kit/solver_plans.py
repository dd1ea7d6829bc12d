"""Scoring a phase's plans: the best bases for a hand, from counts where the phase's shape allows.

A *plan* chooses a base for each group of a phase (a set's number, a run's first number, a colour group's
colour) and :func:`best_plan` scores the best plan as ``(extra, wilds)``: how many cards the hand lacks
and how many Wilds the layout uses. Phases of only sets, only colour groups, one run, or one set and one
run are scored from ``HandCounts`` alone; other shapes try every choice of bases through the matching
(``solver_matching.allocate``). See ``phase10kit.solver`` for the method and its proofs of exactness.

>>> from phase10kit import parse_cards, phase
>>> best_plan(HandCounts(parse_cards("R7 B7 G7 Y2 B2 W")), phase(1), True)[0]
(0, 1)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from itertools import combinations_with_replacement, permutations, product

from phase10kit.cards import COLORS, NUMBERS
from phase10kit.groups import GroupValue
from phase10kit.phases import GroupKind, GroupSpec, Phase
from phase10kit.solver_counts import Bases, HandCounts, Score
from phase10kit.solver_matching import allocate, covered_groups

__all__ = ["PHASE_CACHE", "best_plan", "set_run_may_hold", "shape_of", "size_plans"]

_IMPOSSIBLE: Score = (10**9, 10**9)


def best_plan(
    hand: HandCounts, phase: Phase, natural_required: bool, *, any_complete: bool = False
) -> tuple[Score, Bases]:
    """The best score and bases; with ``any_complete`` the first complete plan found may be returned."""
    shape = shape_of(phase)
    if shape == "sets":
        return _best_same_kind(hand.numbers[1:13], _NUMBER_VALUES, phase, hand.wilds, natural_required)
    if shape == "colors":
        return _best_same_kind(hand.colors, COLORS, phase, hand.wilds, natural_required)
    if shape == "run":
        return _best_run(hand, phase.groups[0].size, natural_required)
    if shape == "set+run":
        return _best_set_run(hand, phase, natural_required, any_complete)
    return _best_generic(hand, phase, natural_required)


@cache
def shape_of(phase: Phase) -> str:
    """The phase's shape as the scoring reads it: ``"sets"``, ``"colors"``, ``"run"``, ``"set+run"``, ``"generic"``."""
    kinds = [spec.kind for spec in phase.groups]
    if all(kind is GroupKind.SET for kind in kinds):
        return "sets"
    if all(kind is GroupKind.COLOR for kind in kinds):
        return "colors"
    if kinds == [GroupKind.RUN]:
        return "run"
    if sorted(kind.value for kind in kinds) == ["r", "s"]:
        return "set+run"
    return "generic"


def _score(groups: int, size: int, naturals: int, covered: int, wilds: int, natural_required: bool) -> Score:
    """``(extra cards needed, Wilds used)`` once ``naturals`` slots are filled and ``covered`` groups hold a natural.

    Each missing card is a Wild or a natural card, so ``extra`` fills the slots the hand cannot;
    a group without a natural card needs at least one of them to be natural.
    """
    open_slots = size - naturals
    lacking = groups - covered if natural_required else 0
    extra = max(lacking, open_slots - wilds)
    return (extra, open_slots - extra)


@cache
def size_plans(sizes: tuple[int, ...]) -> tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]:
    """Every way to give same-kind groups values, as slots ranked by fullness.

    A plan lists, for the fullest value, the second fullest, ..., the (demand, groups, members)
    put on it. Only the fullest values need be tried: a fuller value never makes a plan worse.
    """

    def partitions(items: list[int]) -> Iterator[list[list[int]]]:
        if not items:
            yield []
            return
        first, rest = items[0], items[1:]
        for smaller in partitions(rest):
            for i in range(len(smaller)):
                yield smaller[:i] + [[first] + smaller[i]] + smaller[i + 1 :]
            yield [[first]] + smaller

    plans: dict[tuple[tuple[int, int], ...], tuple[tuple[int, int, tuple[int, ...]], ...]] = {}
    for partition in partitions(list(range(len(sizes)))):
        blocks = [(sum(sizes[i] for i in block), len(block), tuple(block)) for block in partition]
        for order in permutations(blocks):
            key = tuple((demand, members) for demand, members, _ in order)
            plans.setdefault(key, order)
    return tuple(plans.values())


_NUMBER_VALUES: tuple[GroupValue, ...] = tuple(NUMBERS)
PHASE_CACHE = 1024
"""Facts kept per phase: far more phases than a process ever plays, and a bound all the same."""


@lru_cache(maxsize=PHASE_CACHE)
def _same_kind_plans(phase: Phase) -> tuple[int, int, tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]]:
    """A same-kind phase's group count, card count and ``size_plans`` (looked up once per phase, not per hand)."""
    sizes = tuple(spec.size for spec in phase.groups)
    return len(sizes), sum(sizes), size_plans(sizes)


def _best_same_kind(
    counts: list[int], values: Sequence[GroupValue], phase: Phase, wilds: int, natural_required: bool
) -> tuple[Score, Bases]:
    """Phases of only sets (by number) or only colour groups (by colour)."""
    groups, total, plans = _same_kind_plans(phase)
    ranked = sorted(range(len(counts)), key=counts.__getitem__, reverse=True)
    best: Score = _IMPOSSIBLE
    best_plan: tuple[tuple[int, int, tuple[int, ...]], ...] = ()
    for plan in plans:
        if len(plan) > len(ranked):
            continue
        naturals = covered = 0
        for slot, (demand, members, _) in enumerate(plan):
            have = counts[ranked[slot]]
            naturals += demand if have > demand else have
            covered += members if have > members else have
        lacking = groups - covered if natural_required else 0
        open_slots = total - naturals
        extra = max(lacking, open_slots - wilds)
        score = (extra, open_slots - extra)
        if score < best:
            best, best_plan = score, plan
    bases: list[GroupValue] = [0] * groups
    for slot, (_, _, block_members) in enumerate(best_plan):
        for member in block_members:
            bases[member] = values[ranked[slot]]
    return best, tuple(bases)


def _best_run(hand: HandCounts, size: int, natural_required: bool) -> tuple[Score, Bases]:
    window = (1 << size) - 1
    best, best_start = _IMPOSSIBLE, 1
    for start in range(1, 14 - size):
        present = ((hand.present >> start) & window).bit_count()
        score = _score(1, size, present, 1 if present else 0, hand.wilds, natural_required)
        if score < best:
            best, best_start = score, start
    return best, (best_start,)


def _best_set_run(
    hand: HandCounts, phase: Phase, natural_required: bool, any_complete: bool = False
) -> tuple[Score, Bases]:
    """One set and one run: for each run window only the fullest number inside and outside matter."""
    set_index = 0 if phase.groups[0].kind is GroupKind.SET else 1
    set_size, run_size = phase.groups[set_index].size, phase.groups[1 - set_index].size
    numbers, wilds, total = hand.numbers, hand.wilds, set_size + run_size
    # before[v] = fullest count among 1..v, after[v] = among v..12 (sentinels 0 at 0 and 13).
    before, after = [0] * 14, [0] * 14
    for v in NUMBERS:  # conditional expressions: the builtin max costs a call each
        low, high = numbers[v], numbers[13 - v]
        before[v] = before[v - 1] if before[v - 1] > low else low
        after[13 - v] = after[14 - v] if after[14 - v] > high else high
    window = (1 << run_size) - 1
    lack_run = lack_set = 1 if natural_required else 0
    # Either way the window's naturals are at most its numbers present plus a full set (of the fullest
    # number): a window short of the best extra even then cannot beat it, and ties keep the first.
    most_in_set = set_size if set_size < before[12] else before[12]
    # The best (extra, Wilds) so far as two numbers (a tuple made per window costs more than the window's
    # arithmetic); a later window replaces it only when strictly better, so ties keep the first.
    best_extra = best_wilds = _IMPOSSIBLE[0]
    best_choice = (1, 0, True)
    present_bits = hand.present
    for start in range(1, 14 - run_size):
        end = start + run_size
        present = ((present_bits >> start) & window).bit_count()
        if total - present - most_in_set - wilds > best_extra:
            continue
        # The set on the fullest number inside the window (sharing it with the run).
        have = max(numbers[start:end])
        others = present - 1 if have else present
        naturals = others + (have if have <= set_size + 1 else set_size + 1)
        lacking = (lack_run if have < 2 and not others else 0) + (lack_set if not have else 0)
        open_slots = total - naturals
        extra = open_slots - wilds if open_slots - wilds > lacking else lacking
        used = open_slots - extra
        if extra < best_extra or (extra == best_extra and used < best_wilds):
            best_extra, best_wilds, best_choice = extra, used, (start, have, True)
        # The set on the fullest number outside it, when there is one.
        if run_size < 12:
            have = before[start - 1] if before[start - 1] > after[end] else after[end]
            naturals = present + (have if have <= set_size else set_size)
            lacking = (lack_run if not present else 0) + (lack_set if not have else 0)
            open_slots = total - naturals
            extra = open_slots - wilds if open_slots - wilds > lacking else lacking
            used = open_slots - extra
            if extra < best_extra or (extra == best_extra and used < best_wilds):
                best_extra, best_wilds, best_choice = extra, used, (start, have, False)
        if best_extra == 0 and (any_complete or best_wilds == 0):
            break  # the caller asks only whether the hand holds the phase, or nothing beats (0, 0)
    start, have, inside = best_choice
    end = start + run_size
    for number in NUMBERS:
        if numbers[number] == have and (start <= number < end) == inside:
            break
    bases = (number, start) if set_index == 0 else (start, number)
    return (best_extra, best_wilds), bases


def _base_choices(spec: GroupSpec) -> list[GroupValue]:
    if spec.kind is GroupKind.SET:
        return list(NUMBERS)
    if spec.kind is GroupKind.RUN:
        return list(range(1, 14 - spec.size))
    return list(COLORS)


def _base_combinations(phase: Phase) -> Iterator[Bases]:
    """Every choice of bases, once: equal groups take their bases in non-decreasing order."""
    runs: list[tuple[GroupSpec, int]] = []
    for spec in phase.groups:
        if runs and runs[-1][0] == spec:
            runs[-1] = (spec, runs[-1][1] + 1)
        else:
            runs.append((spec, 1))
    per_run = [list(combinations_with_replacement(_base_choices(spec), count)) for spec, count in runs]
    for choice in product(*per_run):
        yield tuple(base for part in choice for base in part)


def _best_generic(hand: HandCounts, phase: Phase, natural_required: bool) -> tuple[Score, Bases]:
    best: Score = _IMPOSSIBLE
    best_bases: Bases = ()
    for bases in _base_combinations(phase):
        slots = allocate(hand.cards, phase, bases)
        naturals = sum(card is not None for card in slots)
        covered = covered_groups(phase, slots)
        score = _score(len(phase.groups), phase.size, naturals, covered, hand.wilds, natural_required)
        if score < best:
            best, best_bases = score, bases
    return best, best_bases


def set_run_may_hold(hand: HandCounts, phase: Phase) -> bool:
    """A quick necessary condition for one set and one run, from the best case of every window.

    However the run and the set are placed, the run holds at most one natural per number it
    covers and the set at most its size, so a hand short even of that bound needs more Wilds.
    """
    set_size = sum(spec.size for spec in phase.groups if spec.kind is GroupKind.SET)
    run_size = phase.size - set_size
    naturals = min(run_size, hand.present.bit_count()) + min(set_size, max(hand.numbers))
    return naturals + hand.wilds >= phase.size
