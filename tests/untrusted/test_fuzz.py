"""Every public function of cardlib, called with hostile arguments: clear errors, never a hang.

The functions come from the ``__all__`` of every module (fuzz.targets;
its SKIP lists the few left out, each with its reason), so a new function is
fuzzed as soon as it is public. For each one, hypothesis picks a few of its
parameters and a hostile value for each (a wrong type, a bool, a float, a NumPy
scalar, a negative, zero or huge number, an empty or duplicated sequence, a
generator, an rng that is not one), the other arguments being valid. Each call
runs in a worker process limited to 3 GB of address space and 10 s, and must
return, or raise TypeError, ValueError or ContractError with a message naming
the argument. Derandomized: the same calls on every run. The targets are split
in two halves, one per test, so that pytest-xdist runs them on both cores.
"""

import zlib

import pytest
from fuzz import HOSTILE, HOSTILE_SHUFFLES, Worker, call_spec, targets
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

CALLS_PER_FUNCTION = 3
TARGETS = targets()
GOOD = ("clear error", "accepted")


def _fuzz_one(worker: Worker, target, seen: set, failures: list, slowest: list) -> None:
    """Call one target a few times, each with one hostile argument chosen by hypothesis."""
    if not target.params:  # nothing to make hostile: call it once as it is
        spec = {"module": target.module, "name": target.name, "args": {}}
        outcome = worker.call(spec)
        seen.add((target.key,))
        if outcome.category not in GOOD:
            failures.append(f"{target.key}(): {outcome.type}: {outcome.message}")
        return
    # A different order of the hostile values for each function: derandomized
    # hypothesis would draw the same indices for every function otherwise.
    shift = zlib.crc32(target.key.encode()) % len(HOSTILE)
    hostile = HOSTILE[shift:] + HOSTILE[:shift]

    @settings(max_examples=CALLS_PER_FUNCTION, derandomize=True, database=None,
              deadline=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(param=st.sampled_from(target.params), token=st.sampled_from(hostile))
    def call(param, token):
        if (target.key, param, token) in seen:
            return
        seen.add((target.key, param, token))
        outcome = worker.call(call_spec(target, param, token))
        slowest.append((outcome.seconds, f"{target.key}({param}={token})"))
        if outcome.category not in GOOD:
            failures.append(f"{outcome.category}: {target.key}({param}={token}): "
                            f"{outcome.type}: {outcome.message[:200]}")

    call()


def _fuzz(half: int) -> tuple[set, list, float]:
    """Fuzz every other target; return (distinct calls, failures, (CPU seconds, call) of the
    slowest call)."""
    worker = Worker(timeout=10.0, memory=3 * 2**30)
    seen: set = set()
    failures: list = []
    seconds: list = [(0.0, "nothing")]
    try:
        for target in TARGETS[half::2]:
            _fuzz_one(worker, target, seen, failures, seconds)
    finally:
        worker.close()
    return seen, failures, max(seconds)


@pytest.mark.parametrize("half", [0, 1])
def test_every_public_function_refuses_hostile_arguments_clearly(half):
    seen, failures, slowest = _fuzz(half)
    assert failures == [], "\n".join(failures)
    assert len(seen) >= 250, f"only {len(seen)} distinct calls in this half"
    assert slowest[0] < 5, f"the slowest call, {slowest[1]}, took {slowest[0]:.1f} s of CPU"


def test_the_fuzz_reaches_every_module_and_panel():
    modules = {target.module for target in TARGETS}
    assert {"cardlib.exact", "cardlib.judge", "cardlib.shuffles", "cardlib.stats",
            "cardlib.plots", "cardlib.widgets", "cardlib_course.offline"} <= modules
    names = {target.name for target in TARGETS}
    assert {"lab_panel", "detective_panel", "bias_panel", "distribution", "judge",
            "simulate", "deal"} <= names
    assert len(TARGETS) >= 200


@pytest.mark.parametrize("half", [0, 1])
def test_every_function_that_runs_a_shuffle_says_what_a_hostile_one_did(half):
    """Learner shuffles that once gave "generator raised StopIteration", "unhashable type",
    "'list' object is not callable" or a fair verdict for lying cards: every function with a
    ``shuffle`` argument gets each of them, and must return or name what went wrong."""
    worker = Worker(timeout=30.0, memory=3 * 2**30)
    failures = []
    try:
        for target in [t for t in TARGETS if "shuffle" in t.params][half::2]:
            for token in HOSTILE_SHUFFLES:
                outcome = worker.call(call_spec(target, "shuffle", token))
                if outcome.category not in GOOD:
                    failures.append(f"{outcome.category}: {target.key}(shuffle={token}): "
                                    f"{outcome.type}: {outcome.message[:200]}")
    finally:
        worker.close()
    assert failures == [], "\n".join(failures)
