"""A shuffle's tree of random choices, drawn: every path, its leaf coloured by the order it makes.

After Jeff Atwood's picture of the naive swap on 3 cards ("The Danger of
Naïveté", 2007): 27 equally likely paths, six orders, and the orders cannot
share the paths evenly.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from matplotlib.figure import Figure

from ..validation import validate_arguments
from .style import LABEL_SIZE, LINE_COLOURS, TITLE_SIZE

__all__ = ["order_name", "choice_tree"]


@validate_arguments
def order_name(order: Sequence) -> str:
    """An order of cards as a short label, bottom card first: (1, 2, 0) -> '1 2 0'."""
    return " ".join(map(str, order))


def _layout(answers: list[tuple]) -> dict[tuple, float]:
    """The row (y) of every node: leaves one row each, top down; a node between its leaves."""
    rows: dict[tuple, list[int]] = {}
    for row, path in enumerate(answers):
        for depth in range(len(path) + 1):
            rows.setdefault(path[:depth], []).append(row)
    return {node: sum(r) / len(r) for node, r in rows.items()}


@validate_arguments
def choice_tree(fig: Figure, leaves: Sequence[tuple], level_labels: Sequence[str] = (),
                title: str | None = None) -> Figure:
    """Draw the tree of random choices, and how many leaves reach each order.

    ``leaves`` are (answers, probability, order) triples, as
    :func:`cardlib.tree.walk` yields them, in walking order. Left: one column
    per draw, each branch labelled with the answer; each leaf is coloured by
    the order it reaches (named bottom card first). Right: the probability of
    each order, as the number of leaves times their probability, in the same colours.
    ``level_labels`` name the columns of draws.
    """
    leaves = list(leaves)
    if not leaves:
        raise ValueError("choice_tree needs at least one leaf")
    answers = [tuple(a) for a, _, _ in leaves]
    orders = sorted({tuple(o) for _, _, o in leaves})
    if len(orders) > len(LINE_COLOURS):
        raise ValueError(f"choice_tree colours at most {len(LINE_COLOURS)} orders, "
                         f"got {len(orders)}")
    colour = dict(zip(orders, LINE_COLOURS))
    depth = max(len(a) for a in answers)
    y = _layout(answers)
    top, bottom = (0.9, 0.11) if title else (0.97, 0.11)
    tree, bars = fig.subplots(1, 2, width_ratios=[2.6, 1],
                              gridspec_kw={"left": 0.01, "right": 0.97, "top": top,
                                           "bottom": bottom, "wspace": 0.22})
    # Text and markers fit the rows: a tall tree on a short figure gets smaller text, never
    # below 10 points (13 pixels at 96 dpi), so that it fits a projector's screen.
    rows = len(answers) + 1.4 + 1.2 * bool(level_labels)
    pitch = fig.get_figheight() * 72 * (top - bottom) / rows  # points per row
    size = max(10.0, min(LABEL_SIZE, 0.8 * pitch))
    for node, row in y.items():
        if node:
            parent = node[:-1]
            tree.plot([len(parent), len(node)], [y[parent], row], color="0.45", linewidth=1.2,
                      zorder=1)
            # The answer, three quarters of the way along its branch, where branches part.
            tree.text(len(node) - 0.25, y[parent] + 0.75 * (row - y[parent]), str(node[-1]),
                      ha="center", va="center", fontsize=size,
                      bbox={"boxstyle": "round,pad=0.12", "facecolor": "white", "linewidth": 0})
    tree.plot([0], [y[()]], "o", color="0.3", markersize=9)
    for path, (_, _, order) in zip(answers, leaves):
        tree.plot([len(path), depth], [y[path], y[path]], ":", color="0.45")
        tree.plot([depth], [y[path]], "s", color=colour[tuple(order)],
                  markersize=min(11.0, 0.7 * pitch), markeredgecolor="black",
                  markeredgewidth=0.6)
        tree.text(depth + 0.15, y[path], order_name(order), va="center", fontsize=size,
                  family="monospace")
    for level, label in enumerate(level_labels[:depth], start=1):
        tree.text(level - 0.5, -1.2, label, ha="center", va="bottom", fontsize=LABEL_SIZE)
    tree.set_xlim(-0.2, depth + 0.75)
    tree.set_ylim(len(answers) - 0.4, -1.4 - 1.2 * bool(level_labels))
    tree.axis("off")

    weight = Counter()
    for _, probability, order in leaves:
        weight[tuple(order)] += Fraction(probability)
    ranked = sorted(orders, key=lambda o: (-weight[o], o))
    counts = Counter(tuple(o) for _, _, o in leaves)
    bars.barh(range(len(ranked)), [float(weight[o]) for o in ranked],
              color=[colour[o] for o in ranked], edgecolor="black", linewidth=0.6)
    bars.set_yticks(range(len(ranked)), [order_name(o) for o in ranked], family="monospace",
                    fontsize=LABEL_SIZE)
    bars.invert_yaxis()
    fair = 1 / math.factorial(len(orders[0]))
    widest = max(float(w) for w in weight.values())
    for k, o in enumerate(ranked):
        paths = f"{counts[o]} path" + "s" * (counts[o] != 1)
        bars.text(widest * 1.08, k, f"{paths}: {weight[o]}", va="center", fontsize=LABEL_SIZE)
    bars.axvline(fair, color="black", linestyle=":", linewidth=2)
    bars.set_xlim(0, 1.95 * widest)
    bars.set_xlabel("probability of the order\n(dotted: fair, 1/n!)", fontsize=LABEL_SIZE)
    bars.tick_params(axis="x", labelsize=LABEL_SIZE)
    for side in ("top", "right"):
        bars.spines[side].set_visible(False)
    if title:
        fig.suptitle(title, fontsize=TITLE_SIZE + 1, x=0.02, y=0.995, ha="left", va="top")
    return fig
