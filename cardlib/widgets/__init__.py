"""The live panels and players: the only part of cardlib that imports ipywidgets.

Every panel is a :class:`LivePanel`: controls above a figure, redrawn by a
``draw(fig, **values)`` function that calls one model function and one
picture. Builders return the panel without displaying it. This package
re-exports every builder, one module per subject:

    panel        LivePanel, live_figure, figure_output, show_source
    text         the panels' text laid out and drawn from caches (matplotlib's pixels)
    player       frame_player: figures played like a film, with no kernel
    predict      predict, then see: a question answered before the result is shown
    worked       %%solution and %%reveal (``%load_ext cardlib.widgets``): worked solutions
                 behind a button, results that wait for the prediction above them
    bias         where cards land, simulated and exact (lessons 1 and 5)
    steps        step-throughs of pick-and-remove and Knuth's swaps, alone or side by side
                 with the same draws (lessons 3 and 5)
    timing       running time against deck size (lesson 3)
    convergence  frequencies settling on the exact law, and p-values at each look (lesson 6)
    lab          the probability lab and the shuffle detective (lesson 11)
    riffle       the cut, the merge, rising sequences (lesson 7), the cutoff (lesson 8)
    growth       a list's size while appending (lesson 4)
    hand         overhand shuffles, exactly (lesson 9)
"""

from __future__ import annotations

from .bias import (
    bias_panel,
)
from .convergence import (
    TRIAL_OPTIONS,
    convergence_panel,
)
from .growth import (
    size_panel,
)
from .hand import (
    OVERHAND_COUNTS,
    overhand_panel,
)
from .lab import (
    LAB_DECKS,
    LAB_SEEDS,
    detective_panel,
    detective_player,
    lab_panel,
)
from .panel import (
    LivePanel,
    Update,
    figure_output,
    live_figure,
    live_panels,
    show_source,
)
from .player import (
    frame_player,
    offline_player,
)
from .predict import (
    Prediction,
    prediction,
)
from .riffle import (
    cut_panel,
    cutoff_panel,
    merge_panel,
    riffle_player,
    rising_panel,
)
from .steps import (
    knuth_player,
    knuth_slider,
    pick_player,
    pick_slider,
    same_draws_player,
    same_draws_slider,
    step_player,
    step_slider,
)
from .timing import (
    timing_panel,
)
from .worked import (
    load_ipython_extension,
)

__all__ = [
    "LivePanel",
    "Update",
    "live_figure",
    "live_panels",
    "figure_output",
    "show_source",
    "frame_player",
    "offline_player",
    "Prediction",
    "prediction",
    "bias_panel",
    "step_slider",
    "step_player",
    "pick_slider",
    "knuth_slider",
    "pick_player",
    "knuth_player",
    "same_draws_slider",
    "same_draws_player",
    "timing_panel",
    "TRIAL_OPTIONS",
    "convergence_panel",
    "LAB_DECKS",
    "LAB_SEEDS",
    "lab_panel",
    "detective_panel",
    "detective_player",
    "cut_panel",
    "merge_panel",
    "riffle_player",
    "rising_panel",
    "cutoff_panel",
    "size_panel",
    "OVERHAND_COUNTS",
    "overhand_panel",
    "load_ipython_extension",
]
