"""The one notebook executor: the site, the bench, the tests and the tools run lessons with it.

A lesson runs top to bottom in a fresh kernel started in the lesson's folder;
nbclient keeps the widget state in the notebook's metadata, which is where the
figures of slider panels live. ``extra_cells`` are appended first: the site
and the tests add :func:`cardlib_course.kernel.render_states` (the tests then
:func:`cardlib_course.kernel.reference_pictures`), the bench
:func:`cardlib_course.kernel.time_redraws`, as one line of code each.

>>> [path.name for path in lesson_paths("no-such-folder")]
[]
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

import nbformat
from jupyter_client import KernelManager
from nbclient import NotebookClient

from cardlib.validation import validate_arguments

from .mimes import REFERENCE_MIME, STATES_MIME, WIDGET_STATE, WIDGET_VIEW

#: What the kernel runs as it starts: figures get descriptions (alt text) from their titles.
STARTUP_LINE = "from cardlib_course.kernel import describe_figures; describe_figures()"

__all__ = [
    "LESSON_GLOB",
    "WIDGET_STATE",
    "WIDGET_VIEW",
    "STATES_MIME",
    "REFERENCE_MIME",
    "STARTUP_LINE",
    "lesson_paths",
    "find_lessons",
    "execute",
    "problems",
    "cell_seconds",
]

#: The lessons are the notebooks named NN_something.ipynb, read in the order of NN.
LESSON_GLOB = "[0-9][0-9]_*.ipynb"


@validate_arguments
def lesson_paths(folder: str | Path = "notebooks") -> list[Path]:
    """The lessons in reading order: the ``NN_name.ipynb`` files of ``folder``."""
    return sorted(Path(folder).glob(LESSON_GLOB))


@validate_arguments
def find_lessons(folder: str | Path = "notebooks", files: Sequence[str | Path] = ()) -> list[Path]:
    """The notebooks a command works on: ``files`` if any are given, else the lessons of ``folder``.

    Finding none is an error that says where it looked, so that a command run
    outside the repository fails clearly rather than doing nothing.

    >>> find_lessons("no-such-folder")
    Traceback (most recent call last):
    ...
    ValueError: folder 'no-such-folder' does not exist
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as empty:
    ...     find_lessons(empty)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: folder '...' holds no lessons (notebooks named NN_name.ipynb, such as ...)
    """
    for item in files:
        if not isinstance(item, (str, Path)):
            raise TypeError(f"files must hold paths, not {type(item).__name__}")
        if Path(item).suffix != ".ipynb":
            raise ValueError(f"files: {str(item)!r} is not a notebook (.ipynb)")
        if not Path(item).is_file():
            raise ValueError(f"files: no notebook {str(item)!r}")
    if files:
        return [Path(item) for item in files]
    if not Path(folder).is_dir():
        raise ValueError(f"folder {str(folder)!r} does not exist")
    found = lesson_paths(folder)
    if not found:
        raise ValueError(f"folder {str(folder)!r} holds no lessons (notebooks named "
                         f"NN_name.ipynb, such as 01_fair_shuffle.ipynb)")
    return found


def execute(path: str | Path, extra_cells: Sequence[str] = (),
            timeout: int = 600) -> nbformat.NotebookNode:
    """Run every cell of the notebook at ``path`` in a fresh kernel; return it executed.

    Each of ``extra_cells`` (code) is appended first, with the id ``extra-0``,
    ``extra-1``, ... so that a reader of the result can find it. As it starts,
    the kernel runs :data:`~cardlib_course.kernel.STARTUP_LINE`, which gives
    every figure it shows a description (alt text for the site).
    """
    path = Path(path)
    if path.suffix != ".ipynb" or not path.is_file():
        raise ValueError(f"path must be a notebook file (.ipynb), got {str(path)!r}")
    nb = nbformat.read(path, as_version=4)
    for index, source in enumerate(extra_cells):
        nb.cells.append(nbformat.v4.new_code_cell(source, id=f"extra-{index}"))
    with tempfile.TemporaryDirectory(prefix="cardlib-kernel-") as sockets:
        NotebookClient(nb, timeout=timeout, km=_kernel_manager(sockets),
                       resources={"metadata": {"path": str(path.parent)}},
                       extra_arguments=[f"--IPKernelApp.exec_lines={STARTUP_LINE}"]
                       ).execute(cleanup_kc=True)  # its own manager: shut it down after
    return nb


def _kernel_manager(sockets: str) -> KernelManager:
    """A kernel that talks over local sockets (files in ``sockets``) where the system has them:
    nothing on the network, and no warning about unencrypted TCP; else the usual TCP one."""
    if os.name != "posix":
        return KernelManager(kernel_name="python3")
    return KernelManager(kernel_name="python3", transport="ipc",
                         ip=os.path.join(sockets, "kernel"))


def _problems_in(outputs, where: str) -> list[str]:
    found = []
    for output in outputs:
        kind = output.get("output_type")
        if kind == "error":
            found.append(f"{where}: {output.get('ename')}: {output.get('evalue')}")
        elif kind == "stream" and output.get("name") == "stderr":
            found.append(f"{where}: stderr: {output.get('text', '').strip()[:500]}")
    return found


@validate_arguments
def problems(nb: nbformat.NotebookNode) -> list[str]:
    """Errors and stderr text (warnings) of an executed notebook, in cells and in Output widgets."""
    found = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            found += _problems_in(cell.get("outputs", []), f"cell {index}")
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    for model_id, model in state.items():
        found += _problems_in(model.get("state", {}).get("outputs", []),
                              f"Output widget {model_id[:8]}")
    return found


def cell_seconds(cell) -> float:
    """The time nbclient recorded for one executed cell (0 when it recorded none)."""
    if not isinstance(getattr(cell, "metadata", None), dict):
        raise TypeError(f"cell must be a notebook cell, not {type(cell).__name__}")
    stamps = cell.metadata.get("execution", {})
    try:
        started = datetime.fromisoformat(stamps["iopub.execute_input"].replace("Z", "+00:00"))
        ended = datetime.fromisoformat(stamps["shell.execute_reply"].replace("Z", "+00:00"))
    except KeyError:
        return 0.0
    return (ended - started).total_seconds()
