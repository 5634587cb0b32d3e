"""Exact never lies: every learner shuffle of the hostile catalogue gets a true verdict.

The catalogue (tests/learner_shuffles.py) holds shuffles a learner writes and
shuffles written to fool the judge: hidden generators made at import, the
clock through datetime, a helper thread, state kept between calls, results
whose equality lies, decks in another order or with a repeated card, endless
loops that swallow every exception, a regular expression that never returns,
memory hogs; a shuffle written with yield or async def, calls that CPython's
random.Random refuses, retry loops in a bare except, numbers past 4,300
digits, results that cannot come back as plain data, a verdict forged on the
child's pipe, a process that ends itself. Each runs in a forked child (a hang
cannot hang the suite) and its verdict is compared with the truth: its kind,
words its reason holds and, for a fair or unfair verdict, the law of an
enumerator written for the test.
"""

import pytest
from learner_shuffles import CASES, Case, independent_law, is_uniform, knuth, run_case

FAMILIES = {"fair", "unfair", "not a shuffle", "hidden randomness", "state between calls",
            "hangs and memory", "messages", "generators and coroutines",
            "CPython's argument rules", "except-all loops", "huge integers",
            "unpicklable and hostile returns"}


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_verdict_is_true(case: Case):
    outcome = run_case(case)
    assert outcome.category == "right", (outcome.category, outcome.text, outcome.seconds)


def test_the_catalogue_holds_every_family():
    assert {case.family for case in CASES} == FAMILIES
    assert len({case.name for case in CASES}) == len(CASES)


def test_the_independent_enumerator_is_right_on_known_laws():
    """The yardstick itself: Knuth's shuffle is uniform, a coin reversal is half and half."""
    assert is_uniform(independent_law(knuth, 4), 4)
    from learner_shuffles import coin_reverse, uses_rng_sample
    assert independent_law(coin_reverse, 3) == {(0, 1, 2): 0.5, (2, 1, 0): 0.5}
    assert is_uniform(independent_law(uses_rng_sample, 4), 4)


# --- a learner's function is never cached: redefine a helper, get the new law --------------

def _helper(deck, rng):
    knuth(deck, rng)


def calls_a_helper(deck, rng):
    _helper(deck, rng)


def test_a_redefined_helper_gives_the_new_law(monkeypatch):
    from cardlib import exact, stats

    before = (exact.exact_law(calls_a_helper, 3), exact.exact_law_or_reason(calls_a_helper, 3),
              stats.position_matrix(calls_a_helper, 3))
    assert is_uniform(before[0], 3)
    monkeypatch.setitem(globals(), "_helper", lambda deck, rng: None)  # now it does nothing
    after = (exact.exact_law(calls_a_helper, 3), exact.exact_law_or_reason(calls_a_helper, 3),
             stats.position_matrix(calls_a_helper, 3))
    assert after[0] == {(0, 1, 2): 1} and after[1] == ({(0, 1, 2): 1}, "")
    assert after[2].tolist() == [[1, 0, 0], [0, 1, 0], [0, 0, 1]]


def test_an_unhashable_callable_is_judged():
    """A dataclass instance with __call__ has no hash: no cache may need one."""
    from learner_shuffles import DataclassShuffle

    from cardlib import exact
    assert is_uniform(exact.exact_law(DataclassShuffle(), 3), 3)


# --- every function that runs a learner's code stops an endless loop ------------------------

def _spins(deck, rng=None):
    while True:
        pass


def _swallows(deck, rng):
    try:
        knuth(deck, rng)
    except Exception:  # the learner's catch-all: the walk's signal is not an Exception
        pass


def _swallows_everything(deck, rng):
    try:
        knuth(deck, rng)
    except BaseException:  # noqa: BLE001 (the point of the case)
        pass


def test_tree_walk_signal_is_not_an_exception():
    from cardlib import tree
    leaves = list(tree.walk(_swallows, [0, 1, 2]))
    assert len(leaves) == 6 and {p for _, p, _ in leaves} == {tree.Fraction(1, 6)}
    with pytest.raises(tree.ContractError, match="caught the signal"):
        list(tree.walk(_swallows_everything, [0, 1, 2]))


@pytest.mark.parametrize("call", [
    # The first at the learner's limit (2 s), the others at the quicker one (conftest.py).
    pytest.param(lambda: list(__import__("cardlib.tree").tree.walk(_spins, [0, 1])),
                 marks=pytest.mark.real_limit),
    lambda: __import__("cardlib.timing").timing.time_shuffle(_spins, 5),
    lambda: __import__("cardlib.stats").stats.position_counts(_spins, 3, 10),
    lambda: __import__("cardlib.hand").hand.repeats_to_restore(_spins, 3),
    lambda: __import__("cardlib.orders").orders.run_with_draws(_spins, 3, [0, 0, 0]),
    lambda: __import__("cardlib.steps").steps.in_place_states(_spins, [0, 1], []),
    lambda: __import__("cardlib.batched").batched.one_deck_at_a_time(_spins)(
        __import__("numpy").zeros((2, 3), dtype=int), __import__("numpy").random.default_rng(1)),
], ids=["tree.walk", "time_shuffle", "position_counts", "repeats_to_restore", "run_with_draws",
        "in_place_states", "one_deck_at_a_time"])
def test_an_endless_loop_is_stopped_with_its_name(call):
    import time

    from cardlib.untrusted import EndlessRun, guard
    start = time.perf_counter()
    with pytest.raises(EndlessRun, match=f"_spins took more than {guard.RUN_SECONDS:g} s"):
        call()
    assert time.perf_counter() - start < guard.RUN_SECONDS + 2
