"""The student edition: the lessons without their worked solutions (``make student``).

Cells tagged ``solution`` are removed with nbconvert's TagRemovePreprocessor and
every output is cleared; the notebooks are written to ``build/student/``. Run
top to bottom, every exercise check there answers "not attempted yet".

    python -m cardlib.site.student [--out build/student] [NOTEBOOK ...]
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path

import nbformat
from nbconvert.exporters import NotebookExporter
from nbconvert.preprocessors import ClearOutputPreprocessor, TagRemovePreprocessor

from ..checks import checked
from .run import lesson_paths

__all__ = ["SOLUTION_TAG", "student_notebook", "write_student_edition", "main"]

#: The tag of a cell that holds a worked solution.
SOLUTION_TAG = "solution"


@checked
def student_notebook(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Return a copy of ``nb`` without solution cells and without outputs."""
    exporter = NotebookExporter()
    exporter.register_preprocessor(TagRemovePreprocessor(remove_cell_tags={SOLUTION_TAG}),
                                   enabled=True)
    exporter.register_preprocessor(ClearOutputPreprocessor(), enabled=True)
    body, _ = exporter.from_notebook_node(nbformat.from_dict(nb))
    return nbformat.reads(body, as_version=4)


def write_student_edition(paths: Iterable[Path], out: str | Path = "build/student") -> list[Path]:
    """Write the student edition of each notebook to ``out``; return the files written."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path in paths:
        nb = student_notebook(nbformat.read(path, as_version=4))
        target = out / Path(path).name
        nbformat.write(nb, target)
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardlib.site.student",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path,
                        help="notebooks (default: notebooks/NN_*.ipynb)")
    parser.add_argument("--out", default="build/student", type=Path)
    args = parser.parse_args(argv)
    paths = args.notebooks or lesson_paths()
    written = write_student_edition(paths, args.out)
    print(f"wrote {len(written)} notebooks without solutions to {args.out}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
