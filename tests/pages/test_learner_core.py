"""The learner core needs the standard library only, and runs in CPython 3.14 in the page.

The static pages run the learner's code, the exercise checks and the judge in
Pyodide (CPython 3.14 compiled to WebAssembly), which has no NumPy and can start
no thread. Two proofs:

1. In a Python where importing NumPy (and matplotlib, ipywidgets) fails, the
   learner core imports and works: the judge's verdicts are exact, the checks
   answer right and wrong.
2. In Pyodide itself, under Node.js (the same runtime the pages load, pinned and
   checked by cardlib_course.editors), the same calls give the kernel's answers.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cardlib_course import editors
from cardlib_course.mimes import VALUES_MIME

#: The modules a page needs, standard library only.
CORE = ["cardlib.validation", "cardlib.rngs", "cardlib.untrusted", "cardlib.untrusted.guard",
        "cardlib.untrusted.sandbox", "cardlib.untrusted.plain", "cardlib.untrusted.snapshot",
        "cardlib.untrusted.walk", "cardlib.exact", "cardlib.judge", "cardlib.shuffles",
        "cardlib.orders", "cardlib.steps", "cardlib.tree", "cardlib.cards", "cardlib.costs",
        "cardlib.draws", "cardlib.growth", "cardlib.cells", "cardlib.exercises",
        "cardlib.exercises.code", "cardlib.exercises.answers", "cardlib.exercises.fair",
        "cardlib.exercises.pick", "cardlib.exercises.lists", "cardlib.exercises.testing",
        "cardlib.exercises.knuth", "cardlib.riffle", "cardlib.hand", "cardlib.hand_methods",
        "cardlib.mixing", "cardlib.exercises.riffles", "cardlib.exercises.lab",
        "cardlib.exercises.hands"]

#: What both proofs run: a fair, an unfair and a not-a-shuffle verdict, a check right and
#: wrong, and a cell as the page's worker runs it.
PROGRAM = textwrap.dedent("""
    import importlib, json
    for name in CORE:
        importlib.import_module(name)
    from cardlib.judge import judge
    from cardlib.shuffles import knuth_shuffle, naive_swap_shuffle
    from cardlib.exercises.pick import check_pick_and_remove
    from cardlib.exercises.fair import check_bits_for_54
    from cardlib.cells import run_cell_json
    from cardlib import exact, hand, mixing, riffle

    def pick(deck, rng):
        pile, new = list(deck), []
        while pile:
            new.append(pile.pop(rng.randrange(len(pile))))
        return new

    def loses(deck, rng):
        deck.pop()

    found = {
        "fair": judge(knuth_shuffle).kind,
        "unfair": [judge(naive_swap_shuffle).kind, str(judge(naive_swap_shuffle).most_likely)],
        "not a shuffle": judge(loses).kind,
        "check right": check_pick_and_remove(pick).status,
        "check copy": str(check_pick_and_remove(lambda deck, rng: None)),
        "value": str(check_bits_for_54(238)),
        "float": str(check_bits_for_54(238.0)),
        "riffle then overhand": str(mixing.distance_to_uniform(mixing.compose(
            exact.exact_law(riffle.riffle, 4), exact.exact_law(hand.overhand_shuffle, 4)))),
        "cell": json.loads(run_cell_json("from cardlib.exercises.fair import "
                                         "check_bits_for_54\\ncheck_bits_for_54(54)"))["html"],
    }
    print(json.dumps(found))
""")

BLOCK = textwrap.dedent("""
    import sys
    class Block:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("numpy", "matplotlib", "ipywidgets", "IPython"):
                raise ImportError(f"{name} is blocked: the learner core must not need it")
    sys.meta_path.insert(0, Block())
""")


def _expected() -> dict:
    found = subprocess.run([sys.executable, "-c", f"CORE = {CORE!r}\n" + PROGRAM],
                           capture_output=True, text=True, timeout=120, check=True)
    return json.loads(found.stdout)


def test_the_learner_core_works_without_numpy():
    done = subprocess.run([sys.executable, "-c", BLOCK + f"CORE = {CORE!r}\n" + PROGRAM],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout)
    assert found == _expected()
    assert found["fair"] == "fair" and found["unfair"][0] == "unfair"
    assert found["not a shuffle"] == "not a shuffle" and found["check right"] == "right"
    assert "shuffle a copy" in found["check copy"] and found["value"].startswith("✓")
    assert found["float"].startswith("✗") and "is a float" in found["float"]  # one policy
    assert "✗" in found["cell"]
    assert found["riffle then overhand"] == "97/384"   # recomputed by a model of my own


def test_without_numpy_what_needs_it_says_so():
    program = BLOCK + textwrap.dedent("""
        from cardlib import mixing, riffle
        for call in (lambda: riffle.rising_counts([[0, 1]]), lambda: riffle.card_positions(3, 1, 0),
                     lambda: mixing.largest_card_distance([[1, 0], [0, 1]])):
            try:
                call()
            except ModuleNotFoundError as error:
                print(error)
    """)
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == [
        f"{what} needs NumPy, which this Python has not got (Python in the page has none): "
        "run it in JupyterLab" for what in ("rising_counts", "card_positions", "matrix")]


@pytest.fixture(scope="module")
def runtime(tmp_path_factory) -> Path:
    node = shutil.which("node")
    why = None if node else "Node.js is not installed"
    folder = tmp_path_factory.mktemp("pyodide")
    if why is None:
        why = editors.install_runtime(folder, Path("build/.pyodide-cache"))
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    return folder


def test_the_same_answers_in_pyodide_cpython_314(runtime):
    script = runtime / "run.mjs"
    program = (f"CORE = {CORE!r}\n" + PROGRAM).replace("\\", "\\\\").replace("`", "\\`")
    script.write_text(textwrap.dedent(f"""
        import {{ loadPyodide }} from "./pyodide.mjs";
        import {{ readFileSync }} from "node:fs";
        const py = await loadPyodide({{ indexURL: "{runtime}/" }});
        py.unpackArchive(new Uint8Array(readFileSync("{runtime}/cardlib.zip")), "zip");
        let out = "";
        py.setStdout({{ batched: (line) => {{ out += line + "\\n"; }} }});
        py.runPython(`import sys; print(sys.version_info[:2])`);
        py.runPython(`{program}`);
        process.stdout.write(out);
    """))
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=300,
                          cwd=runtime)
    assert done.returncode == 0, done.stderr[-2000:]
    version, answer = done.stdout.strip().splitlines()[-2:]
    assert version == "(3, 14)"
    assert json.loads(answer) == _expected()


PAGE_CELLS = textwrap.dedent("""
    import json, sys
    from cardlib.cells import run_cell
    found = []
    for lesson, cell, prelude, solution in json.load(sys.stdin):
        out = run_cell(solution, prelude)
        shown = out.get("html") or out.get("text") or ""
        found.append([lesson, cell, out["error"].splitlines()[-1:] or shown[:300]])
    print(json.dumps(found))
""")


def test_every_exercise_is_an_editor_solved_in_the_page_with_what_the_page_runs_before_it():
    """Every exercise becomes an editor on its page; answered with its worked solution, run
    as the page's worker runs it (the lesson's imports, then the earlier cells it needs or
    the values they made, :func:`cardlib_course.editors.setup`), with NumPy blocked: ✓.
    The lessons as the site executes them (shared with the other lesson tests); no browser."""
    from notebook_runner import executed, lesson_paths

    jobs, off_page = [], []
    from cardlib.cells import cell_code

    for path in lesson_paths():
        nb = executed(path)
        editors.mark_editable(nb)
        statements = editors.prelude(nb)
        for cell, after in zip(nb.cells, nb.cells[1:]):
            if not editors.is_editable(cell):
                continue
            if not cell.metadata.get(editors.EDITABLE):
                off_page.append((path.stem, cell.source.splitlines()[-1]))
            elif "solution" in after.metadata.get("tags", []):
                jobs.append([path.stem, cell.id, statements + cell.metadata[editors.SETUP],
                             cell_code(after.source)])
    assert off_page == []
    assert len(jobs) >= 40
    done = subprocess.run([sys.executable, "-c", BLOCK + PAGE_CELLS], input=json.dumps(jobs),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    wrong = [(lesson, cell, said) for lesson, cell, said in json.loads(done.stdout)
             if not (isinstance(said, str) and "✓" in said)]
    assert wrong == []


def test_a_cell_that_needs_numpy_gives_way_to_the_values_it_made():
    import nbformat
    v4 = nbformat.v4
    nb = v4.new_notebook(cells=[
        v4.new_code_cell("import numpy as np\nfrom fractions import Fraction"),
        v4.new_code_cell("found = [int(x) for x in np.arange(3)]\nseen = Fraction(1, 3)"),
        v4.new_code_cell("share = TODO\ncheck_share(share, found)"),
        v4.new_code_cell("share = found[0]\ncheck_share(share, found)",
                         metadata={"tags": ["solution"]})])
    assert editors.setup(nb, 2) == [nb.cells[0].source, nb.cells[1].source]  # no values
    values = {"found": "[0, 1, 2]", "seen": "Fraction(1, 3)"}
    assert editors.setup(nb, 2, values) == ["found = [0, 1, 2]"]   # only what it reads
    nb.cells[1].outputs = [v4.new_output("display_data", {VALUES_MIME: values})]
    assert editors.values_shown(nb) == values
    nb.cells[2].source = "share = TODO\ncheck_share(share, seen)"
    nb.cells[3].source = "share = seen\ncheck_share(share, seen)"
    assert editors.setup(nb, 2, values) == ["from fractions import Fraction\nseen = Fraction(1, 3)"]
    # The kernel shows a value as the lesson ends: a name bound again later gets no stand-in.
    nb.cells.append(v4.new_code_cell("seen = seen / 2"))
    assert editors.setup(nb, 2, values) == [nb.cells[0].source, nb.cells[1].source]


def test_the_kernel_shows_only_values_that_its_repr_makes_again():
    from fractions import Fraction

    import numpy as np

    from cardlib_course import kernel
    namespace = {"found": [300, None, 1000], "law": {(0, 1): Fraction(1, 2)}, "name": "riffle",
                 "decks": np.zeros((2, 2)), "p": np.float64(0.5), "big": list(range(10**4)),
                 "_hidden": 1, "shuffle": sorted, "np": np}
    shown = kernel.plain_values(namespace)
    assert shown == {"found": "[300, None, 1000]", "law": "{(0, 1): Fraction(1, 2)}",
                     "name": "'riffle'"}


def test_every_lesson_with_the_judge_lets_the_learner_judge_a_shuffle_of_their_own():
    """Where a lesson calls the judge, one of its cells is an editor (on the page too) that
    defines a shuffle and judges it."""
    import ast

    import nbformat
    from notebook_runner import lesson_paths

    for path in lesson_paths():
        cells = [cell for cell in nbformat.read(path, as_version=4).cells
                 if cell.cell_type == "code" and "solution" not in cell.metadata.get("tags", [])]
        if not any("judge(" in cell.source for cell in cells):
            continue
        own = []
        for cell in cells:
            if editors.EDITABLE_TAG not in cell.metadata.get("tags", []):
                continue
            tree = ast.parse(cell.source)
            defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
            judged = {node.args[0].id for node in ast.walk(tree) if isinstance(node, ast.Call)
                      and getattr(node.func, "id", None) == "judge" and node.args
                      and isinstance(node.args[0], ast.Name)}
            own += sorted(defined & judged)
        assert own, f"{path.name} calls the judge but has no editable cell judging a shuffle"
