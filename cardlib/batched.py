"""Batched shuffles: many decks at once, one NumPy column step at a time.

A *kernel* shuffles every row of an integer array in place, following the
same law as one cardlib shuffle applied to each row. :func:`cardlib.stats.simulate`
looks kernels up in :data:`KERNELS`, keyed by the one-deck function itself, so
another module adds its own with :func:`register`::

    register(riffle, gsr_riffles)      # simulate(riffle, n, trials, k=7)

The contract mirrors the one-deck contract: a kernel ``kernel(decks, gen,
**options)`` draws all of its randomness through ``gen.integers(low, high,
size=...)``. That is what lets the tests drive a kernel with *every* possible
array of draws and compare the result with :func:`cardlib.exact.distribution`.
The one exception is :func:`uniform`, which hands the whole job to NumPy's
``Generator.permuted`` (Knuth's loop in C), tested by a chi-square test instead.

>>> import numpy as np
>>> decks = np.tile(np.arange(5), (3, 1))
>>> sattolo_swaps(decks, np.random.default_rng(1))
>>> bool((decks != np.arange(5)).all())   # Sattolo moves every card
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import numpy as np

from . import listsort, shuffles
from .untrusted import TimedCalls
from .validation import decks_array, function, whole_number

__all__ = [
    "KERNELS",
    "register",
    "kernel_for",
    "has_kernel",
    "uniform",
    "naive_swaps",
    "poker_1999_swaps",
    "sattolo_swaps",
    "strides",
    "gsr_riffles",
    "one_deck_at_a_time",
    "comparator_rows",
]

#: Maps a one-deck shuffle to the kernel that shuffles many decks with the same law.
KERNELS: dict[Callable, Callable] = {}


def register(shuffle: Callable, kernel: Callable) -> Callable:
    """Make ``simulate(shuffle, ...)`` use ``kernel``; return the kernel."""
    function("shuffle", shuffle)
    function("kernel", kernel)
    KERNELS[shuffle] = kernel
    return kernel


def kernel_for(shuffle: Callable) -> Callable:
    """Return the kernel registered for ``shuffle``, or raise a clear TypeError."""
    try:
        return KERNELS[shuffle]
    except (KeyError, TypeError):
        known = ", ".join(sorted(getattr(f, "__name__", repr(f)) for f in KERNELS))
        raise TypeError(
            f"simulate has no batched version of {getattr(shuffle, '__name__', shuffle)!r}; "
            f"it knows: {known}. Add one with cardlib.batched.register(shuffle, kernel)"
        ) from None


def has_kernel(shuffle: Callable) -> bool:
    """True if ``simulate(shuffle, ...)`` has a batched kernel to use."""
    try:
        return shuffle in KERNELS
    except TypeError:  # an unhashable "shuffle"
        return False


def _kernel_args(decks, gen) -> None:
    """A kernel's arguments: a 2-D integer array shuffled in place, and a NumPy Generator."""
    if not isinstance(decks, np.ndarray):
        raise TypeError(f"decks must be a 2-D NumPy array of cards (shuffled in place), "
                        f"not {type(decks).__name__}")
    decks_array("decks", decks)
    if not callable(getattr(gen, "integers", None)):
        raise TypeError(f"gen must be a numpy.random.Generator (np.random.default_rng(seed)), "
                        f"not {type(gen).__name__}")


def _swapper(decks: np.ndarray) -> Callable[[int, np.ndarray], None]:
    """Return swap(i, j): in every row r, swap the cards at positions i and j[r].

    Works on the flat view of the array with ``np.take`` and ``np.put``, about
    three times faster than indexing ``decks[rows, j]`` in two dimensions.
    """
    if not decks.flags.c_contiguous:
        raise ValueError("batched kernels shuffle C-contiguous arrays in place")
    flat = decks.reshape(-1)  # a view, so writes reach decks
    starts = np.arange(decks.shape[0]) * decks.shape[1]

    def swap(i: int, j: np.ndarray) -> None:
        j = j + starts
        column = decks[:, i].copy()
        decks[:, i] = np.take(flat, j)
        np.put(flat, j, column)

    return swap


def uniform(decks: np.ndarray, gen: np.random.Generator) -> None:
    """Put every row in a uniformly random order (NumPy's ``Generator.permuted``).

    The law of every fair cardlib shuffle: Knuth's swaps, pick-and-remove,
    retrying repeated draws (the order in which positions first appear in a
    stream of independent uniform draws is uniform, by symmetry) and choosing
    from the list of all n! orders.
    """
    _kernel_args(decks, gen)
    gen.permuted(decks, axis=1, out=decks)


def naive_swaps(decks: np.ndarray, gen) -> None:
    """Swap position i with a uniformly random position, for i = 0..n-1 (biased)."""
    _kernel_args(decks, gen)
    n, swap = decks.shape[1], _swapper(decks)
    for i in range(n):
        swap(i, gen.integers(0, n, size=decks.shape[0]))


def poker_1999_swaps(decks: np.ndarray, gen) -> None:
    """The 1999 poker loop: swap position i with one of 0..n-2, for i = 0..n-1 (biased)."""
    _kernel_args(decks, gen)
    n, swap = decks.shape[1], _swapper(decks)
    if n < 2:  # poker_1999_shuffle draws nothing for these decks
        return
    for i in range(n):
        swap(i, gen.integers(0, n - 1, size=decks.shape[0]))


def sattolo_swaps(decks: np.ndarray, gen) -> None:
    """Sattolo's loop: swap position i with one below it, for i = n-1..1."""
    _kernel_args(decks, gen)
    swap = _swapper(decks)
    for i in reversed(range(1, decks.shape[1])):
        swap(i, gen.integers(0, i, size=decks.shape[0]))


def strides(decks: np.ndarray, gen) -> None:
    """A random first card, then a fixed random step coprime to n (the Python article's idea)."""
    _kernel_args(decks, gen)
    trials, n = decks.shape
    if n < 2:  # stride_shuffle draws nothing for these decks
        return
    steps = np.array([d for d in range(1, n) if math.gcd(d, n) == 1])
    start = gen.integers(0, n, size=trials)
    step = steps[gen.integers(0, len(steps), size=trials)]
    positions = (start[:, None] + np.arange(n) * step[:, None]) % n
    decks[:] = np.take_along_axis(decks, positions, axis=1)


def gsr_riffles(decks: np.ndarray, gen, k: int = 1) -> None:
    """Riffle every row k times with the Gilbert–Shannon–Reeds law.

    One riffle: cut after a Binomial(n, 1/2) number of cards, then drop from a
    packet with probability proportional to its size. Equivalently (and this
    is what is computed), flip a fair coin for every position of the result;
    the positions showing 0 receive the first packet in order, the others the
    second packet in order. The number of zeros is Binomial(n, 1/2), and given
    it, every interleaving is equally likely: the same law. A stable sort of
    the coins lists the positions in exactly that order.

    Bayer and Diaconis (1992): k riffles in a row have the law of one
    2^k-shuffle, the same with a digit 0..2^k-1 per position instead of a
    coin (2^k packets). So up to 8 riffles cost one sort of bytes.
    """
    _kernel_args(decks, gen)
    k = whole_number("k", k, maximum=10**6)
    riffled = np.empty_like(decks)
    while k > 0:
        at_once = min(k, 8)  # digits that fit in a byte
        digits = gen.integers(0, 2**at_once, size=decks.shape, dtype=np.uint8)
        # The m-th card of the deck goes to the m-th position in this order.
        destinations = np.argsort(digits, axis=1, kind="stable")
        np.put_along_axis(riffled, destinations, decks, axis=1)
        decks[:] = riffled
        k -= at_once


def _gsr_cost(k: int = 1) -> int:
    return max(1, -(-whole_number("k", k, maximum=10**6) // 8))  # 8 riffles per pass


def one_deck_at_a_time(shuffle: Callable) -> Callable:
    """Return a kernel that runs the one-deck ``shuffle`` on each row in turn.

    The same law by construction, but not vectorised: for shuffles whose
    law has no short NumPy form (the comparator sort depends on the exact
    pattern of comparisons in CPython's sort).
    """
    function("shuffle", shuffle)

    def kernel(decks: np.ndarray, gen) -> None:
        _kernel_args(decks, gen)
        rng = random.Random(int(gen.integers(0, 2**63)))
        with TimedCalls(getattr(shuffle, "__name__", "the shuffle")) as call:
            for row in decks:
                deck = row.tolist()
                result = call(shuffle, deck, rng=rng)
                row[:] = deck if result is None else result

    kernel.__name__ = f"one_deck_at_a_time({getattr(shuffle, '__name__', 'shuffle')})"
    kernel.cost = lambda: 200  # a Python call per deck: about 200 times a vectorised step
    return kernel


for _fair in (shuffles.knuth_shuffle, shuffles.pick_and_remove, shuffles.retry_shuffle):
    register(_fair, uniform)
register(shuffles.naive_swap_shuffle, naive_swaps)
register(shuffles.poker_1999_shuffle, poker_1999_swaps)
register(shuffles.sattolo_shuffle, sattolo_swaps)
register(shuffles.stride_shuffle, strides)
_comparator_one_at_a_time = one_deck_at_a_time(shuffles.comparator_sort_shuffle)


def comparator_rows(decks: np.ndarray, gen) -> None:
    """The random-comparator sort on every row, with its law.

    Replayed with NumPy (:func:`cardlib.listsort.random_comparator_rows`) for
    decks of fewer than 64 cards when the replay matches this Python's sort
    (:func:`cardlib.listsort.matches_this_python`); else one deck at a time.
    """
    _kernel_args(decks, gen)
    if decks.shape[1] < listsort.RUN_LIMIT and listsort.matches_this_python():
        listsort.random_comparator_rows(decks, gen)
    else:
        _comparator_one_at_a_time(decks, gen)


# As costly as one deck at a time (the limit where the replay cannot be used).
comparator_rows.cost = _comparator_one_at_a_time.cost
register(shuffles.comparator_sort_shuffle, comparator_rows)


def _brute_force(decks: np.ndarray, gen) -> None:
    """Uniform, like brute_force_shuffle, and refusing the decks it refuses."""
    n = decks.shape[1]
    if n > shuffles.BRUTE_FORCE_LIMIT:
        raise ValueError(
            f"brute_force_shuffle would list {n}! = {math.factorial(n):,} orders; it "
            f"refuses decks of more than {shuffles.BRUTE_FORCE_LIMIT} cards, and so "
            "does simulate (use knuth_shuffle: the same uniform law)"
        )
    uniform(decks, gen)


register(shuffles.brute_force_shuffle, _brute_force)
# What one entry of the decks costs, against one vectorised step (simulate's work limit).
gsr_riffles.cost = _gsr_cost


