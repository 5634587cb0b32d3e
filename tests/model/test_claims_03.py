"""The claims of lesson 3 (pick and remove) that are answers or pinned numbers, recomputed.

The lesson states these, or its predictions and exercises have them as answers; they are
checked here rather than in the teaching cells. Each recomputes the claim from its definition
and compares it with what cardlib does.
"""

import itertools
import math
import random
from fractions import Fraction

import pytest

from cardlib import cards, costs, exact, shuffles


def teaching_pick_and_remove(deck, rng):
    """The loop of the lesson's section 2 (its worked solution)."""
    pile = list(deck)
    new_pile = []
    while pile:
        new_pile.append(pile.pop(rng.randrange(len(pile))))
    return new_pile


class CountingRandom(random.Random):
    """A seeded generator that counts the calls of randrange."""

    calls = 0

    def randrange(self, *args, **kwargs):
        self.calls += 1
        return super().randrange(*args, **kwargs)


@pytest.mark.parametrize("n", [0, 1, 2, 5, 52])
def test_the_library_shuffle_is_the_lessons_loop(n):
    for seed in range(20):
        assert shuffles.pick_and_remove(range(n), random.Random(seed)) == \
            teaching_pick_and_remove(range(n), random.Random(seed))


def test_three_cards_b_c_a_has_probability_one_sixth():
    # the first prediction: cards A, B, C are 0, 1, 2; the new pile B, C, A is (1, 2, 0)
    law = exact.distribution(shuffles.pick_and_remove, 3)
    assert law[(1, 2, 0)] == Fraction(1, 3) * Fraction(1, 2) * 1 == Fraction(1, 6)


@pytest.mark.parametrize("n", range(1, 7))
def test_one_path_per_order_each_with_probability_one_over_n_factorial(n):
    walked = sum(1 for _ in exact.paths(shuffles.pick_and_remove, n))
    law = exact.distribution(shuffles.pick_and_remove, n)
    assert walked == len(law) == math.factorial(n)
    assert set(law.values()) == {Fraction(1, math.factorial(n))}
    # and by brute force over every sequence of answers randrange(n), randrange(n - 1), ...
    counted = {}
    for answers in itertools.product(*(range(s) for s in range(n, 0, -1))):
        pile = list(range(n))
        order = tuple(pile.pop(i) for i in answers)
        counted[order] = counted.get(order, 0) + 1
    assert set(counted.values()) == {1} and set(counted) == set(law)


def test_the_hurried_digit_shuffle_keeps_0_1_2_with_probability_one_fifth():
    def hurried(deck, rng):
        pile = list(deck)
        return [pile.pop(rng.randrange(10) % len(pile)) for _ in range(len(pile))]

    kept = sum(1 for a in range(10) for b in range(10) if a % 3 == 0 and b % 2 == 0)
    assert Fraction(kept, 100) == Fraction(1, 5) != Fraction(1, 6)
    assert exact.distribution(hurried, 3)[(0, 1, 2)] == Fraction(1, 5)


def test_dealing_3_of_6_gives_120_ordered_deals_and_a_hand_one_twentieth():
    dealt = exact.distribution(lambda deck, rng: shuffles.draw(deck, 3, rng)[0], 6)
    assert len(dealt) == 6 * 5 * 4 == 120 and set(dealt.values()) == {Fraction(1, 120)}
    hands = {}
    for order, p in dealt.items():
        hands[frozenset(order)] = hands.get(frozenset(order), 0) + p
    assert len(hands) == math.comb(6, 3) and set(hands.values()) == {Fraction(1, 20)}


def test_dou_di_zhu_deals_51_cards_with_51_random_numbers():
    rng = CountingRandom(54)
    hands, bottom = shuffles.deal(cards.dou_di_zhu_deck(), players=3, cards_each=17, rng=rng)
    assert [len(hand) for hand in hands] == [17, 17, 17] and len(bottom) == 3
    assert rng.calls == 51


def test_the_moves_of_pop():
    # with s cards left, pop at a uniform position moves s - 1 - position cards
    def mean_moves(sizes):
        return sum(Fraction(sum(s - 1 - i for i in range(s)), s) for s in sizes)

    assert mean_moves(range(1, 53)) == Fraction(52 * 51, 4) == 663 == costs.expected_pop_moves(52)
    assert mean_moves(range(4, 55)) == 714  # the deal of exercise 3: 51 draws from 54
    assert 4096 * 4095 / 4 == pytest.approx(4.2e6, rel=0.01)  # "about 4.2 million moves"
    # the counting copy draws exactly as the shuffle does
    for seed in range(5):
        assert costs.pick_and_remove_moves(range(52), seed)[0] == \
            shuffles.pick_and_remove(range(52), seed)


def test_the_moves_counted_are_the_cards_after_each_hole():
    rng = random.Random(7)
    pile, moved = list(range(40)), 0
    expected = costs.pick_and_remove_moves(range(40), random.Random(7))[1]
    while pile:
        position = rng.randrange(len(pile))
        moved += len(pile) - 1 - position
        pile.pop(position)
    assert moved == expected


def test_the_articles_random_shuffle_prints_47_numbers_and_returns_none():
    rng = random.Random(2019)
    list1 = list(range(1, 55))
    list2 = []
    for i in range(7):
        list2.append(rng.choice(list1))
        list1.remove(list2[i])
    assert rng.shuffle(list1) is None
    assert len(list1) == 47 and not set(list1) & set(list2)
    assert sorted(list1 + list2) == list(range(1, 55))
    # the article's own printed output: 47 numbers, none repeated
    printed = [43, 36, 15, 50, 26, 9, 48, 10, 25, 20, 33, 29, 49, 52, 5, 19, 37, 39, 14, 21, 34,
               45, 40, 24, 12, 27, 23, 16, 38, 4, 22, 51, 17, 46, 47, 53, 8, 41, 54, 18, 28, 32,
               7, 42, 35, 6, 31]
    assert len(printed) == len(set(printed)) == 47


def test_remove_can_deal_one_of_two_equal_cards_twice():
    class Card:
        """Two cards of the same rank and suit compare equal, yet have different backs."""

        def __init__(self, name, back):
            self.name, self.back = name, back

        def __eq__(self, other):
            return self.name == other.name

    red, blue = Card("A♠", "red"), Card("A♠", "blue")
    pile, dealt = [red, blue], []
    for pick in (1, 1):  # choice picks the blue twin, then the only card left
        card = pile[pick if pick < len(pile) else 0]
        dealt.append(card)
        pile.remove(card)  # removes the first equal card: the red one
    assert [card.back for card in dealt] == ["blue", "blue"]
    # pop at the drawn position cannot do that
    pile, dealt = [red, blue], []
    for pick in (1, 0):
        dealt.append(pile.pop(pick))
    assert [card.back for card in dealt] == ["blue", "red"]
