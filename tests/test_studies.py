"""Strategy studies: each returns a DataFrame, is reproducible from its seed and respects the rules' bounds."""

from __future__ import annotations

import random

import pandas as pd
import pytest

from phase10kit import Phase10Error
from phase10kit.bots import GreedyBot, RandomBot, SmartBot
from phase10kit.rules import Rules
from phase10kit.studies import hands_per_game, phase_turns, rule_effects, seat_advantage, turns_to_phase


def test_phase_turns_is_reproducible_and_at_least_one_turn() -> None:
    table = phase_turns(n=12, phases=[1, 6], seed=3)
    pd.testing.assert_frame_equal(table, phase_turns(n=12, phases=[1, 6], seed=3))
    assert list(table["phase"]) == [1, 6] and list(table["notation"]) == ["2s3", "r9"]
    assert (table["mean_turns"] >= 1).all() and table["completed"].between(0, 1).all()
    assert (table["median"] <= table["p90"]).all()


def test_a_run_of_nine_takes_longer_than_two_sets_of_three() -> None:
    table = phase_turns(SmartBot(seed=1), n=25, phases=[1, 6], seed=4).set_index("phase")
    assert table.loc[1, "mean_turns"] < table.loc[6, "mean_turns"]


def test_a_random_policy_is_slower_than_the_smart_one() -> None:
    smart = phase_turns(SmartBot(seed=2), n=20, phases=[2], seed=5, max_turns=80)
    randomly = phase_turns(RandomBot(seed=2), n=20, phases=[2], seed=5, max_turns=80)
    assert smart.loc[0, "mean_turns"] < randomly.loc[0, "mean_turns"] or randomly.loc[0, "completed"] < 1


def test_turns_to_phase_gives_up_after_max_turns() -> None:
    rng = random.Random(1)
    results = [turns_to_phase(RandomBot(seed=1), 6, Rules(), rng, max_turns=1) for _ in range(10)]
    assert all(r in (None, 1) for r in results) and None in results


def test_phase_turns_refuses_a_phase_the_rules_do_not_have() -> None:
    with pytest.raises(Phase10Error):
        phase_turns(n=2, phases=[11])
    with pytest.raises(Phase10Error):
        phase_turns(n=0)


def test_hands_per_game_needs_at_least_one_hand_per_phase() -> None:
    table = hands_per_game(players=[2, 4], games=2, seed=6)
    assert list(table["players"]) == [2, 2, 4, 4]
    assert (table["hands"] >= 10).all() and (table["actions"] > table["hands"]).all()
    pd.testing.assert_frame_equal(table, hands_per_game(players=[2, 4], games=2, seed=6))
    with pytest.raises(Phase10Error):
        hands_per_game(players=[7], games=1)


def test_seat_advantage_counts_every_game_once() -> None:
    table = seat_advantage(players=3, games=6, seed=2, bot=GreedyBot(seed=4))
    assert list(table["seat"]) == [1, 2, 3] and int(table["wins"].sum()) == 6
    assert list(table["plays_first"]) == [False, True, False]
    assert ((table["win_low"] <= table["win_rate"]) & (table["win_rate"] <= table["win_high"])).all()
    assert (table["fair"] == 1 / 3).all()


def test_rule_effects_compare_each_option_with_the_default() -> None:
    table = rule_effects(games=2, seed=3)
    assert list(table["variant"]) == ["default", "skip_target=next", "go_out=discard", "extra_cards=False"]
    assert table.loc[0, "hands_change"] == 0
    assert (table["hands_mean"] >= 10).all()
    assert (table["hands_change"] == table["hands_mean"] - table.loc[0, "hands_mean"]).all()
    assert table["first_bot_win_rate"].between(0, 1).all()
