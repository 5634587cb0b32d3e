"""The shuffles added for lessons 1 and 5-6, proven exactly by walking every path.

Sorting by random keys is fair up to ties; the inside-out shuffle is fair and returns a new
list; Knuth's swaps driven by int(random() * (i + 1)) are unfair by the float law of each draw.
"""

import functools
import itertools
import math
import random
from fractions import Fraction

import pytest

from cardlib import exact
from cardlib.costs import key_tie_probability
from cardlib.draws import float_law
from cardlib.orders import run_with_draws
from cardlib.shuffles import (
    float_knuth_shuffle,
    inside_out_shuffle,
    knuth_shuffle,
    random_key_shuffle,
)


@pytest.mark.parametrize("n, m", [(2, 2), (3, 2), (3, 3), (3, 5), (4, 4), (4, 6)])
def test_random_keys_are_fair_except_for_ties(n, m):
    untied, tied = {}, Fraction(0)
    shuffle = functools.partial(random_key_shuffle, m=m)
    for path in exact.paths(shuffle, n):  # path.choices are the keys drawn, one per card
        if len(set(path.choices)) == n:
            untied[path.outcome] = untied.get(path.outcome, 0) + path.probability
        else:
            tied += path.probability
    # Keys all different: every order gets the same share, m(m-1)...(m-n+1) / m^n / n!.
    share = Fraction(math.perm(m, n), m**n) / math.factorial(n)
    assert untied == ({order: share for order in itertools.permutations(range(n))}
                      if m >= n else {})
    assert tied == key_tie_probability(n, m)
    # A tie keeps the starting order of the tied cards (a stable sort): the identity wins.
    law = exact.distribution(shuffle, n)
    assert max(law, key=law.get) == tuple(range(n))
    assert law[tuple(range(n))] > Fraction(1, math.factorial(n))


def test_random_keys_with_a_single_key_value_never_move_a_card():
    assert random_key_shuffle(list("ABCDE"), rng=1, m=1) == list("ABCDE")


@pytest.mark.parametrize("n", range(0, 7))
def test_the_inside_out_shuffle_is_fair(n):
    law = exact.distribution(inside_out_shuffle, n)
    assert set(law) == set(itertools.permutations(range(n)))
    assert set(law.values()) == {Fraction(1, math.factorial(n))}


def test_the_inside_out_shuffle_returns_a_new_list_from_any_iterable():
    deck = list(range(10))
    shuffled = inside_out_shuffle(deck, rng=3)
    assert deck == list(range(10)) and sorted(shuffled) == deck and shuffled is not deck
    assert sorted(inside_out_shuffle(iter("ABCDEFG"), rng=4)) == list("ABCDEFG")


@pytest.mark.parametrize("n, bits", [(2, 1), (3, 2), (3, 3), (4, 2), (4, 3), (5, 3)])
def test_the_float_shuffle_follows_the_float_law_of_each_draw(n, bits):
    # Knuth's swaps turn the draws j_i (from i + 1 values) into orders one to one, so the
    # probability of an order is the product of the float laws of its draws.
    laws = [float_law(i + 1, bits) for i in reversed(range(1, n))]
    expected = {}
    for draws in itertools.product(*(range(len(law)) for law in laws)):
        p = math.prod((law[d] for law, d in zip(laws, draws)), start=Fraction(1))
        if p:
            order = tuple(run_with_draws(knuth_shuffle, n, draws))
            expected[order] = expected.get(order, 0) + p
    law = exact.distribution(functools.partial(float_knuth_shuffle, bits=bits), n)
    assert law == expected
    # Fair only when every i + 1 divides 2**bits: for these decks, only 2 cards.
    assert (set(law.values()) == {Fraction(1, math.factorial(n))}) == (n <= 2)


def test_the_float_shuffle_draws_like_random_shuffle_with_a_random_function():
    # With 53 bits, k / 2**53 is a float that random.random() can return; the same k give
    # the same j as int(random() * (i + 1)), which random.shuffle(x, random) used before 3.11.
    source = random.Random(5)
    ks = [source.getrandbits(53) for _ in range(51)]

    class Keys:
        def __init__(self):
            self.left = list(ks)

        def randrange(self, size):
            assert size == 2**53
            return self.left.pop(0)

    ours = list(range(52))
    float_knuth_shuffle(ours, rng=Keys())
    theirs = list(range(52))
    answers = iter(ks)
    for i in reversed(range(1, 52)):  # the loop of random.shuffle(x, random) before 3.11
        j = int(next(answers) / 2**53 * (i + 1))
        theirs[i], theirs[j] = theirs[j], theirs[i]
    assert ours == theirs
