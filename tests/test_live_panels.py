"""The panel registry that the benchmark times, and batched position counts."""

import ipywidgets
import numpy as np

from cardlib import shuffles, stats, widgets


def test_live_panels_lists_every_panel_made_and_redraws_them():
    def draw(fig, n):
        fig.add_subplot().plot(range(n))

    panel = widgets.live_figure(draw, n=ipywidgets.IntSlider(value=4, min=1, max=9))
    assert widgets.live_panels()[-1] is panel
    first = panel.figure
    panel.redraw()
    assert panel.redraws == 2 and panel.figure is not first
    assert len(panel.figure.axes[0].lines[0].get_xdata()) == 4


def test_count_positions_counts_every_card_at_every_position():
    decks = stats.simulate(shuffles.naive_swap_shuffle, 5, 2000, seed=1)
    expected = np.zeros((5, 5), dtype=int)
    for row in decks:
        for position, card in enumerate(row):
            expected[card, position] += 1
    assert (stats.count_positions(decks) == expected).all()


def test_bias_panel_uses_the_batched_law_and_falls_back_for_others():
    def reverse(deck, rng=None):  # not registered with simulate
        return list(deck)[::-1]

    batched = widgets._simulated_positions(shuffles.sattolo_shuffle, 4, 3000, seed=2)
    assert np.allclose(batched.sum(axis=0), 1) and (np.diag(batched) == 0).all()
    assert (widgets._simulated_positions(reverse, 4, 10, seed=2) == np.eye(4)[::-1]).all()
