"""The page request of a preheated Voila kernel, received without importing Voila.

Voila starts preheated kernels before anyone asks for a page (``voila.json``); such a kernel runs the notebook up
to the point where it needs the page's URL, then asks Voila for it over a websocket,
``ws://<VOILA_APP_IP>:<VOILA_APP_PORT><VOILA_WS_BASE_URL>voila/query/<VOILA_KERNEL_ID>``, and waits. When a
browser asks for the page, Voila answers with one JSON object of CGI-style variables (``QUERY_STRING``,
``SCRIPT_NAME``, ...), which the kernel puts in its environment.

Voila's own helper for this, ``voila.utils.wait_for_request``, lives in a module that imports jupyter_server and
jupyterlab_server: about 700 modules and 45 MB in every table kernel, for one websocket message. This module
speaks the same small protocol (Voila 0.5's ``RequestInfoSocketHandler`` and ``wait_for_request``: the same
variables and defaults, the same warning when Voila cannot be reached) with the ``websockets`` client Voila
itself depends on, imported only in a preheated kernel.
"""

from __future__ import annotations

import json
import os
import warnings

__all__ = ["OPEN_TIMEOUT", "PREHEAT_VARIABLE", "is_preheated", "query_socket_url", "wait_for_request"]

PREHEAT_VARIABLE = "VOILA_PREHEAT"
"""Set to ``"True"`` by Voila in the kernels it starts ahead of a request (``voila.utils.ENV_VARIABLE``)."""

OPEN_TIMEOUT = 5.0
"""Seconds to connect to Voila's query socket (Voila's own helper waits as long)."""


def is_preheated() -> bool:
    """Whether Voila started this kernel ahead of a request (it then must wait for one)."""
    return os.environ.get(PREHEAT_VARIABLE, "False") != "False"


def query_socket_url() -> str:
    """The address of Voila's query socket for this kernel, from the variables Voila sets in a preheated kernel.

    >>> env = {"VOILA_APP_PORT": "8870", "VOILA_SERVER_URL": "/class/", "VOILA_KERNEL_ID": "k1"}
    >>> old = {key: os.environ.pop(key, None) for key in [*env, "VOILA_WS_BASE_URL", "VOILA_APP_IP"]}
    >>> os.environ.update(env)
    >>> query_socket_url()
    'ws://127.0.0.1:8870/class/voila/query/k1'
    >>> for key, value in old.items():
    ...     _ = os.environ.pop(key, None) if value is None else os.environ.update({key: value})
    """
    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    # Voila uses its server URL when no websocket base URL is given.
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{host}:{port}{base}voila/query/{os.environ.get('VOILA_KERNEL_ID')}"


def wait_for_request() -> bool:
    """In a preheated kernel, block until Voila sends the page's request and put its variables in ``os.environ``.

    Returns whether the request arrived (``True`` at once outside a preheated kernel). When Voila's socket
    cannot be reached, warns "Failed to connect to <url>" (as Voila's helper does) and returns ``False``.
    """
    if not is_preheated():
        return True
    # Imported here: only a preheated kernel talks to Voila, and websockets comes with Voila, not with the kit.
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    url = query_socket_url()
    try:
        with connect(url, open_timeout=OPEN_TIMEOUT) as socket:
            message = socket.recv()
    except (OSError, TimeoutError, WebSocketException) as error:
        warnings.warn(f"Failed to connect to {url}: {error}", stacklevel=2)
        return False
    variables = json.loads(message)
    os.environ.update({str(key): str(value) for key, value in variables.items()})
    return True
