"""The widgets' log goes to the server's log, never to the page a student reads.

In a Jupyter or Voila kernel ``sys.stderr`` is the cell's output stream: a warning printed there shows
up in the student's browser, and the admin's log stays silent. The kernel process's own standard error
(``sys.__stderr__``) is the one it inherited from the server, so a line written there lands in the
server's log (the terminal, or the systemd journal under ``deploy/phase10kit-table.service``), in
Voila's own format: ``[phase10kit] WARNING | saving paused: ...``.

Log lines never hold what a page may not show and an admin need not see: no card, no snapshot, no
table id (an id is enough to take a game over), only what went wrong and what the kit does about it.

>>> import io, sys
>>> saved, sys.__stderr__ = sys.__stderr__, io.StringIO()
>>> server_logger().warning("the store is locked")
>>> written, sys.__stderr__ = sys.__stderr__.getvalue(), saved
>>> written
'[phase10kit] WARNING | the store is locked\\n'
"""

from __future__ import annotations

import logging
import sys

__all__ = ["LOGGER_NAME", "server_logger"]

LOGGER_NAME = "widgets"
"""The logger every module of ``widgets`` writes to (``logging.getLogger("widgets")``)."""


class _ServerStream(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever ``sys.__stderr__`` is when a record arrives (the server's log in a kernel)."""

    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(logging.Formatter("[phase10kit] %(levelname)s | %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.stream = sys.__stderr__
        if self.stream is not None:
            super().emit(record)


def server_logger() -> logging.Logger:
    """The ``widgets`` logger, writing to the server's log and not passed on to the root logger.

    Without a handler of its own a warning would reach Python's last-resort handler, which writes to
    ``sys.stderr``: the page.
    """
    logger = logging.getLogger(LOGGER_NAME)
    if not any(isinstance(handler, _ServerStream) for handler in logger.handlers):
        logger.addHandler(_ServerStream())
        logger.setLevel(logging.INFO)
        logger.propagate = False
    return logger
