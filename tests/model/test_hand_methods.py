"""The survey's hand methods, top-to-random, Elmsley's faros and Dou Di Zhu deals, proved exactly.

Exact laws come from walking every draw (cardlib.exact); where a law has a formula, the
enumeration must equal it, and where a claim is about a stopping time (top-to-random), the
enumeration checks it path by path.
"""

import itertools
import math
import random
from fractions import Fraction

import numpy as np
import pytest

from cardlib import doudizhu, exact, hand, mixing, riffle, stats
from cardlib import hand_methods as H
from cardlib.cards import BLACK_JOKER, RED_JOKER, Card


def permutations_law(law, n):
    return all(sorted(order) == list(range(n)) for order in law) and sum(law.values()) == 1


# --- top-to-random -----------------------------------------------------------------

@pytest.mark.parametrize("n", range(1, 7))
def test_one_top_to_random_makes_n_orders_each_with_chance_one_in_n(n):
    law = exact.distribution(H.top_to_random, n)
    assert len(law) == n and set(law.values()) == {Fraction(1, n)}
    assert stats.exact_position_matrix(law) == H.top_to_random_position_law(n)


def top_to_random_watched(k):
    """k top-to-random shuffles; also say whether the card that started at the bottom
    has already been inserted (it came to the top and was put back at random)."""
    def shuffle(deck, rng=None):
        bottom, inserted = deck[0], False
        for _ in range(k):
            inserted = inserted or deck[-1] == bottom
            deck = H.top_to_random(deck, rng)
        return (inserted, *deck)
    return shuffle


@pytest.mark.parametrize(("n", "k"), [(2, 3), (3, 2), (3, 5), (4, 3), (4, 6), (5, 5)])
def test_top_to_random_is_exactly_uniform_once_the_bottom_card_is_inserted(n, k):
    # Aldous and Diaconis's strong uniform time: given that it has happened by step k,
    # every one of the n! orders is exactly equally likely.
    law = exact.distribution(top_to_random_watched(k), n)
    after = {order[1:]: p for order, p in law.items() if order[0]}
    if k >= n:
        assert len(after) == math.factorial(n) and len(set(after.values())) == 1
    else:  # the bottom card needs n - 1 shuffles to reach the top
        assert after == {}


def stopping_tails(n, count, number=Fraction):
    """P(the bottom card not yet inserted after k shuffles) for k = 0..count-1, from the
    chain of how many cards lie below it (at n - 1 it is on top: inserted next)."""
    below = [number(1)] + [number(0)] * (n - 1)
    tails = []
    for _ in range(count):
        tails.append(sum(below))
        new = [number(0)] * n
        for i, p in enumerate(below[:-1]):
            new[i + 1] += p * number(i + 1) / n
            new[i] += p * number(n - 1 - i) / n
        below = new
    return tails


@pytest.mark.parametrize(("n", "k"), [(3, 4), (4, 5)])
def test_the_stopping_time_law_matches_the_chain_used_for_its_mean(n, k):
    law = exact.distribution(top_to_random_watched(k), n)
    assert sum(p for order, p in law.items() if not order[0]) == stopping_tails(n, k + 1)[k]


@pytest.mark.parametrize("n", [2, 3, 5, 10])
def test_mean_time_to_insert_the_bottom_card_is_n_h_n_minus_1_plus_1(n):
    # E T = sum over k >= 0 of P(T > k); the tail falls geometrically: add it far enough.
    mean = sum(stopping_tails(n, 60 * n, number=float))
    assert mean == pytest.approx(float(H.top_to_random_mean_time(n)), rel=1e-9)
    assert H.top_to_random_mean_time(n) == 1 + n * sum(Fraction(1, i) for i in range(1, n))


# --- washing on the table: random transpositions ----------------------------------------

@pytest.mark.parametrize("n", range(1, 6))
def test_one_wash_move_is_a_random_transposition(n):
    law = exact.distribution(H.wash_shuffle, n)
    assert law[tuple(range(n))] == Fraction(1, n)
    swaps = [order for order in law if order != tuple(range(n))]
    assert len(swaps) == math.comb(n, 2) and all(law[s] == Fraction(2, n * n) for s in swaps)
    assert stats.exact_position_matrix(law) == H.wash_position_law(n)


def test_moves_compose_like_the_markov_chain():
    one = exact.distribution(H.wash_shuffle, 4)

    def three_moves(deck, rng=None):
        return H.wash_shuffle(deck, rng, moves=3)

    assert exact.distribution(three_moves, 4) == mixing.compose(mixing.compose(one, one), one)


# --- pushing into two hands ------------------------------------------------------------

def test_push_into_one_hand_is_the_overhand_shuffle_draw_for_draw():
    for seed in range(300):
        deck = list(range(seed % 20))
        assert H.push_shuffle(deck, random.Random(seed), hands=1) == \
            hand.overhand_shuffle(deck, random.Random(seed))


def test_push_with_one_card_packets_is_a_fixed_two_pile_deal():
    assert H.push_shuffle(range(8), rng=0, p=1) == [6, 4, 2, 0, 7, 5, 3, 1]
    # 3 cards, gaps cut or not: one or two packets give the deck back (left on top of
    # right restores it); three packets 2 | 1 | 0 end as 1, then 2 0 on top.
    assert exact.distribution(H.push_shuffle, 3) == {(0, 1, 2): Fraction(3, 4),
                                                     (1, 2, 0): Fraction(1, 4)}


# --- inserting packets -----------------------------------------------------------------

def test_insertion_law_of_two_cards_by_hand():
    # lift none (1/4): 01; lift the top card (1/2): back below or above card 0;
    # lift both (1/4): one packet (1/2) stays 01, two (1/2): 1 then 0 in either gap.
    law = exact.distribution(H.insertion_shuffle, 2)
    assert law == {(0, 1): Fraction(11, 16), (1, 0): Fraction(5, 16)}


@pytest.mark.parametrize("n", [3, 4])
def test_insertion_keeps_the_held_cards_in_order_and_reaches_every_order(n):
    law = exact.distribution(H.insertion_shuffle, n)
    assert permutations_law(law, n) and len(law) == math.factorial(n)
    # the bottom card is held unless every card is lifted: it stays below card 1 often
    below = sum(p for order, p in law.items() if order.index(0) < order.index(1))
    assert below > Fraction(1, 2)


# --- Elmsley ---------------------------------------------------------------------------

@pytest.mark.parametrize("n", range(2, 56, 2))
def test_elmsley_moves_the_top_card_to_every_place(n):
    for k in range(n):
        assert hand.move_top_card(range(n), k)[n - 1 - k] == n - 1


def test_elmsley_sequence_and_bad_input():
    assert hand.elmsley_sequence(10) == ["in", "out", "in", "out"]
    with pytest.raises(ValueError, match="k must be at most 3"):
        hand.move_top_card(range(4), 4)
    with pytest.raises(ValueError, match="even number"):
        hand.move_top_card(range(5), 1)


# --- Dou Di Zhu --------------------------------------------------------------------------

def brute_fair_chances(cards, hand_size):
    """Exact chances for a small game by listing every hand of player 1."""
    hands = list(itertools.combinations(cards, hand_size))
    bombs = sum(doudizhu.has_bomb(h) for h in hands)
    rockets = sum(doudizhu.has_rocket(h) for h in hands)
    return Fraction(bombs, len(hands)), Fraction(rockets, len(hands))


def test_fair_chances_formula_and_values():
    chances = doudizhu.fair_chances()
    assert chances["a given player holds the rocket"] == Fraction(17 * 16, 54 * 53)
    assert chances["some player holds the rocket"] == 3 * chances["a given player holds the rocket"]
    assert round(float(chances["a given player holds a bomb"]), 3) == 0.096
    assert chances["the kitty holds the rocket"] == Fraction(52, math.comb(54, 3))


def test_bomb_inclusion_exclusion_against_listing_every_hand_of_a_small_deck():
    # Two ranks and the jokers, hands of 8 (two bombs fit): the same formula with 2 ranks.
    small = [Card(r, s) for r in ("3", "4") for s in "♦♣♥♠"] + [BLACK_JOKER, RED_JOKER]
    bombs, rockets = brute_fair_chances(small, 8)
    holds = [Fraction(math.comb(10 - m, 8 - m), math.comb(10, 8)) for m in range(9)]
    assert bombs == 2 * holds[4] - holds[8] == Fraction(29, 45) and rockets == holds[2]


@pytest.mark.compat
def test_round_robin_deal_and_rates():
    deck = doudizhu.clumped_deck()
    hands, kitty = doudizhu.deal_round_robin(deck)
    assert [len(h) for h in hands] == [17, 17, 17] and len(kitty) == 3
    assert hands[0][0] == RED_JOKER and hands[1][0] == BLACK_JOKER
    # an unshuffled clumped deck: neighbours go to different players, so no bomb, no rocket
    rates = doudizhu.deal_rates(np.arange(54)[None, :], deck)
    assert (rates.player_bomb, rates.player_rocket, rates.any_rocket) == (0, 0, 0)
    # the batched count agrees with dealing one deck at a time
    orders = stats.simulate(hand.overhand_shuffle, 54, 300, seed=3, k=3)
    one_by_one = [doudizhu.deal_round_robin([deck[c] for c in row]) for row in orders]
    rates = doudizhu.deal_rates(orders, deck)
    assert rates.player_bomb == np.mean([doudizhu.has_bomb(h[0]) for h, _ in one_by_one])
    assert rates.any_rocket == np.mean([any(map(doudizhu.has_rocket, h)) for h, _ in one_by_one])
    assert rates.kitty_rocket == np.mean([doudizhu.has_rocket(k) for _, k in one_by_one])
    assert rates.top_rocket == np.mean([doudizhu.has_rocket([deck[c] for c in row[-3:]])
                                        for row in orders])


def test_many_riffles_give_the_fair_rates():
    rates = doudizhu.rates_after(hand.overhand_shuffle, 0, 10)
    assert rates.player_bomb == 0
    rates = doudizhu.rates_after(riffle.riffle, 12, 40_000, seed=1)
    fair = {name: float(p) for name, p in doudizhu.fair_chances().items()}
    assert rates.player_bomb == pytest.approx(fair["a given player holds a bomb"], abs=0.01)
    assert rates.any_rocket == pytest.approx(fair["some player holds the rocket"], abs=0.015)


@pytest.mark.compat
def test_rates_along_follows_the_same_decks_as_simulate():
    for shuffle in (riffle.riffle, hand.overhand_shuffle):
        along = doudizhu.rates_along(shuffle, [3], 2000, seed=9)
        assert along == [doudizhu.rates_after(shuffle, 3, 2000, seed=9)]
    rates = doudizhu.rates_along(hand.overhand_shuffle, [0, 1, 1, 4], 500)
    assert rates[0].player_bomb == 0 and rates[1] == rates[2]
    with pytest.raises(ValueError, match="increasing order"):
        doudizhu.rates_along(riffle.riffle, [2, 1], 10)
