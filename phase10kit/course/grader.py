"""The grader: a fresh Python process that judges the answers of nbgrader's grade cells.

A grade cell runs in the student's kernel, after the student's own cells. Anything those cells did is in
that kernel: a ``check`` redefined to say yes, the exercise registry or a judge replaced, ``Fraction``'s
``__eq__`` rewritten. So the grade cell (``widgets.grading.grade``) does not judge there: it sends the answer to
this process, started with ``python -I -m phase10kit.course.grader FD`` (isolated mode: no ``PYTHONPATH``,
no current directory on the path, so it imports the installed kit and nothing a student wrote), and shows
the verdict it gets back.

- An answer that is a value (text, a number, cards, ``Rules``) comes as a pickle read by
  :func:`~phase10kit.course.sandbox.loads_plain`: plain data and the kit's own values only.
- An answer that is a function stays in the kernel: the grade cell forks a worker holding it
  (``sandbox.start_worker``) and passes the worker's socket here; the judge calls the function through it, with
  a wall-clock limit per call and for the whole check, and reads back plain values only. The student's code
  never runs in this process.
- A prediction ("predict" exercises) earns its points for a readable guess, right or wrong: the course asks
  for a guess first, and an honest wrong one must cost nothing (docs/teaching.md, "Grading").

The process serves one kernel, one request at a time, and ends when the kernel's end of its socket closes or
after :data:`IDLE_SECONDS` without a request (about 75 MB each: thirty open notebooks need not keep thirty).
"""

from __future__ import annotations

import select
import socket
import sys
from typing import TypedDict

from phase10kit.course import exercises
from phase10kit.course.answers import read_fraction
from phase10kit.course.base import AnswerError, Feedback, is_blank
from phase10kit.course.sandbox import (
    RemoteFunction,
    Worker,
    WorkerUnreadable,
    loads_plain,
    receive_with_socket,
    send,
)
from phase10kit.i18n import LANGUAGES, N_, translator

__all__ = ["GUESS_COUNTS", "IDLE_SECONDS", "Verdict", "grade_request", "main", "read_request"]

IDLE_SECONDS = 120.0
"""A grader that had no request for this long ends (its kernel may stay open all day; a class has thirty)."""
GUESS_COUNTS = N_("Your guess is recorded: a prediction earns its point for being made, right or wrong.")
NO_GUESS = N_("No guess yet: a prediction earns its point once you write one.")
UNREADABLE_ANSWER = N_("Your answer is {what}, which the checker does not read: write it as text or a number.")
UNKNOWN_EXERCISE = N_("There is no exercise {exercise} in this course.")


class Verdict(TypedDict):
    """What the grader answers: whether the cell earns its points, and the feedback the student reads."""

    earned: bool
    ok: bool
    message: str
    hint: str
    printed: str


def grade_request(exercise_id: str, lang: str, answer: object) -> Verdict:
    """The verdict on ``answer`` for the exercise, in ``lang``.

    >>> grade_request("runs.top_card", "en", "Y9")["earned"], grade_request("runs.top_card", "en", "Y1")["earned"]
    (True, False)
    >>> verdict = grade_request("runs.guess_small", "en", "1/2")
    >>> verdict["earned"], verdict["ok"], "recorded" in verdict["message"]
    (True, False, True)
    """
    lang = lang if lang in LANGUAGES else "en"
    t = translator(lang)
    exercise = exercises.get(exercise_id)
    if exercise is None:
        message = t.gettext(UNKNOWN_EXERCISE).format(exercise=exercise_id[:60])
        return Verdict(earned=False, ok=False, message=message, hint="", printed="")
    feedback: Feedback = exercise.check(answer, lang, record=False)
    printed = answer.worker.output if isinstance(answer, RemoteFunction) else ""
    earned = feedback.ok
    message = feedback.message
    if exercise.kind == "predict":
        earned = _guessed(answer, lang)
        message = f"{message} {t.gettext(GUESS_COUNTS if earned else NO_GUESS)}"
    return Verdict(earned=earned, ok=feedback.ok, message=message, hint=feedback.hint, printed=printed)


def _guessed(answer: object, lang: str) -> bool:
    if is_blank(answer):
        return False
    try:
        read_fraction(answer, lang)
    except AnswerError:
        return False
    return True


def read_request(data: object, worker: socket.socket | None) -> tuple[str, str, object]:
    """``(exercise id, language, answer)`` from a request ``(id, lang, pickled answer or None, function name)``;
    the answer is the function in ``worker`` when a worker's socket came with it."""
    if not (isinstance(data, tuple) and len(data) == 4 and isinstance(data[0], str) and isinstance(data[1], str)):
        raise WorkerUnreadable(type(data).__name__)
    exercise_id, lang, pickled, name = data
    if worker is not None:
        remote = Worker(None, worker)
        remote.ask_pid()  # not the grader's child: whether it computes or waits is read through its own id
        answer: object = RemoteFunction(remote, name if isinstance(name, str) else "function")
    elif isinstance(pickled, bytes):
        answer = loads_plain(pickled)
    else:
        answer = None
    return exercise_id, lang, answer


def _serve(channel: socket.socket) -> None:
    while True:
        if not select.select([channel], [], [], IDLE_SECONDS)[0]:
            return  # a notebook nobody grades in: the kernel starts a new grader when it needs one
        try:
            data, worker = receive_with_socket(channel)
        except (EOFError, OSError):
            return
        except WorkerUnreadable as odd:
            send(channel, _unreadable("en", odd))
            continue
        try:
            exercise_id, lang, answer = read_request(data, worker)
            verdict = grade_request(exercise_id, lang, answer)
        except WorkerUnreadable as odd:
            lang = data[1] if isinstance(data, tuple) and len(data) > 1 and isinstance(data[1], str) else "en"
            verdict = _unreadable(lang, odd)
        finally:
            if worker is not None:
                worker.close()
        send(channel, verdict)


def _unreadable(lang: str, odd: WorkerUnreadable) -> Verdict:
    message = translator(lang if lang in LANGUAGES else "en").gettext(UNREADABLE_ANSWER).format(what=odd.what)
    return Verdict(earned=False, ok=False, message=message, hint="", printed="")


def main(argv: list[str]) -> int:
    """Serve the kernel on the socket whose file descriptor is ``argv[1]``."""
    channel = socket.socket(fileno=int(argv[1]))
    send(channel, "ready")
    _serve(channel)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
