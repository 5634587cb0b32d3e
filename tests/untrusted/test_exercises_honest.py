"""The exercise checks never lie: one test (or table) per class of wrong feedback once found.

1. A function that gives back positions instead of cards is caught: every check that takes a
   function also tries cards that are not positions (letters).
2. A wrong exact Fraction, however small, is wrong: never "the exact value of a float".
3. Slow but correct code is told it is slow (on which size, and what the formula skips), not
   that it has an endless loop; a while loop is looked for in its code before one is blamed.
4. One float policy: where an exercise asks for an exact value, a float is never right, and
   is told how near it is and how to write the value exactly.
5. A shuffle that gives the deck back untouched is told what it did.
6. A correct answer outside an unstated rule (a stride redrawn until it fits) is right.
7. A function that changes a list (or dict) it was given, and should not, is told so.
8. Huge numbers (past Python's 4,300-digit str() limit) get a wrong verdict with a reason, never
   a crash.
9. An object built to equal anything (a kind of Fraction, float, int, str, tuple with its own
   ==) is refused by every value check, and cannot pass a code check.
10. A check says what it verified: "draw for draw" is checked on 52 cards too.
11. No answer in the package's docstrings, signatures or public names.

The right answers below are kept here, in the tests, which are not part of the package.
"""

from __future__ import annotations

import importlib
import inspect
import itertools
import json
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

from cardlib import exact, hand, mixing, riffle, shuffles
from cardlib.exercises import fair, hands, knuth, lab, lists, pick, riffles, testing

LESSONS = Path(__file__).resolve().parents[2] / "notebooks"
HUGE = 10**5000

#: What the lab's 100 seeds might give (the check is given them, as in the lesson).
FOUND = [300, 1000, 1500, None, 700, 2000, 700, 500, 5000, 150] * 10


def check_enough_decks(answer):
    return lab.check_enough_decks(answer, FOUND)


def _riffle_then_overhand() -> Fraction:
    both = mixing.compose(exact.exact_law(riffle.riffle, 5),
                          exact.exact_law(hand.overhand_shuffle, 5))
    return mixing.distance_to_uniform(both)


#: Every value check of the lessons, with its right answer (worked out in the tests).
VALUE_CHECKS = [
    (fair.check_bits_for_54, 238),
    (fair.check_uneven_prime, 3),
    (fair.check_stride_orders, 40),
    (fair.check_tie_chance, Fraction(4, 9)),
    (fair.check_bounded_retry, Fraction(4, 27)),
    (pick.check_digit_chance, Fraction(1, 5)),
    (pick.check_hand_chance, Fraction(1, 20)),
    (pick.check_deal_moves, 714),
    (lists.check_resizes, 86),
    (lists.check_half_bound, 3),
    (knuth.check_sattolo_counterexample, (1, 0, 3, 2)),
    (testing.check_expected_count, 2000),
    (testing.check_plain_sum_mean, 20),
    (testing.check_peeking_bound, 1 - Fraction(99, 100) ** 20),
    (testing.check_date_seeds, 365),
    (testing.check_modulo_chance, Fraction(3, 16)),
    (testing.check_float_law, (Fraction(3, 8), Fraction(5, 16), Fraction(5, 16))),
    (riffles.check_reversed_deck, (6, Fraction(math.comb(64, 52), 2**312))),
    (riffles.check_riffles_needed, (8, 11)),
    (hands.check_mean_time, 1 + sum(Fraction(52, i + 1) for i in range(51))),
    (hands.check_elmsley, ["in", "out", "in", "out"]),
    (hands.check_pile_invariant, "C"),
    (hands.check_jokers_apart, Fraction(289, 477)),
    (lab.check_white_but_unfair, [(0, 1, 2), (1, 2, 0), (2, 0, 1)]),
    (lab.check_riffle_then_overhand, None),  # worked out when the test runs
    (check_enough_decks, Fraction(sum(t is not None and t <= 1000 for t in FOUND), 100)),
]
IDS = [check.__name__ for check, _ in VALUE_CHECKS]


def _right(check, answer):
    return _riffle_then_overhand() if check is lab.check_riffle_then_overhand else answer


def test_the_table_holds_every_value_check_of_the_lessons_and_each_right_answer_passes():
    in_lessons = set()
    for path in sorted(LESSONS.glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code" and re.search(r"^\w+ = TODO", source, re.M):
                in_lessons |= set(re.findall(r"^(check_\w+)\(", source, re.M))
    assert in_lessons == set(IDS), in_lessons ^ set(IDS)
    for check, answer in VALUE_CHECKS:
        assert check(_right(check, answer)).ok, check.__name__


# --- 9. objects built to equal anything -----------------------------------------------------------

class EqualsAnything(Fraction):
    def __eq__(self, other):
        return True

    __hash__ = Fraction.__hash__


class FloatEqualsAnything(float):
    def __eq__(self, other):
        return True

    __hash__ = float.__hash__


class IntEqualsAnything(int):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


class StrEqualsAnything(str):
    def __eq__(self, other):
        return True

    __hash__ = str.__hash__


class TupleEqualsAnything(tuple):
    def __eq__(self, other):
        return True

    __hash__ = tuple.__hash__


def _lies(answer) -> list:
    """Lying versions of a right answer: its numbers (or strings, or the tuple itself) replaced
    by objects whose == says True to anything."""
    if isinstance(answer, str):
        return [StrEqualsAnything(answer)]
    if isinstance(answer, (list, tuple)):
        inner = [_lies(item)[0] for item in answer]
        return [type(answer)(inner), TupleEqualsAnything(answer)]
    if isinstance(answer, int):
        return [IntEqualsAnything(answer), EqualsAnything(answer), FloatEqualsAnything(answer)]
    return [EqualsAnything(answer), FloatEqualsAnything(answer), IntEqualsAnything(0)]


@pytest.mark.parametrize("check, answer", VALUE_CHECKS, ids=IDS)
def test_every_value_check_refuses_an_object_that_equals_anything(check, answer):
    for lie in _lies(_right(check, answer)):
        feedback = check(lie)
        text = str(feedback)
        assert feedback.status == "wrong", (type(lie).__name__, text)
        assert "decides for itself what it equals" in text, text
        assert "give" in text, text  # and what to give instead


def always(*args):
    return EqualsAnything(1, 3)


def always_int_cards(deck, rng):
    return [IntEqualsAnything(c) for c in range(len(deck))]


@pytest.mark.parametrize("check, answer", [
    (fair.check_unrank, lambda r, n: [IntEqualsAnything(0)] * n),
    (lists.check_old_rule, lambda n: IntEqualsAnything(4)),
    (riffles.check_distance, always),
    (riffles.check_top_stays, always),
    (lab.check_whole_order_distance, always),
    (testing.check_randbelow, lambda k, rng: IntEqualsAnything(rng.getrandbits(
        (k - 1).bit_length()) % k)),
    (pick.check_pick_and_remove, always_int_cards),
    (fair.check_stride_shuffle, always_int_cards),
    (hands.check_top_to_random, always_int_cards),
    (riffles.check_merge, lambda s1, s2, rng: [IntEqualsAnything(0)] * (len(s1) + len(s2))),
    (hands.check_deal, lambda deck: ([[IntEqualsAnything(0)] * 17] * 3,
                                     [IntEqualsAnything(0)] * 3)),
], ids=["unrank", "old_rule", "distance", "top_stays", "whole_order_distance", "randbelow",
        "pick_and_remove", "stride", "top_to_random", "merge", "deal"])
def test_no_code_check_is_fooled_by_objects_that_equal_anything(check, answer):
    feedback = check(answer)
    assert feedback.status == "wrong", str(feedback)


# --- 8. huge numbers: a verdict with a reason, never a crash --------------------------------------

def _huge(answer) -> list:
    if isinstance(answer, str):
        return [HUGE, [HUGE]]
    if isinstance(answer, (list, tuple)):
        return [type(answer)([HUGE] * len(answer)), (answer[0], Fraction(1, HUGE)) if len(
            answer) == 2 else [-HUGE] + list(answer[1:])]
    return [HUGE, -HUGE, Fraction(HUGE, 3), Fraction(1, HUGE), float(10**300), [HUGE] * 2]


@pytest.mark.parametrize("check, answer", VALUE_CHECKS, ids=IDS)
def test_every_value_check_answers_a_huge_number_with_a_reason(check, answer):
    for big in _huge(_right(check, answer)):
        feedback = check(big)
        text = str(feedback)
        assert feedback.status == "wrong", text
        assert len(text) < 1500, text


def _huge_cards(deck, rng):
    return [HUGE] * len(deck)


def _huge_in_place(deck, rng):
    deck[:] = [HUGE] * len(deck)


@pytest.mark.parametrize("check, answer", [
    (fair.check_unrank, lambda r, n: [HUGE] * n),
    (lists.check_old_rule, lambda n: HUGE),
    (riffles.check_distance, lambda n, k: HUGE),
    (riffles.check_top_stays, lambda n, k: Fraction(1, HUGE)),
    (lab.check_whole_order_distance, lambda law, n: -HUGE),
    (testing.check_randbelow, lambda k, rng: rng.getrandbits((k - 1).bit_length()) * 0 + HUGE),
    (pick.check_pick_and_remove, _huge_cards),
    (fair.check_stride_shuffle, _huge_cards),
    (hands.check_top_to_random, _huge_cards),
    (hands.check_fair_insertion, _huge_cards),
    (knuth.check_forward_knuth, _huge_in_place),
    (knuth.check_inside_out, _huge_cards),
    (lists.check_fill_the_hole, _huge_cards),
    (riffles.check_merge, lambda s1, s2, rng: [HUGE] * (len(s1) + len(s2))),
    (hands.check_deal, lambda deck: ([[HUGE] * 17] * 3, [HUGE] * 3)),
    (knuth.check_secret_santa, lambda names, rng: {name: HUGE for name in names}),
], ids=["unrank", "old_rule", "distance", "top_stays", "whole_order_distance", "randbelow",
        "pick_and_remove", "stride", "top_to_random", "insertion", "forward_knuth", "inside_out",
        "fill_the_hole", "merge", "deal", "secret_santa"])
def test_every_code_check_answers_huge_numbers_with_a_reason(check, answer):
    feedback = check(answer)
    text = str(feedback)
    assert feedback.status == "wrong", text
    assert "digits" in text or "as an exact Fraction" in text, text


# --- 4. one float policy --------------------------------------------------------------------------

@pytest.mark.parametrize("check, answer", VALUE_CHECKS, ids=IDS)
def test_a_float_is_never_right_where_the_exact_value_is_asked(check, answer):
    answer = _right(check, answer)
    if isinstance(answer, str) or (isinstance(answer, list) and isinstance(answer[0], tuple)) \
            or isinstance(answer, list):
        pytest.skip("not a number")
    if isinstance(answer, tuple):
        floats = tuple(float(a) for a in answer)
    else:
        floats = float(answer)
    feedback = check(floats)
    text = str(feedback)
    assert feedback.status == "wrong", text
    assert "float" in text and ("exactly" in text or "whole number" in text), text


def test_two_ways_of_writing_one_float_get_one_verdict():
    """51/54*34/53 rounds differently from (51*34)/(54*53): both are floats, both wrong, and
    both are told the reasoning is right and how to write the value exactly."""
    one, two = 51 / 54 * 34 / 53, (51 * 34) / (54 * 53)
    assert one != two
    for given in (one, two):
        text = str(hands.check_jokers_apart(given))
        assert text.startswith("✗") and "your reasoning is right" in text, text
        assert "Fraction(a, b)" in text, text


def test_code_checks_that_ask_for_a_fraction_refuse_floats():
    def distance(n, k):
        return float(riffle.variation_distance(n, k))

    def top_stays(n, k):
        a = 2**k
        return float(sum(Fraction(1, a) * Fraction(d + 1, a) ** (n - 1) for d in range(a)))

    def whole(law, n):
        return float(mixing.distance_to_uniform(law))

    for check, answer in ((riffles.check_distance, distance), (riffles.check_top_stays, top_stays),
                          (lab.check_whole_order_distance, whole)):
        text = str(check(answer))
        assert text.startswith("✗") and "float" in text and "Fraction" in text, text


# --- 2. a wrong exact Fraction is wrong, however small --------------------------------------------

def test_a_tiny_wrong_fraction_is_not_called_the_value_of_a_float():
    right = Fraction(math.comb(64, 52), 2**312)
    for given in (right / 2, right * 3, Fraction(1, 2**400)):
        text = str(riffles.check_reversed_deck((6, given)))
        assert text.startswith("✗") and "float" not in text, text
    text = str(hands.check_jokers_apart(Fraction(289, 477) + Fraction(1, 10**15)))
    assert text.startswith("✗") and "float" not in text, text

    def top_stays_nearly(n, k):  # the sum without its last term: wrong by a tiny Fraction
        a = 2**k
        return sum(Fraction(1, a) * Fraction(d + 1, a) ** (n - 1) for d in range(a - 1)) + \
            Fraction(1, a) * (1 - Fraction(1, 2**200))

    text = str(riffles.check_top_stays(top_stays_nearly))
    assert text.startswith("✗") and "float" not in text, text


def test_a_fraction_built_from_floats_is_still_named():
    text = str(testing.check_peeking_bound(1 - Fraction(0.99) ** 20))
    assert "built from floats" in text and "Fraction(99, 100)" in text, text
    text = str(pick.check_hand_chance(Fraction(0.05)))
    assert "exact value of the float 0.05" in text, text


# --- 3. slow is not endless -----------------------------------------------------------------------

def distance_over_every_order(n, k):  # right, but goes through all n! orders
    fair_chance = Fraction(1, math.factorial(n))
    return sum(abs(riffle.probability(list(order), k) - fair_chance)
               for order in itertools.permutations(range(n))) / 2


def top_stays_over_every_draw(n, k):  # right, but goes through every draw of the n digits
    a = 2**k
    stays = sum(1 for digits in itertools.product(range(a), repeat=n)
                if max(digits[:-1], default=-1) <= digits[-1])
    return Fraction(stays, a**n)


def test_slow_but_right_code_is_told_it_is_slow_not_endless():
    text = str(riffles.check_distance(distance_over_every_order))
    assert "my_distance(52, 7) did not finish" in text and "52!" in text, text
    assert "slow rather than stuck" in text and "rising sequences" in text, text
    assert "never becomes false" not in text and "loop that never ends" not in text, text
    text = str(riffles.check_top_stays(top_stays_over_every_draw))
    assert "top_stays(52, 1) did not finish" in text and "(2^1)^52" in text, text
    assert "slow rather than stuck" in text and "never becomes false" not in text, text


def test_a_while_loop_is_looked_for_before_one_is_blamed():
    from cardlib.exercises import has_while_loop, not_finished

    def spins(deck, rng):
        while deck:
            pass

    def helper(n):
        i = 0
        while i < n:
            i += 0

    def calls_a_helper(deck, rng):
        helper(len(deck))

    def nested_fors(deck, rng):
        return [a for a in deck for b in deck if a == b]

    assert has_while_loop(spins) and has_while_loop(calls_a_helper)
    assert has_while_loop(nested_fors) is False
    assert has_while_loop(distance_over_every_order) is False
    assert has_while_loop(len) is None
    assert "never becomes false" in not_finished("f(3)", spins)
    assert "no while loop" in not_finished("f(3)", nested_fors)
    assert "loop that never ends" in not_finished("f(3)", len)  # cannot read it: asked, not said


# --- 1. positions are not cards -------------------------------------------------------------------

def stride_positions(deck, rng):
    n = len(deck)
    strides = [d for d in range(1, n) if math.gcd(d, n) == 1]
    first = rng.randrange(n)
    d = strides[rng.randrange(len(strides))]
    return [(first + k * d) % n for k in range(n)]


def pick_positions(deck, rng):
    pile = list(range(len(deck)))
    return [pile.pop(rng.randrange(len(pile))) for _ in range(len(pile))]


def fill_positions(deck, rng):
    pile, new = list(range(len(deck))), []
    while pile:
        i = rng.randrange(len(pile))
        new.append(pile[i])
        pile[i] = pile[-1]
        pile.pop()
    return new


def forward_positions(deck, rng):
    order = list(range(len(deck)))
    for i in range(len(order) - 1):
        j = rng.randrange(i, len(order))
        order[i], order[j] = order[j], order[i]
    deck[:] = order


def inside_out_positions(deck, rng):
    new = []
    for i, _ in enumerate(deck):
        j = rng.randrange(i + 1)
        new.append(i)
        new[i], new[j] = new[j], new[i]
    return new


def insertion_positions(deck, rng):
    cards = list(range(len(deck)))
    for i in range(1, len(cards)):
        cards.insert(rng.randrange(i + 1), cards.pop(i))
    return cards


def top_to_random_positions(deck, rng):
    cards = list(range(len(deck)))
    cards.insert(rng.randrange(len(cards)), cards.pop())
    return cards


def merge_positions(stack1, stack2, rng):
    pile, i, j = [], 0, 0
    while i < len(stack1) and j < len(stack2):
        if rng.randrange(len(stack1) - i + len(stack2) - j) < len(stack1) - i:
            pile.append(i)
            i += 1
        else:
            pile.append(len(stack1) + j)
            j += 1
    return pile + list(range(i, len(stack1))) + list(range(len(stack1) + j,
                                                             len(stack1) + len(stack2)))


@pytest.mark.parametrize("check, answer", [
    (fair.check_stride_shuffle, stride_positions),
    (pick.check_pick_and_remove, pick_positions),
    (lists.check_fill_the_hole, fill_positions),
    (knuth.check_forward_knuth, forward_positions),
    (knuth.check_inside_out, inside_out_positions),
    (hands.check_fair_insertion, insertion_positions),
    (hands.check_top_to_random, top_to_random_positions),
    (riffles.check_merge, merge_positions),
], ids=lambda value: getattr(value, "__name__", ""))
def test_positions_given_back_for_cards_are_caught(check, answer):
    text = str(check(answer))
    assert text.startswith("✗") and "positions, not cards" in text, text


# --- 5. a deck given back untouched is told what happened -----------------------------------------

def test_a_shuffle_that_moves_no_card_is_told_what_it_returned():
    said = {
        pick.check_pick_and_remove: [
            (lambda deck, rng: deck, "returned the deck it was given, unchanged"),
            (lambda deck, rng: list(deck), "returned a new list with the cards in the deck's own"),
            (lambda deck, rng: None, "returned None and left the deck as it was")],
        knuth.check_forward_knuth: [
            (lambda deck, rng: deck, "returned the deck it was given, unchanged"),
            (lambda deck, rng: None, "returned None and left the deck as it was")],
    }
    for check, cases in said.items():
        for answer, words in cases:
            text = str(check(answer))
            assert text.startswith("✗") and words in text and "moved" in text or \
                "copy" in text, text
            assert "shuffled in place" not in text and "shuffles the deck in place" not in text


# --- 6. a correct answer outside an unstated rule -------------------------------------------------

def stride_redraws(deck, rng):  # redraws the stride until it fits: the same exact law
    n = len(deck)
    first, d = rng.randrange(n), rng.randrange(1, n)
    while math.gcd(d, n) != 1:
        d = rng.randrange(1, n)
    return [deck[(first + k * d) % n] for k in range(n)]


def stride_redraws_unfairly(deck, rng):  # after a redraw, the last card never comes first
    n = len(deck)
    first, d = rng.randrange(n), rng.randrange(1, n)
    while math.gcd(d, n) != 1:
        first, d = rng.randrange(n - 1), rng.randrange(1, n)
    return [deck[(first + k * d) % n] for k in range(n)]


def test_a_stride_redrawn_until_it_fits_is_right_and_a_biased_redraw_is_not():
    text = str(fair.check_stride_shuffle(stride_redraws))
    assert text.startswith("✓") and "every path of up to" in text, text
    assert "Draw it once" not in text
    text = str(fair.check_stride_shuffle(stride_redraws_unfairly))
    assert text.startswith("✗") and "redraws until something fits" in text, text


# --- 7. a list (or dict) given is left as it was --------------------------------------------------

def merge_pops(stack1, stack2, rng):
    pile = []
    while stack1 and stack2:
        p, q = len(stack1), len(stack2)
        pile.append(stack1.pop(0) if rng.randrange(p + q) < p else stack2.pop(0))
    return pile + stack1 + stack2


def deal_pops(deck):
    hands_dealt = [[], [], []]
    for turn in range(51):
        hands_dealt[turn % 3].append(deck.pop())
    return hands_dealt, deck[::-1]


def distance_pops(law, n):
    fair_chance = Fraction(1, math.factorial(n))
    return sum(abs(law.pop(order, 0) - fair_chance)
               for order in itertools.permutations(range(n))) / 2


@pytest.mark.parametrize("check, answer, words", [
    (riffles.check_merge, merge_pops, "empties the stacks it is given"),
    (hands.check_deal, deal_pops, "changes the deck it is given"),
    (lab.check_whole_order_distance, distance_pops, "empties the law it is given"),
], ids=["merge", "deal", "whole_order_distance"])
def test_a_function_that_changes_what_it_was_given_is_told(check, answer, words):
    text = str(check(answer))
    assert text.startswith("✗") and words in text and "leave" in text, text


# --- 10. what a ✓ says was checked ----------------------------------------------------------------

def pick_small_knuth_large(deck, rng):  # pick-and-remove up to 6 cards, another shuffle beyond
    if len(deck) <= 6:
        pile = list(deck)
        return [pile.pop(rng.randrange(len(pile))) for _ in range(len(pile))]
    copy = list(deck)
    shuffles.knuth_shuffle(copy, rng)
    return copy


def test_draw_for_draw_is_checked_beyond_six_cards_and_the_right_answer_says_on_what():
    text = str(pick.check_pick_and_remove(pick_small_knuth_large))
    assert text.startswith("✗") and "not pick-and-remove" in text, text
    assert "of the cards 0..9" in text, text  # found on 10 cards, where the shuffles part
    text = str(pick.check_pick_and_remove(shuffles.pick_and_remove))
    assert "decks of 6 (three runs), 10 and 52 cards" in text, text
    assert "draw for draw" not in text


# --- 11. no answer in the package -----------------------------------------------------------------

MODULES = [importlib.import_module(f"cardlib.exercises.{name}")
           for name in ("fair", "pick", "lists", "knuth", "testing", "riffles", "hands", "lab",
                        "answers", "code")]
#: Public functions of the exercise modules that are not checks, and why each may be public.
NOT_ANSWERS = {
    "number_answer": "what is wrong with an answer before its value is compared",
    "bounded_retry": "the shuffle of lesson 2's exercise, which the lesson runs",
    "pile_orders": "the pile shuffle's orders (the exercise asks for a property)",
    "clumped_deck": "a deck the deal check tries",
    "eulerian": "cardlib.riffle's, which lesson 8 imports from here",
    "diagnose": "the first step of a code check",
    "same_algorithm": "the last step of a code check",
    "learner_line": "the learner's line of a traceback",
}


def test_the_exercise_modules_hold_no_answer_under_a_public_name():
    for module in MODULES:
        for name, value in vars(module).items():
            if name.startswith("_") or not inspect.isfunction(value) or \
                    value.__module__ != module.__name__:
                continue
            assert name.startswith("check_") or name in NOT_ANSWERS, (module.__name__, name)
            assert name not in _answer_names(), (module.__name__, name)


def _answer_names() -> set[str]:
    """The names the lessons' exercises ask the learner to set or write (jokers_apart, ...)."""
    names = set()
    for path in sorted(LESSONS.glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code" and "TODO" in source:
                names |= set(re.findall(r"^(\w+) = TODO", source, re.M))
                names |= set(re.findall(r"^def (\w+)\(", source, re.M))
    return names


#: How each right answer would be written out (in a docstring, a signature, a literal).
WRITTEN = {
    "check_bits_for_54": ["238"], "check_uneven_prime": ["3 and 7", "(3)", "(7)"],
    "check_stride_orders": ["(40)"], "check_tie_chance": ["4/9", "Fraction(4, 9)"],
    "check_bounded_retry": ["4/27", "Fraction(4, 27)"],
    "check_digit_chance": ["1/5", "Fraction(1, 5)"],
    "check_hand_chance": ["1/20", "Fraction(1, 20)"], "check_deal_moves": ["714"],
    "check_resizes": ["(86)"], "check_half_bound": ["(3)"],
    "check_sattolo_counterexample": ["(1, 0, 3, 2)", "(2, 3, 0, 1)", "(3, 2, 1, 0)"],
    "check_expected_count": ["2000", "2,000"], "check_plain_sum_mean": ["averages 4/5", "(20)"],
    "check_modulo_chance": ["3/16", "Fraction(3, 16)"], "check_date_seeds": ["(365)"],
    "check_reversed_deck": ["(6, "], "check_riffles_needed": ["(8, 11)"],
    "check_jokers_apart": ["289/477", "Fraction(51, 54) * Fraction(34, 53)"],
    "check_white_but_unfair": ["(0, 1, 2), (1, 2, 0), (2, 0, 1)"],
    "check_pile_invariant": ['"C"', "'C'"],
    "check_float_law": ["(3/8, 5/16, 5/16)", "Fraction(3, 8), Fraction(5, 16)"],
}


def test_no_docstring_or_check_source_writes_an_answer_out():
    docstrings = {module.__name__: inspect.getdoc(module) or "" for module in MODULES}
    for name, forms in WRITTEN.items():
        module = next(m for m in MODULES if hasattr(m, name))
        check = getattr(module, name)
        texts = [docstrings[module.__name__], inspect.getsource(check)]
        texts += [inspect.getdoc(value) or "" for value in vars(module).values()
                  if inspect.isfunction(value) and value.__module__ == module.__name__]
        for text in texts:
            for form in forms:
                assert form not in text, (name, form)
        source = inspect.getsource(check)
        assert not re.search(r"check_value\(\s*answer,\s*(\d|Fraction\()", source), name
