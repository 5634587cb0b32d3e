"""a-shuffles (Bayer and Diaconis), proved exactly on small decks by walking every draw.

- a 2-shuffle is the Gilbert–Shannon–Reeds riffle: the same deck for the same draws, and
  the same exact law;
- the exact law of an a-shuffle is C(a + n - r, n) / a^n, r the rising sequences;
- an a-shuffle followed by a b-shuffle has the law of one ab-shuffle (so k riffles are
  one 2^k-shuffle).
"""

import functools
import itertools
import random
from fractions import Fraction

import pytest

from cardlib import exact, mixing
from cardlib import riffle as R


@functools.cache
def a_law(a: int, n: int) -> dict:
    """The exact law of one a-shuffle of list(range(n)), every draw walked."""
    def shuffle(deck, rng=None):
        return R.a_shuffle(deck, a, rng)

    return exact.distribution(shuffle, n)


@pytest.mark.parametrize("n", [0, 1, 2, 5, 13, 52])
def test_a_2_shuffle_makes_the_riffle_deck_from_the_same_draws(n):
    for seed in range(500):
        deck = list(range(n))
        assert R.a_shuffle(deck, 2, random.Random(seed)) == R.riffle(deck, random.Random(seed))


@pytest.mark.parametrize("n", [1, 2, 3, 4, pytest.param(5, marks=pytest.mark.largest)])
def test_a_2_shuffle_has_the_riffle_law(n):
    assert a_law(2, n) == exact.distribution(R.riffle, n)


@pytest.mark.parametrize(("a", "n"), [(1, 3), (2, 4), (3, 3), (3, 4), (4, 4), (5, 3),
                                      pytest.param(3, 5, marks=pytest.mark.largest)])
def test_a_shuffle_law_is_the_rising_sequence_formula(a, n):
    law = a_law(a, n)
    for order in itertools.permutations(range(n)):
        assert law.get(order, 0) == R.a_shuffle_probability(order, a)
    assert sum(law.values()) == 1


@pytest.mark.parametrize(("a", "b", "n"),
                         [(2, 2, 3), (2, 3, 3), (3, 2, 3), (2, 2, 4), (2, 3, 4), (3, 2, 4),
                          pytest.param(2, 2, 5, marks=pytest.mark.largest)])
def test_an_a_shuffle_then_a_b_shuffle_is_an_ab_shuffle(a, b, n):
    assert mixing.compose(a_law(a, n), a_law(b, n)) == a_law(a * b, n)


@pytest.mark.parametrize("n", range(1, 5))
def test_k_riffles_are_one_2_to_the_k_shuffle(n):
    riffle_law = exact.distribution(R.riffle, n)
    assert mixing.compose(riffle_law, riffle_law) == a_law(4, n)
    for order in itertools.permutations(range(n)):
        for k in range(4):
            assert R.a_shuffle_probability(order, 2**k) == R.probability(order, k)


def test_one_packet_changes_nothing_and_the_input_is_left_alone():
    deck = list("ABCDE")
    assert R.a_shuffle(deck, 1, rng=3) == deck == list("ABCDE")
    assert R.a_shuffle(deck, 10**30, rng=3) != deck  # huge a: only non-empty packets count


@pytest.mark.parametrize(("args", "error", "words"), [
    (("ABC", 0), ValueError, "a must be"),
    (("ABC", 2.5), TypeError, "a must be"),
    (("ABC", "2"), TypeError, "a must be"),
])
def test_bad_packet_counts_are_refused(args, error, words):
    with pytest.raises(error, match=words):
        R.a_shuffle(*args)


@pytest.mark.compat
def test_a_shuffle_probability_refuses_what_it_cannot_compute():
    with pytest.raises(ValueError, match="limit"):
        R.a_shuffle_probability([0, 1], 2**101)
    with pytest.raises(ValueError, match="a must be"):
        R.a_shuffle_probability([0, 1], 0)
    assert R.a_shuffle_probability([1, 0], 2) == Fraction(1, 4)
