"""The probability lab of lesson 6: compare shuffles, and guess a hidden one.

Model functions (:func:`exact_law_or_reason`, :func:`largest_card_distance`,
:func:`order_test`, :func:`hidden_algorithm`) are pure; the two panel builders
return a :class:`cardlib.widgets.LivePanel` without displaying it, so tests
can move every control to its extremes and look at ``panel.figure``.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable

import ipywidgets as ipw
import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from . import exact, mixing, plots, stats, widgets
from .shuffles import knuth_shuffle

__all__ = [
    "EXACT_MAX_CARDS",
    "EXACT_MAX_PATHS",
    "exact_law_or_reason",
    "exact_law",
    "largest_card_distance",
    "order_counts",
    "order_test",
    "distance_by_trials",
    "lab_panel",
    "hidden_algorithm",
    "detective_panel",
]

#: Exact laws are computed for decks of at most this many cards (6! = 720 orders)...
EXACT_MAX_CARDS = 6
#: ... whose tree has at most this many paths (6^6 = 46,656 naive swaps; as widgets.bias_panel).
EXACT_MAX_PATHS = 50_000
CHECKPOINTS = (100, 300, 1000, 3000, 10_000, 30_000, 100_000)


@functools.lru_cache(maxsize=256)
def exact_law_or_reason(shuffle: Callable, n: int,
                        max_paths: int = EXACT_MAX_PATHS) -> tuple[dict | None, str]:
    """Return (the exact law of ``shuffle`` on n cards, "") or (None, why it is out of reach).

    Out of reach: more than EXACT_MAX_CARDS cards, a tree of random choices
    with more than ``max_paths`` paths (estimated by exact.estimate_paths), or
    an unbounded tree (a shuffle that retries). Results are remembered.

    >>> from cardlib.shuffles import naive_swap_shuffle, retry_shuffle
    >>> len(exact_law_or_reason(knuth_shuffle, 3)[0])
    6
    >>> exact_law_or_reason(retry_shuffle, 3)
    (None, 'unbounded paths\\n(it may redraw forever)')
    >>> exact_law_or_reason(naive_swap_shuffle, 6, max_paths=1000)
    (None, 'about 46,656 paths,\\nmore than the limit of 1,000')
    """
    if n > EXACT_MAX_CARDS:
        return None, f"more than {EXACT_MAX_CARDS} cards"
    try:  # the first path answers every draw with its first value: a retry never ends
        next(exact.paths(shuffle, n, max_paths=math.inf))
    except ValueError as error:
        return None, ("unbounded paths\n(it may redraw forever)" if "unbounded" in str(error)
                      else str(error))
    estimate = exact.estimate_paths(shuffle, n)
    if estimate > max_paths:
        return None, f"about {estimate:,.0f} paths,\nmore than the limit of {max_paths:,}"
    try:
        return exact.distribution(shuffle, n, max_paths=max_paths), ""
    except ValueError:  # the estimate was low
        return None, f"more than {max_paths:,} paths"


def exact_law(shuffle: Callable, n: int, max_paths: int = EXACT_MAX_PATHS) -> dict | None:
    """Return the exact law of ``shuffle`` on n cards, or None when it is out of reach.

    >>> from cardlib.shuffles import retry_shuffle
    >>> len(exact_law(knuth_shuffle, 3)), exact_law(retry_shuffle, 3)
    (6, None)
    """
    return exact_law_or_reason(shuffle, n, max_paths)[0]


def largest_card_distance(matrix) -> float:
    """Return the largest distance to uniform of one card's position (mixing.position_distance).

    ``matrix`` holds counts or probabilities, card i in row i, position j in column j.

    >>> largest_card_distance([[3, 1], [1, 3]])
    0.25
    """
    return max(mixing.position_distance(row) for row in np.asarray(matrix, dtype=float))


def order_counts(decks: np.ndarray) -> dict[tuple[int, ...], int]:
    """Count how often each order (row) appears in an array of decks.

    >>> order_counts(np.array([[0, 1], [1, 0], [0, 1]]))
    {(0, 1): 2, (1, 0): 1}
    """
    decks = np.asarray(decks)
    base = int(decks.max(initial=0)) + 1
    if decks.ndim == 2 and decks.min(initial=0) >= 0 and base ** decks.shape[1] < 2 ** 62:
        # One integer per row (its digits in base max + 1, in order): sorting
        # integers is several times faster than sorting rows, same order.
        codes = decks.astype(np.int64) @ base ** np.arange(decks.shape[1] - 1, -1, -1)
        _, first, counts = np.unique(codes, return_index=True, return_counts=True)
        rows = decks[first]
    else:
        rows, counts = np.unique(decks, axis=0, return_counts=True)
    return {tuple(int(c) for c in row): int(k) for row, k in zip(rows, counts)}


def order_test(decks: np.ndarray) -> tuple[stats.ChiSquare, str]:
    """Chi-square test of simulated decks against a fair shuffle; return (test, what was tested).

    All n! orders when every order is expected at least 5 times, else where
    the bottom card (card 0) lands, n cells.
    """
    trials, n = decks.shape
    if trials >= 5 * math.factorial(n):
        orders = list(itertools.permutations(range(n)))
        observed = order_counts(decks)
        return stats.chi_square([observed.get(o, 0) for o in orders]), f"all {len(orders)} orders"
    return stats.chi_square(stats.count_positions(decks)[0]), "where the bottom card lands"


def distance_by_trials(decks: np.ndarray) -> tuple[list[int], list[float]]:
    """Return the largest card distance measured on the first 100, 300, 1000, ... decks."""
    checkpoints = [t for t in CHECKPOINTS if t <= len(decks)]
    return checkpoints, [largest_card_distance(stats.count_positions(decks[:t]))
                         for t in checkpoints]


@functools.lru_cache(maxsize=64)
def _fair_curve(n: int, trials: int, seed: int) -> tuple[list[int], list[float]]:
    return distance_by_trials(stats.simulate(knuth_shuffle, n, trials, seed=seed))


def _lab_results(algorithms: dict, name: str, n: int, trials: int, seed: int,
                 max_exact_paths: int) -> dict:
    """Everything the lab shows for one choice: simulated and exact matrices, curves, a test."""
    decks = stats.simulate(algorithms[name], n, trials, seed=seed)
    simulated = stats.count_positions(decks) / trials
    law, reason = exact_law_or_reason(algorithms[name], n, max_exact_paths)
    exact_matrix = None if law is None else np.array(stats.exact_position_matrix(law), dtype=float)
    test, what = order_test(decks)
    return {"simulated": simulated, "exact": exact_matrix, "reason": reason,
            "spread": plots.bias_spread(simulated, *([] if exact_matrix is None else [exact_matrix])),
            "curve": distance_by_trials(decks), "fair curve": _fair_curve(n, trials, seed + 1),
            "title": f"{name}, {n} cards. Chi-square on {what}: {test.statistic:,.1f} with "
                     f"{test.dof} degrees of freedom, p = {test.p_value:.2g}"}


def _plot_distances(ax: Axes, name: str, results: dict) -> None:
    """The right-hand plot's lines and legend (on axes already log-log)."""
    ax.plot(*results["curve"], "o-", color=plots.OKABE_ITO["vermillion"], linewidth=2.5,
            label=name)
    ax.plot(*results["fair curve"], "s--", color=plots.OKABE_ITO["blue"],
            label="Knuth's swaps (fair): sampling noise")
    exact_matrix = results["exact"]
    if exact_matrix is not None and largest_card_distance(exact_matrix) > 1e-12:
        ax.axhline(largest_card_distance(exact_matrix), color="black", linestyle=":",
                   linewidth=2, label="exact distance of this algorithm")
    ax.legend(fontsize=10, loc="lower left")


def _draw_lab(fig: Figure, algorithms: dict, name: str, n: int, trials: int, seed: int,
              max_exact_paths: int) -> Callable[..., bool]:
    results = _lab_results(algorithms, name, n, trials, seed, max_exact_paths)
    exact_matrix, spread = results["exact"], results["spread"]
    left, middle, right = fig.subplots(1, 3, width_ratios=[1, 1, 1.1])
    plots.bias_matrix(left, results["simulated"], f"simulated: {trials:,} decks", colorbar=False,
                      spread=spread)
    if exact_matrix is None:
        middle.axis("off")
        middle.text(0.5, 0.5, f"no exact law here:\n{results['reason']}", ha="center",
                    va="center", fontsize=13, transform=middle.transAxes)
    else:
        plots.bias_matrix(middle, exact_matrix, "exact", spread=spread)
    right.set_xscale("log")
    right.set_yscale("log")
    _plot_distances(right, name, results)
    right.set_xlabel("simulated decks", fontsize=12)
    right.set_ylabel("largest distance of a card's\nposition from uniform", fontsize=12)
    right.set_title("how many decks it takes to see the bias", fontsize=13)
    fig.suptitle(results["title"], fontsize=14)
    # Fixed margins: tight_layout on log axes took most of the redraw time.
    fig.subplots_adjust(left=0.04, right=0.99, bottom=0.12, top=0.86, wspace=0.5)
    built_n, built_middle = n, results["reason"] if exact_matrix is None else None

    def update(name: str, n: int, trials: int) -> list | bool:
        """Same deck size and kind of middle panel: keep the axes (making their
        ticks is the slow part), change images, lines, legend and titles."""
        if n != built_n:
            return False
        results = _lab_results(algorithms, name, n, trials, seed, max_exact_paths)
        if (results["reason"] if results["exact"] is None else None) != built_middle:
            return False
        changed = [left.title, right]
        norm = plots.bias_norm(n, results["spread"])
        rescaled = (norm.vmin, norm.vmax) != (left.images[0].norm.vmin, left.images[0].norm.vmax)
        for ax, matrix in ((left, results["simulated"]), (middle, results["exact"])):
            if matrix is not None:
                image = ax.images[0]
                image.set_data(matrix)
                if rescaled:
                    image.set_norm(plots.bias_norm(n, results["spread"]))
                changed += [image] + ([image.colorbar.ax] if image.colorbar and rescaled else [])
        left.set_title(f"simulated: {trials:,} decks", fontsize=13)
        for line in list(right.lines):
            line.remove()
        right.get_legend().remove()
        right.relim()
        _plot_distances(right, name, results)
        suptitle = fig.suptitle(results["title"], fontsize=14)
        # Paint again only these (and the whole right-hand plot, whose scale may change).
        return [*changed, suptitle]

    return update


def lab_panel(algorithms: dict[str, Callable], name: str | None = None, n: int = 5,
              trials: int = 30_000, seed: int = 2026,
              max_exact_paths: int = EXACT_MAX_PATHS) -> widgets.LivePanel:
    """Return the lab: pick an algorithm, a deck size and a number of decks.

    Left the simulated bias matrix, middle the exact one (when feasible),
    right the largest card distance against the number of decks, for the
    algorithm and for Knuth's fair shuffle; the title gives a chi-square test.
    Every algorithm needs a batched version for ``stats.simulate``. An exact law
    is computed once per algorithm and deck size (about a second for the
    biggest trees), then remembered.
    """
    controls = {
        "name": ipw.Dropdown(options=list(algorithms), value=name or next(iter(algorithms)),
                             description="shuffle"),
        "n": ipw.IntSlider(value=n, min=3, max=10, description="cards", continuous_update=False),
        "trials": ipw.SelectionSlider(options=[1000, 3000, 10_000, 30_000, 100_000],
                                      value=trials, description="decks",
                                      continuous_update=False),
    }

    def draw(fig: Figure, name: str, n: int, trials: int) -> Callable[..., bool]:
        return _draw_lab(fig, algorithms, name, n, trials, seed, max_exact_paths)

    return widgets.LivePanel(draw, controls, figsize=(15, 5.4))


def hidden_algorithm(case: int, suspects: list[str]) -> str:
    """Return the suspect behind a case number (seeded, so every reader gets the same case).

    >>> hidden_algorithm(3, ["a", "b"]) == hidden_algorithm(3, ["a", "b"])
    True
    """
    return random.Random(f"case {case}").choice(suspects)


def _case_counts(algorithms: dict, suspects: list[str], case: int, n: int,
                 trials: int) -> tuple[np.ndarray, list[int]]:
    """A case's decks as a matrix of frequencies, and its order counts, most frequent first."""
    decks = stats.simulate(algorithms[hidden_algorithm(case, suspects)], n, trials, seed=case)
    counts = sorted(order_counts(decks).values(), reverse=True)
    return stats.count_positions(decks) / trials, counts + [0] * (math.factorial(n) - len(counts))


def _plot_counts(ax: Axes, counts: list[int], trials: int) -> None:
    """How often each order appeared, against a fair shuffle's band (on a symlog axes)."""
    orders = len(counts)
    expected = trials / orders
    band = 2 * math.sqrt(expected)
    ax.fill_between(range(orders), max(expected - band, 0), expected + band,
                    color="lightgrey", label="a fair shuffle: about 95% of counts")
    ax.axhline(expected, color="black", linestyle=":", label=f"fair: {expected:.1f} each")
    ax.plot(range(orders), counts, color=plots.OKABE_ITO["vermillion"], linewidth=2.5,
            label="this batch")
    ticks = [t for t in (0, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000) if t <= max(counts)]
    ax.set_yticks(ticks, [str(t) for t in ticks])
    ax.minorticks_off()
    ax.set_title(f"{sum(c > 0 for c in counts)} of the {orders} orders appeared", fontsize=13)
    ax.legend(fontsize=11, loc="upper right")


def _case_title(suspects: list[str], case: int, guess: str, reveal: bool, trials: int) -> str:
    answer = hidden_algorithm(case, suspects)
    if reveal:
        verdict = "right!" if guess == answer else f"not quite (you said {guess})"
        return f"Case {case}: it was {answer}. Your guess: {verdict}"
    return f"Case {case}: which shuffle made these {trials:,} decks?"


def _draw_case(fig: Figure, algorithms: dict, suspects: list[str], case: int, guess: str,
               reveal: bool, n: int, trials: int) -> Callable[..., list]:
    matrix, counts = _case_counts(algorithms, suspects, case, n, trials)
    left, right = fig.subplots(1, 2, width_ratios=[1, 1.5])
    plots.bias_matrix(left, matrix, "where each card landed")
    right.set_yscale("symlog", linthresh=10)
    _plot_counts(right, counts, trials)
    right.set_xlabel(f"the {len(counts)} orders, most frequent first", fontsize=12)
    right.set_ylabel("times seen in the batch", fontsize=12)
    fig.suptitle(_case_title(suspects, case, guess, reveal, trials), fontsize=15)
    fig.subplots_adjust(left=0.06, right=0.98, bottom=0.12, top=0.86, wspace=0.3)
    shown = {"case": case}

    def update(case: int, guess: str, reveal: bool) -> list:
        """Keep the axes; a new case brings new colours and a new right-hand plot."""
        changed = [fig.suptitle(_case_title(suspects, case, guess, reveal, trials), fontsize=15)]
        if case != shown["case"]:
            matrix, counts = _case_counts(algorithms, suspects, case, n, trials)
            image = left.images[0]
            image.set_data(matrix)
            image.set_norm(plots.bias_norm(n, plots.bias_spread(matrix)))
            for artist in [*right.lines, *right.collections, right.get_legend()]:
                artist.remove()
            right.relim()
            _plot_counts(right, counts, trials)
            changed += [image, image.colorbar.ax, right]
            shown["case"] = case
        return changed

    return update


def detective_panel(algorithms: dict[str, Callable], suspects: list[str], n: int = 6,
                    trials: int = 5000, cases: int = 20) -> widgets.LivePanel:
    """Return the shuffle-detective game: a case number, a guess, and a reveal box."""
    unknown = [s for s in suspects if s not in algorithms]
    if unknown:
        raise ValueError(f"suspects {unknown} are not among the algorithms")
    controls = {
        "case": ipw.IntSlider(value=1, min=1, max=cases, description="case",
                              continuous_update=False),
        "guess": ipw.Dropdown(options=suspects, value=suspects[0], description="your guess"),
        "reveal": ipw.Checkbox(value=False, description="reveal the answer"),
    }

    def draw(fig: Figure, case: int, guess: str, reveal: bool) -> Callable[..., list]:
        return _draw_case(fig, algorithms, suspects, case, guess, reveal, n, trials)

    return widgets.LivePanel(draw, controls, figsize=(15, 5.6))
