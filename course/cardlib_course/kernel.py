"""Code that runs inside a lesson's kernel, on every panel the lesson made.

The site and the tests end each lesson with :data:`SITE_CELL`: ``render_states()``
moves every control to both ends (:func:`sweep_panel`), then draws each state of
each panel that the static page offers; the bench ends it with ``time_redraws()``.
All are library functions (linted and tested like the rest), called from one
line of code appended to the lesson by :func:`cardlib_course.run.execute`.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import math
import statistics
import time
import types
import weakref
from fractions import Fraction

import ipywidgets as widgets
from IPython import get_ipython
from IPython.display import display
from matplotlib.figure import Figure

import __main__
from cardlib.plots.style import MAX_WIDTH_PX, MIN_TEXT_PX, cut_text, min_text_px
from cardlib.plots.words import describe_figure
from cardlib.validation import listed, validate_arguments, whole, whole_number
from cardlib.widgets import LivePanel, live_panels
from cardlib.widgets.worked import registered

from .mimes import REFERENCE_MIME, STATES_MIME, VALUES_MIME, WORKED_MIME
from .states import (
    PageControl,
    allocate,
    grid,
    page_control,
    page_note,
    state_allowances,
    webp_data_uri,
)

__all__ = [
    "SWEEP_CELL", "SITE_CELL", "REFERENCE_CELL", "TIMING_CELL", "MAX_STATES", "HARD_MAX_STATES",
    "PICTURE_BUDGET", "MAX_VALUE_CHARS",
    "control_ends", "spread_values", "too_small", "sweep_panel", "sweep_controls",
    "render_states", "panel_states", "snake",
    "reference_pictures", "time_redraws", "describe_figures", "plain_values", "worked_outputs",
]

#: The one line the tests append to a lesson.
SWEEP_CELL = ("from cardlib_course.kernel import sweep_controls, worked_outputs; "
              "worked_outputs(); sweep_controls()")
#: The one line the site (and the tests, which share its executions) append to a lesson.
SITE_CELL = ("from cardlib_course.kernel import plain_values, render_states, worked_outputs; "
             "worked_outputs(); plain_values(); render_states()")
#: The line the tests add after it: each panel drawn afresh in one state, to compare with its page.
REFERENCE_CELL = "from cardlib_course.kernel import reference_pictures; reference_pictures()"
#: The states the site aims to draw for one panel (more when every slider needs three values)...
MAX_STATES = 40
#: ... but never more than this.
HARD_MAX_STATES = 100
#: The most states :func:`snake` orders (far more than any page offers).
MAX_GRID = 100_000
#: The bytes of pictures (``data:`` URIs) the panels of one page may take together: pages
#: stay under 8 MB with their other figures and players.
PICTURE_BUDGET = 5_000_000
#: The one line the bench appends to a lesson (``{moves}`` to fill in).
TIMING_CELL = "from cardlib_course.kernel import time_redraws; time_redraws({moves})"


@validate_arguments
def control_ends(control) -> tuple:
    """The first and last values a control offers (options, or min and max, or False and True)."""
    if not hasattr(control, "value"):
        raise TypeError(f"control must be a widget with a value, not {type(control).__name__}")
    options = getattr(control, "options", None)
    if options:
        ends = options[0], options[-1]
        return tuple(value[1] if isinstance(value, tuple) else value for value in ends)
    if hasattr(control, "min") and hasattr(control, "max"):
        return control.min, control.max
    if isinstance(control.value, bool):
        return False, True
    return ()


@validate_arguments
def sweep_panel(panel: LivePanel) -> int:
    """Move each control of ``panel`` to both ends of its range and back, redrawing each time.

    Fails (AssertionError) when a change of value does not redraw, or when a
    picture would not fit JupyterLab's output area at 1366 x 768 with text of
    at least 12 pixels (:func:`too_small`); the panel ends where it started.
    Returns the number of controls moved.
    """
    for name, control in panel.controls.items():
        first = control.value
        for value in (*control_ends(control), first):
            before, changes = panel.redraws, control.value != value
            control.value = value
            assert panel.redraws == before + changes, (name, value, "did not redraw")
            problem = too_small(panel.figure)
            assert not problem, f"{panel.draw.__qualname__} at {name} = {value!r}: {problem}"
    return len(panel.controls)


@validate_arguments
def too_small(fig: Figure) -> str:
    """What keeps the figure from being read in JupyterLab at 1366 x 768, or "" if nothing.

    Wider than the output area (:data:`~cardlib.plots.style.OUTPUT_WIDTH_PX`), it is
    shrunk: it may be at most :data:`~cardlib.plots.style.MAX_WIDTH_PX` wide, and its
    smallest text, shrunk, must stay :data:`~cardlib.plots.style.MIN_TEXT_PX` pixels or more.
    """
    width, smallest = fig.get_figwidth() * fig.dpi, min_text_px(fig)
    problems = []
    if width > MAX_WIDTH_PX + 0.5:
        problems.append(f"{width:.0f} px wide, more than {MAX_WIDTH_PX} px")
    if smallest < MIN_TEXT_PX - 0.05:
        problems.append(f"text of {smallest:.1f} px, under {MIN_TEXT_PX} px as displayed")
    cut = cut_text(fig)
    if cut:
        problems.append(f"text cut off at the figure's edge: {cut}")
    return "; ".join(problems)


@validate_arguments
def sweep_controls(panels: list[LivePanel] | None = None) -> str:
    """Sweep every control of every panel (:func:`sweep_panel`); print and return a summary.

    The panels end where they started, so the saved widget state shows the first values.
    """
    panels = live_panels() if panels is None else panels
    moved = sum(sweep_panel(panel) for panel in panels)
    assert all(panel.redraws for panel in panels), "a panel never drew"
    summary = f"moved {moved} controls of {len(panels)} panels to both ends and back"
    print(summary)
    return summary


@validate_arguments
def spread_values(control, count: int = 5) -> list:
    """Up to ``count`` values spread over a control's range, from one end to the other.

    Options (lists, selection sliders) give evenly spaced options; number
    sliders evenly spaced values on their step; check boxes both values.
    """
    if not hasattr(control, "value"):
        raise TypeError(f"control must be a widget with a value, not {type(control).__name__}")
    count = whole_number("count", count, minimum=2, maximum=1000)
    options = getattr(control, "options", None)
    if options:
        values = [o[1] if isinstance(o, tuple) else o for o in options]
        picks = sorted({round(i * (len(values) - 1) / (count - 1)) for i in range(count)})
        return [values[i] for i in picks]
    if isinstance(control.value, bool):
        return [False, True]
    low, high = control_ends(control)
    step = getattr(control, "step", 1) or 1
    return sorted({low + step * round((high - low) / step * i / (count - 1))
                   for i in range(count)})


@validate_arguments
def time_redraws(moves: int = 5, namespace: dict | None = None) -> list[dict]:
    """Time a redraw of every panel as each control moves across its range; print them as JSON.

    Each control goes to ``moves`` values spread over its range
    (:func:`spread_values`), each a real change, the way a user moves it; the
    panel then goes back to where it was (untimed). One row per control: the
    median and worst wall time and the median CPU time of its redraws. The
    line printed starts with ``BENCH`` (the bench reads it). ``namespace``
    (the notebook's globals, by default those of ``__main__``) names the panels.
    """
    moves = whole_number("moves", moves, minimum=2, maximum=1000)
    names = vars(__main__) if namespace is None else namespace
    rows = []
    for panel in live_panels():
        labels = [k for k, v in names.items() if v is panel and not k.startswith("_")]
        for name, control in panel.controls.items():
            start, wall, cpu = control.value, [], []
            for value in spread_values(control, moves):
                if value == control.value:
                    continue
                began, began_cpu = time.perf_counter(), time.process_time()
                control.value = value
                wall.append(time.perf_counter() - began)
                cpu.append(time.process_time() - began_cpu)
            control.value = start
            if wall:
                rows.append({"panel": (labels or ["(unnamed)"])[0],
                             "draw": panel.draw.__qualname__, "control": name,
                             "moves": len(wall), "median_ms": 1e3 * statistics.median(wall),
                             "worst_ms": 1e3 * max(wall),
                             "median_cpu_ms": 1e3 * statistics.median(cpu)})
    print("BENCH" + json.dumps(rows))
    return rows


# --- the states a page offers -------------------------------------------------------


def _buttons(panel: LivePanel) -> list[widgets.Button]:
    """The buttons in the panel's row of controls (a Reshuffle, say)."""
    row = panel.children[0] if panel.children else None
    mine = set(map(id, panel.controls.values()))
    return [w for w in getattr(row, "children", ()) if id(w) not in mine
            and isinstance(w, widgets.Button)]


def _set(panel: LivePanel, values: dict) -> None:
    for name, value in values.items():
        if panel.controls[name].value != value:
            before = panel.redraws
            panel.controls[name].value = value
            assert panel.redraws == before + 1, (name, value, "did not redraw")


def _click_chain(panel: LivePanel, button: widgets.Button, count: int) -> dict[str, list]:
    """The values of the controls ``button`` moves, over ``count - 1`` clicks from the start.

    Stops early when a click changes nothing or brings back a value seen.
    """
    start = panel.values()
    moved: dict[str, list] = {}
    for _ in range(count - 1):
        before = panel.values()
        button.click()
        after = panel.values()
        changed = [name for name in after if after[name] != before[name]]
        if not changed or any(after[name] in moved.get(name, [start[name]]) for name in changed):
            break
        for name in changed:
            moved.setdefault(name, [start[name]]).append(after[name])
    _set(panel, start)
    return moved


def _page_values(panel: LivePanel, controls: list[PageControl], max_states: int,
                 hard_max: int | None = None) -> tuple[list[dict], list[str]]:
    """Choose the values each control offers on the page (filled in ``controls``).

    A button that steps number boxes (Reshuffle moves the seed) is clicked from
    the first values to find theirs; the page's button then moves each of them
    one place on, the last back to the first. Other buttons are left out, with
    a note. Lists and check boxes keep every value; sliders get a grid when the
    states would pass ``max_states``, and the last controls one value when
    they would pass ``hard_max`` (:func:`~cardlib_course.states.allocate`).
    Returns the page's buttons and the notes.
    """
    by_name = {c.name: c for c in controls}
    stepping, notes = [], []
    for button in _buttons(panel):
        probe = _click_chain(panel, button, 2)
        if not probe or any(by_name[name].kind != "number" for name in probe):
            notes.append(f"{button.description} needs JupyterLab")
            continue
        stepping.append((button, sorted(probe)))
        for name in probe:
            by_name[name].driven_by.append(button.description)
    sizes = [None if c.driven_by else c.total or 1 for c in controls]
    fixed = [c.kind in ("select", "check") or (c.kind == "number" and not c.driven_by)
             for c in controls]
    counts = dict(zip(by_name, allocate(sizes, fixed, max_states, hard_max)))
    buttons = []
    for button, names in stepping:
        chain = _click_chain(panel, button, max(counts[name] for name in names))
        for name in names:
            by_name[name].values, by_name[name].labels = chain[name], list(map(str, chain[name]))
        buttons.append({"label": button.description, "tooltip": button.tooltip or "",
                        "moves": {name: [(i + 1) % len(chain[name])
                                         for i in range(len(chain[name]))] for name in names}})
    for control in controls:
        if len(control.values) > counts[control.name]:
            first = control.values[control.start]
            kept = grid(control.values, first, counts[control.name])
            control.labels = [control.labels[control.values.index(v)] for v in kept]
            control.values = kept
            control.start = kept.index(first)
    return buttons, notes


#: The grids :func:`render_states` drew, by panel (for :func:`reference_pictures`).
_RENDERED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@validate_arguments
def panel_states(panel: LivePanel, max_states: int = MAX_STATES,
                 hard_max: int | None = None) -> dict:
    """Draw ``panel`` at every state its page offers (a grid when there are too many).

    Each state's picture is the one a fresh figure gives
    (:meth:`~cardlib.widgets.LivePanel.draw_afresh`, the panel's own ``draw``
    on a new figure), so it is the same whatever the page showed before; where
    the panel's ``update`` gives those very pixels (checked on two states, and
    proven over many in the panels' tests), the states are drawn by it, as moves
    in JupyterLab draw them (:func:`_draw_states`). There are about ``max_states`` states
    (more when every slider needs three values), never more than ``hard_max``.
    The panel ends at its first values.
    Returns what the build needs: the controls, the buttons, a note on what the
    page leaves out, the pictures (lossless WebP ``data:`` URIs, each once) and,
    for each state in row-major order of the controls, its picture and its
    description.
    """
    began = time.perf_counter()
    start = panel.values()
    controls = [page_control(name, control) for name, control in panel.controls.items()]
    buttons, notes = _page_values(panel, controls, max_states, hard_max)
    indexes = list(itertools.product(*(range(len(c.values)) for c in controls)))  # row-major
    visits = snake([len(c.values) for c in controls], _least_moved_first(panel, controls))
    drawn = dict(zip(visits, _draw_states(panel, [{c.name: c.values[i] for c, i in
                                                   zip(controls, index)} for index in visits])))
    pictures: dict[str, int] = {}
    images: list[str] = []
    states: list[list] = []
    for index in indexes:
        png, description = drawn[index]
        key = hashlib.sha1(png).hexdigest()
        if key not in pictures:
            pictures[key] = len(images)
            images.append(webp_data_uri(png))
        shown_at = ", ".join(f"{c.label or c.name} = {c.labels[i]}"
                             for c, i in zip(controls, index))
        states.append([pictures[key], f"{description} Shown at {shown_at}."])
    panel.draw_afresh(**start)
    _RENDERED[panel] = controls
    return {
        "model_id": panel.model_id,
        "controls": [c.as_json() for c in controls],
        "buttons": buttons,
        "note": page_note(controls, [b["label"] for b in buttons], notes),
        "states": states,
        "images": images,
        "count": len(states),
        "seconds": round(time.perf_counter() - began, 3),
    }


@validate_arguments
def snake(sizes: listed(16, of=whole(1)),
          outer: listed(16, of=whole(0)) | None = None) -> list[tuple[int, ...]]:
    """Every index of a grid of these sizes, each one control's step from the one before.

    The control ``outer[0]`` changes least often, ``outer[1]`` inside it, and so on, each
    running forth and back in turn (a reflected Gray code): drawn in this order, a panel
    makes one move at a time, as a hand does, the moves its ``update`` draws cheaply.
    By default the controls with the fewest values change least often.

    >>> snake([3, 2])
    [(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1)]
    >>> snake([3, 2], outer=[0, 1])
    [(0, 0), (0, 1), (1, 1), (1, 0), (2, 0), (2, 1)]
    """
    if math.prod(sizes) > MAX_GRID:
        raise ValueError(f"a grid of sizes {sizes} has {math.prod(sizes):,} states, more "
                         f"than the {MAX_GRID:,} a page could ever offer")
    outer = sorted(range(len(sizes)), key=sizes.__getitem__) if outer is None else outer
    if sorted(outer) != list(range(len(sizes))):
        raise ValueError(f"outer must order the {len(sizes)} controls, got {outer}")
    steps = [()]
    for axis in reversed(outer):
        steps = [(i, *rest) for i in range(sizes[axis])
                 for rest in (steps if i % 2 == 0 else steps[::-1])]
    return [tuple(step[outer.index(k)] for k in range(len(sizes))) for step in steps]


def _least_moved_first(panel: LivePanel, controls: list[PageControl]) -> list[int]:
    """The controls in the order :func:`snake` moves them, least often first: number sliders
    (a size, usually: a new one reshapes the figure, the costliest move), then the others,
    each with the fewest values first. Lesson 11's lab panel: 14.9 s drawn in rows, about 9 s so."""
    def key(k: int) -> tuple[bool, int]:
        number = isinstance(panel.controls[controls[k].name], (widgets.IntSlider,
                                                                widgets.FloatSlider))
        return not number, len(controls[k].values)
    return sorted(range(len(controls)), key=key)


def _draw_states(panel: LivePanel, states: list[dict]) -> list[tuple[bytes, str]]:
    """Each state's picture and the words for it: the first drawn afresh, the others moved to.

    A move redraws by the panel's ``update`` where it has one, which is far
    cheaper than a new figure. The second and the last state are then drawn
    afresh too: if either picture differs (an update that keeps the first
    layout, say), every state is drawn afresh instead.
    """
    drawn = [(panel.draw_afresh(**states[0]), describe_figure(panel.figure))]
    for values in states[1:]:
        drawn.append((panel.show(**values), describe_figure(panel.figure)))
    if all(panel.draw_afresh(**states[i]) == drawn[i][0] for i in {1, len(states) - 1}
           if i < len(states)):
        return drawn
    return [(panel.draw_afresh(**values), describe_figure(panel.figure)) for values in states]


#: A value the lesson computed goes to its page only if its repr is at most this long.
MAX_VALUE_CHARS = 20_000


@validate_arguments
def plain_values(namespace: dict | None = None) -> dict[str, str]:
    """The lesson's values that its page can make again from their repr, name -> repr;
    shown (as :data:`~cardlib_course.mimes.VALUES_MIME`) for the build.

    Plain values: numbers, Fractions, strings, and lists, tuples, dicts and sets of
    them. An exercise on the page may read one that the lesson computed with NumPy,
    which the page has not got: the page is given the value instead of the code
    (:func:`cardlib_course.editors.setup`).
    """
    shell = get_ipython()
    namespace = __main__.__dict__ if namespace is None else namespace
    hidden = getattr(shell, "user_ns_hidden", {})
    found = {}
    for name, value in namespace.items():
        if name.startswith("_") or name in hidden or callable(value) \
                or isinstance(value, types.ModuleType):
            continue
        text = _remade_repr(value)
        if text is not None:
            found[name] = text
    display({VALUES_MIME: found, "text/plain": f"{len(found)} plain values"}, raw=True)
    return found


def _remade_repr(value) -> str | None:
    """repr(value) if evaluating it (with Fraction and no builtins) gives the value back."""
    try:
        text = repr(value)
        if len(text) > MAX_VALUE_CHARS:
            return None
        again = eval(text, {"__builtins__": {}, "Fraction": Fraction})
        return text if type(again) is type(value) and bool(again == value) else None
    except Exception:
        return None


@validate_arguments
def render_states(panels: list[LivePanel] | None = None, max_states: int = MAX_STATES,
                  budget: int = PICTURE_BUDGET) -> str:
    """Sweep every panel's controls, then draw each state its page offers; show them for the build.

    The sweep (:func:`sweep_panel`) checks that every control redraws. Each
    panel aims at ``max_states`` states, fewer when the pictures of all the
    panels would pass ``budget`` bytes (:func:`~cardlib_course.states.state_allowances`,
    from the size of each panel's first picture), and never more than
    :data:`HARD_MAX_STATES` or than what is left of ``budget`` after the
    panels drawn and the aims of those still to draw. The output (of kind
    :data:`~cardlib_course.run.STATES_MIME`) lists each panel by its widget model id.
    Prints and returns a one-line summary.
    """
    panels = live_panels() if panels is None else panels
    began = time.perf_counter()
    moved = sum(sweep_panel(panel) for panel in panels)
    assert all(panel.redraws for panel in panels), "a panel never drew"
    swept = time.perf_counter()
    sizes = [len(webp_data_uri(panel.png())) for panel in panels]
    aims = state_allowances(sizes, max_states, budget)
    found, used = [], 0
    for i, panel in enumerate(panels):
        # what is left of the budget, the later panels' aims set aside
        left = budget - used - sum(aim * size for aim, size in zip(aims[i + 1:], sizes[i + 1:]))
        limit = max(1, min(HARD_MAX_STATES, int(left // sizes[i])))
        found.append(panel_states(panel, min(aims[i], limit), limit))
        used += sum(map(len, found[-1]["images"]))
    for number, states in enumerate(found):
        states["panel"] = number
    states = sum(p["count"] for p in found)
    pictures = sum(len(p["images"]) for p in found)
    summary = (f"moved {moved} controls of {len(panels)} panels to both ends "
               f"and back in {swept - began:.1f} s; drew {states} states "
               f"({pictures} different pictures) in {time.perf_counter() - swept:.1f} s")
    print(summary)
    display({STATES_MIME: {"panels": found}, "text/plain": f"{len(found)} panels' states"},
            raw=True)
    return summary


@validate_arguments
def reference_pictures(panels: list[LivePanel] | None = None) -> dict:
    """Each panel drawn afresh (a new figure) at the last value of every control on its page.

    For the tests: the page must show this very picture in that state. Shows
    them (base64 PNG and the labels of the values, by the panel's number in
    :func:`~cardlib.widgets.live_panels`, as :func:`render_states` numbers them)
    as one output of kind :data:`~cardlib_course.run.REFERENCE_MIME`; the panels
    end at their first values.
    """
    panels = live_panels() if panels is None else panels
    found = {}
    for number, panel in enumerate(panels):
        controls = _RENDERED.get(panel) or [page_control(n, c) for n, c in panel.controls.items()]
        start = panel.values()
        _set(panel, {c.name: c.values[-1] for c in controls})
        panel.rebuild()
        found[str(number)] = {"labels": [c.labels[-1] for c in controls],
                              "png": base64.b64encode(panel.png()).decode("ascii")}
        _set(panel, start)
    display({REFERENCE_MIME: found, "text/plain": f"{len(found)} reference pictures"}, raw=True)
    return found


def worked_outputs() -> dict[str, list]:
    """Run every worked solution of the lesson (``%%solution`` cells, which Run All does not
    run); show what each solution and each ``%%reveal`` cell shows, in lesson order, as one
    output of kind :data:`~cardlib_course.mimes.WORKED_MIME`:
    ``{"solutions": [outputs, ...], "reveals": [outputs, ...]}``.

    Each solution runs in a copy of the lesson's names as they were when its cell ran, so
    nothing it binds reaches the cells after it, as in JupyterLab.
    """
    solutions, reveals = registered()
    found = {"solutions": [worked.outputs() for worked in solutions], "reveals": reveals}
    display({WORKED_MIME: found,
             "text/plain": f"{len(solutions)} worked solutions, {len(reveals)} reveals"}, raw=True)
    return found


# --- words for plain figures ----------------------------------------------------------------

def _figure_alt(fig) -> tuple[dict, dict]:
    return {}, {"image/png": {"alt": describe_figure(fig)},
                "cardlib": {"min_text_px": round(min_text_px(fig), 1)}}


@validate_arguments
def describe_figures() -> None:
    """Give every matplotlib figure the kernel shows alt text (its titles and axis labels).

    The executor runs this as the kernel starts (:data:`cardlib_course.run.STARTUP_LINE`).
    A formatter of IPython adds ``{"image/png": {"alt": ...}}`` to the output's
    metadata (it draws nothing itself; the inline backend still makes the PNG),
    where the site's template reads it.
    """
    shell = get_ipython()
    if shell is not None:
        shell.display_formatter.mimebundle_formatter.for_type(Figure, _figure_alt)
