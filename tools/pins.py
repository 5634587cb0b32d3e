"""Pin the class environment: python tools/pins.py (make pins) writes binder/constraints.txt.

The class environment is what Binder, a JupyterHub image and a student install from
binder/requirements.txt: cardlib and JupyterLab. This makes it afresh in a new virtual
environment at the Python that binder/runtime.txt names (found among pyenv's versions, then
on PATH), with the newest versions the registry offers, and writes every package it holds,
pinned exactly, to binder/constraints.txt, which binder/requirements.txt and the developers'
requirements.txt both read: the tests (make test, CI) run at exactly the versions a class
gets. Run it to refresh the pins, then make test, then commit both files.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pythons import candidates  # noqa: E402 (tools/pythons.py, beside this file)

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"


def runtime_python() -> str:
    """The Python binder/runtime.txt asks for (python-3.X), found on this machine."""
    wanted = re.fullmatch(r"python-3\.(\d+)", (BINDER / "runtime.txt").read_text().strip())
    if wanted is None:
        raise SystemExit("binder/runtime.txt: expected python-3.X")
    found = candidates(int(wanted.group(1)))
    if not found:
        raise SystemExit(f"no Python 3.{wanted.group(1)} on this machine (binder/runtime.txt)")
    return found[0]


def main() -> int:
    python = runtime_python()
    with tempfile.TemporaryDirectory() as scratch:
        venv = Path(scratch) / "class"
        subprocess.run([python, "-m", "venv", str(venv)], check=True)
        pip = [str(venv / "bin" / "python"), "-m", "pip", "--quiet"]
        subprocess.run([*pip, "install", "--upgrade", "pip"], check=True)
        subprocess.run([*pip, "install", str(ROOT), "jupyterlab"], check=True)
        frozen = subprocess.run([*pip, "freeze", "--all", "--exclude", "pip", "--exclude",
                                 "cardlib"], check=True, capture_output=True, text=True).stdout
        version = subprocess.run([str(venv / "bin" / "python"), "-V"], check=True,
                                 capture_output=True, text=True).stdout.strip()
    pins = sorted(line for line in frozen.splitlines() if "==" in line)
    (BINDER / "constraints.txt").write_text(
        f"# The class environment, pinned: what `pip install . jupyterlab` gave at {version} on "
        f"{date.today().isoformat()}.\n# Written by python tools/pins.py (make pins); read by "
        f"binder/requirements.txt and requirements.txt.\n" + "\n".join(pins) + "\n",
        encoding="utf-8")
    print(f"wrote {len(pins)} pins to binder/constraints.txt ({version})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
