"""Pictures for the hand-shuffling lessons (10 and 11): packets, hands, faros, mixing curves, deals.

Each function draws given data and returns its axes (or figure); sizes suit a
figure about 9.5 inches wide, shown at full size in JupyterLab.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..cards import Card
from ..validation import decks_array, validate_arguments
from .cards import draw_cards
from .style import LINE_COLOURS, plain_log_ticks

__all__ = [
    "card_rows",
    "faro_stripes",
    "faro_orders",
    "mixing_curves",
    "deal_rates",
]

_MARKERS = ("o", "s", "D", "^", "v", "P", "X", "*")


@validate_arguments
def card_rows(fig: Figure, rows: Sequence[tuple[str, Sequence[Card]]], per_row: int,
              labels: Sequence[Sequence[str] | None] | None = None) -> Figure:
    """Draw each (title, cards) as one row of card faces, all at the same size, bottom card left.

    ``labels`` (optional) holds captions under the cards of each row.
    """
    if not rows or not all(isinstance(row, (tuple, list)) and len(row) == 2 for row in rows):
        raise ValueError("rows must be (title, cards) pairs, at least one")
    if labels is not None and len(labels) != len(rows):
        raise ValueError(f"labels must hold one list per row: {len(rows)}, got {len(labels)}")
    axes = fig.subplots(len(rows), 1, squeeze=False)[:, 0]
    for i, (ax, (title, cards)) in enumerate(zip(axes, rows)):
        before = len(ax.texts)
        draw_cards(ax, cards, per_row=per_row, labels=None if labels is None else labels[i])
        if labels is not None and labels[i] is not None:
            for text in ax.texts[before:][2::3]:  # each card: corner, centre, caption
                text.set_fontsize(12)
        ax.set_xlim(0, per_row * 0.82 + 0.1)  # every row as wide as a full one: same card size
        ax.set_anchor("W")
        ax.set_title(title, fontsize=14, loc="left")
    return fig


@validate_arguments
def faro_stripes(ax: Axes, decks: Sequence[Sequence[int]], kind: str = "out") -> Axes:
    """Paint deck k (row k) by where each card started: one ramp means the brand-new order."""
    decks = decks_array("decks", decks)
    if not decks.size:
        raise ValueError("decks must hold at least one deck of at least one card")
    image = ax.imshow(decks, cmap="viridis", aspect="auto", interpolation="nearest")
    n = len(decks[0])
    ax.set_xlabel(f"position in the deck (0 = bottom card, {n - 1} = top card)", fontsize=13)
    ax.set_ylabel(f"perfect {kind}-shuffles done", fontsize=13)
    ax.set_yticks(range(len(decks)))
    ax.tick_params(labelsize=12)
    bar = ax.figure.colorbar(image, ax=ax, pad=0.01)
    bar.set_label("where the card started", fontsize=12)
    bar.ax.tick_params(labelsize=12)
    ax.set_title(f"{len(decks) - 1} perfect {kind}-shuffles of {n} cards: stripes, then the "
                 "order comes back", fontsize=14)
    return ax


@validate_arguments
def faro_orders(ax: Axes, sizes: Sequence[int], formula: dict[str, Sequence[int]],
                simulated: dict[str, Sequence[int]], marked: int = 52) -> Axes:
    """Plot the faro orders (shuffles to restore the deck) by deck size: formula and simulation."""
    for (kind, values), colour, marker in zip(formula.items(), LINE_COLOURS, _MARKERS):
        sign = "-" if kind == "out" else "+"
        ax.plot(sizes, values, "-", color=colour, linewidth=1.5,
                label=f"{kind}-shuffles: order of 2 mod n {sign} 1")
        ax.plot(sizes, simulated[kind], marker, color=colour, markersize=8,
                markerfacecolor="none", markeredgewidth=2,
                label=f"{kind}-shuffles: shuffled until the order comes back")
    if marked in sizes:
        i = list(sizes).index(marked)
        out = formula["out"][i]
        ax.annotate(f"{marked} cards: {out} out-shuffles", (marked, out),
                    (marked - 30, out + 30), fontsize=13, arrowprops=dict(arrowstyle="->"))
    ax.set_xlabel("cards in the deck (n, even)", fontsize=13)
    ax.set_ylabel("perfect shuffles to restore the order", fontsize=13)
    ax.tick_params(labelsize=12)
    ax.set_title(f"Faro orders jump around: {marked} cards need 8 out-shuffles, but 52 in-shuffles"
                 if marked == 52 else "Faro orders by deck size", fontsize=14)
    ax.legend(fontsize=12)
    return ax


@validate_arguments
def mixing_curves(ax: Axes, curves: dict[str, tuple[Sequence[int], Sequence[float]]],
                  title: str, ylabel: str, level: float | None = None,
                  log_x: bool = False) -> Axes:
    """Plot distance to uniform against the number of shuffles, one line per method.

    ``curves`` maps a name to (numbers of shuffles, distances); ``level`` draws a
    dotted threshold; ``log_x`` puts the shuffles on a log axis.
    """
    for (name, (ks, values)), colour, marker in zip(curves.items(), LINE_COLOURS, _MARKERS):
        many = len(ks) > 40
        ax.plot(ks, values, "-" if many else marker + "-", color=colour,
                linewidth=2.5 if many else 1.8, markersize=6, label=name)
    if level is not None:
        ax.axhline(level, color="grey", linestyle=":", linewidth=2, label=f"distance {level:g}")
    if log_x:
        ax.set_xscale("log")
        plain_log_ticks(ax.xaxis)
    ax.set_ylim(-0.02, 1.05)
    ax.set_xlabel("number of shuffles" + (" (log scale)" if log_x else ""), fontsize=13)
    ax.set_ylabel(ylabel, fontsize=13)
    ax.tick_params(labelsize=12)
    ax.set_title(title, fontsize=14)
    ax.legend(fontsize=12, loc="upper right" if not log_x else "lower left")
    return ax


@validate_arguments
def deal_rates(ax: Axes, ks: Sequence[int], rates: dict[str, Sequence[float]], fair: float,
               what: str) -> Axes:
    """Plot how often something happens in a deal after k shuffles, per method, with the fair rate.

    ``rates`` maps a method's name to one rate per k; the x axis is categorical
    (k = 0, 1, 2, 5, 100 equally spaced).
    """
    x = np.arange(len(ks))
    for (name, values), colour, marker in zip(rates.items(), LINE_COLOURS, _MARKERS):
        ax.plot(x, values, marker + "-", color=colour, linewidth=2, markersize=7, label=name)
    ax.axhline(fair, color="black", linestyle="--", linewidth=1.5,
               label=f"a fair deal: {fair:.3f}")
    ax.set_xticks(x, [str(k) for k in ks])
    ax.set_xlabel("shuffles of the clumped deck before dealing", fontsize=13)
    ax.set_ylabel(f"how often {what}", fontsize=13)
    ax.tick_params(labelsize=12)
    ax.set_ylim(0, max(1.35 * fair, 1.1 * max(max(v) for v in rates.values())))
    ax.legend(fontsize=12, loc="lower right")
    return ax
