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
  ``REPLAY_ALL`` leaves; beyond, each leaf with probability 1/``REPLAY_EVERY``.
  State that changes a fraction f of the runs escapes all of T/8 replays with
  chance about exp(-f T / 8): below 1e-6 once f T >= 111 runs are affected
  (1.4% of Knuth's 5,040 leaves for 7 cards). The shared generators of
  ``random`` and ``numpy.random`` must also be where they were after the walk.
- Endless trees (:class:`Unbounded`), runs that never end
  (:class:`EndlessRun`, after ``RUN_SECONDS``) and trees too big to walk in
  seconds (:class:`TooLarge`, estimated before the walk) are refused.

>>> from cardlib.shuffles import knuth_shuffle
>>> dist = distribution(knuth_shuffle, 3)
>>> sorted(dist.values()) == [Fraction(1, 6)] * 6
True
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction

import numpy.random

from .checks import ContractError, function, whole_number
from .guard import Guard, SeededRng, TimedOut

__all__ = [
    "MAX_PATHS", "MAX_CELLS", "MAX_DRAWS", "MAX_CARDS", "MAX_SECONDS", "RUN_SECONDS",
    "REPLAY_ALL", "REPLAY_EVERY", "LAW_MAX_CARDS", "LAW_MAX_PATHS",
    "ContractError", "NotDeterministic", "TooLarge", "Unbounded", "EndlessRun", "Path",
    "paths", "distribution", "estimate_paths", "exact_law_or_reason", "exact_law",
]

#: The largest number of leaves (runs of the shuffle) that an enumeration may take.
MAX_PATHS = 1_000_000
#: ... and of cards over all leaves (paths x deck size): the memory the outcomes may take.
MAX_CELLS = 20_000_000
#: The most randrange calls one run may make before its tree is called unbounded.
MAX_DRAWS = 10_000
#: The largest deck that is enumerated.
MAX_CARDS = 1000
#: The most seconds of work (estimated from sample runs) an enumeration may take.
MAX_SECONDS = 15.0
#: One run of the shuffle taking longer than this is stopped as endless.
RUN_SECONDS = 2.0
#: Trees with at most this many leaves have every leaf run twice ...
REPLAY_ALL = 4096
#: ... larger ones one leaf in this many, on average (a seeded draw picks them).
REPLAY_EVERY = 8

# Read before any guard replaces them: the clock and the shared generators' states.
_clock = time.perf_counter
_random_state = random.getstate
_numpy_state = numpy.random.get_state


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


class EndlessRun(ValueError):
    """One run of the shuffle did not finish within RUN_SECONDS."""


class _Stopped(BaseException):  # noqa: N818 (a signal, not an error)
    """Stops a run from inside its rng; ``except Exception:`` in the shuffle cannot catch it."""


class _ScriptedRng:
    """Answers randrange calls from a script, then with each range's first value.

    ``choices`` and ``sizes`` are the path so far: the first ``prefix`` of them
    are the script (recorded on an earlier run: the same place in the tree must
    be reached with the same range), and new draws are appended.
    """

    __slots__ = ("choices", "sizes", "prefix", "depth", "max_draws", "asked", "stop")

    def __init__(self, choices: list[int], sizes: list[int], max_draws: int) -> None:
        self.choices = choices
        self.sizes = sizes
        self.prefix = len(choices)
        self.depth = 0
        self.max_draws = max_draws
        self.asked: str | None = None  # a method other than randrange that was asked for
        self.stop: str | None = None  # why the run was stopped: "draws" or "tree"

    def __getattr__(self, name: str):
        if name.startswith("_"):  # copy, pickle, IPython's display: not a draw
            raise AttributeError(name)
        self.asked = self.asked or name
        raise ContractError(
            f"exact enumeration needs every random draw to go through rng.randrange, "
            f"but the shuffle asked for rng.{name}"
        )

    def _halt(self, why: str):
        self.stop = why
        raise _Stopped

    def randrange(self, start, stop=None, step=1):
        if stop is None and step == 1 and type(start) is int:  # randrange(k): the usual call
            size, values = start, None
        else:
            values = range(start) if stop is None else range(start, stop, step)
            size = len(values)
        if size <= 0:
            raise ValueError(f"empty range in randrange({start}, {stop}, {step})")
        depth = self.depth
        if depth < self.prefix:
            if self.sizes[depth] != size:
                self._halt("tree")
            choice = self.choices[depth]
        else:
            if depth >= self.max_draws:
                self._halt("draws")
            choice = self._fresh(size)
        self.depth = depth + 1
        return choice if values is None else values[choice]

    def _fresh(self, size: int) -> int:
        self.choices.append(0)
        self.sizes.append(size)
        return 0


class _Probe(_ScriptedRng):
    """Answers every draw at random, and keeps 1 / the path's probability."""

    __slots__ = ("source", "weight")

    def __init__(self, source: SeededRng, max_draws: int) -> None:
        super().__init__([], [], max_draws)
        self.source = source
        self.weight = 1  # 1 / the path's probability: the number of leaves it stands for

    def _fresh(self, size: int) -> int:
        self.weight *= size
        choice = self.source.below(size)
        self.choices.append(choice)
        self.sizes.append(size)
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


class _Walk:
    """One shuffle on one deck size: runs checked for the contract, leaf after leaf."""

    def __init__(self, shuffle: Callable, n: int, max_paths: int, max_draws: int) -> None:
        self.shuffle = function("shuffle", shuffle)
        self.n = whole_number("n", n, maximum=MAX_CARDS)
        self.max_paths = min(whole_number("max_paths", max_paths, minimum=1, maximum=MAX_PATHS),
                             max(1, MAX_CELLS // max(self.n, 1)))
        self.max_draws = whole_number("max_draws", max_draws, minimum=1, maximum=10 * MAX_DRAWS)
        self.name = getattr(shuffle, "__name__", repr(shuffle))
        self.picker = SeededRng(0x5EED)  # which leaves to replay, and when
        self.choices: list[int] = []
        self.sizes: list[int] = []
        self.count = 0
        self.finished = False
        self.first: tuple | None = None
        self.shared: tuple | None = None  # the shared generators' states when the walk began

    def _call(self, deck: list, rng: _ScriptedRng) -> tuple:
        result = self.shuffle(deck, rng)
        if result is None:
            return tuple(deck)
        try:
            return tuple(result)
        except TypeError:
            raise TypeError(
                f"{self.name} returned {type(result).__name__} {result!r:.60}: a shuffle "
                "returns None (when it shuffles the deck in place) or the new list") from None

    def run(self, guard: Guard, rng: _ScriptedRng, where: str = "") -> tuple | None:
        """Run the shuffle once on a fresh deck; refuse what breaks the contract."""
        try:
            outcome = guard.run(self._call, list(range(self.n)), rng)
        except _Stopped:
            outcome = None
        except Exception as error:
            self._check(rng, where, error)
            raise
        self._check(rng, where, None)
        return outcome

    def _check(self, rng: _ScriptedRng, where: str, error: Exception | None) -> None:
        if rng.asked:
            raise ContractError(
                f"exact enumeration needs every random draw to go through rng.randrange, "
                f"but the shuffle asked for rng.{rng.asked}") from error
        if rng.stop == "draws":
            raise Unbounded(
                f"{self.name} made more than {rng.max_draws:,} random draws on "
                f"{where or 'one path'}: its tree of random choices looks unbounded (a shuffle "
                "that redraws until it succeeds has endless paths), so it cannot be enumerated "
                "exactly; sample it instead (cardlib.stats)") from error
        if rng.stop == "tree" or (rng.stop is None and error is None and rng.depth < rng.prefix):
            self._check_shared_state()
            raise NotDeterministic(
                f"{self.name} made different random draws for the same random answers: it must "
                "draw all of its randomness through rng.randrange (not the random module, NumPy, "
                "the clock or a global variable), or it cannot be enumerated") from error

    def estimate(self, guard: Guard, probes: int, seed: int) -> tuple[int | float, float]:
        """(Knuth's estimate of the number of leaves, seconds per run), from random paths.

        The estimate is a float, or a whole number when it is beyond floats.
        """
        source = SeededRng(seed)
        total = 0
        start = _clock()
        for _ in range(probes):
            probe = _Probe(source, self.max_draws)
            self.run(guard, probe, "a random path")
            total += probe.weight
        try:
            estimate = total / probes
        except OverflowError:
            estimate = total // probes
        return estimate, (_clock() - start) / probes

    def plan(self, guard: Guard) -> None:
        """Refuse at once an endless tree, too many leaves or too much work."""
        first = _ScriptedRng([], [], self.max_draws)
        self.first = self.run(guard, first, "the path where every draw answers its first value")
        estimate, seconds = self.estimate(guard, 64, 0)
        what = f"enumerating {self.name} on {self.n} cards"
        if estimate > self.max_paths:
            raise TooLarge(f"{what} means about {_approx(estimate)} paths, more than the limit of "
                           f"{self.max_paths:,}; use fewer cards, or sample instead "
                           "(cardlib.stats)", estimate, self.max_paths)
        work = estimate * (seconds + 5e-6)
        if work > MAX_SECONDS:
            raise TooLarge(f"{what} means about {_approx(estimate)} paths at about "
                           f"{seconds * 1000:.3g} ms each, about {work:,.0f} s of work, more "
                           f"than the limit of {MAX_SECONDS:g} s; use fewer cards, or sample "
                           "instead (cardlib.stats)", estimate, self.max_paths)
        self.replay_every = 1 if estimate <= REPLAY_ALL else REPLAY_EVERY
        self.next_replay = 0
        self.deadline = _clock() + 3 * MAX_SECONDS

    def leaves(self, visit: Callable, budget: float = math.inf) -> None:
        """Walk up to ``budget`` more leaves, calling visit(choices, sizes, outcome) for each."""
        self.shared = _shared_state()
        with Guard(RUN_SECONDS) as guard:
            if self.count == 0:
                self.plan(guard)
            pending: list = []
            rng = _ScriptedRng(self.choices, self.sizes, self.max_draws)
            walked = 0
            while walked < budget:
                rng.depth, rng.prefix = 0, len(self.choices)
                outcome = self.run(guard, rng)
                if self.count == 0 and outcome != self.first:
                    self._differ(self.first, outcome)
                self.count += 1
                walked += 1
                visit(self.choices, self.sizes, outcome)
                if self.count >= self.next_replay:
                    pending.append((tuple(self.choices), tuple(self.sizes), outcome))
                    self._pick_next_replay()
                    if len(pending) >= 32:
                        self._replay(guard, pending)
                if not self._advance():
                    break
            self._replay(guard, pending)
        self._check_shared_state()

    def _check_shared_state(self) -> None:
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
        if not self.count % 512 and _clock() > self.deadline:
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
            rng = _ScriptedRng(list(choices), list(sizes), self.max_draws)
            again = self.run(guard, rng)
            if again != outcome or rng.depth != len(choices):
                self._differ(outcome, again)
        pending.clear()

    def _differ(self, first, again) -> None:
        self._check_shared_state()  # the likeliest cause, when it is the cause
        raise NotDeterministic(
            f"{self.name} gave different results for the same random answers ({first} the "
            f"first time, {again} the next): it must draw all of its randomness through "
            "rng.randrange (not the random module, NumPy, the clock or a global variable), "
            "or it cannot be enumerated")


def _shared_state() -> tuple:
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


def distribution(shuffle: Callable, n: int, *,
                 max_paths: int = MAX_PATHS) -> dict[tuple[int, ...], Fraction]:
    """Return the exact probability of every outcome of ``shuffle`` on ``list(range(n))``.

    Works for in-place shuffles (returning None) and for those returning a new list.

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

    _walked(_Walk(shuffle, n, max_paths, MAX_DRAWS), count)
    denominator = math.lcm(1, *(size for _, size in leaves))
    weights: Counter = Counter()
    for (outcome, size), number in leaves.items():
        weights[outcome] += number * (denominator // size)
    try:
        ordered = sorted(weights.items())
    except TypeError:  # outcomes of cards that cannot be compared: keep the walk's order
        ordered = list(weights.items())
    return {outcome: Fraction(w, denominator) for outcome, w in ordered}


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
    contract. Laws are worked out once per shuffle and deck size; each call
    returns a new dict, so a caller that changes it changes nobody else's.

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
    law, reason = _law_or_reason(shuffle, n, max_paths)
    return (None if law is None else dict(law)), reason


@functools.lru_cache(maxsize=256)
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
    except (ContractError, EndlessRun) as error:
        return None, str(error)


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
