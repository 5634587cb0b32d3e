"""The convergence panel: frequencies that settle on the exact probabilities, and chi-square.

Pick a shuffle, a deck size and a number of shuffles; see where one card lands
as the shuffles accumulate (simulated frequencies against the exact
probabilities from :mod:`cardlib.exact`), and the chi-square p-value of the
position counts after each number of shuffles.

>>> from cardlib.shuffles import knuth_shuffle, naive_swap_shuffle
>>> panel = convergence_panel({"Knuth": knuth_shuffle, "naive": naive_swap_shuffle}, n=4)
>>> panel.controls["name"].value = "naive"
>>> panel.redraws
2
"""

from __future__ import annotations

import functools

import ipywidgets as widgets
import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from .. import evidence, stats
from ..plots import clear, convergence, p_value_trail, set_convergence, set_p_value_trail
from ..validation import Shuffle, one_of, shuffle_table, validate_arguments, whole_number
from .panel import LivePanel, Update

__all__ = ["TRIAL_OPTIONS", "convergence_panel"]

#: The numbers of shuffles the panel offers.
TRIAL_OPTIONS = (100, 1_000, 10_000, 100_000)


@validate_arguments
def convergence_panel(shuffles: dict[str, Shuffle], n: int = 5, trials: int = 10_000,
                      seed: int = 2026) -> LivePanel:
    """Return a panel: shuffle, deck size (3 to 6, exact) and number of shuffles; two plots.

    Above, the running frequency of one card at each position with the exact
    probabilities dotted (the card whose exact row is least even); below, the
    chi-square p-value at each look as the shuffles grow, the last look ringed. Both x
    axes run to the largest number of shuffles offered, and the y axis above is the
    same for every shuffle at a deck size: states compare at a glance. Decks come from
    :func:`cardlib.stats.simulate` (seeded), made once per shuffle and deck
    size at the largest number of shuffles, then sliced.
    """

    @functools.lru_cache(maxsize=32)
    def decks_for(name: str, size: int) -> np.ndarray:
        return stats.simulate(shuffles[name], size, max(TRIAL_OPTIONS), seed=seed)

    @functools.lru_cache(maxsize=64)  # 48 states at most: each computed once
    def result_for(name: str, n: int, trials: int) -> evidence.ConvergenceResult:
        return evidence.convergence_result(decks_for(name, n)[:trials],
                                           stats.position_matrix(shuffles[name], n))

    @functools.lru_cache(maxsize=8)
    def top_for(n: int) -> float:  # one y axis for every shuffle at n cards
        return min(1, 2.2 * max(float(np.max(stats.position_matrix(shuffle, n)))
                                for shuffle in shuffles.values()))

    def titles(name: str, n: int, trials: int, result) -> tuple[str, str]:
        last = result.p_values[-1]
        verdict = "unfair" if last < 0.01 else "consistent with fair"
        p_text = f"p = {last:.2g}" if last > 0 else "p < 1e-300"
        alarms = sum(p < 0.01 for p in result.p_values)
        return (f"{name}, {n} cards: where card {result.card} lands (exact: dotted)",
                f"{alarms} of {len(result.at)} looks fell below 0.01\nThe planned "
                f"test, {p_text} after {trials:,} shuffles: {verdict}")

    upto = max(TRIAL_OPTIONS)  # one x axis for every number of shuffles

    def plot(left: Axes, right: Axes, name: str, n: int, trials: int) -> None:
        result = result_for(name, n, trials)
        above, below = titles(name, n, trials, result)
        convergence(left, result.frequencies, result.exact_row, None, title=above, upto=upto,
                    top=top_for(n))
        p_value_trail(right, result.at, result.p_values, title=below, upto=upto)

    def draw(fig: Figure, name: str, n: int, trials: int) -> Update:
        left, right = fig.subplots(2, 1)
        fig.subplots_adjust(left=0.1, right=0.68, bottom=0.09, top=0.94, hspace=0.62)
        plot(left, right, name, n, trials)

        def update(name: str, n: int, trials: int) -> list:
            # Keep the axes, their lines and legends (a fresh figure would draw the same
            # pixels: a test checks). The frame is the same for every shuffle and number of
            # shuffles, so only the lines, legends and titles are painted again.
            result = result_for(name, n, trials)
            above, below = titles(name, n, trials, result)
            changed = set_convergence(left, result.frequencies, result.exact_row, None,
                                      title=above, upto=upto, top=top_for(n))
            if changed is None:  # another number of positions: the top plot anew
                convergence(clear(left), result.frequencies, result.exact_row, None,
                            title=above, upto=upto, top=top_for(n))
                changed = [left]
            return [*changed, *set_p_value_trail(right, result.at, result.p_values,
                                                 title=below, upto=upto)]

        return update

    shuffle_table("shuffles", shuffles)
    n = whole_number("n", n, minimum=3, maximum=6)
    one_of("trials", trials, TRIAL_OPTIONS)
    seed = whole_number("seed", seed)
    controls = {
        "name": widgets.Dropdown(options=list(shuffles), description="shuffle"),
        "n": widgets.IntSlider(value=n, min=3, max=6, description="cards",
                               continuous_update=True),
        "trials": widgets.SelectionSlider(options=TRIAL_OPTIONS, value=trials,
                                          description="shuffles", continuous_update=True),
    }
    # Simulate every shuffle at the first deck size now (milliseconds each), not on the first
    # move of the shuffle list, so that every name shows at once; and walk every shuffle at
    # every deck size (the y axis at a size needs them all: walked on the first move to 6
    # cards, the naive swap's 6^6 paths alone made that move take 0.8 s instead of 0.2 s).
    for name in shuffles:
        decks_for(name, n)
    for size in range(3, 7):
        top_for(size)
    return LivePanel(draw, controls, figsize=(9.6, 6.4), remember=True)
