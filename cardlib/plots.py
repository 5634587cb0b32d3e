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
from matplotlib.colors import TwoSlopeNorm
from matplotlib.patches import FancyBboxPatch

from .cards import Card

__all__ = [
    "OKABE_ITO", "card_size_points", "draw_cards", "bias_spread", "bias_norm", "bias_matrix",
    "exact_bars",
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
    # add_artist: as add_patch, without growing the data limits (fixed above): faster.
    ax.add_artist(FancyBboxPatch(
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
    fair = 1 / n
    spread = bias_spread(matrix) if spread is None else spread
    image = ax.imshow(matrix, cmap=BIAS_CMAP, norm=bias_norm(n, spread),
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


# --- Lessons 2 and 3: timing, convergence, p-values, cycles (one block, merges cleanly) ---

from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter, NullLocator  # noqa: E402

_LINE_COLOURS = [OKABE_ITO[c] for c in
                 ("blue", "orange", "green", "vermillion", "purple", "sky", "black", "yellow")]


def _duration(seconds: float) -> str:
    """'1 ms', '10 µs', '0.1 s': a time in words for tick labels."""
    for unit, size in (("s", 1), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if seconds >= size * 0.999:
            return f"{seconds / size:g} {unit}"
    return f"{seconds:g} s"


def _plain_log_ticks(axis, label=lambda v: f"{v:,.0f}" if v >= 1 else f"{v:g}") -> None:
    """Label a log axis at powers of ten in plain text (mathtext labels are slow to lay out)."""
    axis.set_major_locator(LogLocator(base=10))
    axis.set_major_formatter(FuncFormatter(lambda v, _: label(v)))
    axis.set_minor_formatter(NullFormatter())


def timing_loglog(ax: Axes, timings, largest: int | None = None, points: int = 4,
                  title: str | None = None) -> Axes:
    """Draw seconds per shuffle against n on log-log axes, with the fitted slopes dashed.

    ``timings`` is a :class:`cardlib.timing.Timings`; the slopes are fitted
    over the last ``points`` sizes up to ``largest``.
    """
    from .timing import loglog_fit

    sizes = [n for n in timings.sizes if largest is None or n <= largest]
    fitted = sizes[-points:]
    for (name, seconds), colour in zip(timings.seconds.items(), _LINE_COLOURS):
        seconds = seconds[: len(sizes)]
        slope, intercept = loglog_fit(fitted, seconds[-points:])
        ax.loglog(sizes, seconds, "o-", color=colour, linewidth=2, markersize=6,
                  label=f"{name}: fitted slope {slope:.2f}")
        line = np.array([fitted[0] / 1.5, fitted[-1] * 1.5])
        ax.loglog(line, np.exp(intercept) * line**slope, "--", color=colour, linewidth=1.5)
    # Plain tick labels in words (mathtext labels are slow to lay out on every redraw).
    ax.set_xticks(sizes, [f"{n:,}" for n in sizes], rotation=45 if len(sizes) > 6 else 0)
    # No minor ticks between the labelled sizes: each one is an artist to lay
    # out on every redraw (a quarter of this panel's redraw time).
    ax.xaxis.set_minor_locator(NullLocator())
    _plain_log_ticks(ax.yaxis, _duration)
    ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0), numticks=15))
    ax.set_xlabel("cards in the deck (n, log scale)", fontsize=12)
    ax.set_ylabel("time per shuffle (log scale)", fontsize=12)
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize=11, loc="upper left")
    if title:
        ax.set_title(title, fontsize=13)
    return ax


def convergence(ax: Axes, frequencies, exact_row, card: int = 0, title: str | None = None) -> Axes:
    """Draw running frequencies of ``card`` at each position against trials, exact values dotted.

    ``frequencies`` is from :func:`cardlib.stats.landing_frequencies`;
    ``exact_row[j]`` is the exact probability that the card ends at position j.
    """
    frequencies = np.asarray(frequencies, dtype=float)
    # About 400 points spread evenly on the log axis are plenty, and keep redraws fast.
    rows = np.unique(np.geomspace(1, frequencies.shape[0], 400).astype(int)) - 1
    trials = rows + 1
    for j, colour in zip(range(frequencies.shape[1]), itertools.cycle(_LINE_COLOURS)):
        ax.semilogx(trials, frequencies[rows, j], color=colour, linewidth=1.6,
                    label=f"position {j}: exact {float(exact_row[j]):.4f}")
        ax.axhline(float(exact_row[j]), color=colour, linestyle=":", linewidth=2)
    _plain_log_ticks(ax.xaxis)
    ax.set_ylim(-0.01, min(1, 2.2 * max(float(max(exact_row)), 1e-9)))
    ax.set_xlabel("number of shuffles (log scale)", fontsize=12)
    ax.set_ylabel(f"fraction with card {card} at the position", fontsize=12)
    ax.legend(fontsize=10, loc="upper right", ncol=2)
    if title:
        ax.set_title(title, fontsize=13)
    return ax


def p_value_trail(ax: Axes, trials: Sequence[int], p_values: Sequence[float],
                  level: float = 0.01, title: str | None = None) -> Axes:
    """Draw chi-square p-values against the number of shuffles, with a significance level."""
    floor = 1e-20
    shown = np.maximum(np.asarray(p_values, dtype=float), floor)
    ax.loglog(trials, shown, "o-", color=OKABE_ITO["blue"], linewidth=2, markersize=5)
    ax.axhline(level, color=OKABE_ITO["vermillion"], linestyle="--", linewidth=1.5,
               label=f"p = {level}: below it, call the shuffle unfair")
    ax.legend(fontsize=10, loc="center left")
    _plain_log_ticks(ax.xaxis)
    ax.set_ylim(floor / 3, 3)
    ax.set_yticks([1e-20, 1e-15, 1e-10, 1e-5, 0.01, 1], ["1e-20", "1e-15", "1e-10", "1e-5", "0.01", "1"])
    ax.yaxis.set_minor_locator(NullLocator())  # 20 decades of minor ticks cost time, say nothing
    ax.set_xlabel("number of shuffles (log scale)", fontsize=12)
    ax.set_ylabel(f"chi-square p-value (log; floor {floor:g})", fontsize=12)
    if title:
        ax.set_title(title, fontsize=13)
    return ax


def cycle_bars(ax: Axes, distributions: dict[str, dict], title: str | None = None) -> Axes:
    """Draw, side by side, the exact probability of each number of cycles for each shuffle.

    ``distributions`` maps a name to the result of :func:`cardlib.stats.cycle_distribution`.
    """
    names = list(distributions)
    width = 0.8 / len(names)
    for k, (name, colour) in enumerate(zip(names, _LINE_COLOURS)):
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
