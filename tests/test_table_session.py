"""The table's behaviour without widgets: turn flow, pacing, summaries, hot-seat, the log, snapshots."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import widgets.session as session_module
from phase10kit.actions import Discard, Draw, Take
from phase10kit.bots import RandomBot, SmartBot
from phase10kit.errors import NotationError, Phase10Error, Reason
from phase10kit.rules import Rules
from widgets.session import TableSession

ROOT = Path(__file__).resolve().parents[1]
SHORT = Rules(phases=Rules().phases[:2])


def play_human(session: TableSession, bot: Any, *, limit: int = 5000, stop: Any = None) -> None:
    """Play every human seat with ``bot`` (showing cards and closing summaries) until ``stop(session)`` or the end."""
    for _ in range(limit):
        if stop is not None and stop(session):
            return
        state = session.state
        if state == "over":
            return
        if state == "summary":
            session.next_hand()
        elif state == "cover":
            session.show_cards()
        elif state == "bots":
            session.play_bots()
        else:
            session.act(bot.choose(session.game.view(session.game.current_player)))
    raise AssertionError("the game did not end")


def discard_any(session: TableSession, seat: int) -> None:
    """Discard the first card the engine allows (a Skip at its first legal target)."""
    session.act(next(a for a in session.game.view(seat).legal if isinstance(a, Discard)))


# ---------------------------------------------------------------------------------------------- the module


SESSION_PARTS = [
    "widgets.public_cards",
    "widgets.session",
    "widgets.session_bots",
    "widgets.session_controls",
    "widgets.session_records",
    "widgets.session_settings",
    "widgets.session_snapshot",
    "widgets.session_text",
]
"""The session's modules: together they import no widget library."""


def test_the_session_module_imports_no_widget_library() -> None:
    # An empty module stands in for the package (its face names every widget), so only the
    # session and the modules it imports load: exactly its parts, and no widget library.
    code = (
        "import sys, types\n"
        f"package = types.ModuleType('widgets'); package.__path__ = [{str(ROOT / 'widgets')!r}]\n"
        "sys.modules['widgets'] = package\n"
        "import widgets.session\n"
        "widgets.session.TableSession(players=3, seed=1, speed=0).play_bots()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('ipywidgets', 'IPython', 'anywidget', 'traitlets')))\n"
        "print(sorted(m for m in sys.modules if m.startswith('widgets.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    libraries, parts = out.stdout.strip().splitlines()
    assert libraries == "[]"
    assert parts == str(SESSION_PARTS)
    assert importlib.util.find_spec("widgets.session") is not None


# ---------------------------------------------------------------------------------------------- turn flow


def test_bots_move_one_at_a_time_and_every_move_is_announced() -> None:
    s = TableSession(players=4, seed=7, bots="greedy", speed=0)
    changes: list[int] = []
    s.on_change(lambda session: changes.append(len(session.game.history)))
    s.act(Draw(0))
    discard_any(s, 0)
    assert s.state == "bots" and len(changes) == 2
    moves = 0
    while s.state == "bots":
        before = len(s.log)
        action = s.bot_step()
        assert action is not None and action.player != 0
        assert len(s.log) >= before + 1 and s.log[before].action == action
        moves += 1
    assert len(changes) == 2 + moves, "one change per bot move"
    assert s.bot_step() is None and s.state in ("human", "summary")


def test_paced_bots_sleep_speed_seconds_before_each_move(monkeypatch: pytest.MonkeyPatch) -> None:
    s = TableSession(players=3, seed=14, bots="smart", speed=0.8)
    s.act(Draw(0))
    discard_any(s, 0)
    pauses: list[tuple[float, int]] = []
    real_sleep = asyncio.sleep

    async def sleep(delay: float) -> None:
        pauses.append((delay, len(s.log)))
        await real_sleep(0)

    monkeypatch.setattr(session_module.asyncio, "sleep", sleep)
    moves = asyncio.run(s.run_bots())
    assert moves >= 2 and len(pauses) == moves
    assert all(delay == 0.8 for delay, _ in pauses)
    # Between two pauses exactly one move lands in the log (a hand's end adds its own lines).
    sizes = [size for _, size in pauses] + [len(s.log)]
    assert all(later - earlier >= 1 for earlier, later in itertools.pairwise(sizes))
    assert s.state != "bots"


def test_a_new_game_stops_a_paced_run_of_the_old_one(monkeypatch: pytest.MonkeyPatch) -> None:
    s = TableSession(players=3, seed=2, bots="greedy", speed=0.5)
    s.act(Draw(0))
    discard_any(s, 0)
    real_sleep = asyncio.sleep
    old_game = s.game

    async def sleep(delay: float) -> None:
        if s.game is old_game:
            s.new_game()
        await real_sleep(0)

    monkeypatch.setattr(session_module.asyncio, "sleep", sleep)
    assert asyncio.run(s.run_bots()) == 0
    assert s.game is not old_game and s.game.actions() == [], "the old run made no move in the new game"
    assert [entry.kind for entry in s.log] == ["new-game"]


def test_instant_speed_and_bad_speeds() -> None:
    s = TableSession(players=2, seed=1, speed=0)
    assert s.speed == 0.0
    for bad in (-1, 11, "fast", True, float("nan")):
        with pytest.raises(Phase10Error) as error:
            s.set_speed(bad)
        assert error.value.reason == Reason.BAD_SPEED
    assert s.speed == 0.0


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 7},
        {"players": 3, "humans": 4},
        {"players": 3, "humans": 0},
        {"players": 3, "humans": 2, "human": 1},
        {"players": 3, "bots": "genius"},
        {"players": 3, "bots": ["smart"]},
        {"players": 3, "seed": "x"},
        {"players": 3, "lang": "xx"},
        {"players": 3, "rules": "standard"},
    ],
)
def test_bad_settings_are_refused_with_a_reason(kwargs: dict[str, Any]) -> None:
    with pytest.raises(Phase10Error):
        TableSession(**kwargs)


# ---------------------------------------------------------------------------------------------- summaries


def test_a_finished_hand_waits_for_next_hand_with_points_by_card_and_who_advances() -> None:
    s = TableSession(players=3, seed=5, bots="greedy", speed=0)
    hands_seen = 0
    for _ in range(3000):
        if s.state == "summary":
            summary = s.summary
            assert summary is not None and s.sheet[-1] is summary
            g = s.game
            # Nothing happens until Next round: no bot moves, no human move.
            assert s.bot_step() is None
            with pytest.raises(Phase10Error) as error:
                s.act(Draw(g.current_player))
            assert error.value.reason == Reason.HAND_OVER
            for result in summary.results:
                assert result.points == sum(card.points for card in result.left), "points by card"
                assert result.total == g.scores[result.seat]
                assert result.advances == (result.phase is not None), "score.advance: who laid moves on"
            assert summary.results[summary.went_out].left == ()
            previous = s.sheet[-2].results if len(s.sheet) > 1 else None
            if previous is not None:
                assert all(r.total == p.total + r.points for r, p in zip(summary.results, previous, strict=True))
            hands_seen += 1
            s.next_hand()
            assert s.summary is None and s.state in ("bots", "human")
            if hands_seen == 3:
                return
        elif s.state == "bots":
            s.play_bots()
        else:
            s.act(SmartBot(seed=1).choose(s.game.view(0)))
    pytest.fail("three hands did not finish")


def test_the_end_of_the_game_shows_the_winner_and_final_scores() -> None:
    s = TableSession(players=2, seed=3, bots="greedy", rules=SHORT, speed=0)
    play_human(s, SmartBot(seed=3))
    assert s.state == "over" and s.summary is not None and s.summary.over
    assert s.summary.winner == s.game.winner
    assert [r.total for r in s.summary.results] == s.game.scores
    assert s.log[-1].kind == "game-over" and "won with" in s.log_lines()[-1]
    with pytest.raises(Phase10Error):
        s.next_hand()
    s.new_game()
    assert s.state in ("human", "bots") and s.sheet == [] and s.summary is None


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_the_score_sheet_adds_up_to_the_engines_scores(seed: int, players: int) -> None:
    s = TableSession(players=players, seed=seed, bots="random", rules=SHORT, speed=0)
    play_human(s, RandomBot(seed=seed))
    assert s.game.is_over()
    for seat in range(players):
        assert sum(summary.results[seat].points for summary in s.sheet) == s.game.scores[seat]
    assert [summary.hand for summary in s.sheet] == list(range(1, len(s.sheet) + 1))
    assert sum(entry.kind == "hand-over" for entry in s.log) == len(s.sheet)
    assert s.viewer == 0, "one human: the screen always shows their cards"


# ---------------------------------------------------------------------------------------------- the log


def test_bots_reasons_stay_back_until_the_hand_is_over_or_teaching_mode() -> None:
    s = TableSession(players=3, seed=21, bots="smart", speed=0)
    s.act(Draw(0))
    discard_any(s, 0)
    s.play_bots()
    bot_entries = [entry for entry in s.log if entry.player in s.bots]
    assert bot_entries and all(entry.reasoning for entry in bot_entries)
    assert all(entry.reasoning not in s.log_line(entry) for entry in bot_entries)
    assert s.reasons_of_hand(s.game.round) == []
    s.set_teaching(True)
    assert all(entry.reasoning in s.log_line(entry) for entry in bot_entries)
    s.set_teaching(False)
    play_human(s, SmartBot(seed=2), stop=lambda session: session.state == "summary")
    finished = [entry for entry in s.log if entry.player in s.bots and entry.hand == 1]
    assert all(entry.reasoning in s.log_line(entry) for entry in finished)
    assert s.reasons_of_hand(1) and all(any(e.reasoning in r for r in s.reasons_of_hand(1)) for e in finished)


@pytest.mark.parametrize("lang", ["en", "es", "hr", "cs", "uk", "ko"])
def test_outside_teaching_mode_no_line_of_the_hand_tells_what_a_bot_holds_or_needs(lang: str) -> None:
    # The bots' reasons speak of their hands ("my phase then needs only 1 more card"): while the hand is on,
    # the screen shows what they did and nothing of why, in every language.
    for seed in (3, 17):
        s = TableSession(players=4, seed=seed, bots=["smart", "greedy", "smart"], speed=0, lang=lang)
        seen = 0

        def nothing_told(session: TableSession) -> bool:
            nonlocal seen
            for entry in session.log:
                if entry.hand == session.game.round and entry.player in session.bots and entry.reasoning:
                    assert entry.reasoning not in session.log_line(entry), session.log_line(entry)
                    seen += 1
            return session.game.round > 2

        play_human(s, SmartBot(seed=seed), stop=nothing_told)
        assert seen > 50


def test_a_drawn_card_is_named_only_to_its_drawer() -> None:
    s = TableSession(players=4, humans=2, seed=3, bots="greedy", speed=0)
    s.show_cards()
    s.act(Draw(0))
    drawn = s.game.hands[0][-1]
    assert s.log_lines()[-1] == f"You draw {drawn}."
    s.act(next(a for a in s.game.view(0).legal if isinstance(a, Discard) and a.card == drawn))
    assert s.viewer is None and s.log_lines()[-2] == "p1 draws a card."
    play_human(s, SmartBot(seed=1), stop=lambda session: session.viewer == 1)
    assert "p1 draws a card." in s.log_lines() and f"You draw {drawn}." not in s.log_lines()


# ---------------------------------------------------------------------------------------------- hot-seat


def test_hot_seat_covers_the_screen_between_two_humans() -> None:
    s = TableSession(players=4, humans=2, seed=11, bots="greedy", speed=0)
    assert s.humans == (0, 1) and s.bot_seats == (2, 3)
    assert s.state == "cover" and s.cover == 0 and s.viewer is None
    with pytest.raises(Phase10Error) as error:
        s.act(Draw(0))
    assert error.value.reason == Reason.CARDS_COVERED
    s.show_cards()
    assert s.state == "human" and s.viewer == 0
    s.act(Draw(0))
    discard_any(s, 0)
    # p1's turn is over: nobody's cards are shown; p2 waits behind the cover.
    assert s.viewer is None
    if s.game.current_player == 1:
        assert s.state == "cover" and s.cover == 1
    covers = 0
    for _ in range(400):
        if s.state == "cover":
            assert s.viewer is None and s.cover == s.game.current_player
            covers += 1
            s.show_cards()
            seat = s.viewer
            assert seat in s.humans
            view = s.view()
            assert view.player == seat and view.my_turn
            s.act(Draw(seat) if Draw(seat) in view.legal else next(iter(view.legal)))
            if s.state == "human":
                s.act(next(a for a in s.game.view(seat).legal if isinstance(a, Discard)))
            assert s.viewer is None or s.state == "human"
        elif s.state == "bots":
            s.play_bots()
        elif s.state == "summary":
            assert s.viewer is None and s.cover is None
            s.next_hand()
        else:
            break
        if covers >= 6:
            return
    pytest.fail("fewer than six hand-overs")


def test_all_seats_human_needs_no_bot() -> None:
    s = TableSession(players=2, humans=2, seed=1, bots=[], speed=0)
    assert s.bots == {} and s.state == "cover"
    play_human(s, SmartBot(seed=4), limit=200, stop=lambda session: session.game.round > 1)


# ---------------------------------------------------------------------------------------------- snapshots


def test_a_snapshot_resumes_the_same_game_and_continues_identically() -> None:
    original = TableSession(players=3, seed=8, bots=["smart", "random"], speed=0.4, teaching=True, lang="es")
    play_human(original, SmartBot(seed=8), stop=lambda session: session.state == "summary")
    text = original.snapshot()
    resumed = TableSession.from_snapshot(text)
    assert resumed.game.to_json() == original.game.to_json()
    assert resumed.log_lines() == original.log_lines() and resumed.sheet == original.sheet
    assert (resumed.state, resumed.speed, resumed.teaching, resumed.lang) == ("summary", 0.4, True, "es")
    assert resumed.snapshot() == text
    for session in (original, resumed):
        play_human(session, SmartBot(seed=9), stop=lambda s: len(s.sheet) == 2)
    assert resumed.game.to_json() == original.game.to_json(), "bots' generators resumed too"
    original.new_game()
    resumed.new_game()
    assert resumed.game.to_json() == original.game.to_json(), "New game deals the same seeded game"


class SecretSeeds:
    """Stands in for ``secrets.randbits``: records each size asked for and answers distinct big seeds."""

    def __init__(self) -> None:
        self.sizes: list[int] = []

    def __call__(self, bits: int) -> int:
        self.sizes.append(bits)
        return (1 << (bits - 1)) + len(self.sizes)  # the top bit set: a seed of the full size


def test_an_unseeded_table_deals_every_game_from_a_128_bit_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = SecretSeeds()
    monkeypatch.setattr(session_module.secrets, "randbits", drawn)
    s = TableSession(players=3, bots="greedy", speed=0)
    first = s.game.to_json()
    s.new_game()
    resumed = TableSession.from_snapshot(s.snapshot())
    resumed.new_game()  # a resumed unseeded table goes on drawing secret seeds, never from its saved generator
    assert drawn.sizes == [128, 128, 128] and session_module.DEAL_SEED_BITS == 128
    assert s.game.to_json() != first
    # What a 128-bit seed dealt replays from the record alone: the history holds every card that came out.
    play_human(s, SmartBot(seed=1), stop=lambda session: session.state == "summary")
    replayed = s.game.from_history(s.game.history)
    assert replayed.history == s.game.history and replayed.view(0) == s.game.view(0)


def test_seeded_tables_never_ask_secrets_and_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = SecretSeeds()
    monkeypatch.setattr(session_module.secrets, "randbits", drawn)
    one, two = TableSession(players=3, seed=12, speed=0), TableSession(players=3, seed=12, speed=0)
    one.new_game()
    two.new_game()
    assert drawn.sizes == [] and one.game.to_json() == two.game.to_json()


def test_two_unseeded_tables_deal_different_games() -> None:
    deals = {TableSession(players=2, bots="random", speed=0).game.view(0).hand for _ in range(5)}
    assert len(deals) == 5


def test_a_hot_seat_snapshot_keeps_the_cover() -> None:
    s = TableSession(players=3, humans=2, seed=4, speed=0)
    resumed = TableSession.from_snapshot(s.snapshot())
    assert (resumed.state, resumed.cover, resumed.viewer, resumed.humans) == ("cover", 0, None, (0, 1))


def test_a_table_with_bot_objects_says_it_cannot_be_saved() -> None:
    s = TableSession(players=2, seed=1, bots=[SmartBot(seed=1)], speed=0)
    with pytest.raises(Phase10Error) as error:
        s.snapshot()
    assert error.value.reason == Reason.BAD_BOTS


def _mutations(text: str) -> list[str]:
    data = json.loads(text)
    broken: list[Any] = [
        "",
        "not json",
        "[]",
        text[: len(text) // 2],
        json.dumps({**data, "format": "other"}),
        json.dumps({**data, "version": 99}),
        json.dumps({**data, "settings": {**data["settings"], "players": 5}}),
        json.dumps({**data, "settings": {**data["settings"], "humans": [0, 7]}}),
        json.dumps({**data, "settings": {**data["settings"], "bots": ["genius"]}}),
        json.dumps({**data, "seeds": [1, 2, 3]}),
        json.dumps({**data, "log": [{"kind": "magic"}]}),
        json.dumps({**data, "log": [{**data["log"][0], "kind": "action", "action": "p9 fly"}]}),
        json.dumps({**data, "sheet": [{"hand": "one"}]}),
        json.dumps({**data, "cover": 2}),
        json.dumps({**data, "game": {"format": "x"}}),
        json.dumps({key: value for key, value in data.items() if key != "log"}),
    ]
    return broken


def test_corrupt_snapshots_raise_notation_errors() -> None:
    s = TableSession(players=3, seed=8, speed=0)
    play_human(s, SmartBot(seed=8), limit=40, stop=lambda session: len(session.log) > 20)
    for text in _mutations(s.snapshot()):
        with pytest.raises(NotationError):
            TableSession.from_snapshot(text)
    with pytest.raises(NotationError):
        TableSession.from_snapshot(123)  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_any_edit_of_a_snapshot_gives_a_table_or_a_notation_error(data: st.DataObject) -> None:
    text = TableSession(players=2, seed=3, bots="greedy", speed=0).snapshot()
    where = data.draw(st.integers(0, len(text) - 1))
    cut = data.draw(st.integers(0, 40))
    insert = data.draw(st.text(alphabet='0123456789:,{}[]"ab-', max_size=8))
    edited = text[:where] + insert + text[where + cut :]
    with contextlib.suppress(NotationError):
        TableSession.from_snapshot(edited)


# ---------------------------------------------------------------------------------------------- refusals


def test_a_refused_move_changes_nothing() -> None:
    s = TableSession(players=3, seed=6, speed=0)
    before = s.game.to_json(), list(s.log)
    for action in (Take(1), Discard(0, s.game.hands[0][0]), Draw(2)):
        with pytest.raises(Phase10Error):
            s.act(action)
    assert (s.game.to_json(), s.log) == before


def test_seeded_sessions_are_reproducible() -> None:
    a, b = (TableSession(players=4, seed=19, speed=0) for _ in range(2))
    for s in (a, b):
        play_human(s, SmartBot(seed=0), stop=lambda session: len(session.sheet) == 1)
    assert a.game.to_json() == b.game.to_json() and a.log_lines() == b.log_lines()
    c = TableSession(players=4, seed=20, speed=0)
    assert c.game.to_json() != a.game.to_json()


# ---------------------------------------------------------------------------------------------- take-backs


def test_take_back_follows_the_engines_rule_and_the_log_forgets_the_move() -> None:
    for seed in range(80):
        s = TableSession(players=2, seed=seed, bots="greedy", speed=0)
        if Take(0) not in s.game.view(0).legal:
            continue
        assert s.take_back_refusal() is not None
        start = s.game.to_json()
        s.act(Take(0))
        assert s.take_back_refusal() is None
        assert s.take_back() == Take(0) and s.game.to_json() == start
        assert [entry.kind for entry in s.log] == ["new-game", "take-back"]
        s.act(Draw(0))
        refusal = s.take_back_refusal()
        assert refusal is not None and refusal.reason == Reason.TAKE_BACK_DRAW
        with pytest.raises(Phase10Error):
            s.take_back()
        discard_any(s, 0)
        s.play_bots()
        if s.state == "human":
            refusal = s.take_back_refusal()
            assert refusal is not None and refusal.reason in (Reason.TAKE_BACK_OTHERS, Reason.NO_TAKE_BACK)
        return
    pytest.fail("no seed lets p1 take the first discard")


def test_a_lay_down_can_be_taken_back_in_the_same_turn() -> None:
    for seed in range(200):
        s = TableSession(players=2, seed=seed, bots="greedy", speed=0)
        s.act(Draw(0))
        lays = s.game.view(0).lays()
        if not lays:
            continue
        before = s.game.to_json()
        s.act(lays[0])
        assert s.game.melds[0]
        assert s.take_back() == lays[0] and s.game.to_json() == before
        refusal = s.take_back_refusal()
        assert refusal is not None and refusal.reason == Reason.TAKE_BACK_DRAW, "next back is the draw: refused"
        return
    pytest.fail("no seed lets p1 lay down at the first turn")


def test_nothing_can_be_taken_back_behind_a_cover_or_a_summary() -> None:
    s = TableSession(players=3, humans=2, seed=5, speed=0)
    refusal = s.take_back_refusal()
    assert refusal is not None and refusal.reason == Reason.CARDS_COVERED
    with pytest.raises(Phase10Error):
        s.take_back()


# ---------------------------------------------------------------------------------------------- controls


def test_the_controls_follow_the_stage_and_the_selection() -> None:
    s = TableSession(players=3, seed=11, bots="greedy", speed=0)
    controls = s.controls([])
    assert controls.shown == {"draw", "take", "hint", "undo", "new"}
    assert "draw" not in controls.why and controls.why["undo"].reason == Reason.NO_TAKE_BACK  # type: ignore[union-attr]
    s.act(Draw(0))
    controls = s.controls([])
    assert {"discard", "hint", "undo", "new"} <= controls.shown and not {"draw", "take"} & controls.shown
    assert controls.why["discard"] == "Select the one card to discard."
    card = next(c for c in s.game.hands[0] if not c.is_skip)
    assert "discard" not in s.controls([card]).why
    assert s.controls([card]).hits == tuple(h for h in s.game.view(0).hits() if h.card == card)
    if any(c.is_skip for c in s.game.hands[0]):
        skip = next(c for c in s.game.hands[0] if c.is_skip)
        legal = {a.target for a in s.game.view(0).discards() if a.card == skip} - {None}
        assert set(s.controls([skip]).skip_targets) == legal
    discard_any(s, 0)
    s.play_bots()
    assert s.state == "human" or s.controls([]).shown == {"new"}


def test_nobody_gets_controls_behind_a_cover_screen() -> None:
    s = TableSession(players=3, humans=2, seed=2, speed=0)
    controls = s.controls(list(s.game.hands[0][:1]))
    assert controls.shown == {"new"} and controls.why == {} and controls.lays == controls.hits == ()
