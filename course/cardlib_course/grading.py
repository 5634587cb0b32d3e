"""The lessons as nbgrader assignments: each exercise graded by its own check.

``cardlib-course grading --out build/nbgrader`` writes an nbgrader course folder
(``nbgrader_config.py`` and ``source/<lesson>/<lesson>.ipynb``, with the pages the lesson
links to beside it). In each lesson, every exercise of the core becomes an nbgrader
*autograded answer* cell: the stub the learner sees, with the worked solution between
``### BEGIN SOLUTION`` and ``### END SOLUTION`` (``nbgrader generate_assignment`` keeps the
stub only), and right after it a locked *autograder test* cell worth one point, which runs
the exercise's check and fails unless it answers ✓. An exercise of "Going further" becomes an
answer cell whose check still answers, ungraded. The solution cells go; the rest of the
lesson (text, figures, panels, predictions) stays as it is.

What it cannot prevent: the test cell runs in the student's own kernel, after the student's
code, so code written to do so can rewrite the check or the test (patch cardlib, redefine
``check_...``). The checks compare answers as exact built-in values and take only plain data
back from the learner's code, which keeps honest mistakes from scoring; against a student
who sets out to cheat, a course uses what nbgrader offers (hidden tests the students' copy
does not hold), a grader's review of the code, and a second run of the submissions in a
clean kernel.

Why nbgrader (0.9) rather than otter-grader: the lessons already keep each solution
in its own cell after the exercise, which is nbgrader's model of a solution region
and a test cell; it runs in JupyterLab and JupyterHub, where the class already is;
and its tests may be any code, so the checks the lessons use are the tests, word for
word. The in-lesson checks stay formative (they explain; they do not record marks);
nbgrader records the marks.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

import nbformat

from cardlib.cells import cell_code
from cardlib.validation import validate_arguments

from .page import COMPANIONS
from .run import find_lessons
from .shape import going_further

__all__ = ["COURSE", "exercise_pairs", "assignment", "write_course", "main"]

#: The course id written to nbgrader_config.py.
COURSE = "card-shuffling"
_CHECK_LINE = re.compile(r"^\s*(check_\w+\(.*\))\s*$")
_CONFIG = '''c = get_config()  # noqa: F821 (nbgrader's config object)
c.CourseDirectory.course_id = "{course}"
c.CourseDirectory.root = "."
# Every cell of a lesson runs in a fresh kernel when graded; the lessons draw figures and
# walk exact laws, so give each cell time.
c.ExecutePreprocessor.timeout = 300
# The student's copy keeps the exercise's stub (above the solution region) and runs as it
# is: each check then says "not attempted yet", and its test scores 0.
c.ClearSolutions.code_stub = {{"python": "# your code here (the stub above answers TODO)"}}
'''


def _check_call(source: str) -> str | None:
    """The exercise's check call: the last line of its cell that calls a check_ function."""
    calls = [m.group(1) for line in source.splitlines() if (m := _CHECK_LINE.match(line))]
    return calls[-1] if calls else None


def _without_call(source: str, call: str) -> str:
    lines = source.rstrip().splitlines()
    kept = [line for line in lines if line.strip() != call]
    return "\n".join(kept).rstrip()


@validate_arguments
def exercise_pairs(nb: nbformat.NotebookNode) -> list[tuple[int, int]]:
    """(exercise cell, solution cell) index pairs: a TODO stub with a check, its solution next."""
    pairs = []
    for index, (cell, after) in enumerate(zip(nb.cells, nb.cells[1:])):
        if (cell.cell_type == "code" and "TODO" in cell.source and _check_call(cell.source)
                and "solution" not in cell.metadata.get("tags", [])
                and "solution" in after.metadata.get("tags", [])):
            pairs.append((index, index + 1))
    return pairs


def _meta(grade_id: str, *, solution: bool, points: int = 0) -> dict:
    meta = {"grade": points > 0, "grade_id": grade_id, "locked": not solution,
            "schema_version": 3, "solution": solution}
    if points:
        meta["points"] = points
    return meta


@validate_arguments
def assignment(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The lesson as an nbgrader source notebook (a new notebook; ``nb`` is left as it was).

    The core's exercises are graded (an answer cell, then a locked test cell worth a point);
    those of "Going further" are optional: an answer cell whose check still answers the
    student, and no test cell.
    """
    nb = nbformat.from_dict(nb)
    pairs = dict(exercise_pairs(nb))
    optional = {id(cell) for cell in going_further(nb)}
    cells = []
    for index, cell in enumerate(nb.cells):
        if "solution" in cell.metadata.get("tags", []):
            continue
        cell.metadata.pop("nbgrader", None)
        if index not in pairs:
            cells.append(cell)
            continue
        call = _check_call(cell.source)
        solution = cell_code(nb.cells[pairs[index]].source).strip("\n")
        stub = _without_call(cell.source, call)
        answer = nbformat.v4.new_code_cell(
            f"{stub}\n### BEGIN SOLUTION\n{_without_call(solution, call)}\n### END SOLUTION",
            id=f"{cell.id}-answer")
        answer.metadata["nbgrader"] = _meta(f"{cell.id}-answer", solution=True)
        if id(cell) in optional:
            answer.source += f"\n\n{call}  # optional: not graded"
            cells.append(answer)
            continue
        test = nbformat.v4.new_code_cell(
            f"feedback = {call}\nprint(feedback)\nassert feedback.ok, 'see the feedback above'",
            id=f"{cell.id}-test")
        test.metadata["nbgrader"] = _meta(f"{cell.id}-test", solution=False, points=1)
        cells += [answer, test]
    nb.cells = cells
    return nb


@validate_arguments
def write_course(paths: list[Path], out: Path) -> list[Path]:
    """Write the course folder for the lessons ``paths`` to ``out``; return the notebooks."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "nbgrader_config.py").write_text(_CONFIG.format(course=COURSE), encoding="utf-8")
    written = []
    for path in paths:
        folder = out / "source" / path.stem
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / path.name
        nbformat.write(assignment(nbformat.read(path, as_version=4)), target)
        for name in COMPANIONS:  # the pages the lesson links to go with it to the students
            if (path.parent / name).is_file():
                shutil.copy(path.parent / name, folder / name)
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    prog = "cardlib-course grading"
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    parser.add_argument("--notebooks", default=Path("notebooks"), type=Path, metavar="DIR",
                        help="the folder of the lessons (default: notebooks)")
    parser.add_argument("--out", default=Path("build/nbgrader"), type=Path, metavar="DIR",
                        help="the course folder to write (default: build/nbgrader)")
    args = parser.parse_args(argv)
    try:
        paths = find_lessons(args.notebooks, [])
    except ValueError as error:
        print(f"{prog}: {error}; give the lessons' folder with --notebooks DIR", file=sys.stderr)
        return 2
    written = write_course(paths, args.out)
    exercises = sum(len(exercise_pairs(nbformat.read(p, as_version=4))) for p in paths)
    print(f"wrote {len(written)} assignments ({exercises} graded exercises) to {args.out}/; "
          f"then, in that folder: nbgrader generate_assignment <lesson>")
    return 0


if __name__ == "__main__":
    sys.exit(main())
