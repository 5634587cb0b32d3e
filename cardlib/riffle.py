"""Riffle shuffles: the Gilbert–Shannon–Reeds model and its exact law.

Deck convention (as in :mod:`cardlib.cards` and the COMP9021 notes by Eric
Martin): a deck is a list held face down and **index 0 is the bottom
card**. A riffle (Gilbert 1955, Shannon, Reeds 1981):

1. *cut*: flip a fair coin once per card; the number of heads c is the size of
   stack 1, the bottom c cards ``deck[:c]``; stack 2 is the rest ``deck[c:]``.
   So c is Binomial(n, 1/2).
2. *merge*: build the new pile from the bottom up. With p cards left in stack 1
   and q in stack 2, the next card drops from the bottom of stack 1 with
   probability p/(p+q) (drawn as ``rng.randrange(p + q) < p``), else from stack 2.
   When one stack is empty the other goes on top as it is.

Bayer and Diaconis (1992, "Trailing the dovetail shuffle to its lair") showed
that after k riffles of n cards an order with r *rising sequences* has
probability C(2^k + n - r, n) / 2^(nk). Since that depends on r alone, the
distance to uniform needs only the Eulerian numbers (how many of the n! orders
have r rising sequences), so it takes about n terms instead of n!.

>>> riffle(list(range(8)), rng=4)  # stack 1 was 0, 1, 2; stack 2 was 3..7
[0, 3, 4, 5, 1, 2, 6, 7]
>>> rising_sequences([0, 3, 1, 4, 2, 5])
[[0, 1, 2], [3, 4, 5]]
>>> round(float(variation_distance(52, 7)), 3)  # "seven shuffles" (Bayer and Diaconis)
0.334
"""

from __future__ import annotations

import functools
import itertools
import math
import numbers
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from typing import Annotated

from .validation import (
    MAX_ITEMS,
    Rng,
    Rule,
    decks_array,
    limit,
    listed,
    numpy_for,
    sequence,
    validate_arguments,
    whole,
)

try:  # NumPy serves the arrays and the batched kernel; the riffle itself needs neither
    import numpy as np

    from . import batched
except ImportError:  # pragma: no cover - tested in a subprocess that blocks numpy
    np = batched = None
#: What may hold one sampled order besides a list or a tuple.
_ARRAYS = () if np is None else (np.ndarray,)

__all__ = [
    "MAX_CARDS",
    "MAX_RIFFLES",
    "cut_size",
    "cut_sizes",
    "cut",
    "drop_sources",
    "interleave",
    "merge",
    "merge_state",
    "riffle",
    "riffles",
    "a_shuffle",
    "a_shuffle_probability",
    "rising_sequences",
    "count_rising_sequences",
    "eulerian",
    "eulerian_row",
    "probability",
    "rising_law",
    "variation_distance",
    "variation_distances",
    "separation_distance",
    "expected_rising_sequences",
    "sample_variation_distance",
    "rising_counts",
    "position_law",
    "card_positions",
    "cutoff",
    "MAX_LAW_BITS",
    "EXACT_DISTANCES_UP_TO",
    "POSITION_MAX_CARDS",
    "MAX_RIFFLE_WORK",
]

#: The exact laws refuse decks larger than this (the Eulerian table grows as n^2 big ints).
MAX_CARDS = 1000
#: ... and more riffles than this (2^(n k) is an n*k-bit number; 100 is far past uniform).
MAX_RIFFLES = 100
#: ... and laws whose denominators 2^(n k) have more bits than this (1000 cards, 20 riffles:
#: about a second).
MAX_LAW_BITS = 20_000
#: :func:`variation_distances` gives the exact distances rounded up to this many cards (each
#: in under 3 ms), and works them out in floating point beyond.
EXACT_DISTANCES_UP_TO = 64
#: The one-card laws (position_law, card_positions) are O(n^3): 150 cards take about a second.
POSITION_MAX_CARDS = 150
#: Riffling one deck k times costs k * n card moves: at most this many (about 2 s).
MAX_RIFFLE_WORK = 2_000_000


# --- the random process ------------------------------------------------------

@validate_arguments
def cut_size(n: whole(0, MAX_ITEMS), rng: Rng = None) -> int:
    """Return the number of heads in n fair coin flips: the size of stack 1.

    >>> cut_size(56, rng=1)
    29
    """
    return sum(rng.randrange(2) for _ in range(n))


def _few_enough_flips(n: int, trials: int) -> None:
    limit("trials x n", trials * n, 5 * MAX_ITEMS, "each cut flips n coins: use fewer trials")


@validate_arguments(requires=_few_enough_flips)
def cut_sizes(n: whole(0, MAX_ITEMS), trials: whole(0), rng: Rng = None) -> list[int]:
    """Return the sizes of stack 1 in ``trials`` cuts of n cards, one :func:`cut_size` each.

    >>> cut_sizes(4, 5, rng=1)
    [1, 4, 1, 3, 2]
    """
    return [cut_size(n, rng) for _ in range(trials)]


@validate_arguments
def cut(deck: Iterable, rng: Rng = None) -> tuple[list, list]:
    """Cut the deck into (stack 1, stack 2): the bottom Binomial(n, 1/2) cards and the rest.

    >>> cut("ABCDEF", rng=1)
    (['A', 'B', 'C'], ['D', 'E', 'F'])
    """
    c = cut_size(len(deck), rng)
    return deck[:c], deck[c:]


@validate_arguments
def drop_sources(p: whole(0, MAX_ITEMS), q: whole(0, MAX_ITEMS), rng: Rng = None) -> list[int]:
    """Return which stack (1 or 2) each card of the new pile comes from, bottom card first.

    The next card comes from stack 1 with probability p/(p+q), p and q the cards
    still in each stack; once a stack is empty the rest comes from the other.

    >>> drop_sources(3, 2, rng=2)
    [1, 1, 1, 2, 2]
    """
    sources = []
    # Invariant: p and q cards are left in stacks 1 and 2; sources lists the drops so far.
    while p and q:
        if rng.randrange(p + q) < p:
            sources.append(1)
            p -= 1
        else:
            sources.append(2)
            q -= 1
    return sources + [1] * p + [2] * q


def _sources_fit(stack1: list, stack2: list, sources: list) -> None:
    """Refuse a drop sequence that is not made of 1s and 2s using every card of both stacks."""
    counts = Counter(sources)
    wrong = [s for s in counts if s not in (1, 2)]
    if wrong:
        raise ValueError(f"sources must name stack 1 or stack 2, not {wrong[0]!r}")
    if (counts[1], counts[2]) != (len(stack1), len(stack2)):
        raise ValueError(
            f"the sources take {counts[1]} cards from stack 1 and {counts[2]} from stack 2, "
            f"but the stacks hold {len(stack1)} and {len(stack2)} cards"
        )


@validate_arguments(requires=_sources_fit)
def interleave(stack1: Iterable, stack2: Iterable, sources: Iterable) -> list:
    """Return the pile made by taking the next card from the bottom of the stack each source names.

    ``sources`` (1s and 2s) must take every card of both stacks (as :func:`drop_sources` does).

    >>> interleave("ABC", "xy", [2, 1, 1, 2, 1])
    ['x', 'A', 'B', 'y', 'C']
    """
    stacks = {1: iter(stack1), 2: iter(stack2)}
    return [next(stacks[source]) for source in sources]


@validate_arguments
def merge(stack1: Iterable, stack2: Iterable, rng: Rng = None) -> list:
    """Return the new pile made by dropping cards from the bottoms of the two stacks.

    >>> merge("ABC", "xy", rng=2)
    ['A', 'B', 'C', 'x', 'y']
    """
    return interleave(stack1, stack2, drop_sources(len(stack1), len(stack2), rng))


def _step_fits(stack1: list, stack2: list, sources: list, step: int) -> None:
    if step > len(sources):
        raise ValueError(f"step must be at most {len(sources)}, got {step}")
    _sources_fit(stack1, stack2, sources)


@validate_arguments(requires=_step_fits)
def merge_state(stack1: Iterable, stack2: Iterable, sources: Iterable,
                step: whole(0)) -> tuple[list, list, list]:
    """Return (what is left of stack 1, of stack 2, the new pile) after ``step`` drops.

    ``sources`` is a drop sequence from :func:`drop_sources`; for stepping through a merge.

    >>> merge_state("ABC", "xy", [2, 1, 1, 2, 1], 3)
    (['C'], ['y'], ['x', 'A', 'B'])
    """
    taken = Counter(sources[:step])
    return (stack1[taken[1]:], stack2[taken[2]:],
            interleave(stack1[:taken[1]], stack2[:taken[2]], sources[:step]))


@validate_arguments
def riffle(deck: Iterable, rng: Rng = None) -> list:
    """Return a new list riffled once (Gilbert–Shannon–Reeds); the input is left unchanged.

    >>> riffle("ABCDEFGH", rng=7)
    ['D', 'A', 'B', 'E', 'F', 'C', 'G', 'H']
    """
    stack1, stack2 = cut(deck, rng)
    return merge(stack1, stack2, rng)


def _few_enough_riffles(deck: list, k: int) -> None:
    limit("k x cards", k * len(deck), MAX_RIFFLE_WORK,
          f"use at most {MAX_RIFFLE_WORK // max(len(deck), 1):,} riffles for "
          f"{len(deck):,} cards (beyond a few dozen, more riffles change nothing measurable)")


@validate_arguments(requires=_few_enough_riffles)
def riffles(deck: Iterable, k: whole(0), rng: Rng = None) -> list:
    """Return a new list riffled k times in a row; the input is left unchanged.

    >>> riffles("ABCD", 0)
    ['A', 'B', 'C', 'D']
    """
    cards = list(deck)
    for _ in range(k):
        cards = riffle(cards, rng)
    return cards


@validate_arguments
def a_shuffle(deck: Iterable, a: whole(1), rng: Rng = None) -> list:
    """Return a new list after one a-shuffle (Bayer and Diaconis); the input is left unchanged.

    *Cut* into a packets by a multinomial: every card draws ``rng.randrange(a)``
    and the counts of the values are the packet sizes, the bottom packet first.
    *Drop* from the bottom of a packet with probability proportional to the
    cards left in it, as the riffle does with two stacks; once only one
    packet is left, it goes on top as it is. A 2-shuffle is the riffle: for
    a = 2 the draws are exactly :func:`riffle`'s (a draw of 1 puts a card in
    stack 1, the bottom packet). An a-shuffle followed by a b-shuffle has the
    law of one ab-shuffle, so k riffles are one 2^k-shuffle.

    >>> a_shuffle("ABCDEFGH", 2, rng=7) == riffle("ABCDEFGH", rng=7)
    True
    >>> a_shuffle("ABCDEFGH", 3, rng=1)  # packets A, BCDE, FGH
    ['F', 'G', 'B', 'A', 'H', 'C', 'D', 'E']
    """
    counts = Counter(rng.randrange(a) for _ in deck)
    # Only non-empty packets matter; the highest value counts towards the bottom one.
    sizes = [counts[value] for value in sorted(counts, reverse=True)]
    starts = [sum(sizes[:i]) for i in range(len(sizes))]
    left = list(sizes)
    pile: list = []
    # Invariant: packet i still holds its top left[i] cards; pile holds the drops so far.
    while sum(size > 0 for size in left) > 1:
        x = rng.randrange(sum(left))  # packet i for left[i] of the sum(left) values
        i = 0
        while x >= left[i]:
            x -= left[i]
            i += 1
        pile.append(deck[starts[i] + sizes[i] - left[i]])
        left[i] -= 1
    for i, size in enumerate(left):
        pile.extend(deck[starts[i] + sizes[i] - size:starts[i] + sizes[i]])
    return pile


def _order(name: str, perm) -> list:
    """``perm`` as a list, if it is an order of the cards 0..n-1 (each once)."""
    perm = sequence(name, perm)
    n = len(perm)
    seen = [False] * n
    for position, card in enumerate(perm):
        if isinstance(card, bool) or not isinstance(card, numbers.Integral) \
                or not 0 <= card < n or seen[card]:
            raise ValueError(
                f"{name} must be an order of the cards 0..{n - 1} (each once), "
                f"but found {card!r} at position {position}"
            )
        seen[card] = True
    return perm


#: An order of the cards 0..n-1, each once (read once into a list).
Order = Annotated[list, Rule(_order, "Order")]


def _a_shuffle_law_in_reach(perm: list, a: int) -> None:
    if len(perm) > MAX_CARDS:
        raise ValueError(f"a deck of {len(perm)} cards is more than the limit of {MAX_CARDS} "
                         "cards")
    if a > 2**MAX_RIFFLES:
        raise ValueError(f"a = {a} packets is more than the limit of 2^{MAX_RIFFLES}")


@validate_arguments(requires=_a_shuffle_law_in_reach)
def a_shuffle_probability(perm: Order, a: whole(1)) -> Fraction:
    """Return the exact chance that one a-shuffle of the sorted deck gives ``perm``.

    C(a + n - r, n) / a^n, r the rising sequences of perm (Bayer and Diaconis):
    an a-shuffle is the same as giving every card a digit 0..a-1 at random and
    sorting the cards by digit; the orders that give perm are counted by stars
    and bars. With a = 2^k this is :func:`probability` after k riffles.

    >>> a_shuffle_probability([2, 1, 0], 4) == probability([2, 1, 0], 2)
    True
    >>> a_shuffle_probability([0, 1, 2], 1)
    Fraction(1, 1)
    """
    n = len(perm)
    return Fraction(math.comb(a + n - count_rising_sequences(perm), n), a**n)


# --- rising sequences --------------------------------------------------------

def _positions(perm: list) -> list[int]:
    """Return where each card 0..n-1 sits in the order ``perm``."""
    where = [0] * len(perm)
    for position, card in enumerate(perm):
        where[card] = position
    return where


@validate_arguments
def rising_sequences(perm: Order) -> list[list[int]]:
    """Split an order of the cards 0..n-1 into its rising sequences.

    A rising sequence is a maximal run of consecutive cards a, a+1, ..., b that
    lie in that order from the bottom of the deck up. One riffle of a sorted
    deck leaves at most two of them (its two stacks).

    >>> rising_sequences([2, 0, 3, 1])
    [[0, 1], [2, 3]]
    >>> rising_sequences([1, 1])
    Traceback (most recent call last):
    ...
    ValueError: perm must be an order of the cards 0..1 (each once), but found 1 at position 1
    """
    where = _positions(perm)
    sequences: list[list[int]] = []
    for card in range(len(where)):
        if card == 0 or where[card] < where[card - 1]:
            sequences.append([])
        sequences[-1].append(card)
    return sequences


@validate_arguments
def count_rising_sequences(perm: Order) -> int:
    """Return the number of rising sequences of an order of 0..n-1.

    >>> count_rising_sequences([3, 2, 1, 0])
    4
    """
    where = _positions(perm)
    return (len(where) > 0) + sum(where[c + 1] < where[c] for c in range(len(where) - 1))


# --- the exact law (Bayer and Diaconis 1992) ---------------------------------

def _law_in_reach(n_cards: int, n_riffles: int | None) -> None:
    """The limits of the exact law (None riffles: the uniform law)."""
    n_riffles = n_riffles or 0
    if n_cards > MAX_CARDS:
        raise ValueError(f"n_cards = {n_cards} is more than the limit of {MAX_CARDS} cards")
    if n_riffles > MAX_RIFFLES:
        raise ValueError(f"n_riffles = {n_riffles} is more than the limit of {MAX_RIFFLES}")
    limit("n_cards x n_riffles", n_cards * n_riffles, MAX_LAW_BITS,
          f"the exact law works with 2^(n_cards x n_riffles); with {n_cards} cards, use at "
          f"most {MAX_LAW_BITS // n_cards} riffles")


_EULERIAN_ROWS: list[tuple[int, ...]] = [(1,)]  # row n is (A(n, 0), ..., A(n, n))


def _few_enough_cards(n: int) -> None:
    if n > MAX_CARDS:
        raise ValueError(f"n = {n} is more than the limit of {MAX_CARDS} cards")


@validate_arguments(requires=_few_enough_cards)
def eulerian_row(n: whole(0)) -> tuple[int, ...]:
    """Return (A(n, 0), A(n, 1), ..., A(n, n)): orders of n cards by number of rising sequences.

    These are the Eulerian numbers: an order with r rising sequences is the
    inverse of one with r - 1 descents, so the classic recurrence holds,
    A(n, r) = r A(n-1, r) + (n - r + 1) A(n-1, r-1). Rows are kept once computed.

    >>> eulerian_row(4)
    (0, 1, 11, 11, 1)
    >>> sum(eulerian_row(10)) == math.factorial(10)
    True
    """
    while len(_EULERIAN_ROWS) <= n:
        m = len(_EULERIAN_ROWS)
        previous = _EULERIAN_ROWS[-1] + (0,)
        _EULERIAN_ROWS.append((0,) + tuple(r * previous[r] + (m - r + 1) * previous[r - 1]
                                           for r in range(1, m + 1)))
    return _EULERIAN_ROWS[n]


@validate_arguments
def eulerian(n: whole(0), r: whole(0)) -> int:
    """Return how many orders of n cards have exactly r rising sequences.

    >>> [eulerian(3, r) for r in (1, 2, 3)]
    [1, 4, 1]
    """
    row = eulerian_row(n)
    return row[r] if r < len(row) else 0


def _ways(n: int, r: int, k: int) -> int:
    """C(2^k + n - r, n): the numerator of the probability of an order with r rising sequences."""
    return math.comb(2**k + n - r, n)


@functools.lru_cache(maxsize=256)
def _ways_row(n: int, k: int) -> tuple[int, ...]:
    """(_ways(n, r, k) for r = 0..n), each from the last: C(m-1, n) = C(m, n) (m - n) / m."""
    m = 2**k + n
    row = [math.comb(m, n)]
    for r in range(1, n + 1):
        row.append(row[-1] * (m - r + 1 - n) // (m - r + 1))
    return tuple(row)


def _riffle_law_in_reach(perm: list, k: int) -> None:
    n = len(perm)
    if n > MAX_CARDS:
        raise ValueError(f"perm holds {n:,} items, more than the limit of {MAX_CARDS:,}")
    if k > MAX_RIFFLES:
        raise ValueError(f"k = {k} riffles is more than the limit of {MAX_RIFFLES}")
    limit("cards x k", n * k, MAX_LAW_BITS, f"with {n} cards, use at most "
          f"{MAX_LAW_BITS // max(n, 1)} riffles")


@validate_arguments(requires=_riffle_law_in_reach)
def probability(perm: Order, k: whole(0)) -> Fraction:
    """Return the exact probability that k riffles of the sorted deck give ``perm``.

    Bayer and Diaconis: C(2^k + n - r, n) / 2^(n k), r the rising sequences of perm.

    >>> probability([0, 1, 2], 1), probability([2, 1, 0], 1), probability([2, 1, 0], 2)
    (Fraction(1, 2), Fraction(0, 1), Fraction(1, 16))
    """
    n = len(perm)
    return Fraction(_ways(n, count_rising_sequences(perm), k), 2 ** (n * k))


@validate_arguments(requires=_law_in_reach)
def rising_law(n_cards: whole(1), n_riffles: whole(0) | None) -> list[Fraction]:
    """Return P(r rising sequences) for r = 0..n after that many riffles (None: a uniform deck).

    >>> rising_law(3, 1)
    [Fraction(0, 1), Fraction(1, 2), Fraction(1, 2), Fraction(0, 1)]
    >>> rising_law(3, None)
    [Fraction(0, 1), Fraction(1, 6), Fraction(2, 3), Fraction(1, 6)]
    """
    row = eulerian_row(n_cards)
    if n_riffles is None:
        total = math.factorial(n_cards)
        return [Fraction(a, total) for a in row]
    scale = 2 ** (n_cards * n_riffles)
    ways = _ways_row(n_cards, n_riffles)
    return [Fraction(a * w, scale) for a, w in zip(row, ways)]


@validate_arguments(requires=_law_in_reach)
def variation_distance(n_cards: whole(1), n_riffles: whole(0)) -> Fraction:
    """Return the exact total variation distance to uniform after that many riffles.

    1/2 * sum over all n! orders of |P(order) - 1/n!|, added up by number of
    rising sequences: 1/2 * sum_r A(n, r) |C(2^k + n - r, n) / 2^(nk) - 1/n!|.

    >>> variation_distance(3, 1)
    Fraction(1, 3)
    >>> [round(float(variation_distance(52, k)), 3) for k in range(5, 11)]
    [0.924, 0.614, 0.334, 0.167, 0.085, 0.043]
    """
    return _variation_distance(n_cards, n_riffles)


@functools.lru_cache(maxsize=4096)
def _variation_distance(n: int, k: int) -> Fraction:
    # The orders likelier than uniform exceed it by exactly as much as the others fall
    # short (both laws sum to 1), so the distance is the excess of the likelier ones:
    # sum of A(n, r) (w_r / 2^(nk) - 1/n!) with w_r = C(2^k + n - r, n). They are the
    # orders with the fewest rising sequences (w_r falls as r grows): stop at the first
    # r with w_r <= 2^(nk) // n!, that is w_r n! <= 2^(nk). One product of big numbers
    # per term instead of two, over about half the terms: four times faster at 416 cards.
    factorial, scale = math.factorial(n), 2 ** (n * k)
    threshold = scale // factorial
    weight = orders = 0
    for a, w in zip(eulerian_row(n), _ways_row(n, k)):
        if w <= threshold:
            break
        weight += a * w
        orders += a
    return Fraction(factorial * weight - scale * orders, factorial * scale)


@validate_arguments
def variation_distances(n_cards: whole(1),
                        riffle_counts: listed(MAX_RIFFLES + 1, of=whole(0))) -> list[float]:
    """Return :func:`variation_distance` after each number of riffles, as floats (for a plot).

    Up to :data:`EXACT_DISTANCES_UP_TO` cards, the exact values rounded. For more, the
    same sum worked out in floating point, within 1e-11 of the exact value relatively (a
    test checks): a quarter of the time at 208 cards and a tenth at 416, where a slider
    dragged across deck sizes needs them. (At 4 cards the exact distance after 1 riffle is
    1/2, which floating point would put a hair below: small decks stay exact.)

    >>> [round(d, 3) for d in variation_distances(52, [6, 7, 8])]
    [0.614, 0.334, 0.167]
    """
    ks = [int(k) for k in riffle_counts]  # NumPy's integers overflow 2^k, and share a cache key
    _law_in_reach(n_cards, max(ks, default=0))
    if n_cards <= EXACT_DISTANCES_UP_TO:
        return [float(variation_distance(n_cards, k)) for k in ks]
    return [_float_distance(int(n_cards), k) for k in ks]


@functools.lru_cache(maxsize=4096)
def _float_distance(n: int, k: int) -> float:
    # The sum of _variation_distance, term by term: A(n, r)/n! (ratio_r - 1) for the orders
    # likelier than uniform, ratio_r = C(2^k + n - r, n) n! / 2^(nk) > 1. Neither factor
    # fits a float at 416 cards (1/416! underflows), so each is a logarithm: log ratio_r is
    # the sum of log1p(j / 2^k) for j = 1 - r .. n - r, a difference of running sums.
    # Every term is positive: no cancellation, and the sum is at most 1.
    size, shares = 2**k, _log_eulerian_shares(n)
    low = max(1 - n, 1 - size)  # ratio_r = 0 for r > 2^k: those j are never needed
    sums = [0.0, *itertools.accumulate(math.log1p(j / size) for j in range(low, n))]
    terms = []
    for r in range(1, min(n, size) + 1):
        log_ratio = sums[n - r - low + 1] - sums[1 - r - low]
        if log_ratio <= 0:
            break  # ratio_r falls as r grows: the rest are as likely as uniform, or less
        excess = (math.log(math.expm1(log_ratio)) if log_ratio < 30
                  else log_ratio + math.log1p(-math.exp(-log_ratio)))
        terms.append(math.exp(shares[r] + excess))
    return min(math.fsum(terms), 1.0)


@functools.lru_cache(maxsize=64)
def _log_eulerian_shares(n: int) -> tuple[float, ...]:
    """log(A(n, r) / n!) for r = 0..n: the chance of r rising sequences in a uniform deck."""
    whole = math.log(math.factorial(n))
    return tuple(math.log(a) - whole if a else -math.inf for a in eulerian_row(n))


@validate_arguments(requires=_law_in_reach)
def separation_distance(n_cards: whole(1), n_riffles: whole(0)) -> Fraction:
    """Return the separation distance: max over orders of 1 - P(order) / (1/n!).

    The least likely order is the reversed deck (n rising sequences), so it is
    1 - n! C(2^k, n) / 2^(nk); it stays 1 while 2^k < n.

    >>> separation_distance(3, 1), separation_distance(3, 2)
    (Fraction(1, 1), Fraction(5, 8))
    """
    n, k = n_cards, n_riffles
    return 1 - Fraction(math.factorial(n) * _ways(n, n, k), 2 ** (n * k))


def expected_rising_sequences(n_cards: int, n_riffles: int | None) -> Fraction:
    """Return the mean number of rising sequences after that many riffles (None: uniform).

    >>> expected_rising_sequences(52, 0), expected_rising_sequences(52, None)
    (Fraction(1, 1), Fraction(53, 2))
    """
    return sum((r * p for r, p in enumerate(rising_law(n_cards, n_riffles))), Fraction(0))


def _order_rows(name: str, decks):
    """``decks`` as a 2-D NumPy array if each row is an order of the cards 0..n-1."""
    numpy_for("rising_counts")
    decks = decks_array(name, decks)
    n = decks.shape[1]
    if decks.size and not (np.sort(decks, axis=1) == np.arange(n)).all():
        raise ValueError(f"every row must be an order of the cards 0..{n - 1}, each once")
    return decks


#: A 2-D NumPy array of orders of the cards 0..n-1, one per row.
OrderRows = Annotated[object, Rule(_order_rows, "OrderRows")]


@validate_arguments
def rising_counts(decks: OrderRows) -> np.ndarray:
    """Return the number of rising sequences of each row of a 2-D array of orders of 0..n-1.

    >>> rising_counts(np.array([[0, 1, 2], [2, 1, 0], [1, 2, 0]])).tolist()
    [1, 3, 2]
    """
    n = decks.shape[1]
    where = np.argsort(decks, axis=1)  # where[t, c] = position of card c in deck t
    return (n > 0) + (where[:, 1:] < where[:, :-1]).sum(axis=1)


def _sampled_orders(name: str, orders):
    """``orders`` as they are if a NumPy array, else read once into a list."""
    return orders if isinstance(orders, _ARRAYS) else sequence(name, orders)


def _orders_of(orders, n_cards: int) -> None:
    """Every sampled order has n_cards cards, and there is at least one."""
    if isinstance(orders, _ARRAYS):
        if orders.ndim == 2 and orders.shape[1] != n_cards:
            raise ValueError(f"expected orders of {n_cards} cards, one per row, "
                             f"but the array has shape {orders.shape}")
    else:
        for order in orders:
            if not isinstance(order, (list, tuple, *_ARRAYS)):
                raise TypeError(f"orders must hold orders (lists of card numbers), not "
                                f"{type(order).__name__} {order!r:.40}")
            if len(order) != n_cards:
                raise ValueError(f"expected orders of {n_cards} cards, but one has "
                                 f"{len(order)}: {list(order)!r}")
    if len(orders) == 0:
        raise ValueError("sample_variation_distance needs at least one sampled order "
                         "(orders is empty)")


@validate_arguments(requires=_orders_of)
def sample_variation_distance(orders: Annotated[list, Rule(_sampled_orders)],
                              n_cards: whole(1)) -> float:
    """Estimate the distance to uniform from sampled orders of 0..n-1, by rising sequences.

    Both the riffle law and the uniform law give equal chances to orders with
    the same number of rising sequences, so their distance equals the distance
    between their laws of r: n+1 numbers to estimate instead of n!. ``orders``
    is an iterable of orders or a 2-D array (as from ``stats.simulate``).

    >>> import itertools
    >>> sample_variation_distance(itertools.permutations(range(4)), 4)
    0.0
    >>> round(sample_variation_distance([[0, 1, 2, 3]] * 10, 4), 6)  # 1 - 1/4!
    0.958333
    """
    uniform = rising_law(n_cards, None)
    if isinstance(orders, _ARRAYS):
        counts = Counter(rising_counts(orders).tolist())
    else:
        counts = Counter(count_rising_sequences(order) for order in orders)
    trials = sum(counts.values())
    return 0.5 * sum(abs(counts[r] / trials - float(u)) for r, u in enumerate(uniform))


@functools.lru_cache(maxsize=64)
def _position_counts(n: int) -> tuple[tuple[int, ...], ...]:
    # counts[i][j] * 2^-n = P(card i lands at position j) after one riffle: given a
    # cut of m cards every interleaving has chance 1 / C(n, m), and the cut has
    # chance C(n, m) / 2^n, so the C(n, m) cancel.
    counts = [[0] * n for _ in range(n)]
    for m in range(n + 1):
        for i in range(n):
            # card i is the s-th from the bottom of a stack of `size` cards
            s, size = (i, m) if i < m else (i - m, n - m)
            for j in range(s, n - size + s + 1):
                counts[i][j] += math.comb(j, s) * math.comb(n - 1 - j, size - 1 - s)
    return tuple(tuple(row) for row in counts)


def _one_card_law_in_reach(n: int) -> None:
    _law_in_reach(n, 0)
    limit("n", n, POSITION_MAX_CARDS, "the one-card law takes O(n^3) steps: use fewer cards")


@validate_arguments(requires=_one_card_law_in_reach)
def position_law(n: whole(1)) -> list[list[Fraction]]:
    """Return P[i][j], the exact chance that one riffle moves the card at position i to j.

    >>> position_law(2)
    [[Fraction(3, 4), Fraction(1, 4)], [Fraction(1, 4), Fraction(3, 4)]]
    """
    return [[Fraction(c, 2**n) for c in row] for row in _position_counts(n)]


def _card_positions_in_reach(n: int, max_riffles: int, card: int) -> None:
    _law_in_reach(n, max_riffles)
    limit("n", n, POSITION_MAX_CARDS, "the one-card law takes O(n^3) steps: use fewer cards")
    if card > n - 1:
        raise ValueError(f"card must be at most {n - 1}, got {card}")


@validate_arguments(requires=_card_positions_in_reach)
def card_positions(n: whole(1), max_riffles: whole(0), card: whole(0)) -> np.ndarray:
    """Return rows k = 0..max_riffles: the chance that ``card`` (a start position) is at j.

    Floats, from powers of the one-card matrix of :func:`position_law`.

    >>> card_positions(3, 1, card=2).round(3).tolist()
    [[0.0, 0.0, 1.0], [0.125, 0.25, 0.625]]
    """
    np = numpy_for("card_positions")
    step = np.array(_position_counts(n), dtype=float) / 2.0**n
    rows = [np.eye(n)[card]]
    for _ in range(max_riffles):
        rows.append(rows[-1] @ step)
    return np.array(rows)


@validate_arguments
def cutoff(n_cards: whole(1)) -> float:
    """Return 3/2 log2 n, where Bayer and Diaconis locate the drop of the distance.

    >>> round(cutoff(52), 2)
    8.55
    """
    return 1.5 * math.log2(n_cards)


def _k_riffles(decks: np.ndarray, gen, k: int) -> None:
    """The batched :func:`riffles`: like :func:`riffle`'s, but k has no default."""
    batched.gsr_riffles(decks, gen, k)


# stats.simulate(riffle, n, trials, k=7) and simulate(riffles, n, trials, k=7) use
# the batched Gilbert-Shannon-Reeds kernel, proved against this module's own law.
if batched is not None:
    batched.register(riffle, batched.gsr_riffles)
    batched.register(riffles, _k_riffles)
    _k_riffles.cost = batched.gsr_riffles.cost
