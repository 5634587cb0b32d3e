"""Matplotlib pictures. Each function draws given data on given axes and returns them.

Nothing here computes a simulation or calls ``plt.show()``; nothing changes
``rcParams``. Colours follow the Okabe-Ito palette and a purple-orange
diverging map, both readable with the common colour-vision deficiencies.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.patches import FancyBboxPatch

from .cards import Card

__all__ = [
    "OKABE_ITO", "card_size_points", "draw_cards", "bias_spread", "bias_matrix", "exact_bars",
]

#: Okabe and Ito's colour-blind-safe palette.
OKABE_ITO = {
    "orange": "#E69F00",
    "sky": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "purple": "#CC79A7",
    "black": "#000000",
}
RED_INK = "#C8102E"
BLACK_INK = "#111111"
HIGHLIGHT = OKABE_ITO["blue"]
BIAS_CMAP = "PuOr_r"

_WIDTH, _HEIGHT, _GAP = 0.72, 1.0, 0.1


def card_size_points(ax: Axes, columns: int, rows: int) -> float:
    """Return the width in points of one card face drawn by :func:`draw_cards`."""
    fig = ax.figure
    box = ax.get_position()
    width_in = box.width * fig.get_figwidth()
    height_in = box.height * fig.get_figheight()
    x_span = columns * (_WIDTH + _GAP) + _GAP
    y_span = rows * (_HEIGHT + _GAP) + _GAP
    # With an equal aspect the tighter of the two directions sets the scale.
    return _WIDTH * 72 * min(width_in / x_span, height_in / y_span)


def draw_cards(
    ax: Axes,
    cards: Sequence[Card],
    per_row: int = 13,
    highlight: Sequence[int] = (),
    dim: Sequence[int] = (),
    labels: Sequence[str] | None = None,
) -> Axes:
    """Draw cards as small faces in rows, first card top left; return the axes.

    ``highlight`` and ``dim`` are indices of cards to outline in blue or grey out;
    ``labels`` are optional captions under each card (for example positions).
    """
    cards = list(cards)
    columns = max(1, min(per_row, len(cards)))
    rows = max(1, math.ceil(len(cards) / per_row))
    ax.set_xlim(0, columns * (_WIDTH + _GAP) + _GAP)
    ax.set_ylim(-(rows * (_HEIGHT + _GAP) + _GAP), 0)
    ax.set_aspect("equal")
    ax.axis("off")
    size = card_size_points(ax, columns, rows)
    highlight, dim = set(highlight), set(dim)
    for index, card in enumerate(cards):
        row, column = divmod(index, per_row)
        x = _GAP + column * (_WIDTH + _GAP)
        y = -(row + 1) * (_HEIGHT + _GAP)
        _draw_face(ax, card, x, y, size, index in highlight, index in dim)
        if labels is not None:
            ax.text(x + _WIDTH / 2, y - 0.02, labels[index], ha="center", va="top",
                    fontsize=max(6, 0.22 * size), color="#444444")
    return ax


def _draw_face(ax: Axes, card: Card, x: float, y: float, size: float,
               highlighted: bool, dimmed: bool) -> None:
    ink = RED_INK if card.is_red else BLACK_INK
    face = "#E6E6E6" if dimmed else "white"
    ax.add_patch(FancyBboxPatch(
        (x, y), _WIDTH, _HEIGHT, boxstyle="round,pad=0,rounding_size=0.07",
        facecolor=face, edgecolor=HIGHLIGHT if highlighted else "#555555",
        linewidth=max(2.5, 0.08 * size) if highlighted else 0.8, zorder=2,
    ))
    alpha = 0.45 if dimmed else 1.0
    corner = "JK" if card.is_joker else card.rank
    centre = "★" if card.is_joker else card.suit
    ax.text(x + 0.06, y + _HEIGHT - 0.05, corner, ha="left", va="top", color=ink,
            fontsize=0.36 * size, fontweight="bold", alpha=alpha, zorder=3)
    ax.text(x + _WIDTH / 2, y + 0.38, centre, ha="center", va="center", color=ink,
            fontsize=0.62 * size, alpha=alpha, zorder=3)


def bias_spread(*matrices) -> float:
    """Return the largest distance from fair 1/n in the matrices (at least 10% of 1/n).

    Pass the result as ``spread`` to several :func:`bias_matrix` calls so that
    their colours mean the same thing.
    """
    fair = 1 / np.asarray(matrices[0]).shape[0]
    largest = max(float(np.abs(np.asarray(m, dtype=float) - fair).max()) for m in matrices)
    return max(largest, 0.1 * fair)


def bias_matrix(ax: Axes, matrix, title: str | None = None, colorbar: bool = True,
                spread: float | None = None) -> Axes:
    """Draw P(card i ends at position j) as a heat map centred on the fair 1/n.

    White means exactly fair; orange cells are likelier than 1/n, purple ones
    less likely (after Mike Bostock's "Will It Shuffle?"). The colours run
    from 1/n - spread to 1/n + spread (see :func:`bias_spread`).
    """
    matrix = np.asarray(matrix, dtype=float)
    n = matrix.shape[0]
    fair = 1 / n
    spread = bias_spread(matrix) if spread is None else spread
    image = ax.imshow(matrix, cmap=BIAS_CMAP, vmin=fair - spread, vmax=fair + spread,
                      interpolation="nearest")
    ax.set_xlabel("final position", fontsize=12)
    ax.set_ylabel("card (its starting position)", fontsize=12)
    step = 1 if n <= 13 else 5 if n <= 60 else 10
    ax.set_xticks(range(0, n, step))
    ax.set_yticks(range(0, n, step))
    ax.tick_params(labelsize=11)
    if title:
        ax.set_title(title, fontsize=13)
    if colorbar:
        bar = ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
        bar.set_label(f"probability (white = fair = 1/{n})", fontsize=11)
    return ax


def exact_bars(ax: Axes, dist: dict, title: str | None = None) -> Axes:
    """Draw the exact probability of every order as bars, with the fair 1/n! dotted.

    Orders that cannot happen at all get a hollow bar at zero height marked ×.
    """
    if not dist:
        raise ValueError("exact_bars needs at least one outcome")
    n = len(next(iter(dist)))
    orders = list(itertools.permutations(range(n))) if n <= 6 else sorted(dist)
    probabilities = [float(dist.get(o, 0)) for o in orders]
    fair = 1 / math.factorial(n)
    colours = [OKABE_ITO["vermillion"] if p > fair * (1 + 1e-9)
               else OKABE_ITO["sky"] if p < fair * (1 - 1e-9)
               else OKABE_ITO["green"] for p in probabilities]
    ax.bar(range(len(orders)), probabilities, color=colours, edgecolor="black", linewidth=0.5)
    impossible = [i for i, p in enumerate(probabilities) if p == 0]
    if impossible:
        ax.plot(impossible, [0] * len(impossible), "x", color=BLACK_INK, markersize=8,
                label=f"{len(impossible)} orders that never happen")
    ax.axhline(fair, color="black", linestyle=":", linewidth=2, label=f"fair: 1/{n}! = {fair:.4f}")
    if len(orders) <= 24:
        ax.set_xticks(range(len(orders)), ["".join(map(str, o)) for o in orders],
                      rotation=90 if len(orders) > 6 else 0, family="monospace", fontsize=11)
    else:
        ax.set_xticks([])
    ax.set_xlabel("final order of the cards 0, 1, 2, ..." if len(orders) <= 24
                  else f"each of the {len(orders)} orders that can happen", fontsize=12)
    ax.set_ylabel("exact probability", fontsize=12)
    ax.tick_params(axis="y", labelsize=11)
    ax.set_ylim(0, 1.3 * max(max(probabilities), fair))  # room for the legend
    ax.legend(loc="upper right", fontsize=11)
    if title:
        ax.set_title(title, fontsize=13)
    return ax
