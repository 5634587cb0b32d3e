"""The claims of lesson 1 (what makes a shuffle fair) that are answers or pinned numbers.

The lesson states them once (in a prediction's answer, a figure's title, a sentence of prose);
these tests recompute each one, so that a change in cardlib or in Python that makes the lesson
wrong fails here.
"""

import itertools
import math
import random
from fractions import Fraction

from cardlib import costs, exact, shuffles, stats


def cut_and_flip(deck, rng):
    """The lesson's tiny shuffle: a random cut, then a coin decides to swap the two bottom cards."""
    cut = rng.randrange(len(deck))
    deck = deck[cut:] + deck[:cut]
    if rng.randrange(2) == 1:
        deck[0], deck[1] = deck[1], deck[0]
    return deck


def test_52_factorial_and_its_bits():
    orders52 = math.factorial(52)
    assert f"{orders52:.2e}" == "8.07e+67" and len(str(orders52)) == 68
    assert round(math.log2(orders52), 1) == 225.6
    assert math.ceil(math.log2(math.factorial(54))) == 238


def test_cut_and_flip_is_fair_on_3_cards_only():
    assert exact.distribution(cut_and_flip, 3) == {
        order: Fraction(1, 6) for order in itertools.permutations(range(3))}
    assert len(exact.distribution(cut_and_flip, 4)) == 8   # of 24 orders


def test_naive_swap_on_3_cards():
    law = exact.distribution(shuffles.naive_swap_shuffle, 3)
    likeliest = {order for order, p in law.items() if p == Fraction(5, 27)}
    assert likeliest == {(0, 2, 1), (1, 0, 2), (1, 2, 0)}
    assert {p for order, p in law.items() if order not in likeliest} == {Fraction(4, 27)}


def test_naive_swap_is_fair_on_2_cards_and_never_from_3_on():
    assert exact.distribution(shuffles.naive_swap_shuffle, 2) == {(0, 1): Fraction(1, 2),
                                                                  (1, 0): Fraction(1, 2)}
    for n in (3, 4, 5):
        assert len(set(exact.distribution(shuffles.naive_swap_shuffle, n).values())) > 1
    assert [n for n in range(1, 60) if n**n % math.factorial(n) == 0] == [1, 2]
    for n in range(3, 60):  # a prime factor of n - 1 divides n! and not n**n
        p = next(d for d in range(2, n) if (n - 1) % d == 0)
        assert math.factorial(n) % p == 0 and n**n % p != 0


def test_naive_swap_on_4_cards():
    law = exact.distribution(shuffles.naive_swap_shuffle, 4)
    assert len(law) == 24
    assert max(law.values()) == Fraction(15, 256) and min(law.values()) == Fraction(8, 256)


def test_primes_that_prove_10_cards_unfair():
    assert [p for p in (2, 3, 5, 7) if math.factorial(10) % p == 0 and 10**10 % p] == [3, 7]


def test_naive_swap_bias_matrix_on_6_cards():
    matrix = stats.exact_position_matrix(exact.distribution(shuffles.naive_swap_shuffle, 6))
    fair = Fraction(1, 6)
    assert all(matrix[i][i - 1] > fair for i in range(1, 6))   # just below the diagonal
    assert matrix[5][0] == min(min(row) for row in matrix) < fair  # the bottom-left corner


def test_stride_shuffle_orders():
    assert [((3 - 1 + k * 2) % 5) + 1 for k in range(5)] == [3, 5, 2, 4, 1]  # the article's
    for n in range(2, 9):
        phi = sum(1 for d in range(1, n) if math.gcd(d, n) == 1)
        law = exact.distribution(shuffles.stride_shuffle, n)
        assert len(law) == n * phi and set(law.values()) == {Fraction(1, n * phi)}
    assert len(exact.distribution(shuffles.stride_shuffle, 5)) == 20
    assert len(exact.distribution(shuffles.stride_shuffle, 4)) == 8
    assert len(exact.distribution(shuffles.stride_shuffle, 10)) == 40
    phi52 = [d for d in range(1, 52) if math.gcd(d, 52) == 1]
    assert phi52 == [d for d in range(1, 52, 2) if d not in (13, 39)] and 52 * len(phi52) == 1248


def test_stride_shuffle_lands_every_card_everywhere_equally():
    for n in (4, 5, 6):
        matrix = stats.exact_position_matrix(exact.distribution(shuffles.stride_shuffle, n))
        assert all(p == Fraction(1, n) for row in matrix for p in row)


def test_random_keys_and_their_ties():
    law = exact.distribution(lambda deck, rng: shuffles.random_key_shuffle(deck, rng, m=4), 3)
    assert law[(0, 1, 2)] == Fraction(5, 16) and law[(2, 1, 0)] == Fraction(1, 16)
    assert costs.key_tie_probability(3, 4) == Fraction(5, 8)
    assert costs.key_tie_probability(3, 6) == Fraction(4, 9)
    p_tie = float(costs.key_tie_probability(52, 2**53))
    assert f"{p_tie:.2e}" == "1.47e-13" and round(1 / p_tie / 1e12) == 7   # 7 trillion


def test_random_comparator_favours_the_unchanged_and_reversed_orders():
    for n in (3, 4):
        law = exact.distribution(shuffles.comparator_sort_shuffle, n)
        assert sum(law.values()) == 1 and len(set(law.values())) > 1
    law4 = exact.distribution(shuffles.comparator_sort_shuffle, 4)
    assert law4[(0, 1, 2, 3)] > Fraction(2, 24) and law4[(3, 2, 1, 0)] > Fraction(2, 24)


def test_the_fair_shuffle_of_the_panel_makes_the_draws_of_random_shuffle():
    for seed in range(100):
        ours, python = list(range(20)), list(range(20))
        shuffles.knuth_shuffle(ours, random.Random(seed))
        random.Random(seed).shuffle(python)
        assert ours == python
