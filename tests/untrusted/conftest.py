"""A learner's run is stopped after 2 s (guard.RUN_SECONDS); here after 1 s, so that the
catalogues' endless loops cost half the wait. The slowest run of a right answer here takes
about 0.15 s with two test workers: well within 1 s, even on a machine three times as busy.
A test marked ``real_limit`` keeps the learner's limit (and reads the words "more than 2 s")."""

import pytest

from cardlib.untrusted import guard

#: The limit of one run in these tests.
QUICK_SECONDS = 1.0


@pytest.fixture(autouse=True)
def quick_limit(request, monkeypatch):
    if request.node.get_closest_marker("real_limit") is None:
        monkeypatch.setattr(guard, "RUN_SECONDS", QUICK_SECONDS)
