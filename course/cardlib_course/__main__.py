"""``cardlib-course`` (or ``python -m cardlib_course``): the lecturer's commands.

    cardlib-course site     [--notebooks DIR] [--out build/html]      the static site
    cardlib-course student  [--notebooks DIR] [--out build/student]   lessons without solutions
    cardlib-course grading  [--notebooks DIR] [--out build/nbgrader]  an nbgrader course folder
    cardlib-course serve    [--dir build/html] [--port 8000]          the site over http

``cardlib-course COMMAND --help`` says more. Each reads the lessons from ``notebooks/`` unless
told otherwise, and stops with a one-line reason when it finds none.
"""

from __future__ import annotations

import sys

# nbformat validates with jsonschema, whose format checkers import rfc3987_syntax if it is
# installed (jupyter-events asks for it): it builds some 35 parsers as it is imported, about
# 3 s of CPU here, for IRI formats no notebook schema uses. Each command would pay it; none
# needs it (python-jsonschema/jsonschema#1428, opendatahub-io/notebooks#3532).
sys.modules.setdefault("rfc3987_syntax", None)

from . import build, grading, serve, student  # noqa: E402 (after the line above)

__all__ = ["COMMANDS", "main"]

#: Each command and the function that runs it with the rest of the command line.
COMMANDS = {"site": build.main, "student": student.main, "grading": grading.main,
            "serve": serve.main}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or argv[0] not in COMMANDS:
        print(__doc__.strip().split("\n\n")[1], file=sys.stdout if argv[:1] in (["-h"],
                                                                             ["--help"]) else
              sys.stderr)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    return COMMANDS[argv[0]](argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
