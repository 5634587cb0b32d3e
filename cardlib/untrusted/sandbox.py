"""A learner's code in a child process: stopped whatever it does, its memory capped.

:class:`~cardlib.untrusted.guard.Guard` stops a run that takes too long by raising an
exception inside it. That stops ordinary Python code, but not code that never returns to
Python (a regular expression that backtracks for ever, a ``sleep`` imported by name),
nor a loop that catches every exception, BaseException included, and carries on; and
nothing inside a process stops a list that grows until the machine runs out of memory.
:func:`run` calls a function in a forked child process whose memory is capped
(``RLIMIT_AS``) and which is killed at its deadline. The answer comes back as plain data
(:mod:`cardlib.untrusted.plain`: numbers, strings, tuples, lists, dicts, cardlib's own
records), rebuilt here; nothing the child sends can run code here. What the function
printed is printed here, and an exception it raised is raised here.

When the child gives no answer, :class:`Stopped` says why, in words that follow
"<the function> was": stopped at its time limit, stopped when it did not stop when asked,
ended by a signal (a crash, or memory), ended before it answered (``os._exit``), refused
(it gave back something that is not plain data, or its process sent back something else).

Where no child process can be made (Windows, Python in the browser, or already inside such
a child), :func:`run` calls the function in this process: the guard's limits still hold
there for ordinary code, but code that never returns to Python cannot be stopped; restart
the kernel (on the static pages, the page ends its worker instead).

>>> run(sum, [1, 2, 3], seconds=5)
6
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import select
import signal
import sys
import time
import warnings
from collections.abc import Callable

from ..validation import function as a_function
from ..validation import positive_number, whole_number
from . import plain

__all__ = ["MEMORY", "STUCK", "HOARDING", "MAX_ANSWER", "Stopped", "available", "inside_child",
           "end_stuck", "run"]

#: How much memory (bytes) a child may take beyond what this process has: a gigabyte.
MEMORY = 2**30
#: The exit status of a child whose run did not stop when the guard asked it to ...
STUCK = 75
#: ... and of one whose memory had grown past an eighth of its allowance by then (a list
#: that grows, each step in C code the stop cannot interrupt).
HOARDING = 76
#: The most bytes an answer may take on its way back (a 6-card law takes about 30 kB).
MAX_ANSWER = 128 * 2**20
_inside_child = False
_memory_at_start = 0  # in a child: its virtual memory when it began, and what it may add
_memory_allowed = MEMORY
_STUCK_WORDS = ("the code did not stop when asked: perhaps a loop that catches every "
                "exception, even the one sent to stop it (a bare except: or except "
                "BaseException), or a call that never returns to Python, such as a long sleep "
                "or a regular expression that backtracks for ever")


class Stopped(RuntimeError):
    """The child gave no answer; ``why`` is "time", "stuck", "memory", "signal", "exit" or
    "refused".

    Its ``words`` follow "<the function> was" (``f"{name} was {stopped.words}."``); given a
    ``name``, it reads as that whole sentence.
    """

    def __init__(self, why: str, words: str, name: str | None = None) -> None:
        super().__init__(why, words, name)
        self.why, self.words, self.name = why, words, name

    def __str__(self) -> str:
        return self.words if self.name is None else f"{self.name} was {self.words}"


def inside_child() -> bool:
    """True inside a child made by :func:`run` (where a stuck run may end the process)."""
    return _inside_child


def end_stuck() -> None:
    """End this child, whose run did not stop when asked, telling the parent how: stuck, or
    stuck while its memory grew (a loop that allocates, slowly, until the cap). Outside a
    child made by :func:`run`, nothing happens."""
    if not _inside_child:
        return
    grown = _virtual_memory() - _memory_at_start
    os._exit(HOARDING if _memory_at_start and grown > _memory_allowed // 8 else STUCK)


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


def _answer(function: Callable, args: tuple) -> tuple[str, str, str]:
    """(kind, JSON text, printed): "value" and the plain value, "error" and the exception,
    or "refused" and why the value cannot be sent; and what the function printed."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
        try:
            value = function(*args)
        except BaseException as error:  # noqa: BLE001 (sent back to the parent)
            return "error", plain.error_dumps(error), printed.getvalue()[-20_000:]
    try:
        return "value", plain.dumps(value), printed.getvalue()[-20_000:]
    except plain.NotPlain as refused:
        return ("refused", json.dumps(f"refused: it gave back {refused}"),
                printed.getvalue()[-20_000:])


def _child(write: int, function: Callable, args: tuple, memory: int) -> None:
    """In the child: cap the memory, run, send back [kind, JSON text, printed]; never return."""
    global _inside_child, _memory_at_start, _memory_allowed
    _inside_child = True
    import resource

    try:
        _memory_at_start, _memory_allowed = _virtual_memory(), memory
        limit = _memory_at_start + memory
        if limit > memory:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        try:
            data = json.dumps(_answer(function, args)).encode()
        except BaseException:  # noqa: BLE001 (out of memory while writing the answer, say)
            data = json.dumps(["error", plain.error_dumps(MemoryError(
                "the answer could not be written: out of memory?")), ""]).encode()
        with os.fdopen(write, "wb") as out:
            out.write(data)
    finally:
        os._exit(0)


def _no_answer(status: int, memory: int) -> Stopped:
    if os.WIFEXITED(status) and os.WEXITSTATUS(status) == STUCK:
        return Stopped("stuck", f"stopped: {_STUCK_WORDS}")
    if os.WIFEXITED(status) and os.WEXITSTATUS(status) == HOARDING:
        return Stopped("memory", f"stopped: it did not stop when asked, and meanwhile its "
                       f"memory grew past an eighth of the {memory / 2**30:g} GB it may use (does "
                       "a loop keep adding to a list?)")
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            name = f" ({signal.Signals(number).name})"
        except ValueError:
            name = ""
        return Stopped("signal", f"ended by signal {number}{name} before it answered: a crash, "
                       f"or the machine ran out of memory (it may use {memory / 2**30:g} GB "
                       "more than the kernel)")
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else status
    return Stopped("exit", f"ended before it answered: its process exited (status {code}) "
                   "without sending an answer (does the code call os._exit() or kill its "
                   "own process?)")


_UNREADABLE = ("refused: what came back from its process is not the plain data cardlib "
               "sends (did the code write to the process's own pipe?)")


def _read(data: bytes, status: int, memory: int):
    """The value, or the exception to raise, from the child's message."""
    if not data:
        return _no_answer(status, memory)
    try:
        kind, text, printed = json.loads(data)
        if kind not in ("value", "error", "refused") or not isinstance(printed, str):
            raise ValueError(kind)
        value = (plain.loads(text) if kind == "value" else plain.error_loads(text)
                 if kind == "error" else Stopped("refused", str(json.loads(text))))
    except (ValueError, TypeError, RecursionError):
        return Stopped("refused", _UNREADABLE)
    if printed:
        sys.stdout.write(printed)
    return _Raise(value) if kind == "error" else value


class _Raise:
    def __init__(self, error: BaseException) -> None:
        self.error = error


def run(function: Callable, *args, seconds: float, memory: int = MEMORY):
    """Return ``function(*args)``, computed in a child process stopped after ``seconds``.

    The value must be plain data (see the module); it is rebuilt here. Raises
    :class:`Stopped` when the child runs out of time, dies, or answers with anything else,
    and re-raises what the function raised. Runs in this process where no child can be
    made (:func:`available`).
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
    chunks, size, deadline, ended, stopped = [], 0, time.monotonic() + seconds, False, None
    try:
        with os.fdopen(read, "rb") as source:
            while True:
                left = deadline - time.monotonic()
                # (at most an hour a wait: select refuses a timeout past the year 2038)
                if not select.select([source], [], [], min(max(left, 0), 3600))[0]:
                    if time.monotonic() < deadline:
                        continue
                    stopped = Stopped("time", f"stopped after {seconds:g} s, its time limit: "
                                      "slow code, or code that never finishes (a loop that "
                                      "catches even the signal sent to stop it, or a call "
                                      "that never returns to Python)")
                    break
                chunk = source.read1(1 << 20)
                if not chunk:
                    ended = True
                    break
                size += len(chunk)
                if size > MAX_ANSWER:
                    stopped = Stopped("refused", f"refused: it sent back more than "
                                      f"{MAX_ANSWER // 2**20} MB")
                    break
                chunks.append(chunk)
    finally:
        if not ended:  # out of time, too much, or interrupted here: the child goes too
            os.kill(pid, signal.SIGKILL)
        status = os.waitpid(pid, 0)[1]
    if stopped is not None:
        raise stopped
    found = _read(b"".join(chunks), status, memory)
    if isinstance(found, Stopped):
        raise found
    if isinstance(found, _Raise):
        raise found.error
    return found
