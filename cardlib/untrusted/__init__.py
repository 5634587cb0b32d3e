"""The defences for a stranger's code: a learner's shuffle, run by the judge, exact and the checks.

What they defend against, and what not:

- **Honest mistakes**, any code a learner plausibly writes, however wrong, slow or
  endless: a bare ``except:`` in a retry loop, a generator for a shuffle, a module-level
  rng, ``random.shuffle`` instead of the rng given, a float draw, a regular expression
  that backtracks for ever, a list that grows until memory runs out, a huge number. Each
  is diagnosed as the mistake it is, bounded in time and memory, and never judged wrongly.
- **Deliberate attacks from inside the learner's own kernel** (patching cardlib,
  rewriting the test cell, tracing the judge, writing to the child process's pipe, a
  shuffle that changes its ways after its 300th call) are out of scope: these checks are
  formative, for a learner who wants to know, and the learner's kernel is theirs to break.
  A grade that must hold against its author needs the work run elsewhere, by the grader.

Two cheap rules hold regardless: only plain data comes back from a child process
(:mod:`~cardlib.untrusted.plain`: nothing the child sends can run code in the caller, nor
make a Verdict the child did not compute from plain fields), and answers are compared as
exact built-in values (a result holding an object of the learner's own class, whose
``__eq__`` may say anything, is refused).

The modules:

- :mod:`~cardlib.untrusted.guard`: runs under guard, other randomness refused, each run
  stopped after a few seconds (:class:`Guard`, :class:`TimedCalls`);
- :mod:`~cardlib.untrusted.sandbox`: a call in a child process, killed at its deadline,
  its memory capped (:func:`~cardlib.untrusted.sandbox.run`);
- :mod:`~cardlib.untrusted.plain`: the plain data that crosses back, values shown safely;
- :mod:`~cardlib.untrusted.snapshot`: the generators made before a call, and which one moved;
- :mod:`~cardlib.untrusted.walk`: the exact walk of a stranger's shuffle, defended
  (replays for hidden state, the guard, the snapshot, plain results).

Every public function of cardlib that runs a learner's function is bounded in time and
memory: in a child process (:func:`contained`) where the platform has one (Linux, macOS);
in the page, Python in the browser, the worker's time limit does it.
"""

from __future__ import annotations

import functools
import inspect
import math
import sys
from collections.abc import Callable

from .guard import EndlessRun, Guard, Raised, TimedCalls, TimedOut
from .plain import NotPlain, shown
from .sandbox import Stopped, available
from .sandbox import run as run_in_child

__all__ = ["GRACE", "CALL_SECONDS", "EndlessRun", "Guard", "Raised", "TimedCalls", "TimedOut",
           "NotPlain", "Stopped", "shown", "run_in_child", "is_own", "contained"]

#: Beyond its own time limit, a child process gets this long before it is ended.
GRACE = 5.0
#: A call that runs a learner's function a few times, each stopped after a few seconds,
#: is ended after this long in its child process.
CALL_SECONDS = 30.0


def is_own(function) -> bool:
    """True for one of cardlib's own functions, found by its name in its module.

    They keep the contract: they run as they are, without the defences a stranger's
    code needs, and their laws may be cached.

    >>> from cardlib.shuffles import knuth_shuffle
    >>> is_own(knuth_shuffle), is_own(lambda deck, rng: None)
    (True, False)
    """
    module, name = getattr(function, "__module__", None), getattr(function, "__name__", None)
    if not (isinstance(module, str) and module.startswith("cardlib.") and isinstance(name, str)):
        return False
    return getattr(sys.modules.get(module), name, None) is function


def contained(seconds: float) -> Callable:
    """Decorate a function whose first argument is a function to run: a stranger's is run in
    a child process (:func:`~cardlib.untrusted.sandbox.run`), ended after ``seconds`` (or
    after its own ``seconds`` argument, when given, and :data:`GRACE`), its memory capped;
    its answer comes back as plain data. cardlib's own functions, and every function where
    no child can be made, run here. A generator function's items are all made in the child.
    """
    def decorate(work: Callable) -> Callable:
        signature = inspect.signature(work)

        def limit(args, kwargs) -> float:
            given = signature.bind_partial(*args, **kwargs).arguments.get("seconds")
            usable = isinstance(given, (int, float)) and 0 < given < math.inf
            return given + GRACE if usable else seconds

        def in_child(helper: Callable, args: tuple, kwargs: dict):
            try:
                return run_in_child(helper, work, args, kwargs, seconds=limit(args, kwargs))
            except Stopped as stopped:
                raise Stopped(stopped.why, stopped.words, _name(args[0])) from None

        if inspect.isgeneratorfunction(inspect.unwrap(work)):
            @functools.wraps(work)
            def generate(*args, **kwargs):
                if not args or is_own(args[0]) or not available():
                    return (yield from work(*args, **kwargs))
                yield from in_child(_listed, args, kwargs)
            return generate

        @functools.wraps(work)
        def call(*args, **kwargs):
            if not args or is_own(args[0]) or not available():
                return work(*args, **kwargs)
            return in_child(_called, args, kwargs)
        return call
    return decorate


def _name(function) -> str:
    name = getattr(function, "__name__", None) or type(function).__name__
    return "the shuffle" if name == "<lambda>" else name


def _called(work: Callable, args: tuple, kwargs: dict):
    return work(*args, **kwargs)


def _listed(work: Callable, args: tuple, kwargs: dict) -> list:
    return list(work(*args, **kwargs))
