"""The checks of lesson 3 (how a list grows): removal shifts, the old rule, resizes, copies.

>>> from cardlib.exercises import TODO
>>> str(check_resizes(TODO))
'… not attempted yet: the resizes while appending 1,000,000 elements'
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from .. import growth
from ..checks import whole_number
from ..guard import TimedCalls
from . import (
    Feedback,
    attempted_function,
    compare_value,
    contained,
    learner_call,
    not_attempted,
    right,
    wrong,
)

__all__ = [
    "DECK",
    "expected_shifts",
    "check_shifts",
    "check_old_rule",
    "MILLION",
    "resizes_by_rule",
    "check_resizes",
    "CONSTANT_STEP",
    "CONSTANT_LENGTH",
    "check_constant_copies",
]

#: The deck size of the removal exercise.
DECK = 52


def expected_shifts(n: int) -> Fraction:
    """The mean number of pointers ``pile.pop(i)`` moves over a whole pick-and-remove of n cards.

    Removing position i of m moves the m - 1 - i pointers above it; with i
    uniform that is (m - 1)/2 on average; add it up for m = n, n - 1, ..., 1: n(n - 1)/4.

    >>> expected_shifts(52)
    Fraction(663, 1)
    """
    n = whole_number("n", n)
    return Fraction(n * (n - 1), 4)


def check_shifts(answer) -> Feedback:
    """Check the mean number of pointer moves of pick-and-remove on 52 cards (a Fraction)."""
    return compare_value(answer, expected_shifts(DECK),
                         f"the mean number of pointers moved by pick-and-remove on {DECK} cards",
                         where="section 1",
                         hint="pop(i) from m cards moves the m - 1 - i above it, (m - 1)/2 on "
                              "average; add that up for m = 52, 51, ..., 1.")


@contained("the check of your old_rule")
def check_old_rule(function: Callable) -> Feedback:
    """Check ``function(n)``: the capacity CPython 3.7 gave a list that needed room for n."""
    what = "the growth rule of CPython 3.7"
    if not attempted_function(function, 1):
        return not_attempted(what)
    with TimedCalls(what) as call:
        return _old_rule(function, what, call)


def _old_rule(function: Callable, what: str, call: TimedCalls) -> Feedback:
    where = "section 2"
    for n in range(1, 2001):
        answer = learner_call(call, function, n, shown=f"{what}: old_rule({n})", where=where)
        expected = growth.new_capacity(n, rule="3.7")
        if answer != expected:
            details = []
            if answer == growth.new_capacity(n):
                details.append("that is the rule of Python 3.9 and later: 3.7 adds 3 below 9 "
                               "elements and 6 from 9 on, and does not round to a multiple of 4.")
            elif n < 9 and answer == n + (n >> 3) + 6:
                details.append("below 9 elements 3.7 adds 3, not 6.")
            elif n >= 9 and answer == n + (n >> 3) + 3:
                details.append("from 9 elements on 3.7 adds 6, not 3.")
            return wrong(f"{what}: old_rule({n}) gave {answer!r}, but 3.7 gave {expected}.",
                         where, tuple(details))
    return right(f"{what}: right for every length from 1 to 2,000 (steps 0, 4, 8, 16, 25, 35, "
                 "46, 58, 72, 88, ...).")


#: The length of the resizes exercise.
MILLION = 1_000_000


def resizes_by_rule(n: int, rule: str = "3.9") -> int:
    """The number of resizes while appending n elements one by one, by the rule."""
    capacities = growth.rule_capacities(n, rule)
    return sum(after != before for before, after in zip(capacities, capacities[1:]))


def check_resizes(answer) -> Feedback:
    """Check the number of resizes while appending a million elements (the 3.9 rule)."""
    return compare_value(answer, resizes_by_rule(MILLION),
                         f"the resizes while appending {MILLION:,} elements",
                         where="section 3",
                         hint="follow the rule: growth.rule_capacities gives the capacity after "
                              "each append; count the appends where it changes.")


#: The constant-growth exercise: CONSTANT_LENGTH appends, CONSTANT_STEP more slots each resize.
CONSTANT_STEP, CONSTANT_LENGTH = 16, 10_000


def check_constant_copies(answer) -> Feedback:
    """Check the copies made by 10,000 appends when the list grows by 16 slots each time."""
    return compare_value(answer, growth.total_copies(CONSTANT_LENGTH, step=CONSTANT_STEP),
                         f"the copies of {CONSTANT_LENGTH:,} appends growing by "
                         f"{CONSTANT_STEP} slots", where="section 3",
                         hint="resizes come at lengths 1, 17, 33, ... and the one at length "
                              "m copies m - 1 elements; add them up.")
