"""The riffle lesson's panels: the cut, the merge step by step, rising sequences, the cutoff.

>>> panel = cutoff_panel(n=8)
>>> panel.controls["n"].value = 52
>>> panel.figure.axes[0].get_title()[:9]
'52 cards:'
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence

import ipywidgets as widgets
from IPython.display import HTML
from matplotlib.figure import Figure

from .. import riffle, stats
from ..cards import Card
from ..plots import (
    cut_bars,
    deck_picture,
    distance_curve,
    merge_picture,
    rising_picture,
    set_cut_bars,
    set_deck_picture,
    set_merge_picture,
    set_rising_picture,
)
from ..validation import validate_arguments, whole_number
from .panel import LivePanel, Update
from .player import frame_player

__all__ = ["cut_panel", "merge_panel", "riffle_player", "rising_panel", "cutoff_panel"]


@validate_arguments
def cut_panel(n: int = 56, trials: int = 2000, seed: int = 2019) -> LivePanel:
    """A slider for the deck size: ``trials`` seeded cuts against the exact binomial law."""
    trials = whole_number("trials", trials, minimum=1, maximum=100_000)

    @functools.cache  # at most 104 deck sizes: a size seen again is instant
    def cuts(n: int) -> tuple[int, ...]:
        # riffle.cut_sizes(n, trials, random.Random(seed)), replayed with NumPy (milliseconds)
        return tuple(stats.seeded_cut_sizes(n, trials, seed).tolist())

    def draw(fig: Figure, n: int) -> Update:
        ax = cut_bars(fig.add_subplot(), n, cuts(n))

        def update(n: int) -> list | None:
            # The same axes, new bars: a fresh figure draws the same pixels (a test checks).
            return set_cut_bars(ax, n, cuts(n))

        return update

    slider = widgets.IntSlider(value=whole_number("n", n, minimum=1, maximum=104), min=1,
                               max=104, description="cards", continuous_update=True)
    return LivePanel(draw, {"n": slider}, figsize=(9.6, 4.5), remember=True)


@validate_arguments
def merge_panel(stack1: Sequence[Card], stack2: Sequence[Card], sources: Sequence[int],
                step: int = 5) -> LivePanel:
    """A slider over the drops of one merge (``sources`` from :func:`~cardlib.riffle.drop_sources`).
    """
    riffle.interleave(stack1, stack2, sources)  # sources that fit the stacks, or a clear error
    total = len(stack1) + len(stack2)

    def draw(fig: Figure, step: int) -> Update:
        left1, left2, pile = riffle.merge_state(stack1, stack2, sources, step)
        merge_picture(fig, left1, left2, pile, sources[:step], total)

        def update(step: int) -> list | None:
            # The rows whose cards changed are drawn again in their axes (a fresh figure
            # draws the same pixels: a test checks); the others stay in the saved picture.
            left1, left2, pile = riffle.merge_state(stack1, stack2, sources, step)
            return set_merge_picture(fig, left1, left2, pile, sources[:step], total)

        return update

    slider = widgets.IntSlider(value=whole_number("step", step, minimum=0, maximum=total), min=0,
                               max=total, description="drops", continuous_update=True)
    return LivePanel(draw, {"step": slider}, figsize=(9.6, 4.4), remember=True)


@validate_arguments
def riffle_player(deck: Sequence[Card], riffles: int = 7, seed: int = 2019) -> HTML:
    """A frame player: ``deck`` after 0, 1, ..., ``riffles`` seeded riffles."""
    riffles = whole_number("riffles", riffles, minimum=0, maximum=30)
    rng = random.Random(seed)
    decks = [list(deck)]
    for _ in range(riffles):
        decks.append(riffle.riffle(decks[-1], rng))

    def title(k: int) -> str:
        return f"The brand-new {len(deck)}-card deck after {k} riffle{'s' * (k != 1)}"

    def draw_deck(fig: Figure, k: int) -> Callable:
        ax = fig.add_axes((0.01, 0.01, 0.98, 0.88))
        deck_picture(ax, decks[k], per_row=14)
        ax.set_title(title(k), fontsize=14, loc="left")

        def update(k: int) -> list | None:  # the next deck on the same faces: the same pixels
            if not set_deck_picture(ax, decks[k]):
                return None
            return [ax, ax.set_title(title(k), fontsize=14, loc="left")]

        return update

    return frame_player(draw_deck, len(decks), figsize=(9.6, 4.2), interval=1200)


@validate_arguments
def rising_panel(cards: Sequence[Card], k: int = 2, max_k: int = 3, seed: int = 7) -> LivePanel:
    """A slider for the number of riffles: the deck coloured by rising sequence, and its scatter."""
    n = len(cards)

    def draw(fig: Figure, k: int) -> Update:
        order = riffle.riffles(range(n), k, rng=random.Random(seed))
        rising_picture(fig, cards, order, riffle.rising_sequences(order), k)

        def update(k: int) -> list | None:
            # The deck drawn again in the same axes (a fresh figure draws the same pixels).
            order = riffle.riffles(range(n), k, rng=random.Random(seed))
            return set_rising_picture(fig, cards, order, riffle.rising_sequences(order), k)

        return update

    max_k = whole_number("max_k", max_k, minimum=0, maximum=riffle.MAX_RIFFLES)
    slider = widgets.IntSlider(value=whole_number("k", k, minimum=0, maximum=max_k), min=0,
                               max=max_k, description="riffles", continuous_update=True)
    return LivePanel(draw, {"k": slider}, figsize=(9.6, 4.3), remember=True)


@validate_arguments
def cutoff_panel(n: int = 52, max_n: int = 416, max_riffles: int = 24) -> LivePanel:
    """A slider for the deck size: the exact distance to uniform against riffles, cutoff marked."""
    ks = list(range(1, whole_number("max_riffles", max_riffles, minimum=1,
                                    maximum=riffle.MAX_RIFFLES) + 1))

    def words(n: int, distances: list[float]) -> tuple[int | None, str]:
        half = next((k for k, d in zip(ks, distances) if d < 0.5), None)
        said = f"below 1/2 after {half} riffles" if half else "not below 1/2 yet"
        return half, (f"{n} cards: {said}; the window is centred at "
                      f"3/2 log2 {n} = {riffle.cutoff(n):.1f}")

    def draw(fig: Figure, n: int):
        distances = riffle.variation_distances(n, ks)
        half, title = words(n, distances)
        ax = distance_curve(fig.add_subplot(), n, ks, distances, half=True, title=title)
        curve, *marks = ax.lines
        star = next((line for line in marks if line.get_marker() == "*"), None)
        cut = next(line for line in marks if line.get_linestyle() == ":")

        def update(n: int):
            # The same figure: the curve, the star, the cutoff line, the legend's words and
            # the title move; a fresh figure would draw the same pixels (a test checks).
            distances = riffle.variation_distances(n, ks)
            half, title = words(n, distances)
            if (half is None) != (star is None):
                return None  # the legend gains or loses the star's entry: draw afresh
            curve.set_ydata(distances)
            if star is not None:
                star.set_data([half], [distances[ks.index(half)]])
            at = riffle.cutoff(n)
            cut.set_xdata([at, at])
            for text in ax.get_legend().get_texts():
                if text.get_text().startswith("first below 1/2"):
                    text.set_text(f"first below 1/2: k = {half}")
                elif text.get_text().startswith("3/2 log2 n"):
                    text.set_text(f"3/2 log2 n = {at:.1f}")
            ax.set_title(title, fontsize=14)
            # The axes' limits stay (riffles 1 to max_riffles, distances 0 to 1): repaint
            # what is inside them, the legend and the title, over the saved ticks.
            return [curve, *([] if star is None else [star]), cut, ax.get_legend(), ax.title]

        return update

    max_n = whole_number("max_n", max_n, minimum=2, maximum=riffle.MAX_CARDS)
    n = whole_number("n", n, minimum=2)
    if n > max_n:
        raise ValueError(f"n = {n} is more than max_n = {max_n}: the slider cannot show it")
    slider = widgets.IntSlider(value=n, min=2,
                               max=max_n, description="cards", continuous_update=True)
    return LivePanel(draw, {"n": slider}, figsize=(9.6, 5), remember=True)
