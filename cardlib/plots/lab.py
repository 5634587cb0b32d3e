"""Pictures for the probability lab: bias matrices side by side, and decks a test needs."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np
from matplotlib.figure import Figure

from ..validation import validate_arguments
from .bias import bias_matrix
from .style import OKABE_ITO

__all__ = ["bias_grid", "rejection_bars"]


@validate_arguments
def bias_grid(fig: Figure, matrices: dict[str, np.ndarray], spread: float, columns: int = 3,
              title: str | None = None) -> Figure:
    """Draw several bias matrices with one colour scale (``spread``) and one colour bar."""
    names = list(matrices)
    rows = -(-len(names) // columns)
    axes = fig.subplots(rows, columns, squeeze=False)
    fig.subplots_adjust(left=0.07, right=0.85, bottom=0.08, top=0.87, hspace=0.32, wspace=0.18)
    for k, (ax, name) in enumerate(zip(axes.flat, names)):
        bias_matrix(ax, matrices[name], colorbar=False, spread=spread)
        ax.set_title(name, fontsize=14)
        row, column = divmod(k, columns)
        ax.set_xlabel("final position" if row == rows - 1 else "", fontsize=12)
        ax.set_ylabel("card" if column == 0 else "", fontsize=12)
        ax.tick_params(labelsize=12)
    for ax in list(axes.flat)[len(names):]:
        ax.axis("off")
    n = np.asarray(matrices[names[0]]).shape[0]
    bar = fig.colorbar(axes.flat[0].images[0], cax=fig.add_axes((0.88, 0.12, 0.025, 0.7)))
    bar.set_label(f"P(card i ends at position j); white = fair = 1/{n}", fontsize=12)
    bar.ax.tick_params(labelsize=12)
    if title:
        fig.suptitle(title, fontsize=15)
    return fig


@validate_arguments
def rejection_bars(ax, grid: Sequence[int], found: Sequence[int | None], name: str, n: int,
                   level: float) -> object:
    """Bar chart: for how many seeds each number of decks was the first to give p < ``level``."""
    counts = Counter(found)
    labels = [f"{t:,}" for t in grid] + ["never"]
    heights = [counts.get(t, 0) for t in grid] + [counts.get(None, 0)]
    bars = ax.bar(range(len(labels)), heights, color=OKABE_ITO["blue"], edgecolor="black",
                  linewidth=0.6)
    bars[-1].set_color(OKABE_ITO["orange"])
    ax.bar_label(bars, [str(h) if h else "" for h in heights], fontsize=12, padding=2)
    ax.set_xticks(range(len(labels)), labels, rotation=45, ha="right")
    ax.set_xlabel("decks simulated when the test first gave p < " + f"{level:g}", fontsize=13)
    ax.set_ylabel(f"seeds (of {len(found)})", fontsize=13)
    ax.tick_params(labelsize=12)
    ax.set_ylim(0, 1.2 * max(heights))
    ax.set_title(f"{name}, {n} cards: the number of decks needed depends on the seed",
                 fontsize=14)
    return ax
