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
"""

from __future__ import annotations

import asyncio
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Bool, Float

__all__ = ["ClassroomKernelManager"]

DEFAULT_GRACE_SECONDS = 10.0
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

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._pending_stops: dict[str, asyncio.TimerHandle] = {}
        self._voila_kernels: set[str] = set()

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel as usual, noting whether Voila started it (for a page) or someone else did."""
        kernel_id: str = await super().start_kernel(*args, **kwargs)
        if VOILA_MARK in (kwargs.get("env") or {}):
            self._voila_kernels.add(kernel_id)
        return kernel_id

    def notify_connect(self, kernel_id: str) -> None:
        """A page connected: keep its kernel (cancel a stop planned after an earlier disconnect)."""
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        self._cancel_stop(kernel_id)

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
        self._voila_kernels.discard(kernel_id)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]

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
