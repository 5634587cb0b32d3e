"""The probability lab of lesson 11: compare shuffles, and guess a hidden one.

Both panels draw what one model function computes (:func:`cardlib.evidence.lab_result`,
:func:`cardlib.evidence.detective_case`) with the pictures of :mod:`cardlib.plots`.
"""

from __future__ import annotations

import contextlib
import functools
import html
from collections.abc import Callable, Sequence

import ipywidgets as widgets
import numpy as np
from IPython.display import HTML
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from .. import evidence, exact
from ..plots import (
    bias_matrix,
    bias_norm,
    bias_spread,
    clear,
    distance_curves,
    order_count_band,
    set_bias_matrix,
    set_distance_curves,
    set_order_count_band,
)
from ..validation import Shuffle, one_of, sequence, shuffle_table, validate_arguments, whole_number
from .panel import LivePanel, Update, make_ticks
from .player import frame_player

__all__ = ["LAB_DECKS", "LAB_SEEDS", "DETECTIVE_LEVELS", "DETECTIVE_DECKS", "lab_panel",
           "detective_panel", "detective_player"]

#: The numbers of decks the lab offers.
LAB_DECKS = (1000, 3000, 10_000, 30_000, 100_000)
#: The seeds the lab's seed slider offers: 0 .. LAB_SEEDS - 1.
LAB_SEEDS = 20
#: The detective's levels. "easy": thousands of decks, each batch's colours stretched to its
#: own extremes, the number of orders that appeared in a title. "hard": hundreds of decks, one
#: colour scale for every case (0 to 2/n, white at 1/n), no count of orders, every suspect the
#: answer equally often; the lesson gives it suspects whose pictures look alike.
DETECTIVE_LEVELS = ("easy", "hard")
#: The decks of one case at each level, unless the panel is given another number.
DETECTIVE_DECKS = {"easy": 5000, "hard": 500}
#: The hard level's right-hand title: it says what is drawn, not how many orders appeared.
_HARD_COUNTS = "each order's count, most frequent first"


def _lab_title(name: str, result: evidence.LabResult) -> str:
    test = result.test
    return (f"{name}, {result.n} cards. Chi-square on {result.tested}:\n{test.statistic:,.1f} "
            f"with {test.dof} degrees of freedom, {_p_is(test.p_value)}")


def _p_is(p: float) -> str:
    """'p = 0.43', or 'p < 1e-300' (not 'p = < 1e-300')."""
    text = evidence.p_value_text(p)
    return f"p {text}" if text.startswith("<") else f"p = {text}"


def _spread(result: evidence.LabResult) -> float:
    extra = [] if result.exact_matrix is None else [result.exact_matrix]
    return bias_spread(result.simulated, *extra)


#: The frame of the lab's distance plot, the same for every state (widened only for a value
#: outside it): from the first checkpoint to the most decks, distances from 0.0001 to 1 (the
#: legend below the curves: sampling noise stays above 0.002 at 100,000 decks).
_DISTANCE_FRAME = ((evidence.DECK_CHECKPOINTS[0], max(LAB_DECKS)), (1e-4, 1))


def _distances(ax: Axes, name: str, result: evidence.LabResult) -> None:
    distance_curves(ax, name, result.curve, result.fair_curve, result.exact_distance,
                    frame=_DISTANCE_FRAME)


def _draw_lab(fig: Figure, shuffles: dict[str, Shuffle], name: str, n: int, trials: int,
              seed: int, max_exact_paths: int) -> Update:
    # Fixed margins: tight_layout on log axes took most of the redraw time.
    fig.subplots_adjust(left=0.06, right=0.965, bottom=0.14, top=0.8, wspace=0.5)
    left, middle, right = fig.subplots(1, 3, width_ratios=[1, 1, 1.25])
    # The axes and their labels now; what depends on the values, by update() below. The
    # middle matrix gives way to a note where there is no exact law (hidden, not removed,
    # so that a change of shuffle or deck size keeps the figure).
    fair = np.full((n, n), 1 / n)
    bias_matrix(left, fair, "simulated", colorbar=False, spread=1 / n)
    bias_matrix(middle, fair, "exact", colorbar=False, spread=1 / n)
    make_ticks(left, middle)
    note = fig.text(0.5, 0.5, "", ha="center", va="center", fontsize=12,
                    transform=middle.transAxes)
    for ax in (left, middle):
        ax.set_ylabel("card", fontsize=12)
        ax.tick_params(labelsize=12)
    right.set_xlabel("simulated decks", fontsize=12)
    right.set_ylabel("worst-card distance", fontsize=12)
    right.set_title("decks it takes to see the bias", fontsize=13)

    @functools.lru_cache(maxsize=64)  # a state seen again: its decks simulated once
    def result_for(name: str, n: int, trials: int, seed: int) -> evidence.LabResult:
        return evidence.lab_result(shuffles[name], n, trials, seed, max_exact_paths)

    def update(name: str, n: int, trials: int, seed: int) -> list:
        """Keep the axes, the lines and the legend (making ticks is the slow part); change
        images, lines, legend words and titles, and the ticks whose limits move; a fresh
        figure draws the same pixels (a test checks)."""
        result = result_for(name, n, trials, seed)
        spread = _spread(result)
        exact_shown = result.exact_matrix is not None
        toggled = middle.get_visible() != exact_shown
        middle.set_visible(exact_shown)
        note.set_visible(not exact_shown)
        note.set_text("" if exact_shown else f"no exact law here:\n{result.reason}")
        resized = set_bias_matrix(left.images[0], result.simulated, spread)
        set_bias_matrix(middle.images[0], result.simulated if result.exact_matrix is None
                        else result.exact_matrix, spread)
        said = left.get_title()
        left.set_title(f"simulated: {trials:,} decks", fontsize=13)
        curves = set_distance_curves(right, name, result.curve, result.fair_curve,
                                     result.exact_distance, frame=_DISTANCE_FRAME)
        if curves is None:  # the first draw: the curves, their legend and their frame
            _distances(clear(right), name, result)
            curves = [right]
        suptitle = fig.suptitle(_lab_title(name, result), fontsize=13)
        if resized:  # new ticks: both matrices whole
            matrices = [left, middle]
        else:
            matrices = [left.images[0], *([middle.images[0]] if exact_shown else []),
                        *([left.title] if left.get_title() != said else []),
                        *([middle] if toggled else [])]
        return [*matrices, note, *curves, suptitle]

    update(name, n, trials, seed)
    return update


@validate_arguments
def lab_panel(shuffles: dict[str, Shuffle], name: str | None = None, n: int = 5,
              trials: int = 30_000, seed: int = 0,
              max_exact_paths: int = exact.LAW_MAX_PATHS) -> LivePanel:
    """Return the lab: pick a shuffle, a deck size, a number of decks and a seed.

    Left the simulated bias matrix, middle the exact one (when feasible),
    right the worst-card distance (the largest distance of one card's position
    from uniform) against the number of decks, for the shuffle and for Knuth's
    fair shuffle; the title gives a chi-square test. The seed (0 to
    LAB_SEEDS - 1) picks which simulated decks: other seeds, other samples.
    Every shuffle needs a batched version for ``stats.simulate``. An exact law
    is computed once per shuffle and deck size (about a second for the
    biggest trees), then remembered; those of the shuffle shown first, of cardlib's
    own, as the panel is built.
    """
    shuffle_table("shuffles", shuffles)
    seed = whole_number("seed", seed)
    max_exact_paths = whole_number("max_exact_paths", max_exact_paths, minimum=1,
                                   maximum=exact.MAX_PATHS)
    name = one_of("name", next(iter(shuffles)) if name is None else name, list(shuffles))
    controls = {
        "name": widgets.Dropdown(options=list(shuffles), value=name, description="shuffle"),
        "n": widgets.IntSlider(value=whole_number("n", n, minimum=3, maximum=10), min=3, max=10,
                               description="cards", continuous_update=True),
        "trials": widgets.SelectionSlider(options=LAB_DECKS, value=one_of("trials", trials,
                                                                          LAB_DECKS),
                                          description="decks", continuous_update=True),
        "seed": widgets.IntSlider(value=whole_number("seed", seed, maximum=LAB_SEEDS - 1),
                                  min=0, max=LAB_SEEDS - 1, description="seed",
                                  continuous_update=True),
    }

    def draw(fig: Figure, name: str, n: int, trials: int, seed: int) -> Update:
        return _draw_lab(fig, shuffles, name, n, trials, seed, max_exact_paths)

    if exact.is_own(shuffles[name]):  # the shown shuffle's laws at every deck size, now (the
        for size in range(3, exact.LAW_MAX_CARDS + 1):  # naive swap's 6^6 paths: about 0.4 s)
            with contextlib.suppress(Exception):  # a faro refuses odd decks: said if shown
                exact.exact_law_or_reason(shuffles[name], size, max_exact_paths)
    return LivePanel(draw, controls, figsize=(9.6, 4.6), remember=True)


def _case_title(case: evidence.DetectiveCase, guess: str, reveal: bool,
                hard: bool = False) -> str:
    name = f"{'Hard case' if hard else 'Case'} {case.case}"
    if reveal:
        verdict = "right!" if guess == case.answer else f"not quite (you said {guess})"
        return f"{name}: it was {case.answer}. Your guess: {verdict}"
    return f"{name}: which shuffle made these {case.trials:,} decks?"


def _counts(ax: Axes, case: evidence.DetectiveCase, hard: bool = False) -> None:
    order_count_band(ax, case.counts, case.trials, title=_HARD_COUNTS if hard else None,
                     fixed=hard)


def _hard_bar(image, n: int) -> None:
    """The hard level's one colour scale, labelled where it matters: 0, fair 1/n, 2/n."""
    image.colorbar.set_ticks([0, 1 / n, 2 / n], labels=["0", f"1/{n}", f"2/{n}"])


def _draw_case(fig: Figure, shuffles: dict[str, Shuffle], suspects: Sequence[str], case: int,
               guess: str, reveal: bool, n: int, trials: int, hard: bool = False) -> Update:
    shown = evidence.detective_case(shuffles, suspects, case, n, trials, balanced=hard)
    left, right = _case_axes(fig, shown, hard)
    fig.suptitle(_case_title(shown, guess, reveal, hard), fontsize=14)

    def update(case: int, guess: str, reveal: bool) -> list:
        """Keep the axes; a new case brings new colours (or, on the hard level, only new
        cells on the same scale), and the counts' line, axis and title on the right."""
        nonlocal shown
        changed = []
        if case != shown.case:
            shown = evidence.detective_case(shuffles, suspects, case, n, trials,
                                           balanced=hard)
            image = left.images[0]
            image.set_data(shown.matrix)
            if not hard:  # new colours; the hard level keeps one scale for every case
                image.set_norm(bias_norm(n, bias_spread(shown.matrix)))
                image.colorbar.ax.tick_params(labelsize=12)
                changed.append(image.colorbar.ax)
            counts = set_order_count_band(right, shown.counts, shown.trials,
                                          title=_HARD_COUNTS if hard else None, fixed=hard)
            if counts is None:
                return None
            changed += [image, *counts]
        return [fig.suptitle(_case_title(shown, guess, reveal, hard), fontsize=14), *changed]

    return update


def _case_axes(fig: Figure, shown: evidence.DetectiveCase,
               hard: bool = False) -> tuple[Axes, Axes]:
    """Draw a case's two pictures: the bias matrix and the order counts; return both axes.

    The hard level draws every case on one colour scale, 0 to 2/n."""
    left, right = fig.subplots(1, 2, width_ratios=[1, 1.35])
    n = len(shown.matrix)
    bias_matrix(left, shown.matrix, "where each card landed", spread=1 / n if hard else None)
    left.set_ylabel("card", fontsize=12)
    left.tick_params(labelsize=12)
    bar = left.images[0].colorbar
    bar.ax.tick_params(labelsize=12)
    bar.set_label("chance", fontsize=12)
    right.set_yscale("symlog", linthresh=10)
    _counts(right, shown, hard)
    right.set_xlabel(f"the {len(shown.counts)} orders, most frequent first", fontsize=12)
    right.set_ylabel("times seen in the batch", fontsize=12)
    right.tick_params(labelsize=12)
    if hard:
        _hard_bar(left.images[0], n)
    fig.subplots_adjust(left=0.07, right=0.98, bottom=0.13, top=0.85, wspace=0.42)
    return left, right


@validate_arguments
def detective_panel(shuffles: dict[str, Shuffle], suspects: Sequence[str], n: int = 6,
                    trials: int | None = None, cases: int = 20,
                    level: str = "easy") -> LivePanel:
    """Return the shuffle-detective game: a case number, a guess, and a reveal box.

    ``level`` is one of :data:`DETECTIVE_LEVELS`; ``trials`` (the decks of a case)
    defaults to the level's :data:`DETECTIVE_DECKS`.
    """
    shuffle_table("shuffles", shuffles)
    suspects = sequence("suspects", suspects)
    if not suspects:
        raise ValueError("the detective needs at least one suspect (suspects is empty)")
    unknown = [s for s in suspects if s not in shuffles]
    if unknown:
        raise ValueError(f"suspects {unknown} are not among the shuffles")
    level = one_of("level", level, DETECTIVE_LEVELS)
    hard = level == "hard"
    n = whole_number("n", n, minimum=2, maximum=8)
    trials = whole_number("trials", DETECTIVE_DECKS[level] if trials is None else trials,
                          minimum=1, maximum=1_000_000)
    controls = {
        "case": widgets.IntSlider(value=1, min=1, max=whole_number("cases", cases, minimum=1),
                                  description="hard case" if hard else "case",
                                  continuous_update=True),
        "guess": widgets.Dropdown(options=list(suspects), value=suspects[0],
                                  description="your guess"),
        "reveal": widgets.Checkbox(value=False, description="reveal the answer"),
    }

    def draw(fig: Figure, case: int, guess: str, reveal: bool) -> Update:
        return _draw_case(fig, shuffles, suspects, case, guess, reveal, n, trials, hard)

    return LivePanel(draw, controls, figsize=(9.6, 4.8), remember=True)


def detective_player(shuffles: dict[str, Shuffle], suspects: Sequence[str], cases: int = 6,
                     n: int = 6, trials: int = 5000) -> HTML:
    """Cases 1..``cases`` of the detective as a frame player (it plays with no kernel),
    followed by the answers behind a ``<details>`` reveal."""
    cases = whole_number("cases", cases, minimum=1, maximum=20)

    def draw_case(fig: Figure, i: int) -> Callable:
        update = _draw_case(fig, shuffles, suspects, i + 1, "", False, n, trials)
        return lambda i: update(i + 1, "", False)  # the next case in place: the same pixels

    player = frame_player(draw_case, cases, figsize=(9.6, 4.8), interval=4000)
    answers = "".join(f"<li>Case {case}: {html.escape(evidence.hidden_shuffle(case, suspects))}"
                      "</li>" for case in range(1, cases + 1))
    return HTML(player.data + '<details class="cardlib-answers"><summary>Reveal the answers'
                f"</summary><ol style=\"list-style: none\">{answers}</ol></details>",
                metadata=player.metadata)
