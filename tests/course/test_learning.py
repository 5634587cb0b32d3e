"""The learner's part: feedback from checks, predictions, solutions and the student edition."""

from fractions import Fraction

import nbformat
import pytest
from notebook_runner import lesson_paths

from cardlib.exercises import TODO, Feedback, attempted_function, compare_value, is_todo
from cardlib.widgets import prediction
from cardlib_course import build, student
from cardlib_course.run import execute


def test_feedback_says_right_wrong_or_not_attempted():
    assert compare_value(TODO, 27, "paths").status == "todo"
    assert compare_value(27, 27, "paths").ok
    wrong = compare_value(9, 27, "paths", hint="three draws", where="section 4")
    assert wrong.status == "wrong" and "Hint: three draws" in str(wrong)
    assert "section 4" in str(wrong)
    assert compare_value(True, 1, "a count").status == "wrong"  # a bool is not a count
    # One float policy: the exercises ask for exact values, so a float is never right; it is
    # told how near it is, and how to write the value exactly.
    nearest = compare_value(1 / 6, Fraction(1, 6), "a probability")
    assert nearest.status == "wrong" and "the float nearest to the right value" in nearest.message
    assert "Fraction(a, b)" in nearest.message
    rounding = compare_value(1 / 2 - 1 / 3, Fraction(1, 6), "a probability")
    assert rounding.status == "wrong" and "by rounding only" in rounding.message
    rounded = compare_value(0.167, Fraction(1, 6), "a probability")
    assert rounded.status == "wrong" and "rounded float" in rounded.message
    assert "Fraction" in rounded.message
    far = compare_value(0.5, Fraction(1, 6), "a probability", hint="count the paths")
    assert "not within 2%" in far.message and "Hint: count the paths" in far.message
    as_float = compare_value(1 - Fraction(0.99) ** 20, 1 - Fraction(99, 100) ** 20, "p")
    assert "Fraction(99, 100)" in as_float.message and len(as_float.message) < 300
    tiny = compare_value(Fraction(1, 2**400), Fraction(1, 3), "p")  # a wrong Fraction, just wrong
    assert tiny.message.endswith("is not right.") and "float" not in tiny.message
    for given in (663.0, 3 / 16):  # equal to the value, but floats: right only by luck
        said = compare_value(given, Fraction(int(given * 16), 16), "x").message
        assert "equal to the right value" in said
    assert "whole number, an int" in compare_value(663.0, 663, "moves").message
    assert "✓" in right_html() and "cardlib-feedback-right" in right_html()
    with pytest.raises(ValueError, match="status must be"):
        Feedback("maybe", "?")


def right_html() -> str:
    return compare_value(3, 3, "x")._repr_html_()


def test_todo_is_found_in_answers_and_stub_functions():
    assert is_todo(TODO) and is_todo([1, TODO]) and is_todo({"a": TODO}) and not is_todo(0)
    assert not attempted_function(lambda deck, rng: TODO)
    assert attempted_function(lambda deck, rng: None)
    assert attempted_function(lambda deck, rng: 1 / 0)  # an attempt that fails: the check says why


def test_prediction_reveals_only_after_a_choice():
    p = prediction("Which order is likeliest?", ["012", "021", "102"], "021", "It has 5 paths.")
    assert p.result.value == "" and p.button.disabled
    p.picker.value = "012"
    assert not p.button.disabled
    p.button.click()
    assert "Not quite: the answer is 021" in p.result.value and p.picker.disabled
    page = p._repr_mimebundle_()["text/html"]
    assert "5 paths" not in page and "<details" not in page and 'type="radio"' in page
    with pytest.raises(ValueError, match="not among the choices"):
        prediction("?", ["a", "b"], "c", "")


def test_every_prediction_cell_is_collapsed_in_the_lessons():
    """A prediction's arguments hold its answer: its cell's code is collapsed in JupyterLab."""
    import re

    found = 0
    for path in lesson_paths():
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code" and re.search(r"^prediction\(", cell.source, re.M):
                found += 1
                assert cell.metadata.get("jupyter", {}).get("source_hidden"), (path.name,
                                                                                cell.source[:60])
    assert found >= 20


def _learning_notebook(tmp_path):
    v4 = nbformat.v4
    nb = v4.new_notebook(cells=[
        v4.new_markdown_cell("# Sample\n\nOne prediction, its result, one exercise."),
        v4.new_code_cell('%load_ext cardlib.widgets\nfrom cardlib.widgets import prediction\n'
                         'p = prediction("Paths?", [6, 27], 27, "3 x 3 x 3.")\np'),
        v4.new_code_cell('%%reveal\npaths = 3 ** 3\nprint(f"{paths} paths")\npaths * 2'),
        v4.new_code_cell("from cardlib.exercises import TODO, compare_value\n"
                         "answer = TODO\ncompare_value(answer, 27, 'paths')"),
        v4.new_code_cell("%%solution\nanswer = 27\ncompare_value(answer, 27, 'paths')",
                         metadata={"tags": ["solution"], "jupyter": {"source_hidden": True}}),
    ])
    path = tmp_path / "01_sample.ipynb"
    nbformat.write(nb, path)
    return path


def _feedback(nb) -> list[str]:
    return [output["data"]["text/plain"] for cell in nb.cells for output in cell.get("outputs", [])
            if "cardlib-feedback" in output.get("data", {}).get("text/html", "")]


def test_student_edition_drops_solutions_and_its_checks_are_not_attempted(tmp_path):
    from cardlib_course.kernel import SITE_CELL
    from cardlib_course.offline import place_worked

    path = _learning_notebook(tmp_path)
    full = execute(path, [SITE_CELL])
    assert [text[0] for text in _feedback(full)] == ["…"]   # Run All: no ✓
    assert [text[0] for text in _feedback(place_worked(nbformat.from_dict(full)))] == ["…", "✓"]
    written = student.write_student_edition([path], tmp_path / "student")
    edition = nbformat.read(written[0], as_version=4)
    assert len(edition.cells) == 4 and all(not c.get("outputs") for c in edition.cells)
    assert [text[0] for text in _feedback(execute(written[0]))] == ["…"]
    page = build.export(full, "Sample")
    opened = page[page.index('<details class="solution">'):page.index("</details>")]
    assert "Show the worked solution" in opened and "answer" in opened and "✓" in opened
    assert "%%solution" not in page and "data-cardlib-prediction" in page
    waiting = page[page.index('class="cardlib-after-prediction"'):]
    assert waiting.index("Commit your prediction") < waiting.index("hidden") < waiting.index(
        "27 paths")
    assert "application/vnd.jupyter.widget-view" not in page


WORKED_IN_A_KERNEL = """
import gc
from cardlib.widgets.worked import SolutionButton
answer = "mine"
(button,) = [o for o in gc.get_objects() if isinstance(o, SolutionButton)]
assert not button.shown.outputs and button.button.description == "Show the worked solution"
assert button.toggle() and answer == "mine"      # shown, run beside the learner's names
shown = str(button.shown.outputs)
assert "answer = 27" in shown and "✓" in shown, shown
assert not button.toggle() and not button.shown.outputs
import ipywidgets
(after,) = [o for o in gc.get_objects() if isinstance(o, ipywidgets.VBox)
            and "cardlib-after-prediction" in o._dom_classes]
waiting = after.children[1]
assert waiting.outputs == () and "Commit" in after.children[0].value, waiting.outputs
p.choose("6")
assert "27 paths" in str(waiting.outputs) and "54" in str(waiting.outputs), waiting.outputs
assert after.children[0].value == ""
print("worked ok")
"""


def test_a_solution_runs_only_when_asked_and_a_reveal_waits_for_the_prediction(tmp_path):
    """In a kernel, as in JupyterLab: Run All runs no solution and shows no reveal; the
    button shows the solution's code and ✓ without changing the learner's names, and hides it
    again; a committed prediction shows what the cell after it printed."""
    path = _learning_notebook(tmp_path)
    nb = execute(path, [WORKED_IN_A_KERNEL])
    assert nb.cells[-1].outputs[-1].get("text", "").strip() == "worked ok", nb.cells[-1].outputs


def test_cells_that_fail_are_not_hidden_by_the_magics(tmp_path):
    v4 = nbformat.v4
    nb = v4.new_notebook(cells=[v4.new_code_cell("%load_ext cardlib.widgets"),
                                v4.new_code_cell("%%reveal\n1 / 0")])
    path = tmp_path / "02_fails.ipynb"
    nbformat.write(nb, path)
    with pytest.raises(Exception, match="ZeroDivisionError"):
        execute(path)


# --- every lesson a class: a 45-minute core, then Going further ---------------------------


@pytest.mark.parametrize("path", lesson_paths(), ids=lambda p: p.stem)
def test_every_lesson_is_a_45_minute_core_then_going_further(path):
    """The shape of cardlib_course.shape: objectives with You need and honest times; a core of
    at most 1,800 words, 4 exercises and 200 lines of code, with a prediction and a Recap;
    then Going further, then Sources; a glossary link; an exercise somewhere."""
    from cardlib_course.shape import exercises, shape_problems

    nb = nbformat.read(path, as_version=4)
    assert shape_problems(nb) == []
    goals = next(c.source for c in nb.cells if "objectives" in c.metadata.get("tags", []))
    assert "(glossary.md)" in goals
    assert exercises(nb.cells)


def test_the_shape_check_can_fail():
    from cardlib_course.shape import shape_problems

    v4 = nbformat.v4
    nb = v4.new_notebook(cells=[v4.new_markdown_cell("# L\n\n" + "word " * 1900),
                                v4.new_markdown_cell("**You need**: x\n\n**Time**: about 60 "
                                                     "minutes", metadata={"tags": ["objectives"]})])
    found = " ".join(shape_problems(nb))
    for problem in ("core of at most 45", "Going further", "Recap", "over 1800", "prediction",
                    "Sources"):
        assert problem in found, problem
