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


def test_the_tree_picture_refuses_what_it_cannot_colour():
    leaves = list(tree.walk(shuffles.knuth_shuffle, [0, 1, 2, 3]))
    with pytest.raises(ValueError, match="at most 8 orders"):
        plots.choice_tree(Figure(), leaves)
    with pytest.raises(ValueError, match="at least one leaf"):
        plots.choice_tree(Figure(), [])
