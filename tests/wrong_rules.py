"""Plausible wrong functions for the six rule "write it yourself" exercises (cards, sets, runs, colour groups,
Wilds, scoring), which ``test_write_checkers.py`` sends to their checkers: each reads a Skip's number or colour,
ignores or counts Wilds, is off by one at a run's ends, wraps 12 to 1, ..."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from typing import Any

from phase10kit.cards import Card
from phase10kit.groups import Group

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


RULES_BATTERY: dict[str, list[Callable[..., Any]]] = {
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
}
"""The wrong functions of each rule exercise."""
