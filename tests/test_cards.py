"""Cards, the card notation and the deck."""

import random
from collections import Counter
from dataclasses import FrozenInstanceError

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10kit import (
    COLORS,
    SKIP,
    WILD,
    Card,
    Color,
    NotationError,
    format_cards,
    parse_cards,
    shuffled_deck,
    standard_deck,
)
from phase10kit.cards import CARDS_BY_INDEX, card_counts, card_in_text, cards_in_text, excess_over_deck

cards = st.sampled_from(CARDS_BY_INDEX)


@pytest.mark.clause("deck.composition", "deck.copies")
def test_standard_deck_has_108_cards_two_of_each_number_8_wilds_4_skips() -> None:
    deck = standard_deck()
    counts = Counter(deck)
    assert len(deck) == 108
    assert counts[WILD] == 8 and counts[SKIP] == 4
    numbers = [card for card in counts if card.is_number]
    assert len(numbers) == 48
    assert all(counts[card] == 2 for card in numbers)
    assert {card.number for card in numbers} == set(range(1, 13))
    assert {card.color for card in numbers} == set(COLORS)


def test_shuffled_deck_requires_a_random_and_is_reproducible() -> None:
    with pytest.raises(TypeError):
        shuffled_deck(7)  # type: ignore[arg-type]
    first, again, other = (
        shuffled_deck(random.Random(3)),
        shuffled_deck(random.Random(3)),
        shuffled_deck(random.Random(4)),
    )
    assert first == again
    assert first != other
    assert Counter(first) == Counter(standard_deck())


@given(cards)
def test_card_notation_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
    assert Card.from_index(card.index) is card


@given(st.lists(cards, max_size=12), st.sampled_from([" ", ", ", ",", "  "]))
def test_hand_notation_round_trips(hand: list[Card], separator: str) -> None:
    assert parse_cards(separator.join(str(card) for card in hand)) == hand
    assert parse_cards(format_cards(hand)) == hand


@pytest.mark.parametrize("token", ["R13", "X5", "R0", "7R", "WW", "S1", "R-1", "Red7"])
def test_bad_card_token_is_quoted_with_its_position(token: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards(f"R7 B7 {token} G2")
    assert repr(token) in str(caught.value)
    assert "token 3" in str(caught.value)
    assert caught.value.reason == "bad-token"
    with pytest.raises(NotationError):
        Card.parse(token)


def test_empty_card_token_is_an_error() -> None:
    with pytest.raises(NotationError, match="empty"):
        Card.parse("")
    with pytest.raises(NotationError, match="token 2"):
        parse_cards("R7,,B7")
    assert parse_cards("   ") == []


def test_cards_sort_by_number_then_colour_with_wilds_then_skips_last() -> None:
    assert sorted(parse_cards("S W Y12 B1 R1 G7")) == parse_cards("R1 B1 G7 Y12 W S")
    assert Card.parse("R7") < Card.parse("B7") < Card.parse("R8") < WILD < SKIP


def test_equal_cards_are_equal_values_with_equal_hashes() -> None:
    a, b = Card.parse("R7"), Card.numbered(Color.RED, 7)
    assert a == b and hash(a) == hash(b)
    assert len({a, b, Card.parse("B7")}) == 2


def test_cards_are_immutable() -> None:
    card = Card.parse("R7")
    with pytest.raises(FrozenInstanceError):
        card.number = 8  # type: ignore[misc]


def test_a_number_card_needs_a_number_1_to_12_and_a_colour() -> None:
    from phase10kit import Kind

    with pytest.raises(NotationError):
        Card.numbered(Color.RED, 13)
    with pytest.raises(NotationError):
        Card(Kind.NUMBER, 5)
    with pytest.raises(NotationError):
        Card(Kind.WILD, 5)


def test_penalty_points_are_5_10_15_25() -> None:
    points = {str(card): card.points for card in parse_cards("R1 B9 G10 Y12 S W")}
    assert points == {"R1": 5, "B9": 5, "G10": 10, "Y12": 10, "S": 15, "W": 25}


def test_colour_parses_initials_and_names() -> None:
    assert [Color.parse(text) for text in ("r", "Blue", "GREEN", "y")] == list(COLORS)
    with pytest.raises(NotationError):
        Color.parse("purple")


def test_card_counts_and_excess_over_deck() -> None:
    hand = parse_cards("R7 R7 R7 W")
    assert card_counts(hand)[Card.parse("R7").index] == 3
    assert excess_over_deck(hand) == [Card.parse("R7")]
    assert excess_over_deck(standard_deck()) == []


def test_every_card_written_alone_in_text_is_found_and_a_glued_one_is_not() -> None:
    for card in CARDS_BY_INDEX:
        assert cards_in_text(f"kept {card}, then ({card}).") == [str(card), str(card)]
        assert cards_in_text(f"{card}x x{card} #{card} 7{card}") == []
        assert card_in_text(card).search(f"a {card}") and not card_in_text(card).search(f"a {card}1")
