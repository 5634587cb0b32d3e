"""The live panel: controls above a figure that redraws whenever a control moves.

Every panel builder of :mod:`cardlib.widgets` creates its controls explicitly,
passes them with a ``draw(fig, **values)`` function to :class:`LivePanel`, and
returns the panel without displaying it, so a test can set a control's
``value`` and look at what was drawn (``panel.figure``, ``panel.png()``).

Sliders redraw while they are dragged (``continuous_update=True``). Redraws
never queue: JupyterLab's widget manager sends a control's next change only
once the kernel is idle again, keeping just the latest value meanwhile (the
message throttle of ``@jupyter-widgets/base``), so the figure follows the hand
as fast as the panel draws and ends on the value where the hand stopped.
"""

from __future__ import annotations

import base64
import inspect
import io
import weakref
from collections.abc import Callable, Sequence

import ipywidgets as widgets
import numpy as np
import PIL.Image
from IPython.display import Code
from matplotlib.artist import Artist
from matplotlib.axis import Axis
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.image import AxesImage
from matplotlib.layout_engine import PlaceHolderLayoutEngine
from matplotlib.mathtext import MathTextParser

from ..checks import checked

__all__ = ["LivePanel", "Update", "live_figure", "live_panels", "figure_output", "show_source"]

#: What ``draw`` may return: ``update(**values)``, which brings the figure it drew up
#: to date and returns the artists it changed, or None when it cannot (see LivePanel).
Update = Callable[..., "list[Artist] | None"]


@checked
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
#: The first renderer's own parser is kept, so that it is of the kind this
#: matplotlib's renderer expects ("path" since 3.11, "agg" before).
_MATHTEXT: list[MathTextParser] = []


def _agg_canvas(fig: Figure) -> FigureCanvasAgg:
    """The figure's Agg canvas (made if need be), its renderer sharing the mathtext cache."""
    canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else FigureCanvasAgg(fig)
    renderer = canvas.get_renderer()
    if not _MATHTEXT:
        _MATHTEXT.append(renderer.mathtext_parser)
    renderer.mathtext_parser = _MATHTEXT[0]
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
    if not titles:  # a picture with no title (cards laid out): the texts it shows
        shown = list(dict.fromkeys(t.get_text() for ax in fig.axes for t in ax.texts
                                   if t.get_visible() and t.get_text().strip()))
        titles = ["a picture showing " + ", ".join(shown[:16])] if shown else ["a picture"]
    return {
        "output_type": "display_data",
        "data": {
            "image/png": base64.b64encode(buffer.getvalue()).decode("ascii"),
            "text/plain": "<figure: " + "; ".join(titles) + ">",
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

    ``panel.controls`` maps names to the control widgets, ``panel.values()``
    gives their values, ``panel.figure`` is the figure drawn last and
    ``panel.redraws`` counts redraws. ``buttons`` are extra widgets for the row
    of controls (a Reshuffle button, say); they act by setting controls.

    To redraw faster, ``draw`` may return an :data:`Update`,
    ``update(**values)``. Later changes call it first, on the same figure: it
    returns the artists it changed (an image, a title, a whole Axes whose
    scale changed), and only those are painted again over a saved picture of
    the rest (blitting); the axes, ticks and labels not in the list must be
    the ones already drawn. Returning ``[figure]`` repaints the whole figure
    (kept, not rebuilt); returning None means the change needs a new figure,
    which ``draw`` then builds afresh.
    """

    @checked
    def __init__(self, draw: Callable[..., Update | None], controls: dict[str, widgets.Widget],
                 figsize: tuple[float, float] = (9, 5),
                 buttons: Sequence[widgets.Widget] = ()) -> None:
        if not controls:
            raise ValueError("a live panel needs at least one control (controls is empty)")
        for name, control in controls.items():
            if not isinstance(control, widgets.ValueWidget):
                raise TypeError(f"controls[{name!r}] must be a control with a value, such as "
                                f"an IntSlider, not {type(control).__name__}")
        if not all(0 < side < 100 for side in figsize):
            raise ValueError(f"figsize must be (width, height) in inches, each above 0 and below "
                             f"100, got {tuple(figsize)}")
        if not all(isinstance(button, widgets.Widget) for button in buttons):
            raise TypeError("buttons must be widgets")
        self.draw = draw
        self.controls = dict(controls)
        self.figsize = figsize
        self.output = widgets.Output()
        self.figure: Figure | None = None
        self.redraws = 0
        self._update: Update | None = None
        self._background = None  # (the layer it leaves out, the saved pixels)
        self._quiet = False  # True while draw_afresh sets the controls
        row = widgets.HBox([*self.controls.values(), *buttons])
        super().__init__([row, self.output])
        for control in self.controls.values():
            control.observe(self._on_change, names="value")
        _PANELS.append(weakref.ref(self))
        self.redraw()

    def values(self) -> dict:
        """The current value of every control, by name."""
        return {name: control.value for name, control in self.controls.items()}

    def _on_change(self, change) -> None:
        if not self._quiet:
            self.redraw()

    def draw_afresh(self, **values) -> bytes:
        """Set the controls named in ``values``, then draw once, on a new figure; return the PNG.

        The picture a fresh figure gives for those values, whatever came before
        (the static site draws each state of a panel with it).
        """
        self._set_quietly(values)
        self.rebuild()
        return self.png()

    def show(self, **values) -> bytes:
        """Set the controls named in ``values`` together, redraw once; return the PNG.

        The redraw is the one a move in JupyterLab makes: by the ``update`` of
        the figure drawn last where it accepts the change, else afresh. Where
        ``update`` is proven to give the pixels of a fresh figure, this is
        :meth:`draw_afresh` at a fraction of the cost (the static site draws
        its states with it, and checks one state of each panel afresh).
        """
        self._set_quietly(values)
        self.redraw()
        return self.png()

    def _set_quietly(self, values: dict) -> None:
        unknown = sorted(set(values) - set(self.controls))
        if unknown:
            raise ValueError(f"no control named {unknown[0]!r}; this panel has "
                             f"{sorted(self.controls)}")
        self._quiet = True
        try:
            for name, value in values.items():
                self.controls[name].value = value
        finally:
            self._quiet = False

    def redraw(self) -> None:
        """Draw the figure for the current values into the Output.

        Updated in place when ``draw`` returned an update that accepts the
        change; else made afresh, without pyplot (no figure manager to build
        and close, nothing for the inline backend to show twice), as a new
        Figure, which costs less than ``Figure.clear()``.
        """
        values = self.values()
        changed = None if self._update is None else self._update(**values)
        if changed is None:
            self.rebuild()
            return
        self.redraws += 1
        if self.figure in changed:
            self._background = None  # saved with what this repaint may have changed
            self.output.outputs = (figure_output(self.figure),)
        else:
            self.output.outputs = (self._blit(_layer(list(changed))),)

    def rebuild(self) -> None:
        """Draw the figure for the current values afresh, on a new Figure."""
        self.figure = Figure(figsize=self.figsize)
        FigureCanvasAgg(self.figure)
        update = self.draw(self.figure, **self.values())
        self._update = update if callable(update) else None
        self._background = None
        self.redraws += 1
        self.output.outputs = (figure_output(self.figure),)

    def _repr_mimebundle_(self, **kwargs):
        # What JupyterLab shows while the panel loads, or in a reopened notebook
        # whose kernel no longer holds the panel (instead of the widget's repr).
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/plain"] = "A live panel: run this cell to see it."
        return bundle

    def png(self) -> bytes:
        """The picture the panel shows now, as PNG bytes."""
        return base64.b64decode(self.output.outputs[0]["data"]["image/png"])

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


@checked
def live_figure(draw: Callable[..., Update | None], figsize: tuple[float, float] = (9, 5),
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


def show_source(obj) -> Code:
    """Return ``obj``'s source code, syntax-highlighted, for a notebook to display.

    The code a student reads is the code the tests run: lessons show cardlib's
    own functions rather than a copy.
    """
    return Code(inspect.getsource(obj), language="python")
