"""An adversarial battery for the checkers of the ten "write it yourself" exercises.

For each exercise: the teacher's solution, as the teacher's notebook writes it, is accepted; every plausible wrong
function below (it reads a Skip's number or colour, ignores or counts Wilds, is off by one at a run's ends, wraps
12 to 1, works in floats, ...) is refused, and the refusal names a failing call in the notation
(``is_set(S S S) should be False, not True: ...``). The bot exercise has its own tests in ``test_write_bot.py``.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from phase10kit.actions import Discard, Draw, Hit, Lay
from phase10kit.cards import Card
from phase10kit.course import exercises
from phase10kit.course.exactness import inexact
from phase10kit.course.lesson_12 import draws, holds_run, keeps
from phase10kit.groups import Group
from phase10kit.phases import Phase
from phase10kit.solver import can_complete

ROOT = Path(__file__).resolve().parent.parent

NOTEBOOK_OF = {
    "cards.could_be_dealt": ("01_cards_and_deck", "could_be_dealt"),
    "sets.is_set": ("02_sets", "is_set"),
    "runs.is_run": ("03_runs", "is_run"),
    "colour.is_colour_group": ("04_colour_groups", "is_colour_group"),
    "wilds.fits_run": ("05_wilds", "fits_run"),
    "score.write": ("08_scoring_and_variants", "score"),
    "deal.write_p": ("09_deal_odds", "P"),
    "draw.write_chance": ("10_drawing_odds", "chance_next"),
    "bot.write_choose": ("11_bots", "choose"),
    "perfect.bellman": ("12_perfect_play", "bellman"),
}
"""Each write exercise, its teacher's notebook and the name of the function the student writes there."""

# What the notebooks have imported by the time the student writes the function.
NOTEBOOK_NAMES: dict[str, Any] = {
    "Counter": Counter,
    "Fraction": Fraction,
    "Lay": Lay,
    "Hit": Hit,
    "Draw": Draw,
    "Discard": Discard,
    "can_complete": can_complete,
    "draws": draws,
    "holds_run": holds_run,
    "keeps": keeps,
}


def teacher_solution(exercise_id: str) -> Callable[..., Any]:
    """The teacher's solution of a write exercise, read from its solution cell in ``teacher/NN_*.ipynb``."""
    stem, name = NOTEBOOK_OF[exercise_id]
    notebook = json.loads((ROOT / "teacher" / f"{stem}.ipynb").read_text(encoding="utf-8"))
    sources = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    (source,) = [s for s in sources if s.startswith(f"def {name}(") and "### BEGIN SOLUTION" in s]
    namespace = dict(NOTEBOOK_NAMES)
    exec(source, namespace)
    function: Callable[..., Any] = namespace[name]
    return function


def test_the_write_exercises_are_the_ten_of_this_battery() -> None:
    assert sorted(e.id for e in exercises.values() if e.kind == "write") == sorted(NOTEBOOK_OF)


@pytest.mark.parametrize("exercise_id", sorted(NOTEBOOK_OF))
def test_the_teachers_solution_is_accepted(exercise_id: str) -> None:
    feedback = exercises[exercise_id].check(teacher_solution(exercise_id), record=False)
    assert feedback.ok, feedback.message


# ------------------------------------------------------------------ cards.could_be_dealt

LIMIT = {"number": 2, "wild": 8, "skip": 4}


def _kind(card: Card) -> str:
    return "wild" if card.is_wild else "skip" if card.is_skip else "number"


def dealt_skips_like_numbers(cards: list[Card]) -> bool:
    return all(n <= (8 if c.is_wild else 2) for c, n in Counter(cards).items())


def dealt_skips_like_wilds(cards: list[Card]) -> bool:
    return all(n <= (2 if c.is_number else 8) for c, n in Counter(cards).items())


def dealt_wilds_like_skips(cards: list[Card]) -> bool:
    return all(n <= (2 if c.is_number else 4) for c, n in Counter(cards).items())


def dealt_strictly_below(cards: list[Card]) -> bool:
    return all(n < LIMIT[_kind(c)] for c, n in Counter(cards).items())


def dealt_one_too_many(cards: list[Card]) -> bool:
    return all(n <= LIMIT[_kind(c)] + 1 for c, n in Counter(cards).items())


def dealt_counts_numbers(cards: list[Card]) -> bool:
    # Counts card.number: R4 and B4 are lumped together, and so are every Wild and Skip (both 0).
    kinds = {c.number: _kind(c) for c in cards}
    return all(n <= LIMIT[kinds[number]] for number, n in Counter(c.number for c in cards).items())


def dealt_numbers_only(cards: list[Card]) -> bool:
    return all(n <= 2 for c, n in Counter(cards).items() if c.is_number)


def dealt_hand_size(cards: list[Card]) -> bool:
    return len(cards) <= 10 and all(n <= 2 for c, n in Counter(cards).items() if c.is_number)


def dealt_wild_and_skip_together(cards: list[Card]) -> bool:
    specials = sum(1 for c in cards if not c.is_number)
    return specials <= 8 and all(n <= 2 for c, n in Counter(cards).items() if c.is_number)


# ------------------------------------------------------------------ sets.is_set


def set_skip_is_zero(cards: list[Card]) -> bool:
    return len({c.number for c in cards if not c.is_wild}) == 1  # a Skip's number, 0, counts as a number


def set_skip_is_zero_no_skips_mixed(cards: list[Card]) -> bool:
    numbers = {c.number for c in cards if not c.is_wild}
    return len(numbers) == 1 and not (0 in numbers and len(cards) > len([c for c in cards if c.is_skip]))


def set_wilds_are_numbers(cards: list[Card]) -> bool:
    return not any(c.is_skip for c in cards) and len({c.number for c in cards}) == 1


def set_no_natural_needed(cards: list[Card]) -> bool:
    return not any(c.is_skip for c in cards) and len({c.number for c in cards if c.is_number}) <= 1


def set_forgets_skips(cards: list[Card]) -> bool:
    return len({c.number for c in cards if c.is_number}) == 1


def set_like_the_first(cards: list[Card]) -> bool:
    return not any(c.is_skip for c in cards) and all(c.is_wild or c.number == cards[0].number for c in cards)


def set_of_three_or_more(cards: list[Card]) -> bool:
    numbers = {c.number for c in cards if c.is_number}
    return len(cards) >= 3 and not any(c.is_skip for c in cards) and len(numbers) == 1


def set_identical_cards(cards: list[Card]) -> bool:
    return len(set(cards)) == 1


def set_one_colour_each(cards: list[Card]) -> bool:
    numbers = {c.number for c in cards if c.is_number}
    colours = [c.color for c in cards if c.is_number]
    return not any(c.is_skip for c in cards) and len(numbers) == 1 and len(set(colours)) == len(colours)


# ------------------------------------------------------------------ runs.is_run (number cards only)


def run_wraps(cards: list[Card]) -> bool:
    numbers = [c.number for c in cards]
    return all((b - a) % 12 == 1 for a, b in itertools.pairwise(numbers))


def run_in_given_order(cards: list[Card]) -> bool:
    numbers = [c.number for c in cards]
    return all(b == a + 1 for a, b in itertools.pairwise(numbers))


def run_span_only(cards: list[Card]) -> bool:
    numbers = sorted(c.number for c in cards)
    return numbers[-1] - numbers[0] == len(numbers) - 1


def run_span_of_distinct(cards: list[Card]) -> bool:
    numbers = {c.number for c in cards}
    return max(numbers) - min(numbers) == len(numbers) - 1


def run_steps_of_at_most_one(cards: list[Card]) -> bool:
    numbers = sorted(c.number for c in cards)
    return all(b - a <= 1 for a, b in itertools.pairwise(numbers))


def run_tops_at_eleven(cards: list[Card]) -> bool:
    numbers = sorted(c.number for c in cards)
    ordered = all(b == a + 1 for a, b in itertools.pairwise(numbers))
    return ordered and all(n in range(1, 12) for n in numbers)


def run_starts_at_two(cards: list[Card]) -> bool:
    numbers = sorted(c.number for c in cards)
    return all(b == a + 1 for a, b in itertools.pairwise(numbers)) and numbers[0] > 1


def run_of_three_or_more(cards: list[Card]) -> bool:
    numbers = sorted(c.number for c in cards)
    return len(numbers) >= 3 and all(b == a + 1 for a, b in itertools.pairwise(numbers))


def run_of_one_colour(cards: list[Card]) -> bool:
    numbers = sorted(c.number for c in cards)
    in_a_row = all(b == a + 1 for a, b in itertools.pairwise(numbers))
    return in_a_row and len({c.color for c in cards}) == 1


def run_index_from_zero(cards: list[Card]) -> bool:
    numbers = sorted(c.number for c in cards)
    return all(numbers[i] == numbers[i - 1] + 1 for i in range(len(numbers)))


def run_wraps_around(cards: list[Card]) -> bool:
    # A run "around the clock": the numbers make a row counted from one of them, modulo 12.
    numbers = sorted(c.number for c in cards)
    return any(sorted((n - start) % 12 for n in numbers) == list(range(len(numbers))) for start in numbers)


# ------------------------------------------------------------------ colour.is_colour_group


def colour_skip_has_no_colour(cards: list[Card]) -> bool:
    return len({c.color for c in cards if not c.is_wild}) == 1  # a Skip's colour, None, counts as a colour


def colour_wilds_have_a_colour(cards: list[Card]) -> bool:
    return not any(c.is_skip for c in cards) and len({c.color for c in cards}) == 1


def colour_no_natural_needed(cards: list[Card]) -> bool:
    return not any(c.is_skip for c in cards) and len({c.color for c in cards if c.is_number}) <= 1


def colour_forgets_skips(cards: list[Card]) -> bool:
    return len({c.color for c in cards if c.is_number}) == 1


def colour_like_the_first(cards: list[Card]) -> bool:
    return not any(c.is_skip for c in cards) and all(c.is_wild or c.color == cards[0].color for c in cards)


def colour_different_numbers(cards: list[Card]) -> bool:
    naturals = [c for c in cards if c.is_number]
    one_colour = len({c.color for c in naturals}) == 1
    return not any(c.is_skip for c in cards) and one_colour and len({c.number for c in naturals}) == len(naturals)


def colour_one_number(cards: list[Card]) -> bool:
    return not any(c.is_skip for c in cards) and len({c.number for c in cards if c.is_number}) == 1


def colour_any_cards(cards: list[Card]) -> bool:
    return len(cards) > 0


# ------------------------------------------------------------------ wilds.fits_run


def fits_skip_is_zero(group: Group, card: Card) -> bool:
    if card.is_wild:
        return group.low > 1 or group.high < 12
    return card.number in (group.low - 1, group.high + 1)  # a Skip's number, 0, "fits" below a run from 1


def fits_wild_always(group: Group, card: Card) -> bool:
    return not card.is_skip and (card.is_wild or card.number in (group.low - 1, group.high + 1))


def fits_wild_needs_both_ends(group: Group, card: Card) -> bool:
    if card.is_skip:
        return False
    if card.is_wild:
        return group.low > 1 and group.high < 12
    return card.number in (group.low - 1, group.high + 1)


def fits_ignores_wilds_in_the_group(group: Group, card: Card) -> bool:
    numbers = [c.number for c in group.cards if c.is_number]
    if card.is_skip:
        return False
    if card.is_wild:
        return min(numbers) > 1 or max(numbers) < 12
    return card.number in (min(numbers) - 1, max(numbers) + 1)


def fits_wraps(group: Group, card: Card) -> bool:
    if card.is_skip:
        return False
    if card.is_wild:
        return True
    return card.number in ((group.low - 2) % 12 + 1, group.high % 12 + 1)


def fits_anywhere_near(group: Group, card: Card) -> bool:
    return card.is_wild or group.low - 1 <= card.number <= group.high + 1


def fits_two_away(group: Group, card: Card) -> bool:
    if card.is_skip:
        return False
    if card.is_wild:
        return group.low > 1 or group.high < 12
    return card.number in (group.low - 2, group.high + 2)


def fits_inside(group: Group, card: Card) -> bool:
    if card.is_skip:
        return False
    if card.is_wild:
        return group.low > 1 or group.high < 12
    return group.low <= card.number <= group.high


def fits_skip_like_wild(group: Group, card: Card) -> bool:
    if not card.is_number:
        return group.low > 1 or group.high < 12
    return card.number in (group.low - 1, group.high + 1)


def fits_only_above(group: Group, card: Card) -> bool:
    if card.is_skip:
        return False
    if card.is_wild:
        return group.high < 12
    return card.number == group.high + 1


# ------------------------------------------------------------------ score.write


def score_skip_is_a_number(hand: list[Card]) -> int:
    return sum(25 if c.is_wild else 10 if c.number >= 10 else 5 for c in hand)


def score_ten_is_low(hand: list[Card]) -> int:
    return sum(25 if c.is_wild else 15 if c.is_skip else 10 if c.number > 10 else 5 for c in hand)


def score_nine_is_high(hand: list[Card]) -> int:
    return sum(25 if c.is_wild else 15 if c.is_skip else 10 if c.number >= 9 else 5 for c in hand)


def score_wild_is_a_number(hand: list[Card]) -> int:
    return sum(15 if c.is_skip else 10 if c.number >= 10 else 5 for c in hand)


def score_wild_and_skip_swapped(hand: list[Card]) -> int:
    return sum(15 if c.is_wild else 25 if c.is_skip else 10 if c.number >= 10 else 5 for c in hand)


def score_each_card_once(hand: list[Card]) -> int:
    return sum(c.points for c in set(hand))


def score_five_each(hand: list[Card]) -> int:
    return 5 * len(hand)


def score_nothing_for_nothing(hand: list[Card]) -> int | None:
    if not hand:
        return None
    return sum(c.points for c in hand)


def score_face_value(hand: list[Card]) -> int:
    return sum(25 if c.is_wild else 15 if c.is_skip else c.number for c in hand)


# ------------------------------------------------------------------ deal.write_p


def _favourable(event: Callable[[object], bool], space: Sequence[object]) -> int:
    return sum(1 for outcome in space if event(outcome))


def p_float(event: Callable[[object], bool], space: Sequence[object]) -> float:
    return _favourable(event, space) / len(space)


def p_fraction_of_a_float(event: Callable[[object], bool], space: Sequence[object]) -> Fraction:
    return Fraction(_favourable(event, space) / len(space))


def p_fraction_of_a_string(event: Callable[[object], bool], space: Sequence[object]) -> Fraction:
    return Fraction(str(_favourable(event, space) / len(space)))


def p_rounded(event: Callable[[object], bool], space: Sequence[object]) -> float:
    return round(_favourable(event, space) / len(space), 4)


def p_decimal(event: Callable[[object], bool], space: Sequence[object]) -> Decimal:
    return Decimal(_favourable(event, space)) / Decimal(len(space))


def p_numpy(event: Callable[[object], bool], space: Sequence[object]) -> Any:
    return np.mean([bool(event(outcome)) for outcome in space])


def p_count(event: Callable[[object], bool], space: Sequence[object]) -> Fraction:
    return Fraction(_favourable(event, space))


def p_odds(event: Callable[[object], bool], space: Sequence[object]) -> Fraction:
    favourable = _favourable(event, space)
    return Fraction(favourable, max(len(space) - favourable, 1))


def p_one_too_many(event: Callable[[object], bool], space: Sequence[object]) -> Fraction:
    return Fraction(_favourable(event, space), len(space) + 1)


def p_complement(event: Callable[[object], bool], space: Sequence[object]) -> Fraction:
    return Fraction(len(space) - _favourable(event, space), len(space))


def p_whole_division(event: Callable[[object], bool], space: Sequence[object]) -> int:
    return _favourable(event, space) // len(space)


def p_pair(event: Callable[[object], bool], space: Sequence[object]) -> tuple[int, int]:
    return _favourable(event, space), len(space)


# ------------------------------------------------------------------ draw.write_chance


def _completing(hand: list[Card], goal: Phase, unseen: Sequence[Card]) -> list[Card]:
    return [card for card in unseen if can_complete([*hand, card], goal)]


def chance_float(hand: list[Card], goal: Phase, unseen: Sequence[Card]) -> float:
    return len(_completing(hand, goal, unseen)) / len(unseen)


def chance_fraction_of_a_float(hand: list[Card], goal: Phase, unseen: Sequence[Card]) -> Fraction:
    return Fraction(len(_completing(hand, goal, unseen)) / len(unseen))


def chance_distinct_cards(hand: list[Card], goal: Phase, unseen: Sequence[Card]) -> Fraction:
    kinds = set(unseen)
    return Fraction(sum(1 for card in kinds if can_complete([*hand, card], goal)), len(kinds))


def chance_whole_deck(hand: list[Card], goal: Phase, unseen: Sequence[Card]) -> Fraction:
    return Fraction(len(_completing(hand, goal, unseen)), 108)


def chance_count(hand: list[Card], goal: Phase, unseen: Sequence[Card]) -> int:
    return len(_completing(hand, goal, unseen))


def chance_without_wilds(hand: list[Card], goal: Phase, unseen: Sequence[Card]) -> Fraction:
    good = [card for card in _completing(hand, goal, unseen) if not card.is_wild]
    return Fraction(len(good), len(unseen))


def chance_wild_always_completes(hand: list[Card], goal: Phase, unseen: Sequence[Card]) -> Fraction:
    good = [card for card in unseen if card.is_wild or can_complete([*hand, card], goal)]
    return Fraction(len(good), len(unseen))


def chance_skips_left_out(hand: list[Card], goal: Phase, unseen: Sequence[Card]) -> Fraction:
    drawable = [card for card in unseen if not card.is_skip]
    return Fraction(len(_completing(hand, goal, drawable)), len(drawable))


def chance_one_more_card(hand: list[Card], goal: Phase, unseen: Sequence[Card]) -> Fraction:
    return Fraction(len(_completing(hand, goal, unseen)), len(unseen) + 1)


def chance_already_held(hand: list[Card], goal: Phase, unseen: Sequence[Card]) -> Fraction:
    return Fraction(int(can_complete(hand, goal)))


def chance_keeps_the_card(hand: list[Card], goal: Phase, unseen: Sequence[Card]) -> Fraction:
    good = 0
    for card in unseen:
        hand.append(card)  # the drawn card stays in the hand for the next one
        good += can_complete(hand, goal)
    return Fraction(good, len(unseen))


def chance_ignores_held_phase(hand: list[Card], goal: Phase, unseen: Sequence[Card]) -> Fraction:
    if can_complete(hand, goal):
        return Fraction(0)  # "nothing to complete"
    return Fraction(len(_completing(hand, goal, unseen)), len(unseen))


# ------------------------------------------------------------------ perfect.bellman

Values = Mapping[tuple[int, ...], Fraction]


def _best(hand: tuple[int, ...], card: int, values: Values) -> Fraction:
    return min(values[keep] for keep in keeps(tuple(sorted((*hand, card)))))


def bellman_float(hand: tuple[int, ...], values: Values) -> float:
    total = 0.0
    for card, chance in draws(hand).items():
        if not holds_run((*hand, card)):
            total += float(chance) * float(_best(hand, card, values))
    return 1 + total


def bellman_float_chances(hand: tuple[int, ...], values: Values) -> Fraction:
    total = Fraction(0)
    for card, chance in draws(hand).items():
        if not holds_run((*hand, card)):
            total += Fraction(float(chance)) * _best(hand, card, values)
    return 1 + total


def bellman_no_one(hand: tuple[int, ...], values: Values) -> Fraction:
    total = Fraction(0)
    for card, chance in draws(hand).items():
        if not holds_run((*hand, card)):
            total += chance * _best(hand, card, values)
    return total


def bellman_max(hand: tuple[int, ...], values: Values) -> Fraction:
    total = Fraction(0)
    for card, chance in draws(hand).items():
        cards = tuple(sorted((*hand, card)))
        if not holds_run(cards):
            total += chance * max(values[keep] for keep in keeps(cards))
    return 1 + total


def bellman_counts_done(hand: tuple[int, ...], values: Values) -> Fraction:
    total = Fraction(0)
    for card, chance in draws(hand).items():
        total += chance * _best(hand, card, values)
    return 1 + total


def bellman_uniform(hand: tuple[int, ...], values: Values) -> Fraction:
    numbers = list(draws(hand))
    total = Fraction(0)
    for card in numbers:
        if not holds_run((*hand, card)):
            total += Fraction(1, len(numbers)) * _best(hand, card, values)
    return 1 + total


def bellman_full_deck(hand: tuple[int, ...], values: Values) -> Fraction:
    total = Fraction(0)
    for card in draws(hand):
        if not holds_run((*hand, card)):
            total += Fraction(2, 8) * _best(hand, card, values)
    return 1 + total


def bellman_own_value(hand: tuple[int, ...], values: Values) -> Fraction:
    total = Fraction(0)
    for card, chance in draws(hand).items():
        if not holds_run((*hand, card)):
            total += chance * values[hand]
    return 1 + total


def bellman_average_keep(hand: tuple[int, ...], values: Values) -> Fraction:
    total = Fraction(0)
    for card, chance in draws(hand).items():
        cards = tuple(sorted((*hand, card)))
        if not holds_run(cards):
            options = keeps(cards)
            total += chance * sum((values[keep] for keep in options), Fraction(0)) / len(options)
    return 1 + total


def bellman_first_keep(hand: tuple[int, ...], values: Values) -> Fraction:
    total = Fraction(0)
    for card, chance in draws(hand).items():
        cards = tuple(sorted((*hand, card)))
        if not holds_run(cards):
            total += chance * values[keeps(cards)[0]]
    return 1 + total


def bellman_keeps_the_draw(hand: tuple[int, ...], values: Values) -> Fraction:
    total = Fraction(0)
    for card, chance in draws(hand).items():
        cards = tuple(sorted((*hand, card)))
        if not holds_run(cards):
            total += chance * min(values[keep] for keep in keeps(cards) if card in keep)
    return 1 + total


def bellman_one_per_draw(hand: tuple[int, ...], values: Values) -> Fraction:
    total = Fraction(0)
    for card, chance in draws(hand).items():
        if not holds_run((*hand, card)):
            total += chance * (1 + _best(hand, card, values))
    return total


def bellman_done_costs_a_turn(hand: tuple[int, ...], values: Values) -> Fraction:
    total = Fraction(0)
    for card, chance in draws(hand).items():
        total += chance if holds_run((*hand, card)) else chance * _best(hand, card, values)
    return 1 + total


def bellman_stub(hand: tuple[int, ...], values: Values) -> None:
    return None


BATTERY: dict[str, list[Callable[..., Any]]] = {
    "cards.could_be_dealt": [
        dealt_skips_like_numbers,
        dealt_skips_like_wilds,
        dealt_wilds_like_skips,
        dealt_strictly_below,
        dealt_one_too_many,
        dealt_counts_numbers,
        dealt_numbers_only,
        dealt_hand_size,
        dealt_wild_and_skip_together,
    ],
    "sets.is_set": [
        set_skip_is_zero,
        set_skip_is_zero_no_skips_mixed,
        set_wilds_are_numbers,
        set_no_natural_needed,
        set_forgets_skips,
        set_like_the_first,
        set_of_three_or_more,
        set_identical_cards,
        set_one_colour_each,
    ],
    "runs.is_run": [
        run_wraps,
        run_in_given_order,
        run_span_only,
        run_span_of_distinct,
        run_steps_of_at_most_one,
        run_tops_at_eleven,
        run_starts_at_two,
        run_of_three_or_more,
        run_of_one_colour,
        run_index_from_zero,
        run_wraps_around,
    ],
    "colour.is_colour_group": [
        colour_skip_has_no_colour,
        colour_wilds_have_a_colour,
        colour_no_natural_needed,
        colour_forgets_skips,
        colour_like_the_first,
        colour_different_numbers,
        colour_one_number,
        colour_any_cards,
    ],
    "wilds.fits_run": [
        fits_skip_is_zero,
        fits_wild_always,
        fits_wild_needs_both_ends,
        fits_ignores_wilds_in_the_group,
        fits_wraps,
        fits_anywhere_near,
        fits_two_away,
        fits_inside,
        fits_skip_like_wild,
        fits_only_above,
    ],
    "score.write": [
        score_skip_is_a_number,
        score_ten_is_low,
        score_nine_is_high,
        score_wild_is_a_number,
        score_wild_and_skip_swapped,
        score_each_card_once,
        score_five_each,
        score_nothing_for_nothing,
        score_face_value,
    ],
    "deal.write_p": [
        p_float,
        p_fraction_of_a_float,
        p_fraction_of_a_string,
        p_rounded,
        p_decimal,
        p_numpy,
        p_count,
        p_odds,
        p_one_too_many,
        p_complement,
        p_whole_division,
        p_pair,
    ],
    "draw.write_chance": [
        chance_float,
        chance_fraction_of_a_float,
        chance_distinct_cards,
        chance_whole_deck,
        chance_count,
        chance_without_wilds,
        chance_wild_always_completes,
        chance_skips_left_out,
        chance_one_more_card,
        chance_already_held,
        chance_keeps_the_card,
        chance_ignores_held_phase,
    ],
    "perfect.bellman": [
        bellman_float,
        bellman_float_chances,
        bellman_no_one,
        bellman_max,
        bellman_counts_done,
        bellman_uniform,
        bellman_full_deck,
        bellman_own_value,
        bellman_average_keep,
        bellman_first_keep,
        bellman_keeps_the_draw,
        bellman_one_per_draw,
        bellman_done_costs_a_turn,
        bellman_stub,
    ],
}
"""The wrong functions of each exercise (the bot's weak bots are in ``test_write_bot.py``)."""

WRONG = [(exercise_id, wrong) for exercise_id, battery in BATTERY.items() for wrong in battery]


@pytest.mark.parametrize(("exercise_id", "wrong"), WRONG, ids=[f"{e}-{w.__name__}" for e, w in WRONG])
def test_a_wrong_function_is_refused_naming_a_failing_case(exercise_id: str, wrong: Callable[..., Any]) -> None:
    feedback = exercises[exercise_id].check(wrong, record=False)
    name = NOTEBOOK_OF[exercise_id][1]
    assert not feedback.ok, f"{exercise_id}: {wrong.__name__} is accepted"
    assert f"{name}(" in feedback.message and "hidden case" in feedback.message, feedback.message


def test_the_known_holes_are_closed_with_the_case_that_shows_them() -> None:
    message = exercises["sets.is_set"].check(set_skip_is_zero, record=False).message
    assert "is_set(S S S) should be False, not True" in message
    message = exercises["colour.is_colour_group"].check(colour_skip_has_no_colour, record=False).message
    assert "is_colour_group(S S) should be False, not True" in message
    message = exercises["wilds.fits_run"].check(fits_skip_is_zero, record=False).message
    assert "fits_run(r[R1 R2 R3], S) should be False, not True" in message


# ------------------------------------------------------------------ exactness


EXACT = ["deal.write_p", "draw.write_chance", "perfect.bellman"]
INEXACT: dict[str, list[Callable[..., Any]]] = {
    "deal.write_p": [p_float, p_fraction_of_a_float, p_fraction_of_a_string, p_rounded, p_decimal, p_numpy],
    "draw.write_chance": [chance_float, chance_fraction_of_a_float],
    "perfect.bellman": [bellman_float, bellman_float_chances],
}


@pytest.mark.parametrize(
    ("exercise_id", "wrong"),
    [(e, w) for e, ws in INEXACT.items() for w in ws],
    ids=[f"{e}-{w.__name__}" for e, ws in INEXACT.items() for w in ws],
)
def test_an_inexact_result_is_told_to_be_an_exact_fraction_not_a_wrong_value(
    exercise_id: str, wrong: Callable[..., Any]
) -> None:
    message = exercises[exercise_id].check(wrong, record=False).message
    assert "exact Fraction" in message or "a Fraction of whole numbers" in message, message
    assert "should be" not in message, message  # the value is not blamed: only its exactness


@pytest.mark.parametrize("lang", ["es", "hr", "cs", "uk", "ko"])
def test_the_exactness_sentences_are_translated(lang: str) -> None:
    english = exercises["deal.write_p"].check(p_fraction_of_a_float, record=False).message
    message = exercises["deal.write_p"].check(p_fraction_of_a_float, lang=lang, record=False).message
    assert message != english and "Fraction(a, b)" in message
    english = exercises["draw.write_chance"].check(chance_float, record=False).message
    message = exercises["draw.write_chance"].check(chance_float, lang=lang, record=False).message
    assert message != english and "Fraction(3, 8)" in message


def test_floats_stay_fine_where_the_answer_is_a_whole_number_of_points() -> None:
    def float_score(hand: list[Card]) -> float:
        return float(sum(card.points for card in hand))

    assert exercises["score.write"].check(float_score, record=False).ok


def test_a_fraction_equal_to_the_exact_value_counts_however_it_was_made() -> None:
    def p_limited(event: Callable[[object], bool], space: Sequence[object]) -> Fraction:
        return Fraction(_favourable(event, space) / len(space)).limit_denominator(10_000)

    assert exercises["deal.write_p"].check(p_limited, record=False).ok


def test_inexact_tells_a_float_from_a_fraction_made_from_one() -> None:
    assert inexact(np.float64(0.5), Fraction(1, 2)) == "float"
    assert inexact(Decimal("0.5"), Fraction(1, 2)) == "float"
    assert inexact(np.int64(1), Fraction(1)) is None and inexact(1, Fraction(1)) is None
    assert inexact(Fraction(1 / 55), Fraction(1, 55)) == "from_float"
    assert inexact(Fraction(2, 55), Fraction(1, 55)) is None  # simply wrong: the case says what it should be
    assert inexact(0.5, True) is None and inexact(None, Fraction(1)) is None
