"""Where cards land: position matrices, exact and simulated.

>>> from cardlib.shuffles import knuth_shuffle
>>> position_matrix(knuth_shuffle, 3)
array([[0.33333333, 0.33333333, 0.33333333],
       [0.33333333, 0.33333333, 0.33333333],
       [0.33333333, 0.33333333, 0.33333333]])
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction

import numpy as np

from . import exact
from .shuffles import as_rng

__all__ = ["exact_position_matrix", "position_matrix", "position_counts"]


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
