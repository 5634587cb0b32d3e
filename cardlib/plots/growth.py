"""Pictures for the list-growth lesson. Each function draws given data and returns its axes."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes

from ..growth import Growth
from ..validation import validate_arguments
from .style import OKABE_ITO, axis_state, moved_axes, plain_log_ticks

__all__ = ["size_steps", "set_size_steps", "append_times", "copies_per_append_curves",
           "build_times"]


@validate_arguments
def size_steps(ax: Axes, appended: Sequence[int], preallocated: Sequence[int],
               events: Sequence[Growth], version: str, labels: int = 12) -> Axes:
    """Draw getsizeof while appending (steps, each resize marked) against ``[None] * n``.

    At most ``labels`` resizes, spread over the plot, are labelled with the capacity they grow to.
    """
    n, lengths, shown = _size_data(appended, preallocated, events)
    ax.step(lengths, appended, where="post", color=OKABE_ITO["blue"], linewidth=2,
            label="list grown by append")
    ax.plot(lengths, preallocated, color=OKABE_ITO["orange"], linestyle="--", linewidth=2,
            label="[None] * n: exactly n slots")
    ax.plot([g.length for g in shown], [appended[g.length] for g in shown], "o",
            color=OKABE_ITO["vermillion"], markersize=6, label=_resizes_label(shown))
    _label_resizes(ax, appended, shown, n, labels)
    ax.margins(y=0.12)  # headroom for the top label
    ax.set_xlabel("length of the list (elements)", fontsize=13)
    ax.set_ylabel("sys.getsizeof (bytes)", fontsize=13)
    ax.tick_params(labelsize=12)
    ax.set_title(f"{version}: append grows the list in steps, [None] * n exactly",
                 fontsize=14)
    ax.legend(fontsize=12, loc="upper left")
    return ax


def _size_data(appended: Sequence[int], preallocated: Sequence[int],
               events: Sequence[Growth]) -> tuple:
    if not appended or len(appended) != len(preallocated):
        raise ValueError(f"appended ({len(appended)}) and preallocated ({len(preallocated)}) "
                         "must be sizes for the same lengths 0..n")
    n = len(appended) - 1
    return n, range(n + 1), [g for g in events if g.length <= n]


def _resizes_label(shown: Sequence[Growth]) -> str:
    return f"{len(shown)} resizes (over-allocations)"


def _label_resizes(ax: Axes, appended: Sequence[int], shown: Sequence[Growth], n: int,
                   labels: int) -> None:
    labelled, last = [], None
    for g in reversed(shown):  # from the right, skipping resizes too close to the last label
        if last is None or last - g.length >= n / labels:
            labelled.append(g)
            last = g.length
    for g in labelled:
        ax.annotate(f"room for {g.new_capacity}", (g.length, appended[g.length]),
                    textcoords="offset points", xytext=(-4, 8), ha="right", fontsize=12)


@validate_arguments
def set_size_steps(ax: Axes, appended: Sequence[int], preallocated: Sequence[int],
                   events: Sequence[Growth], labels: int = 12) -> list[Artist] | None:
    """Show another number of appends in a :func:`size_steps` picture drawn before.

    Returns the artists changed (the whole axes when its limits moved, as they
    do with n), the picture then as :func:`size_steps` draws it on fresh axes;
    or None, changing nothing, when ``ax`` holds something else.
    """
    n, lengths, shown = _size_data(appended, preallocated, events)
    legend = ax.get_legend()
    if len(ax.lines) != 3 or legend is None:
        return None
    before = axis_state(ax)
    steps, exact, dots = ax.lines
    steps.set_data(lengths, appended)
    exact.set_data(lengths, preallocated)
    dots.set_data([g.length for g in shown], [appended[g.length] for g in shown])
    dots.set_label(_resizes_label(shown))
    for text in legend.get_texts():
        if text.get_text().endswith("resizes (over-allocations)"):
            text.set_text(_resizes_label(shown))
    for text in list(ax.texts):
        text.remove()
    _label_resizes(ax, appended, shown, n, labels)
    ax.relim()
    ax.autoscale_view()
    if moved_axes(ax, before):
        return [ax]
    return [steps, exact, dots, legend, *ax.texts]


@validate_arguments
def append_times(ax: Axes, lengths: Sequence[int], nanoseconds: Sequence[float],
                 per_append: float, fixed: float, version: str) -> Axes:
    """Plot the measured time per append against n, with the fit per_append + fixed / n.

    The y axis leaves its top third to the legend, so that the legend hides no point; the
    title gives the range the measurements stay in.
    """
    ax.plot(lengths, nanoseconds, "o", color=OKABE_ITO["blue"], markersize=8, zorder=3,
            label="measured: best time per append over n appends")
    smooth = np.geomspace(min(lengths), max(lengths), 200)
    fitted = per_append + fixed / smooth
    ax.plot(smooth, fitted, "-", color=OKABE_ITO["vermillion"], linewidth=2,
            label=f"fit: {per_append:.1f} ns per append + {fixed:,.0f} ns per build / n")
    ax.axhline(per_append, color="grey", linestyle=":", linewidth=2,
               label=f"{per_append:.1f} ns: one append, without the build's fixed cost")
    ax.set_xscale("log")
    plain_log_ticks(ax.xaxis)
    highest = max(max(nanoseconds), float(np.max(fitted)), per_append)
    ax.set_ylim(0, 1.7 * highest)  # the points below 60 % of the height, the legend above
    ax.set_xlabel("appends n in one build (log scale)", fontsize=13)
    ax.set_ylabel("nanoseconds per append", fontsize=13)
    ax.tick_params(labelsize=12)
    ax.legend(fontsize=12, loc="upper center")
    ax.set_title(f"{version}: from {min(lengths):,} to {max(lengths):,} appends,\nthe time per "
                 f"append stays between {min(nanoseconds):.0f} and {max(nanoseconds):.0f} ns",
                 fontsize=14)
    return ax


@validate_arguments
def copies_per_append_curves(ax: Axes, lengths: Sequence[int],
                             curves: dict[str, Sequence[float]]) -> Axes:
    """Plot elements copied per append (if every resize copied the list) against n, log-log."""
    for (name, copies), colour, marker in zip(curves.items(),
                                              (OKABE_ITO["blue"], OKABE_ITO["vermillion"],
                                               OKABE_ITO["green"]), "osD"):
        shown = [c if c > 0 else np.nan for c in copies]  # no copies yet: nothing on a log axis
        ax.plot(lengths, shown, marker + "-", color=colour, linewidth=2, markersize=6,
                label=name)
    ax.set_xscale("log")
    ax.set_yscale("log")
    plain_log_ticks(ax.xaxis)
    plain_log_ticks(ax.yaxis)
    ax.set_xlabel("appends n (log scale)", fontsize=13)
    ax.set_ylabel("elements copied per append (log scale)", fontsize=13)
    ax.tick_params(labelsize=12)
    ax.legend(fontsize=12, loc="upper left")
    ax.set_title("Growing by a fixed share keeps copies per append bounded; "
                 "by a fixed amount, not", fontsize=14)
    return ax


@validate_arguments
def build_times(ax: Axes, nanoseconds: dict[str, float], n: int, version: str) -> Axes:
    """Draw the time to build an n-card pile in each way as horizontal bars."""
    names = list(nanoseconds)
    values = [nanoseconds[name] for name in names]
    colours = [OKABE_ITO[c] for c in ("blue", "orange", "green", "purple")][:len(names)]
    bars = ax.barh(names, values, color=colours, edgecolor="black", linewidth=0.5)
    ax.bar_label(bars, [f"{v / 1000:.2f} µs" for v in values], padding=4, fontsize=12)
    ax.set_xlim(0, 1.25 * max(values))
    ax.invert_yaxis()
    ax.set_xlabel(f"nanoseconds to build a {n}-card pile (best of several runs)", fontsize=13)
    ranked = sorted(nanoseconds, key=nanoseconds.get)
    ratio = nanoseconds[ranked[-1]] / nanoseconds[ranked[0]]
    ax.set_title(f"{version}: {ranked[0]} is fastest, {ratio:.1f}× faster than {ranked[-1]}",
                 fontsize=14)
    ax.tick_params(labelsize=12)
    return ax
