"""The playable table syncs nothing the viewer may not see: no hidden card kind, no byte that depends on the hidden
cards, no bot reason during the hand, no human's cards behind the hot-seat cover screen."""

from __future__ import annotations

import random
import re

import pytest

from phase10kit.actions import Action, Discard, Hit, Lay, parse_action
from phase10kit.bots import SmartBot
from phase10kit.cards import Card, card_in_text
from phase10kit.game import PlayerView
from tests.helpers import autopilot, known_to, play_with_buttons, redeal_unseen, synced_text
from tests.helpers import instant_table as make
from widgets.table import Table
from widgets.table_parts import phase_reminder_html

# ---------------------------------------------------------------------------------------------- helpers


def hidden_kinds(table: Table) -> set[Card]:
    """Card kinds in opponents' hands or the draw pile of which the human has never seen a copy."""
    g = table.game
    hidden = {c for seat in range(g.players) if seat != table.human for c in g.hands[seat]} | set(g.draw_pile)
    return hidden - known_to(table, table.human)


def assert_nothing_hidden_synced(table: Table) -> None:
    """No never-seen card kind is written anywhere synced.

    The hint (it lists outs by kind) and the phase reminder (a fixed example of the phase) are checked apart.
    """
    apart = ("p10-hint", "p10-phase-reminder")
    view = table.session.view()
    assert table.reminder.value in ("", phase_reminder_html(view, table.lang)), "the reminder shows the phase only"
    text = synced_text(table, without=apart, model_ids=True)
    for card in hidden_kinds(table):
        assert not card_in_text(card).search(text), f"{card} is hidden but synced"
    for line in table.game.history:
        if line.startswith(("deal", "pile")):
            assert line not in text


def _private_kinds(table: Table, seat: int) -> set[Card]:
    """Card kinds in ``seat``'s hand that nothing public shows (discard pile, laid groups, cards left at a summary)."""
    g = table.game
    public = set(g.discard_pile) | {c for m in g.melds for group in m for c in group.cards}
    public |= {c for summary in table.session.sheet for r in summary.results for c in r.left}
    public |= {card for line in g.history if re.match(r"p[1-6] ", line) for card in _played(line)}
    return set(g.hands[seat]) - public


def _played(line: str) -> list[Card]:
    action = parse_action(line)
    if isinstance(action, Lay):
        return list(action.cards)
    return [action.card] if isinstance(action, Hit | Discard) else []


# ---------------------------------------------------------------------------------------------- the bots' reasons


def test_bot_text_is_escaped_and_kept_back_during_the_hand() -> None:
    class Loud:
        def __init__(self) -> None:
            self.bot = SmartBot(seed=1)

        def choose(self, view: PlayerView) -> Action:
            return self.bot.choose(view)

        def explain(self) -> str:
            # No card named: teaching mode shows only reasons naming public cards (tests/test_hidden_information.py).
            return "<script>alert(1)</script> I keep what helps my phase"

    t = make(players=2, seed=9, bots=[Loud()])
    autopilot(t, seed=9, limit=6)
    assert "I keep" not in t.log_area.value and "script" not in t.log_area.value
    t.teaching_choice.value = True
    assert "<script>" not in t.log_area.value and "&lt;script&gt;" in t.log_area.value


# ---------------------------------------------------------------------------------------------- the synced state


@pytest.mark.parametrize("seed", range(12))
def test_no_synced_trait_holds_what_the_human_may_not_see(seed: int) -> None:
    players = 2 + seed % 5
    t = make(players=players, seed=seed, bots=["random", "greedy", "smart"][seed % 3])
    assert_nothing_hidden_synced(t)
    t.buttons["hint"].click()
    autopilot(t, seed, limit=4 + seed)
    t.buttons["hint"].click()
    assert_nothing_hidden_synced(t)


@pytest.mark.parametrize("seed", range(6))
def test_synced_state_does_not_depend_on_hidden_cards(seed: int) -> None:
    """Redealing the opponents' hands and the draw pile among themselves changes nothing the browser holds."""
    t = make(players=3 + seed % 3, seed=seed)
    autopilot(t, seed, limit=3 + 2 * seed)
    if t.game.is_over():
        return
    t.hint()
    t._refresh()
    before = synced_text(t, model_ids=True)
    redeal_unseen(t, random.Random(seed), t.human)
    t.hint()
    t._refresh()
    assert synced_text(t, model_ids=True) == before


# ---------------------------------------------------------------------------------------------- hot-seat


def test_hot_seat_syncs_no_humans_cards_behind_the_cover() -> None:
    t = make(players=4, seed=12, bots="greedy", humans=2)
    covers = 0
    bot = SmartBot(seed=3)
    for _ in range(300):
        state = t.session.state
        if state == "cover":
            covers += 1
            text = synced_text(t, model_ids=True)
            assert t.hand.cards == [] and t.cover.layout.display != "none"
            assert t.reminder.value == "" and t.mine.value == ""
            secret = _private_kinds(t, 0) | _private_kinds(t, 1)
            assert secret, "the humans hold cards nothing public shows"
            for card in secret:
                assert not card_in_text(card).search(text), f"{card} is synced behind the cover"
            t.show_button.click()
            assert t.viewer is not None
            assert sorted(t.hand.cards) == sorted(str(c) for c in t.game.hands[t.viewer])
            if covers >= 4:
                return
        elif state == "summary":
            t.next_button.click()
        elif state == "human":
            play_with_buttons(t, bot.choose(t.game.view(t.game.current_player)))
            assert t.status.tone != "problem", t.status.text
        else:
            raise AssertionError(f"unexpected state {state}")
    pytest.fail("fewer than four cover screens")
