"""The table as a card table, in Voila and Chromium: paced bots, the log in view, the end-of-hand summary,
take-backs that reveal nothing, hot-seat cover screens, and no request leaving the machine.

As in ``test_table_browser.py``, a ``Table`` built here from the same URL (a "mirror", its bots instant)
deals the same game as the page, so the test knows every card and what the page must show.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from phase10kit.actions import Take
from phase10kit.cards import Card
from tests.browser.test_table_browser import CARD, ERROR, WAIT, _expect_hand, _hand, _play_url, _select_in_page
from widgets._safety import describe_error
from widgets.play import table_from_query
from widgets.table import Table

LOOPBACK = ("127.0.0.1", "localhost")


def _mirror(query: str) -> Table:
    """The page's table rebuilt here, with its bots moving at once."""
    table, problems = table_from_query(query)
    assert problems == []
    table.speed_choice.value = 0.0
    return table


def _load(page: Any, voila_url: str, query: str, *, viewport: tuple[int, int] = (1280, 800)) -> list[str]:
    """Open the play page at ``viewport``; return the list collecting the websocket frames it receives."""
    received: list[str] = []

    def on_socket(socket: Any) -> None:
        socket.on("framereceived", lambda payload: received.append(payload if isinstance(payload, str) else ""))

    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    page.on("websocket", on_socket)
    page.goto(_play_url(voila_url, query), timeout=WAIT)
    expect(page.locator(".p10-table .p10-turn [role=status]")).to_be_visible(timeout=WAIT)
    expect(page.locator("body")).not_to_contain_text(ERROR)
    return received


def _instant(page: Any) -> None:
    """Choose "instant" in the table's speed menu (the mirror's bots are instant too)."""
    page.locator(".p10-speed select").select_option(label="instant")
    expect(page.locator(".p10-speed select option:checked")).to_have_text("instant")


def _newest_log_line(page: Any) -> Any:
    return page.locator(".p10-log li").first


def _costliest(table: Table, seat: int = 0) -> Card:
    """The card a simple policy discards: the numbered card worth most (a Skip when nothing else is left)."""
    hand = table.game.hands[seat]
    numbered = [card for card in hand if not card.is_skip and not card.is_wild]
    return max(numbered or hand, key=lambda c: (c.points, str(c)))


def _mirror_discard(table: Table, card: Card) -> None:
    table.hand.selected = [list(table.hand.cards).index(str(card))]
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
    mirror = _mirror(query)
    page = local_page
    _load(page, voila_url, query)
    expect(page.locator(".p10-speed select option:checked")).to_have_text("0.8 s per move")
    expect(page.locator(".p10-turn .p10-turn-yours")).to_contain_text("Your turn")
    page.locator(".p10-btn-draw").click()
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
    _select_in_page(page, str(card))
    page.locator(".p10-btn-discard").click()
    _mirror_discard(mirror, card)
    # While the bots play, the banner and the seat box say who is playing.
    expect(page.locator(".p10-turn .p10-turn-others")).to_be_visible(timeout=WAIT)
    expect(page.locator(".p10-opponent .p10-acting")).to_have_count(1)
    expect(page.locator(".p10-log li")).to_have_count(len(mirror.log_entries), timeout=WAIT)
    expect(page.locator(".p10-log li")).to_have_text(list(reversed(mirror.log_entries)))
    expect(page.locator(".p10-turn .p10-turn-yours")).to_be_visible(timeout=WAIT)
    bot_moves = sum(1 for line in mirror.log_entries[before:] if line.startswith(("p2 ", "p3 ", "p4 ")))
    assert bot_moves >= 6, "three bots each draw and discard"
    # The log grew one line at a time: every length between the discard and the end was shown.
    shown = set(page.evaluate("window.p10Counts"))
    assert set(range(before + 1, len(mirror.log_entries) + 1)) <= shown, sorted(shown)
    expect(page.locator(".p10-error")).to_have_text("")


# ---------------------------------------------------------------------------------------------- what is in view


@pytest.mark.browser
def test_the_log_and_the_score_sheet_are_in_view_at_1280_by_800(voila_url: str, local_page: Any) -> None:
    query = "seed=11&players=3&bots=greedy"
    mirror = _mirror(query)
    page = local_page
    _load(page, voila_url, query)
    _instant(page)
    page.locator(".p10-btn-draw").click()
    mirror.draw()
    card = _costliest(mirror)
    _select_in_page(page, str(card))
    page.locator(".p10-btn-discard").click()
    _mirror_discard(mirror, card)
    expect(_newest_log_line(page)).to_have_text(mirror.log_entries[-1], timeout=WAIT)
    assert page.evaluate("window.scrollY") == 0
    for selector in (".p10-log li", ".p10-score-sheet table", ".p10-btn-draw", ".p10-turn [role=status]"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, (selector, box)
    hand = page.locator(".p10-hand button.p10-card").last.bounding_box()
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
    mirror = _mirror(f"seed={seed}&players=2&bots=greedy")
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


def _seed_ending_a_hand() -> tuple[int, list[tuple[str, str]]]:
    for seed in range(200):
        plan = _plan_to_the_end_of_a_hand(seed)
        if plan is not None:
            return seed, plan
    raise AssertionError("no seed below 200 ends hand 1 within 30 turns")


@pytest.mark.browser
def test_the_end_of_hand_summary_waits_for_next_hand(voila_url: str, local_page: Any) -> None:
    seed, plan = _seed_ending_a_hand()
    query = f"seed={seed}&players=2&bots=greedy"
    mirror = _mirror(query)
    page = local_page
    _load(page, voila_url, query)
    _instant(page)
    for action, card in plan:
        if action == "draw":
            page.locator(".p10-btn-draw").click()
            mirror.draw()
        elif action == "lay":
            expect(page.locator(".p10-btn-lay")).to_be_enabled()
            page.locator(".p10-btn-lay").click()
            mirror.lay_down()
        else:
            _select_in_page(page, card)
            page.locator(".p10-btn-discard").click()
            _mirror_discard(mirror, Card.parse(card))
        expect(_newest_log_line(page)).to_have_text(mirror.log_entries[-1], timeout=WAIT)
        if mirror.session.state == "human":
            _expect_hand(page, _hand(mirror))
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
    expect(page.locator(".p10-btn-draw")).to_be_hidden()
    lines = page.locator(".p10-log li").count()
    page.wait_for_timeout(2500)  # three paced moves' worth: nothing may arrive while the summary waits
    expect(page.locator(".p10-log li")).to_have_count(lines)
    expect(box).to_be_visible()
    expect(page.locator(".p10-score-sheet tbody tr").first).to_contain_text("Round 1")
    page.locator(".p10-btn-next-hand").click()
    mirror.next_hand()
    expect(box).to_be_hidden(timeout=WAIT)
    expect(page.locator(".p10-hand button.p10-card").first).to_be_visible(timeout=WAIT)
    expect(page.locator(".p10-log li")).to_have_text(list(reversed(mirror.log_entries)), timeout=WAIT)
    _expect_hand(page, _hand(mirror))


# ---------------------------------------------------------------------------------------------- undo


def _seed_where_p1_may_take() -> int:
    for seed in range(100):
        mirror = _mirror(f"seed={seed}&players=3&bots=greedy")
        if Take(0) in mirror.game.view(0).legal:
            return seed
    raise AssertionError("no seed lets p1 take the first discard")


@pytest.mark.browser
def test_undo_refuses_after_a_draw_and_after_other_players_moves(voila_url: str, local_page: Any) -> None:
    seed = _seed_where_p1_may_take()
    query = f"seed={seed}&players=3&bots=greedy"
    mirror = _mirror(query)
    page = local_page
    _load(page, voila_url, query)
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
    page.locator(".p10-btn-draw").click()
    mirror.draw()
    refusal = mirror.session.take_back_refusal()
    assert refusal is not None and refusal.reason == "take-back-draw"
    expect(undo).to_be_disabled(timeout=WAIT)
    expect(undo).to_have_attribute("title", f"Undo: {describe_error(refusal)}")
    expect(page.locator(".p10-why")).to_contain_text(describe_error(refusal))
    # After the discard the others have moved: nothing of theirs comes back either.
    card = _costliest(mirror)
    _select_in_page(page, str(card))
    page.locator(".p10-btn-discard").click()
    _mirror_discard(mirror, card)
    expect(page.locator(".p10-log li")).to_have_text(list(reversed(mirror.log_entries)), timeout=WAIT)
    refusal = mirror.session.take_back_refusal()
    assert refusal is not None and refusal.reason in ("take-back-others", "no-take-back")
    expect(undo).to_be_disabled()
    expect(undo).to_have_attribute("title", f"Undo: {describe_error(refusal)}")
    _expect_hand(page, _hand(mirror))


# ---------------------------------------------------------------------------------------------- hot-seat


def _page_cards(page: Any) -> set[str]:
    """Card kinds written in the table's text and attributes, but for the phase reminder's fixed example."""
    text = page.locator(".p10-table").evaluate(
        """root => { const copy = root.cloneNode(true);
               copy.querySelectorAll('.p10-phase-reminder').forEach(e => e.remove());
               return [copy.textContent, ...[...copy.querySelectorAll('*')].flatMap(e =>
                 ['aria-label', 'title', 'data-card'].map(a => e.getAttribute(a) || ''))].join(' '); }"""
    )
    return set(CARD.findall(str(text)))


def _private(table: Table, seat: int) -> set[str]:
    """Numbered card kinds in ``seat``'s hand that nothing public shows (discards, laid groups, the log)."""
    g = table.game
    public = {str(c) for c in g.discard_pile} | {str(c) for m in g.melds for group in m for c in group.cards}
    public |= set(CARD.findall(" ".join(table.log_entries)))
    return set(CARD.findall(" ".join(str(c) for c in g.hands[seat]))) - public


@pytest.mark.browser
def test_hot_seat_cover_screens_hide_every_hand_between_two_humans(voila_url: str, local_page: Any) -> None:
    query = "seed=21&players=3&humans=2&bots=greedy"
    mirror = _mirror(query)
    assert mirror.humans == (0, 1)
    page = local_page
    received = _load(page, voila_url, query)
    cover = page.locator(".p10-cover")
    expect(cover).to_be_visible()
    expect(cover).to_contain_text("p1's turn")
    expect(page.locator(".p10-hand button.p10-card")).to_have_count(0)
    hidden = _private(mirror, 0) | _private(mirror, 1)
    assert hidden, "the humans hold cards nothing public shows"
    assert not hidden & _page_cards(page), "no human's cards in the page behind the cover"
    assert not hidden & set(CARD.findall(" ".join(received))), "nor in the messages the page received"

    page.locator(".p10-btn-show-cards").click()
    mirror.show_cards()
    expect(page.locator(".p10-hand button.p10-card")).to_have_count(10, timeout=WAIT)
    _expect_hand(page, mirror.game.hands[0])
    page.locator(".p10-btn-draw").click()
    mirror.draw()
    expect(page.locator(".p10-hand button.p10-card")).to_have_count(11, timeout=WAIT)
    card = _costliest(mirror)
    _select_in_page(page, str(card))
    page.locator(".p10-btn-discard").click()
    _mirror_discard(mirror, card)
    mirror.session.play_bots()
    # p1's turn is over: the screen is covered for p2, and nothing of p1's hand is in the page.
    expect(cover).to_contain_text("p2's turn", timeout=WAIT)
    expect(page.locator(".p10-hand button.p10-card")).to_have_count(0)
    frames_before_p2 = len(received)
    p1_secret, p2_secret = _private(mirror, 0), _private(mirror, 1)
    assert p1_secret and not p1_secret & _page_cards(page)
    assert not p2_secret & set(CARD.findall(" ".join(received[:frames_before_p2])))
    assert "You draw" not in page.locator(".p10-log").inner_text(), "p1's drawn card is not named to p2"
    page.locator(".p10-btn-show-cards").click()
    mirror.show_cards()
    expect(page.locator(".p10-hand button.p10-card")).to_have_count(10, timeout=WAIT)
    _expect_hand(page, mirror.game.hands[1])
    p1_only = p1_secret - {str(c) for c in mirror.game.hands[1]}
    assert p1_only and not p1_only & _page_cards(page), "p2 sees nothing of p1's hand"
    expect(page.locator(".p10-error")).to_have_text("")


# ---------------------------------------------------------------------------------------------- the network


@pytest.mark.browser
@pytest.mark.parametrize("notebook", ["play.ipynb", "00_welcome.ipynb"])
def test_no_page_asks_anything_outside_the_machine(voila_url: str, page: Any, notebook: str) -> None:
    asked: list[str] = []

    def only_loopback(route: Any) -> None:
        if urlparse(route.request.url).hostname in LOOPBACK:
            route.continue_()
        else:
            asked.append(route.request.url)
            route.abort()

    page.route("**/*", only_loopback)
    page.goto(f"{voila_url}/voila/render/{notebook}", timeout=WAIT)
    expect(page.locator(".jp-OutputArea-output").first).to_be_attached(timeout=WAIT)
    expect(page.locator("body")).not_to_contain_text(ERROR)
    page.wait_for_load_state("networkidle", timeout=WAIT)
    assert asked == [], f"{notebook} asked outside the machine: {asked}"
