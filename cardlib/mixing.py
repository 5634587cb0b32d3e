"""How many shuffles it takes: exact distance to uniform after repeated shuffles.

A shuffle's exact law on n cards (from :func:`cardlib.exact.distribution`)
is a probability on the n! orders. Shuffling twice *composes* two
independent orders, so k shuffles are a Markov chain on the n! orders; for
n <= 7 we can follow it exactly with integer weights over a common
denominator. For big decks we follow one card instead: where it sits is a
chain on n positions, and its distance to uniform is a lower bound on the
distance of the whole deck.

>>> from cardlib.shuffles import knuth_shuffle
>>> from cardlib import exact
>>> distance_to_uniform(exact.distribution(knuth_shuffle, 4))
Fraction(0, 1)
>>> distance_to_uniform({(0, 1, 2): Fraction(1)})  # the unshuffled deck
Fraction(5, 6)
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Sequence
from fractions import Fraction

from .validation import MAX_ITEMS, limit, numbers_array, numpy_for, sequence, whole_number

try:  # NumPy serves the one-card distances; the whole-order ones need only Fractions
    import numpy as np
except ImportError:  # pragma: no cover - tested in a subprocess that blocks numpy
    np = None

__all__ = [
    "MAX_ORDERS",
    "distance_to_uniform",
    "compose",
    "distances_after",
    "position_distance",
    "position_distances",
    "sample_position_distance",
    "largest_card_distance",
    "MAX_COMPOSE",
    "worst_card_distances",
]

#: Repeated shuffles are followed exactly on at most this many orders (7! = 5040).
MAX_ORDERS = 5040
#: ... and composing two laws costs (orders of one) x (orders of the other) steps: at most
#: this many in one call (about 3 s).
MAX_COMPOSE = 5_000_000


def _size(dist: dict, name: str = "dist") -> int:
    """Return the deck size of a distribution's outcomes; refuse mixed sizes."""
    if not isinstance(dist, dict):
        raise TypeError(f"{name} must be a dict of order -> probability (as from "
                        f"exact.distribution), not {type(dist).__name__}")
    if not dist:
        raise ValueError(f"{name}: a distribution needs at least one outcome")
    if not all(isinstance(order, tuple) for order in dist) or not all(
            isinstance(p, numbers.Real) and not isinstance(p, bool) for p in dist.values()):
        raise TypeError(f"{name} must map orders (tuples of cards) to probabilities")
    sizes = {len(order) for order in dist}
    if len(sizes) > 1:
        raise ValueError(f"a distribution's outcomes must all have the same number of cards, "
                         f"got sizes {sorted(sizes)}")
    return sizes.pop()


def distance_to_uniform(dist: dict[tuple[int, ...], Fraction]) -> Fraction:
    """Return the total variation distance to uniform: 1/2 the sum of |P(order) - 1/n!|.

    (Not to be confused with :func:`cardlib.riffle.variation_distance`, which
    takes a deck size and a number of riffles and needs no distribution.)

    Orders missing from ``dist`` have probability 0 and count 1/n! each. It is the
    largest gap, over all sets of orders, between their chance and their fair share.
    """
    n = _size(dist)
    fair = Fraction(1, math.factorial(n))
    present = sum(abs(p - fair) for p in dist.values())
    missing = (math.factorial(n) - len(dist)) * fair
    return (present + missing) / 2


def compose(first: dict, second: dict) -> dict[tuple[int, ...], Fraction]:
    """Return the law of shuffling with ``first`` and then, independently, with ``second``.

    An outcome lists, position by position, which card is there. If the first
    shuffle gives order s and the second moves position j's card from t[j],
    the deck ends as s[t[j]].

    >>> cut = {(1, 2, 0): Fraction(1)}   # the bottom card moves to the top
    >>> compose(cut, cut)
    {(2, 0, 1): Fraction(1, 1)}
    """
    if _size(first, "first") != _size(second, "second"):
        raise ValueError(f"cannot compose shuffles of {_size(first)} and {_size(second)} cards: "
                         "both laws (first and second) must be on the same deck size")
    limit("orders of first x orders of second", len(first) * len(second), MAX_COMPOSE,
          "compose smaller laws (fewer cards)")
    result: dict[tuple[int, ...], Fraction] = {}
    for s, p in first.items():
        for t, q in second.items():
            order = tuple(s[j] for j in t)
            result[order] = result.get(order, 0) + p * q
    return result


def distances_after(dist: dict[tuple[int, ...], Fraction], max_shuffles: int) -> list[Fraction]:
    """Return the exact distances to uniform after 0, 1, ..., max_shuffles shuffles.

    Computed with integer weights over a common denominator (fast and exact);
    refuses decks with more than MAX_ORDERS orders.

    >>> from cardlib.hand import out_shuffle
    >>> from cardlib import exact
    >>> [str(d) for d in distances_after(exact.distribution(out_shuffle, 4), 2)]
    ['23/24', '23/24', '23/24']
    """
    n = _size(dist)
    if math.factorial(n) > MAX_ORDERS:
        raise ValueError(f"following {n}! = {math.factorial(n):,} orders exactly is more "
                         f"than the limit of {MAX_ORDERS:,}; use position_distances instead")
    max_shuffles = whole_number("max_shuffles", max_shuffles)
    limit("max_shuffles x n! x orders in dist", max_shuffles * math.factorial(n) * len(dist),
          MAX_COMPOSE, f"each shuffle composes up to {n}! orders with the {len(dist)} of dist: "
          "use fewer shuffles or fewer cards")
    step_denominator = math.lcm(*(p.denominator for p in dist.values()))
    step = [(t, int(p * step_denominator)) for t, p in dist.items()]
    weights = {tuple(range(n)): 1}
    denominator = 1
    orders = math.factorial(n)
    distances = []
    for k in range(max_shuffles + 1):
        if k:
            new: dict[tuple[int, ...], int] = {}
            for s, w in weights.items():
                for t, v in step:
                    order = tuple([s[j] for j in t])
                    new[order] = new.get(order, 0) + w * v
            weights, denominator = new, denominator * step_denominator
        # 1/2 sum |w/D - 1/n!| = sum |w n! - D| / (2 D n!), missing orders add D each
        gap = sum(abs(w * orders - denominator) for w in weights.values())
        gap += (orders - len(weights)) * denominator
        distances.append(Fraction(gap, 2 * denominator * orders))
    return distances


def position_distances(law: Sequence[Sequence[float]], card: int, max_shuffles: int) -> np.ndarray:
    """Return the distance to uniform of one card's position after 0..max_shuffles shuffles.

    ``law[i][j]`` is the chance that one shuffle moves the card at position i
    to position j. The distance of one card's position is at most the distance
    of the whole deck, so this is a lower bound that works for 52 cards.

    >>> position_distances([[0.5, 0.5], [0.5, 0.5]], card=0, max_shuffles=2).tolist()
    [0.5, 0.0, 0.0]
    """
    np = numpy_for("position_distances")
    try:
        matrix = np.asarray(law, dtype=float)
    except (TypeError, ValueError):
        raise TypeError("law must be a square matrix of chances (law[i][j]: position i to j)"
                        ) from None
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1] or not matrix.size:
        raise ValueError(f"law must be a square matrix of chances, got shape {matrix.shape}")
    n = matrix.shape[0]
    card = whole_number("card", card, maximum=n - 1)
    max_shuffles = whole_number("max_shuffles", max_shuffles)
    limit("max_shuffles x n^2", max_shuffles * n * n, 10**9, "use fewer shuffles")
    where = np.zeros((max_shuffles + 1, n))
    where[0, card] = 1.0
    for k in range(max_shuffles):
        where[k + 1] = where[k] @ matrix
    totals = where.sum(axis=1, keepdims=True)
    if (where < 0).any() or (totals <= 0).any():  # not a law: say which way
        return np.array([position_distance(row) for row in where])
    # position_distance of every row at once
    return 0.5 * np.abs(where / totals - 1 / n).sum(axis=1)


def position_distance(weights: Sequence[float]) -> float:
    """Return the distance to uniform of one card's position: 1/2 the sum of |p_j - 1/n|.

    ``weights[j]`` is the chance (or the count of times) that the card is at
    position j; counts are divided by their total first.

    >>> position_distance([0.25, 0.25, 0.5, 0.0]), position_distance([3, 1])
    (0.25, 0.25)
    """
    weights = numbers_array("weights", weights)
    if weights.ndim != 1 or weights.size == 0:
        raise ValueError(f"weights must be one weight per position, got shape {weights.shape}")
    if (weights < 0).any() or weights.sum() <= 0:
        raise ValueError("weights must be counts or chances: at least 0, not all 0")
    return float(0.5 * np.abs(weights / weights.sum() - 1 / weights.size).sum())


def sample_position_distance(positions: Iterable[int], n: int) -> float:
    """Estimate the distance to uniform of one card's position from sampled positions 0..n-1.

    >>> sample_position_distance([0, 1, 2, 3], 4), sample_position_distance([0, 0], 2)
    (0.0, 0.5)
    """
    n = whole_number("n", n, minimum=1, maximum=MAX_ITEMS)
    np = numpy_for("sample_position_distance")
    positions = np.asarray(sequence("positions", positions))
    if positions.size == 0:
        raise ValueError("sample_position_distance needs at least one sampled position")
    if not np.issubdtype(positions.dtype, np.integer) or positions.ndim != 1:
        raise ValueError("positions must be whole numbers, one per sampled deck")
    outside = positions[(positions < 0) | (positions >= n)]
    if outside.size:
        raise ValueError(f"positions must be between 0 and {n - 1}, got {outside[0]}")
    return position_distance(np.bincount(positions, minlength=n))


def largest_card_distance(matrix) -> float:
    """Return the largest :func:`position_distance` of one card, over the cards (rows).

    ``matrix`` holds counts or probabilities, card i in row i, position j in column j.

    >>> largest_card_distance([[3, 1], [1, 3]])
    0.25
    """
    matrix = numbers_array("matrix", matrix, ndim=2)
    if not matrix.size:
        raise ValueError("matrix must have at least one card and one position")
    return max(position_distance(row) for row in matrix)


def worst_card_distances(law: Sequence[Sequence[float]], max_shuffles: int) -> np.ndarray:
    """Return the worst-card distance (:func:`largest_card_distance`) after 0..max_shuffles steps.

    ``law[i][j]`` is the chance that one shuffle moves the card at position i to j;
    row i of its k-th power is where card i is after k shuffles.

    >>> worst_card_distances([[0.5, 0.5], [0.5, 0.5]], 2).tolist()
    [0.5, 0.0, 0.0]
    """
    matrix = numbers_array("law", law, ndim=2, square=True)
    max_shuffles = whole_number("max_shuffles", max_shuffles, maximum=10**5)
    n = matrix.shape[0]
    power = np.eye(n)
    distances = np.empty(max_shuffles + 1)
    for k in range(max_shuffles + 1):
        distances[k] = 0.5 * np.abs(power - 1 / n).sum(axis=1).max()
        power = power @ matrix
    return distances
