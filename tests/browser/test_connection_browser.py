"""A page whose kernel is gone says so: the "Connection lost" banner shows in the page's language and every
control of the table is disabled; a socket that drops for a moment and comes back shows nothing, and a silent
connection shows the banner until the kernel answers again.

The kernel is lost the two ways a classroom loses one: deleted through the server's API (the page's socket stays
open and silent: only the banner's ping notices) and killed by its pid (a crash: the server restarts a kernel that
no longer holds the table, and says so on the socket). The sockets are routed through the test (Playwright's
``route_web_socket``) to close one, or to stop its messages for a while.

``P10_BANNER_SCREENSHOTS=<folder>`` keeps a 1280x800 picture of each lost page there (``banner-en.png`` ...).
"""

from __future__ import annotations

import os
import re
import secrets
import signal
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from phase10kit.i18n import translator
from tests.browser.conftest import Server, voila_server
from tests.browser.pages import (
    DRAW_BUTTON,
    TABLE,
    TABLE_HAND_CARD,
    WAIT,
    draw_a_card,
    kernel_id,
    kernel_pid,
    loopback_page,
    open_play_page,
)
from widgets.connection import GRACE_MS, LOST, PING_MS, SILENCE_MS

TOKEN = secrets.token_hex(16)
BANNER = ".p10-connection-lost"
KERNEL_SOCKET = "**/api/kernels/*/channels*"
# ms: how soon after its kernel is gone the page must say so (the silence, a ping's wait, a loaded machine's slack).
SAYS_SO = max(GRACE_MS, SILENCE_MS + PING_MS) + 30_000


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with voila_server(".voila-connection-test.log", extra=(f"--Voila.token={TOKEN}",)) as running:
        yield running


def _open(page: Any, server: Server, query: str) -> None:
    """Open the table of ``query`` (a seed whose human plays first) and wait for the student's turn."""
    open_play_page(page, server.url, f"token={TOKEN}&{query}", viewport=(1280, 800))
    expect(page.locator(DRAW_BUTTON)).to_be_enabled(timeout=WAIT)  # the student's turn: today's page says so
    expect(page.locator(BANNER)).to_be_hidden()


def _picture(page: Any, name: str, tmp_path: Path) -> None:
    folder = Path(os.environ.get("P10_BANNER_SCREENSHOTS") or tmp_path)
    page.screenshot(path=folder / f"banner-{name}.png")


def _expect_lost(page: Any, lang: str) -> None:
    """The banner shows the catalog's sentence in ``lang`` at the top, and nothing of the table can be used."""
    banner = page.locator(BANNER)
    expect(banner).to_be_visible(timeout=SAYS_SO)
    expect(banner).to_have_text(translator(lang).gettext(LOST))
    expect(banner).to_have_attribute("role", "alert")
    expect(page.locator(DRAW_BUTTON)).to_be_disabled()
    expect(page.locator(TABLE_HAND_CARD).first).to_be_disabled()
    enabled = page.locator(f"{TABLE} :is(button, select, input, textarea):enabled")
    expect(enabled).to_have_count(0)
    # At the top of the page, above the table, and the hand is still in view below it.
    box, table = banner.bounding_box(), page.locator(TABLE).bounding_box()
    assert box is not None and table is not None and box["y"] + box["height"] <= table["y"] + 1
    expect(page.locator(TABLE_HAND_CARD).first).to_be_visible()


@pytest.mark.browser
def test_a_deleted_kernel_shows_the_banner_and_disables_the_table(server: Server, context: Any, tmp_path: Path) -> None:
    page = loopback_page(context)
    _open(page, server, "seed=2&players=2&bots=greedy")
    request = urllib.request.Request(
        f"{server.url}/api/kernels/{kernel_id(page)}", method="DELETE", headers={"Authorization": f"token {TOKEN}"}
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        assert answer.status == 204
    _expect_lost(page, "en")
    # No status change reaches the page (its socket stays open): the unanswered ping is what noticed.
    expect(page.locator(".p10-connection")).to_have_attribute("data-lost", "silent")
    _picture(page, "en", tmp_path)
    page.close()


@pytest.mark.browser
def test_a_killed_kernel_shows_the_banner_in_the_pages_language(server: Server, context: Any, tmp_path: Path) -> None:
    page = loopback_page(context)
    _open(page, server, "seed=3&players=2&bots=greedy&lang=hr")
    os.kill(kernel_pid(server.process.pid, kernel_id(page)), signal.SIGKILL)
    _expect_lost(page, "hr")
    # The server's "restarting" notice, or the unanswered ping when the notice is lost in the socket's reconnection.
    noticed = re.compile(r"^(kernel (dead|restarting|autorestarting)|silent)$")
    expect(page.locator(".p10-connection")).to_have_attribute("data-lost", noticed)
    # The server restarts the kernel and the socket reconnects, but the new kernel has no table: the banner stays.
    page.wait_for_timeout(GRACE_MS + PING_MS)
    expect(page.locator(BANNER)).to_be_visible()
    expect(page.locator(DRAW_BUTTON)).to_be_disabled()
    _picture(page, "hr", tmp_path)
    page.close()


class Proxy:
    """The page's kernel sockets, routed through the test: each can be closed, and the messages stopped and let
    through again (``up``), as a network that drops or swallows them would."""

    def __init__(self, page: Any) -> None:
        self.up = True
        self.sockets: list[Any] = []
        page.route_web_socket(KERNEL_SOCKET, self.route)

    def route(self, socket: Any) -> None:
        server = socket.connect_to_server()
        socket.on_message(lambda message: server.send(message) if self.up else None)
        server.on_message(lambda message: socket.send(message) if self.up else None)
        self.sockets.append(socket)

    def wait_for(self, count: int, page: Any) -> None:
        deadline = time.monotonic() + WAIT / 1000
        while len(self.sockets) < count and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        assert len(self.sockets) == count, f"{len(self.sockets)} kernel sockets, not {count}"


@pytest.mark.browser
def test_a_socket_that_drops_and_comes_back_shows_no_banner(server: Server, context: Any) -> None:
    page = loopback_page(context)
    proxy = Proxy(page)
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text))
    _open(page, server, "seed=6&players=2&bots=greedy")
    proxy.wait_for(1, page)
    proxy.sockets[0].close()  # the socket closes, as on a wifi hiccup: the page reconnects at once
    proxy.wait_for(2, page)
    assert any("reconnecting" in text for text in warnings), warnings
    page.wait_for_timeout(SILENCE_MS + PING_MS)  # past the grace and the silence: a banner would show by now
    expect(page.locator(BANNER)).to_be_hidden()
    draw_a_card(page)  # and the table still plays
    page.close()


@pytest.mark.browser
def test_a_silent_connection_shows_the_banner_until_the_kernel_answers_again(server: Server, context: Any) -> None:
    page = loopback_page(context)
    proxy = Proxy(page)
    _open(page, server, "seed=5&players=2&bots=greedy")
    proxy.wait_for(1, page)
    proxy.up = False  # the socket stays open but carries nothing: the kernel's answers stop
    _expect_lost(page, "en")
    proxy.up = True  # the next ping is answered: the banner goes and the controls come back
    expect(page.locator(BANNER)).to_be_hidden(timeout=PING_MS + 30_000)
    draw_a_card(page)
    expect(page.locator(".p10-offline")).to_have_count(0)
    page.close()
