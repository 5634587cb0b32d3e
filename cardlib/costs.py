"""What shuffles cost, counted exactly: random draws, element moves, ties between keys.

- Draw with replacement and retry repeats (the coupon collector): n * H_n
  draws on average (:func:`coupon_mean`), with no upper bound, but a long run
  is exponentially rare (:func:`coupon_tail`).
- Pick-and-remove: ``list.pop(position)`` moves every card after the
  position one place left; n(n - 1)/4 moves on average in all
  (:func:`expected_pop_moves`, counted by :func:`pick_and_remove_moves`),
  against n - 1 swaps for Knuth's shuffle.
- Sorting by random keys: fair except when two keys tie
  (:func:`key_tie_probability`, the birthday problem).

>>> coupon_mean(3)
Fraction(11, 2)
>>> expected_pop_moves(52)
Fraction(663, 1)
>>> key_tie_probability(3, 4)
Fraction(5, 8)
"""

from __future__ import annotations

import math
from fractions import Fraction

from .validation import as_rng, sequence, whole_number

__all__ = [
    "MAX_TAIL_DRAWS",
    "coupon_mean",
    "coupon_tail",
    "expected_pop_moves",
    "pick_and_remove_moves",
    "key_tie_probability",
]

#: coupon_tail works with fractions whose denominators are n**t; it refuses t above this.
MAX_TAIL_DRAWS = 20_000


def coupon_mean(n: int) -> Fraction:
    """Return the mean number of draws with replacement until all n positions are seen: n * H_n.

    When k positions are still missing, a draw finds one with probability k/n,
    so it takes n/k draws on average; n/n + n/(n-1) + ... + n/1 in all.

    >>> float(coupon_mean(52))
    235.97828543626736
    """
    n = whole_number("n", n, maximum=10**6)
    return sum((Fraction(n, k) for k in range(1, n + 1)), Fraction(0))


def coupon_tail(n: int, t: int) -> Fraction:
    """Return the exact probability that seeing all n positions takes more than t draws.

    Inclusion-exclusion over the positions still missing after t draws:
    sum over k of (-1)**(k+1) * C(n, k) * ((n - k) / n)**t.

    >>> coupon_tail(2, 1), coupon_tail(2, 3)
    (Fraction(1, 1), Fraction(1, 4))
    """
    n = whole_number("n", n, minimum=1, maximum=1000)
    t = whole_number("t", t, maximum=MAX_TAIL_DRAWS)
    total = sum((-1) ** (k + 1) * math.comb(n, k) * (n - k) ** t for k in range(1, n + 1))
    return Fraction(total, n**t)


def expected_pop_moves(n: int) -> Fraction:
    """Return the mean number of cards ``list.pop(position)`` moves in a pick-and-remove of n cards.

    With s cards left, the position is uniform over 0 .. s-1 and the s - 1 - position
    cards after it move: (s - 1)/2 on average; summed over s = n .. 1, n(n - 1)/4.

    >>> expected_pop_moves(4)
    Fraction(3, 1)
    """
    n = whole_number("n", n)
    return Fraction(n * (n - 1), 4)


def pick_and_remove_moves(deck, rng=None) -> tuple[list, int]:
    """Shuffle like :func:`cardlib.shuffles.pick_and_remove`; return (shuffled, cards moved).

    The same draws and the same result; ``moves`` counts the cards that each
    ``pile.pop(position)`` shifts one place left to close the gap.

    >>> pick_and_remove_moves("ABCD", rng=1)
    (['B', 'D', 'A', 'C'], 3)
    """
    rng = as_rng(rng)
    pile = sequence("deck", deck)
    shuffled, moves = [], 0
    while pile:
        position = rng.randrange(len(pile))
        moves += len(pile) - 1 - position
        shuffled.append(pile.pop(position))
    return shuffled, moves


def key_tie_probability(n: int, m: int) -> Fraction:
    """Return the probability that n keys drawn from ``randrange(m)`` are not all different.

    One minus m(m-1)...(m-n+1) / m**n: the birthday problem.

    >>> float(key_tie_probability(52, 2**53))   # random.random() keys for 52 cards
    1.472155730652852e-13
    """
    n = whole_number("n", n, maximum=10**6)
    m = whole_number("m", m, minimum=1)
    return 1 - Fraction(math.perm(m, n), m**n)
