"""The judge's picture: where each card lands under a judged shuffle, exactly.

It takes a :class:`cardlib.judge.Verdict` (data: its exact law) and draws its
bias matrix; the verdict itself is worked out in the model, never here.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from matplotlib.axes import Axes

from ..judge import Verdict
from ..validation import validate_arguments
from .bias import bias_matrix
from .style import TITLE_SIZE, message

__all__ = ["verdict_bias"]


@validate_arguments
def verdict_bias(ax: Axes, verdict: Verdict, spread: float | None = None) -> Axes:
    """Draw P(card i ends at position j) for the verdict's deck, exactly; return the axes.

    The title states the finding: the card and position furthest from fair.
    Without an exact law (a shuffle that cannot be judged, or is not a
    shuffle) the axes say why instead.
    """
    matrix = verdict.position_matrix()
    if matrix is None:
        return message(ax, f"{verdict.kind}: no exact law to draw", size=TITLE_SIZE)
    n = len(matrix)
    fair = Fraction(1, n)
    card, position = max(((i, j) for i in range(n) for j in range(n)),
                         key=lambda ij: abs(matrix[ij[0]][ij[1]] - fair))
    p = matrix[card][position]
    if p != fair:
        finding = f"card {card} at position {position}: {p} (fair 1/{n})"
    elif verdict.kind == "unfair":  # fair positions, unfair orders (a stride, for example)
        finding = f"each card lands evenly, yet only {verdict.reached} of {n}! orders"
    else:
        finding = f"every card lands everywhere with chance 1/{n}"
    title = f"{verdict.name} on {n} cards ({verdict.kind}):\n{finding}"
    bias_matrix(ax, np.array(matrix, dtype=float), title=title, spread=spread)
    ax.title.set_fontsize(TITLE_SIZE)
    return ax
