"""Test-session plumbing: clean up the lessons that pytest-xdist workers shared."""

import shutil
import tempfile
import uuid
from pathlib import Path


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
