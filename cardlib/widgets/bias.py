"""The bias panel: pick a shuffle, a deck size and a number of trials; see where cards land."""

from __future__ import annotations

import textwrap

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure

from .. import exact, plots, stats
from ..validation import Shuffle, one_of, shuffle_table, validate_arguments, whole_number
from .panel import LivePanel, Update, make_ticks

__all__ = ["bias_panel"]


@validate_arguments
def bias_panel(shuffles: dict[str, Shuffle], n: int = 5, trials: int = 3000,
               seed: int = 2026, max_exact_paths: int = 50_000,
               relative_spread: float | None = None,
               figsize: tuple[float, float] = (9.6, 4.4), max_n: int = 16) -> LivePanel:
    """Return a panel: pick a shuffle, a deck size and a number of trials; see where cards land.

    Left, the frequencies of ``trials`` seeded shuffles; right, the exact
    probabilities when the tree of random choices is small enough to walk.
    With ``relative_spread`` (for example 0.5) every picture uses one fixed
    colour scale, 1/n plus or minus ``relative_spread``/n, whatever the shuffle
    and the number of trials, so that colours compare across shuffles;
    without it each picture stretches its scale to its largest deviation.
    The cards slider runs from 2 to ``max_n``.
    """
    max_n = whole_number("max_n", max_n, minimum=2)
    if relative_spread is not None and not 0 < relative_spread <= 1:
        raise ValueError(f"relative_spread must be above 0 and at most 1, got {relative_spread!r}")
    trial_options = [300, 1000, 3000, 10_000, 30_000]
    shuffle_table("shuffles", shuffles)
    n = whole_number("n", n, minimum=2, maximum=16)
    one_of("trials", trials, trial_options)
    seed = whole_number("seed", seed)
    max_exact_paths = whole_number("max_exact_paths", max_exact_paths, minimum=1,
                                   maximum=exact.MAX_PATHS)
    controls = {
        "name": widgets.Dropdown(options=list(shuffles), description="shuffle"),
        "n": widgets.IntSlider(value=n, min=2, max=max_n, description="cards",
                               continuous_update=True),
        "trials": widgets.SelectionSlider(options=trial_options, value=trials,
                                          description="trials", continuous_update=True),
    }

    def matrices(name: str, n: int, trials: int):
        shuffle = shuffles[name]
        simulated = stats.simulated_positions(shuffle, n, trials, seed)
        exact_matrix = (stats.position_matrix(shuffle, n)
                        if exact.estimate_paths(shuffle, n) <= max_exact_paths else None)
        if relative_spread is not None:
            return simulated, exact_matrix, relative_spread / n
        spread = plots.bias_spread(simulated, *([] if exact_matrix is None else [exact_matrix]))
        return simulated, exact_matrix, spread

    def title(name: str, n: int, trials: int) -> str:
        # On two lines: a long name ("sort, random comparator") fits above its matrix.
        return f"{name}\n{trials:,} shuffles of {n} cards"

    def no_exact(name: str, n: int) -> str:
        named = "\n".join(textwrap.wrap(f"Exact enumeration of {name}", 22))
        return (f"{named}\non {n} cards would walk\nmore than {max_exact_paths:,}\n"
                "paths: try fewer cards.")

    def draw(fig: Figure, name: str, n: int, trials: int) -> Update:
        # A fixed layout (tight_layout took a third of a redraw) with one colour bar for
        # both matrices, which share a scale; the right one gives way to a message where
        # no exact law is walked. So every change is an update of this figure.
        fig.subplots_adjust(left=0.075, right=0.845, bottom=0.15, top=0.88, wspace=0.38)
        left, right = fig.subplots(1, 2)
        bar = fig.add_axes((0.875, 0.155, 0.02, 0.72))
        # The axes on a fair placeholder; update() below fills them (one simulation).
        fair = np.full((n, n), 1 / n)
        plots.bias_matrix(left, fair, title(name, n, trials), colorbar=False, spread=1 / n)
        plots.bias_matrix(right, fair, "exact probabilities", colorbar=False, spread=1 / n)
        make_ticks(left, right)
        plots.bias_colorbar(left.images[0], cax=bar)
        note = fig.text(0.5, 0.5, "", ha="center", va="center", fontsize=13,
                        transform=right.transAxes)

        def update(name: str, n: int, trials: int) -> list:
            simulated, exact_matrix, spread = matrices(name, n, trials)
            scale = left.images[0].norm.vmin, left.images[0].norm.vmax
            exact_shown = exact_matrix is not None
            toggled = right.get_visible() != exact_shown
            right.set_visible(exact_shown)
            note.set_visible(not exact_shown)
            note.set_text("" if exact_shown else no_exact(name, n))
            resized = plots.set_bias_matrix(left.images[0], simulated, spread)
            plots.set_bias_matrix(right.images[0], simulated if exact_matrix is None
                                  else exact_matrix, spread)
            left.set_title(title(name, n, trials), fontsize=13)
            if resized or toggled:
                return [fig]
            # A colour bar (slow to draw) changes only with its image's scale.
            rescaled = scale != (left.images[0].norm.vmin, left.images[0].norm.vmax)
            return [left.images[0], left.title, *([right.images[0]] if exact_shown else []),
                    note, *([bar] if rescaled else [])]

        update(name, n, trials)
        return update

    # Walk the exact laws at the first deck size now (a second for Knuth's 8! paths), not
    # on the first move of the shuffle list, so that every name shows at once.
    for shuffle in shuffles.values():
        if exact.estimate_paths(shuffle, n) <= max_exact_paths:
            stats.position_matrix(shuffle, n)
    return LivePanel(draw, controls, figsize=figsize, remember=True)
