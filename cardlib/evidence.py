"""What simulated decks say about a shuffle, next to what the exact law says.

The model behind the probability lab, the convergence panel and the shuffle
detective: chi-square tests of simulated decks, p-values as the decks
accumulate, how far each card's landing spot is from uniform as the sample
grows, and, for one choice of shuffle, deck size and number of decks,
everything a picture needs in one result object. Pure functions: seeded, so
the same arguments give the same numbers on every machine.

>>> from cardlib.shuffles import knuth_shuffle
>>> checkpoints(1000, count=4)
[10, 46, 215, 1000]
>>> result = lab_result(knuth_shuffle, 4, 1000, seed=1)
>>> result.law is not None, result.test.dof
(True, 23)
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from . import exact, mixing, stats
from .shuffles import knuth_shuffle
from .validation import (
    decks_array,
    function,
    numbers_array,
    sequence,
    shuffle_table,
    validate_arguments,
    whole_number,
)

__all__ = [
    "MAX_LAB_CARDS",
    "MAX_DETECTIVE_CARDS",
    "DECK_CHECKPOINTS",
    "checkpoints",
    "p_values",
    "most_uneven_card",
    "order_test",
    "distance_by_trials",
    "fair_distance_curve",
    "LabResult",
    "lab_result",
    "hidden_shuffle",
    "DetectiveCase",
    "detective_case",
    "ConvergenceResult",
    "convergence_result",
    "p_value_text",
    "REJECT_GRID",
    "decks_to_reject",
]

#: The lab's decks have at most this many cards, the detective's this many (8! orders counted).
MAX_LAB_CARDS, MAX_DETECTIVE_CARDS = 16, 8
#: The numbers of decks at which the lab measures the largest card distance.
DECK_CHECKPOINTS = (100, 300, 1000, 3000, 10_000, 30_000, 100_000)


def checkpoints(trials: int, count: int = 20, first: int = 10) -> list[int]:
    """Return about ``count`` numbers from ``first`` to ``trials``, evenly spaced on a log scale.

    >>> checkpoints(1000, count=4)
    [10, 46, 215, 1000]
    """
    trials = whole_number("trials", trials, minimum=1)
    count = whole_number("count", count, minimum=1, maximum=10_000)
    first = min(whole_number("first", first, minimum=1), trials)
    return sorted({int(round(t)) for t in np.geomspace(first, trials, count)})


def p_values(decks, at: Sequence[int]) -> list[float]:
    """Return the chi-square p-value of the position counts of the first t decks, t in ``at``."""
    decks = decks_array("decks", decks)
    at = [whole_number("each of at", t, minimum=1, maximum=len(decks))
          for t in sequence("at", at)]
    return [stats.chi_square(stats.count_positions(decks[:t])).p_value for t in at]


def most_uneven_card(matrix) -> int:
    """Return the card whose row of the position matrix strays furthest from 1/n (ties: lowest).

    >>> most_uneven_card([[0.5, 0.5], [0.5, 0.5]]), most_uneven_card([[0.5, 0.5], [0.9, 0.1]])
    (0, 1)
    """
    matrix = numbers_array("matrix", matrix, ndim=2, square=True)
    return int(np.abs(matrix - 1 / matrix.shape[0]).max(axis=1).argmax())


def order_test(decks) -> tuple[stats.ChiSquare, str]:
    """Chi-square test of simulated decks against a fair shuffle; return (test, what was tested).

    All n! orders when every order is expected at least 5 times, else where
    the bottom card (card 0) lands, n cells.

    >>> from cardlib.shuffles import naive_swap_shuffle
    >>> test, what = order_test(stats.simulate(naive_swap_shuffle, 3, 6000, seed=1))
    >>> what, test.dof, test.p_value < 0.01
    ('all 6 orders', 5, True)
    """
    decks = decks_array("decks", decks)
    trials, n = decks.shape
    if not trials or n < 2:
        raise ValueError(f"decks must hold at least one deck of 2 or more cards, "
                         f"got shape {decks.shape}")
    if trials >= 5 * math.factorial(n):
        orders = list(itertools.permutations(range(n)))
        observed = stats.order_counts(decks)
        return stats.chi_square([observed.get(o, 0) for o in orders]), f"all {len(orders)} orders"
    return stats.chi_square(stats.count_positions(decks)[0]), "where the bottom card lands"


def distance_by_trials(decks) -> tuple[list[int], list[float]]:
    """Return the largest card distance measured on the first 100, 300, 1000, ... decks."""
    decks = decks_array("decks", decks)
    at = [t for t in DECK_CHECKPOINTS if t <= len(decks)]
    return at, [mixing.largest_card_distance(stats.count_positions(decks[:t])) for t in at]


def fair_distance_curve(n: int, trials: int, seed: int) -> tuple[list[int], list[float]]:
    """:func:`distance_by_trials` for Knuth's fair shuffle: the level of pure sampling noise."""
    return _fair_distance_curve(whole_number("n", n), whole_number("trials", trials),
                                whole_number("seed", seed))


@functools.lru_cache(maxsize=64)
def _fair_distance_curve(n: int, trials: int, seed: int) -> tuple[list[int], list[float]]:
    return distance_by_trials(stats.simulate(knuth_shuffle, n, trials, seed=seed))


# --- the lab: one shuffle, one deck size, one number of decks ------------------------


@dataclass(frozen=True)
class LabResult:
    """Everything the lab shows for one choice of shuffle, deck size and number of decks."""

    n: int
    trials: int
    simulated: np.ndarray  # fraction of decks with card i at position j
    law: dict | None  # the exact law, or None when out of reach
    reason: str  # why there is no exact law ("" when there is one)
    exact_matrix: np.ndarray | None  # exact P(card i at position j), floats
    test: stats.ChiSquare
    tested: str  # what the chi-square test counted
    curve: tuple[list[int], list[float]]  # largest card distance against decks
    fair_curve: tuple[list[int], list[float]]  # the same for Knuth's fair shuffle

    @property
    def exact_distance(self) -> float | None:
        """The exact largest card distance, or None without an exact law."""
        if self.exact_matrix is None:
            return None
        return mixing.largest_card_distance(self.exact_matrix)


def lab_result(shuffle: Callable, n: int, trials: int, seed: int = 2026,
               max_exact_paths: int = exact.LAW_MAX_PATHS) -> LabResult:
    """Simulate ``trials`` seeded decks of n cards and set them beside the exact law."""
    function("shuffle", shuffle)
    max_exact_paths = whole_number("max_exact_paths", max_exact_paths, minimum=1,
                                   maximum=exact.MAX_PATHS)
    n = whole_number("n", n, minimum=2, maximum=MAX_LAB_CARDS)
    seed = whole_number("seed", seed)
    trials = whole_number("trials", trials, minimum=1)
    decks = stats.simulate(shuffle, n, trials, seed=seed)
    law, reason = exact.exact_law_or_reason(shuffle, n, max_exact_paths)
    exact_matrix = None if law is None else _float_matrix(n, shuffle, max_exact_paths, law)
    test, tested = order_test(decks)
    return LabResult(n, trials, stats.count_positions(decks) / trials, law, reason, exact_matrix,
                     test, tested, distance_by_trials(decks),
                     fair_distance_curve(n, trials, seed + 1))


def _float_matrix(n: int, shuffle: Callable, max_paths: int, law: dict) -> np.ndarray:
    """The exact position matrix as floats: kept for cardlib's own shuffles only (a
    learner's function may change between calls)."""
    if exact.is_own(shuffle):
        return _own_float_matrix(n, shuffle, max_paths)
    return np.array(stats.exact_position_matrix(law), dtype=float)


@functools.lru_cache(maxsize=256)
def _own_float_matrix(n: int, shuffle: Callable, max_paths: int) -> np.ndarray:
    law = exact.exact_law(shuffle, n, max_paths)
    matrix = np.array(stats.exact_position_matrix(law), dtype=float)
    matrix.flags.writeable = False  # shared by every caller
    return matrix


# --- the shuffle detective -------------------------------------------------------------


def hidden_shuffle(case: int, suspects: Sequence[str], balanced: bool = False) -> str:
    """Return the suspect behind a case number (seeded, so every reader gets the same case).

    ``balanced`` deals the cases in blocks of ``len(suspects)``: cases 1 to k name
    every suspect once, in a seeded order, and so do k + 1 to 2k, ...; so no
    suspect is the answer more often than another.

    >>> hidden_shuffle(3, ["a", "b"]) == hidden_shuffle(3, ["a", "b"])
    True
    >>> sorted(hidden_shuffle(case, "abc", balanced=True) for case in range(4, 7))
    ['a', 'b', 'c']
    """
    suspects = sequence("suspects", suspects)
    if not suspects:
        raise ValueError("the detective needs at least one suspect (suspects is empty)")
    if balanced:
        block, place = divmod(whole_number("case", case, minimum=1) - 1, len(suspects))
        order = list(suspects)
        random.Random(f"detective block {block}").shuffle(order)
        return order[place]
    return random.Random(f"case {case}").choice(suspects)


@dataclass(frozen=True)
class DetectiveCase:
    """One case: the decks a hidden shuffle made, as a position matrix and order counts."""

    case: int
    answer: str  # the name of the shuffle that made the decks
    trials: int
    matrix: np.ndarray  # fraction of decks with card i at position j
    counts: list[int]  # how often each of the n! orders appeared, most frequent first


def detective_case(shuffles: dict[str, Callable], suspects: Sequence[str], case: int, n: int,
                   trials: int, balanced: bool = False) -> DetectiveCase:
    """Simulate case number ``case``: ``trials`` decks of n cards from a hidden suspect
    (chosen by :func:`hidden_shuffle`, ``balanced`` or not)."""
    shuffle_table("shuffles", shuffles)
    n = whole_number("n", n, minimum=1, maximum=MAX_DETECTIVE_CARDS)
    case = whole_number("case", case)
    trials = whole_number("trials", trials, minimum=1)
    answer = hidden_shuffle(case, suspects, balanced)
    if answer not in shuffles:
        raise ValueError(f"suspect {answer!r} is not among the shuffles")
    decks = stats.simulate(shuffles[answer], n, trials, seed=case)
    counts = sorted(stats.order_counts(decks).values(), reverse=True)
    counts += [0] * (math.factorial(n) - len(counts))
    return DetectiveCase(case, answer, trials, stats.count_positions(decks) / trials, counts)


# --- convergence: frequencies that settle on the exact law -----------------------------


@dataclass(frozen=True)
class ConvergenceResult:
    """Running frequencies of one card against its exact row, and p-values as decks grow."""

    card: int  # the card followed: the one whose exact row is least even
    frequencies: np.ndarray  # F[t, j]: fraction of the first t + 1 decks with the card at j
    exact_row: np.ndarray  # exact P(card at j)
    at: list[int]  # numbers of decks tested
    p_values: list[float]  # the chi-square p-value after each of them


def convergence_result(decks, exact_matrix) -> ConvergenceResult:
    """Follow the least even card through ``decks`` and test the decks as they accumulate.

    The tests start once every cell of the position counts expects 5 cards (5n
    decks of n cards): below that the chi-square approximation does not hold.
    """
    decks = decks_array("decks", decks)
    exact_matrix = numbers_array("exact_matrix", exact_matrix, ndim=2, square=True)
    if len(decks) == 0 or decks.shape[1] != len(exact_matrix):
        raise ValueError(f"decks ({decks.shape}) must be at least one deck of as many cards as "
                         f"exact_matrix has rows ({len(exact_matrix)})")
    card = most_uneven_card(exact_matrix)
    at = checkpoints(len(decks), first=5 * decks.shape[1])
    return ConvergenceResult(card, stats.landing_frequencies(decks, card),
                             np.asarray(exact_matrix, dtype=float)[card], at, p_values(decks, at))


# --- p-values in words, and how many decks a test needs ----------------------------------


@validate_arguments
def p_value_text(p: float) -> str:
    """Return a p-value for print: two significant digits, and "< 1e-300" below float range.

    A chi-square p-value that underflows to 0.0 is not zero: it is smaller than
    the smallest number a float holds near there.

    >>> p_value_text(0.0231), p_value_text(1.8e-80), p_value_text(0.0)
    ('0.023', '1.8e-80', '< 1e-300')
    """
    p = float(p)
    if not 0 <= p <= 1:
        raise ValueError(f"a p-value is between 0 and 1, got {p}")
    return "< 1e-300" if p < 1e-300 else f"{p:.2g}"


#: The numbers of decks at which :func:`decks_to_reject` runs the test.
REJECT_GRID = (100, 150, 200, 300, 500, 700, 1000, 1500, 2000, 3000, 5000, 7000, 10_000)


def decks_to_reject(shuffle: Callable, n: int, seeds: Sequence[int], level: float = 0.001,
                    grid: Sequence[int] = REJECT_GRID) -> list[int | None]:
    """For each seed: the fewest decks in ``grid`` at which the lab's test gives p < ``level``.

    The decks of one seed are simulated once; the test (:func:`order_test`, as in
    the lab's title) runs on the first t of them for each t in ``grid``, in
    order. None means the test never rejected within the grid.

    >>> from cardlib.shuffles import knuth_shuffle, naive_swap_shuffle
    >>> decks_to_reject(naive_swap_shuffle, 4, seeds=[0, 1])
    [1500, 1000]
    >>> decks_to_reject(knuth_shuffle, 4, seeds=[0], grid=[100, 1000])
    [None]
    """
    if not 0 < level < 1:
        raise ValueError(f"level must be between 0 and 1, got {level}")
    grid = sorted(whole_number("a number of decks", t, minimum=1) for t in grid)
    if not grid:
        raise ValueError("decks_to_reject needs at least one number of decks in grid")
    found: list[int | None] = []
    for seed in seeds:
        decks = stats.simulate(shuffle, n, grid[-1], seed=seed)
        found.append(next((t for t in grid if order_test(decks[:t])[0].p_value < level), None))
    return found
