"""The table as a card table, in Voila and Chromium: paced bots, the log in view, the end-of-hand summary,
take-backs that reveal nothing, hot-seat cover screens, and no request leaving the machine.

As in ``test_table_browser.py``, a ``Table`` built here from the same URL (a "mirror", its bots instant)
deals the same game as the page, so the test knows every card and what the page must show.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from phase10kit.actions import Take
from phase10kit.cards import Card
from tests.browser.pages import (
    CARD,
    DISCARD_BUTTON,
    DRAW_BUTTON,
    ERROR_AREA,
    ERROR_MARKER,
    HAND_CARD,
    LAY_BUTTON,
    LOG,
    LOG_LINE,
    PHASE_REMINDER_CLASS,
    WAIT,
    KernelMessage,
    Outside,
    expect_hand,
    mirror_hand,
    mirror_table,
    open_mirrored,
    open_play_page,
    public_kinds,
    select_in_mirror,
    select_in_page,
    sent_text,
    table_text,
    widget_states,
)
from tests.helpers import first_seed
from widgets._safety import describe_error
from widgets.table import Table

# The turn banner is on the page before any hand: hot-seat tables open behind a cover screen.
TURN_STATUS = ".p10-table .p10-turn [role=status]"


def _instant(page: Any) -> None:
    """Choose "instant" in the table's speed menu (the mirror's bots are instant too)."""
    page.locator(".p10-speed select").select_option(label="instant")
    expect(page.locator(".p10-speed select option:checked")).to_have_text("instant")


def _newest_log_line(page: Any) -> Any:
    return page.locator(LOG_LINE).first


def _costliest(table: Table, seat: int = 0) -> Card:
    """The card a simple policy discards: the numbered card worth most (a Skip when nothing else is left)."""
    hand = table.game.hands[seat]
    numbered = [card for card in hand if not card.is_skip and not card.is_wild]
    return max(numbered or hand, key=lambda c: (c.points, str(c)))


def _mirror_discard(table: Table, card: Card) -> None:
    select_in_mirror(table, str(card))
    if card.is_skip:
        targets = sorted({a.target for a in table.game.view(0).discards() if a.card == card} - {None})
        if targets:
            table.skip_target.value = targets[0]
    table.discard()


# ---------------------------------------------------------------------------------------------- pacing


@pytest.mark.browser
def test_bots_moves_arrive_one_by_one_at_the_default_pace_with_the_seat_highlighted(
    voila_url: str, local_page: Any
) -> None:
    query = "seed=13&players=4&bots=greedy"
    page = local_page
    mirror = open_mirrored(page, voila_url, query, ready=TURN_STATUS, viewport=(1280, 800))
    expect(page.locator(".p10-speed select option:checked")).to_have_text("0.8 s per move")
    expect(page.locator(".p10-turn .p10-turn-yours")).to_contain_text("Your turn")
    page.locator(DRAW_BUTTON).click()
    mirror.draw()
    expect(_newest_log_line(page)).to_have_text(mirror.log_entries[-1], timeout=WAIT)
    card = _costliest(mirror)
    before = len(mirror.log_entries)
    # Every change of the log from now on is recorded in the page, in order.
    page.evaluate(
        """() => { window.p10Counts = []; const log = document.querySelector('.p10-log');
           new MutationObserver(() => window.p10Counts.push(log.querySelectorAll('li').length))
             .observe(log, {childList: true, subtree: true, characterData: true}); }"""
    )
    select_in_page(page, str(card))
    page.locator(DISCARD_BUTTON).click()
    _mirror_discard(mirror, card)
    # While the bots play, the banner and the seat box say who is playing.
    expect(page.locator(".p10-turn .p10-turn-others")).to_be_visible(timeout=WAIT)
    expect(page.locator(".p10-opponent .p10-acting")).to_have_count(1)
    expect(page.locator(LOG_LINE)).to_have_count(len(mirror.log_entries), timeout=WAIT)
    expect(page.locator(LOG_LINE)).to_have_text(list(reversed(mirror.log_entries)))
    expect(page.locator(".p10-turn .p10-turn-yours")).to_be_visible(timeout=WAIT)
    bot_moves = sum(1 for line in mirror.log_entries[before:] if line.startswith(("p2 ", "p3 ", "p4 ")))
    assert bot_moves >= 6, "three bots each draw and discard"
    # The log grew one line at a time: every length between the discard and the end was shown.
    shown = set(page.evaluate("window.p10Counts"))
    assert set(range(before + 1, len(mirror.log_entries) + 1)) <= shown, sorted(shown)
    expect(page.locator(ERROR_AREA)).to_have_text("")


# ---------------------------------------------------------------------------------------------- what is in view


@pytest.mark.browser
def test_the_log_and_the_score_sheet_are_in_view_at_1280_by_800(voila_url: str, local_page: Any) -> None:
    query = "seed=11&players=3&bots=greedy"
    page = local_page
    mirror = open_mirrored(page, voila_url, query, ready=TURN_STATUS, viewport=(1280, 800))
    _instant(page)
    page.locator(DRAW_BUTTON).click()
    mirror.draw()
    card = _costliest(mirror)
    select_in_page(page, str(card))
    page.locator(DISCARD_BUTTON).click()
    _mirror_discard(mirror, card)
    expect(_newest_log_line(page)).to_have_text(mirror.log_entries[-1], timeout=WAIT)
    assert page.evaluate("window.scrollY") == 0
    for selector in (LOG_LINE, ".p10-score-sheet table", DRAW_BUTTON, ".p10-turn [role=status]"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, (selector, box)
    hand = page.locator(HAND_CARD).last.bounding_box()
    assert hand is not None and hand["y"] + hand["height"] <= 800, "the whole hand is in view too"
    # The rules panel opens beside the table, in the table's language, with this table's options.
    page.locator(".p10-btn-rules").click()
    expect(page.locator(".p10-rules")).to_contain_text("The rules in short")
    expect(page.locator(".p10-rules")).to_contain_text("the player who discards it chooses")


# ---------------------------------------------------------------------------------------------- end of a hand


def _plan_to_the_end_of_a_hand(seed: int, turns: int = 30) -> list[tuple[str, str]] | None:
    """The human's clicks from the deal to the end of hand 1 with a simple policy, or None if it takes too long.

    Each turn: draw, lay the suggested phase down when the hand holds it, then discard the costliest card.
    """
    mirror = mirror_table(f"seed={seed}&players=2&bots=greedy")
    steps: list[tuple[str, str]] = []
    for _ in range(turns):
        if mirror.session.state == "summary":
            return steps
        if mirror.session.state != "human" or mirror.game.round != 1:
            return None
        mirror.draw()
        steps.append(("draw", ""))
        if not mirror.buttons["lay"].disabled:
            mirror.lay_down()
            steps.append(("lay", ""))
        if mirror.session.state == "summary":
            return steps
        card = _costliest(mirror)
        if card.is_skip:
            return None
        _mirror_discard(mirror, card)
        steps.append(("discard", str(card)))
    return None


@pytest.mark.browser
def test_the_end_of_hand_summary_waits_for_next_hand(voila_url: str, local_page: Any) -> None:
    seed, plan = first_seed(_plan_to_the_end_of_a_hand, 200, "ends hand 1 within 30 turns")
    query = f"seed={seed}&players=2&bots=greedy"
    page = local_page
    mirror = open_mirrored(page, voila_url, query, ready=TURN_STATUS, viewport=(1280, 800))
    _instant(page)
    for action, card in plan:
        if action == "draw":
            page.locator(DRAW_BUTTON).click()
            mirror.draw()
        elif action == "lay":
            expect(page.locator(LAY_BUTTON)).to_be_enabled()
            page.locator(LAY_BUTTON).click()
            mirror.lay_down()
        else:
            select_in_page(page, card)
            page.locator(DISCARD_BUTTON).click()
            _mirror_discard(mirror, Card.parse(card))
        expect(_newest_log_line(page)).to_have_text(mirror.log_entries[-1], timeout=WAIT)
        if mirror.session.state == "human":
            expect_hand(page, mirror_hand(mirror))
    summary = mirror.session.summary
    assert summary is not None and mirror.session.state == "summary"
    box = page.locator(".p10-summary")
    expect(box).to_be_visible(timeout=WAIT)
    expect(box).to_contain_text(f"Round 1 is over: {'p1 (you)' if summary.went_out == 0 else 'p2'} went out.")
    for result in summary.results:
        for card_left in result.left:
            expect(box).to_contain_text(f"{card_left} ({card_left.points})")
        expect(box.locator("tbody tr").nth(result.seat)).to_contain_text(str(result.total))
    expect(page.locator(".p10-btn-next-hand")).to_be_visible()
    # Nothing else happens meanwhile: the next hand's cards and buttons stay hidden, no bot moves.
    expect(page.locator(".p10-hand-box")).to_be_hidden()
    expect(page.locator(DRAW_BUTTON)).to_be_hidden()
    lines = page.locator(LOG_LINE).count()
    page.wait_for_timeout(2500)  # three paced moves' worth: nothing may arrive while the summary waits
    expect(page.locator(LOG_LINE)).to_have_count(lines)
    expect(box).to_be_visible()
    expect(page.locator(".p10-score-sheet tbody tr").first).to_contain_text("Round 1")
    page.locator(".p10-btn-next-hand").click()
    mirror.next_hand()
    expect(box).to_be_hidden(timeout=WAIT)
    expect(page.locator(HAND_CARD).first).to_be_visible(timeout=WAIT)
    expect(page.locator(LOG_LINE)).to_have_text(list(reversed(mirror.log_entries)), timeout=WAIT)
    expect_hand(page, mirror_hand(mirror))


# ---------------------------------------------------------------------------------------------- undo


def _p1_may_take(seed: int) -> Table | None:
    """The mirror table if the seed's 3-player deal lets p1 take the first discard."""
    mirror = mirror_table(f"seed={seed}&players=3&bots=greedy")
    return mirror if Take(0) in mirror.game.view(0).legal else None


@pytest.mark.browser
def test_undo_refuses_after_a_draw_and_after_other_players_moves(voila_url: str, local_page: Any) -> None:
    seed, _ = first_seed(_p1_may_take, 100, "lets p1 take the first discard")
    query = f"seed={seed}&players=3&bots=greedy"
    page = local_page
    mirror = open_mirrored(page, voila_url, query, ready=TURN_STATUS, viewport=(1280, 800))
    _instant(page)
    undo = page.locator(".p10-btn-undo")
    # Taking the discard reveals nothing: it can be taken back.
    page.locator(".p10-btn-take").click()
    mirror.take_discard()
    expect(undo).to_be_enabled(timeout=WAIT)
    undo.click()
    mirror.undo()
    expect(_newest_log_line(page)).to_have_text("You took back your last move.", timeout=WAIT)
    expect(page.locator(".p10-btn-take")).to_be_visible()
    # A card drawn from the pile has been seen: no take-back, and the button says why.
    page.locator(DRAW_BUTTON).click()
    mirror.draw()
    refusal = mirror.session.take_back_refusal()
    assert refusal is not None and refusal.reason == "take-back-draw"
    expect(undo).to_be_disabled(timeout=WAIT)
    expect(undo).to_have_attribute("title", f"Undo: {describe_error(refusal)}")
    expect(page.locator(".p10-why")).to_contain_text(describe_error(refusal))
    # After the discard the others have moved: nothing of theirs comes back either.
    card = _costliest(mirror)
    select_in_page(page, str(card))
    page.locator(DISCARD_BUTTON).click()
    _mirror_discard(mirror, card)
    expect(page.locator(LOG_LINE)).to_have_text(list(reversed(mirror.log_entries)), timeout=WAIT)
    refusal = mirror.session.take_back_refusal()
    assert refusal is not None and refusal.reason in ("take-back-others", "no-take-back")
    expect(undo).to_be_disabled()
    expect(undo).to_have_attribute("title", f"Undo: {describe_error(refusal)}")
    expect_hand(page, mirror_hand(mirror))


# ---------------------------------------------------------------------------------------------- hot-seat


def _page_cards(page: Any) -> set[str]:
    """Card kinds written in the table's text and attributes, but for the phase reminder's fixed example."""
    return set(CARD.findall(table_text(page)))


def _sent_cards(received: list[KernelMessage]) -> set[str]:
    """Card kinds in the JSON of the messages the page received (widget states, outputs), but for the phase
    reminder's fixed example."""
    return set(CARD.findall(sent_text(received, [PHASE_REMINDER_CLASS])))


def _states(message: KernelMessage) -> list[tuple[str, dict[str, Any]]]:
    return list(widget_states(message))


def _private(table: Table, seat: int) -> set[str]:
    """Numbered card kinds in ``seat``'s hand that nothing public shows (discards, laid groups, the log)."""
    return set(CARD.findall(" ".join(str(c) for c in table.game.hands[seat]))) - public_kinds(table)


@pytest.mark.browser
def test_hot_seat_cover_screens_hide_every_hand_between_two_humans(voila_url: str, local_page: Any) -> None:
    query = "seed=21&players=3&humans=2&bots=greedy"
    mirror = mirror_table(query)
    assert mirror.humans == (0, 1)
    page = local_page
    received = open_play_page(page, voila_url, query, ready=TURN_STATUS, viewport=(1280, 800))
    cover = page.locator(".p10-cover")
    expect(cover).to_be_visible()
    expect(cover).to_contain_text("p1's turn")
    expect(page.locator(HAND_CARD)).to_have_count(0)
    hidden = _private(mirror, 0) | _private(mirror, 1)
    assert hidden, "the humans hold cards nothing public shows"
    assert not hidden & _page_cards(page), "no human's cards in the page behind the cover"
    assert any(_states(m) for m in received), "the page received the widgets' state: the search has something to read"
    assert not hidden & _sent_cards(received), "nor in the messages the page received"

    page.locator(".p10-btn-show-cards").click()
    mirror.show_cards()
    expect(page.locator(HAND_CARD)).to_have_count(10, timeout=WAIT)
    expect_hand(page, mirror.game.hands[0])
    page.locator(DRAW_BUTTON).click()
    mirror.draw()
    expect(page.locator(HAND_CARD)).to_have_count(11, timeout=WAIT)
    p1_shown = set(CARD.findall(" ".join(str(c) for c in mirror.game.hands[0])))
    assert p1_shown <= _sent_cards(received), "the search finds p1's cards once p1 is shown them"
    card = _costliest(mirror)
    select_in_page(page, str(card))
    page.locator(DISCARD_BUTTON).click()
    _mirror_discard(mirror, card)
    mirror.session.play_bots()
    # p1's turn is over: the screen is covered for p2, and nothing of p1's hand is in the page.
    expect(cover).to_contain_text("p2's turn", timeout=WAIT)
    expect(page.locator(HAND_CARD)).to_have_count(0)
    frames_before_p2 = len(received)
    p1_secret, p2_secret = _private(mirror, 0), _private(mirror, 1)
    assert p1_secret and not p1_secret & _page_cards(page)
    # A kind p1 was shown in p1's own hand tells nothing of p2's hand: only p2's other kinds are secret here.
    p2_only = p2_secret - p1_shown
    assert p2_only and not p2_only & _sent_cards(received[:frames_before_p2]), "p2's cards reach no message"
    assert "You draw" not in page.locator(LOG).inner_text(), "p1's drawn card is not named to p2"
    page.locator(".p10-btn-show-cards").click()
    mirror.show_cards()
    expect(page.locator(HAND_CARD)).to_have_count(10, timeout=WAIT)
    expect_hand(page, mirror.game.hands[1])
    p1_only = p1_secret - {str(c) for c in mirror.game.hands[1]}
    assert p1_only and not p1_only & _page_cards(page), "p2 sees nothing of p1's hand"
    expect(page.locator(ERROR_AREA)).to_have_text("")


# ---------------------------------------------------------------------------------------------- the network


@pytest.mark.browser
@pytest.mark.parametrize("notebook", ["play.ipynb", "00_welcome.ipynb"])
def test_no_page_asks_anything_outside_the_machine(voila_url: str, page: Any, notebook: str) -> None:
    outside = Outside()
    page.route("**/*", outside.route)
    page.goto(f"{voila_url}/voila/render/{notebook}", timeout=WAIT)
    expect(page.locator(".jp-OutputArea-output").first).to_be_attached(timeout=WAIT)
    expect(page.locator("body")).not_to_contain_text(ERROR_MARKER)
    page.wait_for_load_state("networkidle", timeout=WAIT)
    assert outside.urls == [], f"{notebook} asked outside the machine: {outside.urls}"
