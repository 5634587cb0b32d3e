"""From random bits to a number below m: modulo and float scaling against every value of k."""

import math
from fractions import Fraction

import pytest

from cardlib.draws import float_draw, float_law, modulo_law


@pytest.mark.compat
@pytest.mark.parametrize("bits", range(1, 9))
@pytest.mark.parametrize("m", [1, 2, 3, 5, 6, 7, 12, 52, 300])
def test_laws_against_every_k(bits, m):
    size = 2**bits
    by_modulo = [0] * m
    by_float = [0] * m
    for k in range(size):
        by_modulo[k % m] += 1
        by_float[int(k / size * m)] += 1  # Python's own float arithmetic
    assert modulo_law(m, bits) == {j: Fraction(c, size) for j, c in enumerate(by_modulo)}
    assert float_law(m, bits) == {j: Fraction(c, size) for j, c in enumerate(by_float)}


@pytest.mark.parametrize("m", [3, 5, 6, 7, 10, 52, 54, 56, 1000,
                               pytest.param(99991, marks=pytest.mark.largest)])
def test_float_law_with_53_bits_has_the_right_thresholds(m):
    # float_draw grows with k, so j is drawn by the k from the first k reaching j to the
    # first k reaching j + 1. Check that each threshold t_j is where it should be:
    # float_draw(t_j - 1) < j <= float_draw(t_j).
    law = float_law(m)
    assert sum(law.values()) == 1
    threshold = 0
    for j in range(m - 1):
        threshold += law[j] * 2**53
        assert float_draw(threshold - 1, m) <= j < float_draw(threshold, m)
    # Each j gets floor or ceil of 2**53 / m values of k, give or take one for rounding.
    for p in law.values():
        assert abs(p * 2**53 - Fraction(2**53, m)) < 2


def test_float_rounding_can_differ_from_exact_floor():
    k = 6004799503160661  # k * 3 / 2**53 = 2 - 2**-53 exactly, and the product rounds to 2.0
    assert (k * 3) >> 53 == 1 and float_draw(k, 3) == 2


def test_modulo_bias_in_miniature_and_where_it_vanishes():
    assert modulo_law(6, 3)[0] == Fraction(1, 4) and modulo_law(6, 3)[5] == Fraction(1, 8)
    assert set(modulo_law(8, 3).values()) == {Fraction(1, 8)}
    assert set(float_law(8, 3).values()) == {Fraction(1, 8)}
    assert math.isclose(float(max(float_law(52).values()) / min(float_law(52).values())), 1)


@pytest.mark.parametrize("call, error", [
    (lambda: modulo_law(0, 3), ValueError),
    (lambda: float_law(3, 54), ValueError),
    (lambda: float_law(3.0, 4), TypeError),
    (lambda: modulo_law(10**7, 3), ValueError),
])
def test_bad_calls(call, error):
    with pytest.raises(error):
        call()
