"""Pictures for the list-growth lesson. Each function draws given data and returns its axes."""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.axes import Axes

from ..growth import Growth
from .style import OKABE_ITO, picture

__all__ = ["size_steps", "cost_per_append", "build_times"]


@picture
def size_steps(ax: Axes, appended: Sequence[int], preallocated: Sequence[int],
               events: Sequence[Growth], version: str, labels: int = 12) -> Axes:
    """Draw getsizeof while appending (steps, each resize marked) against ``[None] * n``.

    At most ``labels`` resizes, spread over the plot, are labelled with the capacity they grow to.
    """
    if not appended or len(appended) != len(preallocated):
        raise ValueError(f"appended ({len(appended)}) and preallocated ({len(preallocated)}) "
                         "must be sizes for the same lengths 0..n")
    n = len(appended) - 1
    lengths = range(n + 1)
    ax.step(lengths, appended, where="post", color=OKABE_ITO["blue"], linewidth=2,
            label="list grown by append")
    ax.plot(lengths, preallocated, color=OKABE_ITO["orange"], linestyle="--", linewidth=2,
            label="[None] * n: exactly n slots")
    shown = [g for g in events if g.length <= n]
    ax.plot([g.length for g in shown], [appended[g.length] for g in shown], "o",
            color=OKABE_ITO["vermillion"], markersize=6,
            label=f"{len(shown)} resizes (over-allocations)")
    labelled, last = [], None
    for g in reversed(shown):  # from the right, skipping resizes too close to the last label
        if last is None or last - g.length >= n / labels:
            labelled.append(g)
            last = g.length
    for g in labelled:
        ax.annotate(f"room for {g.new_capacity}", (g.length, appended[g.length]),
                    textcoords="offset points", xytext=(-4, 8), ha="right", fontsize=9)
    ax.margins(y=0.12)  # headroom for the top label
    ax.set_xlabel("length of the list (elements)", fontsize=12)
    ax.set_ylabel("sys.getsizeof (bytes)", fontsize=12)
    ax.set_title(f"{version}: append grows the list in steps, [None] * n exactly",
                 fontsize=13)
    ax.legend(fontsize=11, loc="upper left")
    return ax


@picture
def cost_per_append(ax: Axes, lengths: Sequence[int], nanoseconds: Sequence[float],
                    copies: Sequence[float], version: str) -> Axes:
    """Plot measured time per append and worst-case copies per append against the list length."""
    if not lengths or not len(lengths) == len(nanoseconds) == len(copies):
        raise ValueError(f"lengths ({len(lengths)}), nanoseconds ({len(nanoseconds)}) and "
                         f"copies ({len(copies)}) must be as long, and not empty")
    ax.plot(lengths, nanoseconds, "o-", color=OKABE_ITO["blue"], label="measured time per append")
    ax.set_xscale("log")
    ax.set_ylim(0, 1.3 * max(nanoseconds))
    ax.set_xlabel("appends n (log scale)", fontsize=12)
    ax.set_ylabel("nanoseconds per append", fontsize=12, color=OKABE_ITO["blue"])
    twin = ax.twinx()
    twin.plot(lengths, copies, "s--", color=OKABE_ITO["vermillion"],
              label="elements copied per append, if every resize copied")
    twin.set_ylim(0, 1.3 * max(max(copies), 1))
    twin.set_ylabel("copies per append", fontsize=12, color=OKABE_ITO["vermillion"])
    lines = ax.get_lines() + twin.get_lines()
    ax.legend(lines, [line.get_label() for line in lines], fontsize=10, loc="lower right")
    ax.set_title(f"{version}: an append costs about the same for 100 or 100,000 elements",
                 fontsize=13)
    return ax


@picture
def build_times(ax: Axes, nanoseconds: dict[str, float], n: int, version: str) -> Axes:
    """Draw the time to build an n-card pile in each way as horizontal bars."""
    names = list(nanoseconds)
    values = [nanoseconds[name] for name in names]
    colours = [OKABE_ITO[c] for c in ("blue", "orange", "green", "purple")][:len(names)]
    bars = ax.barh(names, values, color=colours, edgecolor="black", linewidth=0.5)
    ax.bar_label(bars, [f"{v / 1000:.2f} µs" for v in values], padding=4, fontsize=11)
    ax.set_xlim(0, 1.25 * max(values))
    ax.invert_yaxis()
    ax.set_xlabel(f"nanoseconds to build a {n}-card pile (best of several runs)", fontsize=12)
    ranked = sorted(nanoseconds, key=nanoseconds.get)
    ratio = nanoseconds[ranked[-1]] / nanoseconds[ranked[0]]
    ax.set_title(f"{version}: {ranked[0]} is fastest, {ratio:.1f}× faster than {ranked[-1]}",
                 fontsize=13)
    ax.tick_params(labelsize=11)
    return ax
