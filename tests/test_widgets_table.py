"""The playable table: every control driven from Python, the DOM contract, and nothing hidden ever synced."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import random
import re
from collections import Counter
from typing import Any

import ipywidgets
import pytest

from phase10kit.actions import Action, Discard, Draw, Hit, Lay, Take, parse_action
from phase10kit.bots import SmartBot
from phase10kit.cards import Card, parse_cards
from phase10kit.game import PlayerView
from phase10kit.rules import Rules
from phase10kit.solver import find_layout
from widgets.table import BUTTONS, Table, hide_unplayed_cards

LABELS = ["Draw", "Take discard", "Lay down", "Hit", "Discard", "Hint", "Undo", "New game"]


# ---------------------------------------------------------------------------------------------- helpers


def select(table: Table, cards: list[Card]) -> None:
    """Select these cards (a multiset) in the human's hand, as clicks in the browser would."""
    wanted = Counter(cards)
    picked = []
    for i, card in enumerate(table.hand.hand):
        if wanted[card]:
            wanted[card] -= 1
            picked.append(i)
    assert not +wanted, f"{cards} not all in {table.hand.hand}"
    table.hand.selected = picked


def play_with_buttons(table: Table, action: Action) -> None:
    """Perform the human's action through the widgets only: selections, menus and a button click."""
    if isinstance(action, Draw):
        table.buttons["draw"].click()
    elif isinstance(action, Take):
        table.buttons["take"].click()
    elif isinstance(action, Lay):
        select(table, action.cards)
        assert action in [value for _, value in table.layout_choice.options], "the menu offers every legal lay-down"
        table.layout_choice.value = action
        table.buttons["lay"].click()
    elif isinstance(action, Hit):
        select(table, [action.card])
        table.hit_target.value = (action.target, action.group)
        table.hit_end.value = action.end
        table.buttons["hit"].click()
    else:
        assert isinstance(action, Discard)
        select(table, [action.card])
        if action.target is not None:
            table.skip_target.value = action.target
        table.buttons["discard"].click()


def autopilot(table: Table, seed: int, *, until: Any = None, limit: int = 3000) -> list[Action]:
    """A bot plays the human's seat through the buttons until ``until(table, action)``, the end or ``limit`` moves."""
    bot = SmartBot(seed=seed)
    done: list[Action] = []
    for _ in range(limit):
        game = table.game
        if game.is_over():
            return done
        assert game.current_player == table.human, "bots play until the human's turn"
        action = bot.choose(game.view(table.human))
        if until is not None and until(table, action):
            return done
        play_with_buttons(table, action)
        assert table.errors.text == "", table.errors.text
        assert table.status.tone != "problem", table.status.text
        done.append(action)
    return done


def walk_states(widget: ipywidgets.Widget) -> list[dict[str, Any]]:
    """The synced state of a widget and of every widget it refers to, recursively (children, layouts, styles)."""
    seen: set[str] = set()
    states = []
    todo = [widget]
    while todo:
        w = todo.pop()
        if w.model_id in seen:
            continue
        seen.add(w.model_id)
        state = w.get_state()
        states.append(state)
        text = json.dumps(state, default=str)
        for model_id in re.findall(r"IPY_MODEL_([0-9a-f]+)", text):
            todo.append(ipywidgets.widgets.widget._instances[model_id])
    return states


_TOKEN = r"(?<![A-Za-z0-9#]){}(?![A-Za-z0-9])"


def known_kinds(table: Table) -> set[Card]:
    """Every card kind the human has seen so far: their deals and draws, flips, and all cards played openly."""
    me = f"p{table.human + 1} "
    known: set[Card] = set()
    mine = False
    for line in table.game.history:
        words = line.split()
        if words[0] == "deal" and words[1] == me.strip():
            known |= set(parse_cards(" ".join(words[2:])))
        elif words[0] == "flip":
            known |= set(parse_cards(" ".join(words[1:])))
        elif words[0] == "drawn" and mine:
            known.add(Card.parse(words[1]))
        elif re.match(r"p[1-6] ", line):
            mine = line.startswith(me)
            action = parse_action(line)
            if isinstance(action, Lay):
                known |= set(action.cards)
            elif isinstance(action, Hit | Discard):
                known.add(action.card)
    return known


def hidden_kinds(table: Table) -> set[Card]:
    """Card kinds in opponents' hands or the draw pile of which the human has never seen a copy."""
    g = table.game
    hidden = {c for seat in range(g.players) if seat != table.human for c in g.hands[seat]} | set(g.draw_pile)
    return hidden - known_kinds(table)


def assert_nothing_hidden_synced(table: Table) -> None:
    """No never-seen card kind is written anywhere synced (the hint, which lists outs by kind, is checked apart)."""
    states = [state for state in walk_states(table) if "p10-hint" not in state.get("_dom_classes", ())]
    text = "\n".join(json.dumps(state, default=str) for state in states)
    for card in hidden_kinds(table):
        assert not re.search(_TOKEN.format(re.escape(str(card))), text), f"{card} is hidden but synced"
    for line in table.game.history:
        if line.startswith(("deal", "pile")):
            assert line not in text


def shuffle_hidden_cards(table: Table, rng: random.Random) -> None:
    """Deal the opponents' cards and the draw pile anew among themselves (the human's view stays the same)."""
    g = table.game
    seats = [seat for seat in range(g.players) if seat != table.human]
    pool = [card for seat in seats for card in g.hands[seat]] + list(g.draw_pile)
    rng.shuffle(pool)
    for seat in seats:
        size = len(g.hands[seat])
        g.hands[seat][:], pool = pool[:size], pool[size:]
    g.draw_pile[:] = pool


def synced_text(table: Table) -> str:
    return "\n".join(json.dumps(state, sort_keys=True, default=str) for state in walk_states(table))


# ---------------------------------------------------------------------------------------------- the DOM contract


def test_dom_contract_classes_buttons_and_labels() -> None:
    t = Table(players=4, seed=5, bots="greedy")
    assert "p10-table" in t._dom_classes
    assert "p10-hand" in t.hand._dom_classes
    assert sum("p10-opponent" in w._dom_classes for w in t.opponents_box.children) == 3
    assert "p10-status" in t.status._dom_classes and "p10-log" in t.log_area._dom_classes
    assert [t.buttons[key].description for key in BUTTONS] == LABELS
    assert all(f"p10-btn-{key}" in t.buttons[key]._dom_classes for key in BUTTONS)
    assert t.hand.cards == [str(c) for c in t.game.hands[0]]
    assert all(label.startswith(card) for label, card in zip(t.hand.labels, t.hand.cards, strict=True))
    # Every player's phase, score and card count are written out (colour is never the only signal).
    for seat, widget in t.opponent_views.items():
        assert f"p{seat + 1}" in widget.value and "Phase 1" in widget.value
        assert f"{t.game.view(0).hand_sizes[seat]} cards in hand" in widget.value
    assert "Phase 1" in t.mine.value and "points" in t.mine.value


def test_buttons_follow_the_engines_legal_actions() -> None:
    t = Table(players=3, seed=11)
    view = t.game.view(0)
    assert view.my_turn and view.stage == "draw"
    assert t.buttons["draw"].disabled is (Draw(0) not in view.legal)
    assert t.buttons["take"].disabled is (Take(0) not in view.legal)
    assert t.buttons["discard"].disabled and t.buttons["lay"].disabled and t.buttons["hit"].disabled
    assert t.buttons["undo"].disabled, "nothing of the human's to undo at the start"
    t.buttons["draw"].click()
    assert t.buttons["draw"].disabled and not t.buttons["discard"].disabled
    assert len(t.hand.cards) == 11 and t.log_entries[-1].startswith("You draw ")


def test_other_language_keeps_the_stable_classes() -> None:
    t = Table(players=2, seed=1, lang="es")
    assert all(f"p10-btn-{key}" in t.buttons[key]._dom_classes for key in BUTTONS)


# ---------------------------------------------------------------------------------------------- whole games


def test_human_lays_down_hits_goes_out_and_sees_the_scoring() -> None:
    """Seeds are searched until the human (played through the buttons) lays, hits and goes out in one hand."""
    for seed in range(40):
        t = Table(players=2, seed=seed, bots="random")
        bot = SmartBot(seed=seed)
        laid = hit = False
        while not t.game.is_over():
            hand_number = t.game.round
            action = bot.choose(t.game.view(t.human))
            play_with_buttons(t, action)
            assert t.errors.text == "" and t.status.tone != "problem", (t.errors.text, t.status.text)
            laid |= isinstance(action, Lay)
            hit |= isinstance(action, Hit)
            if t.game.round == hand_number and not t.game.is_over():
                continue
            heading = f"Hand {hand_number} is over: p1 (you) went out."
            if laid and hit and heading in t.log_entries:
                assert heading in t.scoring.value and "Points this hand" in t.scoring.value
                assert t.game.scores[0] == 0 or t.game.round > 2
                assert f"<td>{t.game.scores[1]}</td>" in t.scoring.value
                return
            laid = hit = False
    pytest.fail("no seed in 0..39 where the human lays down, hits and goes out in one hand")


def test_a_whole_game_through_the_buttons_ends_with_the_winner_and_final_scores() -> None:
    t = Table(players=2, seed=3, bots="greedy", rules=Rules(phases=Rules().phases[:2]))
    actions = autopilot(t, seed=3)
    assert t.game.is_over() and actions
    winner = t.game.winner
    assert winner is not None
    name = "p1 (you)" if winner == 0 else f"p{winner + 1}"
    assert f"{name} won" in t.status.text and t.status.tone == "ok"
    assert "The game is over" in t.scoring.value and str(t.game.scores[winner]) in t.scoring.value
    assert all(t.buttons[key].disabled for key in ("draw", "take", "lay", "hit", "discard", "hint"))
    assert not t.buttons["new"].disabled


@pytest.mark.parametrize("players", [2, 6])
def test_bots_play_visibly_with_explanations(players: int) -> None:
    t = Table(players=players, seed=21, bots="smart")
    autopilot(t, seed=21, limit=30)
    bot_lines = [e for e in t.log_entries if re.match(r"p[2-6] ", e)]
    assert bot_lines and all(e.endswith(".") for e in bot_lines)
    assert any(len(e.split(". ", 1)) == 2 for e in bot_lines), "bot moves carry their explanation"
    assert t.log_entries[-1] in t.log_area.value or t.log_entries[-1].replace("'", "&#x27;") in t.log_area.value


# ---------------------------------------------------------------------------------------------- refusals and errors


def test_illegal_actions_show_the_engines_reason() -> None:
    t = Table(players=3, seed=2)
    t.buttons["discard"].click()  # before drawing, with nothing selected
    assert t.status.tone == "problem" and "Select exactly one card" in t.status.text
    select(t, [t.hand.hand[0]])
    t.buttons["discard"].click()
    assert t.status.tone == "problem" and "must draw first" in t.status.text
    t.buttons["draw"].click()
    t.buttons["draw"].click()  # drawn already: the engine refuses
    assert t.status.tone == "problem" and "already drawn" in t.status.text
    assert len(t.game.hands[0]) == 11
    t.buttons["lay"].click()
    assert t.status.tone == "problem"


def test_hit_before_laying_down_is_refused_by_the_engine() -> None:
    t = autopilot_until_opponent_laid()
    select(t, [t.hand.hand[0]])
    t.buttons["hit"].click()
    assert t.status.tone == "problem" and "after laying down" in t.status.text


def autopilot_until_opponent_laid() -> Table:
    for seed in range(30):
        t = Table(players=2, seed=seed, bots="smart")

        def opponent_laid(table: Table, action: Action) -> bool:
            view = table.game.view(table.human)
            return view.stage == "play" and view.laid[1] is not None and view.laid[0] is None

        autopilot(t, seed, until=opponent_laid)
        if not t.game.is_over():
            return t
    raise AssertionError("no seed where the opponent lays down first")


def test_an_unexpected_exception_is_shown_and_the_table_stays_usable(monkeypatch: pytest.MonkeyPatch) -> None:
    t = Table(players=2, seed=4)
    original = t.game.apply

    def broken(action: Action) -> None:
        raise RuntimeError("boom <b>")

    monkeypatch.setattr(t.game, "apply", broken)
    t.buttons["draw"].click()
    assert "RuntimeError: boom <b>" in t.errors.text and "&lt;b&gt;" in t.errors.value
    monkeypatch.setattr(t.game, "apply", original)
    t.buttons["draw"].click()
    assert t.errors.text == "" and len(t.game.hands[0]) == 11


def test_bot_text_is_escaped_and_unplayed_cards_hidden() -> None:
    class Loud:
        def __init__(self) -> None:
            self.bot = SmartBot(seed=1)

        def choose(self, view: PlayerView) -> Action:
            return self.bot.choose(view)

        def explain(self) -> str:
            return "<script>alert(1)</script> I keep R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12"

    t = Table(players=2, seed=9, bots=[Loud()])
    autopilot(t, seed=9, limit=6)
    assert "<script>" not in t.log_area.value and "&lt;script&gt;" in t.log_area.value
    assert hide_unplayed_cards("I keep R1 B12 W", []) == "I keep ? ? ?"


# ---------------------------------------------------------------------------------------------- undo, new game, hint


def test_undo_takes_back_the_humans_move_and_the_bots_answers() -> None:
    t = Table(players=3, seed=8)
    start = t.game.to_json()
    hand = list(t.hand.hand)
    t.buttons["draw"].click()
    select(t, [t.hand.hand[0]])
    t.buttons["discard"].click()
    assert t.game.to_json() != start
    t.buttons["undo"].click()  # back to after the draw
    assert len(t.game.hands[0]) == 11 and t.game.stage == "play" and t.game.current_player == 0
    t.buttons["undo"].click()
    assert t.game.to_json() == start and list(t.hand.hand) == hand
    assert t.buttons["undo"].disabled
    t.buttons["undo"].click()
    assert t.status.tone == "problem"


def test_new_game_deals_again_reproducibly() -> None:
    a, b = Table(players=3, seed=6), Table(players=3, seed=6)
    first = a.game.to_json()
    a.buttons["new"].click()
    b.buttons["new"].click()
    assert a.game.to_json() != first and a.game.to_json() == b.game.to_json()
    assert a.log_entries[0].startswith("A new game") and a.scoring.value == ""


def test_hint_explains_the_phase_with_outs_and_odds() -> None:
    t = Table(players=2, seed=12)
    t.buttons["hint"].click()
    assert "Hint for 2 sets of 3" in t.hint_area.value
    assert "Chance of holding it after 1, 2, 3 more draws" in t.hint_area.value


# ---------------------------------------------------------------------------------------------- safety


@pytest.mark.parametrize("seed", range(12))
def test_no_synced_trait_holds_what_the_human_may_not_see(seed: int) -> None:
    players = 2 + seed % 5
    t = Table(players=players, seed=seed, bots=["random", "greedy", "smart"][seed % 3])
    assert_nothing_hidden_synced(t)
    t.buttons["hint"].click()
    autopilot(t, seed, limit=4 + seed)
    t.buttons["hint"].click()
    assert_nothing_hidden_synced(t)


@pytest.mark.parametrize("seed", range(6))
def test_synced_state_does_not_depend_on_hidden_cards(seed: int) -> None:
    """Redealing the opponents' hands and the draw pile among themselves changes nothing the browser holds."""
    t = Table(players=3 + seed % 3, seed=seed)
    autopilot(t, seed, limit=3 + 2 * seed)
    if t.game.is_over():
        return
    t.hint()
    t._refresh()
    before = synced_text(t)
    shuffle_hidden_cards(t, random.Random(seed))
    t.hint()
    t._refresh()
    assert synced_text(t) == before


def test_whatever_the_browser_sends_is_validated() -> None:
    t = Table(players=3, seed=5)
    t.hand.set_state({"selected": ["x", 99, -1, 2, True], "cards": ["W", "W"]})
    assert t.hand.selected == [2] and t.hand.cards == [str(c) for c in t.game.hands[0]]
    t.buttons["discard"].set_state({"disabled": False, "description": "<img>"})
    assert t.buttons["discard"].disabled and t.buttons["discard"].description == "Discard"
    t.skip_target.set_state({"index": 999})
    t.hit_target.set_state({"index": "0; drop"})
    t.layout_choice.set_state({"_options_labels": ["p2 hand"], "index": -5})
    t.status.set_state({"value": "<script>"})
    t.log_area.set_state({"value": "forged"})
    assert "<script>" not in t.status.value and t.log_area.value != "forged"
    children = t.children
    t.set_state({"children": []})
    t.opponents_box.set_state({"children": []})
    assert t.children == children and len(t.opponents_box.children) == 2
    assert t.errors.text == ""
    t.buttons["draw"].click()  # still usable
    assert len(t.game.hands[0]) == 11


def test_paced_bots_play_on_the_running_event_loop() -> None:
    async def scenario() -> Table:
        t = Table(players=3, seed=14, speed=0.001)
        while t._bot_task is not None and not t._bot_task.done():
            await asyncio.sleep(0.001)
        assert t.game.current_player == 0
        t.buttons["draw"].click()
        select(t, [t.hand.hand[0]])
        t.buttons["discard"].click()
        assert t._bot_task is not None and t.game.current_player != 0, "the bots' moves do not block the click"
        await t._bot_task
        return t

    # A fresh thread has no event loop of its own, whatever earlier tests (Playwright's sync API)
    # left running in the main thread.
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        t = pool.submit(asyncio.run, scenario()).result(timeout=60)
    assert t.game.current_player == 0 or t.game.is_over()
    assert t.errors.text == ""


def test_bad_constructor_arguments_are_refused() -> None:
    from phase10kit.errors import Phase10Error

    for kwargs in ({"players": 7}, {"bots": "genius"}, {"bots": ["smart"]}, {"speed": -1}, {"lang": "xx"}):
        with pytest.raises(Phase10Error):
            Table(**{"players": 3, "seed": 1, **kwargs})


def test_lay_down_with_nothing_selected_lays_the_suggested_layout() -> None:
    for seed in range(60):
        t = Table(players=2, seed=seed, bots="greedy")

        def can_lay(table: Table, action: Action) -> bool:
            return any(isinstance(a, Lay) for a in table.game.view(table.human).legal)

        autopilot(t, seed, until=can_lay, limit=200)
        view = t.game.view(0)
        if t.game.is_over() or not any(isinstance(a, Lay) for a in view.legal):
            continue
        t.hand.selected = []
        suggested = t.layout_choice.value
        phase = view.current_phases[0]
        assert phase is not None and isinstance(suggested, Lay)
        layout = find_layout(view.hand, phase)
        assert layout is not None and Counter(suggested.cards) == Counter(layout.cards)
        assert "Wild =" in t.layout_choice.label or not any(c.is_wild for c in suggested.cards)
        t.buttons["lay"].click()
        assert t.game.melds[0] == list(suggested.groups) and t.status.tone != "problem"
        return
    pytest.fail("no seed where the human can lay down")


def test_selected_cards_that_do_not_make_the_phase_are_explained() -> None:
    t = Table(players=2, seed=30)
    t.buttons["draw"].click()
    select(t, list(t.hand.hand[:2]))
    assert t.layout_choice.options == () and t.layout_choice.disabled
    t.buttons["lay"].click()
    assert t.status.tone == "problem"
    assert "do not make the phase" in t.status.text or "already" in t.status.text
