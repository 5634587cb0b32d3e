"""The bias panel with one fixed colour scale: a colour means the same probability for every
shuffle and every number of trials."""

import pytest

from cardlib.shuffles import knuth_shuffle, naive_swap_shuffle, sattolo_shuffle
from cardlib.widgets import bias_panel


def _scale(panel):
    """The distinct colour scales of the panel's pictures, rounded."""
    return {(round(image.norm.vmin, 12), round(image.norm.vmax, 12))
            for ax in panel.figure.axes for image in ax.images}


def test_a_fixed_scale_stays_put_across_shuffles_and_trials():
    panel = bias_panel({"naive": naive_swap_shuffle, "Knuth": knuth_shuffle,
                        "Sattolo": sattolo_shuffle}, n=5, trials=300, relative_spread=0.5)
    expected = {(round(1 / 5 - 0.1, 12), round(1 / 5 + 0.1, 12))}
    assert _scale(panel) == expected
    for name in ("Knuth", "Sattolo"):
        panel.controls["name"].value = name
        assert _scale(panel) == expected
    panel.controls["trials"].value = 30_000
    assert _scale(panel) == expected
    panel.controls["n"].value = 8
    assert _scale(panel) == {(round(1 / 8 - 0.5 / 8, 12), round(1 / 8 + 0.5 / 8, 12))}


def test_without_a_fixed_scale_each_shuffle_stretches_its_own():
    panel = bias_panel({"naive": naive_swap_shuffle, "Sattolo": sattolo_shuffle}, n=5)
    naive = _scale(panel)
    panel.controls["name"].value = "Sattolo"
    assert _scale(panel) != naive


def test_the_cards_slider_can_reach_52_and_bad_scales_are_refused():
    panel = bias_panel({"naive": naive_swap_shuffle}, n=6, max_n=52, relative_spread=0.5)
    panel.controls["n"].value = 52
    assert panel.figure.axes[0].images[0].get_array().shape == (52, 52)
    with pytest.raises(ValueError, match="relative_spread"):
        bias_panel({"naive": naive_swap_shuffle}, relative_spread=2)
    with pytest.raises(ValueError, match="max_n must be at least 2"):
        bias_panel({"naive": naive_swap_shuffle}, max_n=1)
