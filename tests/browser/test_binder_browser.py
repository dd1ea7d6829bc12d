"""The Binder path in Chromium: repo2docker's base environment plus binder/ (tests/binder_env.py), a Jupyter
server (``jupyter notebook``, repo2docker's default command) with Voila's server extension, the table at
``/voila/render/notebooks/play.ipynb``; closing the tab stops its kernel (binder/postBuild's kernel manager).
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.binder_env import binder_venv
from tests.browser.conftest import ROOT, Server, _free_port, _need_chromium, running_server
from tests.browser.pages import draw_a_card, new_play_page

GRACE = 10  # binder/postBuild: ClassroomKernelManager.disconnect_grace


@pytest.fixture(scope="module")
def binder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    _need_chromium()
    if os.environ.get("P10_OFFLINE") == "1":
        pytest.skip("P10_OFFLINE=1: building the Binder environment needs the package index")
    venv = binder_venv(ROOT)
    # What repo2docker does after the requirements: run binder/postBuild in the environment's prefix.
    subprocess.run(
        ["bash", "binder/postBuild"], cwd=ROOT, env={**os.environ, "NB_PYTHON_PREFIX": str(venv)}, check=True
    )
    token, port = secrets.token_hex(16), _free_port()
    command = [str(venv / "bin" / "jupyter"), "notebook", "--no-browser", "--ServerApp.ip=127.0.0.1"]
    command += [f"--ServerApp.port={port}", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}"]
    command += [f"--ServerApp.root_dir={ROOT}"] + (["--allow-root"] if os.geteuid() == 0 else [])
    store = tmp_path_factory.mktemp("store") / "tables.sqlite3"
    # PYTHONPATH: the kernels import this checkout's kit, not the copy installed when the venv was cached.
    env = {**os.environ, "PYTHONPATH": str(ROOT), "P10_STORE": str(store)}
    with running_server(command, port, ROOT / ".voila-binder-test.log", env=env, probe="/api/status") as server:
        yield server, token


def _kernels(server: Server, token: str) -> list[dict[str, Any]]:
    request = urllib.request.Request(f"{server.url}/api/kernels", headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return list(json.load(answer))


@pytest.mark.browser
def test_the_binder_url_opens_the_table_and_closing_the_tab_stops_its_kernel(
    binder: tuple[Server, str], context: Any
) -> None:
    server, token = binder
    assert _kernels(server, token) == []
    query = f"token={token}&players=2&bots=greedy"
    page = new_play_page(context, server.url, query, path="/voila/render/notebooks/play.ipynb")
    draw_a_card(page)
    assert len(_kernels(server, token)) == 1

    page.close(run_before_unload=True)  # as a student closing the tab (Voila's refused beacon included)
    deadline = time.monotonic() + GRACE + 30
    while _kernels(server, token):
        assert time.monotonic() < deadline, "the closed tab's kernel should stop after the grace period"
        time.sleep(0.5)
