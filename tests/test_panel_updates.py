"""The riffle lesson's and the list-growth lesson's panels: each move updates the figure in
place, and the picture is, pixel for pixel, the one a fresh figure gives."""

import random

import pytest
from panel_checks import (
    assert_remembered_pictures_match_fresh_figures,
    assert_updates_match_fresh_figures,
)

from cardlib import riffle, stats, widgets


@pytest.mark.parametrize("seed", [0, 1, 2019, 2**40 + 3])
def test_seeded_cut_sizes_are_the_cuts_drawn_one_by_one(seed):
    for n in (0, 1, 2, 3, 7, 56, 104):
        assert stats.seeded_cut_sizes(n, 300, seed).tolist() == riffle.cut_sizes(
            n, 300, random.Random(seed))


def test_the_cut_panel_updates_its_figure_to_the_pixels_of_a_fresh_one():
    panel = widgets.cut_panel(n=56)
    changes = [{"n": n} for n in (57, 1, 2, 104, 30, 31, 5)]
    assert assert_updates_match_fresh_figures(panel, changes) == len(changes)
    assert assert_remembered_pictures_match_fresh_figures(
        panel, changes[:3], new=[{"n": 80}, {"n": 3}]) == 3
