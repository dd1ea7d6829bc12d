"""Saving one page's table off the kernel's event loop: always the latest position, retried until it lands.

A page hands every new snapshot to its ``Saver`` and goes on at once. The saver's thread writes the
latest snapshot it holds (snapshots that arrive while it writes replace each other: only the newest is
written), so a slow or locked store never freezes the table. A write that fails (another process holds
the lock, the disk is full) is retried with growing pauses (``RETRY_FIRST`` doubling up to
``RETRY_LONGEST`` seconds) until the store takes it; nothing is dropped meanwhile, because the position
stays in the page. The page is told what it must say: ``paused`` when a save first fails and
``saved`` when the store has caught up (``Report``), and the claim's changes (``created`` for the
first save's fresh id; ``split`` when another tab claimed the table and this one now saves a copy).

Reports come back on the event loop that made the saver (widgets may only change there); without a
running loop (a plain script, the tests) they come on the saving thread. Problems go to the server's
log (``widgets.server_log``), never to the page.

>>> import tempfile, os
>>> from widgets.store import GameStore
>>> reports = []
>>> saver = Saver(GameStore(os.path.join(tempfile.mkdtemp(), "t.sqlite3")), reports.append)
>>> saver.submit("one"); saver.submit("two"); saver.wait()
True
>>> [report.event for report in reports], saver.store.load(saver.claim.table_id).snapshot
(['created'], 'two')
>>> saver.close()
"""

from __future__ import annotations

import asyncio
import atexit
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from widgets.server_log import server_logger
from widgets.store import Claim, GameStore, StoreError

__all__ = ["RETRY_FIRST", "RETRY_LONGEST", "Report", "Saver"]

LOG = server_logger()

RETRY_FIRST = 0.5
"""Seconds before the first retry of a failed save; each further retry waits twice as long."""

RETRY_LONGEST = 15.0
"""The longest pause between two retries: a lock that clears is noticed within this many seconds."""

IDLE_EXIT = 30.0
"""Seconds without work after which a saver's thread ends (the next snapshot starts another)."""

_LIVE: weakref.WeakSet[Saver] = weakref.WeakSet()
"""Every saver not yet collected: written out when the interpreter exits (``_flush_all``)."""


@atexit.register
def _flush_all() -> None:
    # A kernel stopped normally (culled, shut down) runs this before its daemon threads die: the latest
    # positions get a last chance to land (two seconds each at most).
    for saver in list(_LIVE):
        saver.close()
        saver.wait(timeout=2.0)


Event = Literal["created", "split", "paused", "saved"]


@dataclass(frozen=True)
class Report:
    """What happened to the saving: ``event``, and the claim the page now saves under (or None)."""

    event: Event
    claim: Claim | None = None


class Saver:
    """The saving thread of one page's table in ``store``; ``report`` receives each ``Report``.

    ``retry_first`` and ``retry_longest`` are the pauses between retries (seconds; tests shorten them);
    ``purge`` drops expired saves first (``GameStore.purge_expired``); the thread starts with the first
    work and ends after ``idle_exit`` seconds without any (a page left open costs no thread).
    """

    def __init__(
        self,
        store: GameStore,
        report: Callable[[Report], None],
        *,
        retry_first: float = RETRY_FIRST,
        retry_longest: float = RETRY_LONGEST,
        purge: bool = False,
        idle_exit: float = IDLE_EXIT,
    ) -> None:
        self.store = store
        self._report = report
        self._retry_first, self._retry_longest = retry_first, retry_longest
        self._loop = _running_loop()
        self._lock = threading.Condition()
        self._claim: Claim | None = None
        self._claim_unwritten = False
        self._pending: str | None = None
        self._forget: list[str] = []
        """Ids whose saves must be deleted (the page's "forget this game")."""
        self._epoch = 0
        """Grows when the page changes claim (resumes or forgets): a write of the old claim lands for nothing."""
        self._forgotten: set[int] = set()
        self._writing = False
        self._paused = False
        self._closed = False
        self._purge = purge
        self._idle_exit = idle_exit
        self._thread: threading.Thread | None = None
        _LIVE.add(self)

    @property
    def claim(self) -> Claim | None:
        """The claim the table is saved under (None before its first save has landed)."""
        return self._claim

    @property
    def paused(self) -> bool:
        """Whether the last write failed and the saver is waiting to retry."""
        return self._paused

    def submit(self, snapshot: str) -> None:
        """Save ``snapshot`` soon, in place of any snapshot not yet written."""
        with self._lock:
            self._pending = snapshot
            self._working()

    def adopt(self, claim: Claim) -> None:
        """Save under ``claim`` from now on (a resumed table): its owner is written first, unsaved snapshots
        of the table it replaces are dropped (the page no longer shows that table)."""
        with self._lock:
            self._epoch += 1
            self._claim, self._claim_unwritten, self._pending = claim, True, None
            self._working()

    def forget(self) -> None:
        """Delete the table's save (and any save of it still on its way); the next ``submit`` starts a new id."""
        with self._lock:
            if self._claim is not None:
                self._forget.append(self._claim.table_id)
            self._forgotten.add(self._epoch)
            self._epoch += 1
            self._claim, self._claim_unwritten, self._pending = None, False, None
            self._working()

    def wait(self, timeout: float = 30.0) -> bool:
        """Block until everything submitted is written (True), or ``timeout`` seconds pass (False)."""
        with self._lock:
            return self._lock.wait_for(self._idle, timeout=timeout)

    def close(self) -> None:
        """Stop the thread once what is submitted is written (or at once, while the store refuses)."""
        with self._lock:
            self._closed = True
            self._lock.notify_all()

    def _working(self) -> None:
        """There is work (the lock is held): wake the thread, or start one if none runs."""
        self._lock.notify_all()
        if self._thread is None and not self._closed:
            self._thread = threading.Thread(target=self._run, name="phase10kit-saver", daemon=True)
            self._thread.start()

    # ------------------------------------------------------------------ the thread

    def _idle(self) -> bool:
        return self._pending is None and not self._claim_unwritten and not self._forget and not self._writing

    def _run(self) -> None:
        if self._purge:
            try:
                self.store.purge_expired()
            except StoreError as error:
                LOG.warning("expired saves were not purged (the next page will try again): %s", error)
            self._purge = False
        pause = self._retry_first
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._closed or not self._idle(), timeout=self._idle_exit)
                if self._idle() or (self._closed and self._paused):
                    if self._paused:
                        LOG.error("a page closed while its game could not be saved: its last moves are lost")
                    self._thread = None  # under the lock: new work from now on starts a new thread
                    return
                epoch, claim, unwritten = self._epoch, self._claim, self._claim_unwritten
                snapshot, forget = self._pending, list(self._forget)
                self._pending, self._writing = None, True
            try:
                report = self._write(forget, claim, unwritten, snapshot)
            except StoreError as error:
                with self._lock:
                    if self._epoch == epoch and self._pending is None:
                        self._pending = snapshot  # nothing newer came: this one is still the one to save
                    self._writing, first = False, not self._paused
                    self._paused = True
                LOG.warning("saving paused, retrying in %.1f s: %s", pause, error)
                if first:
                    self._post(Report("paused", claim))
                with self._lock:
                    self._lock.wait_for(lambda: self._closed, timeout=pause)
                pause = min(pause * 2, self._retry_longest)
                continue
            pause = self._retry_first
            with self._lock:
                del self._forget[: len(forget)]
                if self._epoch == epoch:
                    self._claim = report.claim if report is not None else claim
                    if unwritten:
                        self._claim_unwritten = False
                else:
                    if report is not None and report.claim is not None and epoch in self._forgotten:
                        self._forget.append(report.claim.table_id)  # made for a game forgotten meanwhile
                    report = None  # about a claim the page no longer saves under
                caught_up = self._paused and self._pending is None
                if caught_up:
                    self._paused = False
            # Reports go out before the saver counts as idle: ``wait`` returns once the page has been told.
            if report is not None:
                self._post(report)
            if caught_up:
                LOG.info("saving works again: the latest position is saved")
                self._post(Report("saved", self._claim))
            with self._lock:
                self._writing = False
                self._lock.notify_all()

    def _write(self, forget: list[str], claim: Claim | None, unwritten: bool, snapshot: str | None) -> Report | None:
        for table_id in forget:
            self.store.forget(table_id)
        if claim is None:
            if snapshot is None:
                return None
            return Report("created", self.store.create(snapshot))
        if unwritten:
            self.store.take(claim)
        if snapshot is not None and not self.store.save(claim, snapshot):
            # Another page (another tab) claimed this table since: keep this page's game under a new id.
            return Report("split", self.store.create(snapshot))
        return None

    def _post(self, report: Report) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._deliver, report)
                return
            except RuntimeError:  # the loop closed meanwhile: deliver here
                pass
        self._deliver(report)

    def _deliver(self, report: Report) -> None:
        try:
            self._report(report)
        except Exception:
            LOG.exception("the page failed to show what happened to its saving")


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
