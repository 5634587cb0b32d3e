"""stats.chi_square: p-values against an independent integral and printed tables; clear errors."""

import itertools
import math

import numpy as np
import pytest

from cardlib import hand, stats
from cardlib.shuffles import knuth_shuffle, stride_shuffle


def tail_by_integration(x, dof):
    """P(X >= x) by integrating the chi-square density numerically (x > 0)."""
    grid = np.linspace(x, x + 60 + 20 * dof ** 0.5 + 5 * dof, 400_001)
    log_density = ((dof / 2 - 1) * np.log(grid) - grid / 2
                   - (dof / 2) * math.log(2) - math.lgamma(dof / 2))
    return float(np.trapezoid(np.exp(log_density), grid))


@pytest.mark.parametrize("dof", [1, 2, 3, 4, 7, 10, 23, 51, 119])
def test_p_value_matches_the_integral_of_the_density(dof):
    for x in (0.5 * dof, dof, dof + 2 * math.sqrt(2 * dof), 3 * dof + 5):
        assert stats.chi_square_p(x, dof) == pytest.approx(tail_by_integration(x, dof), abs=1e-6)


@pytest.mark.parametrize("dof, critical", [(1, 3.841), (5, 11.070), (23, 35.172), (100, 124.342)])
def test_printed_five_percent_critical_values(dof, critical):
    assert stats.chi_square_p(critical, dof) == pytest.approx(0.05, abs=2e-4)


def test_large_dof_does_not_overflow_and_is_monotone():
    ps = [stats.chi_square_p(x, 719) for x in (0, 600, 719, 800, 1000, 5000)]
    assert ps[0] == 1 and all(a > b for a, b in zip(ps, ps[1:])) and ps[-1] < 1e-100
    assert 0.4 < ps[2] < 0.6   # the median is close to the mean for large dof


def test_chi_square_on_simulated_decks_tells_fair_from_unfair():
    n, trials = 4, 24_000
    expected = [trials / math.factorial(n)] * math.factorial(n)
    orders = list(itertools.permutations(range(n)))
    for shuffle, fair in ((knuth_shuffle, True), (stride_shuffle, False),
                          (hand.overhand_shuffle, False)):
        counts = stats.order_counts(stats.simulate(shuffle, n, trials, seed=6))
        result = stats.chi_square([counts.get(o, 0) for o in orders], expected)
        assert result.dof == 23
        assert (result.p_value > 0.001) == fair, (shuffle.__name__, result)


def test_counting_helpers_agree_with_plain_loops():
    decks = stats.simulate(knuth_shuffle, 5, 500, seed=2)
    counts = stats.decks_position_counts(decks)
    plain = np.zeros((5, 5), dtype=int)
    for row in decks:
        for position, card in enumerate(row):
            plain[card, position] += 1
    assert (counts == plain).all()
    orders = stats.order_counts(decks)
    assert sum(orders.values()) == 500
    assert orders[tuple(decks[0].tolist())] == sum((decks == decks[0]).all(axis=1))


@pytest.mark.parametrize("call, message", [
    (lambda: stats.chi_square([1, 2], [1, 2, 3]), "observed has 2 cells but expected has 3"),
    (lambda: stats.chi_square([1, 2], [0, 3]), "every expected count must be positive"),
    (lambda: stats.chi_square([5], [5]), "1 cells leave 0 degrees of freedom"),
    (lambda: stats.chi_square_p(-1.0, 3), "a chi-square statistic is at least 0, got -1.0"),
    (lambda: stats.chi_square_p(1.0, 0), "dof must be at least 1, got 0"),
])
def test_bad_input(call, message):
    with pytest.raises(ValueError, match=message):
        call()
