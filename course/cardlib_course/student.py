"""The student edition: the lessons without their worked solutions (``make student``).

Cells tagged ``solution`` are removed with nbconvert's TagRemovePreprocessor and
every output is cleared; the notebooks are written to ``build/student/`` with
``references.md`` and ``glossary.md`` beside them, so that the lessons' links to them work.
Run top to bottom, every exercise check there answers "not attempted yet".

    python -m cardlib_course.student [--notebooks notebooks] [--out build/student] [NOTEBOOK ...]

Run outside the repository, give the lessons' folder with ``--notebooks DIR``;
finding no lesson is an error, not an empty edition.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path

import nbformat
from nbconvert.exporters import NotebookExporter
from nbconvert.preprocessors import ClearOutputPreprocessor, TagRemovePreprocessor

from cardlib.validation import validate_arguments

from .page import COMPANIONS
from .run import find_lessons

__all__ = ["SOLUTION_TAG", "student_notebook", "write_student_edition", "main"]

#: The tag of a cell that holds a worked solution.
SOLUTION_TAG = "solution"


@validate_arguments
def student_notebook(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Return a copy of ``nb`` without solution cells and without outputs."""
    exporter = NotebookExporter()
    exporter.register_preprocessor(TagRemovePreprocessor(remove_cell_tags={SOLUTION_TAG}),
                                   enabled=True)
    exporter.register_preprocessor(ClearOutputPreprocessor(), enabled=True)
    body, _ = exporter.from_notebook_node(nbformat.from_dict(nb))
    return nbformat.reads(body, as_version=4)


def write_student_edition(paths: Iterable[Path], out: str | Path = "build/student") -> list[Path]:
    """Write the student edition of each notebook to ``out``; return the notebooks written.

    The pages beside the notebooks that their links point to (``references.md``,
    ``glossary.md``) are copied to ``out`` too.
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    paths = [Path(path) for path in paths]
    written = []
    for path in paths:
        nb = student_notebook(nbformat.read(path, as_version=4))
        target = out / path.name
        nbformat.write(nb, target)
        written.append(target)
    for name in COMPANIONS:
        for folder in dict.fromkeys(path.parent for path in paths):
            if (folder / name).is_file():
                shutil.copy(folder / name, out / name)
                break
    return written


def main(argv: list[str] | None = None) -> int:
    prog = "cardlib-course student"
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, metavar="NOTEBOOK",
                        help="notebooks to write (default: the NN_*.ipynb lessons of --notebooks)")
    parser.add_argument("--notebooks", default=Path("notebooks"), type=Path, metavar="DIR",
                        help="the folder of the lessons, references.md and glossary.md "
                             "(default: notebooks)")
    parser.add_argument("--out", default=Path("build/student"), type=Path, metavar="DIR",
                        help="where to write the edition (default: build/student)")
    args = parser.parse_args(argv)
    try:
        paths = find_lessons(args.notebooks, args.files)
    except ValueError as error:
        hint = "" if args.files else "; give the lessons' folder with --notebooks DIR"
        print(f"{prog}: {error}{hint}", file=sys.stderr)
        return 2
    written = write_student_edition(paths, args.out)
    copied = [name for name in COMPANIONS if any((p.parent / name).is_file() for p in paths)]
    print(f"wrote {len(written)} notebooks without solutions"
          f"{' and ' + ', '.join(copied) if copied else ''} to {args.out}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
