"""nbgrader's grade cells: the answer judged in a fresh process, its points the cell's value.

Each grade cell of the course reads, in both editions::

    import importlib

    import widgets.grading

    importlib.reload(widgets.grading).grade("runs.is_run", is_run)

- ``importlib.reload`` runs this module's code again from the installed file, so a student's cell that
  replaced ``grade``, ``check`` or anything in this module changes nothing here; a module object put in its
  place that is not this file fails to reload, and the cell scores 0.
- The answer is judged by the grader (``phase10kit.course.grader``), a Python process started in isolated
  mode that imports the installed kit afresh: the exercise registry and the judges there are the kit's,
  whatever the student's cells replaced in the kernel. A function answer runs in a worker forked from the
  kernel (``phase10kit.course.sandbox``) and the grader reads only plain values back from it.
- The cell's value is a :class:`Score`: a number, which nbgrader reads as the cell's points (its partial-credit
  rule: a grade cell whose output is a number between 0 and its points scores that number), drawn in the
  notebook as the check's feedback. There are no hidden tests, so the released cell is the teacher's cell and
  ``nbgrader autograde`` finds every checksum unchanged (nbgrader issue 1961 warns for every grade cell with
  hidden tests).

This module uses the standard library to talk to the grader and reads nothing back from the kernel's own
``phase10kit`` modules, which a student's cell may have replaced (docs/teaching.md, "Grading", says what this
protects against and what it cannot: a student who rewrites Python's standard library in the kernel).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import socket
import struct
import subprocess
import sys
import tempfile
import time
from html import escape
from typing import Any

from IPython.display import HTML, display

from phase10kit.course import progress, sandbox
from phase10kit.course.base import Feedback, is_blank
from phase10kit.course.grader import grade_request
from phase10kit.i18n import N_, check_lang, shortest, translator
from widgets import handing_in
from widgets.feedback import feedback_html
from widgets.language import notebook_lang

__all__ = ["GRADER_SECONDS", "Score", "grade"]

GRADER_SECONDS = 25.0
"""The longest a grade cell waits for its verdict: under nbgrader's 30 s cell time-out."""
GRADER_COMMAND = (sys.executable, "-I", "-m", "phase10kit.course.grader")
NOT_FINISHED = N_("The check did not finish in {seconds} s: this answer earns no points.")
NO_GRADER = N_("The grader could not start ({error}): ask your teacher.")
_HEADER = struct.Struct("!I")


class Score(float):
    """The points a grade cell earns: its value as text is what nbgrader reads; the notebook draws it as
    "Points: 1 of 1" in the notebook's language.

    >>> score = Score(1.0, 1.0, Feedback(True, "Right."), "en")
    >>> float(score), repr(score), score._repr_html_()
    (1.0, '1.0', '<p class="p10-points"><strong>Points: 1 of 1</strong></p>')
    """

    feedback: Feedback
    total: float
    lang: str

    def __new__(cls, points: float, total: float, feedback: Feedback, lang: str) -> Score:
        score = super().__new__(cls, points)
        score.total, score.feedback, score.lang = total, feedback, lang
        return score

    def __repr__(self) -> str:
        return float.__repr__(self)

    def _repr_html_(self) -> str:
        if handing_in.under_voila():  # a page, not an assignment: the feedback says it all
            return ""
        text = translator(self.lang).ngettext(
            "Points: {points} of {total}", "Points: {points} of {total}", int(self.total)
        )
        shown = text.format(points=shortest(float(self), self.lang), total=shortest(self.total, self.lang))
        return f'<p class="p10-points"><strong>{escape(shown)}</strong></p>'


def grade(exercise_id: str, answer: object, *, points: float = 1, lang: str | None = None) -> Score:
    """Judge ``answer`` for the exercise in the grader; ``points`` (the cell's nbgrader points) when it earns
    them, else 0. Records the attempt in the progress file, as ``check`` does. Never raises for any answer."""
    lang = check_lang(notebook_lang(lang))
    exercise_id = str(exercise_id)[:80]
    t = translator(lang)
    given = handing_in.widget_answer(exercise_id) if is_blank(answer) else None
    verdict = _ask_grader(exercise_id, lang, answer if given is None else given)
    message = str(verdict["message"])
    if given is not None:  # answered in the widget only: graded here, but the notebook file does not hold it
        note = t.gettext(handing_in.FROM_WIDGET).format(line=handing_in.hand_in_line(given))
        message = f"{message} {note}"
    feedback = Feedback(bool(verdict["ok"]), message, str(verdict.get("hint", "")))
    printed = str(verdict.get("printed", ""))
    if printed:  # what the student's function printed while it was checked (stdout: never a zero for stderr)
        print(printed, end="" if printed.endswith("\n") else "\n")
    progress.record(exercise_id, feedback.ok, lang)
    # The feedback is a display the exercise's widget can replace; the cell's value is its points. A page under
    # Voila shows no code and grades nothing: its widgets are the exercises, and say it all.
    if not handing_in.under_voila():
        display(HTML(feedback_html(feedback, lang)), display_id=handing_in.grade_display_id(exercise_id))  # type: ignore[no-untyped-call]
    return Score(float(points) if verdict["earned"] else 0.0, float(points), feedback, lang)


# ------------------------------------------------------------------ the grader process, one per kernel

_GRADER: Any = globals().get("_GRADER")  # kept across reloads; checked before each use


def _grader() -> tuple[subprocess.Popen[bytes], socket.socket]:
    global _GRADER
    if _is_running(_GRADER):
        return _GRADER  # type: ignore[no-any-return]
    ours, theirs = socket.socketpair()
    # The grader's own complaints go to a file, read only if it fails to start (a pipe nobody reads could fill
    # and stop it; the kernel's stderr would zero nbgrader's cell).
    with theirs, tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(
            [*GRADER_COMMAND, str(theirs.fileno())],
            pass_fds=(theirs.fileno(),),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )
        try:
            ready = _receive(ours, time.monotonic() + GRADER_SECONDS)
        except (TimeoutError, EOFError, OSError) as error:
            _stop(process, ours)
            errors.seek(0)
            problem = errors.read().decode(errors="replace").strip().splitlines()
            raise RuntimeError(problem[-1][:200] if problem else type(error).__name__) from None
    if ready != "ready":
        _stop(process, ours)
        raise RuntimeError("no greeting")
    _GRADER = (process, ours)
    return process, ours


def _is_running(grader: object) -> bool:
    """Whether ``grader`` is a grader process this module started, still running (not any object put here)."""
    if not (isinstance(grader, tuple) and len(grader) == 2):
        return False
    process, channel = grader
    return (
        type(process) is subprocess.Popen
        and type(channel) is socket.socket
        and isinstance(process.args, list)
        and process.args[:-1] == list(GRADER_COMMAND)
        and process.poll() is None
    )


def _stop(process: subprocess.Popen[bytes], channel: socket.socket) -> None:
    global _GRADER
    _GRADER = None
    with contextlib.suppress(OSError):
        channel.close()
    with contextlib.suppress(OSError):
        process.kill()
    with contextlib.suppress(OSError, subprocess.TimeoutExpired):
        process.wait(timeout=5)


def _ask_grader(exercise_id: str, lang: str, answer: object) -> dict[str, Any]:
    if handing_in.under_voila():  # no code on the page and no grades to give: judged in the kernel, no grader
        return dict(grade_request(exercise_id, lang, answer))
    t = translator(lang)
    worker = sandbox.start_worker(answer) if callable(answer) else None
    request: tuple[str, str, bytes | None, str | None]
    try:
        if worker is not None:
            request = (exercise_id, lang, None, str(getattr(answer, "__name__", "function")))
        else:
            request = (exercise_id, lang, _pickled(answer), None)
        data = pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
        fds = [] if worker is None else [worker.sock.fileno()]
        for attempt in (1, 2):  # a grader may have just ended after its idle time: a second one is started
            try:
                process, channel = _grader()
            except (OSError, RuntimeError) as error:
                return _verdict(t.gettext(NO_GRADER).format(error=str(error)[:120]))
            try:
                socket.send_fds(channel, [_HEADER.pack(len(data))], fds)
                channel.sendall(data)
                reply = _receive(channel, time.monotonic() + GRADER_SECONDS)
                break
            except TimeoutError:
                _stop(process, channel)
                return _verdict(t.gettext(NOT_FINISHED).format(seconds=shortest(GRADER_SECONDS, lang)))
            except (EOFError, OSError) as error:
                _stop(process, channel)
                if attempt == 2:
                    return _verdict(t.gettext(NO_GRADER).format(error=type(error).__name__))
    finally:
        if worker is not None:
            worker.close()
    if not isinstance(reply, dict) or not {"earned", "ok", "message"} <= reply.keys():
        _stop(process, channel)
        return _verdict(t.gettext(NO_GRADER).format(error="reply"))
    return reply


def _pickled(answer: object) -> bytes | None:
    """The answer as the grader reads it; None (no answer) for what cannot be pickled."""
    try:
        return pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        return pickle.dumps(f"<{type(answer).__name__}>")


def _verdict(message: str) -> dict[str, Any]:
    return {"earned": False, "ok": False, "message": message, "hint": "", "printed": ""}


def _receive(channel: socket.socket, deadline: float) -> object:
    (size,) = _HEADER.unpack(_read(channel, _HEADER.size, deadline))
    return pickle.loads(_read(channel, size, deadline))


def _read(channel: socket.socket, size: int, deadline: float) -> bytes:
    chunks, missing = [], size
    while missing:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([channel], [], [], left)[0]:
            raise TimeoutError
        chunk = channel.recv(min(missing, 2**20))
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        missing -= len(chunk)
    return b"".join(chunks)


if os.name == "nt":  # pragma: no cover - no fork, no socket.send_fds: the check runs in the kernel

    def _ask_grader(exercise_id: str, lang: str, answer: object) -> dict[str, Any]:
        return dict(grade_request(exercise_id, lang, answer))
