"""Slider panels and step-through players, built from the model and plot layers.

Every builder creates its controls explicitly, wires them to a redraw, and
returns the container without displaying it, so a test can set
``slider.value`` and look at what was drawn (``panel.figure``).
"""

from __future__ import annotations

import base64
import inspect
import io
import os
import weakref
from collections.abc import Callable
from pathlib import Path
from tempfile import TemporaryDirectory

import ipywidgets as widgets
import numpy as np
import PIL.Image
from IPython.display import HTML, Code
from matplotlib.animation import HTMLWriter
from matplotlib.artist import Artist
from matplotlib.axis import Axis
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.image import AxesImage
from matplotlib.layout_engine import PlaceHolderLayoutEngine
from matplotlib.mathtext import MathTextParser

from . import batched, exact, plots, stats
from .icons import offline_player

__all__ = [
    "LivePanel", "live_figure", "live_panels", "figure_output", "frame_player", "show_source",
    "bias_panel", "STATIC_ENV",
]

#: Set by the static-site build; builders may then skip what needs a kernel.
STATIC_ENV = "CARDLIB_STATIC"


def figure_output(fig: Figure, dpi: int = 96) -> dict:
    """Return the figure as a display_data output (a PNG) for an Output widget.

    Setting ``Output.outputs`` in one assignment replaces the old picture with
    no flicker, works the same in a kernel and in a plain test, and is saved
    with the widget state that the static site shows.
    """
    buffer = io.BytesIO()
    if fig.get_layout_engine() is None or isinstance(fig.get_layout_engine(),
                                                     PlaceHolderLayoutEngine):
        # Faster than savefig, which draws twice after fig.tight_layout() (the
        # placeholder engine it leaves): draw once, then save the opaque
        # pixels as RGB with light compression (half the time, 5% larger).
        fig.set_layout_engine(None)
        fig.set_dpi(dpi)
        canvas = _agg_canvas(fig)
        canvas.draw()
        buffer = _opaque_png(canvas)
    if not buffer.getvalue():  # a layout engine to run, or transparent pixels
        fig.savefig(buffer, format="png", dpi=dpi)
    return _display_png(fig, buffer)


#: One mathtext parser for every figure drawn here. Each Agg renderer makes its
#: own, and its cache of parsed labels (the $10^{3}$ of a log axis) is kept per
#: parser: a panel that builds a new figure on every redraw parsed them anew.
_MATHTEXT = MathTextParser("path")


def _agg_canvas(fig: Figure) -> FigureCanvasAgg:
    """The figure's Agg canvas (made if need be), its renderer sharing the mathtext cache."""
    canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else FigureCanvasAgg(fig)
    canvas.get_renderer().mathtext_parser = _MATHTEXT
    return canvas


def _opaque_png(canvas: FigureCanvasAgg) -> io.BytesIO:
    """The canvas's pixels as an RGB PNG with light compression; empty if any is transparent."""
    buffer = io.BytesIO()
    pixels = np.asarray(canvas.buffer_rgba())
    if (pixels[..., 3] == 255).all():
        PIL.Image.fromarray(pixels[..., :3]).save(buffer, format="png", compress_level=1)
    return buffer


def _display_png(fig: Figure, buffer: io.BytesIO) -> dict:
    titles = [ax.get_title() for ax in fig.axes if ax.get_title()]
    return {
        "output_type": "display_data",
        "data": {
            "image/png": base64.b64encode(buffer.getvalue()).decode("ascii"),
            "text/plain": "<figure: " + ("; ".join(titles) or "no title") + ">",
        },
        "metadata": {},
    }


def _layer(changed: list[Artist]) -> list[Artist]:
    """The artists to paint again, in drawing order, when ``changed`` have changed.

    An artist inside an axes brings along the axes' artists drawn above it
    (spines over an image, say), so that painting them over the saved
    background gives the same pixels as drawing the whole figure; the tick
    axes (outside the data area) stay in the background, so grid lines over
    a changed artist would be lost: return the whole Axes as changed then.
    A whole Axes (a colour bar, a plot whose scale changes) or a
    figure-level artist is painted alone.
    """
    layer: list[Artist] = []
    for axes in dict.fromkeys(a.axes if a.axes is not None and a is not a.axes else None
                              for a in changed):
        mine = [a for a in changed if a.axes is axes and a is not axes]
        if axes is None:
            layer += [a for a in changed if a.axes is None or a is a.axes]
            continue
        lowest = min(a.get_zorder() for a in mine)
        children = sorted((c for c in axes.get_children() if c is not axes.patch
                           and not isinstance(c, Axis)), key=lambda c: c.get_zorder())
        layer += [c for c in children if c in mine or (c.get_zorder() > lowest
                                                        and c.get_visible())]
    return layer


class LivePanel(widgets.VBox):
    """Controls above an Output that shows ``draw(fig, **values)`` on every change.

    ``panel.figure`` is the figure drawn last, ``panel.redraws`` counts redraws
    and ``panel.controls`` maps names to the control widgets.

    To redraw faster, ``draw`` may return ``update(**values) -> bool``: later
    changes call it on the same figure first, and it returns True when it has
    brought the existing artists up to date (new image data, new titles),
    False when the figure must be built afresh by ``draw``. It may instead
    return the artists it changed (a non-empty list): then only those are
    painted again over a saved picture of the rest (blitting), which costs a
    fraction of drawing the whole figure; the axes, ticks and labels must
    then be the ones already drawn.
    """

    def __init__(self, draw: Callable[..., None], controls: dict[str, widgets.Widget],
                 figsize: tuple[float, float] = (9, 5)) -> None:
        self.draw = draw
        self.controls = controls
        self.figsize = figsize
        self.output = widgets.Output()
        self.figure: Figure | None = None
        self.redraws = 0
        self._update: Callable[..., bool] | None = None
        self._background = None  # (the layer it leaves out, the saved pixels)
        super().__init__([widgets.HBox(list(controls.values())), self.output])
        for control in controls.values():
            control.observe(self._on_change, names="value")
        _PANELS.append(weakref.ref(self))
        self.redraw()

    def values(self) -> dict:
        return {name: control.value for name, control in self.controls.items()}

    def _on_change(self, change) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Draw the figure for the current values into the Output.

        Updated in place when ``draw`` returned an update that accepts the
        change; else made afresh, without pyplot (no figure manager to build
        and close, nothing for the inline backend to show twice), as a new
        Figure, which costs less than ``Figure.clear()``.
        """
        values = self.values()
        updated = self._update is not None and self._update(**values)
        if not updated:
            self.figure = Figure(figsize=self.figsize)
            FigureCanvasAgg(self.figure)
            update = self.draw(self.figure, **values)
            self._update = update if callable(update) else None
            self._background = None
        self.redraws += 1
        if isinstance(updated, (list, tuple)):
            self.output.outputs = (self._blit(_layer(list(updated))),)
        else:
            self.output.outputs = (figure_output(self.figure),)

    def _blit(self, layer: list[Artist], dpi: int = 96) -> dict:
        """Paint ``layer`` over the saved picture of everything else; return the PNG output.

        The first time (or when the layer is new), draw the figure with the
        layer hidden and save those pixels.
        """
        fig = self.figure
        fig.set_layout_engine(None)
        fig.set_dpi(dpi)
        canvas = _agg_canvas(fig)
        if self._background is None or self._background[0] != layer:
            # Animated artists are left out of a draw, except images (which
            # Axes.draw keeps); hiding a title instead would move it.
            hidden = [(artist, artist.get_animated(), artist.get_visible()) for artist in layer]
            for artist in layer:
                if isinstance(artist, AxesImage):
                    artist.set_visible(False)
                else:
                    artist.set_animated(True)
            canvas.draw()
            for artist, animated, visible in hidden:
                artist.set_animated(animated)
                artist.set_visible(visible)
            self._background = (layer, canvas.copy_from_bbox(fig.bbox))
        else:
            canvas.restore_region(self._background[1])
        renderer = canvas.get_renderer()
        for artist in layer:
            artist.draw(renderer)
        buffer = _opaque_png(canvas)
        if not buffer.getvalue():
            return figure_output(fig, dpi)
        return _display_png(fig, buffer)


#: Weak references to every LivePanel made in this process (for the benchmark).
_PANELS: list[weakref.ref] = []


def live_panels() -> list[LivePanel]:
    """Return the LivePanels made so far that still exist, oldest first."""
    return [panel for panel in (ref() for ref in _PANELS) if panel is not None]


def live_figure(draw: Callable[..., None], figsize: tuple[float, float] = (9, 5),
                **controls: widgets.Widget) -> LivePanel:
    """Return a :class:`LivePanel`: ``draw(fig, **values)`` redrawn when a control moves.

    >>> import ipywidgets as widgets
    >>> def draw(fig, n):
    ...     fig.add_subplot().plot(range(n))
    >>> panel = live_figure(draw, n=widgets.IntSlider(value=3, min=1, max=9))
    >>> panel.controls["n"].value = 9
    >>> panel.redraws, len(panel.figure.axes[0].lines[0].get_xdata())
    (2, 9)
    """
    return LivePanel(draw, controls, figsize)


def frame_player(draw_frame: Callable[[Figure, int], None], n_frames: int,
                 figsize: tuple[float, float] = (9, 4), interval: int = 800) -> HTML:
    """Return an HTML frame player (matplotlib's ``to_jshtml`` page) that plays without a kernel.

    ``draw_frame(fig, i)`` draws frame i on an emptied figure. The frames go
    straight to matplotlib's HTMLWriter, the writer behind ``to_jshtml``:
    through ``FuncAnimation`` every frame would be drawn twice.
    """
    fig = Figure(figsize=figsize)
    FigureCanvasAgg(fig)
    writer = HTMLWriter(fps=1000 / interval, embed_frames=True, default_mode="once")
    with TemporaryDirectory() as folder:
        page = Path(folder, "player.html")
        with writer.saving(fig, page, dpi=fig.dpi):
            for i in range(n_frames):
                _empty(fig)
                draw_frame(fig, i)
                if isinstance(fig.get_layout_engine(), PlaceHolderLayoutEngine):
                    fig.set_layout_engine(None)  # else savefig draws the frame twice
                writer.grab_frame()
        # Icons as inline SVG, not Font Awesome from a CDN: the buttons show offline too.
        return HTML(offline_player(page.read_text(encoding="utf-8")))


def _empty(fig: Figure) -> None:
    """Remove everything from the figure (faster than ``fig.clear()``, which first
    resets every axes it is about to throw away)."""
    for ax in tuple(fig.axes):
        fig.delaxes(ax)
    fig.clear()


def is_static_build() -> bool:
    """True while the static site is being built (no reader will move a slider)."""
    return os.environ.get(STATIC_ENV) == "1"


def show_source(obj) -> Code:
    """Return ``obj``'s source code, syntax-highlighted, for a notebook to display.

    The code a student reads is the code the tests run: lessons show cardlib's
    own functions rather than a copy.
    """
    return Code(inspect.getsource(obj), language="python")


def _simulated_positions(shuffle: Callable, n: int, trials: int, seed: int) -> np.ndarray:
    """Frequencies of card i at position j: batched with NumPy when cardlib can."""
    try:
        batched.kernel_for(shuffle)
    except TypeError:  # no batched version: one deck at a time
        return stats.position_counts(shuffle, n, trials, rng=seed) / trials
    return stats.count_positions(stats.simulate(shuffle, n, trials, seed=seed)) / trials


def bias_panel(shuffles: dict[str, Callable], n: int = 5, trials: int = 3000,
               seed: int = 2026, max_exact_paths: int = 50_000) -> LivePanel:
    """Return a panel: pick a shuffle, a deck size and a number of trials; see where cards land.

    Left, the frequencies of ``trials`` seeded shuffles; right, the exact
    probabilities when the tree of random choices is small enough to walk.
    """
    trial_options = [300, 1000, 3000, 10_000, 30_000]
    controls = {
        "name": widgets.Dropdown(options=list(shuffles), description="shuffle"),
        "n": widgets.IntSlider(value=n, min=2, max=16, description="cards",
                               continuous_update=False),
        "trials": widgets.SelectionSlider(options=trial_options, value=trials,
                                          description="trials", continuous_update=False),
    }

    def matrices(name: str, n: int, trials: int):
        shuffle = shuffles[name]
        simulated = _simulated_positions(shuffle, n, trials, seed)
        exact_matrix = (stats.position_matrix(shuffle, n)
                        if exact.estimate_paths(shuffle, n) <= max_exact_paths else None)
        spread = plots.bias_spread(simulated, *([] if exact_matrix is None else [exact_matrix]))
        return simulated, exact_matrix, spread

    def title(name: str, n: int, trials: int) -> str:
        return f"{name}: {trials:,} shuffles of {n} cards"

    def draw(fig: Figure, name: str, n: int, trials: int) -> Callable[..., list | bool]:
        left, right = fig.subplots(1, 2)
        simulated, exact_matrix, spread = matrices(name, n, trials)
        plots.bias_matrix(left, simulated, title(name, n, trials), spread=spread)
        if exact_matrix is not None:
            plots.bias_matrix(right, exact_matrix, "exact probabilities", spread=spread)
        else:
            right.axis("off")
            right.text(0.5, 0.5, f"Exact enumeration of {name}\non {n} cards would walk\n"
                       f"more than {max_exact_paths:,} paths:\ntry fewer cards.",
                       ha="center", va="center", fontsize=13, transform=right.transAxes)
        fig.tight_layout()
        built_n, built_exact = n, exact_matrix is not None

        def update(name: str, n: int, trials: int) -> list | bool:
            """Same deck size and layout: new colours and title, no new axes."""
            if n != built_n:
                return False
            simulated, exact_matrix, spread = matrices(name, n, trials)
            if (exact_matrix is not None) != built_exact:
                return False
            images = [left.images[0]] + ([right.images[0]] if built_exact else [])
            norm = plots.bias_norm(n, spread)
            rescaled = (norm.vmin, norm.vmax) != (images[0].norm.vmin, images[0].norm.vmax)
            for image, matrix in zip(images, [simulated, exact_matrix]):
                image.set_data(matrix)
                if rescaled:
                    image.set_norm(plots.bias_norm(n, spread))
            left.set_title(title(name, n, trials), fontsize=13)
            # A colour bar (slow to draw) changes only with its image's scale.
            bars = [image.colorbar.ax for image in images] if rescaled else []
            return [*images, left.title, *bars]

        return update

    return LivePanel(draw, controls, figsize=(12, 5))
