"""Step-through pictures of pick-and-remove and Knuth's swaps, as sliders and players.

The data come from :mod:`cardlib.steps` (replays of the real algorithms), the
card faces from :func:`cardlib.plots.draw_cards`, and the controls from
:mod:`cardlib.widgets`, so each layer stays in one place.

>>> panel = knuth_slider(step_deck(6), seed=3)   # a slider over 5 swaps
>>> panel.controls["step"].value = 5
>>> panel.redraws, panel.figure.texts[0].get_text()[:12]
(2, 'Step 5 of 5:')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from .cards import Card
from .plots import _GAP, _WIDTH, OKABE_ITO, draw_cards
from .steps import PickStep, SwapStep, knuth_steps, pick_and_remove_steps
from .widgets import LivePanel, frame_player, live_figure

__all__ = [
    "MAX_STEP_CARDS",
    "step_deck",
    "row_axes",
    "draw_pick_step",
    "draw_knuth_step",
    "step_slider",
    "step_player",
    "pick_slider",
    "knuth_slider",
    "pick_player",
    "knuth_player",
]

#: A step-through draws the deck in one row; beyond this the faces get too small.
MAX_STEP_CARDS = 13
SETTLED_SHADE = "#D6ECF8"  # a pale tint of Okabe-Ito sky blue
PICK_FIGSIZE = (11, 5.6)
KNUTH_FIGSIZE = (11, 3.3)


def step_deck(n: int = 8) -> list[Card]:
    """Return n cards, ace up, alternating suits, so each card is easy to follow.

    >>> " ".join(map(str, step_deck(5)))
    'A♠ 2♥ 3♣ 4♦ 5♠'
    """
    if not 1 <= n <= MAX_STEP_CARDS:
        raise ValueError(f"a step-through deck has 1 to {MAX_STEP_CARDS} cards, not {n}")
    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    return [Card(ranks[k], "♠♥♣♦"[k % 4]) for k in range(n)]


def row_axes(fig: Figure, bottom: float, height: float, count: int, total: int) -> Axes:
    """Return axes for ``count`` cards, as wide as ``count`` slots of a ``total``-card row.

    Keeping the width proportional to the count keeps every card the same size
    from step to step (draw_cards scales the faces to the axes it is given).
    """
    width = 0.96 * max(count, 1) / max(total, 1)
    ax = fig.add_axes((0.02, bottom, width, height))
    ax.set_anchor("NW")  # equal aspect shrinks the box: keep it top left
    return ax


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _check_size(n: int) -> None:
    if n > MAX_STEP_CARDS:
        raise ValueError(
            f"a step-through draws one row of at most {MAX_STEP_CARDS} cards, not {n}; "
            "pass a smaller deck"
        )


def draw_pick_step(fig: Figure, step: PickStep, n_steps: int | None = None) -> Figure:
    """Draw one pick-and-remove step: the pile before the draw, and the new pile after it.

    The card drawn at this step is outlined in blue in both rows; the numbers
    under the pile are the positions ``randrange`` chooses from.
    """
    pile = step.previous_pile
    total = len(pile) + len(step.new_pile) - (step.picked is not None)
    _check_size(total)
    n_steps = total if n_steps is None else n_steps
    top = row_axes(fig, 0.46, 0.36, len(pile), total)
    highlight = () if step.picked is None else (step.picked,)
    draw_cards(top, pile, per_row=total, highlight=highlight,
               labels=[str(p) for p in range(len(pile))])
    top.set_title(f"pile to draw from ({_cards(len(pile))}; position under each card)",
                  loc="left", fontsize=12)
    bottom = row_axes(fig, 0.02, 0.36, len(step.new_pile), total)
    draw_cards(bottom, step.new_pile, per_row=total,
               highlight=(len(step.new_pile) - 1,) if step.new_pile else ())
    bottom.set_title(f"new pile ({_cards(len(step.new_pile))})" if step.new_pile
                     else "new pile (empty)", loc="left", fontsize=12)
    if step.picked is None:
        headline = f"Step 0 of {n_steps}: the deck before any draw"
    else:
        card = step.new_pile[-1]
        headline = (f"Step {step.k} of {n_steps}: randrange({step.draw.args[0]}) gave "
                    f"{step.picked}, so {card} leaves the pile for the new pile")
    fig.suptitle(headline, x=0.02, ha="left", fontsize=14)
    return fig


def draw_knuth_step(fig: Figure, step: SwapStep, n_steps: int | None = None) -> Figure:
    """Draw one step of Knuth's shuffle: the deck after swap k, with i and j marked.

    The settled part (positions i and up, never touched again) is shaded blue;
    the cards just swapped are outlined.
    """
    n = len(step.deck)
    _check_size(n)
    n_steps = max(n - 1, 0) if n_steps is None else n_steps
    ax = row_axes(fig, 0.02, 0.74, n, n)
    marks = {}
    if step.i is not None:
        marks = {step.i: "i", step.j: "j"} if step.i != step.j else {step.i: "i = j"}
    labels = [f"{p}\n{marks.get(p, '')}" for p in range(n)]
    swapped = () if step.i is None else {step.i, step.j}
    draw_cards(ax, step.deck, per_row=max(n, 1), highlight=swapped, labels=labels)
    settled = step.settled
    if settled:
        start = _GAP / 2 + (n - settled) * (_WIDTH + _GAP)
        ax.axvspan(start, n * (_WIDTH + _GAP) + _GAP / 2, color=SETTLED_SHADE, zorder=0)
    ax.set_title(f"still to shuffle: {_cards(n - settled)}      "
                 f"settled (shaded): {_cards(settled)}", loc="left", fontsize=12)
    if step.i is None:
        headline = f"Step 0 of {n_steps}: the deck before any swap"
    elif step.i == step.j:
        headline = (f"Step {step.k} of {n_steps}: randrange({step.i + 1}) gave j = {step.j} "
                    f"= i, so the card at {step.i} stays")
    else:
        headline = (f"Step {step.k} of {n_steps}: randrange({step.i + 1}) gave j = {step.j}, "
                    f"so positions i = {step.i} and j = {step.j} swap")
    fig.suptitle(headline, x=0.02, ha="left", fontsize=14)
    return fig


def step_slider(trace: Callable, draw_step: Callable, deck: Sequence, seed: int = 1,
                figsize: tuple[float, float] = PICK_FIGSIZE) -> LivePanel:
    """Return a panel: a slider over the steps of ``trace(deck, rng=seed)``, and a Reshuffle button.

    Reshuffle moves to the next seed, so every run can be found again by its
    seed; the seed box can also be typed into.
    """
    _check_size(len(deck))
    runs: dict[int, list] = {}

    def steps_for(s: int) -> list:
        if s not in runs:
            runs[s] = trace(deck, rng=s)
        return runs[s]

    last = len(steps_for(seed)) - 1

    def draw(fig: Figure, step: int, seed: int) -> None:
        draw_step(fig, steps_for(seed)[step], last)

    panel = live_figure(
        draw, figsize,
        step=widgets.IntSlider(value=0, min=0, max=last, description="step"),
        seed=widgets.BoundedIntText(value=seed, min=0, max=2**31 - 1, description="seed",
                                    layout=widgets.Layout(width="180px")),
    )
    button = widgets.Button(description="Reshuffle", button_style="info",
                            tooltip="a new random run (the next seed)")

    def reshuffle(_button) -> None:
        panel.controls["seed"].value += 1

    button.on_click(reshuffle)
    panel.reshuffle = button
    row = panel.children[0]
    row.children = (*row.children, button)
    return panel


def step_player(steps: Sequence, draw_step: Callable,
                figsize: tuple[float, float] = PICK_FIGSIZE,
                interval: int = 1200):
    """Return the same steps as an HTML frame player that plays without a kernel."""
    last = len(steps) - 1
    return frame_player(lambda fig, i: draw_step(fig, steps[i], last), len(steps),
                        figsize=figsize, interval=interval)


def pick_slider(deck: Sequence, seed: int = 1) -> LivePanel:
    """Step through :func:`~cardlib.shuffles.pick_and_remove` on ``deck``."""
    return step_slider(pick_and_remove_steps, draw_pick_step, deck, seed, PICK_FIGSIZE)


def knuth_slider(deck: Sequence, seed: int = 1) -> LivePanel:
    """Step through :func:`~cardlib.shuffles.knuth_shuffle` on ``deck``."""
    return step_slider(knuth_steps, draw_knuth_step, deck, seed, KNUTH_FIGSIZE)


def pick_player(deck: Sequence, seed: int = 1):
    """Play the steps of :func:`~cardlib.shuffles.pick_and_remove` without a kernel."""
    return step_player(pick_and_remove_steps(deck, rng=seed), draw_pick_step, PICK_FIGSIZE)


def knuth_player(deck: Sequence, seed: int = 1):
    """Play the steps of :func:`~cardlib.shuffles.knuth_shuffle` without a kernel."""
    return step_player(knuth_steps(deck, rng=seed), draw_knuth_step, KNUTH_FIGSIZE)
