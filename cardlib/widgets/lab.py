"""The probability lab of lesson 6: compare shuffles, and guess a hidden one.

Both panels draw what one model function computes (:func:`cardlib.evidence.lab_result`,
:func:`cardlib.evidence.detective_case`) with the pictures of :mod:`cardlib.plots`.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from .. import evidence, exact
from ..checks import Shuffle, one_of, sequence, shuffle_table, whole_number
from ..plots import (
    bias_matrix,
    bias_norm,
    bias_spread,
    clear,
    distance_curves,
    message,
    order_count_band,
)
from ..plots.style import picture as checked_arguments
from .panel import LivePanel, Update

__all__ = ["LAB_DECKS", "lab_panel", "detective_panel"]

#: The numbers of decks the lab offers.
LAB_DECKS = (1000, 3000, 10_000, 30_000, 100_000)


def _lab_title(name: str, result: evidence.LabResult) -> str:
    test = result.test
    return (f"{name}, {result.n} cards. Chi-square on {result.tested}: {test.statistic:,.1f} "
            f"with {test.dof} degrees of freedom, p = {test.p_value:.2g}")


def _spread(result: evidence.LabResult) -> float:
    extra = [] if result.exact_matrix is None else [result.exact_matrix]
    return bias_spread(result.simulated, *extra)


def _distances(ax: Axes, name: str, result: evidence.LabResult) -> None:
    distance_curves(ax, name, result.curve, result.fair_curve, result.exact_distance)


def _draw_lab(fig: Figure, shuffles: dict[str, Shuffle], name: str, n: int, trials: int,
              seed: int, max_exact_paths: int) -> Update:
    result = evidence.lab_result(shuffles[name], n, trials, seed, max_exact_paths)
    spread = _spread(result)
    left, middle, right = fig.subplots(1, 3, width_ratios=[1, 1, 1.1])
    bias_matrix(left, result.simulated, f"simulated: {trials:,} decks", colorbar=False,
                spread=spread)
    if result.exact_matrix is None:
        message(middle, f"no exact law here:\n{result.reason}")
    else:
        bias_matrix(middle, result.exact_matrix, "exact", spread=spread)
    _distances(right, name, result)
    right.set_xlabel("simulated decks", fontsize=12)
    right.set_ylabel("largest distance of a card's\nposition from uniform", fontsize=12)
    right.set_title("how many decks it takes to see the bias", fontsize=13)
    fig.suptitle(_lab_title(name, result), fontsize=14)
    # Fixed margins: tight_layout on log axes took most of the redraw time.
    fig.subplots_adjust(left=0.04, right=0.99, bottom=0.12, top=0.86, wspace=0.5)
    built_n, built_reason = n, result.reason

    def update(name: str, n: int, trials: int) -> list | None:
        """Same deck size and kind of middle panel: keep the axes (making their
        ticks is the slow part), change images, lines, legend and titles."""
        if n != built_n:
            return None
        result = evidence.lab_result(shuffles[name], n, trials, seed, max_exact_paths)
        if result.reason != built_reason:
            return None
        spread = _spread(result)
        changed = [left.title, right]
        norm = bias_norm(n, spread)
        rescaled = (norm.vmin, norm.vmax) != (left.images[0].norm.vmin, left.images[0].norm.vmax)
        for ax, matrix in ((left, result.simulated), (middle, result.exact_matrix)):
            if matrix is not None:
                image = ax.images[0]
                image.set_data(matrix)
                if rescaled:
                    image.set_norm(bias_norm(n, spread))
                changed += [image] + ([image.colorbar.ax] if image.colorbar and rescaled else [])
        left.set_title(f"simulated: {trials:,} decks", fontsize=13)
        _distances(clear(right), name, result)
        suptitle = fig.suptitle(_lab_title(name, result), fontsize=14)
        # Paint again only these (and the whole right-hand plot, whose scale may change).
        return [*changed, suptitle]

    return update


@checked_arguments
def lab_panel(shuffles: dict[str, Shuffle], name: str | None = None, n: int = 5,
              trials: int = 30_000, seed: int = 2026,
              max_exact_paths: int = exact.LAW_MAX_PATHS) -> LivePanel:
    """Return the lab: pick a shuffle, a deck size and a number of decks.

    Left the simulated bias matrix, middle the exact one (when feasible),
    right the largest card distance against the number of decks, for the
    shuffle and for Knuth's fair shuffle; the title gives a chi-square test.
    Every shuffle needs a batched version for ``stats.simulate``. An exact law
    is computed once per shuffle and deck size (about a second for the
    biggest trees), then remembered.
    """
    shuffle_table("shuffles", shuffles)
    seed = whole_number("seed", seed)
    max_exact_paths = whole_number("max_exact_paths", max_exact_paths, minimum=1,
                                   maximum=exact.MAX_PATHS)
    name = one_of("name", next(iter(shuffles)) if name is None else name, list(shuffles))
    controls = {
        "name": widgets.Dropdown(options=list(shuffles), value=name, description="shuffle"),
        "n": widgets.IntSlider(value=whole_number("n", n, minimum=3, maximum=10), min=3, max=10,
                               description="cards", continuous_update=False),
        "trials": widgets.SelectionSlider(options=LAB_DECKS, value=one_of("trials", trials,
                                                                          LAB_DECKS),
                                          description="decks", continuous_update=False),
    }

    def draw(fig: Figure, name: str, n: int, trials: int) -> Update:
        return _draw_lab(fig, shuffles, name, n, trials, seed, max_exact_paths)

    return LivePanel(draw, controls, figsize=(15, 5.4))


def _case_title(case: evidence.DetectiveCase, guess: str, reveal: bool) -> str:
    if reveal:
        verdict = "right!" if guess == case.answer else f"not quite (you said {guess})"
        return f"Case {case.case}: it was {case.answer}. Your guess: {verdict}"
    return f"Case {case.case}: which shuffle made these {case.trials:,} decks?"


def _counts(ax: Axes, case: evidence.DetectiveCase) -> None:
    order_count_band(ax, case.counts, case.trials)


def _draw_case(fig: Figure, shuffles: dict[str, Shuffle], suspects: Sequence[str], case: int,
               guess: str, reveal: bool, n: int, trials: int) -> Update:
    shown = evidence.detective_case(shuffles, suspects, case, n, trials)
    left, right = fig.subplots(1, 2, width_ratios=[1, 1.5])
    bias_matrix(left, shown.matrix, "where each card landed")
    right.set_yscale("symlog", linthresh=10)
    _counts(right, shown)
    right.set_xlabel(f"the {len(shown.counts)} orders, most frequent first", fontsize=12)
    right.set_ylabel("times seen in the batch", fontsize=12)
    fig.suptitle(_case_title(shown, guess, reveal), fontsize=15)
    fig.subplots_adjust(left=0.06, right=0.98, bottom=0.12, top=0.86, wspace=0.3)

    def update(case: int, guess: str, reveal: bool) -> list:
        """Keep the axes; a new case brings new colours and a new right-hand plot."""
        nonlocal shown
        changed = []
        if case != shown.case:
            shown = evidence.detective_case(shuffles, suspects, case, n, trials)
            image = left.images[0]
            image.set_data(shown.matrix)
            image.set_norm(bias_norm(n, bias_spread(shown.matrix)))
            _counts(clear(right), shown)
            changed += [image, image.colorbar.ax, right]
        return [fig.suptitle(_case_title(shown, guess, reveal), fontsize=15), *changed]

    return update


@checked_arguments
def detective_panel(shuffles: dict[str, Shuffle], suspects: Sequence[str], n: int = 6,
                    trials: int = 5000, cases: int = 20) -> LivePanel:
    """Return the shuffle-detective game: a case number, a guess, and a reveal box."""
    shuffle_table("shuffles", shuffles)
    suspects = sequence("suspects", suspects)
    if not suspects:
        raise ValueError("the detective needs at least one suspect (suspects is empty)")
    unknown = [s for s in suspects if s not in shuffles]
    if unknown:
        raise ValueError(f"suspects {unknown} are not among the shuffles")
    n = whole_number("n", n, minimum=2, maximum=8)
    trials = whole_number("trials", trials, minimum=1, maximum=1_000_000)
    controls = {
        "case": widgets.IntSlider(value=1, min=1, max=whole_number("cases", cases, minimum=1),
                                  description="case", continuous_update=False),
        "guess": widgets.Dropdown(options=list(suspects), value=suspects[0],
                                  description="your guess"),
        "reveal": widgets.Checkbox(value=False, description="reveal the answer"),
    }

    def draw(fig: Figure, case: int, guess: str, reveal: bool) -> Update:
        return _draw_case(fig, shuffles, suspects, case, guess, reveal, n, trials)

    return LivePanel(draw, controls, figsize=(15, 5.6))
