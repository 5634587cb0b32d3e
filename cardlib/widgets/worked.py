"""Answers that wait for the learner: worked solutions and results that follow a prediction.

A lesson's first code cell loads two cell magics with ``%load_ext cardlib.widgets``.

``%%solution`` is the first line of a cell that holds an exercise's worked solution. Run
(Run All, or Shift+Enter down the lesson) it runs nothing and shows one button, "Show the
worked solution": no answer and no ✓ under an exercise the learner has not touched, and a
collapsed cell shows only its neutral first line. A click shows the code and runs it beside
the learner's work, in a copy of the lesson's names, so the learner's own ``my_shuffle``
stays theirs; a second click hides it. A lecturer shows it on the projector the same way.

``%%reveal`` is the first line of a cell whose picture or printout answers the prediction
above it. Its code runs as usual (later cells may use what it defines), but what it shows
waits under the line "Commit your prediction above to see this." until the learner commits.

The site and the tests run the lessons as Run All does, then read :func:`registered` (with
:func:`cardlib_course.kernel.worked_outputs`, appended to the lesson): every worked solution
is run then, and what each solution and each reveal shows goes to the page's "Show the
worked solution" and to the tests that check every solution earns its ✓.

>>> Worked("x = 6 * 7\\nprint(x)").outputs()
[{'output_type': 'stream', 'name': 'stdout', 'text': '42\\n'}]
"""

from __future__ import annotations

import ast
import sys
import traceback
from dataclasses import dataclass, field

import ipywidgets as widgets
from IPython import get_ipython
from IPython.display import display

from ..validation import validate_arguments
from .predict import open_prediction

__all__ = ["SOLUTION", "REVEAL", "MAGICS", "Worked", "Recorder", "SolutionButton", "solution",
           "reveal", "registered", "load_ipython_extension"]

#: The first lines of the two kinds of cell.
SOLUTION, REVEAL = "%%solution", "%%reveal"
MAGICS = (SOLUTION, REVEAL)
#: What the worked solutions and reveals run so far in this kernel have registered, in order.
_solutions: list[Worked] = []
_reveals: list[list[dict]] = []


class Recorder:
    """Record what code prints and displays, in order, as notebook outputs (while in a ``with``).

    >>> with Recorder() as recorded:
    ...     print("hello")
    >>> recorded.outputs
    [{'output_type': 'stream', 'name': 'stdout', 'text': 'hello\\n'}]
    """

    def __init__(self) -> None:
        self.outputs: list[dict] = []

    def write(self, name: str, text: str) -> None:
        last = self.outputs[-1] if self.outputs else {}
        if last.get("output_type") == "stream" and last["name"] == name:
            last["text"] += text
        elif text:
            self.outputs.append({"output_type": "stream", "name": name, "text": text})

    def publish(self, data, metadata=None, **_ignored) -> None:
        self.outputs.append({"output_type": "display_data", "data": dict(data),
                             "metadata": dict(metadata or {})})

    def __enter__(self) -> Recorder:
        recorder = self

        class Stream:
            def __init__(self, name):
                self.name = name

            def write(self, text):
                recorder.write(self.name, text)
                return len(text)

            def flush(self):
                pass

        def shown(value) -> None:  # a cell's last expression: its value, displayed
            if value is not None:
                recorder.publish(*shell.display_formatter.format(value))

        shell = get_ipython()
        self._saved = sys.stdout, sys.stderr, sys.displayhook, shell and shell.display_pub.publish
        sys.stdout, sys.stderr = Stream("stdout"), Stream("stderr")
        if shell is not None:
            shell.display_pub.publish, sys.displayhook = self.publish, shown
        return self

    def __exit__(self, *exc) -> None:
        sys.stdout, sys.stderr, sys.displayhook, publish = self._saved
        shell = get_ipython()
        if shell is not None:
            shell.display_pub.publish = publish


def _run(code: str, namespace: dict) -> None:
    """Run ``code`` in ``namespace`` as a cell: the value of a last expression is displayed."""
    tree = ast.parse(code, "<worked solution>")
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "<worked solution>", "exec"), namespace)  # noqa: S102 (the lesson's code)
    if last is not None:
        value = eval(compile(ast.Expression(last.value), "<worked solution>", "eval"),  # noqa: S307
                     namespace)
        if value is not None:
            display(value)


def _replay(outputs: list[dict]) -> None:
    """Show recorded outputs again (into whatever output area is current)."""
    for output in outputs:
        if output["output_type"] == "stream":
            (sys.stderr if output["name"] == "stderr" else sys.stdout).write(output["text"])
        else:
            display(output["data"], metadata=output["metadata"], raw=True)


@dataclass
class Worked:
    """One worked solution: its code, and the lesson's names as they were when its cell ran."""

    code: str
    namespace: dict = field(default_factory=lambda: {"__name__": "__main__"})

    def outputs(self, names: dict | None = None) -> list[dict]:
        """Run the solution in a copy of ``names`` (default: its own); what it printed and
        showed, as notebook outputs (an exception it raised, as an error output)."""
        if names is not None and not isinstance(names, dict):
            raise TypeError(f"names must be a dict of names, not {type(names).__name__}")
        with Recorder() as recorded:
            try:
                _run(self.code, dict(self.namespace if names is None else names))
            except Exception as error:  # noqa: BLE001 - reported as the output it is
                recorded.outputs.append({
                    "output_type": "error", "ename": type(error).__name__, "evalue": str(error),
                    "traceback": traceback.format_exception(error)})
        return recorded.outputs


def _html(markup: str) -> dict:
    return {"output_type": "display_data", "metadata": {},
            "data": {"text/html": markup, "text/plain": ""}}


class SolutionButton(widgets.VBox):
    """"Show the worked solution": a click shows the code and runs it; another hides it."""

    def __init__(self, worked: Worked) -> None:
        if not isinstance(worked, Worked):
            raise TypeError(f"worked must be a Worked solution, not {type(worked).__name__}")
        self.worked = worked
        self.button = widgets.Button(description="Show the worked solution",
                                     layout=widgets.Layout(width="auto"))
        self.shown = widgets.Output()
        self.button.on_click(lambda _: self.toggle())
        super().__init__([self.button, self.shown])
        self.add_class("cardlib-solution")

    def toggle(self) -> bool:
        """Show the solution if hidden, hide it if shown; return whether it is shown now."""
        if self.shown.outputs:
            self.shown.outputs = ()
            self.button.description = "Show the worked solution"
            return False
        self.button.description = "Hide the worked solution"
        shell = get_ipython()
        names = shell.user_ns if shell is not None else self.worked.namespace
        self.shown.outputs = (
            {"output_type": "display_data", "metadata": {},
             "data": {"text/markdown": f"```python\n{self.worked.code}\n```",
                      "text/plain": self.worked.code}},
            _html("<i>Run beside your work, on a copy of the lesson's names: your own names "
                  "are unchanged.</i>"),
            *self.worked.outputs(names))
        return True

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/plain"] = "A worked solution, behind a button: run this cell in JupyterLab."
        return bundle


def _body(cell: str) -> str:
    return cell.strip("\n")


@validate_arguments
def solution(line: str, cell: str) -> None:
    """The ``%%solution`` cell magic: register the worked solution, show its button."""
    shell = get_ipython()
    worked = Worked(_body(cell), dict(shell.user_ns) if shell is not None else {})
    _solutions.append(worked)
    display(SolutionButton(worked))


@validate_arguments
def reveal(line: str, cell: str) -> None:
    """The ``%%reveal`` cell magic: run the cell, hold what it shows until the prediction above
    it is committed (at once when there is none open)."""
    shell = get_ipython()
    with Recorder() as recorded:
        result = shell.run_cell(_body(cell), store_history=False)
    _reveals.append(recorded.outputs)
    waiting = open_prediction()
    if waiting is None:
        _replay(recorded.outputs)
    else:
        note = widgets.HTML("<i>Commit your prediction above to see this.</i>")
        shown = widgets.Output()
        box = widgets.VBox([note, shown])
        box.add_class("cardlib-after-prediction")

        def show() -> None:
            note.value = ""
            shown.outputs = tuple(recorded.outputs)

        waiting.on_commit(show)
        display(box)
    if result.error_before_exec or result.error_in_exec:
        result.raise_error()


def registered() -> tuple[list[Worked], list[list[dict]]]:
    """The worked solutions and the reveals' outputs registered in this kernel, in lesson order
    (:func:`cardlib_course.kernel.worked_outputs` runs the solutions for the site and the tests)."""
    return list(_solutions), [list(outputs) for outputs in _reveals]


def load_ipython_extension(shell) -> None:
    """``%load_ext cardlib.widgets``: register ``%%solution`` and ``%%reveal``."""
    if not callable(getattr(shell, "register_magic_function", None)):
        raise TypeError(f"shell must be an IPython shell, not {type(shell).__name__}")
    shell.register_magic_function(solution, "cell", "solution")
    shell.register_magic_function(reveal, "cell", "reveal")
