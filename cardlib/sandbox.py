"""A learner's code in a child process: stopped whatever it does, its memory capped.

:class:`cardlib.guard.Guard` stops a run that takes too long by raising an
exception inside it. That stops ordinary Python code, but not code that never
returns to Python (a regular expression that backtracks for ever, a ``sleep``
imported by name), nor a loop that catches every exception, BaseException
included, and carries on; and nothing inside a process stops a list that
grows until the machine runs out of memory. :func:`run` calls a function in a
forked child process whose memory is capped (``RLIMIT_AS``) and which is
killed at its deadline; the value comes back pickled, what the function
printed is printed here, and an exception it raised is raised here.

Where no child process can be made (Windows, Python in the browser, or already
inside such a child), :func:`run` calls the function in this process: the
guard's limits still hold there for ordinary code, but code that never returns
to Python cannot be stopped; restart the kernel (on the static pages, the page
ends its worker instead).

>>> run(sum, [1, 2, 3], seconds=5)
6
"""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import select
import signal
import sys
import time
import warnings
from collections.abc import Callable

from .checks import function as a_function
from .checks import positive_number, whole_number

__all__ = ["MEMORY", "STUCK", "Stopped", "available", "inside_child", "run"]

#: How much memory (bytes) a child may take beyond what this process has: a gigabyte.
MEMORY = 2**30
#: The exit status of a child whose run did not stop when the guard asked it to.
STUCK = 75
_inside_child = False
_STUCK_WORDS = ("the code did not stop when asked: a loop that catches every exception, even "
                "the one sent to stop it (except BaseException, or a bare except:), or a call "
                "that never returns to Python, such as a long sleep or a regular expression "
                "that backtracks for ever?")


class Stopped(RuntimeError):
    """The child was stopped: it ran out of time or memory, or it died."""


def inside_child() -> bool:
    """True inside a child made by :func:`run` (where a stuck run may end the process)."""
    return _inside_child


def available() -> bool:
    """True where a child process can be forked and capped (Linux, macOS: not inside one)."""
    if _inside_child or not hasattr(os, "fork") or sys.platform in ("emscripten", "wasi"):
        return False
    try:
        import resource  # noqa: F401 (Unix only)
    except ImportError:
        return False
    return True


def _virtual_memory() -> int:
    """This process's virtual memory in bytes (from /proc on Linux), 0 where unknown."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _child(write: int, function: Callable, args: tuple, memory: int) -> None:
    """In the child: cap the memory, run, send back (kind, value, printed); never return."""
    global _inside_child
    _inside_child = True
    import resource

    try:
        limit = _virtual_memory() + memory
        if limit > memory:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
            try:
                answer = ("value", function(*args))
            except BaseException as error:  # noqa: BLE001 (sent back to the parent)
                answer = ("error", error)
        try:
            data = pickle.dumps((*answer, printed.getvalue()[-20_000:]))
        except Exception:  # noqa: BLE001 (what cannot be pickled is sent as words)
            kind, value = answer
            shown = f"{type(value).__name__}: {value}" if kind == "error" else repr(value)
            unsent = RuntimeError(f"no answer could be sent back ({shown:.300})")
            data = pickle.dumps(("error", unsent, ""))
        with os.fdopen(write, "wb") as out:
            out.write(data)
    finally:
        os._exit(0)


def _describe(status: int, memory: int) -> str:
    if os.WIFEXITED(status) and os.WEXITSTATUS(status) == STUCK:
        return f"stopped: {_STUCK_WORDS}"
    if os.WIFSIGNALED(status):
        return (f"it died (signal {os.WTERMSIG(status)}), perhaps out of memory (it may use "
                f"{memory / 2**30:g} GB more than the kernel)")
    return "it ended without an answer, perhaps out of memory"


def run(function: Callable, *args, seconds: float, memory: int = MEMORY):
    """Return ``function(*args)``, computed in a child process stopped after ``seconds``.

    Raises :class:`Stopped` when the child runs out of time or dies, and
    re-raises what the function raised. Runs in this process where no child
    can be made (:func:`available`).
    """
    a_function("function", function)
    seconds = positive_number("seconds", seconds)
    memory = whole_number("memory", memory, minimum=2**20)
    if not available():
        return function(*args)
    read, write = os.pipe()
    with warnings.catch_warnings():  # Python 3.12+ warns of fork in a process with threads
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:
        os.close(read)
        _child(write, function, args, memory)
    os.close(write)
    chunks, deadline, ended = [], time.monotonic() + seconds, False
    try:
        with os.fdopen(read, "rb") as source:
            while True:
                left = deadline - time.monotonic()
                if not select.select([source], [], [], max(left, 0))[0]:
                    raise Stopped(f"stopped after {seconds:g} s: {_STUCK_WORDS}")
                chunk = source.read1(1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
        ended = True
    finally:
        if not ended:  # out of time, or interrupted here: the child goes too
            os.kill(pid, signal.SIGKILL)
        status = os.waitpid(pid, 0)[1]
    if not chunks:
        raise Stopped(_describe(status, memory))
    kind, value, printed = pickle.loads(b"".join(chunks))
    if printed:
        sys.stdout.write(printed)
    if kind == "error":
        raise value
    return value
