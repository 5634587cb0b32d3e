"""Execute a lesson notebook in a fresh kernel and collect what went wrong."""

from __future__ import annotations

import copy
import functools
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def lesson_paths() -> list[Path]:
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def execute(path: Path, timeout: int = 300) -> nbformat.NotebookNode:
    """Run every cell of the notebook at ``path`` top to bottom; return it executed."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    return nb


@functools.cache
def _executed_once(path: Path) -> nbformat.NotebookNode:
    return execute(path)


def executed(path: Path) -> nbformat.NotebookNode:
    """A copy of the notebook executed once per test session (shared by the notebook
    and the site tests, so each lesson runs once in ``make test``)."""
    return copy.deepcopy(_executed_once(Path(path)))


def _problems_in(outputs, where: str) -> list[str]:
    problems = []
    for output in outputs:
        kind = output.get("output_type")
        if kind == "error":
            problems.append(f"{where}: {output.get('ename')}: {output.get('evalue')}")
        elif kind == "stream" and output.get("name") == "stderr":
            problems.append(f"{where}: stderr: {output.get('text', '').strip()[:500]}")
    return problems


def problems(nb: nbformat.NotebookNode) -> list[str]:
    """Errors and stderr text (warnings) in the cells and inside Output widgets."""
    found = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            found += _problems_in(cell.get("outputs", []), f"cell {index}")
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    for model_id, model in state.items():
        outputs = model.get("state", {}).get("outputs", [])
        found += _problems_in(outputs, f"Output widget {model_id[:8]}")
    return found
