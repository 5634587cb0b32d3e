"""Editable exercise cells on the static pages: Python in the page, offline, never a hang.

Every exercise cell (a code cell, not a solution, whose code answers ``TODO`` and calls a
check or the judge) becomes an editor on its page: an element with the attribute
``data-cardlib-editable`` holding its code in a ``textarea``, a button labelled Run,
one labelled Reset, and its output, all in the same element. Run sends the code to a
Web Worker (``cardlib-worker.mjs``) running Python in the page: Pyodide, CPython 3.14
compiled to WebAssembly, from the npm registry at build time, pinned to one version and
checked against its integrity hash, in the site's own ``pyodide/`` folder with the
learner core of cardlib (the standard-library part, zipped). The worker runs the
lesson's imports, then the cell (:func:`cardlib.cells.run_cell`), and the output shows
what JupyterLab would: the check's ✓ or ✗, the judge's verdict. A run that takes more
than :data:`RUN_SECONDS` ends the worker ("stopped after 15 s: an endless loop?"); the
next Run starts a fresh one. Edits are kept in the browser's local storage; Reset brings
the exercise's stub back. Pages opened as files cannot start WebAssembly: there the
editors say in one line how to serve the folder, and everything else works as before.
"""

from __future__ import annotations

import ast
import base64
import builtins
import functools
import hashlib
import json
import pkgutil
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

import nbformat

import cardlib
from cardlib.cells import cell_code
from cardlib.validation import validate_arguments

from .mimes import VALUES_MIME

__all__ = ["PYODIDE_VERSION", "PYODIDE_INTEGRITY", "RUNTIME", "RUN_SECONDS", "LOAD_SECONDS",
           "EDITABLE", "SETUP", "EDITABLE_TAG", "is_editable", "mark_editable", "setup",
           "page_modules", "prelude", "values_shown",
           "install_runtime",
           "learner_core_zip"]

#: The Pyodide release the pages run (CPython 3.14), and the npm registry's integrity hash of it.
PYODIDE_VERSION = "314.0.7"
PYODIDE_INTEGRITY = ("sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+"
                     "SNvi/6V5JEsOlD2R1A==")
#: The files of the package the pages need (the rest: types, source maps, consoles).
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
           "pyodide-lock.json")
#: A run of the learner's code is stopped after this many seconds (loading Python aside) ...
RUN_SECONDS = 15
#: ... and loading Python (the first Run of a page) after this many.
LOAD_SECONDS = 60
#: The metadata flag the build sets on an editable cell (in its own copy of the notebook).
EDITABLE = "cardlib_editable"
#: ... and the earlier cells its code needs (:func:`setup`), run in the page before it.
SETUP = "cardlib_setup"
#: The tag that makes any code cell editable on the page.
EDITABLE_TAG = "editable"
_CHECK = re.compile(r"^\s*(check_\w+|judge)\(", re.MULTILINE)
#: cardlib's folders that are not the learner core (they need matplotlib, ipywidgets, nbconvert).
_NOT_CORE = {"site", "widgets", "plots"}


@validate_arguments
def is_editable(cell: dict) -> bool:
    """True for an exercise cell: code, not a solution, a TODO stub and a check (or judge)
    call; or a code cell tagged ``editable`` (a "judge your own shuffle" cell)."""
    source = cell.get("source", "")
    source = "".join(source) if isinstance(source, list) else str(source)
    tags = cell.get("metadata", {}).get("tags", [])
    return cell.get("cell_type") == "code" and "solution" not in tags and (
        EDITABLE_TAG in tags or "TODO" in source and bool(_CHECK.search(source)))


@validate_arguments
def mark_editable(nb: nbformat.NotebookNode) -> int:
    """Flag the editable cells of ``nb`` (a copy the build owns); return how many.

    A cell whose check comes from a module that cannot run in the page (it needs
    NumPy) stays as it is: its check is run in JupyterLab only. So does one that builds
    on a cell needing NumPy, unless the kernel showed the values that cell made
    (:func:`values_shown`): then the page is given them.
    """
    statements, ready = prelude(nb), page_modules()
    off_page = _off_page_names(statements, ready)
    values = values_shown(nb)
    count = 0
    for index, cell in enumerate(nb.cells):
        if not is_editable(cell) or any(_module_of(name, statements) not in ready
                                        for name in _CHECK.findall(cell.source)):
            continue
        needed = setup(nb, index, values)
        sources = [cell.source, *needed]
        if index + 1 < len(nb.cells) and "solution" in nb.cells[index + 1].metadata.get("tags", []):
            sources.append(nb.cells[index + 1].source)
        if any(_names(source)[1] & off_page for source in sources):
            continue  # its solution, or what it builds on, needs NumPy: JupyterLab only
        cell.metadata[EDITABLE] = True
        cell.metadata[SETUP] = needed
        count += 1
    return count


#: Packages the page has not got, and cardlib's own modules (importable here or not).
_NOT_IN_PAGE = {"numpy", "matplotlib", "ipywidgets", "IPython"}
_MODULES = {"cardlib", *(info.name for info in pkgutil.walk_packages(
    [str(Path(cardlib.__file__).resolve().parent)], "cardlib."))}


def _off_page_names(statements: list[str], ready: frozenset) -> set:
    """The names the lesson's imports bind to modules that cannot import in the page."""
    names = set()
    for statement in statements:
        node = ast.parse(statement).body[0]
        for alias in node.names:
            bound = (alias.asname or alias.name).split(".")[0]
            module = alias.name if isinstance(node, ast.Import) else node.module or ""
            if isinstance(node, ast.ImportFrom) and f"{module}.{alias.name}" in _MODULES:
                module = f"{module}.{alias.name}"  # from cardlib import mixing: a module
            root = module.split(".")[0]
            if root in _NOT_IN_PAGE or root == "cardlib" and module not in ready:
                names.add(bound)
    return names


def _names(source: str) -> tuple[set, set]:
    """(names the code binds, names it reads), anywhere in it; empty for code that does not
    parse (a learner's stub may not)."""
    try:
        tree = ast.parse(cell_code(source))
    except SyntaxError:
        return set(), set()
    bound, read = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.alias):
            bound.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
    return bound, read


@validate_arguments
def values_shown(nb: nbformat.NotebookNode) -> dict[str, str]:
    """The plain values an executed lesson's kernel showed, name -> repr
    (:func:`cardlib_course.kernel.plain_values`); empty for a lesson not executed so."""
    for cell in nb.cells:
        for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
            shown = output.get("data", {}).get(VALUES_MIME)
            if isinstance(shown, dict):
                return {str(name): str(text) for name, text in shown.items()}
    return {}


@validate_arguments
def setup(nb: nbformat.NotebookNode, index: int, values: dict | None = None) -> list[str]:
    """The code of the earlier cells that the exercise at ``index`` (and its worked solution)
    needs: those that define a name it reads, and what those read in turn, in lesson order.

    The page runs them after the lesson's imports and before the learner's code, so that
    an exercise may use what the lesson computed above it (a cell that cannot run in the
    page, drawing a figure, say, is skipped there). A cell that needs NumPy gives way to
    the ``values`` it made, when they are given (name -> repr, :func:`values_shown`):
    ``found = [300, 1000]`` instead of the simulation that found them. The kernel shows
    each value as the lesson ends, so only a name that no other cell binds gets one.

    >>> v4 = nbformat.v4
    >>> nb = v4.new_notebook(cells=[v4.new_code_cell("import math\\nn = 6"),
    ...     v4.new_code_cell("table = [math.factorial(k) for k in range(n)]"),
    ...     v4.new_code_cell("plot(table)"), v4.new_code_cell("answer = TODO\\ncheck(table)")])
    >>> setup(nb, 3)
    ['import math\\nn = 6', 'table = [math.factorial(k) for k in range(n)]']
    """
    cells = nb.cells
    if not 0 <= index < len(cells):
        raise ValueError(f"index {index} is no cell of the notebook: it has {len(cells)}")
    stand_ins = values or {}
    off_page = _off_page_names(prelude(nb), page_modules()) if stand_ins else set()
    own = [cells[index].source]
    if index + 1 < len(cells) and "solution" in cells[index + 1].metadata.get("tags", []):
        own.append(cells[index + 1].source)
    bound, needed = set(), set()
    for source in own:
        b, r = _names(source)
        bound |= b
        needed |= r
    needed -= bound | set(dir(builtins))
    chosen = []
    for cell in reversed(cells[:index]):
        if not needed:
            break
        tags = cell.metadata.get("tags", [])
        if cell.cell_type != "code" or "solution" in tags or is_editable(cell):
            continue
        b, r = _names(cell.source)
        if b & needed and r & off_page and b & needed <= stand_ins.keys() \
                and not b & needed & _bound_elsewhere(nb, cell):
            given = "\n".join(f"{name} = {stand_ins[name]}" for name in sorted(b & needed))
            chosen.append(("from fractions import Fraction\n" if "Fraction(" in given else "")
                          + given)
            needed -= b
        elif b & needed:
            chosen.append(cell_code(cell.source))
            needed = (needed - b) | (r - b - set(dir(builtins)))
    return chosen[::-1]


def _bound_elsewhere(nb: nbformat.NotebookNode, cell) -> set:
    """The names that code cells other than ``cell`` bind (solutions included)."""
    return set().union(*(_names(other.source)[0] for other in nb.cells
                         if other is not cell and other.cell_type == "code"))


def _module_of(name: str, statements: list[str]) -> str | None:
    """The module a name is imported from by the lesson's ``from X import name`` statements."""
    for statement in statements:
        node = ast.parse(statement).body[0]
        if isinstance(node, ast.ImportFrom) and any(a.asname == name or a.name == name
                                                    for a in node.names):
            return node.module
    return None


_PROBE = """
import importlib, json, pkgutil, sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("numpy", "matplotlib", "ipywidgets", "IPython"):
            raise ImportError(name)
sys.meta_path.insert(0, Block())
import cardlib
ready = []
for info in pkgutil.walk_packages(cardlib.__path__, "cardlib."):
    if info.name.split(".")[1] in ("site", "widgets", "plots"):
        continue
    try:
        importlib.import_module(info.name)
        ready.append(info.name)
    except Exception:
        pass
print(json.dumps(ready))
"""


@functools.cache
def page_modules() -> frozenset:
    """cardlib's modules that import in the page: without NumPy, matplotlib or ipywidgets."""
    done = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True,
                          timeout=120, check=True)
    return frozenset(json.loads(done.stdout))


@validate_arguments
def prelude(nb: nbformat.NotebookNode) -> list[str]:
    """The lesson's import statements, in order: what a cell on the page runs after.

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
    ...     "import math\\nfrom fractions import Fraction\\nx = 1\\nimport numpy as np")])
    >>> prelude(nb)
    ['import math', 'from fractions import Fraction', 'import numpy as np']
    """
    found = []
    for cell in nb.cells:
        if cell.cell_type != "code" or "solution" in cell.metadata.get("tags", []) or str(
                cell.get("id", "")).startswith("extra-"):  # the cells the executor appended
            continue
        try:
            tree = ast.parse(cell_code(cell.source))
        except SyntaxError:
            continue
        found += [ast.unparse(node) for node in tree.body
                  if isinstance(node, (ast.Import, ast.ImportFrom))]
    return list(dict.fromkeys(found))


@validate_arguments
def learner_core_zip(target: Path) -> Path:
    """Zip cardlib's learner core (every module but site, widgets and plots) to ``target``."""
    package = Path(cardlib.__file__).resolve().parent
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(package.rglob("*.py")):
            relative = path.relative_to(package)
            if relative.parts[0] in _NOT_CORE:
                continue
            archive.write(path, Path("cardlib") / relative)
    return target


def _integrity(path: Path) -> str:
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode("ascii")


@validate_arguments
def install_runtime(folder: Path, cache: Path) -> str | None:
    """Put Pyodide and the learner core in ``folder``; None, or why not (one line).

    The package comes from the npm registry (``npm pack``) into ``cache`` once, and
    is refused unless its hash is the pinned one.
    """
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists():
        npm = shutil.which("npm")
        if npm is None:
            return "npm was not found, so the pages have no Python editors (install Node.js)"
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as scratch:
            done = subprocess.run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"],
                                  cwd=scratch, capture_output=True, text=True, timeout=300)
            packed = list(Path(scratch).glob("pyodide-*.tgz"))
            if done.returncode or not packed:
                why = (done.stderr.strip().splitlines() or ["no tarball"])[-1]
                return f"npm pack pyodide@{PYODIDE_VERSION} failed ({why[:120]}): no editors"
            shutil.move(str(packed[0]), tarball)
    if _integrity(tarball) != PYODIDE_INTEGRITY:
        tarball.unlink()
        return f"pyodide-{PYODIDE_VERSION}.tgz does not match its integrity hash: no editors"
    folder.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as archive:
        for name in RUNTIME:
            member = archive.getmember(f"package/{name}")
            with archive.extractfile(member) as source, open(folder / name, "wb") as out:
                shutil.copyfileobj(source, out)
    learner_core_zip(folder / "cardlib.zip")
    return None
