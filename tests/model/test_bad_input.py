"""Bad input gets a clear error that names the problem, at once."""

import itertools
import random

import pytest

from cardlib import cards, exact, stats
from cardlib.shuffles import (
    brute_force_shuffle,
    deal,
    draw,
    knuth_shuffle,
    naive_swap_shuffle,
    pick_and_remove,
    retry_shuffle,
    sattolo_shuffle,
)

_calls = itertools.count()


def flip_flop_shuffle(deck, rng=None):
    """Breaks the contract: reverses the deck on every other call, whatever rng says."""
    if next(_calls) % 2:
        deck.reverse()


BAD_CALLS = [
    (lambda: deal(range(54), 3, 20), ValueError, "cannot deal 60 cards from a deck of 54"),
    (lambda: deal(range(52), 0, 5), ValueError, "players must be at least 1, got 0"),
    (lambda: deal(range(52), 4, -1), ValueError, "cards_each must be at least 0, got -1"),
    (lambda: deal(range(52), 2.5, 3), TypeError, "players must be a whole number, not float 2.5"),
    (lambda: deal(range(52), 4, True), TypeError, "cards_each must be a whole number, not bool"),
    (lambda: draw(range(5), 6), ValueError, "cannot draw 6 cards from a deck of 5"),
    (lambda: draw(range(5), "2"), TypeError, "k must be a whole number, not str"),
    (lambda: knuth_shuffle("hello"), TypeError,
     "knuth_shuffle shuffles a list in place, but got str"),
    (lambda: sattolo_shuffle((1, 2, 3)), TypeError,
     "sattolo_shuffle shuffles a list in place, but got tuple"),
    (lambda: naive_swap_shuffle(range(3)), TypeError, "shuffles a list in place, but got range"),
    (lambda: knuth_shuffle([1, 2], rng="seed"), TypeError,
     "rng must be None, an int seed or an object with a randrange method"),
    (lambda: pick_and_remove([1, 2], rng=1.5), TypeError, "rng must be .* not float"),
    (lambda: pick_and_remove(42), TypeError, "deck must be a sequence such as a list"),
    (lambda: brute_force_shuffle(range(11)), ValueError,
     r"11! = 39,916,800 orders; it refuses decks of more than 10"),
    (lambda: exact.distribution(knuth_shuffle, -1), ValueError, "n must be at least 0, got -1"),
    (lambda: exact.distribution(knuth_shuffle, 3.0), TypeError,
     "n must be a whole number, not float 3.0"),
    (lambda: exact.distribution(knuth_shuffle, 12), ValueError,
     r"about 479,001,600 paths, more than the limit of 1,000,000; use fewer cards"),
    (lambda: exact.distribution(retry_shuffle, 2), exact.Unbounded,
     "more than 10,000 random draws on the path where every draw answers its first value"),
    (lambda: exact.distribution(flip_flop_shuffle, 5), exact.NotDeterministic,
     r"gave different results for the same random answers \(.*\): "
     "all of its randomness must come from the rng it is given"),
    (lambda: exact.distribution(lambda d, rng=None: d.sort(key=lambda _: rng.random()), 3),
     exact.ContractError,
     r"asked for rng.random\(\), a float draw.*write rng.randrange\(n\)"),
    (lambda: stats.exact_position_matrix({}), ValueError,
     "needs a distribution .* with at least one outcome"),
    (lambda: stats.landing_frequencies([[0, 1, 2]], card=9), ValueError,
     r"card must be one of 0..2 in decks of 3 cards, got 9"),
    (lambda: stats.cycle_count([1, 1]), ValueError,
     r"needs order to be a permutation of 0..1, got \(1, 1\)"),
    (lambda: stats.cycle_count([3, 0]), ValueError, "needs order to be a permutation of 0..1"),
    (lambda: stats.count_positions([[0, 5], [1, 0]]), ValueError,
     r"decks of 2 cards must hold the cards 0..1 only"),
    (lambda: stats.position_counts(knuth_shuffle, -1, 10), ValueError,
     "n must be at least 0, got -1"),
    (lambda: stats.position_counts(knuth_shuffle, 3, -5), ValueError,
     "trials must be at least 0, got -5"),
    (lambda: cards.Card("11", "♠"), ValueError, "unknown rank '11'"),
    (lambda: cards.Card("A", "S"), ValueError, "unknown suit 'S'"),
    (lambda: cards.Card("Joker", "blue"), ValueError,
     "a joker's suit is 'black' or 'red', not 'blue'"),
    (lambda: cards.deck_text(cards.standard_deck(), per_row=0), ValueError,
     "per_row must be at least 1, got 0"),
]


@pytest.mark.compat
@pytest.mark.parametrize("call, error, message", BAD_CALLS,
                         ids=[f"bad{i:02d}" for i in range(len(BAD_CALLS))])
def test_bad_call_raises_clear_error(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_rng_with_randrange_is_accepted():
    deck = [1, 2, 3]
    knuth_shuffle(deck, rng=random.SystemRandom())
    assert sorted(deck) == [1, 2, 3]


def test_simulate_takes_numpy_integer_seeds():
    import numpy as np
    a = stats.simulate(knuth_shuffle, 5, 4, seed=np.int64(3))
    assert (a == stats.simulate(knuth_shuffle, 5, 4, seed=3)).all()


@pytest.mark.compat
def test_chi_square_p_value_of_an_infinite_statistic_is_zero():
    import math
    assert stats.chi_square_sf(math.inf, 3) == 0.0


@pytest.mark.compat
def test_what_the_hostile_table_found_on_2026_11_25_gives_clear_errors():
    """tools/hostile_table.py (3,752 calls) found these four; the sampled fuzz test had not."""
    from matplotlib.figure import Figure

    from cardlib import doudizhu, plots
    from cardlib.shuffles import knuth_shuffle
    from cardlib_course.build import run_lesson

    with pytest.raises(TypeError, match="rates_along needs a shuffle whose batched kernel"):
        doudizhu.rates_along(knuth_shuffle, [0, 1], 10, seed=0)
    image = Figure().add_subplot().imshow([[0.5, 0.5], [0.5, 0.5]])  # a plain colour scale
    with pytest.raises(ValueError, match="image must be a bias matrix"):
        plots.set_bias_matrix(image, [[0.5, 0.5], [0.5, 0.5]], 0.1)
    with pytest.raises(ValueError, match="distributions is empty"):
        plots.cycle_bars(Figure().add_subplot(), {})
    with pytest.raises(ValueError, match="path must be a notebook file"):
        run_lesson("")
