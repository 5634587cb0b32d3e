"""The panels' text, drawn from caches: the same pixels as matplotlib's, a fraction of the work.

matplotlib 3.11 lays out every label again at each draw and has FreeType render every
glyph again. The figures the panels draw (:func:`agg_canvas` makes their canvases) share
one mathtext parser, the glyph bitmaps FreeType rendered, where each glyph of a string goes,
and each plain text's layout. Tests in tests/panels/test_live_panels.py compare the pixels
with matplotlib's own, text of every kind and every variant a layout depends on. With
another matplotlib (before 3.11), the text is drawn by matplotlib as it is.
"""

from __future__ import annotations

import inspect
import math
import types

import matplotlib as mpl
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg, get_hinting_flag
from matplotlib.figure import Figure
from matplotlib.font_manager import fontManager
from matplotlib.mathtext import MathTextParser
from matplotlib.text import Text

from ..validation import validate_arguments

__all__ = ["agg_canvas"]


#: One mathtext parser for every figure drawn here. Each Agg renderer makes its
#: own, and its cache of parsed labels (the $10^{3}$ of a log axis) is kept per
#: parser: a panel that builds a new figure on every redraw parsed them anew.
#: The first renderer's own parser is kept, so that it is of the kind this
#: matplotlib's renderer expects ("path" since 3.11, "agg" before).
_MATHTEXT: list[MathTextParser] = []

#: The glyphs FreeType rendered for the panels' text, by font, size, glyph, rotation
#: and the position's fraction of a pixel; at most _MAX_GLYPHS (a few MB), the oldest
#: forgotten first.
_GLYPHS: dict[tuple, tuple] = {}
_MAX_GLYPHS = 20_000
_MATRICES: dict[tuple, object] = {}
#: Where each glyph of a string goes, by fonts, size and string (the layout, which
#: matplotlib 3.11 computes again at every draw, at a millisecond a label).
_LAYOUTS: dict[tuple, tuple] = {}
_MAX_LAYOUTS = 5_000


@validate_arguments
def agg_canvas(fig: Figure) -> FigureCanvasAgg:
    """The figure's Agg canvas (made if need be), its renderer sharing the caches of text."""
    canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else FigureCanvasAgg(fig)
    renderer = canvas.get_renderer()
    if not _MATHTEXT:
        _MATHTEXT.append(renderer.mathtext_parser)
    renderer.mathtext_parser = _MATHTEXT[0]
    if _GLYPHS_DRAWN is not None and "_draw_text_glyphs_and_boxes" not in vars(renderer):
        renderer._draw_text_glyphs_and_boxes = types.MethodType(_draw_glyphs, renderer)
        renderer.draw_text = types.MethodType(_draw_text, renderer)
    return canvas


def _stock_glyphs():
    """matplotlib's own way to draw positioned glyphs, if it is the one _draw_glyphs knows."""
    stock = getattr(RendererAgg, "_draw_text_glyphs_and_boxes", None)
    if stock is None:  # matplotlib before 3.11 draws a whole string at once: left as it is
        return None
    parameters = list(inspect.signature(stock).parameters)
    text = list(inspect.signature(RendererAgg.draw_text).parameters)
    if (parameters != ["self", "gc", "x", "y", "angle", "glyphs", "boxes"]
            or text != ["self", "gc", "x", "y", "s", "prop", "angle", "ismath", "mtext"]
            or not hasattr(RendererAgg, "_prepare_font")):
        return None
    return stock


_GLYPHS_DRAWN = _stock_glyphs()
#: matplotlib's own Text._get_layout, and each plain text's layout by all it depends on
#: (matplotlib 3.11 works it out again at every draw and every extent asked for, about half
#: a millisecond a label); at most _MAX_LAYOUTS, the oldest forgotten first.
_STOCK_LAYOUT = Text._get_layout
_TEXT_LAYOUTS: dict[tuple, tuple] = {}


def _text_layout(text: Text, renderer) -> tuple:
    """``Text._get_layout``, cached for the renderers :func:`_agg_canvas` made (others, and
    wrapped, TeX or math text, are laid out by matplotlib as always).

    The key holds what the layout reads: the string, the fonts it resolves to and their
    size, the dots per inch, the line spacing, the rotation and its mode, the alignments,
    and the rendering settings. A test draws one string in every variant of these in one
    figure and compares the pixels with matplotlib's own.
    """
    if ("_draw_text_glyphs_and_boxes" not in vars(renderer) or text.get_wrap()
            or text.get_usetex() or (text.get_parse_math() and "$" in text.get_text())):
        return _STOCK_LAYOUT(text, renderer)
    prop = text.get_fontproperties()
    key = (text.get_text(), tuple(fontManager._find_fonts_by_props(prop)),
           prop.get_size_in_points(), text.get_figure(root=True).dpi, text._linespacing,
           text.get_rotation(), text.get_rotation_mode(), text.get_horizontalalignment(),
           text.get_verticalalignment(), text._get_multialignment(), type(renderer),
           get_hinting_flag(), mpl.rcParams["text.hinting_factor"],
           mpl.rcParams["text.kerning_factor"])
    layout = _TEXT_LAYOUTS.get(key)
    if layout is None:
        if len(_TEXT_LAYOUTS) >= _MAX_LAYOUTS:
            del _TEXT_LAYOUTS[next(iter(_TEXT_LAYOUTS))]
        layout = _TEXT_LAYOUTS[key] = _STOCK_LAYOUT(text, renderer)
    box, lines, *rest = layout
    return (box.frozen(), list(lines), *rest)


if _GLYPHS_DRAWN is not None:  # the layout this matplotlib computes (3.11): cache it
    Text._get_layout = _text_layout


def _draw_text(renderer, gc, x, y, s, prop, angle, ismath=False, mtext=None) -> None:
    """matplotlib 3.11's ``RendererAgg.draw_text``, with the layout of each string cached.

    The layout (which glyph of which font goes where) depends only on the
    fonts, their size, the string and the rendering settings, all in the key.
    """
    if ismath:
        return renderer.draw_mathtext(gc, x, y, s, prop, angle)
    flags = get_hinting_flag()
    features = mtext.get_fontfeatures() if mtext is not None else None
    language = mtext.get_language() if mtext is not None else None
    size = prop.get_size_in_points()
    paths = tuple(fontManager._find_fonts_by_props(prop))
    key = (paths, size, renderer.dpi, s, flags, features if features is None else tuple(features),
           language if language is None or isinstance(language, str) else tuple(language),
           mpl.rcParams["text.hinting_factor"], mpl.rcParams["text.kerning_factor"])
    glyphs = _LAYOUTS.get(key)
    if glyphs is None:
        font = renderer._prepare_font(prop)
        glyphs = tuple((item.ft_object, item.glyph_index, item.x, item.y)
                       for item in font._layout(s, flags=flags, features=features,
                                                language=language))
        if len(_LAYOUTS) >= _MAX_LAYOUTS:
            del _LAYOUTS[next(iter(_LAYOUTS))]
        _LAYOUTS[key] = glyphs
    renderer._draw_text_glyphs_and_boxes(
        gc, x, y, angle, ((font, size, index, 0, 1, dx, dy) for font, index, dx, dy in glyphs),
        [])
    return None


def _draw_glyphs(renderer, gc, x, y, angle, glyphs, boxes) -> None:
    """matplotlib 3.11's ``RendererAgg._draw_text_glyphs_and_boxes``, with its glyphs cached.

    The stock method has FreeType render every glyph of every label at each
    draw, moved there by a transform. A glyph moved by whole pixels is the same
    bitmap moved as far, so each is rendered once per font, size, rotation and
    fraction of a pixel, then placed: the same bitmaps in the same order, the
    same pixels (a test compares them with the stock method's), in a fraction
    of the time.
    """
    from matplotlib.ft2font import RenderMode  # matplotlib 3.10 and later: only called there

    if boxes:
        return _GLYPHS_DRAWN(renderer, gc, x, y, angle, glyphs, boxes)
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    load_flags = get_hinting_flag()
    antialiased = gc.get_antialiased()
    mode = RenderMode.NORMAL if antialiased else RenderMode.MONO
    height, dpi = renderer.height, renderer.dpi
    style = (load_flags, antialiased, mpl.rcParams["text.hinting_factor"])
    for font, size, glyph_index, slant, extend, dx, dy in glyphs:  # dy is upwards
        turn = (cos, sin, slant, extend)
        matrix = _MATRICES.get(turn)
        if matrix is None:  # computed as the stock method computes it
            matrix = _MATRICES[turn] = (
                0x10000 * np.array([[cos, -sin], [sin, cos]])
                @ [[extend, extend * slant], [0, 1]]).round().astype(int)
        # Where the stock method puts the glyph, in 64ths of a pixel (FreeType's y is upwards).
        tx = round(0x40 * (x + dx * cos - dy * sin))
        ty = round(0x40 * (height - y + dx * sin + dy * cos))
        key = (font.fname, font.face_index, size, dpi, glyph_index, turn, tx & 63, ty & 63,
               style)
        glyph = _GLYPHS.get(key)
        if glyph is None:
            font.set_size(size, dpi)
            font._set_transform(matrix, [tx & 63, ty & 63])
            bitmap = font._render_glyph(glyph_index, load_flags, mode)
            buffer = bitmap.buffer
            if not antialiased:
                buffer *= 0xff
            if len(_GLYPHS) >= _MAX_GLYPHS:
                del _GLYPHS[next(iter(_GLYPHS))]
            glyph = _GLYPHS[key] = (buffer, bitmap.left, bitmap.top)
        buffer, left, top = glyph
        # draw_text_image's y is downwards & the bitmap bottom side.
        renderer._renderer.draw_text_image(
            buffer, left + (tx >> 6), int(height) - (top + (ty >> 6)) + buffer.shape[0], 0, gc)
    return None
