"""Every lesson runs top to bottom in a fresh kernel, with no error and no warning,
and every control of every slider panel redraws at both ends of its range.

Run one lesson's test with, for example: ``pytest tests/course/test_notebooks.py -k 01_fair``.
"""

import base64
import json
import re
import struct
import subprocess

import nbformat
import pytest
from notebook_runner import CHECK_ID, executed, executed_with_check, lesson_paths

from cardlib.cells import cell_code, cell_magic
from cardlib.plots.style import MAX_WIDTH_PX, MIN_TEXT_PX
from cardlib_course.mimes import WIDGET_STATE, WIDGET_VIEW
from cardlib_course.offline import WORKED, place_worked
from cardlib_course.run import problems
from cardlib_course.shape import is_exercise
from cardlib_course.student import write_student_edition

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
    """Each worked solution is a collapsed %%solution cell tagged so; run (by the site, and
    here) it shows its check's ✓ and nothing else that fails."""
    nb = place_worked(executed(path))
    solutions = [cell for cell in nb.cells if cell.metadata.get(WORKED) == "solution"]
    tagged = [cell for cell in nb.cells if "solution" in cell.metadata.get("tags", [])]
    assert solutions == tagged, "a cell tagged solution must start with %%solution, and back"
    for cell in solutions:
        assert cell.metadata.get("jupyter", {}).get("source_hidden"), f"{cell.id} shows"
        marks = _feedback_marks(cell)
        errors = [output for output in cell.outputs if output["output_type"] == "error"]
        assert errors == [] and marks and set(marks) == {"✓"}, (cell.id, marks, errors)


def _shown_text(output) -> str:
    data = output.get("data", {})
    return str(output.get("text", "")) + str(data.get("text/plain", "")) + str(
        data.get("text/html", ""))


@pytest.mark.notebook
@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_run_all_shows_no_answer_under_an_untouched_exercise(path):
    """As after Run All (or Shift+Enter down the lesson) in JupyterLab: every check answers
    "not attempted yet"; a worked solution shows its button only (its first line is the
    neutral %%solution); what a %%reveal cell shows waits for its prediction."""
    nb = executed_with_check(path)
    saved = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    lesson = [cell for cell in nb.cells if not str(cell.get("id", "")).startswith("extra-")]
    assert [mark for cell in lesson for mark in _feedback_marks(cell)
            if mark != "…"] == [], "a check answers before the learner has done anything"
    for cell in lesson:
        if cell.cell_type != "code" or not cell_magic(cell.source):
            continue
        assert cell.source.splitlines()[0] in ("%%solution", "%%reveal"), cell.id
        views = [output["data"][WIDGET_VIEW]["model_id"] for output in cell.outputs
                 if WIDGET_VIEW in output.get("data", {})]
        assert len(views) == len(cell.outputs) == 1, (cell.id, [_shown_text(o)[:200]
                                                               for o in cell.outputs])
        shown = [output for model in _models(saved, views[0])
                 for output in saved[model]["state"].get("outputs", [])]
        assert shown == [], (cell.id, [_shown_text(output)[:200] for output in shown])


def _models(saved: dict, model_id: str) -> list[str]:
    """The widget ``model_id`` and every widget inside it."""
    found, todo = [], [model_id]
    while todo:
        model = todo.pop()
        found.append(model)
        children = saved.get(model, {}).get("state", {}).get("children", [])
        todo += [child.removeprefix("IPY_MODEL_") for child in children]
    return found


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_no_later_cell_needs_a_name_that_only_an_answer_defines(path):
    """A name that only the learner's answer or a worked solution binds is read by no cell of
    the lesson after it: the lesson runs on whether or not the learner has done the
    exercise (and Run All does not run the solutions)."""
    import ast

    def names(source):
        try:
            tree = ast.parse(cell_code(source))
        except SyntaxError:
            return set(), set()
        bound = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)
                 and not isinstance(n.ctx, ast.Load)}
        bound |= {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef,
                                                                   ast.ClassDef))}
        bound |= {n.arg for n in ast.walk(tree) if isinstance(n, ast.arg)}
        bound |= {(n.asname or n.name).split(".")[0] for n in ast.walk(tree)
                  if isinstance(n, ast.alias)}
        read = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)
                and isinstance(n.ctx, ast.Load)}
        return bound, read

    cells = [cell for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]
    answers = [cell for cell in cells if is_exercise(cell) or cell_magic(cell.source)
               == "%%solution" or "editable" in cell.metadata.get("tags", [])]
    lesson = [cell for cell in cells if cell not in answers]
    by_lesson = set().union(*(names(cell.source)[0] for cell in lesson))
    needed = []
    for index, cell in enumerate(cells):
        if cell in answers:
            continue
        earlier_answers = set().union(*(names(c.source)[0] for c in cells[:index]
                                        if c in answers))
        needed += [(cell.id, name) for name in sorted(names(cell.source)[1] & earlier_answers
                                                     - by_lesson)]
    assert needed == []


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_the_student_edition_is_the_lesson_without_its_worked_solutions(path, tmp_path):
    """The lesson minus its %%solution cells, with no outputs. Run All runs no worked solution
    (test_run_all_shows_no_answer_under_an_untouched_exercise runs the lesson so), so the
    edition runs as the lesson does, every check answering "not attempted yet": no second run
    is needed to show it."""
    (edition,) = write_student_edition([path], tmp_path)
    lesson, copy = nbformat.read(path, as_version=4), nbformat.read(edition, as_version=4)
    kept = [cell for cell in lesson.cells if cell_magic(cell.source) != "%%solution"]
    assert [(c.cell_type, c.source) for c in copy.cells] == [(c.cell_type, c.source)
                                                             for c in kept]
    assert not any(cell.get("outputs") for cell in copy.cells)
    assert (tmp_path / "references.md").is_file() and (tmp_path / "glossary.md").is_file()


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
    figures = list(_figures(place_worked(executed(path))))
    assert figures, "no figure found"
    too_wide = [(where, width) for where, width, _ in figures if width > MAX_WIDTH_PX]
    too_small = [(where, text) for where, _, text in figures if text is None or text < MIN_TEXT_PX]
    assert too_wide == [] and too_small == []
