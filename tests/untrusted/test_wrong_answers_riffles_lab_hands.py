"""Lessons 7 to 11: realistic wrong answers to every exercise, each with what the learner
is told.

For each exercise: the right answer (in more than one form where learners write it several
ways), then answers a learner really gives (off by one, a copy, an endless loop, the wrong
form, another algorithm, a malformed value), each with words its Feedback must hold and words
it must not (advice the code already follows, or a verdict that contradicts it). Every check
must answer within a few seconds, endless loops included.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from fractions import Fraction

import pytest
from answer_catalogue import answered_as_catalogued

from cardlib import riffle, shuffles
from cardlib.exercises import TODO, shown
from cardlib.exercises.hands import (
    check_deal,
    check_elmsley,
    check_fair_insertion,
    check_jokers_apart,
    check_mean_time,
    check_pile_invariant,
    check_top_to_random,
)
from cardlib.exercises.lab import (
    check_enough_decks,
    check_riffle_then_overhand,
    check_white_but_unfair,
    check_whole_order_distance,
)
from cardlib.exercises.riffles import (
    check_distance,
    check_merge,
    check_reversed_deck,
    check_riffles_needed,
    check_top_stays,
)


def endless(*args):
    while True:
        pass


# --- lesson 7, exercise 1: the merge, from its description ----------------------------------

def merge(stack1, stack2, rng):
    pile, i, j = [], 0, 0
    while i < len(stack1) and j < len(stack2):
        if rng.randrange(len(stack1) - i + len(stack2) - j) < len(stack1) - i:
            pile.append(stack1[i])
            i += 1
        else:
            pile.append(stack2[j])
            j += 1
    return pile + stack1[i:] + stack2[j:]


def merge_pops(stack1, stack2, rng):  # empties the stacks it is given: still the merge
    pile = []
    while stack1 and stack2:
        p, q = len(stack1), len(stack2)
        pile.append(stack1.pop(0) if rng.randrange(p + q) < p else stack2.pop(0))
    return pile + stack1 + stack2


def merge_with_choice(stack1, stack2, rng):  # choice draws randrange(p + q) too
    pile, i, j = [], 0, 0
    while i < len(stack1) and j < len(stack2):
        if rng.choice([1] * (len(stack1) - i) + [2] * (len(stack2) - j)) == 1:
            pile.append(stack1[i])
            i += 1
        else:
            pile.append(stack2[j])
            j += 1
    return pile + stack1[i:] + stack2[j:]


def merge_coin(stack1, stack2, rng):  # a fair coin at every drop
    pile, i, j = [], 0, 0
    while i < len(stack1) and j < len(stack2):
        if rng.randrange(2):
            pile.append(stack1[i])
            i += 1
        else:
            pile.append(stack2[j])
            j += 1
    return pile + stack1[i:] + stack2[j:]


def merge_wrong_side(stack1, stack2, rng):  # stack 1 with chance q / (p + q)
    pile, i, j = [], 0, 0
    while i < len(stack1) and j < len(stack2):
        if rng.randrange(len(stack1) - i + len(stack2) - j) < len(stack2) - j:
            pile.append(stack1[i])
            i += 1
        else:
            pile.append(stack2[j])
            j += 1
    return pile + stack1[i:] + stack2[j:]


def merge_forgets_the_rest(stack1, stack2, rng):
    pile, i, j = [], 0, 0
    while i < len(stack1) and j < len(stack2):
        if rng.randrange(len(stack1) - i + len(stack2) - j) < len(stack1) - i:
            pile.append(stack1[i])
            i += 1
        else:
            pile.append(stack2[j])
            j += 1
    return pile


def merge_from_the_top(stack1, stack2, rng):  # pop() takes the last item: the top card
    stack1, stack2, pile = list(stack1), list(stack2), []
    while stack1 and stack2:
        p, q = len(stack1), len(stack2)
        pile.append(stack1.pop() if rng.randrange(p + q) < p else stack2.pop())
    return pile + stack1[::-1] + stack2[::-1]


def merge_by_sample(stack1, stack2, rng):  # a uniform interleaving, chosen all at once
    n = len(stack1) + len(stack2)
    ones = set(rng.sample(range(n), len(stack1)))
    first, second = iter(stack1), iter(stack2)
    return [next(first) if k in ones else next(second) for k in range(n)]


def merge_positions(stack1, stack2, rng):  # i and len(stack1) + j: positions, not the cards
    pile, i, j = [], 0, 0
    while i < len(stack1) and j < len(stack2):
        if rng.randrange(len(stack1) - i + len(stack2) - j) < len(stack1) - i:
            pile.append(i)
            i += 1
        else:
            pile.append(len(stack1) + j)
            j += 1
    return pile + list(range(i, len(stack1))) + [len(stack1) + b for b in range(j, len(stack2))]


def merge_module_random(stack1, stack2, rng):
    return merge(stack1, stack2, random)


def merge_forgets_return(stack1, stack2, rng):
    merge(stack1, stack2, rng)


def merge_tuple(stack1, stack2, rng):
    return tuple(merge(stack1, stack2, rng))


def merge_never_advances(stack1, stack2, rng):
    pile, i, j = [], 0, 0
    while i < len(stack1) and j < len(stack2):
        if rng.randrange(len(stack1) - i + len(stack2) - j) < len(stack1) - i:
            pile.append(stack1[i])
        else:
            pile.append(stack2[j])
    return pile


# --- lesson 8, exercise 1: the total variation distance, from its formula ------------------

def tv_distance(n, k):
    fair = Fraction(1, math.factorial(n))
    total = Fraction(0)
    for r in range(1, n + 1):
        chance = Fraction(math.comb(2**k + n - r, n), 2 ** (n * k))
        total += riffle.eulerian(n, r) * abs(chance - fair)
    return total / 2


def tv_distance_row(n, k):  # the whole row of Eulerian numbers at once
    row = riffle.eulerian_row(n)
    return sum(row[r] * abs(Fraction(math.comb(2**k + n - r, n), 2 ** (n * k))
                            - Fraction(1, math.factorial(n))) for r in range(1, n + 1)) / 2


def tv_distance_float(n, k):  # floats: right only where no rounding creeps in
    return float(tv_distance(n, k))


def tv_distance_off_by_one(n, k):  # range(1, n) leaves out r = n
    fair = Fraction(1, math.factorial(n))
    return sum(riffle.eulerian(n, r) * abs(Fraction(math.comb(2**k + n - r, n), 2 ** (n * k))
                                           - fair) for r in range(1, n)) / 2


def tv_distance_copy(n, k):  # the library's answer handed back
    return riffle.variation_distance(n, k)


def tv_distance_never_advances(n, k):  # r is never increased
    total, r = Fraction(0), 1
    while r <= n:
        total += riffle.eulerian(n, r) * abs(Fraction(math.comb(2**k + n - r, n), 2 ** (n * k))
                                             - Fraction(1, math.factorial(n)))
    return total / 2


def tv_distance_no_half(n, k):
    return 2 * tv_distance(n, k)


def tv_distance_no_abs(n, k):
    fair = Fraction(1, math.factorial(n))
    return sum(riffle.eulerian(n, r) * (Fraction(math.comb(2**k + n - r, n), 2 ** (n * k))
                                        - fair) for r in range(1, n + 1)) / 2


def tv_distance_no_counts(n, k):  # one order per r, not A(n, r) of them
    fair = Fraction(1, math.factorial(n))
    return sum(abs(Fraction(math.comb(2**k + n - r, n), 2 ** (n * k)) - fair)
               for r in range(1, n + 1)) / 2


def tv_distance_in_floats(n, k):  # every term a float, added one by one: rounded
    fair, total = 1 / math.factorial(n), 0.0  # (sum() of floats compensates since Python 3.12)
    for r in range(1, n + 1):
        total += riffle.eulerian(n, r) * abs(math.comb(2**k + n - r, n) / 2 ** (n * k) - fair)
    return total / 2


def tv_distance_over_every_order(n, k):  # right, but it goes through all n! orders
    fair = Fraction(1, math.factorial(n))
    return sum(abs(riffle.probability(list(order), k) - fair)
               for order in itertools.permutations(range(n))) / 2


def tv_distance_prints(n, k):
    print(tv_distance(n, k))


def tv_distance_text(n, k):
    return str(tv_distance(n, k))


def tv_distance_one_argument(n):  # malformed: k forgotten
    return tv_distance(n, 7)


# --- lesson 8, exercise 3: the top card stays on top ---------------------------------------

def top_stays(n, k):
    a = 2**k
    return sum(Fraction(1, a) * Fraction(d + 1, a) ** (n - 1) for d in range(a))


def top_stays_float(n, k):
    return float(top_stays(n, k))


def top_stays_strict(n, k):  # every other card below: ties forgotten
    a = 2**k
    return sum(Fraction(1, a) * Fraction(d, a) ** (n - 1) for d in range(a))


def top_stays_halves(n, k):  # "each riffle keeps it on top half the time"
    return Fraction(1, 2**k)


def top_stays_rounded(n, k):
    return round(float(top_stays(n, k)), 3)


def top_stays_sum_of_powers(n, k):  # the same sum, every term's power written out
    a = 2**k
    return sum(Fraction((d + 1) ** (n - 1), a**n) for d in range(a))


def top_stays_over_every_draw(n, k):  # right, but it goes through every draw of the n digits
    a = 2**k
    stays = sum(1 for digits in itertools.product(range(a), repeat=n)
                if max(digits[:-1], default=-1) <= digits[-1])
    return Fraction(stays, a**n)


def top_stays_prints(n, k):
    print(top_stays(n, k))


def top_stays_divides(n, k):
    return sum(Fraction(1, 2**k) * Fraction(d + 1, 2**k) ** (n - 1) for d in range(2**k)) \
        * k / k


def top_stays_one_in_n(n, k):
    return Fraction(1, n)


# --- lesson 11, exercise 2: the whole-order distance, from its definition ---------------------

def distance(law, n):
    fair = Fraction(1, math.factorial(n))
    return sum(abs(law.get(order, 0) - fair)
               for order in itertools.permutations(range(n))) / 2


def distance_float(law, n):
    return float(distance(law, n))


def distance_listed_only(law, n):  # the orders that never happen are forgotten
    fair = Fraction(1, math.factorial(n))
    return sum(abs(p - fair) for p in law.values()) / 2


def distance_len_law(law, n):  # the law's length taken for n!
    return sum(abs(p - Fraction(1, len(law))) for p in law.values()) / 2


def distance_no_half(law, n):
    return 2 * distance(law, n)


def distance_key_error(law, n):
    fair = Fraction(1, math.factorial(n))
    return sum(abs(law[order] - fair) for order in itertools.permutations(range(n))) / 2


def distance_pops(law, n):  # takes each chance out of the law: the caller's law is emptied
    fair = Fraction(1, math.factorial(n))
    return sum(abs(law.pop(order, 0) - fair) for order in itertools.permutations(range(n))) / 2


def distance_prints(law, n):
    print(distance(law, n))


# --- lesson 9, exercises 1 and 2: top-to-random, insertions ----------------------------------

def top_to_random(deck, rng):
    cards = list(deck)
    top = cards.pop()
    cards.insert(rng.randrange(len(cards) + 1), top)
    return cards


def top_never_back_on_top(deck, rng):
    cards = list(deck)
    top = cards.pop()
    cards.insert(rng.randrange(max(len(cards), 1)), top)
    return cards


def bottom_to_random(deck, rng):
    cards = list(deck)
    bottom = cards.pop(0)
    cards.insert(rng.randrange(len(cards) + 1), bottom)
    return cards


def top_in_place(deck, rng):
    top = deck.pop()
    deck.insert(rng.randrange(len(deck) + 1), top)


def top_positions(deck, rng):  # moves the top position among the positions
    cards = list(range(len(deck)))
    top = cards.pop()
    cards.insert(rng.randrange(len(cards) + 1), top)
    return cards


def top_module_random(deck, rng):
    cards = list(deck)
    top = cards.pop()
    cards.insert(random.randrange(len(cards) + 1), top)
    return cards


def top_swapped_not_inserted(deck, rng):  # swaps the top card with a random one
    cards = list(deck)
    j = rng.randrange(len(cards))
    cards[-1], cards[j] = cards[j], cards[-1]
    return cards


def insertion(deck, rng):
    cards = list(deck)
    for i in range(1, len(cards)):
        cards.insert(rng.randrange(i + 1), cards.pop(i))
    return cards


def insertion_off_by_one(deck, rng):
    cards = list(deck)
    for i in range(1, len(cards)):
        cards.insert(rng.randrange(i), cards.pop(i))
    return cards


def insertion_on_a_copy(deck, rng):
    insertion(deck, rng)


def insertion_anywhere(deck, rng):
    cards = list(deck)
    for i in range(1, len(cards)):
        cards.insert(rng.randrange(len(cards)), cards.pop(i))
    return cards


def pick(deck, rng):
    pile, new = list(deck), []
    while pile:
        new.append(pile.pop(rng.randrange(len(pile))))
    return new


# --- lesson 10, exercise 3: deal round-robin -----------------------------------------------------

def deal(deck):
    from_top = list(deck)[::-1]
    return [from_top[p:51:3] for p in range(3)], from_top[51:]


def deal_loop(deck):
    hands, cards = [[], [], []], list(deck)
    for turn in range(51):
        hands[turn % 3].append(cards.pop())
    return hands, cards[::-1]


def deal_blocks(deck):
    from_top = list(deck)[::-1]
    return [from_top[17 * p:17 * p + 17] for p in range(3)], from_top[51:]


def deal_from_bottom(deck):
    return [list(deck)[p:51:3] for p in range(3)], list(deck)[51:]


def deal_kitty_first(deck):  # the survey's convention: the 3 for the landlord set aside first
    from_top = list(deck)[::-1]
    kitty, rest = from_top[:3], from_top[3:]
    return [rest[p:51:3] for p in range(3)], kitty


def deal_kitty_bottom_up(deck):
    hands, kitty = deal(deck)
    return hands, kitty[::-1]


def deal_hands_only(deck):
    return deal(deck)[0]


def deal_forgets_return(deck):
    deal(deck)


def deal_pops(deck):  # pops the caller's deck: it is left with the kitty only
    hands = [[], [], []]
    for turn in range(51):
        hands[turn % 3].append(deck.pop())
    return hands, deck[::-1]


def deal_eighteen(deck):
    from_top = list(deck)[::-1]
    return [from_top[p:54:3] for p in range(3)], []


CODE = [
    # (check, answer, words it must hold, words it must not hold)
    (check_merge, merge, ["✓", "draws once among the cards left"], []),
    (check_merge, merge_pops, ["empties the stacks it is given", "stack1 was [0, 1, 2]",
                               "leave both stacks as they were"], ["✓"]),
    (check_merge, merge_positions, ["positions, not cards", "stack1[i]"], ["✓"]),
    (check_merge, merge_with_choice, ["✓"], []),
    (check_merge, merge_coin, ["has chance", "p / (p + q)"], ["✓"]),
    (check_merge, merge_wrong_side, ["has chance", "but the notes' merge gives it"], ["✓"]),
    (check_merge, merge_forgets_the_rest, ["loses card", "every card of both stacks"], []),
    (check_merge, merge_from_the_top, ["from its top (the last item) down", "first item"], []),
    (check_merge, merge_by_sample, ["right law, but not the merge described",
                                    "randrange(6), randrange(5)"], ["✓"]),
    (check_merge, merge_module_random, ["rng.randrange", "the rng it is given"], []),
    (check_merge, merge_forgets_return, ["returns None", "return the new pile"], []),
    (check_merge, merge_tuple, ["returns tuple", "not a list"], []),
    (check_merge, merge_never_advances, ["did not finish"], []),
    (check_merge, endless, ["did not finish"], []),
    (check_distance, tv_distance, ["✓", "0.334061"], ["nearest"]),
    (check_distance, tv_distance_row, ["✓"], []),
    (check_distance, riffle.variation_distance, ["✓"], []),
    (check_distance, tv_distance_float, ["my_distance(3, 1): 0.3333333333333333 is a float, the "
                                         "float nearest to the right value", "Fraction(a, b)"],
     ["✓"]),
    (check_distance, tv_distance_over_every_order, ["my_distance(52, 7) did not finish",
                                                    "slow rather than stuck", "52!",
                                                    "rising sequences"],
     ["never becomes false", "loop that never ends"]),
    (check_distance, tv_distance_off_by_one, ["my_distance(3, 1) gave 1/4",
                                              "without its term r = 3", "range(1, n + 1)",
                                              "It is 1/3"], ["✓"]),
    (check_distance, tv_distance_copy, ["right values, but", "calls variation_distance",
                                        "eulerian(n, r)"], ["✓"]),
    (check_distance, tv_distance_never_advances, ["did not finish"], ["✓"]),
    (check_distance, tv_distance_no_half, ["gave 2/3", "twice the distance", "half"], ["✓"]),
    (check_distance, tv_distance_no_abs, ["gave 0", "without the absolute value"], ["✓"]),
    (check_distance, tv_distance_no_counts, ["gave 13/48", "without the counts A(n, r)"],
     ["✓"]),
    (check_distance, tv_distance_in_floats, ["float", "exactly"], ["✓"]),
    (check_distance, tv_distance_prints, ["gave None", "return the distance"], []),
    (check_distance, tv_distance_text, ["gave str '1/3'", "a Fraction"], ["prints"]),
    (check_distance, tv_distance_one_argument, ["TypeError", "my_distance(3, 1)"], []),
    (check_distance, endless, ["did not finish"], []),
    (check_top_stays, top_stays, ["✓", "1/2 + 1/2^52"], ["nearest"]),
    (check_top_stays, top_stays_float, ["top_stays(3, 2): 0.46875 is a float, equal to the right "
                                        "value", "Fraction(a, b)"], ["✓"]),
    (check_top_stays, top_stays_sum_of_powers, ["✓", "exactly right for 7 decks"], []),
    (check_top_stays, top_stays_over_every_draw, ["top_stays(52, 1) did not finish",
                                                  "slow rather than stuck", "(2^1)^52"],
     ["never becomes false"]),
    (check_top_stays, top_stays_strict, ["gave 7/32", "smaller digit",
                                         "a tie keeps the top card on top", "15/32"], ["✓"]),
    (check_top_stays, top_stays_halves, ["top_stays(3, 2) gave 1/4", "15/32", "bigger digit"],
     []),
    (check_top_stays, top_stays_one_in_n, ["top_stays(3, 2) gave 1/3"], []),
    (check_top_stays, top_stays_rounded, ["rounded float", "exactly"], []),
    (check_top_stays, top_stays_prints, ["gave None", "return the chance"], []),
    (check_top_stays, top_stays_divides, ["ZeroDivisionError", "top_stays(5, 0)", "line"], []),
    (check_top_stays, endless, ["did not finish"], []),
    (check_whole_order_distance, distance, ["✓", "5/6"], ["nearest"]),
    (check_whole_order_distance, distance_float, ["is a float", "Fraction(a, b)"], ["✓"]),
    (check_whole_order_distance, distance_pops, ["empties the law it is given",
                                                 "leave it as it was"], ["✓"]),
    (check_whole_order_distance, distance_listed_only, ["only the orders in the law",
                                                        "never happen", "5/12"], ["✓"]),
    (check_whole_order_distance, distance_len_law, ["1/len(law)", "1/n!"], ["✓"]),
    (check_whole_order_distance, distance_no_half, ["forgets the half"], ["✓"]),
    (check_whole_order_distance, distance_key_error, ["KeyError", "line"], []),
    (check_whole_order_distance, distance_prints, ["gave None", "return the distance"], []),
    (check_whole_order_distance, endless, ["did not finish"], []),
    (check_top_to_random, top_to_random, ["✓"], []),
    (check_top_to_random, top_never_back_on_top, ["can never give", "back on top"], []),
    (check_top_to_random, bottom_to_random, ["cannot", "only the top card"], []),
    (check_top_to_random, top_in_place, ["returns None", "new list"], []),
    (check_top_to_random, top_module_random, ["random", "rng"], ["✓"]),
    (check_top_to_random, top_positions, ["not a shuffle", "positions, not cards"], ["✓"]),
    (check_top_to_random, top_swapped_not_inserted, ["cannot"], ["✓"]),
    (check_top_to_random, endless, ["did not finish"], []),
    (check_fair_insertion, insertion, ["✓", "as the insertion shuffle, it asks for the same draws"],
     []),
    (check_fair_insertion, insertion_off_by_one, ["unfair", "randrange(i + 1)"], []),
    (check_fair_insertion, insertion_on_a_copy, ["returned None", "shuffle a copy"], []),
    (check_fair_insertion, insertion_anywhere, ["unfair"], ["✓"]),
    (check_fair_insertion, pick, ["fair, but", "not the insertion shuffle"], []),
    (check_fair_insertion, endless, ["did not finish"], []),
    (check_deal, deal, ["✓"], []),
    (check_deal, deal_loop, ["✓"], []),
    (check_deal, deal_blocks, ["17 cards to player 1", "one card to each player in turn"], []),
    (check_deal, deal_from_bottom, ["from the bottom", "the last item"], []),
    (check_deal, deal_kitty_first, ["kitty aside first", "the survey"], []),
    (check_deal, deal_kitty_bottom_up, ["kitty is listed from the bottom up"], []),
    (check_deal, deal_hands_only, ["return a pair (hands, kitty)"], []),
    (check_deal, deal_forgets_return, ["returns None"], []),
    (check_deal, deal_eighteen, ["hands of [18, 18, 18]"], []),
    (check_deal, deal_pops, ["changes the deck it is given", "it leaves 3 cards in it",
                             "leave it as it was"], ["✓"]),
    (check_deal, endless, ["did not finish"], []),
]


def test_every_code_answer_gets_its_own_message():
    answered_as_catalogued(CODE)


@pytest.mark.parametrize("check", sorted({c for c, *_ in CODE}, key=lambda c: c.__name__),
                         ids=lambda c: c.__name__)
def test_the_stub_is_not_attempted(check):
    assert check(lambda *args: TODO).status == "todo"


def test_an_endless_loop_is_reported_within_a_few_seconds():
    for check in (check_merge, check_distance, check_top_stays, check_whole_order_distance,
                  check_deal):
        start = time.perf_counter()
        assert "did not finish" in str(check(endless))
        assert time.perf_counter() - start < 10, check.__name__


#: What the lab's 100 seeds might give (the test does not depend on the lesson's seeds).
FOUND = [300, 1000, 1500, None, 700, 2000, 700, 500, 5000, 150] * 10
ENOUGH = Fraction(sum(t is not None and t <= 1000 for t in FOUND), len(FOUND))


def _enough(answer):
    return check_enough_decks(answer, FOUND)


_enough.__name__ = "check_enough_decks"

REVERSED_CHANCE = Fraction(math.comb(64, 52), 2**312)
MEAN_TIME = 1 + sum(Fraction(52, i + 1) for i in range(51))

VALUES = [
    # (check, answer, words it must hold) -- "✓" marks a right answer
    (check_reversed_deck, (6, REVERSED_CHANCE), ["✓", "2^6 = 64 ≥ 52"]),
    (check_reversed_deck, [6, float(REVERSED_CHANCE)], ["a float, equal to the right value",
                                                        "Fraction(a, b)"]),
    (check_reversed_deck, (6, math.comb(64, 52) / 2**312), ["a float", "exactly"]),
    (check_reversed_deck, (6, REVERSED_CHANCE / 2), ["is not right"]),
    (check_reversed_deck, (6.0, REVERSED_CHANCE), ["6.0 riffles is a float", "whole number"]),
    (check_reversed_deck, (52, Fraction(1, 2**52)), ["double the number of rising sequences"]),
    (check_reversed_deck, (5, Fraction(0)), ["2^5 = 32", "fewer than the 52"]),
    (check_reversed_deck, (7, REVERSED_CHANCE), ["first drops below 1/2"]),
    (check_reversed_deck, (6, Fraction(math.comb(64 + 51, 52), 2**312)), ["brand-new order"]),
    (check_reversed_deck, (6, Fraction(math.comb(128, 52), 2**364)), ["after 7 riffles"]),
    (check_reversed_deck, (6, Fraction(0)), ["is not 0"]),
    (check_reversed_deck, (6, Fraction(1, math.factorial(52))), ["fair shuffle"]),
    (check_reversed_deck, (6, 4e-82), ["rounded float"]),
    (check_reversed_deck, 6, ["give 2 values"]),
    (check_reversed_deck, "6", ["give 2 values"]),
    (check_riffles_needed, (8, 11), ["✓"]),
    (check_riffles_needed, [8, 11], ["✓"]),
    (check_riffles_needed, (7, 9), ["one 52-card deck"]),
    (check_riffles_needed, (7, 10), ["last numbers of riffles still at or above"]),
    (check_riffles_needed, (11, 8), ["swapped"]),
    (check_riffles_needed, (8,), ["give 2 values"]),
    (check_riffles_needed, "8, 11", ["give 2 values"]),
    (check_riffles_needed, (8.0, 11.0), ["holds floats, equal to the right values", "int"]),
    (check_white_but_unfair, [(0, 1, 2), (1, 2, 0), (2, 0, 1)], ["✓", "only 3 of the 6"]),
    (check_white_but_unfair, [[0, 2, 1], [2, 1, 0], [1, 0, 2]], ["✓"]),
    (check_white_but_unfair, [(0, 1, 2), (1, 2, 0), (2, 0, 1)] * 2 + [(0, 2, 1), (2, 1, 0),
                                                                     (1, 0, 2)], ["✓",
                                                                                  "not equally"]),
    (check_white_but_unfair, list(itertools.permutations(range(3))), ["that shuffle is fair"]),
    (check_white_but_unfair, [(0, 1, 2), (2, 1, 0)], ["card 0 lands at place 0 with chance 1/2",
                                                      "not white"]),
    (check_white_but_unfair, [(0, 1, 2)], ["chance 1, not 1/3"]),
    (check_white_but_unfair, (0, 1, 2), ["is one order", "list of orders"]),
    (check_white_but_unfair, "012 120 201", ["give a list of orders"]),
    (check_white_but_unfair, [(0, 1, 1), (1, 2, 0), (2, 0, 1)], ["not an order of the cards"]),
    (check_white_but_unfair, [], ["empty"]),
    (check_riffle_then_overhand, Fraction(1), ["not right"]),
    (check_riffle_then_overhand, Fraction(0), ["not fair on 5 cards"]),
    (check_riffle_then_overhand, 0.326, ["rounded float"]),
    (check_riffle_then_overhand, "0.3", ["is text"]),
    (check_riffle_then_overhand, None, ["None"]),
    (_enough, ENOUGH, ["✓"]),
    (_enough, float(ENOUGH), ["the float nearest to the right value", "Fraction(a, b)"]),
    (_enough, 1 - ENOUGH, ["needed more than 1,000"]),
    (_enough, int(ENOUGH * 100), ["how many seeds"]),
    (_enough, Fraction(sum(t is not None and t < 1000 for t in FOUND), 100), ["exactly 1,000"]),
    (_enough, 0.3, ["not right"]),
    (_enough, "60/100", ["is text"]),
    (check_elmsley, ["in", "out", "in", "out"], ["✓", "1010"]),
    (check_elmsley, ("in", "out", "in", "out"), ["✓"]),
    (check_elmsley, ["out", "in", "out", "in"], ["swapped", "from the right"]),
    (check_elmsley, ["in", "in", "out", "out"], ["leaves 12 cards above it", "1010"]),
    (check_elmsley, ["in", "out"], ["leaves 2 cards above it"]),
    (check_elmsley, "in out in out", ["one string"]),
    (check_elmsley, ["In", "Out", "In", "Out"], ["lower case", "'In'"]),
    (check_elmsley, 10, ["list of 'in' and 'out'"]),
    (check_pile_invariant, "C", ["✓", "an even number of pairs",
                                 "the 360 orders without it never come out"]),
    (check_pile_invariant, " c", ["✓"]),
    (check_pile_invariant, "A", ["A (the two cards dealt onto one pile", "does not hold for ever",
                                 "2 shuffles can make (0, 4, 1, 5, 3, 2)",
                                 "survive a second shuffle"]),
    (check_pile_invariant, "B", ["B (card 0", "2 shuffles can make (0, 4, 1, 5, 3, 2)"]),
    (check_pile_invariant, "D", ["one shuffle can make (3, 0, 5, 2, 4, 1)"]),
    (check_pile_invariant, "AC", ["only one of the properties", "give one letter"]),
    (check_pile_invariant, "E", ["'E' is not one of 'A', 'B', 'C', 'D'"]),
    (check_pile_invariant, 3, ["give one letter as a string", "not 3"]),
    (check_pile_invariant, ["C"], ["give one letter as a string"]),
    (check_mean_time, MEAN_TIME, ["✓"]),
    (check_mean_time, float(MEAN_TIME), ["the float nearest to the right value", "exactly"]),
    (check_mean_time, 1 + sum(52 / (i + 1) for i in range(51)), ["float", "exactly"]),
    (check_mean_time, MEAN_TIME - 1, ["one more step inserts it"]),
    (check_mean_time, 1 + sum(Fraction(52, i + 1) for i in range(52)), ["from 0 to 50"]),
    (check_mean_time, Fraction(52 * 52), ["52 × 52"]),
    (check_mean_time, 236.0, ["rounded float"]),
    (check_mean_time, 52 * math.log(52), ["not right", "1/q steps"]),
    (check_mean_time, "236", ["is text"]),
    (check_jokers_apart, Fraction(289, 477), ["✓"]),
    (check_jokers_apart, Fraction(51, 54) * Fraction(34, 53), ["✓"]),
    (check_jokers_apart, 289 / 477, ["the float nearest to the right value", "Fraction(a, b)"]),
    (check_jokers_apart, 51 / 54 * 34 / 53, ["float", "your reasoning is right",
                                             "Fraction(a, b)"]),
    (check_jokers_apart, (51 * 34) / (54 * 53), ["float", "your reasoning is right",
                                                 "Fraction(a, b)"]),
    (check_jokers_apart, Fraction(341, 477), ["kitty is no player's"]),
    (check_jokers_apart, Fraction(2, 3), ["on its own"]),
    (check_jokers_apart, Fraction(34, 53), ["may be in the kitty"]),
    (check_jokers_apart, Fraction(51 * 34, 54 * 54), ["53 places are left"]),
    (check_jokers_apart, Fraction(17 * 16, 54 * 53), ["a given player holds both"]),
    (check_jokers_apart, 0.606, ["rounded float"]),
    (check_jokers_apart, "289/477", ["is text"]),
    (check_jokers_apart, [Fraction(289, 477)], ["not a list"]),
]


@pytest.mark.parametrize("check, answer, says", VALUES,
                         ids=[f"{c.__name__}-{shown(a, 30)}" for c, a, _ in VALUES])
def test_each_value_answer_gets_its_own_message(check, answer, says):
    feedback = check(answer)
    text = str(feedback)
    assert (feedback.status == "right") == ("✓" in says), text
    for words in says:
        assert words in text, (words, text)


@pytest.mark.parametrize("check", sorted({c for c, *_ in VALUES}, key=lambda c: c.__name__),
                         ids=lambda c: c.__name__)
def test_value_stubs_are_not_attempted(check):
    assert check(TODO).status == "todo"


def test_the_riffle_then_overhand_answer_and_its_tempting_neighbours():
    from cardlib import exact, hand, mixing, riffle

    both = mixing.compose(exact.exact_law(riffle.riffle, 5),
                          exact.exact_law(hand.overhand_shuffle, 5))
    answer = mixing.distance_to_uniform(both)
    assert check_riffle_then_overhand(answer).ok
    nearest = check_riffle_then_overhand(float(answer))  # a float: never right, and told why
    assert not nearest.ok and "the float nearest to the right value" in str(nearest)
    alone = mixing.distance_to_uniform(exact.exact_law(riffle.riffle, 5))
    assert "riffle alone" in str(check_riffle_then_overhand(alone))
    reverse = mixing.distance_to_uniform(mixing.compose(
        exact.exact_law(hand.overhand_shuffle, 5), exact.exact_law(riffle.riffle, 5)))
    if reverse != answer:
        assert "the riffle comes first" in str(check_riffle_then_overhand(reverse))


def test_every_exercise_has_three_wrong_answers_and_a_right_one():
    wrong, right = {}, {}
    for check, _, says, *_ in CODE + VALUES:
        table = right if "✓" in says else wrong
        table[check] = table.get(check, 0) + 1
    right[check_riffle_then_overhand] = 1  # its right answers: the test just above
    assert set(wrong) == set(right)
    assert min(wrong.values()) >= 3, wrong
    assert shuffles.knuth_shuffle  # the lessons' fair reference is importable beside them


def test_every_exercise_of_the_riffle_lessons_is_catalogued():
    import json
    import re
    from pathlib import Path

    catalogued = {check.__name__ for check, *_ in CODE + VALUES}
    lessons = Path(__file__).resolve().parents[2] / "notebooks"
    for stem, least in (("07_riffle_shuffles", 2), ("08_seven_riffles", 3)):
        cells = json.loads((lessons / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
        found = {name for cell in cells if cell["cell_type"] == "code"
                 and "TODO" in "".join(cell["source"])
                 for name in re.findall(r"^(check_\w+)\(", "".join(cell["source"]), re.M)}
        assert len(found) >= least and found <= catalogued, (stem, found - catalogued)
