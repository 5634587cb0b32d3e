"""Exact proofs: every path of random choices enumerated, probabilities as Fractions."""

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from cardlib import exact
from cardlib.shuffles import (
    brute_force_shuffle,
    comparator_sort_shuffle,
    knuth_shuffle,
    naive_swap_shuffle,
    pick_and_remove,
    retry_shuffle,
    sattolo_shuffle,
    stride_shuffle,
)


def is_single_cycle(order) -> bool:
    seen, position = set(), 0
    while position not in seen:
        seen.add(position)
        position = order[position]
    return len(seen) == len(order)


@pytest.mark.parametrize("shuffle", [knuth_shuffle, pick_and_remove, brute_force_shuffle])
@pytest.mark.parametrize("n", range(1, 7))
def test_fair_shuffles_give_every_order_one_over_n_factorial(shuffle, n):
    dist = exact.distribution(shuffle, n)
    assert set(dist) == set(itertools.permutations(range(n)))
    assert set(dist.values()) == {Fraction(1, math.factorial(n))}


def test_naive_swap_on_three_cards_has_27_equal_paths_and_counts_4_4_4_5_5_5():
    paths = list(exact.paths(naive_swap_shuffle, 3))
    assert len(paths) == 27
    assert {path.probability for path in paths} == {Fraction(1, 27)}
    counts = Counter(path.outcome for path in paths)
    assert sorted(counts.values()) == [4, 4, 4, 5, 5, 5]
    assert counts[(1, 0, 2)] == 5 and counts[(0, 1, 2)] == 4


@pytest.mark.parametrize("n", [3, 4, 5, pytest.param(6, marks=pytest.mark.largest)])
def test_naive_swap_is_unfair_for_n_at_least_3(n):
    dist = exact.distribution(naive_swap_shuffle, n)
    assert len(list(exact.paths(naive_swap_shuffle, n))) == n**n
    assert len(dist) == math.factorial(n)
    assert len(set(dist.values())) > 1
    assert sum(dist.values()) == 1


@pytest.mark.parametrize("n", range(2, 7))
def test_sattolo_gives_exactly_the_single_cycles_each_equally(n):
    dist = exact.distribution(sattolo_shuffle, n)
    cycles = {p for p in itertools.permutations(range(n)) if is_single_cycle(p)}
    assert len(cycles) == math.factorial(n - 1)
    assert set(dist) == cycles
    assert set(dist.values()) == {Fraction(1, math.factorial(n - 1))}


@pytest.mark.parametrize("n", range(2, 8))
def test_stride_reaches_n_times_phi_n_orders_equally(n):
    dist = exact.distribution(stride_shuffle, n)
    phi = sum(1 for d in range(1, n) if math.gcd(d, n) == 1)
    assert len(dist) == n * phi
    assert set(dist.values()) == {Fraction(1, n * phi)}


def test_comparator_sort_is_a_distribution_but_not_uniform():
    dist = exact.distribution(comparator_sort_shuffle, 3)
    assert sum(dist.values()) == 1
    assert set(dist) == set(itertools.permutations(range(3)))
    assert len(set(dist.values())) > 1


def test_distribution_of_zero_and_one_card():
    assert exact.distribution(knuth_shuffle, 0) == {(): Fraction(1)}
    assert exact.distribution(pick_and_remove, 1) == {(0,): Fraction(1)}


def test_retry_shuffle_is_refused_at_once_as_unbounded():
    with pytest.raises(exact.Unbounded, match="looks unbounded"):
        exact.distribution(retry_shuffle, 3)


def test_too_many_paths_is_refused_before_enumerating():
    with pytest.raises(exact.TooLarge, match=r"about 10,000,000,000 paths, more than the limit"):
        exact.distribution(naive_swap_shuffle, 10)


def test_estimate_is_exact_for_equally_likely_leaves():
    assert exact.estimate_paths(knuth_shuffle, 7) == math.factorial(7)
