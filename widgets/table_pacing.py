"""The bots' pace at the table: their moves one every ``speed`` seconds on the running event loop, or at once.

The session (``TableSession.run_bots``) knows how to play the bots' moves slowly; this holds the one
task that does so for a table, so that a take-back, a new game or the speed set to instant can stop
it, and so that whatever goes wrong in it is shown on the table instead of raised into the event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from phase10kit.errors import Phase10Error
from widgets import _safety  # _safety.Feedback: the API reference cannot tell it from the course's Feedback by name
from widgets._safety import describe_error
from widgets.server_log import server_logger
from widgets.session import TableSession
from widgets.session_settings import check_speed

__all__ = ["BotPacer"]

LOG = server_logger()


class BotPacer:
    """The bots' moves of ``session``: paced as one asyncio task (``task``) when the speed is positive and an
    event loop runs (Jupyter, Voila), else played at once. ``refresh`` redraws the table; refusals and failures
    are shown in ``feedback``."""

    def __init__(self, session: TableSession, feedback: _safety.Feedback, refresh: Callable[[], None]) -> None:
        self.session = session
        self.feedback = feedback
        self.refresh = refresh
        self.task: asyncio.Task[None] | None = None
        self.held = False
        """While held, paced moves wait (``hold``): a page nobody has seen yet must not play on unseen."""

    def start(self) -> None:
        """Let the bots move if they are next: paced on the running event loop, or at once."""
        if self.session.state != "bots" or (self.task is not None and not self.task.done()):
            return
        if self.held and self.session.speed > 0 and _running_loop() is not None:
            return
        if self.session.speed > 0 and _running_loop() is not None:
            self.task = asyncio.ensure_future(self._paced())
            self.refresh()
            return
        self.session.play_bots()

    def hold(self) -> None:
        """Keep the paced moves back (those under way stop) until ``release``: the page is not shown yet."""
        self.held = True
        self.cancel()

    def release(self) -> None:
        """The page is shown: the bots may move (paced from now on)."""
        if self.held:
            self.held = False
            self.start()

    def cancel(self) -> None:
        """Stop the paced moves, if any (the session's state stays as the last move left it)."""
        task, self.task = self.task, None
        if task is not None and not task.done():
            task.cancel()

    def set_speed(self, speed: float) -> None:
        """Move the bots every ``speed`` seconds from now on (0: the ones still to move finish at once)."""
        self.session.set_speed(check_speed(speed))
        if self.session.speed == 0 and self.task is not None:
            self.cancel()
            self.start()

    async def _paced(self) -> None:
        """The session's paced moves; errors become visible, never raised into the event loop."""
        try:
            await self.session.run_bots()
        except asyncio.CancelledError:
            raise
        except Phase10Error as refusal:
            self.feedback.status.show(describe_error(refusal, self.feedback.lang), "problem")
        except Exception as failure:  # visible, and the table stays usable
            LOG.exception("the bots' moves failed")
            self.feedback.errors.show(failure)
        finally:
            if self.task is asyncio.current_task():  # a newer run may have replaced this one
                self.task = None
            self.refresh()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
