"""Costs counted exactly: coupon-collector draws, element moves of pick-and-remove, key ties."""

import itertools
import math
import random
from fractions import Fraction

import pytest

from cardlib import exact
from cardlib.costs import (
    coupon_mean,
    coupon_tail,
    expected_pop_moves,
    key_tie_probability,
    pick_and_remove_moves,
)
from cardlib.shuffles import pick_and_remove


@pytest.mark.parametrize("n, t", [(1, 0), (1, 3), (2, 1), (2, 4), (3, 3), (3, 6), (4, 5)])
def test_coupon_tail_against_every_sequence_of_draws(n, t):
    # P(more than t draws) = P(t draws miss some position): count the sequences of t draws.
    missing = sum(len(set(draws)) < n for draws in itertools.product(range(n), repeat=t))
    assert coupon_tail(n, t) == Fraction(missing, n**t)


@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_coupon_mean_is_the_sum_of_the_tail(n):
    # E[T] = sum over t >= 0 of P(T > t); the tail beyond 3,000 draws is far below 1e-30.
    partial = sum(coupon_tail(n, t) for t in range(3000))
    assert 0 <= coupon_mean(n) - partial < Fraction(1, 10**30)
    assert coupon_mean(n) == n * sum(Fraction(1, k) for k in range(1, n + 1))


def test_coupon_numbers_quoted_in_lesson_1():
    assert round(float(coupon_mean(52))) == 236
    assert 1e-8 < coupon_tail(52, 1000) < 1e-6


def _moves_only(deck, rng):
    return [pick_and_remove_moves(deck, rng)[1]]


@pytest.mark.parametrize("n", range(1, 7))
def test_mean_moves_of_pick_and_remove_is_n_n_minus_1_over_4(n):
    law = exact.distribution(_moves_only, n)
    assert sum(p * moves for (moves,), p in law.items()) == expected_pop_moves(n)


@pytest.mark.parametrize("n", range(1, 6))
def test_counting_moves_changes_nothing_in_the_shuffle(n):
    counted = [(p.choices, tuple(pick_and_remove_moves(range(n), _Script(p.choices))[0]))
               for p in exact.paths(pick_and_remove, n)]
    assert counted == [(p.choices, p.outcome) for p in exact.paths(pick_and_remove, n)]
    for seed in range(20):
        assert pick_and_remove_moves(range(30), seed)[0] == pick_and_remove(range(30), seed)


class _Script:
    def __init__(self, answers):
        self.answers = list(answers)

    def randrange(self, size):
        return self.answers.pop(0)


@pytest.mark.parametrize("n, m", [(1, 1), (2, 2), (3, 4), (4, 3), (3, 10)])
def test_key_tie_probability_against_every_draw_of_keys(n, m):
    ties = sum(len(set(keys)) < n for keys in itertools.product(range(m), repeat=n))
    assert key_tie_probability(n, m) == Fraction(ties, m**n)


def test_ties_among_float_keys_for_52_cards_are_about_one_in_seven_trillion():
    p = key_tie_probability(52, 2**53)
    assert math.isclose(float(p), 52 * 51 / 2 / 2**53, rel_tol=1e-3)


@pytest.mark.parametrize("call, message", [
    (lambda: coupon_tail(0, 3), "n must be at least 1"),
    (lambda: coupon_tail(3, 10**6), "t must be at most"),
    (lambda: key_tie_probability(3, 0), "m must be at least 1"),
    (lambda: expected_pop_moves(-1), "n must be at least 0"),
])
def test_bad_calls_say_what_is_wrong(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_random_use_is_seeded():
    assert pick_and_remove_moves(range(10), random.Random(3)) == pick_and_remove_moves(range(10), 3)
