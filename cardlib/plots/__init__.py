"""The pictures (matplotlib, never ipywidgets): each function draws given data on given axes.

One module per subject; this package re-exports every picture, so
``from cardlib.plots import bias_matrix`` and ``plots.bias_matrix`` both work.
A picture takes data and axes (or a figure) and returns them; it never runs
a simulation, never calls ``plt.show()`` and never changes ``rcParams``.

    style       the shared look: Okabe-Ito colours, card sizes, text sizes, helpers
    cards       card faces in rows (draw_cards, deck_picture)
    bias        bias matrices: where each card lands, white = fair
    laws        exact laws as bars (every order, cycle counts)
    evidence    simulated against exact: convergence, p-values, distances, order counts
    timing      running time on log-log axes
    steps       one step of pick-and-remove or of Knuth's swaps
    riffle      cuts, merges, rising sequences, distance curves
    growth      list sizes and append costs
    judge       the judge's verdict on a shuffle, as a bias matrix
"""

from __future__ import annotations

from .bias import (
    bias_matrix,
    bias_norm,
    bias_spread,
)
from .cards import (
    card_size_points,
    deck_picture,
    draw_cards,
    faces,
    row_axes,
)
from .evidence import (
    convergence,
    distance_curves,
    order_count_band,
    p_value_trail,
)
from .growth import (
    build_times,
    cost_per_append,
    size_steps,
)
from .judge import (
    verdict_bias,
)
from .laws import (
    cycle_bars,
    exact_bars,
)
from .riffle import (
    SEQUENCE_COLOURS,
    STACK_COLOURS,
    cut_bars,
    distance_curve,
    merge_picture,
    position_heatmap,
    rising_growth,
    rising_picture,
    rising_scatter,
)
from .steps import (
    KNUTH_FIGSIZE,
    MAX_STEP_CARDS,
    PICK_FIGSIZE,
    check_step_size,
    draw_knuth_step,
    draw_pick_step,
)
from .style import (
    BIAS_CMAP,
    BLACK_INK,
    CARD_GAP,
    CARD_HEIGHT,
    CARD_WIDTH,
    HIGHLIGHT,
    LABEL_SIZE,
    LEGEND_SIZE,
    LINE_COLOURS,
    OKABE_ITO,
    RED_INK,
    SETTLED_SHADE,
    TICK_SIZE,
    TITLE_SIZE,
    clear,
    duration,
    message,
    plain_log_ticks,
)
from .timing import (
    timing_loglog,
)

__all__ = [
    "OKABE_ITO",
    "LINE_COLOURS",
    "RED_INK",
    "BLACK_INK",
    "HIGHLIGHT",
    "SETTLED_SHADE",
    "BIAS_CMAP",
    "CARD_WIDTH",
    "CARD_HEIGHT",
    "CARD_GAP",
    "TITLE_SIZE",
    "LABEL_SIZE",
    "TICK_SIZE",
    "LEGEND_SIZE",
    "message",
    "clear",
    "duration",
    "plain_log_ticks",
    "card_size_points",
    "draw_cards",
    "faces",
    "deck_picture",
    "row_axes",
    "bias_spread",
    "bias_norm",
    "bias_matrix",
    "exact_bars",
    "cycle_bars",
    "convergence",
    "p_value_trail",
    "distance_curves",
    "order_count_band",
    "timing_loglog",
    "MAX_STEP_CARDS",
    "PICK_FIGSIZE",
    "KNUTH_FIGSIZE",
    "check_step_size",
    "draw_pick_step",
    "draw_knuth_step",
    "SEQUENCE_COLOURS",
    "cut_bars",
    "STACK_COLOURS",
    "merge_picture",
    "rising_scatter",
    "rising_picture",
    "rising_growth",
    "distance_curve",
    "position_heatmap",
    "size_steps",
    "cost_per_append",
    "build_times",
    "verdict_bias",
]
