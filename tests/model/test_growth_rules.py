"""The rules of CPython's list_resize, written out, against measurements and by hand."""

import platform
import sys

import pytest

from cardlib import growth as G

# make compat runs all of it: list growth is this CPython's list_resize.
pytestmark = pytest.mark.compat

CPYTHON_39 = pytest.mark.skipif(
    platform.python_implementation() != "CPython" or sys.version_info < (3, 9),
    reason="the rule of CPython's list_resize since 3.9")


@CPYTHON_39
def test_the_3_9_rule_gives_every_measured_capacity():
    measured = [G.capacity(size) for size in G.appended_sizes(100_000)]
    assert G.rule_capacities(100_000) == measured


@CPYTHON_39
@pytest.mark.parametrize("start", [1, 4, 9])
def test_a_big_extend_gets_no_spare_room(start):
    for n in range(1, 300):  # (n = 0 needs no room: nothing changes)
        assert G.extended_capacity(n, start) == G.new_capacity(n + start, start)
    assert G.new_capacity(104, 4) == 104 < G.new_capacity(104)  # n + 3 rounded to 4, no eighth


def test_the_growth_patterns_in_cpythons_comments():
    # listobject.c says "0, 4, 8, 16, 24, 32, 40, 52, 64, 76, ..." since 3.9 and
    # "0, 4, 8, 16, 25, 35, 46, 58, 72, 88, ..." before.
    assert sorted(set(G.rule_capacities(70)))[:10] == [0, 4, 8, 16, 24, 32, 40, 52, 64, 76]
    assert sorted(set(G.rule_capacities(80, "3.7")))[:10] == [0, 4, 8, 16, 25, 35, 46, 58, 72, 88]


@pytest.mark.parametrize("step", [1, 4, 16, 100])
def test_constant_growth_copies_add_up_to_about_n_squared(step):
    n = 10_000
    resizes = (n - 1) // step  # at lengths 1, step + 1, 2 step + 1, ...: j step copies each
    assert G.total_copies(n, step=step) == step * resizes * (resizes + 1) // 2
    assert G.total_copies(n) < 9 * n  # the geometric rule: a constant per append


def test_fixed_cost_fit_recovers_a_line_in_one_over_n():
    lengths = [16, 64, 256, 1024]
    a, b = G.fixed_cost_fit(lengths, [12 + 400 / n for n in lengths])
    assert a == pytest.approx(12) and b == pytest.approx(400)


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: G.new_capacity(5, rule="3.12"), ValueError, "rule must be one of"),
    (lambda: G.new_capacity(-1), ValueError, "newsize must be at least 0"),
    (lambda: G.total_copies(10, step=0), ValueError, "step must be at least 1"),
    (lambda: G.extended_capacity(3, start=0), ValueError, "start must be at least 1"),
    (lambda: G.fixed_cost_fit([1], [2.0]), ValueError, "at least two lengths"),
    (lambda: G.fixed_cost_fit([5, 5], [2.0, 3.0]), ValueError, "two different lengths"),
])
def test_bad_input_is_refused(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_popping_from_the_front_costs_more_for_longer_lists():
    times = G.time_pops([1000, 100_000], number=500, repeat=3)
    assert set(times) == set(G.POP_PLACES) and all(len(t) == 2 for t in times.values())
    # 100 times the pointers to move: surely more than 5 times the time, whatever the machine
    assert times["front"][1] > 5 * times["front"][0]
    assert times["end"][1] < 5 * times["end"][0] + 100
