"""cardlib.riffle follows the Gilbert–Shannon–Reeds law, proved exactly on small decks."""

import functools
import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from riffle_laws import compose, riffles_law

from cardlib import exact, stats
from cardlib import riffle as R


@functools.cache
def one_riffle(n):
    """The exact law of riffle on list(range(n)), by walking every random choice."""
    return exact.distribution(R.riffle, n)


def two_riffles(deck, rng=None):
    return R.riffles(deck, 2, rng)


def closed_form(n, k):
    return {perm: R.probability(perm, k) for perm in itertools.permutations(range(n))}


def brute_distance(n, k):
    uniform = Fraction(1, math.factorial(n))
    return sum(abs(p - uniform) for p in closed_form(n, k).values()) / 2


def without_zeros(law):
    return {order: p for order, p in law.items() if p}


# --- the exact law -------------------------------------------------------------

@pytest.mark.parametrize("n", [*range(1, 6), pytest.param(6, marks=pytest.mark.largest)])
def test_one_riffle_is_the_bayer_diaconis_law(n):
    assert one_riffle(n) == without_zeros(closed_form(n, 1))


@pytest.mark.parametrize("n", [1, 2, 3, pytest.param(4, marks=pytest.mark.largest)])
def test_two_riffles_enumerated_directly(n):
    # ... and the law the other tests compose from one riffle (tests/riffle_laws.py)
    assert exact.distribution(two_riffles, n) == without_zeros(closed_form(n, 2)) == \
        riffles_law(n, 2)


@pytest.mark.parametrize("n", range(1, 6))
def test_two_riffles_by_composing_the_enumerated_law(n):
    # Enumerating riffles(deck, 2) for n = 5 means millions of paths (minutes), so
    # n = 5 composes the enumerated one-riffle law with itself (the riffles are independent).
    assert without_zeros(compose(one_riffle(n), one_riffle(n))) == \
        without_zeros(closed_form(n, 2))


@pytest.mark.parametrize("n", [*range(1, 7), pytest.param(7, marks=pytest.mark.largest)])
def test_variation_distance_equals_the_sum_over_all_orders(n):
    for k in range(0, 6):
        assert R.variation_distance(n, k) == brute_distance(n, k), (n, k)


@pytest.mark.parametrize("n", [8, 13, 52, 60, 120])
def test_variation_distance_sums_only_the_likelier_orders_and_loses_nothing(n):
    # The module adds up only the orders likelier than uniform; the definition adds
    # |P - 1/n!| over every number of rising sequences and halves it.
    for k in range(0, 16):
        law = R.rising_law(n, k)
        uniform = Fraction(1, math.factorial(n))
        whole = sum(a * abs(p / a - uniform) for a, p in zip(R.eulerian_row(n), law) if a) / 2
        assert R.variation_distance(n, k) == whole, (n, k)


@pytest.mark.parametrize("n", range(1, 7))
def test_variation_distance_of_the_enumerated_riffle(n):
    uniform = Fraction(1, math.factorial(n))
    law = one_riffle(n)
    direct = sum(abs(law.get(perm, 0) - uniform)
                 for perm in itertools.permutations(range(n))) / 2
    assert R.variation_distance(n, 1) == direct


@pytest.mark.parametrize("n", range(1, 7))
def test_separation_distance_from_the_least_likely_order(n):
    for k in range(0, 5):
        worst = min(closed_form(n, k).values())
        assert R.separation_distance(n, k) == 1 - worst * math.factorial(n)


@pytest.mark.parametrize("n", range(1, 7))
def test_position_law_matches_the_enumerated_riffle(n):
    assert R.position_law(n) == stats.exact_position_matrix(one_riffle(n))


def test_card_positions_is_the_position_law_iterated():
    law = R.card_positions(5, 3, card=4)
    two = without_zeros(compose(one_riffle(5), one_riffle(5)))
    exact_row = stats.exact_position_matrix(two)[4]
    assert law[2].tolist() == pytest.approx([float(p) for p in exact_row], abs=1e-12)
    assert law.sum(axis=1).tolist() == pytest.approx([1.0] * 4)


@pytest.mark.parametrize("n", range(1, 8))
def test_eulerian_numbers_count_rising_sequences(n):
    counts = Counter(R.count_rising_sequences(p) for p in itertools.permutations(range(n)))
    assert [counts[r] for r in range(n + 1)] == list(R.eulerian_row(n))


@pytest.mark.parametrize("n", [1, 5, 7])
def test_rising_law_adds_up_and_matches_orders(n):
    for k in [None, 0, 1, 3]:
        law = R.rising_law(n, k)
        assert sum(law) == 1
    by_r = Counter()
    for perm, p in closed_form(n, 2).items():
        by_r[R.count_rising_sequences(perm)] += p
    assert R.rising_law(n, 2) == [by_r[r] for r in range(n + 1)]


def test_expected_rising_sequences_by_brute_force():
    for k in [None, 1, 2]:
        law = closed_form(5, k) if k is not None else {
            p: Fraction(1, 120) for p in itertools.permutations(range(5))}
        mean = sum(p * R.count_rising_sequences(perm) for perm, p in law.items())
        assert R.expected_rising_sequences(5, k) == mean


def test_the_published_table_for_52_cards():
    # Bayer and Diaconis (1992), table 1: the distance after k = 1..10 riffles, to 3 places.
    published = [1.000, 1.000, 1.000, 1.000, 0.924, 0.614, 0.334, 0.167, 0.085, 0.043]
    distances = [R.variation_distance(52, k) for k in range(1, 11)]
    assert [round(float(d), 3) for d in distances] == published
    assert all(a > b for a, b in zip(distances, distances[1:]))


@pytest.mark.parametrize("n", [65, 66, 100, 104, 150, 208, 300, 416])
def test_distances_for_a_plot_are_the_exact_ones_to_1e_11(n):
    """Past EXACT_DISTANCES_UP_TO cards the floats are worked out in floating point: each is
    within 1e-11 of the exact distance, relatively, and on the same side of 1/2 and 1/10."""
    assert n > R.EXACT_DISTANCES_UP_TO
    ks = range(min(25, R.MAX_LAW_BITS // n + 1))
    for k, value in zip(ks, R.variation_distances(n, list(ks))):
        exact_value = R.variation_distance(n, k)
        assert abs(value - exact_value) <= Fraction(1, 10**11) * exact_value, (n, k)
        for level in (Fraction(1, 2), Fraction(1, 10)):
            assert (value < level) == (exact_value < level), (n, k, level)


def test_distances_for_a_plot_take_numpy_integers_as_numbers():
    """2^k of a NumPy integer overflows, and it shares a cache key with the Python int."""
    ks = np.arange(60, 71)
    assert R.variation_distances(100, ks) == R.variation_distances(100, ks.tolist())
    assert R.variation_distances(100, [np.int32(40), np.uint8(12)]) == R.variation_distances(
        100, [40, 12])
    assert R.variation_distances(100, [70])[0] > 0


@pytest.mark.parametrize("n", [2, 4, 52, R.EXACT_DISTANCES_UP_TO])
def test_distances_for_a_plot_of_a_small_deck_are_the_exact_ones_rounded(n):
    ks = list(range(25))
    assert R.variation_distances(n, ks) == [float(R.variation_distance(n, k)) for k in ks]
    assert R.variation_distance(4, 1) == Fraction(1, 2)  # a float sum would put it below 1/2


def test_distance_tends_to_zero_and_separation_bounds_it():
    for n in [2, 10, 52]:
        for k in range(0, 20):
            assert 0 <= R.variation_distance(n, k) <= R.separation_distance(n, k) <= 1
    assert R.variation_distance(52, 30) < Fraction(1, 10**6)


# --- the cut and the merge -----------------------------------------------------------

def cut_as_deck(deck, rng=None):
    return [len(R.cut(deck, rng)[0])]


@pytest.mark.parametrize("n", range(0, 9))
def test_cut_is_exactly_binomial(n):
    law = exact.distribution(cut_as_deck, n)
    assert law == {(c,): Fraction(math.comb(n, c), 2**n) for c in range(n + 1)}


def test_merge_gives_every_interleaving_the_same_chance():
    # Given the stacks, GSR makes each of the C(p+q, p) interleavings equally likely.
    def merge_3_2(deck, rng=None):
        return R.merge(deck[:3], deck[3:], rng)
    law = exact.distribution(merge_3_2, 5)
    assert len(law) == math.comb(5, 3)
    assert set(law.values()) == {Fraction(1, 10)}


def test_riffle_draws_only_through_randrange():
    class OnlyRandrange:
        def __init__(self):
            self.source = random.Random(3)
            self.calls = []

        def randrange(self, *args):
            self.calls.append(args)
            return self.source.randrange(*args)

    rng = OnlyRandrange()
    R.riffle(range(10), rng)
    coins = rng.calls[:10]
    assert coins == [(2,)] * 10
    assert len(rng.calls) <= 20


# --- properties: nothing is lost ------------------------------------------------------

@given(st.lists(st.integers()), st.integers(0, 2**32))
def test_riffle_returns_a_permutation_and_leaves_the_input(deck, seed):
    before = list(deck)
    result = R.riffle(deck, rng=seed)
    assert deck == before
    assert sorted(result) == sorted(deck)


@given(st.integers(0, 60), st.integers(0, 6), st.integers(0, 2**32))
def test_k_riffles_leave_at_most_2_to_the_k_rising_sequences(n, k, seed):
    order = R.riffles(range(n), k, rng=seed)
    assert sorted(order) == list(range(n))
    sequences = R.rising_sequences(order)
    assert len(sequences) == R.count_rising_sequences(order) <= max(1, 2**k)
    assert sorted(itertools.chain.from_iterable(sequences)) == list(range(n))


@given(st.permutations(range(9)))
def test_rising_sequences_are_rising_runs_of_consecutive_cards(perm):
    where = {card: i for i, card in enumerate(perm)}
    for sequence in R.rising_sequences(perm):
        assert sequence == list(range(sequence[0], sequence[-1] + 1))
        assert [where[c] for c in sequence] == sorted(where[c] for c in sequence)


@given(st.integers(0, 40), st.integers(0, 2**32))
def test_merge_keeps_each_stack_in_order(n, seed):
    stack1, stack2 = R.cut(range(n), rng=seed)
    pile = R.merge(stack1, stack2, rng=seed)
    assert [c for c in pile if c in set(stack1)] == stack1
    assert [c for c in pile if c in set(stack2)] == stack2


# --- bad input -----------------------------------------------------------------------

@pytest.mark.compat
@pytest.mark.parametrize("call, error, words", [
    (lambda: R.riffles([1, 2], -1), ValueError, "k must be at least 0"),
    (lambda: R.riffles([1, 2], 1.5), TypeError, "k must be a whole number"),
    (lambda: R.riffle([1, 2], rng="seed"), TypeError, "rng must be None"),
    (lambda: R.variation_distance(0, 3), ValueError, "n_cards must be at least 1"),
    (lambda: R.variation_distance(52, -1), ValueError, "n_riffles must be at least 0"),
    (lambda: R.variation_distance(10**4, 7), ValueError, "limit of 1000 cards"),
    (lambda: R.separation_distance(52, 10**3), ValueError, "limit of 100"),
    (lambda: R.rising_sequences([0, 2]), ValueError, "found 2 at position 1"),
    (lambda: R.rising_sequences(["a", "b"]), ValueError, "cards 0..1"),
    (lambda: R.card_positions(5, 2, card=5), ValueError, "card must be at most 4, got 5"),
    (lambda: R.sample_variation_distance([], 4), ValueError, "at least one"),
    (lambda: R.merge_state("ab", "c", [1, 2, 1], 4), ValueError, "step must be at most 3, got 4"),
    (lambda: R.rising_counts(np.array([[0, 0]])), ValueError, "order of the cards 0..1"),
    (lambda: R.rising_counts(np.arange(3)), ValueError, "2-D array"),
    (lambda: R.probability([0, 1, 2], 10**6), ValueError,
     "k = 1000000 riffles is more than the limit of 100"),
    (lambda: R.probability([0, 1, 2], -1), ValueError, "k must be at least 0"),
    (lambda: R.probability(list(range(1001)), 1), ValueError,
     "perm holds 1,001 items, more than the limit of 1,000"),
    (lambda: R.sample_variation_distance([[0, 1, 2]], 5), ValueError,
     r"expected orders of 5 cards, but one has 3: \[0, 1, 2\]"),
    (lambda: R.sample_variation_distance(np.array([[0, 1, 2]]), 5), ValueError,
     r"expected orders of 5 cards, one per row, but the array has shape \(1, 3\)"),
    (lambda: R.sample_variation_distance([[0, 1, 1]], 3), ValueError,
     "cards 0..2 \\(each once\\), but found 1 at position 2"),
    (lambda: R.sample_variation_distance(np.array([[0, 2, 2]]), 3), ValueError,
     "every row must be an order of the cards 0..2"),
    (lambda: R.sample_variation_distance([[0]], 0), ValueError, "n_cards must be at least 1"),
    (lambda: R.interleave("ABC", "xy", [2, 1, 1]), ValueError,
     "the sources take 2 cards from stack 1 and 1 from stack 2, but the stacks hold 3 and 2 cards"),
    (lambda: R.interleave("A", "x", [1, 1, 2]), ValueError,
     "take 2 cards from stack 1 and 1 from stack 2, but the stacks hold 1 and 1"),
    (lambda: R.interleave("A", "x", [1, 3]), ValueError,
     "sources must name stack 1 or stack 2, not 3"),
    (lambda: R.interleave("A", "x", ["1", 2]), ValueError, "not '1'"),
    (lambda: R.merge_state("ab", "c", [1, 1, 1], 1), ValueError,
     "the sources take 3 cards from stack 1"),
])
def test_bad_input_is_refused_clearly(call, error, words):
    with pytest.raises(error, match=words):
        call()


@given(st.integers(0, 30), st.integers(0, 2**32))
def test_merge_state_steps_through_the_merge(n, seed):
    rng = random.Random(seed)
    stack1, stack2 = R.cut(range(n), rng)
    sources = R.drop_sources(len(stack1), len(stack2), rng)
    for step in range(len(sources) + 1):
        left1, left2, pile = R.merge_state(stack1, stack2, sources, step)
        assert len(pile) == step and sorted(left1 + left2 + pile) == list(range(n))
    assert pile == R.interleave(stack1, stack2, sources)


@given(st.integers(1, 12), st.integers(0, 4), st.integers(0, 2**32))
def test_rising_counts_agree_with_count_rising_sequences(n, k, seed):
    rng = random.Random(seed)
    decks = np.array([R.riffles(range(n), k, rng) for _ in range(5)])
    assert R.rising_counts(decks).tolist() == [R.count_rising_sequences(d) for d in decks]


def test_sampled_distance_of_simulated_riffles_is_near_the_exact_one():
    # stats.simulate's riffle kernel is checked against the exact law in its own tests;
    # here: the estimate from 20,000 seeded decks lands within its sampling noise (~0.01).
    decks = stats.simulate(R.riffle, 10, 20_000, seed=4, k=3)
    assert abs(R.sample_variation_distance(decks, 10) - float(R.variation_distance(10, 3))) < 0.03
    assert R.sample_variation_distance(decks, 10) == R.sample_variation_distance(decks.tolist(), 10)


def test_ways_row_matches_the_binomials():
    for n in [1, 2, 7, 52]:
        for k in [0, 1, 2, 5, 9]:
            assert R._ways_row(n, k) == tuple(math.comb(2**k + n - r, n) for r in range(n + 1))


# --- the lesson's pictures draw what they are given ------------------------------------------

def test_riffle_pictures_draw_their_data():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_hex

    from cardlib import cards
    from cardlib import plots as RP

    deck = cards.comp9021_deck()
    fig, ax = plt.subplots()
    RP.deck_picture(ax, deck[:6], colours=[RP.SEQUENCE_COLOURS[i % 2] for i in range(6)])
    assert [to_hex(face.get_edgecolor()) for face in RP.faces(ax)] == \
        [RP.SEQUENCE_COLOURS[i % 2].lower() for i in range(6)]

    fig = plt.figure()
    RP.merge_picture(fig, deck[3:5], deck[8:10], deck[:3], [1, 2, 1], 10)
    assert [len(RP.faces(a)) for a in fig.axes] == [2, 2, 3]

    fig, ax = plt.subplots()
    RP.cut_bars(ax, 6, [3, 3, 2, 6])
    # a bar for each cut size that happened (a bar of height 0 would draw nothing)
    bars = [path.vertices for path in ax.collections[0].get_paths()]
    assert [(round(b[:, 0].mean()), round(b[:, 1].max() - b[:, 1].min(), 2))
            for b in bars] == [(2, 0.25), (3, 0.5), (6, 0.25)]
    assert ax.get_ylim()[0] == 0  # the bars stand on the axis

    fig, ax = plt.subplots()
    RP.distance_curve(ax, 52, [1, 2], [1.0, 0.5], separations=[1.0, 1.0], sampled=[1.0, 0.4])
    assert len(ax.get_lines()) == 4 and "52 cards" in ax.get_title()

    fig, ax = plt.subplots()
    RP.position_heatmap(ax, R.card_positions(8, 3, card=7), "top card")
    assert ax.images[0].get_array().shape == (4, 8)
    plt.close("all")
