"""Every lesson runs top to bottom in a fresh kernel, with no error and no warning,
and every control of every slider panel redraws at both ends of its range.

Run one lesson's test with, for example: ``pytest tests/test_notebooks.py -k 01_fair``.
"""

import base64
import json
import re
import struct
import subprocess

import pytest
from notebook_runner import CHECK_ID, executed_with_check, lesson_paths

from cardlib.plots.style import MAX_WIDTH_PX, MIN_TEXT_PX
from cardlib.site.run import execute, problems
from cardlib.site.student import write_student_edition

LESSONS = lesson_paths()


def test_there_are_lessons():
    assert LESSONS, "no notebooks found in notebooks/"


@pytest.mark.notebook
@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_runs_clean_and_every_control_redraws(path):
    nb = executed_with_check(path)
    assert problems(nb) == []
    (check,) = [cell for cell in nb.cells if cell.get("id") == CHECK_ID]
    printed = "".join(output.get("text", "") for output in check.outputs)
    assert printed.startswith("moved "), printed
    print(printed)


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_committed_without_outputs(path):
    """What git holds (the index), not the file JupyterLab may have autosaved with outputs."""
    nb = json.loads(committed_text(path))
    dirty = [i for i, cell in enumerate(nb["cells"]) if cell["cell_type"] == "code"
             and (cell.get("outputs") or cell.get("execution_count") is not None)]
    assert dirty == [], f"cells with outputs or execution counts: {dirty}"
    # JupyterLab saves the panels' state too (lab/overrides.json asks it to); nbstripout drops it.
    assert "widgets" not in nb["metadata"], "saved widget state is committed"


def committed_text(path) -> str:
    """The notebook as staged in git's index, or the file itself outside a git checkout."""
    relative = path.resolve().relative_to(path.resolve().parents[1])
    staged = subprocess.run(["git", "show", f":{relative.as_posix()}"], cwd=path.parents[1],
                            capture_output=True, text=True, encoding="utf-8")
    return staged.stdout if staged.returncode == 0 else path.read_text(encoding="utf-8")


def _feedback_marks(cell) -> list[str]:
    """The first character (✓, ✗ or …) of each exercise check shown by the cell."""
    return [output["data"]["text/plain"][0] for output in cell.get("outputs", [])
            if "cardlib-feedback" in output.get("data", {}).get("text/html", "")]


@pytest.mark.notebook
@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_solutions_are_hidden_and_pass_their_checks(path):
    nb = executed_with_check(path)
    for index, cell in enumerate(nb.cells):
        if "solution" in cell.metadata.get("tags", []):
            assert cell.metadata.get("jupyter", {}).get("source_hidden"), f"cell {index} shows"
            assert set(_feedback_marks(cell)) <= {"✓"}, f"cell {index}: a solution fails its check"


@pytest.mark.notebook
@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_student_edition_runs_with_every_check_not_attempted(path, tmp_path):
    (edition,) = write_student_edition([path], tmp_path)
    nb = execute(edition)
    assert problems(nb) == []
    marks = [mark for cell in nb.cells for mark in _feedback_marks(cell)]
    assert set(marks) <= {"…"}, "a check in the student edition answers before the learner does"


def _figures(nb):
    """(where, width in pixels, smallest text in pixels) of every picture a lesson shows.

    Pictures from matplotlib carry their smallest text in their metadata (the kernel's
    formatter and the frame player put it there); panels are measured by their sweep."""
    for index, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            data, metadata = output.get("data", {}), output.get("metadata", {})
            if "image/png" in data:  # (inline figures are saved to a tight box: nothing is cut)
                text = metadata.get("cardlib", {}).get("min_text_px")
                yield f"cell {index}", _png_width(data["image/png"]), text
            elif "_anim_img" in data.get("text/html", ""):
                frame = re.search(r"data:image/png;base64,([A-Za-z0-9+/=]+)", data["text/html"])
                text = metadata.get("text/html", {}).get("cardlib", {}).get("min_text_px")
                yield f"cell {index} (player)", _png_width(frame.group(1)), text


def _png_width(b64: str) -> int:
    return struct.unpack(">I", base64.b64decode(b64[:64])[16:20])[0]


@pytest.mark.notebook
@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_figure_fits_jupyterlab_at_1366_with_text_of_12_px(path):
    figures = list(_figures(executed_with_check(path)))
    assert figures, "no figure found"
    too_wide = [(where, width) for where, width, _ in figures if width > MAX_WIDTH_PX]
    too_small = [(where, text) for where, _, text in figures if text is None or text < MIN_TEXT_PX]
    assert too_wide == [] and too_small == []
