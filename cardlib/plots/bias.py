"""Bias matrices: where each card lands, as a heat map centred on the fair 1/n.

After Mike Bostock's "Will It Shuffle?": white is exactly fair, orange cells
are likelier than 1/n, purple ones less likely.
"""

from __future__ import annotations

import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import TwoSlopeNorm

from .style import BIAS_CMAP

__all__ = ["bias_spread", "bias_norm", "bias_matrix"]


def bias_spread(*matrices) -> float:
    """Return the largest distance from fair 1/n in the matrices (at least 10% of 1/n).

    Pass the result as ``spread`` to several :func:`bias_matrix` calls so that
    their colours mean the same thing.
    """
    fair = 1 / np.asarray(matrices[0]).shape[0]
    largest = max(float(np.abs(np.asarray(m, dtype=float) - fair).max()) for m in matrices)
    return max(largest, 0.1 * fair)


def bias_norm(n: int, spread: float) -> TwoSlopeNorm:
    """The colour scale of a bias matrix: white at 1/n, from max(0, 1/n - spread) to 1/n + spread.

    The scale stops at 0, since no probability is negative.
    """
    fair = 1 / n
    return TwoSlopeNorm(vcenter=fair, vmin=max(0.0, fair - spread), vmax=fair + spread)


def bias_matrix(ax: Axes, matrix, title: str | None = None, colorbar: bool = True,
                spread: float | None = None) -> Axes:
    """Draw P(card i ends at position j) as a heat map centred on the fair 1/n.

    White means exactly fair; orange cells are likelier than 1/n, purple ones
    less likely (after Mike Bostock's "Will It Shuffle?"). The colours run
    from max(0, 1/n - spread) to 1/n + spread (see :func:`bias_spread`).
    """
    matrix = np.asarray(matrix, dtype=float)
    n = matrix.shape[0]
    spread = bias_spread(matrix) if spread is None else spread
    image = ax.imshow(matrix, cmap=BIAS_CMAP, norm=bias_norm(n, spread),
                      interpolation="nearest")
    ax.set_xlabel("final position", fontsize=12)
    ax.set_ylabel("card (its starting position)", fontsize=12)
    step = 1 if n <= 13 else 5 if n <= 60 else 10
    ax.set_xticks(range(0, n, step))
    ax.set_yticks(range(0, n, step))
    ax.tick_params(labelsize=12)
    if title:
        ax.set_title(title, fontsize=13)
    if colorbar:
        bar = ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
        bar.set_label(f"probability (white = fair = 1/{n})", fontsize=12)
        bar.ax.tick_params(labelsize=12)
    return ax
