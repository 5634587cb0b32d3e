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


def _merge_panel(step=5):
    from cardlib import cards

    merge_rng = random.Random(9021)
    stack1, stack2 = riffle.cut(cards.comp9021_deck()[:14], merge_rng)
    sources = riffle.drop_sources(len(stack1), len(stack2), merge_rng)
    return widgets.merge_panel(stack1, stack2, sources, step=step)


def test_the_merge_panel_updates_its_figure_to_the_pixels_of_a_fresh_one():
    """The rows that changed are drawn again in their axes, the others stay."""
    panel = _merge_panel()
    changes = [{"step": s} for s in (6, 7, 0, 14, 13, 1, 9, 3)]
    assert assert_updates_match_fresh_figures(panel, changes) == len(changes)
    panel.show(step=4)
    assert len(panel._hint) == 2  # a stack and the pile: one row stays as it was
    assert assert_remembered_pictures_match_fresh_figures(
        panel, changes[:3], new=[{"step": 10}, {"step": 2}]) == 3


def test_the_rising_panel_updates_its_figure_to_the_pixels_of_a_fresh_one():
    from cardlib import cards

    panel = widgets.rising_panel(cards.comp9021_deck(), k=2, max_k=3, seed=7)
    changes = [{"k": k} for k in (3, 0, 1, 2, 0)]
    assert assert_updates_match_fresh_figures(panel, changes) == len(changes)
    assert assert_remembered_pictures_match_fresh_figures(panel, changes[:3], new=[]) == 3


def test_the_size_panel_updates_its_figure_to_the_pixels_of_a_fresh_one():
    panel = widgets.size_panel(n=100)
    changes = [{"n": n} for n in (101, 1, 2, 2000, 500, 17, 1000)]
    assert assert_updates_match_fresh_figures(panel, changes) == len(changes)
    assert assert_remembered_pictures_match_fresh_figures(
        panel, changes[:3], new=[{"n": 1500}, {"n": 3}]) == 3


def test_a_deck_picture_given_other_cards_is_the_picture_drawn_afresh():
    from matplotlib.figure import Figure

    from cardlib import cards, plots
    from cardlib.widgets.panel import figure_output

    deck = cards.comp9021_deck()[:40] + cards.dou_di_zhu_deck()[-2:]  # jokers: JK and a star
    assert sum(card.is_joker for card in deck) == 2
    colours = [plots.SEQUENCE_COLOURS[i % 3] for i in range(len(deck))]

    def picture(shown, tints, again=None):
        fig = Figure(figsize=(9.6, 4.3))
        ax = fig.add_axes((0.01, 0.01, 0.98, 0.88))
        plots.deck_picture(ax, deck, colours=[plots.SEQUENCE_COLOURS[4]] * len(deck))
        if again is None:
            ax.remove()
            ax = fig.add_axes((0.01, 0.01, 0.98, 0.88))
            plots.deck_picture(ax, shown, colours=tints)
        else:
            assert plots.set_deck_picture(ax, shown, tints) is again
        return figure_output(fig)["data"]["image/png"], [f.get_label() for f in plots.faces(ax)]

    shuffled = random.Random(3).sample(deck, len(deck))
    assert picture(shuffled, colours, again=True) == picture(shuffled, colours)
    assert picture(shuffled, None, again=True) == picture(shuffled, None)  # plain faces again
    fig = Figure()
    ax = fig.add_subplot()
    plots.deck_picture(ax, deck[:5])
    assert plots.set_deck_picture(ax, deck[:6], colours[:6]) is False  # another count of faces
    assert [f.get_label() for f in plots.faces(ax)] == [str(c) for c in deck[:5]]


def test_the_riffle_player_makes_its_frames_in_place_with_a_fresh_figures_pixels(monkeypatch):
    """Lesson 7's player: each deck after the first is given to the faces drawn before."""
    import re

    from cardlib import cards
    from cardlib.widgets import riffle as panels

    def frames(page: str) -> list[str]:
        return [f.replace("\\\n", "") for f in re.findall(r'frames\[\d+\] = "([^"]*)"', page)]

    deck = cards.comp9021_deck()[:28]
    in_place = frames(panels.riffle_player(deck, riffles=3).data)
    original = panels.frame_player
    monkeypatch.setattr(panels, "frame_player", lambda draw, n, **options: original(
        lambda fig, i: draw(fig, i) and None, n, **options))  # no update: every frame afresh
    assert len(set(in_place)) == 4 and in_place == frames(panels.riffle_player(deck, 3).data)
