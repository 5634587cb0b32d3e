"""Realistic wrong answers to every exercise of lessons 1 to 4, each with what the learner
must be told (patterned on test_wrong_answers.py).

For every exercise: the right answer, then answers a learner really gives (a look-up of the
wrong line, an off-by-one, a copy, an endless loop, another algorithm, a number written as
text, a tuple of the wrong length), each with words its Feedback must hold and words it must
not (advice the code or the value already follows). Every check answers within seconds.
The numbers behind the value exercises are recomputed here from their definitions, without
the checks' own code.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest
from answer_catalogue import answered_as_catalogued

from cardlib import exact, shuffles
from cardlib.exercises import TODO, shown
from cardlib.exercises.fair import (
    check_bits_for_54,
    check_bounded_retry,
    check_stride_orders,
    check_stride_shuffle,
    check_tie_chance,
    check_uneven_prime,
    check_unrank,
)
from cardlib.exercises.lists import (
    check_fill_the_hole,
    check_half_bound,
    check_old_rule,
    check_resizes,
)
from cardlib.exercises.pick import (
    check_deal_moves,
    check_digit_chance,
    check_hand_chance,
    check_pick_and_remove,
)

LESSONS = Path(__file__).resolve().parents[2] / "notebooks"

# --- lesson 1: the stride shuffle, written from its description ---------------------------


def stride(deck, rng):
    n = len(deck)
    strides = [d for d in range(1, n) if math.gcd(d, n) == 1]
    first = rng.randrange(n)
    d = strides[rng.randrange(len(strides))]
    return [deck[(first + k * d) % n] for k in range(n)]


def stride_with_choice(deck, rng):  # rng.choice, and the walk read from one step on
    n = len(deck)
    first = rng.randrange(n)
    d = rng.choice([d for d in range(1, n) if math.gcd(d, n) == 1])
    return [deck[(first + k * d) % n] for k in range(1, n + 1)]


def stride_first_off_by_one(deck, rng):  # the top card never comes first
    n = len(deck)
    strides = [d for d in range(1, n) if math.gcd(d, n) == 1]
    first = rng.randrange(n - 1)
    d = strides[rng.randrange(len(strides))]
    return [deck[(first + k * d) % n] for k in range(n)]


def stride_no_gcd(deck, rng):  # forgets that a stride must share no factor with n
    n = len(deck)
    first, d = rng.randrange(n), rng.randrange(1, n)
    return [deck[(first + k * d) % n] for k in range(n)]


def stride_on_a_copy(deck, rng):  # fills a copy of the deck and returns nothing
    n = len(deck)
    strides = [d for d in range(1, n) if math.gcd(d, n) == 1]
    first, cards = rng.randrange(n), deck[:]
    d = strides[rng.randrange(len(strides))]
    for k in range(n):
        cards[k] = deck[(first + k * d) % n]


def stride_in_place(deck, rng):  # the right cards, but into the deck itself
    n = len(deck)
    strides = [d for d in range(1, n) if math.gcd(d, n) == 1]
    first = rng.randrange(n)
    d = strides[rng.randrange(len(strides))]
    deck[:] = [deck[(first + k * d) % n] for k in range(n)]


def stride_endless(deck, rng):  # a while loop that forgets k += 1
    n = len(deck)
    strides = [d for d in range(1, n) if math.gcd(d, n) == 1]
    first = rng.randrange(n)
    d = strides[rng.randrange(len(strides))]
    result, k = [], 0
    while k < n:
        result.append(deck[(first + k * d) % n])
    return result


def stride_redraws(deck, rng):  # draws the stride again until it fits: no bound
    n = len(deck)
    first, d = rng.randrange(n), rng.randrange(1, n)
    while math.gcd(d, n) != 1:
        d = rng.randrange(1, n)
    return [deck[(first + k * d) % n] for k in range(n)]


def stride_redraws_unfairly(deck, rng):  # redraws both, but the last card never comes first then
    n = len(deck)
    first, d = rng.randrange(n), rng.randrange(1, n)
    while math.gcd(d, n) != 1:
        first, d = rng.randrange(n - 1), rng.randrange(1, n)
    return [deck[(first + k * d) % n] for k in range(n)]


def stride_positions(deck, rng):  # the positions first, first + d, ...: not the cards there
    n = len(deck)
    strides = [d for d in range(1, n) if math.gcd(d, n) == 1]
    first = rng.randrange(n)
    d = strides[rng.randrange(len(strides))]
    return [(first + k * d) % n for k in range(n)]


def stride_stride_one_twice(deck, rng):  # stride 1 listed twice: twice as likely
    n = len(deck)
    strides = [1] + [d for d in range(1, n) if math.gcd(d, n) == 1]
    first = rng.randrange(n)
    d = strides[rng.randrange(len(strides))]
    return [deck[(first + k * d) % n] for k in range(n)]


def stride_global_random(deck, rng):  # the module's random, not the rng given
    n = len(deck)
    first = random.randrange(n)
    d = random.choice([d for d in range(1, n) if math.gcd(d, n) == 1])
    return [deck[(first + k * d) % n] for k in range(n)]


def stride_one_argument(deck):  # malformed: forgets the rng
    return list(deck)


def stride_gives_text(deck, rng):  # malformed: returns the cards as a string
    return " ".join(map(str, deck))


# --- lesson 2: unrank ----------------------------------------------------------------------


def unrank(r, n):
    pile, order = list(range(n)), []
    for k in range(n):
        digit, r = divmod(r, math.factorial(n - 1 - k))
        order.append(pile.pop(digit))
    return order


def unrank_tuple(r, n):
    return tuple(unrank(r, n))


def unrank_digits_reversed(r, n):  # reads the factorial digits least significant first
    pile, order = list(range(n)), []
    for k in range(n):
        r, digit = divmod(r, k + 1)
        order.append(pile.pop(min(digit, len(pile) - 1)))
    return order


def unrank_never_removes(r, n):  # takes card number d of the full deck every time
    cards, order = list(range(n)), []
    for k in range(n):
        digit, r = divmod(r, math.factorial(n - 1 - k))
        order.append(cards[digit])
    return order


def unrank_keeps_r(r, n):  # never keeps the remainder: the digits grow past the pile
    pile, order = list(range(n)), []
    for k in range(n):
        order.append(pile.pop(r // math.factorial(n - 1 - k)))
    return order


def unrank_off_by_one(r, n):  # divides by (n - k)! instead of (n - 1 - k)!
    pile, order = list(range(n)), []
    for k in range(n):
        digit, r = divmod(r, math.factorial(n - k))
        order.append(pile.pop(digit))
    return order


def unrank_floats(r, n):  # divides with /: the digits, and so the cards, are floats
    pile, order = [float(c) for c in range(n)], []
    for k in range(n):
        digit = r // math.factorial(n - 1 - k)
        r = r % math.factorial(n - 1 - k)
        order.append(pile.pop(digit))
    return order


def unrank_prints(r, n):
    print(unrank(r, n))


def unrank_endless(r, n):  # a while loop that forgets k += 1
    pile, order, k = list(range(n)), [None] * n, 0
    while k < n:
        digit, r = divmod(r, math.factorial(n - 1 - k))
        order[k] = pile[digit]
    return order


# --- lesson 3: pick-and-remove -------------------------------------------------------------

def pick(deck, rng):
    pile, new = list(deck), []
    while pile:
        new.append(pile.pop(rng.randrange(len(pile))))
    return new


def pick_off_by_one(deck, rng):
    pile, new = list(deck), []
    while pile:
        new.append(pile.pop(rng.randrange(max(len(pile) - 1, 1))))
    return new


def pick_from_digits(deck, rng):  # the hurried student of exercise 2
    pile = list(deck)
    return [pile.pop(rng.randrange(10) % len(pile)) for _ in range(len(pile))]


# --- lesson 4: the hole filled from the end ------------------------------------------------

def fill(deck, rng):
    pile, new = list(deck), []
    while pile:
        i = rng.randrange(len(pile))
        new.append(pile[i])
        pile[i] = pile[-1]
        pile.pop()
    return new


def fill_by_swapping(deck, rng):  # swap with the last, then pop it: the same algorithm
    pile, new = list(deck), []
    while pile:
        i = rng.randrange(len(pile))
        pile[i], pile[-1] = pile[-1], pile[i]
        new.append(pile.pop())
    return new


def fill_forgets_the_hole(deck, rng):  # pops the last card but never moves it into the hole
    pile, new = list(deck), []
    while pile:
        i = rng.randrange(len(pile))
        new.append(pile[i])
        pile.pop()
    return new


def fill_positions(deck, rng):  # fills the hole in a pile of positions, and returns them
    pile, new_pile = list(range(len(deck))), []
    while pile:
        i = rng.randrange(len(pile))
        new_pile.append(pile[i])
        pile[i] = pile[-1]
        pile.pop()
    return new_pile


def fill_never_pops(deck, rng):
    pile, new = list(deck), []
    while pile:
        i = rng.randrange(len(pile))
        new.append(pile[i])
        pile[i] = pile[-1]
    return new


def fill_off_by_one(deck, rng):  # "the last index is len - 1": randrange(len - 1)
    pile, new = list(deck), []
    while pile:
        i = rng.randrange(len(pile) - 1)
        new.append(pile[i])
        pile[i] = pile[-1]
        pile.pop()
    return new


def fill_never_the_last(deck, rng):
    pile, new = list(deck), []
    while pile:
        i = rng.randrange(max(len(pile) - 1, 1))
        new.append(pile[i])
        pile[i] = pile[-1]
        pile.pop()
    return new


def fill_from_the_front(deck, rng):  # fills the hole with the first card: moves them all
    pile, new = list(deck), []
    while pile:
        i = rng.randrange(len(pile))
        new.append(pile[i])
        pile[i] = pile[0]
        pile.pop(0)
    return new


def fill_in_place(deck, rng):
    deck[:] = fill(deck, rng)


def fill_returns_the_deck(deck, rng):
    deck[:] = fill(deck, rng)
    return deck


def endless(deck, rng):
    while True:
        pass


def swallows_everything(deck, rng):
    while True:
        try:
            while True:
                pass
        except BaseException:  # noqa: BLE001 (a learner's catch-all)
            pass


# --- lesson 4: the old rule -----------------------------------------------------------------

def old_rule(n):
    return n + (n >> 3) + (3 if n < 9 else 6)


def today_rule(n):
    return (n + (n >> 3) + 6) & ~3


def old_rule_plus_six(n):
    return n + n // 8 + 6


def old_rule_plus_three(n):
    return n + n // 8 + 3


def old_rule_float(n):
    return n + n / 8 + (3 if n < 9 else 6)


def old_rule_true_division(n):  # n / 8 where n // 8 was meant, then rounded: a float
    return float(round(n + n / 8 - 0.49) + (3 if n < 9 else 6))


def old_rule_no_return(n):
    n + (n >> 3) + (3 if n < 9 else 6)  # noqa: B018 (the learner's missing return)


def old_rule_endless(n):
    room = 0
    while room < n:
        room + 4  # noqa: B018 (never assigned: the loop never ends)
    return room


CODE = [
    # (check, answer, words it must hold, words it must not hold)
    (check_stride_shuffle, stride, ["✓", "is the stride shuffle"], []),
    (check_stride_shuffle, stride_with_choice, ["✓"], []),
    (check_stride_shuffle, stride_first_off_by_one, ["never makes [1, 0]", "first card 1",
                                                     "can every card come first"], ["✓"]),
    (check_stride_shuffle, stride_no_gcd, ["not a shuffle", "loses card",
                                           "share a factor with the number of cards"], []),
    (check_stride_shuffle, stride_on_a_copy, ["returned None", "copy", "return the new list"],
     ["share a factor"]),
    (check_stride_shuffle, stride_in_place, ["returns None", "new list"], []),
    (check_stride_shuffle, stride_endless, ["did not finish", "loop that never ends"], []),
    (check_stride_shuffle, stride_redraws, ["✓", "redraws until something fits",
                                            "every path of up to"], ["Draw it once"]),
    (check_stride_shuffle, stride_redraws_unfairly, ["redraws until something fits",
                                                     "equally likely"], ["✓"]),
    (check_stride_shuffle, stride_positions, ["not a shuffle", "positions, not cards",
                                              "deck[i], not i"], ["share a factor"]),
    (check_stride_shuffle, stride_stride_one_twice, ["not equally often", "probability 2/9"],
     []),
    (check_stride_shuffle, stride_global_random, ["must draw from the rng it is given"], []),
    (check_stride_shuffle, stride_one_argument, ["raised TypeError", "1 positional argument"],
     []),
    (check_stride_shuffle, stride_gives_text, ["not a shuffle", "not a list"], []),
    (check_stride_shuffle, pick, ["which no first card and stride make"], ["✓"]),
    (check_unrank, unrank, ["✓", "153 orders"], []),
    (check_unrank, unrank_tuple, ["✓"], []),
    (check_unrank, unrank_digits_reversed, ["should be", "factorial digits"], ["✓"]),
    (check_unrank, unrank_never_removes, ["not an order", "each card must come once"], []),
    (check_unrank, unrank_keeps_r, ["raised IndexError", "line", "pile.pop"], []),
    (check_unrank, unrank_off_by_one, ["raised IndexError", "pop index out of range"], []),
    (check_unrank, unrank_floats, ["unrank(0, 1) returned [0.0]", "whole numbers"], ["✓"]),
    (check_unrank, unrank_prints, ["returned None", "not a list", "print only shows it"], []),
    (check_unrank, unrank_endless, ["did not finish", "loop that never ends"], []),
    (check_pick_and_remove, pick, ["✓", "as pick-and-remove, it asks for the same draws"], []),
    (check_pick_and_remove, pick_off_by_one, ["unfair", "Most likely", "how many cards are left"],
     ["pop that position"]),
    (check_pick_and_remove, pick_from_digits, ["unfair"], ["returned None"]),
    (check_pick_and_remove, fill, ["fair, but", "not pick-and-remove"], []),
    (check_fill_the_hole, fill, ["✓", "as pick-and-remove with the hole filled from the end, it "
                                 "asks for the same draws", "10 and 52 cards"], []),
    (check_fill_the_hole, fill_positions, ["not a shuffle", "positions, not cards"], ["✓"]),
    (check_fill_the_hole, fill_by_swapping, ["✓"], []),
    (check_fill_the_hole, pick, ["fair, but", "lesson 3's pick-and-remove", "last card"], []),
    (check_fill_the_hole, fill_forgets_the_hole, ["not a shuffle", "loses card"], ["unfair"]),
    (check_fill_the_hole, fill_never_pops, ["did not finish", "loop that never ends"], []),
    (check_fill_the_hole, fill_off_by_one, ["raised ValueError", "line",
                                            "rng.randrange(len(pile) - 1)"], []),
    (check_fill_the_hole, fill_never_the_last, ["unfair", "Most likely"], ["returned None"]),
    (check_fill_the_hole, fill_from_the_front, ["fair, but", "not pick-and-remove with the hole",
                                                "last card moves into its place"], []),
    (check_fill_the_hole, fill_in_place, ["returns None", "new list"], ["unfair"]),
    (check_fill_the_hole, fill_returns_the_deck, ["returns the deck", "new list"], []),
    (check_fill_the_hole, shuffles.knuth_shuffle, ["returns None", "new list"], []),
    (check_fill_the_hole, endless, ["did not finish"], []),
    (check_fill_the_hole, swallows_everything, ["stopped"], []),
    (check_old_rule, old_rule, ["✓", "every length from 1 to 2,000"], []),
    (check_old_rule, today_rule, ["old_rule(2) gave 8", "today's rule"], []),
    (check_old_rule, old_rule_plus_six, ["old_rule(1) gave 7", "short ones too much"],
     ["adds 3"]),
    (check_old_rule, old_rule_plus_three, ["old_rule(9) gave 13", "longer ones too little"],
     ["adds 6"]),
    (check_old_rule, old_rule_float, ["gave 4.125", "whole number"], []),
    (check_old_rule, old_rule_true_division, ["old_rule(1) gave 4.0", "never a float"], []),
    (check_old_rule, old_rule_no_return, ["gave None", "return"], []),
    (check_old_rule, old_rule_endless, ["did not finish"], []),
]


def test_every_code_answer_gets_its_own_message():
    answered_as_catalogued(CODE)


@pytest.mark.parametrize("check", [check_unrank, check_old_rule])
def test_a_stub_is_not_attempted(check):
    stub = (lambda r, n: TODO) if check is check_unrank else (lambda n: TODO)
    assert check(stub).status == "todo"


def test_a_stub_shuffle_is_not_attempted():
    for check in (check_pick_and_remove, check_fill_the_hole, check_stride_shuffle):
        assert check(lambda deck, rng: TODO).status == "todo"


# --- value exercises: check(given) -> words -----------------------------------------------

LOG2_54 = math.log2(math.factorial(54))

VALUES = [
    (check_bits_for_54, 238, ["✓"]),
    (check_bits_for_54, 238.0, ["238.0 is a float, equal to the right value", "whole number"]),
    (check_bits_for_54, 2**238, ["not right"]),
    (check_bits_for_54, 54, ["number of cards"]),
    (check_bits_for_54, 237, ["round up"]),
    (check_bits_for_54, LOG2_54, ["log2(54!) itself", "round up"]),
    (check_bits_for_54, 226, ["52! orders", "54"]),
    (check_bits_for_54, 324, ["not the fewest"]),
    (check_bits_for_54, "238", ["text", "without quotes"]),
    (check_bits_for_54, None, ["None", "print"]),
    (check_uneven_prime, 3, ["✓", "not 10^10"]),
    (check_uneven_prime, 7, ["✓"]),
    (check_uneven_prime, 3.0, ["a float equal to a right answer", "whole number"]),
    (check_uneven_prime, 2, ["divides 10^10", "as well"]),
    (check_uneven_prime, 5, ["divides 10^10"]),
    (check_uneven_prime, 11, ["does not divide 10!"]),
    (check_uneven_prime, 9, ["not a prime", "prime factors does the job"]),
    (check_uneven_prime, 10, ["not a prime", "all divide 10^10 too"]),
    (check_uneven_prime, 1, ["not a prime"]),
    (check_uneven_prime, 2.5, ["not a whole number"]),
    (check_uneven_prime, 10**100, ["1.00000e+100 (a whole number of 101 digits) does not divide "
                                   "10!"]),
    (check_uneven_prime, 10**5000, ["a whole number of about 5,001 digits", "does not divide"]),
    (check_uneven_prime, "3", ["text"]),
    (check_uneven_prime, (3, 7), ["one number", "tuple"]),
    (check_stride_orders, 40, ["✓"]),
    (check_stride_orders, 90, ["share a factor with 10"]),
    (check_stride_orders, math.factorial(10), ["every order"]),
    (check_stride_orders, 10, ["several strides"]),
    (check_stride_orders, 9, ["any of the 10 cards"]),
    (check_stride_orders, 20, ["not right", "first card and its stride"]),
    (check_stride_orders, [40], ["the number itself", "list holding it"]),
    (check_stride_orders, 10 * 4.0, ["a float, equal to the right value", "whole number"]),
    (check_tie_chance, Fraction(4, 9), ["✓"]),
    (check_tie_chance, 4 / 9, ["the float nearest to the right value", "Fraction(a, b)"]),
    (check_tie_chance, 1 - 5 / 6 * 4 / 6, ["float", "Fraction(a, b)"]),
    (check_tie_chance, 0.44, ["rounded float", "exactly"]),
    (check_tie_chance, Fraction(5, 9), ["all three keys differ"]),
    (check_tie_chance, Fraction(1, 6), ["two given keys"]),
    (check_tie_chance, Fraction(1, 2), ["cannot simply be added"]),
    (check_tie_chance, Fraction(1, 36), ["all three keys are equal"]),
    (check_tie_chance, "4/9", ["text"]),
    (check_bounded_retry, Fraction(4, 27), ["✓"]),
    (check_bounded_retry, 4 / 27, ["the float nearest to the right value", "exactly"]),
    (check_bounded_retry, Fraction(4 / 27), ["the exact value of the float", "Fraction(99, 100)"]),
    (check_bounded_retry, 0.148, ["rounded float", "exactly"]),
    (check_bounded_retry, Fraction(1, 6), ["a fair shuffle gives every order", "may not be"]),
    (check_bounded_retry, Fraction(1, 27), ["draws with a repeat"]),
    (check_bounded_retry, Fraction(5, 27), ["such as 0 1 2", "other way round"]),
    (check_bounded_retry, Fraction(1, 9), ["misses some paths", "first draw is 2"]),
    (check_bounded_retry, 4, ["count of paths", "1/27"]),
    (check_bounded_retry, Fraction(2, 9), ["not right", "27 equally likely paths"]),
    (check_bounded_retry, "4/27", ["text"]),
    (check_bounded_retry, (4, 27), ["one number", "tuple"]),
    (check_digit_chance, Fraction(1, 5), ["✓"]),
    (check_digit_chance, 0.2, ["the float nearest to the right value", "Fraction(a, b)"]),
    (check_digit_chance, 4 / 10 * 5 / 10, ["float", "exactly"]),
    (check_digit_chance, Fraction(1, 6), ["fair draw", "digit % 3"]),
    (check_digit_chance, Fraction(2, 5), ["first draw alone"]),
    (check_digit_chance, Fraction(3, 20), ["0 is one of them"]),
    (check_digit_chance, Fraction(2, 15), ["2 cards left"]),
    (check_digit_chance, (1, 5), ["one number", "tuple"]),
    (check_hand_chance, Fraction(1, 20), ["✓"]),
    (check_hand_chance, Fraction(1, 120), ["ordered"]),
    (check_hand_chance, Fraction(1, 216), ["with replacement"]),
    (check_hand_chance, Fraction(1, 2), ["among the three"]),
    (check_hand_chance, 20, ["number of hands"]),
    (check_hand_chance, None, ["None"]),
    (check_hand_chance, 1 / math.comb(6, 3), ["float", "Fraction(a, b)"]),
    (check_deal_moves, 714, ["✓"]),
    (check_deal_moves, 714.0, ["a float, equal to the right value", "whole number"]),
    (check_deal_moves, sum((s - 1) / 2 for s in range(4, 55)), ["float", "whole number"]),
    (check_deal_moves, Fraction(1431, 2), ["whole shuffle of 54", "3 cards left"]),
    (check_deal_moves, 663, ["52 cards"]),
    (check_deal_moves, Fraction(1479, 2), ["*after*"]),
    (check_deal_moves, 1428, ["half of them"]),
    (check_deal_moves, 0, ["closes the gap"]),
    (check_deal_moves, "714", ["text"]),
    (check_resizes, 86, ["✓"]),
    (check_resizes, 86.0, ["a float, equal to the right value", "an int"]),
    (check_resizes, 85, ["first append", "3.7"]),
    (check_resizes, 87, ["One too many"]),
    (check_resizes, 125_000, ["spare room"]),
    (check_resizes, 117, ["+ 6"]),
    (check_resizes, 1_000_000, ["free slot"]),
    (check_resizes, "86", ["text"]),
    (check_half_bound, 3, ["✓"]),
    (check_half_bound, Fraction(3), ["✓"]),
    (check_half_bound, 3.0, ["a float, equal to the right value", "an int"]),
    (check_half_bound, 1 / (1 - 2 / 3), ["float", "whole number"]),
    (check_half_bound, 9, ["an eighth"]),
    (check_half_bound, 2, ["2/3, not 1/2"]),
    (check_half_bound, 1.5, ["growth factor"]),
    (check_half_bound, 0.5, ["share added"]),
    (check_half_bound, 2.99, ["rounded float"]),
    (check_half_bound, [3, 9], ["one number", "list"]),
]


@pytest.mark.parametrize("check, given, says", VALUES,
                         ids=[f"{c.__name__}-{shown(g, 20)}" for c, g, _ in VALUES])
def test_each_value_answer_gets_its_own_message(check, given, says):
    feedback = check(given)
    text = str(feedback)
    for words in says:
        assert words in text, (words, text)
    assert feedback.ok == ("✓" in says), text
    if not feedback.ok:
        assert feedback.where, text  # a wrong answer says where the lesson explains it
    assert check(TODO).status == "todo"


def test_every_exercise_has_three_realistic_wrong_answers():
    wrong: dict = {}
    for check, _, says, *_ in CODE + VALUES:
        wrong[check] = wrong.get(check, 0) + ("✓" not in says)
    assert len(wrong) == 15 and min(wrong.values()) >= 3, wrong


def _checks_in_lesson(stem: str) -> set[str]:
    nb = json.loads((LESSONS / f"{stem}.ipynb").read_text(encoding="utf-8"))
    found = set()
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and "TODO" in source:
            found |= set(re.findall(r"^(check_\w+)\(", source, re.M))
    return found


def test_every_exercise_of_the_lessons_is_catalogued():
    catalogued = {check.__name__ for check, *_ in CODE + VALUES}
    for stem, least in (("01_fair_shuffle", 4), ("02_fair_but_costly", 2),
                        ("03_pick_and_remove", 4), ("04_list_growth", 4)):
        found = _checks_in_lesson(stem)
        assert len(found) >= least and found <= catalogued, (stem, found - catalogued)


# --- the numbers behind the value exercises, recomputed from their definitions ---------------

def test_the_expected_values_from_first_principles():
    assert check_bits_for_54(min(k for k in range(300) if 2**k >= math.factorial(54))).ok
    witnesses = [p for p in range(2, 12) if all(p % d for d in range(2, p))
                 and math.factorial(10) % p == 0 and 10**10 % p]
    assert witnesses == [3, 7] and all(check_uneven_prime(p).ok for p in witnesses)
    strides = {tuple((first + i * d) % 10 for i in range(10))
               for first in range(10) for d in range(10)
               if len({(first + i * d) % 10 for i in range(10)}) == 10}
    assert check_stride_orders(len(strides)).ok
    ties = sum(len(set(keys)) < 3 for keys in itertools.product(range(6), repeat=3))
    assert check_tie_chance(Fraction(ties, 6**3)).ok
    # the hurried digit shuffle, every pair of digits (the last draw has no choice)
    kept = sum(pick_from_digits([0, 1, 2], _Digits([a, b, 0])) == [0, 1, 2]
               for a in range(10) for b in range(10))
    assert check_digit_chance(Fraction(kept, 100)).ok
    assert check_digit_chance(exact.distribution(pick_from_digits, 3)[(0, 1, 2)]).ok
    hands = list(itertools.permutations(range(6), 3))
    assert check_hand_chance(Fraction(sum(set(h) == {0, 1, 2} for h in hands), len(hands))).ok
    # the deal: with s cards left, pop at a uniform position moves the cards after it
    moves = sum(Fraction(sum(s - 1 - i for i in range(s)), s) for s in range(4, 55))
    assert check_deal_moves(moves).ok


class _Digits:
    """An rng whose randrange answers from a list (each draw must fit its range)."""

    def __init__(self, answers):
        self.answers = list(answers)

    def randrange(self, n):
        value = self.answers.pop(0)
        assert 0 <= value < n
        return value


def _copies_per_append(n: int, grow) -> list[float]:
    """Copies per append after each of n appends, if every resize copied the list."""
    room = copies = 0
    per = []
    for length in range(1, n + 1):
        if length > room:
            copies += length - 1
            room = grow(length)
        per.append(copies / length)
    return per


def test_the_lesson_3_numbers_from_the_rule_itself():
    def today(n):
        return (n + (n >> 3) + 6) & ~3

    per = _copies_per_append(2**20, today)
    assert [round(per[n - 1], 2) for n in (16, 64, 256)] == [0.75, 2.75, 5.45]
    assert max(per) < 9 < max(per) + 0.05  # climbs towards 9, never past it
    assert max(_copies_per_append(2**20, lambda n: n + n // 2)) < 3
    room = resizes = 0
    for length in range(1, 1_000_001):
        if length > room:
            room, resizes = today(length), resizes + 1
    assert check_resizes(resizes).ok
    assert check_half_bound(1 / (1 - Fraction(2, 3))).ok


def test_the_hole_filled_from_the_end_is_knuths_shuffle_read_from_the_top():
    for seed in range(30):
        deck = list(range(20))
        shuffles.knuth_shuffle(deck, random.Random(seed))
        assert fill(range(20), random.Random(seed)) == deck[::-1]
