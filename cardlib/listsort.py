"""CPython's ``list.sort`` with a comparator that answers at random, for many decks at once.

:func:`cardlib.shuffles.comparator_sort_shuffle` sorts a deck with a comparator
that flips a coin. What comes out depends only on the coins, through the fixed
pattern of comparisons of CPython's sort: for fewer than 64 items it finds the
run at the start, turns it ascending, and inserts every later item into the
sorted part by binary search. How it finds that run changed in Python 3.13: a
descending run there may hold ties (two items neither less than the other),
and an ascending suffix may extend it. This module replays both patterns on
every row of an array with NumPy, so that :func:`cardlib.stats.simulate` need
not call ``sorted`` once per deck.

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
import sys

import numpy as np

from .validation import decks_array, whole_number

__all__ = ["RUN_LIMIT", "TIES_IN_RUNS", "most_coins", "random_comparator_rows",
           "matches_this_python"]

#: CPython sorts fewer items than this by one run and binary insertion (its "minrun").
RUN_LIMIT = 64
#: True from Python 3.13 on, whose first run may hold ties (CPython issue gh-116554).
TIES_IN_RUNS = sys.version_info >= (3, 13)


def _insertions(run: int, n: int) -> int:
    """The most comparisons binary insertion makes on items ``run`` to ``n - 1``."""
    return sum(math.ceil(math.log2(k + 1)) for k in range(run, n))


@functools.cache
def _most_coins_with_ties(n: int) -> int:
    """The worst case of the 3.13 pattern: an ascending start broken at item m (m coins, and
    one more if m > 1), a descending run of ties (two coins an item) broken at item j (two
    coins), an ascending suffix broken at item k, then binary insertion."""
    most = n - 1  # one ascending run
    for m in range(1, n):
        if m > 1:
            most = max(most, m + 1 + _insertions(m, n))
        used = m + (m > 1)
        most = max(most, used + 2 * (n - 1 - m))  # descending to the end
        for j in range(m + 1, n):
            down = used + 2 * (j - m)
            most = max(most, down + n - j, *(down + k - j + 1 + _insertions(k, n)
                                              for k in range(j, n)))
    return most


def most_coins(n: int, ties: bool = TIES_IN_RUNS) -> int:
    """The most comparisons the sort can make on ``n`` items (fewer than :data:`RUN_LIMIT`).

    Before 3.13 (``ties=False``), a first run of r items costs r comparisons (n - 1 if it
    takes them all); inserting item k into k sorted ones costs at most ceil(log2(k + 1)).
    From 3.13 a run costs up to two comparisons an item.

    >>> [most_coins(n, ties=False) for n in range(1, 7)]
    [0, 1, 4, 6, 9, 12]
    >>> [most_coins(n, ties=True) for n in range(1, 7)]
    [0, 1, 6, 8, 11, 14]
    """
    n = whole_number("n", n, maximum=RUN_LIMIT - 1)
    if n < 2:
        return 0
    if ties:
        return _most_coins_with_ties(n)
    return max((r if r < n else n - 1) + _insertions(r, n) for r in range(2, n + 1))


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


def _sort_by_coins(order: np.ndarray, coins: np.ndarray, ties: bool = TIES_IN_RUNS) -> None:
    trials, n = order.shape
    rows = np.arange(trials)
    used = np.zeros(trials, dtype=np.int64)
    # A spare coin for the rows that have used all theirs: read, never answered (checked).
    coins = np.concatenate([coins, np.ones((trials, 1), dtype=coins.dtype)], axis=1)
    spare = coins.shape[1] - 1

    def less(active: np.ndarray) -> np.ndarray:
        """For the active rows, the next coin says "less than"; others get False."""
        answer = (coins[rows, np.minimum(used, spare)] == 0) & active
        used[:] += active
        return answer

    run = (_first_run_with_ties if ties else _first_run)(order, less)
    _insert_after(order, run, less)
    if used.max() > spare:  # the spare coin was answered: most_coins is too low
        raise RuntimeError(f"the sort of {n} cards made {used.max()} comparisons, more than "
                           f"the {spare} coins drawn for it")


def _reverse(order: np.ndarray, rows: np.ndarray, start, stop) -> None:
    """Reverse ``order[t, start:stop]`` for each row t where ``rows`` holds (per-row bounds)."""
    picked = np.flatnonzero(rows)
    if not len(picked):
        return
    positions = np.arange(order.shape[1])
    start = np.broadcast_to(start, rows.shape)[picked, None]
    stop = np.broadcast_to(stop, rows.shape)[picked, None]
    inside = (positions >= start) & (positions < stop)
    order[picked] = np.take_along_axis(order[picked], np.where(
        inside, start + stop - 1 - positions, positions), axis=1)


def _first_run(order: np.ndarray, less) -> np.ndarray:
    """Before 3.13: ascending, or strictly descending and then reversed; its length per row."""
    trials, n = order.shape
    descending = less(np.ones(trials, dtype=bool))  # does item 1 come before item 0?
    run = np.full(trials, 2)
    going = np.ones(trials, dtype=bool)
    for i in range(2, n):
        going &= run == i
        goes_on = less(going) == descending  # strictly less in a descending run, else not less
        run[going & goes_on] += 1
    _reverse(order, descending, 0, run)
    return run


def _first_run_with_ties(order: np.ndarray, less) -> np.ndarray:
    """From 3.13 (CPython's count_run): ascending until an item is less than the one before;
    if that run of m > 1 items is not ascending overall (its first item not less than its
    last), all its items tie and it turns descending. A descending run goes on while each
    item is less than the one before or ties with it (each block of ties reversed, to keep
    their order), is reversed, then goes on while no item is less than the one before."""
    trials, n = order.shape
    run = np.full(trials, n)
    going = np.ones(trials, dtype=bool)
    for i in range(1, n):
        smaller = less(going)
        run[smaller] = i
        going &= ~smaller
    descending = ~going & ~less(~going & (run > 1))  # an ascending run of ties turns down
    _reverse(order, descending & (run > 1), 0, run)
    end, ties = np.where(descending, n, run), np.zeros(trials, dtype=np.int64)
    down = descending.copy()
    for j in range(2, n):
        here = down & (run < j)
        smaller = less(here)
        _reverse(order, smaller & (ties > 0), j - ties - 1, j)
        ties[smaller] = 0
        larger = less(here & ~smaller)
        end[larger], down[larger] = j, False
        ties[here & ~smaller & ~larger] += 1
    _reverse(order, descending & (ties > 0), end - ties - 1, end)
    _reverse(order, descending, 0, end)
    run = np.where(descending, n, run)
    going = descending & (end < n)
    for j in range(2, n):
        smaller = less(going & (end <= j))
        run[smaller], going[smaller] = j, False
    return run


def _insert_after(order: np.ndarray, run: np.ndarray, less) -> None:
    """Binary insertion of every item after the run (CPython's binarysort)."""
    trials, n = order.shape
    positions = np.arange(n)
    for start in range(2, n):
        active = run <= start
        low, high = np.zeros(trials, dtype=np.int64), np.full(trials, start)
        while (searching := active & (low < high)).any():
            middle = low + ((high - low) >> 1)
            below = less(searching)
            high = np.where(searching & below, middle, high)
            low = np.where(searching & ~below, middle + 1, low)
        picked = np.flatnonzero(active & (low < start))  # rows whose item moves
        at = low[picked, None]
        # Item ``start`` goes to ``at``; those from ``at`` to ``start - 1`` move up one.
        source = np.where(positions == at, start,
                          positions - ((positions > at) & (positions <= start)))
        order[picked] = np.take_along_axis(order[picked], source, axis=1)


@functools.cache
def matches_this_python(cases: int = 200) -> bool:
    """True if the replay gives what this Python's ``sorted`` gives for the same coins.

    Tries ``cases`` seeded coin sequences on decks of 2 to 12 cards (as many coins as
    either pattern may need, so that a replay of the other pattern fails rather than
    running out).
    """
    draw = random.Random(64)
    sizes = [2 + case % 11 for case in range(cases)]
    drawn = [[draw.randrange(2) for _ in range(most_coins(n, ties=True))] for n in sizes]
    for n in sorted(set(sizes)):  # the cases of one deck size replayed together
        rows = [coins for size, coins in zip(sizes, drawn) if size == n]
        order = np.tile(np.arange(n), (len(rows), 1))
        _sort_by_coins(order, np.array(rows, dtype=np.uint8))
        for coins, replayed in zip(rows, order.tolist()):
            script, made = iter(coins), []

            def coin_flip(a, b, script=script, made=made) -> int:
                made.append(1)
                return 2 * next(script, 1) - 1

            by_python = sorted(range(n), key=functools.cmp_to_key(coin_flip))
            if len(made) > len(coins) or replayed != by_python:
                return False
    return True
