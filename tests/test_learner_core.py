"""The learner core needs the standard library only, and runs in CPython 3.14 in the page.

The static pages run the learner's code, the exercise checks and the judge in
Pyodide (CPython 3.14 compiled to WebAssembly), which has no NumPy and can start
no thread. Two proofs:

1. In a Python where importing NumPy (and matplotlib, ipywidgets) fails, the
   learner core imports and works: the judge's verdicts are exact, the checks
   answer right and wrong.
2. In Pyodide itself, under Node.js (the same runtime the pages load, pinned and
   checked by cardlib.site.editors), the same calls give the kernel's answers.
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

from cardlib.site import editors

#: The modules a page needs, standard library only.
CORE = ["cardlib.checks", "cardlib.rngs", "cardlib.guard", "cardlib.sandbox",
        "cardlib.generators", "cardlib.exact", "cardlib.judge", "cardlib.shuffles",
        "cardlib.orders", "cardlib.steps", "cardlib.tree", "cardlib.cards", "cardlib.costs",
        "cardlib.draws", "cardlib.growth", "cardlib.cells", "cardlib.exercises",
        "cardlib.exercises.code", "cardlib.exercises.answers", "cardlib.exercises.fair",
        "cardlib.exercises.pick", "cardlib.exercises.lists", "cardlib.exercises.testing",
        "cardlib.exercises.knuth"]

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
        "value": str(check_bits_for_54(238.0)),
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
    assert "✗" in found["cell"]


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


def test_every_editable_exercise_is_solved_in_the_page_with_what_the_page_runs_before_it():
    """Each exercise that becomes an editor on its page, answered with its worked solution,
    run as the page's worker runs it (the lesson's imports, then the earlier cells it needs,
    :func:`cardlib.site.editors.setup`), with NumPy blocked: ✓. No browser needed."""
    import nbformat
    from notebook_runner import lesson_paths

    jobs = []
    for path in lesson_paths():
        nb = nbformat.read(path, as_version=4)
        editors.mark_editable(nb)
        statements = editors.prelude(nb)
        for cell, after in zip(nb.cells, nb.cells[1:]):
            if cell.metadata.get(editors.EDITABLE) and "solution" in after.metadata.get("tags", []):
                jobs.append([path.stem, cell.id, statements + cell.metadata[editors.SETUP],
                             after.source])
    assert len(jobs) >= 30
    done = subprocess.run([sys.executable, "-c", BLOCK + PAGE_CELLS], input=json.dumps(jobs),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    wrong = [(lesson, cell, said) for lesson, cell, said in json.loads(done.stdout)
             if not (isinstance(said, str) and "✓" in said)]
    assert wrong == []
