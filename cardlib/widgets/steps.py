"""Step-throughs of pick-and-remove and Knuth's swaps: a slider with Reshuffle, and a player.

>>> from cardlib.cards import step_deck
>>> panel = knuth_slider(step_deck(6), seed=3)   # a slider over 5 swaps
>>> panel.controls["step"].value = 5
>>> panel.redraws, panel.figure.texts[0].get_text()[:12]
(2, 'Step 5 of 5:')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets
from matplotlib.figure import Figure

from ..cards import Card
from ..plots.steps import (
    KNUTH_FIGSIZE,
    PICK_FIGSIZE,
    TWIN_FIGSIZE,
    check_step_size,
    draw_knuth_step,
    draw_pick_step,
    draw_twin_step,
    redraw_step,
)
from ..steps import PickStep, SwapStep, knuth_steps, pick_and_remove_steps, same_draws_steps
from ..validation import validate_arguments, whole_number
from .panel import LivePanel, Update
from .player import frame_player

__all__ = [
    "step_slider",
    "step_player",
    "pick_slider",
    "knuth_slider",
    "pick_player",
    "knuth_player",
    "same_draws_slider",
    "same_draws_player",
]


@validate_arguments
def step_slider(trace: Callable, draw_step: Callable, deck: Sequence[Card], seed: int = 1,
                figsize: tuple[float, float] = PICK_FIGSIZE, step: int = 0) -> LivePanel:
    """Return a panel: a slider over the steps of ``trace(deck, rng=seed)``, and a Reshuffle button.

    The slider starts at ``step`` (at most the last step). Reshuffle moves to the
    next seed, so every run can be found again by its seed; the seed box can also
    be typed into.
    """
    check_step_size(len(deck))
    seed = whole_number("seed", seed, maximum=2**31 - 1)
    step = whole_number("step", step)
    runs: dict[int, list] = {}

    def steps_for(s: int) -> list:
        if s not in runs:
            runs[s] = trace(deck, rng=s)
        return runs[s]

    last = len(steps_for(seed)) - 1

    def draw(fig: Figure, step: int, seed: int) -> Update:
        draw_step(fig, steps_for(seed)[step], last)

        def update(step: int, seed: int) -> list | None:
            # The rows of cards drawn again in their axes, the texts reworded: a fresh
            # figure draws the same pixels (a test checks).
            return redraw_step(fig, draw_step, steps_for(seed)[step], last)

        return update

    controls = {
        "step": widgets.IntSlider(value=min(step, last), min=0, max=last, description="step"),
        "seed": widgets.BoundedIntText(value=seed, min=0, max=2**31 - 1, description="seed",
                                       layout=widgets.Layout(width="180px")),
    }
    reshuffle = widgets.Button(description="Reshuffle", button_style="info",
                               tooltip="a new random run (the next seed)")

    def next_seed(_button) -> None:
        controls["seed"].value += 1

    reshuffle.on_click(next_seed)
    panel = LivePanel(draw, controls, figsize, buttons=[reshuffle], remember=True)
    panel.reshuffle = reshuffle
    return panel


@validate_arguments
def step_player(steps: Sequence, draw_step: Callable,
                figsize: tuple[float, float] = PICK_FIGSIZE,
                interval: int = 1200):
    """Return the same steps as an HTML frame player that plays without a kernel."""
    if not steps:
        raise ValueError("steps must hold at least one step")
    kinds = (PickStep, SwapStep)
    if not all(isinstance(step, kinds) or (isinstance(step, tuple) and step and all(
            isinstance(part, kinds) for part in step)) for step in steps):
        raise TypeError("steps must hold the steps of a trace (PickStep or SwapStep, or "
                        "tuples of them)")
    last = len(steps) - 1
    return frame_player(lambda fig, i: draw_step(fig, steps[i], last), len(steps),
                        figsize=figsize, interval=interval)


@validate_arguments
def pick_slider(deck: Sequence[Card], seed: int = 1) -> LivePanel:
    """Step through :func:`~cardlib.shuffles.pick_and_remove` on ``deck``."""
    return step_slider(pick_and_remove_steps, draw_pick_step, deck, seed, PICK_FIGSIZE)


@validate_arguments
def knuth_slider(deck: Sequence[Card], seed: int = 1, step: int = 1) -> LivePanel:
    """Step through :func:`~cardlib.shuffles.knuth_shuffle` on ``deck``.

    It opens on the first swap (``step=1``), with i, j and the settled card marked:
    step 0, the deck before any swap, shows nothing of the algorithm at work.
    """
    return step_slider(knuth_steps, draw_knuth_step, deck, seed, KNUTH_FIGSIZE, step)


@validate_arguments
def pick_player(deck: Sequence[Card], seed: int = 1):
    """Play the steps of :func:`~cardlib.shuffles.pick_and_remove` without a kernel."""
    check_step_size(len(deck))
    return step_player(pick_and_remove_steps(deck, rng=seed), draw_pick_step, PICK_FIGSIZE)


@validate_arguments
def knuth_player(deck: Sequence[Card], seed: int = 1):
    """Play the steps of :func:`~cardlib.shuffles.knuth_shuffle` without a kernel."""
    check_step_size(len(deck))
    return step_player(knuth_steps(deck, rng=seed), draw_knuth_step, KNUTH_FIGSIZE)


def same_draws_slider(deck: Sequence, seed: int = 1) -> LivePanel:
    """Step through pick-and-remove and Knuth's swaps fed the same random answers."""
    return step_slider(same_draws_steps, draw_twin_step, deck, seed, TWIN_FIGSIZE)


@validate_arguments
def same_draws_player(deck: Sequence[Card], seed: int = 1):
    """Play pick-and-remove and Knuth's swaps, fed the same random answers, without a kernel."""
    check_step_size(len(deck))
    return step_player(same_draws_steps(deck, rng=seed), draw_twin_step, TWIN_FIGSIZE)
