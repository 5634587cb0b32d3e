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
    hand        hand shuffles: packets, hands, faros, mixing curves, Dou Di Zhu deals
    lab         the probability lab: bias matrices side by side, decks a test needs
    tree        a shuffle's tree of random choices, leaves coloured by order
    judge       the judge's verdict on a shuffle, as a bias matrix
    words       a figure in words: the alt text of every picture
"""

from __future__ import annotations

from .bias import (
    bias_colorbar,
    bias_matrix,
    bias_norm,
    bias_spread,
    set_bias_matrix,
)
from .cards import (
    card_size_points,
    deck_picture,
    draw_cards,
    faces,
    row_axes,
    row_axes_box,
    set_deck_picture,
)
from .evidence import (
    convergence,
    distance_curves,
    order_count_band,
    p_value_trail,
    set_convergence,
    set_distance_curves,
    set_order_count_band,
    set_p_value_trail,
)
from .growth import (
    append_times,
    build_times,
    copies_per_append_curves,
    set_size_steps,
    size_steps,
)
from .hand import (
    card_rows,
    deal_rates,
    faro_orders,
    faro_stripes,
    mixing_curves,
)
from .judge import (
    verdict_bias,
)
from .lab import (
    bias_grid,
    rejection_bars,
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
    set_cut_bars,
    set_merge_picture,
    set_rising_picture,
    top_card_and_deck,
)
from .steps import (
    KNUTH_FIGSIZE,
    MAX_STEP_CARDS,
    PICK_FIGSIZE,
    TWIN_FIGSIZE,
    check_step_size,
    draw_knuth_step,
    draw_pick_step,
    draw_twin_step,
    redraw_step,
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
    axis_state,
    clear,
    duration,
    message,
    moved_axes,
    plain_log_ticks,
)
from .timing import (
    timing_loglog,
)
from .tree import (
    choice_tree,
    order_name,
)
from .words import (
    describe_figure,
    plain_text,
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
    "axis_state",
    "moved_axes",
    "duration",
    "plain_log_ticks",
    "describe_figure",
    "plain_text",
    "card_size_points",
    "draw_cards",
    "faces",
    "deck_picture",
    "set_deck_picture",
    "row_axes",
    "row_axes_box",
    "bias_spread",
    "bias_norm",
    "bias_matrix",
    "bias_colorbar",
    "set_bias_matrix",
    "exact_bars",
    "cycle_bars",
    "convergence",
    "p_value_trail",
    "set_convergence",
    "set_p_value_trail",
    "set_distance_curves",
    "distance_curves",
    "order_count_band",
    "set_order_count_band",
    "timing_loglog",
    "MAX_STEP_CARDS",
    "PICK_FIGSIZE",
    "KNUTH_FIGSIZE",
    "check_step_size",
    "draw_pick_step",
    "draw_knuth_step",
    "TWIN_FIGSIZE",
    "draw_twin_step",
    "redraw_step",
    "SEQUENCE_COLOURS",
    "cut_bars",
    "set_cut_bars",
    "STACK_COLOURS",
    "merge_picture",
    "set_merge_picture",
    "rising_scatter",
    "rising_picture",
    "set_rising_picture",
    "rising_growth",
    "distance_curve",
    "top_card_and_deck",
    "position_heatmap",
    "size_steps",
    "set_size_steps",
    "append_times",
    "copies_per_append_curves",
    "build_times",
    "card_rows",
    "faro_stripes",
    "faro_orders",
    "mixing_curves",
    "deal_rates",
    "bias_grid",
    "rejection_bars",
    "order_name",
    "choice_tree",
    "verdict_bias",
]
