"""The claims of lesson 4 (what a list costs) that are answers or pinned numbers, recomputed.

The lesson's predictions and exercises have these as answers, or its text states them; each
test recomputes the claim from sys.getsizeof or from CPython's rule and compares it with what
cardlib says. The timing claims compare times that differ by a wide margin, best of several
rounds, in processor time (other programs on the machine do not count).
"""

import random
import sys
from fractions import Fraction

import pytest

from cardlib import growth, shuffles
from cardlib.exercises.lists import check_half_bound, check_resizes

EMPTY = sys.getsizeof([])
POINTER = growth.POINTER_BYTES


def room(lst: list) -> int:
    """The capacity of a list, read from sys.getsizeof."""
    return (sys.getsizeof(lst) - EMPTY) // POINTER


def rule(n: int) -> int:
    """CPython 3.9 and later: the capacity a full list gets when it needs room for n."""
    return (n + (n >> 3) + 6) & ~3


def appended_capacities(n: int) -> list[int]:
    grown, seen = [], [room([])]
    for _ in range(n):
        grown.append(None)
        seen.append(room(grown))
    return seen


# --- section 1: removing ------------------------------------------------------------------------

def test_pop_from_the_front_or_middle_grows_with_the_length_not_from_the_end():
    pops = growth.time_pops([2_000, 200_000], number=500, repeat=3)
    assert pops["front"][1] > 10 * pops["end"][1] and pops["middle"][1] > 5 * pops["end"][1]
    # "a hundred times the length takes a hundred times the time or more" (with a margin for
    # the jitter of timing), and the end stays the same
    assert pops["front"][1] > 40 * pops["front"][0]
    assert pops["middle"][1] > 40 * pops["middle"][0]
    assert pops["end"][1] < 5 * pops["end"][0]


def test_filling_the_hole_deals_the_order_knuths_swaps_leave_read_from_the_top():
    def fill_the_hole(deck, rng):
        pile, new_pile = list(deck), []
        while pile:
            i = rng.randrange(len(pile))
            new_pile.append(pile[i])
            pile[i] = pile[-1]
            pile.pop()
        return new_pile

    for n in (1, 2, 5, 52):
        for seed in range(20):
            knuth = list(range(n))
            shuffles.knuth_shuffle(knuth, random.Random(seed))
            assert fill_the_hole(range(n), random.Random(seed)) == knuth[::-1]


# --- sections 2 and 3: capacity and the rule ----------------------------------------------------

def test_five_appends_leave_room_for_eight():
    capacities = appended_capacities(5)
    assert capacities == [0, 4, 4, 4, 4, 8]
    assert growth.capacity(growth.appended_sizes(5)[-1]) == 8


def test_the_rule_gives_every_capacity_measured_over_100000_appends():
    capacities = appended_capacities(100_000)
    resizes = [(n, capacities[n]) for n in range(1, len(capacities))
               if capacities[n] != capacities[n - 1]]
    assert all(n == capacities[n - 1] + 1 for n, _ in resizes)  # grows when full
    assert all(new == rule(n) for n, new in resizes)
    assert len(resizes) == 66
    assert {new - n - n // 8 for n, new in resizes} <= {3, 4, 5, 6}
    assert sum(n <= 56 for n, _ in resizes) == 8  # the resizes while appending 56 cards


def test_the_old_rule_of_3_7_and_3_8():
    def old(n):
        return n + (n >> 3) + (3 if n < 9 else 6)

    steps, capacity = [0], 0
    for n in range(1, 101):
        if n > capacity:
            capacity = old(n)
            steps.append(capacity)
    assert steps[:10] == [0, 4, 8, 16, 25, 35, 46, 58, 72, 88]
    assert sorted(set(growth.rule_capacities(100, "3.7")))[:10] == steps[:10]
    assert growth.rule_capacities(5000) == appended_capacities(5000)  # this interpreter: 3.9


def test_a_big_extend_gets_no_spare_room_and_appending_one_by_one_ends_at_108():
    big = [None] * 4
    big.extend([None] * 100)
    assert room(big) == 104 == growth.extended_capacity(100, start=4)
    one_by_one = [None] * 4
    for _ in range(100):
        one_by_one.append(None)
    assert room(one_by_one) == 108 == growth.rule_capacities(104)[-1]
    assert rule(104) == growth.new_capacity(104) == 120  # one resize at length 104, not 108
    for start, more, expected in ((4, 5, 16), (100, 1, 116), (100, 50, 152)):
        grown = [None] * start
        grown.extend([None] * more)
        assert room(grown) == expected == growth.new_capacity(start + more, oldsize=start)


def test_a_comprehension_grows_as_append_does_and_none_times_n_is_exact():
    for n, appended in ((5, 8), (10, 16), (17, 24), (56, 64)):
        assert room([None for _ in range(n)]) == appended == appended_capacities(n)[-1]
        assert room([None] * n) == n


# --- section 4: what an append costs ------------------------------------------------------------

def copies(n: int, grow) -> list[Fraction]:
    """Copies per append after each of 1..n appends, if every resize copied the whole list."""
    capacity = copied = 0
    per = []
    for length in range(1, n + 1):
        if length > capacity:
            copied += length - 1
            capacity = grow(length, capacity)
        per.append(Fraction(copied, length))
    return per


def test_copies_per_append_stay_below_nine_and_climb_towards_it():
    per = copies(100_000, lambda n, _: rule(n))
    assert max(per) < 9 and max(per) > Fraction(89, 10)
    assert per[16 - 1] == Fraction(3, 4) and per[64 - 1] == Fraction(11, 4)
    assert round(float(per[256 - 1]), 2) == 5.45
    assert [growth.total_copies(n) for n in (16, 64, 256)] == [12, 176, 1396]


def test_growing_by_16_slots_costs_about_2048_copies_per_append_at_65536():
    per = copies(65_536, lambda n, capacity: capacity + 16)
    assert per[-1] == Fraction(20475, 10) == Fraction(growth.total_copies(65_536, step=16), 65_536)
    assert abs(per[-1] - Fraction(65_536, 32)) < 1


def test_a_million_appends_resize_86_times():
    capacity = resizes = 0
    for length in range(1, 1_000_001):
        if length > capacity:
            capacity = rule(length)
            resizes += 1
    assert resizes == 86 and check_resizes(resizes).ok


def test_growing_by_half_bounds_the_copies_per_append_by_3():
    per = copies(100_000, lambda n, _: n + n // 2)
    assert max(per) < 3 and max(per) > Fraction(29, 10)
    assert check_half_bound(Fraction(3)).ok


# --- the clock: the loop's numbers, not the list ------------------------------------------------

@pytest.mark.compat
def test_cpython_keeps_ready_made_objects_for_the_whole_numbers_minus_5_to_256():
    assert int("256") is int("256") and int("-5") is int("-5")
    assert int("-6") is not int("-6")
    if sys.version_info < (3, 15):  # the lesson says "up to Python 3.14"
        assert int("257") is not int("257")
