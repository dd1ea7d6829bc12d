"""A student's table page without a browser: the messages a Voila page exchanges with its kernel, and no more.

``bench_classroom.py`` plays most of a class of thirty with this client, because thirty Chromium pages and thirty
kernels do not fit on the two cores of the development machine (measured: see benchmarks/README.md). The server
and the kernels do all their real work; only the browser's own work is left out (loading Voila's scripts,
drawing the widgets), which a class's laptops do elsewhere.

What the client does, as Voila 0.5's page with ipywidgets 8 does:

1. ``GET /voila/render/play.ipynb?...``, read to the end (Voila runs the notebook while it streams the page), and
   take the kernel id from the page's ``jupyter-config-data``.
2. Open the kernel's websocket (``/api/kernels/<id>/channels``, Jupyter's JSON messages), open a comm to the
   ``jupyter.widget.control`` target and ask it for every widget's state (``request_states``), as the widget
   manager does before drawing anything.
3. Send what the page's own widgets send once drawn: the table-id keeper's ``{"event": "shown"}`` (the kernel then
   lets the bots move) and, every 4 s, the connection banner's ping.
4. Play: a button click is the ``{"event": "click"}`` custom message to the button's model, a card selection
   an ``update`` of the hand's ``selected`` trait. Every ``update`` the kernel sends is applied to the states kept
   here, so the client sees the table as the page would.

Times are taken when the kernel's message arrives at the client (a browser then draws it in a few more ms).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import json
import re
import struct
import time
import urllib.request
import uuid
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

__all__ = ["TablePage"]

CONTROL_PROTOCOL = "1.0.0"  # ipywidgets 8's widget control protocol (the kernel checks its major version)
PING_S = 4.0  # widgets/connection.py: the banner pings its kernel every 4 s while the page is in view
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S)


def _decode(frame: str | bytes) -> dict[str, Any]:
    """A message of Jupyter's legacy websocket protocol: JSON text, or binary with its buffers after it."""
    if isinstance(frame, str):
        return dict(json.loads(frame))
    count = struct.unpack("!I", frame[:4])[0]
    offsets = [*struct.unpack("!" + "I" * count, frame[4 : 4 * (count + 1)]), len(frame)]
    return dict(json.loads(frame[offsets[0] : offsets[1]].decode("utf-8")))


class TablePage:
    """One table page: open it, play with its buttons, close it."""

    def __init__(self, url: str, query: str) -> None:
        self.url = url
        self.query = query
        self.session = uuid.uuid4().hex
        self.kernel_id = ""
        self.states: dict[str, dict[str, Any]] = {}
        self._socket: ClientConnection | None = None
        self._changed = asyncio.Condition()
        self._tasks: list[asyncio.Task[None]] = []

    # ------------------------------------------------------------------------------------------------ the page

    async def open(self, timeout: float) -> None:
        """Load the page and every widget's state, and say the page is shown (bounded by ``timeout`` seconds)."""
        html, cookie = await asyncio.to_thread(self._get_page, timeout)
        found = CONFIG.search(html)
        if found is None:
            raise RuntimeError("the page has no jupyter-config-data: " + " ".join(html.split())[-160:])
        self.kernel_id = str(json.loads(found.group(1))["kernelId"])
        address = self.url.replace("http://", "ws://") + f"/api/kernels/{self.kernel_id}/channels?session_id="
        headers = {"Cookie": cookie} if cookie else {}
        self._socket = await connect(address + self.session, additional_headers=headers, max_size=None)
        self._tasks.append(asyncio.create_task(self._read()))
        control = uuid.uuid4().hex
        opening = {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}}
        await self._send("comm_open", opening, metadata={"version": CONTROL_PROTOCOL})
        await self._send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        await self.wait_for(lambda: self.model("storage_key") is not None, timeout)
        await self.custom(self.model("storage_key"), {"event": "shown"})
        self._tasks.append(asyncio.create_task(self._ping()))

    def _get_page(self, timeout: float) -> tuple[str, str]:
        with urllib.request.urlopen(f"{self.url}/voila/render/play.ipynb?{self.query}", timeout=timeout) as page:
            cookies = [value.split(";", 1)[0] for key, value in page.headers.items() if key.lower() == "set-cookie"]
            return page.read().decode("utf-8"), "; ".join(cookies)

    async def close(self) -> None:
        """Close the page: its websocket goes, as when a tab closes."""
        for task in self._tasks:
            task.cancel()
        if self._socket is not None:
            with contextlib.suppress(Exception):
                await self._socket.close()

    # ------------------------------------------------------------------------------------------------ the table

    def model(self, trait: str, dom_class: str | None = None) -> str | None:
        """The id of the newest widget with that trait (and that DOM class), or None (a resumed game's table is
        newer than the one it replaced)."""
        for model_id, state in reversed(self.states.items()):
            if trait in state and (dom_class is None or dom_class in state.get("_dom_classes", ())):
                return model_id
        return None

    def displayed(self, model_id: str | None) -> bool:
        """Whether the widget's layout does not hide it (``display`` is not none)."""
        if model_id is None:
            return False
        layout = str(self.states[model_id].get("layout", "")).removeprefix("IPY_MODEL_")
        return self.states.get(layout, {}).get("display") != "none"

    def shown_and_enabled(self, dom_class: str) -> bool:
        """Whether the button with that DOM class is enabled and not hidden."""
        button = self.model("disabled", dom_class)
        return button is not None and not self.states[button]["disabled"] and self.displayed(button)

    def hand(self) -> list[str]:
        hand = self.model("cards", "p10-hand")
        return list(self.states[hand]["cards"]) if hand is not None else []

    async def draw(self, timeout: float) -> float:
        """Click Draw; the milliseconds until the kernel's update shows one card more in the hand."""
        before = len(self.hand())
        start = time.perf_counter()
        await self.custom(self.model("disabled", "p10-btn-draw"), {"event": "click"})
        await self.wait_for(lambda: len(self.hand()) > before, timeout)
        return (time.perf_counter() - start) * 1000

    async def discard(self, card: int, timeout: float) -> float:
        """Select the hand's card at ``card`` and discard it; the milliseconds from the click until Draw is
        enabled again (the bots have moved)."""
        await self.update(self.model("cards", "p10-hand"), {"selected": [card]})
        await self.wait_for(lambda: self.shown_and_enabled("p10-btn-discard"), timeout)
        start = time.perf_counter()
        await self.custom(self.model("disabled", "p10-btn-discard"), {"event": "click"})
        await self.wait_for(lambda: not self.shown_and_enabled("p10-btn-draw"), timeout)
        await self.wait_for(lambda: self.shown_and_enabled("p10-btn-draw"), timeout)
        return (time.perf_counter() - start) * 1000

    # ------------------------------------------------------------------------------------------------ messages

    async def custom(self, model_id: str | None, content: dict[str, Any]) -> None:
        if model_id is None:
            raise RuntimeError(f"no widget to send {content} to")
        await self._send("comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": content}})

    async def update(self, model_id: str | None, state: dict[str, Any]) -> None:
        if model_id is None:
            raise RuntimeError(f"no widget to update with {state}")
        self.states.setdefault(model_id, {}).update(state)
        data = {"method": "update", "state": state, "buffer_paths": []}
        await self._send("comm_msg", {"comm_id": model_id, "data": data})

    async def wait_for(self, condition: Callable[[], bool], timeout: float) -> None:
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(condition), timeout)

    async def _send(self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> None:
        assert self._socket is not None
        header = {
            "msg_id": uuid.uuid4().hex,
            "msg_type": msg_type,
            "username": "student",
            "session": self.session,
            "date": datetime.datetime.now(datetime.UTC).isoformat(),
            "version": "5.3",
        }
        message = {
            "header": header,
            "parent_header": {},
            "metadata": metadata or {},
            "content": content,
            "channel": "shell",
        }
        await self._socket.send(json.dumps({**message, "buffers": []}))

    async def _read(self) -> None:
        assert self._socket is not None
        async for frame in self._socket:
            message = _decode(frame)
            kind = message.get("header", {}).get("msg_type")
            content = message.get("content", {})
            data = content.get("data", {}) if isinstance(content, dict) else {}
            if kind == "comm_open" and "state" in data:
                self.states[content["comm_id"]] = dict(data["state"])
            elif kind == "comm_msg" and data.get("method") == "update":
                self.states.setdefault(content["comm_id"], {}).update(data.get("state", {}))
            elif kind == "comm_close":
                self.states.pop(content.get("comm_id"), None)
            elif kind == "comm_msg" and data.get("method") == "update_states":
                for model_id, model in data.get("states", {}).items():
                    self.states.setdefault(model_id, {}).update(model.get("state", {}))
            else:
                continue
            async with self._changed:
                self._changed.notify_all()

    async def _ping(self) -> None:
        banner = self.model("ping_ms")
        while banner is not None:
            await asyncio.sleep(PING_S)
            await self.custom(banner, {"ping": 1})
