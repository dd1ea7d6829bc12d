"""Bots: only legal actions, only the player's view, reproducible games and tournaments, explanations."""

from __future__ import annotations

import os
import pickle
from concurrent.futures import ProcessPoolExecutor
from dataclasses import fields, replace

import pandas as pd
import pytest

from phase10kit import Phase10Error, parse_cards, phase
from phase10kit.actions import Discard, Draw, Lay, Take
from phase10kit.bots import (
    Bot,
    GameTooLongError,
    GreedyBot,
    NotAViewError,
    RandomBot,
    SmartBot,
    play_game,
    play_games,
    tournament,
    wilson_interval,
)
from phase10kit.game import Game, PlayerView
from phase10kit.groups import Group
from phase10kit.rules import Rules, phase_list

LONG = bool(os.environ.get("P10_LONG"))
BOTS: tuple[type[Bot], ...] = (RandomBot, GreedyBot, SmartBot)
SHORT = phase_list("first:3")  # three phases keep the many rule-option games quick

RULE_OPTIONS = {
    "default": Rules(phases=SHORT),
    "skip_target=next": Rules(skip_target="next", phases=SHORT),
    "hit_others=same_turn": Rules(hit_others="same_turn", phases=SHORT),
    "go_out=discard": Rules(go_out="discard", phases=SHORT),
    "extra_cards=False": Rules(extra_cards=False, phases=SHORT),
    "natural_required=False": Rules(natural_required=False, phases=SHORT),
    "first_skip=cover": Rules(first_skip="cover", phases=SHORT),
    "skip_from_discard=True": Rules(skip_from_discard=True, phases=SHORT),
    "any_order": Rules(progression="any_order", phases=SHORT),
    "all_advance": Rules(progression="all_advance", phases=SHORT),
    "even phases": Rules(phases=phase_list("even")[:3]),
}


def play_checked(bots: list[Bot], rules: Rules, seed: int) -> Game:
    """Play a game asking the engine itself whether each chosen action is legal before applying it."""
    game = Game(players=len(bots), rules=rules, seed=seed)
    for _ in range(20_000):
        if game.is_over():
            return game
        seat = game.current_player
        view = game.view(seat)
        action = bots[seat].choose(view)
        assert action in view.legal, f"{bots[seat]!r} chose {action}, not among the view's legal actions"
        assert game.can_apply(action), f"{bots[seat]!r} chose {action}: {game.why_not(action)}"
        if isinstance(action, Discard) and action.card.is_wild:
            assert all(card.is_wild for card in view.hand) or isinstance(bots[seat], RandomBot)
        game.apply(action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("option", sorted(RULE_OPTIONS))
def test_every_bot_plays_only_legal_actions_under_each_rule_option(option: str) -> None:
    rules = RULE_OPTIONS[option]
    seeds = range(6) if LONG else range(2)
    for seed in seeds:
        bots: list[Bot] = [SmartBot(seed), GreedyBot(seed + 1), RandomBot(seed + 2)]
        game = play_checked(bots, rules, seed)
        assert game.winner is not None


@pytest.mark.clause("strategy.bot")
def test_every_bot_plays_only_legal_actions_in_full_games() -> None:
    for seed in range(4 if LONG else 1):
        play_checked([SmartBot(seed), GreedyBot(seed), SmartBot(seed + 9), GreedyBot(seed + 9)], Rules(), seed)
        play_checked([RandomBot(seed), SmartBot(seed)], Rules(), seed + 100)


def test_greedy_and_smart_bots_never_discard_a_wild_while_holding_another_card() -> None:
    # play_checked asserts it for every discard of the non-random bots.
    play_checked([GreedyBot(3), SmartBot(4), GreedyBot(5)], Rules(), 17)


def test_choose_refuses_the_game_itself() -> None:
    game = Game(players=2, seed=1)
    for bot in (RandomBot(), GreedyBot(), SmartBot()):
        with pytest.raises(NotAViewError) as error:
            bot.choose(game)  # type: ignore[arg-type]
        assert isinstance(error.value, TypeError) and isinstance(error.value, Phase10Error)
        assert error.value.reason == "not-a-view" and "Game" in str(error.value)


def test_choose_refuses_a_view_when_it_is_not_that_players_turn() -> None:
    game = Game(players=3, seed=2)
    other = (game.current_player + 1) % 3
    with pytest.raises(Phase10Error) as error:
        GreedyBot().choose(game.view(other))
    assert error.value.reason == "not-your-turn"


def test_a_view_holds_no_hidden_state() -> None:
    names = {f.name for f in fields(PlayerView)}
    assert not names & {"hands", "draw_pile", "rng", "_rng", "history"}


def test_a_choice_is_a_function_of_the_view_and_the_bot_seed() -> None:
    game = Game(players=3, seed=5)
    for _ in range(60):
        if game.is_over():
            break
        view = game.view(game.current_player)
        # The same position with other hidden cards: the draw pile and opponents' hands shuffled around.
        twin = Game.from_json(game.to_json())
        hidden = twin.draw_pile + [c for s in range(3) if s != view.player for c in twin.hands[s]]
        hidden.reverse()
        for s in range(3):
            if s != view.player:
                twin.hands[s][:] = [hidden.pop() for _ in twin.hands[s]]
        twin.draw_pile[:] = hidden
        twin_view = twin.view(view.player)
        assert twin_view == view
        copy = pickle.loads(pickle.dumps(view))
        for make in BOTS:
            first = make(seed=7).choose(view)
            assert make(seed=7).choose(twin_view) == first
            assert make(seed=7).choose(copy) == first
        game.apply(SmartBot(seed=1).choose(view))


def test_bots_are_picklable_and_keep_their_settings() -> None:
    for make in BOTS:
        bot = make(seed=12, lang="en")
        clone = pickle.loads(pickle.dumps(bot))
        assert (type(clone), clone.seed, clone.lang) == (make, 12, "en")
        assert clone.rng.random() == bot.rng.random()


def test_bot_settings_are_checked() -> None:
    with pytest.raises(Phase10Error):
        GreedyBot(seed="7")  # type: ignore[arg-type]
    with pytest.raises(Phase10Error):
        SmartBot(lang="xx")


def test_explanations_are_non_empty_sentences() -> None:
    bots: list[Bot] = [RandomBot(1), GreedyBot(2), SmartBot(3)]
    game = Game(players=3, rules=Rules(phases=SHORT), seed=8)
    kinds = set()
    while not game.is_over():
        seat = game.current_player
        action = bots[seat].choose(game.view(seat))
        sentence = bots[seat].explain()
        assert isinstance(sentence, str) and len(sentence.split()) >= 3
        assert sentence[0].isupper() and sentence.endswith(".") and "{" not in sentence, sentence
        kinds.add(type(action).__name__)
        game.apply(action)
    assert {"Draw", "Lay", "Discard"} <= kinds


def test_explain_before_any_choice_is_an_error() -> None:
    with pytest.raises(Phase10Error) as error:
        SmartBot().explain()
    assert error.value.reason == "no-choice"


def _view(hand: str, top: str, *, laid: bool = False, stage: str = "draw", **changes: object) -> PlayerView:
    """The view of p1 in a fresh three-player game with its hand and the top discard replaced."""
    game = Game(players=3, seed=3)
    view = game.view(game.current_player)
    cards = tuple(parse_cards(hand))
    me = view.player
    assert view.turn is not None
    # Only draws (draw stage) or discards, Skips at anyone else (play stage): the bot's choice alone is tested.
    turn = replace(
        view.turn,
        stage=stage,
        hand=cards,
        can_draw=True,
        can_take=True,
        open_phases=(),
        laid=False,
        skip_targets=tuple(s for s in range(3) if s != me),
    )
    base = replace(
        view,
        hand=cards,
        discard_pile=(*view.discard_pile[:-1], *parse_cards(top)),
        stage=stage,
        turn=turn,
        open_phases=() if laid else view.open_phases,
        laid=tuple(1 if laid and s == me else None for s in range(3)),
        melds=tuple((Group.parse("s[R3 B3 G3]"),) if laid and s == me else () for s in range(3)),
    )
    return replace(base, **changes)  # type: ignore[arg-type]


@pytest.mark.parametrize("make", [GreedyBot, SmartBot])
def test_bots_take_a_discard_that_completes_their_phase(make: type[Bot]) -> None:
    view = _view("R7 B7 G7 Y2 B2 R9 G10 Y11 B12 R4", "G2")
    assert view.current_phases[view.player] == phase(1)
    assert isinstance(make(seed=1).choose(view), Take)


@pytest.mark.parametrize("make", [GreedyBot, SmartBot])
def test_bots_draw_when_the_discard_does_not_help(make: type[Bot]) -> None:
    view = _view("R7 B7 G7 Y2 B2 R9 G10 Y11 B12 R4", "Y12")
    assert isinstance(make(seed=1).choose(view), Draw)


@pytest.mark.parametrize("make", [GreedyBot, SmartBot])
def test_bots_aim_a_skip_at_the_player_closest_to_winning(make: type[Bot]) -> None:
    base = _view("S R5", "Y12", laid=True, stage="play")
    me = base.player
    others = [s for s in range(3) if s != me]
    for leader in others:
        done = tuple((1, 2, 3) if s == leader else (1,) for s in range(3))
        choice = make(seed=1).choose(replace(base, done=done))
        assert choice == Discard(me, parse_cards("S")[0], leader)


def test_smart_bot_lays_its_phase_when_it_can() -> None:
    for seed in range(3):
        game = Game(players=2, seed=seed)
        bot = SmartBot(seed)
        while not game.is_over():
            view = game.view(game.current_player)
            action = bot.choose(view)
            if view.stage == "play" and any(isinstance(a, Lay) for a in view.legal):
                assert isinstance(action, Lay)
                break
            game.apply(action)


def test_play_game_is_reproducible_from_its_seed_and_leaves_the_bots_untouched() -> None:
    bots: list[Bot] = [SmartBot(1), GreedyBot(2), RandomBot(3)]
    states = [bot.rng.getstate() for bot in bots]
    rules = Rules(phases=phase_list("first:4"))
    first = play_game(bots, rules, seed=21)
    assert first.is_over() and first.winner is not None
    assert play_game(bots, rules, seed=21).history == first.history
    assert play_game(bots, rules, seed=22).history != first.history
    assert [bot.rng.getstate() for bot in bots] == states


def test_play_game_stops_a_game_that_never_ends() -> None:
    with pytest.raises(GameTooLongError) as error:
        play_game([GreedyBot(), GreedyBot()], seed=1, max_actions=30)
    assert error.value.reason == "game-too-long" and "seed 1" in str(error.value)


def test_play_game_checks_its_bots() -> None:
    with pytest.raises(Phase10Error):
        play_game([GreedyBot()])
    with pytest.raises(Phase10Error):
        play_game([GreedyBot(), "GreedyBot"])  # type: ignore[list-item]


def test_play_games_rotates_seats() -> None:
    rows = play_games([GreedyBot(1), RandomBot(2), SmartBot(3)], 6, Rules(phases=SHORT), seed=4)
    assert list(rows["game"]) == list(range(6))
    assert list(rows["first_seat"]) == [i % 3 for i in range(6)]
    assert ((rows["winner_seat"] + rows["first_seat"]) % 3 == rows["winner"]).all()


def test_tournament_is_identical_with_and_without_a_process_pool() -> None:
    bots: list[Bot] = [SmartBot(1), GreedyBot(2)]
    rules = Rules(phases=phase_list("first:5"))
    alone = tournament(bots, 6, rules, seed=9)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = tournament(bots, 6, rules, seed=9, executor=pool)
        rows = play_games(bots, 6, rules, seed=9, executor=pool)
    pd.testing.assert_frame_equal(alone, pooled)
    pd.testing.assert_frame_equal(rows, play_games(bots, 6, rules, seed=9))
    assert list(alone["bot"]) == ["SmartBot", "GreedyBot"] and int(alone["wins"].sum()) == 6
    assert (alone["hands_per_game"] >= 5).all()  # each player makes at most one phase per hand


def test_tournament_table_has_win_rates_with_intervals() -> None:
    table = tournament([GreedyBot(1), RandomBot(2)], 4, Rules(phases=SHORT), seed=2)
    assert set(table.columns) >= {"bot", "wins", "win_rate", "win_low", "win_high", "mean_score", "hands_per_game"}
    assert ((table["win_low"] <= table["win_rate"]) & (table["win_rate"] <= table["win_high"])).all()


@pytest.mark.parametrize(("wins", "trials"), [(0, 10), (3, 10), (10, 10), (550, 1000)])
def test_wilson_interval_contains_the_rate_and_stays_in_zero_one(wins: int, trials: int) -> None:
    low, high = wilson_interval(wins, trials)
    assert 0.0 <= low <= wins / trials <= high <= 1.0
    assert (low == 0.0) == (wins == 0) and (high == 1.0) == (wins == trials)
