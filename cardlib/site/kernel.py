"""Checks that run inside a lesson's kernel, on every panel the lesson made.

The tests end each lesson with ``sweep_controls()``; the bench with
``time_redraws()``. Both are library functions (linted and tested like the
rest), called from one line of code appended to the lesson by
:func:`cardlib.site.run.execute`.
"""

from __future__ import annotations

import json
import statistics
import time

import __main__

from ..checks import whole_number
from ..widgets import LivePanel, live_panels

__all__ = ["SWEEP_CELL", "TIMING_CELL", "control_ends", "sweep_controls", "time_redraws"]

#: The one line the tests append to a lesson.
SWEEP_CELL = "from cardlib.site.kernel import sweep_controls; sweep_controls()"
#: The one line the bench appends to a lesson (``{repeats}`` to fill in).
TIMING_CELL = "from cardlib.site.kernel import time_redraws; time_redraws({repeats})"


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


def sweep_controls(panels: list[LivePanel] | None = None) -> str:
    """Move every control of every panel to both ends of its range and back, redrawing each time.

    Fails (AssertionError) when a change of value does not redraw; the panels
    end where they started, so the saved widget state shows the first values.
    Returns and prints a one-line summary.
    """
    panels = live_panels() if panels is None else panels
    moved = 0
    for panel in panels:
        for name, control in panel.controls.items():
            first = control.value
            for value in (*control_ends(control), first):
                before, changes = panel.redraws, control.value != value
                control.value = value
                assert panel.redraws == before + changes, (name, value, "did not redraw")
            moved += 1
    assert all(panel.redraws for panel in panels), "a panel never drew"
    summary = f"moved {moved} controls of {len(panels)} panels to both ends and back"
    print(summary)
    return summary


def time_redraws(repeats: int = 7, namespace: dict | None = None) -> list[dict]:
    """Time ``repeats`` redraws of every panel at its current values; print them as JSON.

    The line printed starts with ``BENCH`` (the bench reads it). ``namespace``
    (the notebook's globals, by default those of ``__main__``) names the panels.
    """
    repeats = whole_number("repeats", repeats, minimum=1)
    names = vars(__main__) if namespace is None else namespace
    rows = []
    for panel in live_panels():
        labels = [k for k, v in names.items() if v is panel and not k.startswith("_")]
        wall, cpu = [], []
        for _ in range(repeats):
            start, start_cpu = time.perf_counter(), time.process_time()
            panel.redraw()
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        rows.append({"panel": (labels or ["(unnamed)"])[0], "draw": panel.draw.__qualname__,
                     "controls": list(panel.controls),
                     "median_ms": 1e3 * statistics.median(wall),
                     "median_cpu_ms": 1e3 * statistics.median(cpu)})
    print("BENCH" + json.dumps(rows))
    return rows
