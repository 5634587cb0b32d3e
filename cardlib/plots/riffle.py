"""Pictures for the riffle lesson. Each function draws given data and returns its axes."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection
from matplotlib.colors import TwoSlopeNorm
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from ..cards import Card
from ..validation import numbers_array, validate_arguments, whole_number
from .cards import deck_picture, set_deck_picture
from .style import BIAS_CMAP, CARD_GAP, CARD_WIDTH, OKABE_ITO, axis_state, moved_axes

#: cut_bars draws the law of cuts of at most this many cards.
MAX_CUT_CARDS = 10_000

__all__ = [
    "MAX_CUT_CARDS",
    "SEQUENCE_COLOURS",
    "cut_bars",
    "set_cut_bars",
    "STACK_COLOURS",
    "merge_picture",
    "set_merge_picture",
    "rising_scatter",
    "rising_picture",
    "set_rising_picture",
    "rising_growth",
    "distance_curve",
    "top_card_and_deck",
    "position_heatmap",
]

#: One Okabe-Ito colour per rising sequence (they repeat after eight).
SEQUENCE_COLOURS = tuple(OKABE_ITO[name] for name in (
    "blue", "orange", "green", "purple", "sky", "vermillion", "yellow", "black"))


@validate_arguments
def cut_bars(ax: Axes, n: int, sizes: Sequence[int] | None = None) -> Axes:
    """Draw the Binomial(n, 1/2) law of the cut, and the share of each size among ``sizes``."""
    c, pmf, observed = _cut_data(n, sizes)
    if sizes is not None:
        _observed_bars(ax, c, observed, len(sizes))
    ax.plot(c, pmf, "o-", color=OKABE_ITO["vermillion"], markersize=4,
            label=_binomial_label(n))
    ax.set_xlabel("cards in stack 1 (heads in n coin flips)", fontsize=13)
    ax.set_ylabel("probability", fontsize=13)
    ax.set_title(_cut_title(n), fontsize=14)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.tick_params(labelsize=12)
    ax.legend(fontsize=12)
    return ax


def _cut_data(n: int, sizes: Sequence[int] | None) -> tuple:
    n = whole_number("n", n, maximum=MAX_CUT_CARDS)
    if sizes is not None and any(not 0 <= size <= n for size in sizes):
        raise ValueError(f"sizes must be cut sizes between 0 and n = {n}")
    c = np.arange(n + 1)
    pmf = np.array([math.comb(n, k) for k in c], dtype=float) / 2.0**n
    observed = None if sizes is None else (
        np.bincount(np.asarray(sizes, dtype=int), minlength=n + 1) / len(sizes))
    return c, pmf, observed


def _observed_bars(ax: Axes, c, observed, count: int) -> PolyCollection:
    """One collection of bars (a bar per cut size seen: one of height 0 draws nothing).

    A Rectangle per bar took 25 ms to make and place for the 32 bars of 104 cards; one
    collection takes about 1 ms.
    """
    seen = observed > 0
    left, height = c[seen] - 0.4, observed[seen]
    corners = np.stack([np.stack([left, left, left + 0.8, left + 0.8], axis=1),
                        np.stack([0 * height, height, height, 0 * height], axis=1)], axis=2)
    bars = PolyCollection(corners, facecolors=OKABE_ITO["sky"], edgecolors="black",
                          linewidths=0.4, label=f"{count:,} simulated cuts")
    bars.sticky_edges.y.append(0)  # the axis starts at 0, as under bars
    ax.add_collection(bars, autolim=False)
    if len(corners):  # every version of matplotlib counts them in the limits alike
        ax.update_datalim(corners.reshape(-1, 2))
    return bars


def _binomial_label(n: int) -> str:
    return f"Binomial({n}, 1/2), exact"


def _cut_title(n: int) -> str:
    cards = f"{n} card{'s' * (n != 1)}"
    return (f"Cutting {cards}: stack 1 gets Binomial({n}, 1/2) cards, "
            f"most often about {n / 2:g}")


@validate_arguments
def set_cut_bars(ax: Axes, n: int, sizes: Sequence[int]) -> list[Artist] | None:
    """Show another deck size in a :func:`cut_bars` picture drawn before with ``sizes``.

    The bars are made anew (their number changes), the law's line, the
    legend's words and the title change in place. Returns the artists changed
    (the whole axes when its limits moved), the picture then as
    :func:`cut_bars` draws it on fresh axes; or None, changing nothing, when
    ``ax`` holds something else.
    """
    c, pmf, observed = _cut_data(n, sizes)
    legend = ax.get_legend()
    if len(ax.collections) != 1 or len(ax.lines) != 1 or legend is None or (
            len(legend.get_texts()) != 2):
        return None
    before = axis_state(ax)
    ax.collections[0].remove()
    bars = _observed_bars(ax, c, observed, len(sizes))
    line = ax.lines[0]
    line.set_data(c, pmf)
    line.set_label(_binomial_label(n))
    for text in legend.get_texts():  # the law's entry (the line's, before the bars')
        if text.get_text().startswith("Binomial("):
            text.set_text(_binomial_label(n))
    ax.set_title(_cut_title(n), fontsize=14)
    ax.relim()
    ax.update_datalim(bars.get_datalim(ax.transData).get_points())  # as a fresh picture counts it
    ax.autoscale_view()
    moved = moved_axes(ax, before)
    if moved:
        return [ax]
    return [bars, line, legend, ax.title]


def _row(fig: Figure, cards: Sequence[Card], colours: Sequence[str], slot: int, width: int,
         title: str, ax: Axes | None = None) -> Axes:
    # One axes per row, as wide as its cards, so that every row draws cards the same size;
    # an axes given (the row drawn before) is emptied and moved there.
    def span(count: int) -> float:
        return count * (CARD_WIDTH + CARD_GAP) + CARD_GAP

    height = 0.27
    box = (0.02, 0.66 - slot * 0.32, 0.96 * span(max(len(cards), 1)) / span(width), height)
    if ax is None:
        ax = fig.add_axes(box)
    else:
        for artist in [*ax.patches, *ax.artists, *ax.texts, *ax.lines, *ax.collections]:
            artist.remove()
        ax.set_position(box)
    deck_picture(ax, cards, per_row=width, colours=colours)
    ax.set_title(title, loc="left", fontsize=13)
    return ax


#: The tints of the two stacks in :func:`merge_picture`.
STACK_COLOURS = {1: OKABE_ITO["blue"], 2: OKABE_ITO["orange"]}


def _merge_rows(stack1: Sequence[Card], stack2: Sequence[Card], pile: Sequence[Card],
                pile_sources: Sequence[int]) -> list[tuple]:
    """What each row of :func:`merge_picture` shows: its cards, their tints and its title."""
    return [(stack1, [STACK_COLOURS[1]] * len(stack1),
             f"stack 1 (blue): {len(stack1)} cards left, bottom card on the left"),
            (stack2, [STACK_COLOURS[2]] * len(stack2),
             f"stack 2 (orange): {len(stack2)} cards left"),
            (pile, [STACK_COLOURS[s] for s in pile_sources],
             f"new pile: {len(pile)} cards dropped, bottom card first")]


@validate_arguments
def merge_picture(fig: Figure, stack1: Sequence[Card], stack2: Sequence[Card],
                  pile: Sequence[Card], pile_sources: Sequence[int], n: int) -> Figure:
    """Draw what is left of both stacks and the new pile, bottom cards on the left.

    Cards are tinted by the stack they come from (``pile_sources``: 1 or 2 per pile card).
    """
    for slot, (cards, colours, title) in enumerate(_merge_rows(stack1, stack2, pile,
                                                               pile_sources)):
        _row(fig, cards, colours, slot, n, title)
    return fig


@validate_arguments
def set_merge_picture(fig: Figure, stack1: Sequence[Card], stack2: Sequence[Card],
                      pile: Sequence[Card], pile_sources: Sequence[int],
                      n: int) -> list[Artist] | None:
    """Show another step of the same merge in a :func:`merge_picture` drawn before.

    A row whose title (its count of cards) changed is drawn again in its axes;
    returns those axes, the picture then as :func:`merge_picture` draws it on a
    fresh figure; or None, changing nothing, when ``fig`` holds something else.
    """
    if len(fig.axes) != 3:
        return None
    changed = []
    rows = _merge_rows(stack1, stack2, pile, pile_sources)
    for slot, (ax, (cards, colours, title)) in enumerate(zip(fig.axes, rows)):
        if ax.get_title(loc="left") != title:
            changed.append(_row(fig, cards, colours, slot, n, title, ax=ax))
    return changed


def _order_and_sequences(order, sequences) -> None:
    """order: an order of 0..n-1; sequences: its cards split into runs (rising_sequences)."""
    if sorted(order) != list(range(len(order))):
        raise ValueError("order must be an order of the cards 0..n-1, each once")
    try:
        flat = sorted(card for run in sequences for card in run)
    except TypeError:
        raise TypeError("sequences must be lists of cards (whole numbers)") from None
    if flat != list(range(len(order))):
        raise ValueError("sequences must split the cards 0..n-1 of order into runs, each card "
                         "once (as riffle.rising_sequences returns them)")


@validate_arguments
def rising_scatter(ax: Axes, order: Sequence[int],
                   sequences: Sequence[Sequence[int]]) -> Axes:
    """Plot each card's brand-new place against its place now; one line per rising sequence."""
    _order_and_sequences(order, sequences)
    where = {card: position for position, card in enumerate(order)}
    for index, sequence in enumerate(sequences):
        colour = SEQUENCE_COLOURS[index % len(SEQUENCE_COLOURS)]
        ax.plot([where[c] for c in sequence], sequence, "o-", color=colour, markersize=4,
                linewidth=1.2)
    ax.set_xlabel("position now (0 = bottom)", fontsize=12)
    ax.set_ylabel("position in the brand-new deck", fontsize=12)
    ax.set_title(f"{len(sequences)} rising sequences, each an increasing line", fontsize=13)
    return ax


@validate_arguments
def rising_picture(fig: Figure, cards: Sequence[Card], order: Sequence[int],
                   sequences: Sequence[Sequence[int]], k: int) -> Figure:
    """Draw the riffled deck, bottom card first, each card tinted by its rising sequence.

    ``order`` lists the brand-new positions of the cards now in the deck,
    bottom first; ``cards[c]`` is the card that was at position c. The deck
    fills the figure, so that the faces stay large enough for a room.
    """
    _rising_deck(fig.add_axes((0.01, 0.01, 0.98, 0.88)), cards, order, sequences, k)
    return fig


@validate_arguments
def set_rising_picture(fig: Figure, cards: Sequence[Card], order: Sequence[int],
                       sequences: Sequence[Sequence[int]], k: int) -> list[Artist] | None:
    """Show another riffled order in a :func:`rising_picture` drawn before, in its axes.

    The faces are kept and given their new cards. Returns the axes (every card moves),
    the picture then as
    :func:`rising_picture` draws it on a fresh figure; or None, changing
    nothing, when ``fig`` holds something else.
    """
    if len(fig.axes) != 1:
        return None
    return [_rising_deck(fig.axes[0], cards, order, sequences, k, again=True)]


def _rising_deck(ax: Axes, cards: Sequence[Card], order: Sequence[int],
                 sequences: Sequence[Sequence[int]], k: int, again: bool = False) -> Axes:
    _order_and_sequences(order, sequences)
    if len(cards) != len(order):
        raise ValueError(f"cards ({len(cards)}) and order ({len(order)}) must be as long")
    colour_of = {card: SEQUENCE_COLOURS[i % len(SEQUENCE_COLOURS)]
                 for i, sequence in enumerate(sequences) for card in sequence}
    deck, colours = [cards[c] for c in order], [colour_of[c] for c in order]
    if not (again and set_deck_picture(ax, deck, colours)):  # the faces kept, or drawn anew
        for artist in [*ax.patches, *ax.artists, *ax.texts, *ax.lines, *ax.collections]:
            artist.remove()
        deck_picture(ax, deck, per_row=14, colours=colours)
    count = len(sequences)
    ax.set_title(f"{k} riffle{'s' * (k != 1)}: {count} rising sequence{'s' * (count != 1)}, "
                 "one colour each (colours repeat after eight)" if count > 8 else
                 f"{k} riffle{'s' * (k != 1)}: {count} rising sequence{'s' * (count != 1)}, "
                 "one colour each", fontsize=14, loc="left")
    return ax


@validate_arguments
def rising_growth(ax: Axes, counts: dict[int, Sequence[int]], exact_means: dict[int, float],
                  n: int) -> Axes:
    """Draw sampled numbers of rising sequences per number of riffles, with the exact mean."""
    ks = sorted(counts)
    jitter = np.random.default_rng(0)  # only spreads the dots sideways, for visibility
    for k in ks:
        x = k + jitter.uniform(-0.15, 0.15, len(counts[k]))
        ax.plot(x, counts[k], ".", color=OKABE_ITO["sky"], alpha=0.5, markersize=4)
    ax.plot(ks, [exact_means[k] for k in ks], "o-", color=OKABE_ITO["vermillion"],
            label="exact mean (Bayer and Diaconis)")
    ax.plot(ks, [min(2**k, n) for k in ks], "--", color="black",
            label="the most possible: 2^k (and n)")
    ax.axhline((n + 1) / 2, color="grey", linestyle=":",
               label=f"uniform deck: (n+1)/2 = {(n + 1) / 2:g}")
    ax.set_xlabel("riffles k", fontsize=13)
    ax.set_ylabel("rising sequences", fontsize=13)
    ax.set_title(f"{n} cards: rising sequences about double with each riffle, then level off",
                 fontsize=14)
    ax.tick_params(labelsize=12)
    ax.legend(fontsize=12, loc="lower right")
    return ax


@validate_arguments
def distance_curve(ax: Axes, n: int, ks: Sequence[int], distances: Sequence[float],
                   separations: Sequence[float] | None = None,
                   sampled: Sequence[float] | None = None, title: str | None = None,
                   half: bool = False) -> Axes:
    """Plot the distance to uniform against the number of riffles, the cutoff 3/2 log2 n marked.

    ``half`` also marks the level 1/2 and the first number of riffles below it.
    """
    ax.plot(ks, distances, "o-", color=OKABE_ITO["blue"], label="total variation distance, exact")
    below = [k for k, d in zip(ks, distances) if d < 0.5]
    if half and below:
        ax.axhline(0.5, color="grey", linestyle="--", linewidth=1.2)
        at = below[0]
        ax.plot([at], [distances[list(ks).index(at)]], "*", color=OKABE_ITO["vermillion"],
                markersize=18, label=f"first below 1/2: k = {at}")
    if separations is not None:
        ax.plot(ks, separations, "s--", color=OKABE_ITO["orange"], markersize=4,
                label="separation distance, exact")
    if sampled is not None:
        ax.plot(ks, sampled, "x", color=OKABE_ITO["vermillion"], markersize=9, mew=2,
                label="total variation, simulated")
    cut_at = 1.5 * math.log2(n)
    ax.axvline(cut_at, color="grey", linestyle=":", label=f"3/2 log2 n = {cut_at:.1f}")
    ax.set_ylim(-0.03, 1.05)
    ax.set_xlabel("riffles k", fontsize=13)
    ax.set_ylabel("distance to a uniform deck", fontsize=13)
    ax.tick_params(labelsize=12)
    ax.legend(fontsize=12, loc="center left" if separations is not None else "upper right")
    ax.set_title(title or f"{n} cards: the distance falls sharply near 3/2 log2 n riffles",
                 fontsize=14)
    return ax


@validate_arguments
def top_card_and_deck(ax: Axes, n: int, ks: Sequence[int], top_card: Sequence[float],
                      whole_deck: Sequence[float]) -> Axes:
    """Plot the top card's distance to uniform beside the whole deck's; mark log2 n, 3/2 log2 n.
    """
    ax.plot(ks, top_card, "s-", color=OKABE_ITO["orange"], label="where the top card is")
    ax.plot(ks, whole_deck, "o-", color=OKABE_ITO["blue"], label="the whole order of the deck")
    for at, words, style in ((math.log2(n), "log2 n", "--"), (1.5 * math.log2(n),
                                                              "3/2 log2 n", ":")):
        ax.axvline(at, color="grey", linestyle=style, linewidth=1.8,
                   label=f"{words} = {at:.1f}")
    ax.set_ylim(-0.03, 1.05)
    ax.set_xlabel("riffles k", fontsize=13)
    ax.set_ylabel("total variation distance to uniform", fontsize=13)
    ax.tick_params(labelsize=12)
    ax.legend(fontsize=12, loc="upper right")
    ax.set_title(f"{n} cards: one card is mixed after about log2 n riffles, "
                 "the deck half as many again", fontsize=14)
    return ax


@validate_arguments
def position_heatmap(ax: Axes, probabilities: np.ndarray, card_name: str) -> Axes:
    """Heat map: row k is where the card is after k riffles; white is fair (1/n)."""
    probabilities = numbers_array("probabilities", probabilities, ndim=2)
    rows, n = probabilities.shape
    if not rows or not n:
        raise ValueError("probabilities must have a row per riffle and a column per position")
    fair = 1 / n
    norm = TwoSlopeNorm(vmin=0, vcenter=fair, vmax=4 * fair)
    image = ax.imshow(probabilities, cmap=BIAS_CMAP, norm=norm, aspect="auto",
                      interpolation="nearest")
    ax.set_xlabel("position in the deck (0 = bottom)", fontsize=13)
    ax.set_ylabel("riffles k", fontsize=13)
    ax.set_yticks(range(rows))
    ax.tick_params(labelsize=12)
    ax.set_title(f"Where the {card_name} can be: spread evenly only after about 7 riffles",
                 fontsize=14)
    bar = ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.03, extend="max")
    bar.set_label(f"probability (white = fair = 1/{n})", fontsize=12)
    bar.ax.tick_params(labelsize=12)
    return ax
