"""Exact never lies: every learner shuffle of the hostile catalogue gets a true verdict.

The catalogue (tests/learner_shuffles.py) holds shuffles a learner writes and
shuffles written to fool the judge: hidden generators made at import, the
clock through datetime, a helper thread, state kept between calls, results
whose equality lies, decks in another order or with a repeated card, endless
loops that swallow every exception, a regular expression that never returns,
memory hogs. Each runs in a forked child (a hang cannot hang the suite) and
its verdict is compared with the truth: its kind, words its reason holds and,
for a fair or unfair verdict, the law of an enumerator written for the test.
"""

import pytest
from learner_shuffles import CASES, Case, independent_law, is_uniform, knuth, run_case


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_verdict_is_true(case: Case):
    outcome = run_case(case)
    assert outcome.category == "right", (outcome.category, outcome.text, outcome.seconds)


def test_the_independent_enumerator_is_right_on_known_laws():
    """The yardstick itself: Knuth's shuffle is uniform, a coin reversal is half and half."""
    assert is_uniform(independent_law(knuth, 4), 4)
    from learner_shuffles import coin_reverse, uses_rng_sample
    assert independent_law(coin_reverse, 3) == {(0, 1, 2): 0.5, (2, 1, 0): 0.5}
    assert is_uniform(independent_law(uses_rng_sample, 4), 4)
