"""The whole tree is clean under ruff (settings in pyproject.toml), the lessons included with
their %%solution and %%reveal cells read as the plain Python they run."""

import subprocess
import sys
from pathlib import Path

import nbformat
from notebook_runner import lesson_paths

from cardlib.cells import cell_magic

ROOT = Path(__file__).resolve().parents[2]


def _ruff(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", *args],
                          cwd=cwd, capture_output=True, text=True)


def test_ruff_finds_nothing():
    result = _ruff(".")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-1000:]


def test_ruff_finds_nothing_in_the_lessons_solutions_included(tmp_path):
    """ruff skips a cell that starts with a cell magic: each lesson is linted as a copy whose
    worked solutions and reveals are plain cells (their first line left out)."""
    for path in lesson_paths():
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:
            if cell.cell_type == "code" and cell_magic(cell.source):
                cell.source = cell.source.lstrip("\n").split("\n", 1)[1]
        nbformat.write(nb, tmp_path / path.name)
    result = _ruff("--config", str(ROOT / "pyproject.toml"), "--extend-exclude", "nothing",
                   *sorted(p.name for p in tmp_path.glob("*.ipynb")), cwd=tmp_path)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-1000:]
