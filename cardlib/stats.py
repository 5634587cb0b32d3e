"""Where cards land: position matrices, exact and simulated.

>>> from cardlib.shuffles import knuth_shuffle
>>> position_matrix(knuth_shuffle, 3)
array([[0.33333333, 0.33333333, 0.33333333],
       [0.33333333, 0.33333333, 0.33333333],
       [0.33333333, 0.33333333, 0.33333333]])
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from fractions import Fraction

import numpy as np

from . import batched, exact
from .shuffles import _check_count, as_rng

__all__ = ["exact_position_matrix", "position_matrix", "position_counts"]

# --- Batched simulation: many decks at once (kernels in cardlib.batched) ----
__all__ += ["simulate", "MAX_ENTRIES"]

#: simulate refuses to make arrays with more entries than this (4 GB as int64).
MAX_ENTRIES = 5 * 10**8
#: Entries shuffled per kernel call; bounds the kernels' temporary arrays.
CHUNK_ENTRIES = 2**18


def simulate(shuffle: Callable, n_cards: int, trials: int, seed=None, *,
             dtype=np.int64, **options) -> np.ndarray:
    """Return ``trials`` decks shuffled with the law of ``shuffle``, as one array.

    Row t is what ``shuffle`` makes of ``list(range(n_cards))``: entry [t, j]
    is the card at position j. The rows are independent and computed
    together with NumPy by the kernel that :mod:`cardlib.batched` registers
    for ``shuffle``; ``options`` go to that kernel (``k=7`` for seven riffles).
    ``seed`` is None, an int or a ``numpy.random.Generator``; ``dtype`` may be
    a smaller integer type to save memory.

    >>> from cardlib.shuffles import knuth_shuffle, sattolo_shuffle
    >>> decks = simulate(sattolo_shuffle, 4, 10_000, seed=1)
    >>> decks.shape, bool((decks != np.arange(4)).all())   # nobody stays put
    ((10000, 4), True)
    >>> bool((simulate(knuth_shuffle, 5, 3, seed=2) == simulate(knuth_shuffle, 5, 3, seed=2)).all())
    True
    >>> simulate(knuth_shuffle, 52, 10, seed=1, k=3)
    Traceback (most recent call last):
    ...
    TypeError: simulate(knuth_shuffle, ...) got unknown options ['k']; it accepts none
    """
    n = _check_count("n_cards", n_cards)
    trials = _check_count("trials", trials)
    kernel = batched.kernel_for(shuffle)
    dtype = np.dtype(dtype)
    if dtype.kind not in "iu" or np.iinfo(dtype).max < max(n - 1, 0):
        raise ValueError(f"dtype {dtype} cannot hold the card numbers 0..{n - 1}")
    if n * trials > MAX_ENTRIES:
        raise ValueError(
            f"simulate would make {trials:,} decks of {n} cards = {n * trials:,} "
            f"entries, more than the limit of {MAX_ENTRIES:,}; use fewer trials"
        )
    if isinstance(seed, np.random.Generator):
        gen = seed
    elif seed is None or (isinstance(seed, int) and not isinstance(seed, bool)):
        gen = np.random.default_rng(seed)
    else:
        raise TypeError(f"seed must be None, an int or a numpy Generator, not {type(seed).__name__}")
    decks = np.empty((trials, n), dtype=dtype)
    decks[:] = np.arange(n, dtype=dtype)
    try:  # check the options before any work
        inspect.signature(kernel).bind(decks[:0], gen, **options)
    except TypeError:
        name = getattr(shuffle, "__name__", shuffle)
        accepted = list(inspect.signature(kernel).parameters)[2:]
        raise TypeError(
            f"simulate({name}, ...) got unknown options {sorted(options)}; "
            f"it accepts {accepted or 'none'}"
        ) from None
    rows = max(1, CHUNK_ENTRIES // max(n, 1))
    for start in range(0, trials, rows):
        kernel(decks[start:start + rows], gen, **options)
    return decks



def exact_position_matrix(dist: dict[tuple[int, ...], Fraction]) -> list[list[Fraction]]:
    """Return P[i][j], the exact probability that card i ends at position j.

    >>> from cardlib.shuffles import sattolo_shuffle
    >>> exact_position_matrix(exact.distribution(sattolo_shuffle, 3))[0]
    [Fraction(0, 1), Fraction(1, 2), Fraction(1, 2)]
    """
    n = len(next(iter(dist)))
    matrix = [[Fraction(0)] * n for _ in range(n)]
    for order, probability in dist.items():
        for position, card in enumerate(order):
            matrix[card][position] += probability
    return matrix


def position_matrix(shuffle: Callable, n: int) -> np.ndarray:
    """Return the exact position matrix of ``shuffle`` on n cards as floats.

    Cached: a slider that comes back to the same deck size redraws at once.
    """
    return _position_matrix(shuffle, n).copy()


@functools.lru_cache(maxsize=64)
def _position_matrix(shuffle: Callable, n: int) -> np.ndarray:
    exact_matrix = exact_position_matrix(exact.distribution(shuffle, n))
    return np.array([[float(p) for p in row] for row in exact_matrix])


def position_counts(shuffle: Callable, n: int, trials: int, rng=None) -> np.ndarray:
    """Shuffle ``list(range(n))`` ``trials`` times; count card i at position j.

    >>> from cardlib.shuffles import knuth_shuffle
    >>> counts = position_counts(knuth_shuffle, 4, 1000, rng=1)
    >>> counts.sum(axis=0).tolist(), counts.sum(axis=1).tolist()
    ([1000, 1000, 1000, 1000], [1000, 1000, 1000, 1000])
    """
    rng = as_rng(rng)
    counts = np.zeros((n, n), dtype=np.int64)
    columns = np.arange(n)
    for _ in range(trials):
        deck = list(range(n))
        result = shuffle(deck, rng=rng)
        order = deck if result is None else result
        counts[order, columns] += 1
    return counts
