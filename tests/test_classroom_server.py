"""ClassroomKernelManager: a kernel stops a grace period after its last page disconnected, never while connected."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from phase10kit_server import ClassroomKernelManager

ROOT = Path(__file__).resolve().parent.parent


class RecordingManager(ClassroomKernelManager):
    """Kernels are only ids here: "stopping" one records it and forgets it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.stopped: list[str] = []

    def add_fake_kernel(self, kernel_id: str, voila: bool = True) -> None:
        self._kernels[kernel_id] = object()
        self._kernel_connections[kernel_id] = 0
        if voila:  # what start_kernel notes for a kernel started with Voila's environment
            self._voila_kernels.add(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        self._cancel_stop(kernel_id)
        self._forget_page(kernel_id)
        self.stopped.append(kernel_id)
        self._kernels.pop(kernel_id, None)
        self._kernel_connections.pop(kernel_id, None)


def _run(scenario: Any) -> list[str]:
    async def main() -> list[str]:
        manager = RecordingManager(disconnect_grace=0.2)
        await scenario(manager)
        return manager.stopped

    return asyncio.run(main())


def test_a_kernel_stops_after_its_last_page_left_and_the_grace_period() -> None:
    async def scenario(manager: RecordingManager) -> None:
        manager.add_fake_kernel("a")
        manager.add_fake_kernel("b")
        manager.notify_connect("a")
        manager.notify_connect("b")
        manager.notify_disconnect("a")
        await asyncio.sleep(0.05)
        assert manager.stopped == [], "not before the grace period"
        await asyncio.sleep(0.4)

    assert _run(scenario) == ["a"]


def test_a_page_that_reconnects_within_the_grace_period_keeps_its_kernel() -> None:
    async def scenario(manager: RecordingManager) -> None:
        manager.add_fake_kernel("a")
        manager.notify_connect("a")
        manager.notify_disconnect("a")
        await asyncio.sleep(0.05)
        manager.notify_connect("a")
        await asyncio.sleep(0.4)

    assert _run(scenario) == []


def test_a_kernel_with_a_second_page_still_connected_keeps_running() -> None:
    async def scenario(manager: RecordingManager) -> None:
        manager.add_fake_kernel("a")
        manager.notify_connect("a")
        manager.notify_connect("a")
        manager.notify_disconnect("a")
        await asyncio.sleep(0.4)

    assert _run(scenario) == []


def test_kernels_that_never_had_a_page_are_left_to_culling() -> None:
    # Voila's preheated pool kernels are never connected before a page takes them: never stopped here.
    async def scenario(manager: RecordingManager) -> None:
        manager.add_fake_kernel("pool")
        await asyncio.sleep(0.4)

    assert _run(scenario) == []


def test_a_jupyterlab_notebooks_kernel_outlives_its_closed_tab() -> None:
    async def scenario(manager: RecordingManager) -> None:
        manager.add_fake_kernel("lab", voila=False)
        manager.add_fake_kernel("page")
        for kernel_id in ("lab", "page"):
            manager.notify_connect(kernel_id)
            manager.notify_disconnect(kernel_id)
        await asyncio.sleep(0.4)

    assert _run(scenario) == ["page"]


def test_only_kernels_started_with_voilas_environment_count_as_pages() -> None:
    started: list[dict[str, Any]] = []

    async def main() -> set[str]:
        manager = RecordingManager()

        async def fake_start(*args: Any, **kwargs: Any) -> str:
            started.append(kwargs)
            return f"k{len(started)}"

        # Stand in for the real start (a process) one level up the class hierarchy.
        original = AsyncMappingKernelManager.start_kernel
        AsyncMappingKernelManager.start_kernel = fake_start  # type: ignore[method-assign]
        try:
            await manager.start_kernel(kernel_name="python3", env={"VOILA_PREHEAT": "False"})
            await manager.start_kernel(kernel_name="python3", path="notebooks")
        finally:
            AsyncMappingKernelManager.start_kernel = original  # type: ignore[method-assign]
        return manager._voila_kernels

    assert asyncio.run(main()) == {"k1"}


def test_a_zero_grace_period_turns_the_stopping_off() -> None:
    async def main() -> list[str]:
        manager = RecordingManager(disconnect_grace=0)
        manager.add_fake_kernel("a")
        manager.notify_connect("a")
        manager.notify_disconnect("a")
        await asyncio.sleep(0.1)
        return manager.stopped

    assert asyncio.run(main()) == []


def test_voila_config_uses_the_manager_and_culls_only_unconnected_idle_kernels() -> None:
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    assert config["VoilaConfiguration"]["multi_kernel_manager_class"] == "phase10kit_server.ClassroomKernelManager"
    assert 0 < config["ClassroomKernelManager"]["disconnect_grace"] <= 30
    culling = config["MappingKernelManager"]
    # cull_connected false: a page in use (connected) is never culled, however long the student thinks.
    assert culling["cull_connected"] is False and culling["cull_busy"] is False
    assert culling["cull_idle_timeout"] >= 300 and 0 < culling["cull_interval"] <= culling["cull_idle_timeout"]


def test_voila_config_bounds_pages_and_keeps_the_token_for_reads() -> None:
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    assert config["Voila"]["identity_provider_class"] == "phase10kit_server.ClassroomIdentityProvider"
    manager = config["ClassroomKernelManager"]
    # About 65 MB a table: a class of 30 with reloads fits a 4 GB server (40 tables, 2.6 GB), a few tabs per
    # student, and a short stop for pages nobody opened.
    assert 30 <= manager["max_kernels"] <= 50 and 2 <= manager["max_kernels_per_address"] <= manager["max_kernels"]
    assert 30 <= manager["unconnected_timeout"] <= 120 < config["MappingKernelManager"]["cull_idle_timeout"]


def test_voila_config_leaves_out_jupyterlab_only_front_ends_but_keeps_the_widget_manager() -> None:
    # nbgrader's and notebook's lab extensions need JupyterLab's file browser and menus, absent from a Voila
    # page (console errors); ipywidgets' jupyterlab-manager provides @jupyter-widgets/base: it must stay.
    denied = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))["VoilaConfiguration"]["extension_denylist"]
    assert {"@jupyter/nbgrader", "@jupyter-notebook/lab-extension", "@jupyter-server/resource-usage"} <= set(denied)
    assert not {"@jupyter-widgets/jupyterlab-manager", "anywidget", "jupyterlab-plotly"} & set(denied)


def test_voila_config_gives_a_class_time_to_render_and_shows_an_error_instead_of_a_white_page() -> None:
    # nbclient's default 4 s IOPub timeout dropped the table's output when eight pages started at once.
    executor = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))["VoilaExecutor"]
    assert executor["iopub_timeout"] >= 60
    # Voila 0.5.13 turns nbclient's timeout error into an error output on the page (the notebook stops there).
    assert executor["raise_on_iopub_timeout"] is True
