"""The claims of lesson 11 (the probability lab): what its prose, predictions, recap and
exercises state, recomputed, so that a change in cardlib that moves one of them fails here."""

import functools
import itertools
import math
import sys
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from cardlib import evidence, exact, hand, mixing, riffle, shuffles, stats
from cardlib.exercises import lab

ALGORITHMS = {  # the lesson's line-up, in its order (the seeds of its tables follow it)
    "Knuth's swaps": shuffles.knuth_shuffle,
    "pick and remove": shuffles.pick_and_remove,
    "list every order": shuffles.brute_force_shuffle,
    "retry repeats": shuffles.retry_shuffle,
    "naive swap": shuffles.naive_swap_shuffle,
    "Sattolo": shuffles.sattolo_shuffle,
    "first card + stride": shuffles.stride_shuffle,
    "sort, random comparator": shuffles.comparator_sort_shuffle,
    "one riffle": riffle.riffle,
    "one overhand": hand.overhand_shuffle,
    "pile, 4 piles": hand.pile_shuffle,
}
FAIR = ["Knuth's swaps", "pick and remove", "list every order", "retry repeats"]
ORDERS5 = list(itertools.permutations(range(5)))


def law(name, n=5):
    return exact.exact_law(ALGORITHMS[name], n)


def matrix(name, n=5):
    return np.array(stats.exact_position_matrix(law(name, n)), dtype=float)


def comparator_law(n):
    """The law of sorted() with a comparator that flips a coin (-1 or 1), every coin walked."""
    found, prefixes = Counter(), [()]
    while prefixes:
        coins = prefixes.pop()
        asked = 0

        def flip(a, b, coins=coins):
            nonlocal asked
            if asked == len(coins):
                raise LookupError  # one coin more than this path holds: walk both
            asked += 1
            return 2 * coins[asked - 1] - 1

        try:
            order = tuple(sorted(range(n), key=functools.cmp_to_key(flip)))
        except LookupError:
            prefixes += [coins + (0,), coins + (1,)]
            continue
        found[order] += Fraction(1, 2 ** len(coins))
    return dict(found)


def own_worst(law, n):
    """The largest distance of one card's place from uniform, rounded as the table prints it."""
    worst = 0
    for card in range(n):
        place = Counter()
        for order, p in law.items():
            place[order.index(card)] += p
        worst = max(worst, sum(abs(place.get(i, 0) - Fraction(1, n)) for i in range(n)) / 2)
    return round(float(worst), 3)


def own_distance(law, n):
    """The whole-order distance from its definition, without cardlib."""
    fair = Fraction(1, math.factorial(n))
    return sum(abs(law.get(order, 0) - fair) for order in itertools.permutations(range(n))) / 2


# --- section 2: the bias matrices -------------------------------------------------------------

def test_the_stride_is_white_on_5_cards_yet_makes_20_of_the_120_orders():
    assert np.allclose(matrix("first card + stride"), 1 / 5)
    assert len(law("first card + stride")) == 20
    assert all(p == Fraction(1, 20) for p in law("first card + stride").values())


def test_each_fingerprint_the_lesson_reads_in_the_matrices():
    fifth = 1 / 5
    assert np.allclose(matrix("Knuth's swaps"), fifth)
    assert np.allclose(np.diag(matrix("Sattolo")), 0)                         # never stays
    naive = matrix("naive swap")
    assert all(naive[card, card - 1] > fifth for card in range(1, 5))        # one place before
    assert all(matrix("one riffle")[card, card] > fifth for card in range(5))   # diagonal
    assert all(matrix("one overhand")[card, 4 - card] > fifth for card in range(5))  # mirror


# --- section 3: two distances ------------------------------------------------------------------

@pytest.mark.compat
def test_the_distances_of_the_table():
    expected = {"naive swap": (Fraction(3157, 37500), 0.052), "Sattolo": (Fraction(4, 5), 0.2),
                "first card + stride": (Fraction(5, 6), 0.0),
                "sort, random comparator": (Fraction(6833, 15360), 0.193),
                "one riffle": (Fraction(31, 40), 0.381), "one overhand": (Fraction(13, 15), 0.35),
                "pile, 4 piles": (Fraction(4, 5), 0.2), "Knuth's swaps": (0, 0.0)}
    # The random comparator's law depends on the order in which this CPython's sort compares
    # (3.11 and 3.13 differ): recomputed here from sorted() itself, coin by coin.
    comparator = comparator_law(5)
    assert law("sort, random comparator") == comparator
    expected["sort, random comparator"] = (own_distance(comparator, 5), own_worst(comparator, 5))
    for name, (whole, worst) in expected.items():
        assert mixing.distance_to_uniform(law(name)) == whole == own_distance(law(name), 5), name
        assert round(mixing.largest_card_distance(matrix(name)), 3) == worst, name
    if sys.version_info >= (3, 13):  # the numbers the lesson was read with
        assert expected["sort, random comparator"] == (Fraction(6833, 15360), 0.193)
    assert law("retry repeats") is None                      # its tree never ends: "no exact law"


def test_the_prediction_the_stride_is_further_than_the_naive_swap():
    stride, naive = (mixing.distance_to_uniform(law(name))
                     for name in ("first card + stride", "naive swap"))
    assert stride == Fraction(5, 6) and round(float(naive), 3) == 0.084
    assert stride > 9 * naive


def test_the_worst_card_distance_is_never_above_the_whole_order_distance():
    for name in ALGORITHMS:
        for n in (3, 4, 5):
            exact_law = law(name, n)
            if exact_law is not None:
                worst = mixing.largest_card_distance(matrix(name, n))
                assert worst <= float(mixing.distance_to_uniform(exact_law)) + 1e-12, (name, n)


def test_exercise_1_three_rotations_are_white_but_unfair():
    answer = [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    assert lab.check_white_but_unfair(answer).ok
    rotations = {order: Fraction(1, 3) for order in answer}
    assert own_distance(rotations, 3) == Fraction(1, 2)


# --- section 4: could a statistician tell? -------------------------------------------------------

def test_the_naive_swaps_bias_per_order_is_about_17_percent_and_under_2_wobbles():
    naive = law("naive swap")
    per_order = sum(abs(naive[order] * 120 - 1) for order in ORDERS5) / 120
    assert round(float(per_order), 3) == 0.168                            # 17 % on average
    wobble = math.sqrt(12_000 * (1 / 120) * (119 / 120))                   # one count's SD
    assert round(wobble) == 10
    assert round(float(per_order) * 100 / wobble, 1) == 1.7               # standard deviations
    # the sum over 120 orders: 119 for a fair shuffle, plus the bias's own share
    bias_share = sum(float((naive[order] * 12_000 - 100) ** 2) / 100 for order in ORDERS5)
    assert 590 < bias_share < 600 and round(math.sqrt(2 * 119)) == 15


def test_a_fair_count_is_17_off_its_100_for_about_one_order_in_ten():
    def log_chance(k, t=12_000, p=1 / 120):
        return (math.lgamma(t + 1) - math.lgamma(k + 1) - math.lgamma(t - k + 1)
                + k * math.log(p) + (t - k) * math.log(1 - p))
    tail = sum(math.exp(log_chance(k)) for k in itertools.chain(range(84), range(117, 400)))
    assert 0.08 < tail < 0.11


def test_the_chi_square_table_on_12000_decks():
    tests = {}
    for seed, name in enumerate(ALGORITHMS):
        counts = stats.order_counts(stats.simulate(ALGORITHMS[name], 5, 12_000, seed=seed))
        tests[name] = stats.chi_square([counts.get(order, 0) for order in ORDERS5])
        assert tests[name].dof == 119
    assert all(tests[name].p_value > 0.001 for name in FAIR)
    assert all(tests[name].p_value < 1e-6 for name in ALGORITHMS if name not in FAIR)
    naive = tests["naive swap"]
    assert round(math.log10(naive.p_value)) == -80 and 680 < naive.statistic < 690
    assert all(tests[name].p_value < 1e-300 for name in ALGORITHMS
               if name not in FAIR + ["naive swap"])          # printed "< 1e-300"


def test_chi_square_points_a_reader_can_check():
    assert abs(stats.chi_square_sf(3.841, 1) - 0.05) < 1e-4
    assert stats.chi_square([10, 10, 10]).p_value == 1.0


# --- section 5: the detective's clues ----------------------------------------------------------

def test_the_detectives_clues_on_6_cards():
    assert len(exact.exact_law(shuffles.stride_shuffle, 6)) == 12
    assert len(exact.exact_law(hand.pile_shuffle, 6)) == 24
    assert len(exact.exact_law(shuffles.sattolo_shuffle, 6)) == 120
    comparator = exact.exact_law(shuffles.comparator_sort_shuffle, 6)
    assert comparator[tuple(range(6))] * 720 > 20                # the unshuffled order, 28 times
    assert round(5000 / 720, 1) == 6.9


# --- Going further ---------------------------------------------------------------------------

def test_exercise_3_a_riffle_then_an_overhand():
    both = mixing.compose(law("one riffle"), law("one overhand"))
    assert mixing.distance_to_uniform(both) == Fraction(417, 1280)
    assert lab.check_riffle_then_overhand(Fraction(417, 1280)).ok
    assert mixing.distance_to_uniform(both) < mixing.distance_to_uniform(law("one riffle"))


def test_the_exact_laws_that_just_fit():
    assert exact.estimate_paths(shuffles.naive_swap_shuffle, 6) == 6**6 == 46_656
    assert exact.exact_law(riffle.riffle, 6) is not None
    # one riffle of 6 cards: 2^6 coin-flip paths for the cut, then every randrange of the merge
    def merges(p, q):
        return 1 if not p or not q else p * merges(p - 1, q) + q * merges(p, q - 1)
    assert sum(math.comb(6, c) * merges(c, 6 - c) for c in range(7)) == 29_894
    assert exact.LAW_MAX_PATHS == 50_000 and exact.LAW_MAX_CARDS == 6
    assert 5 * math.factorial(6) == 3600 and 5 * math.factorial(8) == 201_600


def test_how_many_decks_the_naive_swap_on_4_cards_needs():
    at_1000 = [evidence.order_test(stats.simulate(shuffles.naive_swap_shuffle, 4, 1000,
                                                  seed=seed))[0].p_value for seed in (0, 1)]
    assert round(at_1000[0], 3) == 0.023 and 7.5e-8 < at_1000[1] < 8.5e-8
    found = evidence.decks_to_reject(shuffles.naive_swap_shuffle, 4, seeds=range(100))
    few = sum(t is not None and t <= 300 for t in found)
    most = sum(t is not None and 500 <= t <= 2000 for t in found)
    assert few <= 10 and most >= 90 and sum(t is None or t > 2000 for t in found) == 1
    enough = Fraction(sum(t is not None and t <= 1000 for t in found), len(found))
    assert enough == Fraction(3, 5)                                       # exercise 4
    assert lab.check_enough_decks(enough, found).ok



def test_the_checks_point_to_the_sections_that_hold_their_ideas():
    import json
    from pathlib import Path

    lesson = Path(__file__).resolve().parents[2] / "notebooks" / "11_probability_lab.ipynb"
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    text = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown"]
    heading = next(i for i, t in enumerate(text) if t.startswith("## 3. Two distances"))
    nxt = next(i for i, t in enumerate(text) if t.startswith("## 4."))
    inside = "\n".join(text[heading:nxt])
    assert "### Exercise 1" in inside and "### Exercise 2" in inside
    assert any(t.startswith("## Going further") for t in text)
    assert lab.check_white_but_unfair([(0, 1, 2)]).where == "section 3"
    assert lab.check_whole_order_distance(lambda law, n: Fraction(7)).where == "section 3"
    assert lab.check_riffle_then_overhand(Fraction(1, 2)).where == "section 3"
    assert lab.check_enough_decks(Fraction(1, 3), [100, 2000]).where == "Going further"
