"""The engine's own lay-down search against the solver: the same answer to "does the hand hold the phase".

The engine offers a lay-down exactly when its search finds one (it no longer asks the solver
first), so the search must agree with ``can_complete`` on every hand, every phase and both
``natural_required`` rules; each lay-down it offers must be valid, distinct and already canonical.
"""

from __future__ import annotations

import random
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10kit import Card, Group, Lay, can_complete, parse_cards, phase
from phase10kit.actions import Draw
from phase10kit.cards import card_counts
from phase10kit.engine.chance import ShuffledChance
from phase10kit.engine.layouts import layouts
from phase10kit.engine.moves import hand_key, lay_actions, lay_actions_lazily, may_hold
from phase10kit.engine.turn import TurnFacts
from phase10kit.errors import NotationError, Reason
from phase10kit.game import Game, PlayerView
from phase10kit.phases import Phase
from phase10kit.rules import Rules, phase_list
from tests.oracle import examples
from tests.strategies import hands, phases

# Hands of 7 to 12 cards: before and after a draw, and a few cards either side.
any_size_hands = hands(sizes=tuple(range(7, 13)))


@settings(max_examples=examples(400))
@given(any_size_hands, phases, st.booleans(), st.integers(0, 8))
def test_lazy_lay_downs_come_in_the_same_order_and_a_wild_limit_only_filters_them(
    hand: list[Card], p: Phase, natural_required: bool, limit: int
) -> None:
    key = hand_key(hand)
    every = lay_actions(0, key, p, natural_required, None)
    assert tuple(lay_actions_lazily(0, key, p, natural_required, None)) == every
    within = tuple(lay for lay in every if sum(card.is_wild for card in lay.cards) <= limit)
    assert tuple(lay_actions_lazily(0, key, p, natural_required, None, limit)) == within


@settings(max_examples=examples(400))
@given(any_size_hands, phases, st.booleans())
def test_the_engine_finds_a_lay_down_exactly_when_the_solver_says_the_hand_holds_the_phase(
    hand: list[Card], p: Phase, natural_required: bool
) -> None:
    holds = can_complete(hand, p, rules=Rules(natural_required=natural_required))
    assert (next(layouts(hand, p, rules=Rules(natural_required=natural_required)), None) is not None) == holds
    assert bool(lay_actions(0, hand_key(hand), p, natural_required, None)) == holds


@settings(max_examples=examples(200))
@given(any_size_hands, phases, st.booleans())
def test_every_offered_lay_down_is_valid_distinct_and_canonical(
    hand: list[Card], p: Phase, natural_required: bool
) -> None:
    key = tuple(sorted(card.index for card in hand))
    offered = lay_actions(0, key, p, natural_required, None)
    assert len(set(offered)) == len(offered)
    held = card_counts(hand)
    for lay in offered:
        # Built without re-sorting its groups: equal, group for group, to the checked constructor's.
        assert Lay(0, lay.groups) == lay and Lay(0, lay.groups).groups == lay.groups
        assert [(g.kind, len(g.cards)) for g in lay.groups] == [(s.kind, s.size) for s in p.groups]
        for group in lay.groups:
            pinned = None if group.naturals else group.value
            assert Group.make(group.kind, group.cards, pinned, natural_required=natural_required) == group
        used = card_counts(lay.cards)
        assert all(u <= h for u, h in zip(used, held, strict=True))


def test_the_search_keeps_equal_groups_in_ascending_order() -> None:
    hand = parse_cards("R7 B7 G7 Y7 W Y2 B2")
    assert [" ".join(map(str, groups)) for groups in layouts(hand, phase(1))] == [
        "s[B2 Y2 W] s[R7 B7 G7]",
        "s[B2 Y2 W] s[R7 B7 Y7]",
        "s[B2 Y2 W] s[R7 G7 Y7]",
        "s[B2 Y2 W] s[B7 G7 Y7]",
    ]


@settings(max_examples=examples(12))
@given(st.integers(0, 10_000), st.sampled_from(["default", "variants", "all_advance"]), st.integers(2, 5))
def test_undo_restores_every_position_of_a_long_random_game(seed: int, rules_name: str, players: int) -> None:
    """Undo records save the per-player lists by reference: every position must come back exactly."""
    rules = {
        "default": Rules(),
        "variants": Rules(skip_target="next", hit_others="same_turn", go_out="discard", first_skip="cover"),
        "all_advance": Rules(progression="all_advance", phases=phase_list("s2,r3,4s2")),
    }[rules_name]
    game = Game(players=players, rules=rules, seed=seed)
    rng = random.Random(seed)
    saved = [game.to_json()]
    while len(saved) < 400 and not game.is_over():
        game.apply(rng.choice(list(game.legal_actions())))
        saved.append(game.to_json())
    for position in reversed(saved[:-1]):
        game.undo()
        assert game.to_json() == position


@settings(max_examples=examples(400))
@given(any_size_hands, phases)
def test_the_count_bound_never_rules_out_a_hand_that_holds_the_phase(hand: list[Card], p: Phase) -> None:
    if can_complete(hand, p, rules=Rules(natural_required=False)):
        assert may_hold(hand_key(hand), p)


class _RefusingChance(ShuffledChance):
    """A chance source whose drawn card is refused, as a replayed history refuses a card it does not show."""

    def drawn(self, card: Card) -> None:
        raise NotationError("the history's drawn card differs", reason=Reason.BAD_HISTORY)


@settings(max_examples=examples(20))
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_an_action_refused_halfway_leaves_the_game_exactly_as_it_was(seed: int, moves: int) -> None:
    """The draw pops its card before the chance source refuses it: the undo log must put it back."""
    game = Game(players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.choice(list(game.legal_actions())))
    while game.stage != "draw" or not game.draw_pile:
        game.apply(rng.choice(list(game.legal_actions())))
    before, undoable = game.to_json(), game.can_undo()
    game.chance = _RefusingChance(game.rng)
    with pytest.raises(NotationError):
        game.apply(Draw(game.current_player))
    assert game.to_json() == before and game.can_undo() == undoable
    game.chance = ShuffledChance(game.rng)
    game.apply(Draw(game.current_player))
    game.undo()
    assert game.to_json() == before


def test_a_view_and_its_turn_facts_have_exactly_their_fields_and_equal_the_keyword_built_ones() -> None:
    """The engine fills views through ``of_fields``: no field may be missing or extra."""
    game = Game(players=3, seed=4)
    rng = random.Random(4)
    for _ in range(80):
        view = game.view(game.current_player)
        assert set(vars(view)) == {f.name for f in fields(PlayerView)}
        assert view.turn is not None and set(vars(view.turn)) == {f.name for f in fields(TurnFacts)}
        given = {name: value for name, value in vars(view.turn).items() if name != "key"}  # made from the hand
        assert PlayerView(**vars(view)) == view and TurnFacts(**given) == view.turn
        assert view.turn.key == hand_key(view.hand)
        game.apply(rng.choice(view.legal))
