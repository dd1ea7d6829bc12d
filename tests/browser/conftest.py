"""Real-browser tests: Voila serving the notebooks, driven by Debian's Chromium through Playwright.

Without chromium these tests skip with the reason; with ``CI`` set they fail instead, so CI
always runs them (``.ci/run`` installs chromium). Every request that does not go to the
loopback address is aborted: the tests never touch the network.
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
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

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


@pytest.fixture(scope="session")
def voila_url() -> Iterator[str]:
    """A Voila server on a free loopback port serving ``notebooks/``, stopped after the session."""
    _need_chromium()
    port = _free_port()
    command = [
        sys.executable,
        "-m",
        "voila",
        "notebooks",
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
    ]
    log = open(ROOT / ".voila-test.log", "w")  # noqa: SIM115 - closed in teardown
    server = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url + "/", timeout=2)
                break
            except urllib.error.HTTPError:
                break  # any HTTP answer means the server is up
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"Voila did not start; see {log.name}") from None
                time.sleep(0.3)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


@pytest.fixture()
def local_page(page: Any) -> Any:
    """A Playwright page that aborts every request not addressed to the loopback interface."""

    def only_loopback(route: Any) -> None:
        host = urlparse(route.request.url).hostname
        if host in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            route.abort()

    page.route("**/*", only_loopback)
    return page
