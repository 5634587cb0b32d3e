"""Hand shuffles (overhand, faro, piles), Dou Di Zhu order, and exact mixing distances."""

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlib import cards, exact, mixing, riffle, stats
from cardlib.cards import DOU_DI_ZHU_RANKS, dou_di_zhu_key, sort_hand
from cardlib.hand import (
    faro,
    faro_order,
    in_shuffle,
    multiplicative_order,
    out_shuffle,
    overhand_packets,
    overhand_position_law,
    overhand_rows,
    overhand_shuffle,
    pile_shuffle,
    repeats_to_restore,
    stack_packets,
)
from cardlib.shuffles import deal, knuth_shuffle


def overhand_with(p):
    def shuffle(deck, rng=None):
        return overhand_shuffle(deck, rng, p)
    return shuffle


def descents(order):
    return sum(a > b for a, b in zip(order, order[1:]))


# --- overhand -------------------------------------------------------------------

@pytest.mark.parametrize("n", range(1, 8))
def test_overhand_half_gives_each_packet_split_equally(n):
    """p = 1/2: the 2^(n-1) ways to cut the gaps give 2^(n-1) distinct orders, equally likely."""
    dist = exact.distribution(overhand_shuffle, n)
    assert set(dist.values()) == {Fraction(1, 2 ** (n - 1))}
    # The same orders, built independently from every set of cut gaps.
    expected = set()
    for cuts in itertools.product([False, True], repeat=n - 1):
        sizes, size = [], 1
        for cut in cuts:
            if cut:
                sizes.append(size)
                size = 0
            size += 1
        expected.add(tuple(stack_packets(range(n), sizes + [size])))
    assert set(dist) == expected


@pytest.mark.parametrize("n", range(1, 7))
def test_overhand_probability_counts_the_cuts(n):
    """With p = 1/3 an order with c cuts has chance p^c (1-p)^(n-1-c); cuts show as descents."""
    p = Fraction(1, 3)
    dist = exact.distribution(overhand_with(p), n)
    assert sum(dist.values()) == 1
    for order, chance in dist.items():
        c = descents(order)
        assert chance == p**c * (1 - p) ** (n - 1 - c)


@pytest.mark.parametrize("n", [*range(1, 7), pytest.param(7, marks=pytest.mark.largest)])
@pytest.mark.parametrize("p", [Fraction(1, 2), Fraction(1, 3), Fraction(3, 4)])
def test_overhand_position_law_matches_enumeration(n, p):
    dist = exact.distribution(overhand_with(p), n)
    assert overhand_position_law(n, p) == stats.exact_position_matrix(dist)


def test_overhand_packets_move_the_top_first():
    rng = random.Random(7)
    for _ in range(200):
        n = rng.randrange(0, 60)
        sizes = overhand_packets(n, rng=rng, p=Fraction(1, 5))
        assert sum(sizes) == n and all(s >= 1 for s in sizes)
    deck = list("abcdefgh")
    assert stack_packets(deck, [8]) == deck
    assert stack_packets(deck, [1] * 8) == deck[::-1]
    assert stack_packets(deck, [3, 5]) == list("fghabcde")


# --- perfect faro ---------------------------------------------------------------

def test_faro_is_deterministic_under_exact_enumeration():
    for shuffle in (out_shuffle, in_shuffle):
        dist = exact.distribution(shuffle, 8)
        assert list(dist.values()) == [1]


def test_eight_out_shuffles_restore_52_and_no_fewer():
    start = cards.standard_deck()
    deck = start
    for k in range(1, 9):
        deck = out_shuffle(deck)
        assert (deck == start) == (k == 8)
        assert deck[0] == start[0] and deck[-1] == start[-1]  # top and bottom stay


def test_52_in_shuffles_restore_52_and_26_reverse_it():
    start = cards.standard_deck()
    deck = start
    for k in range(1, 53):
        deck = in_shuffle(deck)
        assert (deck == start) == (k == 52)
        assert (deck == start[::-1]) == (k == 26)


@pytest.mark.parametrize("kind", ["out", "in"])
def test_faro_order_formula_matches_simulation(kind):
    shuffle = out_shuffle if kind == "out" else in_shuffle
    for n in range(2, 202, 2):
        assert repeats_to_restore(shuffle, n) == faro_order(n, kind), n


def test_faro_position_maps():
    n = 52
    out, inn = out_shuffle(range(n)), in_shuffle(range(n))
    for i in range(n - 1):
        assert out[2 * i % (n - 1)] == i
    for i in range(n):
        assert inn[2 * (i + 1) % (n + 1) - 1] == i


def test_multiplicative_order_by_definition():
    for m in range(1, 120):
        for a in range(1, 12):
            if math.gcd(a, m) == 1:
                k = multiplicative_order(a, m)
                assert pow(a, k, m) == 1 % m
                assert all(pow(a, j, m) != 1 % m for j in range(1, k))


# --- pile shuffle ---------------------------------------------------------------

@pytest.mark.parametrize("n, piles", [(4, 2), (6, 3), (7, 3), (8, 4), (5, 5)])
def test_pile_shuffle_reaches_only_k_factorial_orders(n, piles):
    dist = exact.distribution(lambda deck, rng: pile_shuffle(deck, rng, piles), n)
    assert len(dist) == math.factorial(piles)
    assert set(dist.values()) == {Fraction(1, math.factorial(piles))}


def test_one_pile_reverses_the_deck():
    assert pile_shuffle(range(6), rng=1, piles=1) == [5, 4, 3, 2, 1, 0]


# --- every shuffle permutes any input --------------------------------------------

class Opaque:
    """No order and identity equality: shuffles must not compare items."""


items = st.one_of(st.integers(), st.text(max_size=3), st.none(), st.builds(Opaque))
decks = st.lists(items, max_size=40)
seeds = st.integers(min_value=0, max_value=2**32)


def multiset(xs):
    return Counter(map(id, xs))


@given(decks, seeds, st.integers(1, 9), st.fractions(0, 1, max_denominator=12))
def test_random_hand_shuffles_permute_and_leave_input_alone(deck, seed, piles, p):
    before = list(deck)
    for result in (overhand_shuffle(deck, seed, p), pile_shuffle(deck, seed, piles)):
        assert multiset(result) == multiset(deck)
    assert all(a is b for a, b in zip(deck, before)) and len(deck) == len(before)


@given(decks)
def test_faros_permute(deck):
    deck = deck[: len(deck) // 2 * 2]
    for kind in ("out", "in"):
        assert multiset(faro(deck, kind)) == multiset(deck)


# --- Dou Di Zhu ------------------------------------------------------------------

def test_dou_di_zhu_order_of_the_whole_deck():
    deck = cards.dou_di_zhu_deck()
    random.Random(54).shuffle(deck)
    ordered = sort_hand(deck)
    assert len({dou_di_zhu_key(c) for c in deck}) == 54  # a strict total order
    assert [str(c) for c in ordered[:4]] == ["3♦", "3♣", "3♥", "3♠"]
    assert [str(c) for c in ordered[-6:]] == ["2♦", "2♣", "2♥", "2♠", "BJ", "RJ"]
    ranks = [c.rank for c in ordered[:-2]]
    assert ranks == [r for r in DOU_DI_ZHU_RANKS for _ in range(4)]
    assert sort_hand(deck, high_first=True) == ordered[::-1]


def test_dou_di_zhu_deal_sorted_hands():
    hands, kitty = deal(cards.dou_di_zhu_deck(), 3, 17, rng=2026)
    assert [len(h) for h in hands] == [17, 17, 17] and len(kitty) == 3
    assert set().union(*hands, kitty) == set(cards.dou_di_zhu_deck())
    for hand in hands:
        keys = [dou_di_zhu_key(c) for c in sort_hand(hand)]
        assert keys == sorted(keys)


# --- exact mixing ----------------------------------------------------------------

def brute_distance(dist, n):
    fair = Fraction(1, math.factorial(n))
    return sum(abs(dist.get(o, 0) - fair) for o in itertools.permutations(range(n))) / 2


@pytest.mark.parametrize("n", range(1, 6))
def test_distance_to_uniform_by_definition(n):
    for shuffle in (overhand_shuffle, out_shuffle if n % 2 == 0 else knuth_shuffle):
        dist = exact.distribution(shuffle, n)
        assert mixing.distance_to_uniform(dist) == brute_distance(dist, n)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_distances_after_equal_repeated_composition(n):
    one = exact.distribution(overhand_shuffle, n)
    law = {tuple(range(n)): Fraction(1)}
    expected = []
    for _ in range(5):
        expected.append(mixing.distance_to_uniform(law))
        law = mixing.compose(law, one)
    assert mixing.distances_after(one, 4) == expected
    assert all(a > b for a, b in zip(expected, expected[1:]))  # overhand keeps mixing


def test_composition_order_matters_and_knuth_is_uniform_at_once():
    a = {(1, 2, 0): Fraction(1)}
    b = {(0, 2, 1): Fraction(1)}
    assert mixing.compose(a, b) != mixing.compose(b, a)
    # applying shuffle a then b to a real deck agrees with compose
    deck = [0, 1, 2]
    s, t = next(iter(a)), next(iter(b))
    after_a = [deck[i] for i in s]
    assert tuple(after_a[i] for i in t) == next(iter(mixing.compose(a, b)))
    knuth = exact.distribution(knuth_shuffle, 4)
    assert mixing.distances_after(knuth, 3) == [Fraction(23, 24), 0, 0, 0]


def test_position_distance_is_a_lower_bound():
    n = 5
    one = exact.distribution(overhand_shuffle, n)
    full = mixing.distances_after(one, 6)
    law = overhand_position_law(n)
    for card in range(n):
        part = mixing.position_distances(law, card, 6)
        assert all(p <= float(f) + 1e-12 for p, f in zip(part, full))
    assert np.isclose(part[0], 1 - 1 / n)


# --- bad input --------------------------------------------------------------------

BAD_CALLS = [
    (lambda: faro(range(5)), ValueError,
     "a perfect faro needs a deck with an even number of cards, got 5"),
    (lambda: faro(range(4), "up"), ValueError, "kind must be one of 'out', 'in'; got 'up'"),
    (lambda: faro_order(51), ValueError, "even number of cards, got n = 51"),
    (lambda: faro_order(0), ValueError, "n must be at least 2, got 0"),
    (lambda: multiplicative_order(2, 52), ValueError, "2 has no multiplicative order modulo 52"),
    (lambda: overhand_shuffle(range(5), p=0.3), TypeError,
     r"p must be a Fraction such as Fraction\(1, 3\)"),
    (lambda: overhand_shuffle(range(5), p=Fraction(3, 2)), ValueError,
     "p is a probability between 0 and 1, got 3/2"),
    (lambda: overhand_packets(-1), ValueError, "n must be at least 0, got -1"),
    (lambda: stack_packets(range(5), [2, 2]), ValueError,
     r"packet sizes \[2, 2\] do not split a deck of 5"),
    (lambda: pile_shuffle(range(5), piles=0), ValueError, "piles must be at least 1, got 0"),
    (lambda: pile_shuffle(range(5), piles=2.0), TypeError,
     "piles must be a whole number, not float"),
    (lambda: pile_shuffle(range(5), rng="x"), TypeError, "rng must be None, an int seed"),
    (lambda: repeats_to_restore(lambda d, rng: [0] * len(d), 3, limit=5), ValueError,
     "did not restore 3 cards within 5 repeats"),
    (lambda: repeats_to_restore(overhand_shuffle, 5), ValueError,
     "follows a deterministic shuffle such as out_shuffle, "
     "but overhand_shuffle drew a random number"),
    (lambda: repeats_to_restore(pile_shuffle, 8), ValueError, "pile_shuffle drew a random number"),
    (lambda: repeats_to_restore(out_shuffle, -2), ValueError, "n must be at least 0, got -2"),
    (lambda: dou_di_zhu_key(cards.Card("C", "♥")), ValueError, "Dou Di Zhu has no knights: C♥"),
    (lambda: dou_di_zhu_key("3♠"), TypeError, "dou_di_zhu_key sorts Card objects, not str"),
    (lambda: mixing.distances_after(exact.distribution(out_shuffle, 8), 2), ValueError,
     r"8! = 40,320 orders exactly is more than the limit of 5,040"),
    (lambda: mixing.distance_to_uniform({}), ValueError,
     "a distribution needs at least one outcome"),
    (lambda: mixing.distance_to_uniform({(0, 1): Fraction(1, 2), (0,): Fraction(1, 2)}), ValueError,
     r"outcomes must all have the same number of cards, got sizes \[1, 2\]"),
    (lambda: mixing.compose(exact.distribution(out_shuffle, 4), exact.distribution(out_shuffle, 6)),
     ValueError, "cannot compose shuffles of 4 and 6 cards"),
    (lambda: mixing.sample_position_distance([5], 3), ValueError,
     "positions must be between 0 and 2, got 5"),
    (lambda: mixing.sample_position_distance([0, -1], 3), ValueError, "between 0 and 2, got -1"),
    (lambda: mixing.sample_position_distance([0.5], 3), ValueError,
     "positions must be whole numbers"),
    (lambda: mixing.sample_position_distance([], 3), ValueError, "at least one sampled position"),
    (lambda: mixing.sample_position_distance([0], 0), ValueError, "n must be at least 1, got 0"),
    (lambda: mixing.position_distance([1, -1]), ValueError, "at least 0, not all 0"),
    (lambda: mixing.position_distance([[0.5, 0.5]]), ValueError,
     r"one weight per position, got shape \(1, 2\)"),
]


@pytest.mark.compat
@pytest.mark.parametrize("call, error, message", BAD_CALLS,
                         ids=[f"bad{i:02d}" for i in range(len(BAD_CALLS))])
def test_bad_call_raises_clear_error(call, error, message):
    with pytest.raises(error, match=message):
        call()


# --- batched kernels for stats.simulate --------------------------------------------

class EveryDraw:
    """A stand-in numpy Generator: row r of the answer is the r-th array of draws."""

    def __init__(self, high, columns):
        self.draws = np.array(list(itertools.product(range(high), repeat=columns)))

    def integers(self, low, high, size):
        assert tuple(size) == self.draws.shape
        return low + self.draws


@pytest.mark.parametrize("n", range(2, 7))
@pytest.mark.parametrize("p", [Fraction(1, 2), Fraction(1, 3)])
def test_overhand_rows_follow_the_exact_law(n, p):
    gen = EveryDraw(p.denominator, n - 1)
    decks = np.tile(np.arange(n), (len(gen.draws), 1))
    overhand_rows(decks, gen, p)
    counts = Counter(map(tuple, decks.tolist()))
    law = {order: Fraction(c, len(decks)) for order, c in counts.items()}
    assert law == exact.distribution(overhand_with(p), n)


@pytest.mark.compat
def test_simulate_knows_the_hand_shuffles():
    assert (stats.simulate(out_shuffle, 52, 3, seed=1) == out_shuffle(range(52))).all()
    assert (stats.simulate(in_shuffle, 8, 2, seed=1) == in_shuffle(range(8))).all()
    piles = stats.simulate(pile_shuffle, 8, 2000, seed=1)
    assert {tuple(row) for row in piles.tolist()} == set(exact.distribution(pile_shuffle, 8))
    decks = stats.simulate(overhand_shuffle, 52, 100, seed=1)
    assert (np.sort(decks, axis=1) == np.arange(52)).all()


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_composed_riffles_match_bayer_diaconis(n):
    """Composing the enumerated one-riffle law k times gives the closed formula of lesson 4."""
    composed = mixing.distances_after(exact.distribution(riffle.riffle, n), 6)
    assert composed == [riffle.variation_distance(n, k) for k in range(7)]


@given(st.integers(1, 12), st.lists(st.integers(0, 11), min_size=1, max_size=50))
def test_sample_position_distance_is_the_distance_of_the_counts(n, positions):
    positions = [p % n for p in positions]
    distance = mixing.sample_position_distance(positions, n)
    counts = Counter(positions)
    by_hand = sum(abs(Fraction(counts[j], len(positions)) - Fraction(1, n)) for j in range(n)) / 2
    assert distance == pytest.approx(float(by_hand))
    assert 0 <= distance <= 1 - 1 / n + 1e-12



@pytest.mark.compat
def test_position_distances_match_one_row_at_a_time():
    from cardlib import mixing

    law = np.array(overhand_position_law(20), dtype=float)
    for card in (0, 7, 19):
        where, expected = np.eye(20)[card], []
        for _ in range(31):
            expected.append(mixing.position_distance(where))
            where = where @ law
        assert np.array_equal(mixing.position_distances(law, card, 30), expected)
    with pytest.raises(ValueError, match="at least 0"):
        mixing.position_distances([[1.5, -0.5], [0.5, 0.5]], card=0, max_shuffles=1)


def test_overhand_law_is_cached_but_handed_out_as_a_fresh_list():
    first = overhand_position_law(6)
    first[0][0] = Fraction(99)
    assert overhand_position_law(6)[0][0] != 99
    assert sum(overhand_position_law(6, Fraction(1, 3))[2]) == 1
