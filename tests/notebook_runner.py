"""Each lesson executed once per test session (with cardlib's one executor), shared by the tests.

The run ends with :data:`cardlib_course.kernel.SITE_CELL`, which moves every control
of every slider panel to both ends and back, then draws every state the static
page offers, and :data:`cardlib_course.kernel.REFERENCE_CELL`, which draws each
panel afresh in one state; the notebook and site tests read them. In the compat
tier (``--tier compat``, no site test) it ends with :data:`~cardlib_course.kernel.SWEEP_CELL`
only: every control to both ends and back.
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

from cardlib_course.kernel import REFERENCE_CELL, SITE_CELL, SWEEP_CELL
from cardlib_course.run import execute
from cardlib_course.run import lesson_paths as _lesson_paths

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
CHECK_ID = "extra-0"  # the site (or sweep) cell: its output says what it moved and drew


def check_cells() -> list[str]:
    """The cells appended to each lesson: for the site tests, or only the sweep (compat tier)."""
    if os.environ.get("CARDLIB_TEST_TIER") == "compat":
        return [SWEEP_CELL]
    return [SITE_CELL, REFERENCE_CELL]


def lesson_paths() -> list[Path]:
    return _lesson_paths(NOTEBOOKS)


@functools.cache
def executed_with_check(path: Path) -> nbformat.NotebookNode:
    """The lesson executed once per test session, with the control sweep at the end.

    Under pytest-xdist the workers share each execution through files of this run.
    A worker that needs a lesson another worker is running does not wait idle:
    it runs lessons nobody has claimed yet, and waits only when none is left.
    """
    shared = shared_folder()
    if shared is None:
        return execute(path, check_cells())
    target = shared / Path(path).name
    if not target.exists() and not _run_unless_claimed(path):
        run_unclaimed_lessons()
    with open(target.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # until the worker running it has written it
        if not target.exists():  # that worker failed: run it here, to see the error
            _write(path, target)
    return nbformat.read(target, as_version=4)


def run_unclaimed_lessons() -> None:
    """Run, one after another, every lesson of this test run that no worker has claimed.

    Both xdist workers call it before waiting for a lesson or a site, so the
    lessons run two at a time (one per core) rather than one after another.
    """
    if shared_folder() is None:
        return
    for path in lesson_paths():
        try:
            _run_unless_claimed(path)
        except Exception:  # noqa: BLE001 - the test that needs this lesson runs it again
            pass


def _run_unless_claimed(path: Path) -> bool:
    """Run ``path`` and share it, unless it is done or another worker holds it.

    Returns False when another worker is running it (this one does not wait)."""
    target = shared_folder() / Path(path).name
    with open(target.with_suffix(".lock"), "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        if not target.exists():
            _write(path, target)
        return True


def _write(path: Path, target: Path) -> None:
    nb = execute(path, check_cells())
    partial = target.with_suffix(".partial")
    nbformat.write(nb, partial)
    partial.replace(target)


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
