"""Put JupyterLab's classroom settings into this Python's environment (make setup runs it).

    python tools/lab_settings.py

Copies ``lab/overrides.d/cardlib.json`` (no "Jupyter news?" pop-up or update check over
the figures; the panels' state saved with a lesson, so that a reopened lesson shows
them rather than "Error displaying widget: model not found") to
``<sys.prefix>/share/jupyter/lab/settings/overrides.d/``, where a JupyterLab of the
same environment reads it. ``pip install .`` puts it there by itself (a data file of
the package); an editable install (``pip install -e .``, as requirements.txt does)
does not, so run this after one. Works the same on Windows.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "lab" / "overrides.d" / "cardlib.json"


def install(prefix: str | Path = sys.prefix) -> Path:
    """Copy the settings into ``prefix``; return the file written."""
    target = Path(prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.d"
    target.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy(SOURCE, target / SOURCE.name))


if __name__ == "__main__":
    print(f"JupyterLab settings for class: {install()}")
