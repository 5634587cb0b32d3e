"""Exact laws as bars: every order's probability, the number of cycles."""

from __future__ import annotations

import itertools
import math

from matplotlib.axes import Axes

from ..validation import validate_arguments
from .style import BLACK_INK, LINE_COLOURS, OKABE_ITO

__all__ = ["exact_bars", "cycle_bars"]


@validate_arguments
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


@validate_arguments
def cycle_bars(ax: Axes, distributions: dict[str, dict], title: str | None = None) -> Axes:
    """Draw, side by side, the exact probability of each number of cycles for each shuffle.

    ``distributions`` maps a name to the result of :func:`cardlib.stats.cycle_distribution`.
    """
    names = list(distributions)
    if not names:
        raise ValueError("cycle_bars needs at least one distribution (distributions is empty)")
    if len(names) > len(LINE_COLOURS):
        raise ValueError(f"cycle_bars colours at most {len(LINE_COLOURS)} distributions, "
                         f"got {len(names)}")
    width = 0.8 / len(names)
    for k, (name, colour) in enumerate(zip(names, LINE_COLOURS)):
        cycles = sorted(distributions[name])
        ax.bar([c - 0.4 + width * (k + 0.5) for c in cycles],
               [float(distributions[name][c]) for c in cycles], width=width, color=colour,
               edgecolor="black", linewidth=0.5, label=name)
    ax.set_xticks(sorted(distributions[names[0]]))
    ax.set_xlabel("number of cycles in the final order", fontsize=12)
    ax.set_ylabel("exact probability", fontsize=12)
    ax.legend(fontsize=11)
    if title:
        ax.set_title(title, fontsize=13)
    return ax
