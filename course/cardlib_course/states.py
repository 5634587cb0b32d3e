"""The states of a live panel's controls that the static site shows, and their grids.

A page has no kernel, so the build draws each panel once for every state a
reader can pick there (:func:`cardlib_course.kernel.render_states`, run inside the
lesson's kernel). This module says what those states are: each control as the
page offers it (:class:`PageControl`), a grid along a control when it has too
many values (:func:`grid`), how many values each control keeps within a number
of states (:func:`allocate`), and how many states each panel of a page may
draw within a budget of bytes (:func:`state_allowances`).
(A figure in words, for alt text, is :func:`cardlib.plots.words.describe_figure`.)
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import ipywidgets as widgets
import PIL.Image

from cardlib.validation import validate_arguments

__all__ = [
    "PageControl",
    "page_control",
    "page_note",
    "consecutive",
    "grid",
    "allocate",
    "state_allowances",
    "webp_data_uri",
]

#: How a control shows on a page: a range input, a drop-down list, a check box,
#: or a number box (its values are those a button steps through, or only its first).
KINDS = ("range", "select", "check", "number")


@dataclass
class PageControl:
    """One control as a page offers it: ``values`` (its grid), shown as ``labels``.

    ``total`` is how many values JupyterLab offers (None when unbounded, a
    number box), ``start`` the index of the panel's first value in ``values``.
    """

    name: str
    label: str
    kind: str
    values: list
    labels: list[str]
    total: int | None
    start: int = 0
    driven_by: list[str] = field(default_factory=list)

    @property
    def thinned(self) -> bool:
        """True when the page offers fewer values than JupyterLab does."""
        return self.total is None or len(self.values) < self.total

    def note(self) -> str:
        """``"cards = 2, 5, 10, …, 416"``: the values on the page, for a thinned control.

        >>> PageControl("n", "cards", "range", [], [str(n) for n in range(2, 30, 3)], 40).note()
        'cards = 2, 5, 8, 11, 14, …, 29 (10 values)'
        >>> PageControl("s", "seed", "number", [], [str(n) for n in range(7, 15)], None).note()
        'seed = 7 to 14'
        """
        shown, name = self.labels, self.label or self.name
        if len(shown) > 3 and consecutive(shown):
            return f"{name} = {shown[0]} to {shown[-1]}"
        if len(shown) > 8:
            return f"{name} = {', '.join([*shown[:5], '…', shown[-1]])} ({len(shown)} values)"
        return f"{name} = {', '.join(shown)}"

    def as_json(self) -> dict:
        return {"name": self.name, "label": self.label, "kind": self.kind,
                "labels": self.labels, "total": self.total, "start": self.start}


@validate_arguments
def page_note(controls: Sequence[PageControl], stepping: Sequence[str] = (),
              notes: Sequence[str] = ()) -> str:
    """The line under a panel: what the page offers where it offers less than JupyterLab.

    ``stepping`` names the buttons that step number boxes, ``notes`` says what
    else the page leaves out.

    >>> n = PageControl("n", "cards", "range", [2, 25, 52], ["2", "25", "52"], 51)
    >>> seed = PageControl("seed", "seed", "number", [1, 2, 3], ["1", "2", "3"], None)
    >>> page_note([n, seed], ["Reshuffle"])
    'On this page: cards = 2, 25, 52; seed = 1, 2, 3 (Reshuffle cycles through them).'
    >>> fixed = PageControl("s", "seed", "number", [7], ["7"], None)
    >>> page_note([fixed], [], ["Go needs JupyterLab"])
    'Fixed on this page: seed = 7. Go needs JupyterLab.'
    """
    parts = [c.note() for c in controls if c.thinned and len(c.values) > 1]
    fixed = [f"{c.label or c.name} = {c.labels[0]}" for c in controls
             if len(c.values) == 1 and c.total != 1]
    text = ""
    if parts:
        text = "On this page: " + "; ".join(parts)
        if stepping:
            text += f" ({' and '.join(stepping)} cycles through them)"
        text += "."
    if fixed:
        text += f" Fixed on this page: {'; '.join(fixed)}."
    for note in notes:
        text += f" {note}."
    return text.strip()


@validate_arguments
def consecutive(labels: Sequence[str]) -> bool:
    """True when the labels are whole numbers one apart: ``["7", "8", "9"]``."""
    try:
        numbers = [int(label) for label in labels]
    except ValueError:
        return False
    if not numbers:
        return False
    return numbers == list(range(numbers[0], numbers[0] + len(numbers)))


def _label(value, control) -> str:
    if isinstance(value, float):
        return format(value, getattr(control, "readout_format", ".2f"))
    return str(value)


def _all_values(control) -> tuple[str, list, list[str]] | None:
    """The kind, every value and every label JupyterLab offers, or None if unbounded."""
    if isinstance(control, (widgets.Checkbox, widgets.ToggleButton)):
        return "check", [False, True], ["off", "on"]
    if hasattr(control, "options") and isinstance(getattr(control, "index", None), int):
        values = [o[1] if isinstance(o, tuple) else o for o in control.options]
        labels = [str(o[0]) if isinstance(o, tuple) else str(o) for o in control.options]
        kind = "range" if isinstance(control, widgets.SelectionSlider) else "select"
        return kind, values, labels
    if isinstance(control, (widgets.IntSlider, widgets.FloatSlider)):
        count = round((control.max - control.min) / control.step) + 1
        values = [control.min + i * control.step for i in range(count)]
        if isinstance(control, widgets.FloatSlider):
            values = [round(v, 12) for v in values]
        return "range", values, [_label(v, control) for v in values]
    return None


@validate_arguments
def page_control(name: str, control: widgets.Widget) -> PageControl:
    """Describe ``control`` (the panel's control called ``name``) as a page offers it.

    >>> c = page_control("n", widgets.IntSlider(value=5, min=2, max=9, description="cards"))
    >>> c.kind, c.values[:3], c.labels[-1], c.total, c.start
    ('range', [2, 3, 4], '9', 8, 3)
    >>> page_control("seed", widgets.BoundedIntText(value=7, max=99)).values
    [7]
    """
    found = _all_values(control)
    label = getattr(control, "description", "") or ""
    if found is None:  # a number or text box: only its value, unless a button steps it
        value = control.value
        return PageControl(name, label, "number", [value], [_label(value, control)], None)
    kind, values, labels = found
    start = values.index(control.value) if control.value in values else 0
    return PageControl(name, label, kind, values, labels, len(values), start)


# --- grids ---------------------------------------------------------------------


def _nice_steps(span: int) -> Iterator[int]:
    """1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, ... up to ``span``."""
    step = 1
    while step <= span:
        for factor in ((1, 2, 5) if step == 1 else (1, 2, 2.5, 5)):
            if step * factor <= span:
                yield round(step * factor)
        step *= 10


def _log_grid(low: int, high: int, mantissas: Sequence[float]) -> list[int]:
    found = []
    for power in range(int(math.log10(max(low, 1))), int(math.log10(high)) + 2):
        found += [round(m * 10**power) for m in mantissas]
    return [v for v in found if low <= v <= high]


_MANTISSAS = ((1,), (1, 2, 5), (1, 2, 3, 5, 7), (1, 1.5, 2, 3, 4, 5, 7),
              (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8))


@validate_arguments
def grid(values: Sequence, keep, count: int) -> list:
    """At most ``count`` of ``values`` (ordered), with the first, the last and ``keep``.

    Whole numbers in steps of one get round numbers: evenly spaced ones (1, 2, 2.5
    or 5 times a power of ten, none within half a step of the ends or ``keep``),
    or spaced by ratio (1, 2, 5, 10, ...) when the largest is more than 150
    times the smallest. Other values are taken evenly by position.

    >>> grid(range(1, 105), 56, 12)
    [1, 10, 20, 30, 40, 50, 56, 70, 80, 90, 104]
    >>> grid(range(2, 53), 52, 3)
    [2, 25, 52]
    >>> grid(range(1, 2001), 100, 12)
    [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000]
    >>> grid(["a", "b", "c", "d", "e"], "b", 3)
    ['a', 'b', 'e']
    >>> grid([0, 1, 2], 1, 10)
    [0, 1, 2]
    >>> grid([0, 1, 2], 1, 1)
    [1]
    """
    values = list(values)
    if not values:
        raise ValueError("values must hold at least one value, got none")
    if count <= 1:
        return [keep if keep in values else values[0]]
    count = max(count, 3 if keep not in (values[0], values[-1]) else 2)
    if len(values) <= count:
        return values
    low, high = values[0], values[-1]
    whole = all(isinstance(v, int) and not isinstance(v, bool) for v in values)
    if whole and values == list(range(low, high + 1)):
        ends = {low, high, keep}
        candidates = []
        if low >= 1 and high / low > 150:
            candidates += [_log_grid(low, high, m) for m in reversed(_MANTISSAS)]
        # round numbers, leaving out those within half a step of an end or the first value
        candidates += [[v for v in range(low, high + 1) if v % step == 0
                        and all(abs(v - end) >= step / 2 for end in ends if end != v)]
                       for step in _nice_steps(high - low)]
        for inner in candidates:
            chosen = sorted(ends | set(inner))
            if len(chosen) <= count:
                return chosen
        return sorted(ends)
    positions = {round(i * (len(values) - 1) / (count - 1)) for i in range(count)}
    if keep in values:
        kept = values.index(keep)
        if kept not in positions:  # swap the nearest inner position for the kept one
            inner = sorted(positions - {0, len(values) - 1}, key=lambda p: abs(p - kept))
            if inner:
                positions.discard(inner[0])
            positions.add(kept)
    return [values[p] for p in sorted(positions)]


@validate_arguments
def allocate(sizes: Sequence[int | None], fixed: Sequence[bool], max_states: int,
             hard_max: int | None = None) -> list[int]:
    """How many values each control keeps, so that the states number about ``max_states``.

    ``sizes`` are the numbers of values (None: unbounded); ``fixed`` controls
    (lists of choices, check boxes) keep all theirs. The others share what is
    left, the smallest first: all its values when the others can still have 3
    each, else an even share, at least 3 (a reader moves it somewhere), so the
    states may pass ``max_states``. They never pass ``hard_max``: the last
    controls (in the panel's order, sliders before lists) keep only one value
    until they fit.

    >>> allocate([12, 8, 5], [True, False, False], 120)
    [12, 3, 3]
    >>> allocate([415], [False], 40)
    [40]
    >>> allocate([9, None], [False, False], 60)
    [9, 6]
    >>> allocate([11, 8, 5, 20], [True, False, False, False], 40, hard_max=100)
    [11, 3, 3, 1]
    """
    counts = [size if keep else 0 for size, keep in zip(sizes, fixed)]
    budget = max_states / math.prod(c for c in counts if c) if any(counts) else max_states
    free = sorted((i for i, keep in enumerate(fixed) if not keep),
                  key=lambda i: math.inf if sizes[i] is None else sizes[i])
    for place, i in enumerate(free):
        others = len(free) - place - 1
        size = math.inf if sizes[i] is None else sizes[i]
        if size * 3**others <= budget:  # room for all of them, and 3 of each of the others
            counts[i] = size
        else:
            share = budget ** (1 / (others + 1))
            counts[i] = int(min(size, max(3, math.floor(share + 1e-9))))
        budget /= counts[i]
    if hard_max is not None:
        last_first = [i for i in reversed(range(len(counts))) if not fixed[i]]
        last_first += [i for i in reversed(range(len(counts))) if fixed[i]]
        for i in last_first:
            if math.prod(counts) <= hard_max:
                break
            counts[i] = 1
    return counts


@validate_arguments
def state_allowances(picture_bytes: Sequence[int], max_states: int, budget: int) -> list[int]:
    """How many states each panel of a page may draw, so that its pictures fit in ``budget`` bytes.

    ``picture_bytes`` is the size of one picture of each panel. Panels with small
    pictures keep ``max_states`` when they fit in an even share; the others
    share what is left evenly (at least one state each).

    >>> state_allowances([20_000, 30_000, 90_000], 64, 5_000_000)
    [64, 62, 20]
    >>> state_allowances([20_000, 30_000], 64, 5_000_000)
    [64, 64]
    """
    allowed = [max_states] * len(picture_bytes)
    remaining = budget
    by_size = sorted(range(len(picture_bytes)), key=lambda i: picture_bytes[i])
    for place, i in enumerate(by_size):
        share = remaining / (len(picture_bytes) - place)
        allowed[i] = max(1, min(max_states, int(share // max(picture_bytes[i], 1))))
        remaining -= allowed[i] * picture_bytes[i]
    return allowed


# --- words for a figure ------------------------------------------------------------


# --- pictures for the page ------------------------------------------------------------


@validate_arguments
def webp_data_uri(png: bytes) -> str:
    """The PNG's picture as a lossless WebP ``data:`` URI: the same pixels, about a third the bytes.

    (Lossless: a page's picture decodes to exactly what the kernel drew. Effort
    0 of method 2 encodes in a few tens of milliseconds, 10% larger than the
    slowest setting.)

    >>> image = PIL.Image.new("RGB", (4, 3), (0, 114, 178))
    >>> buffer = io.BytesIO(); image.save(buffer, "png")
    >>> uri = webp_data_uri(buffer.getvalue())
    >>> uri[:23], PIL.Image.open(io.BytesIO(base64.b64decode(uri[23:]))).getpixel((3, 2))
    ('data:image/webp;base64,', (0, 114, 178))
    """
    with PIL.Image.open(io.BytesIO(png)) as image:
        buffer = io.BytesIO()
        image.convert("RGB").save(buffer, "webp", lossless=True, quality=0, method=2)
    return "data:image/webp;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")
