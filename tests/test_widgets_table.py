"""The playable table driven from Python: the DOM contract, the controls of each moment, whole games, take-backs,
hints, laying down and hitting (refusals: ``test_widgets_table_refusals.py``; hidden cards: ``..._hidden.py``)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import re
from collections import Counter
from html import escape

import pytest

from phase10kit.actions import Action, Discard, Draw, Hit, Lay, Take, group_notation, seat_notation
from phase10kit.bots import SmartBot
from phase10kit.cards import Card
from phase10kit.errors import Reason
from phase10kit.hints import hint
from phase10kit.rules import Rules
from phase10kit.solver import find_layout
from tests.helpers import autopilot, play_with_buttons, select
from tests.helpers import instant_table as make
from widgets._safety import describe_error
from widgets.table import BUTTONS, Table

LABELS = ["Draw", "Take discard", "Lay down", "Hit", "Discard", "Hint", "Undo", "New game"]


# ---------------------------------------------------------------------------------------------- the DOM contract


def test_dom_contract_classes_buttons_and_labels() -> None:
    t = make(players=4, seed=5, bots="greedy")
    assert "p10-table" in t._dom_classes
    assert "p10-hand" in t.hand._dom_classes
    assert sum("p10-opponent" in w._dom_classes for w in t.opponents_box.children) == 3
    assert "p10-status" in t.status._dom_classes and "p10-log" in t.log_area._dom_classes
    assert [t.buttons[key].description for key in BUTTONS] == LABELS
    assert all(f"p10-btn-{key}" in t.buttons[key]._dom_classes for key in BUTTONS)
    assert t.hand.cards == [str(c) for c in t.game.hands[0]]
    # Each card's name: what its face shows, then its notation ("7 red (R7)"; a Wild's letter is its notation).
    named = zip(t.hand.labels, t.hand.cards, strict=True)
    assert all(label.endswith(f"({card})") or label.startswith(f"{card}:") for label, card in named)
    # Every player's phase, score and card count are written out (colour is never the only signal).
    for seat, widget in t.opponent_views.items():
        assert seat_notation(seat) in widget.value and "Phase 1" in widget.value
        assert f"{t.game.view(0).hand_sizes[seat]} cards in hand" in widget.value
    assert "Phase 1" in t.mine.value and "points" in t.mine.value


def test_buttons_follow_the_engines_legal_actions_and_the_selection() -> None:
    t = make(players=3, seed=11)
    view = t.game.view(0)
    assert view.my_turn and view.stage == "draw"
    assert t.buttons["draw"].disabled is (Draw(0) not in view.legal)
    assert t.buttons["take"].disabled is (Take(0) not in view.legal)
    assert t.buttons["discard"].disabled and t.buttons["lay"].disabled and t.buttons["hit"].disabled
    assert t.buttons["undo"].disabled, "nothing of the human's to undo at the start"
    t.buttons["draw"].click()
    assert t.buttons["draw"].disabled and len(t.hand.cards) == 11 and t.log_entries[-1].startswith("You draw ")
    # Discard waits for the one card to discard, and says so.
    assert t.buttons["discard"].disabled and "Select the one card to discard" in t.buttons["discard"].tooltip
    select(t, [t.hand.hand[0]])
    assert not t.buttons["discard"].disabled and t.buttons["discard"].tooltip == "Discard"


def test_only_the_controls_of_the_moment_are_shown_and_disabled_ones_say_why() -> None:
    t = make(players=3, seed=11)
    shown = {key for key, button in t.buttons.items() if button.layout.display != "none"}
    assert shown == {"draw", "take", "hint", "undo", "new"}, "the draw stage shows draw, take and the tools"
    assert all(menu.layout.display == "none" for menu in t.choices.children), "no menu applies before drawing"
    assert "Undo: There is nothing of yours to take back this turn" in t.buttons["undo"].tooltip or (
        t.buttons["undo"].tooltip.startswith("Undo: ")
    )
    assert "Undo:" in t.why.value
    t.buttons["draw"].click()
    shown = {key for key, button in t.buttons.items() if button.layout.display != "none"}
    assert {"lay", "discard"} <= shown and not {"draw", "take"} & shown
    assert t.buttons["lay"].disabled == (t.layout_choice.layout.display == "none")
    if t.buttons["lay"].disabled:
        assert t.buttons["lay"].tooltip.startswith("Lay down: ") and "Lay down:" in t.why.value


def test_a_skip_selected_shows_the_skip_menu_with_the_engines_targets() -> None:
    for seed in range(200):
        t = make(players=3, seed=seed, bots="greedy")
        if t.session.state != "human" or not any(card.is_skip for card in t.game.hands[0]):
            continue
        t.buttons["draw"].click()
        assert t.skip_target.layout.display == "none"
        select(t, [Card.parse("S")])
        targets = {a.target for a in t.game.view(0).legal if isinstance(a, Discard) and a.card.is_skip}
        if targets == {None}:
            continue
        assert t.skip_target.layout.display != "none" and t.choices.layout.display != "none"
        assert {v for _, v in t.skip_target.options} - {None} == targets - {None}
        return
    pytest.fail("no seed below 200 gives the human a Skip to aim")


def test_other_language_keeps_the_stable_classes() -> None:
    t = make(players=2, seed=1, lang="es")
    assert all(f"p10-btn-{key}" in t.buttons[key]._dom_classes for key in BUTTONS)


# ---------------------------------------------------------------------------------------------- whole games


def test_human_lays_down_hits_goes_out_and_the_summary_waits_for_next_hand() -> None:
    """Seeds are searched until the human (played through the buttons) lays, hits and goes out in one hand."""
    for seed in range(40):
        t = make(players=2, seed=seed, bots="random")
        bot = SmartBot(seed=seed)
        laid = hit = False
        while not t.game.is_over():
            if t.session.state == "summary":
                t.next_button.click()
                laid = hit = False
                continue
            hand_number = t.game.round
            action = bot.choose(t.game.view(t.human))
            play_with_buttons(t, action)
            assert t.errors.text == "" and t.status.tone != "problem", (t.errors.text, t.status.text)
            laid |= isinstance(action, Lay)
            hit |= isinstance(action, Hit)
            if t.game.round == hand_number and not t.game.is_over():
                continue
            heading = f"Round {hand_number} is over: p1 (you) went out."
            if laid and hit and heading in t.log_entries and not t.game.is_over():
                assert t.session.state == "summary" and t.next_button.layout.display != "none"
                assert heading in t.scoring.value and "Points this round" in t.scoring.value
                summary = t.session.summary
                assert summary is not None and summary.went_out == 0 and summary.results[0].left == ()
                left = summary.results[1].left
                assert summary.results[1].points == sum(card.points for card in left)
                assert all(f"{card} ({card.points})" in t.scoring.value for card in left), "points by card"
                assert f"<td>{t.game.scores[1]}</td>" in t.scoring.value
                # Nothing else happens until Next round: no bot moves, the board waits, the buttons are hidden.
                log_before = list(t.log_entries)
                assert t.hand_box.layout.display == "none"
                assert all(b.layout.display == "none" for k, b in t.buttons.items() if k != "new")
                t.buttons["draw"].click()
                assert t.status.tone == "problem" and t.log_entries == log_before
                assert "press Next round" in t.status.text
                t.next_button.click()
                assert t.session.summary is None and t.hand_box.layout.display != "none"
                assert "Round 1" in t.score_sheet.value and f"+{summary.results[1].points}" in t.score_sheet.value
                return
            laid = hit = False
    pytest.fail("no seed in 0..39 where the human lays down, hits and goes out in one hand")


def test_a_whole_game_through_the_buttons_ends_with_the_winner_and_final_scores() -> None:
    t = make(players=2, seed=3, bots="greedy", rules=Rules(phases=Rules().phases[:2]))
    actions = autopilot(t, seed=3)
    assert t.game.is_over() and actions
    winner = t.game.winner
    assert winner is not None
    name = "p1 (you)" if winner == 0 else seat_notation(winner)
    assert f"{name} won" in t.status.text and t.status.tone == "ok"
    assert "The game is over" in t.scoring.value and str(t.game.scores[winner]) in t.scoring.value
    assert all(t.buttons[key].disabled for key in ("draw", "take", "lay", "hit", "discard", "hint"))
    assert not t.buttons["new"].disabled


@pytest.mark.parametrize("players", [2, 6])
def test_bots_say_what_they_did_and_their_reasons_only_after_the_hand(players: int) -> None:
    t = make(players=players, seed=21, bots="smart")
    autopilot(t, seed=21, limit=30)
    hand = t.game.round
    bot_lines = [e for e in t.log_entries if re.match(r"p[2-6] ", e)]
    assert bot_lines and all(e.endswith(".") for e in bot_lines)
    current = [entry for entry in t.session.log if entry.hand == hand and entry.player in t.bots]
    assert current and all(entry.reasoning for entry in current), "the session keeps the bots' reasons"
    shown = [t.session.log_line(entry) for entry in current]
    assert all(len(line.split(". ", 1)) == 1 for line in shown), "during the hand: only what they did"
    assert t.log_entries[-1] in t.log_area.value or t.log_entries[-1].replace("'", "&#x27;") in t.log_area.value
    # Teaching mode shows the reasons at once.
    t.teaching_choice.value = True
    shown = [t.session.log_line(entry) for entry in current]
    assert all(entry.reasoning in line for entry, line in zip(current, shown, strict=True))
    finished = [entry for entry in t.session.log if entry.hand < hand and entry.player in t.bots]
    t.teaching_choice.value = False
    assert all(entry.reasoning in t.session.log_line(entry) for entry in finished), "after the hand: the reasons"


@pytest.mark.parametrize("lang", ["en", "hr", "ko"])
def test_teaching_mode_says_on_screen_that_it_opens_the_bots_hands(lang: str) -> None:
    from phase10kit.i18n import translator
    from widgets.table_settings import TEACHING_NOTE

    t = make(players=3, seed=4, lang=lang)
    note = t.setting_menus.teaching_note
    assert note.value == "" and note.layout.display == "none" and note in t.sidebar.children
    t.teaching_choice.value = True
    sentence = translator(lang).gettext(TEACHING_NOTE)
    assert (lang == "en" or sentence != TEACHING_NOTE) and escape(sentence) in note.value
    assert note.layout.display == "block"
    t.set_lang("es" if lang != "es" else "en")
    assert escape(translator(t.lang).gettext(TEACHING_NOTE)) in note.value
    t.teaching_choice.value = False
    assert note.value == "" and note.layout.display == "none"


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


# ---------------------------------------------------------------------------------------------- undo, new game, hint


def test_undo_refuses_after_a_draw_from_the_pile_and_after_other_players_moves() -> None:
    t = make(players=3, seed=8)
    assert t.buttons["undo"].disabled and t.buttons["undo"].tooltip.startswith("Undo: ")
    t.buttons["draw"].click()
    after_draw = t.game.to_json()
    reason = t.session.take_back_refusal()
    assert reason is not None and reason.reason == Reason.TAKE_BACK_DRAW
    assert t.buttons["undo"].disabled and describe_error(reason) in t.buttons["undo"].tooltip
    t.buttons["undo"].click()
    assert t.status.tone == "problem" and t.status.text == describe_error(reason)
    assert t.game.to_json() == after_draw, "a refused take-back changes nothing"
    select(t, [next(c for c in t.hand.hand if not c.is_skip)])
    t.buttons["discard"].click()
    assert t.game.current_player == 0 and any(e.startswith("p2 ") for e in t.log_entries)
    reason = t.session.take_back_refusal()
    assert reason is not None and reason.reason in (Reason.TAKE_BACK_OTHERS, Reason.NO_TAKE_BACK)
    before = t.game.to_json()
    t.buttons["undo"].click()
    assert t.status.tone == "problem" and t.game.to_json() == before


def test_undo_takes_back_a_taken_discard_and_says_so() -> None:
    for seed in range(60):
        t = make(players=2, seed=seed, bots="greedy")
        if t.buttons["take"].disabled:
            continue
        start, log = t.game.to_json(), list(t.log_entries)
        top = t.game.discard_pile[-1]
        t.buttons["take"].click()
        assert not t.buttons["undo"].disabled and t.buttons["undo"].tooltip == "Undo"
        t.buttons["undo"].click()
        assert t.status.tone != "problem" and t.game.discard_pile[-1] == top
        assert t.game.to_json() == start, "the take is taken back exactly"
        assert t.log_entries == [*log, "You took back your last move."]
        assert t.buttons["undo"].disabled
        return
    pytest.fail("no seed lets the human take the first discard")


def test_new_game_deals_again_reproducibly() -> None:
    a, b = make(players=3, seed=6), make(players=3, seed=6)
    first = a.game.to_json()
    a.buttons["new"].click()
    b.buttons["new"].click()
    assert a.game.to_json() != first and a.game.to_json() == b.game.to_json()
    assert a.log_entries[0].startswith("A new game") and a.scoring.value == ""


def test_hint_shows_the_rules_packages_hint_with_outs_and_odds() -> None:
    t = make(players=2, seed=12)
    t.buttons["hint"].click()
    advice = hint(t.game.view(0), "en")
    assert escape(advice.title) in t.hint_area.value and advice.lines
    assert all(escape(line) in t.hint_area.value for line in advice.lines)
    assert "Chance of holding it after 1, 2, 3 more draws" in t.hint_area.value


def test_a_burst_of_hint_clicks_computes_one_hint_per_position(monkeypatch: pytest.MonkeyPatch) -> None:
    import widgets.table as table_module

    made: list[int] = []
    real = table_module.hint_html

    def counted(view: object, lang: str) -> str:
        made.append(1)
        return real(view, lang)  # type: ignore[arg-type]

    monkeypatch.setattr(table_module, "hint_html", counted)
    t = make(players=2, seed=12)
    for _ in range(200):
        t.buttons["hint"].click()
    assert len(made) == 1
    t.buttons["draw"].click()  # a new position: a new hint
    t.buttons["hint"].click()
    t.set_lang("hr")
    t.buttons["hint"].click()
    assert len(made) == 3 and escape(hint(t.game.view(0), "hr").title) in t.hint_area.value


# ---------------------------------------------------------------------------------------------- laying down and hitting


def test_lay_down_with_nothing_selected_lays_the_suggested_layout() -> None:
    for seed in range(60):
        t = make(players=2, seed=seed, bots="greedy")

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


def test_a_hand_without_the_phase_is_explained_whatever_is_selected() -> None:
    t = make(players=2, seed=30)
    t.buttons["draw"].click()
    select(t, list(t.hand.hand[:2]))
    assert t.layout_choice.options == () and t.layout_choice.disabled
    assert t.layout_choice.layout.display == "none"
    t.buttons["lay"].click()
    assert t.status.tone == "problem"
    assert "Your hand does not hold the phase yet. You need 1 more card" in t.status.text
    assert t.buttons["lay"].tooltip.startswith("Lay down: Your hand does not hold the phase yet.")


def test_lay_down_with_one_card_selected_offers_the_layout_that_uses_it() -> None:
    """The issue's case: one card selected while the hand holds the phase offers the layout found, not a refusal."""
    for seed in range(60):
        t = make(players=2, seed=seed, bots="greedy")

        def can_lay(table: Table, action: Action) -> bool:
            return any(isinstance(a, Lay) for a in table.game.view(table.human).legal)

        autopilot(t, seed, until=can_lay, limit=200)
        if t.game.is_over() or not any(isinstance(a, Lay) for a in t.game.view(0).legal):
            continue
        suggested = t.layout_choice.value
        assert isinstance(suggested, Lay)
        select(t, [suggested.cards[0]])
        offered = [value for _, value in t.layout_choice.options]
        assert offered and all(suggested.cards[0] in lay.cards for lay in offered)
        assert not t.buttons["lay"].disabled
        t.buttons["lay"].click()
        assert t.status.tone != "problem" and t.game.melds[0] == list(offered[0].groups)
        return
    pytest.fail("no seed where the human can lay down")


def test_a_selected_card_that_fits_offers_a_button_for_each_group_it_fits() -> None:
    for seed in range(40):
        t = make(players=2, seed=seed, bots="greedy")

        def can_hit(table: Table, action: Action) -> bool:
            return bool(table.game.view(table.human).hits()) and table.game.view(table.human).stage == "play"

        autopilot(t, seed, until=can_hit, limit=400)
        view = t.game.view(0)
        if t.game.is_over() or not view.hits():
            continue
        hit = view.hits()[0]
        select(t, [hit.card])
        same_card = [h for h in view.hits() if h.card == hit.card]
        labels = [b.description for b in t.hit_options.children]
        assert len(labels) == len(same_card) and all(lab.startswith(f"Add {hit.card} to p") for lab in labels)
        assert t.hit_options.layout.display != "none"
        before = len(t.game.melds[hit.target][hit.group].cards)
        button = t.hit_options.children[[str(h) for h in same_card].index(str(hit))]
        button.click()
        assert t.status.tone != "problem", t.status.text
        assert len(t.game.melds[hit.target][hit.group].cards) == before + 1
        return
    pytest.fail("no seed lets the human hit")


def test_clicking_a_laid_group_the_selected_card_fits_plays_the_hit() -> None:
    for seed in range(40):
        t = make(players=2, seed=seed, bots="greedy")

        def can_hit(table: Table, action: Action) -> bool:
            view = table.game.view(table.human)
            return view.stage == "play" and any(
                len([h for h in view.hits() if (h.target, h.group, h.card) == (x.target, x.group, x.card)]) == 1
                for x in view.hits()
            )

        autopilot(t, seed, until=can_hit, limit=400)
        view = t.game.view(0)
        if t.game.is_over() or not view.hits():
            continue
        hit = next(
            x
            for x in view.hits()
            if len([h for h in view.hits() if (h.target, h.group, h.card) == (x.target, x.group, x.card)]) == 1
        )
        groups = t.my_groups if hit.target == 0 else t.seat_groups[hit.target]
        key = group_notation(hit.target, hit.group)
        assert not any(item["target"] for item in groups.items), "no target before a card is selected"
        groups._picked(groups, {"pick": key}, [])  # what a click sends: refused, nothing happens
        assert t.game.melds[hit.target][hit.group] == view.melds[hit.target][hit.group]
        select(t, [hit.card])
        assert key in [item["key"] for item in groups.items if item["target"]]
        for forged in ({"pick": "p9.9"}, {"pick": ["x"]}, {"pick": key, "extra": 1}, "p1.1"):
            groups._picked(groups, forged, [])
        assert len(t.game.melds[hit.target][hit.group].cards) == len(view.melds[hit.target][hit.group].cards)
        groups._picked(groups, {"pick": key}, [])
        assert t.status.tone != "problem", t.status.text
        assert len(t.game.melds[hit.target][hit.group].cards) == len(view.melds[hit.target][hit.group].cards) + 1
        return
    pytest.fail("no seed lets the human hit")
