"""Every reproduction of issue 14, one by one: a clear error before any big allocation, or the
right answer, each within seconds. (The contract cases of its first section are in
test_exact_contract.py, the hostile calls of every public function in test_fuzz.py.)"""

import itertools
import math
import random
import time
from fractions import Fraction

import pytest

from cardlib import evidence, exact, hand, mixing, riffle, stats
from cardlib.shuffles import brute_force_shuffle, deal, knuth_shuffle, naive_swap_shuffle


def test_the_issues_first_example_is_refused_every_time():
    def half_random(deck, rng):
        return None if not rng.randrange(2) else random.shuffle(deck)

    for _ in range(20):
        with pytest.raises(exact.ContractError, match=r"random\.shuffle"):
            exact.distribution(half_random, 3)


# --- 2. one integer cannot use up the memory: refused before allocating -----------------

REFUSED_AT_ONCE = [
    (lambda: deal(range(52), 10**9, 0), "players = 1,000,000,000 is more than the limit of 52"),
    (lambda: deal(range(52), 10**8, 0), "players = 100,000,000 is more than the limit of 52"),
    (lambda: hand.pile_shuffle(range(5), piles=10**9), "piles must be at most 1000"),
    (lambda: hand.overhand_position_law(10**9), "n must be at most 104"),
    (lambda: evidence.detective_case({"K": knuth_shuffle}, ["K"], 1, 13, 10),
     "n must be at most 8"),
    (lambda: brute_force_shuffle(range(10**9)), "1,000,000,000! = more than 10"),
    # --- 3. limits that bound the real work --------------------------------------------
    (lambda: exact.distribution(brute_force_shuffle, 8), r"s of work, more than the limit"),
    (lambda: exact.distribution(knuth_shuffle, 10), r"about 3,628,800 paths, more than the "
                                                    r"limit of 1,000,000"),
    (lambda: riffle.position_law(400), "n = 400 is more than the limit of 150"),
    (lambda: riffle.card_positions(400, 3, 0), "n = 400 is more than the limit of 150"),
    (lambda: hand.overhand_position_law(300), "n must be at most 104"),
    (lambda: riffle.rising_law(1000, 100), r"n_cards x n_riffles = 100,000 is more than"),
    # --- 5. loops with no upper limit -------------------------------------------------
    (lambda: riffle.riffles(range(52), 10**12), r"use at most 38,461 riffles for 52 cards"),
    (lambda: stats.simulate(riffle.riffles, 52, 10, k=10**12), "k must be at most"),
    (lambda: stats.simulate(hand.overhand_shuffle, 52, 10, k=10**12), "k must be at most"),
    (lambda: stats.position_counts(knuth_shuffle, 5, 10**12), r"trials x n = "),
    (lambda: mixing.distances_after(exact.distribution(knuth_shuffle, 3), 10**12),
     r"max_shuffles x n! x orders in dist"),
    (lambda: hand.multiplicative_order(2, 10**9 + 7), "m = 1,000,000,007 is more than"),
    (lambda: riffle.cut_size(10**9), "n must be at most 1000000"),
    # --- 6. messages that say what is wrong ---------------------------------------------
    (lambda: exact.distribution(knuth_shuffle, 171), r"about 1\.24e\+309 paths"),
    (lambda: exact.distribution(knuth_shuffle, 10002), "n must be at most 1000"),
    (lambda: exact.estimate_paths(knuth_shuffle, 3, probes=0), "probes must be at least 1"),
    (lambda: exact.estimate_paths(knuth_shuffle, 3, probes=-5), "probes must be at least 1"),
    (lambda: stats.chi_square([True, False]), "counts must be whole numbers, not True"),
    (lambda: stats.chi_square([math.inf, 2]), "counts must be finite"),
    (lambda: stats.simulate(hand.overhand_shuffle, 5, 10, p=Fraction(1, 10**30)),
     "denominator above 2\\^62"),
]


@pytest.mark.parametrize("call, message", REFUSED_AT_ONCE,
                         ids=[f"refused{i:02d}" for i in range(len(REFUSED_AT_ONCE))])
def test_refused_at_once_with_a_clear_message(call, message):
    start = time.perf_counter()
    with pytest.raises((ValueError, TypeError), match=message):
        call()
    assert time.perf_counter() - start < 20


def test_the_widgets_of_section_6_say_what_is_wrong():
    from cardlib import widgets
    a = {"Knuth": knuth_shuffle}
    for build in (widgets.lab_panel, widgets.bias_panel, widgets.convergence_panel):
        with pytest.raises(ValueError, match="shuffles must name at least one shuffle"):
            build({})
    with pytest.raises(ValueError, match=r"suspects is empty"):
        widgets.detective_panel(a, [])
    with pytest.raises(ValueError, match="a step-through needs a deck of at least one card"):
        widgets.pick_slider([])
    with pytest.raises(ValueError, match="interval must be a finite number above 0"):
        widgets.frame_player(lambda fig, i: None, 2, interval=0)


def test_numpy_integers_are_whole_numbers_everywhere():
    import numpy as np
    three = np.int64(3)
    assert stats.simulate(knuth_shuffle, three, three, seed=three, dtype=np.int8).shape == (3, 3)
    assert len(exact.distribution(knuth_shuffle, three)) == 6
    assert riffle.riffles(list(range(5)), np.int32(2), rng=1)


# --- 4. no silent wrong answers -------------------------------------------------------------

def test_iterators_keep_their_cards():
    assert riffle.interleave("ABC", "xy", iter([2, 1, 1, 2, 1])) == ["x", "A", "B", "y", "C"]
    assert hand.stack_packets([0, 1, 2], iter([1, 2])) == [2, 0, 1]


def test_a_shuffle_returning_a_reversed_copy_restores_in_two():
    assert hand.repeats_to_restore(lambda d, rng=None: (d.reverse(), d)[1], 5) == 2
    assert hand.repeats_to_restore(lambda d, rng=None: d[::-1], 5) == 2
    assert hand.repeats_to_restore(lambda d, rng=None: d.reverse(), 5) == 2  # in place


def test_exact_law_hands_out_copies():
    law = exact.exact_law(knuth_shuffle, 3)
    law.clear()
    assert len(exact.exact_law(knuth_shuffle, 3)) == 6


def test_cards_are_checked_not_wrapped_around():
    law = [[0.5, 0.5], [0.5, 0.5]]
    with pytest.raises(ValueError, match="card must be at least 0, got -1"):
        mixing.position_distances(law, card=-1, max_shuffles=2)
    with pytest.raises(TypeError, match="card must be a whole number, not bool"):
        riffle.card_positions(3, 1, card=True)


def test_the_clock_and_globals_never_change_an_exact_law():
    calls = itertools.count()

    def counter(deck, rng):
        naive_swap_shuffle(deck, rng)
        if next(calls) % 7 == 3:
            deck.reverse()

    with pytest.raises(exact.NotDeterministic):
        exact.distribution(counter, 4)


def test_answers_where_there_were_obscure_errors():
    from cardlib.steps import knuth_steps
    assert stats.chi_square([10**30, 1]).p_value == 0.0  # counts beyond int64, as floats
    assert abs(stats.chi_square_sf(2e9, 2 * 10**9) - 0.5) < 1e-4  # Wilson-Hilferty
    steps = knuth_steps((card for card in "ABCD"), rng=5)  # a generator, read once
    assert steps[-1].deck == knuth_steps("ABCD", rng=5)[-1].deck
