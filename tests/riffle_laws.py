"""The exact law of ``k`` riffles of cardlib's :func:`~cardlib.riffle.riffles` on ``n``
cards, for the tests that hold formulas and kernels against it: one riffle walked by
:mod:`cardlib.exact` (a learner's function to it, so walked under every defence), and more
riffles composed from it, once per test process."""

import functools
from collections import Counter
from fractions import Fraction

from cardlib import exact, riffle


def compose(first, second):
    """The law of ``first`` followed by an independent ``second`` (both laws of orders)."""
    law = Counter()
    for sigma, p in first.items():
        for tau, q in second.items():
            # second shuffles the positions of the deck that first left
            law[tuple(sigma[i] for i in tau)] += p * q
    return dict(law)


@functools.cache
def riffles_law(n: int, k: int) -> dict[tuple[int, ...], Fraction]:
    """Walked for k < 2; composed for more riffles, which are independent: walking
    riffles(deck, 2) on 4 cards takes seconds and gives the same law
    (tests/model/test_riffle.py walks it against the formula, and composes it too)."""
    if k >= 2:
        return compose(riffles_law(n, k - 1), riffles_law(n, 1))

    def riffled(deck, rng=None):
        return riffle.riffles(deck, k, rng)

    return exact.distribution(riffled, n)
