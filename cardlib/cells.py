"""Run a cell's code as JupyterLab would, and say what it showed: for the editors on the pages.

The static site turns each exercise cell into an editor whose Run button sends
the code to Python in the page (Pyodide, in a Web Worker). There the worker
calls :func:`run_cell`: the lesson's imports first (those that import in the
page: NumPy and matplotlib do not), then the cell, its last expression shown
the way JupyterLab shows it (the HTML of a check's Feedback or a judge's
Verdict, else its repr), with what it printed. Standard library only.

>>> out = run_cell("from fractions import Fraction\\nFraction(1, 6) + Fraction(1, 3)")
>>> out["text"], out["error"]
('Fraction(1, 2)', '')
>>> run_cell("1 / 0")["error"].splitlines()[-1]
'ZeroDivisionError: division by zero'
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import traceback

from .validation import validate_arguments

__all__ = ["CELL_MAGICS", "cell_magic", "cell_code", "run_cell", "run_cell_json"]

#: The first lines that mark a lesson's worked solutions and the results that wait for a
#: prediction (:mod:`cardlib.widgets.worked`).
CELL_MAGICS = ("%%solution", "%%reveal")


@validate_arguments
def cell_magic(source: str) -> str | None:
    """The cell magic a lesson cell starts with (``"%%solution"`` or ``"%%reveal"``), or None.

    >>> cell_magic("%%solution\\nx = 1"), cell_magic("x = 1")
    ('%%solution', None)
    """
    first = source.lstrip("\n").split("\n", 1)[0].strip()
    return first if first in CELL_MAGICS else None


@validate_arguments
def cell_code(source: str) -> str:
    """The Python of a lesson cell: its cell magic line and line magics (``%load_ext``) left out.

    >>> cell_code("%%solution\\nx = 1\\nx")
    'x = 1\\nx'
    >>> cell_code("%load_ext cardlib.widgets\\nimport math")
    '\\nimport math'
    """
    lines = source.lstrip("\n").split("\n")
    if cell_magic(source):
        lines = lines[1:]
    return "\n".join("" if line.lstrip().startswith("%") else line for line in lines)


_CELL = "<your code>"


def _prelude(statements: list[str], namespace: dict) -> list[str]:
    """Run the lesson's import statements, then the earlier cells the exercise needs, quietly;
    return those that could not run here."""
    skipped = []
    for statement in statements:
        try:
            with contextlib.redirect_stdout(io.StringIO()), \
                    contextlib.redirect_stderr(io.StringIO()):
                exec(compile(statement, "<lesson>", "exec"), namespace)  # noqa: S102
            continue
        except Exception:  # noqa: BLE001 (NumPy, matplotlib: not in the page)
            pass
        body = ast.parse(statement).body
        node = body[0] if len(body) == 1 else None
        if not isinstance(node, ast.ImportFrom) or len(node.names) < 2:
            skipped.append(statement)
            continue
        for alias in node.names:  # from cardlib import exact, plots: exact can still come
            one = ast.unparse(ast.ImportFrom(node.module, [alias], node.level))
            try:
                exec(compile(one, "<lesson imports>", "exec"), namespace)  # noqa: S102
            except Exception:  # noqa: BLE001
                skipped.append(one)
    return skipped


#: The values shown as HTML: cardlib's own verdicts, whose HTML escapes every text it holds.
#: Anything else the learner's code makes is shown as text (its repr), never as markup.
_HTML_TYPES = {"cardlib.exercises.Feedback", "cardlib.judge.Verdict"}


def _shown(value) -> dict:
    """How the page shows a cell's last value.

    >>> class Sneaky:
    ...     def _repr_html_(self):
    ...         return "<img src=x onerror=alert(1)>"
    ...     def __repr__(self):
    ...         return "Sneaky()"
    >>> _shown(Sneaky())
    {'text': 'Sneaky()'}
    """
    kind = f"{type(value).__module__}.{type(value).__qualname__}"
    html = getattr(value, "_repr_html_", None)
    if kind in _HTML_TYPES and callable(html):
        try:
            return {"html": str(html())}
        except Exception:  # noqa: BLE001 (shown as text instead)
            pass
    try:
        return {"text": repr(value)[:20_000]}
    except Exception as error:  # noqa: BLE001 (a learner's object with a broken __repr__)
        return {"text": f"<a {type(value).__name__} whose repr failed: {error!r}>"}


def _error(error: BaseException) -> str:
    """The traceback from the learner's cell down, as Python prints it."""
    frames = traceback.extract_tb(error.__traceback__)
    keep = next((k for k, frame in enumerate(frames) if frame.filename == _CELL), 0)
    lines = traceback.format_list(frames[keep:])
    return ("Traceback (most recent call last):\n" + "".join(lines)
            + "".join(traceback.format_exception_only(type(error), error)))


def run_cell(code: str, prelude: list[str] | None = None) -> dict:
    """Run ``code`` after the ``prelude`` (the lesson's imports, then the earlier cells it
    needs): {"html"/"text", "printed", "error", "skipped"}.

    Each call starts from a fresh namespace, as a cell run after the lesson's
    imports; nothing is kept between runs.
    """
    if not isinstance(code, str):
        raise TypeError(f"code must be a string, not {type(code).__name__}")
    if prelude is not None and (not isinstance(prelude, (list, tuple))
                                or not all(isinstance(s, str) for s in prelude)):
        raise TypeError("prelude must be a list of statements (strings), or None")
    namespace: dict = {"__name__": "__main__"}
    skipped = _prelude(list(prelude or []), namespace)
    printed = io.StringIO()
    answer: dict = {"printed": "", "error": "", "skipped": skipped}
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
        try:
            tree = ast.parse(code, _CELL)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, _CELL, "exec"), namespace)  # noqa: S102
            if last is not None:
                value = eval(compile(ast.Expression(last.value), _CELL, "eval"),  # noqa: S307
                             namespace)
                if value is not None:
                    answer.update(_shown(value))
        except BaseException as error:  # noqa: BLE001 (shown to the learner, as in JupyterLab)
            answer["error"] = _error(error)
    answer["printed"] = printed.getvalue()[-20_000:]
    return answer


def run_cell_json(code: str, prelude_json: str = "[]") -> str:
    """:func:`run_cell` with JSON in and out (what the page's worker calls)."""
    if not isinstance(prelude_json, str):
        raise TypeError(f"prelude_json must be a string of JSON, not {type(prelude_json).__name__}")
    statements = json.loads(prelude_json)
    if not isinstance(statements, list) or not all(isinstance(s, str) for s in statements):
        raise ValueError("prelude_json must be a JSON list of statements (strings)")
    return json.dumps(run_cell(code, statements))
