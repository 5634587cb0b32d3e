"""The teaching walker finds exactly the leaves of cardlib.exact; the tree picture draws them."""

import functools
from collections import Counter

import matplotlib
import pytest
from matplotlib.figure import Figure

from cardlib import exact, plots, shuffles, tree

matplotlib.use("agg")

SHUFFLES = [
    shuffles.knuth_shuffle, shuffles.naive_swap_shuffle, shuffles.sattolo_shuffle,
    shuffles.pick_and_remove, shuffles.stride_shuffle, shuffles.poker_1999_shuffle,
    shuffles.comparator_sort_shuffle, shuffles.inside_out_shuffle, shuffles.brute_force_shuffle,
    functools.partial(shuffles.random_key_shuffle, m=3),
]


@pytest.mark.parametrize("shuffle", SHUFFLES, ids=lambda s: getattr(s, "__name__", "random_key"))
@pytest.mark.parametrize("n", range(1, 6))
def test_walk_finds_the_same_leaves_as_exact_in_the_same_order(shuffle, n):
    if shuffle is shuffles.naive_swap_shuffle and n == 5:
        n = 4  # 3,125 leaves walked recursively: enough is proven at 4
    walked = list(tree.walk(shuffle, list(range(n))))
    enumerated = [(p.choices, p.probability, p.outcome) for p in exact.paths(shuffle, n)]
    assert walked == enumerated
    assert sum(p for _, p, _ in walked) == 1


@pytest.mark.compat
def test_walk_refuses_long_decks_and_endless_paths():
    with pytest.raises(ValueError, match="up to 7 cards"):
        next(tree.walk(shuffles.knuth_shuffle, list(range(8))))
    with pytest.raises(ValueError, match="100 draws"):
        next(tree.walk(shuffles.retry_shuffle, [0, 1, 2]))


def test_the_tree_picture_draws_every_leaf_and_the_weight_of_each_order():
    leaves = list(tree.walk(shuffles.naive_swap_shuffle, [0, 1, 2]))
    fig = plots.choice_tree(Figure(figsize=(10, 8)), leaves, ["a", "b", "c"], "title")
    tree_ax, bars = fig.axes
    squares = [line for line in tree_ax.lines if line.get_marker() == "s"]
    assert len(squares) == 27
    # One colour per order, and the same colour for each leaf of that order.
    colour_of = {}
    for square, (_, _, order) in zip(squares, leaves):
        assert colour_of.setdefault(order, square.get_color()) == square.get_color()
    assert len(set(colour_of.values())) == 6
    widths = sorted(round(bar.get_width() * 27) for bar in bars.patches)
    assert widths == sorted(Counter(order for _, _, order in leaves).values()) == [4] * 3 + [5] * 3
    assert plots.order_name((1, 2, 0)) == "1 2 0"


@pytest.mark.compat
def test_the_tree_picture_refuses_what_it_cannot_colour():
    leaves = list(tree.walk(shuffles.knuth_shuffle, [0, 1, 2, 3]))
    with pytest.raises(ValueError, match="at most 8 orders"):
        plots.choice_tree(Figure(), leaves)
    with pytest.raises(ValueError, match="at least one leaf"):
        plots.choice_tree(Figure(), [])


def test_a_tall_tree_on_a_screen_high_figure_keeps_its_text_readable_and_rows_apart():
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from cardlib.plots.style import MIN_TEXT_PX, min_text_px

    leaves = list(tree.walk(shuffles.naive_swap_shuffle, [0, 1, 2]))
    fig = plots.choice_tree(Figure(figsize=(9.2, 6.2), dpi=96), leaves,
                            ["draw 1\nposition 0", "draw 2\nposition 1", "draw 3\nposition 2"],
                            "The naive swap: 27 paths")
    assert fig.get_figheight() * 96 < 600  # fits JupyterLab's screen at 1366 x 768
    assert min_text_px(fig) >= MIN_TEXT_PX
    tree_ax = fig.axes[0]
    rows = [t for t in tree_ax.texts if "monospace" in t.get_fontfamily()]  # leaves: orders
    renderer = FigureCanvasAgg(fig).get_renderer()
    boxes = sorted((t.get_window_extent(renderer) for t in rows),
                   key=lambda b: b.y0)
    assert len(boxes) == 27
    assert all(a.y1 <= b.y0 + 1 for a, b in zip(boxes, boxes[1:]))  # no two leaves overlap
    headers = [t.get_window_extent(renderer) for t in tree_ax.texts if "\n" in t.get_text()]
    assert len(headers) == 3
    assert fig.get_suptitle() and max(b.y1 for b in headers) < fig._suptitle.get_window_extent(
        renderer).y0  # the title stays clear of the column headers
