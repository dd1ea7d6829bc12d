"""Bounds on what pages take from the classroom server: kernel caps per server and per client address, a short
stop for kernels no page ever connected to, the token refused in the URL of a kernel deletion and kept out of
the log. Unit tests on ``ClassroomKernelManager``'s bookkeeping, then a real Voila server driven by plain HTTP.
"""

from __future__ import annotations

import asyncio
import html
import logging
import re
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import nbformat
import pytest
from jupyter_server.base.call_context import CallContext
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from phase10kit_server import ClassroomIdentityProvider
from phase10kit_server.auth import SecretScrubber, install_scrubber, scrub_secrets
from phase10kit_server.bounds import ADDRESS_FULL, SERVER_FULL, PageRefused, current_client_address, refusal_in
from tests.browser.conftest import Server, _free_port, running_server, voila_command
from tests.browser.test_kernels_browser import live_kernels, wait_for
from tests.test_classroom_server import RecordingManager

TOKEN = "a-long-classroom-secret-4711"


def _request(address: str, headers: dict[str, str] | None = None, method: str = "GET") -> Any:
    """A stand-in for the tornado handler jupyter_server puts in ``CallContext`` while it serves a request."""
    return SimpleNamespace(
        request=SimpleNamespace(remote_ip=address, headers=headers or {}, method=method),
        get_argument=lambda name, default="": default,
    )


def _run_pages(
    manager: RecordingManager, scenario: Callable[[Callable[[str], Awaitable[str]]], Awaitable[None]]
) -> None:
    """Run ``scenario`` with ``open_page(address)``: Voila starting a page kernel while serving that address."""
    count = 0

    async def fake_start(self: Any, *args: Any, **kwargs: Any) -> str:
        nonlocal count
        count += 1
        kernel_id = f"k{count}"
        self._kernels[kernel_id] = SimpleNamespace(execution_state="idle", last_activity=None)
        self._kernel_connections[kernel_id] = 0
        return kernel_id

    async def open_page(address: str) -> str:
        async def in_request() -> str:  # a task of its own, as tornado serves each request
            CallContext.set(CallContext.JUPYTER_HANDLER, _request(address))
            return await manager.start_kernel(kernel_name="python3", env={"VOILA_PREHEAT": "False"})

        return await asyncio.create_task(in_request())

    original = AsyncMappingKernelManager.start_kernel
    AsyncMappingKernelManager.start_kernel = fake_start  # type: ignore[method-assign]
    try:
        asyncio.run(scenario(open_page))
    finally:
        AsyncMappingKernelManager.start_kernel = original  # type: ignore[method-assign]


def test_the_n_plus_first_page_of_one_address_is_refused_and_others_still_get_theirs() -> None:
    manager = RecordingManager(max_kernels=3, max_kernels_per_address=2, unconnected_timeout=0)

    async def scenario(open_page: Callable[[str], Awaitable[str]]) -> None:
        assert [await open_page("10.0.0.5"), await open_page("10.0.0.5")] == ["k1", "k2"]
        with pytest.raises(PageRefused) as refused:
            await open_page("10.0.0.5")
        assert refused.value.status_code == 503 and refused.value.reason == ADDRESS_FULL.format(limit=2)
        assert await open_page("10.0.0.6") == "k3"
        with pytest.raises(PageRefused) as full:
            await open_page("10.0.0.7")
        assert full.value.reason == SERVER_FULL.format(limit=3)
        await manager.shutdown_kernel("k1")  # a page left: its address may open one again
        assert await open_page("10.0.0.5") == "k4"

    _run_pages(manager, scenario)


def test_pages_starting_at_the_same_moment_count_before_their_kernels_exist() -> None:
    manager = RecordingManager(max_kernels=0, max_kernels_per_address=2, unconnected_timeout=0)

    async def scenario(open_page: Callable[[str], Awaitable[str]]) -> None:
        results = await asyncio.gather(*(open_page("10.0.0.5") for _ in range(3)), return_exceptions=True)
        assert sorted(type(result).__name__ for result in results) == ["PageRefused", "str", "str"]

    _run_pages(manager, scenario)


def test_pool_kernels_are_not_counted_and_a_kernel_started_outside_a_request_has_only_the_server_cap() -> None:
    manager = RecordingManager(max_kernels=1, max_kernels_per_address=1, unconnected_timeout=0)

    async def scenario(open_page: Callable[[str], Awaitable[str]]) -> None:
        pool = await manager.start_kernel(kernel_name="python3", env={"VOILA_PREHEAT": "True"})
        assert current_client_address() is None
        first = await manager.start_kernel(kernel_name="python3", env={"VOILA_PREHEAT": "False"})
        assert (pool, first) == ("k1", "k2")
        with pytest.raises(PageRefused):
            await open_page("10.0.0.5")

    _run_pages(manager, scenario)


def test_a_pool_kernel_handed_to_a_page_counts_and_a_refused_page_leaves_the_pool_alone() -> None:
    handed: list[str] = []

    class PreheatingManager(RecordingManager):
        """What Voila's preheating subclass adds: a page takes a rendered pool kernel."""

        async def get_rendered_notebook(self, notebook_name: str, **kwargs: Any) -> tuple[None, list[str], str]:
            kernel_id = f"pool{len(handed) + 1}"
            handed.append(kernel_id)
            self.add_fake_kernel(kernel_id)
            return None, [], kernel_id

    manager = PreheatingManager(max_kernels=0, max_kernels_per_address=1, unconnected_timeout=0)

    async def page(address: str) -> Any:
        CallContext.set(CallContext.JUPYTER_HANDLER, _request(address))
        return await manager.get_rendered_notebook("play.ipynb")

    async def main() -> None:
        assert (await asyncio.create_task(page("10.0.0.5")))[2] == "pool1"
        with pytest.raises(PageRefused):
            await asyncio.create_task(page("10.0.0.5"))
        assert handed == ["pool1"], "the refused page must not take a pool kernel"

    asyncio.run(main())


class PoolingManager(RecordingManager):
    """Voila 0.5.13's preheating subclass in small (``voila_kernel_manager_factory``): a pool of kernel tasks per
    notebook, a page takes the first (``pop(0)``) and waits for it, and each take refills the pool after
    ``fill_delay`` seconds with a task put in the pool at once."""

    fill_delay = 30.0
    started: list[str]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._pools: dict[str, list[asyncio.Task[dict[str, str]]]] = {}
        self.started = []
        self.fill_if_needed(delay=0, notebook_name="play.ipynb")

    async def _initialize(self, delay: float) -> dict[str, str]:
        await asyncio.sleep(delay)
        self.started.append(f"pool{len(self.started) + 1}")
        return {"kernel_id": self.started[-1]}

    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
        pool = self._pools.setdefault(str(notebook_name), [])
        wait = self.fill_delay if delay is None else delay
        pool += [asyncio.get_event_loop().create_task(self._initialize(wait)) for _ in range(2 - len(pool))]

    def get_pool_size(self, notebook_name: str) -> int:
        return len(self._pools.get(notebook_name, []))

    async def get_rendered_notebook(self, notebook_name: str, **kwargs: Any) -> tuple[None, list[str], str]:
        kernel = await self._pools[notebook_name].pop(0)
        self.fill_if_needed(delay=None, notebook_name=notebook_name)
        return None, [], kernel["kernel_id"]


@pytest.mark.parametrize("fill_delay", [30.0, 0.0])
def test_a_page_never_waits_for_a_pool_kernel_that_has_not_started(fill_delay: float) -> None:
    """Voila offers a refill still waiting out its ``fill_delay``; the manager offers only those started or ready,
    so a page arriving after the pool emptied starts its own kernel at once instead of waiting for the delay."""

    async def main() -> None:
        manager = PoolingManager(max_kernels=0, max_kernels_per_address=0, unconnected_timeout=0)
        manager.fill_delay = fill_delay
        await asyncio.sleep(0.01)  # the two kernels of the first fill start
        assert manager.get_pool_size("play.ipynb") == 2
        assert (await manager.get_rendered_notebook("play.ipynb"))[2] == "pool1"
        await asyncio.sleep(0.01)
        if fill_delay:  # the refill waits: the pool offers only the kernel that is ready
            assert manager.get_pool_size("play.ipynb") == 1
            assert (await manager.get_rendered_notebook("play.ipynb"))[2] == "pool2"
            assert manager.get_pool_size("play.ipynb") == 0, "two refills waiting out their delay: none offered"
            assert manager.started == ["pool1", "pool2"]
        else:  # refilled at once: the new kernel is starting, so a page may take it
            assert manager.get_pool_size("play.ipynb") == 2 and manager.started == ["pool1", "pool2", "pool3"]
        for task in manager._pools["play.ipynb"]:
            task.cancel()

    asyncio.run(main())


def test_the_address_comes_from_the_proxys_header_only_when_configured() -> None:
    async def address(header: str, headers: dict[str, str]) -> str | None:
        CallContext.set(CallContext.JUPYTER_HANDLER, _request("127.0.0.1", headers))
        return current_client_address(header)

    forwarded = {"X-Real-IP": "203.0.113.9", "X-Forwarded-For": "1.2.3.4, 198.51.100.7"}
    assert asyncio.run(address("", forwarded)) == "127.0.0.1"
    assert asyncio.run(address("X-Real-IP", forwarded)) == "203.0.113.9"
    assert asyncio.run(address("X-Forwarded-For", forwarded)) == "198.51.100.7"
    assert asyncio.run(address("X-Real-IP", {})) == "127.0.0.1"
    assert asyncio.run(address("X-Real-IP", {"X-Real-IP": "9" * 500})) == "9" * 64


def test_a_page_kernel_nobody_connects_to_stops_and_connected_and_pool_kernels_stay() -> None:
    manager = RecordingManager(max_kernels=0, max_kernels_per_address=0, unconnected_timeout=0.3)

    async def scenario(open_page: Callable[[str], Awaitable[str]]) -> None:
        abandoned, used = await open_page("10.0.0.5"), await open_page("10.0.0.5")
        pool = await manager.start_kernel(kernel_name="python3", env={"VOILA_PREHEAT": "True"})
        manager.notify_connect(used)
        await asyncio.sleep(0.15)
        assert manager.stopped == []
        await asyncio.sleep(0.6)
        assert manager.stopped == [abandoned]
        assert {used, pool} <= set(manager._kernels)

    _run_pages(manager, scenario)


def test_a_page_kernel_still_rendering_is_not_stopped_for_want_of_a_connection() -> None:
    manager = RecordingManager(max_kernels=0, max_kernels_per_address=0, unconnected_timeout=0.2)

    async def scenario(open_page: Callable[[str], Awaitable[str]]) -> None:
        kernel_id = await open_page("10.0.0.5")
        manager._kernels[kernel_id].execution_state = "busy"  # executing the notebook's cells for its page
        await asyncio.sleep(0.5)
        assert manager.stopped == []
        manager._kernels[kernel_id].execution_state = "idle"
        await asyncio.sleep(0.6)
        assert manager.stopped == [kernel_id]

    _run_pages(manager, scenario)


def test_a_url_token_authenticates_reads_only_and_the_header_token_everything() -> None:
    provider = ClassroomIdentityProvider(token=TOKEN)

    def token(method: str, url_token: str = "", header: str = "") -> str | None:
        handler = _request("127.0.0.1", {"Authorization": header} if header else {}, method)
        handler.get_argument = lambda name, default="": url_token if name == "token" else default
        return provider.get_token(handler)

    assert token("GET", url_token=TOKEN) == TOKEN
    assert token("DELETE", url_token=TOKEN) == ""
    assert token("POST", url_token=TOKEN) == ""
    assert token("DELETE", header=f"token {TOKEN}") == TOKEN


def test_secrets_are_scrubbed_from_every_request_logger() -> None:
    assert scrub_secrets(f"/api/kernels/x?_xsrf=abc&token={TOKEN}") == "/api/kernels/x?_xsrf=[secret]&token=[secret]"
    install_scrubber()
    install_scrubber()
    assert sum(isinstance(f, SecretScrubber) for f in logging.getLogger("tornado.access").filters) == 1
    arguments = (404, f"/?token={TOKEN}")
    record = logging.LogRecord("tornado.general", logging.WARNING, __file__, 1, "%d %s", arguments, None)
    assert SecretScrubber().filter(record) and record.getMessage() == "404 /?token=[secret]"


# --- A real Voila server, plain HTTP (no browser) ------------------------------------------------------------

CAP_PER_ADDRESS = 2
CAP_SERVER = 3
UNCONNECTED = 60  # s: longer than the test's page loads on a loaded machine (voila.json's is 120)
POOL = 1  # voila.json preheats one kernel for any notebook named play.ipynb: the small stand-in below is one
PAGE = "/voila/render/play.ipynb"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("pages")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print('a small page')")])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, folder / "play.ipynb")
    port = _free_port()
    command = [
        *voila_command(port, str(folder)),
        f"--Voila.token={TOKEN}",
        f"--ClassroomKernelManager.max_kernels={CAP_SERVER}",
        f"--ClassroomKernelManager.max_kernels_per_address={CAP_PER_ADDRESS}",
        "--ClassroomKernelManager.client_address_header=X-Real-IP",
        f"--ClassroomKernelManager.unconnected_timeout={UNCONNECTED}",
    ]
    log = Path(__file__).resolve().parent.parent / ".voila-bounds-test.log"
    with running_server(command, port, log) as running:
        wait_for(lambda: len(live_kernels(running)) == POOL, 120, "the preheated pool should fill")
        yield running


def _call(server: Server, path: str, method: str = "GET", headers: dict[str, str] | None = None) -> tuple[int, str]:
    request = urllib.request.Request(server.url + path, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=180) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def _page(server: Server, address: str, query: str = "", **headers: str) -> tuple[int, str]:
    return _call(server, f"{PAGE}?token={TOKEN}&seed=3{query}", headers={"X-Real-IP": address, **headers})


def test_kernel_deletion_needs_the_header_token_and_the_token_never_reaches_the_log(server: Server) -> None:
    status, html = _page(server, "10.1.1.1")
    assert status == 200 and "a small page" in html
    kernel_id = re.search(r'"kernelId": "([0-9a-f-]{36})"', html)
    assert kernel_id is not None
    kernel = f"/api/kernels/{kernel_id.group(1)}"
    assert _call(server, f"{kernel}?token={TOKEN}", method="DELETE")[0] == 403
    assert _call(server, kernel, method="DELETE", headers={"Authorization": f"token {TOKEN}"})[0] == 204
    assert _call(server, f"/no/such/page?token={TOKEN}")[0] == 404
    assert _call(server, f"/voila/render/missing.ipynb?token={TOKEN}")[0] == 404
    wait_for(lambda: len(live_kernels(server)) == POOL, 60, "the deleted page's kernel should be gone")
    log = server.log.read_text()
    assert "403 DELETE" in log and "404 GET /no/such/page" in log, "failed requests are logged"
    assert TOKEN not in log


def test_caps_refuse_the_extra_page_with_a_sentence_and_unconnected_kernels_stop(server: Server) -> None:
    assert [_page(server, "10.2.2.2")[0] for _ in range(CAP_PER_ADDRESS)] == [200] * CAP_PER_ADDRESS
    status, body = _page(server, "10.2.2.2")
    assert status == 503 and ADDRESS_FULL.format(limit=CAP_PER_ADDRESS) in body and "Traceback" not in body
    # The refusal speaks the page's language: the address's lang=, else the browser's Accept-Language.
    for query, headers, lang in (("&lang=uk", {}, "uk"), ("", {"Accept-Language": "fr,hr;q=0.9"}, "hr")):
        status, body = _page(server, "10.2.2.2", query, **headers)
        translated = refusal_in(ADDRESS_FULL, CAP_PER_ADDRESS, lang)
        assert status == 503 and translated in html.unescape(body), body[-600:]
    assert _page(server, "10.3.3.3")[0] == 200
    status, body = _page(server, "10.4.4.4")
    assert status == 503 and SERVER_FULL.format(limit=CAP_SERVER) in body
    wait_for(lambda: len(live_kernels(server)) == CAP_SERVER + POOL, 60, "three pages and a refilled pool")
    # No browser ever connected to these pages: they stop after the short timeout, the pool stays.
    wait_for(lambda: len(live_kernels(server)) == POOL, UNCONNECTED + 90, "unconnected page kernels should stop")
    assert _page(server, "10.2.2.2")[0] == 200
    log = server.log.read_text()
    assert "Refused a page for 10.2.2.2" in log and "no page connected to it" in log
    assert TOKEN not in log
