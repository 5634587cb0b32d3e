"""simulate follows the law of the one-deck shuffle: exactly where it can be proved.

Two kinds of evidence:

1. Exact. A kernel of :mod:`cardlib.batched` draws all of its randomness
   through ``gen.integers``. :class:`AllDraws` drives it with every possible
   array of draws at once (one row per combination, all equally likely), and
   the resulting outcome frequencies must equal
   :func:`cardlib.exact.distribution` of the one-deck shuffle, Fraction for
   Fraction.
2. Sampled, for what the first cannot reach (NumPy's ``Generator.permuted``,
   the one-deck-at-a-time kernel, the chunking inside ``simulate``): a seeded
   chi-square test of ``simulate``'s output against the exact law on 4 cards.
   Power: with N decks, any law at total variation distance d from the
   exact one has noncentrality at least 4*N*d^2 (Cauchy-Schwarz). With
   N = 20,000 and d = 0.03 that is 72; at level 0.001 and 23 degrees of
   freedom (the most used here) a noncentral chi-square with 72 exceeds the
   critical value 49.7 with probability about 0.998 (computed with
   ``numpy.random.Generator.noncentral_chisquare``, 10^6 samples).
"""

import itertools
import math
import random
import sys
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from riffle_laws import riffles_law

from cardlib import batched, exact, stats
from cardlib import riffle as riffle_module
from cardlib.shuffles import (
    brute_force_shuffle,
    comparator_sort_shuffle,
    knuth_shuffle,
    naive_swap_shuffle,
    pick_and_remove,
    poker_1999_shuffle,
    retry_shuffle,
    sattolo_shuffle,
    stride_shuffle,
)
from cardlib.stats import simulate

# ---------------------------------------------------------------- helpers


class _Recorder:
    """A stand-in Generator that records each integers() call and answers low."""

    def __init__(self):
        self.calls = []  # (values per row, number of values in the range)

    def integers(self, low, high, size, dtype=np.int64):
        shape = (size,) if np.isscalar(size) else tuple(size)
        self.calls.append((math.prod(shape[1:]), high - low))
        return np.full(shape, low, dtype=dtype)


class _Scripted:
    """A stand-in Generator that answers each call with the next block of columns."""

    def __init__(self, blocks):
        self.blocks = list(blocks)

    def integers(self, low, high, size, dtype=np.int64):
        block = self.blocks.pop(0)
        shape = (size,) if np.isscalar(size) else tuple(size)
        assert block.shape[0] == shape[0] and (block < high - low).all()
        return (low + block.reshape(shape)).astype(dtype)


def all_draws_distribution(kernel, n, **options):
    """Run ``kernel`` once on one row per possible array of draws; return the law.

    The kernels' sequence of calls (and range sizes) does not depend on the
    values drawn, which the recording pass finds and the scripted pass checks.
    """
    recorder = _Recorder()
    kernel(np.tile(np.arange(n), (1, 1)), recorder, **options)
    ranges = [size for per_row, size in recorder.calls for _ in range(per_row)]
    grid = np.array(list(itertools.product(*map(range, ranges))), dtype=np.int64)
    grid = grid.reshape(len(grid), len(ranges))
    blocks, column = [], 0
    for per_row, _ in recorder.calls:
        blocks.append(grid[:, column:column + per_row])
        column += per_row
    scripted = _Scripted(blocks)
    decks = np.tile(np.arange(n), (len(grid), 1))
    kernel(decks, scripted, **options)
    assert scripted.blocks == [], "the kernel made fewer calls than when recorded"
    counts = Counter(map(tuple, decks.tolist()))
    return {outcome: Fraction(c, len(grid)) for outcome, c in sorted(counts.items())}


def gsr_reference(deck, rng=None):
    """One Gilbert-Shannon-Reeds riffle with randrange only (the test's own model).

    Cut after Binomial(n, 1/2) cards (n fair coins), then drop the next card
    from a packet with probability proportional to its size.
    """
    cut = sum(rng.randrange(2) for _ in deck)
    first, second, merged = list(deck[:cut]), list(deck[cut:]), []
    while first or second:
        packet = first if rng.randrange(len(first) + len(second)) < len(first) else second
        merged.append(packet.pop(0))
    return merged


def repeated(riffle, k):
    def k_riffles(deck, rng=None):
        for _ in range(k):
            deck = riffle(deck, rng=rng)
        return deck

    return k_riffles


def chi2_sf(x, df):
    """P(chi-square with df degrees of freedom > x), exactly by the recurrence
    Q(a + 1, y) = Q(a, y) + y^a e^-y / Gamma(a + 1), from df = 1 or 2."""
    y = x / 2
    a, q = (0.5, math.erfc(math.sqrt(y))) if df % 2 else (1.0, math.exp(-y))
    while a < df / 2:
        q += math.exp(a * math.log(y) - y - math.lgamma(a + 1)) if y > 0 else 0.0
        a += 1
    return q


def test_chi2_sf_matches_tables():
    assert chi2_sf(3.841459, 1) == pytest.approx(0.05, rel=1e-5)
    assert chi2_sf(5.991465, 2) == pytest.approx(0.05, rel=1e-5)
    assert chi2_sf(49.72823, 23) == pytest.approx(0.001, rel=1e-4)
    assert chi2_sf(0.0, 5) == pytest.approx(1.0)


# ------------------------------------------------ exact: every array of draws

EXACT_CASES = [
    (naive_swap_shuffle, batched.naive_swaps, n) for n in range(6)
] + [
    (poker_1999_shuffle, batched.poker_1999_swaps, n) for n in range(7)
] + [
    (sattolo_shuffle, batched.sattolo_swaps, n) for n in range(7)
] + [
    (stride_shuffle, batched.strides, n) for n in range(9)
]


@pytest.mark.compat
@pytest.mark.parametrize(("shuffle", "kernel", "n"), EXACT_CASES,
                         ids=lambda x: getattr(x, "__name__", str(x)))
def test_kernel_law_is_exactly_the_shuffles_law(shuffle, kernel, n):
    assert all_draws_distribution(kernel, n) == exact.distribution(shuffle, n)


@pytest.mark.parametrize(("n", "k"),
                         [(0, 1), (1, 1), (2, 1), (3, 1), (5, 1), (3, 2),
                          pytest.param(4, 2, marks=pytest.mark.largest),
                          pytest.param(3, 3, marks=pytest.mark.largest)])
def test_gsr_kernel_law_is_exactly_the_riffle_model(n, k):
    assert all_draws_distribution(batched.gsr_riffles, n, k=k) == exact.distribution(
        repeated(gsr_reference, k), n)


def test_gsr_one_riffle_has_the_known_law():
    # Bayer and Diaconis: the identity has probability (n+1)/2^n, every order
    # with exactly two rising sequences 1/2^n, and nothing else can happen.
    n = 6
    law = all_draws_distribution(batched.gsr_riffles, n, k=1)
    assert law.pop(tuple(range(n))) == Fraction(n + 1, 2**n)
    assert set(law.values()) == {Fraction(1, 2**n)}
    assert len(law) == 2**n - n - 1   # Eulerian number A(6, 1)


def bayer_diaconis(n, k):
    """The exact law of k riffles: C(2^k + n - r, n) / 2^(nk) for r rising sequences."""
    law = {}
    for order in itertools.permutations(range(n)):
        where = {card: position for position, card in enumerate(order)}
        r = 1 + sum(where[card + 1] < where[card] for card in range(n - 1))
        if math.comb(2**k + n - r, n):
            law[order] = Fraction(math.comb(2**k + n - r, n), 2 ** (n * k))
    return law


@pytest.mark.parametrize(("n", "k"), [(3, 1), (4, 2), (3, 3), (4, 3), (2, 8), (2, 9),
                                    pytest.param(2, 10, marks=pytest.mark.largest)])
def test_gsr_kernel_follows_bayer_and_diaconis_also_past_eight_riffles(n, k):
    # Eight riffles at once take one byte per position; more take several rounds.
    assert all_draws_distribution(batched.gsr_riffles, n, k=k) == bayer_diaconis(n, k)


def test_gsr_zero_riffles_change_nothing():
    decks = np.tile(np.arange(5), (3, 1))
    batched.gsr_riffles(decks, np.random.default_rng(0), k=0)
    assert (decks == np.arange(5)).all()


@pytest.mark.parametrize(("n", "k"), [(0, 1), (1, 1), (3, 1), (4, 1), (3, 2),
                                    pytest.param(5, 1, marks=pytest.mark.largest),
                                    pytest.param(4, 2, marks=pytest.mark.largest)])
def test_cardlib_riffle_has_exactly_the_gsr_kernels_law(n, k):
    riffle = pytest.importorskip("cardlib.riffle")
    law = all_draws_distribution(batched.gsr_riffles, n, k=k)
    assert law == exact.distribution(repeated(riffle.riffle, k), n)
    assert law == riffles_law(n, k)


@pytest.mark.compat
def test_simulate_riffles_through_cardlib_riffle(monkeypatch):
    riffle = pytest.importorskip("cardlib.riffle")
    monkeypatch.setattr(stats, "CHUNK_ENTRIES", 4 * 1000)
    law = riffles_law(4, 2)  # = two of riffle.riffle: test_cardlib_riffle_has_exactly_...
    for shuffle in (riffle.riffle, riffle.riffles):
        decks = simulate(shuffle, 4, 20_000, seed=5, k=2)
        assert chi_square_against(law, decks) > 0.001
    with pytest.raises(TypeError, match=r"simulate\(riffles, ...\) needs the option k"):
        simulate(riffle.riffles, 4, 10)


# ---------------------------------------- the fair ones: one law, uniform

@pytest.mark.parametrize("shuffle", [knuth_shuffle, pick_and_remove, brute_force_shuffle])
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_fair_shuffles_that_use_permuted_are_exactly_uniform(shuffle, n):
    # simulate hands these to Generator.permuted: that is only right because
    # their own law is exactly uniform.
    law = exact.distribution(shuffle, n)
    assert len(law) == math.factorial(n) and set(law.values()) == {Fraction(1, math.factorial(n))}


def test_retry_shuffle_is_uniform_by_chi_square():
    # Its tree is unbounded, so no exact table: sample the one-deck function.
    rng = random.Random(2026)
    counts = Counter(tuple(retry_shuffle(range(4), rng=rng)) for _ in range(12_000))
    expected = 12_000 / 24
    statistic = sum((counts[p] - expected) ** 2 / expected
                    for p in itertools.permutations(range(4)))
    assert len(counts) == 24 and chi2_sf(statistic, 23) > 0.001


# ------------------------- sampled: simulate end to end, against the exact law

REGISTERED = [knuth_shuffle, pick_and_remove, retry_shuffle, brute_force_shuffle,
              naive_swap_shuffle, poker_1999_shuffle, sattolo_shuffle, stride_shuffle,
              comparator_sort_shuffle]


def chi_square_against(law, decks):
    counts = Counter(map(tuple, decks.tolist()))
    assert set(counts) <= set(law), "an outcome that the exact law rules out"
    n = len(decks)
    statistic = sum((counts[o] - n * p) ** 2 / (n * p) for o, p in law.items())
    return chi2_sf(float(statistic), len(law) - 1)


@pytest.mark.parametrize("shuffle", REGISTERED, ids=lambda f: f.__name__)
def test_simulate_passes_a_chi_square_test_against_the_exact_law(shuffle, monkeypatch):
    monkeypatch.setattr(stats, "CHUNK_ENTRIES", 4 * 1000)   # twenty chunks
    trials = 20_000 if shuffle is not comparator_sort_shuffle else 5_000
    law = (exact.distribution(knuth_shuffle, 4) if shuffle is retry_shuffle
           else exact.distribution(shuffle, 4))
    assert chi_square_against(law, simulate(shuffle, 4, trials, seed=9)) > 0.001


@pytest.mark.compat
def test_simulate_passes_a_chi_square_test_for_riffles(monkeypatch):
    # The law of two riffles of 4 cards is Bayer and Diaconis's (proven equal to the kernel's
    # and to gsr_reference's enumerated law above; walking it here took 3 s).
    monkeypatch.setitem(batched.KERNELS, gsr_reference, batched.gsr_riffles)
    law = bayer_diaconis(4, 2)
    assert chi_square_against(law, simulate(gsr_reference, 4, 20_000, seed=3, k=2)) > 0.001


def test_comparator_sort_of_64_cards_or_more_is_the_one_deck_function_row_by_row():
    gen = np.random.default_rng(5)
    rng = random.Random(int(np.random.default_rng(5).integers(0, 2**63)))
    decks = simulate(comparator_sort_shuffle, 70, 30, seed=gen)
    assert decks.tolist() == [comparator_sort_shuffle(range(70), rng=rng) for _ in range(30)]


# ---------------------------------------------------------------- properties

@settings(max_examples=60, deadline=None)
@given(st.sampled_from(REGISTERED), st.integers(0, 10), st.integers(0, 40),
       st.integers(0, 2**32), st.sampled_from([np.int8, np.int16, np.int64, np.uint8]))
def test_every_row_is_a_permutation(shuffle, n, trials, seed, dtype):
    decks = simulate(shuffle, n, trials, seed=seed, dtype=dtype)
    assert decks.shape == (trials, n) and decks.dtype == dtype
    assert (np.sort(decks, axis=1) == np.arange(n)).all()
    assert (simulate(shuffle, n, trials, seed=seed, dtype=dtype) == decks).all()


def test_sattolo_rows_are_single_cycles_and_strides_are_steps():
    decks = simulate(sattolo_shuffle, 9, 500, seed=1)
    for row in decks.tolist():   # follow card 0 around: all 9 cards before returning
        seen, card = 1, row[0]
        while card != 0:
            card, seen = row[card], seen + 1
        assert seen == 9
    steps = np.diff(simulate(stride_shuffle, 10, 500, seed=1), axis=1) % 10
    assert (steps == steps[:, :1]).all() and set(np.unique(steps)) == {1, 3, 7, 9}


def test_seed_may_be_a_generator_and_the_decks_are_independent():
    gen = np.random.default_rng(4)
    first = simulate(knuth_shuffle, 52, 3, seed=gen)
    second = simulate(knuth_shuffle, 52, 3, seed=gen)
    assert not (first == second).all()
    assert (simulate(knuth_shuffle, 52, 3, seed=4) == first).all()


# ---------------------------------------------------------------- bad input

BAD_CALLS = [
    (lambda: simulate(knuth_shuffle, -1, 5), ValueError, "n_cards must be at least 0, got -1"),
    (lambda: simulate(knuth_shuffle, 52.0, 5), TypeError,
     "n_cards must be a whole number, not float"),
    (lambda: simulate(knuth_shuffle, 52, "5"), TypeError, "trials must be a whole number, not str"),
    (lambda: simulate(knuth_shuffle, 52, -3), ValueError, "trials must be at least 0, got -3"),
    (lambda: simulate(knuth_shuffle, 52, 5, seed="x"), TypeError,
     "seed must be None, an int or a numpy Generator, not str"),
    (lambda: simulate(random.shuffle, 52, 5), TypeError,
     "no batched version of 'shuffle'; it knows: .*knuth_shuffle"),
    (lambda: simulate(knuth_shuffle, 52, 5, dtype=float), ValueError,
     "dtype float64 cannot hold the card numbers 0..51"),
    (lambda: simulate(knuth_shuffle, 300, 5, dtype=np.int8), ValueError,
     "dtype int8 cannot hold the card numbers 0..299"),
    (lambda: simulate(knuth_shuffle, 52, 10**8), ValueError,
     r"5,200,000,000 entries, more than the limit of 60,000,000"),
    (lambda: simulate(riffle_module.riffles, 52, 10**5, k=10**4), ValueError,
     r"about 6,500,000,000 steps .* use fewer trials \(at most 3,076 here\)"),
    (lambda: simulate(brute_force_shuffle, 11, 2), ValueError,
     r"11! = 39,916,800 orders; it refuses decks of more than 10"),
    (lambda: simulate(sattolo_shuffle, 5, 2, k=2), TypeError,
     r"got unknown options \['k'\]; it accepts none"),
    (lambda: batched.gsr_riffles(np.zeros((2, 3), int), np.random.default_rng(), k=-1), ValueError,
     "k must be at least 0, got -1"),
    (lambda: batched.register(knuth_shuffle, "fast"), TypeError,
     "kernel must be a function"),
]


@pytest.mark.compat
@pytest.mark.parametrize(("call", "error", "message"), BAD_CALLS)
def test_bad_input_gets_a_clear_error(call, error, message):
    with pytest.raises(error, match=message):
        call()


# ------------------------------------------------ the pile shuffle, batched

@pytest.mark.parametrize(("n", "piles"), [(0, 2), (1, 3), (3, 1), (4, 2), (5, 3), (7, 3),
                                          (6, 4), (3, 5)])
def test_pile_rows_law_is_exactly_the_pile_shuffles_law(n, piles):
    from cardlib.hand import pile_rows, pile_shuffle

    assert all_draws_distribution(pile_rows, n, piles=piles) == exact.distribution(
        lambda deck, rng: pile_shuffle(deck, rng, piles), n)


def test_simulate_uses_the_batched_pile_shuffle_with_its_option():
    from cardlib.hand import pile_rows, pile_shuffle

    assert batched.kernel_for(pile_shuffle) is pile_rows
    decks = simulate(pile_shuffle, 10, 2000, seed=1, piles=3)
    assert (np.sort(decks, axis=1) == np.arange(10)).all()
    # 3 piles of a 10-card deck can be picked up in 3! = 6 orders, each about a sixth
    counts = Counter(map(tuple, decks.tolist()))
    assert len(counts) == 6 and all(250 < c < 420 for c in counts.values())


# ------------------------------------------------ the random-comparator sort, batched

def _replay_or_skip():
    """The replay must match the sort of every Python it knows (3.11 to 3.13: the two
    patterns); a newer one may have changed it again (simulate then sorts one deck at a time)."""
    from cardlib import listsort

    if sys.version_info[:2] > (3, 13) and not listsort.matches_this_python():
        pytest.skip("this Python's sort compares in another pattern: simulate sorts one deck "
                    "at a time here")
    assert listsort.matches_this_python()
    return listsort


@pytest.mark.compat
@pytest.mark.parametrize("n", range(8))
def test_replayed_comparator_sort_has_exactly_the_law_of_sorted(n):
    listsort = _replay_or_skip()
    assert all_draws_distribution(listsort.random_comparator_rows, n) == exact.distribution(
        comparator_sort_shuffle, n)


@pytest.mark.compat
def test_simulate_replays_the_comparator_sort_and_sorts_long_decks_one_at_a_time():
    listsort = _replay_or_skip()
    assert batched.kernel_for(comparator_sort_shuffle) is batched.comparator_rows
    for n in (10, listsort.RUN_LIMIT - 1, listsort.RUN_LIMIT, 70):
        decks = simulate(comparator_sort_shuffle, n, 50, seed=3)
        assert (np.sort(decks, axis=1) == np.arange(n)).all(), n
    with pytest.raises(ValueError, match="fewer than 64 cards, not 64"):
        listsort.random_comparator_rows(np.tile(np.arange(64), (2, 1)), np.random.default_rng())


@pytest.mark.compat
def test_the_replay_check_fails_when_the_replay_is_wrong(monkeypatch):
    from cardlib import listsort

    def sorts_nothing(order, coins):
        pass

    monkeypatch.setattr(listsort, "_sort_by_coins", sorts_nothing)
    assert listsort.matches_this_python.__wrapped__() is False


@pytest.mark.compat
def test_a_replay_given_too_few_coins_says_so_rather_than_guess(monkeypatch):
    from cardlib import listsort

    monkeypatch.setattr(listsort, "most_coins", lambda n, ties=False: 2)
    with pytest.raises(RuntimeError, match="more than the 2 coins drawn"):
        listsort.random_comparator_rows(np.tile(np.arange(6), (500, 1)),
                                        np.random.default_rng(1))


def test_the_replay_of_the_other_pythons_pattern_does_not_match_this_one(monkeypatch):
    """Python 3.13 changed how the sort finds its first run: the pattern matters."""
    import functools

    from cardlib import listsort

    other = functools.partial(listsort._sort_by_coins, ties=not listsort.TIES_IN_RUNS)
    monkeypatch.setattr(listsort, "_sort_by_coins", other)
    assert listsort.matches_this_python.__wrapped__() is False
