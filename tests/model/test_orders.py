"""The factorial number system: unrank and rank, and why its digits are the Fisher-Yates draws."""

import itertools
import math
from fractions import Fraction

import pytest

from cardlib import exact, orders
from cardlib.orders import (
    factorial_digits,
    from_factorial_digits,
    rank,
    run_with_draws,
    unrank,
    unrank_shuffle,
)
from cardlib.shuffles import knuth_shuffle, pick_and_remove

SIZES = range(0, 7)


@pytest.mark.parametrize("n", SIZES)
def test_unrank_numbers_the_orders_lexicographically_and_rank_inverts_it(n):
    everything = [list(p) for p in itertools.permutations(range(n))]
    assert [unrank(r, n) for r in range(math.factorial(n))] == everything
    assert [rank(order) for order in everything] == list(range(math.factorial(n)))


@pytest.mark.parametrize("n", SIZES)
def test_factorial_digits_round_trip_and_stay_below_their_radix(n):
    for r in range(math.factorial(n)):
        digits = factorial_digits(r, n)
        assert len(digits) == n and all(0 <= d < n - k for k, d in enumerate(digits))
        assert from_factorial_digits(digits) == r


@pytest.mark.parametrize("n", [*range(1, 6), pytest.param(6, marks=pytest.mark.largest)])
def test_the_digits_of_r_are_the_draws_that_make_pick_and_remove_deal_order_r(n):
    for r in range(math.factorial(n)):
        assert run_with_draws(pick_and_remove, n, factorial_digits(r, n)) == unrank(r, n)


@pytest.mark.parametrize("n", [*range(1, 6), pytest.param(6, marks=pytest.mark.largest)])
def test_knuths_draws_are_the_digits_of_one_number_below_n_factorial(n):
    # Every path of Knuth's shuffle draws from n, n-1, ..., 2 values: with a last 0 they are
    # exactly the factorial digits of the numbers below n!, each number once ...
    walked = [path.choices + (0,) for path in exact.paths(knuth_shuffle, n)]
    assert sorted(walked) == [tuple(factorial_digits(r, n)) for r in range(math.factorial(n))]
    # ... and decoding them with Knuth's swaps is another one-to-one numbering of the orders.
    decoded = {tuple(run_with_draws(knuth_shuffle, n, factorial_digits(r, n)))
               for r in range(math.factorial(n))}
    assert decoded == set(itertools.permutations(range(n)))


@pytest.mark.parametrize("n", range(1, 7))
def test_unranking_one_draw_below_n_factorial_gives_the_law_of_knuths_shuffle(n):
    law = exact.distribution(unrank_shuffle, n)
    assert law == exact.distribution(knuth_shuffle, n)
    assert set(law.values()) == {Fraction(1, math.factorial(n))}


def test_known_values_worked_by_hand():
    # 3 = 1*2! + 1*1! + 0*0!: take card 1 of [0, 1, 2], then card 1 of [0, 2], then 0.
    assert factorial_digits(3, 3) == [1, 1, 0] and unrank(3, 3) == [1, 2, 0]
    assert unrank(math.factorial(52) - 1, 52) == list(range(51, -1, -1))
    assert rank(list(range(52))) == 0


@pytest.mark.compat
@pytest.mark.parametrize("call, error, message", [
    (lambda: unrank(6, 3), ValueError, "below 3! = 6"),
    (lambda: unrank(-1, 3), ValueError, "r must be at least 0"),
    (lambda: unrank(1.0, 3), TypeError, "r must be a whole number"),
    (lambda: unrank(0, orders.MAX_RANK_CARDS + 1), ValueError, "n must be at most"),
    (lambda: rank([0, 0, 1]), ValueError, "each of 0 .. 2 once"),
    (lambda: rank([1, 2, 3]), ValueError, "each of 0 .. 2 once"),
    (lambda: from_factorial_digits([0, 2]), ValueError, "digit 1 must be below 1"),
    (lambda: run_with_draws(knuth_shuffle, 3, [3, 0]), ValueError, "below 3"),
    (lambda: run_with_draws(knuth_shuffle, 3, [0, 0, 0, 0]), ValueError, "at most 3 draws"),
    (lambda: run_with_draws(pick_and_remove, 3, [0]), ValueError, "only 1 answers"),
    (lambda: run_with_draws(lambda d, rng: rng.randrange(2), 3, [0]), ValueError,
     "answers are for randrange"),
])
def test_bad_calls_say_what_is_wrong(call, error, message):
    with pytest.raises(error, match=message):
        call()
