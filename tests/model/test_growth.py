"""cardlib.growth measures what it says: capacities, resizes, three equal ways to build a pile."""

import platform
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlib import growth as G

# make compat runs all of it: list growth is this CPython's list_resize.
pytestmark = pytest.mark.compat


def test_capacity_never_falls_short_and_never_shrinks():
    sizes = G.appended_sizes(3000)
    capacities = [G.capacity(size) for size in sizes]
    assert capacities[0] == 0
    assert all(c >= length for length, c in enumerate(capacities))
    assert all(a <= b for a, b in zip(capacities, capacities[1:]))


def test_preallocation_is_exact():
    assert [G.capacity(size) for size in G.preallocated_sizes(300)] == list(range(301))


def test_growth_events_are_the_appends_that_found_the_list_full():
    sizes = G.appended_sizes(5000)
    events = G.growth_events(sizes)
    assert events, "appending 5000 elements must resize at least once"
    lengths = {g.length for g in events}
    for length in range(1, len(sizes)):
        grew = sizes[length] != sizes[length - 1]
        assert grew == (length in lengths)
    for g in events:
        assert g.length == g.old_capacity + 1 and g.new_capacity >= g.length
        assert G.capacity(sizes[g.length]) == g.new_capacity


@pytest.mark.skipif(platform.python_implementation() != "CPython" or sys.version_info < (3, 9),
                    reason="the rule of CPython's list_resize since 3.9")
def test_the_inferred_rule_of_lesson_5():
    events = G.growth_events(G.appended_sizes(200_000))
    assert all(g.new_capacity == (g.length + (g.length >> 3) + 6) & ~3 for g in events)


def test_copies_per_append_by_hand():
    events = [G.Growth(1, 0, 4), G.Growth(5, 4, 8), G.Growth(9, 8, 16)]
    assert G.copies_per_append(events, 5) == (0 + 4) / 5
    assert G.copies_per_append(events, 9) == (0 + 4 + 8) / 9
    assert G.copies_per_append(events, 4) == 0


def test_copies_per_append_stay_below_nine():
    events = G.growth_events(G.appended_sizes(100_000))
    assert all(G.copies_per_append(events, n) < 9 for n in range(1, 100_001, 97))


@given(st.permutations(range(12)), st.lists(st.integers(), min_size=12, max_size=12))
def test_the_three_piles_are_the_same(order, deck):
    expected = [deck[i] for i in order]
    assert G.pile_by_append(deck, order) == expected
    assert G.pile_by_preallocation(deck, order) == expected
    assert G.pile_by_comprehension(deck, order) == expected


def test_timings_are_positive_numbers_for_every_builder():
    builders = {"append": G.pile_by_append, "comprehension": G.pile_by_comprehension}
    times = G.time_builds(builders, list(range(56)), list(range(56)), number=3, repeat=2)
    assert set(times) == set(builders) and all(t > 0 for t in times.values())
    per_append = G.time_per_append([1, 100], repeat=1)
    assert len(per_append) == 2 and all(t > 0 for t in per_append)


def test_python_version_names_the_interpreter():
    assert G.python_version().endswith(platform.python_version())


@pytest.mark.parametrize("call, error, words", [
    (lambda: G.appended_sizes(-1), ValueError, "n must be at least 0"),
    (lambda: G.appended_sizes(10**8), ValueError, "limit of 10,000,000"),
    (lambda: G.preallocated_sizes(2.5), TypeError, "n must be a whole number"),
    (lambda: G.copies_per_append([], 0), ValueError, "n must be at least 1"),
    (lambda: G.time_builds({}, [], [], number=0), ValueError, "number must be at least 1"),
    (lambda: G.time_per_append([0]), ValueError, "each of lengths must be at least 1"),
])
def test_bad_input_is_refused_clearly(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_growth_pictures_draw_their_data():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from cardlib import plots as GP

    sizes = G.appended_sizes(40)
    events = G.growth_events(sizes)
    fig, ax = plt.subplots()
    GP.size_steps(ax, sizes, G.preallocated_sizes(40), events, "test", labels=3)
    marks = ax.get_lines()[-1]
    assert list(marks.get_xdata()) == [g.length for g in events]
    assert 1 <= len(ax.texts) <= 3

    fig, ax = plt.subplots()
    GP.build_times(ax, {"a": 2000.0, "b": 1000.0}, 56, "test")
    assert "b is fastest, 2.0× faster than a" in ax.get_title()

    fig, ax = plt.subplots()
    GP.append_times(ax, [10, 100], [30.0, 25.0], 24.4, 56.0, "test")
    assert "from 10 to 100 appends" in ax.get_title() and len(fig.axes) == 1
    fig, ax = plt.subplots()
    GP.copies_per_append_curves(ax, [10, 100], {"1/8": [1.0, 5.0], "+16": [1.0, 3.0]})
    assert [line.get_label() for line in ax.get_lines()] == ["1/8", "+16"]
    plt.close("all")


@pytest.mark.parametrize("nanoseconds", [
    [32.9, 23.3, 22.4, 31.2, 34.0, 34.0, 33.5],   # the U that lesson 4 measures
    [40.0, 28.0, 25.0, 24.0, 24.0, 23.5, 23.0],   # falling, then level
    [22.0, 22.0, 23.0, 30.0, 45.0, 60.0, 80.0],   # climbing to the right
])
def test_the_append_times_legend_hides_no_point(nanoseconds):
    import matplotlib.pyplot as plt

    from cardlib import plots as GP

    lengths = [16, 64, 256, 1024, 4096, 16_384, 65_536]
    per_append, fixed = G.fixed_cost_fit(lengths[:3], nanoseconds[:3])
    fig, ax = plt.subplots(figsize=(9.2, 5.4))
    GP.append_times(ax, lengths, nanoseconds, per_append, fixed, "test")
    fig.canvas.draw()
    legend = ax.get_legend().get_window_extent().padded(6)  # a marker's radius around it
    points = ax.transData.transform(list(zip(lengths, nanoseconds)))
    hidden = [n for n, (x, y) in zip(lengths, points) if legend.contains(x, y)]
    assert hidden == [], f"the legend hides the points at n = {hidden}"
    assert f"between {min(nanoseconds):.0f} and {max(nanoseconds):.0f} ns" in ax.get_title()
    plt.close(fig)
