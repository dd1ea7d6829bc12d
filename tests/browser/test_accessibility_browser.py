"""Accessibility in Chromium: axe-core's WCAG 2.1 A/AA rules on the table at every stage of a hand and on the deck,
and a whole hand played with the keyboard alone.

axe-core (``tests/browser/axe.py``) fails a test on any serious or critical violation, quoting the rule, its impact
and the elements. The table is served as the other table tests serve it (the session's Voila, ``voila_url``) and
mirrored (``pages.mirror_table``): the test knows which card to play and when the hand ends.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import expect

from phase10kit.actions import Hit, group_notation
from phase10kit.cards import Card
from tests.browser.axe import assert_accessible
from tests.browser.pages import (
    DISCARD_BUTTON,
    DRAW_BUTTON,
    HAND_CARD,
    LAY_BUTTON,
    LOG_LINE,
    TABLE,
    WAIT,
    Outside,
    card_in_hand,
    expect_hand,
    mirror_hand,
    mirror_table,
    open_mirrored,
    select_in_mirror,
    select_in_page,
)
from tests.browser.test_deck_browser import SHOWN, open_deck, slide_cells  # deck_url: the fixture
from tests.helpers import first_seed
from widgets.table import Table

SUMMARY = ".p10-summary"
NEXT_HAND = ".p10-btn-next-hand"
PRESENT = ".reveal .slides > section.present"
SPEED = ".p10-speed select"
# Key presses the keyboard helper may spend reaching one control: the table has about 45 stops.
MAX_TABS = 120
# s: the whole hand by keyboard (about 20 s here); past it the test stops rather than run on.
KEYBOARD_BUDGET_S = 240


def _costliest(table: Table) -> Card:
    """The card the plans discard: the numbered card worth most (a Skip or Wild only when nothing else is left)."""
    hand = table.game.hands[table.human]
    numbered = [card for card in hand if not card.is_skip and not card.is_wild]
    return max(numbered or hand, key=lambda c: (c.points, str(c)))


def _a_hit(table: Table) -> tuple[str, str] | None:
    """A hit the human can play now with one click on a laid group: (card, group key), the first in notation order.

    A card that fits a group in two ways (a run's two ends) is left out: a click there asks for the end.
    """
    hits = [a for a in table.game.view(table.human).legal if isinstance(a, Hit)]
    ways = Counter((str(h.card), group_notation(h.target, h.group)) for h in hits)
    once = sorted(pick for pick, count in ways.items() if count == 1)
    return once[0] if once else None


def _hit_in_mirror(table: Table, card: str, key: str) -> None:
    """Play the hit of ``card`` on group ``key`` at the mirror as the page does: select the card, click the group."""
    select_in_mirror(table, card)
    views = [table.seat_areas.my_groups, *table.seat_areas.seat_groups.values()]
    view = next(v for v in views if any(item["key"] == key and item["target"] for item in v.items))
    view.on_pick(key)


def _plan(seed: int, turns: int) -> list[tuple[str, str, str]] | None:
    """The human's moves from the deal to the end of hand 1 (2 players, greedy bot), if it ends within ``turns``
    turns and the human lays down and hits on the way: draw, lay the suggested phase when the hand holds it, hit
    while a card fits a laid group, discard the costliest card (never a Skip: its target menu is another test's).
    Each move is (action, card, group key). None for a seed that does not do all that."""
    mirror = mirror_table(f"seed={seed}&players=2&bots=greedy")
    steps: list[tuple[str, str, str]] = []
    for _ in range(turns):
        if mirror.session.state == "summary":
            break
        if mirror.session.state != "human" or mirror.game.round != 1:
            return None
        mirror.draw()
        steps.append(("draw", "", ""))
        if not mirror.buttons["lay"].disabled:
            mirror.lay_down()
            steps.append(("lay", "", ""))
        while mirror.session.state == "human" and (hit := _a_hit(mirror)) is not None:
            _hit_in_mirror(mirror, *hit)
            steps.append(("hit", *hit))
        if mirror.session.state == "summary":
            break
        card = _costliest(mirror)
        if card.is_skip:
            return None
        select_in_mirror(mirror, str(card))
        mirror.discard()
        steps.append(("discard", str(card), ""))
    if mirror.session.state != "summary" or not {"lay", "hit"} <= {action for action, *_ in steps}:
        return None
    return steps


def _short_hand(turns: int) -> tuple[str, list[tuple[str, str, str]]]:
    """The URL values and the plan of the first seed whose hand 1 ends within ``turns`` turns with a lay-down and
    a hit."""
    seed, plan = first_seed(lambda seed: _plan(seed, turns), 200, f"ends hand 1 within {turns} turns, laying, hitting")
    return f"seed={seed}&players=2&bots=greedy", plan


def group_target(key: str) -> str:
    """The selector of laid group ``key``'s button (``"p1.1"``), there while the selected card fits it."""
    return f'.p10-group-target[aria-label^="{key} "]'


def _mirror_discard(mirror: Table, card: str) -> None:
    select_in_mirror(mirror, card)
    mirror.discard()


def _after_move(page: Any, mirror: Table) -> None:
    """Wait until the page shows the mirror's newest log line and, on the human's turn, the mirror's hand."""
    expect(page.locator(LOG_LINE).first).to_have_text(mirror.log_entries[-1], timeout=WAIT)
    if mirror.session.state == "human":
        expect_hand(page, mirror_hand(mirror))


# ---------------------------------------------------------------------------------------------- axe on the table


@pytest.mark.browser
def test_axe_finds_nothing_serious_at_any_stage_of_a_hand(voila_url: str, local_page: Any) -> None:
    query, plan = _short_hand(8)
    page = local_page
    mirror = open_mirrored(page, voila_url, query, viewport=(1280, 800))
    page.locator(SPEED).select_option(label="instant")
    expect(page.locator(DRAW_BUTTON)).to_be_enabled(timeout=WAIT)
    assert_accessible(page, "at the start of the human's turn")
    checked: set[str] = set()
    for action, card, key in plan:
        if action == "draw":
            expect(page.locator(DRAW_BUTTON)).to_be_enabled(timeout=WAIT)
            page.locator(DRAW_BUTTON).click()
            mirror.draw()
            _after_move(page, mirror)
            if "drawn" not in checked:
                checked.add("drawn")
                assert_accessible(page, "after drawing")
        elif action == "lay":
            expect(page.locator(LAY_BUTTON)).to_be_enabled(timeout=WAIT)
            page.locator(LAY_BUTTON).click()
            mirror.lay_down()
            _after_move(page, mirror)
            expect(page.locator(".p10-me .p10-laid").first).to_be_visible(timeout=WAIT)
            if "laid" not in checked:
                checked.add("laid")
                assert_accessible(page, "after laying the phase down")
        elif action == "hit":
            select_in_page(page, card)
            target = page.locator(group_target(key))
            expect(target).to_be_visible(timeout=WAIT)
            if "hit target" not in checked:
                # The laid groups the selected card fits are buttons now.
                checked.add("hit target")
                assert_accessible(page, "with a card selected that fits a laid group")
            target.click()
            _hit_in_mirror(mirror, card, key)
            _after_move(page, mirror)
        else:
            select_in_page(page, card)
            if "selected" not in checked:
                # Two cards selected: the hand's marks and the buttons that now apply.
                other = next(c for c in mirror_hand(mirror) if c != card)
                select_in_page(page, other)
                assert_accessible(page, "with two cards selected")
                checked.add("selected")
                page.locator(card_in_hand(other)).first.click()
                expect(page.locator(card_in_hand(other)).first).to_have_attribute("aria-pressed", "false")
            expect(page.locator(DISCARD_BUTTON)).to_be_enabled(timeout=WAIT)
            page.locator(DISCARD_BUTTON).click()
            _mirror_discard(mirror, card)
            _after_move(page, mirror)
    assert mirror.session.state == "summary"
    expect(page.locator(SUMMARY)).to_be_visible(timeout=WAIT)
    expect(page.locator(NEXT_HAND)).to_be_visible(timeout=WAIT)
    assert_accessible(page, "at the end-of-hand summary")
    assert checked == {"drawn", "selected", "laid", "hit target"}


# ---------------------------------------------------------------------------------------------- axe on the deck


@pytest.mark.browser
def test_axe_finds_nothing_serious_on_any_slide_of_the_deck(browser: Any, deck_url: str) -> None:
    outside = Outside()
    page = open_deck(browser, deck_url, outside)
    number = page.locator(".reveal .slide-number")
    for index in range(1, 200):
        # Every fragment of the slide shown first, as a presenter's clicker shows them.
        while hidden := page.locator(f"{PRESENT} .fragment:not(.visible)").count():
            page.keyboard.press("ArrowRight")
            page.wait_for_function(SHOWN, arg=hidden)
        assert_accessible(page, f"on the deck's slide {index}")
        done, total = str(number.inner_text()).replace(" ", "").split("/")
        if done == total:
            break
        page.keyboard.press("ArrowRight")
        expect(number).to_have_text(re.compile(rf"^\s*{index + 1}\s*/"))
    assert index == slide_cells()
    assert outside.urls == []
    page.close()


# ---------------------------------------------------------------------------------------------- the keyboard alone


def _focused_matches(page: Any, selector: str) -> bool:
    return bool(page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector))


def tab_to(page: Any, selector: str) -> None:
    """Move the focus to the first element matching ``selector`` with Tab (Shift+Tab when it stands before the
    focus), as a keyboard user does: no click, no script moving the focus."""
    target = page.locator(selector).first
    expect(target).to_be_visible(timeout=WAIT)
    expect(target).to_be_enabled(timeout=WAIT)
    for _ in range(MAX_TABS):
        if _focused_matches(page, selector):
            return
        before = target.evaluate(
            "(t) => { const f = document.activeElement; return !!f && f !== document.body &&"
            " !!(t.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING); }"
        )
        page.keyboard.press("Shift+Tab" if before else "Tab")
    raise AssertionError(f"{selector} cannot be reached with Tab and Shift+Tab ({MAX_TABS} presses)")


def press_on(page: Any, selector: str, key: str = "Enter") -> None:
    """Reach ``selector`` with the keyboard and press ``key`` there."""
    tab_to(page, selector)
    page.keyboard.press(key)


@pytest.mark.browser
def test_a_whole_hand_played_with_the_keyboard_alone(voila_url: str, local_page: Any) -> None:
    query, plan = _short_hand(8)
    page = local_page
    mirror = open_mirrored(page, voila_url, query, viewport=(1280, 800))
    # The speed menu, by keyboard: Home picks its first choice, "instant" (the mirror's bots are instant too).
    tab_to(page, SPEED)
    page.keyboard.press("Home")
    expect(page.locator(f"{SPEED} option:checked")).to_have_text("instant", timeout=WAIT)
    deadline = time.monotonic() + KEYBOARD_BUDGET_S
    for action, card, key in plan:
        assert time.monotonic() < deadline, f"the hand took over {KEYBOARD_BUDGET_S} s by keyboard"
        if action == "draw":
            press_on(page, DRAW_BUTTON)
            mirror.draw()
            expect(page.locator(HAND_CARD)).to_have_count(len(mirror.game.hands[mirror.human]), timeout=WAIT)
        elif action == "lay":
            press_on(page, LAY_BUTTON)
            mirror.lay_down()
        else:
            # Space toggles a card (it is a button); the hand keeps the focus on it while it redraws.
            press_on(page, card_in_hand(card), "Space")
            expect(page.locator(card_in_hand(card)).first).to_have_attribute("aria-pressed", "true", timeout=WAIT)
            assert _focused_matches(page, card_in_hand(card)), "the focus left the card it selected"
            if action == "hit":
                press_on(page, group_target(key))
                _hit_in_mirror(mirror, card, key)
            else:
                press_on(page, DISCARD_BUTTON)
                _mirror_discard(mirror, card)
        _after_move(page, mirror)
    assert mirror.session.state == "summary"
    summary = mirror.session.summary
    assert summary is not None
    box = page.locator(SUMMARY)
    expect(box).to_be_visible(timeout=WAIT)
    expect(box).to_contain_text(f"Round 1 is over: {'p1 (you)' if summary.went_out == 0 else 'p2'} went out.")
    # And on to the next hand, by keyboard too.
    press_on(page, NEXT_HAND)
    mirror.next_hand()
    expect(box).to_be_hidden(timeout=WAIT)
    expect(page.locator(f"{TABLE} {HAND_CARD}").first).to_be_visible(timeout=WAIT)
    expect_hand(page, mirror_hand(mirror))
