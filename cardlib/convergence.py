"""Exact against simulated: frequencies that settle on the exact probabilities, and chi-square.

A panel for the lessons: pick a shuffle, a deck size and a number of shuffles;
see where one card lands as the shuffles accumulate (simulated frequencies
against the exact probabilities from :mod:`cardlib.exact`), and the
chi-square p-value of the position counts after each number of shuffles.

>>> from cardlib.shuffles import knuth_shuffle, naive_swap_shuffle
>>> panel = convergence_panel({"Knuth": knuth_shuffle, "naive": naive_swap_shuffle}, n=4)
>>> panel.controls["name"].value = "naive"
>>> panel.redraws
2
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure

from . import plots, stats
from .widgets import LivePanel

__all__ = ["checkpoints", "p_values", "most_uneven_card", "convergence_panel", "TRIAL_OPTIONS"]

#: The numbers of shuffles a panel offers.
TRIAL_OPTIONS = (100, 1_000, 10_000, 100_000)


def checkpoints(trials: int, count: int = 20, first: int = 10) -> list[int]:
    """Return about ``count`` numbers of shuffles from ``first`` to ``trials``, evenly on a log scale.

    >>> checkpoints(1000, count=4)
    [10, 46, 215, 1000]
    """
    if trials < 1:
        raise ValueError(f"trials must be at least 1, got {trials}")
    first = min(first, trials)
    return sorted({int(round(t)) for t in np.geomspace(first, trials, count)})


def p_values(decks, at: list[int]) -> list[float]:
    """Return the chi-square p-value of the position counts of the first t decks, for t in ``at``."""
    decks = np.asarray(decks)
    return [stats.chi_square(stats.counts_of(decks[:t])).p_value for t in at]


def most_uneven_card(matrix) -> int:
    """Return the card whose row of the position matrix strays furthest from 1/n (ties: lowest).

    >>> most_uneven_card([[0.5, 0.5], [0.5, 0.5]]), most_uneven_card([[0.5, 0.5], [0.9, 0.1]])
    (0, 1)
    """
    matrix = np.asarray(matrix, dtype=float)
    return int(np.abs(matrix - 1 / matrix.shape[0]).max(axis=1).argmax())


def convergence_panel(shuffles: dict[str, Callable], n: int = 5, trials: int = 10_000,
                      seed: int = 2026) -> LivePanel:
    """Return a panel: shuffle, deck size (3 to 6, exact) and number of shuffles; two plots.

    Left, the running frequency of one card at each position with the exact
    probabilities dotted (the card whose exact row is least even); right, the chi-square p-value as the shuffles grow.
    Decks come from :func:`cardlib.stats.simulate` (seeded), made once per
    shuffle and deck size at the largest number of shuffles, then sliced.
    """
    made: dict[tuple[str, int], np.ndarray] = {}

    def decks_for(name: str, size: int) -> np.ndarray:
        if (name, size) not in made:
            made[name, size] = stats.simulate(shuffles[name], size, max(TRIAL_OPTIONS), seed=seed)
        return made[name, size]

    def draw(fig: Figure, name: str, n: int, trials: int) -> None:
        decks = decks_for(name, n)[:trials]
        matrix = stats.position_matrix(shuffles[name], n)
        card = most_uneven_card(matrix)
        at = checkpoints(trials)
        found = p_values(decks, at)
        left, right = fig.subplots(1, 2, width_ratios=[1.5, 1])
        plots.convergence(left, stats.landing_frequencies(decks, card), matrix[card], card,
                          title=f"{name}, {n} cards: where card {card} lands, "
                                f"simulated (solid) and exact (dotted)")
        verdict = "unfair" if found[-1] < 0.01 else "consistent with fair"
        p_text = f"p = {found[-1]:.2g}" if found[-1] > 0 else "p < 1e-300"
        plots.p_value_trail(right, at, found,
                            title=f"{p_text} after {trials:,} shuffles: {verdict}")
        fig.subplots_adjust(left=0.06, right=0.98, bottom=0.12, top=0.9, wspace=0.28)

    controls = {
        "name": widgets.Dropdown(options=list(shuffles), description="shuffle"),
        "n": widgets.IntSlider(value=n, min=3, max=6, description="cards",
                               continuous_update=False),
        "trials": widgets.SelectionSlider(options=TRIAL_OPTIONS, value=trials,
                                          description="shuffles", continuous_update=False),
    }
    return LivePanel(draw, controls, figsize=(14, 5.2))
