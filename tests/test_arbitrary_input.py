"""Parsers and actions refuse anything: any Python value and any text gives the kit's value or a NotationError.

Every public parser answers arbitrary objects and strings (of any length) with a value or a
``NotationError`` (never another exception); error messages quote at most about 100 characters of
the input; every action field is validated, types included (``True`` and ``7.0`` are not numbers),
before any state changes; the notation is case-insensitive.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10kit import Card, Game, Phase, Rules, parse_action, parse_cards
from phase10kit.actions import Discard, Draw, Hit, Lay, Take
from phase10kit.cards import Color
from phase10kit.errors import QUOTE_LIMIT, NotationError, Phase10Error, Reason
from phase10kit.groups import Group, Layout
from phase10kit.phases import phase
from phase10kit.refusals import sentence
from phase10kit.rules import phase_list

PARSERS: dict[str, Callable[[object], object]] = {
    "parse_cards": parse_cards,  # type: ignore[dict-item]
    "Card.parse": Card.parse,  # type: ignore[dict-item]
    "Color.parse": Color.parse,  # type: ignore[dict-item]
    "Phase.parse": Phase.parse,  # type: ignore[dict-item]
    "Group.parse": Group.parse,  # type: ignore[dict-item]
    "Layout.parse": Layout.parse,  # type: ignore[dict-item]
    "parse_action": parse_action,  # type: ignore[dict-item]
    "Rules.parse": Rules.parse,  # type: ignore[dict-item]
    "phase_list": phase_list,  # type: ignore[dict-item]
    "Game.from_json": Game.from_json,
    "Game.from_history": Game.from_history,  # type: ignore[dict-item]
}

ANY_VALUE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.binary(max_size=20),
    st.lists(st.integers(), max_size=5),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.tuples(st.text(max_size=5)),
    st.just(object()),
    st.just(Card.parse("R7")),
    st.just(10**5000),
)
NOTATION_TEXT = st.lists(
    st.sampled_from([*"rbgywsRBGYWSpcl0123456789[] ,+>.:=-_\n\t", "draw", "take", "lay", "hit", "p1 ", "s[", "]"]),
    max_size=30,
).map("".join)


def answers(parser: Callable[[object], object], value: object) -> None:
    try:
        parser(value)
    except NotationError as error:
        assert isinstance(error.reason, Reason)
        assert len(str(error)) <= 3 * QUOTE_LIMIT + 300, str(error)[:400]
        sentence(error, "uk")  # a sentence in any language, never an exception


@pytest.mark.parametrize("name", list(PARSERS))
@settings(max_examples=60, deadline=None)
@given(value=ANY_VALUE)
def test_a_parser_answers_any_python_value_with_a_value_or_a_notation_error(name: str, value: object) -> None:
    answers(PARSERS[name], value)


@pytest.mark.parametrize("name", list(PARSERS))
@settings(max_examples=80, deadline=None)
@given(text=st.one_of(st.text(max_size=60), NOTATION_TEXT))
def test_a_parser_answers_any_text_with_a_value_or_a_notation_error(name: str, text: str) -> None:
    answers(PARSERS[name], text)


@pytest.mark.parametrize("name", list(PARSERS))
@pytest.mark.parametrize(
    "text",
    ["R7 " * 200_000, "9" * 10_000, "s" + "9" * 5_000, "4000000c2", "p1 lay " + "s[R7 B7 W] " * 10_000],
    ids=["many-cards", "digits", "long-size", "huge-repeat", "long-lay"],
)
def test_a_parser_refuses_huge_text_quickly_and_quotes_little_of_it(name: str, text: str) -> None:
    answers(PARSERS[name], text)


def test_repeat_counts_are_refused_before_anything_is_built() -> None:
    with pytest.raises(NotationError) as caught:
        Phase.parse("999c2")
    assert caught.value.reason is Reason.TOO_MANY_GROUPS
    assert str(Phase.parse("54s2")) == "54s2"  # 108 cards: the most one deck holds
    with pytest.raises(NotationError):
        Phase.parse("55s2")


def test_a_save_with_a_huge_repeat_count_in_its_rules_is_refused() -> None:
    data = json.loads(Game(players=2, seed=1).to_json())
    data["rules"]["phases"] = ["4000000c2"]
    with pytest.raises(NotationError):
        Game.from_json(json.dumps(data))
    data["history"][1] = "rules phases=" + "9" * 5000 + "s2"
    with pytest.raises(NotationError):
        Game.from_json(json.dumps(data))


@pytest.mark.parametrize(
    "text",
    ["P1 DRAW", "p1 Take", "P2 LAY S[R7 B7 G7] s[y2 B2 w]", "P1 HIT P2.1 W>HIGH", "p1 Discard s>P3"],
)
def test_action_notation_is_case_insensitive(text: str) -> None:
    action = parse_action(text)
    assert parse_action(str(action)) == action
    assert str(action) == str(action).lower().replace("w>", "W>") or str(action)


def test_case_insensitive_actions_round_trip_to_the_canonical_notation() -> None:
    assert str(parse_action("P1 HIT P2.1 W>HIGH")) == "p1 hit p2.1 W>high"
    assert str(parse_action("p1 DISCARD S>P3")) == "p1 discard S>p3"


# ---------------------------------------------------------------------------------------------
# Every action field, validated before anything changes.

FIELD_VALUES = st.one_of(
    st.booleans(),
    st.floats(allow_nan=True),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.text(max_size=5),
    st.none(),
    st.just(Card.parse("W")),
    st.just(("R7",)),
)


def played_game(seed: int) -> Game:
    """A 3-player game some moves in, in either stage."""
    g = Game(players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 40)):
        if g.is_over():
            break
        g.apply(rng.choice(list(g.legal_actions())))
    return g


def make_action(kind: str, values: list[object]) -> object:
    a, b, c, d, e = values
    factories: dict[str, Callable[[], object]] = {
        "draw": lambda: Draw(a),  # type: ignore[arg-type]
        "take": lambda: Take(a),  # type: ignore[arg-type]
        "discard": lambda: Discard(a, b, c),  # type: ignore[arg-type]
        "hit": lambda: Hit(a, b, c, d, e),  # type: ignore[arg-type]
        "lay": lambda: Lay(a, b, c),  # type: ignore[arg-type]
    }
    return factories[kind]()


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 30),
    kind=st.sampled_from(["draw", "take", "discard", "hit", "lay"]),
    values=st.lists(FIELD_VALUES, min_size=5, max_size=5),
)
def test_any_action_field_is_refused_or_accepted_and_a_refusal_changes_nothing(
    seed: int, kind: str, values: list[object]
) -> None:
    g = played_game(seed)
    before = g.to_json()
    try:
        action = make_action(kind, values)
    except Phase10Error:
        return
    error = g.why_not(action)
    if error is None:
        assert action in set(g.legal_actions())
        return
    assert isinstance(error.reason, Reason)
    with pytest.raises(Phase10Error):
        g.apply(action)  # type: ignore[arg-type]
    assert g.to_json() == before


@pytest.mark.parametrize("bad", [True, 1.0, 7.0, -1, 10**100, "p2", None])
def test_bools_and_floats_are_not_skip_targets_and_the_save_still_loads(bad: object) -> None:
    g = Game.from_deal(
        ["R7 B7 G7 Y2 B2 W R1 R3 G5 S", "R2 R3 R4 R6 B8 B9 B10 Y11 Y12 G1", "G3 G4 G6 B1 B3 B4 B5 B6 Y1 Y3"], draws="Y7"
    )
    g.apply(Draw(0))
    before = g.to_json()
    skip = Card.parse("S")
    if bad is None:
        assert g.why_not(Discard(0, skip, bad)) is not None  # under "choose" a Skip names someone
    else:
        with pytest.raises(Phase10Error):
            g.apply(Discard(0, skip, bad))  # type: ignore[arg-type]
    assert g.to_json() == before
    assert Game.from_json(g.to_json()).to_json() == before


@pytest.mark.parametrize("bad", [True, 1.0, "1"])
def test_bools_and_floats_are_not_any_order_phase_numbers(bad: object) -> None:
    rules = Rules(progression="any_order")
    g = Game.from_deal(["R7 B7 G7 Y2 B2 W R1 R3 G5 Y9", "R2 R3 R4 R6 B8 B9 B10 Y11 Y12 G1"], rules=rules, draws="Y7")
    g.apply(Draw(0))
    before = g.to_json()
    groups = Layout.parse("s[R7 B7 G7] s[Y2 B2 W]").groups
    with pytest.raises(Phase10Error):
        g.apply(Lay(0, groups, bad))  # type: ignore[arg-type]
    assert g.to_json() == before
    g.apply(Lay(0, groups, 1))
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


def test_rules_presets_refuse_unknown_options_with_a_phase10_error() -> None:
    with pytest.raises(Phase10Error) as caught:
        Rules.preset("article", bogus=1)
    assert caught.value.reason is Reason.BAD_RULES
    with pytest.raises(Phase10Error):
        Rules.preset(["article"])  # type: ignore[arg-type]


def test_rules_accept_a_phase_list_by_its_variant_name() -> None:
    assert Rules(phases="first:3").phases == (phase(1), phase(2), phase(3))  # type: ignore[arg-type]
