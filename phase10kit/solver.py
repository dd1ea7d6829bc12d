"""The exact phase solver: does a hand hold a phase, how to lay it, what is missing, which cards help.

Every answer is exact. The solver chooses a *base* for each group of the phase (the number of a
set, the first number of a run, the colour of a colour group), then gives the hand's natural cards
to the groups' slots by a maximum matching that first gives every group one natural card (the
``natural_required`` rule) and then fills as many slots as it can; Wilds fill the rest. Common
shapes (only sets, only colour groups, one run, a set and a run) are scored from card counts
without the matching, and the matching itself has a closed form for phases of only sets, only
colour groups or one run; the tests compare every path with a brute-force oracle.

Each function takes the ``rules`` a game plays by (the standard rules when None); of them only
``natural_required`` matters to a hand and a phase, and the machinery below takes just that bool.

The score of a choice of bases is ``(extra, wilds)``: ``extra`` is how many cards the hand lacks
(0 when it holds the phase) and ``wilds`` how many Wilds the layout uses. The solver minimises
``extra`` first and then ``wilds``, so ``find_layout`` uses the fewest Wilds.

The machinery is in files of one idea each: ``solver_counts`` (a hand read into counts), ``solver_plans``
(scoring the plans), ``solver_matching`` (cards to slots), ``solver_progress`` (what a plan holds: layout,
progress, cards used) and ``solver_missing`` (the deck's say in ``missing``); ``solver_queries`` answers
the bots' questions by a hand's card indices from one cached solve.
"""

from __future__ import annotations

from collections.abc import Iterable

from phase10kit.cards import DECK_COUNTS, KIND_COUNT, Card
from phase10kit.groups import Layout
from phase10kit.phases import GroupKind, Phase
from phase10kit.rules import Rules, needs_natural
from phase10kit.solver_counts import HandCounts, as_hand, check_phase
from phase10kit.solver_missing import missing_of_plan
from phase10kit.solver_plans import best_plan, set_run_may_hold, shape_of
from phase10kit.solver_progress import GroupProgress, build_layout, in_hand_order, plan_progress

__all__ = ["GroupProgress", "Layout", "can_complete", "find_layout", "missing", "outs", "progress"]


def can_complete(hand: Iterable[Card], phase: Phase, *, rules: Rules | None = None) -> bool:
    """Whether the cards hold the whole phase (any hand size; Skips never help).

    >>> from phase10kit import parse_cards, phase, Phase
    >>> can_complete(parse_cards("R7 B7 G7 Y2 B2 W S"), phase(1))
    True
    >>> can_complete(parse_cards("R4 B4 G4 Y4 R5 R6 R7"), Phase.parse("s3+r4"))
    True
    """
    cards, phase = as_hand(hand), check_phase(phase)
    if shape_of(phase) == "set+run" and not set_run_may_hold(cards, phase):
        return False
    return best_plan(cards, phase, needs_natural(rules), any_complete=True)[0][0] == 0


def find_layout(hand: Iterable[Card], phase: Phase, *, rules: Rules | None = None) -> Layout | None:
    """A layout of the phase from the cards using the fewest Wilds, or None when they do not hold it.

    >>> from phase10kit import parse_cards, phase
    >>> str(find_layout(parse_cards("R7 B7 G7 Y2 B2 W S"), phase(1)))
    's[R7 B7 G7] s[Y2 B2 W]'
    """
    cards = as_hand(hand)
    score, bases = best_plan(cards, check_phase(phase), needs_natural(rules))
    if score[0]:
        return None
    return in_hand_order(cards, build_layout(cards, phase, bases), phase)


def missing(hand: Iterable[Card], phase: Phase, *, rules: Rules | None = None) -> int:
    """The fewest extra cards (from what the deck still has) that would complete the phase.

    >>> from phase10kit import parse_cards, phase
    >>> missing(parse_cards("R3 R4 B5 G9"), phase(4))
    3
    """
    cards, natural = as_hand(hand), needs_natural(rules)
    score, bases = best_plan(cards, check_phase(phase), natural)
    return missing_of_plan(cards, phase, score, bases, natural)


def outs(hand: Iterable[Card], phase: Phase, *, rules: Rules | None = None) -> list[Card]:
    """The cards whose single addition completes the phase (empty when it is already complete).

    >>> from phase10kit import parse_cards, phase
    >>> [str(card) for card in outs(parse_cards("R1 R2 R3 R4 R5 R6 G1"), phase(4))]
    ['R7', 'B7', 'G7', 'Y7', 'W']
    """
    cards, natural = as_hand(hand), needs_natural(rules)
    phase = check_phase(phase)
    if best_plan(cards, phase, natural)[0][0] == 0:
        return []
    by_number = not any(spec.kind is GroupKind.COLOR for spec in phase.groups)
    result: list[Card] = []
    checked: dict[int, bool] = {}
    for index in range(KIND_COUNT - 1):  # a Skip never completes a phase
        if cards.counts[index] >= DECK_COUNTS[index]:
            continue
        card = Card.from_index(index)
        key = card.number if by_number and card.is_number else 100 + index
        if key not in checked:
            checked[key] = best_plan(HandCounts(cards.cards + [card]), phase, natural)[0][0] == 0
        if checked[key]:
            result.append(card)
    return result


def progress(hand: Iterable[Card], phase: Phase, *, rules: Rules | None = None) -> list[GroupProgress]:
    """Per group of the phase: the cards the best plan uses and what is still needed.

    The hand's Wilds go first to the groups they complete, nearest to complete first.

    >>> from phase10kit import parse_cards, phase
    >>> [(str(p.value), p.needs) for p in progress(parse_cards("R7 B7 G7 Y4 W"), phase(7))]
    [('7', ()), ('4', (4, 4, 4))]
    """
    cards, natural = as_hand(hand), needs_natural(rules)
    phase = check_phase(phase)
    _, bases = best_plan(cards, phase, natural)
    return plan_progress(cards, phase, bases, natural)
