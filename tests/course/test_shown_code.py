"""The code a lesson shows reads like CPython's ``random.shuffle``: the algorithm, a docstring,
a doctest, and no more lines of checks than lines of algorithm.

For every function a lesson passes to ``widgets.show_source`` (in a code cell, or named in its
prose as one to run), the lines of its body are counted: a check line raises, asserts, is an
``if`` that only raises, or calls an argument validator of :mod:`cardlib.validation`; every
other line of code is algorithm. A function's argument checks belong outside that body (the
decorator :func:`cardlib.validation.validate_arguments`), so that they stay out of the listing.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import re
import textwrap
from pathlib import Path

import pytest

from cardlib import validation

ROOT = Path(__file__).resolve().parents[2]
SHOWN = re.compile(r"show_source\(\s*([A-Za-z_][\w.]*)\s*\)")
#: The argument validators: a statement that calls one is a check line.
VALIDATORS = {name for name in validation.__all__
              if inspect.isfunction(getattr(validation, name))} - {"validate_arguments"}


def shown_names() -> list[str]:
    """The dotted names the lessons pass to show_source, in code cells and in their prose."""
    found = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            found += SHOWN.findall("".join(cell["source"]))
    return list(dict.fromkeys(found))


def resolve(dotted: str):
    """``shuffles.knuth_shuffle`` is cardlib.shuffles's; ``random.Random.shuffle`` CPython's."""
    first, *rest = dotted.split(".")
    try:
        obj = importlib.import_module(f"cardlib.{first}")
    except ImportError:
        obj = importlib.import_module(first)
    for part in rest:
        obj = getattr(obj, part)
    return obj


def _is_check(node: ast.stmt) -> bool:
    if isinstance(node, (ast.Raise, ast.Assert)):
        return True
    if isinstance(node, ast.If):
        return all(isinstance(s, ast.Raise) for s in node.body) and (
            not node.orelse or all(_is_check(s) for s in node.orelse))
    if isinstance(node, (ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Return)):
        return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                   and n.func.id in VALIDATORS for n in ast.walk(node))
    return False


def line_counts(source: str) -> tuple[int, int]:
    """(check lines, algorithm lines) of the body of the function defined in ``source``."""
    tree = ast.parse(textwrap.dedent(source))
    function = next(n for n in ast.walk(tree)
                    if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]  # the docstring
    if not body:
        return 0, 0
    lines = textwrap.dedent(source).splitlines()
    code = {number for number in range(body[0].lineno, body[-1].end_lineno + 1)
            if lines[number - 1].strip() and not lines[number - 1].strip().startswith("#")}
    checks: set[int] = set()

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            if _is_check(node):
                checks.update(range(node.lineno, node.end_lineno + 1))
                continue
            for field in ("body", "orelse", "finalbody"):
                visit(getattr(node, field, []))
            for handler in getattr(node, "handlers", []):
                visit(handler.body)

    visit(body)
    return len(checks & code), len(code - checks)


def test_the_counter_tells_checks_from_algorithm():
    source = '''
    def draw(deck, k, rng=None):
        """Draw k cards."""
        k = whole_number("k", k)
        pile = sequence("deck", deck)
        if k > len(pile):
            raise ValueError(
                "too many")
        # Invariant: a comment is no line of code.
        drawn = []
        for _ in range(k):
            drawn.append(pile.pop(rng.randrange(len(pile))))
        return drawn, pile
    '''
    assert line_counts(source) == (5, 4)


def test_the_lessons_show_cardlib_functions():
    names = shown_names()
    assert "shuffles.knuth_shuffle" in names and "tree.walk" in names
    assert sum(name.split(".")[0] != "random" for name in names) >= 4


@pytest.mark.parametrize("dotted", shown_names())
def test_a_shown_function_holds_more_algorithm_than_checks(dotted):
    function = resolve(dotted)
    checks, algorithm = line_counts(inspect.getsource(inspect.unwrap(function)))
    assert algorithm > 0
    assert checks <= algorithm, f"{dotted}: {checks} check lines, {algorithm} of algorithm"


@pytest.mark.parametrize("dotted", [n for n in shown_names() if not n.startswith("random.")])
def test_a_shown_cardlib_function_has_a_docstring_a_doctest_and_validated_arguments(dotted):
    function = resolve(dotted)
    inner = inspect.unwrap(function)
    assert inspect.getdoc(inner) and ">>> " in inspect.getdoc(inner), dotted
    # Its arguments are validated before the body runs, by the decorator the listing shows.
    assert inner is not function
    assert "@validate_arguments" in inspect.getsource(inner)
