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
import numbers
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from . import batched, exact
from .orders import cycle_count, exact_position_matrix  # here too: their home is the model's core
from .untrusted import TimedCalls
from .validation import as_rng, function, limit, numbers_array, whole_number

__all__ = [
    "simulate", "count_positions", "MAX_ENTRIES", "MAX_WORK", "MAX_PYTHON_CARDS",
    "simulated_positions", "order_counts",
    "exact_position_matrix", "position_matrix", "position_counts",
    "ChiSquare", "chi_square", "chi_square_sf", "regularized_upper_gamma",
    "landing_frequencies", "cycle_count", "cycle_distribution", "seeded_cut_sizes",
]

# --- Batched simulation: many decks at once (kernels in cardlib.batched) ----

#: simulate refuses to make arrays with more entries than this (480 MB as int64) ...
MAX_ENTRIES = 6 * 10**7
#: ... or more work than this, in vectorised steps of one entry (about 2 s): a kernel's
#: ``cost(**options)`` says how many steps an entry takes (k riffles, a Python call per deck).
MAX_WORK = 2 * 10**8
#: position_counts runs the shuffle once per deck in Python: at most this many cards in all.
MAX_PYTHON_CARDS = 2 * 10**6
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
    n = whole_number("n_cards", n_cards)
    trials = whole_number("trials", trials)
    kernel = batched.kernel_for(shuffle)
    try:
        dtype = np.dtype(dtype)
    except TypeError:
        raise TypeError(f"dtype must be a NumPy integer type such as numpy.int16, not "
                        f"{dtype!r:.40}") from None
    if dtype.kind not in "iu" or np.iinfo(dtype).max < max(n - 1, 0):
        raise ValueError(f"dtype {dtype} cannot hold the card numbers 0..{n - 1}")
    if n * trials > MAX_ENTRIES:
        raise ValueError(
            f"simulate would make {trials:,} decks of {n} cards = {n * trials:,} "
            f"entries, more than the limit of {MAX_ENTRIES:,}; use fewer trials"
        )
    if isinstance(seed, np.random.Generator):
        gen = seed
    elif seed is None or (isinstance(seed, numbers.Integral) and not isinstance(seed, bool)):
        gen = np.random.default_rng(None if seed is None else whole_number("seed", seed))
    else:
        raise TypeError("seed must be None, an int or a numpy Generator, "
                        f"not {type(seed).__name__}")
    try:  # check the options before any work
        inspect.signature(kernel).bind(np.empty((0, n), dtype=dtype), gen, **options)
    except TypeError:
        name = getattr(shuffle, "__name__", shuffle)
        accepted = list(inspect.signature(kernel).parameters.values())[2:]
        unknown = sorted(set(options) - {p.name for p in accepted})
        if unknown:
            raise TypeError(
                f"simulate({name}, ...) got unknown options {unknown}; "
                f"it accepts {[p.name for p in accepted] or 'none'}"
            ) from None
        missing = [p.name for p in accepted if p.default is p.empty and p.name not in options]
        raise TypeError(f"simulate({name}, ...) needs the option {', '.join(missing)}"
                        " (for example k=7)") from None
    cost = getattr(kernel, "cost", None)
    work = n * trials * (cost(**options) if cost else 1)
    if work > MAX_WORK:
        raise ValueError(
            f"simulate would do about {work:,} steps ({trials:,} decks of {n} cards"
            f"{', with ' + str(options) if options else ''}), more than the limit of "
            f"{MAX_WORK:,}; use fewer trials (at most {trials * MAX_WORK // work:,} here)")
    decks = np.empty((trials, n), dtype=dtype)
    decks[:] = np.arange(n, dtype=dtype)
    rows = max(1, CHUNK_ENTRIES // max(n, 1))
    for start in range(0, trials, rows):
        kernel(decks[start:start + rows], gen, **options)
    return decks


def count_positions(decks) -> np.ndarray:
    """Return counts[i, j], how many of the decks (rows) hold card i at position j.

    >>> count_positions(np.array([[0, 1, 2], [2, 0, 1]])).tolist()
    [[1, 1, 0], [0, 1, 1], [1, 0, 1]]
    """
    decks = np.asarray(decks)
    if decks.ndim != 2:
        raise ValueError(f"decks must be a 2-D array, one deck per row, got shape {decks.shape}")
    n = decks.shape[1]
    if decks.size and (decks.dtype.kind not in "iu" or decks.min() < 0 or decks.max() >= n):
        raise ValueError(f"decks of {n} cards must hold the cards 0..{n - 1} only")
    counts = np.zeros((n, n), dtype=np.int64)
    for position in range(n):  # one column at a time: no (trials, n) temporary
        counts[:, position] = np.bincount(decks[:, position], minlength=n)
    return counts


def simulated_positions(shuffle: Callable, n: int, trials: int, seed: int) -> np.ndarray:
    """Return the fraction of ``trials`` seeded shuffles with card i at position j.

    Batched with NumPy (:func:`simulate`) when cardlib has a kernel for the
    shuffle, else one deck at a time (:func:`position_counts`).

    >>> from cardlib.shuffles import sattolo_shuffle
    >>> simulated_positions(sattolo_shuffle, 3, 100, seed=1).diagonal().tolist()
    [0.0, 0.0, 0.0]
    """
    if batched.has_kernel(shuffle):
        return count_positions(simulate(shuffle, n, trials, seed=seed)) / trials
    return position_counts(shuffle, n, trials, rng=seed) / trials


def order_counts(decks) -> dict[tuple[int, ...], int]:
    """Count how often each order (row) appears in an array of decks.

    >>> order_counts(np.array([[0, 1], [1, 0], [0, 1]]))
    {(0, 1): 2, (1, 0): 1}
    """
    decks = np.asarray(decks)
    if decks.ndim != 2:
        raise ValueError(f"decks must be a 2-D array, one deck per row, got shape {decks.shape}")
    base = int(decks.max(initial=0)) + 1
    if decks.min(initial=0) >= 0 and base ** decks.shape[1] < 2 ** 62:
        # One integer per row (its digits in base max + 1, in order): sorting
        # integers is several times faster than sorting rows, same order.
        codes = decks.astype(np.int64) @ base ** np.arange(decks.shape[1] - 1, -1, -1)
        _, first, counts = np.unique(codes, return_index=True, return_counts=True)
        rows = decks[first]
    else:
        rows, counts = np.unique(decks, axis=0, return_counts=True)
    return {tuple(row): k for row, k in zip(rows.tolist(), counts.tolist())}  # Python ints


def position_matrix(shuffle: Callable, n: int) -> np.ndarray:
    """Return the exact position matrix of ``shuffle`` on n cards as floats.

    Cached for cardlib's own shuffles: a slider that comes back to the same
    deck size redraws at once. A learner's shuffle is walked every time (a
    helper it calls may have been redefined since).
    """
    n = whole_number("n", n, maximum=exact.MAX_CARDS)
    if exact.is_own(shuffle):
        return _own_position_matrix(shuffle, n).copy()
    return _position_matrix(shuffle, n)


def _position_matrix(shuffle: Callable, n: int) -> np.ndarray:
    exact_matrix = exact_position_matrix(exact.distribution(shuffle, n))
    return np.array([[float(p) for p in row] for row in exact_matrix])


_own_position_matrix = functools.lru_cache(maxsize=64)(_position_matrix)


def position_counts(shuffle: Callable, n: int, trials: int, rng=None) -> np.ndarray:
    """Shuffle ``list(range(n))`` ``trials`` times; count card i at position j.

    >>> from cardlib.shuffles import knuth_shuffle
    >>> counts = position_counts(knuth_shuffle, 4, 1000, rng=1)
    >>> counts.sum(axis=0).tolist(), counts.sum(axis=1).tolist()
    ([1000, 1000, 1000, 1000], [1000, 1000, 1000, 1000])
    """
    n = whole_number("n", n, maximum=10_000)
    trials = whole_number("trials", trials)
    limit("trials x n", trials * max(n, 1), MAX_PYTHON_CARDS,
          f"each deck is shuffled in Python: use at most {MAX_PYTHON_CARDS // max(n, 1):,} "
          "trials, or stats.simulate for a shuffle with a batched version")
    function("shuffle", shuffle)
    rng = as_rng(rng)
    counts = np.zeros((n, n), dtype=np.int64)
    columns = np.arange(n)
    name = getattr(shuffle, "__name__", "the shuffle")
    cards = list(range(n))
    with TimedCalls(name) as call:
        for _ in range(trials):
            deck = list(range(n))
            result = call(shuffle, deck, rng=rng)
            order = deck if result is None else result
            if not (isinstance(order, list) and all(type(c) is int for c in order)
                    and sorted(order) == cards):
                raise ValueError(f"{name} gave back {order!r:.60}, not an order of the cards "
                                 f"0..{n - 1} (a shuffle returns None after shuffling the deck "
                                 "in place, or a new list of the same cards)")
            counts[order, columns] += 1
    return counts


# --- Chi-square test with its p-value (lessons 3, 4 and 7) ---------------------------

_EPS = 1e-15
_TINY = 1e-300
_MAX_TERMS = 100_000
# Above this many degrees of freedom, chi_square_sf uses the Wilson-Hilferty approximation
# (relative error far below the 1e-3 that matters for a p-value at that size).
_NORMAL_DOF = 100_000


def regularized_upper_gamma(a: float, x: float) -> float:
    """Return Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma function.

    A power series for x < a + 1 and a continued fraction (modified Lentz)
    otherwise, the classical split that keeps both fast and accurate.

    >>> round(regularized_upper_gamma(1, 2), 12) == round(math.exp(-2), 12)
    True
    >>> round(regularized_upper_gamma(0.5, 2), 12) == round(math.erfc(2 ** 0.5), 12)
    True
    """
    for name, value in (("a", a), ("x", x)):
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise TypeError(f"{name} must be a number, not {type(value).__name__} {value!r:.40}")
    if not 0 < a < math.inf:
        raise ValueError(f"the shape a must be positive and finite, got {a}")
    if not x >= 0:
        raise ValueError(f"x must be at least 0, got {x}")
    if x == math.inf:
        return 0.0
    if a > 2 * _NORMAL_DOF:
        raise ValueError(f"a = {a:g} is more than the limit of {2 * _NORMAL_DOF:,} of the series; "
                         "use chi_square_sf, which approximates such sizes")
    if x == 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)  # log(e^-x x^a / Γ(a))
    if x < a + 1:
        # P(a, x) = e^-x x^a / Γ(a+1) * sum_k x^k / ((a+1)...(a+k)); Q = 1 - P.
        term = total = 1 / a
        for k in range(1, _MAX_TERMS):
            term *= x / (a + k)
            total += term
            if abs(term) < abs(total) * _EPS:
                return max(0.0, 1 - total * math.exp(log_front))
    else:
        # Q(a, x) = e^-x x^a / Γ(a) * 1/(x+1-a- 1(1-a)/(x+3-a- 2(2-a)/(x+5-a- ...)))
        b = x + 1 - a
        c = 1 / _TINY
        d = 1 / b
        fraction = d
        for k in range(1, _MAX_TERMS):
            an = -k * (k - a)
            b += 2
            d = an * d + b
            d = _TINY if abs(d) < _TINY else d
            c = b + an / c
            c = _TINY if abs(c) < _TINY else c
            d = 1 / d
            fraction *= d * c
            if abs(d * c - 1) < _EPS:
                return fraction * math.exp(log_front)
    raise ArithmeticError(f"Q({a}, {x}) did not converge in {_MAX_TERMS} terms")


def chi_square_sf(statistic: float, dof: int) -> float:
    """Return P(X >= statistic) for X chi-square distributed with ``dof`` degrees of freedom.

    Known 5% critical values give 0.05:

    >>> round(chi_square_sf(3.841458820694124, 1), 10)
    0.05
    >>> round(chi_square_sf(18.307038053275146, 10), 10)
    0.05
    """
    dof = whole_number("dof", dof, minimum=1)
    if isinstance(statistic, bool) or not isinstance(statistic, numbers.Real):
        raise TypeError(f"statistic must be a number, not {type(statistic).__name__}")
    if not statistic >= 0:
        raise ValueError(f"statistic must be at least 0, got {statistic!r}")
    if statistic == math.inf:
        return 0.0
    if dof > _NORMAL_DOF:
        # Wilson and Hilferty (1931): (X / dof)^(1/3) is nearly normal, with mean
        # 1 - 2 / (9 dof) and variance 2 / (9 dof); the series would need ~sqrt(dof) terms.
        z = ((statistic / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
        return 0.5 * math.erfc(z / math.sqrt(2))
    return regularized_upper_gamma(dof / 2, statistic / 2)


@dataclass(frozen=True)
class ChiSquare:
    """Pearson's chi-square statistic, its degrees of freedom and its p-value."""

    statistic: float
    dof: int
    p_value: float


def chi_square(counts, expected=None) -> ChiSquare:
    """Test counts against a fair shuffle with Pearson's chi-square; return the p-value too.

    The p-value is the probability that a truly fair shuffle would give counts
    at least this far from the expected ones; a tiny one says "not fair".

    - 1-D ``counts``: how often each outcome (for example each of the n! orders)
      occurred, against ``expected`` probabilities (default: all equal);
      k - 1 degrees of freedom.
    - 2-D n-by-n ``counts`` from :func:`position_counts` (card i at position j):
      every row and column sums to the number of trials T. One shuffle fills
      n cells at once, so the cells are not independent: for a uniform shuffle
      the Pearson sum over all n^2 cells (expected T/n each) is distributed
      about as n/(n-1) times a chi-square with (n-1)^2 degrees of freedom,
      and the statistic reported is the sum times (n-1)/n.

    >>> result = chi_square([18, 22, 20, 20])
    >>> round(result.statistic, 12), result.dof, round(result.p_value, 4)
    (0.4, 3, 0.9402)
    >>> from cardlib.shuffles import knuth_shuffle
    >>> result = chi_square(position_counts(knuth_shuffle, 4, 2000, rng=1))
    >>> result.dof, result.p_value > 0.01
    (9, True)
    """
    observed = _counts_array(counts)
    if observed.ndim == 1:
        return _chi_square_1d(observed.astype(float), expected)
    if observed.ndim != 2 or observed.shape[0] != observed.shape[1]:
        raise ValueError(f"counts must be a list of counts or a square position matrix, "
                         f"got shape {observed.shape}")
    if expected is not None:
        raise ValueError("expected is only for 1-D counts; a position matrix is "
                         "tested against the fair T/n in every cell")
    n = observed.shape[0]
    trials = observed.sum(axis=1)
    if n < 2 or not (trials == trials[0]).all() or not (observed.sum(axis=0) == trials[0]).all():
        raise ValueError("a position matrix needs n >= 2 and every row and column "
                         "summing to the same number of trials")
    if trials[0] == 0:
        raise ValueError("a position matrix of zero trials cannot be tested")
    fair = trials[0] / n
    pearson = float(((observed - fair) ** 2).sum() / fair)
    statistic = pearson * (n - 1) / n
    dof = (n - 1) ** 2
    return ChiSquare(statistic, dof, chi_square_sf(statistic, dof))


def _counts_array(counts) -> np.ndarray:
    """The counts as a float array: whole numbers of at least 0 (Python ints of any size)."""
    try:
        observed = np.asarray(counts)
    except ValueError:  # ragged
        raise ValueError("counts must be a list of counts, or a square matrix of them") from None
    if observed.dtype == bool or (observed.dtype == object and any(
            isinstance(c, bool) for c in observed.ravel())):
        raise TypeError("counts must be whole numbers, not True and False")
    if observed.dtype == object:  # whole numbers beyond int64: count them as floats
        if not all(isinstance(c, numbers.Real) for c in observed.ravel()):
            raise TypeError("counts must be whole numbers")
        observed = observed.astype(float)
    if observed.size == 0:
        raise ValueError("counts must hold at least one count")
    if not np.issubdtype(observed.dtype, np.number) or np.iscomplexobj(observed):
        raise TypeError(f"counts must be whole numbers, not {observed.dtype} values")
    if not np.isfinite(observed).all():
        raise ValueError("counts must be finite whole numbers (no inf or nan)")
    if (observed < 0).any() or not np.array_equal(observed, np.round(observed)):
        raise ValueError("counts must be whole numbers of at least 0")
    return observed


def _chi_square_1d(observed: np.ndarray, expected) -> ChiSquare:
    k = observed.size
    if k < 2:
        raise ValueError("chi_square needs at least 2 categories")
    probabilities = (np.full(k, 1 / k) if expected is None
                     else numbers_array("expected", expected, ndim=1))
    if probabilities.shape != (k,) or (probabilities <= 0).any():
        raise ValueError(f"expected must hold {k} positive probabilities")
    if not math.isclose(probabilities.sum(), 1, rel_tol=1e-9):
        raise ValueError(f"expected probabilities must add up to 1, not {probabilities.sum()}")
    total = observed.sum()
    if total == 0:
        raise ValueError("all counts are 0: nothing to test")
    fair = total * probabilities
    statistic = float(((observed - fair) ** 2 / fair).sum())
    return ChiSquare(statistic, k - 1, chi_square_sf(statistic, k - 1))


# --- Simulated decks: frequencies as the trials grow, cycle counts (lessons 3, 4) ------


def landing_frequencies(decks, card: int = 0) -> np.ndarray:
    """Return F[t, j]: the fraction of the first t + 1 decks with ``card`` at position j.

    ``decks`` has one shuffled deck per row (entry [t, j] is the card at position j),
    as :func:`simulate` returns them.

    >>> landing_frequencies([[0, 1], [1, 0], [0, 1], [0, 1]]).tolist()
    [[1.0, 0.0], [0.5, 0.5], [0.6666666666666666, 0.3333333333333333], [0.75, 0.25]]
    """
    decks = np.asarray(decks)
    if decks.ndim != 2 or decks.shape[0] == 0:
        raise ValueError("decks must be a non-empty 2-D array, one deck per row, "
                         f"got shape {decks.shape}")
    if (isinstance(card, bool) or not isinstance(card, numbers.Integral)
            or not 0 <= card < decks.shape[1]):
        raise ValueError(f"card must be one of 0..{decks.shape[1] - 1} in decks of "
                         f"{decks.shape[1]} cards, got {card!r}")
    hits = np.cumsum(decks == card, axis=0)
    return hits / np.arange(1, decks.shape[0] + 1)[:, None]


def cycle_distribution(dist: dict) -> dict[int, Fraction]:
    """Return the exact probability of each number of cycles, 1..n, for an exact distribution.

    >>> from cardlib.shuffles import sattolo_shuffle
    >>> cycle_distribution(exact.distribution(sattolo_shuffle, 4))
    {1: Fraction(1, 1), 2: Fraction(0, 1), 3: Fraction(0, 1), 4: Fraction(0, 1)}
    """
    if not isinstance(dist, dict) or not dist:
        raise ValueError("dist must be a distribution (a dict of order -> probability) with at "
                         "least one outcome")
    n = len(next(iter(dist)))
    result = {k: Fraction(0) for k in range(1, n + 1)}
    for order, probability in dist.items():
        result[cycle_count(order)] += probability
    return result


# --- Cuts replayed in bulk --------------------------------------------------------------


def seeded_cut_sizes(n: int, trials: int, seed: int) -> np.ndarray:
    """Return ``riffle.cut_sizes(n, trials, random.Random(seed))``: the same numbers, at once.

    Each cut counts the heads in n draws of ``randrange(2)``, and CPython draws
    ``randrange(2)`` as ``getrandbits(2)``, the top two bits of one 32-bit
    Mersenne Twister word, drawn again when it is 2 or 3. NumPy's MT19937,
    started from the same state, gives the same words: the accepted ones, n at
    a time, are the cuts (a test compares them with the one-by-one cuts).

    >>> import random
    >>> from cardlib import riffle
    >>> seeded_cut_sizes(56, 5, 2019).tolist() == riffle.cut_sizes(56, 5, random.Random(2019))
    True
    """
    import random

    n = whole_number("n", n)
    trials = whole_number("trials", trials)
    limit("trials x n", trials * n, 5 * MAX_ENTRIES, "each cut flips n coins: use fewer trials")
    state = random.Random(whole_number("seed", seed)).getstate()[1]
    words = np.random.MT19937()
    words.state = {"bit_generator": "MT19937",
                   "state": {"key": np.array(state[:624], dtype=np.uint32), "pos": state[624]}}
    flips = np.empty(0, dtype=np.uint8)
    while len(flips) < trials * n:  # about two words a flip, some more for luck
        top = (words.random_raw(2 * (trials * n - len(flips)) + 64) >> 30).astype(np.uint8)
        flips = np.concatenate([flips, top[top < 2]])
    return flips[:trials * n].reshape(trials, n).sum(axis=1, dtype=np.int64)
