"""A class arriving at once: eight table pages opened in the same second, and where each page's time to the table
goes (the server's answer, the page's scripts, the widgets), with the browsers on the server's own cores.

Run: ``.venv/bin/python benchmarks/bench_arrival.py [--pages 8] [--runs 3] [--pool N] [--fill-delay S]
[--clients] [--against DIR]`` (a few minutes; loopback only; needs Debian's chromium).

One standalone Voila server from the checkout's root, as ``make play`` starts it (``voila.json``; ``--pool`` and
``--fill-delay`` override its preheated pool of table kernels and the delay before the pool is refilled). For
each run the server first has exactly its pool of kernels; then every page is asked for at the same moment, each
in a Chromium browser context of its own (eight students' laptops, here all on the server's two cores), as
``tests/browser/test_class_arrival_browser.py`` does. Each page records, in its own clock from the start of its
navigation (the Navigation Timing API and a MutationObserver installed before the page's scripts):

- first byte: Voila has a kernel for the page and starts sending it (a preheated kernel at once; otherwise a
  kernel is started and the notebook's imports run first);
- page sent: the last byte of the page (Voila has run the notebook: the table is built in the kernel);
- scripts run: the page's ``load`` event (Voila's and the widget extensions' scripts fetched and run);
- table shown: the first card of the hand on screen (the widget manager has connected to the kernel, fetched
  every widget's state and drawn them).

Each run also adds up the CPU seconds used until every page showed its table: by the browsers (this benchmark's
Chromium and its renderers), by the Voila server process and by its kernels (the pool's refills included): on two
cores, their sum over two is the least the arrival can take. ``--clients`` opens the pages with ``voila_client``
instead (no browser: the server's and the kernels' part only).
The load average is printed with each run: the machine is shared.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from bench_classroom import _children, _free_port
from bench_common import stop
from playwright.async_api import async_playwright
from voila_client import TablePage

ROOT = Path(__file__).resolve().parent.parent
WAIT_S = 300.0
GRACE_S = 10  # voila.json: ClassroomKernelManager.disconnect_grace
CARD = ".p10-table .p10-hand button.p10-card"
OFFLINE = {"server": "http://127.0.0.1:9", "bypass": "127.0.0.1,localhost"}  # other hosts: a closed port

# Installed before any script of the page: note when the first card of the hand appears.
WATCH = """
(() => {
  const seen = () => {
    if (window.__p10Table === undefined && document.querySelector('.p10-table .p10-hand button.p10-card')) {
      window.__p10Table = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, {childList: true, subtree: true});
})();
"""

READ = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const scripts = performance.getEntriesByType('resource').filter(r => r.initiatorType === 'script');
  return {
    first_byte: nav.responseStart, sent: nav.responseEnd, loaded: nav.loadEventEnd,
    table: window.__p10Table === undefined ? null : window.__p10Table,
    scripts: scripts.length, script_kb: scripts.reduce((sum, r) => sum + r.decodedBodySize, 0) / 1024,
  };
}"""


TICK = os.sysconf("SC_CLK_TCK")
MARKER = "--p10-arrival-browser"  # a switch Chromium ignores: finds this benchmark's browser among others'


def _cpu_s(pid: int) -> float:
    """CPU seconds (user + system) the process has used so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def _tree(pid: int) -> list[int]:
    """The process and all its descendants."""
    found = [pid]
    with contextlib.suppress(FileNotFoundError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                found += _tree(int(child))
    return found


class CpuBudget:
    """CPU seconds used by the browsers, the Voila server and its kernels since ``start`` (kernels that stop on
    the way keep their last reading)."""

    def __init__(self, server: int) -> None:
        self.server = server
        self.seen: dict[int, float] = {}
        self.start = self.read()

    def _browsers(self) -> float:
        mains = [int(line.split()[0]) for line in os.popen("ps -eo pid,args").read().splitlines()[1:] if MARKER in line]
        return sum(_cpu_s(pid) for main in mains for pid in _tree(main))

    def _kernels(self) -> float:
        for pid in _tree(self.server)[1:]:
            self.seen[pid] = _cpu_s(pid)
        return sum(self.seen.values())

    def read(self) -> tuple[float, float, float]:
        return self._browsers(), _cpu_s(self.server), self._kernels()

    def used(self) -> tuple[float, float, float]:
        now = self.read()
        return now[0] - self.start[0], now[1] - self.start[1], now[2] - self.start[2]


def start_server(
    folder: Path, checkout: Path, pool: int | None, fill_delay: float | None, extra: list[str]
) -> subprocess.Popen[bytes]:
    port = _free_port()
    command = [sys.executable, "-m", "voila", "notebooks", "--no-browser", f"--port={port}"]
    command += ["--Voila.ip=127.0.0.1", "--Voila.port_retries=0", "--ClassroomKernelManager.max_kernels_per_address=0"]
    if pool is not None:
        mapping = {"default": {"pool_size": 0}, "play.ipynb": {"pool_size": pool}}
        command += [f"--VoilaKernelManager.kernel_pools_config={json.dumps(mapping)}"]
    if fill_delay is not None:
        command += [f"--VoilaKernelManager.fill_delay={fill_delay}"]
    command += extra
    env = {**os.environ, "P10_STORE": str(folder / "tables.sqlite3")}
    if checkout != ROOT:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(checkout), env.get("PYTHONPATH")) if p)
    log = open(folder / "voila.log", "w")  # noqa: SIM115 (closed with the folder)
    server = subprocess.Popen(command, cwd=checkout, stdout=log, stderr=subprocess.STDOUT, env=env)
    server.url = f"http://127.0.0.1:{port}"  # type: ignore[attr-defined]
    deadline = time.monotonic() + 120
    while True:
        try:
            urllib.request.urlopen(server.url + "/", timeout=2)  # type: ignore[attr-defined]
            return server
        except urllib.error.HTTPError:
            return server
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("Voila did not start") from None
            time.sleep(0.3)


def wait_for_kernels(server: subprocess.Popen[bytes], count: int, first: bool) -> None:
    """Wait until the server holds exactly its pool: after a run, the closed pages' kernels stop after the grace
    period (10 s) first, and a delayed pool refills after ``fill_delay``."""
    if not first:
        time.sleep(GRACE_S + 5)
    deadline = time.monotonic() + 600
    while len(_children(server.pid)) != count:
        if time.monotonic() > deadline:
            raise RuntimeError(f"the server has {len(_children(server.pid))} kernels, not {count}")
        time.sleep(0.5)
    time.sleep(3)  # the pool's kernels have settled into waiting for a request


Arrival = tuple[list[dict[str, Any]], tuple[float, float, float]]
"""Each page's timings, and the CPU seconds of the browsers, the server and the kernels until all were shown."""


async def browsers_arrive(url: str, pages: int, server: int) -> Arrival:
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=shutil.which("chromium"), args=["--no-sandbox", "--disable-gpu", MARKER]
        )
        # Offline but for the loopback interface through a proxy that is not there, as the browser test does:
        # page.route would pass each of a page's ninety requests through this process, on the measured cores.
        contexts = [await browser.new_context(proxy=OFFLINE) for _ in range(pages)]
        tabs = []
        for context in contexts:
            tab = await context.new_page()
            await tab.add_init_script(WATCH)
            tabs.append(tab)
        budget = CpuBudget(server)
        await asyncio.gather(
            *(
                tab.evaluate("u => { window.location.href = u; }", f"{url}/voila/render/play.ipynb?seed={n}")
                for n, tab in enumerate(tabs)
            )
        )
        deadline = time.monotonic() + WAIT_S
        results: dict[int, dict[str, Any]] = {}
        while len(results) < pages and time.monotonic() < deadline:
            for number, tab in enumerate(tabs):
                if number in results:
                    continue
                try:
                    read = await tab.evaluate(READ)
                except Exception:  # still navigating
                    continue
                if read["table"] is not None:
                    results[number] = read
            await asyncio.sleep(0.25)
        used = budget.used()  # before the pages close
        for context in contexts:
            await context.close()
        await browser.close()
    return [results.get(number, {"table": None}) for number in range(pages)], used


async def clients_arrive(url: str, pages: int, server: int) -> Arrival:
    opened = [TablePage(url, f"seed={number}") for number in range(pages)]

    async def one(page: TablePage) -> dict[str, Any]:
        start = time.perf_counter()
        await page.open(WAIT_S)
        return {"table": (time.perf_counter() - start) * 1000}

    budget = CpuBudget(server)
    try:
        results = list(await asyncio.gather(*(one(page) for page in opened)))
        return results, budget.used()
    finally:
        for page in opened:
            await page.close()


def _median(results: list[dict[str, Any]], key: str) -> str:
    values = [r[key] for r in results if r.get(key) is not None]
    return f"{statistics.median(values) / 1000:.1f}" if values else "—"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--pages", type=int, default=8)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pool", type=int, help="preheated table kernels (default: voila.json's)")
    parser.add_argument("--fill-delay", type=float, help="seconds before the pool is refilled (default: voila.json's)")
    parser.add_argument("--extra", action="append", default=[], help="one more option for the voila command line")
    parser.add_argument("--clients", action="store_true", help="open the pages with voila_client, not Chromium")
    parser.add_argument("--against", metavar="DIR", help="measure the checkout at DIR first, then this one")
    args = parser.parse_args()
    checkouts = [Path(args.against).resolve()] if args.against else []
    checkouts.append(ROOT)
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    pool = args.pool if args.pool is not None else config["VoilaKernelManager"]["kernel_pools_config"]["play.ipynb"]
    pool = pool if isinstance(pool, int) else int(pool["pool_size"])
    how = "voila_client (no browser)" if args.clients else "Chromium, a context per page"
    print(f"{args.pages} pages at once, {how}; pool {pool}, fill delay {args.fill_delay}; {os.cpu_count()} cores.\n")
    print(
        "| checkout | run | load before | rendered | first byte | page sent | scripts run | table shown | slowest "
        "| CPU s: browsers / Voila / kernels |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for checkout in checkouts:
        label = "this code" if checkout == ROOT else str(checkout)
        with tempfile.TemporaryDirectory() as name:
            server = start_server(Path(name), checkout, args.pool, args.fill_delay, args.extra)
            try:
                for run in range(args.runs):
                    wait_for_kernels(server, pool, first=run == 0)
                    load = os.getloadavg()[0]
                    arrive = clients_arrive if args.clients else browsers_arrive
                    results, used = asyncio.run(arrive(server.url, args.pages, server.pid))  # type: ignore[attr-defined]
                    shown = [r["table"] for r in results if r.get("table") is not None]
                    print(
                        f"| {label} | {run + 1} | {load:.1f} | {len(shown)} of {args.pages} | "
                        f"{_median(results, 'first_byte')} | {_median(results, 'sent')} | "
                        f"{_median(results, 'loaded')} | {_median(results, 'table')} | "
                        f"{max(shown) / 1000 if shown else float('nan'):.1f} | "
                        f"{used[0]:.1f} / {used[1]:.1f} / {used[2]:.1f} |",
                        flush=True,
                    )
                    if not args.clients and run == 0 and results[0].get("scripts"):
                        first = results[0]
                        print(
                            f"|  | (a page's scripts: {first['scripts']}, {first['script_kb']:.0f} KB) | | | | | | | |"
                        )
            finally:
                stop(server)
    print(
        "\nMedians over the pages of a run, seconds from each page's navigation start; CPU seconds from the first "
        "navigation until every page showed its table (kernels: every kernel of the server, the pool's refills too)."
    )


if __name__ == "__main__":
    main()
