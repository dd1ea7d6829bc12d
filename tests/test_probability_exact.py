"""Exact deal odds: checked hand by hand on reduced decks against the brute-force oracle, and on the
real deck against a seeded Monte Carlo."""

from __future__ import annotations

from collections.abc import Iterator
from math import comb, prod
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from phase10kit import Card, Phase, Phase10Error, phase
from phase10kit.probability import (
    DeckSpec,
    HandProfiles,
    can_complete_batch,
    count_hands,
    exact_deal_odds,
    simulate_deal_odds,
)
from phase10kit.probability.exact_mixed import count_mixed
from phase10kit.probability.profiles import bounded_compositions
from phase10kit.rules import Rules
from tests.oracle import min_wilds

SMALL_DECK = DeckSpec(numbers=5, colors=2, copies=2, wilds=2, skips=1)
COLOR_DECK = DeckSpec(numbers=4, colors=3, copies=1, wilds=2, skips=1)
NUMBER_PHASES = ("2s3", "2s2", "3s2", "s3+s2", "s2+r3", "s3+r3", "r4", "r6", "s2+r4")
COLOR_PHASES = ("c4", "2c2", "c3+c2")
MIXED_PHASES = ("r3+c3", "s2+c3", "c2+r4")


def every_hand(deck: DeckSpec, hand_size: int) -> Iterator[tuple[list[Card], int]]:
    """Every distinct hand (a multiset of cards) with how many hands of physical cards it stands for."""
    kinds = [(index, n) for index, n in enumerate(deck.counts()) if n]

    def extend(position: int, left: int) -> Iterator[list[int]]:
        if position == len(kinds):
            if left == 0:
                yield []
            return
        for take in range(min(left, kinds[position][1]) + 1):
            for rest in extend(position + 1, left - take):
                yield [take, *rest]

    for takes in extend(0, hand_size):
        cards = [Card.from_index(index) for (index, _), take in zip(kinds, takes, strict=True) for _ in range(take)]
        yield cards, prod(comb(n, take) for (_, n), take in zip(kinds, takes, strict=True))


def brute_force_count(deck: DeckSpec, hand_size: int, phase_: Phase, natural_required: bool) -> int:
    return sum(
        weight
        for cards, weight in every_hand(deck, hand_size)
        if min_wilds(cards, phase_, natural_required) is not None
    )


@pytest.mark.parametrize("text", NUMBER_PHASES)
def test_set_and_run_counts_equal_every_hand_of_a_reduced_deck_by_the_oracle(text: str) -> None:
    phase_ = Phase.parse(text)
    for natural_required in (True, False):
        expected = brute_force_count(SMALL_DECK, 6, phase_, natural_required)
        assert count_hands(phase_, 6, deck=SMALL_DECK, rules=Rules(natural_required=natural_required)) == expected


@pytest.mark.parametrize("text", COLOR_PHASES)
def test_colour_counts_equal_every_hand_of_a_reduced_deck_by_the_oracle(text: str) -> None:
    phase_ = Phase.parse(text)
    for natural_required in (True, False):
        expected = brute_force_count(COLOR_DECK, 5, phase_, natural_required)
        assert count_hands(phase_, 5, deck=COLOR_DECK, rules=Rules(natural_required=natural_required)) == expected


@pytest.mark.parametrize("text", MIXED_PHASES)
def test_mixed_phase_batch_check_agrees_with_the_oracle_on_every_hand(text: str) -> None:
    phase_ = Phase.parse(text)
    hands = list(every_hand(COLOR_DECK, 6))
    profiles = HandProfiles.from_hands(cards for cards, _ in hands)
    for natural_required in (True, False):
        held = can_complete_batch(profiles, phase_, rules=Rules(natural_required=natural_required))
        expected = [min_wilds(cards, phase_, natural_required) is not None for cards, _ in hands]
        assert held.tolist() == expected


def test_the_hands_of_a_reduced_deck_sum_to_every_hand() -> None:
    hands = list(every_hand(SMALL_DECK, 6))
    assert sum(weight for _, weight in hands) == comb(SMALL_DECK.size, 6)


def test_bounded_compositions_lists_every_vector_once() -> None:
    rows = bounded_compositions(4, 3, 5)
    expected = {v for v in np.ndindex(4, 4, 4, 4) if sum(v) <= 5}
    assert {tuple(row) for row in rows.tolist()} == expected
    assert len(rows) == len(expected)


def test_standard_ten_card_table_has_exact_integer_counts_within_bounds() -> None:
    table = exact_deal_odds(10)
    total = comb(108, 10)
    assert list(table.index) == list(range(1, 11))
    assert list(table["phase"]) == [str(phase(n)) for n in range(1, 11)]
    assert set(table["method"]) == {"exact"}
    for hands, probability in zip(table["hands"], table["probability"], strict=True):
        assert 0 < int(hands) < total
        assert probability == pytest.approx(int(hands) / total, rel=1e-12)
    # A hand holding 2 sets of 4 holds 2 sets of 3; 5+3 holds 5+2.
    assert table.loc[7, "hands"] <= table.loc[1, "hands"]
    assert table.loc[10, "hands"] <= table.loc[9, "hands"]
    assert table.loc[6, "hands"] <= table.loc[5, "hands"] <= table.loc[4, "hands"]
    assert sorted(table["difficulty"]) == list(range(1, 11))


@pytest.mark.clause("prob.deal")
def test_exact_ten_card_table_agrees_with_200000_seeded_deals_within_4_standard_errors() -> None:
    exact = exact_deal_odds(10)
    simulated = simulate_deal_odds(200_000, 10, seed=20240601)
    p = exact["probability"].to_numpy()
    error = np.sqrt(p * (1 - p) / 200_000)
    z = (simulated["probability"].to_numpy() - p) / error
    assert np.all(np.abs(z) < 4), z


def test_extra_mixed_phases_are_counted_exactly_and_other_shapes_simulated() -> None:
    table = exact_deal_odds(10, phases=[13, 15, "2r3"], samples=2_000, seed=3)
    assert table["method"].tolist() == ["exact", "exact", "simulated"]
    assert table["hands"].isna().tolist() == [False, False, True]
    assert 0 < table.loc[15, "probability"] < 1


MIXED_DECKS = [
    (COLOR_DECK, 6),
    (DeckSpec(numbers=5, colors=2, copies=2, wilds=2, skips=1), 5),
    # Enough Wilds for a group of only Wilds: the natural-card rule changes the count here.
    (DeckSpec(numbers=4, colors=2, copies=1, wilds=4, skips=0), 5),
]


@pytest.mark.parametrize("text", [*MIXED_PHASES, "r2+c2", "s3+c2", "c3+r3"])
@pytest.mark.parametrize(("deck", "size"), MIXED_DECKS)
def test_mixed_counts_equal_every_hand_of_a_reduced_deck_by_the_oracle(text: str, deck: DeckSpec, size: int) -> None:
    phase_ = Phase.parse(text)
    for natural_required in (True, False):
        expected = brute_force_count(deck, size, phase_, natural_required)
        assert count_hands(phase_, size, deck=deck, rules=Rules(natural_required=natural_required)) == expected


def test_the_natural_card_rule_matters_for_a_mixed_phase_with_many_wilds() -> None:
    deck, phase_ = MIXED_DECKS[2][0], Phase.parse("r2+c2")
    assert count_hands(phase_, 5, deck=deck, rules=Rules(natural_required=False)) > count_hands(phase_, 5, deck=deck)


@pytest.mark.slow
def test_phases_14_and_15_exact_agree_with_200000_seeded_deals_within_4_standard_errors() -> None:
    exact = exact_deal_odds(10, phases=[14, 15])
    assert exact["method"].tolist() == ["exact", "exact"]
    simulated = simulate_deal_odds(200_000, 10, seed=20261201, phases=[14, 15])
    p = exact["probability"].to_numpy()
    z = (simulated["probability"].to_numpy() - p) / np.sqrt(p * (1 - p) / 200_000)
    assert np.all(np.abs(z) < 4), z


def test_a_phase_that_allows_all_wild_groups_is_dealt_at_least_as_often() -> None:
    strict = exact_deal_odds(10, phases=[1, 4, 8])
    relaxed = exact_deal_odds(10, phases=[1, 4, 8], rules=Rules(natural_required=False))
    assert (relaxed["hands"] >= strict["hands"]).all()
    assert (relaxed["hands"] > strict["hands"]).any()


def test_rules_give_the_phases_and_the_rule_on_naturals() -> None:
    table = exact_deal_odds(10, rules=Rules(phases="first:2", natural_required=False))
    relaxed = exact_deal_odds(10, phases=[1, 2], rules=Rules(natural_required=False))
    assert table["phase"].tolist() == ["2s3", "s3+r4"]
    assert table["hands"].tolist() == relaxed["hands"].tolist()
    assert table["hands"].tolist() != exact_deal_odds(10, phases=[1, 2])["hands"].tolist()
    # One way to say the rule: the Rules a game plays by (the bare keyword of old is refused, not ignored).
    with pytest.raises(TypeError):
        exact_deal_odds(10, phases=[1, 2], natural_required=False)  # type: ignore[call-arg]


def test_rules_like_object_gives_the_phase_list() -> None:
    rules = SimpleNamespace(natural_required=True, phases=[Phase.parse("r3"), Phase.parse("s2")])
    table = exact_deal_odds(6, rules=rules)
    assert table["phase"].tolist() == ["r3", "s2"]
    assert list(table.index) == [1, 2]


@settings(max_examples=25, deadline=None)
@given(
    numbers=st.integers(3, 6),
    colors=st.integers(1, 3),
    wilds=st.integers(0, 2),
    skips=st.integers(0, 2),
    hand_size=st.integers(2, 6),
    text=st.sampled_from(NUMBER_PHASES + COLOR_PHASES + ("s2", "r2", "c2")),
)
def test_one_more_card_never_lowers_the_odds(
    numbers: int, colors: int, wilds: int, skips: int, hand_size: int, text: str
) -> None:
    deck = DeckSpec(numbers=numbers, colors=colors, copies=1, wilds=wilds, skips=skips)
    assume(hand_size + 1 <= deck.size)
    phase_ = Phase.parse(text)
    smaller = count_hands(phase_, hand_size, deck=deck) / comb(deck.size, hand_size)
    larger = count_hands(phase_, hand_size + 1, deck=deck) / comb(deck.size, hand_size + 1)
    assert larger >= smaller


def test_bad_hand_size_is_refused_with_its_value() -> None:
    with pytest.raises(Phase10Error, match="109") as caught:
        exact_deal_odds(109)
    assert caught.value.reason == "bad-hand-size"
    with pytest.raises(Phase10Error, match="'x'"):
        exact_deal_odds(10, phases=["x"])
    with pytest.raises(Phase10Error, match=r"2\.5") as caught:
        exact_deal_odds(10, phases=[2.5])  # type: ignore[list-item]
    assert caught.value.reason == "bad-phase"


def test_progress_bars_change_nothing_but_the_display(capsys: pytest.CaptureFixture[str]) -> None:
    quiet = exact_deal_odds(9, phases=[1, 14], samples=5_000, seed=2)
    shown = exact_deal_odds(9, phases=[1, 14], samples=5_000, seed=2, progress=True)
    assert quiet.equals(shown)
    assert "exact odds" in capsys.readouterr().err


@pytest.mark.parametrize("damage", ["garbage", "wrong number", "empty"])
def test_a_cached_mixed_count_that_does_not_check_out_is_counted_again(
    damage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("P10_CACHE", str(tmp_path))
    deck, phase_ = MIXED_DECKS[0][0], Phase.parse("r3+c3")
    count_mixed.cache_clear()
    good = count_hands(phase_, 6, deck=deck)
    (path,) = tmp_path.glob("exact-v*-r3+c3-h6-*.txt")
    number, _, check = path.read_text().partition(" ")
    path.write_text({"garbage": "\x00not a count", "wrong number": f"{int(number) + 1} {check}", "empty": ""}[damage])
    count_mixed.cache_clear()
    assert count_hands(phase_, 6, deck=deck) == good
    assert path.read_text().startswith(f"{good} ")
