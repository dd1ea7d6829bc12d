"""The solver core's lean plan questions give exactly what ``progress`` and ``missing`` give.

The bots ask them for every candidate discard (``plan_needs``, ``plan_uses``, ``missing_key``), so they
skip building ``GroupProgress`` values and, usually, naming the cards that complete a plan; these
properties check that nothing but the cost changes.
"""

from hypothesis import given
from hypothesis import strategies as st

from phase10kit import WILD, Card, Phase, phase
from phase10kit.cards import WILD_INDEX, card_counts
from phase10kit.errors import Phase10Error
from phase10kit.rules import Rules
from phase10kit.solver import missing
from phase10kit.solver_counts import HandCounts
from phase10kit.solver_missing import completion, deck_allows, deck_surely_allows, search_missing
from phase10kit.solver_plans import best_plan
from phase10kit.solver_progress import plan_needs, plan_progress, plan_uses
from phase10kit.solver_queries import missing_key, needs_key, spare_indices, uses_key
from tests.strategies import hands, phases, small_phases

any_phase = st.one_of(phases, small_phases())


@given(hand=hands(sizes=(5, 9, 10, 11)), p=any_phase, natural_required=st.booleans())
def test_plan_needs_and_uses_are_what_progress_shows(hand: list[Card], p: Phase, natural_required: bool) -> None:
    counts = HandCounts(hand)
    bases = best_plan(counts, p, natural_required)[1]
    groups = plan_progress(counts, p, bases, natural_required)
    assert plan_needs(counts, p, bases, natural_required) == [(g.started, g.needs) for g in groups]
    assert plan_uses(counts, p, bases) == card_counts(card for g in groups for card in g.cards)


@given(hand=hands(sizes=(10, 11)), p=phases, natural_required=st.booleans())
def test_key_questions_answer_for_the_sorted_hand(hand: list[Card], p: Phase, natural_required: bool) -> None:
    key = tuple(sorted(card.index for card in hand))
    counts = HandCounts(sorted(hand))
    bases = best_plan(counts, p, natural_required)[1]
    assert needs_key(key, p, natural_required) == plan_needs(counts, p, bases, natural_required)
    assert uses_key(key, p, natural_required) == plan_uses(counts, p, bases)
    assert missing_key(key, p, natural_required) == missing(hand, p, rules=Rules(natural_required=natural_required))


@given(hand=hands(sizes=(2, 5, 10, 11)), p=any_phase, natural_required=st.booleans())
def test_spare_cards_are_those_the_plan_uses_fewer_of(hand: list[Card], p: Phase, natural_required: bool) -> None:
    key = tuple(sorted(card.index for card in hand))
    counts = HandCounts(sorted(hand))
    used = plan_uses(counts, p, best_plan(counts, p, natural_required)[1])
    spare = [index for index in sorted(set(key)) if counts.counts[index] > used[index] and index != WILD_INDEX]
    assert spare_indices(key, p, natural_required) == spare


@given(hand=hands(sizes=(2, 5, 10, 11)))
def test_counts_of_a_sorted_key_are_the_counts_of_its_cards(hand: list[Card]) -> None:
    key = tuple(sorted(card.index for card in hand))
    from_key, from_cards = HandCounts.of_key(key), HandCounts(sorted(hand))
    for name in ("counts", "numbers", "colors", "present", "wilds"):
        assert getattr(from_key, name) == getattr(from_cards, name)
    assert from_key.cards == from_cards.cards


def full_missing(hand: list[Card], p: Phase, natural_required: bool) -> int:
    """``missing`` as it was before the shortcut: the completion is always named and checked against the deck."""
    counts = HandCounts(hand)
    score, bases = best_plan(counts, p, natural_required)
    extra = score[0]
    if extra == 0:
        return 0
    if deck_allows(counts, completion(counts, p, bases, extra)):
        return extra
    return search_missing(counts, p, extra, natural_required)


@st.composite
def crowded_hands(draw: st.DrawFn) -> list[Card]:
    """Hands near the deck's limits: up to every copy of a number or many Wilds, where the shortcut must not apply."""
    number = draw(st.integers(1, 12))
    copies = [Card.from_index((number - 1) * 4 + c) for c in range(4) for _ in range(2)]
    held = copies[: draw(st.integers(4, 8))]
    return held + [WILD] * draw(st.integers(0, 8)) + draw(hands(sizes=(2, 3)))


@given(hand=st.one_of(hands(sizes=(3, 5, 10, 11)), crowded_hands()), p=any_phase, natural_required=st.booleans())
def test_missing_shortcut_agrees_with_naming_the_completion(hand: list[Card], p: Phase, natural_required: bool) -> None:
    counts = HandCounts(hand)
    extra = best_plan(counts, p, natural_required)[0][0]
    if extra and deck_surely_allows(counts, p, extra):
        assert deck_allows(counts, completion(counts, p, best_plan(counts, p, natural_required)[1], extra))
    try:
        expected: int | str = full_missing(hand, p, natural_required)
    except Phase10Error as error:  # the same refusal must come from both
        expected = type(error).__name__
    try:
        got: int | str = missing(hand, p, rules=Rules(natural_required=natural_required))
    except Phase10Error as error:
        got = type(error).__name__
    assert got == expected


def test_missing_when_the_hand_holds_every_copy_of_the_set_number() -> None:
    # Eight 7s cannot make two sets of 5 with 7s alone, and no more 7s exist: the search decides.
    sevens = [Card.from_index(24 + c) for c in range(4) for _ in range(2)]
    assert missing(sevens, phase(10)) == full_missing(sevens, phase(10), True)


def test_missing_shortcut_refuses_when_wilds_could_run_out() -> None:
    # Eight Wilds and a run of 10 short of 2: a completion of a natural and a ninth Wild does not exist.
    eight_wilds = HandCounts([WILD] * 8)
    assert not deck_surely_allows(eight_wilds, phase(16), 2)
    assert missing([WILD] * 8, phase(16)) == full_missing([WILD] * 8, phase(16), True) == 2
