"""Lesson 3-4 helpers: landing frequencies, cycle counts, the 1999 poker shuffle, the panel."""

import itertools
import math
import random
from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlib import evidence, exact, plots, stats
from cardlib.shuffles import (
    knuth_shuffle,
    naive_swap_shuffle,
    poker_1999_shuffle,
    sattolo_shuffle,
)
from cardlib.timing import Timings
from cardlib.widgets import convergence_panel


def stirling_first(n: int, k: int) -> int:
    """Unsigned Stirling numbers of the first kind: permutations of n with k cycles."""
    if n == k:
        return 1
    if k == 0 or k > n:
        return 0
    return stirling_first(n - 1, k - 1) + (n - 1) * stirling_first(n - 1, k)


def test_cycle_count_against_brute_force_definition():
    # A cycle is a set of positions closed under p -> order[p]; count the orbits directly.
    for order in itertools.permutations(range(6)):
        def orbit(start, order=order):
            positions, p = {start}, order[start]
            while p != start:
                positions.add(p)
                p = order[p]
            return frozenset(positions)

        orbits = {orbit(start) for start in range(6)}
        assert stats.cycle_count(order) == len(orbits)


@pytest.mark.parametrize("n", range(1, 7))
def test_knuth_cycles_follow_stirling_numbers_exactly(n):
    cycles = stats.cycle_distribution(exact.distribution(knuth_shuffle, n))
    assert cycles == {k: Fraction(stirling_first(n, k), math.factorial(n)) for k in range(1, n + 1)}


@pytest.mark.parametrize("n", range(2, 7))
def test_sattolo_makes_only_single_cycles(n):
    cycles = stats.cycle_distribution(exact.distribution(sattolo_shuffle, n))
    assert cycles[1] == 1 and sum(cycles.values()) == 1


def test_landing_frequencies_and_counts_agree_with_position_counts():
    rng = random.Random(5)
    decks = []
    for _ in range(500):
        deck = list(range(6))
        knuth_shuffle(deck, rng)
        decks.append(deck)
    counts = stats.count_positions(np.array(decks))
    assert (counts == stats.position_counts(knuth_shuffle, 6, 500, rng=5)).all()
    frequencies = stats.landing_frequencies(decks, card=3)
    assert frequencies.shape == (500, 6)
    assert np.allclose(frequencies[-1], counts[3] / 500)
    assert np.allclose(frequencies.sum(axis=1), 1)
    with pytest.raises(ValueError, match="non-empty 2-D array"):
        stats.landing_frequencies([])


@pytest.mark.parametrize("n", range(2, 7))
def test_poker_1999_last_card_never_stays_put(n):
    dist = exact.distribution(poker_1999_shuffle, n)
    assert sum(dist.values()) == 1
    assert all(order[-1] != n - 1 for order in dist)
    assert sum(1 for _ in exact.paths(poker_1999_shuffle, n)) == (n - 1) ** n


@given(st.lists(st.integers(), max_size=30), st.integers(0, 2**32))
def test_poker_1999_permutes(deck, seed):
    shuffled = list(deck)
    assert poker_1999_shuffle(shuffled, rng=seed) is None
    assert sorted(shuffled) == sorted(deck)


def test_poker_1999_refuses_a_string():
    with pytest.raises(TypeError, match="poker_1999_shuffle shuffles a list in place"):
        poker_1999_shuffle("ABC")


def test_checkpoints():
    assert evidence.checkpoints(100_000)[0] == 10 and evidence.checkpoints(100_000)[-1] == 100_000
    assert evidence.checkpoints(5) == [5]
    with pytest.raises(ValueError, match="trials must be at least 1"):
        evidence.checkpoints(0)


def test_convergence_panel_redraws_at_every_extreme():
    shuffles = {"Knuth": knuth_shuffle, "naive swap": naive_swap_shuffle,
                "Sattolo": sattolo_shuffle}
    panel = convergence_panel(shuffles, n=4, trials=1000)
    controls = panel.controls

    def verdict():
        return panel.figure.axes[1].get_title().split(": ")[-1]

    first_figure = panel.figure
    # Each control to its largest value; there, the unfair shuffles are caught.
    controls["trials"].value = controls["trials"].options[-1]
    controls["n"].value = controls["n"].max
    assert "after 100,000 shuffles" in panel.figure.axes[1].get_title()
    assert verdict() == "consistent with fair"  # Knuth's, the first in the menu
    for name in ("naive swap", "Sattolo"):
        controls["name"].value = name
        assert verdict() == "unfair"
    # Then each to its smallest value.
    controls["n"].value = controls["n"].min
    controls["trials"].value = controls["trials"].options[0]
    assert "Sattolo, 3 cards" in panel.figure.axes[0].get_title()
    assert "after 100 shuffles" in panel.figure.axes[1].get_title()
    assert panel.redraws == 7
    # Redrawn in place: the same figure and axes, holding only the new lines.
    assert panel.figure is first_figure and len(first_figure.axes) == 2
    assert len(first_figure.axes[0].lines) == 2 * 3  # simulated and exact, per position
    # One frame for every number of shuffles: after 100, both x axes still run to 100,000.
    assert [100_000 < ax.get_xlim()[1] < 200_000 for ax in first_figure.axes] == [True, True]


def test_plots_draw_what_they_are_given():
    fig, axes = plt.subplots(1, 4)
    timings = Timings([10, 20, 40, 80], {"a": [1e-5, 2e-5, 4e-5, 8e-5],
                                         "b": [1e-5, 4e-5, 1.6e-4, 6.4e-4]})
    plots.timing_loglog(axes[0], timings, timings.fits())
    assert [t.get_text() for t in axes[0].get_legend().get_texts()] == [
        "a: fitted slope 1.00", "b: fitted slope 2.00"]
    plots.convergence(axes[1], np.full((50, 3), 1 / 3), [1 / 3] * 3)
    plots.p_value_trail(axes[2], [10, 100], [0.5, 0.0])
    assert list(axes[2].lines[0].get_ydata()) == [0.5, 0.0]  # on a linear axis
    assert list(axes[2].lines[2].get_ydata()) == [0.0]  # the one alarm, in its own colour
    plots.cycle_bars(axes[3], {"x": {1: 0.5, 2: 0.5}, "y": {1: 1.0, 2: 0.0}})
    assert len(axes[3].patches) == 4
    plt.close(fig)


def test_the_convergence_panel_updates_its_figure_to_the_pixels_of_a_fresh_one():
    """Every move keeps the figure (its axes, lines and legends); the picture is a fresh one's."""
    from panel_checks import (
        assert_remembered_pictures_match_fresh_figures,
        assert_updates_match_fresh_figures,
    )

    panel = convergence_panel({"Knuth": knuth_shuffle, "naive swap": naive_swap_shuffle,
                               "Sattolo": sattolo_shuffle}, n=5, trials=10_000)
    changes = [{"name": "naive swap"}, {"name": "Sattolo"}, {"trials": 100},
               {"name": "Knuth"}, {"trials": 100_000}, {"n": 3}, {"name": "naive swap"},
               {"n": 6, "trials": 1000}, {"name": "Sattolo"}, {"n": 4}]
    assert assert_updates_match_fresh_figures(panel, changes) == len(changes)
    assert assert_remembered_pictures_match_fresh_figures(
        panel, changes[:4], new=[{"n": 5}, {"trials": 10_000}, {"name": "Knuth"}]) == 4
