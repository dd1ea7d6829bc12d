"""A class arriving at the Voila table: N students open the page over a minute, play with think times, some close
their tab, some reload and resume; latency percentiles, kernel count and memory, as the server sees them.

Run: ``.venv/bin/python benchmarks/bench_classroom.py [--students 12] [--arrival 60] [--turns 4] [--seed 1]``
(about 2–3 minutes; loopback only; needs Debian's chromium). One standalone Voila server started from the
repository root, exactly as ``make play`` starts it (``voila.json``: preheated pool, kernels of closed tabs
stopped, idle culling), with ``P10_STORE`` in a temporary folder; one headless Chromium, one tab per student.

Each student (a seeded script, every loop bounded): arrives at a random time within ``--arrival`` seconds,
opens the table (``players=2&bots=greedy``), then plays ``--turns`` turns: thinks 2–6 s, Draw, thinks 1–4 s,
discards a card and waits for the bot's answer. Then one student in three closes the tab, one in three reloads
the page and clicks "Resume game", the rest keep the page open. Timed in the page's own terms (Playwright's
round trips included): open (goto to cards shown), Draw (click to 11th card), Discard (click to Draw enabled
again, the bot's moves at their 0.8 s pace included), resume (reload to the resumed log). The server's kernels
(its child processes) and their resident memory (``VmRSS``) are sampled every second.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright, expect

ROOT = Path(__file__).resolve().parent.parent
WAIT = 180_000
CARDS = ".p10-table .p10-hand button.p10-card"
QUERY = "players=2&bots=greedy"
GRACE_S = 10  # voila.json: ClassroomKernelManager.disconnect_grace
MB = 1024 * 1024


@dataclass
class Timings:
    open_ms: list[float] = field(default_factory=list)
    draw_ms: list[float] = field(default_factory=list)
    discard_ms: list[float] = field(default_factory=list)
    resume_ms: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _children(pid: int) -> list[int]:
    alive = []
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        try:
            state = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            continue
        if state != "Z":
            alive.append(int(child))
    return alive


def _rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except FileNotFoundError:
        pass
    return 0.0


def _percentiles(values: list[float]) -> str:
    if not values:
        return "— | — | — | 0"
    ordered = sorted(values)

    def at(fraction: float) -> float:
        return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]

    return f"{statistics.median(ordered):.0f} | {at(0.9):.0f} | {ordered[-1]:.0f} | {len(ordered)}"


def _only_loopback(route: Any) -> Any:
    host = route.request.url.split("/")[2].split(":")[0]
    return route.continue_() if host in ("127.0.0.1", "localhost") else route.abort()


def _since(start: float) -> float:
    return (time.perf_counter() - start) * 1000


async def _turn(page: Any, rng: random.Random, timings: Timings) -> None:
    draw = page.locator(".p10-btn-draw")
    await expect(draw).to_be_enabled(timeout=WAIT)
    await asyncio.sleep(rng.uniform(2, 6))
    start = time.perf_counter()
    await draw.click()
    await expect(page.locator(CARDS)).to_have_count(11, timeout=WAIT)
    timings.draw_ms.append(_since(start))
    await asyncio.sleep(rng.uniform(1, 4))
    await page.locator(CARDS).nth(rng.randrange(11)).click()
    discard = page.locator(".p10-btn-discard")
    await expect(discard).to_be_enabled(timeout=WAIT)
    start = time.perf_counter()
    await discard.click()
    await expect(draw).to_be_enabled(timeout=WAIT)
    timings.discard_ms.append(_since(start))


async def _student(number: int, context: Any, url: str, args: argparse.Namespace, timings: Timings) -> None:
    rng = random.Random(args.seed * 1000 + number)
    await asyncio.sleep(rng.uniform(0, args.arrival))
    page = await context.new_page()
    await page.route("**/*", _only_loopback)
    try:
        start = time.perf_counter()
        await page.goto(f"{url}/voila/render/play.ipynb?{QUERY}", timeout=WAIT)
        await expect(page.locator(CARDS).first).to_be_visible(timeout=WAIT)
        timings.open_ms.append(_since(start))
        for _ in range(args.turns):
            await _turn(page, rng, timings)
        if number % 3 == 0:
            await page.close(run_before_unload=True)
        elif number % 3 == 1:
            log = (await page.locator(".p10-log").text_content() or "").strip()
            start = time.perf_counter()
            await page.reload(timeout=WAIT)
            button = page.locator(".p10-resume .p10-btn-resume")
            await expect(button).to_be_visible(timeout=WAIT)
            await button.click()
            await expect(page.locator(".p10-log")).to_have_text(log, timeout=WAIT)
            timings.resume_ms.append(_since(start))
    except Exception as error:  # a benchmark reports a failed student instead of stopping the class
        page_said = ""
        with contextlib.suppress(Exception):
            body = await page.locator("body").inner_text(timeout=5000)
            page_said = " (the page: " + " ".join(body.split())[:160] + ")"
        timings.failures.append(f"student {number}: {type(error).__name__}: {str(error)[:120]}{page_said}")


async def _sample(server_pid: int, stop: asyncio.Event, samples: list[tuple[float, int, float, float]]) -> None:
    start = time.perf_counter()
    while not stop.is_set():
        kernels = _children(server_pid)
        kernel_mb = sum(_rss_mb(pid) for pid in kernels)
        samples.append((time.perf_counter() - start, len(kernels), kernel_mb, _rss_mb(server_pid)))
        with contextlib.suppress(TimeoutError):  # one second passed without the stop: sample again
            await asyncio.wait_for(stop.wait(), timeout=1.0)


async def run_class(url: str, server_pid: int, args: argparse.Namespace) -> tuple[Timings, list[Any], float, int]:
    timings, samples = Timings(), []
    stop = asyncio.Event()
    sampler = asyncio.create_task(_sample(server_pid, stop, samples))
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=shutil.which("chromium"), args=["--no-sandbox", "--disable-gpu"]
        )
        # One browser context per student: each has its own localStorage, as on separate laptops.
        contexts = [await browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(args.students)]
        started = time.perf_counter()
        await asyncio.gather(*(_student(n, contexts[n], url, args, timings) for n in range(args.students)))
        class_s = time.perf_counter() - started
        # The closed tabs' kernels stop after the grace period: wait for it, then count once more.
        await asyncio.sleep(GRACE_S + 5)
        after_close = len(_children(server_pid))
        await browser.close()
    stop.set()
    await sampler
    return timings, samples, class_s, after_close


def _start_voila(store: Path, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    command = [sys.executable, "-m", "voila", "notebooks", "--no-browser", f"--port={port}"]
    command += ["--Voila.ip=127.0.0.1", "--Voila.port_retries=0"]
    with open(log, "w") as out:
        server = subprocess.Popen(
            command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "P10_STORE": str(store)}
        )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            urllib.request.urlopen(url + "/", timeout=2)
            break
        except urllib.error.HTTPError:
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Voila did not start; see {log}") from None
            time.sleep(0.3)
    # Wait (bounded) for the preheated pool, so the first student meets the server as a class would.
    for _ in range(120):
        if _children(server.pid):
            break
        time.sleep(0.5)
    time.sleep(3)
    return server, url


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--students", type=int, default=12)
    parser.add_argument("--arrival", type=float, default=60.0, help="seconds over which the students arrive")
    parser.add_argument("--turns", type=int, default=4, help="turns each student plays (bounded loop)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not shutil.which("chromium"):
        print("skipped: no chromium on PATH (apt-get install chromium)")
        return
    with tempfile.TemporaryDirectory() as folder:
        server, url = _start_voila(Path(folder) / "tables.sqlite3", Path(folder) / "voila.log")
        try:
            idle_kernels = _children(server.pid)
            idle_server_mb = _rss_mb(server.pid)
            pool_mb = sum(_rss_mb(pid) for pid in idle_kernels)
            timings, samples, class_s, after_close = asyncio.run(run_class(url, server.pid, args))
        finally:
            server.terminate()
            server.wait(timeout=30)
    peak = max(samples, key=lambda sample: sample[1])
    per_kernel = [mb / count for _, count, mb, _ in samples if count]
    kept_open = args.students - len(range(0, args.students, 3))  # closed: students 0, 3, 6, ...
    print(
        f"{args.students} students over {args.arrival:.0f} s, {args.turns} turns each, seed {args.seed}, "
        f"{os.cpu_count()} cores (load average before: {os.getloadavg()[0]:.1f}); the class took {class_s:.0f} s."
    )
    print()
    print("| step (ms) | median | p90 | max | count |")
    print("|---|---:|---:|---:|---:|")
    print(f"| open the table (goto to cards shown) | {_percentiles(timings.open_ms)} |")
    print(f"| Draw click to the 11th card | {_percentiles(timings.draw_ms)} |")
    print(f"| Discard click to the bot's answer (0.8 s per bot move) | {_percentiles(timings.discard_ms)} |")
    print(f"| reload to the resumed game shown | {_percentiles(timings.resume_ms)} |")
    print()
    print("| server | measured |")
    print("|---|---:|")
    print(f"| kernels before the class (preheated pool) | {len(idle_kernels)} ({pool_mb:.0f} MB) |")
    print(f"| kernels at the peak (t = {peak[0]:.0f} s) | {peak[1]} |")
    print(f"| kernels' memory at the peak | {peak[2]:.0f} MB |")
    print(f"| memory per kernel (median over samples) | {statistics.median(per_kernel):.0f} MB |")
    print(f"| Voila server process (idle, then at the peak) | {idle_server_mb:.0f} MB, {peak[3]:.0f} MB |")
    print(f"| kernels {GRACE_S + 5} s after the class: {kept_open} pages still open + pool | {after_close} |")
    if timings.failures:
        print()
        print("Failed students:")
        for failure in timings.failures:
            print(f"- {failure}")


if __name__ == "__main__":
    main()
