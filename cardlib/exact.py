"""Exact outcome distributions, by walking every sequence of random answers.

A shuffle that draws all of its randomness through ``rng.randrange`` is a
tree: each call branches into as many children as the range has values, each
equally likely. :func:`paths` runs the shuffle once per leaf with a scripted
``rng`` that answers from a prefix and then with the range's first value, and
moves to the next leaf like an odometer. A leaf reached through ranges of
sizes s1, s2, ... has probability 1 / (s1 * s2 * ...), exactly.

>>> from cardlib.shuffles import knuth_shuffle
>>> dist = distribution(knuth_shuffle, 3)
>>> sorted(dist.values()) == [Fraction(1, 6)] * 6
True
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from .checks import whole_number

__all__ = [
    "MAX_PATHS", "MAX_DRAWS", "LAW_MAX_CARDS", "LAW_MAX_PATHS", "ContractError", "Path",
    "paths", "distribution", "estimate_paths", "exact_law_or_reason", "exact_law",
]

#: The largest number of leaves (runs of the shuffle) that an enumeration may take.
MAX_PATHS = 10**7
#: The most randrange calls one run may make before its tree is called unbounded.
MAX_DRAWS = 10_000


class _Exhausted(Exception):
    """Raised inside a shuffle when a run made more draws than allowed."""


class ContractError(AttributeError):
    """A shuffle asked its rng for something other than randrange."""


class _ScriptedRng:
    """Answers randrange calls from a script, then with each range's first value."""

    def __getattr__(self, name: str):
        raise ContractError(
            f"exact enumeration needs every random draw to go through rng.randrange, "
            f"but the shuffle asked for rng.{name}"
        )

    def __init__(self, script: list[int], max_draws: int) -> None:
        self.script = script
        self.max_draws = max_draws
        self.choices: list[int] = []
        self.sizes: list[int] = []

    def randrange(self, start, stop=None, step=1):
        values = range(start) if stop is None else range(start, stop, step)
        if not values:
            raise ValueError(f"empty range in randrange({start}, {stop}, {step})")
        depth = len(self.choices)
        if depth >= self.max_draws:
            raise _Exhausted
        choice = self.script[depth] if depth < len(self.script) else 0
        self.choices.append(choice)
        self.sizes.append(len(values))
        return values[choice]


class _Probe(_ScriptedRng):
    """Answers every randrange call at random, recording the range sizes."""

    def __init__(self, source: random.Random, max_draws: int) -> None:
        super().__init__([], max_draws)
        self.source = source

    def randrange(self, start, stop=None, step=1):
        values = range(start) if stop is None else range(start, stop, step)
        self.script.append(self.source.randrange(len(values)) if values else 0)
        return super().randrange(start, stop, step)


@dataclass(frozen=True)
class Path:
    """One leaf of a shuffle's tree of random choices."""

    choices: tuple[int, ...]  # the index answered at each randrange call
    sizes: tuple[int, ...]  # how many values each call's range had
    outcome: tuple  # the shuffled deck

    @property
    def probability(self) -> Fraction:
        return Fraction(1, math.prod(self.sizes))


def _run(shuffle: Callable, n: int, rng: _ScriptedRng) -> tuple:
    deck = list(range(n))
    try:
        result = shuffle(deck, rng=rng)
    except _Exhausted:
        raise ValueError(
            f"{getattr(shuffle, '__name__', shuffle)} made more than {rng.max_draws:,} "
            "random draws on one path: its tree of random choices looks unbounded "
            "(a shuffle that redraws until it succeeds has endless paths), so it "
            "cannot be enumerated exactly"
        ) from None
    return tuple(deck if result is None else result)


def _check_deterministic(shuffle: Callable, n: int, first: _ScriptedRng, outcome: tuple) -> None:
    """Replay the first path; a different result means randomness from elsewhere."""
    again = _ScriptedRng(list(first.choices), first.max_draws)
    if _run(shuffle, n, again) != outcome or again.choices != first.choices:
        raise ValueError(
            f"{getattr(shuffle, '__name__', shuffle)} gave different results for the same "
            "random answers: it must draw all of its randomness through rng.randrange "
            "(not the random module, NumPy or the clock), or it cannot be enumerated"
        )


def estimate_paths(
    shuffle: Callable, n: int, probes: int = 64, seed: int = 0, max_draws: int = MAX_DRAWS
) -> float:
    """Estimate the number of leaves of the tree (Knuth's 1975 estimator).

    A random path of probability p stands for 1/p leaves; the mean of 1/p over
    random paths is the number of leaves. Exact for trees whose leaves are all
    equally likely, as for Knuth's shuffle (n!) and the naive swap (n^n).

    >>> from cardlib.shuffles import naive_swap_shuffle
    >>> estimate_paths(naive_swap_shuffle, 4)
    256.0
    """
    n = whole_number("n", n)
    source = random.Random(seed)
    total = 0
    for _ in range(probes):
        probe = _Probe(source, max_draws)
        _run(shuffle, n, probe)
        total += math.prod(probe.sizes)
    return total / probes


def paths(
    shuffle: Callable, n: int, *, max_paths: int = MAX_PATHS, max_draws: int = MAX_DRAWS
) -> Iterator[Path]:
    """Yield every leaf of ``shuffle``'s tree of random choices on ``list(range(n))``.

    Refuses at once (ValueError) when the tree has about more than ``max_paths``
    leaves, and stops with ValueError if a path makes more than ``max_draws`` draws.

    >>> from cardlib.shuffles import naive_swap_shuffle
    >>> len(list(paths(naive_swap_shuffle, 3)))
    27
    """
    n = whole_number("n", n)
    name = getattr(shuffle, "__name__", repr(shuffle))
    estimate = estimate_paths(shuffle, n, max_draws=max_draws)
    if estimate > max_paths:
        raise ValueError(
            f"enumerating {name} on {n} cards means about {estimate:.3g} paths, "
            f"more than the limit of {max_paths:,}; use a smaller n or sample instead"
        )
    script: list[int] = []
    count = 0
    while True:
        rng = _ScriptedRng(script, max_draws)
        outcome = _run(shuffle, n, rng)
        if count == 0:
            _check_deterministic(shuffle, n, rng, outcome)
        count += 1
        if count > max_paths:
            raise ValueError(
                f"enumerating {name} on {n} cards went past the limit of "
                f"{max_paths:,} paths; use a smaller n or sample instead"
            )
        yield Path(tuple(rng.choices), tuple(rng.sizes), outcome)
        # Odometer: advance the deepest choice that has a next value.
        depth = len(rng.choices) - 1
        while depth >= 0 and rng.choices[depth] + 1 == rng.sizes[depth]:
            depth -= 1
        if depth < 0:
            return
        script = rng.choices[:depth] + [rng.choices[depth] + 1]


def distribution(
    shuffle: Callable, n: int, *, max_paths: int = MAX_PATHS
) -> dict[tuple[int, ...], Fraction]:
    """Return the exact probability of every outcome of ``shuffle`` on ``list(range(n))``.

    Works for in-place shuffles (returning None) and for those returning a new list.

    >>> from cardlib.shuffles import naive_swap_shuffle
    >>> sorted(distribution(naive_swap_shuffle, 3).values())[-1]
    Fraction(5, 27)
    """
    # Count leaves by (outcome, 1/probability), then add them up as integers
    # over a common denominator: exact, and far faster than adding Fractions.
    leaves = Counter(
        (path.outcome, math.prod(path.sizes))
        for path in paths(shuffle, n, max_paths=max_paths)
    )
    denominator = math.lcm(1, *(size for _, size in leaves))
    weights: Counter = Counter()
    for (outcome, size), count in leaves.items():
        weights[outcome] += count * (denominator // size)
    return {outcome: Fraction(w, denominator) for outcome, w in sorted(weights.items())}


#: exact_law works out laws of decks of at most this many cards (6! = 720 orders)...
LAW_MAX_CARDS = 6
#: ... whose tree has at most this many paths (6^6 = 46,656 naive swaps).
LAW_MAX_PATHS = 50_000


def exact_law_or_reason(shuffle: Callable, n: int,
                        max_paths: int = LAW_MAX_PATHS) -> tuple[dict | None, str]:
    """Return (the exact law of ``shuffle`` on n cards, "") or (None, why it is out of reach).

    Out of reach: more than LAW_MAX_CARDS cards, a tree of random choices with
    more than ``max_paths`` paths (estimated by :func:`estimate_paths`), or an
    unbounded tree (a shuffle that retries). Laws are worked out once per
    shuffle and deck size; each call returns a new dict, so a caller that
    changes it changes nobody else's.

    >>> from cardlib.shuffles import knuth_shuffle, naive_swap_shuffle, retry_shuffle
    >>> len(exact_law_or_reason(knuth_shuffle, 3)[0])
    6
    >>> exact_law_or_reason(retry_shuffle, 3)
    (None, 'unbounded paths\\n(it may redraw forever)')
    >>> exact_law_or_reason(naive_swap_shuffle, 6, max_paths=1000)
    (None, 'about 46,656 paths,\\nmore than the limit of 1,000')
    """
    law, reason = _law_or_reason(shuffle, whole_number("n", n), max_paths)
    return (None if law is None else dict(law)), reason


@functools.lru_cache(maxsize=256)
def _law_or_reason(shuffle: Callable, n: int, max_paths: int) -> tuple[dict | None, str]:
    if n > LAW_MAX_CARDS:
        return None, f"more than {LAW_MAX_CARDS} cards"
    try:  # the first path answers every draw with its first value: a retry never ends
        next(paths(shuffle, n, max_paths=math.inf))
    except ValueError as error:
        return None, ("unbounded paths\n(it may redraw forever)" if "unbounded" in str(error)
                      else str(error))
    estimate = estimate_paths(shuffle, n)
    if estimate > max_paths:
        return None, f"about {estimate:,.0f} paths,\nmore than the limit of {max_paths:,}"
    try:
        return distribution(shuffle, n, max_paths=max_paths), ""
    except ValueError:  # the estimate was low
        return None, f"more than {max_paths:,} paths"


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
