"""Each lesson executed once per test session (with cardlib's one executor), shared by the tests.

The run ends with :data:`cardlib.site.kernel.SITE_CELL`, which moves every control
of every slider panel to both ends and back, then draws every state the static
page offers, and :data:`cardlib.site.kernel.REFERENCE_CELL`, which draws each
panel afresh in one state; the notebook and site tests read them.
"""

from __future__ import annotations

import copy
import functools
import os
import tempfile
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: each worker runs the lessons it needs itself
    fcntl = None

import nbformat

from cardlib.site.kernel import REFERENCE_CELL, SITE_CELL
from cardlib.site.run import execute
from cardlib.site.run import lesson_paths as _lesson_paths

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
CHECK_CELLS = [SITE_CELL, REFERENCE_CELL]
CHECK_ID = "extra-0"  # the site cell: its output says what it moved and drew


def lesson_paths() -> list[Path]:
    return _lesson_paths(NOTEBOOKS)


@functools.cache
def executed_with_check(path: Path) -> nbformat.NotebookNode:
    """The lesson executed once per test session, with the control sweep at the end.

    Under pytest-xdist the workers share each execution through files of this run,
    behind a lock: the first worker that needs a lesson runs it, the others read it.
    """
    shared = shared_folder()
    if shared is None:
        return execute(path, CHECK_CELLS)
    target = shared / Path(path).name
    with open(target.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if target.exists():
            return nbformat.read(target, as_version=4)
        nb = execute(path, CHECK_CELLS)
        partial = target.with_suffix(".partial")
        nbformat.write(nb, partial)
        partial.replace(target)
        return nb


def shared_folder() -> Path | None:
    """A folder for this test run's executed lessons, when pytest-xdist runs workers.

    tests/conftest.py removes it when the session ends."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None or fcntl is None:
        return None
    folder = Path(tempfile.gettempdir()) / f"cardlib-lessons-{run}"
    folder.mkdir(exist_ok=True)
    return folder


def executed(path: Path) -> nbformat.NotebookNode:
    """A copy of the lesson as executed once per test session, appended cells and all
    (shared by the notebook and the site tests, so each lesson runs once in ``make test``;
    the site's build reads the panels' states from the appended cells, then drops them)."""
    return copy.deepcopy(executed_with_check(Path(path)))
