"""The exercise checks of lessons 4, 7 and 9 to 11: each accepts its reference answer and rejects
typical wrong answers with the explanation a learner needs."""

import itertools
import math
import random
from fractions import Fraction

import pytest
from riffle_laws import riffles_law

from cardlib import doudizhu, evidence, exact, growth, hand, hand_methods, mixing, riffle, shuffles
from cardlib.exercises import TODO
from cardlib.exercises import hands as EH
from cardlib.exercises import lab as EL
from cardlib.exercises import lists as ES
from cardlib.exercises import riffles as ER


def status(feedback):
    return feedback.status


def says(feedback, *words):
    text = str(feedback)
    return feedback.status == "wrong" and all(w in text for w in words)


# --- lessons 7 and 8: riffles, and why seven ---------------------------------------------
# (Realistic wrong answers and their messages:
# tests/untrusted/test_wrong_answers_riffles_lab_hands.py.)

def test_the_notes_merge_gives_the_same_piles_as_cardlib_for_the_same_draws():
    for seed in range(300):
        deck = list(range(seed % 30))
        c = riffle.cut_size(len(deck), random.Random(seed))
        assert ER._reference_merge(deck[:c], deck[c:], random.Random(seed)) == \
            riffle.merge(deck[:c], deck[c:], random.Random(seed))
    assert ER.check_merge(riffle.merge).ok


def test_top_stays_reference_against_enumeration():
    for n in range(1, 5):
        for k in range(3):
            law = riffles_law(n, k)
            stays = sum(p for order, p in law.items() if order[-1] == n - 1)
            assert stays == ER._top_stays_on_top(n, k)


def test_riffles_needed_for_two_decks():
    assert ER._riffles_needed(108, Fraction(1, 2)) == 8
    assert ER._riffles_needed(108, Fraction(1, 10)) == 11


def test_the_distance_check_takes_the_formula_and_cardlibs_own():
    # Lesson 8, exercise 1: half the sum over r of A(n, r) |C(2^k + n - r, n) / 2^(n k) - 1/n!|,
    # checked against a sum over every order of a small deck, walked exactly.
    for n in range(1, 5):
        for k in range(3):
            assert mixing.distance_to_uniform(riffles_law(n, k)) == \
                riffle.variation_distance(n, k), (n, k)
    assert ER.check_distance(riffle.variation_distance).ok


def test_the_reversed_deck_first_appears_after_6_riffles():
    for n in (2, 3, 5, 8, 9, 52):
        k, chance = ER._fewest_riffles_reversed(n)
        backwards = list(range(n))[::-1]
        assert riffle.probability(backwards, k) == chance > 0
        assert riffle.probability(backwards, k - 1) == 0
    assert ER._fewest_riffles_reversed(52)[0] == 6
    assert ER.check_reversed_deck(ER._fewest_riffles_reversed(52)).ok


# --- lesson 4: lists ------------------------------------------------------------------------

def test_checks_of_lesson_3():
    def fill(deck, rng):
        pile, new_pile = list(deck), []
        while pile:
            i = rng.randrange(len(pile))
            new_pile.append(pile[i])
            pile[i] = pile[-1]
            pile.pop()
        return new_pile

    assert ES.check_fill_the_hole(fill).ok
    assert says(ES.check_fill_the_hole(lambda deck, rng: riffle.riffle(deck, rng)), "unfair")
    assert status(ES.check_fill_the_hole(lambda deck, rng: TODO)) == "todo"
    assert ES.check_old_rule(lambda n: n + (n >> 3) + (3 if n < 9 else 6)).ok
    assert says(ES.check_old_rule(lambda n: growth.new_capacity(n)), "3.9 and later")
    assert says(ES.check_old_rule(lambda n: n + (n >> 3) + 6), "short ones too much")
    assert says(ES.check_old_rule(lambda n: n + (n >> 3) + 3), "longer ones too little")
    assert status(ES.check_old_rule(lambda n: TODO)) == "todo"
    resizes = ES._resizes_by_rule(ES.MILLION)
    assert len(growth.growth_events([growth.EMPTY_LIST_BYTES + 8 * c
                                     for c in growth.rule_capacities(10_000)])) == \
        ES._resizes_by_rule(10_000)
    assert ES.check_resizes(resizes).ok
    assert says(ES.check_resizes(ES.MILLION), "free slot")
    assert says(ES.check_resizes(20), "not right") and says(ES.check_resizes(resizes + 1), "right")
    assert ES.check_half_bound(Fraction(3)).ok
    assert says(ES.check_half_bound(9), "an eighth") and says(ES.check_half_bound(4), "not right")
    for check in (ES.check_fill_the_hole, ES.check_old_rule, ES.check_resizes,
                  ES.check_half_bound):  # each points to the section that holds its exercise
        feedback = check(41) if check in (ES.check_resizes, ES.check_half_bound) else \
            check(lambda *args: [])
        assert feedback.where == {ES.check_fill_the_hole: "section 1",
                                  ES.check_resizes: "section 4"}.get(check, "Going further")


# --- lesson 11: the lab ----------------------------------------------------------------------

def test_checks_of_lesson_7():
    found = evidence.decks_to_reject(shuffles.naive_swap_shuffle, 4, seeds=range(10))
    enough = Fraction(sum(t is not None and t <= 1000 for t in found), 10)
    assert EL.check_enough_decks(enough, found).ok
    nearest = EL.check_enough_decks(float(enough), found)  # a float: never right, and said
    assert not nearest.ok and "the float nearest to the right value" in nearest.message
    assert EL.check_white_but_unfair([(0, 1, 2), (1, 2, 0), (2, 0, 1)]).ok


def riffle_law(n):
    """One riffle's law by Bayer and Diaconis: C(2 + n - r, n) / 2^n for r rising sequences."""
    law = {}
    for order in itertools.permutations(range(n)):
        where = {card: place for place, card in enumerate(order)}
        r = 1 + sum(where[card + 1] < where[card] for card in range(n - 1))
        if math.comb(2 + n - r, n):
            law[order] = Fraction(math.comb(2 + n - r, n), 2**n)
    return law


def overhand_law(n):
    """One overhand's law, p = 1/2: each of the n - 1 gaps a cut or not, the packets reversed."""
    law = {}
    for cuts in itertools.product((False, True), repeat=n - 1):
        packets = [[0]]
        for card, cut in enumerate(cuts, start=1):
            packets.append([card]) if cut else packets[-1].append(card)
        order = tuple(card for packet in reversed(packets) for card in packet)
        law[order] = law.get(order, 0) + Fraction(1, 2 ** (n - 1))
    return law


def test_the_riffle_then_overhand_law_by_a_model_of_the_tests_own():
    for n in (3, 4, 5):
        both = {}
        for s, p in riffle_law(n).items():
            for t, q in overhand_law(n).items():
                order = tuple(s[j] for j in t)
                both[order] = both.get(order, 0) + p * q
        assert both == EL._riffle_then_overhand_law(n), n
    fair = Fraction(1, 120)
    distance = sum(abs(both.get(order, 0) - fair)
                   for order in itertools.permutations(range(5))) / 2
    assert EL.check_riffle_then_overhand(distance).ok


def test_whole_order_distance_is_mixings():
    for shuffle in (shuffles.stride_shuffle, shuffles.naive_swap_shuffle, riffle.riffle,
                    shuffles.knuth_shuffle, shuffles.sattolo_shuffle):
        for n in (2, 3, 4, 5):
            law = exact.distribution(shuffle, n)
            assert EL._whole_order_distance(law, n) == mixing.distance_to_uniform(law)
    assert EL.check_whole_order_distance(lambda law, n: mixing.distance_to_uniform(law)).ok


# --- lessons 9 and 10: hands, faros, piles and Dou Di Zhu -----------------------------------

def test_the_checks_own_deal_is_cardlibs():
    assert EH.clumped_deck() == doudizhu.clumped_deck()
    for deck in (list(range(54)), doudizhu.clumped_deck()):
        hands, kitty = doudizhu.deal_round_robin(deck)
        assert EH._deal_round_robin(deck) == (hands, kitty)
    assert EH.check_deal(doudizhu.deal_round_robin).ok
    for n in (1, 2, 5, 52):
        assert EH._mean_time(n) == hand_methods.top_to_random_mean_time(n)
    assert EH.check_top_to_random(hand_methods.top_to_random).ok
    assert EH.check_elmsley(hand.elmsley_sequence(EH.ELMSLEY_PLACES)).ok


def test_the_jokers_apart_by_counting_places():
    # The two jokers take 2 of the 54 places of a deal (17 per hand, 3 in the kitty), each
    # pair of places equally likely: count the pairs in two different hands.
    apart = sum(1 for a, b in itertools.combinations(range(54), 2)
                if a < 51 and b < 51 and a % 3 != b % 3)
    assert Fraction(apart, math.comb(54, 2)) == EH._jokers_apart() == Fraction(289, 477)
    assert EH.check_jokers_apart(Fraction(289, 477)).ok


def test_the_pile_checks_orders_are_cardlibs_and_only_parity_survives():
    def three_piles(deck, rng=None):
        return hand.pile_shuffle(deck, rng, piles=3)

    deck = list(range(EH.PILE_CARDS))
    one = exact.distribution(three_piles, EH.PILE_CARDS)
    assert set(one) == {tuple(o) for o in EH.pile_orders(deck)}
    reached = dict(one)
    for _ in range(6):
        reached = mixing.compose(reached, one)
    assert len(reached) == 360  # the law settles on the even half
    # C holds on every order reached; A, B and D each fail on one, named by the check.
    verdicts = {letter: EH.check_pile_invariant(letter) for letter in EH.PILE_PROPERTIES}
    assert [letter for letter, f in verdicts.items() if f.ok] == ["C"]
    for feedback in verdicts.values():
        if not feedback.ok:
            order = tuple(int(c) for c in str(feedback).split("make (")[1].split(")")[0]
                          .split(", "))
            assert order in reached or order in one


def test_fair_insertion_check_uses_the_judge():
    assert EH.check_fair_insertion(EH._reference_insertion_shuffle).ok


def test_riffles_needed_past_the_exact_law_says_which_level_is_too_low():
    with pytest.raises(ValueError, match=r"1000 cards need more than 20 riffles to come below "
                                         r"1/10000, past what the exact law computes"):
        ER._riffles_needed(1000, Fraction(1, 10**4))
