"""chi_square: the p-value against closed forms, and the position-matrix scaling proved exactly."""

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from cardlib.shuffles import knuth_shuffle, naive_swap_shuffle
from cardlib.stats import (
    chi_square,
    chi_square_sf,
    position_counts,
    regularized_upper_gamma,
)


def closed_form_sf(x: float, dof: int) -> float:
    """P(chi-square with dof degrees of freedom >= x), from the textbook closed forms.

    Even dof: a Poisson tail, e^-y sum_{k < dof/2} y^k / k!, with y = x/2.
    Odd dof: erfc(sqrt y) + e^-y sum_{k=1}^{(dof-1)/2} y^(k-1/2) / Gamma(k + 1/2).
    """
    y = x / 2
    if y == 0:
        return 1.0
    if dof % 2 == 0:
        return math.fsum(math.exp(-y + k * math.log(y) - math.lgamma(k + 1))
                         for k in range(dof // 2))
    return math.erfc(math.sqrt(y)) + math.fsum(
        math.exp(-y + (k - 0.5) * math.log(y) - math.lgamma(k + 0.5))
        for k in range(1, (dof - 1) // 2 + 1))


@pytest.mark.compat
@pytest.mark.parametrize("dof", [1, 2, 3, 4, 5, 9, 10, 25, 36, 81, 100, 625, 2601])
def test_sf_matches_closed_forms(dof):
    # From far below the mean to far above it, on both sides of the series /
    # continued-fraction split at x = dof/2 + 1.
    for x in [1e-6, 0.1, 0.5, 1, dof / 2, dof - 1, dof, dof + 2, dof + 2 * math.sqrt(2 * dof),
              2 * dof, 3 * dof + 40]:
        expected = closed_form_sf(x, dof)
        got = chi_square_sf(x, dof)
        assert got == pytest.approx(expected, rel=1e-9, abs=1e-300), (x, dof)


def test_sf_edges_and_known_values():
    assert chi_square_sf(0, 7) == 1.0
    assert chi_square_sf(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-12)
    assert chi_square_sf(6.634896601021214, 1) == pytest.approx(0.01, rel=1e-12)
    assert chi_square_sf(124.34211340400407, 100) == pytest.approx(0.05, rel=1e-10)
    assert 0 < chi_square_sf(5000, 100) < 1e-300 or chi_square_sf(5000, 100) == 0.0
    assert regularized_upper_gamma(3, 1e-12) == pytest.approx(1.0)


def test_position_matrix_scaling_is_exact_in_the_mean():
    # For a uniform shuffle, E[statistic] = (n-1)^2 = dof for every number of
    # trials: average the statistic over every possible run of T shuffles.
    for n, trials in [(3, 1), (3, 2), (3, 3), (4, 2)]:
        perms = list(itertools.permutations(range(n)))
        total = Fraction(0)
        for run in itertools.product(perms, repeat=trials):
            counts = np.zeros((n, n), dtype=int)
            for order in run:
                for position, card in enumerate(order):
                    counts[card, position] += 1
            total += Fraction(chi_square(counts).statistic).limit_denominator(10**6)
        assert total / len(perms) ** trials == (n - 1) ** 2


def test_p_values_of_a_fair_shuffle_are_spread_evenly():
    # Seeded: 200 runs of 300 Knuth shuffles of 5 cards. Without the (n-1)/n
    # scaling about a third of the runs fall below p = 0.1; with it about 10 %.
    p_values = [chi_square(position_counts(knuth_shuffle, 5, 300, rng=seed)).p_value
                for seed in range(200)]
    assert 0.05 <= np.mean(np.array(p_values) < 0.1) <= 0.16
    assert 0.4 <= np.mean(p_values) <= 0.6


def test_naive_swap_is_caught():
    result = chi_square(position_counts(naive_swap_shuffle, 5, 5000, rng=1))
    assert result.dof == 16 and result.p_value < 1e-12


def test_one_dimensional_counts_with_expected():
    result = chi_square([30, 70], expected=[0.25, 0.75])
    assert result.statistic == pytest.approx(25 / 25 + 25 / 75)
    assert result.dof == 1
    assert result.p_value == pytest.approx(math.erfc(math.sqrt(result.statistic / 2)))


@pytest.mark.compat
@pytest.mark.parametrize("counts, expected, message", [
    ([], None, "must hold at least one count"),
    ([5], None, "at least 2 categories"),
    ([1, -1], None, "whole numbers of at least 0"),
    ([1.5, 2], None, "whole numbers of at least 0"),
    ([0, 0], None, "all counts are 0"),
    ([1, 2], [0.5, 0.25], "add up to 1"),
    ([1, 2], [1.0], "2 positive probabilities"),
    ([[1, 0], [0, 2]], None, "every row and column summing to the same"),
    ([[1, 0, 0], [0, 1, 0]], None, "square position matrix"),
    ([[0, 0], [0, 0]], None, "zero trials"),
    ([[1, 0], [0, 1]], [0.5, 0.5], "expected is only for 1-D counts"),
])
def test_bad_counts_are_refused(counts, expected, message):
    with pytest.raises(ValueError, match=message):
        chi_square(counts, expected)


@pytest.mark.compat
def test_bad_sf_arguments_are_refused():
    with pytest.raises(ValueError, match="dof must be at least 1, got 0"):
        chi_square_sf(1.0, 0)
    with pytest.raises(ValueError, match="x must be at least 0"):
        regularized_upper_gamma(1, -1)
    with pytest.raises(ValueError, match="the shape a must be positive"):
        regularized_upper_gamma(0, 1)
