"""The model's laws are proven in this process, not in a child process per call.

The shuffles these tests pass to cardlib (a wrong variant, a replayed kernel) are the
tests' own code, not a learner's: the walk still runs with every defence a stranger's
code gets (the guard, the generators' snapshot, the replays), as it does in the browser,
but without the fork, which in a test worker costs about 0.1 s a call, most of it copying
the worker's memory (175 calls in make quick: 19 of its 114 CPU-seconds). The child
process itself, its time limit and its memory cap are proven where a learner meets them:
tests/untrusted and tests/exercises.
"""

import pytest

import cardlib.untrusted
from cardlib.untrusted import sandbox


@pytest.fixture(autouse=True)
def in_this_process(monkeypatch):
    for module in (cardlib.untrusted, sandbox):
        monkeypatch.setattr(module, "available", lambda: False)
