"""The Pythons `make test` also runs the lessons and the model tests at, and the floors.

    python3 tools/pythons.py oldest   # the lowest Python that requires-python admits
    python3 tools/pythons.py newest   # the newest Python 3 on this machine (at least that)
    python tools/pythons.py floors    # pip constraints: every dependency at its floor

``oldest`` and ``newest`` print the path of a real interpreter (pyenv's versions
first, then PATH; pyenv's shims are skipped, as they refuse when several versions
match), or nothing when there is none. They run on any Python 3, so they read
pyproject.toml with a regular expression. ``floors`` needs tomllib (Python 3.11):
for each ``name>=X`` of the dependencies and of the extras it prints ``name==X``,
so that the oldest Python is tested with exactly the versions pyproject.toml
promises to work with.
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYPROJECT = os.path.join(ROOT, "pyproject.toml")
#: The newest minor version looked for.
LAST_MINOR = 20


def lowest_minor() -> int:
    """The minor version of requires-python's lower bound (3.X)."""
    with open(PYPROJECT, encoding="utf-8") as file:
        found = re.search(r'^requires-python\s*=\s*">=\s*3\.(\d+)', file.read(), re.M)
    if found is None:
        raise SystemExit('pyproject.toml: expected requires-python = ">=3.X"')
    return int(found.group(1))


def _patch(path: str) -> tuple[int, ...]:
    version = os.path.basename(os.path.dirname(os.path.dirname(path)))
    return tuple(int(part) for part in re.findall(r"\d+", version))


def candidates(minor: int) -> list[str]:
    """Interpreters of 3.minor: pyenv's (newest patch first), then those on PATH."""
    root = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    name = f"python3.{minor}"
    found = sorted(glob.glob(os.path.join(root, "versions", f"3.{minor}.*", "bin", name)),
                   key=_patch, reverse=True)
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        if folder and os.path.basename(folder.rstrip(os.sep)) != "shims":
            path = shutil.which(name, path=folder)
            if path:
                found.append(path)
    return found


def works(path: str, minor: int) -> bool:
    """True if ``path`` is Python 3.minor and can make a virtual environment with pip."""
    check = f"import sys, venv, ensurepip; assert sys.version_info[:2] == (3, {minor})"
    try:
        return subprocess.run([path, "-c", check], capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def find(minors) -> str:
    for minor in minors:
        for path in candidates(minor):
            if works(path, minor):
                return path
    return ""


def floors() -> str:
    import tomllib

    requirements = []
    for path in (PYPROJECT, os.path.join(ROOT, "course", "pyproject.toml")):
        with open(path, "rb") as file:
            project = tomllib.load(file)["project"]
        requirements += project.get("dependencies", [])
        for extra in project.get("optional-dependencies", {}).values():
            requirements += extra
    lines = []
    for requirement in requirements:
        match = re.fullmatch(r"\s*([A-Za-z0-9._-]+)(\[[^\]]*\])?\s*>=\s*([\w.]+)\s*", requirement)
        if match and not match.group(1).startswith("cardlib"):
            lines.append(f"{match.group(1)}=={match.group(3)}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in ("oldest", "newest", "floors"):
        print(__doc__.strip().splitlines()[2:5], file=sys.stderr)
        return 2
    low = lowest_minor()
    if argv[0] == "oldest":
        print(find([low]))
    elif argv[0] == "newest":
        print(find(range(LAST_MINOR, low - 1, -1)))
    else:
        print(floors())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
