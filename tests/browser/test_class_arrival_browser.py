"""A class arrives: eight pages of the table opened at the same moment all render it, none stays white.

With nbclient's default 4 s IOPub timeout, pages started together on two busy cores lost their cell's output (a
white page, no error). ``voila.json`` sets ``VoilaExecutor.iopub_timeout`` for a class; this test opens eight pages
at once in one Chromium (a browser context each, as eight students: their own cookies and renderer processes)
against a server started with the shipped ``voila.json`` and prints the time each page took to show its hand. The
pages reach nothing but the loopback interface through a proxy that is not there (``OFFLINE``), not through
``page.route``: a route sends every one of a page's ninety requests through the test's own process, on the two
cores the pages are timed on. ``P10_ARRIVAL_RUNS`` (default 1) repeats the arrival on the same server, as the
measurement in docs/classroom.md does (five runs in a row); ``P10_ARRIVAL_POOL`` preheats that many table kernels
instead of voila.json's one, and ``P10_ARRIVAL_FILL_DELAY`` puts the pool's refill off by that many seconds (the
class configuration docs/classroom.md suggests for a class arriving at once).
"""

from __future__ import annotations

import json
import os
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Server, voila_server

PAGES = 8
SHIPPED_POOL = 1  # voila.json: one preheated kernel for play.ipynb
POOL = int(os.environ.get("P10_ARRIVAL_POOL", SHIPPED_POOL))
FILL_DELAY = os.environ.get("P10_ARRIVAL_FILL_DELAY")  # voila.json's (0) when not given
GRACE_S = 10  # voila.json: ClassroomKernelManager.disconnect_grace
RUNS = int(os.environ.get("P10_ARRIVAL_RUNS", "1"))
ARRIVAL_WAIT = 300.0  # s: on a loaded 2-core machine eight kernel starts take minutes; a white page never ends
SETTLE_WAIT = 60.0  # s: at most this long for a refilled pool's kernels to finish importing the table
QUIET_CPU_S = 0.05  # CPU seconds all kernels together use in a second once they wait for a page
TICK = os.sysconf("SC_CLK_TCK")
CARDS = ".p10-table .p10-hand button.p10-card"
ERROR = "There was an error"
OFFLINE = {"server": "http://127.0.0.1:9", "bypass": "127.0.0.1,localhost"}
"""A context's proxy: requests to other hosts go to the closed discard port and fail at once."""
STATE = """([cards, error]) => {
  const card = document.querySelector(cards);
  if (card !== null && card.checkVisibility()) return 'table';
  return document.body !== null && document.body.textContent.includes(error) ? 'error' : '';
}"""


def _children(server: Server) -> int:
    pid = server.process.pid
    return len(open(f"/proc/{pid}/task/{pid}/children").read().split())


def _kernels_cpu_s(server: Server) -> float:
    """CPU seconds the server's kernels have used so far (user and system)."""
    pid, total = server.process.pid, 0.0
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        try:
            fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:  # stopped meanwhile
            continue
        total += (int(fields[11]) + int(fields[12])) / TICK
    return total


def _wait_for_kernels(server: Server, count: int, seconds: float, after_a_run: bool = False) -> None:
    """Wait until the server has exactly ``count`` kernels (closed pages' stopped, the pool refilled), and they
    have settled: a refilled pool kernel is counted as soon as it starts, while it still imports the table (a
    class arrives at a server started minutes before, docs/classroom.md).

    After a run the closed pages' kernels are first left their grace period to stop: with a delayed refill the
    count passes through ``count`` while they are still there and the pool is empty.
    """
    if after_a_run:
        time.sleep(GRACE_S + 5)
    deadline = time.monotonic() + seconds
    while _children(server) != count:
        if time.monotonic() > deadline:
            raise AssertionError(f"after {seconds} s the server has {_children(server)} kernels, not {count}")
        time.sleep(0.5)
    settled = time.monotonic() + SETTLE_WAIT
    used = _kernels_cpu_s(server)
    while time.monotonic() < settled:
        time.sleep(1)
        used, before = _kernels_cpu_s(server), used
        if used - before < QUIET_CPU_S:
            return


def _state(page: Any) -> str:
    """'table' once the hand is on screen, 'error' for Voila's error note, '' while loading (one call per page)."""
    try:
        return str(page.evaluate(STATE, [CARDS, ERROR]))
    except Exception:  # the page is still navigating: its document is being replaced
        return ""


def _text(page: Any) -> str:
    try:
        return " ".join((page.locator("body").inner_text(timeout=2_000) or "").split())
    except Exception as failure:  # a page that is still navigating has no body to read yet
        return f"({type(failure).__name__})"


def _arrive(browser: Any, url: str) -> list[float]:
    """Open PAGES tables at once; the seconds each took until its hand was visible (fails on a blank or error)."""
    contexts = [browser.new_context(proxy=OFFLINE) for _ in range(PAGES)]
    pages = [context.new_page() for context in contexts]
    start = time.monotonic()
    for number, page in enumerate(pages):
        # Start every navigation without waiting for it: the eight requests reach the server together.
        page.evaluate("url => { window.location.href = url; }", f"{url}/voila/render/play.ipynb?seed={number}")
    seconds: dict[int, float] = {}
    deadline = start + ARRIVAL_WAIT
    while len(seconds) < PAGES and time.monotonic() < deadline:
        for number, page in enumerate(pages):
            if number in seconds:
                continue
            state = _state(page)
            assert state != "error", f"page {number} shows Voila's error note"
            if state == "table":
                seconds[number] = time.monotonic() - start
        time.sleep(0.2)
    blank = sorted(set(range(PAGES)) - set(seconds))
    # What a blank page showed, for the failure's message: Voila's loading note, a refusal, or nothing at all.
    shown = {number: _text(pages[number])[:160] for number in blank}
    for page, context in zip(pages, contexts, strict=True):
        page.close(run_before_unload=True)
        context.close()
    assert not blank, f"{len(blank)} of {PAGES} pages never showed the table: {shown}"
    return [seconds[number] for number in range(PAGES)]


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    pools: tuple[str, ...] = ()
    if POOL != SHIPPED_POOL:  # the whole mapping: without "default", every notebook of the folder gets a pool
        mapping = {"default": {"pool_size": 0}, "play.ipynb": {"pool_size": POOL}}
        pools = (f"--VoilaKernelManager.kernel_pools_config={json.dumps(mapping)}",)
    if FILL_DELAY is not None:
        pools += (f"--VoilaKernelManager.fill_delay={float(FILL_DELAY)}",)
    with voila_server(".voila-arrival-test.log", extra=pools) as running:
        _wait_for_kernels(running, POOL, 600)
        yield running


@pytest.mark.browser
# One rerun: under CI this failed once in a full run and never alone (a page whose Draw stayed disabled, or every
# page of an arrival blank for 300 s); the cause is being looked for (issue 28), the rerun must pass whole.
@pytest.mark.flaky(reruns=1)
def test_eight_pages_opened_at_once_all_render_the_table(server: Server, browser: Any) -> None:
    medians = []
    for run in range(RUNS):
        if run:  # the closed pages' kernels stop after the grace period: start each arrival from the pool alone
            _wait_for_kernels(server, POOL, 600, after_a_run=True)
        times = _arrive(browser, server.url)
        medians.append(statistics.median(times))
        load = os.getloadavg()[0]
        print(
            f"\narrival {run + 1}/{RUNS}: {PAGES} of {PAGES} rendered; seconds to the table: "
            f"median {medians[-1]:.1f}, max {max(times):.1f} (pool {POOL}, fill delay {FILL_DELAY or 0} s, "
            f"load average {load:.1f})"
        )
    assert "Timeout waiting for IOPub output" not in server.log.read_text(), "a page lost its output"
    print(f"median of the runs' medians: {statistics.median(medians):.1f} s")
