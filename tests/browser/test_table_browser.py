"""The playable table in Voila, driven in Chromium: a seeded human turn, the bots' replies, New game,
and no card of an opponent's hand anywhere in the page or in the widget messages it receives.

The page's table and a ``Table`` built here with the same URL values deal the same game (the engine
is deterministic given the seed), so the test knows every hidden card and what the page must show.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from phase10kit.actions import Discard, Hit, group_notation
from phase10kit.rules import Rules
from tests.browser.pages import (
    CARD,
    DISCARD_BUTTON,
    DRAW_BUTTON,
    ERROR_AREA,
    HAND_CARD,
    LAY_BUTTON,
    LOG,
    LOG_LINE,
    PLAY_MESSAGES,
    TABLE,
    WAIT,
    KernelMessage,
    expect_hand,
    hand_in_page,
    mirror_hand,
    mirror_table,
    only_loopback,
    open_mirrored,
    open_play_page,
    play_url,
    public_kinds,
    select_in_mirror,
    select_in_page,
    sent_text,
    table_text,
)
from tests.helpers import first_seed
from widgets.table import Table
from widgets.table_parts import example_layout

SLOW = 3 * WAIT  # ten pages at once: ten kernels and ten renderers share the 2 cores


def _shown(table: Table) -> set[str]:
    """Every card kind the human may see: own hand, discard pile, laid groups, and the cards the log names."""
    return {str(card) for card in table.game.hands[table.human]} | public_kinds(table)


def _hidden(table: Table, shown: set[str]) -> set[str]:
    """Card kinds held by opponents that the human has never been shown."""
    opponents = {str(card) for seat in range(table.players) if seat != table.human for card in table.game.hands[seat]}
    return opponents - shown


def _example_kinds(rules: Rules) -> set[str]:
    """The card kinds of Phase 1's fixed example (these tests stay in hand 1): the page shows it as the reminder."""
    layout = example_layout(rules.phases[0], rules=rules)
    return {str(card) for card in layout.cards} if layout is not None else set()


def _assert_no_hidden_card(page: Any, received: list[KernelMessage], hidden: set[str], mine: list[str]) -> None:
    assert hidden, "the check needs opponents' cards the human has not seen; pick another seed"
    # The human's own cards must be found by the same search, or the search proves nothing.
    own = set(CARD.findall(" ".join(mine)))
    assert own, "the human holds no numbered card to check the search with"
    assert own <= set(CARD.findall(table_text(page))), "the search does not see the human's cards in the page"
    assert own <= set(CARD.findall(sent_text(received))), "the search does not see the human's cards in the messages"
    leaked_in_page = hidden & set(CARD.findall(table_text(page)))
    assert not leaked_in_page, f"opponents' cards in the page: {sorted(leaked_in_page)}"
    # The messages also carry the phase reminder's example, whose kinds tell nothing about the deal.
    leaked_in_state = (hidden - _example_kinds(Rules())) & set(CARD.findall(sent_text(received)))
    assert not leaked_in_state, f"opponents' cards in the widget state sent to the page: {sorted(leaked_in_state)}"


@pytest.mark.browser
def test_seeded_turn_bots_reply_new_game_and_no_opponent_card_reaches_the_page(voila_url: str, local_page: Any) -> None:
    query = "seed=11&players=2&bots=greedy"
    mirror = mirror_table(query)
    page = local_page
    received = open_play_page(page, voila_url, query)

    # The table renders the seeded deal: the same hand as the engine deals for that seed.
    expect(page.locator(TABLE)).to_be_visible()
    expect_hand(page, mirror_hand(mirror))
    expect(page.locator(".p10-opponent")).to_have_count(1)
    expect(page.locator(ERROR_AREA)).to_have_text("")
    shown = _shown(mirror)
    hidden_at_start = _hidden(mirror, shown)
    _assert_no_hidden_card(page, received, hidden_at_start, mirror_hand(mirror))

    # A human turn: Draw, select one card, Discard.
    page.locator(DRAW_BUTTON).click()
    expect(page.locator(HAND_CARD)).to_have_count(11, timeout=WAIT)
    mirror.draw()
    expect_hand(page, mirror_hand(mirror))
    first = page.locator(HAND_CARD).first
    card = str(first.get_attribute("data-card"))
    first.click()
    expect(page.locator(HAND_CARD).first).to_have_attribute("aria-pressed", "true")
    expect(page.locator(DISCARD_BUTTON)).to_be_enabled()
    page.locator(DISCARD_BUTTON).click()
    select_in_mirror(mirror, card)
    mirror.discard()

    # The bot answered: its moves are in the log, and the human's turn has come back.
    bot_moves = [entry for entry in mirror.log_entries if entry.startswith("p2 ")]
    assert bot_moves, "the greedy bot should have played after the human's discard"
    log = page.locator(LOG)
    for entry in bot_moves:
        expect(log).to_contain_text(entry, timeout=WAIT)
    expect(page.locator(DRAW_BUTTON)).to_be_enabled()
    expect(page.locator(HAND_CARD)).to_have_count(len(mirror.game.hands[0]))
    expect_hand(page, mirror_hand(mirror))
    expect(page.locator(ERROR_AREA)).to_have_text("")
    shown |= _shown(mirror)
    _assert_no_hidden_card(page, received, (hidden_at_start | _hidden(mirror, shown)) - shown, mirror_hand(mirror))

    # New game deals the next seeded game, the same one the engine deals here.
    before = hand_in_page(page)
    page.locator(".p10-btn-new").click()
    mirror.new_game()
    expect(page.locator(HAND_CARD)).to_have_count(10, timeout=WAIT)
    expect(page.locator(LOG)).not_to_contain_text(bot_moves[0], timeout=WAIT)
    expect_hand(page, mirror_hand(mirror))
    assert mirror_hand(mirror) != before


@pytest.mark.browser
def test_same_seed_deals_the_same_hand_and_another_seed_another(voila_url: str, local_page: Any) -> None:
    page = local_page
    for seed in (11, 12):
        mirror = open_mirrored(page, voila_url, f"seed={seed}&players=2&bots=greedy")
        expect_hand(page, mirror_hand(mirror))
    assert mirror_hand(mirror_table("seed=11&players=2")) != mirror_hand(mirror_table("seed=12&players=2"))


@pytest.mark.browser
def test_the_table_page_fetches_no_script_of_an_extension_it_does_not_use(voila_url: str, local_page: Any) -> None:
    # play.ipynb's metadata names plotly's and pygments' front-end extensions as unused, and the kit's template
    # leaves them out of the page config: half of the page's script is not fetched. The widget extensions the
    # table uses still are.
    page = local_page
    open_mirrored(page, voila_url, "seed=11&players=2&bots=greedy")
    fetched = page.evaluate("() => performance.getEntriesByType('resource').map(entry => entry.name)")
    extensions = {
        name.split("/voila/labextensions/")[1].split("/static/")[0] for name in fetched if "/labextensions/" in name
    }
    assert not extensions & {"jupyterlab-plotly", "jupyterlab_pygments"}
    assert {"@jupyter-widgets/jupyterlab-manager", "anywidget"} <= extensions


@pytest.mark.browser
def test_bad_url_values_show_a_message_and_a_default_table(voila_url: str, local_page: Any) -> None:
    page = local_page
    open_play_page(page, voila_url, "players=9&seed=x")
    expect(page.locator(PLAY_MESSAGES)).to_contain_text("players=9 is not 2 to 6")
    expect(page.locator(PLAY_MESSAGES)).to_contain_text("seed=x")
    expect(page.locator(".p10-opponent")).to_have_count(2)
    expect(page.locator("body")).not_to_contain_text("Traceback")


def _phase_1_at_the_first_draw(seed: int) -> Table | None:
    """The mirror table if the seed's 2-player deal lets the human lay Phase 1 down right after the first draw."""
    mirror = mirror_table(f"seed={seed}&players=2&bots=greedy")
    if mirror.game.current_player == mirror.human:
        mirror.draw()
        if not mirror.buttons["lay"].disabled:
            return mirror
    return None


@pytest.mark.browser
def test_human_lays_down_the_suggested_phase(voila_url: str, local_page: Any) -> None:
    seed, _ = first_seed(_phase_1_at_the_first_draw, 200, "deals Phase 1 to the human")
    query = f"seed={seed}&players=2&bots=greedy"
    page = local_page
    mirror = open_mirrored(page, voila_url, query)
    page.locator(DRAW_BUTTON).click()
    mirror.draw()
    lay = page.locator(LAY_BUTTON)
    expect(lay).to_be_enabled(timeout=WAIT)
    lay.click()
    mirror.lay_down()
    laid = mirror.game.melds[mirror.human]
    assert laid, "the mirror table should have laid the phase down"
    groups = page.locator(".p10-me .p10-laid")
    expect(groups).to_have_count(len(laid), timeout=WAIT)
    labels = groups.evaluate_all("ls => ls.map(l => l.getAttribute('aria-label'))")
    assert labels == [f"p1.{i + 1} {group}" for i, group in enumerate(laid)]
    expect_hand(page, mirror_hand(mirror))
    expect(page.locator(ERROR_AREA)).to_have_text("")


@pytest.mark.browser
def test_three_pages_on_one_server_each_keep_their_own_game(voila_url: str, local_page: Any) -> None:
    context = local_page.context
    context.route("**/*", only_loopback)
    seeds = (21, 22, 23)
    pages = [local_page, context.new_page(), context.new_page()]
    mirrors = [mirror_table(f"seed={seed}&players=2&bots=greedy") for seed in seeds]
    # Start every page before waiting for any: the kernels start side by side.
    for page, seed in zip(pages, seeds, strict=True):
        page.goto(play_url(voila_url, f"seed={seed}&players=2&bots=greedy"), wait_until="commit", timeout=WAIT)
    for page in pages:
        expect(page.locator(HAND_CARD).first).to_be_visible(timeout=WAIT)
    for page in pages:
        page.locator(DRAW_BUTTON).click()
    for page, mirror in zip(pages, mirrors, strict=True):
        expect(page.locator(HAND_CARD)).to_have_count(11, timeout=WAIT)
        mirror.draw()
        first = page.locator(HAND_CARD).first
        card = str(first.get_attribute("data-card"))
        first.click()
        expect(first).to_have_attribute("aria-pressed", "true")
        select_in_mirror(mirror, card)
    for page in pages:
        page.locator(DISCARD_BUTTON).click()
    for page, mirror in zip(pages, mirrors, strict=True):
        mirror.discard()
        expect(page.locator(LOG)).to_contain_text(mirror.log_entries[-1], timeout=WAIT)
        expect(page.locator(HAND_CARD)).to_have_count(len(mirror.game.hands[0]))
        expect_hand(page, mirror_hand(mirror))
        expect(page.locator(ERROR_AREA)).to_have_text("")
    assert len({tuple(mirror_hand(mirror)) for mirror in mirrors}) == len(mirrors), (
        "the seeds should deal different hands"
    )


VOILA_LOG = Path(__file__).resolve().parents[2] / ".voila-test.log"


def _log_count(text: str) -> int:
    return VOILA_LOG.read_text(encoding="utf-8", errors="replace").count(text)


@pytest.mark.browser
def test_a_preheated_kernel_deals_the_seed_in_the_url(voila_url: str, local_page: Any) -> None:
    """voila.json preheats the table: the kernel runs before the request and must still read the URL's seed."""
    deadline = time.monotonic() + WAIT / 1000
    while _log_count("Kernel pool of play.ipynb is filled") == 0:
        assert time.monotonic() < deadline, f"Voila never filled the play page's kernel pool; see {VOILA_LOG}"
        time.sleep(0.2)
    used = _log_count("Using pre-heated kernel")
    query = "seed=31&players=3&bots=random"
    mirror = open_mirrored(local_page, voila_url, query)
    assert _log_count("Using pre-heated kernel") == used + 1, "this page should have taken the preheated kernel"
    expect_hand(local_page, mirror_hand(mirror))
    expect(local_page.locator(".p10-opponent")).to_have_count(2)
    expect(local_page.locator(PLAY_MESSAGES)).to_have_text("")


# ---------------------------------------------------------------- a hit, a chosen Skip, ten pages at once

Step = tuple[str, ...]


def _expect_in_step(page: Any, mirror: Table, timeout: float = WAIT) -> None:
    """Wait until the page shows what the mirror table shows after the same moves: the whole log and the hand."""
    expect(page.locator(LOG_LINE).first).to_have_text(mirror.log_entries[-1], timeout=timeout)
    expect(page.locator(LOG_LINE)).to_have_text(list(reversed(mirror.log_entries)), timeout=timeout)
    expect(page.locator(HAND_CARD)).to_have_count(len(mirror.game.hands[mirror.human]), timeout=timeout)
    expect_hand(page, mirror_hand(mirror))
    expect(page.locator(ERROR_AREA)).to_have_text("")


def _plan_a_hit(seed: int) -> list[Step] | None:
    """The human's moves from the seeded deal up to a hit on a group other than p1.1, or None within four turns.

    Each turn: draw, lay the suggested phase down when it can, hit with a natural card when one fits
    (a group whose run end is unambiguous), else discard the numbered card worth the most points.
    """
    mirror = mirror_table(f"seed={seed}&players=2&bots=greedy")
    game, steps = mirror.game, []
    for _turn in range(4):
        if game.current_player != mirror.human or game.round != 1:
            return None
        mirror.draw()
        steps.append(("draw",))
        if not mirror.buttons["lay"].disabled:
            mirror.lay_down()
            steps.append(("lay",))
        if game.melds[mirror.human]:
            hits = [a for a in game.legal_actions() if isinstance(a, Hit)]
            for hit in hits:
                same = [h for h in hits if (h.target, h.group, h.card) == (hit.target, hit.group, hit.card)]
                if len(same) == 1 and (hit.target, hit.group) != (0, 0) and not hit.card.is_wild:
                    return [*steps, ("hit", str(hit.card), str(hit.target), str(hit.group))]
        numbered = [card for card in game.hands[mirror.human] if not card.is_wild and not card.is_skip]
        if len(game.hands[mirror.human]) < 3 or not numbered:
            return None
        card = str(max(numbered, key=lambda c: (c.points, str(c))))
        select_in_mirror(mirror, card)
        mirror.discard()
        steps.append(("discard", card))
    return None


@pytest.mark.browser
def test_human_hits_a_chosen_group_and_the_card_joins_it(voila_url: str, local_page: Any) -> None:
    seed, plan = first_seed(_plan_a_hit, 300, "lets the human hit within four turns")
    query = f"seed={seed}&players=2&bots=greedy"
    page = local_page
    mirror = open_mirrored(page, voila_url, query)
    for step in plan[:-1]:
        if step[0] == "draw":
            page.locator(DRAW_BUTTON).click()
            mirror.draw()
        elif step[0] == "lay":
            expect(page.locator(LAY_BUTTON)).to_be_enabled()
            page.locator(LAY_BUTTON).click()
            mirror.lay_down()
        else:
            select_in_page(page, step[1])
            page.locator(DISCARD_BUTTON).click()
            select_in_mirror(mirror, step[1])
            mirror.discard()
        _expect_in_step(page, mirror)

    _, card, target_text, group_text = plan[-1]
    target, group = int(target_text), int(group_text)
    before = mirror.game.melds[target][group]
    name = group_notation(target, group)
    laid = page.locator(f".p10-laid[aria-label^='{name} ']")
    expect(laid).to_have_attribute("aria-label", f"{name} {before}")
    select_in_page(page, card)
    page.locator(".p10-hit-target select").select_option(label=f"{name} {before}")
    expect(page.locator(".p10-btn-hit")).to_be_enabled()
    page.locator(".p10-btn-hit").click()
    select_in_mirror(mirror, card)
    mirror.hit_target.value = (target, group)
    mirror.hit()

    after = mirror.game.melds[target][group]
    assert len(after.cards) == len(before.cards) + 1 and card in [str(c) for c in after.cards]
    assert mirror.log_entries[-1] == f"p1 (you) adds {card} to {name}."
    _expect_in_step(page, mirror)
    expect(laid).to_have_attribute("aria-label", f"{name} {after}")


def _a_skip_for_either_opponent(seed: int) -> Table | None:
    """The mirror table if the seed's 3-player deal lets the human aim a Skip at p2 or at p3 after the first draw."""
    mirror = mirror_table(f"seed={seed}&players=3&bots=greedy")
    if mirror.game.current_player != mirror.human:
        return None
    mirror.draw()
    legal = mirror.game.legal_actions()
    if sorted({a.target for a in legal if isinstance(a, Discard) and a.card.is_skip}) == [1, 2]:
        return mirror
    return None


@pytest.mark.browser
def test_human_skips_the_chosen_player_not_the_next_one(voila_url: str, local_page: Any) -> None:
    seed, _ = first_seed(_a_skip_for_either_opponent, 300, "gives the human a Skip at the first turn")
    query = f"seed={seed}&players=3&bots=greedy"
    page = local_page
    mirror = open_mirrored(page, voila_url, query)
    page.locator(DRAW_BUTTON).click()
    mirror.draw()
    _expect_in_step(page, mirror)

    select_in_page(page, "S")
    menu = page.locator(".p10-skip-target select")
    expect(menu).to_be_enabled()
    # p2 plays next: aiming at p3 shows the choice was taken, not a default.
    menu.select_option(label="p3")
    page.locator(DISCARD_BUTTON).click()
    select_in_mirror(mirror, "S")
    mirror.skip_target.value = 2
    mirror.discard()

    assert "p1 (you) discards S and skips p3." in mirror.log_entries
    later = mirror.log_entries[mirror.log_entries.index("p1 (you) discards S and skips p3.") + 1 :]
    assert later and all(entry.startswith("p2 ") for entry in later), later
    # The whole log, newest first, is the mirror's: p2 played, p3 sat out, the human's turn came back.
    _expect_in_step(page, mirror)
    expect(page.locator(DRAW_BUTTON)).to_be_enabled()


@pytest.mark.browser
# One rerun: under CI this failed once in a full run and never alone (a page whose Draw stayed disabled, or every
# page of an arrival blank for 300 s); the cause is being looked for (issue 28), the rerun must pass whole.
@pytest.mark.flaky(reruns=1)
def test_ten_pages_on_one_server_play_a_turn_at_once_and_keep_their_games(voila_url: str, local_page: Any) -> None:
    context = local_page.context
    context.route("**/*", only_loopback)
    seeds = range(41, 51)
    queries = [f"seed={seed}&players=2&bots=greedy" for seed in seeds]
    pages = [local_page, *(context.new_page() for _ in seeds[1:])]
    mirrors = [mirror_table(query) for query in queries]
    started = time.monotonic()
    # Loaded one after the other: ten kernels starting at once on 2 cores once left a page blank for minutes.
    for page, query in zip(pages, queries, strict=True):
        open_play_page(page, voila_url, query, ready=HAND_CARD, timeout=SLOW)
    loaded = time.monotonic() - started
    for page in pages:
        page.locator(DRAW_BUTTON).click(timeout=SLOW)
    for page, mirror in zip(pages, mirrors, strict=True):
        mirror.draw()
        _expect_in_step(page, mirror, SLOW)
    discards = []
    for page, mirror in zip(pages, mirrors, strict=True):
        # The card worth the most points, written first by notation: a choice both sides make alike.
        card = str(max(mirror.game.hands[mirror.human], key=lambda c: (c.points, str(c))))
        select_in_page(page, card, SLOW)
        discards.append(card)
    for page in pages:
        page.locator(DISCARD_BUTTON).click(timeout=SLOW)
    for page, mirror, card in zip(pages, mirrors, discards, strict=True):
        select_in_mirror(mirror, card)
        mirror.discard()
        _expect_in_step(page, mirror, SLOW)
    assert len({tuple(mirror_hand(mirror)) for mirror in mirrors}) == len(mirrors), (
        "the seeds should deal different hands"
    )
    print(f"ten pages loaded in {loaded:.1f} s, played in {time.monotonic() - started - loaded:.1f} s")
