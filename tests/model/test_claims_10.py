"""The claims of lesson 10 (faros, piles and dealing Dou Di Zhu): what its prose, predictions,
recap and exercises state, recomputed, so that a change in cardlib that moves one of them fails
here. Where the lesson's number comes from cardlib, a second computation here does not use it."""

import math
from fractions import Fraction

import numpy as np

from cardlib import doudizhu, exact, hand, mixing, riffle, stats
from cardlib.exercises import hands as checks

KS = [0, 1, 2, 3, 5, 10, 20, 50, 100]


def own_faro(deck, kind):
    half = len(deck) // 2
    bottom, top = deck[:half], deck[half:]
    first, second = (bottom, top) if kind == "out" else (top, bottom)
    return [card for pair in zip(first, second) for card in pair]


def own_restore(n, kind):
    start = list(range(n))
    deck, count = own_faro(start, kind), 1
    while deck != start:
        deck, count = own_faro(deck, kind), count + 1
    return count


def is_prime(m):
    return m > 1 and all(m % d for d in range(2, math.isqrt(m) + 1))


def is_primitive_root_of_2(m):
    """2 is a primitive root modulo m: its order is phi(m)."""
    phi = sum(math.gcd(a, m) == 1 for a in range(1, m + 1))
    return math.gcd(2, m) == 1 and hand.multiplicative_order(2, m) == phi


def rates():
    return {name: doudizhu.rates_along(shuffle, KS, 5000, seed=2026)
            for name, shuffle in (("riffles", riffle.riffle),
                                  ("overhands", hand.overhand_shuffle))}


# --- section 1: the perfect faro --------------------------------------------------------------

def test_8_out_shuffles_restore_52_and_52_restore_54():
    assert own_restore(52, "out") == hand.faro_order(52, "out") == 8
    assert pow(2, 8, 51) == 1 and all(pow(2, k, 51) != 1 for k in range(1, 8))
    assert (own_restore(54, "out"), own_restore(54, "in")) == (52, 20)
    assert (hand.faro_order(54, "out"), hand.faro_order(54, "in")) == (52, 20)
    assert hand.repeats_to_restore(hand.out_shuffle, 54) == 52


def test_rows_7_6_5_of_the_stripes_are_2_4_8_ramps():
    decks = [list(range(52))]
    for _ in range(8):
        decks.append(own_faro(decks[-1], "out"))
    ramps = [1 + sum(b < a for a, b in zip(deck, deck[1:])) for deck in decks]
    assert ramps[8] == ramps[0] == 1 and (ramps[7], ramps[6], ramps[5]) == (2, 4, 8)


def test_elmsley_10_is_in_out_in_out():
    assert hand.elmsley_sequence(10) == ["in", "out", "in", "out"]
    assert checks.check_elmsley(["in", "out", "in", "out"]).status == "right"
    deck = list(range(52))
    for kind in ("in", "out", "in", "out"):
        deck = own_faro(deck, kind)
    assert deck.index(51) == 51 - 10


# --- section 2: dealing Dou Di Zhu ------------------------------------------------------------

def test_fair_chances():
    fair = doudizhu.fair_chances()
    holds = [Fraction(math.comb(54 - m, 17 - m), math.comb(54, 17)) for m in range(18)]
    bomb = sum((-1) ** (j + 1) * math.comb(13, j) * holds[4 * j] for j in range(1, 5))
    assert fair["a given player holds a bomb"] == bomb
    assert round(float(bomb), 3) == 0.096 and round(1 / float(bomb)) == 10
    assert fair["a given player holds the rocket"] == Fraction(17 * 16, 54 * 53) == holds[2]
    assert round(float(fair["some player holds the rocket"]), 3) == 0.285
    assert fair["the kitty holds the rocket"] == Fraction(1, 477)


def test_a_lazy_shuffle_dealt_round_robin_gives_too_few_bombs():
    found = rates()
    fair = float(doudizhu.fair_chances()["a given player holds a bomb"])
    bombs = {name: [r.player_bomb for r in values] for name, values in found.items()}
    assert bombs["riffles"][0] == bombs["overhands"][0] == 0          # unshuffled: never
    assert bombs["riffles"][KS.index(3)] < 0.9 * fair                 # the prediction
    assert abs(bombs["riffles"][KS.index(5)] - fair) < 0.01           # fair within five
    overhands = dict(zip(KS, bombs["overhands"]))
    assert overhands[20] < 0.85 * fair < overhands[50] < overhands[100] < fair


def test_unshuffled_round_robin_splits_every_rank_and_the_kitty_holds_three_3s():
    hands, kitty = doudizhu.deal_round_robin(doudizhu.clumped_deck())
    assert max(sum(card.rank == rank for card in hand_) for hand_ in hands
               for rank in {card.rank for card in hand_}) == 2
    assert kitty == doudizhu.clumped_deck()[2::-1]


def test_dealt_in_blocks_the_same_lazy_shuffles_give_too_many_bombs():
    clumped = doudizhu.clumped_deck()
    fair = float(doudizhu.fair_chances()["a given player holds a bomb"])
    for shuffle, k in ((riffle.riffle, 3), (hand.overhand_shuffle, 20)):
        decks = stats.simulate(shuffle, 54, 5000, seed=2026, k=k)
        block = sum(doudizhu.has_bomb([clumped[c] for c in deck[::-1][:17]]) for deck in decks)
        assert block / 5000 > 3 * fair


# --- section 3: the pile shuffle --------------------------------------------------------------

def test_4_piles_in_a_fixed_order_restore_52_cards_after_4_deals():
    def pile_deal(deck, rng=None, piles=4):
        stacks = [[] for _ in range(piles)]
        for dealt, card in enumerate(reversed(list(deck))):
            stacks[dealt % piles].append(card)
        return [card for stack in stacks for card in stack]

    assert hand.repeats_to_restore(pile_deal, 52) == 4
    law = exact.distribution(hand.pile_shuffle, 8)
    assert len(law) == 24 and set(law.values()) == {Fraction(1, 24)}


# --- Going further ----------------------------------------------------------------------------

def test_in_shuffles_52_restore_and_26_reverse():
    assert own_restore(52, "in") == 52
    deck = list(range(52))
    for _ in range(26):
        deck = own_faro(deck, "in")
    assert deck == list(range(52))[::-1]


def test_the_largest_order_needs_a_prime_not_only_a_primitive_root():
    below = []
    for n in range(4, 62, 2):   # (2 cards: one out-shuffle, n - 2 = 0)
        for kind, m, largest in (("out", n - 1, n - 2), ("in", n + 1, n)):
            order = own_restore(n, kind)
            assert order == hand.faro_order(n, kind) <= largest
            assert (order == largest) == (is_prime(m) and is_primitive_root_of_2(m))
            if is_primitive_root_of_2(m) and not is_prime(m):
                below.append((n, kind, order))
    assert below == [(8, "in", 6), (10, "out", 6), (24, "in", 20), (26, "out", 20),
                     (26, "in", 18), (28, "out", 18)]
    assert own_restore(64, "out") == 6 and (2**8 - 1) % 51 == 0


def test_repeated_pile_shuffles_of_6_cards_on_3_piles_reach_half_the_orders():
    def three_piles(deck, rng=None):
        return hand.pile_shuffle(deck, rng, piles=3)

    one = exact.distribution(three_piles, 6)
    distances = mixing.distances_after(one, 8)
    assert distances[-1] == Fraction(1, 2) and distances[4:] == [Fraction(1, 2)] * 5
    reachable = one
    for _ in range(7):
        reachable = mixing.compose(reachable, one)
    assert len(reachable) == 360
    inversions = [sum(a > b for i, a in enumerate(o) for b in o[i + 1:]) for o in reachable]
    assert all(count % 2 == 0 for count in inversions)
    assert checks.check_pile_invariant("C").status == "right"


def test_one_overhand_puts_the_rocket_in_the_kitty_three_times_in_four():
    # Only the top few gaps matter: exactly, on 6 cards with the "jokers" 4 and 5 on top.
    law = exact.distribution(hand.overhand_shuffle, 6)
    in_kitty = sum(p for order, p in law.items() if {order.index(4), order.index(5)} <= {0, 1, 2})
    assert in_kitty == Fraction(3, 4)
    one = rates()["overhands"][KS.index(1)]
    assert one.kitty_rocket > 0.7 and one.any_rocket == 0


def test_kept_from_the_top_the_kitty_holds_the_rocket():
    def top_three(k):
        on_top = stats.simulate(hand.overhand_shuffle, 54, 5000, seed=k, k=k)[:, -3:]
        return float((np.isin(on_top, [52, 53]).sum(axis=1) == 2).mean())

    assert top_three(0) == 1 and top_three(1) == 0
    assert 0.45 < top_three(2) < 0.65 and 0.03 < top_three(20) < 0.08


def test_the_jokers_go_to_two_different_players_289_times_in_477():
    apart = Fraction(51, 54) * Fraction(34, 53)
    assert apart == Fraction(289, 477)
    assert checks.check_jokers_apart(apart).status == "right"
    fair = doudizhu.fair_chances()
    some_joker_in_kitty = 1 - Fraction(51, 54) * Fraction(50, 53)
    assert apart + fair["some player holds the rocket"] + some_joker_in_kitty == 1
