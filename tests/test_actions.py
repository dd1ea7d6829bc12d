"""Actions: the notation round-trips, legal_actions is lazy and without repeats, refusals are clean."""

from __future__ import annotations

import random

import pytest

from phase10kit.actions import Discard, Draw, Hit, Lay, Take, parse_action
from phase10kit.cards import SKIP, WILD, Card
from phase10kit.errors import IllegalActionError, NotationError
from phase10kit.game import Game
from phase10kit.groups import Group
from phase10kit.rules import Rules

EXAMPLES = [
    "p1 draw",
    "p2 take",
    "p1 lay s[R7 B7 G7] s[B2 Y2 W]",
    "p3 lay 7 s[R7 B7 G7 W] s[R2 B2 Y2 W]",
    "p1 lay r[W R2 B3 G4] s[R9 B9 Y9]",
    "p1 lay c[R1 R3 R4 R5 R9 R12 W]",
    "p1 lay s5[W W W] s[R8 B8 G8]",
    "p1 hit p2.1 B7",
    "p1 hit p2.2 W>high",
    "p6 hit p1.3 W>low",
    "p1 discard R7",
    "p1 discard S>p3",
    "p2 discard S",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_action_notation_round_trips(text: str) -> None:
    action = parse_action(text)
    assert parse_action(str(action)) == action
    assert str(action) == text


def test_sets_and_colour_groups_are_written_in_card_order() -> None:
    assert str(parse_action("p1 lay c[R9 W R1]")) == "p1 lay c[R1 R9 W]"


def test_python_indices_start_at_zero_and_the_notation_at_one() -> None:
    assert parse_action("p1 hit p2.1 B7") == Hit(0, 1, 0, Card.parse("B7"))
    assert parse_action("p1 discard S>p3") == Discard(0, SKIP, 2)
    assert parse_action("p2 take") == Take(1)
    assert parse_action("p1 hit p2.2 W>low") == Hit(0, 1, 1, WILD, "low")


@pytest.mark.parametrize(
    "text",
    ["", "draw", "p0 draw", "p1 dance", "p1 hit p2 B7", "p1 hit p2.0 B7", "p1 discard X9", "p1 lay", "p1 lay s[R7 R8]"],
)
def test_bad_action_text_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_legal_actions_have_no_repeats_and_equal_cards_give_one_action() -> None:
    g = Game.from_deal(["R7 R7 B7 B7 W W S S G1 G1", "R2 B3 B4 R6 B8 B9 B10 Y11 Y12 G2"], flip="R4")
    g.apply(Draw(0))
    actions = list(g.legal_actions())
    assert len(actions) == len(set(actions))
    discards = [a for a in actions if isinstance(a, Discard)]
    assert sorted(str(a) for a in discards) == sorted(
        ["p1 discard R7", "p1 discard B7", "p1 discard W", "p1 discard G1", "p1 discard S>p2"]
        + ([f"p1 discard {g.hands[0][-1]}"] if g.hands[0][-1] not in g.hands[0][:-1] else [])
    )


def test_membership_asks_the_rules_not_the_list() -> None:
    g = Game(players=3, seed=4)
    assert Draw(0) in g.legal_actions() and Draw(1) not in g.legal_actions()
    assert "p1 draw" not in g.legal_actions()  # type: ignore[operator]
    assert g.can_apply(Draw(0)) and g.why_not(Draw(0)) is None
    error = g.why_not(Draw(1))
    assert error is not None and error.reason == "not-your-turn"


@pytest.mark.parametrize(
    "action",
    [
        Draw(7),
        Draw(-1),
        Take(True),  # type: ignore[arg-type]
        Hit(0, 9, 0, WILD),
        Hit(0, 1, 5, WILD),
        Hit(0, 0, -1, WILD),
        Discard(0, SKIP, 42),
        Discard(0, "R7"),  # type: ignore[arg-type]
        Lay(0, (Group.parse("s[R7 B7 G7]"),), phase=99),
        Lay(0, ("s[R7 B7 G7]",)),  # type: ignore[arg-type]
        "p1 draw",
        None,
    ],
)
def test_foreign_or_malformed_actions_are_refused_without_other_errors(action: object) -> None:
    g = Game(players=2, seed=2)
    for step in range(3):
        before = g.to_json()
        with pytest.raises(IllegalActionError) as info:
            g.apply(action)  # type: ignore[arg-type]
        assert g.to_json() == before and info.value.reason
        g.apply(next(iter(g.legal_actions())))
        del step


def test_a_refusal_quotes_the_action_and_the_position() -> None:
    g = Game(players=2, seed=2)
    with pytest.raises(IllegalActionError) as info:
        g.apply(parse_action("p2 draw"))
    message = str(info.value)
    assert "p2 draw" in message and "hand 1" in message and "p1" in message


def test_every_generated_action_is_accepted_and_others_are_refused() -> None:
    rng = random.Random(5)
    g = Game(players=3, rules=Rules(hit_others="same_turn"), seed=5)
    probes = [parse_action(text) for text in EXAMPLES]
    for _ in range(400):
        if g.is_over():
            break
        legal = list(g.legal_actions())
        assert all(g.can_apply(a) for a in legal)
        for probe in probes:
            # Listed lay-downs are exact; longer groups are legal without being listed.
            assert (probe in legal) == g.can_apply(probe) or isinstance(probe, Lay)
        g.apply(rng.choice(legal))


def test_legal_actions_is_lazy() -> None:
    g = Game(players=2, seed=9)
    g.apply(Draw(0))
    iterator = iter(g.legal_actions())
    first = next(iterator)
    assert g.can_apply(first)
