"""The server's token: a token in the URL opens pages but changes nothing, and it never reaches the log.

jupyter_server skips the xsrf check for a token-authenticated request, and it takes the token from the URL
as readily as from the ``Authorization`` header: ``DELETE /api/kernels/<id>?token=...`` stopped a kernel with
no xsrf check at all. ``ClassroomIdentityProvider`` accepts a URL token only for reads (GET, HEAD, OPTIONS:
opening the table, its websocket); a request that changes something must carry the token in the
``Authorization`` header (which a page of another site cannot add without the browser's CORS check) or the
login cookie (then the xsrf check applies as usual).

Tornado's request log and its error lines print the whole URL, token included, for every failed request;
``scrub_secrets`` replaces the value of ``token=`` (and ``_xsrf=``) in every record of those loggers.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from jupyter_server.auth.identity import PasswordIdentityProvider
from tornado.web import RequestHandler

__all__ = [
    "READ_METHODS",
    "SCRUBBED_LOGGERS",
    "SECRET_PARAMETER",
    "ClassroomIdentityProvider",
    "SecretScrubber",
    "install_scrubber",
    "scrub_secrets",
]

READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
SECRET_PARAMETER = re.compile(r"(?i)\b(token|_xsrf)=[^&\s#'\"]*")
SCRUBBED_LOGGERS = ("tornado.access", "tornado.general", "tornado.application", "Voila", "ServerApp")
"""Tornado's request and error loggers, and the two applications' own (which log some failed requests too)."""


def scrub_secrets(text: str) -> str:
    """``text`` with the value of every ``token=`` and ``_xsrf=`` parameter replaced.

    >>> scrub_secrets("404 GET /voila/render/x.ipynb?token=s3cret&seed=5 (127.0.0.1)")
    '404 GET /voila/render/x.ipynb?token=[secret]&seed=5 (127.0.0.1)'
    """
    return SECRET_PARAMETER.sub(lambda match: f"{match.group(1)}=[secret]", text)


class SecretScrubber(logging.Filter):
    """A logging filter that formats a record's message once and removes URL secrets from it."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        scrubbed = scrub_secrets(message)
        if scrubbed != message:
            record.msg, record.args = scrubbed, ()
        return True


def install_scrubber() -> None:
    """Put one ``SecretScrubber`` on each logger that logs request URLs (calling it again adds nothing)."""
    for name in SCRUBBED_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(existing, SecretScrubber) for existing in logger.filters):
            logger.addFilter(SecretScrubber())


class ClassroomIdentityProvider(PasswordIdentityProvider):
    """jupyter_server's token and password login, where a token in the URL authenticates only reads.

    Set it with ``Voila.identity_provider_class`` (``voila.json``); it also installs the log scrubber.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        install_scrubber()

    def get_token(self, handler: RequestHandler) -> str | None:
        """The request's token: from the URL or the header for a read, from the ``Authorization`` header only
        for anything else (so the xsrf check is not skipped for a URL a page of another site could send)."""
        if handler.request.method in READ_METHODS:
            return super().get_token(handler)
        match = self.auth_header_pat.match(handler.request.headers.get("Authorization", ""))
        return match.group(2) if match else ""
