"""The rngs cardlib hands a shuffle, all in one place, and what a shuffle may ask of them.

A learner writes ``rng.choice(pile)``, ``rng.randint(0, i)`` or ``rng.shuffle(deck)`` as
readily as ``rng.randrange(i + 1)``. CPython builds each of these integer methods on one
draw, ``_randbelow(n)``: a uniform whole number below n. Every rng here makes that one
draw its own way and takes the methods themselves from the running CPython's
``random.Random``, so a call that CPython refuses (``randrange(i + 1, step=2)``,
``randint(0, 2.5)``, ``choice([])``) is refused with CPython's own error, whatever the
version, and each draw is one branch of the tree that :mod:`cardlib.exact` walks:

- ``randrange``, ``randint``, ``choice``, ``shuffle``: CPython's code, unchanged;
- ``sample(population, k)``: CPython checks the arguments, then the pool method draws
  ``randbelow(n - i)`` for i = 0 .. k-1 (for a large population CPython keeps a set and
  draws again on a repeat: both give every ordered sample of k the same chance, and the
  pool keeps the tree finite);
- ``getrandbits(k)``: CPython checks k, then one draw of ``2**k`` values, for k up to
  :data:`MAX_BITS` (a wider draw cannot be walked: refused with a ContractError, where
  CPython returns a number or, past its C type, raises OverflowError).

Float draws (``random()``, ``uniform``, ``choices``, ...) are refused with a
:class:`ContractError` that shows the integer rewrite: their chances are
multiples of 2**-53, not the exact fractions a deck needs.

The rngs: :class:`Scripted` answers from a script (the exact walk, the teaching tree, a
lesson's fixed answers), :class:`Seeded` draws a seeded stream that works inside a guard,
:class:`RecordingRng` and :class:`ReplayRng` write down a real run and play it again (the
step-throughs), :class:`Refusing` refuses every draw (a shuffle that must not draw). One
signal, :class:`Stop`, ends a run from inside its rng: a BaseException, so that
``except Exception:`` in a learner's code lets it through.

>>> rng = Scripted([2, 0])
>>> rng.choice("ABC"), rng.randint(5, 9), rng.answers, rng.sizes
('C', 5, [2, 0], [3, 5])
>>> Scripted().randrange(3, step=2)
Traceback (most recent call last):
...
TypeError: Missing a non-None stop argument
"""

from __future__ import annotations

import _random
import bisect
import itertools
import numbers
import operator
import random
from collections.abc import Sequence
from dataclasses import dataclass

from .validation import ContractError, as_rng, sequence, whole_number

__all__ = ["MAX_BITS", "INTEGER_METHODS", "FLOAT_METHODS", "KEPT", "Stop", "IntegerMethods",
           "Scripted", "Seeded", "Draw", "RecordingRng", "ReplayRng", "Refusing", "refusal"]

#: getrandbits(k) is a draw of 2**k values: at most this many bits (a million values).
MAX_BITS = 20
#: The methods of random.Random that a shuffle may use (besides randrange).
INTEGER_METHODS = ("randint", "choice", "shuffle", "sample", "getrandbits")
#: The float methods of random.Random, refused with a rewrite.
FLOAT_METHODS = ("random", "uniform", "choices", "triangular", "gauss", "normalvariate",
                 "lognormvariate", "expovariate", "vonmisesvariate", "gammavariate",
                 "betavariate", "paretovariate", "weibullvariate", "binomialvariate",
                 "randbytes")

# CPython's own methods, read before any guard replaces them (a guard's wrapper keeps the
# original as __wrapped__).
_CPYTHON = {name: getattr(vars(random.Random)[name], "__wrapped__", vars(random.Random)[name])
            for name in ("randrange", "randint", "choice", "shuffle", "sample")}
_ONE = 1  # CPython's randrange tells "no step given" by identity with its 1 (a cached int)
_BITS = _random.Random(0)  # only ever asked for what it refuses: CPython's checks of k
_POOL_MAX = 1_000_000  # sample() copies populations up to this size into its pool


class Stop(BaseException):  # noqa: N818 (a signal, not an error)
    """A scripted rng stopped the run; ``why`` says why, ``size`` is the draw it was asked for.

    ``why`` is "draws" (more draws than allowed: a retry loop?), "tree" (a draw of another
    size than the script's at that place) or "end" (the script ran out). ``depth`` counts
    the draws before this one.
    """

    def __init__(self, why: str, size: int = 0, depth: int = 0) -> None:
        super().__init__(why, size, depth)
        self.why, self.size, self.depth = why, size, depth


#: Why an rng kept from an earlier call is refused.
KEPT = ("the shuffle drew from an rng it was given in an earlier call: each call must draw "
        "only from the rng it is given (keep no rng from call to call)")

_REWRITES = {
    "random": "to pick a position below n, write rng.randrange(n), not int(rng.random() * n); "
              "to sort by random keys, use rng.shuffle(deck) or whole-number keys",
    "choices": "for k picks with replacement, write [rng.choice(cards) for _ in range(k)] "
               "(rng.choices scales a float: int(random() * n))",
    "uniform": "for a whole number between a and b, write rng.randint(a, b)",
    "randbytes": "for random bits, write rng.getrandbits(k)",
}


def refusal(method: str) -> str:
    """Why ``rng.<method>`` is refused, and what to write instead.

    >>> refusal("choices")[:60]
    'the shuffle asked for rng.choices(), a float draw: its chanc'
    """
    if method in FLOAT_METHODS:
        rewrite = _REWRITES.get(method, "use whole-number draws: rng.randrange, randint, "
                                "choice, shuffle, sample or getrandbits")
        return (f"the shuffle asked for rng.{method}(), a float draw: its chances are "
                f"multiples of 2**-53, not exact fractions, so it cannot be enumerated; "
                f"{rewrite}")
    if method in ("seed", "setstate", "getstate"):
        return (f"the shuffle called rng.{method}(): a shuffle may draw from the rng it is "
                "given, but not read, set or reseed its state")
    return (f"the shuffle asked for rng.{method}, which is not one of the methods a shuffle "
            f"may use: rng.randrange, {', '.join(INTEGER_METHODS)}")


class _Checked(BaseException):  # noqa: N818 (a signal: CPython accepted the arguments)
    pass


class _ArgumentsOnly:
    """Runs CPython's sample up to its first draw: only its checks of the arguments."""

    sample = _CPYTHON["sample"]  # it calls self.sample again when given counts

    def _randbelow(self, n: int) -> int:
        raise _Checked


_ARGUMENTS_ONLY = _ArgumentsOnly()


class IntegerMethods:
    """CPython's integer methods, built on ``self._randbelow(n)`` as CPython builds them."""

    __slots__ = ()

    def _randbelow(self, n: int) -> int:
        """A uniform whole number below n: each rng draws its own way (or keeps this, and
        answers randrange itself)."""
        return self.randrange(n)

    def randrange(self, start, stop=None, step=_ONE):
        if stop is None and step is _ONE and type(start) is int and start > 0:
            return self._randbelow(start)  # the usual call, as CPython answers it, faster
        return _CPYTHON["randrange"](self, start, stop, step)

    randint = _CPYTHON["randint"]
    choice = _CPYTHON["choice"]
    shuffle = _CPYTHON["shuffle"]

    def sample(self, population, k, *, counts=None):
        try:
            return _CPYTHON["sample"](_ARGUMENTS_ONLY, population, k, counts=counts)  # k = 0
        except _Checked:  # CPython accepted the arguments and came to its first draw
            pass
        if counts is not None:  # CPython's way: a sample of range(total), mapped to the items
            cumulative = list(itertools.accumulate(counts))
            total = cumulative.pop()
            return [population[bisect.bisect(cumulative, s)] for s in self.sample(range(total), k)]
        n, k = len(population), operator.index(k)
        if n > _POOL_MAX:  # a set, as CPython keeps it (its pool would not fit in memory)
            return _CPYTHON["sample"](self, population, k)
        pool, picked = list(population), []
        for i in range(k):  # invariant: the items not yet picked are pool[0 : n - i]
            j = self._randbelow(n - i)
            picked.append(pool[j])
            pool[j] = pool[n - i - 1]
        return picked

    def getrandbits(self, *args, **kwargs) -> int:
        k = args[0] if len(args) == 1 and not kwargs else None
        try:
            bits = operator.index(k)
        except TypeError:
            bits = None
        if bits is None or bits < 0:  # CPython refuses it (a float, a negative number): alike
            _BITS.getrandbits(*args, **kwargs)
            raise TypeError(f"getrandbits() cannot take {k!r:.40}")  # pragma: no cover
        if bits > MAX_BITS:
            raise ContractError(f"the shuffle asked for rng.getrandbits({_count(bits)}): a draw "
                                f"of 2**k values is too wide to enumerate (at most {MAX_BITS} "
                                "bits); write rng.randrange(n) for a number below n")
        return self._randbelow(1 << bits) if bits else 0

    def _refuse(self, method: str):
        """Refuse a method (an rng may note it, so that catching the error does not hide it)."""
        raise ContractError(refusal(method))

    def __getattr__(self, name: str):
        if name.startswith("_"):  # copy, pickle, IPython's display: not a draw
            raise AttributeError(name)
        return self._refuse(name)


def _count(k: int) -> str:
    """k in digits, or its size when it is too long to print (Python's 4,300-digit limit)."""
    return f"{k}" if k.bit_length() < 10_000 else f"a number of {k.bit_length():,} bits"


def _refuser(method: str):
    def refuse(self, *args, **kwargs):
        return self._refuse(method)

    refuse.__name__ = method
    refuse.__doc__ = f"Refused: {refusal(method)}"
    return refuse


for _method in (*FLOAT_METHODS, "seed", "setstate", "getstate"):
    setattr(IntegerMethods, _method, _refuser(_method))


class Scripted(IntegerMethods):
    """Answers each draw from a script of answers (indices into the range), then as told.

    The first ``len(answers)`` draws are answered from ``answers`` (each below its draw's
    size); if ``sizes`` is given (recorded on an earlier run), each of them must be a draw
    of that many values, or the run stops (``Stop("tree")``); if not, their sizes are
    written to ``sizes``. A draw past the script is answered as ``then`` says: "first"
    gives the range's first value, "last" its last one, "stop" stops the run
    (``Stop("end")``, with the size asked for), or a :class:`Seeded` source answers at
    random (``weight`` then grows to 1 / the probability of those answers). New draws are
    written to ``answers`` and ``sizes``; a run that makes more than ``max_draws`` draws in
    all is stopped (``Stop("draws")``). After :meth:`close`, a draw is refused
    (:data:`KEPT`): the rng of a run that is over, kept by the shuffle for a later call.
    Its attributes bear no name of ``random.Random``'s, so none hides a refusal.
    """

    __slots__ = ("answers", "sizes", "prefix", "depth", "max_draws", "then", "weight",
                 "stopped", "asked", "live", "_check")

    def __init__(self, answers=(), sizes=None, *, then="first",
                 max_draws: int | None = None) -> None:
        self.answers = answers if type(answers) is list else sequence("answers", answers)
        self._check = sizes is not None
        self.sizes = [] if sizes is None else sizes if type(sizes) is list else sequence(
            "sizes", sizes)
        if self._check and len(self.sizes) != len(self.answers):
            raise ValueError("sizes must give one size per answer")
        if not (then in ("first", "last", "stop") or isinstance(then, Seeded)):
            raise ValueError(f'then must be "first", "last", "stop" or a Seeded source, not '
                             f"{then!r}")
        self.prefix = len(self.answers)
        self.depth = 0
        self.max_draws = max_draws
        self.then = then
        self.weight = 1  # 1 / the probability of the answers drawn at random
        self.stopped: str | None = None  # why the run was stopped, even if the stop was caught
        self.asked: str | None = None  # a refused method that was asked for
        self.live = True

    def restart(self) -> None:
        """Answer from the start again, with whatever ``answers`` and ``sizes`` now hold."""
        self.prefix, self.depth, self.stopped, self.live = len(self.answers), 0, None, True

    def close(self) -> None:
        """The run is over: a draw from now on is an rng kept from call to call."""
        self.live = False

    def _stop(self, why: str, size: int):
        self.stopped = why
        raise Stop(why, size, self.depth)

    def _refuse(self, method: str):
        self.asked = self.asked or method
        raise ContractError(refusal(method))

    def _randbelow(self, size: int) -> int:
        if not self.live:
            raise ContractError(KEPT)
        depth = self.depth
        if depth < self.prefix:
            if self._check and self.sizes[depth] != size:
                self._stop("tree", size)
            if not self._check:  # the sizes of the script's draws, written down as they come
                self.sizes.append(size)
            answer = self.answers[depth]
        elif self.max_draws is not None and depth >= self.max_draws:
            self._stop("draws", size)
        elif self.then == "first":
            answer = 0
        elif self.then == "last":
            answer = size - 1
        elif self.then == "stop":
            self._stop("end", size)
        else:
            answer = self.then.below(size)
            self.weight *= size
        if depth >= self.prefix:
            self.answers.append(answer)
            self.sizes.append(size)
        self.depth = depth + 1
        return answer


class Seeded(IntegerMethods):
    """A seeded source of whole numbers that keeps working inside a guard.

    The Mersenne Twister of ``random.Random``, from its C base class, which no guard
    replaces. Each draw is exactly uniform (rejection sampling). After ``max_draws``
    draws (None: no limit) it stops the run (``Stop("draws")``); ``draws`` counts them.

    >>> rng = Seeded(7)
    >>> draws = [rng.randrange(6) for _ in range(1000)]
    >>> sorted(set(draws)) == list(range(6)), rng.draws
    (True, 1000)
    >>> Seeded(7).randrange(6) == draws[0]   # seeded: the same draws every time
    True
    """

    def __init__(self, seed: int = 0, max_draws: int | None = None) -> None:
        if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
            raise TypeError(f"seed must be a whole number, not {type(seed).__name__}")
        if max_draws is not None and (isinstance(max_draws, bool) or not isinstance(
                max_draws, numbers.Integral) or max_draws < 0):
            raise TypeError(f"max_draws must be None or a whole number, not {max_draws!r:.40}")
        self._bits = _random.Random(int(seed)).getrandbits
        self.max_draws = max_draws
        self.draws = 0

    def below(self, size: int) -> int:
        """A uniform whole number in 0..size-1 (rejection sampling of random bits)."""
        bits = max(size - 1, 1).bit_length()
        value = self._bits(bits)
        while value >= size:
            value = self._bits(bits)
        return value

    def _randbelow(self, size: int) -> int:
        self.draws += 1
        if self.max_draws is not None and self.draws > self.max_draws:
            raise Stop("draws", size, self.draws - 1)
        return self.below(size)


@dataclass(frozen=True)
class Draw:
    """One ``randrange`` call: its arguments and the value it returned."""

    args: tuple[int, ...]
    value: int

    @property
    def size(self) -> int:
        """How many values the range had."""
        return len(range(*self.args))


class RecordingRng(IntegerMethods):
    """Pass every ``randrange`` call on to ``rng`` and record it in ``draws``.

    Its other integer methods (choice, shuffle, ...) draw through randrange, so they
    are recorded too; float draws are refused.

    >>> recorder = RecordingRng(3)
    >>> recorder.shuffle(list("ABC"))
    >>> [(d.args, d.value) for d in recorder.draws]
    [((3,), 0), ((2,), 0)]
    """

    def __init__(self, rng=None) -> None:
        self.rng = as_rng(rng)
        self.draws: list[Draw] = []

    def randrange(self, start, stop=None, step=_ONE) -> int:
        value = self.rng.randrange(start, stop, step)
        self.draws.append(Draw(_arguments(start, stop, step), value))
        return value


def _arguments(start, stop, step) -> tuple:
    """The arguments of a randrange call as it is written most simply: (3,), (0, 3), (0, 9, 3)."""
    if stop is None and step is _ONE:
        return (start,)
    return (start, stop) if step is _ONE else (start, stop, step)


class ReplayRng(IntegerMethods):
    """Answer ``randrange`` calls from recorded draws, stopping after ``limit`` of them.

    The draw past the limit stops the run (``Stop("end")``). A call whose arguments differ
    from the record means the replayed run has left the recorded path: a ValueError.
    """

    def __init__(self, draws: Sequence[Draw], limit: int | None = None,
                 name: str = "the shuffle") -> None:
        self.draws = sequence("draws", draws)
        if not all(isinstance(d, Draw) for d in self.draws):
            raise TypeError("draws must be Draw records, as a RecordingRng keeps them")
        self.limit = len(self.draws) if limit is None else whole_number("limit", limit)
        self.used = 0
        self.name = name

    def randrange(self, start, stop=None, step=_ONE) -> int:
        args = _arguments(start, stop, step)
        if self.used >= self.limit:
            raise Stop("end", 0, self.used)
        if self.used >= len(self.draws):
            raise ValueError(f"replay ran out of recorded draws after {self.used}: "
                             f"{self.name} asked for more draws than were recorded")
        recorded = self.draws[self.used]
        if args != recorded.args:
            raise ValueError(
                f"replay diverged at draw {self.used}: {self.name} called "
                f"randrange{args}, but the recorded run called randrange{recorded.args} "
                "(the draws must be recorded from the same shuffle on the same deck)")
        self.used += 1
        return recorded.value


class Refusing(IntegerMethods):
    """Refuses every draw, float or whole, with a ValueError saying ``message``.

    For a shuffle that must not draw at all (a faro is the same every time).
    """

    def __init__(self, message: str) -> None:
        self.message = message

    def _randbelow(self, n: int) -> int:
        raise ValueError(self.message)

    def _refuse(self, method: str):
        raise ValueError(self.message)
