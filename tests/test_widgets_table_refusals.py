"""The playable table refuses with a sentence: the engine's reasons, unexpected errors, bad arguments, and
whatever the browser sends that is not one of the choices."""

from __future__ import annotations

import json
from typing import Any

import pytest

from phase10kit.actions import Action, Discard, Draw, Hit
from tests.helpers import autopilot, select
from tests.helpers import instant_table as make
from widgets._safety import describe_error
from widgets.table import Table

# ---------------------------------------------------------------------------------------------- refusals and errors


def engine_sentence(table: Table, action: Action) -> str:
    """What the status line must say for an action the engine refuses: the engine's own reason, described."""
    error = table.game.why_not(action)
    assert error is not None, f"{action} should be refused"
    return describe_error(error, table.lang)


def test_illegal_actions_show_the_engines_reason() -> None:
    t = make(players=3, seed=2)
    t.buttons["discard"].click()  # before drawing, with nothing selected
    assert t.status.tone == "problem" and "Select exactly one card" in t.status.text
    card = t.hand.hand[0]
    select(t, [card])
    expected = engine_sentence(t, Discard(0, card, None if not card.is_skip else 1))
    t.buttons["discard"].click()
    assert t.status.tone == "problem" and t.status.text == expected
    t.buttons["draw"].click()
    expected = engine_sentence(t, Draw(0))
    t.buttons["draw"].click()  # drawn already: the engine refuses
    assert t.status.tone == "problem" and t.status.text == expected
    assert len(t.game.hands[0]) == 11
    t.buttons["lay"].click()
    assert t.status.tone == "problem"


def test_hit_before_laying_down_is_refused_by_the_engine() -> None:
    t = autopilot_until_opponent_laid()
    select(t, [t.hand.hand[0]])
    card = t.hand.hand[0]
    expected = engine_sentence(t, Hit(0, 1, 0, card))
    t.buttons["hit"].click()
    assert t.status.tone == "problem" and t.status.text == expected


def autopilot_until_opponent_laid() -> Table:
    for seed in range(30):
        t = make(players=2, seed=seed, bots="smart")

        def opponent_laid(table: Table, action: Action) -> bool:
            view = table.game.view(table.human)
            return view.stage == "play" and view.laid[1] is not None and view.laid[0] is None

        autopilot(t, seed, until=opponent_laid)
        if not t.game.is_over():
            return t
    raise AssertionError("no seed where the opponent lays down first")


def test_an_unexpected_exception_is_shown_and_the_table_stays_usable(monkeypatch: pytest.MonkeyPatch) -> None:
    t = make(players=2, seed=4)
    original = t.game.apply

    def broken(action: Action) -> None:
        raise RuntimeError("boom <b>")

    monkeypatch.setattr(t.game, "apply", broken)
    t.buttons["draw"].click()
    assert "RuntimeError: boom <b>" in t.errors.text and "&lt;b&gt;" in t.errors.value
    monkeypatch.setattr(t.game, "apply", original)
    t.buttons["draw"].click()
    assert t.errors.text == "" and len(t.game.hands[0]) == 11


def test_bad_constructor_arguments_are_refused() -> None:
    from phase10kit.errors import Phase10Error

    for kwargs in ({"players": 7}, {"bots": "genius"}, {"bots": ["smart"]}, {"speed": -1}, {"lang": "xx"}):
        with pytest.raises(Phase10Error):
            Table(**{"players": 3, "seed": 1, **kwargs})


# ---------------------------------------------------------------------------------------------- what the browser sends


def test_whatever_the_browser_sends_is_validated() -> None:
    t = make(players=3, seed=5)
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
    assert t.children == children and len(t.opponents_box.children) == 3, "two seats and the piles"
    assert t.errors.text == ""
    t.buttons["draw"].click()  # still usable
    assert len(t.game.hands[0]) == 11


def test_the_hands_selection_from_the_browser_is_cleaned_before_it_is_echoed() -> None:
    t = make(players=3, seed=5)
    sent: list[dict[str, Any]] = []
    original = t.hand._send

    def record(msg: dict[str, Any], buffers: Any = None) -> None:
        sent.append(msg)
        original(msg, buffers)

    t.hand._send = record  # type: ignore[method-assign]
    t.hand.set_state({"selected": list(range(2_000_000))})
    t.hand.set_state({"selected": "0,1"})
    t.hand.set_state({"sort_by": "<script>"})
    assert t.hand.selected == [] and t.hand.sort_by == "dealt"
    assert len(json.dumps(sent, default=str)) < 20_000, "nothing the browser sent comes back whole"
    t.hand.set_state({"selected": [3, 3, 1, "x", 50]})
    assert t.hand.selected == [1, 3]
    echoes = [m for m in sent if m.get("method") == "echo_update"]
    assert all(m["state"].get("selected", [1, 3]) == [1, 3] for m in echoes[-1:])


@pytest.mark.parametrize("index", [None, -1, 99, "0", True, 1.5])
def test_every_menu_refuses_an_empty_or_invalid_browser_value_with_a_sentence(index: object) -> None:
    t = make(players=3, seed=5)
    for menu in (t.speed_choice, t.lang_choice, t.layout_choice, t.hit_target, t.skip_target, t.hit_end):
        value = menu.value
        t.status.show("", "info")
        menu.set_state({"index": index})
        assert menu.value == value, "the menu keeps its value"
        assert t.status.tone == "problem" and "not one of the choices" in t.status.text
    assert t.speed == 0.0 and t.lang == "en" and t.errors.text == ""
