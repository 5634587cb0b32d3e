"""What simulated decks show: frequencies settling on the exact law, p-values, distances."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.ticker import NullLocator

from ..validation import numbers_array, positive_number, validate_arguments, whole_number
from .style import LINE_COLOURS, OKABE_ITO, axis_state, moved_axes, plain_log_ticks

__all__ = ["convergence", "set_convergence", "p_value_trail", "set_p_value_trail",
           "distance_curves", "set_distance_curves", "order_count_band", "set_order_count_band"]


@validate_arguments
def convergence(ax: Axes, frequencies, exact_row, card: int | None = 0,
                title: str | None = None, upto: int | None = None,
                top: float | None = None) -> Axes:
    """Draw running frequencies of ``card`` at each position against trials, exact values dotted.

    ``frequencies`` is from :func:`cardlib.stats.landing_frequencies`;
    ``exact_row[j]`` is the exact probability that the card ends at position j.
    The x axis runs to ``upto`` trials and the y axis to ``top`` when given (a
    panel keeps one frame for every state), else to the last trial and to a
    little over twice the largest exact value. ``card=None`` names no card on the
    axis (the title does).
    """
    frequencies, exact_row, trials, rows = _convergence_data(frequencies, exact_row)
    for j, colour in zip(range(frequencies.shape[1]), itertools.cycle(LINE_COLOURS)):
        ax.semilogx(trials, frequencies[rows, j], color=colour, linewidth=1.6,
                    label=_position_label(j, exact_row))
        ax.axhline(float(exact_row[j]), color=colour, linestyle=":", linewidth=2)
    plain_log_ticks(ax.xaxis)
    _frame(ax, upto)
    ax.set_ylim(*_convergence_ylim(exact_row, top))
    ax.set_xlabel("number of shuffles (log scale)", fontsize=13)
    ax.set_ylabel(_convergence_ylabel(card), fontsize=13)
    ax.tick_params(labelsize=12)
    ax.legend(fontsize=12, loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0,
              title="position: exact", title_fontsize=12)
    if title:
        ax.set_title(title, fontsize=13)
    return ax


def _convergence_data(frequencies, exact_row) -> tuple:
    frequencies = numbers_array("frequencies", frequencies, ndim=2)
    exact_row = numbers_array("exact_row", exact_row, ndim=1)
    if not len(frequencies) or frequencies.shape[1] != len(exact_row):
        raise ValueError(f"frequencies (shape {frequencies.shape}) needs one column per entry "
                         f"of exact_row ({len(exact_row)}), and at least one row")
    # About 400 points spread evenly on the log axis are plenty, and keep redraws fast.
    rows = np.unique(np.geomspace(1, frequencies.shape[0], 400).astype(int)) - 1
    return frequencies, exact_row, rows + 1, rows


def _position_label(j: int, exact_row) -> str:
    return f"{j}: {float(exact_row[j]):.4f}"


def _convergence_ylim(exact_row, top: float | None) -> tuple[float, float]:
    if top is None:
        top = min(1, 2.2 * max(float(max(exact_row)), 1e-9))
    return -0.01, positive_number("top", top)


def _convergence_ylabel(card: int | None) -> str:
    return f"fraction of shuffles\nwith {'the card' if card is None else f'card {card}'} there"


def _frame(ax: Axes, upto: int | None) -> None:
    """Fix a log x axis to run from 1 to ``upto`` trials, with matplotlib's usual margins."""
    if upto is not None:
        ax.set_xlim(*_log_limits(1, whole_number("upto", upto, minimum=1)))


@validate_arguments
def set_convergence(ax: Axes, frequencies, exact_row, card: int | None = 0,
                    title: str | None = None, upto: int | None = None,
                    top: float | None = None) -> list[Artist] | None:
    """Show new frequencies in a :func:`convergence` picture drawn before, in place.

    Returns the artists changed (the tick axes among them when their limits or
    label moved), the picture then as :func:`convergence` draws it on fresh
    axes; or None, changing nothing, when the number of positions differs.
    """
    frequencies, exact_row, trials, rows = _convergence_data(frequencies, exact_row)
    legend = ax.get_legend()
    if legend is None or len(ax.lines) != 2 * len(exact_row) or (
            len(legend.get_texts()) != len(exact_row)):
        return None
    before = axis_state(ax)
    words = [(text.get_text(), ax.title.get_text()) for text in legend.get_texts()]
    for j, text in enumerate(legend.get_texts()):
        line, level = ax.lines[2 * j], ax.lines[2 * j + 1]
        line.set_data(trials, frequencies[rows, j])
        line.set_label(_position_label(j, exact_row))
        level.set_ydata([float(exact_row[j])] * 2)
        text.set_text(_position_label(j, exact_row))
    ax.relim()
    ax.autoscale_view(scaley=False)
    _frame(ax, upto)
    ax.set_ylim(*_convergence_ylim(exact_row, top))
    ax.yaxis.label.set_text(_convergence_ylabel(card))
    if title:
        ax.set_title(title, fontsize=13)
    reworded = words != [(text.get_text(), ax.title.get_text()) for text in legend.get_texts()]
    return [*ax.lines, *([legend, ax.title] if reworded else []), *moved_axes(ax, before)]


@validate_arguments
def p_value_trail(ax: Axes, trials: Sequence[int], p_values: Sequence[float],
                  level: float = 0.01, title: str | None = None,
                  upto: int | None = None) -> Axes:
    """Draw chi-square p-values against the number of shuffles, each test a dot, on a linear axis.

    A fair shuffle's p-value wanders over the whole range from 0 to 1; dots
    below ``level`` (dashed) are alarms, drawn in vermillion. The last test,
    the one planned in advance, is ringed: only it decides. The x axis runs to
    ``upto`` shuffles when given, else to the last test.
    """
    trials, p_values, low = _trail_data(trials, p_values, level)
    ax.semilogx(trials, p_values, "-", color=OKABE_ITO["blue"], linewidth=1.5, zorder=1)
    ax.plot(trials[~low], p_values[~low], "o", color=OKABE_ITO["blue"], markersize=6,
            label="a look: the p-value so far")
    ax.plot(trials[low], p_values[low], "o", color=OKABE_ITO["vermillion"], markersize=7,
            label=f"an alarm: p below {level}")
    ax.plot(trials[-1:], p_values[-1:], "o", markersize=16, markerfacecolor="none",
            markeredgecolor="black", markeredgewidth=2, label="the test planned in advance")
    ax.axhline(level, color=OKABE_ITO["vermillion"], linestyle="--", linewidth=1.5)
    plain_log_ticks(ax.xaxis)
    _frame(ax, upto)
    ax.set_ylim(-0.03, 1.03)
    ax.yaxis.set_minor_locator(NullLocator())
    ax.set_xlabel("number of shuffles (log scale)", fontsize=13)
    ax.set_ylabel("chi-square p-value", fontsize=13)
    ax.tick_params(labelsize=12)
    ax.legend(fontsize=12, loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0)
    if title:
        ax.set_title(title, fontsize=13)
    return ax


def _trail_data(trials, p_values, level: float) -> tuple:
    if not len(trials) or len(trials) != len(p_values):
        raise ValueError(f"trials ({len(trials)}) and p_values ({len(p_values)}) must be as "
                         "long, and not empty")
    p_values = np.asarray(p_values, dtype=float)
    return np.asarray(trials), p_values, p_values < level


@validate_arguments
def set_p_value_trail(ax: Axes, trials: Sequence[int], p_values: Sequence[float],
                      level: float = 0.01, title: str | None = None,
                      upto: int | None = None) -> list[Artist] | None:
    """Show new p-values in a :func:`p_value_trail` drawn before (with the same ``level``).

    Returns the artists changed (the tick axes among them when their limits
    moved), the picture then as :func:`p_value_trail` draws it on fresh axes;
    or None, changing nothing, when ``ax`` holds something else.
    """
    trials, p_values, low = _trail_data(trials, p_values, level)
    if len(ax.lines) != 5 or ax.get_legend() is None:
        return None
    before, said = axis_state(ax), ax.title.get_text()
    path, looks, alarms, planned, _ = ax.lines
    path.set_data(trials, p_values)
    looks.set_data(trials[~low], p_values[~low])
    alarms.set_data(trials[low], p_values[low])
    planned.set_data(trials[-1:], p_values[-1:])
    ax.relim()
    ax.autoscale_view(scaley=False)
    _frame(ax, upto)
    if title:
        ax.set_title(title, fontsize=13)
    return [path, looks, alarms, planned, *([ax.title] if ax.title.get_text() != said else []),
            *moved_axes(ax, before)]


@validate_arguments
def distance_curves(ax: Axes, name: str, curve, fair_curve,
                    exact_distance: float | None = None, frame: tuple | None = None) -> Axes:
    """Draw the largest card distance against the number of decks, for a shuffle and a fair one.

    ``curve`` and ``fair_curve`` are (decks, distances) pairs, as
    :func:`cardlib.evidence.distance_by_trials` returns them; the exact
    distance of the shuffle, when known and above 0, is a dotted line (else the
    legend says it is 0, or out of reach). Log-log axes.
    ``frame``, ((fewest, most decks), (lowest, highest distance)), gives the axes one
    frame for every state (a panel's), widened only to hold a value outside it; else
    they fit the curves.
    """
    curve, fair_curve = _curve("curve", curve), _curve("fair_curve", fair_curve)
    ax.set_xscale("log")
    ax.set_yscale("log")
    plain_log_ticks(ax.xaxis)
    plain_log_ticks(ax.yaxis)
    ax.plot(*curve, "o-", color=OKABE_ITO["vermillion"], linewidth=2.5, label=name)
    ax.plot(*fair_curve, "s--", color=OKABE_ITO["blue"], label="fair: noise only")
    shown = _exact_shown(exact_distance)
    level = ax.axhline(exact_distance if shown else 1.0, color="black", linestyle=":",
                       linewidth=2, label=_exact_words(exact_distance))
    level.set_visible(shown)  # kept, hidden, so that a panel can show it again in place
    _distance_frame(ax, frame, [curve, fair_curve], exact_distance)
    ax.tick_params(labelsize=12)
    ax.legend(fontsize=12, loc="lower left")  # its handle of a hidden line is hidden too
    return ax


def _exact_shown(exact_distance: float | None) -> bool:
    return exact_distance is not None and exact_distance > 1e-12


def _exact_words(exact_distance: float | None) -> str:
    if exact_distance is None:
        return "exact: out of reach"
    return "exact" if _exact_shown(exact_distance) else "exact: 0 (fair)"


@validate_arguments
def set_distance_curves(ax: Axes, name: str, curve, fair_curve,
                        exact_distance: float | None = None,
                        frame: tuple | None = None) -> list[Artist] | None:
    """Show new curves in a :func:`distance_curves` picture drawn before, in place.

    Returns the artists changed (the tick axes among them when their limits
    moved), the picture then as :func:`distance_curves` draws it on fresh
    axes; or None, changing nothing, when ``ax`` holds something else.
    """
    curve, fair_curve = _curve("curve", curve), _curve("fair_curve", fair_curve)
    legend = ax.get_legend()
    if legend is None or len(ax.lines) != 3 or len(legend.get_texts()) != 3:
        return None
    before = axis_state(ax)
    texts, shown = legend.get_texts(), _exact_shown(exact_distance)
    said = [text.get_text() for text in texts]
    shuffle, fair, level = ax.lines
    shuffle.set_data(*curve)
    shuffle.set_label(name)
    fair.set_data(*fair_curve)
    level.set_ydata([exact_distance if shown else 1.0] * 2)
    level.set_label(_exact_words(exact_distance))
    level.set_visible(shown)
    legend.legend_handles[2].set_visible(shown)
    texts[0].set_text(name)
    texts[2].set_text(_exact_words(exact_distance))
    ax.relim()
    ax.autoscale_view()
    _distance_frame(ax, frame, [curve, fair_curve], exact_distance)
    reworded = said != [text.get_text() for text in texts]
    return [*ax.lines, *([legend] if reworded else []), *moved_axes(ax, before)]


def _distance_frame(ax: Axes, frame: tuple | None, curves: list, level: float | None) -> None:
    """Fix a log-log frame ((x0, x1), (y0, y1)), widened to hold every curve and the level."""
    if frame is None:
        return
    try:
        (x0, x1), (y0, y1) = frame
    except (TypeError, ValueError):
        raise TypeError(f"frame must be ((fewest, most decks), (lowest, highest distance)), "
                        f"not {frame!r:.60}") from None
    xs = [float(v) for decks, _ in curves for v in decks if v > 0]
    ys = [float(v) for _, distances in curves for v in distances if v > 1e-12]
    ys += [level] if level is not None and level > 1e-12 else []
    ax.set_xlim(*_log_limits(min([positive_number("frame", x0), *xs]),
                             max([positive_number("frame", x1), *xs])))
    ax.set_ylim(*_log_limits(min([positive_number("frame", y0), *ys]),
                             max([positive_number("frame", y1), *ys])))


def _log_limits(low: float, high: float) -> tuple[float, float]:
    """``low`` to ``high`` on a log axis with matplotlib's margins: 5% of the decades shown."""
    margin = max(high / low, 10) ** 0.05
    return low / margin, high * margin


def _curve(name: str, curve) -> tuple:
    """A (decks, distances) pair of equally long lists of numbers."""
    if not isinstance(curve, (tuple, list)) or len(curve) != 2:
        raise TypeError(f"{name} must be a pair (decks, distances), not {curve!r:.40}")
    x, y = (numbers_array(name, part, ndim=1) for part in curve)
    if len(x) != len(y):
        raise ValueError(f"{name} must pair as many decks as distances, got {len(x)} and "
                         f"{len(y)}")
    return x, y


@validate_arguments
def order_count_band(ax: Axes, counts: Sequence[int], trials: int,
                     title: str | None = None, fixed: bool = False) -> Axes:
    """Draw how often each order appeared, most frequent first, against a fair shuffle's band.

    The grey band holds about 95% of the counts a fair shuffle gives (the
    expected count plus or minus two standard deviations); use a symlog axes.
    The title says how many orders appeared, unless ``title`` is given. ``fixed``
    scales the counts axis to ``trials`` (the most an order can be seen), whatever
    the counts, so that batches of as many decks share one scale.
    """
    orders, expected, low, high = _band(counts, trials)
    ax.fill_between(range(orders), low, high,
                    color="lightgrey", label="a fair shuffle: about 95% of counts")
    ax.axhline(expected, color="black", linestyle=":", label=f"fair: {expected:.1f} each")
    ax.plot(range(orders), counts, color=OKABE_ITO["vermillion"], linewidth=2.5,
            label="this batch")
    _count_axis(ax, counts, trials, fixed)
    ax.minorticks_off()
    ax.set_title(_band_title(counts, title), fontsize=13)
    ax.legend(fontsize=12, loc="upper right")
    return ax


def _band(counts: Sequence[int], trials: int) -> tuple[int, float, float, float]:
    """The number of orders, the count a fair shuffle expects of each, and its band."""
    orders = len(counts)
    if not orders or trials < 1:
        raise ValueError(f"order_count_band needs counts of at least one order (counts has "
                         f"{orders}) and trials of at least 1 (got {trials})")
    expected = trials / orders
    band = 2 * np.sqrt(expected)
    return orders, expected, max(expected - band, 0), expected + band


def _count_axis(ax: Axes, counts: Sequence[int], trials: int, fixed: bool) -> None:
    top = trials if fixed else max(counts)
    ticks = [t for t in (0, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000) if t <= top]
    ax.set_yticks(ticks, [str(t) for t in ticks])
    if fixed:
        ax.set_ylim(-0.5, 1.15 * trials)


def _band_title(counts: Sequence[int], title: str | None) -> str:
    return title or f"{sum(c > 0 for c in counts)} of the {len(counts)} orders appeared"


@validate_arguments
def set_order_count_band(ax: Axes, counts: Sequence[int], trials: int,
                         title: str | None = None, fixed: bool = False) -> list[Artist] | None:
    """Show another batch in an :func:`order_count_band` of as many orders and decks.

    The band, the fair line and the legend stay; the batch's line, the counts
    axis (its ticks and limits) and the title change. Returns the artists
    changed, the picture then as :func:`order_count_band` draws it on fresh
    axes; or None, changing nothing, when ``ax`` holds another band.
    """
    orders, expected, low, high = _band(counts, trials)
    lines = ax.lines
    if (ax.get_legend() is None or len(lines) != 2 or len(ax.collections) != 1
            or len(lines[1].get_xdata()) != orders or lines[0].get_ydata()[0] != expected):
        return None
    before, said = (axis_state(ax), list(ax.get_yticks())), ax.get_title()
    lines[1].set_ydata(counts)
    if not fixed:  # the limits a fresh picture takes, before its ticks widen them
        ax.relim()
        ax.update_datalim([(0, low), (orders - 1, high)])
        ax.autoscale_view()
    _count_axis(ax, counts, trials, fixed)
    ax.set_title(_band_title(counts, title), fontsize=13)
    moved = moved_axes(ax, before[0])
    if list(ax.get_yticks()) != before[1] and ax.yaxis not in moved:
        moved.append(ax.yaxis)
    return [lines[1], *([ax.title] if ax.get_title() != said else []), *moved]
