"""A Jupyter kernel manager that stops a kernel once no page has been connected to it for a few seconds.

Voila gives every page load its own kernel and never reconnects a new page to an old one, so a kernel whose
page closed (tab closed, reload, browser quit, or a dead network once the server's websocket pings time out)
only holds memory. The page's own shutdown beacon is refused by standalone Voila 0.5.13 (``403 '_xsrf'
argument missing from POST``); turning xsrf checks off would let anyone who learns a kernel id stop it.
This manager needs no endpoint at all: it watches the connection count jupyter_server already keeps.

A short grace period lets a page that lost its websocket for a moment (wifi hiccup) reconnect to its kernel.
Kernels that never had a page (Voila's preheated pool, a page still rendering) are never touched here;
``MappingKernelManager.cull_idle_timeout`` in ``voila.json`` stops the rest.
"""

from __future__ import annotations

import asyncio
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float

DEFAULT_GRACE_SECONDS = 10.0


class ClassroomKernelManager(AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` plus: stop a kernel ``disconnect_grace`` seconds after its last page left.

    Use it in standalone Voila with ``VoilaConfiguration.multi_kernel_manager_class`` (``voila.json``);
    Voila wraps it in its preheating manager, so kernel pools work as before.

    >>> ClassroomKernelManager.disconnect_grace.default_value
    10.0
    """

    disconnect_grace = Float(
        DEFAULT_GRACE_SECONDS,
        config=True,
        help="Seconds a kernel may stay without any connected page before it is stopped (0 or less: never).",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._pending_stops: dict[str, asyncio.TimerHandle] = {}

    def notify_connect(self, kernel_id: str) -> None:
        """A page connected: keep its kernel (cancel a stop planned after an earlier disconnect)."""
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        self._cancel_stop(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        """A page's websocket closed: plan to stop the kernel if no page reconnects within the grace period."""
        super().notify_disconnect(kernel_id)  # type: ignore[no-untyped-call]
        if self.disconnect_grace <= 0 or self._kernel_connections.get(kernel_id, 0) > 0:
            return
        self._cancel_stop(kernel_id)
        loop = asyncio.get_event_loop()
        self._pending_stops[kernel_id] = loop.call_later(
            self.disconnect_grace, lambda: loop.create_task(self._stop_if_unconnected(kernel_id))
        )

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Stop the kernel (and forget a planned stop)."""
        self._cancel_stop(kernel_id)
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
