"""Kernels are freed when students leave: a closed tab's kernel stops within seconds, a page nobody connected to
is culled after the idle time, an open page is never stopped, and the preheated pool keeps its size.

Kernels are counted on the server side: the live child processes of the Voila server (each kernel is one).
"""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Server, voila_server
from tests.browser.pages import TABLE_HAND_CARD, WAIT, draw_a_card, new_play_page

POOL = 1  # voila.json: one preheated kernel for play.ipynb
GRACE = 10  # voila.json: ClassroomKernelManager.disconnect_grace


def live_kernels(server: Server) -> set[int]:
    """The pids of the server's live child processes (its kernels), zombies left out."""
    pid = server.process.pid
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    alive = set()
    for child in children:
        try:
            state = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            continue
        if state != "Z":
            alive.add(int(child))
    return alive


def wait_for(condition: Callable[[], bool], seconds: float, what: str) -> None:
    """Poll ``condition`` every half second for at most ``seconds``; fail naming ``what``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"after {seconds} s: {what}")
        time.sleep(0.5)


def _open_table(context: Any, server: Server, query: str = "players=2&bots=greedy") -> Any:
    return new_play_page(context, server.url, query)


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with voila_server(".voila-kernels-test.log") as running:
        wait_for(lambda: len(live_kernels(running)) == POOL, 90, "the preheated pool should fill")
        yield running


@pytest.mark.browser
def test_closed_tabs_free_their_kernels_and_the_pool_keeps_its_size(server: Server, context: Any) -> None:
    pages = [_open_table(context, server, f"seed={seed}&players=2&bots=greedy") for seed in (1, 2, 3)]
    wait_for(lambda: len(live_kernels(server)) == 3 + POOL, 90, "three pages and a refilled pool")

    for page in pages[:2]:
        page.close(run_before_unload=True)  # as a closing tab: Voila's (refused) beacon included
    wait_for(lambda: len(live_kernels(server)) == 1 + POOL, GRACE + 20, "two closed tabs should free two kernels")

    # The page left open is untouched by the stops, long after the grace period.
    draw_a_card(pages[2])

    # A reload is a closed page and a new one: the kernel count stays the same.
    pages[2].reload(timeout=WAIT)
    expect(pages[2].locator(TABLE_HAND_CARD).first).to_be_visible(timeout=WAIT)
    wait_for(lambda: len(live_kernels(server)) == 1 + POOL, GRACE + 20, "a reload should free the old kernel")

    pages[2].close(run_before_unload=True)
    wait_for(lambda: len(live_kernels(server)) == POOL, GRACE + 20, "only the preheated pool should remain")
    # ... and the pool still serves a new page.
    again = _open_table(context, server)
    draw_a_card(again)
    again.close(run_before_unload=True)
    wait_for(lambda: len(live_kernels(server)) == POOL, GRACE + 20, "the last page's kernel should stop too")


@pytest.mark.browser
# One rerun: under CI this failed once in a full run and never alone (a page whose Draw stayed disabled, or every
# page of an arrival blank for 300 s); the cause is being looked for (issue 28), the rerun must pass whole.
@pytest.mark.flaky(reruns=1)
def test_a_page_nobody_connects_to_is_culled_and_an_open_page_never_is(context: Any) -> None:
    # A short idle time for the test; voila.json's is 15 minutes.
    cull = ("--MappingKernelManager.cull_idle_timeout=6", "--MappingKernelManager.cull_interval=2")
    with voila_server(".voila-cull-test.log", extra=cull) as short:
        wait_for(lambda: len(live_kernels(short)) == POOL, 90, "the preheated pool should fill")
        in_use = _open_table(context, short, "seed=4&players=2&bots=greedy")
        # An abandoned page: the page was rendered (a kernel started) but no browser ever connected to it.
        with urllib.request.urlopen(f"{short.url}/voila/render/play.ipynb?seed=5", timeout=120) as answer:
            assert answer.status == 200
        wait_for(lambda: len(live_kernels(short)) == 2 + POOL, 90, "two pages and a refilled pool")
        wait_for(lambda: len(live_kernels(short)) == 1 + POOL, 60, "the abandoned page's kernel should be culled")
        # The open page sat idle far longer than the idle time and still plays; the pool was never culled.
        time.sleep(8)  # past the idle time on purpose: the open page must survive it
        assert len(live_kernels(short)) == 1 + POOL
        draw_a_card(in_use)
