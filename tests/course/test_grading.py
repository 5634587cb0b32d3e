"""The nbgrader export (cardlib_course.grading): each exercise an answer cell and a test cell
worth a point, the solutions only where nbgrader strips them, and a real nbgrader run that
gives a worked lesson full marks and the student's copy none."""

import importlib
import inspect
import os
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from cardlib_course.grading import assignment, exercise_pairs, write_course
from cardlib_course.run import find_lessons
from cardlib_course.shape import core

ROOT = Path(__file__).resolve().parents[2]
LESSONS = find_lessons(ROOT / "notebooks", [])


def _core_pairs(lesson) -> list:
    """The (exercise, solution) pairs of the lesson's core (graded; Going further's are not)."""
    inside = {id(cell) for cell in core(lesson)}
    return [(e, s) for e, s in exercise_pairs(lesson) if id(lesson.cells[e]) in inside]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_exercise_becomes_an_answer_and_a_core_one_a_test_worth_a_point(path):
    """Every exercise an answer cell; those of the core a locked test worth a point each;
    those of Going further optional: their check still answers, and nothing is graded."""
    lesson = nbformat.read(path, as_version=4)
    pairs, graded_pairs = exercise_pairs(lesson), _core_pairs(lesson)
    assert graded_pairs, f"{path.name} has no exercise in its core with a solution after it"
    graded = assignment(lesson)
    kinds = [cell.metadata.get("nbgrader", {}) for cell in graded.cells]
    answers = [cell for cell, meta in zip(graded.cells, kinds) if meta.get("solution")]
    tests = [cell for cell, meta in zip(graded.cells, kinds) if meta.get("grade")]
    assert len(answers) == len(pairs) and len(tests) == len(graded_pairs)
    assert all(meta["points"] == 1 and meta["locked"] for meta in kinds if meta.get("grade"))
    for answer in answers:  # the stub, then the solution region; a check only if optional
        head, region = answer.source.split("### BEGIN SOLUTION")
        assert "TODO" in head and "### END SOLUTION" in region
        after = region.split("### END SOLUTION")[1]
        assert after.strip() == "" or after.strip().endswith("# optional: not graded")
    assert sum("# optional: not graded" in a.source for a in answers) == len(pairs) - len(
        graded_pairs)
    assert all("assert feedback.ok" in test.source for test in tests)
    assert not any("solution" in cell.metadata.get("tags", []) for cell in graded.cells)
    assert len(graded.cells) == len(lesson.cells) - len(pairs) + len(graded_pairs)
    assert lesson == nbformat.read(path, as_version=4)  # the lesson itself is left alone


#: python -m nbgrader, without rfc3987_syntax (3 s of CPU as jsonschema imports it, for IRI
#: formats nbgrader never checks: see cardlib_course/__main__.py).
NBGRADER = ("import sys; sys.modules['rfc3987_syntax'] = None; "
            "from nbgrader.apps.nbgraderapp import main; main()")


def _nbgrader(folder: Path, *args: str) -> str:
    bin_dir = str(Path(sys.executable).parent)  # nbgrader's alembic runs from PATH
    done = subprocess.run([sys.executable, "-c", NBGRADER, *args], cwd=folder,
                          env={**os.environ, "PATH": bin_dir + os.pathsep + os.environ["PATH"]},
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stderr


def test_nbgrader_gives_the_worked_lesson_full_marks_and_the_stubs_none(tmp_path):
    pytest.importorskip("nbgrader", reason="the grading extra (pip install .[grading])")
    from nbgrader.api import Gradebook

    (lesson,) = [path for path in LESSONS if path.stem.endswith("list_growth")]
    name = lesson.stem
    write_course([lesson], tmp_path)
    _nbgrader(tmp_path, "generate_assignment", name)
    released = tmp_path / "release" / name / lesson.name
    text = released.read_text(encoding="utf-8")
    assert "### BEGIN SOLUTION" not in text and "TODO" in text
    for student, source in [("ada", tmp_path / "source" / name / lesson.name),
                            ("bo", released)]:
        folder = tmp_path / "submitted" / student / name
        folder.mkdir(parents=True)
        shutil.copy(source, folder / lesson.name)
    _nbgrader(tmp_path, "autograde", name)  # which adds the students it finds
    exercises = len(_core_pairs(nbformat.read(lesson, as_version=4)))
    with Gradebook(f"sqlite:///{tmp_path / 'gradebook.db'}") as gradebook:
        ada, bo = (gradebook.find_submission(name, s) for s in ("ada", "bo"))
        assert ada.max_score == exercises
        assert (ada.score, bo.score) == (exercises, 0)


# The value exercises whose answer is one number, and that number (kept here, in the tests,
# which are not part of the package).
SEALED = [("fair", "check_stride_orders", 40), ("fair", "check_tie_chance", Fraction(4, 9)),
          ("pick", "check_hand_chance", Fraction(1, 20)), ("lists", "check_half_bound", 3),
          ("testing", "check_expected_count", 2000), ("testing", "check_date_seeds", 365),
          ("testing", "check_modulo_chance", Fraction(3, 16)),
          ("fair", "check_bounded_retry", Fraction(4, 27))]


@pytest.mark.parametrize("module, name, answer", SEALED, ids=[s[1] for s in SEALED])
def test_a_check_does_not_show_its_answer_to_check_questionmarks(module, name, answer):
    check = getattr(importlib.import_module(f"cardlib.exercises.{module}"), name)
    assert check(answer).ok
    source = inspect.getsource(check)
    if isinstance(answer, Fraction):
        shows = f"Fraction({answer.numerator}, {answer.denominator})" in source
    else:  # check_value(answer, 40, ...) or expected = 40
        shows = re.search(rf"(answer,|expected =)\s*{answer}\b", source) is not None
    assert not shows, f"{name} shows {answer} in its code"
