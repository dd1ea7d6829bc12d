"""A Jupyter kernel manager that stops a kernel once no page has been connected to it for a few seconds.

Voila gives every page load its own kernel and never reconnects a new page to an old one, so a kernel whose
page closed (tab closed, reload, browser quit, or a dead network once the server's websocket pings time out)
only holds memory. The page's own shutdown beacon is refused by standalone Voila 0.5.13 (``403 '_xsrf'
argument missing from POST``); turning xsrf checks off would let anyone who learns a kernel id stop it.
This manager needs no endpoint at all: it watches the connection count jupyter_server already keeps.

A short grace period lets a page that lost its websocket for a moment (wifi hiccup) reconnect to its kernel.
Kernels that never had a page (Voila's preheated pool, a page still rendering) are never touched here;
``MappingKernelManager.cull_idle_timeout`` in ``voila.json`` stops the rest.

Only kernels Voila started (their environment has ``VOILA_PREHEAT``) are stopped, so the same manager can
run a whole Jupyter server (``ServerApp.kernel_manager_class``: Binder, The Littlest JupyterHub) where
JupyterLab's notebook kernels must outlive their closed tabs.

It also bounds what pages can take (``phase10kit_server.bounds``): a page that would take a kernel past
``max_kernels`` (the server) or ``max_kernels_per_address`` (one client address) is refused with HTTP 503 and
a sentence; and a page kernel that no page ever connected to (a plain GET, a link-preview bot, a page that
failed while loading) is stopped after ``unconnected_timeout`` seconds without activity.

Under Voila's preheating it offers a page only the pool kernels that have started: Voila's ``fill_delay`` (a
refill put off until a class's burst of pages is served) otherwise makes the next page wait out the delay.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

from jupyter_server.base.call_context import CallContext
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Bool, Float, Int, Unicode

from phase10kit_server.bounds import (
    KernelBudget,
    PageRefused,
    current_client_address,
    refusal_in,
    request_language,
)

T = TypeVar("T")

__all__ = ["ClassroomKernelManager"]

DEFAULT_GRACE_SECONDS = 10.0
DEFAULT_MAX_KERNELS = 40
"""A class of 30 with reloads and a few second tabs: about 2.6 GB at 65 MB per table (Random, Greedy or Smart bots),
within a 4 GB server's 3.5 GB for the service, server and pool included (docs/classroom.md, "What a student
costs"; tables against ExpertBot hold more: lower it for them)."""
DEFAULT_MAX_PER_ADDRESS = 8
"""A student with a few tabs and reloads; raise it when a class reaches the server through one address (NAT)."""
DEFAULT_UNCONNECTED_SECONDS = 120.0
VOILA_MARK = "VOILA_PREHEAT"
"""Voila sets this variable (``"True"`` or ``"False"``) in the environment of every kernel it starts."""


class ClassroomKernelManager(AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` plus: stop a kernel ``disconnect_grace`` seconds after its last page left.

    Use it in standalone Voila with ``VoilaConfiguration.multi_kernel_manager_class`` (``voila.json``);
    Voila wraps it in its preheating manager, so kernel pools work as before. Under a Jupyter server
    with Voila's server extension: ``ServerApp.kernel_manager_class`` (``binder/postBuild`` sets it).

    >>> ClassroomKernelManager.disconnect_grace.default_value
    10.0
    """

    disconnect_grace = Float(
        DEFAULT_GRACE_SECONDS,
        config=True,
        help="Seconds a kernel may stay without any connected page before it is stopped (0 or less: never).",
    )

    only_voila_kernels = Bool(
        True,
        config=True,
        help="Stop only kernels Voila started for a page (False: any kernel whose last connection closed).",
    )

    max_kernels = Int(
        DEFAULT_MAX_KERNELS,
        config=True,
        help="Most kernels pages may hold on this server (pool kernels not counted; 0 or less: no cap).",
    )

    max_kernels_per_address = Int(
        DEFAULT_MAX_PER_ADDRESS,
        config=True,
        help="Most kernels pages from one client address may hold (0 or less: no cap).",
    )

    client_address_header = Unicode(
        "",
        config=True,
        help="Header holding the client's address, set by a trusted reverse proxy (e.g. X-Real-IP); "
        "empty: the connection's own address.",
    )

    unconnected_timeout = Float(
        DEFAULT_UNCONNECTED_SECONDS,
        config=True,
        help="Seconds without activity after which a page kernel that no page ever connected to is stopped "
        "(0 or less: never; connected pages and preheated pool kernels are never stopped by this).",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._pending_stops: dict[str, asyncio.TimerHandle] = {}
        self._voila_kernels: set[str] = set()
        self._budget = KernelBudget(self.max_kernels, self.max_kernels_per_address)
        self._ever_connected: set[str] = set()
        self._handed_out: dict[str, float] = {}  # page kernel -> time.monotonic() when its page got it
        self._unconnected_checks: dict[str, asyncio.TimerHandle] = {}
        hand_out = getattr(self, "get_rendered_notebook", None)
        if hand_out is not None:
            # Voila's preheating subclass (built on top of this class, so it cannot be overridden here) gives a
            # pool kernel to a page through this method: that kernel becomes a page kernel, bounded like others.
            async def get_rendered_notebook(*args: Any, **kwargs: Any) -> Any:
                return await self._for_a_page(lambda: hand_out(*args, **kwargs), lambda handed: str(handed[2]))

            setattr(self, "get_rendered_notebook", get_rendered_notebook)  # noqa: B010 (an instance attribute)
        # A pool entry (Voila's task) -> the loop time its kernel starts; entries leave with their tasks.
        self._refill_starts: weakref.WeakKeyDictionary[Any, float] = weakref.WeakKeyDictionary()
        fill = getattr(self, "fill_if_needed", None)
        if fill is not None and getattr(self, "get_pool_size", None) is not None:
            # Voila's preheating subclass refills its pool ``fill_delay`` seconds after a page takes a kernel, but
            # puts the delayed refill in the pool at once: the next page would take it and wait out the delay.
            # A page must never wait for a kernel that has not started: the pool offers only the kernels that
            # are ready or starting, and a page that finds none starts its own at once, as with an empty pool.
            def fill_if_needed(delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
                before = {id(entry) for entry in self._pool_of(notebook_name)}
                fill(delay=delay, notebook_name=notebook_name, **kwargs)
                wait = float(getattr(self, "fill_delay", 0.0)) if delay is None else delay
                starts = asyncio.get_event_loop().time() + wait
                for entry in self._pool_of(notebook_name):
                    if id(entry) not in before:
                        self._refill_starts[entry] = starts

            def get_pool_size(notebook_name: str) -> int:
                return self.ready_in_pool(notebook_name)

            setattr(self, "fill_if_needed", fill_if_needed)  # noqa: B010 (an instance attribute)
            setattr(self, "get_pool_size", get_pool_size)  # noqa: B010 (an instance attribute)

    def ready_in_pool(self, notebook_name: str) -> int:
        """How many of the notebook's pool kernels, from the first one a page would take, are started or ready.

        A refill still waiting out Voila's ``fill_delay`` ends the count: it is in the pool, but a page that took
        it would wait for the delay, then for the start.
        """
        now = asyncio.get_event_loop().time()
        count = 0
        for entry in self._pool_of(notebook_name):
            if not entry.done() and self._refill_starts.get(entry, now) > now:
                break
            count += 1
        return count

    def _pool_of(self, notebook_name: str | None) -> list[Any]:
        """The pool (Voila's list of kernel tasks) of the notebook; empty outside Voila's preheating subclass."""
        pools: dict[str | None, list[Any]] = getattr(self, "_pools", {})
        return pools.get(notebook_name, [])

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel as usual, noting whether Voila started it (for a page) or someone else did.

        A kernel Voila starts directly for a page (not for its pool) is bounded: past a cap it is not started
        and the page gets ``PageRefused`` (HTTP 503).
        """
        env = kwargs.get("env") or {}
        if env.get(VOILA_MARK) == "False":
            start = super().start_kernel  # bound here: a lambda cannot call super() itself
            kernel_id = await self._for_a_page(lambda: start(*args, **kwargs))
        else:
            kernel_id = await super().start_kernel(*args, **kwargs)
        if VOILA_MARK in env:
            self._voila_kernels.add(kernel_id)
        return kernel_id

    async def _for_a_page(self, start: Callable[[], Awaitable[T]], kernel_of: Callable[[T], str] = str) -> T:
        """Run ``start`` (which gives a page its kernel) if the caps allow it; count the kernel it gives."""
        address = current_client_address(self.client_address_header)
        cap = self._budget.cap_reached(address)
        if cap is not None:
            template, limit = cap
            refusal = template.format(limit=limit)
            self.log.warning("Refused a page for %s: %s", address or "a caller outside a request", refusal)
            raise PageRefused(refusal, *_in_the_pages_language(template, limit))
        self._budget.start(address)
        kernel_id: str | None = None
        try:
            result = await start()
            kernel_id = kernel_of(result)
        finally:
            self._budget.started(address, kernel_id)
        self._watch_until_connected(kernel_id)
        return result

    def notify_connect(self, kernel_id: str) -> None:
        """A page connected: keep its kernel (cancel a stop planned after an earlier disconnect)."""
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        self._cancel_stop(kernel_id)
        self._ever_connected.add(kernel_id)
        self._cancel_unconnected_check(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        """A page's websocket closed: plan to stop the kernel if no page reconnects within the grace period."""
        super().notify_disconnect(kernel_id)  # type: ignore[no-untyped-call]
        if self.disconnect_grace <= 0 or self._kernel_connections.get(kernel_id, 0) > 0:
            return
        if self.only_voila_kernels and kernel_id not in self._voila_kernels:
            return  # a JupyterLab notebook's kernel: it outlives its closed tab, as JupyterLab users expect
        self._cancel_stop(kernel_id)
        loop = asyncio.get_event_loop()
        self._pending_stops[kernel_id] = loop.call_later(
            self.disconnect_grace, lambda: loop.create_task(self._stop_if_unconnected(kernel_id))
        )

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Stop the kernel (and forget a planned stop)."""
        self._cancel_stop(kernel_id)
        self._forget_page(kernel_id)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]

    def _forget_page(self, kernel_id: str) -> None:
        """The kernel is stopping: it no longer counts against the caps and needs no more checks."""
        self._voila_kernels.discard(kernel_id)
        self._budget.release(kernel_id)
        self._ever_connected.discard(kernel_id)
        self._handed_out.pop(kernel_id, None)
        self._cancel_unconnected_check(kernel_id)

    def _cancel_stop(self, kernel_id: str) -> None:
        handle = self._pending_stops.pop(kernel_id, None)
        if handle is not None:
            handle.cancel()

    async def _stop_if_unconnected(self, kernel_id: str) -> None:
        self._pending_stops.pop(kernel_id, None)
        # Re-check: a page may have reconnected, or the kernel may be gone already (culled, beacon, shutdown).
        if kernel_id not in self or self._kernel_connections.get(kernel_id, 0) > 0:
            return
        self.log.info("Stopping kernel %s: no page connected for %s s", kernel_id, self.disconnect_grace)
        try:
            # self.shutdown_kernel, not super(): Voila's preheating subclass must also forget the kernel.
            await self.shutdown_kernel(kernel_id)
        except Exception:  # a kernel that died meanwhile must not crash the server's event loop
            self.log.exception("Could not stop kernel %s", kernel_id)

    def _watch_until_connected(self, kernel_id: str) -> None:
        """Plan to stop a page's kernel if no page ever connects to it (checked after ``unconnected_timeout``)."""
        if self.unconnected_timeout <= 0 or kernel_id in self._ever_connected:
            return
        self._handed_out[kernel_id] = time.monotonic()
        self._check_unconnected_later(kernel_id, self.unconnected_timeout)

    def _check_unconnected_later(self, kernel_id: str, delay: float) -> None:
        self._cancel_unconnected_check(kernel_id)
        loop = asyncio.get_event_loop()
        self._unconnected_checks[kernel_id] = loop.call_later(
            delay, lambda: loop.create_task(self._stop_if_never_connected(kernel_id))
        )

    def _cancel_unconnected_check(self, kernel_id: str) -> None:
        handle = self._unconnected_checks.pop(kernel_id, None)
        if handle is not None:
            handle.cancel()

    def _quiet_seconds(self, kernel_id: str) -> float:
        """Seconds since the page got the kernel or the kernel last did something, whichever is later."""
        quiet = time.monotonic() - self._handed_out.get(kernel_id, time.monotonic())
        last_activity = getattr(self._kernels.get(kernel_id), "last_activity", None)
        if isinstance(last_activity, datetime):
            if last_activity.tzinfo is None:
                last_activity = last_activity.replace(tzinfo=UTC)
            quiet = min(quiet, (datetime.now(UTC) - last_activity).total_seconds())
        return quiet

    async def _stop_if_never_connected(self, kernel_id: str) -> None:
        self._unconnected_checks.pop(kernel_id, None)
        if kernel_id not in self or kernel_id in self._ever_connected:
            return
        busy = getattr(self._kernels.get(kernel_id), "execution_state", "idle") == "busy"
        quiet = self._quiet_seconds(kernel_id)
        if busy or quiet < self.unconnected_timeout:  # still rendering the page, or active lately: look again
            wait = self.unconnected_timeout / 4 if busy else self.unconnected_timeout - quiet
            self._check_unconnected_later(kernel_id, max(wait, self.unconnected_timeout / 20))
            return
        self.log.info("Stopping kernel %s: no page connected to it in %.0f s", kernel_id, quiet)
        try:
            await self.shutdown_kernel(kernel_id)
        except Exception:  # a kernel that died meanwhile must not crash the server's event loop
            self.log.exception("Could not stop kernel %s", kernel_id)


def _in_the_pages_language(template: str, limit: int) -> tuple[str, str]:
    """A refusal's sentence in the language of the request being served (``request_language``), and that code."""
    handler = CallContext.get(CallContext.JUPYTER_HANDLER)
    lang = "en"
    if handler is not None:
        lang = request_language(
            str(handler.get_argument("lang", ""))[:8], str(handler.request.headers.get("Accept-Language", ""))
        )
    return refusal_in(template, limit, lang), lang
