"""The checks of lesson 4 (how a list grows): a pile with no gap to close, the old rule, resizes,
and the bound on copies.

(No answer is written here: each is computed.)

>>> from cardlib.exercises import TODO
>>> str(check_resizes(TODO))
'… not attempted yet: the resizes while appending 1,000,000 elements'
>>> print(check_half_bound(9))  # doctest: +ELLIPSIS
✗ the bound on copies per append when each resize adds half: 9 is not right. 9 is the bound ...
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from .. import growth
from ..untrusted.guard import TimedCalls
from ..validation import validate_arguments
from . import (
    Feedback,
    Refused,
    attempted_function,
    contained,
    is_todo,
    learner_call,
    not_attempted,
    plain_number,
    right,
    shown,
    wrong,
)
from .answers import check_value
from .code import Algorithm, check_shuffle, same_algorithm
from .fair import number_answer
from .pick import PICK_AND_REMOVE

__all__ = [
    "check_fill_the_hole",
    "check_old_rule",
    "MILLION",
    "check_resizes",
    "check_half_bound",
]


def _fill_the_hole(deck, rng) -> list:
    """Pick-and-remove whose pile closes no gap: the pile's last card fills the hole."""
    pile, new_pile = list(deck), []
    while pile:
        i = rng.randrange(len(pile))
        new_pile.append(pile[i])
        pile[i] = pile[-1]
        pile.pop()
    return new_pile


#: The algorithm of exercise 1, as the lesson describes it.
_FILL_THE_HOLE = Algorithm(
    "pick-and-remove with the hole filled from the end", _fill_the_hole, "new list",
    "each draw picks a position of the pile left, randrange(len(pile)); the card there goes "
    "onto the new pile, the pile's last card moves into its place, and the last slot goes")


@validate_arguments
def check_fill_the_hole(my_shuffle: Callable) -> Feedback:
    """The learner's pick-and-remove that fills the hole with the last card: diagnosed, fair
    (judged exactly), and that algorithm draw for draw; lesson 3's ``pop(i)`` is named."""
    feedback = check_shuffle(my_shuffle, "your shuffle", "section 1", algorithm=_FILL_THE_HOLE,
                             hint="at every draw, each card still in the pile must have the "
                                  "same chance: how many cards are left to choose from?")
    if feedback.status == "wrong" and feedback.message.startswith("fair, but"):
        return _named(my_shuffle, feedback)
    return feedback


@contained("the check of your shuffle")
def _named(my_shuffle: Callable, feedback: Feedback) -> Feedback:
    if same_algorithm(my_shuffle, PICK_AND_REMOVE, "your shuffle") is None:
        return wrong("fair, but that is lesson 3's pick-and-remove, draw for draw: pop(i) closes "
                     "the gap by moving every card above i down one place. Move the pile's last "
                     "card into the hole instead; then pop() from the end moves nothing",
                     "section 1")
    return feedback


@contained("the check of your old_rule")
def check_old_rule(function: Callable) -> Feedback:
    """Check ``function(n)``: the capacity CPython 3.7 gave a list that needed room for n."""
    what = "the growth rule of CPython 3.7"
    if not attempted_function(function, 1):
        return not_attempted(what)
    with TimedCalls(what) as call:
        return _old_rule(function, what, call)


def _old_rule(function: Callable, what: str, call: TimedCalls) -> Feedback:
    where = "Going further"
    for n in range(1, 2001):
        answer = learner_call(call, function, n, shown=f"{what}: old_rule({n})", where=where)
        expected = growth.new_capacity(n, rule="3.7")
        try:
            number = plain_number(answer)
        except Refused as refused:
            return wrong(f"{what}: old_rule({n}) gave an object no check can compare: {refused}.",
                         where)
        if type(number) is not int or number != expected:
            details = []
            if answer is None:
                details.append("old_rule returned None: a function without a return statement "
                               "gives None")
            elif type(number) is float:
                details.append("a capacity counts slots: a whole number, an int, never a float "
                               "(// divides without a remainder, n >> 3 is n // 8)")
            elif type(number) is not int:
                details.append("a capacity is a whole number, an int")
            elif number == growth.new_capacity(n):
                details.append("that is today's rule (3.9 and later), rounding included; fit "
                               "the 3.7 steps instead: 4, 8, 16, 25, 35, ...")
            elif n < 9 and number == n + (n >> 3) + 6:
                details.append("your constant fits the longer lists, but gives the short ones "
                               "too much: does 3.7 add the same few slots at every length?")
            elif n >= 9 and number == n + (n >> 3) + 3:
                details.append("your constant fits the short lists, but gives the longer ones "
                               "too little: does 3.7 add the same few slots at every length?")
            elif abs(number - expected) <= 3 and expected % 4:
                details.append("3.7 did not round to a multiple of 4")
            return wrong(f"{what}: old_rule({n}) gave {shown(answer, 40)}, but 3.7 gave "
                         f"{expected}.", where, tuple(details))
    return right(f"{what}: right for every length from 1 to 2,000 (steps 0, 4, 8, 16, 25, 35, "
                 "46, 58, 72, 88, ...).")


#: The length of the resizes exercise.
MILLION = 1_000_000


def _resizes_by_rule(n: int, rule: str = "3.9") -> int:
    """The number of resizes while appending n elements one by one, by the rule.

    >>> _resizes_by_rule(10), _resizes_by_rule(10, rule="3.7")
    (3, 3)
    """
    capacities = growth.rule_capacities(n, rule)
    return sum(after != before for before, after in zip(capacities, capacities[1:]))


def check_resizes(answer) -> Feedback:
    """Check the number of resizes while appending a million elements (the 3.9 rule)."""
    what, where = f"the resizes while appending {MILLION:,} elements", "section 4"
    if is_todo(answer):
        return not_attempted(what)
    malformed = number_answer(answer, what, where)
    if malformed is not None:
        return malformed
    resizes, old = _resizes_by_rule(MILLION), _resizes_by_rule(MILLION, rule="3.7")
    mistakes = {
        resizes - 1: "one short: the very first append finds 0 slots and resizes too",
        resizes + 1: "one too many: a resize happens only when an append finds every slot "
                     "taken",
        MILLION // 8: "an eighth is the spare room a resize adds, not the number of resizes: "
                      "each resize multiplies the capacity by about 9/8",
        117: "about 117 is log(1,000,000) / log(9/8), but short lists grow by much more than "
             "an eighth (the + 6): follow the rule from length 1",
        MILLION: "most appends find a free slot and resize nothing",
    }
    if old != resizes - 1:
        mistakes[old] = "that is the count of 3.7's rule; this exercise follows today's (3.9)"
    else:
        mistakes[old] += " (or the count of 3.7's rule: this exercise follows today's, 3.9)"
    return check_value(answer, resizes, what, where, mistakes,
                       hint="start with 0 slots and go through the lengths 1, 2, ..., "
                            "1,000,000: an append that finds no free slot resizes by the rule "
                            "of section 3. Count those appends.")


def _copies_bound(growth: Fraction) -> Fraction:
    """What copies per append approach when each resize multiplies the length by growth: the
    resizes up to length n copied n, n / growth, n / growth², ... pointers."""
    return 1 / (1 - 1 / growth)


def check_half_bound(answer) -> Feedback:
    """The number that copies per append approach, and never pass, if each resize adds half."""
    what, where = "the bound on copies per append when each resize adds half", "Going further"
    if is_todo(answer):
        return not_attempted(what)
    malformed = number_answer(answer, what, where)
    if malformed is not None:
        return malformed
    return check_value(answer, _copies_bound(Fraction(3, 2)), what, where, {
        9: "9 is the bound of today's rule, which adds an eighth; adding half makes resizes "
           "rarer",
        2: "the series has ratio old length / new length, and growing by half makes that "
           "2/3, not 1/2 (1/2 is doubling's ratio)",
        Fraction(3, 2): "3/2 is the growth factor itself; the bound is the sum of a geometric "
                        "series",
        Fraction(1, 2): "1/2 is the share added; the bound is the sum of a geometric series",
        1: "the last resize alone copies about one pointer per append; the earlier ones add "
           "to it",
    }, hint="as in the text, add up the copies of the resizes up to length n, newest first: "
            "each one copied a fixed share of the next one's list. What is that share?")
