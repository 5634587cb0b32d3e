"""How a shuffle's running time grows with the deck: measurements and log-log slopes.

If the time grows like c * n^k, then log t = k log n + log c: a straight line
of slope k on log-log axes. Pick-and-remove removes from the middle of a
list, which moves everything after the removed card, so its slope tends to 2
for large n; Knuth's swaps cost the same at every step, slope 1.

>>> sizes = [100, 200, 400, 800]
>>> slope, _ = loglog_fit(sizes, [3e-9 * n**2 for n in sizes])
>>> round(slope, 9)
2.0
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .untrusted import TimedCalls
from .validation import (
    MAX_ITEMS,
    function,
    limit,
    numbers_array,
    positive_number,
    sequence,
    whole_number,
)

__all__ = ["doubling_sizes", "time_shuffle", "Timings", "measure", "loglog_fit"]


def doubling_sizes(smallest: int, largest: int) -> list[int]:
    """Return smallest, 2 * smallest, 4 * smallest, ... up to largest.

    >>> doubling_sizes(1000, 8000)
    [1000, 2000, 4000, 8000]
    """
    smallest = whole_number("smallest", smallest, minimum=1)
    largest = whole_number("largest", largest, minimum=smallest)
    sizes = [smallest]
    while sizes[-1] * 2 <= largest:
        sizes.append(sizes[-1] * 2)
    return sizes


def time_shuffle(shuffle: Callable, n: int, budget: float = 0.05, max_repeats: int = 5,
                 seed: int = 0) -> float:
    """Return the shortest of a few timed runs of ``shuffle(list(range(n)))``, in seconds.

    The deck is built before the clock starts. Runs repeat until ``budget``
    seconds are spent or ``max_repeats`` are done (at least one run); the
    shortest run is the one least disturbed by other work on the machine.

    >>> from cardlib.shuffles import knuth_shuffle
    >>> time_shuffle(knuth_shuffle, 100) > 0
    True
    """
    function("shuffle", shuffle)
    n = whole_number("n", n, maximum=MAX_ITEMS)
    max_repeats = whole_number("max_repeats", max_repeats, minimum=1, maximum=1000)
    budget = limit("budget", positive_number("budget", budget), 10, "time for at most 10 s")
    seed = whole_number("seed", seed, minimum=None)
    rng = random.Random(seed)
    best = float("inf")
    spent = 0.0

    def timed(deck: list) -> float:  # the clock inside: the guard's own work is not timed
        start = time.perf_counter()
        shuffle(deck, rng=rng)
        return time.perf_counter() - start

    with TimedCalls(getattr(shuffle, "__name__", "the shuffle")) as call:
        for _ in range(max_repeats):
            elapsed = call(timed, list(range(n)))
            best = min(best, elapsed)
            spent += elapsed
            if spent >= budget:
                break
    return best


@dataclass(frozen=True)
class Timings:
    """Seconds per shuffle, ``seconds[name][k]`` for a deck of ``sizes[k]`` cards."""

    sizes: list[int]
    seconds: dict[str, list[float]]

    def fits(self, largest: int | None = None,
             points: int = 4) -> dict[str, tuple[float, float]]:
        """Each shuffle's (slope, intercept), fitted on its last ``points`` sizes up to ``largest``.

        >>> round(Timings([10, 20, 40], {"a": [1, 2, 4]}).fits()["a"][0], 9)
        1.0
        """
        points = whole_number("points", points, minimum=2)
        sizes = self.sizes_up_to(largest)
        if len(sizes) < 2:
            raise ValueError(f"a slope needs at least 2 sizes up to {largest}, got {sizes}")
        keep = slice(max(0, len(sizes) - points), len(sizes))
        return {name: loglog_fit(sizes[keep], times[: len(sizes)][keep])
                for name, times in self.seconds.items()}

    def slopes(self, largest: int | None = None, points: int = 4) -> dict[str, float]:
        """Each shuffle's log-log slope, fitted on its last ``points`` sizes up to ``largest``."""
        return {name: fit[0] for name, fit in self.fits(largest, points).items()}

    def sizes_up_to(self, largest: int | None = None) -> list[int]:
        """The measured sizes up to ``largest`` (all of them for None)."""
        return [n for n in self.sizes if largest is None or n <= largest]


def measure(shuffles: dict[str, Callable], sizes: Sequence[int], budget: float = 0.05) -> Timings:
    """Time every shuffle at every size (see :func:`time_shuffle`).

    >>> from cardlib.shuffles import knuth_shuffle
    >>> timings = measure({"Knuth": knuth_shuffle}, [10, 20])
    >>> timings.sizes, len(timings.seconds["Knuth"])
    ([10, 20], 2)
    """
    sizes = [whole_number("each of sizes", n) for n in sequence("sizes", sizes, maximum=40)]
    if not sizes:
        raise ValueError("measure needs at least one size (sizes is empty)")
    if not isinstance(shuffles, dict):
        raise TypeError("shuffles must be a dict of names to shuffles")
    budget = positive_number("budget", budget)
    limit("budget x sizes x shuffles", budget * len(sizes) * len(shuffles), 30,
          "time fewer shuffles or sizes, or with a smaller budget")
    seconds = {name: [time_shuffle(shuffle, n, budget) for n in sizes]
               for name, shuffle in shuffles.items()}
    return Timings(sizes, seconds)


def loglog_fit(sizes: Sequence[float], seconds: Sequence[float]) -> tuple[float, float]:
    """Fit log t = slope * log n + intercept by least squares; return (slope, intercept).

    Natural logarithms; the time predicted for n cards is exp(intercept) * n**slope.
    """
    x = np.log(numbers_array("sizes", sequence("sizes", sizes), ndim=1))
    y = numbers_array("seconds", sequence("seconds", seconds), ndim=1)
    if x.shape != y.shape or x.size < 2:
        raise ValueError("loglog_fit needs at least 2 sizes and one time per size")
    if (y <= 0).any() or not np.isfinite(y).all():
        raise ValueError("times must be positive to be put on a log scale")
    if np.ptp(x) == 0:
        raise ValueError("loglog_fit needs at least 2 different sizes")
    slope, intercept = np.polyfit(x, np.log(y), 1)
    return float(slope), float(intercept)
