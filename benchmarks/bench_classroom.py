"""A class at the Voila table: N students (30 by default) open the page over a minute, play a few turns against a
bot, some reload and resume, then every tab closes; kernel memory, the server's total, click latencies, and
whether every kernel is freed afterwards.

Run: ``.venv/bin/python benchmarks/bench_classroom.py [--students 30] [--arrival 60] [--turns 4] [--seed 1]
[--pool N] [--against DIR]`` (about 5 minutes for 30 students; loopback only; needs Debian's chromium).

The server is one standalone Voila started from the checkout's root exactly as ``make play`` starts it
(``voila.json``: preheated pool, ``max_kernels``, kernels of closed tabs stopped after 10 s, culling), with
``P10_STORE`` in a temporary folder. One thing differs from a school: every page comes from 127.0.0.1, one
"computer", so the per-address cap (``max_kernels_per_address``, 8: a school's laptop) is lifted, as
docs/classroom.md advises for a class behind one address. ``--pool N`` preheats N table kernels instead of
``voila.json``'s, ``--max-kernels N`` caps the server's pages at N (0: no cap);
``--against DIR`` runs the same class (same seed) first on the checkout at DIR (its own
``voila.json``, its phase10kit and widgets first on ``PYTHONPATH``), then on this one, and prints both.

The students: ``--browsers K`` of them (4 by default, spread over the arrival) use headless Chromium (Debian's), a
browser context each (its own cookies and ``localStorage``, as separate laptops); the others use
``voila_client.TablePage``, which exchanges with the server and the kernel exactly the messages a Voila page does
(it loads the page, asks for every widget's state, says the page is shown, pings every 4 s, clicks) without
drawing anything. Thirty Chromium pages and thirty kernels do not fit on this machine's two cores (measured:
benchmarks/README.md), and a class's laptops draw their pages on their own processors anyway; the Chromium pages
still measure what a student sees, on the same two cores as the server and the kernels.

Each student (a seeded script, every wait bounded): arrives at a random time within ``--arrival`` seconds,
opens the table (``players=2&bots=greedy``, the bot at its default 0.8 s per move), then plays ``--turns``
turns: thinks 2-6 s, clicks Draw, thinks 1-4 s, selects a card and discards it, waits for the bot. Then one
student in three closes the tab, one in three reloads and clicks "Resume game", the rest keep the page open
until the end, when every tab is closed.

Timed in a Chromium page's own clock (``performance.now()``; no Playwright round trip) and, for the other students,
when the kernel's message reaches the client: Draw (the click to the 11th card in the hand) and Discard (the click
to Draw enabled again, the bot's move at its 0.8 s pace included). Open: Chromium's ``goto`` to the first card
shown; the client's request to every widget's state received. Resume: reload to the resumed game shown (a client
reloads as a page does: a new page, the remembered table id sent, "Resume game" clicked).
Memory is each kernel's resident set (``VmRSS``): the kernel behind each page (found by the kernel id in the
page) when its student has played, and the server's processes (Voila and every kernel) sampled every second.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
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

from bench_common import stop
from playwright.async_api import async_playwright, expect
from voila_client import TablePage

ROOT = Path(__file__).resolve().parent.parent
WAIT = 300_000  # ms: thirty kernels starting on two cores take minutes; every wait is still bounded
CARDS = ".p10-table .p10-hand button.p10-card"
QUERY = "players=2&bots=greedy"
GRACE_S = 10  # voila.json: ClassroomKernelManager.disconnect_grace
FREED_WAIT_S = 90  # after the last tab closes, how long the kernels may take to stop

# In the page: click Draw and resolve with the milliseconds until the hand shows one card more.
TIMED_DRAW = """() => new Promise((resolve) => {
    const hand = () => document.querySelectorAll('.p10-table .p10-hand button.p10-card').length;
    const before = hand();
    const start = performance.now();
    const observer = new MutationObserver(() => {
        if (hand() > before) { observer.disconnect(); resolve(performance.now() - start); }
    });
    observer.observe(document.body, {childList: true, subtree: true});
    document.querySelector('.p10-table .p10-btn-draw').click();
    setTimeout(() => { observer.disconnect(); resolve(-1); }, 120000);
})"""

# In the page: click Discard and resolve with the milliseconds until Draw is enabled again (the bot has moved).
TIMED_DISCARD = """() => new Promise((resolve) => {
    const draw = () => document.querySelector('.p10-table .p10-btn-draw');
    const start = performance.now();
    let left = false;
    const observer = new MutationObserver(() => {
        const button = draw();
        if (!button || button.disabled || button.offsetParent === null) { left = true; return; }
        if (left) { observer.disconnect(); resolve(performance.now() - start); }
    });
    observer.observe(document.body, {childList: true, subtree: true, attributes: true});
    document.querySelector('.p10-table .p10-btn-discard').click();
    setTimeout(() => { observer.disconnect(); resolve(-1); }, 120000);
})"""


@dataclass
class Timings:
    open_ms: list[float] = field(default_factory=list)
    draw_ms: list[tuple[float, float]] = field(default_factory=list)  # (seconds into the class, ms): clients
    browser_draw_ms: list[tuple[float, float]] = field(default_factory=list)  # the same, in Chromium pages
    discard_ms: list[float] = field(default_factory=list)
    resume_ms: list[float] = field(default_factory=list)
    page_kernel_mb: dict[int, float] = field(default_factory=dict)  # student: their kernel's RSS after playing
    failures: list[str] = field(default_factory=list)
    last_open_s: float = 0.0  # seconds into the class when the last table opened


@dataclass
class ClassResult:
    label: str
    timings: Timings
    samples: list[tuple[float, int, float, float]]  # (s, kernels, kernels' MB, server MB)
    idle_kernels: int
    idle_pool_mb: float
    idle_server_mb: float
    class_s: float
    kept_after_close: int
    freed_s: float | None  # seconds after the last tab closed until only the pool was left (None: never)
    load: tuple[float, float]
    log_notes: list[str]  # the server log's warnings and errors (the first few)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _children(pid: int) -> list[int]:
    alive = []
    try:
        listed = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except FileNotFoundError:
        return alive
    for child in listed:
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


def _kernel_pid(server_pid: int, kernel_id: str) -> int | None:
    for child in _children(server_pid):
        with contextlib.suppress(FileNotFoundError):
            if f"kernel-{kernel_id}.json" in Path(f"/proc/{child}/cmdline").read_text(errors="replace"):
                return child
    return None


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def _stats(values: list[float]) -> str:
    if not values:
        return "—"
    return f"{statistics.median(values):.0f} / {_percentile(values, 0.95):.0f} / {max(values):.0f} / {len(values)}"


def _only_loopback(route: Any) -> Any:
    host = route.request.url.split("/")[2].split(":")[0]
    return route.continue_() if host in ("127.0.0.1", "localhost") else route.abort()


def _since(start: float) -> float:
    return (time.perf_counter() - start) * 1000


async def _turn(page: Any, rng: random.Random, timings: Timings, class_start: float) -> None:
    draw = page.locator(".p10-table .p10-btn-draw")
    await expect(draw).to_be_enabled(timeout=WAIT)
    await asyncio.sleep(rng.uniform(2, 6))
    drawn = await page.evaluate(TIMED_DRAW)
    if drawn < 0:
        raise TimeoutError("the drawn card never showed")
    timings.browser_draw_ms.append((time.perf_counter() - class_start, drawn))
    await asyncio.sleep(rng.uniform(1, 4))
    await page.locator(CARDS).nth(rng.randrange(11)).click()
    await expect(page.locator(".p10-table .p10-btn-discard")).to_be_enabled(timeout=WAIT)
    answered = await page.evaluate(TIMED_DISCARD)
    if answered < 0:
        raise TimeoutError("the bot never answered")
    timings.discard_ms.append(answered)


async def _student(
    number: int, context: Any, url: str, server_pid: int, args: argparse.Namespace, timings: Timings, start: float
) -> Any:
    """One student's session; returns the page still open at the end (None when closed)."""
    rng = random.Random(args.seed * 1000 + number)
    await asyncio.sleep(rng.uniform(0, args.arrival))
    page = await context.new_page()
    await page.route("**/*", _only_loopback)
    try:
        opened = time.perf_counter()
        await page.goto(f"{url}/voila/render/play.ipynb?{QUERY}", timeout=WAIT)
        await expect(page.locator(CARDS).first).to_be_visible(timeout=WAIT)
        timings.open_ms.append(_since(opened))
        timings.last_open_s = max(timings.last_open_s, time.perf_counter() - start)
        for _ in range(args.turns):
            await _turn(page, rng, timings, start)
        config = json.loads(await page.locator("#jupyter-config-data").text_content() or "{}")
        pid = _kernel_pid(server_pid, str(config.get("kernelId", "")))
        if pid is not None:
            timings.page_kernel_mb[number] = _rss_mb(pid)
        if number % 3 == 0:
            await page.close(run_before_unload=True)
            return None
        if number % 3 == 1:
            log = (await page.locator(".p10-log").text_content() or "").strip()
            reloaded = time.perf_counter()
            await page.reload(timeout=WAIT)
            button = page.locator(".p10-resume .p10-btn-resume")
            await expect(button).to_be_visible(timeout=WAIT)
            await button.click()
            await expect(page.locator(".p10-log")).to_have_text(log, timeout=WAIT)
            timings.resume_ms.append(_since(reloaded))
    except Exception as error:  # a benchmark reports a failed student instead of stopping the class
        page_said = ""
        with contextlib.suppress(Exception):
            body = await page.locator("body").inner_text(timeout=5000)
            page_said = " (the page: " + " ".join(body.split())[:160] + ")"
        timings.failures.append(f"student {number}: {type(error).__name__}: {str(error)[:120]}{page_said}")
    return page


async def _client_student(
    number: int, url: str, server_pid: int, args: argparse.Namespace, timings: Timings, start: float
) -> TablePage | None:
    """One student's session through ``voila_client``; returns the page still open at the end (None when closed)."""
    rng = random.Random(args.seed * 1000 + number)
    await asyncio.sleep(rng.uniform(0, args.arrival))
    page = TablePage(url, QUERY)
    try:
        opened = time.perf_counter()
        await page.open(WAIT / 1000)
        timings.open_ms.append(_since(opened))
        timings.last_open_s = max(timings.last_open_s, time.perf_counter() - start)
        for _ in range(args.turns):
            await page.wait_for(lambda: page.shown_and_enabled("p10-btn-draw"), WAIT / 1000)
            await asyncio.sleep(rng.uniform(2, 6))
            drawn = await page.draw(WAIT / 1000)
            timings.draw_ms.append((time.perf_counter() - start, drawn))
            await asyncio.sleep(rng.uniform(1, 4))
            timings.discard_ms.append(await page.discard(rng.randrange(11), WAIT / 1000))
        pid = _kernel_pid(server_pid, page.kernel_id)
        if pid is not None:
            timings.page_kernel_mb[number] = _rss_mb(pid)
        if number % 3 == 0:
            await page.close()
            return None
        if number % 3 == 1:  # a reload: a new page, which sends the id the browser remembered
            hand = page.hand()
            keeper = page.model("storage_key")
            remembered = page.states[keeper]["table_id"] if keeper is not None else ""
            reloaded = time.perf_counter()
            await page.close()
            page = TablePage(url, QUERY)
            await page.open(WAIT / 1000)
            await page.update(page.model("storage_key"), {"stored_id": remembered})
            await page.wait_for(lambda: page.displayed(page.model("children", "p10-resume")), WAIT / 1000)
            await page.custom(page.model("disabled", "p10-btn-resume"), {"event": "click"})
            await page.wait_for(lambda: page.hand() == hand, WAIT / 1000)
            timings.resume_ms.append(_since(reloaded))
    except Exception as error:  # a benchmark reports a failed student instead of stopping the class
        timings.failures.append(f"student {number} (client): {type(error).__name__}: {str(error)[:160]}")
    return page


async def _sample(server_pid: int, stop: asyncio.Event, samples: list[tuple[float, int, float, float]]) -> None:
    start = time.perf_counter()
    while not stop.is_set():
        kernels = _children(server_pid)
        kernel_mb = sum(_rss_mb(pid) for pid in kernels)
        samples.append((time.perf_counter() - start, len(kernels), kernel_mb, _rss_mb(server_pid)))
        with contextlib.suppress(TimeoutError):  # one second passed without the stop: sample again
            await asyncio.wait_for(stop.wait(), timeout=1.0)


async def run_class(url: str, server_pid: int, pool: int, args: argparse.Namespace) -> tuple[Any, ...]:
    timings, samples = Timings(), []
    stop = asyncio.Event()
    sampler = asyncio.create_task(_sample(server_pid, stop, samples))
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=shutil.which("chromium"), args=["--no-sandbox", "--disable-gpu"]
        )
        browsers = _browser_students(args)
        contexts = {n: await browser.new_context(viewport={"width": 1280, "height": 800}) for n in browsers}
        started = time.perf_counter()
        pages = await asyncio.gather(
            *(
                _student(n, contexts[n], url, server_pid, args, timings, started)
                if n in browsers
                else _client_student(n, url, server_pid, args, timings, started)
                for n in range(args.students)
            )
        )
        class_s = time.perf_counter() - started
        # The tabs closed during the class have had their grace period by now for most: count the kernels left.
        await asyncio.sleep(GRACE_S + 5)
        kept = len(_children(server_pid))
        for page in pages:  # the lesson ends: every tab closes
            if isinstance(page, TablePage):
                await page.close()
            elif page is not None:
                with contextlib.suppress(Exception):
                    await page.close(run_before_unload=True)
        for context in contexts.values():
            await context.close()
        closed = time.perf_counter()
        freed_s = None
        while time.perf_counter() - closed < FREED_WAIT_S:
            if len(_children(server_pid)) <= pool:
                freed_s = time.perf_counter() - closed
                break
            await asyncio.sleep(0.5)
        await browser.close()
    stop.set()
    await sampler
    return timings, samples, class_s, kept, freed_s


def _browser_students(args: argparse.Namespace) -> set[int]:
    """The students who use Chromium: ``--browsers`` of them, spread evenly over the class."""
    count = min(args.browsers, args.students)
    return {round(i * args.students / count) for i in range(count)} if count else set()


def _start_voila(
    folder: Path, checkout: Path, pool: int | None, max_kernels: int | None
) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    log = folder / "voila.log"
    command = [sys.executable, "-m", "voila", "notebooks", "--no-browser", f"--port={port}"]
    command += ["--Voila.ip=127.0.0.1", "--Voila.port_retries=0"]
    command += ["--ClassroomKernelManager.max_kernels_per_address=0"]  # every student is 127.0.0.1 here
    if max_kernels is not None:
        command += [f"--ClassroomKernelManager.max_kernels={max_kernels}"]
    if pool is not None:
        mapping = {"default": {"pool_size": 0}, "play.ipynb": {"pool_size": pool}}
        command += [f"--VoilaKernelManager.kernel_pools_config={json.dumps(mapping)}"]
    env = {**os.environ, "P10_STORE": str(folder / "tables.sqlite3")}
    if checkout != ROOT:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(checkout), env.get("PYTHONPATH")) if p)
    with open(log, "w") as out:
        server = subprocess.Popen(command, cwd=checkout, stdout=out, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
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
    return server, url


def _pool_size(checkout: Path, pool: int | None) -> int:
    if pool is not None:
        return pool
    config = json.loads((checkout / "voila.json").read_text(encoding="utf-8"))
    return int(config["VoilaKernelManager"]["kernel_pools_config"]["play.ipynb"]["pool_size"])


def one_class(checkout: Path, label: str, args: argparse.Namespace) -> ClassResult:
    pool = _pool_size(checkout, args.pool)
    with tempfile.TemporaryDirectory() as name:
        server, url = _start_voila(Path(name), checkout, args.pool, args.max_kernels)
        try:
            deadline = time.monotonic() + 300  # the preheated pool fills, so the class meets a ready server
            while len(_children(server.pid)) < pool and time.monotonic() < deadline:
                time.sleep(0.5)
            time.sleep(5)
            idle = _children(server.pid)
            idle_mb = sum(_rss_mb(pid) for pid in idle)
            idle_server_mb = _rss_mb(server.pid)
            before = os.getloadavg()[0]
            timings, samples, class_s, kept, freed_s = asyncio.run(run_class(url, server.pid, pool, args))
            after = os.getloadavg()[0]
            notes = [
                line.strip()[:200]
                for line in (Path(name) / "voila.log").read_text(errors="replace").splitlines()
                if any(word in line for word in ("ERROR", "Traceback", "Timeout", "Refused"))
            ][:12]
        finally:
            stop(server)
    return ClassResult(
        label, timings, samples, len(idle), idle_mb, idle_server_mb, class_s, kept, freed_s, (before, after), notes
    )


def report(results: list[ClassResult], args: argparse.Namespace) -> None:
    print(
        f"{args.students} students arriving within {args.arrival:.0f} s ({min(args.browsers, args.students)} in "
        f"Chromium, the others through voila_client), {args.turns} turns each, seed {args.seed}, {os.cpu_count()} "
        "cores shared by the server, the kernels and the browsers (and other work: load averages below).\n"
    )
    columns = " | ".join(result.label for result in results)
    print(f"| what | {columns} |")
    print("|---|" + "---:|" * len(results))

    def row(what: str, values: list[str]) -> None:
        print(f"| {what} | {' | '.join(values)} |")

    row("load average before / after the class", [f"{r.load[0]:.1f} / {r.load[1]:.1f}" for r in results])
    row("students whose session failed", [str(len(r.timings.failures)) for r in results])
    row("the class took (s)", [f"{r.class_s:.0f}" for r in results])
    row("open the table: median / p95 / max (s)", [_seconds(r.timings.open_ms) for r in results])
    row("last table open at (s into the class)", [f"{r.timings.last_open_s:.0f}" for r in results])
    everyone = lambda s, last: True  # noqa: E731
    seated = lambda s, last: s > last  # noqa: E731
    for what, kind, chosen in (
        ("Draw to the 11th card, clients, every click: median / p95 / max / clicks (ms)", "draw_ms", everyone),
        ("Draw, clients, once every table was open (ms)", "draw_ms", seated),
        ("Draw to the 11th card drawn, Chromium pages, every click (ms)", "browser_draw_ms", everyone),
        ("Draw, Chromium pages, once every table was open (ms)", "browser_draw_ms", seated),
    ):
        row(
            what,
            [_stats([ms for s, ms in getattr(r.timings, kind) if chosen(s, r.timings.last_open_s)]) for r in results],
        )
    row(
        "Discard to the bot's answer (0.8 s a move): median / p95 / max / count (ms)",
        [_stats(r.timings.discard_ms) for r in results],
    )
    row("reload to the resumed game: median / p95 / max / count (ms)", [_stats(r.timings.resume_ms) for r in results])
    page_mb = [list(r.timings.page_kernel_mb.values()) for r in results]
    row(
        "a page's kernel after its turns: median / max (MB RSS)",
        [f"{statistics.median(v):.0f} / {max(v):.0f}" if v else "—" for v in page_mb],
    )
    row(
        "preheated kernels before the class: count, MB each",
        [f"{r.idle_kernels}, {r.idle_pool_mb / max(1, r.idle_kernels):.0f}" for r in results],
    )
    peaks = [max(r.samples, key=lambda sample: sample[2] + sample[3]) for r in results]
    row("kernels at the peak", [str(max(sample[1] for sample in r.samples)) for r in results])
    row(
        "server total at the peak: Voila + kernels (MB)",
        [f"{p[3]:.0f} + {p[2]:.0f} = {p[2] + p[3]:.0f}" for p in peaks],
    )
    row(
        "Voila server process: idle, peak (MB)",
        [f"{r.idle_server_mb:.0f}, {max(sample[3] for sample in r.samples):.0f}" for r in results],
    )
    row("kernels 15 s after the class (pages still open + pool)", [str(r.kept_after_close) for r in results])
    row(
        "every tab closed: back to the pool alone after (s)",
        [f"{r.freed_s:.0f}" if r.freed_s is not None else f"not within {FREED_WAIT_S}" for r in results],
    )
    for r in results:
        if r.timings.failures:
            print(f"\nFailed students ({r.label}):")
            for failure in r.timings.failures:
                print(f"- {failure}")
        if r.log_notes:
            print(f"\nThe server's log ({r.label}), warnings and errors, the first {len(r.log_notes)}:")
            for note in r.log_notes:
                print(f"- {note}")


def _seconds(values: list[float]) -> str:
    if not values:
        return "—"
    return f"{statistics.median(values) / 1000:.1f} / {_percentile(values, 0.95) / 1000:.1f} / {max(values) / 1000:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--arrival", type=float, default=60.0, help="seconds over which the students arrive")
    parser.add_argument("--turns", type=int, default=4, help="turns each student plays (bounded loop)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--browsers", type=int, default=4, help="students using Chromium (the others: voila_client)")
    parser.add_argument("--pool", type=int, help="preheated table kernels (default: voila.json's)")
    parser.add_argument("--max-kernels", type=int, help="the server's cap on pages (default: voila.json's; 0: none)")
    parser.add_argument("--against", metavar="DIR", help="first run the same class on the checkout at DIR")
    args = parser.parse_args()
    if not shutil.which("chromium"):
        print("skipped: no chromium on PATH (apt-get install chromium)")
        return
    results = []
    if args.against:
        results.append(one_class(Path(args.against).resolve(), args.against, args))
    results.append(one_class(ROOT, "this code", args))
    report(results, args)


if __name__ == "__main__":
    main()
