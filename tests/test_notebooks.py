"""Every lesson runs top to bottom in a fresh kernel, with no error and no warning,
and every control of every slider panel redraws at both ends of its range.

Run one lesson's test with, for example: ``pytest tests/test_notebooks.py -k 01_fair``.
"""

import json

import pytest
from notebook_runner import CHECK_ID, executed_with_check, lesson_paths

from cardlib.site.run import problems

LESSONS = lesson_paths()


def test_there_are_lessons():
    assert LESSONS, "no notebooks found in notebooks/"


@pytest.mark.notebook
@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_runs_clean_and_every_control_redraws(path):
    nb = executed_with_check(path)
    assert problems(nb) == []
    check = nb.cells[-1]
    assert check.get("id") == CHECK_ID
    printed = "".join(output.get("text", "") for output in check.outputs)
    assert printed.startswith("moved "), printed
    print(printed)


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_committed_without_outputs(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    dirty = [i for i, cell in enumerate(nb["cells"]) if cell["cell_type"] == "code"
             and (cell.get("outputs") or cell.get("execution_count") is not None)]
    assert dirty == [], f"cells with outputs or execution counts: {dirty}"
