"""The shared look of every picture: colours, card sizes, text sizes, and small helpers.

Colours follow Okabe and Ito's palette and a purple-orange diverging map,
both readable with the common colour-vision deficiencies. Text sizes are in
points at the figure sizes the panels use; nothing here changes ``rcParams``.
"""

from __future__ import annotations

import collections.abc
import functools
import inspect
import math
import numbers
import operator
import types
import typing

import numpy as np
from matplotlib.axes import Axes
from matplotlib.axis import Axis
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

from ..checks import numbers_array, sequence, whole_number

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
    "picture",
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
    """Label a log axis at powers of ten in plain text (mathtext labels are slow to lay out)."""
    if not callable(label):
        raise TypeError("label must be a function of a tick's value")
    axis.set_major_locator(LogLocator(base=10))
    axis.set_major_formatter(FuncFormatter(lambda v, _: label(v)))
    axis.set_minor_formatter(NullFormatter())


# --- arguments: a picture checks what it is given before it draws ----------------------

def _is_type(hint) -> bool:
    return isinstance(hint, type)


def _element_check(name: str, hint):
    """A check of one item of a sequence annotated Sequence[hint]."""
    if hint is int:
        return lambda item: whole_number(f"each item of {name}", item, minimum=None)
    if hint is float:
        def real(item) -> None:
            if isinstance(item, bool) or not isinstance(item, numbers.Real):
                raise TypeError(f"{name} must hold numbers, not {type(item).__name__}")
            if not math.isfinite(item):
                raise ValueError(f"{name} must hold finite numbers, not {item!r}")
        return real
    if hint is str:
        def text(item) -> None:
            if not isinstance(item, str):
                raise TypeError(f"{name} must hold strings, not {type(item).__name__}")
        return text
    if _is_type(hint):
        def instance(item) -> None:
            if not isinstance(item, hint):
                raise TypeError(f"{name} must hold {hint.__name__} objects, "
                                f"not {type(item).__name__} {item!r:.40}")
        return instance
    return None


def _numbers_at_once(listed, hint) -> bool:
    """True if ``listed`` is many whole numbers (hint int) or finite numbers (hint float),
    checked by NumPy in one go; False to check item by item."""
    if hint not in (int, float) or len(listed) < 64:
        return False
    array = np.asarray(listed)
    if hint is int:
        return array.dtype.kind in "iu"
    return array.dtype.kind in "iuf" and bool(np.isfinite(array).all())


def _argument_check(name: str, hint):
    """Return check(value) -> value (perhaps converted), or None when nothing is checked."""
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        inner = (_argument_check(name, rest[0]) if len(rest) == 1
                 else _argument_check(name, functools.reduce(operator.or_, rest)))
        return None if inner is None else (lambda v: None if v is None else inner(v))
    if origin in (typing.Union, types.UnionType) and all(_is_type(a) for a in args):
        def one_of_types(value):
            if not isinstance(value, args):
                names = " or ".join(a.__name__ for a in args)
                raise TypeError(f"{name} must be {names}, not {type(value).__name__}")
            return value
        return one_of_types
    if hint is Axes:
        def axes(value):
            if not isinstance(value, Axes):
                raise TypeError(f"{name} must be matplotlib Axes (such as fig.add_subplot()), "
                                f"not {type(value).__name__}")
            return value
        return axes
    if hint is Axis:
        def axis(value):
            if not isinstance(value, Axis):
                raise TypeError(f"{name} must be a matplotlib Axis (such as ax.xaxis), "
                                f"not {type(value).__name__}")
            return value
        return axis
    if hint is Figure:
        def figure(value):
            if not isinstance(value, Figure):
                raise TypeError(f"{name} must be a matplotlib Figure, not {type(value).__name__}")
            return value
        return figure
    if hint is int:
        return lambda value: whole_number(name, value, minimum=None)
    if hint is float:
        def real(value):
            _element_check(name, float)(value)
            return value
        return real
    if hint is str:
        def text(value):
            if not isinstance(value, str):
                raise TypeError(f"{name} must be a string, not {type(value).__name__}")
            return value
        return text
    if origin is collections.abc.Callable or hint is collections.abc.Callable:
        def call(value):
            if not callable(value):
                raise TypeError(f"{name} must be a function, not {type(value).__name__}")
            return value
        return call
    if hint is np.ndarray:
        return lambda value: numbers_array(name, value)
    if origin in (collections.abc.Sequence, list, tuple):
        fixed = len(args) if origin is tuple and args and Ellipsis not in args else None
        item = _element_check(name, args[0]) if args and args[0] is not Ellipsis else None

        def items(value):
            if isinstance(value, (str, bytes, dict)):
                raise TypeError(f"{name} must be a sequence such as a list, "
                                f"not {type(value).__name__}")
            listed = value if isinstance(value, np.ndarray) else sequence(name, value)
            if fixed is not None and len(listed) != fixed:
                raise ValueError(f"{name} must hold {fixed} items, got {len(listed)}")
            if item is not None and not _numbers_at_once(listed, args[0]):
                for thing in listed:
                    item(thing)
            return listed
        return items
    if origin is dict or hint is dict:
        def mapping(value):
            if not isinstance(value, dict):
                raise TypeError(f"{name} must be a dict, not {type(value).__name__}")
            return value
        return mapping
    if _is_type(hint) and hint not in (bool, object):
        def instance(value):
            if not isinstance(value, hint):
                raise TypeError(f"{name} must be a {hint.__name__}, not {type(value).__name__}")
            return value
        return instance
    return None


def picture(function):
    """Check a picture's arguments against its annotations before it draws anything.

    Axes, Figure, whole numbers, numbers, strings, sequences (read once, so a
    generator works, and their items), dicts and classes such as Card: a wrong
    one gets a TypeError or ValueError that names it. Annotations that say
    nothing checkable (``bool``, a bare ``matrix``) are left to the picture.
    """
    if not callable(function):
        raise TypeError(f"function must be a picture function, not {type(function).__name__}")
    try:
        hints = typing.get_type_hints(function)
    except (NameError, TypeError):
        hints = {}
    signature = inspect.signature(function)
    plain = {name for name, p in signature.parameters.items()
             if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}
    checks = {name: check for name, hint in hints.items()
              if name in plain and (check := _argument_check(name, hint)) is not None}

    @functools.wraps(function)
    def checked(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        for name, value in list(bound.arguments.items()):
            if name in checks:
                bound.arguments[name] = checks[name](value)
        return function(*bound.args, **bound.kwargs)

    return checked


# Every picture helper above checks its arguments too.
message = picture(message)
clear = picture(clear)
duration = picture(duration)
plain_log_ticks = picture(plain_log_ticks)
