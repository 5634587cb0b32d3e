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


#: Appended to each lesson when the tests run it: moves every control of every slider
#: panel the lesson made to both ends of its range (redrawing each time), then puts it
#: back, so the saved widget state still shows the pictures at their first values.
CONTROLS_CHECK = """
from cardlib.widgets import live_panels as _live_panels

def _ends(control):
    if hasattr(control, "options") and len(control.options):
        return control.options[0], control.options[-1]
    if hasattr(control, "min") and hasattr(control, "max"):
        return control.min, control.max
    if isinstance(control.value, bool):
        return False, True
    return ()

_moved = {}
for _panel in _live_panels():
    for _name, _control in _panel.controls.items():
        _first = _control.value
        for _value in (*_ends(_control), _first):
            _value = _value[1] if isinstance(_value, tuple) else _value  # (label, value) options
            _before, _changes = _panel.redraws, _control.value != _value
            _control.value = _value
            assert _panel.redraws == _before + _changes, (_name, _value, "did not redraw")
        _moved[_name] = _moved.get(_name, 0) + 1
assert all(_panel.redraws for _panel in _live_panels())
print(f"moved {sum(_moved.values())} controls of {len(_live_panels())} panels to both ends and back")
"""


def execute(path: Path, timeout: int = 300, check_controls: bool = False) -> nbformat.NotebookNode:
    """Run every cell of the notebook at ``path`` top to bottom; return it executed.

    With ``check_controls``, a last cell (:data:`CONTROLS_CHECK`) moves every slider.
    """
    nb = nbformat.read(path, as_version=4)
    if check_controls:
        nb.cells.append(nbformat.v4.new_code_cell(CONTROLS_CHECK, id="controls-check"))
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    return nb


@functools.cache
def executed_with_check(path: Path) -> nbformat.NotebookNode:
    """The lesson executed once per test session, with :data:`CONTROLS_CHECK` at the end."""
    return execute(path, check_controls=True)


def executed(path: Path) -> nbformat.NotebookNode:
    """A copy of the lesson as executed once per test session, without the check cell
    (shared by the notebook and the site tests, so each lesson runs once in ``make test``)."""
    nb = copy.deepcopy(executed_with_check(Path(path)))
    nb.cells = [cell for cell in nb.cells if cell.get("id") != "controls-check"]
    return nb


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
