"""How many kernels pages may hold: a cap for the whole server and one per client address.

Every page load of the table starts (or takes from the preheated pool) a kernel of about 150 MB, and a plain
HTTP GET is enough to do it: without a cap, a few dozen requests fill a classroom server's memory. The kernel
manager asks a ``KernelBudget`` before a page gets its kernel and refuses the page with HTTP 503 and a short
sentence (``PageRefused``) when a cap is reached; the kernel is counted until it stops.

The client address comes from the request being served (jupyter_server's ``CallContext`` holds the handler
for the request's task), or from a header a reverse proxy sets, since behind a proxy every request comes
from the proxy's own address.
"""

from __future__ import annotations

from collections import Counter

from jupyter_server.base.call_context import CallContext
from tornado.web import HTTPError

from phase10kit.i18n import LANGUAGES, translator

__all__ = [
    "ADDRESS_CHARACTERS",
    "ADDRESS_FULL",
    "SERVER_FULL",
    "UNKNOWN_ADDRESS",
    "KernelBudget",
    "PageRefused",
    "current_client_address",
    "refusal_in",
    "request_language",
]

SERVER_FULL = "The table server is full ({limit} tables are open): close a table you no longer use or try again soon."
ADDRESS_FULL = "This computer already has {limit} tables open on this server: close one of its tabs, then reload."
"""The two refusals as the server's log writes them (English); ``refusal_in`` gives the page's own language."""
UNKNOWN_ADDRESS = "unknown"
ADDRESS_CHARACTERS = 64
"""An address longer than this is cut: a header value must not grow the server's memory or its log."""


class PageRefused(HTTPError):
    """HTTP 503 for a page that would take a kernel past a cap; the sentence is the page's whole text.

    The English sentence goes in ``reason`` (the status line, which HTTP keeps to ASCII) and no
    ``log_message`` is set, so tornado does not log the request's URL (which may hold the token): the kernel
    manager logs the refusal itself. ``translated`` is the same sentence in the page's language
    (``request_language``), which the table's error page (``share/.../phase10kit-table/error.html``) shows.
    """

    def __init__(self, sentence: str, translated: str | None = None, lang: str = "en") -> None:
        super().__init__(503, reason=sentence)
        self.sentence = sentence
        self.translated = translated if translated is not None else sentence
        self.lang = lang


def refusal_in(sentence: str, limit: int, lang: str) -> str:
    """``SERVER_FULL`` or ``ADDRESS_FULL`` for ``limit`` in ``lang``, with the plural form ``limit`` takes.

    >>> refusal_in(ADDRESS_FULL, 8, "hr")[:40]
    'Ovo računalo na ovom poslužitelju već im'
    """
    t = translator(lang)
    if sentence == SERVER_FULL:
        text = t.ngettext(
            "The table server is full ({limit} table is open): close a table you no longer use or try again soon.",
            "The table server is full ({limit} tables are open): close a table you no longer use or try again soon.",
            limit,
        )
    else:
        text = t.ngettext(
            "This computer already has {limit} table open on this server: close one of its tabs, then reload.",
            "This computer already has {limit} tables open on this server: close one of its tabs, then reload.",
            limit,
        )
    return text.format(limit=limit)


def request_language(lang: str = "", accept: str = "") -> str:
    """The language of a refused page: the address's ``lang=`` if the kit has it, else the first of the
    browser's ``Accept-Language`` the kit has, else English.

    >>> request_language("ko"), request_language("", "fr-FR,hr;q=0.8,en;q=0.5"), request_language("xx", "fr")
    ('ko', 'hr', 'en')
    """
    if lang in LANGUAGES:
        return lang
    weighted = []
    for position, part in enumerate(accept[:500].split(",")[:20]):
        code, _, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        weighted.append((-weight, position, code.split("-")[0].strip().lower()))
    return next((code for _, _, code in sorted(weighted) if code in LANGUAGES), "en")


def current_client_address(header: str = "") -> str | None:
    """The client address of the request being served in this task, or None outside a request.

    ``header`` (e.g. ``X-Real-IP``) names a header set by a trusted reverse proxy: its last comma-separated
    value is used when present. Leave it empty when clients reach the server directly, or they could choose
    their address by sending the header themselves.
    """
    handler = CallContext.get(CallContext.JUPYTER_HANDLER)
    if handler is None:
        return None
    address = ""
    if header:
        address = str(handler.request.headers.get(header, "")).split(",")[-1].strip()
    if not address:
        address = str(handler.request.remote_ip or "")
    return address[:ADDRESS_CHARACTERS] or UNKNOWN_ADDRESS


class KernelBudget:
    """The kernels pages hold (and are starting), by client address; says whether one more may start.

    A limit of 0 or less turns that cap off.

    >>> budget = KernelBudget(max_kernels=2, max_per_address=1)
    >>> budget.start("10.0.0.5")
    >>> budget.started("10.0.0.5", "k1")
    >>> budget.refusal("10.0.0.5") is not None, budget.refusal("10.0.0.6") is None
    (True, True)
    >>> budget.release("k1")
    >>> budget.refusal("10.0.0.5") is None
    True
    """

    def __init__(self, max_kernels: int, max_per_address: int) -> None:
        self.max_kernels = max_kernels
        self.max_per_address = max_per_address
        self._owners: dict[str, str | None] = {}
        self._starting: Counter[str | None] = Counter()

    def held(self, address: str | None = None) -> int:
        """Kernels held or starting for ``address`` (None: for every address, the server's total)."""
        if address is None:
            return len(self._owners) + sum(self._starting.values())
        return sum(1 for owner in self._owners.values() if owner == address) + self._starting[address]

    def refusal(self, address: str | None) -> str | None:
        """The (English) sentence refusing one more page kernel for ``address``, or None when it may start."""
        cap = self.cap_reached(address)
        return cap[0].format(limit=cap[1]) if cap is not None else None

    def cap_reached(self, address: str | None) -> tuple[str, int] | None:
        """The cap one more page kernel for ``address`` would pass (``SERVER_FULL`` or ``ADDRESS_FULL``, and
        its limit), or None when it may start."""
        if self.max_kernels > 0 and self.held() >= self.max_kernels:
            return SERVER_FULL, self.max_kernels
        if address is not None and self.max_per_address > 0 and self.held(address) >= self.max_per_address:
            return ADDRESS_FULL, self.max_per_address
        return None

    def start(self, address: str | None) -> None:
        """A page kernel for ``address`` is starting: it counts from now (so simultaneous requests add up)."""
        self._starting[address] += 1

    def started(self, address: str | None, kernel_id: str | None) -> None:
        """The start ended: with its kernel's id it is held until ``release``; with None (a failed start) it is not."""
        self._starting[address] -= 1
        if self._starting[address] <= 0:
            del self._starting[address]
        if kernel_id is not None:
            self._owners[kernel_id] = address

    def release(self, kernel_id: str) -> None:
        """The kernel stopped: it no longer counts (an unknown id is ignored)."""
        self._owners.pop(kernel_id, None)

    def holds(self, kernel_id: str) -> bool:
        """Whether ``kernel_id`` is a page's kernel counted here."""
        return kernel_id in self._owners
