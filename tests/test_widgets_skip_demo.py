"""The Skip demo: it plays a real game and reads who loses a turn from the engine, under each Skip rule."""

from __future__ import annotations

import pytest

from phase10kit.actions import Discard, seat_notation
from phase10kit.errors import Phase10Error
from phase10kit.game import Game
from phase10kit.rules import Rules
from widgets.skip_demo import SkipDemo, demo_seed, flipped_skip_seed


def step_until_skip_in_hand(demo: SkipDemo, limit: int = 200) -> None:
    for _ in range(limit):
        g = demo.game
        if g.stage == "play" and any(card.is_skip for card in g.hands[g.current_player]):
            return
        demo.next_turn()
    raise AssertionError("no Skip came up")


def test_a_skip_the_discarder_chooses_costs_that_player_their_turn() -> None:
    demo = SkipDemo(players=4, skip_target="choose")
    step_until_skip_in_hand(demo)
    player = demo.game.current_player
    offered = [value for _, value in demo.target.options]
    legal = sorted({a.target for a in demo.game.view(player).legal if isinstance(a, Discard) and a.card.is_skip})
    assert offered == legal and not demo.target.disabled
    victim = offered[0]
    demo.target.value = victim
    demo.next_turn()
    assert f"{seat_notation(player)} discards a Skip against {seat_notation(victim)}." in demo.log_entries
    assert demo.game.skipped[victim] or f"{seat_notation(victim)} loses this turn." in demo.log_entries
    # Play on until the victim's turn comes round: it is passed over once.
    for _ in range(20):
        if f"{seat_notation(victim)} loses this turn." in demo.log_entries:
            break
        demo.next_turn()
    assert f"{seat_notation(victim)} loses this turn." in demo.log_entries


def test_once_per_circuit_a_waiting_player_cannot_be_skipped_again() -> None:
    demo = SkipDemo(players=4, skip_target="choose")
    step_until_skip_in_hand(demo)
    first = demo.game.current_player
    demo.next_turn()  # no choice made: the player furthest round the table is skipped
    waiting = [seat for seat in range(4) if demo.game.skipped[seat]]
    assert len(waiting) == 1
    step_until_skip_in_hand(demo)
    second = demo.game.current_player
    assert second != first and demo.game.skipped[waiting[0]]
    offered = [value for _, value in demo.target.options]
    assert waiting[0] not in offered and offered
    assert f"Not {seat_notation(waiting[0])}: a player already waiting to lose a turn" in demo.rule_note.value
    demo.target.value = offered[0]
    demo.next_turn()
    assert demo.log_entries.count(f"{seat_notation(waiting[0])} loses this turn.") <= 1


def test_under_the_next_rule_the_next_player_is_skipped_without_a_choice() -> None:
    demo = SkipDemo(players=4, skip_target="next")
    step_until_skip_in_hand(demo)
    player = demo.game.current_player
    assert demo.target.disabled and demo.target.options == ()
    assert "skips the next player" in demo.rule_note.value
    following = (player + 1) % 4
    demo.next_turn()
    assert f"{seat_notation(following)} loses this turn." in demo.log_entries


def test_changing_the_rule_replays_the_same_deal() -> None:
    demo = SkipDemo(players=4)
    hands = [list(hand) for hand in demo.game.hands]
    demo.next_turn()
    demo.skip_rule.value = "next"
    assert demo.game.rules.skip_target == "next" and [list(h) for h in demo.game.hands] == hands
    assert demo.game.turn == 1 and demo.log_entries == []
    demo.first_rule.value = "cover"
    assert demo.game.rules.first_skip == "cover" and [list(h) for h in demo.game.hands] == hands


def test_demo_seed_gives_the_first_two_players_a_skip() -> None:
    seed = demo_seed(5, 100)
    assert seed >= 100
    demo = SkipDemo(players=5, seed=100)
    g = demo.game
    first = g.current_player
    assert any(c.is_skip for c in g.hands[first]) and any(c.is_skip for c in g.hands[(first + 1) % 5])


def test_the_browser_cannot_change_the_demo_and_bad_options_are_refused() -> None:
    demo = SkipDemo(players=3)
    demo.skip_rule.set_state({"index": 7})
    demo.target.set_state({"index": "x"})
    demo.log_area.set_state({"value": "<script>"})
    assert demo.skip_rule.value == "choose" and "<script>" not in demo.log_area.value
    with pytest.raises(Phase10Error):
        SkipDemo(players=2)
    with pytest.raises(Phase10Error):
        SkipDemo(skip_target="previous")
    assert "p10-skip-demo" in demo._dom_classes and "p10-btn-next" in demo.next_button._dom_classes


def test_the_demo_starts_on_the_kits_default_rules_and_its_menus_show_them() -> None:
    demo = SkipDemo(players=4)
    assert demo.rules == Rules() and demo.game.rules == Rules()
    assert (demo.skip_rule.value, demo.first_rule.value) == (Rules().skip_target, Rules().first_skip)
    # The menus are as wide as their choices, so "is covered by the next card" is never cut off.
    assert demo.skip_rule.layout.width == "auto" and demo.first_rule.layout.width == "auto"


@pytest.mark.parametrize("players", [3, 4, 6])
def test_skip_first_discard_a_flipped_skip_skips_the_first_player(players: int) -> None:
    demo = SkipDemo(players=players, deal="flipped-skip", seed=10)
    view = demo.game.view(0)
    assert view.discard_pile[0].is_skip and demo.seed == flipped_skip_seed(players, 10) >= 10
    first = (view.dealer + 1) % players
    assert demo.game.current_player == (first + 1) % players
    assert demo.log_entries == [
        "A Skip was turned up to start the discard pile.",
        f"{seat_notation(first)} loses the first turn to the Skip turned up.",
    ]


def test_option_twist_cover_the_same_flipped_skip_is_covered_and_nobody_loses_a_turn() -> None:
    demo = SkipDemo(players=4, deal="flipped-skip")
    skipped_deal = [list(h) for h in demo.game.hands]
    demo.first_rule.value = "cover"
    view = demo.game.view(0)
    assert [list(h) for h in demo.game.hands] == skipped_deal
    assert view.discard_pile[0].is_skip and not view.discard_pile[-1].is_skip
    assert demo.game.current_player == (view.dealer + 1) % 4
    assert demo.log_entries == ["A Skip was turned up and covered with the next card: nobody loses a turn."]


def test_flipped_skip_seed_asks_the_engine_and_bad_deals_are_refused() -> None:
    for start in (0, 100, 1000):
        seed = flipped_skip_seed(5, start)
        assert Game(players=5, seed=seed).view(0).discard_pile[0].is_skip
        assert all(not Game(players=5, seed=s).view(0).discard_pile[0].is_skip for s in range(start, seed))
    with pytest.raises(Phase10Error):
        SkipDemo(deal="a Skip, please")
