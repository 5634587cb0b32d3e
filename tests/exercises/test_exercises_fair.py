"""The exercise checks of lessons 1 and 2: each accepts its answer, explains typical wrong ones."""

import itertools
import math
from fractions import Fraction

import pytest

from cardlib import exact, orders, shuffles
from cardlib.exercises import TODO
from cardlib.exercises.fair import (
    bounded_retry,
    check_bits_for_54,
    check_bounded_retry,
    check_stride_orders,
    check_stride_shuffle,
    check_tie_chance,
    check_uneven_prime,
    check_unrank,
)


@pytest.mark.parametrize("check, answer, wrongs", [
    (check_bits_for_54, 238, {54: "number of cards", 6: "one card of 54", 237: "round up",
                              324: "not the fewest", 239: "smallest k"}),
    (check_uneven_prime, 3, {2: "divides 10^10", 5: "divides 10^10", 11: "does not divide 10!",
                             9: "not a prime", 2.5: "not a whole number"}),
    (check_stride_orders, 40, {90: "share a factor with 10", math.factorial(10): "every order",
                               10: "several strides", 41: "first card and its stride"}),
    (check_tie_chance, Fraction(4, 9), {Fraction(5, 9): "all three keys differ",
                                        Fraction(1, 6): "two given keys",
                                        Fraction(1, 2): "cannot simply be added",
                                        96: "number of draws"}),
    (check_bounded_retry, Fraction(4, 27), {Fraction(1, 6): "a fair shuffle gives",
                                            Fraction(1, 27): "draws with a repeat",
                                            Fraction(5, 27): "such as 0 1 2",
                                            4: "count of paths"}),
])
def test_value_checks(check, answer, wrongs):
    assert check(answer).ok
    assert check(TODO).status == "todo"
    for given, explanation in wrongs.items():
        feedback = check(given)
        assert feedback.status == "wrong" and explanation in feedback.message, (given, feedback)
        assert feedback.where or "float" in feedback.message


def test_bits_answer_is_the_least_whole_number_of_bits():
    assert 2**237 < math.factorial(54) <= 2**238


def test_the_primes_that_prove_the_naive_swap_uneven_on_10_cards():
    assert check_uneven_prime(7).ok
    assert Fraction(10**10, math.factorial(10)).denominator == 3**4 * 7


def good_unrank(r, n):
    pile, order = list(range(n)), []
    for k in range(n):
        digit, r = divmod(r, math.factorial(n - 1 - k))
        order.append(pile.pop(digit))
    return order


def digits_least_first(r, n):  # reads the factorial digits in the wrong order
    pile, order = list(range(n)), []
    for k in range(n):
        r, digit = divmod(r, k + 1)
        order.append(pile.pop(min(digit, len(pile) - 1)))
    return order


def no_removal(r, n):  # picks from the full list every time
    cards = list(range(n))
    return [cards[divmod(r, math.factorial(n - 1 - k))[0] % n] for k in range(n)]


def crashes(r, n):  # off by one: indexes past the end of the pile
    return [list(range(n))[r + 1]]


def test_unrank_check():
    assert check_unrank(good_unrank).ok and check_unrank(orders.unrank).ok
    assert check_unrank(lambda r, n: TODO).status == "todo"
    feedback = check_unrank(digits_least_first)
    assert feedback.status == "wrong" and "should be" in feedback.message
    assert any("factorial digits" in line for line in feedback.details)
    assert "not an order" in check_unrank(no_removal).message
    assert "print only shows it" in check_unrank(lambda r, n: None).message
    assert "raised IndexError" in check_unrank(crashes).message
    assert "not a list" in check_unrank(lambda r, n: 7).message
    assert check_unrank(lambda r, n: tuple(good_unrank(r, n))).ok  # a tuple is fine


def stride(deck, rng):
    n = len(deck)
    strides = [d for d in range(1, n) if math.gcd(d, n) == 1]
    first = rng.randrange(n)
    d = strides[rng.randrange(len(strides))]
    return [deck[(first + k * d) % n] for k in range(n)]


def stride_no_gcd(deck, rng):  # every stride from 1 to n - 1, usable or not
    n = len(deck)
    first, d = rng.randrange(n), rng.randrange(1, n)
    return [deck[(first + k * d) % n] for k in range(n)]


def test_stride_shuffle_check():
    assert check_stride_shuffle(stride).ok
    assert check_stride_shuffle(lambda deck, rng: shuffles.stride_shuffle(deck, rng)).ok
    assert check_stride_shuffle(lambda deck, rng: TODO).status == "todo"
    assert "share a factor" in check_stride_shuffle(stride_no_gcd).message
    knuth_copy = check_stride_shuffle(lambda deck, rng: shuffles.pick_and_remove(deck, rng))
    assert knuth_copy.status == "wrong" and "no first card and stride make" in knuth_copy.message


def test_the_bounded_retry_from_its_27_paths():
    ends = {}
    for draws in itertools.product(range(3), repeat=3):
        seen = list(dict.fromkeys(draws))
        order = tuple(seen + [c for c in range(3) if c not in seen])
        ends[order] = ends.get(order, 0) + 1
    law = {order: Fraction(k, 27) for order, k in ends.items()}
    assert law == exact.distribution(bounded_retry, 3)
    assert check_bounded_retry(law[(2, 1, 0)]).ok and law[(2, 1, 0)] == Fraction(4, 27)
