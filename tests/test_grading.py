"""A student's function runs in a worker process; grade cells are judged by a fresh grader process.

What a student's code can do to a check that runs beside it: loop with a bare ``except:`` (which swallows an
in-process time-out), loop in C, exit, replace the checker's functions while it runs, return an object equal to
everything, redefine ``check`` or the registry before the grade cell. Each is tried here; the kernel-level
tampering runs in a subprocess of its own (it would spoil this test process).
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import textwrap
import time
from fractions import Fraction
from pathlib import Path

import pytest

from phase10kit.cards import parse_cards
from phase10kit.course import exercises, sandbox
from phase10kit.course.grader import grade_request

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers need os.fork")


def correct_is_set(cards):  # type: ignore[no-untyped-def]
    if any(card.is_skip for card in cards):
        return False
    return len({card.number for card in cards if card.is_number}) == 1


def bare_except_loop(cards):  # type: ignore[no-untyped-def]
    while True:
        try:  # noqa: SIM105
            time.sleep(0.001)
        except:  # noqa: E722 - what a student writes
            pass


def c_loop(cards):  # type: ignore[no-untyped-def]
    return sum(range(10**11))


def exits(cards):  # type: ignore[no-untyped-def]
    sys.exit(0)


def hard_exit(cards):  # type: ignore[no-untyped-def]
    os._exit(3)


def rewrites_the_checker(cards):  # type: ignore[no-untyped-def]
    import phase10kit.course.checks as checks

    checks.same = lambda got, expected: True
    return "yes"


class EqualToEverything:
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


def returns_a_cheat(cards):  # type: ignore[no-untyped-def]
    return EqualToEverything()


def prints(cards):  # type: ignore[no-untyped-def]
    print("cards:", len(cards))
    return correct_is_set(cards)


IS_SET = exercises["sets.is_set"]


def test_a_correct_function_passes_in_its_worker() -> None:
    feedback = IS_SET.check(correct_is_set, record=False)
    assert feedback.ok, feedback.message


@pytest.mark.parametrize("function", [bare_except_loop, c_loop], ids=["bare-except", "C-loop"])
def test_a_function_that_never_returns_is_stopped_with_a_sentence(function: object) -> None:
    start = time.monotonic()
    feedback = IS_SET.check(function, record=False)
    assert time.monotonic() - start < 5
    assert not feedback.ok and "did not finish in 1 s" in feedback.message


@pytest.mark.parametrize(
    ("function", "words"),
    [(exits, "raised SystemExit"), (hard_exit, "ended the process"), (returns_a_cheat, "does not read")],
    ids=["sys.exit", "os._exit", "equal-to-everything"],
)
def test_a_function_that_exits_or_cheats_is_refused(function: object, words: str) -> None:
    feedback = IS_SET.check(function, record=False)
    assert not feedback.ok and words in feedback.message, feedback.message


def test_code_in_the_function_cannot_rewrite_the_checker() -> None:
    import phase10kit.course.checks as checks

    same = checks.same
    feedback = IS_SET.check(rewrites_the_checker, record=False)
    assert not feedback.ok and "not 'yes'" in feedback.message
    assert checks.same is same  # the worker changed its own copy only
    assert IS_SET.check(correct_is_set, record=False).ok


def test_what_the_function_prints_is_kept_and_no_worker_is_left_behind() -> None:
    worker = sandbox.start_worker(prints)
    assert worker is not None
    function = sandbox.RemoteFunction(worker, "prints")
    assert function.call((parse_cards("R7 B8"),), timeout=5) is False
    assert worker.output == "cards: 2\n"
    pid = worker.pid
    worker.close()
    assert pid is not None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def _computes(seconds: float) -> None:
    busy_until = time.process_time() + seconds
    while time.process_time() < busy_until:
        pass


def test_a_budget_bounds_the_computing_of_many_calls() -> None:
    worker = sandbox.start_worker(lambda: _computes(0.3))
    assert worker is not None
    function = sandbox.RemoteFunction(worker, "slow", budget=1.0)
    with pytest.raises(sandbox.WorkerTimeout) as late:
        for _ in range(20):
            function.call((), timeout=5)
    assert late.value.computing and 1.0 <= worker.computing < 2.0
    worker.close()


def test_a_wait_bounds_many_calls_that_sleep() -> None:
    # Sleeping uses no computing time: the wall-clock wait ends the check, and says it was the clock.
    worker = sandbox.start_worker(lambda: time.sleep(0.3))
    assert worker is not None
    function = sandbox.RemoteFunction(worker, "sleepy", budget=1.0, wait=1.0)
    start = time.monotonic()
    with pytest.raises(sandbox.WorkerTimeout) as late:
        for _ in range(20):
            function.call((), timeout=5)
    assert not late.value.computing and time.monotonic() - start < 2
    worker.close()


@pytest.mark.skipif(not Path("/proc/self/schedstat").exists(), reason="reads a worker's waiting from /proc")
def test_a_call_the_machine_slows_down_is_not_the_functions_fault() -> None:
    # A busy machine: processes that never stop computing, and the worker at the lowest priority, so that a
    # call of 5 ms of computing takes seconds of the clock, most of them waiting for a processor. The call
    # is waited for and returns; one that computes past its limit is still stopped and called slow.
    worker = sandbox.start_worker(lambda: _computes(0.005) or 7)
    assert worker is not None and worker.pid is not None
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2 * (os.cpu_count() or 1))]
    try:
        os.setpriority(os.PRIO_PROCESS, worker.pid, 19)  # the worker gets the processor last
        assert sandbox.RemoteFunction(worker, "starved", budget=5.0, wait=20.0).call((), timeout=0.4) == 7
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    worker.close()
    worker = sandbox.start_worker(lambda: _computes(5.0))
    assert worker is not None
    start = time.monotonic()
    with pytest.raises(sandbox.WorkerTimeout) as late:
        sandbox.RemoteFunction(worker, "slow", budget=5.0, wait=20.0).call((), timeout=0.5)
    assert late.value.computing and time.monotonic() - start < 5


def test_a_grader_reads_the_computing_time_of_a_worker_it_did_not_fork() -> None:
    worker = sandbox.start_worker(lambda: 1)
    assert worker is not None
    held = sandbox.Worker(None, worker.sock)
    held.ask_pid()
    assert held.cpu_pid == worker.pid and held.pid is None
    worker.close()


def test_plain_values_come_back_and_nothing_else() -> None:
    value = {"a": (1, 2.5, Fraction(1, 3), None)}
    assert sandbox.loads_plain(pickle.dumps(value)) == value
    for hostile in (pickle.dumps(EqualToEverything()), pickle.dumps(os.system), b"\x80\x05junk"):
        with pytest.raises(sandbox.WorkerUnreadable):
            sandbox.loads_plain(hostile)


def test_the_grader_gives_points_for_a_guess_right_or_wrong() -> None:
    guess = exercises["runs.guess_small"]
    assert guess.kind == "predict"
    for answer, earned in [("1/2", True), (str(guess.solution), True), ("0.1", True), (None, False), ("lots", False)]:
        assert grade_request(guess.id, "en", answer)["earned"] is earned, answer
    assert grade_request("runs.top_card", "hr", "Y9")["earned"]
    assert grade_request(guess.id, "hr", "0,5")["earned"]  # a guess written the Croatian way is a guess
    assert not grade_request("no.such", "en", "Y9")["earned"]


TAMPERED = """
import fractions, importlib, sys
import phase10kit.course as course
import phase10kit.course.base as base
import phase10kit.course.checks as checks
import widgets.grading
from phase10kit.course.base import Feedback

def check(*args, **kwargs):
    return Feedback(True, "Right.")

base.Exercise.check = lambda self, *args, **kwargs: Feedback(True, "Right.")
checks.same = lambda got, expected: True
course.exercises.clear()
fractions.Fraction.__eq__ = lambda a, b: True
widgets.grading.grade = lambda *args, **kwargs: 1.0
widgets.grading._GRADER = ("a fake grader", None)

def is_run(cards):
    return True

answer = 31
scores = [
    importlib.reload(widgets.grading).grade("runs.count_small", answer),
    importlib.reload(widgets.grading).grade("runs.is_run", is_run),
    importlib.reload(widgets.grading).grade("runs.count_small", 32),
]
print([float(score) for score in scores])
"""


def test_a_kernel_whose_checker_was_rewritten_still_gets_the_real_verdict(tmp_path: Path) -> None:
    script = tmp_path / "tampered.py"
    script.write_text(textwrap.dedent(TAMPERED), encoding="utf-8")
    environment = {**os.environ, "P10_PROGRESS": str(tmp_path / "progress.jsonl")}
    result = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, env=environment, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip().splitlines()[-1] == "[0.0, 0.0, 1.0]"
