"""Plausible wrong functions for the three odds "write it yourself" exercises (``deal.write_p``,
``draw.write_chance``, ``perfect.bellman``), which ``test_write_checkers.py`` sends to their checkers: each works in
floats, counts the wrong space, forgets Wilds or Skips, ... (the bot exercise's weak bots are in
``test_write_bot.py``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np

from phase10kit.cards import Card
from phase10kit.course.lesson_12 import draws, holds_run, keeps
from phase10kit.phases import Phase
from phase10kit.solver import can_complete

# ------------------------------------------------------------------ deal.write_p


def favourable(event: Callable[[object], bool], space: Sequence[object]) -> int:
    return sum(1 for outcome in space if event(outcome))


def p_float(event: Callable[[object], bool], space: Sequence[object]) -> float:
    return favourable(event, space) / len(space)


def p_fraction_of_a_float(event: Callable[[object], bool], space: Sequence[object]) -> Fraction:
    return Fraction(favourable(event, space) / len(space))


def p_fraction_of_a_string(event: Callable[[object], bool], space: Sequence[object]) -> Fraction:
    return Fraction(str(favourable(event, space) / len(space)))


def p_rounded(event: Callable[[object], bool], space: Sequence[object]) -> float:
    return round(favourable(event, space) / len(space), 4)


def p_decimal(event: Callable[[object], bool], space: Sequence[object]) -> Decimal:
    return Decimal(favourable(event, space)) / Decimal(len(space))


def p_numpy(event: Callable[[object], bool], space: Sequence[object]) -> Any:
    return np.mean([bool(event(outcome)) for outcome in space])


def p_count(event: Callable[[object], bool], space: Sequence[object]) -> Fraction:
    return Fraction(favourable(event, space))


def p_odds(event: Callable[[object], bool], space: Sequence[object]) -> Fraction:
    hits = favourable(event, space)
    return Fraction(hits, max(len(space) - hits, 1))


def p_one_too_many(event: Callable[[object], bool], space: Sequence[object]) -> Fraction:
    return Fraction(favourable(event, space), len(space) + 1)


def p_complement(event: Callable[[object], bool], space: Sequence[object]) -> Fraction:
    return Fraction(len(space) - favourable(event, space), len(space))


def p_whole_division(event: Callable[[object], bool], space: Sequence[object]) -> int:
    return favourable(event, space) // len(space)


def p_pair(event: Callable[[object], bool], space: Sequence[object]) -> tuple[int, int]:
    return favourable(event, space), len(space)


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


ODDS_BATTERY: dict[str, list[Callable[..., Any]]] = {
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
"""The wrong functions of each odds exercise."""
