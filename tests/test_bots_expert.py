"""ExpertBot (``strategy.bot``, ``prob.discard``): legal, reproducible, and playing by the solved values.

The games use phase lists whose tables solve in milliseconds (sets, colour groups) plus a phase the
model does not cover (``r4+c4``), so the SmartBot fallback is played too; tables go to a temporary cache.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from phase10kit import Rules
from phase10kit.actions import Discard, Draw, Take
from phase10kit.bots import ExpertBot, SmartBot, play_game
from phase10kit.bots.expert import TIE
from phase10kit.bots.registry import BOTS, make_bot
from phase10kit.game import Game, PlayerView
from phase10kit.i18n import LANGUAGES
from phase10kit.probability import fits_model, solitaire_optimum
from phase10kit.rules import phase_list

QUICK = Rules(phases=phase_list("2s3,c7,r4+c4,s5+s2"))


@pytest.fixture(autouse=True)
def _tmp_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path_factory.getbasetemp() / "solitaire-cache"
    monkeypatch.setenv("P10_CACHE", str(folder))
    yield folder


def steps(game: Game, bots: list[ExpertBot] | list[SmartBot], limit: int = 4000) -> Iterator[tuple[int, PlayerView]]:
    """Play ``game`` to its end, yielding (seat, view) before each choice; every action is checked legal."""
    for _ in range(limit):
        if game.is_over():
            return
        seat = game.current_player
        view = game.view(seat)
        yield seat, view
        action = bots[seat].choose(view)
        assert action in game.legal_actions()
        game.apply(action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_expert_bot_plays_only_legal_actions_from_a_view(players: int, seed: int) -> None:
    game = Game(players=players, seed=seed, rules=QUICK)
    bots = [ExpertBot(seed=seat) for seat in range(players)]
    assert sum(1 for _ in steps(game, bots)) > 0
    assert game.is_over()


def test_expert_bot_games_are_reproducible_from_the_seeds() -> None:
    first = play_game([ExpertBot(seed=1), SmartBot(seed=2)], rules=QUICK, seed=7)
    second = play_game([ExpertBot(seed=1), SmartBot(seed=2)], rules=QUICK, seed=7)
    assert first.history == second.history


def test_expert_bot_discards_by_the_solved_values_and_takes_only_what_beats_a_blind_draw() -> None:
    discards = takes = draws_with_take = 0
    games = (Game(players=2, seed=seed, rules=QUICK) for seed in range(11, 15))
    for seat, view in (step for game in games for step in steps(game, [ExpertBot(seed=1), ExpertBot(seed=2)])):
        phases = view.open_phase_list()
        if len(phases) != 1 or not fits_model(phases[0]) or any(g for g in view.melds):
            continue
        opt = solitaire_optimum(phases[0])
        hand = list(view.hand)
        action = ExpertBot(seed=seat + 1).spawn("check").choose(view)
        if view.stage == "play" and isinstance(action, Discard) and not view.lays():
            discards += 1
            values = opt.discard_values(hand)
            assert values[action.card] <= min(values.values()) + TIE
        elif view.stage == "draw" and any(isinstance(a, Take) for a in view.legal):
            top = view.discard_pile[-1]
            gain = opt.value([*hand, top]) - (opt.value(hand) - 1)
            if isinstance(action, Take):
                takes += 1
                assert gain < 0
            else:
                draws_with_take += 1
                assert isinstance(action, Draw) and gain >= -TIE
    assert discards > 10 and draws_with_take > 5


def test_expert_bot_explains_with_the_numbers_of_the_values() -> None:
    game = Game(players=2, seed=5, rules=QUICK)
    bot = ExpertBot(seed=1)
    opt = solitaire_optimum(QUICK.phases[0])
    view = game.view(game.current_player)
    action = bot.choose(view)
    blind = opt.value(list(view.hand)) - 1
    assert isinstance(action, Draw | Take)
    assert f"{blind:.1f}" in bot.explain() or f"{blind:.2f}" in bot.explain()
    game.apply(action)
    view = game.view(game.current_player)
    if not view.lays():
        bot.choose(view)
        assert "turns to go" in bot.explain()


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_expert_bot_explains_in_every_language(lang: str) -> None:
    game = Game(players=2, seed=5, rules=QUICK)
    english, local = ExpertBot(seed=1), ExpertBot(seed=1, lang=lang)
    view = game.view(game.current_player)
    assert english.choose(view) == local.choose(view)
    assert local.explain()
    if lang != "en":
        assert local.explain() != english.explain()


def test_outside_the_model_expert_bot_plays_like_smart_bot() -> None:
    rules = Rules(phases=phase_list("r4+c4,s5+c4"))
    game = Game(players=2, seed=3, rules=rules)
    expert, smart = ExpertBot(seed=4), SmartBot(seed=4)
    for _ in range(40):
        if game.is_over():
            break
        view = game.view(game.current_player)
        action = expert.choose(view)
        assert action == smart.choose(view)
        game.apply(action)


def test_expert_bot_is_in_the_registry() -> None:
    assert "expert" in BOTS
    bot = make_bot("expert", seed=3, lang="es")
    assert isinstance(bot, ExpertBot) and bot.seed == 3 and bot.lang == "es"
