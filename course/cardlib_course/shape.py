"""The shape of a lesson: a 45-minute core, then "Going further".

Every lesson opens with its objectives (a Markdown cell tagged ``objectives``, with
**You need** and **Time**), then its core: at most :data:`CORE_WORDS` words of prose, at
most :data:`CORE_EXERCISES` exercises, at least one prediction, ending with a
``## Recap``. Then a ``## Going further`` part (proofs, asides, history, extra exercises;
no later core needs it), and the ``## Sources``. The student edition and the grading export
read the same split: the core's exercises are graded, those of "Going further" optional.

>>> v4 = nbformat.v4
>>> nb = v4.new_notebook(cells=[v4.new_markdown_cell("# L\\n\\nWords here."),
...     v4.new_code_cell("x = TODO\\ncheck_x(x)"), v4.new_markdown_cell("## Going further"),
...     v4.new_code_cell("y = TODO\\ncheck_y(y)")])
>>> len(core(nb)), len(going_further(nb)), [len(exercises(part)) for part in (core(nb),
...                                                                     going_further(nb))]
(2, 2, [1, 1])
"""

from __future__ import annotations

import re

import nbformat

from cardlib.cells import cell_magic
from cardlib.validation import validate_arguments

__all__ = ["GOING_FURTHER", "CORE_WORDS", "CORE_EXERCISES", "CORE_CODE_LINES", "core",
           "going_further", "report", "shape_problems",
           "is_exercise", "exercises", "predictions", "prose_words"]

#: The heading (``## Going further ...``) that ends a lesson's core.
GOING_FURTHER = "Going further"
#: A core a first-year finishes in 45 minutes: at most this many words of prose ...
CORE_WORDS = 1_800
#: ... and at most this many exercises.
CORE_EXERCISES = 4
_CHECK = re.compile(r"^\s*(check_\w+|judge)\(", re.MULTILINE)
_MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+\$", re.S)
_WORD = re.compile(r"[A-Za-z0-9][\w'’.-]*|[\u3400-\u9fff]+")


def _split(nb: nbformat.NotebookNode) -> int:
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown" and re.search(rf"^##\s+{GOING_FURTHER}", cell.source,
                                                      re.M):
            return index
    return len(nb.cells)


@validate_arguments
def core(nb: nbformat.NotebookNode) -> list:
    """The lesson's core: its cells before the ``## Going further`` heading."""
    return nb.cells[:_split(nb)]


@validate_arguments
def going_further(nb: nbformat.NotebookNode) -> list:
    """The cells from the ``## Going further`` heading on (empty if there is none)."""
    return nb.cells[_split(nb):]


@validate_arguments
def is_exercise(cell: nbformat.NotebookNode) -> bool:
    """An exercise cell: code (not a worked solution) with a ``TODO`` stub and a check call."""
    return (cell.cell_type == "code" and cell_magic(cell.source) is None
            and "TODO" in cell.source and bool(_CHECK.search(cell.source)))


@validate_arguments
def exercises(cells: list[nbformat.NotebookNode]) -> list:
    """The exercise cells among ``cells``."""
    return [cell for cell in cells if is_exercise(cell)]


@validate_arguments
def predictions(cells: list[nbformat.NotebookNode]) -> list:
    """The cells among ``cells`` that ask the learner to predict."""
    return [cell for cell in cells
            if cell.cell_type == "code" and re.search(r"^prediction\(", cell.source, re.M)]


@validate_arguments
def prose_words(cells: list[nbformat.NotebookNode]) -> int:
    """Words of Markdown prose in ``cells``: formulas left out, a run of Chinese characters one
    word, the sources list left out.

    >>> prose_words([nbformat.v4.new_markdown_cell("Shuffle (洗牌) $n!$ cards, fairly.")])
    4
    """
    text = " ".join(cell.source for cell in cells if cell.cell_type == "markdown"
                    and not cell.source.lstrip().startswith("## Sources"))
    return len(_WORD.findall(_MATH.sub(" ", text)))


#: At most this many lines of code in the core (worked solutions aside).
CORE_CODE_LINES = 200
_MINUTES = {"core": re.compile(r"core[^.;\n]*?about (\d+) minutes", re.I),
            "further": re.compile(rf"{GOING_FURTHER}[^.;\n]*?about (\d+) minutes", re.I)}


def _headings(cells: list[nbformat.NotebookNode]) -> list[str]:
    return [line.strip() for cell in cells if cell.cell_type == "markdown"
            for line in cell.source.splitlines() if line.startswith("## ")]


@validate_arguments
def report(nb: nbformat.NotebookNode) -> dict:
    """What the lesson's shape is made of: words, exercises, predictions and code lines of its
    core; exercises of "Going further"."""
    inner, outer = core(nb), going_further(nb)
    code = sum(1 for cell in inner if cell.cell_type == "code" and cell_magic(cell.source)
               != "%%solution" for line in cell.source.splitlines() if line.strip())
    return {"core words": prose_words(inner), "core exercises": len(exercises(inner)),
            "core predictions": len(predictions(inner)), "core code lines": code,
            "further words": prose_words(outer), "further exercises": len(exercises(outer)),
            "further predictions": len(predictions(outer))}


@validate_arguments
def shape_problems(nb: nbformat.NotebookNode) -> list[str]:
    """What keeps the lesson from the shape above (empty when it has it)."""
    found, shape = [], report(nb)
    goals = [cell.source for cell in nb.cells if "objectives" in cell.metadata.get("tags", [])]
    if len(goals) != 1:
        return [f"one Markdown cell tagged objectives, not {len(goals)}"]
    for needed in ("**You need**", "**Time**"):
        if needed not in goals[0]:
            found.append(f"the objectives do not say {needed}")
    core_minutes = _MINUTES["core"].search(goals[0])
    if not core_minutes or int(core_minutes.group(1)) > 45:
        found.append("**Time** gives no core of at most 45 minutes ('the core about 45 minutes')")
    if not _MINUTES["further"].search(goals[0]):
        found.append("**Time** gives no time for Going further ('Going further about 20 "
                     "minutes')")
    headings = _headings(core(nb))
    if not any(heading.startswith("## Recap") for heading in headings):
        found.append("the core has no '## Recap' section")
    further = _headings(going_further(nb))
    if not further:
        found.append(f"no '## {GOING_FURTHER}' heading")
    elif not _MINUTES["further"].search(further[0]):
        found.append(f"the '## {GOING_FURTHER}' heading gives no time ('(about 20 minutes)')")
    if not any(heading.startswith("## Sources") for heading in further):
        found.append("no '## Sources' after Going further")
    if shape["core words"] > CORE_WORDS:
        found.append(f"the core has {shape['core words']} words of prose, over {CORE_WORDS}")
    if shape["core exercises"] > CORE_EXERCISES:
        found.append(f"the core has {shape['core exercises']} exercises, over {CORE_EXERCISES}")
    if shape["core predictions"] < 1:
        found.append("the core asks for no prediction")
    if shape["core code lines"] > CORE_CODE_LINES:
        found.append(f"the core has {shape['core code lines']} lines of code, over "
                     f"{CORE_CODE_LINES}")
    return found
