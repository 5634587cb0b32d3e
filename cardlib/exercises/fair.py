"""The exercises of lesson 1 (what makes a shuffle fair), checked exactly.

>>> str(check_bits_for_54(238))
'✓ the fewest random bits that can pick one of the 54! orders: 238 is right.'
>>> from cardlib.exercises import TODO
>>> check_unrank(lambda r, n: TODO).status
'todo'
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from .. import orders
from ..guard import TimedCalls
from . import (
    Feedback,
    attempted_function,
    contained,
    learner_call,
    not_attempted,
    right,
    wrong,
)
from .answers import check_value

__all__ = [
    "check_bits_for_54",
    "check_identity_chance",
    "check_stride_orders",
    "check_tie_chance",
    "check_unrank",
]


def check_bits_for_54(answer) -> Feedback:
    """The fewest whole random bits that can pick one of the 54! orders of a Dou Di Zhu deck."""
    needed = math.ceil(math.log2(math.factorial(54)))
    return check_value(answer, needed, "the fewest random bits that can pick one of the 54! "
                       "orders", "section 2", {
                           54: "that is the number of cards; count the orders, 54!, and "
                               "ask which power of 2 reaches it",
                           6: "6 bits pick one card of 54, not one order of all 54",
                           needed - 1: f"2^{needed - 1} is less than 54!, so some orders would "
                                       "have no bit pattern at all: round up",
                           6 * 54: "enough, but not the fewest: 6 bits per card wastes "
                                   "bits, since fewer and fewer cards are left to choose from",
                       }, hint="find the smallest k with 2^k >= 54! (math.log2 helps)")


def check_identity_chance(answer) -> Feedback:
    """The exact probability that the naive swap leaves 3 cards in their order (0, 1, 2)."""
    return check_value(answer, Fraction(4, 27), "P(naive swap on 3 cards gives 0 1 2)",
                       "section 5", {
                           Fraction(1, 6): "1/6 is what a fair shuffle gives; count the paths "
                                           "of the tree that end in 0 1 2",
                           Fraction(5, 27): "5/27 is the chance of the three favoured orders; "
                                            "0 1 2 is not one of them",
                           4: "4 is the number of paths; each of the 27 paths has "
                              "probability 1/27",
                           Fraction(1, 27): "that is one path; several paths end in 0 1 2",
                       }, hint="count the leaves of the tree marked 0 1 2")


def check_stride_orders(answer) -> Feedback:
    """How many orders the first-card-and-stride shuffle can make of 10 cards."""
    return check_value(answer, 40, "orders the stride shuffle can reach with 10 cards",
                       "section 6", {
                           90: "strides 2, 4, 5, 6 and 8 share a factor with 10: the walk "
                               "comes back to its start before it has visited every card, "
                               "so only 4 strides are usable",
                           math.factorial(10): "10! counts every order; the stride shuffle "
                                               "reaches only a few",
                           10: "each of the 10 first cards can be followed by several strides",
                           100: "only strides 1 to 9 that share no factor with 10 work",
                       }, hint="first cards times usable strides: n times phi(n)")


def check_tie_chance(answer) -> Feedback:
    """Three keys drawn with randrange(6), like three dice: the probability of a tie."""
    return check_value(answer, Fraction(4, 9), "P(a tie among 3 keys from randrange(6))",
                       "section 7", {
                           Fraction(5, 9): "5/9 is the chance that all three keys differ "
                                           "(6 x 5 x 4 of the 216 draws); a tie is the rest",
                           Fraction(1, 6): "that is the chance that two given keys tie; "
                                           "three keys make three pairs",
                           Fraction(1, 2): "the three pairs can tie at once, so their chances "
                                           "cannot simply be added",
                           96: "96 is the number of draws with a tie; each of the 216 draws "
                               "has probability 1/216",
                       }, hint="count the 216 ways to draw 3 keys, and those that are all "
                               "different")


@contained("the check of your unrank")
def check_unrank(my_unrank: Callable) -> Feedback:
    """Check the learner's ``unrank(r, n)`` against the factorial number system, n = 1..5."""
    what = "your unrank(r, n)"
    if not attempted_function(my_unrank, 0, 3):
        return not_attempted(what)
    with TimedCalls(what) as call:
        return _unranks(my_unrank, what, call)


def _unranks(my_unrank: Callable, what: str, call: TimedCalls) -> Feedback:
    for n in range(1, 6):
        for r in range(math.factorial(n)):
            expected = orders.unrank(r, n)
            got = learner_call(call, my_unrank, r, n, shown=f"{what}: unrank({r}, {n})",
                               where="section 9")
            if not isinstance(got, (list, tuple)):
                return wrong(f"{what}: unrank({r}, {n}) returned {got!r}, not a list",
                             "section 9")
            if sorted(got) != list(range(n)):
                return wrong(f"{what}: unrank({r}, {n}) returned {list(got)}, which is not an "
                             f"order of the cards 0 .. {n - 1}: remove each card you place",
                             "section 9")
            if list(got) != expected:
                digits = orders.factorial_digits(r, n)
                return wrong(f"{what}: unrank({r}, {n}) should be {expected}, yours gave "
                             f"{list(got)}", "section 9",
                             (f"the factorial digits of {r} for {n} cards are {digits}, most "
                              "significant first",
                              f"take card {digits[0]} of {list(range(n))}, then card number "
                              f"{digits[1] if n > 1 else 0} of what is left, and so on"))
    return right(f"{what} numbers all the orders of 1 to 5 cards as the lesson does "
                 "(153 orders checked).")
