"""Exact outcome distributions, by walking every sequence of random answers.

A shuffle that draws all of its randomness from its rng is a tree: each draw branches
into as many children as its range has values, each equally likely. :func:`paths` runs
the shuffle once per leaf with a scripted rng (:class:`cardlib.rngs.Scripted`) that
answers from a prefix and then with each range's first value, and moves to the next leaf
like an odometer. A leaf reached through ranges of sizes s1, s2, ... has probability
1 / (s1 * s2 * ...), exactly.

The walk refuses, with a reason, what would make its answer wrong or endless: a tree that
is not the same on every path (a draw whose range differs from the one recorded at the
same place, or a run that stops short of the draws it was scripted:
:class:`NotDeterministic`), an endless tree (:class:`Unbounded`: a path of more than
``max_draws`` draws, a retry loop), a tree too big to walk in seconds (:class:`TooLarge`,
estimated before the walk) and a walk past its time (:class:`OutOfTime`).

cardlib's own shuffles are walked as they are. Any other function, a learner's, is walked
by the same code with the defences of :mod:`cardlib.untrusted.walk` in the loop (other
randomness refused, each run stopped after ``guard.RUN_SECONDS``, leaves replayed to catch
hidden state, results of plain values only), and every public function here runs it in a
child process, bounded in time and memory, where the platform has one (Linux, macOS; in
the page, Python in the browser, the worker's time limit does it): :class:`Stopped` then
says why a child gave no answer.

>>> from cardlib.shuffles import knuth_shuffle
>>> dist = distribution(knuth_shuffle, 3)
>>> sorted(dist.values()) == [Fraction(1, 6)] * 6
True
"""

from __future__ import annotations

import functools
import math
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from .rngs import Scripted, Seeded, Stop
from .untrusted import EndlessRun, Raised, Stopped, contained, guard, is_own, shown
from .untrusted.snapshot import Snapshot
from .untrusted.walk import Defences, Trusting
from .validation import ContractError, function, positive_number, sequence, whole_number

__all__ = [
    "MAX_PATHS", "MAX_CELLS", "MAX_DRAWS", "MAX_CARDS", "MAX_SECONDS",
    "CHILD_SECONDS", "LAW_MAX_CARDS", "LAW_MAX_PATHS", "ContractError", "NotDeterministic",
    "TooLarge", "Unbounded", "EndlessRun", "OutOfTime", "Raised", "Stopped", "Path", "is_own",
    "paths", "distribution", "random_paths", "estimate_paths", "exact_law_or_reason",
    "exact_law",
]

#: The largest number of leaves (runs of the shuffle) that an enumeration may take.
MAX_PATHS = 1_000_000
#: ... and of cards over all leaves (paths x deck size): the memory the outcomes may take.
MAX_CELLS = 20_000_000
#: The most draws one run may make before its tree is called unbounded.
MAX_DRAWS = 10_000
#: The largest deck that is enumerated.
MAX_CARDS = 1000
#: The most seconds of work (CPU time, estimated from sample runs) an enumeration may take.
MAX_SECONDS = 15.0
#: A walk of a learner's shuffle in a child process is ended after this long (the walk's own
#: limits end it sooner: 3 * MAX_SECONDS at most, and the stuck run's guard, one run's limit
#: guard.RUN_SECONDS + 1).
CHILD_SECONDS = 60.0
#: Random paths are run to size a tree up for at most about this long (at least 8 of them).
PROBE_SECONDS = 1.0

_clock = time.perf_counter  # read before any guard replaces it
# The work of sample runs is measured in this thread's CPU time: other programs on the
# machine do not make a tree look bigger than it is.
_cpu = getattr(time, "thread_time", time.perf_counter)  # not in Python in the browser


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


@dataclass(frozen=True)
class Path:
    """One leaf of a shuffle's tree of random choices."""

    choices: tuple[int, ...]  # the index answered at each draw
    sizes: tuple[int, ...]  # how many values each draw's range had
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
    """One shuffle on one deck, walked leaf after leaf."""

    def __init__(self, shuffle: Callable, n: int, max_paths: int, max_draws: int,
                 deck=None, seconds: float | None = None,
                 generators: Snapshot | None = None) -> None:
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
        self.cards = "1 card" if self.n == 1 else f"{self.n} cards"  # in messages
        self.defences = (Trusting() if is_own(shuffle) else
                         Defences(self.name, self.cards, guard.RUN_SECONDS, generators))
        self.answers: list[int] = []  # the path so far, an odometer
        self.sizes: list[int] = []
        self.count = 0  # leaves walked
        self.cells = 0  # the cards in the results so far
        self.most = max(4 * self.n, 64)  # the most items one result may hold
        self.finished = False
        self.first: tuple | None = None  # the first path's result, run while planning

    def run(self, rng: Scripted, where: str = "") -> tuple | None:
        """Run the shuffle once on a fresh copy of the deck; refuse what breaks the contract."""
        deck = list(self.deck)
        try:
            outcome = self.defences.outcome(self.defences.run(self.shuffle, deck, rng), deck,
                                            self.most)
        except Stop:
            outcome = None
        except Exception as error:
            self._check(rng, where, error)
            raise
        finally:
            rng.close()
        self._check(rng, where, None)
        if outcome is None:  # (a Stop of another rng's: not one of the walk's)
            raise ContractError(f"{self.name} was stopped by a signal of another run's rng")
        if len(outcome) > self.most:
            raise TooLarge(f"{self.name} gave back more than {self.most:,} items from a deck of "
                           f"{self.cards}: a shuffle gives back the cards it was given")
        return outcome

    def _check(self, rng: Scripted, where: str, error: BaseException | None) -> None:
        self.defences.check(self, rng, error)
        if rng.stopped == "draws":
            raise Unbounded(
                f"{self.name} made more than {rng.max_draws:,} random draws on "
                f"{where or 'one path'}: its tree of random choices looks unbounded (a shuffle "
                "that redraws until it succeeds has endless paths), so it cannot be enumerated "
                "exactly; sample it instead (cardlib.stats)") from error
        if rng.stopped == "tree" or (rng.stopped is None and error is None
                                     and rng.depth < rng.prefix):
            self.defences.explain()
            raise NotDeterministic(
                f"{self.name} made different random draws for the same random answers: it must "
                "draw all of its randomness from the rng it is given (not the random module, "
                "NumPy, the clock) and keep nothing from call to call (a counter, a cache, a "
                "default argument), or it cannot be enumerated") from error

    def differ(self, first, again) -> None:
        """Refuse a shuffle whose run gave another result for the same answers."""
        self.defences.explain()  # the likeliest cause, when it is the cause
        raise NotDeterministic(
            f"{self.name} gave different results for the same random answers "
            f"({shown(first, 60)} the first time, {shown(again, 60)} the next): all of its "
            "randomness must come from the rng it is given (not the random module, NumPy, the "
            "clock), and it may keep nothing from call to call (a counter, a cache, a default "
            "argument), or it cannot be enumerated")

    def in_time(self) -> None:
        if _clock() > self.deadline:
            raise OutOfTime(f"enumerating {self.name} on {self.cards} took more than the "
                            f"{self.seconds:g} s it was given")

    def estimate(self, probes: int, seed: int) -> tuple[int | float, float]:
        """(Knuth's estimate of the number of leaves, seconds per run), from random paths.

        A random path of probability p stands for 1/p leaves; the mean of 1/p over random
        paths is the number of leaves. The estimate is a float, or a whole number when it
        is beyond floats. A slow shuffle gets fewer probes (at least 8, for about
        PROBE_SECONDS), and so does a tree whose first 16 random paths all stood for the
        same number of leaves (every leaf equally likely, as for Knuth's shuffle: the
        estimate is exact already; the walk's own limits hold whatever the estimate).
        """
        source = Seeded(seed)
        total = done = 0
        weights = set()
        start = _cpu()
        for _ in range(probes):
            probe = Scripted(then=source, max_draws=self.max_draws)
            self.run(probe, "a random path")
            total += probe.weight
            weights.add(probe.weight)
            done += 1
            self.in_time()
            if done >= 8 and _cpu() - start > PROBE_SECONDS or done >= 16 and len(weights) == 1:
                break
        try:
            estimate = total / done
        except OverflowError:
            estimate = total // done
        return estimate, (_cpu() - start) / done

    def plan(self) -> None:
        """Refuse at once an endless tree, too many leaves or too much work.

        The two outermost paths are run first: a retry loop redraws on the first or on the
        last value of a range (all in one place, or past the end of a list), and the walk,
        depth first, would take a long time to go down its endless branch.
        """
        first = Scripted(max_draws=self.max_draws)
        self.first = self.run(first, "the path where every draw answers its first value")
        last = Scripted(then="last", max_draws=self.max_draws)
        self.run(last, "the path where every draw answers its last value")
        estimate, seconds = self.estimate(64, 0)
        what = f"enumerating {self.name} on {self.cards}"
        if estimate > self.max_paths:
            raise TooLarge(f"{what} means about {_approx(estimate)} paths, more than the limit of "
                           f"{self.max_paths:,}; use fewer cards, or sample instead "
                           "(cardlib.stats)", estimate, self.max_paths)
        work = estimate * (seconds + 5e-6)
        if work > MAX_SECONDS:  # time the same paths again: one stall (a GC pass) is not the cost
            seconds = min(seconds, self.estimate(64, 0)[1])
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
        self.defences.planned(estimate, seconds)
        self.time_limit = _clock() + 3 * MAX_SECONDS

    def leaves(self, visit: Callable, budget: float = math.inf) -> None:
        """Walk up to ``budget`` more leaves, calling visit(answers, sizes, outcome) for each."""
        with self.defences:
            if self.count == 0:
                self.plan()
            rng = Scripted(self.answers, self.sizes, max_draws=self.max_draws)
            walked = 0
            while walked < budget:
                rng.restart()
                outcome = self.run(rng)
                self.count += 1
                walked += 1
                self.cells += len(outcome)
                visit(self.answers, self.sizes, outcome)
                self.defences.leaf(self, outcome)
                if self.deadline < math.inf:
                    self.in_time()
                if not self._advance():
                    break
            self.defences.finished(self)

    def _advance(self) -> bool:
        """Move the script to the next leaf like an odometer; False after the last leaf."""
        answers, sizes = self.answers, self.sizes
        depth = len(answers) - 1
        while depth >= 0 and answers[depth] + 1 == sizes[depth]:
            depth -= 1
        if depth < 0:
            self.finished = True
            return False
        del answers[depth + 1:], sizes[depth + 1:]
        answers[depth] += 1
        what = f"enumerating {self.name} on {self.cards}"
        if self.count >= self.max_paths:
            raise TooLarge(f"{what} went past the limit of {self.max_paths:,} paths; use fewer "
                           "cards, or sample instead (cardlib.stats)", math.inf, self.max_paths)
        if self.cells > MAX_CELLS:
            raise TooLarge(f"{what} gave back more than {MAX_CELLS:,} cards in all; use fewer "
                           "cards, or sample instead (cardlib.stats)", math.inf, self.max_paths)
        if not self.count % 512 and _clock() > self.time_limit:
            raise TooLarge(f"{what} took more than {3 * MAX_SECONDS:g} s; use fewer cards, or "
                           "sample instead (cardlib.stats)", math.inf, self.max_paths)
        return True


@contained(CHILD_SECONDS)
def paths(shuffle: Callable, n: int, *, max_paths: int = MAX_PATHS,
          max_draws: int = MAX_DRAWS) -> Iterator[Path]:
    """Yield every leaf of ``shuffle``'s tree of random choices on ``list(range(n))``.

    Refuses at once (:class:`TooLarge`) a tree of about more than ``max_paths`` leaves or
    too much work, and stops with :class:`Unbounded` if a path makes more than
    ``max_draws`` draws. Leaves are walked 4,096 at a time between the yields. A learner's
    shuffle is walked in a child process (see the module): all of its leaves come back at
    once.

    >>> from cardlib.shuffles import naive_swap_shuffle
    >>> len(list(paths(naive_swap_shuffle, 3)))
    27
    """
    walk = _Walk(shuffle, n, max_paths, max_draws)
    batch: list[Path] = []

    def keep(answers, sizes, outcome) -> None:
        batch.append(Path(tuple(answers), tuple(sizes), outcome))

    while not walk.finished:
        walk.leaves(keep, 4096)
        yield from batch
        batch.clear()


@contained(CHILD_SECONDS)
def distribution(shuffle: Callable, n: int, *, max_paths: int = MAX_PATHS,
                 max_draws: int = MAX_DRAWS, deck=None, seconds: float | None = None,
                 generators: Snapshot | None = None) -> dict[tuple[int, ...], Fraction]:
    """Return the exact probability of every outcome of ``shuffle`` on ``list(range(n))``.

    Works for in-place shuffles (returning None) and for those returning a new list. A
    path of more than ``max_draws`` draws is :class:`Unbounded` (a retry loop). ``deck``
    gives other cards to shuffle (n of them); ``seconds`` is the time the walk may take
    (:class:`OutOfTime` after it); ``generators`` (a
    :func:`cardlib.untrusted.snapshot.snapshot`) are the generators to watch, instead of
    a search of its own. A learner's shuffle is walked in a child process stopped after
    ``seconds`` and a grace, or :data:`CHILD_SECONDS`, its memory capped (see the module).

    >>> from cardlib.shuffles import naive_swap_shuffle
    >>> sorted(distribution(naive_swap_shuffle, 3).values())[-1]
    Fraction(5, 27)
    """
    # Count leaves by (outcome, 1/probability), then add them up as integers
    # over a common denominator: exact, and far faster than adding Fractions.
    leaves: Counter = Counter()

    def count(answers, sizes, outcome) -> None:
        try:
            leaves[outcome, math.prod(sizes)] += 1
        except TypeError:  # unhashable
            raise TypeError(f"the outcome {shown(outcome, 60)} holds things that cannot be counted "
                            "(such as lists): a shuffle's result holds the cards") from None

    walk = _Walk(shuffle, n, max_paths, max_draws, deck, seconds, generators)
    walk.leaves(count)
    denominator = math.lcm(1, *(size for _, size in leaves))
    weights: Counter = Counter()
    for (outcome, size), number in leaves.items():
        weights[outcome] += number * (denominator // size)
    try:
        ordered = sorted(weights.items())
    except TypeError:  # outcomes of cards that cannot be compared: keep the walk's order
        ordered = list(weights.items())
    return {outcome: Fraction(w, denominator) for outcome, w in ordered}


@contained(CHILD_SECONDS)
def estimate_paths(shuffle: Callable, n: int, probes: int = 64, seed: int = 0,
                   max_draws: int = MAX_DRAWS) -> float:
    """Estimate the number of leaves of the tree (Knuth's 1975 estimator).

    A random path of probability p stands for 1/p leaves; the mean of 1/p over random
    paths is the number of leaves. Exact for trees whose leaves are all equally likely, as
    for Knuth's shuffle (n!) and the naive swap (n^n). Runs are run as in :func:`paths`;
    an estimate beyond floats is ``inf``.

    >>> from cardlib.shuffles import naive_swap_shuffle
    >>> estimate_paths(naive_swap_shuffle, 4)
    256.0
    """
    walk = _Walk(shuffle, n, MAX_PATHS, max_draws)
    probes = whole_number("probes", probes, minimum=1, maximum=10_000)
    seed = whole_number("seed", seed, minimum=None)
    with walk.defences:
        estimate = walk.estimate(probes, seed)[0]
    return estimate if isinstance(estimate, float) else math.inf


@contained(CHILD_SECONDS)
def random_paths(shuffle: Callable, n: int, count: int = 16, seed: int = 0, *,
                 deck=None) -> list[Path]:
    """Run ``count`` random paths of ``shuffle`` (seeded) and return them as :class:`Path` s.

    >>> from cardlib.shuffles import knuth_shuffle
    >>> [path.probability for path in random_paths(knuth_shuffle, 3, 2)]
    [Fraction(1, 6), Fraction(1, 6)]
    """
    walk = _Walk(shuffle, n, MAX_PATHS, MAX_DRAWS, deck)
    count = whole_number("count", count, minimum=1, maximum=10_000)
    source = Seeded(whole_number("seed", seed, minimum=None))
    found = []
    with walk.defences:
        for _ in range(count):
            probe = Scripted(then=source, max_draws=walk.max_draws)
            outcome = walk.run(probe, "a random path")
            found.append(Path(tuple(probe.answers), tuple(probe.sizes), outcome))
    return found


#: exact_law works out laws of decks of at most this many cards (6! = 720 orders)...
LAW_MAX_CARDS = 6
#: ... whose tree has at most this many paths (6^6 = 46,656 naive swaps).
LAW_MAX_PATHS = 50_000


def exact_law_or_reason(shuffle: Callable, n: int,
                        max_paths: int = LAW_MAX_PATHS) -> tuple[dict | None, str]:
    """Return (the exact law of ``shuffle`` on n cards, "") or (None, why it is out of reach).

    Out of reach: more than LAW_MAX_CARDS cards, a tree of random choices with more than
    ``max_paths`` paths (estimated as :func:`estimate_paths` does), an unbounded tree (a
    shuffle that retries), or a shuffle that breaks the contract or had to be stopped.
    Laws of cardlib's own shuffles are worked out once per deck size (a learner's function
    is walked every time: a helper it calls may have been redefined since); each call
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
    except (ContractError, EndlessRun, OutOfTime, Stopped) as error:
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
