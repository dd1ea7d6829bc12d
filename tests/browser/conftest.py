"""Real-browser tests: Voila serving the notebooks, driven by Debian's Chromium through Playwright.

Without chromium these tests skip with the reason; with ``CI`` set they fail instead, so CI
always runs them (``.ci/run`` installs chromium). Every request that does not go to the
loopback address is aborted: the tests never touch the network. What the tests know about the pages (waits,
selectors, opening the play page) is in ``pages.py``; this file starts the servers and the browser.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.browser.pages import only_loopback

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _need_chromium() -> str:
    if CHROMIUM:
        return CHROMIUM
    message = "no chromium on PATH (apt-get install chromium): browser tests need Debian's Chromium"
    if os.environ.get("CI"):
        pytest.fail(message + "; CI must run them")
    pytest.skip(message)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": _need_chromium(),
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """A Jupyter (Voila or JupyterLab) server started for a test: its URL, process and log file."""

    url: str
    process: subprocess.Popen[bytes]
    log: Path


@contextmanager
def running_server(
    command: list[str], port: int, log: Path, env: dict[str, str] | None = None, probe: str = "/"
) -> Iterator[Server]:
    """Start ``command`` (a server on ``port``), wait until it answers HTTP, stop it afterwards."""
    with open(log, "w") as out:
        server = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(url + probe, timeout=2)
                break
            except urllib.error.HTTPError:
                break  # any HTTP answer means the server is up
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start; see {log}") from None
                time.sleep(0.3)
        yield Server(url, server, log)
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=15)


def voila_command(port: int, target: str = "notebooks") -> list[str]:
    """The standalone Voila command the tests run (from the repository root, so it reads ``voila.json``)."""
    return [
        sys.executable,
        "-m",
        "voila",
        target,
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
    ]


@contextmanager
def voila_server(log_name: str, env: dict[str, str] | None = None, extra: tuple[str, ...] = ()) -> Iterator[Server]:
    """A standalone Voila server of its own (serving ``notebooks/``, ``extra`` options added), e.g. to count kernels."""
    _need_chromium()
    port = _free_port()
    with running_server([*voila_command(port), *extra], port, ROOT / log_name, env=env) as server:
        yield server


TEST_PAGES_PER_ADDRESS = 22
"""The shared test server's cap on pages per client address: all of the tests' pages share one address."""


@pytest.fixture(scope="session")
def voila_url() -> Iterator[str]:
    """A Voila server on a free loopback port serving ``notebooks/``, stopped after the session."""
    # Every page of the tests comes from 127.0.0.1, one "computer": the per-address cap of voila.json (8, for a
    # school's laptops) would refuse the ten-page test; the server-wide cap still holds, as shipped.
    per_address = f"--ClassroomKernelManager.max_kernels_per_address={TEST_PAGES_PER_ADDRESS}"
    with voila_server(".voila-test.log", extra=(per_address,)) as server:
        yield server.url


@pytest.fixture()
def local_page(page: Any) -> Any:
    """A Playwright page that aborts every request not addressed to the loopback interface."""
    page.route("**/*", only_loopback)
    return page


def checkout_template_first() -> dict[str, str]:
    """The environment with the checkout's ``share/jupyter`` first on the Jupyter path (its slide template)."""
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(ROOT / "share" / "jupyter"), env.get("JUPYTER_PATH")) if p)
    return env


@pytest.fixture(scope="module")
def deck_url() -> Iterator[str]:
    """``voila notebooks/classroom.ipynb`` (the slide deck) on a free loopback port, the checkout's template first."""
    _need_chromium()
    port = _free_port()
    command = voila_command(port, "notebooks/classroom.ipynb")
    with running_server(command, port, ROOT / ".voila-deck-test.log", env=checkout_template_first()) as server:
        yield server.url
