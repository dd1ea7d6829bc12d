"""A student's function in a process of its own: it can loop, exit or rewrite the checker without effect.

A "write it yourself" exercise calls the student's function on hidden cases. Called in the checker's own
process, a function with a bare ``except:`` around a loop swallows any time-out, a C-level loop
(``sum(range(10**10))``) is never interrupted, ``sys.exit`` or ``os._exit`` ends the checker, and code in the
function's body can replace the checker's functions while it runs. So the function runs in a **worker**: a
child process forked from the one that holds the function (the student's kernel), which answers calls over a
socket. The checker sends the arguments, waits at most a given number of seconds of wall-clock time, and reads
back the computing (CPU) time the call took and only plain values (:func:`loads_plain`: numbers, text,
containers and the kit's own immutable values, never an object of the student's class whose ``__eq__`` says
yes to everything). A worker that does not answer in time is killed (SIGKILL).

A check of many calls (a bot's games) is bounded by the computing time the function used, not by the clock:
thirty students checking at once on one server slow every call down, and a right answer must not fail for that.
A wall-clock limit of its own still ends a check that waits too long (a function that sleeps), with a sentence
that does not blame the function's speed.

Where ``os.fork`` is missing (Windows), :func:`start_worker` returns None and callers run the function in
their own process with the weaker in-process time limit (``phase10kit.course.checks.time_limit``).

Standard library only: the grader (``phase10kit.course.grader``) and the notebook's grade cells use it.

>>> worker = start_worker(lambda n: n * 2)
>>> worker is None or (worker.call((21,), timeout=5.0), worker.close())[0] == 42
True
"""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import select
import signal
import socket
import struct
import sys
import time
import warnings
from collections.abc import Callable
from typing import Any

__all__ = [
    "MAX_MESSAGE",
    "RemoteFunction",
    "Worker",
    "WorkerEnded",
    "WorkerRaised",
    "WorkerTimeout",
    "WorkerUnreadable",
    "loads_plain",
    "receive",
    "receive_with_socket",
    "send",
    "start_worker",
]

MAX_MESSAGE = 16 * 2**20
"""The largest message either side reads (a student's function returning a huge value is refused, not read)."""
MAX_OUTPUT = 2000
"""How much of what a student's function prints is kept and shown with the verdict."""
WORKER_CPU_SECONDS = 120
"""A worker's CPU-time limit: one left behind by a checker that died still ends (SIGXCPU)."""
WORKER_EXTRA_MEMORY = 2 * 2**30
"""How much more address space a worker may take than its parent had (a memory bomb fails with MemoryError)."""
_HEADER = struct.Struct("!I")


class WorkerTimeout(Exception):
    """The worker did not answer in time; it has been killed. ``computing`` says whether the function used up its
    computing time (it is slow) or the check waited past its wall-clock limit (it sleeps, or the machine is busy)."""

    def __init__(self, seconds: float, *, computing: bool = True) -> None:
        super().__init__(f"no answer in {seconds:g} s")
        self.seconds, self.computing = seconds, computing


class WorkerEnded(Exception):
    """The worker's process ended before it answered (``os._exit``, a crash, or it was killed)."""


class WorkerRaised(Exception):
    """The student's function raised: the exception's type name and its message (never re-raised as is)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}".rstrip(": "))
        self.kind, self.message = kind, message


class WorkerUnreadable(Exception):
    """The function returned something the checker does not read (a class of its own, a huge value)."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


# ------------------------------------------------------------------ messages


def send(sock: socket.socket, value: object) -> None:
    """Send one value (pickled, length first)."""
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    sock.sendall(_HEADER.pack(len(data)) + data)


def receive(sock: socket.socket, *, deadline: float | None = None, plain: bool = True) -> object:
    """Read one value; ``plain`` reads it with :func:`loads_plain` (what a worker sends), else trusts it.
    Raises ``TimeoutError`` after ``deadline`` (``time.monotonic()``), ``EOFError`` when the other side is gone."""
    (size,) = _HEADER.unpack(_read(sock, _HEADER.size, deadline))
    if size > MAX_MESSAGE:
        raise WorkerUnreadable(f"a value of {size} bytes")
    data = _read(sock, size, deadline)
    return loads_plain(data) if plain else pickle.loads(data)


def receive_with_socket(sock: socket.socket) -> tuple[object, socket.socket | None]:
    """One value read with :func:`loads_plain`, and the socket whose file descriptor came with it, if any
    (sent by ``socket.send_fds`` with the length; ``EOFError`` when the other side is gone)."""
    header, fds, _flags, _address = socket.recv_fds(sock, _HEADER.size, 1)
    if not header:
        raise EOFError
    passed = socket.socket(fileno=fds[0]) if fds else None
    try:
        header += _read(sock, _HEADER.size - len(header), None)
        (size,) = _HEADER.unpack(header)
        if size > MAX_MESSAGE:
            raise WorkerUnreadable(f"a value of {size} bytes")
        return loads_plain(_read(sock, size, None)), passed
    except BaseException:
        if passed is not None:
            passed.close()
        raise


def _read(sock: socket.socket, size: int, deadline: float | None) -> bytes:
    chunks, missing = [], size
    while missing:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([sock], [], [], left)[0]:
                raise TimeoutError
        chunk = sock.recv(min(missing, 2**20))
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        missing -= len(chunk)
    return b"".join(chunks)


# What a worker may send back. A class of the student's own cannot come through, nor any callable other
# than these constructors (``pickle`` calls what it finds: an allow-list, not a deny-list).
_PLAIN_BUILTINS = frozenset(
    {"int", "float", "complex", "str", "bytes", "bool", "list", "tuple", "dict", "set", "frozenset", "object"}
)
_PLAIN = {("fractions", "Fraction"), ("decimal", "Decimal"), ("copyreg", "_reconstructor")}


class _PlainUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module == "builtins" and name in _PLAIN_BUILTINS) or (module, name) in _PLAIN:
            return super().find_class(module, name)
        if (module == "phase10kit" or module.startswith("phase10kit.")) and "." not in name:
            found = super().find_class(module, name)
            if isinstance(found, type):  # the kit's values (Card, Group, actions, ...), never a function
                return found
        raise WorkerUnreadable(f"{module}.{name}")


def loads_plain(data: bytes) -> object:
    """A pickled value holding only plain data and the kit's own values; anything else raises
    :class:`WorkerUnreadable` naming what it met.

    >>> from fractions import Fraction
    >>> loads_plain(pickle.dumps([1, "two", Fraction(3, 4)]))
    [1, 'two', Fraction(3, 4)]
    >>> loads_plain(pickle.dumps(print))
    Traceback (most recent call last):
    ...
    phase10kit.course.sandbox.WorkerUnreadable: builtins.print
    """
    try:
        return _PlainUnpickler(io.BytesIO(data)).load()
    except WorkerUnreadable:
        raise
    except Exception as error:  # a truncated or hostile pickle: never more than "unreadable"
        raise WorkerUnreadable(type(error).__name__) from None


# ------------------------------------------------------------------ the worker


POLL_SECONDS = 0.05
"""How often a call that has not answered yet looks at whether its worker computes or waits."""


class Worker:
    """A child process that calls one function for whoever holds the other end of its socket."""

    def __init__(self, pid: int | None, sock: socket.socket) -> None:
        self.pid, self.sock = pid, sock
        self.output = ""
        """What the function printed so far (at most :data:`MAX_OUTPUT` characters)."""
        self.alive = True
        self.computing = 0.0
        """The computing (CPU) seconds the function's calls have taken so far, as the worker measured them."""
        self.cpu_pid = pid
        """The worker's process id, to read whether it computes or waits during a call (None: not known)."""

    def call(self, args: tuple[object, ...], *, timeout: float, wait: float | None = None) -> object:
        """``function(*args)`` in the worker, or one of the ``Worker*`` exceptions. The function has ``timeout``
        seconds of its own, not counting the time its worker waited for a processor (a busy machine slows a
        call down without making it the function's fault), and never more than ``wait`` seconds of the clock
        in all (``timeout`` when None); then the worker is killed."""
        if not self.alive:
            raise WorkerEnded
        try:
            send(self.sock, args)
            reply = self._reply(timeout, timeout if wait is None else max(wait, timeout))
        except (EOFError, OSError):
            self.close()
            raise WorkerEnded from None
        if not (isinstance(reply, tuple) and len(reply) == 4 and isinstance(reply[2], str)):
            raise WorkerUnreadable(type(reply).__name__)
        kind, value, printed, computing = reply
        if isinstance(computing, float) and computing >= 0:
            self.computing += computing
        self.output = (self.output + printed)[:MAX_OUTPUT]
        if kind == "returned":
            return value
        if kind == "raised" and isinstance(value, tuple) and len(value) == 2:
            raise WorkerRaised(str(value[0])[:60], str(value[1])[:80])
        raise WorkerUnreadable(str(value)[:80])

    def _reply(self, timeout: float, wait: float) -> object:
        """The worker's reply, or ``WorkerTimeout`` (the worker killed). The call has ``timeout`` seconds of its
        own: the clock while the worker sleeps or waits for something, its computing while it is ready to run
        (a busy machine that keeps it waiting for a processor costs it nothing), and never more than ``wait``
        seconds of the clock in all. ``computing`` says the function used its own time, not that the clock
        ran out. Where the worker cannot be read (no ``/proc``), every second of the clock counts."""
        start = last = time.monotonic()
        state = _process_state(self.cpu_pid)
        own = 0.0
        while True:
            if own >= timeout or last - start >= wait:
                self.close()
                raise WorkerTimeout(timeout, computing=own >= timeout)
            step = min(timeout - own, start + wait - last, POLL_SECONDS if state is not None else timeout)
            if select.select([self.sock], [], [], max(0.0, step))[0]:  # a reply is sent whole: read it to its end
                try:
                    return receive(self.sock, deadline=time.monotonic() + max(wait, 5.0))
                except TimeoutError:
                    self.close()
                    raise WorkerTimeout(timeout) from None
            now, seen = time.monotonic(), _process_state(self.cpu_pid)
            if state is not None and seen is not None and seen[0] == "R":
                own += seen[1] - state[1]  # ready to run: only what it computed counts
            else:
                own += now - last  # asleep or blocked (the function waits) or not readable: the clock counts
            state, last = seen, now

    def ask_pid(self, *, timeout: float = 5.0) -> None:
        """Learn the worker's process id from the worker itself (a worker passed over a socket: not our child),
        so that whether it computes or waits during a call can be read."""
        if self.alive:
            try:
                send(self.sock, _Pid())
                reply = receive(self.sock, deadline=time.monotonic() + timeout)
            except (TimeoutError, EOFError, OSError):
                self.close()
                return
            if isinstance(reply, tuple) and len(reply) == 4 and type(reply[1]) is int:
                self.cpu_pid = reply[1]

    def seed(self, seed: int, *, timeout: float = 5.0) -> None:
        """Seed the worker's global ``random`` (and NumPy's) generator, so that a function using them unseeded
        gives the same results on every check."""
        if self.alive:
            try:
                send(self.sock, _Seed(seed))
                receive(self.sock, deadline=time.monotonic() + timeout)
            except (TimeoutError, EOFError, OSError):
                self.close()

    def close(self) -> None:
        """End the worker (killed if it still runs) and its socket."""
        self.alive = False
        with contextlib.suppress(OSError):
            self.sock.close()
        if self.pid is not None:
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                os.waitpid(self.pid, 0)
            self.pid = None


class RemoteFunction:
    """A student's function seen from the checker: calling it calls the function in its worker.

    ``budget`` bounds the computing seconds of all calls together and ``wait`` the wall-clock seconds spent
    waiting for them, so that a check of many calls (a bot's games) ends well inside nbgrader's cell time-out
    however slow each call is, and a busy machine does not make a fast function fail.
    """

    def __init__(self, worker: Worker, name: str, *, budget: float = 12.0, wait: float = 24.0) -> None:
        self.worker, self.__name__, self.budget, self.wait = worker, name, budget, wait
        self.__qualname__ = name

    def call(self, args: tuple[object, ...], *, timeout: float) -> object:
        """The call with at most ``timeout`` seconds, and never past the budget or the wait."""
        if self.worker.computing >= self.budget:
            self.worker.close()
            raise WorkerTimeout(self.budget)
        if self.wait <= 0:
            self.worker.close()
            raise WorkerTimeout(timeout, computing=False)
        start, limit = time.monotonic(), min(timeout, self.wait)
        try:
            return self.worker.call(args, timeout=limit, wait=self.wait)
        except WorkerTimeout as late:  # the function's own time, unless the wait left less than its limit
            raise WorkerTimeout(timeout, computing=late.computing and limit == timeout) from None
        finally:
            self.wait -= time.monotonic() - start

    def __call__(self, *args: object) -> object:
        return self.call(args, timeout=2.0)

    def __repr__(self) -> str:
        return f"<function {self.__name__}>"


def start_worker(function: Callable[..., object]) -> Worker | None:
    """Fork a worker that calls ``function``; None where processes cannot be forked."""
    if not hasattr(os, "fork"):
        return None
    parent, child = socket.socketpair()
    with warnings.catch_warnings():
        # Python 3.12+ warns that forking a process with threads (a Jupyter kernel has some) may deadlock the
        # child; this child only runs the student's function, and a warning on stderr would zero nbgrader's cell.
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # the worker: it never returns into the caller's code
        try:
            parent.close()
            _serve(child, function)
        finally:
            os._exit(0)
    child.close()
    return Worker(pid, parent)


def _serve(sock: socket.socket, function: Callable[..., object]) -> None:
    _limit_worker()
    captured = io.StringIO()
    sys.stdout = sys.stderr = captured  # the kernel's streams belong to the parent
    while True:
        try:
            args = receive(sock, plain=False)  # from the checker, which the worker trusts
        except (EOFError, OSError):
            return
        captured.seek(0)
        captured.truncate()
        if isinstance(args, _Seed):  # the checker seeds the worker's global generators (a match's determinism)
            _seed_globals(args.seed)
            sock.sendall(_encoded(("returned", None, "", 0.0)))
            continue
        if isinstance(args, _Pid):
            sock.sendall(_encoded(("returned", os.getpid(), "", 0.0)))
            continue
        started = time.process_time()
        try:
            reply: tuple[str, object, str] = ("returned", _plain(function(*args)), "")  # type: ignore[misc]
        except BaseException as error:  # SystemExit, KeyboardInterrupt and all: a reply, never an exit
            reply = ("raised", (type(error).__name__, str(error)[:80]), "")
        computing = time.process_time() - started
        printed = captured.getvalue()[:MAX_OUTPUT]
        try:
            data = pickle.dumps((reply[0], reply[1], printed, computing), protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException as error:  # a value that cannot be sent (a lambda, a generator, endless nesting)
            what = f"{type(reply[1]).__name__} ({type(error).__name__})"
            data = pickle.dumps(("unreadable", what, printed, computing))
        if len(data) > MAX_MESSAGE:
            data = pickle.dumps(("unreadable", f"{type(reply[1]).__name__} of {len(data)} bytes", printed, computing))
        try:
            sock.sendall(_HEADER.pack(len(data)) + data)
        except OSError:
            return


class _Pid:
    """A request for the worker's process id (a grader holds a worker it did not fork)."""


def _process_state(pid: int | None) -> tuple[str, float] | None:
    """Process ``pid``'s state letter (``R`` running or ready to run, ``S`` asleep, ...) and the computing (CPU)
    seconds it has used, from Linux's ``/proc/<pid>/stat``; None where they cannot be read."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        return fields[0].decode(), (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError, UnicodeDecodeError):
        return None


class _Seed:
    """A request to seed the worker's ``random`` module (and NumPy's global generator, when loaded)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed


def _seed_globals(seed: int) -> None:
    import random

    random.seed(seed)
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        with contextlib.suppress(Exception):
            numpy.random.seed(seed % 2**32)


def _encoded(value: object) -> bytes:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return _HEADER.pack(len(data)) + data


def _plain(value: object) -> object:
    """A NumPy scalar as the Python number it holds (``np.mean`` gives one), so the checker can say what is
    wrong with the number rather than that it cannot read it."""
    if type(value).__module__.startswith("numpy") and getattr(value, "ndim", None) == 0 and hasattr(value, "item"):
        return value.item()
    return value


def _limit_worker() -> None:
    """Limits that end a worker nobody ends: CPU time, and address space beyond its parent's."""
    import resource  # POSIX only, like os.fork

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the kernel's interrupt is for the kernel
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CPU, (WORKER_CPU_SECONDS, WORKER_CPU_SECONDS + 5))
    with contextlib.suppress(ValueError, OSError):
        size = _address_space()
        if size:
            limit = size + WORKER_EXTRA_MEMORY
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _address_space() -> int:
    """This process's virtual memory in bytes (Linux), else 0 (no limit is set)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0
