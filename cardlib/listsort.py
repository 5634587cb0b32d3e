"""CPython's ``list.sort`` with a comparator that answers at random, for many decks at once.

:func:`cardlib.shuffles.comparator_sort_shuffle` sorts a deck with a comparator
that flips a coin. What comes out depends only on the coins, through the fixed
pattern of comparisons of CPython's sort: for fewer than 64 items it finds the
run at the start (ascending, or strictly descending and then reversed), and
inserts every later item into the sorted part by binary search. This module
replays that pattern on every row of an array with NumPy, so that
:func:`cardlib.stats.simulate` need not call ``sorted`` once per deck.

Each row draws :func:`most_coins` coins up front and uses as many as its
comparisons need; the rest are never looked at, so the law is the one-deck
law. The tests prove it exactly (every array of coins, against
:func:`cardlib.exact.distribution`), and :func:`matches_this_python` checks the
replay against this Python's own ``sorted`` before cardlib relies on it.
"""

from __future__ import annotations

import functools
import math
import random

import numpy as np

from .validation import decks_array, whole_number

__all__ = ["RUN_LIMIT", "most_coins", "random_comparator_rows", "matches_this_python"]

#: CPython sorts fewer items than this by one run and binary insertion (its "minrun").
RUN_LIMIT = 64


def most_coins(n: int) -> int:
    """The most comparisons the sort can make on ``n`` items (fewer than :data:`RUN_LIMIT`).

    A first run of r items costs r comparisons (n - 1 if it takes them all);
    inserting item k into k sorted ones costs at most ceil(log2(k + 1)).

    >>> [most_coins(n) for n in range(1, 7)]
    [0, 1, 4, 6, 9, 12]
    """
    n = whole_number("n", n, maximum=RUN_LIMIT - 1)
    if n < 2:
        return 0
    return max((r if r < n else n - 1) + sum(math.ceil(math.log2(k + 1)) for k in range(r, n))
               for r in range(2, n + 1))


def random_comparator_rows(decks: np.ndarray, gen) -> None:
    """Sort every row of ``decks`` in place as ``sorted`` does with a coin-flip comparator.

    A coin 0 answers "less than" (the comparator returned -1), as in
    :func:`~cardlib.shuffles.comparator_sort_shuffle`. Rows of 64 or more
    cards are refused: CPython merges runs there, which this does not replay.
    """
    if not isinstance(decks, np.ndarray):
        raise TypeError(f"decks must be a 2-D NumPy array of cards (shuffled in place), "
                        f"not {type(decks).__name__}")
    decks_array("decks", decks)
    if not callable(getattr(gen, "integers", None)):
        raise TypeError(f"gen must be a numpy.random.Generator, not {type(gen).__name__}")
    trials, n = decks.shape
    if n >= RUN_LIMIT:
        raise ValueError(f"random_comparator_rows replays the sort of fewer than {RUN_LIMIT} "
                         f"cards, not {n}; sort such decks one at a time")
    if n < 2:
        return
    coins = gen.integers(0, 2, size=(trials, most_coins(n)), dtype=np.uint8)
    order = np.tile(np.arange(n), (trials, 1))  # order[t, j]: which card is at j now
    _sort_by_coins(order, coins)
    decks[:] = np.take_along_axis(decks, order, axis=1)


def _sort_by_coins(order: np.ndarray, coins: np.ndarray) -> None:
    trials, n = order.shape
    rows = np.arange(trials)
    used = np.zeros(trials, dtype=np.int64)

    def less(active: np.ndarray) -> np.ndarray:
        """For the active rows, the next coin says "less than"; others get False."""
        answer = np.zeros(trials, dtype=bool)
        answer[active] = coins[rows[active], used[active]] == 0
        used[active] += 1
        return answer

    # The first run: does item 1 come before item 0? Then how far the run goes.
    descending = less(np.ones(trials, dtype=bool))
    run = np.full(trials, 2)
    going = np.ones(trials, dtype=bool)
    for i in range(2, n):
        going &= run == i
        goes_on = less(going) == descending  # strictly less in a descending run, else not less
        run[going & goes_on] += 1
    positions = np.arange(n)
    flipped = np.where(descending[:, None] & (positions < run[:, None]),
                       run[:, None] - 1 - positions, positions)
    order[:] = np.take_along_axis(order, flipped, axis=1)
    # Binary insertion of every item after the run.
    for start in range(2, n):
        active = run <= start
        low, high = np.zeros(trials, dtype=np.int64), np.full(trials, start)
        while (searching := active & (low < high)).any():
            middle = low + ((high - low) >> 1)
            below = less(searching)
            high = np.where(searching & below, middle, high)
            low = np.where(searching & ~below, middle + 1, low)
        at = np.where(active, low, start)[:, None]
        source = np.where(positions < at, positions,
                          np.where(positions == at, start,
                                   np.where(positions <= start, positions - 1, positions)))
        order[:] = np.take_along_axis(order, source, axis=1)


@functools.cache
def matches_this_python(cases: int = 200) -> bool:
    """True if the replay gives what this Python's ``sorted`` gives for the same coins.

    Tries ``cases`` seeded coin sequences on decks of 2 to 12 cards.
    """
    draw = random.Random(64)
    for case in range(cases):
        n = 2 + case % 11
        coins = [draw.randrange(2) for _ in range(most_coins(n))]
        script = iter(coins)
        made = []

        def coin_flip(a, b, script=script, made=made) -> int:
            made.append(1)
            return 2 * next(script, 1) - 1

        by_python = sorted(range(n), key=functools.cmp_to_key(coin_flip))
        order = np.tile(np.arange(n), (1, 1))
        _sort_by_coins(order, np.array([coins], dtype=np.uint8))
        if len(made) > len(coins) or order[0].tolist() != by_python:
            return False
    return True
