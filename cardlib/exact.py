"""Exact outcome distributions, by walking every sequence of random answers.

A shuffle that draws all of its randomness through ``rng.randrange`` is a
tree: each call branches into as many children as the range has values, each
equally likely. :func:`paths` runs the shuffle once per leaf with a scripted
``rng`` that answers from a prefix and then with the range's first value, and
moves to the next leaf like an odometer. A leaf reached through ranges of
sizes s1, s2, ... has probability 1 / (s1 * s2 * ...), exactly.

The answer is either right or refused with a reason, never quietly wrong:

- Randomness from anywhere else is refused on every path, naming the call
  (:class:`ContractError`): the rng's other methods, and, through
  :class:`cardlib.guard.Guard`, the random module, other generators, NumPy,
  secrets, os.urandom and the clock.
- The tree must be the same tree on every path: a draw whose range differs
  from the one recorded at the same place, or a run that stops short of the
  draws it was scripted, is refused (:class:`NotDeterministic`), at no cost.
- Hidden state (a global counter, a generator imported by name beforehand):
  leaves are run again later, at random times chosen by the walk's own seeded
  draw, and must give the same order. Every leaf of a tree of up to
  ``REPLAY_ALL`` leaves, a small tree's leaves several times each (at least
  ``MIN_REPLAYS`` replays in all, so that a hidden fair coin escapes with
  chance 2**-64); beyond, each leaf with probability 1/``REPLAY_EVERY``.
  State that changes a fraction f of the runs escapes all of T/8 replays with
  chance about exp(-f T / 8): below 1e-6 once f T >= 111 runs are affected
  (1.4% of Knuth's 5,040 leaves for 7 cards).
- For a shuffle that is not one of cardlib's own, more: the random paths
  run to size up the tree (the first calls) must agree with the walk's runs
  of the same paths (later calls), the first leaves are run again at the very
  end, a scripted rng kept from an earlier call and drawn from later is
  refused, and every generator that existed before the walk
  (:mod:`cardlib.generators`: a NumPy Generator made at import, the random
  module's shared one) must be where it was after it.
- Endless trees (:class:`Unbounded`), runs that never end
  (:class:`EndlessRun`, after ``RUN_SECONDS``), trees too big to walk in
  seconds (:class:`TooLarge`, estimated before the walk), walks past their
  time (:class:`OutOfTime`) and results too big to keep are refused.
- Results are counted by equality, so they may hold only plain values
  (ints, strings, floats, Fractions, tuples of them): an object of a
  learner's class, whose ``__eq__`` may say anything, is refused.

>>> from cardlib.shuffles import knuth_shuffle
>>> dist = distribution(knuth_shuffle, 3)
>>> sorted(dist.values()) == [Fraction(1, 6)] * 6
True
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction

try:  # the learner core needs the standard library only (NumPy is absent in the browser)
    import numpy.random
except ImportError:  # pragma: no cover - tested in a subprocess that blocks numpy
    numpy = None

from . import generators
from .checks import ContractError, function, positive_number, sequence, whole_number
from .guard import EndlessRun, Guard, Raised, SeededRng, TimedOut
from .rngs import IntegerMethods, refusal

__all__ = [
    "MAX_PATHS", "MAX_CELLS", "MAX_DRAWS", "MAX_CARDS", "MAX_SECONDS", "RUN_SECONDS",
    "REPLAY_ALL", "REPLAY_EVERY", "MIN_REPLAYS", "LAW_MAX_CARDS", "LAW_MAX_PATHS",
    "ContractError", "NotDeterministic", "TooLarge", "Unbounded", "EndlessRun", "OutOfTime",
    "Raised", "Path", "is_own", "paths", "distribution", "rerun", "random_paths", "estimate_paths",
    "exact_law_or_reason", "exact_law",
]

#: The largest number of leaves (runs of the shuffle) that an enumeration may take.
MAX_PATHS = 1_000_000
#: ... and of cards over all leaves (paths x deck size): the memory the outcomes may take.
MAX_CELLS = 20_000_000
#: The most randrange calls one run may make before its tree is called unbounded.
MAX_DRAWS = 10_000
#: The largest deck that is enumerated.
MAX_CARDS = 1000
#: The most seconds of work (CPU time, estimated from sample runs) an enumeration may take.
MAX_SECONDS = 15.0
#: One run of the shuffle taking longer than this is stopped as endless.
RUN_SECONDS = 2.0
#: Trees with at most this many leaves have every leaf run twice ...
REPLAY_ALL = 4096
#: ... larger ones one leaf in this many, on average (a seeded draw picks them).
REPLAY_EVERY = 8
#: A small tree's leaves are replayed several times each: at least this many replays in all
#: (time permitting), for a shuffle that is not one of cardlib's own.
MIN_REPLAYS = 64
#: The plain values a result may hold (it is counted by equality and hashing).
_PLAIN = (int, str, float, bool, bytes, Fraction, type(None))

# Read before any guard replaces them: the clock and the shared generators' states.
_clock = time.perf_counter
# The work of sample runs is measured in this thread's CPU time: other programs on the
# machine do not make a tree look bigger than it is.
_cpu = getattr(time, "thread_time", time.perf_counter)  # not in Python in the browser
_random_state = random.getstate
_numpy_state = None if numpy is None else numpy.random.get_state


class NotDeterministic(ContractError):
    """The same random answers gave a different run: randomness or state from elsewhere."""


class TooLarge(ValueError):
    """The tree has too many leaves, or would take too long, to walk."""

    def __init__(self, message: str, estimate: float = math.inf, limit: int = 0) -> None:
        super().__init__(message)
        self.estimate = estimate  # the estimated number of leaves
        self.limit = limit


class Unbounded(ValueError):
    """A path made more than MAX_DRAWS draws: the tree looks endless (a retry loop)."""


class OutOfTime(ValueError):
    """The walk did not finish within the time it was given."""




class _Stopped(BaseException):  # noqa: N818 (a signal, not an error)
    """Stops a run from inside its rng; ``except Exception:`` in the shuffle cannot catch it."""


class _ScriptedRng(IntegerMethods):
    """Answers randrange calls from a script, then with each range's first value.

    ``choices`` and ``sizes`` are the path so far: the first ``prefix`` of them
    are the script (recorded on an earlier run: the same place in the tree must
    be reached with the same range), and new draws are appended. Its other
    integer methods (choice, shuffle, ...) are built on randrange
    (:mod:`cardlib.rngs`); float draws and anything else are refused. Every
    attribute is private, so that no name of the rng's own shadows a method a
    shuffle asks for (``rng.choices`` is a refusal, not a list).
    """

    __slots__ = ("_choices", "_sizes", "_prefix", "_depth", "_max_draws", "_asked", "_stop",
                 "_live", "_walk")

    def __init__(self, choices: list[int], sizes: list[int], max_draws: int,
                 walk: _Walk | None = None) -> None:
        self._choices = choices
        self._sizes = sizes
        self._prefix = len(choices)
        self._depth = 0
        self._max_draws = max_draws
        self._asked: str | None = None  # a refused method that was asked for
        self._stop: str | None = None  # why the run was stopped: "draws" or "tree"
        self._live = True  # False once its run is over: a kept rng is caught
        self._walk = walk

    def __getattr__(self, name: str):
        if name.startswith("_"):  # copy, pickle, IPython's display: not a draw
            raise AttributeError(name)
        return self._refuse(name)

    def _refuse(self, method: str):
        self._asked = self._asked or method
        raise ContractError(refusal(method))

    def _halt(self, why: str):
        self._stop = why
        raise _Stopped

    def randrange(self, start, stop=None, step=1):
        if not self._live:
            if self._walk is not None:
                self._walk.kept = True
            raise ContractError(_KEPT)
        if stop is None and step == 1 and type(start) is int:  # randrange(k): the usual call
            size, values = start, None
        else:
            values = range(start) if stop is None else range(start, stop, step)
            size = len(values)
        if size <= 0:
            raise ValueError(f"empty range in randrange({start}, {stop}, {step})")
        depth = self._depth
        if depth < self._prefix:
            if self._sizes[depth] != size:
                self._halt("tree")
            choice = self._choices[depth]
        else:
            if depth >= self._max_draws:
                self._halt("draws")
            choice = self._fresh(size)
        self._depth = depth + 1
        return choice if values is None else values[choice]

    def _fresh(self, size: int) -> int:
        self._choices.append(0)
        self._sizes.append(size)
        return 0


_KEPT = ("the shuffle drew from an rng it was given in an earlier call: each call must draw "
         "only from the rng it is given (keep no rng from call to call)")


class _Probe(_ScriptedRng):
    """Answers every draw at random, and keeps 1 / the path's probability."""

    __slots__ = ("_source", "_weight")

    def __init__(self, source: SeededRng, max_draws: int, walk: _Walk | None = None) -> None:
        super().__init__([], [], max_draws, walk)
        self._source = source
        self._weight = 1  # 1 / the path's probability: the number of leaves it stands for

    def _fresh(self, size: int) -> int:
        self._weight *= size
        choice = self._source.below(size)
        self._choices.append(choice)
        self._sizes.append(size)
        return choice


@dataclass(frozen=True)
class Path:
    """One leaf of a shuffle's tree of random choices."""

    choices: tuple[int, ...]  # the index answered at each randrange call
    sizes: tuple[int, ...]  # how many values each call's range had
    outcome: tuple  # the shuffled deck

    @property
    def probability(self) -> Fraction:
        return Fraction(1, math.prod(self.sizes))


def _approx(x: float) -> str:
    """A count in words: 46,656 or 1.24e+309 (whole numbers beyond floats too).

    >>> _approx(46656), _approx(math.factorial(171))
    ('46,656', '1.24e+309')
    """
    if x < 1e15:
        return f"{x:,.0f}"
    exponent, fraction = divmod(math.log10(x), 1)
    return f"{10 ** fraction:.2f}e+{int(exponent)}"


def is_own(shuffle) -> bool:
    """True for one of cardlib's own functions, found by its name in its module.

    Their laws may be cached (they never change) and they skip the checks that
    only a stranger's code needs.

    >>> from cardlib.shuffles import knuth_shuffle
    >>> is_own(knuth_shuffle), is_own(lambda deck, rng: None)
    (True, False)
    """
    module, name = getattr(shuffle, "__module__", None), getattr(shuffle, "__name__", None)
    if not (isinstance(module, str) and module.startswith("cardlib.") and isinstance(name, str)):
        return False
    return getattr(sys.modules.get(module), name, None) is shuffle


def _plain(value) -> bool:
    if type(value) in _PLAIN:
        return True
    if type(value) in (tuple, frozenset):
        return all(_plain(item) for item in value)
    return type(value).__module__.startswith("cardlib.")  # cardlib's Card: honest equality


#: A leaf whose replays are kept to the very end of the walk: this many, the first ones.
EARLY_REPLAYS = 16
#: Random paths are run to size a tree up for at most about this long (at least 8 of them).
PROBE_SECONDS = 1.0
#: The extra replays of a small tree may take about this long.
REPLAY_SECONDS = 1.0


class _Walk:
    """One shuffle on one deck: runs checked for the contract, leaf after leaf."""

    def __init__(self, shuffle: Callable, n: int, max_paths: int, max_draws: int,
                 deck=None, seconds: float | None = None,
                 watch: generators.Snapshot | None = None) -> None:
        self.shuffle = function("shuffle", shuffle)
        self.n = whole_number("n", n, maximum=MAX_CARDS)
        if deck is None:
            self.deck = list(range(self.n))
        else:
            self.deck = sequence("deck", deck, maximum=MAX_CARDS)
            if len(self.deck) != self.n:
                raise ValueError(f"deck must hold n = {self.n} cards, got {len(self.deck)}")
        self.max_paths = min(whole_number("max_paths", max_paths, minimum=1, maximum=MAX_PATHS),
                             max(1, MAX_CELLS // max(self.n, 1)))
        self.max_draws = whole_number("max_draws", max_draws, minimum=1, maximum=10 * MAX_DRAWS)
        self.seconds = None if seconds is None else positive_number("seconds", seconds)
        self.deadline = math.inf if seconds is None else _clock() + self.seconds
        self.name = getattr(shuffle, "__name__", None) or type(shuffle).__name__
        self.own = is_own(shuffle)
        self.picker = SeededRng(0x5EED)  # which leaves to replay, and when
        self.choices: list[int] = []
        self.sizes: list[int] = []
        self.count = 0
        self.cells = 0  # the cards in the results so far
        self.most = max(4 * self.n, 64)  # the most items one result may hold
        self.finished = False
        self.kept = False  # it drew from an rng of an earlier call
        self.first: tuple | None = None
        self.probed: dict = {}  # random paths run while sizing the tree, and their results
        self.early: list = []  # the first leaves replayed: run once more at the very end
        self.repeats = 1  # replays of each leaf picked for replay
        self.shared: tuple | None = None  # the shared generators' states when the walk began
        self.watch: generators.Snapshot | None = None  # every generator, for a stranger's code
        self.watched = watch  # the generators found by the caller (no search of its own)

    def _call(self, deck: list, rng: _ScriptedRng) -> tuple:
        result = self.shuffle(deck, rng)
        if result is None:
            cards = deck
        elif isinstance(result, (list, tuple)):
            cards = result
        else:
            try:
                cards = tuple(itertools.islice(iter(result), self.most + 1))
            except TypeError:
                raise TypeError(
                    f"{self.name} returned {type(result).__name__} {result!r:.60}: a shuffle "
                    "returns None (when it shuffles the deck in place) or the new list") from None
        if len(cards) > self.most:
            raise TooLarge(f"{self.name} gave back more than {self.most:,} items from a deck of "
                           f"{self.n} cards: a shuffle gives back the cards it was given")
        outcome = tuple(cards)
        if not all(type(card) is int for card in outcome):
            for card in outcome:
                if not _plain(card):
                    raise TypeError(
                        f"{self.name} gave back a {type(card).__name__} object ({card!r:.40}): "
                        "results are counted by equality, so they may hold only plain values, "
                        "such as the cards it was given, not objects of its own classes")
        return outcome

    def run(self, guard: Guard, rng: _ScriptedRng, where: str = "") -> tuple | None:
        """Run the shuffle once on a fresh copy of the deck; refuse what breaks the contract."""
        rng._live = True
        try:
            outcome = guard.run(self._call, list(self.deck), rng)
        except _Stopped:
            outcome = None
        except (StopIteration, SystemExit) as error:
            self._check(rng, where, error)
            raise Raised.of(self.name, error) from error
        except Exception as error:
            self._check(rng, where, error)
            raise
        finally:
            rng._live = False
        self._check(rng, where, None)
        return outcome

    def _check(self, rng: _ScriptedRng, where: str, error: BaseException | None) -> None:
        if self.kept:
            raise ContractError(_KEPT) from error
        if rng._asked:
            raise ContractError(refusal(rng._asked)) from error
        if rng._stop == "draws":
            raise Unbounded(
                f"{self.name} made more than {rng._max_draws:,} random draws on "
                f"{where or 'one path'}: its tree of random choices looks unbounded (a shuffle "
                "that redraws until it succeeds has endless paths), so it cannot be enumerated "
                "exactly; sample it instead (cardlib.stats)") from error
        if rng._stop == "tree" or (rng._stop is None and error is None
                                   and rng._depth < rng._prefix):
            self._check_shared_state()
            raise NotDeterministic(
                f"{self.name} made different random draws for the same random answers: it must "
                "draw all of its randomness from the rng it is given (not the random module, "
                "NumPy, the clock) and keep nothing from call to call (a counter, a cache, a "
                "default argument), or it cannot be enumerated") from error

    def _in_time(self) -> None:
        if _clock() > self.deadline:
            raise OutOfTime(f"enumerating {self.name} on {self.n} cards took more than the "
                            f"{self.seconds:g} s it was given")

    def estimate(self, guard: Guard, probes: int, seed: int) -> tuple[int | float, float]:
        """(Knuth's estimate of the number of leaves, seconds per run), from random paths.

        The estimate is a float, or a whole number when it is beyond floats. A
        slow shuffle gets fewer probes (at least 8, for about PROBE_SECONDS), and so
        does a tree whose first 16 random paths all stood for the same number of
        leaves (every leaf equally likely, as for Knuth's shuffle: the estimate is
        exact already; the walk's own limits hold whatever the estimate).
        """
        source = SeededRng(seed)
        total = done = 0
        weights = set()
        start = _cpu()
        for _ in range(probes):
            probe = _Probe(source, self.max_draws, self)
            outcome = self.run(guard, probe, "a random path")
            total += probe._weight
            weights.add(probe._weight)
            done += 1
            if not self.own:
                self.probed.setdefault(tuple(probe._choices), outcome)
            self._in_time()
            if done >= 8 and _cpu() - start > PROBE_SECONDS or done >= 16 and len(weights) == 1:
                break
        try:
            estimate = total / done
        except OverflowError:
            estimate = total // done
        return estimate, (_cpu() - start) / done

    def plan(self, guard: Guard) -> None:
        """Refuse at once an endless tree, too many leaves or too much work."""
        first = _ScriptedRng([], [], self.max_draws, self)
        self.first = self.run(guard, first, "the path where every draw answers its first value")
        estimate, seconds = self.estimate(guard, 64, 0)
        what = f"enumerating {self.name} on {self.n} cards"
        if estimate > self.max_paths:
            raise TooLarge(f"{what} means about {_approx(estimate)} paths, more than the limit of "
                           f"{self.max_paths:,}; use fewer cards, or sample instead "
                           "(cardlib.stats)", estimate, self.max_paths)
        work = estimate * (seconds + 5e-6)
        if work > MAX_SECONDS:  # time the same paths again: one stall (a GC pass) is not the cost
            seconds = min(seconds, self.estimate(guard, 64, 0)[1])
            work = estimate * (seconds + 5e-6)
        if work > MAX_SECONDS:
            raise TooLarge(f"{what} means about {_approx(estimate)} paths at about "
                           f"{seconds * 1000:.3g} ms each, about {work:,.0f} s of work, more "
                           f"than the limit of {MAX_SECONDS:g} s; use fewer cards, or sample "
                           "instead (cardlib.stats)", estimate, self.max_paths)
        if _clock() + work > self.deadline:
            raise OutOfTime(f"{what} means about {_approx(estimate)} paths at about "
                            f"{seconds * 1000:.3g} ms each, more than the {self.seconds:g} s "
                            "it was given")
        self.replay_every = 1 if estimate <= REPLAY_ALL else REPLAY_EVERY
        if not self.own and estimate <= REPLAY_ALL:
            wanted = math.ceil(MIN_REPLAYS / max(estimate, 1))
            affordable = int(REPLAY_SECONDS / max(seconds * max(estimate, 1), 1e-9))
            self.repeats = max(1, min(wanted, affordable))
        self.next_replay = 0
        self.time_limit = _clock() + 3 * MAX_SECONDS

    def leaves(self, visit: Callable, budget: float = math.inf) -> None:
        """Walk up to ``budget`` more leaves, calling visit(choices, sizes, outcome) for each."""
        self.shared = _shared_state()
        if self.watched is not None:
            self.watch = self.watched.again()
        elif not self.own:
            self.watch = generators.snapshot(self.shuffle)
        with Guard(RUN_SECONDS) as guard:
            if self.count == 0:
                self.plan(guard)
            pending: list = []
            rng = _ScriptedRng(self.choices, self.sizes, self.max_draws, self)
            walked = 0
            while walked < budget:
                rng._depth, rng._prefix = 0, len(self.choices)
                outcome = self.run(guard, rng)
                if self.count == 0 and outcome != self.first:
                    self._differ(self.first, outcome)
                if self.probed:
                    probed = self.probed.pop(tuple(self.choices), None)
                    if probed is not None and probed != outcome:
                        self._differ(probed, outcome)
                self.count += 1
                walked += 1
                self.cells += len(outcome)
                visit(self.choices, self.sizes, outcome)
                if self.count >= self.next_replay:
                    record = (tuple(self.choices), tuple(self.sizes), outcome)
                    pending += [record] * self.repeats
                    if not self.own and len(self.early) < EARLY_REPLAYS:
                        self.early.append(record)
                    self._pick_next_replay()
                    if len(pending) >= 32:
                        self._replay(guard, pending)
                if self.deadline < math.inf:
                    self._in_time()
                if not self._advance():
                    break
            if self.finished:
                pending += self.early
            self._replay(guard, pending)
        self._check_shared_state()

    def _check_shared_state(self) -> None:
        if self.watch is not None:
            moved = self.watch.moved()
            if moved:
                raise ContractError(
                    f"{self.name} drew from {moved[0]}: all of its randomness must come from "
                    "the rng it is given (a generator made outside the call keeps state that "
                    "cardlib cannot replace, so its draws cannot be enumerated)")
        if self.shared is not None and _shared_state() != self.shared:
            raise ContractError(
                f"{self.name} moved the shared generator of the random module or of "
                "numpy.random while it was enumerated (perhaps through a name imported with "
                "'from random import ...'): all of its randomness must come from rng.randrange")

    def _advance(self) -> bool:
        """Move the script to the next leaf like an odometer; False after the last leaf."""
        choices, sizes = self.choices, self.sizes
        depth = len(choices) - 1
        while depth >= 0 and choices[depth] + 1 == sizes[depth]:
            depth -= 1
        if depth < 0:
            self.finished = True
            return False
        del choices[depth + 1:], sizes[depth + 1:]
        choices[depth] += 1
        if self.count >= self.max_paths:
            raise TooLarge(f"enumerating {self.name} on {self.n} cards went past the limit of "
                           f"{self.max_paths:,} paths; use fewer cards, or sample instead "
                           "(cardlib.stats)", math.inf, self.max_paths)
        if self.cells > MAX_CELLS:
            raise TooLarge(f"enumerating {self.name} on {self.n} cards gave back more than "
                           f"{MAX_CELLS:,} cards in all; use fewer cards, or sample instead "
                           "(cardlib.stats)", math.inf, self.max_paths)
        if not self.count % 512 and _clock() > self.time_limit:
            raise TooLarge(f"enumerating {self.name} on {self.n} cards took more than "
                           f"{3 * MAX_SECONDS:g} s; use fewer cards, or sample instead "
                           "(cardlib.stats)", math.inf, self.max_paths)
        return True

    def _pick_next_replay(self) -> None:
        if self.replay_every == 1:
            self.next_replay = self.count + 1
        else:  # a geometric gap: each leaf is picked with probability 1 / REPLAY_EVERY
            u = (self.picker.below(2**53) + 1) / 2**53
            self.next_replay = self.count + 1 + int(math.log(u) / math.log1p(-1 / REPLAY_EVERY))

    def _replay(self, guard: Guard, pending: list) -> None:
        """Run the pending leaves again, in a seeded random order: each must give its order."""
        for i in reversed(range(1, len(pending))):
            j = self.picker.below(i + 1)
            pending[i], pending[j] = pending[j], pending[i]
        for choices, sizes, outcome in pending:
            self.rerun(guard, choices, sizes, outcome)
        pending.clear()

    def rerun(self, guard: Guard, choices, sizes, outcome) -> None:
        """Run one path again: it must give the same result with the same draws."""
        rng = _ScriptedRng(list(choices), list(sizes), self.max_draws, self)
        again = self.run(guard, rng)
        if again != outcome or rng._depth != len(choices):
            self._differ(outcome, again)
        if self.deadline < math.inf:
            self._in_time()

    def _differ(self, first, again) -> None:
        self._check_shared_state()  # the likeliest cause, when it is the cause
        raise NotDeterministic(
            f"{self.name} gave different results for the same random answers ({first} the "
            f"first time, {again} the next): all of its randomness must come from the rng it "
            "is given (not the random module, NumPy, the clock), and it may keep nothing from "
            "call to call (a counter, a cache, a default argument), or it cannot be enumerated")


def _shared_state() -> tuple:
    if _numpy_state is None:
        return (_random_state(),)
    legacy = _numpy_state(legacy=False)
    return (_random_state(), legacy["state"]["pos"], legacy["state"]["key"].tobytes(),
            legacy["has_gauss"], legacy["gauss"])


def _walked(walk: _Walk, visit: Callable, budget: float = math.inf) -> None:
    try:
        walk.leaves(visit, budget)
    except TimedOut:
        raise EndlessRun(
            f"one run of {walk.name} on {walk.n} cards took more than {RUN_SECONDS:g} s: it "
            "looks like a loop that never ends, so it cannot be enumerated") from None


def estimate_paths(shuffle: Callable, n: int, probes: int = 64, seed: int = 0,
                   max_draws: int = MAX_DRAWS) -> float:
    """Estimate the number of leaves of the tree (Knuth's 1975 estimator).

    A random path of probability p stands for 1/p leaves; the mean of 1/p over
    random paths is the number of leaves. Exact for trees whose leaves are all
    equally likely, as for Knuth's shuffle (n!) and the naive swap (n^n).
    Runs are guarded as in :func:`paths`; an estimate beyond floats is ``inf``.

    >>> from cardlib.shuffles import naive_swap_shuffle
    >>> estimate_paths(naive_swap_shuffle, 4)
    256.0
    """
    walk = _Walk(shuffle, n, MAX_PATHS, max_draws)
    probes = whole_number("probes", probes, minimum=1, maximum=10_000)
    seed = whole_number("seed", seed, minimum=None)
    try:
        with Guard(RUN_SECONDS) as guard:
            estimate = walk.estimate(guard, probes, seed)[0]
    except TimedOut:
        raise EndlessRun(f"one run of {walk.name} on {walk.n} cards took more than "
                         f"{RUN_SECONDS:g} s: it looks like a loop that never ends") from None
    return estimate if isinstance(estimate, float) else math.inf


def paths(shuffle: Callable, n: int, *, max_paths: int = MAX_PATHS,
          max_draws: int = MAX_DRAWS) -> Iterator[Path]:
    """Yield every leaf of ``shuffle``'s tree of random choices on ``list(range(n))``.

    Refuses at once (:class:`TooLarge`) a tree of about more than ``max_paths``
    leaves or too much work, and stops with :class:`Unbounded` if a path makes
    more than ``max_draws`` draws. Leaves are walked 4,096 at a time between
    the yields, each batch under its own guard.

    >>> from cardlib.shuffles import naive_swap_shuffle
    >>> len(list(paths(naive_swap_shuffle, 3)))
    27
    """
    walk = _Walk(shuffle, n, max_paths, max_draws)
    batch: list[Path] = []

    def keep(choices, sizes, outcome) -> None:
        batch.append(Path(tuple(choices), tuple(sizes), outcome))

    while not walk.finished:
        _walked(walk, keep, 4096)
        yield from batch
        batch.clear()


def distribution(shuffle: Callable, n: int, *, max_paths: int = MAX_PATHS,
                 max_draws: int = MAX_DRAWS, deck=None,
                 seconds: float | None = None, witnesses: list | None = None,
                 watch: generators.Snapshot | None = None) -> dict[tuple[int, ...], Fraction]:
    """Return the exact probability of every outcome of ``shuffle`` on ``list(range(n))``.

    Works for in-place shuffles (returning None) and for those returning a new
    list. A path of more than ``max_draws`` draws is :class:`Unbounded` (a
    retry loop). ``deck`` gives other cards to shuffle (n of them); ``seconds`` is the
    time the walk may take (:class:`OutOfTime` after it); a list given as
    ``witnesses`` receives a few walked leaves (:class:`Path`), to be run again
    later with :func:`rerun`; ``watch`` (a :func:`cardlib.generators.snapshot`)
    names the generators to watch, instead of a search of its own per walk.

    >>> from cardlib.shuffles import naive_swap_shuffle
    >>> sorted(distribution(naive_swap_shuffle, 3).values())[-1]
    Fraction(5, 27)
    """
    # Count leaves by (outcome, 1/probability), then add them up as integers
    # over a common denominator: exact, and far faster than adding Fractions.
    leaves: Counter = Counter()

    def count(choices, sizes, outcome) -> None:
        try:
            leaves[outcome, math.prod(sizes)] += 1
        except TypeError:  # unhashable
            raise TypeError(f"the outcome {outcome!r:.60} holds things that cannot be counted "
                            "(such as lists): a shuffle's result holds the cards") from None

    walk = _Walk(shuffle, n, max_paths, max_draws, deck, seconds, watch)
    _walked(walk, count)
    if witnesses is not None:
        witnesses += [Path(*record) for record in walk.early]
    denominator = math.lcm(1, *(size for _, size in leaves))
    weights: Counter = Counter()
    for (outcome, size), number in leaves.items():
        weights[outcome] += number * (denominator // size)
    try:
        ordered = sorted(weights.items())
    except TypeError:  # outcomes of cards that cannot be compared: keep the walk's order
        ordered = list(weights.items())
    return {outcome: Fraction(w, denominator) for outcome, w in ordered}


def random_paths(shuffle: Callable, n: int, count: int = 16, seed: int = 0, *,
                 deck=None) -> list[Path]:
    """Run ``count`` random paths of ``shuffle`` (seeded) and return them as :class:`Path` s.

    Paths to run again much later, with :func:`rerun`: a shuffle that changes
    its ways after some calls gives them other results then.

    >>> from cardlib.shuffles import knuth_shuffle
    >>> [path.probability for path in random_paths(knuth_shuffle, 3, 2)]
    [Fraction(1, 6), Fraction(1, 6)]
    """
    walk = _Walk(shuffle, n, MAX_PATHS, MAX_DRAWS, deck)
    count = whole_number("count", count, minimum=1, maximum=10_000)
    source = SeededRng(whole_number("seed", seed, minimum=None))
    found = []
    try:
        with Guard(RUN_SECONDS) as guard:
            for _ in range(count):
                probe = _Probe(source, walk.max_draws, walk)
                outcome = walk.run(guard, probe, "a random path")
                found.append(Path(tuple(probe._choices), tuple(probe._sizes), outcome))
    except TimedOut:
        raise EndlessRun(f"one run of {walk.name} on {walk.n} cards took more than "
                         f"{RUN_SECONDS:g} s: it looks like a loop that never ends") from None
    return found


def rerun(shuffle: Callable, n: int, walked, *, deck=None) -> None:
    """Run each walked leaf (a :class:`Path`) again; NotDeterministic if one gives another result.

    For state kept between calls: leaves walked early, run again after many more calls.

    >>> from cardlib.shuffles import knuth_shuffle
    >>> leaves = list(paths(knuth_shuffle, 3))
    >>> rerun(knuth_shuffle, 3, leaves)   # nothing to say: the same results
    """
    walk = _Walk(shuffle, n, MAX_PATHS, MAX_DRAWS, deck)
    walked = sequence("walked", walked)
    if not all(isinstance(path, Path) for path in walked):
        raise TypeError("walked must hold Path objects, as paths() and distribution() give them")
    walk.shared = _shared_state()
    try:
        with Guard(RUN_SECONDS) as guard:
            for path in walked:
                walk.rerun(guard, path.choices, path.sizes, path.outcome)
    except TimedOut:
        raise EndlessRun(f"one run of {walk.name} on {walk.n} cards took more than "
                         f"{RUN_SECONDS:g} s: it looks like a loop that never ends") from None


#: exact_law works out laws of decks of at most this many cards (6! = 720 orders)...
LAW_MAX_CARDS = 6
#: ... whose tree has at most this many paths (6^6 = 46,656 naive swaps).
LAW_MAX_PATHS = 50_000


def exact_law_or_reason(shuffle: Callable, n: int,
                        max_paths: int = LAW_MAX_PATHS) -> tuple[dict | None, str]:
    """Return (the exact law of ``shuffle`` on n cards, "") or (None, why it is out of reach).

    Out of reach: more than LAW_MAX_CARDS cards, a tree of random choices with
    more than ``max_paths`` paths (estimated by :func:`estimate_paths`), an
    unbounded tree (a shuffle that retries), or a shuffle that breaks the
    contract. Laws of cardlib's own shuffles are worked out once per deck size
    (a learner's function is walked every time: a helper it calls may have
    been redefined since); each call returns a new dict, so a caller that
    changes it changes nobody else's.

    >>> from cardlib.shuffles import knuth_shuffle, naive_swap_shuffle, retry_shuffle
    >>> len(exact_law_or_reason(knuth_shuffle, 3)[0])
    6
    >>> exact_law_or_reason(retry_shuffle, 3)
    (None, 'unbounded paths\\n(it may redraw forever)')
    >>> exact_law_or_reason(naive_swap_shuffle, 6, max_paths=1000)
    (None, 'about 46,656 paths,\\nmore than the limit of 1,000')
    """
    function("shuffle", shuffle)
    n = whole_number("n", n)
    max_paths = whole_number("max_paths", max_paths, minimum=1, maximum=MAX_PATHS)
    work = _own_law_or_reason if is_own(shuffle) else _law_or_reason
    law, reason = work(shuffle, n, max_paths)
    return (None if law is None else dict(law)), reason


def _law_or_reason(shuffle: Callable, n: int, max_paths: int) -> tuple[dict | None, str]:
    if n > LAW_MAX_CARDS:
        return None, f"more than {LAW_MAX_CARDS} cards"
    try:
        return distribution(shuffle, n, max_paths=max_paths), ""
    except Unbounded:
        return None, "unbounded paths\n(it may redraw forever)"
    except TooLarge as error:
        if error.estimate == math.inf:
            return None, f"more than {max_paths:,} paths"
        return None, f"about {_approx(error.estimate)} paths,\nmore than the limit of {max_paths:,}"
    except (ContractError, EndlessRun, OutOfTime) as error:
        return None, str(error)


_own_law_or_reason = functools.lru_cache(maxsize=256)(_law_or_reason)


def exact_law(shuffle: Callable, n: int, max_paths: int = LAW_MAX_PATHS) -> dict | None:
    """Return the exact law of ``shuffle`` on n cards (a new dict), or None when out of reach.

    >>> from cardlib.shuffles import knuth_shuffle, retry_shuffle
    >>> len(exact_law(knuth_shuffle, 3)), exact_law(retry_shuffle, 3)
    (6, None)
    >>> exact_law(knuth_shuffle, 3).clear()   # the next caller still gets all 6 orders
    >>> len(exact_law(knuth_shuffle, 3))
    6
    """
    return exact_law_or_reason(shuffle, n, max_paths)[0]
