"""A move's latency to the other pages of its room: four pages in one room, Voila and Chromium on this machine.

``python benchmarks/bench_room_latency.py [--moves 60] [--database sqlite|postgresql]``

A standalone Voila server (``voila.json``, as ``make play`` runs it) serves the play page; four browser contexts
(four students, each with their own ``localStorage``) open one room (``?room=new&seats=4``), take the four seats,
and the host starts. Then the students play: on the page of the seat to play, the move a SmartBot would make is
done with the clicks a student makes (``tests/browser/room_pages.py``). Each page counts the lines of its log as
they change (a ``MutationObserver``, timestamps from the browser's clock, which all pages share); a move's
latency to another page is the time from just before its first click on the acting page to the moment that
other page's log shows the move. That is all of it: the acting kernel's commit, the other kernels' poll of the
store (every 0.25 s), their reading of the new position, the widgets' update over the websocket and the
browser's drawing. Three samples per move; the median, the 95th percentile and the longest are printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench_common import a_store

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the browser tests' page helpers and their PostgreSQL server: one home for each

from playwright.sync_api import expect, sync_playwright  # noqa: E402

from phase10kit.bots import SmartBot  # noqa: E402
from tests.browser.conftest import _free_port, running_server, voila_command  # noqa: E402
from tests.browser.pages import WAIT  # noqa: E402
from tests.browser.room_pages import Player, click_action, room_now, wait_until  # noqa: E402
from widgets.room_store import RoomStore  # noqa: E402
from widgets.store import STORE_VARIABLE  # noqa: E402

COUNTER = """() => {
  window.__p10_lines = [];
  const count = () => document.querySelectorAll('.p10-table .p10-log li').length;
  let last = count();
  window.__p10_lines.push([Date.now(), last]);
  new MutationObserver(() => {
    const now = count();
    if (now !== last) { last = now; window.__p10_lines.push([Date.now(), now]); }
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}"""


def _shown_at(page: Any, lines: int) -> float | None:
    """When (ms, the browser's clock) the page's log first had at least ``lines`` lines."""
    for stamp, count in page.evaluate("() => window.__p10_lines"):
        if count >= lines:
            return float(stamp)
    return None


def _play(server: Any, playwright: Any, rooms: RoomStore, moves: int) -> tuple[list[float], float]:
    """Open the room in four contexts, start it, play ``moves`` moves; the latency samples and the load before."""
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
    people = [Player(browser, server, name) for name in ("Ana", "Bo", "Cy", "Dee")]
    people[0].open("room=new&seats=4&idle=3600", ready=".p10-room-code")
    code = str(people[0].page.locator(".p10-room-code").text_content())
    people[0].take_seat(0)
    for seat, person in enumerate(people[1:], start=1):
        person.open(f"room={code}")
        person.take_seat(seat)
    people[0].page.locator(".p10-btn-start").click()
    for person in people:
        expect(person.page.locator(".p10-table")).to_be_visible(timeout=WAIT)
        person.page.evaluate(COUNTER)
    load = os.getloadavg()[0]
    bots = {seat: SmartBot(seed=seat + 1) for seat in range(4)}
    samples: list[float] = []
    for _ in range(moves):
        room, game = room_now(rooms, code)
        if game.game.is_over() or len(game.log) > 180:
            break
        seat = game.game.current_player
        page = people[seat].page
        next_round = page.locator(".p10-btn-next-hand")
        if next_round.is_visible():  # a finished round's summary: its player closes it to play on
            next_round.click()
        expect(page.locator(".p10-turn-yours")).to_be_visible(timeout=WAIT)
        hand = page.locator(".p10-table .p10-hand button.p10-card")
        expect(hand).to_have_count(len(game.game.hands[seat]), timeout=WAIT)
        action = bots[seat].choose(game.game.view(seat))
        started = float(page.evaluate("() => Date.now()"))
        click_action(page, game, seat, action)
        committed = lambda room=room: rooms.load(code).position > room.position  # type: ignore[union-attr]  # noqa: E731
        wait_until("the commit", committed)
        lines = len(room_now(rooms, code)[1].log)
        for other, person in enumerate(people):
            if other != seat:
                shown = wait_until(
                    "the move on another page", lambda person=person, lines=lines: _shown_at(person.page, lines)
                )
                samples.append((shown - started) / 1000)
    browser.close()
    return samples, load


def measure(database: str, moves: int) -> tuple[list[float], float]:
    with a_store(database) as where:
        rooms = RoomStore(where)
        port = _free_port()
        command = [*voila_command(port), "--ClassroomKernelManager.max_kernels_per_address=22"]
        log = Path(tempfile.gettempdir()) / "bench-room-latency-voila.log"
        env = {**os.environ, STORE_VARIABLE: where}
        with running_server(command, port, log, env=env) as server, sync_playwright() as playwright:
            return _play(server, playwright, rooms, moves)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    options = parser.parse_args()
    samples, load = measure(options.database, options.moves)
    samples.sort()
    p95 = samples[min(len(samples) - 1, round(0.95 * (len(samples) - 1)))]
    print("| database | load before | moves | samples | median | 95th percentile | longest | target (median / 95th) |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    print(
        f"| {options.database} | {load:.1f} | {len(samples) // 3} | {len(samples)} | "
        f"{statistics.median(samples):.2f} s | {p95:.2f} s | {samples[-1]:.2f} s | ≤ 0.5 s / ≤ 1.5 s |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
