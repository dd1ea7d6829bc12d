"""Saving and loading: exact round trips, replay without the RNG, and corrupted saves fuzzed."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from phase10kit.cards import DECK_COUNTS
from phase10kit.errors import NotationError
from phase10kit.game import Game, count_cards
from phase10kit.rules import Rules


def played(seed: int, steps: int, players: int = 3, rules: Rules | None = None) -> Game:
    rng = random.Random(seed)
    g = Game(players=players, rules=rules, seed=seed)
    for _ in range(steps):
        if g.is_over():
            break
        g.apply(rng.choice(list(g.legal_actions())))
    return g


SAVE = played(1, 150).to_json()


@pytest.mark.parametrize("steps", [0, 1, 2, 40, 400])
def test_to_json_and_from_json_round_trip_exactly(steps: int) -> None:
    g = played(steps, steps)
    text = g.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text


def test_a_loaded_game_continues_like_the_original_and_can_undo() -> None:
    g = played(3, 120)
    loaded = Game.from_json(g.to_json())
    for _ in range(60):
        action = next(iter(g.legal_actions()))
        g.apply(action)
        loaded.apply(action)
    assert loaded.to_json() == g.to_json()
    loaded.undo()
    g.undo()
    assert loaded.to_json() == g.to_json()


def test_a_game_is_rebuilt_from_its_history_alone() -> None:
    g = played(4, 300, players=4)
    rebuilt = Game.from_history("\n".join(g.history))
    assert rebuilt.history == g.history
    assert rebuilt.hands == g.hands and rebuilt.melds == g.melds and rebuilt.scores == g.scores


def test_a_save_with_a_duplicated_card_is_refused_naming_it() -> None:
    data = json.loads(SAVE)
    hand = data["state"]["hands"][0].split()
    data["state"]["hands"][0] = " ".join([*hand[:-1], "W"] if hand[-1] != "W" else [*hand[:-1], "R1"])
    with pytest.raises(NotationError) as info:
        Game.from_json(json.dumps(data))
    assert info.value.reason == "bad-cards" and "too many" in str(info.value)


def test_a_save_inconsistent_with_its_history_is_refused() -> None:
    data = json.loads(SAVE)
    data["state"]["scores"][0] += 5
    with pytest.raises(NotationError, match=r"state\.scores"):
        Game.from_json(json.dumps(data))
    data = json.loads(SAVE)
    data["state"]["skipped"][1] = not data["state"]["skipped"][1]
    with pytest.raises(NotationError, match="skipped"):
        Game.from_json(json.dumps(data))


def test_an_illegal_action_in_the_history_is_a_notation_error() -> None:
    data = json.loads(SAVE)
    index = next(i for i, line in enumerate(data["history"]) if line.endswith(" draw"))
    data["history"][index] = data["history"][index].replace("draw", "take")
    data["history"][index + 1] = "drawn W"
    with pytest.raises(NotationError):
        Game.from_json(json.dumps(data))


def _paths(value: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    paths = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            paths += _paths(item, (*prefix, key))
    elif isinstance(value, list) and len(value) < 200:
        for i, item in enumerate(value):
            paths += _paths(item, (*prefix, i))
    return paths


PATHS = _paths(json.loads(SAVE))
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 200),
    st.text(max_size=12),
    st.sampled_from(["R7 R7 R7", "W", "", "s[R7 B7 G7]", "p1 draw", "drawn S", "S", "r[W W]"]),
    st.lists(st.integers(0, 3), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def _set(data: object, path: tuple[object, ...], value: object, delete: bool) -> None:
    for key in path[:-1]:
        data = data[key]  # type: ignore[index]
    if delete:
        del data[path[-1]]  # type: ignore[attr-defined]
    else:
        data[path[-1]] = value  # type: ignore[index]


def _loads_or_notation_error(text: str) -> None:
    try:
        game = Game.from_json(text)
    except NotationError:
        return
    assert count_cards(game) == list(DECK_COUNTS)
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(SAVE)))
def test_a_cut_save_raises_only_notation_error(cut: int) -> None:
    _loads_or_notation_error(SAVE[:cut])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), JUNK, st.booleans())
def test_a_corrupted_field_raises_only_notation_error(path: tuple[object, ...], value: object, delete: bool) -> None:
    data = json.loads(SAVE)
    _set(data, path, value, delete)
    _loads_or_notation_error(json.dumps(data))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2), st.integers(0, 200), st.sampled_from(["W", "S", "R7", "Y12", ""]))
def test_duplicated_or_missing_cards_raise_only_notation_error(where: int, index: int, card: str) -> None:
    data = json.loads(SAVE)
    state = data["state"]
    key = ("draw_pile", "discard_pile", "hands")[where]
    cards = (state[key][0] if key == "hands" else state[key]).split()
    assume(bool(cards) and cards[index % len(cards)] != card)
    cards[index % len(cards)] = card
    text = " ".join(c for c in cards if c)
    if key == "hands":
        state[key][0] = text
    else:
        state[key] = text
    with pytest.raises(NotationError):
        Game.from_json(json.dumps(data))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(2, 10**6), st.sampled_from(["", "pile R1", "p1 draw", "flip W", "hand 9 dealer p2", "p2 hit p1.1 W"])
)
def test_a_corrupted_history_line_raises_only_notation_error(index: int, line: str) -> None:
    data = json.loads(SAVE)
    history = data["history"]
    position = index % len(history)
    assume(history[position] != line)
    if line:
        history[position] = line
    else:
        del history[position]
    with pytest.raises(NotationError):
        Game.from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["", "[]", "{}", "null", '{"format": 1}', "\x00", "9" * 5000, "[" * 5000])
def test_garbage_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        Game.from_json(text)
