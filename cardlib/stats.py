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
import math
from collections.abc import Callable
from fractions import Fraction
from typing import NamedTuple

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


# --- Chi-square goodness of fit (lessons 6 and 7) ----------------------------
__all__ += ["ChiSquare", "chi_square", "chi_square_p", "order_counts", "decks_position_counts"]


class ChiSquare(NamedTuple):
    """Pearson's statistic, its degrees of freedom and the p-value."""

    statistic: float
    dof: int
    p_value: float


def chi_square_p(statistic: float, dof: int) -> float:
    """Return P(X >= statistic) for X chi-square with ``dof`` degrees of freedom.

    Closed forms of the upper incomplete gamma function at half-integers:
    with x = statistic / 2, an even dof = 2m gives exp(-x) * sum_{i<m} x^i / i!,
    an odd dof = 2m + 1 gives erfc(sqrt x) + exp(-x) * sum_{i=1..m} x^(i-1/2) / Gamma(i+1/2).
    Terms are summed in logs, so large dof (hundreds) do not overflow.

    >>> round(chi_square_p(3.841458820694124, 1), 6), round(chi_square_p(5.991464547107979, 2), 6)
    (0.05, 0.05)
    >>> round(chi_square_p(18.307038053275146, 10), 6)
    0.05
    """
    _check_count("dof", dof, minimum=1)
    if statistic < 0:
        raise ValueError(f"a chi-square statistic is at least 0, got {statistic}")
    x = statistic / 2
    if x == 0:
        return 1.0
    m, odd = divmod(dof, 2)
    if odd:
        total = math.erfc(math.sqrt(x))
        logs = [(i - 0.5) * math.log(x) - x - math.lgamma(i + 0.5) for i in range(1, m + 1)]
    else:
        total = 0.0
        logs = [i * math.log(x) - x - math.lgamma(i + 1) for i in range(m)]
    return min(1.0, total + math.fsum(math.exp(t) for t in logs))


def chi_square(observed, expected, ddof: int = 0) -> ChiSquare:
    """Pearson's goodness-of-fit test of observed counts against expected counts.

    The degrees of freedom are the number of cells - 1 - ``ddof``. The test is
    trustworthy when every expected count is at least about 5.

    >>> chi_square([18, 22, 20], [20, 20, 20])
    ChiSquare(statistic=0.4, dof=2, p_value=0.8187307530779818)
    """
    observed = np.asarray(observed, dtype=float).ravel()
    expected = np.asarray(expected, dtype=float).ravel()
    if observed.shape != expected.shape:
        raise ValueError(f"observed has {observed.size} cells but expected has {expected.size}")
    if (expected <= 0).any():
        raise ValueError("every expected count must be positive")
    dof = observed.size - 1 - ddof
    if dof < 1:
        raise ValueError(f"{observed.size} cells leave {dof} degrees of freedom; need at least 1")
    statistic = float(((observed - expected) ** 2 / expected).sum())
    return ChiSquare(statistic, dof, chi_square_p(statistic, dof))


def order_counts(decks: np.ndarray) -> dict[tuple[int, ...], int]:
    """Count how often each order (row) appears in an array of decks.

    >>> order_counts(np.array([[0, 1], [1, 0], [0, 1]]))
    {(0, 1): 2, (1, 0): 1}
    """
    rows, counts = np.unique(np.asarray(decks), axis=0, return_counts=True)
    return {tuple(int(c) for c in row): int(k) for row, k in zip(rows, counts)}


def decks_position_counts(decks: np.ndarray) -> np.ndarray:
    """Return counts[i, j]: how many decks have card i at position j.

    >>> decks_position_counts(np.array([[0, 1], [1, 0], [0, 1]])).tolist()
    [[2, 1], [1, 2]]
    """
    decks = np.asarray(decks)
    n = decks.shape[1]
    cells = decks * n + np.arange(n)
    return np.bincount(cells.ravel(), minlength=n * n).reshape(n, n)
