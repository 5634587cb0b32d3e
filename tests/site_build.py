"""The two sites the site tests read, built once per test run, and the browser they use.

The lessons go to ``build/html`` (each lesson executed once, shared with
test_notebooks.py) and the small ``tests/data/site_sample.ipynb`` to
``build/site-sample``. Under pytest-xdist the first worker that needs a site
builds it, behind a lock; the others wait and read it.
"""

from __future__ import annotations

import os
from pathlib import Path

import matplotlib
import nbformat
import pytest
from notebook_runner import executed, lesson_paths, run_unclaimed_lessons, shared_folder

from cardlib_course import build as site

try:
    import fcntl
except ImportError:  # Windows: each worker builds the sites it needs itself
    fcntl = None

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = Path(__file__).resolve().parent / "data" / "site_sample.ipynb"
OUT = {"lessons": ROOT / "build" / "html", "sample": ROOT / "build" / "site-sample"}
IN_CI = os.environ.get("CI", "").lower() == "true"
PAGES = [("sample", "index.html"), ("sample", "site_sample.html"), ("lessons", "index.html")]
PAGES += [("lessons", page) for path in lesson_paths()
          for page in site.page_names(path.stem, nbformat.read(path, as_version=4))]
PAGE_IDS = [f"{name}/{page}" for name, page in PAGES]
#: Shows what waits for a prediction's commit (%%reveal cells), as after every commit: for the
#: tests of what those cells hold (panels, players, figures) rather than of the waiting.
SHOW_WHAT_WAITS = ("document.querySelectorAll('.cardlib-after-output').forEach(e => { "
                   "e.hidden = false; }); window.dispatchEvent(new Event('resize')); true")
#: The repository the test sites name (its Binder links are checked, not followed).
REPOSITORY = "https://github.com/example/shuffling"


def missing(reason: str):
    """Fail in CI, where everything must be installed; skip (with the reason) elsewhere."""
    if IN_CI:
        pytest.fail(f"{reason} (CI=true, so this is a failure)")
    pytest.skip(reason)


def notebooks(name: str) -> list[Path]:
    return [SAMPLE] if name == "sample" else lesson_paths()


def build(name: str) -> list[Path]:
    """Build the site ``name`` ("sample" or "lessons") once per test run; return its pages."""
    shared = shared_folder()
    if shared is None or fcntl is None:
        return site.build_site(notebooks(name), OUT[name], run=executed, address=REPOSITORY)
    done = shared / f"site-{name}.built"
    if name == "lessons" and not done.exists():
        run_unclaimed_lessons()  # both workers run lessons while one waits for the other
    with open(shared / f"site-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if done.exists():
            return [OUT[name] / line for line in done.read_text().split()]
        pages = site.build_site(notebooks(name), OUT[name], run=executed, address=REPOSITORY)
        done.write_text("\n".join(page.name for page in pages))
        return pages


def bare_fontconfig(folder: Path) -> Path:
    """A fontconfig file that offers the browser only matplotlib's DejaVu fonts.

    So the pages are seen as by a reader with no special fonts installed: a
    card or a Chinese character shows only if the site itself brings its glyph.
    """
    fonts = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    config = folder / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
        f"<fontconfig><dir>{fonts}</dir>"
        f"<cachedir>{folder / 'cache'}</cachedir></fontconfig>\n"
    )
    return config
