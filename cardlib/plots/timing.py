"""Running time against deck size on log-log axes, with the fitted slopes."""

from __future__ import annotations

import numpy as np
from matplotlib.axes import Axes
from matplotlib.ticker import LogLocator, NullLocator

from ..timing import Timings
from ..validation import validate_arguments
from .style import LINE_COLOURS, duration, plain_log_ticks

__all__ = ["timing_loglog"]


@validate_arguments
def timing_loglog(ax: Axes, timings: Timings, fits: dict[str, tuple[float, float]],
                  largest: int | None = None, points: int = 4,
                  title: str | None = None, per_card: bool = False) -> Axes:
    """Draw seconds per shuffle against n on log-log axes, with the fitted lines dashed.

    ``fits`` maps each shuffle to the (slope, intercept) fitted over its last
    ``points`` sizes up to ``largest``, as :meth:`Timings.fits` returns them.
    With ``per_card``, draw the time per card (seconds / n) instead: a shuffle
    that costs the same per card (O(n)) is flat, an O(n^2) one rises with slope 1;
    the legend then gives the slope of the time per card (the fitted slope minus 1).
    """
    sizes = timings.sizes_up_to(largest)
    fitted = sizes[-points:]
    shift = 1 if per_card else 0
    for (name, seconds), colour in zip(timings.seconds.items(), LINE_COLOURS):
        seconds = np.asarray(seconds[: len(sizes)], dtype=float)
        shown = seconds / np.asarray(sizes, dtype=float) if per_card else seconds
        slope, intercept = fits[name]
        ax.loglog(sizes, shown, "o-", color=colour, linewidth=2, markersize=6,
                  label=f"{name}: fitted slope {slope - shift:.2f}")
        line = np.array([fitted[0] / 1.5, fitted[-1] * 1.5])
        ax.loglog(line, np.exp(intercept) * line ** (slope - shift), "--", color=colour,
                  linewidth=1.5)
    # Plain tick labels in words (mathtext labels are slow to lay out on every redraw).
    ax.set_xticks(sizes, [f"{n:,}" for n in sizes], rotation=45 if len(sizes) > 6 else 0)
    # No minor ticks between the labelled sizes: each one is an artist to lay
    # out on every redraw (a quarter of this panel's redraw time).
    ax.xaxis.set_minor_locator(NullLocator())
    plain_log_ticks(ax.yaxis, duration)
    ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0), numticks=15))
    ax.set_xlabel("cards in the deck (n, log scale)", fontsize=12)
    ax.set_ylabel("time per card (log scale)" if per_card else "time per shuffle (log scale)",
                  fontsize=12)
    ax.tick_params(labelsize=12)
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize=12, loc="upper left")
    if title:
        ax.set_title(title, fontsize=13)
    return ax
