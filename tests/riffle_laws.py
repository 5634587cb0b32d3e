"""The exact law of ``k`` riffles of cardlib's :func:`~cardlib.riffle.riffles` on ``n``
cards, walked by :mod:`cardlib.exact` once per test process (a learner's function to it, so
walked under every defence: seconds for 4 cards and 2 riffles), for the tests that hold
formulas and kernels against it."""

import functools
from fractions import Fraction

from cardlib import exact, riffle


@functools.cache
def riffles_law(n: int, k: int) -> dict[tuple[int, ...], Fraction]:
    def riffled(deck, rng=None):
        return riffle.riffles(deck, k, rng)

    return exact.distribution(riffled, n)
