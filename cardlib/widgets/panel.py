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

What makes a redraw fast, cheapest first: a state drawn before is shown from
the pictures the panel remembers (``remember=True``: every cardlib panel is
seeded, so its picture is a function of its values); a change the panel's
``update`` accepts repaints only the artists it changed over a saved picture
of the rest; the text of every picture is laid out and drawn from caches
(:mod:`cardlib.widgets.text`: the same bitmaps, so the same pixels); and the PNG
is written with a plain filter at light compression.
"""

from __future__ import annotations

import base64
import inspect
import io
import struct
import weakref
import zlib
from collections import OrderedDict
from collections.abc import Callable, Sequence

import ipywidgets as widgets
import numpy as np
from IPython.display import Code
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.axis import Axis
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.image import AxesImage
from matplotlib.layout_engine import PlaceHolderLayoutEngine
from matplotlib.legend import Legend
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.spines import Spine
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from ..plots.words import describe_figure
from ..validation import validate_arguments, whole_number
from .text import agg_canvas

__all__ = ["LivePanel", "Update", "live_figure", "live_panels", "figure_output", "show_source",
           "make_ticks", "PICTURE_MEMORY"]

#: What ``draw`` may return: ``update(**values)``, which brings the figure it drew up
#: to date and returns the artists it changed, or None when it cannot (see LivePanel).
Update = Callable[..., "list[Artist] | None"]


@validate_arguments
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
        # pixels as RGB with light compression.
        fig.set_layout_engine(None)
        fig.set_dpi(dpi)
        canvas = agg_canvas(fig)
        canvas.draw()
        buffer = _opaque_png(canvas)
    if not buffer.getvalue():  # a layout engine to run, or transparent pixels
        fig.savefig(buffer, format="png", dpi=dpi)
    return _display_png(fig, buffer)


def _png(pixels: np.ndarray) -> bytes:
    """An RGB picture (height x width x 3 bytes) as PNG: no filter, light compression.

    Twice as fast as Pillow's adaptive filters, and about as small for these flat pictures.
    """
    height, width, _ = pixels.shape
    rows = np.empty((height, 1 + 3 * width), dtype=np.uint8)
    rows[:, 0] = 0  # each row's filter: none
    for channel in range(3):  # a channel at a time: 7 times faster than one copy from RGBA's
        rows[:, 1 + channel::3] = pixels[..., channel]  # view (3 of every 4 bytes), 4 ms less

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b""))


def _opaque_png(canvas: FigureCanvasAgg) -> io.BytesIO:
    """The canvas's pixels as an RGB PNG; empty if any is transparent."""
    pixels = np.asarray(canvas.buffer_rgba())
    if not (pixels[..., 3] == 255).all():
        return io.BytesIO()
    return io.BytesIO(_png(pixels[..., :3]))


def _display_png(fig: Figure, buffer: io.BytesIO) -> dict:
    return {
        "output_type": "display_data",
        "data": {
            "image/png": base64.b64encode(buffer.getvalue()).decode("ascii"),
            "text/plain": f"<{describe_figure(fig)}>",  # the site reads it as the alt text
        },
        "metadata": {},
    }


def _layer(changed: list[Artist], renderer) -> list[Artist]:
    """The artists to paint again, in drawing order, when ``changed`` have changed.

    Painting them over a picture of the rest drawn without them (the saved
    background) must give the pixels of the whole figure drawn at once: so
    with a changed artist comes every artist drawn after it (in the order
    Figure.draw and Axes.draw follow: by zorder, ties in the order of the
    children) whose painted area meets that of an artist painted before it
    (spines over an image, a title over a plot). Of the artists in an axes,
    the changed one stands for what holds it (a legend for its texts). The
    tick axes (an Axis: ticks and labels, outside the data area) stay in the
    background unless they are among ``changed`` (limits that moved), so grid
    lines over a changed artist would be lost: return the whole Axes as
    changed then. A whole Axes (a colour bar, a plot whose layout changes) is
    painted with all it holds. An artist in a hidden Axes is not painted (a
    full draw leaves it out too). The area of a changed artist is measured only if a
    later artist may meet it (an Axes' tick labels are laid out to measure it, and
    again to draw it: most of a layer's cost).
    """
    fig = changed[0].figure
    whole = {id(a) for a in changed if a is a.axes}
    changed = [a for a in dict.fromkeys(changed) if a is a.axes or a.axes is None
               or (id(a.axes) not in whole and a.axes.get_visible())]
    inside = {id(a.axes) for a in changed if a.axes is not None and a is not a.axes}
    marked: set[int] = set()
    for a in changed:
        if a.axes is None or a is a.axes:
            marked.add(id(a))
        else:
            marked.add(id(_holder(a, a.axes.get_children())))

    def order(parent, children) -> list[Artist]:
        return sorted((c for c in children if c is not parent.patch),
                      key=lambda c: c.get_zorder())

    # What is painted so far: areas (None: unknown, so everywhere), or a changed artist,
    # whose area is measured only when a later artist may meet it.
    painted: list = []
    layer: list[Artist] = []

    def meets(area) -> bool:
        for i, other in enumerate(painted):
            if isinstance(other, Artist):  # measured the first time it matters
                other = painted[i] = _area(other, renderer)
            if _meet(area, other):
                return True
        return False

    def visit(artist: Artist) -> None:
        if id(artist) in marked:
            layer.append(artist)
            painted.append(artist)
            return
        if not painted or not artist.get_visible() or isinstance(artist, Axis):
            return
        area = _area(artist, renderer)
        if area is not False and meets(area):
            layer.append(artist)
            painted.append(area)

    for child in order(fig, fig.get_children()):
        if id(child) in inside and id(child) not in marked:
            for grandchild in order(child, child.get_children()):
                visit(grandchild)
        else:
            visit(child)
    return layer


#: Pixels around an artist's extent that its drawing may still touch, unless _margin knows
#: better (tick marks out of an Axis, line widths, anti-aliasing).
_MARGIN = 8


def _area(artist: Artist, renderer):
    """The part of the figure ``artist`` may paint, in pixels: a Bbox, False if nothing,
    None if it cannot be told (then anywhere)."""
    if isinstance(artist, Text) and not artist.get_text():
        return False  # Text.draw draws nothing
    try:
        if artist is artist.axes:
            box = Bbox.union([artist.bbox, artist.get_tightbbox(renderer)])
        elif isinstance(artist, Axis):
            tight = artist.get_tightbbox(renderer)
            box = artist.axes.bbox if tight is None else Bbox.union([artist.axes.bbox, tight])
        elif isinstance(artist, Spine) and hasattr(artist, "_adjust_location"):
            # The line it paints: a spine's own extent also makes room for the tick marks,
            # which its Axis paints, and laying out the ticks is most of a layer's cost.
            artist._adjust_location()
            box = Patch.get_window_extent(artist, renderer)
        else:
            box = artist.get_window_extent(renderer)
            clip = artist.get_clip_box() if artist.get_clip_on() else None
            if clip is not None:
                box = Bbox.intersection(box, clip)
                if box is None:
                    return False
    except Exception:  # an artist that cannot tell where it draws: say anywhere
        return None
    if not np.isfinite(box.get_points()).all():
        return None
    return box.padded(_margin(artist, renderer))


def _margin(artist: Artist, renderer) -> float:
    """How far past its extent an artist may paint: half its line width, and a pixel or two
    of anti-aliasing (text's extent is exact; tick marks stand out of an Axis's)."""
    if isinstance(artist, Text):
        return 2
    if isinstance(artist, (Line2D, Patch)):
        return renderer.points_to_pixels(artist.get_linewidth() or 0) / 2 + 2
    if isinstance(artist, (Legend, AxesImage)):
        return 2
    return _MARGIN


def _costly(artist: Artist) -> bool:
    """Whether painting ``artist`` lays out ticks (a whole Axes, or an Axis)."""
    return artist is artist.axes or isinstance(artist, Axis)


def _meet(one, other) -> bool:
    """Whether two painted areas (None: everywhere) may share a pixel."""
    if one is False or other is False:
        return False
    return one is None or other is None or one.overlaps(other)


def _holder(artist: Artist, children: list[Artist]) -> Artist:
    """The one of ``children`` that is ``artist`` or holds it (a legend holds its texts)."""
    if artist in children:
        return artist
    for child in children:
        stack = list(child.get_children())
        while stack:
            found = stack.pop()
            if found is artist:
                return child
            stack += found.get_children()
    raise ValueError(f"{artist!r} is not drawn in its axes: an update must return the "
                     "artists it changed in the figure")


def _attached(artist: Artist, fig: Figure) -> bool:
    """Whether ``artist`` is still drawn with ``fig`` (not removed since)."""
    if artist is fig:
        return True
    if artist is artist.axes:
        return artist in fig.axes
    return artist.figure is not None and (artist.axes is None or artist.axes in fig.axes)


#: The bytes of pictures a panel made with ``remember=True`` keeps (about 200 states).
PICTURE_MEMORY = 16 * 2**20


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

    With ``remember=True`` the panel keeps the pictures it showed (up to
    :data:`PICTURE_MEMORY` bytes, the least recently shown forgotten first),
    by the values of its controls: a state shown again costs a lookup. Only
    for a ``draw`` whose picture depends on the values alone (seeded, say).
    ``panel.figure`` then catches up with the values when it is read.
    """

    @validate_arguments
    def __init__(self, draw: Callable[..., Update | None], controls: dict[str, widgets.Widget],
                 figsize: tuple[float, float] = (9, 5),
                 buttons: Sequence[widgets.Widget] = (), remember: bool = False) -> None:
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
        self.remember = remember
        self.output = widgets.Output()
        self._figure: Figure | None = None
        self.redraws = 0
        self._update: Update | None = None
        self._background = None  # (the layer it leaves out, the saved pixels)
        self._quiet = False  # True while draw_afresh sets the controls
        self._pictures: OrderedDict[tuple, dict] = OrderedDict()  # by values, when remembered
        self._shown: dict = {}  # the values of the picture shown
        self._lagging = False  # True while the figure is behind the picture shown
        self._unpainted: list[Artist] = []  # changed since the picture last painted
        self._hint: list[Artist] = []  # what the last blit changed: likely to change again
        row = widgets.HBox([*self.controls.values(), *buttons])
        super().__init__([row, self.output])
        for control in self.controls.values():
            control.observe(self._on_change, names="value")
        _PANELS.append(weakref.ref(self))
        self.rebuild()

    @property
    def figure(self) -> Figure | None:
        """The figure of the picture shown (brought up to it if a remembered one is shown)."""
        if self._lagging:
            self._catch_up()
        return self._figure

    @figure.setter
    def figure(self, fig: Figure | None) -> None:
        self._figure = fig
        self._lagging = False

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

    def fresh_png(self) -> bytes:
        """The PNG a new figure gives for the current values; the panel is left as it is.

        What every redraw must show (the panels' tests compare them).
        """
        fig = Figure(figsize=self.figsize)
        FigureCanvasAgg(fig)
        self.draw(fig, **self.values())
        return base64.b64decode(figure_output(fig)["data"]["image/png"])

    def show(self, **values) -> bytes:
        """Set the controls named in ``values`` together, redraw once; return the PNG.

        The redraw is the one a move in JupyterLab makes: a picture remembered,
        or by the ``update`` of the figure drawn last where it accepts the
        change, else afresh. Where ``update`` is proven to give the pixels of a
        fresh figure, this is :meth:`draw_afresh` at a fraction of the cost (the
        static site draws its states with it, and checks one state of each
        panel afresh).
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

    def _key(self, values: dict) -> tuple | None:
        """The key of a remembered picture: the values, or None when not remembered."""
        key = tuple(values.items())
        try:
            hash(key)
        except TypeError:  # a value that cannot be a key (a list): not remembered
            return None
        return key

    def _show(self, values: dict, picture: dict) -> None:
        """Show ``picture``, the one for ``values``; remember it if the panel remembers."""
        self.redraws += 1
        self.output.outputs = (picture,)
        self._shown = values
        key = self._key(values) if self.remember else None
        if key is None:
            return
        self._pictures[key] = picture
        self._pictures.move_to_end(key)
        size = sum(len(p["data"]["image/png"]) for p in self._pictures.values())
        while size > PICTURE_MEMORY and len(self._pictures) > 1:
            size -= len(self._pictures.popitem(last=False)[1]["data"]["image/png"])

    def redraw(self) -> None:
        """Draw the figure for the current values into the Output.

        A picture remembered for these values is shown as it is; else the
        figure is updated in place when ``draw`` returned an update that
        accepts the change, or made afresh, without pyplot (no figure manager
        to build and close, nothing for the inline backend to show twice), as
        a new Figure, which costs less than ``Figure.clear()``.
        """
        values = self.values()
        key = self._key(values) if self.remember else None
        if key is not None and key in self._pictures:
            self._pictures.move_to_end(key)
            self._lagging = True  # the figure catches up if it is read (panel.figure)
            self.redraws += 1
            self.output.outputs = (self._pictures[key],)
            self._shown = values
            return
        changed = None if self._update is None else self._update(**values)
        self._lagging = False
        if changed is None:
            self.rebuild()
            return
        fig = self._figure
        changed = [a for a in dict.fromkeys([*self._unpainted, *changed]) if _attached(a, fig)]
        self._unpainted = []
        if fig in changed:
            self._show(values, self._full_picture())
            return
        self._hint = changed
        renderer = self._renderer()
        layer = _layer(changed, renderer)
        saved = self._saved_layer()
        if saved and not set(map(id, layer)) <= set(map(id, saved)):
            # A new picture to save: leave out what the last one left out too (its lines and
            # texts, not its tick axes), so that moves of either kind reuse it.
            layer = _layer([*changed, *(a for a in saved if not _costly(a))], renderer)
        self._show(values, self._blit(layer))

    def _saved_layer(self) -> list[Artist]:
        """The layer the saved picture leaves out, if every artist of it is still drawn."""
        if self._background is None:
            return []
        layer = self._background[0]
        return layer if all(_attached(a, self._figure) for a in layer) else []

    def _catch_up(self) -> None:
        """Bring the figure to the values of the remembered picture shown, painting nothing."""
        self._lagging = False
        changed = None if self._update is None else self._update(**self._shown)
        if changed is None:
            self._build(self._shown)
            self._unpainted = [self._figure]
        else:
            self._unpainted += changed

    def _build(self, values: dict) -> None:
        """Draw ``values`` on a new figure, painting nothing yet."""
        self._figure = Figure(figsize=self.figsize)
        FigureCanvasAgg(self._figure)
        update = self.draw(self._figure, **values)
        self._update = update if callable(update) else None
        self._background = None
        self._unpainted, self._hint = [], []
        self._lagging = False

    def rebuild(self) -> None:
        """Draw the figure for the current values afresh, on a new Figure."""
        values = self.values()
        self._build(values)
        self._show(values, figure_output(self._figure))

    def _full_picture(self, dpi: int = 96) -> dict:
        """Paint the whole figure; save the picture without the artists the last blit changed.

        So the next blit that changes them again starts from a saved picture.
        """
        fig = self._figure
        self._background = None
        hint = [a for a in self._hint if _attached(a, fig)]
        engine = fig.get_layout_engine()
        if not hint or not (engine is None or isinstance(engine, PlaceHolderLayoutEngine)):
            return figure_output(fig, dpi)
        return self._blit(_layer(hint, self._renderer()), dpi)

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

    def _renderer(self, dpi: int = 96):
        """The renderer of the figure at ``dpi``, for the extents of its artists."""
        self._figure.set_layout_engine(None)
        self._figure.set_dpi(dpi)
        return agg_canvas(self._figure).get_renderer()

    def _blit(self, layer: list[Artist], dpi: int = 96) -> dict:
        """Paint ``layer`` over the saved picture of everything else; return the PNG output.

        The first time (or when the layer is new), draw the figure with the
        layer hidden and save those pixels.
        """
        fig = self._figure
        fig.set_layout_engine(None)
        fig.set_dpi(dpi)
        canvas = agg_canvas(fig)
        saved = self._saved_layer()
        if saved and set(map(id, layer)) <= set(map(id, saved)) and not any(
                _costly(a) for a in saved if a not in layer):
            layer = saved  # painted over the picture saved without it: the same pixels
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
            self._background = None
            return figure_output(fig, dpi)
        return _display_png(fig, buffer)


@validate_arguments
def make_ticks(*axes, count: int = 13) -> None:
    """Make now the tick marks a slider will need on these axes (a bias matrix: at most 13).

    matplotlib makes a tick the first time an axis shows that many (about 1.3 ms each, so
    20 ms for a matrix's deck size slider moving from 6 to 12 cards): made with the panel,
    in Run All, they are not made during a redraw. An axis draws only the ticks it shows.
    """
    count = whole_number("count", count, maximum=100)
    if not all(isinstance(ax, Axes) for ax in axes):
        raise TypeError("make_ticks needs matplotlib Axes")
    for ax in axes:
        ax.xaxis.get_major_ticks(count)
        ax.yaxis.get_major_ticks(count)


#: Weak references to every LivePanel made in this process (for the benchmark).
_PANELS: list[weakref.ref] = []


def live_panels() -> list[LivePanel]:
    """Return the LivePanels made so far that still exist, oldest first."""
    return [panel for panel in (ref() for ref in _PANELS) if panel is not None]


@validate_arguments
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
