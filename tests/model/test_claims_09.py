"""The claims of lesson 9 (shuffling by hand): what its prose, predictions, recap and exercises
state, recomputed, so that a change in cardlib that moves one of them fails here. Where the
lesson's number comes from cardlib, a second computation here does not use it."""

import math
from fractions import Fraction
from itertools import product

import numpy as np

from cardlib import exact, hand, mixing, riffle, stats
from cardlib import hand_methods as methods
from cardlib.exercises import hands as checks


def own_overhand_orders(n):
    """Every cut pattern of one overhand shuffle of list(range(n)), written out here."""
    orders = []
    for cuts in product((False, True), repeat=n - 1):
        sizes, size = [], 1
        for cut in cuts:
            if cut:
                sizes.append(size)
                size = 0
            size += 1
        sizes.append(size)
        pile, top = [], n
        for size in sizes:
            pile += range(top - size, top)
            top -= size
        orders.append(tuple(pile))
    return orders


def worst_card_first_below(law, level=0.25, limit=1000):
    """Shuffles until every card's position is within ``level`` of uniform, with NumPy."""
    step = np.array(law, dtype=float)
    n = len(step)
    where = np.eye(n)
    for k in range(1, limit + 1):
        where = where @ step
        if 0.5 * np.abs(where - 1 / n).sum(axis=1).max() < level:
            return k
    raise AssertionError("not below the level")


# --- section 1: the overhand shuffle ----------------------------------------------------------

def test_one_overhand_makes_2_to_the_n_minus_1_equally_likely_orders():
    for n in range(1, 9):
        orders = own_overhand_orders(n)
        assert len(set(orders)) == 2 ** (n - 1)       # different cuts, different orders
    law = exact.distribution(hand.overhand_shuffle, 4)
    assert len(law) == 8 and set(law.values()) == {Fraction(1, 8)}
    assert set(law) == set(own_overhand_orders(4))


# --- section 2: the survey's three hand methods (the prediction) ------------------------------

def test_only_inserting_packets_makes_all_24_orders_in_one_round():
    laws = {name: exact.distribution(shuffle, 4) for name, shuffle in (
        ("inserting", methods.insertion_shuffle), ("pushing", methods.push_shuffle),
        ("washing", methods.wash_shuffle))}
    assert {name: len(law) for name, law in laws.items()} == {"inserting": 24, "pushing": 4,
                                                              "washing": 7}
    assert laws["pushing"][(0, 1, 2, 3)] == Fraction(1, 2)   # one or two packets: unchanged
    assert laws["washing"][(0, 1, 2, 3)] == Fraction(1, 4)   # the same card twice: 4 of 16


def test_the_reason_three_one_card_packets_reach_every_order():
    """The prediction's why: 2 x 3 x 4 ways to push 3 single cards into 1 held card, all
    different orders."""
    orders = set()
    for gaps in product(range(2), range(3), range(4)):
        pile = [0]
        for card, gap in zip((3, 2, 1), gaps):
            pile.insert(gap, card)
        orders.add(tuple(pile))
    assert len(orders) == 24


# --- section 3: following one card (the prediction, the figure, the recap) --------------------

def test_one_card_of_52_within_a_quarter_after_5_riffles_129_overhands_35_washes():
    found = {name: worst_card_first_below(law) for name, law in (
        ("riffle", riffle.position_law(52)), ("overhand", hand.overhand_position_law(52)),
        ("washing", methods.wash_position_law(52)),
        ("top-to-random", methods.top_to_random_position_law(52)))}
    assert found == {"riffle": 5, "overhand": 129, "washing": 35, "top-to-random": 161}
    curve = mixing.worst_card_distances(hand.overhand_position_law(52), 400)
    assert next(k for k, d in enumerate(curve) if d < 0.25) == 129


def test_the_overhand_law_formula_matches_the_cut_patterns():
    n = 7
    law = hand.overhand_position_law(n)
    counts = np.zeros((n, n))
    for order in own_overhand_orders(n):
        for position, card in enumerate(order):
            counts[card, position] += 1
    assert np.allclose(np.array(law, dtype=float), counts / 2 ** (n - 1))


# --- section 4: top-to-random -----------------------------------------------------------------

def test_the_mean_wait_is_n_h_n_minus_1_plus_1_about_236():
    mean = 1 + sum(Fraction(52, i + 1) for i in range(51))
    assert mean == methods.top_to_random_mean_time(52)
    assert checks.check_mean_time(mean).status == "right"
    assert round(float(mean)) == 236
    assert 52 * math.log(52) < float(mean) < 52 * (math.log(52) + 0.6)   # a little more than n ln n


# --- Going further ----------------------------------------------------------------------------

def test_bigger_packets_mix_one_card_faster_but_keep_neighbours():
    found = {p: worst_card_first_below(hand.overhand_position_law(52, p), limit=400)
             for p in (Fraction(1, 2), Fraction(1, 4), Fraction(1, 8))}
    assert found == {Fraction(1, 2): 129, Fraction(1, 4): 22, Fraction(1, 8): 6}

    def together(decks):
        where = np.argsort(decks, axis=1)
        return float((np.abs(np.diff(where, axis=1)) == 1).sum(axis=1).mean())

    eights = stats.simulate(hand.overhand_shuffle, 52, 1000, seed=8, p=Fraction(1, 8), k=6)
    halves = stats.simulate(hand.overhand_shuffle, 52, 1000, seed=8, p=Fraction(1, 2), k=129)
    riffled = stats.simulate(riffle.riffle, 52, 1000, seed=8, k=5)
    assert 22 < together(eights) < 26
    assert together(halves) < 3 and together(riffled) < 3
    assert 51 * 2 / 52 < 2                              # a random deck: about 2 pairs


def test_the_whole_deck_numbers_are_n_squared_and_n_squared_ln_n():
    assert 52**2 == 2704
    assert round(52**2 * math.log(52), -2) == 10_700
    assert round(0.5 * 52 * math.log(52), -1) == 100      # random swaps for 52 cards
