"""Test-session plumbing: the tiers of the suite (--tier); clean up the lessons that
pytest-xdist workers shared; the sites and the browser the site tests share."""

import os
import shutil
import sys
import tempfile
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import settings

# Not rfc3987_syntax: nbformat's jsonschema would import it (about 3 s of CPU in each worker,
# for IRI formats no notebook uses; see cardlib_course/__main__.py). The browser and the site
# builder are imported by the fixtures that need them, so that make quick loads neither.
sys.modules.setdefault("rfc3987_syntax", None)

# Speed is measured by the bench, not by the tests: no per-example deadline for hypothesis (a
# loaded machine once took 0.3 s over an example that lists 7! orders, and make compat failed).
settings.register_profile("cardlib", deadline=None)
settings.load_profile("cardlib")


def _is_controller(config) -> bool:
    return not hasattr(config, "workerinput")


# --- the tiers of the suite (README "Tests") -------------------------------------------

#: The tiers are folders. make quick runs the two folders below and the doctests of cardlib
#: and cardlib_course; make test runs every folder:
#:   model/      cardlib's model, and the lessons' claims recomputed without it     (quick)
#:   exercises/  each exercise's check gives the right answer ✓                      (quick)
#:   untrusted/  a learner's code, however wrong, slow, endless or hostile: the judge,
#:               exact and the checks diagnose it, bounded (wrong-answer catalogues, fuzz)
#:   panels/     every live panel's control redraws, in place, to a fresh figure's pixels
#:   course/     the lessons run, their shape, student edition, grading, commands, lint, layers
#:   pages/      the static site in Chromium: controls, editors (Pyodide), accessibility
#: A case marked ``largest`` (the largest size of a proof whose smaller sizes run in every
#: tier: the same code, seconds more of enumeration) runs in make test only.
QUICK_FOLDERS = frozenset({"model", "exercises"})
#: The compat tier (make compat, at the oldest Python with the dependencies' floors) runs
#: what only it can catch: each lesson once with its controls swept (notebook_runner.check_cells),
#: its solutions passing their checks; tests/exercises; the doctests; and of tests/model only
#: the tests marked ``compat``. Those are the tests that run lines of cardlib the others do not
#: (measured with coverage at the floors, 27 Nov: 37 tests, mostly bad input, added 274 of
#: 8,660 lines), and the modules that measure this Python or NumPy (list growth, random's
#: refusals, the twister, NumPy integers). The other model tests prove laws in code that runs
#: the same in every Python: make test runs them.
COMPAT_TESTS = frozenset({
    "test_notebooks.py::test_lesson_runs_clean_and_every_control_redraws",
    "test_notebooks.py::test_solutions_are_hidden_and_pass_their_checks",
    "test_notebooks.py::test_run_all_shows_no_answer_under_an_untouched_exercise",
})
TESTS = Path(__file__).resolve().parent


def pytest_addoption(parser):
    parser.addoption(
        "--tier", choices=("all", "quick", "compat"), default="all",
        help="all: every test (make test); quick: tests/model, tests/exercises and the "
             "doctests (make quick); compat: each lesson run once with its controls swept, "
             "tests/exercises, the doctests and the model tests marked compat (make compat)")


def _in_tier(item, tier: str) -> bool:
    if tier == "all":
        return True
    if item.get_closest_marker("largest"):  # its smaller cases run here: the same code
        return False
    path = Path(item.path).resolve()
    if TESTS not in path.parents:  # a doctest of cardlib or cardlib_course
        return True
    if path.parent.name == "model" and tier == "compat":
        return item.get_closest_marker("compat") is not None
    if path.parent.name in QUICK_FOLDERS:
        return True
    name = getattr(item, "originalname", item.name)
    return tier == "compat" and f"{path.name}::{name}" in COMPAT_TESTS


def pytest_ignore_collect(collection_path, config):
    """Outside the whole suite, the folders and helper modules no test of the tier needs
    are not even imported (the browser, the site builder): make quick starts sooner."""
    tier = config.getoption("tier")
    path = Path(collection_path).resolve()
    if tier == "all" or TESTS not in path.parents:
        return None
    if path.parent == TESTS:
        if path.is_dir():
            return None if path.name in QUICK_FOLDERS or (
                tier == "compat" and path.name == "course") else True
        return True  # a helper module (its doctests are the whole suite's)
    if tier == "compat" and path.parent.name == "course":
        return None if any(test.startswith(path.name + "::") for test in COMPAT_TESTS) else True
    return None


def pytest_collection_modifyitems(config, items):
    tier = config.getoption("tier")
    deselected = [item for item in items if not _in_tier(item, tier)]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = [item for item in items if _in_tier(item, tier)]


def pytest_configure(config):
    # notebook_runner reads the tier (each pytest-xdist worker configures itself too).
    os.environ["CARDLIB_TEST_TIER"] = config.getoption("tier")
    # Choose the run's id here, so that the controller knows which folder its
    # workers share (notebook_runner.shared_folder) and can remove it at the end.
    if _is_controller(config) and getattr(config.option, "testrunuid", "unset") is None:
        config.option.testrunuid = uuid.uuid4().hex


def pytest_sessionfinish(session, exitstatus):
    run = getattr(session.config.option, "testrunuid", None)
    if _is_controller(session.config) and run:
        shutil.rmtree(Path(tempfile.gettempdir()) / f"cardlib-lessons-{run}", ignore_errors=True)


# --- the static sites and the browser that reads them (test_site*.py) ------------------


@pytest.fixture(scope="session")
def fonts():
    """The build embeds subsets of these installed fonts."""
    from site_build import missing

    from cardlib_course.offline import CARDS, CJK, find_font

    try:
        return [find_font(CARDS), find_font(CJK)]
    except FileNotFoundError as error:
        missing(str(error))


@pytest.fixture(scope="session")
def sites(fonts) -> Callable[[str], list[Path]]:
    """Builds each site ("sample", "lessons") the first time it is asked for; returns its pages."""
    from site_build import build

    built: dict[str, list[Path]] = {}

    def get(name: str) -> list[Path]:
        if name not in built:
            built[name] = build(name)
        return built[name]

    return get


@pytest.fixture(scope="session")
def chromium(tmp_path_factory):
    """Headless Chromium that sees only matplotlib's fonts and resolves no host name."""
    from browser import find_chromium, launch_chromium
    from site_build import bare_fontconfig, missing

    executable = find_chromium()
    if executable is None:
        missing("no Chromium found (install Debian's chromium, or set CHROMIUM=/path/to/it)")
    env = {**os.environ,
           "FONTCONFIG_FILE": str(bare_fontconfig(tmp_path_factory.mktemp("fc")))}
    with launch_chromium(executable, ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
                         env=env) as browser:
        yield browser


@pytest.fixture(scope="session")
def browser(chromium):
    """An offline page at laptop width (1366 x 768)."""
    from browser import OfflinePage

    page = OfflinePage(chromium, width=1366, height=768)
    yield page
    page.close()


@pytest.fixture(scope="session")
def phone(chromium):
    """An offline page at phone width (390 x 844), touch enabled."""
    from browser import OfflinePage

    page = OfflinePage(chromium, width=390, height=844, touch=True)
    yield page
    page.close()
