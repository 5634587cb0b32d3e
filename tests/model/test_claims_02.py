"""The claims of lesson 2 (fair, but at what cost?) that are answers or pinned numbers.

The lesson states them once (in a prediction's answer, a figure's title, a sentence of prose);
these tests recompute each one, so that a change in cardlib or in Python that makes the lesson
wrong fails here.
"""

import itertools
import math
import random
from fractions import Fraction

import pytest

from cardlib import costs, exact, orders, shuffles
from cardlib.exercises.fair import bounded_retry

AGE_OF_THE_UNIVERSE = 4.35e17   # seconds, the lesson's figure: 13.8 billion years


def test_retry_costs_n_times_the_harmonic_number():
    mean52 = costs.coupon_mean(52)
    assert mean52 == 52 * sum(Fraction(1, k) for k in range(1, 53))
    assert round(float(mean52)) == 236 and 4 < mean52 / 51 < 5
    rng = random.Random(1938)   # the lesson's seed: 100 runs of 52 cards land near the mean
    runs = [shuffles.retry_shuffle_counted(range(52), rng)[1] for _ in range(100)]
    assert abs(sum(runs) / 100 - float(mean52)) < 20


def test_harmonic_numbers_grow_like_ln_n():
    for n in (52, 1000, 100_000):
        h = sum(1 / k for k in range(1, n + 1))
        assert 0.57 < h - math.log(n) < 0.59


def test_retry_tree_is_infinite():
    with pytest.raises(ValueError):
        exact.distribution(shuffles.retry_shuffle, 3)


def test_tail_by_inclusion_exclusion():
    for n, t in ((3, 5), (4, 6)):   # against every sequence of t draws, counted one by one
        missing = sum(len(set(draws)) < n for draws in itertools.product(range(n), repeat=t))
        assert costs.coupon_tail(n, t) == Fraction(missing, n**t)
    tail = {t: float(costs.coupon_tail(52, t)) for t in (236, 2000)}
    assert 0.4 < tail[236] < 0.45 and tail[2000] < 1e-15


def test_bounded_retry_is_unfair():
    law = exact.distribution(bounded_retry, 3)
    assert law[(2, 1, 0)] == Fraction(4, 27) and law[(0, 1, 2)] == Fraction(5, 27)
    for bound in range(3, 7):  # any bound: every chance is a number over a power of 3
        def bounded(deck, rng, bound=bound):
            taken = []
            for _ in range(bound):
                j = rng.randrange(len(deck))
                if j not in taken:
                    taken.append(j)
            return [deck[j] for j in taken] + [c for j, c in enumerate(deck) if j not in taken]

        law = exact.distribution(bounded, 3)
        assert all(3**bound % p.denominator == 0 for p in law.values())
        assert Fraction(1, 6) not in law.values()


def test_listing_every_order():
    assert set(exact.distribution(shuffles.brute_force_shuffle, 4).values()) == {Fraction(1, 24)}
    with pytest.raises(ValueError):
        shuffles.brute_force_shuffle(range(52))
    assert math.factorial(52) / 1e9 > 1e40 * AGE_OF_THE_UNIVERSE   # at a billion a second


def test_unrank_numbers_the_orders_in_dictionary_order():
    assert orders.unrank(3, 3) == [1, 2, 0] and orders.factorial_digits(3, 3) == [1, 1, 0]
    for n in range(1, 7):
        assert [tuple(orders.unrank(r, n)) for r in range(math.factorial(n))] == list(
            itertools.permutations(range(n)))


def test_digits_are_pick_and_remove_draws():
    for n in range(1, 6):
        for r in range(math.factorial(n)):
            digits = orders.factorial_digits(r, n)
            assert orders.run_with_draws(shuffles.pick_and_remove, n, digits) == orders.unrank(r, n)


def test_random_sample_retries_when_the_population_is_large():
    def retry_sample(population, k, rng):
        taken, chosen = set(), []
        while len(chosen) < k:
            j = rng.randrange(len(population))
            if j not in taken:
                taken.add(j)
                chosen.append(population[j])
        return chosen

    population = range(1000)
    assert all(random.Random(seed).sample(population, 5)
               == retry_sample(population, 5, random.Random(seed)) for seed in range(200))


def test_bits_of_one_number_below_52_factorial():
    orders52 = math.factorial(52)
    assert orders52.bit_length() == 226 == math.ceil(math.log2(orders52))
    accept = orders52 / 2**226
    assert round(1 - accept, 2) == 0.25 and round(226 / accept) == 302


def test_knuth_swaps_decode_the_numbers_in_another_order():
    knuth = [tuple(orders.run_with_draws(shuffles.knuth_shuffle, 4, orders.factorial_digits(r, 4)))
             for r in range(24)]
    assert len(set(knuth)) == 24
    assert knuth != [tuple(orders.unrank(r, 4)) for r in range(24)]
