"""The shared look of every picture: colours, card sizes, text sizes, and small helpers.

Colours follow Okabe and Ito's palette and a purple-orange diverging map,
both readable with the common colour-vision deficiencies. Text sizes are in
points at the figure sizes the panels use; nothing here changes ``rcParams``.
"""

from __future__ import annotations

from matplotlib.axes import Axes
from matplotlib.axis import Axis
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.ticker import FuncFormatter, LogLocator, NullLocator

from ..validation import DESCRIPTIONS, validate_arguments

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
    "OUTPUT_WIDTH_PX",
    "MAX_WIDTH_PX",
    "MIN_TEXT_PX",
    "min_text_px",
    "cut_text",
    "message",
    "clear",
    "axis_state",
    "moved_axes",
    "duration",
    "plain_log_ticks",
]

#: Okabe and Ito's colour-blind-safe palette.
OKABE_ITO = {
    "orange": "#E69F00",
    "sky": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "purple": "#CC79A7",
    "black": "#000000",
}
#: Line colours in the order a plot with several lines uses them.
LINE_COLOURS = tuple(OKABE_ITO[c] for c in
                     ("blue", "orange", "green", "vermillion", "purple", "sky", "black", "yellow"))
RED_INK = "#C8102E"
BLACK_INK = "#111111"
HIGHLIGHT = OKABE_ITO["blue"]
#: A pale tint of Okabe-Ito sky blue, behind the settled part of a deck.
SETTLED_SHADE = "#D6ECF8"
#: Diverging, white in the middle: orange above fair, purple below.
BIAS_CMAP = "PuOr_r"

#: A card face, in the data units of :func:`cardlib.plots.draw_cards`: width, height, gap.
CARD_WIDTH, CARD_HEIGHT, CARD_GAP = 0.72, 1.0, 0.1

#: Text sizes in points.
TITLE_SIZE, LABEL_SIZE, TICK_SIZE, LEGEND_SIZE = 13, 12, 11, 11


#: JupyterLab's output area at 1366 x 768 with the file browser open (measured with
#: tools/lab_slider_check.py): a wider picture is shrunk to this width.
OUTPUT_WIDTH_PX = 914
#: The widest a figure may be: shrunk by at most 2% there (its text is measured shrunk).
MAX_WIDTH_PX = 930
#: The smallest text, in pixels as displayed, that a projected figure may have.
MIN_TEXT_PX = 12


@validate_arguments
def _shown_texts(fig: Figure) -> list[Text]:
    """The texts a figure shows: titles, labels, legends, annotations, tick labels drawn.

    Invisible artists hide their children (an axes set invisible, its labels with it);
    of the tick labels, only those an axis draws count.
    """
    ticks = {id(label) for ax in fig.axes for axis in (ax.xaxis, ax.yaxis)
             for tick in [*axis.majorTicks, *axis.minorTicks]
             for label in (tick.label1, tick.label2)}
    found: list[Text] = []

    def visit(artist) -> None:
        if not artist.get_visible():
            return
        if isinstance(artist, Text) and id(artist) not in ticks and artist.get_text().strip():
            found.append(artist)
        for child in artist.get_children():
            visit(child)
        if isinstance(artist, Axes) and artist.axison:
            found.extend(label for axis in (artist.xaxis, artist.yaxis) if axis.get_visible()
                         for label in _drawn_tick_labels(axis)
                         if label.get_visible() and label.get_text().strip())

    visit(fig)
    return found


def _drawn_tick_labels(axis: Axis) -> list[Text]:
    """The tick labels an axis draws: those of its ticks inside its view interval."""
    low, high = sorted(axis.get_view_interval())
    slack = 1e-9 * max(abs(high - low), abs(high), abs(low), 1e-300)
    found = []
    for locs, labels in ((axis.get_majorticklocs(), axis.get_majorticklabels()),
                         (axis.get_minorticklocs(), axis.get_minorticklabels())):
        found += [label for loc, label in zip(locs, labels) if low - slack <= loc <= high + slack]
    return found


@validate_arguments
def cut_text(fig: Figure) -> list[str]:
    """The texts that reach past the figure's edges, where the picture cuts them off.

    The figure is drawn first (a full draw: the positions are those a fresh picture has).

    >>> fig = Figure(figsize=(4, 3), dpi=96)
    >>> title = "a title far too long for a figure four inches wide, so long"
    >>> _ = fig.add_subplot().set_title(title)
    >>> cut_text(fig)
    ['a title far too long for a figure four inches wide, so long']
    """
    canvas = fig.canvas if hasattr(fig.canvas, "get_renderer") else FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    width, height = fig.bbox.width, fig.bbox.height
    cut = []
    for text in _shown_texts(fig):
        box = text.get_window_extent(renderer)
        if box.x0 < -1 or box.y0 < -1 or box.x1 > width + 1 or box.y1 > height + 1:
            cut.append(text.get_text()[:60])
    return cut


def min_text_px(fig: Figure, width_px: int = OUTPUT_WIDTH_PX) -> float:
    """The size in pixels of the smallest text the figure shows, in an output ``width_px`` wide.

    Counts the titles, labels, legends, annotations and the tick labels drawn
    (not the spare ticks matplotlib keeps); a figure wider than ``width_px``
    at its dpi is shrunk to fit, and its text with it. Infinity if it shows no text.

    >>> fig = Figure(figsize=(4, 3), dpi=96)
    >>> fig.add_subplot().set_title("a title", fontsize=9)
    Text(0.5, 1.0, 'a title')
    >>> round(min_text_px(fig), 1)   # 9 points at 96 dpi, ticks at 10 points
    12.0
    """
    if width_px <= 0:
        raise ValueError(f"width_px must be above 0, got {width_px}")
    sizes = [t.get_fontsize() for t in _shown_texts(fig)]
    if not sizes:
        return float("inf")
    scale = min(1.0, width_px / (fig.get_figwidth() * fig.dpi))
    return float(min(sizes) * fig.dpi / 72 * scale)


def message(ax: Axes, text: str, size: float = 13) -> Axes:
    """Turn the axes into a centred message (where a picture cannot be drawn); return them."""
    ax.axis("off")
    ax.text(0.5, 0.5, text, ha="center", va="center", fontsize=size, transform=ax.transAxes)
    return ax


def clear(ax: Axes) -> Axes:
    """Remove the lines, filled areas, texts and legend of the axes, keeping the axes and ticks.

    A panel redraws into the same axes this way: making new axes (and their
    ticks) is the slow part of a redraw.
    """
    for artist in [*ax.lines, *ax.collections, *ax.texts]:
        artist.remove()
    if ax.get_legend() is not None:
        ax.get_legend().remove()
    ax.relim()
    return ax


def axis_state(ax: Axes) -> tuple:
    """What an Axis draws besides its ticks' style: limits, scale and label, for each of x, y.

    Take it before an in-place change and hand it to :func:`moved_axes` after.
    """
    return ((ax.get_xlim(), ax.get_xscale(), ax.xaxis.label.get_text()),
            (ax.get_ylim(), ax.get_yscale(), ax.yaxis.label.get_text()))


def moved_axes(ax: Axes, before: tuple) -> list[Axis]:
    """The Axis objects (ticks and labels) of ``ax`` whose limits, scale or label changed."""
    after = axis_state(ax)
    return [axis for axis, old, new in zip((ax.xaxis, ax.yaxis), before, after) if old != new]


def duration(seconds: float) -> str:
    """A time in words for a tick label.

    >>> duration(0.001), duration(1e-5), duration(2.0)
    ('1 ms', '10 µs', '2 s')
    """
    for unit, size in (("s", 1), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if seconds >= size * 0.999:
            return f"{seconds / size:g} {unit}"
    return f"{seconds:g} s"


def plain_log_ticks(axis: Axis, label=lambda v: f"{v:,.0f}" if v >= 1 else f"{v:g}") -> None:
    """Label a log axis at powers of ten in plain text (mathtext labels are slow to lay out),
    with no minor ticks: each is an artist to make and lay out, half the time of a fresh
    convergence figure, for marks a reader does not need between labelled powers of ten."""
    if not callable(label):
        raise TypeError("label must be a function of a tick's value")
    axis.set_major_locator(LogLocator(base=10))
    axis.set_major_formatter(FuncFormatter(lambda v, _: label(v)))
    axis.set_minor_locator(NullLocator())


# --- arguments: a picture checks what it is given before it draws ----------------------

DESCRIPTIONS.update({
    Axes: "matplotlib Axes (such as fig.add_subplot())",
    Figure: "a matplotlib Figure",
    Axis: "a matplotlib Axis (such as ax.xaxis)",
})


# Every picture helper above checks its arguments too.
message = validate_arguments(message)
clear = validate_arguments(clear)
axis_state = validate_arguments(axis_state)
moved_axes = validate_arguments(moved_axes)
duration = validate_arguments(duration)
plain_log_ticks = validate_arguments(plain_log_ticks)
