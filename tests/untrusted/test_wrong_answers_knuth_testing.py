"""Lessons 5 and 6: realistic wrong answers to every exercise, each with what the learner is told.

For each exercise: the right answer (in more than one form where learners write it several
ways), then answers a learner really gives (off by one, a copy, an endless loop, the wrong
form, another algorithm, a malformed value), each with words its Feedback must hold and words
it must not (advice the code already follows, or a verdict that contradicts it). Every check
must answer within a few seconds, endless loops included.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from answer_catalogue import answered_as_catalogued

from cardlib import shuffles
from cardlib.exercises import TODO, shown
from cardlib.exercises.knuth import (
    check_forward_knuth,
    check_inside_out,
    check_sattolo_counterexample,
    check_secret_santa,
)
from cardlib.exercises.testing import (
    check_date_seeds,
    check_expected_count,
    check_float_law,
    check_modulo_chance,
    check_peeking_bound,
    check_plain_sum_mean,
    check_randbelow,
)


def endless(*args):
    while True:
        pass


# --- lesson 5, exercise 1: Knuth's swaps run forwards, from a description ------------------

def forward(deck, rng):
    n = len(deck)
    for i in range(n - 1):
        j = rng.randrange(i, n)
        deck[i], deck[j] = deck[j], deck[i]


def forward_offset(deck, rng):  # i + randrange(n - i), to the end: the same draws
    n = len(deck)
    for i in range(n):
        j = i + rng.randrange(n - i)
        deck[i], deck[j] = deck[j], deck[i]


def forward_off_by_one(deck, rng):  # j from i + 1: the card at i always moves
    n = len(deck)
    for i in range(n - 1):
        j = rng.randrange(i + 1, n)
        deck[i], deck[j] = deck[j], deck[i]


def forward_stops_short(deck, rng):  # j from i to n - 2: the last card is never drawn
    n = len(deck)
    for i in range(n - 1):
        j = rng.randrange(i, n - 1)
        deck[i], deck[j] = deck[j], deck[i]


def forward_from_settled(deck, rng):  # j from 0 to i: fair, but draws from the settled part
    for i in range(len(deck)):
        j = rng.randrange(i + 1)
        deck[i], deck[j] = deck[j], deck[i]


def forward_never_advances(deck, rng):
    i = 0
    while i < len(deck) - 1:
        j = rng.randrange(i, len(deck))
        deck[i], deck[j] = deck[j], deck[i]


def forward_returns_copy(deck, rng):
    copy = list(deck)
    forward(copy, rng)
    return copy


def forward_on_a_copy(deck, rng):
    copy = list(deck)
    forward(copy, rng)


def forward_returns_deck(deck, rng):
    forward(deck, rng)
    return deck


def forward_positions(deck, rng):  # shuffles the positions, and puts them in the deck
    order = list(range(len(deck)))
    forward(order, rng)
    deck[:] = order


def forward_forgets_to_swap(deck, rng):  # draws j, swaps nothing, returns the deck
    for i in range(len(deck) - 1):
        rng.randrange(i, len(deck))
    return deck


def forward_past_the_end(deck, rng):
    n = len(deck)
    for i in range(n):
        j = rng.randrange(i, n + 1)
        deck[i], deck[j] = deck[j], deck[i]


def forward_overwrites(deck, rng):  # assigns instead of swapping: cards lost
    n = len(deck)
    for i in range(n - 1):
        deck[i] = deck[rng.randrange(i, n)]


def forward_with_floats(deck, rng):
    n = len(deck)
    for i in range(n - 1):
        j = i + int(rng.random() * (n - i))
        deck[i], deck[j] = deck[j], deck[i]


# --- lesson 5, exercise 3: secret Santa ---------------------------------------------------

def santa_table(names, rng):  # a random seating, each gives to the next one round
    seats = list(names)
    rng.shuffle(seats)
    return {giver: seats[(k + 1) % len(seats)] for k, giver in enumerate(seats)}


def santa_sattolo(names, rng):
    order = list(range(len(names)))
    shuffles.sattolo_shuffle(order, rng)
    return {names[i]: names[order[i]] for i in range(len(names))}


def santa_chain(names, rng):  # from the first name, each picks the next among those left
    left, person, gives = list(names[1:]), names[0], {}
    while left:
        nxt = left.pop(rng.randrange(len(left)))
        gives[person] = nxt
        person = nxt
    gives[person] = names[0]
    return gives


def santa_plain_shuffle(names, rng):  # a shuffled list of receivers: some give to themselves
    receivers = list(names)
    rng.shuffle(receivers)
    return dict(zip(names, receivers))


def santa_knuth_order(names, rng):  # Sattolo's idea with randrange(i + 1): Knuth's loop
    order = list(range(len(names)))
    shuffles.knuth_shuffle(order, rng)
    return {names[i]: names[order[i]] for i in range(len(names))}


def santa_retry_derangement(names, rng):  # redraws until nobody draws themselves
    while True:
        receivers = list(names)
        rng.shuffle(receivers)
        if all(a != b for a, b in zip(names, receivers)):
            return dict(zip(names, receivers))


def santa_retry_circle(names, rng):  # redraws until the giving is one circle: not one pass
    while True:
        gives = santa_plain_shuffle(names, rng)
        seen, person = {names[0]}, gives[names[0]]
        while person != names[0] and person not in seen:
            seen.add(person)
            person = gives[person]
        if len(seen) == len(names) and person == names[0]:
            return gives


def santa_swap_fix(names, rng):  # fixes a self-gift by swapping with the next: two circles
    receivers = list(names)
    rng.shuffle(receivers)
    for i in range(len(receivers)):
        if receivers[i] == names[i]:
            j = (i + 1) % len(receivers)
            receivers[i], receivers[j] = receivers[j], receivers[i]
    return dict(zip(names, receivers))


def santa_in_list_order(names, rng):  # no draw at all
    return {giver: names[(k + 1) % len(names)] for k, giver in enumerate(names)}


def santa_naive_table(names, rng):  # a seating by the naive swap: circles not equally likely
    seats = list(names)
    shuffles.naive_swap_shuffle(seats, rng)
    return {giver: seats[(k + 1) % len(seats)] for k, giver in enumerate(seats)}


def santa_shuffles_names(names, rng):  # right circles, but the caller's list is shuffled
    rng.shuffle(names)
    return {giver: names[(k + 1) % len(names)] for k, giver in enumerate(names)}


def santa_pairs(names, rng):  # a list of pairs, not a dict
    seats = list(names)
    rng.shuffle(seats)
    return [(giver, seats[(k + 1) % len(seats)]) for k, giver in enumerate(seats)]


def santa_module_random(names, rng):
    seats = list(names)
    random.shuffle(seats)
    return {giver: seats[(k + 1) % len(seats)] for k, giver in enumerate(seats)}


def santa_positions(names, rng):  # Sattolo's order of positions, given as the receivers
    order = list(range(len(names)))
    shuffles.sattolo_shuffle(order, rng)
    return {names[i]: order[i] for i in range(len(names))}


def santa_forgets_return(names, rng):
    santa_table(names, rng)


# --- lesson 5, exercise 4: inside-out ------------------------------------------------------

def inside_out(deck, rng):
    new = []
    for i, card in enumerate(deck):
        j = rng.randrange(i + 1)
        new.append(card)
        new[i], new[j] = new[j], new[i]
    return new


def inside_out_off_by_one(deck, rng):
    new = []
    for i, card in enumerate(deck):
        j = rng.randrange(i) if i else 0
        new.append(card)
        new[i], new[j] = new[j], new[i]
    return new


def inside_out_reads_twice(deck, rng):
    new = [None] * len(deck)  # len() of an iterator fails: the deck is read before the loop
    for i, card in enumerate(deck):
        j = rng.randrange(i + 1)
        new[i] = new[j]
        new[j] = card
    return new


def knuth_on_a_copy_returned(deck, rng):
    copy = list(deck)
    shuffles.knuth_shuffle(copy, rng)
    return copy


def inside_out_positions(deck, rng):  # appends i, the position, where the card was meant
    new = []
    for i, _ in enumerate(deck):
        j = rng.randrange(i + 1)
        new.append(i)
        new[i], new[j] = new[j], new[i]
    return new


def inside_out_forgets_swap(deck, rng):  # draws j and forgets to swap: the deck comes back
    new = []
    for i, card in enumerate(deck):
        rng.randrange(i + 1)
        new.append(card)
    return new


# --- lesson 6, exercise 6: the rejection draw ----------------------------------------------

def randbelow_cpython(k, rng):
    bits = k.bit_length()
    value = rng.getrandbits(bits)
    while value >= k:
        value = rng.getrandbits(bits)
    return value


def randbelow_fewest(k, rng):
    bits = (k - 1).bit_length()
    while True:
        value = rng.getrandbits(bits)
        if value < k:
            return value


def randbelow_modulo(k, rng):
    return rng.getrandbits(k.bit_length()) % k


def randbelow_greater_than(k, rng):  # > where >= is meant: k itself comes out
    bits = k.bit_length()
    value = rng.getrandbits(bits)
    while value > k:
        value = rng.getrandbits(bits)
    return value


def randbelow_redraws_once(k, rng):
    bits = k.bit_length()
    value = rng.getrandbits(bits)
    if value >= k:
        value = rng.getrandbits(bits)
    return value


def randbelow_too_few_bits(k, rng):
    bits = max(k.bit_length() - 1, 0)
    value = rng.getrandbits(bits)
    while value >= k:
        value = rng.getrandbits(bits)
    return value


def randbelow_too_many_bits(k, rng):
    bits = k.bit_length() + 1
    value = rng.getrandbits(bits)
    while value >= k:
        value = rng.getrandbits(bits)
    return value


def randbelow_three_bits(k, rng):  # the lesson's 3 bits, whatever k is
    value = rng.getrandbits(3)
    while value >= k:
        value = rng.getrandbits(3)
    return value


def randbelow_tests_the_old_value(k, rng):  # draws again, but never looks at the new value
    bits = k.bit_length()
    value = rng.getrandbits(bits)
    while value >= k:
        rng.getrandbits(bits)
    return value


def randbelow_with_randrange(k, rng):
    return rng.randrange(k)


def randbelow_module_random(k, rng):
    bits = k.bit_length()
    value = random.getrandbits(bits)
    while value >= k:
        value = random.getrandbits(bits)
    return value


def randbelow_float(k, rng):
    return int(rng.random() * k)


def randbelow_returns_float(k, rng):
    return float(randbelow_cpython(k, rng))


def randbelow_forgets_return(k, rng):
    randbelow_cpython(k, rng)


CODE = [
    # (check, answer, words it must hold, words it must not hold)
    (check_forward_knuth, forward, ["✓", "as the forward loop, it asks for the same draws"], []),
    (check_forward_knuth, forward_positions, ["not a shuffle", "positions, not cards"], ["✓"]),
    (check_forward_knuth, forward_forgets_to_swap, ["returned the deck it was given, unchanged",
                                                    "moved no card", "returns None"],
     ["shuffles the deck in place"]),
    (check_forward_knuth, forward_offset, ["✓"], []),
    (check_forward_knuth, forward_off_by_one, ["unfair", "reaches only 1 of the 2 orders",
                                               "the card already there included"],
     ["shuffle a copy"]),
    (check_forward_knuth, forward_stops_short, ["unfair", "never moves a card",
                                                "equally likely"], ["shuffle a copy"]),
    (check_forward_knuth, forward_from_settled, ["fair, but", "not the forward loop",
                                                 "randrange(2), randrange(3)"], []),
    (check_forward_knuth, shuffles.knuth_shuffle, ["fair, but", "not the forward loop",
                                                   "same random numbers"], []),
    (check_forward_knuth, shuffles.naive_swap_shuffle, ["unfair", "not equally likely"], []),
    (check_forward_knuth, forward_never_advances, ["did not finish"], []),
    (check_forward_knuth, forward_returns_copy, ["returns a new list", "in place"], ["unfair"]),
    (check_forward_knuth, forward_on_a_copy, ["returned None", "shuffle a copy"], ["unfair"]),
    (check_forward_knuth, forward_returns_deck, ["also returns it", "returns None"], []),
    (check_forward_knuth, forward_past_the_end, ["IndexError", "line",
                                                 "deck[i], deck[j] = deck[j], deck[i]"], []),
    (check_forward_knuth, forward_overwrites, ["not a shuffle", "loses card"], []),
    (check_forward_knuth, forward_with_floats, ["rng.random()", "randrange"], []),
    (check_forward_knuth, endless, ["did not finish"], []),
    (check_secret_santa, santa_table, ["✓", "one circle through everybody"], []),
    (check_secret_santa, santa_sattolo, ["✓"], []),
    (check_secret_santa, santa_chain, ["✓"], []),
    (check_secret_santa, santa_plain_shuffle, ["give to themselves"], ["✓"]),
    (check_secret_santa, santa_knuth_order, ["give to themselves"], ["✓"]),
    (check_secret_santa, santa_retry_derangement, ["2 circles", "not one through everybody"],
     ["✓"]),
    (check_secret_santa, santa_retry_circle, ["redraw until it works", "one pass"], ["✓"]),
    (check_secret_santa, santa_swap_fix, ["circles", "not one through everybody"], ["✓"]),
    (check_secret_santa, santa_in_list_order, ["makes only 1 of the 2 circles", "never"], []),
    (check_secret_santa, santa_naive_table, ["not equally often", "14/27", "fair: 1/2 each"],
     []),
    (check_secret_santa, santa_shuffles_names, ["changed the list of names",
                                                "leave names as it was"], ["✓"]),
    (check_secret_santa, santa_pairs, ["returns a list, not a dict"], []),
    (check_secret_santa, santa_module_random, ["random.shuffle", "rng it is given"], []),
    (check_secret_santa, santa_positions, ["maps 'Ann' to", "map each name to a name"], ["✓"]),
    (check_secret_santa, santa_forgets_return, ["returns None, not a dict"], []),
    (check_secret_santa, endless, ["did not finish"], []),
    (check_inside_out, inside_out, ["✓", "reads the deck only once"], []),
    (check_inside_out, shuffles.inside_out_shuffle, ["✓"], []),
    (check_inside_out, knuth_on_a_copy_returned, ["fair, but", "not the inside-out shuffle",
                                                  "randrange(6)"], []),
    (check_inside_out, inside_out_off_by_one, ["unfair"], []),
    (check_inside_out, inside_out_forgets_swap, ["returned a new list with the cards in the deck's "
                                                 "own order", "moved no card"], ["unfair"]),
    (check_inside_out, inside_out_positions, ["not a shuffle", "positions, not cards"], ["✓"]),
    (check_inside_out, inside_out_reads_twice, ["read only once", "TypeError"], []),
    (check_inside_out, shuffles.knuth_shuffle, ["returns None", "new list"], []),
    (check_inside_out, endless, ["did not finish"], []),
    (check_randbelow, randbelow_cpython, ["✓", "probability exactly 1/k"], []),
    (check_randbelow, randbelow_fewest, ["✓"], []),
    (check_randbelow, randbelow_modulo, ["6 % 6", "modulo", "thrown away and drawn again"],
     ["✓"]),
    (check_randbelow, randbelow_greater_than, ["returned 6, which is not below 6",
                                               "should be >="], []),
    (check_randbelow, randbelow_redraws_once, ["drew once more", "Keep drawing"], []),
    (check_randbelow, randbelow_too_few_bits, ["2 bits", "never return 5"], []),
    (check_randbelow, randbelow_too_many_bits, ["4 bits where 3 can write 5", "fair, but"], []),
    (check_randbelow, randbelow_three_bits, ["my_randbelow(3, rng) asks for 3 bits"], []),
    (check_randbelow, randbelow_tests_the_old_value, ["kept drawing", "test the old one"], []),
    (check_randbelow, randbelow_with_randrange, ["rng.randrange", "only rng.getrandbits"], []),
    (check_randbelow, randbelow_module_random, ["random.getrandbits", "not the rng"], []),
    (check_randbelow, randbelow_float, ["rng.random", "only rng.getrandbits"], []),
    (check_randbelow, randbelow_returns_float, ["0.0, a float", "whole number"], []),
    (check_randbelow, randbelow_forgets_return, ["returned None", "whole number"], []),
    (check_randbelow, endless, ["did not finish"], []),
]


def test_every_code_answer_gets_its_own_message():
    answered_as_catalogued(CODE)


@pytest.mark.parametrize("check", [check_forward_knuth, check_secret_santa, check_inside_out,
                                   check_randbelow], ids=lambda c: c.__name__)
def test_the_stub_is_not_attempted(check):
    assert check(lambda *args: TODO).status == "todo"


VALUES = [
    # (check, answer, words it must hold) -- the first of each check is the right answer
    (check_sattolo_counterexample, (1, 0, 3, 2), ["✓", "2 cycles", "0 → 1 → 0"]),
    (check_sattolo_counterexample, [3, 2, 1, 0], ["✓"]),
    (check_sattolo_counterexample, (2, 3, 0, 1), ["✓"]),
    (check_sattolo_counterexample, (1, 2, 3, 0), ["Sattolo's loop makes (1, 2, 3, 0)", "1/6",
                                                  "a single cycle"]),
    (check_sattolo_counterexample, (0, 1, 2, 3), ["card 0 stays", "every card moves"]),
    (check_sattolo_counterexample, (1, 0, 2, 3), ["card 2 stays"]),
    (check_sattolo_counterexample, (1, 1, 2, 3), ["not an order", "card 1 appears twice",
                                                  "card 0 is missing"]),
    (check_sattolo_counterexample, (1, 0, 3, 4), ["4 is not one of the cards"]),
    (check_sattolo_counterexample, "1032", ["a tuple", "not '1032'"]),
    (check_sattolo_counterexample, (1, 0, 2), ["give the 4 cards"]),
    (check_sattolo_counterexample, ((0, 1), (2, 3)), ["give the 4 cards"]),
    (check_sattolo_counterexample, (1.0, 0, 3, 2), ["whole numbers"]),
    (check_expected_count, 2000, ["✓"]),
    (check_expected_count, 2000.0, ["a float, equal to the right value", "whole number"]),
    (check_expected_count, 48_000 / 24, ["a float", "// divides without a remainder"]),
    (check_expected_count, 12_000, ["one position"]),
    (check_expected_count, 24, ["number of orders"]),
    (check_expected_count, Fraction(1, 24), ["multiply"]),
    (check_expected_count, "2000", ["text", "without quotes"]),
    (check_plain_sum_mean, 20, ["✓"]),
    (check_plain_sum_mean, Fraction(20), ["✓"]),
    (check_plain_sum_mean, 16, ["degrees of freedom", "one cell's term first"]),
    (check_plain_sum_mean, 25, ["variance"]),
    (check_plain_sum_mean, 24, ["section 1"]),
    (check_plain_sum_mean, 4, ["one row"]),
    (check_plain_sum_mean, Fraction(4, 5), ["one cell"]),
    (check_plain_sum_mean, 20.5, ["not right", "variance"]),
    (check_plain_sum_mean, [20], ["the number itself", "list holding it"]),
    (check_plain_sum_mean, 25 * (1 - 1 / 5), ["float", "whole number"]),
    (check_peeking_bound, 1 - Fraction(99, 100) ** 20, ["✓"]),
    (check_peeking_bound, Fraction(1, 5), ["counts twice"]),
    (check_peeking_bound, Fraction(1, 100), ["one test"]),
    (check_peeking_bound, Fraction(99, 100) ** 20, ["no* alarm"]),
    (check_peeking_bound, float(1 - Fraction(99, 100) ** 20), ["the float nearest to the right "
                                                                "value", "Fraction(a, b)"]),
    (check_peeking_bound, 1 - 0.99**20, ["float", "Fraction(a, b)"]),
    (check_peeking_bound, 0.18, ["rounded float", "exactly"]),
    (check_peeking_bound, 1 - Fraction(0.99) ** 20, ["Fraction(99, 100)"]),
    (check_date_seeds, 365, ["✓"]),
    (check_date_seeds, 366, ["leap"]),
    (check_date_seeds, 99_991_231, ["Only dates"]),
    (check_date_seeds, 2**32, ["2^32"]),
    (check_date_seeds, "365", ["text"]),
    (check_modulo_chance, Fraction(3, 16), ["✓"]),
    (check_modulo_chance, 3 / 16, ["a float, equal to the right value", "Fraction(a, b)"]),
    (check_modulo_chance, Fraction(1, 6), ["would be fair"]),
    (check_modulo_chance, Fraction(1, 8), ["12"]),
    (check_modulo_chance, Fraction(1, 4), ["3-bit"]),
    (check_modulo_chance, 0.19, ["rounded float"]),
    (check_float_law, (Fraction(3, 8), Fraction(5, 16), Fraction(5, 16)), ["✓"]),
    (check_float_law, [Fraction(3, 8), Fraction(5, 16), Fraction(5, 16)], ["✓"]),
    (check_float_law, (Fraction(1, 3),) * 3, ["would be fair"]),
    (check_float_law, (Fraction(5, 16), Fraction(5, 16), Fraction(3, 8)), ["extra value"]),
    (check_float_law, (Fraction(3, 8), Fraction(5, 8)), ["give 3 values"]),
    (check_float_law, "3/8 5/16 5/16", ["give 3 values"]),
    (check_float_law, (6 / 16, 5 / 16, 5 / 16), ["holds floats, equal to the right values",
                                                 "Fraction(a, b)"]),
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


def test_every_exercise_has_three_wrong_answers_and_a_right_one():
    wrong, right = {}, {}
    for check, _, says, *_ in CODE + VALUES:
        table = right if "✓" in says else wrong
        table[check] = table.get(check, 0) + 1
    assert set(wrong) == set(right)
    assert min(wrong.values()) >= 3, wrong
