"""cardlib keeps its layers: model <- plots <- widgets, and the lecturer's cardlib_course above
them (a distribution of its own, in course/); imports only downward.

Read from the source (ast), so that an import hidden inside a function counts too:
- the model imports no matplotlib, ipywidgets, IPython, Jupyter, nor plots, widgets or course;
- plots import no ipywidgets or IPython, nor widgets or course; widgets do not import course;
- nothing in either package imports the tests' or tools' modules (the fuzz harness, the
  browser driver, the benchmark) or Playwright: a student's install holds none of them;
- cardlib's own modules form no import cycle, and none imports cardlib inside a function;
- no module imports another module's private (underscore) names;
- every name in ``__all__`` exists, every public function or class is in it, and
  ``from cardlib.X import *`` works for every module;
- importing a model module in a fresh interpreter loads neither matplotlib nor ipywidgets.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import cardlib
import cardlib_course

PACKAGES = ("cardlib", "cardlib_course")
LAYERS = ("model", "plots", "widgets", "course")
#: Development tooling, in tests/ and tools/: never imported by what a student or lecturer installs.
TOOLING = {"playwright", "fuzz", "browser", "bench", "notebook_runner", "site_build", "pytest"}
#: Third-party packages each layer may not import.
FORBIDDEN = {
    "model": {"matplotlib", "ipywidgets", "IPython", "PIL", "nbformat", "nbclient", "nbconvert",
              "jinja2", "fontTools", "latex2mathml", "cardlib_course"} | TOOLING,
    "plots": {"ipywidgets", "IPython", "nbformat", "nbclient", "nbconvert",
              "cardlib_course"} | TOOLING,
    "widgets": {"nbformat", "nbclient", "nbconvert", "cardlib_course"} | TOOLING,
    "course": TOOLING,
}


def _module_name(path: Path, package: Path) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p, Path(package.__file__).parent): p
           for package in (cardlib, cardlib_course)
           for p in sorted(Path(package.__file__).parent.rglob("*.py"))}
LIBRARY = sorted(name for name in MODULES if not name.endswith("__main__"))


def layer(module: str) -> str:
    parts = module.split(".")
    if parts[0] == "cardlib_course":
        return "course"
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS[1:3] else "model"


def _resolve(module: str, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    package = module if MODULES[module].name == "__init__.py" else module.rsplit(".", 1)[0]
    base = package.split(".")
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports(module: str) -> list[tuple[str, str | None, bool]]:
    """(imported module, imported name or None, inside a function?) for every import."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    found = []

    def visit(node, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            if isinstance(child, ast.Import):
                found.extend((alias.name, None, in_function) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                source = _resolve(module, child)
                for alias in child.names:
                    # "from . import exact" imports the module cardlib.exact
                    as_module = f"{source}.{alias.name}"
                    if as_module in MODULES:
                        found.append((as_module, None, in_function))
                    else:
                        found.append((source, alias.name, in_function))
            visit(child, inner)

    visit(tree, False)
    return found


def cardlib_imports(module: str, top_level_only: bool = False) -> set[str]:
    return {m for m, _, inner in imports(module)
            if m.split(".")[0] in PACKAGES and not (top_level_only and inner)}


@pytest.mark.parametrize("module", LIBRARY)
def test_imports_go_downward_only(module):
    mine = LAYERS.index(layer(module))
    for imported, _, _ in imports(module):
        top = imported.split(".")[0]
        assert top not in FORBIDDEN[layer(module)], f"{module} ({layer(module)}) imports {imported}"
        if top in PACKAGES and imported not in PACKAGES:
            assert LAYERS.index(layer(imported)) <= mine, (
                f"{module} ({layer(module)}) imports {imported} ({layer(imported)}): upward")


@pytest.mark.parametrize("module", LIBRARY)
def test_no_cardlib_import_inside_a_function(module):
    hidden = sorted(m for m, _, inner in imports(module) if inner and m.startswith("cardlib"))
    assert hidden == [], f"{module} imports {hidden} inside a function"


@pytest.mark.parametrize("module", LIBRARY)
def test_no_private_name_of_another_module(module):
    private = [f"{m}.{name}" for m, name, _ in imports(module)
               if m.startswith("cardlib") and name and name.startswith("_")]
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    modules_here = {alias.asname or alias.name for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom) and _resolve(module, node).startswith(
                        "cardlib") for alias in node.names
                    if f"{_resolve(module, node)}.{alias.name}" in MODULES}
    private += [f"{node.value.id}.{node.attr}" for node in ast.walk(tree)
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in modules_here and node.attr.startswith("_")
                and not node.attr.startswith("__")]
    assert private == [], f"{module} uses private names of other modules: {private}"


def test_no_import_cycle():
    graph = {m: {i for i in cardlib_imports(m, top_level_only=True) if i in MODULES and i != m}
             for m in LIBRARY}
    # A package imports its own submodules to re-export them: not a cycle.
    for m in graph:
        graph[m] = {i for i in graph[m] if not i.startswith(m + ".")}
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                raise AssertionError("import cycle: " + " -> ".join(path[path.index(n):] + [n]))
            if n not in state:
                visit(n)
        path.pop()
        state[m] = 2

    for m in LIBRARY:
        if m not in state:
            visit(m)


@pytest.mark.parametrize("module", LIBRARY)
def test_all_names_exist_and_star_import_works(module):
    mod = importlib.import_module(module)
    names = getattr(mod, "__all__", None)
    if module in ("cardlib", "cardlib_course"):  # docstring-only packages
        assert names is None
        return
    assert names is not None, f"{module} has no __all__"
    assert len(names) == len(set(names)), f"{module}.__all__ lists a name twice"
    missing = [n for n in names if not hasattr(mod, n)]
    assert missing == [], f"{module}.__all__ names missing things: {missing}"
    space: dict = {}
    exec(f"from {module} import *", space)  # noqa: S102
    public = [n for n, v in vars(mod).items()
              if not n.startswith("_") and (inspect.isfunction(v) or inspect.isclass(v))
              and getattr(v, "__module__", None) == module]
    assert sorted(set(public) - set(names)) == [], f"{module}: public but not in __all__"


MODEL_MODULES = [m for m in LIBRARY if layer(m) == "model" and m != "cardlib"]
#: One new Python that imports each model module in a forked child of itself (a fresh one
#: each time, without its seconds of start-up), and says what each loaded.
_WHAT_EACH_LOADS = """
import json, os, sys
import numpy  # the model may use it: imported once, before the forks (7.5 s became 2.2 s)
assert not {'matplotlib', 'ipywidgets', 'IPython'} & set(sys.modules), 'numpy loaded one'
found = {}
for module in json.loads(sys.stdin.read()):
    read, write = os.pipe()
    if os.fork() == 0:
        os.close(read)
        try:
            __import__(module)
            said = [m for m in ('matplotlib', 'ipywidgets', 'IPython') if m in sys.modules]
        except BaseException as error:
            said = ['import failed: ' + repr(error)]
        os.write(write, json.dumps(said).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read, 'rb') as pipe:
        found[module] = json.loads(pipe.read())
    os.wait()
print(json.dumps(found))
"""


@pytest.fixture(scope="module")
def loaded_by_model_modules() -> dict[str, list[str]]:
    if not hasattr(os, "fork"):
        pytest.skip("needs os.fork")
    result = subprocess.run([sys.executable, "-c", _WHAT_EACH_LOADS], capture_output=True,
                            text=True, input=json.dumps(MODEL_MODULES), timeout=300)
    assert result.returncode == 0, result.stderr[-500:]
    return json.loads(result.stdout)


@pytest.mark.parametrize("module", MODEL_MODULES)
def test_model_module_loads_no_pictures_or_widgets(module, loaded_by_model_modules):
    assert loaded_by_model_modules[module] == []


@pytest.mark.parametrize("package", sorted(
    {name.rpartition(".")[0] for name in MODULES if "." in name} & set(MODULES)))
def test_every_package_maps_all_its_modules(package):
    """A package's docstring names each of its modules: a newcomer's map, kept complete."""
    doc = importlib.import_module(package).__doc__ or ""
    modules = {name.rpartition(".")[2] for name in MODULES
               if name.rpartition(".")[0] == package and not name.endswith("__main__")}
    unnamed = sorted(m for m in modules if not re.search(rf"\b{m}\b", doc))
    assert unnamed == [], f"{package}'s docstring does not name its modules {unnamed}"


def test_every_layer_is_present():
    assert {layer(m) for m in LIBRARY} == set(LAYERS)


def test_the_checks_see_hidden_upward_and_private_imports(tmp_path, monkeypatch):
    bad = tmp_path / "bad.py"
    bad.write_text("import matplotlib.pyplot\nfrom .shuffles import _secret\n"
                   "def f():\n    from .widgets import panel\n    from . import plots\n")
    monkeypatch.setitem(MODULES, "cardlib.bad", bad)
    found = imports("cardlib.bad")
    assert ("matplotlib.pyplot", None, False) in found
    assert ("cardlib.shuffles", "_secret", False) in found
    assert ("cardlib.widgets.panel", None, True) in found and ("cardlib.plots", None, True) in found
    for check in (test_imports_go_downward_only, test_no_cardlib_import_inside_a_function,
                  test_no_private_name_of_another_module):
        with pytest.raises(AssertionError):
            check("cardlib.bad")
