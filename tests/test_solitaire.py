"""The solitaire optimum (``prob.discard``, ``strategy.bot``): the exact values against a brute-force
solve of tiny decks, the deal odds, a seeded Monte Carlo of the optimal policy, the disk cache and bad input."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from math import comb
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10kit import Card, Phase, Phase10Error, can_complete, parse_cards, phase
from phase10kit.errors import Reason
from phase10kit.probability import STANDARD_DECK, DeckSpec, exact_deal_odds, fits_model, solitaire_optimum
from phase10kit.probability.solitaire import WITHIN_TURNS, cache_dir, forget_solved
from phase10kit.probability.solitaire_profiles import holds_mask, level, profile_space, transitions
from phase10kit.refusals import sentence
from phase10kit.rules import Rules
from phase10kit.solitaire_bots import model_turns, play_solitaire

TINY_DECK = DeckSpec(numbers=4, colors=2, copies=1, wilds=1, skips=1)
SMALL_DECK = DeckSpec(numbers=6, colors=2, copies=1, wilds=2, skips=1)
FITTING = [n for n in range(1, 21) if fits_model(phase(n))]
SMALL_FITTING = [1, 7, 8, 9, 10, 11, 17, 18, 19, 20]
"""The fitting phases with small tables (sets only, colours only): solved in milliseconds."""


@pytest.fixture(autouse=True)
def _tmp_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test solves into one temporary cache of the session, never the user's ``~/.cache``."""
    folder = tmp_path_factory.getbasetemp() / "solitaire-cache"
    monkeypatch.setenv("P10_CACHE", str(folder))
    yield folder


def random_hand(rng: random.Random, size: int, deck: DeckSpec = STANDARD_DECK) -> list[Card]:
    cards = [Card.from_index(int(i)) for i in deck.card_indices()]
    return rng.sample(cards, size)


# ---------------------------------------------------------------------------------------------
# The model solved by brute force on a tiny deck: hands as card multisets, no profiles, no symmetry.


def brute_force_expected_turns(target: Phase, deck: DeckSpec, hand_size: int) -> float:
    cards = [Card.from_index(int(i)) for i in deck.card_indices()]
    hands = sorted({tuple(sorted(h)) for h in itertools.combinations(cards, hand_size)})
    deck_counts = deck.counts()

    def draws(hand: tuple[Card, ...]) -> list[tuple[Card, float]]:
        unseen = {c: deck_counts[c.index] - hand.count(c) for c in set(cards)}
        total = sum(unseen.values())
        return [(c, n / total) for c, n in unseen.items() if n]

    # Per hand: each draw's probability and, unless the 11 cards hold the phase, the hands a discard leaves.
    moves = {}
    for h in hands:
        options = []
        for card, p in draws(h):
            big = tuple(sorted((*h, card)))
            after = [] if can_complete(big, target) else [big[:i] + big[i + 1 :] for i in range(len(big))]
            options.append((p, after))
        moves[h] = options
    values = {h: 1.0 for h in hands}
    for _ in range(2000):
        new = {h: 1.0 + sum(p * min(values[a] for a in after) for p, after in moves[h] if after) for h in hands}
        change = max(abs(new[h] - values[h]) for h in hands)
        values = new
        if change < 1e-12:
            break
    # Every physical hand is equally likely; physical hands of one multiset are counted by copies.
    weights = {h: 1.0 for h in hands}
    for h in hands:
        for card in set(h):
            weights[h] *= comb(deck_counts[card.index], h.count(card))
    total = sum(weights.values())
    assert total == comb(deck.size, hand_size)
    return sum(weights[h] * values[h] for h in hands) / total


@pytest.mark.parametrize(("notation", "hand_size"), [("r3", 3), ("s2", 3), ("c3", 3), ("s2+r2", 4), ("2s2", 4)])
def test_profiles_and_symmetries_agree_with_a_brute_force_solve_on_a_tiny_deck(notation: str, hand_size: int) -> None:
    target = Phase.parse(notation)
    opt = solitaire_optimum(target, hand_size=hand_size, deck=TINY_DECK)
    assert opt.expected_turns == pytest.approx(brute_force_expected_turns(target, TINY_DECK, hand_size), abs=1e-8)


def test_deal_weights_count_every_hand_of_the_deck() -> None:
    for axis, symmetry in [("numbers", "sort"), ("colors", "sort"), ("numbers", "none")]:
        for deck, size in [(DeckSpec(), 10), (SMALL_DECK, 5), (TINY_DECK, 3)]:
            if symmetry == "none" and deck == DeckSpec():
                continue
            space = profile_space(axis, symmetry, deck)  # type: ignore[arg-type]
            assert int(space.deal_weights(level(space, size)).sum()) == comb(deck.size, size)


def test_states_of_a_reduced_deck_are_its_distinct_hands() -> None:
    space = profile_space("numbers", "none", SMALL_DECK)
    cards = [Card.from_index(int(i)) for i in SMALL_DECK.card_indices()]
    distinct = {tuple(space.rows_of([hand])[0]) for hand in itertools.combinations(cards, 5)}
    assert len(level(space, 5)) == len(distinct)


def test_draw_probabilities_are_the_unseen_cards() -> None:
    moves = transitions(profile_space("numbers", "sort"), 10)
    assert np.allclose(moves.draw.sum(axis=0), 1.0)
    assert ((moves.draw > 0) == (moves.up >= 0)).all()
    # Each number has 8 cards: a hand holding 3 of the fullest number leaves 5 of the 98 unseen.
    row = int(np.flatnonzero(moves.small[:, 0] == 3)[0])
    assert moves.draw[0, row] == pytest.approx(5 / 98)


# ---------------------------------------------------------------------------------------------
# The vectorised phase check against the solver


@pytest.mark.parametrize("number", FITTING)
def test_profile_check_agrees_with_can_complete_on_random_hands(number: int) -> None:
    target = phase(number)
    axis = "colors" if str(target).startswith("c") else "numbers"
    rng = random.Random(f"holds/{number}")
    hands = [random_hand(rng, size) for size in (10, 11) for _ in range(150)]
    # Hands close to the phase, so that both answers are common: a held layout plus random cards.
    for _ in range(100):
        hand = random_hand(rng, 11)
        if can_complete(hand, target):
            hands.append(hand)
    for symmetry in ("none", "sort" if axis == "colors" or "r" not in str(target) else "mirror"):
        space = profile_space(axis, symmetry)  # type: ignore[arg-type]
        rows = space.rows_of(hands)
        expected = [can_complete(hand, target) for hand in hands]
        assert holds_mask(space, rows, target).tolist() == expected
        assert holds_mask(space, space.canonical(rows), target).tolist() == expected


# ---------------------------------------------------------------------------------------------
# The optimum's figures


@pytest.mark.parametrize("notation", ["s3", "2s3", "c7", "s5+s2", "4s2"])
def test_within_one_turn_is_the_exact_chance_of_an_eleven_card_hand(notation: str) -> None:
    opt = solitaire_optimum(notation)
    exact = exact_deal_odds(11, phases=[notation]).iloc[0]["probability"]
    assert opt.within(1) == pytest.approx(exact, rel=1e-12)


@pytest.mark.parametrize("number", SMALL_FITTING)
def test_expected_turns_is_the_sum_of_the_chances_of_not_being_done(number: int) -> None:
    opt = solitaire_optimum(phase(number))
    tail = [1 - opt.within(k) for k in range(WITHIN_TURNS)]
    assert all(a >= b for a, b in itertools.pairwise(tail))
    if tail[-1] < 1e-9:
        assert opt.expected_turns == pytest.approx(sum(tail), abs=1e-6)
    else:  # a slow phase: the tabulated turns give a lower bound
        assert sum(tail) <= opt.expected_turns


def test_harder_phases_take_longer() -> None:
    turns = {n: solitaire_optimum(phase(n)).expected_turns for n in (1, 7, 10, 11, 17, 20)}
    assert turns[11] < turns[1] < turns[7] < turns[17]
    assert turns[10] < turns[20]


def test_value_of_a_hand_that_holds_the_phase_is_one_turn() -> None:
    rng = random.Random(5)
    for notation in ("s3", "2s3", "c7", "s5+s2"):
        opt = solitaire_optimum(notation)
        held = 0
        for _ in range(400):
            *hand, drawn = random_hand(rng, 11)
            if can_complete(hand, Phase.parse(notation)):
                held += 1
                assert opt.value(hand) == 1.0
                assert opt.value([*hand, drawn]) == 0.0
            else:
                assert opt.value(hand) > 1.0
        assert held > 0


@pytest.mark.parametrize("notation", ["s3", "2s3", "c7", "s5+s2", "s5+s3"])
def test_best_discard_never_breaks_a_held_phase(notation: str) -> None:
    target = Phase.parse(notation)
    opt = solitaire_optimum(target)
    rng = random.Random(f"keep/{notation}")
    checked = 0
    while checked < 60:
        hand = random_hand(rng, 11)
        if not can_complete(hand, target):
            continue
        checked += 1
        card = opt.best_discard(hand)
        rest = list(hand)
        rest.remove(card)
        assert can_complete(rest, target), (hand, card)


@pytest.mark.clause("prob.discard")
def test_best_discard_is_a_card_of_the_hand_with_the_lowest_value() -> None:
    opt = solitaire_optimum("2s3")
    rng = random.Random(9)
    for _ in range(50):
        hand = random_hand(rng, 11)
        card = opt.best_discard(hand)
        values = opt.discard_values(hand)
        assert card in hand
        assert values[card] <= min(values.values()) + 1e-9
        assert set(values) == set(hand)


def test_a_skip_is_a_dead_card_and_a_wild_the_last_to_go() -> None:
    opt = solitaire_optimum("2s3")
    hand = parse_cards("R7 B7 G2 Y2 R9 B10 G11 Y12 R1 S W")
    assert opt.best_discard(hand) == Card.parse("S")
    values = opt.discard_values(hand)
    assert values[Card.parse("W")] == max(values.values())


# ---------------------------------------------------------------------------------------------
# Monte Carlo: the optimal policy played in the model agrees with the exact expectation


@pytest.mark.parametrize(
    ("notation", "hand_size", "deck", "deals"),
    [("s3", 10, DeckSpec(), 3000), ("r4", 5, SMALL_DECK, 3000), ("2s3", 10, DeckSpec(), 1500)],
)
def test_monte_carlo_of_the_optimal_policy_agrees_with_the_exact_expectation(
    notation: str, hand_size: int, deck: DeckSpec, deals: int
) -> None:
    target = Phase.parse(notation)
    opt = solitaire_optimum(target, hand_size=hand_size, deck=deck)
    summary = model_turns(opt.best_discard, target, deals, seed=3, hand_size=hand_size, deck=deck)
    assert summary.unfinished == 0
    assert summary.low <= opt.expected_turns <= summary.high


def test_no_policy_beats_the_optimum() -> None:
    target = Phase.parse("2s3")
    opt = solitaire_optimum(target)
    highest = model_turns(lambda hand: max(hand), target, 800, seed=4)
    assert highest.mean > opt.expected_turns
    assert highest.high > opt.expected_turns


def test_play_solitaire_is_reproducible() -> None:
    opt = solitaire_optimum("s3")
    runs = [play_solitaire(opt.best_discard, Phase.parse("s3"), random.Random(11)) for _ in range(2)]
    assert runs[0] == runs[1]


@pytest.mark.slow
def test_a_run_on_the_full_deck_against_monte_carlo() -> None:
    opt = solitaire_optimum("r4")
    space = profile_space("numbers", "mirror")
    assert space.symmetry == "mirror"
    assert int(space.deal_weights(level(space, 10)).sum()) == comb(108, 10)
    assert opt.within(1) == pytest.approx(exact_deal_odds(11, phases=["r4"]).iloc[0]["probability"], rel=1e-12)
    summary = model_turns(opt.best_discard, Phase.parse("r4"), 1500, seed=5)
    assert summary.low <= opt.expected_turns <= summary.high


# ---------------------------------------------------------------------------------------------
# The disk cache


def test_a_solved_table_is_cached_on_disk_and_read_back() -> None:
    forget_solved()
    first = solitaire_optimum("s4", hand_size=5, deck=SMALL_DECK)
    files = sorted(cache_dir().glob("solitaire-v*-s4-h5-*.npz"))
    assert len(files) == 1
    forget_solved()
    second = solitaire_optimum("s4", hand_size=5, deck=SMALL_DECK)
    assert second.from_cache
    assert second.expected_turns == first.expected_turns
    assert second.distribution(30) == first.distribution(30)


@pytest.mark.parametrize("damage", ["garbage", "truncated", "values", "empty"])
def test_a_corrupt_cache_file_is_recomputed_never_trusted(damage: str) -> None:
    forget_solved()
    good = solitaire_optimum("s2+r3", hand_size=5, deck=SMALL_DECK)
    (path,) = cache_dir().glob("solitaire-v*-s2+r3-h5-*.npz")
    if damage == "garbage":
        path.write_bytes(b"not a numpy file at all")
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[:300])
    elif damage == "empty":
        path.write_bytes(b"")
    else:
        with np.load(path) as stored:
            arrays = {name: stored[name] for name in stored.files}
        arrays["values"] = arrays["values"] * 0.5 + 0.5  # still plausible numbers, but wrong
        np.savez(path, **arrays)
    forget_solved()
    again = solitaire_optimum("s2+r3", hand_size=5, deck=SMALL_DECK)
    assert not again.from_cache
    assert again.expected_turns == good.expected_turns
    forget_solved()
    assert solitaire_optimum("s2+r3", hand_size=5, deck=SMALL_DECK).from_cache  # rewritten


# ---------------------------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize("mixed", [14, 15, "r4+c4", "s5+c4", "c3+s2"])
def test_phases_mixing_number_and_colour_groups_are_refused_with_a_reason(mixed: int | str) -> None:
    with pytest.raises(Phase10Error) as caught:
        solitaire_optimum(mixed)
    assert caught.value.reason is Reason.NOT_SOLITAIRE
    assert "r4+c4" in sentence(caught.value, "en") or "c" in str(caught.value)


@pytest.mark.parametrize("bad", [None, 3.5, [1], "s3 + nonsense", 21, 0, True])
def test_a_bad_phase_is_a_phase10_error(bad: object) -> None:
    with pytest.raises(Phase10Error):
        solitaire_optimum(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "settings",
    [{"hand_size": 0}, {"hand_size": 108}, {"hand_size": "10"}, {"deck": "standard"}, {"rules": "yes"}],
)
def test_bad_settings_are_a_phase10_error(settings: dict[str, object]) -> None:
    with pytest.raises(Phase10Error):
        solitaire_optimum("s3", **settings)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "hand",
    [
        "R7 B7 G7",  # text, not cards
        parse_cards("R7 B7 G7"),  # too few
        parse_cards("R7 B7 G7 Y7 R8 B8 G8 Y8 R9 B9 G9 Y9"),  # too many
        parse_cards("R7 R7 R7 B8 G8 Y8 R9 B9 G9 Y9 W"),  # three red 7s: the deck has two
        [*parse_cards("R7 B7 G7 Y7 R8 B8 G8 Y8 R9 B9"), "W"],  # not a Card
        None,
        42,
    ],
)
def test_bad_hands_are_a_phase10_error(hand: object) -> None:
    opt = solitaire_optimum("s3")
    for method in (opt.best_discard, opt.discard_values, opt.value):
        with pytest.raises(Phase10Error):
            method(hand)  # type: ignore[arg-type]


def test_cards_a_reduced_deck_lacks_are_refused() -> None:
    opt = solitaire_optimum("r4", hand_size=5, deck=SMALL_DECK)
    with pytest.raises(Phase10Error):
        opt.value(parse_cards("R1 R2 R3 R12 W"))  # no 12s in a deck of numbers 1 to 6
    with pytest.raises(Phase10Error):
        opt.value(parse_cards("R1 Y2 R3 R4 W"))  # no yellow in a deck of two colours


@pytest.mark.parametrize("turns", [-1, 1.5, "3", WITHIN_TURNS + 1, None, True])
def test_within_refuses_a_bad_number_of_turns(turns: object) -> None:
    with pytest.raises(Phase10Error) as caught:
        solitaire_optimum("s3").within(turns)  # type: ignore[arg-type]
    assert caught.value.reason is Reason.BAD_COUNT


def test_groups_of_only_wilds_make_a_phase_quicker_and_the_first_turn_is_the_exact_odds() -> None:
    strict = solitaire_optimum("2s3")
    relaxed = solitaire_optimum("2s3", rules=Rules(natural_required=False))
    assert relaxed.expected_turns < strict.expected_turns
    exact = exact_deal_odds(11, phases=["2s3"], rules=Rules(natural_required=False)).iloc[0]["probability"]
    assert relaxed.within(1) == pytest.approx(exact, rel=1e-12)


def test_a_refusal_says_why_the_phase_does_not_fit() -> None:
    with pytest.raises(Phase10Error, match="mixes a number group with a colour group"):
        solitaire_optimum("r4+c4")
    with pytest.raises(Phase10Error, match="one run with or without one set"):
        solitaire_optimum("2r3")
    assert not fits_model(Phase.parse("2r3")) and fits_model(Phase.parse("2c4"))


DECK_CARDS = [Card.from_index(int(i)) for i in STANDARD_DECK.card_indices()]


@given(st.permutations(DECK_CARDS).map(lambda cards: cards[:11]), st.sampled_from(["2s3", "s5+s2", "c7", "4s2"]))
@settings(max_examples=60)
def test_prob_discard_best_discard_has_the_lowest_value_and_keeps_a_held_phase(hand: list[Card], notation: str) -> None:
    target = Phase.parse(notation)
    opt = solitaire_optimum(target)
    card = opt.best_discard(hand)
    values = opt.discard_values(hand)
    assert values[card] <= min(values.values()) + 1e-9  # ties (equal up to the solve's precision) go by card
    rest = list(hand)
    rest.remove(card)
    assert opt.value(rest) == values[card]
    assert opt.holds(hand) == can_complete(hand, target)
    if can_complete(hand, target):
        assert can_complete(rest, target) and opt.value(hand) == 0.0 and values[card] == 1.0
    else:
        assert opt.value(hand) == min(values.values()) > 1.0


# ---------------------------------------------------------------------------------------------
# The solver against the first solver's tables, the chain against the profile transitions, the store


def _reference_cases() -> list[tuple[str, int, tuple[int, ...], bool]]:
    from tests.golden.solitaire_reference import CASES

    return CASES


@pytest.mark.parametrize("case", _reference_cases(), ids=lambda case: f"{case[0]}-h{case[1]}-{case[3]}")
def test_tables_equal_the_first_solvers_to_the_last_bit(case: tuple[str, int, tuple[int, ...], bool]) -> None:
    """``tests/golden/solitaire_reference.npz`` was written by the first solver (commit cc53789): every value,
    ``within(1..100)``, the expected turns and the counts of improvements and sweeps are the same, so the best
    discards are too (checked on random hands against the reference's values)."""
    from tests.golden.solitaire_reference import name

    notation, hand_size, deck, natural = case
    opt = solitaire_optimum(
        notation, hand_size=hand_size, deck=DeckSpec(*deck), rules=Rules(natural_required=natural), cache=False
    )
    key = name(case)
    with np.load(Path(__file__).parent / "golden" / "solitaire_reference.npz") as reference:
        codes, values = reference[f"{key}/codes"], reference[f"{key}/values"]
        assert np.array_equal(opt._codes, codes)
        assert np.abs(opt._values - values).max() <= 1e-12
        assert np.abs(opt._within - reference[f"{key}/within"]).max() <= 1e-12
        assert abs(opt.expected_turns - float(reference[f"{key}/expected"])) <= 1e-12
        s = opt.stats
        assert [s.states, s.big_states, s.iterations, s.sweeps] == reference[f"{key}/stats"].tolist()
    rng = random.Random(f"reference/{key}")
    space = opt._space
    for _ in range(40):
        hand = random_hand(rng, hand_size + 1, DeckSpec(*deck))
        rows = space.rows_of([hand] * len(set(hand)))
        cards = sorted(set(hand))
        for i, card in enumerate(cards):
            rows[i, space.column_of(card)] -= 1
        left = values[np.searchsorted(codes, space.encode(space.canonical(rows)))]
        tied = [card for card, v in zip(cards, left, strict=True) if v <= left.min() + 1e-9]
        assert opt.best_discard(hand) == max(tied, key=lambda c: (c.is_skip, not c.is_wild, c.index))


@pytest.mark.parametrize(
    ("axis", "symmetry", "deck", "hand_size"),
    [
        ("numbers", "sort", DeckSpec(), 10),
        ("colors", "sort", DeckSpec(), 10),
        ("numbers", "mirror", DeckSpec(), 5),
        ("numbers", "none", SMALL_DECK, 5),
        ("colors", "sort", TINY_DECK, 3),
    ],
)
def test_the_chain_of_group_parts_has_the_moves_of_the_profile_transitions(
    axis: str, symmetry: str, deck: DeckSpec, hand_size: int
) -> None:
    from phase10kit.probability.solitaire_chain import model_chain

    space = profile_space(axis, symmetry, deck)  # type: ignore[arg-type]
    chain, moves = model_chain(space, hand_size), transitions(space, hand_size)
    assert np.array_equal(chain.small_codes, moves.small_codes)
    assert np.array_equal(chain.big_codes, moves.big_codes)
    assert np.array_equal(chain.small_rows(), moves.small)
    assert np.array_equal(chain.up, moves.up) and np.array_equal(chain.down, moves.down)
    assert np.array_equal(chain.draw, moves.draw)  # the same chances to the last bit
    target = Phase.parse("c3" if axis == "colors" else "s2+r3")
    assert np.array_equal(chain.holds(target, True), holds_mask(space, moves.big, target))


def test_a_cached_table_is_memory_mapped_from_an_npz_file() -> None:
    forget_solved()
    solitaire_optimum("s3+r3", hand_size=5, deck=SMALL_DECK)
    forget_solved()
    again = solitaire_optimum("s3+r3", hand_size=5, deck=SMALL_DECK)
    assert again.from_cache
    for array in (again._codes, again._values):
        assert isinstance(array, np.memmap) or isinstance(array.base, np.memmap)
        assert not array.flags.writeable
    (path,) = cache_dir().glob("solitaire-v*-s3+r3-h5-*.npz")
    with np.load(path) as stored:  # still a plain .npz that numpy reads
        assert np.array_equal(stored["values"], again._values)


def test_a_crashed_write_leaves_the_old_table_and_no_half_file(monkeypatch: pytest.MonkeyPatch) -> None:
    from phase10kit.probability import solitaire_store

    forget_solved()
    first = solitaire_optimum("s2+s3", hand_size=5, deck=SMALL_DECK)
    (path,) = cache_dir().glob("solitaire-v*-s2+s3-h5-*.npz")
    before = path.read_bytes()
    with np.load(path) as stored:
        arrays = {name: stored[name] for name in stored.files}

    def crash(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(solitaire_store, "_write_member", crash)
    solitaire_store.store_table(path, str(arrays["key"]), arrays)
    assert path.read_bytes() == before  # the rename never happened
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]  # the temporary file is gone
    # A half-written temporary file of a process that died is ignored; a file that is not aligned is solved again.
    (path.parent / f".{path.stem}.x1y2.tmp").write_bytes(before[:1000])
    np.savez(path, **arrays)  # the same arrays and checksum, but numpy's own layout: not mapped, so solved again
    monkeypatch.undo()
    forget_solved()
    again = solitaire_optimum("s2+s3", hand_size=5, deck=SMALL_DECK)
    assert again.expected_turns == first.expected_turns
    forget_solved()
    assert solitaire_optimum("s2+s3", hand_size=5, deck=SMALL_DECK).from_cache


def test_two_processes_solving_one_table_solve_it_once(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    code = (
        "from phase10kit.probability import DeckSpec, solitaire_optimum\n"
        "deck = DeckSpec(numbers=6, colors=2, copies=1, wilds=2, skips=1)\n"
        "opt = solitaire_optimum('s2+r4', hand_size=6, deck=deck)\n"
        "print(opt.from_cache, repr(opt.expected_turns))"
    )
    env = dict(os.environ, P10_CACHE=str(tmp_path))
    runs = [
        subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True) for _ in range(2)
    ]
    results = [run.communicate(timeout=300)[0].split() for run in runs]
    assert all(run.returncode == 0 for run in runs)
    assert sorted(cached for cached, _ in results) == ["False", "True"]  # one solved, the other waited and read it
    assert results[0][1] == results[1][1]
    assert len(list(tmp_path.glob("solitaire-*.npz"))) == 1
    assert not list(tmp_path.glob("*.tmp"))


def test_an_unwritable_cache_solves_once_and_keeps_the_table_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from phase10kit.probability import solitaire

    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    monkeypatch.setenv("P10_CACHE", str(blocked))
    solves = []
    real = solitaire._solve
    monkeypatch.setattr(solitaire, "_solve", lambda *args: solves.append(args) or real(*args))
    forget_solved()
    opt = solitaire_optimum("s2+s2", hand_size=5, deck=SMALL_DECK)
    assert len(solves) == 1 and not opt.from_cache and opt.expected_turns > 1
    forget_solved()
