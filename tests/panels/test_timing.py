"""Timing helpers: the fit is exact on exact power laws; measurements are well formed.

No assertion here depends on how fast this machine happens to be.
"""

import math

import pytest

from cardlib.shuffles import knuth_shuffle, pick_and_remove
from cardlib.timing import Timings, doubling_sizes, loglog_fit, measure, time_shuffle


@pytest.mark.parametrize("power", [0.5, 1, 1.5, 2, 3])
def test_fit_recovers_an_exact_power_law(power):
    sizes = doubling_sizes(16, 4096)
    slope, intercept = loglog_fit(sizes, [7e-8 * n**power for n in sizes])
    assert slope == pytest.approx(power, abs=1e-12)
    assert math.exp(intercept) == pytest.approx(7e-8, rel=1e-9)


def test_slopes_use_the_last_points_up_to_the_largest_size():
    sizes = doubling_sizes(1, 256)  # 1 .. 256, nine sizes
    # Linear up to 16 cards, then quadratic: the tail fit sees only the quadratic part.
    times = [n if n <= 16 else n**2 / 16 for n in sizes]
    timings = Timings(sizes, {"bent": times})
    assert timings.slopes(points=4)["bent"] == pytest.approx(2)
    assert timings.slopes(largest=16, points=4)["bent"] == pytest.approx(1)
    with pytest.raises(ValueError, match="at least 2 sizes"):
        timings.slopes(largest=1)


def test_measure_times_every_shuffle_at_every_size():
    timings = measure({"pick": pick_and_remove, "knuth": knuth_shuffle}, [0, 8, 64], budget=0.001)
    assert timings.sizes == [0, 8, 64]
    assert set(timings.seconds) == {"pick", "knuth"}
    assert all(len(t) == 3 and all(s >= 0 for s in t) for t in timings.seconds.values())


def test_time_shuffle_runs_the_shuffle_it_is_given():
    calls = []

    def spy(deck, rng=None):
        calls.append(list(deck))

    time_shuffle(spy, 5, budget=10, max_repeats=3)
    assert calls == [[0, 1, 2, 3, 4]] * 3


@pytest.mark.parametrize("call, message", [
    (lambda: doubling_sizes(0, 10), "smallest must be at least 1, got 0"),
    (lambda: doubling_sizes(10, 5), "largest must be at least 10, got 5"),
    (lambda: time_shuffle(knuth_shuffle, -1), "n must be at least 0, got -1"),
    (lambda: time_shuffle(knuth_shuffle, 5, max_repeats=0), "max_repeats must be at least 1"),
    (lambda: measure({"k": knuth_shuffle}, []), "at least one size"),
    (lambda: loglog_fit([1], [1.0]), "at least 2 sizes"),
    (lambda: loglog_fit([1, 2], [1.0, 0.0]), "times must be positive"),
    (lambda: loglog_fit([4, 4], [1.0, 2.0]), "2 different sizes"),
])
def test_bad_calls_are_refused(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_timing_panel_redraws_at_both_ends_of_its_slider():
    from cardlib.widgets import timing_panel

    sizes = doubling_sizes(8, 1024)
    times = {"square": [n**2 * 1e-9 for n in sizes], "line": [n * 1e-7 for n in sizes]}
    panel = timing_panel(Timings(sizes, times))
    slider = panel.controls["largest"]
    for largest in (slider.options[0], slider.options[-1]):
        slider.value = largest
        title = panel.figure.axes[0].get_title()
        assert title == (f"Up to {largest:,} cards: square grows like $n^{{2.0}}$, "
                         f"line grows like $n^{{1.0}}$")
    assert slider.options[0] == 64  # the fit needs 4 sizes: 8, 16, 32, 64
    with pytest.raises(ValueError, match="points = 4: a timing panel fits its slopes on that"):
        timing_panel(Timings([1, 2], {"a": [1.0, 2.0]}))


def test_timing_panel_per_card_shows_an_n_squared_shuffle_rising_and_an_n_one_flat():
    from cardlib.widgets import timing_panel

    sizes = doubling_sizes(8, 1024)
    times = {"square": [n**2 * 1e-9 for n in sizes], "line": [n * 1e-7 for n in sizes]}
    panel = timing_panel(Timings(sizes, times), per_card=True)
    ax = panel.figure.axes[0]
    assert ax.get_title() == ("Time per card, fitted up to 1,024 cards:\nsquare grows like "
                              "$n^{1.0}$, line grows like $n^{0.0}$")
    line = ax.lines[2]  # the measured points of "line", divided by n: all the same
    assert list(line.get_ydata()) == pytest.approx([1e-7] * len(sizes))
    assert ax.get_ylabel() == "time per card (log scale)"
