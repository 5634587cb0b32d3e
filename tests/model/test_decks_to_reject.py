"""How many decks a chi-square test needs, seed by seed; p-values printed honestly."""

import pytest

from cardlib import evidence, stats
from cardlib.shuffles import knuth_shuffle, naive_swap_shuffle


def test_decks_to_reject_is_the_first_grid_point_where_the_lab_test_rejects():
    grid = [100, 300, 1000, 3000]
    found = evidence.decks_to_reject(naive_swap_shuffle, 4, seeds=range(5), grid=grid)
    for seed, t in enumerate(found):
        decks = stats.simulate(naive_swap_shuffle, 4, grid[-1], seed=seed)
        p = [evidence.order_test(decks[:g])[0].p_value for g in grid]
        rejected = [g for g, value in zip(grid, p) if value < 0.001]
        assert t == (rejected[0] if rejected else None)


def test_a_fair_shuffle_is_rarely_rejected():
    found = evidence.decks_to_reject(knuth_shuffle, 4, seeds=range(20), grid=[1000, 3000])
    assert found.count(None) >= 18


def test_p_value_text():
    assert evidence.p_value_text(0.5) == "0.5"
    assert evidence.p_value_text(5e-301) == "< 1e-300"
    assert evidence.p_value_text(2e-300) == "2e-300"


@pytest.mark.compat
@pytest.mark.parametrize(("call", "words"), [
    (lambda: evidence.p_value_text(1.5), "between 0 and 1"),
    (lambda: evidence.decks_to_reject(knuth_shuffle, 4, [0], level=0), "level must be"),
    (lambda: evidence.decks_to_reject(knuth_shuffle, 4, [0], grid=[]), "at least one"),
    (lambda: evidence.decks_to_reject(knuth_shuffle, 4, [0], grid=[0]), "at least 1"),
])
def test_bad_input(call, words):
    with pytest.raises(ValueError, match=words):
        call()
