"""Test-session plumbing: clean up the lessons that pytest-xdist workers shared; the sites
and the browser the site tests share."""

import os
import shutil
import tempfile
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from site_build import bare_fontconfig, build, missing

from cardlib.site.browser import OfflinePage, find_chromium, launch_chromium
from cardlib.site.offline import CARDS, CJK, find_font


def _is_controller(config) -> bool:
    return not hasattr(config, "workerinput")


def pytest_configure(config):
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
    try:
        return [find_font(CARDS), find_font(CJK)]
    except FileNotFoundError as error:
        missing(str(error))


@pytest.fixture(scope="session")
def sites(fonts) -> Callable[[str], list[Path]]:
    """Builds each site ("sample", "lessons") the first time it is asked for; returns its pages."""
    built: dict[str, list[Path]] = {}

    def get(name: str) -> list[Path]:
        if name not in built:
            built[name] = build(name)
        return built[name]

    return get


@pytest.fixture(scope="session")
def chromium(tmp_path_factory):
    """Headless Chromium that sees only matplotlib's fonts and resolves no host name."""
    executable = find_chromium()
    if executable is None:
        missing("no Chromium found (install Debian's chromium, or set CHROMIUM=/path/to/it)")
    env = {**os.environ,
           "FONTCONFIG_FILE": str(bare_fontconfig(tmp_path_factory.mktemp("fc")))}
    with launch_chromium(executable, ["--host-resolver-rules=MAP * ~NOTFOUND"],
                         env=env) as browser:
        yield browser


@pytest.fixture(scope="session")
def browser(chromium):
    """An offline page at laptop width (1366 x 768)."""
    page = OfflinePage(chromium, width=1366, height=768)
    yield page
    page.close()


@pytest.fixture(scope="session")
def phone(chromium):
    """An offline page at phone width (390 x 844), touch enabled."""
    page = OfflinePage(chromium, width=390, height=844, touch=True)
    yield page
    page.close()
