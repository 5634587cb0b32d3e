"""Peeking: the vectorised false-alarm count agrees with stats.chi_square, look by look."""

import numpy as np
import pytest

from cardlib import peeking, stats
from cardlib.shuffles import knuth_shuffle


@pytest.mark.parametrize("dof, level", [(1, 0.05), (4, 0.01), (16, 0.01), (16, 0.2)])
def test_critical_value_has_the_level_as_its_p_value(dof, level):
    critical = peeking.critical_value(dof, level)
    assert abs(stats.chi_square_sf(critical, dof) - level) < 1e-12


def test_false_alarms_agree_with_chi_square_on_the_same_decks():
    n, at, runs, seed, level = 4, [20, 50, 120], 40, 7, 0.2
    result = peeking.false_alarms(n, at, runs=runs, seed=seed, level=level)
    # The same decks again: one batch, drawn from a generator seeded the same way.
    decks = stats.simulate(knuth_shuffle, n, runs * at[-1], seed=np.random.default_rng(seed),
                           dtype=np.int8).reshape(runs, at[-1], n)
    expected = np.array([[stats.chi_square(stats.count_positions(run[:t])).p_value < level
                          for t in at] for run in decks])
    assert (result.alarms() == expected).all()
    assert expected.any() and not expected.all()  # the comparison has both kinds of case
    assert result.any_alarm() == expected.any(axis=1).mean()
    assert result.per_look() == expected.mean(axis=0).tolist()
    stricter = np.array([[stats.chi_square(stats.count_positions(run[:t])).p_value < 0.05
                          for t in at] for run in decks])
    assert (result.alarms(0.05) == stricter).all() and stricter.sum() < expected.sum()
    assert result.runs == runs


@pytest.mark.compat
@pytest.mark.parametrize("call, message", [
    (lambda: peeking.false_alarms(5, [], runs=2), "at least one number"),
    (lambda: peeking.false_alarms(5, [10], runs=2, level=1.5), "between 0 and 1"),
    (lambda: peeking.false_alarms(5, [10**6], runs=10**3), "more than"),
    (lambda: peeking.false_alarms(1, [10], runs=2), "n must be at least 2"),
])
def test_bad_calls_say_what_is_wrong(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.compat
def test_any_alarm_refuses_looks_that_were_not_taken():
    result = peeking.false_alarms(3, [10, 20], runs=5, seed=1)
    with pytest.raises(ValueError, match="no test was run at"):
        result.any_alarm([30])
