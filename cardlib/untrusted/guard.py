"""Running someone else's function under guard: no other randomness, not for ever.

:mod:`cardlib.exact` runs a shuffle once per leaf of its tree of random choices, and its
answer is exact only if the shuffle keeps the contract: all of its randomness through the
rng it is given. While a :class:`Guard` is open, every :meth:`Guard.run` of a function is
watched:

- Every other source of randomness or time raises :class:`ContractError` naming the
  call: the functions of :mod:`random`, the methods of every ``random.Random`` and
  ``random.SystemRandom`` (other than the rng given), :mod:`numpy.random`'s functions and
  ``default_rng``, :mod:`secrets`, ``os.urandom``, and the clock (``time.time``,
  ``perf_counter``, ``monotonic`` and the rest, and ``time.sleep``). They are replaced
  when the first guard opens and put back when the last one closes, even on error. Only
  the thread running a watched function is refused (a thread-local flag, read only when
  one of them is called), so other threads, such as a Jupyter kernel's, go on as before.
  A refusal is also remembered, so a function that catches the error and carries on is
  refused all the same when it returns.
- A run longer than ``seconds`` is stopped: a watchdog thread raises :class:`TimedOut`
  inside it (CPython's ``PyThreadState_SetAsyncExc``). TimedOut derives from
  BaseException, so ``except Exception:`` in the function does not catch it; the
  watchdog raises it once. A run that goes on a second later (it swallowed even
  BaseException, or sits in a call that never returns to Python, such as ``sleep`` or a
  regular expression that backtracks for ever) cannot be stopped from inside the
  process: inside a child of :mod:`cardlib.untrusted.sandbox` the child ends itself
  (:func:`~cardlib.untrusted.sandbox.end_stuck`), from the watchdog or from a SIGALRM
  handler that C code such as the regular-expression engine still lets run; elsewhere the
  run is left going.
  Setting a time per run costs one clock read; ``sys.settrace`` would slow every line.
- ``Guard(seconds, refuse=False)`` only limits the time: for a learner's function run
  with a real ``random.Random`` (timings, simulations).

What the guard cannot see (a random function imported by name before the guard opened,
``datetime.now()``, a generator made beforehand, a global counter) is left to the replays
and the snapshots of :mod:`cardlib.untrusted.walk`.

>>> import random
>>> with Guard(seconds=1) as guard:
...     try:
...         guard.run(lambda: random.random())
...     except ContractError as refused:
...         print(refused)   # doctest: +ELLIPSIS
the shuffle called random.random, but all of its randomness must come from rng.randrange ...
"""

from __future__ import annotations

import ctypes
import linecache
import os
import random
import re
import secrets
import signal
import sys
import threading
import time
from collections.abc import Callable

try:  # the learner core needs the standard library only (NumPy is absent in the browser)
    import numpy.random
except ImportError:  # pragma: no cover - tested in a subprocess that blocks numpy
    numpy = None

from ..validation import ContractError, positive_number
from . import sandbox

__all__ = ["THREADS", "RUN_SECONDS", "Guard", "TimedOut", "EndlessRun", "Raised", "TimedCalls",
           "refused_calls"]

#: One run of a learner's function taking longer than this is stopped as endless: the one limit
#: of every check, walk and judge, read each time a run is guarded (so a test may lower it).
RUN_SECONDS = 2.0

# The originals, kept before anything is replaced: the guard's own clock.
_clock = time.perf_counter
_local = threading.local()
#: Python in the browser (Pyodide) can start no thread: no watchdog there (the page stops the
#: worker that runs the learner's code instead).
THREADS = sys.platform not in ("emscripten", "wasi")


class TimedOut(BaseException):  # noqa: N818 (not an error: a signal to stop a run)
    """Raised inside a run that took longer than its guard allows; ``except Exception:`` in
    the watched function does not catch it."""


class EndlessRun(ValueError):
    """One run of a learner's function did not finish within its time."""


class Raised(ValueError):
    """A learner's function raised StopIteration or SystemExit: said as what it is.

    (Left alone, a StopIteration that reaches a generator becomes "generator raised
    StopIteration", and a SystemExit ends the kernel's cell as if nothing had run.)
    """

    @classmethod
    def of(cls, name: str, error: BaseException) -> Raised:
        what = ("called exit()" if isinstance(error, SystemExit) else
                "raised StopIteration (a next() on an iterator that had run out?)")
        return cls(f"{name} {what}")


_TIME = ("time", "time_ns", "perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns",
         "process_time", "process_time_ns", "thread_time", "thread_time_ns", "clock_gettime",
         "clock_gettime_ns", "localtime", "gmtime", "ctime", "asctime", "sleep")
# Not seed: making a generator is no draw (its draws are refused), and random.seed is.
_RANDOM_METHODS = ("random", "getrandbits", "randbytes", "randrange", "randint",
                   "choice", "choices", "shuffle", "sample", "uniform", "triangular",
                   "normalvariate", "gauss", "lognormvariate", "expovariate", "vonmisesvariate",
                   "gammavariate", "betavariate", "paretovariate", "weibullvariate",
                   "binomialvariate")
_SECRETS = ("choice", "randbelow", "randbits", "token_bytes", "token_hex", "token_urlsafe")


def _targets() -> list[tuple[object, str, str]]:
    """(owner, attribute, the call's name for a learner) for everything the guard replaces."""
    found = [(time, name, f"time.{name}") for name in _TIME if hasattr(time, name)]
    found += [(random, name, f"random.{name}") for name in dir(random)
              if getattr(getattr(random, name), "__self__", None) is random._inst]
    found += [(random.Random, name, f"random.Random.{name} on a generator other than the rng "
               "given (pass that rng on to any shuffle it calls)")
              for name in _RANDOM_METHODS if hasattr(random.Random, name)]
    # SystemRandom inherits the rest from random.Random, replaced above.
    found += [(random.SystemRandom, name, f"random.SystemRandom.{name}")
              for name in _RANDOM_METHODS if name in vars(random.SystemRandom)]
    found += [(secrets, name, f"secrets.{name}") for name in _SECRETS]
    found += [(os, name, f"os.{name}") for name in ("urandom", "getrandom") if hasattr(os, name)]
    # SystemRandom and secrets read the operating system's entropy through this alias.
    found.append((random, "_urandom", "os.urandom (through random.SystemRandom)"))
    if numpy is not None:
        found += [(numpy.random, name, f"numpy.random.{name}") for name in numpy.random.__all__
                  if callable(getattr(numpy.random, name))
                  and not isinstance(getattr(numpy.random, name), type)]
    return found


def refused_calls() -> list[str]:
    """The names of the calls a guarded run may not make.

    >>> "random.shuffle" in refused_calls() and "time.time" in refused_calls()
    True
    """
    return [label for _, _, label in _targets()]


def _refusal(label: str) -> str:
    if label.startswith("time.sleep"):
        return "the shuffle called time.sleep: a run that waits cannot be enumerated in time"
    if label.startswith("time."):
        return (f"the shuffle read the clock ({label}): a shuffle's result may depend only "
                "on the answers of rng.randrange on the rng it is given")
    return (f"the shuffle called {label}, but all of its randomness must come from "
            "rng.randrange on the rng it is given (that is what lets cardlib enumerate it "
            "exactly)")


def _through_numpy(label: str) -> str:
    """Name NumPy where the operating system's randomness was asked for through it.

    NumPy's compiled code leaves no Python frame: the first frame outside the
    standard library's random, secrets and os is NumPy's own, or the caller's,
    whose line then names NumPy (``np.random.PCG64()``).
    """
    if label.startswith("os.urandom (through"):
        frame = sys._getframe(3)
        while frame is not None and frame.f_globals.get("__name__") in ("random", "secrets",
                                                                         "os"):
            frame = frame.f_back
        if frame is not None:
            line = linecache.getline(frame.f_code.co_filename, frame.f_lineno)
            if frame.f_globals.get("__name__", "").startswith("numpy") or re.search(
                    r"\bnp\.|numpy", line):
                return ("numpy.random (a new generator, seeded from the operating system's "
                        "randomness)")
    return label


def _wrap(label: str, original: Callable, method: bool) -> Callable:
    def refuse() -> None:
        guard = _local.guard
        said = _through_numpy(label)
        guard.violation = guard.violation or said
        raise ContractError(_refusal(said))

    if method:
        def guarded(self, *args, **kwargs):
            if getattr(_local, "guard", None) is not None:
                refuse()
            return original(self, *args, **kwargs)
    else:
        def guarded(*args, **kwargs):
            if getattr(_local, "guard", None) is not None:
                refuse()
            return original(*args, **kwargs)
    guarded.__name__ = getattr(original, "__name__", label)
    guarded.__doc__ = getattr(original, "__doc__", None)
    guarded.__wrapped__ = original
    return guarded


_install_lock = threading.Lock()
_installed: list[tuple[object, str, object, bool]] = []  # (owner, name, original, own attr?)
_open_guards = 0


def _install() -> None:
    global _open_guards
    with _install_lock:
        _open_guards += 1
        if _open_guards > 1:
            return
        for owner, name, label in _targets():
            own = isinstance(owner, type) and name in vars(owner)
            original = vars(owner)[name] if own else getattr(owner, name)
            _installed.append((owner, name, original, own))
            setattr(owner, name, _wrap(label, getattr(owner, name), isinstance(owner, type)))


def _uninstall() -> None:
    global _open_guards
    with _install_lock:
        _open_guards -= 1
        if _open_guards:
            return
        while _installed:
            owner, name, original, own = _installed.pop()
            if isinstance(owner, type) and not own:
                delattr(owner, name)  # the inherited method shows through again
            else:
                setattr(owner, name, original)


def _raise_in(thread_id: int, exception: type[BaseException]) -> None:
    """Raise ``exception`` in another thread at its next bytecode."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id),
                                               ctypes.py_object(exception))


def _let_pending_arrive() -> None:
    """Run a few bytecodes, so that an exception another thread raised in this one (and not
    yet delivered) arrives here. Cancelling it instead (PyThreadState_SetAsyncExc with NULL)
    leaves the interpreter's "pending" flag set with nothing pending: a traced function that
    sets ``frame.f_trace = None`` then spins for ever (CPython 3.11 and 3.13; debugpy does
    that on import, so the next lesson run hung)."""
    for _ in range(1000):
        pass


class Guard:
    """Watch runs of a function: other randomness refused, each run limited to ``seconds``.

    Use it as a context manager, in the thread that calls :meth:`run`.
    """

    def __init__(self, seconds: float = 2.0, refuse: bool = True) -> None:
        self.seconds = positive_number("seconds", seconds)
        self.refuse = bool(refuse)
        self.violation: str | None = None
        self.timed_out = False
        self._running = False
        self._started = 0.0

    def __enter__(self) -> Guard:
        if self.refuse:
            _install()
        self._alarm = (sandbox.inside_child() and hasattr(signal, "setitimer")
                       and threading.current_thread() is threading.main_thread())
        if self._alarm:
            self._old_alarm = signal.signal(signal.SIGALRM, self._on_alarm)
            signal.setitimer(signal.ITIMER_REAL, 0.25, 0.25)
        self._thread_id = threading.get_ident()
        self._stop = threading.Event()
        self._watchdog = threading.Thread(target=self._watch, name="cardlib guard", daemon=True)
        if THREADS:
            self._watchdog.start()
        return self

    def _watch(self) -> None:
        interval = min(0.05, self.seconds / 4)
        asked = None
        while not self._stop.wait(interval):
            if asked is None and self._running and _clock() - self._started > self.seconds:
                self.timed_out = True
                _raise_in(self._thread_id, TimedOut)
                asked = _clock()  # once only: see the module's docstring
            elif asked is not None and (not self._running or not sandbox.inside_child()):
                return
            elif asked is not None and _clock() - asked > 1.0:
                sandbox.end_stuck()  # a child that did not stop: the parent says so

    def _on_alarm(self, signum, frame) -> None:
        if self._running and _clock() - self._started > self.seconds + 1.0:
            sandbox.end_stuck()  # a child whose run did not stop: the parent says so

    def __exit__(self, *exc_info) -> None:
        if self._alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._old_alarm)
        # A TimedOut may still be on its way to this thread: catch it here until the
        # watchdog has finished and any still pending has arrived.
        closed = False
        while not closed:
            try:
                self._stop.set()
                if THREADS:
                    self._watchdog.join()
                if self.timed_out:
                    _let_pending_arrive()
                closed = True
            except TimedOut:
                pass
        if self.refuse:
            _uninstall()

    def run(self, function: Callable, *args):
        """Return ``function(*args)``, refusing other randomness, stopped after ``seconds``.

        Raises :class:`TimedOut` if the run took too long (even if the function
        caught it) and :class:`ContractError` if it made a refused call (even if
        it caught the error and carried on).
        """
        previous = getattr(_local, "guard", None)
        _local.guard = self if self.refuse else previous
        self.violation = None
        self._started = _clock()
        self._running = True
        try:
            result = function(*args)
        except ContractError:
            self._end(previous)
            if self.timed_out:
                raise TimedOut from None
            raise
        except BaseException as error:
            self._end(previous)
            self._check(error)
            raise
        self._end(previous)
        self._check(None)
        return result

    def _end(self, previous: Guard | None) -> None:
        self._running = False
        _local.guard = previous

    def _check(self, error: BaseException | None) -> None:
        if self.timed_out:
            raise TimedOut from error
        if self.violation:
            raise ContractError(_refusal(self.violation) + " (it caught that error and "
                                "carried on, but the call was made)") from error


class TimedCalls:
    """Calls of a learner's function, each stopped after ``seconds``, nothing else refused.

    For the model functions that run a learner's shuffle with a real
    ``random.Random`` (timings, simulations, step-throughs): a call that never
    ends raises :class:`EndlessRun`, naming the function, instead of hanging.

    >>> with TimedCalls("spin", seconds=0.2) as call:
    ...     call(lambda: sum(range(10)))
    45
    >>> def spin():
    ...     while True:
    ...         pass
    >>> with TimedCalls("spin", seconds=0.2) as call:
    ...     call(spin)   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlib.untrusted.guard.EndlessRun: one call of spin took more than 0.2 s: is it a loop ...
    """

    def __init__(self, name: str, seconds: float | None = None) -> None:
        self.name = name
        self.guard = Guard(RUN_SECONDS if seconds is None else seconds, refuse=False)

    def __enter__(self) -> TimedCalls:
        self.guard.__enter__()
        return self

    def __exit__(self, *exc_info) -> None:
        self.guard.__exit__(*exc_info)

    def __call__(self, function: Callable, *args, **kwargs):
        try:
            return self.guard.run(lambda: function(*args, **kwargs))
        except (StopIteration, SystemExit) as error:
            raise Raised.of(self.name, error) from error
        except TimedOut:
            raise EndlessRun(f"one call of {self.name} took more than {self.guard.seconds:g} s: "
                             "is it a loop that never ends?") from None
