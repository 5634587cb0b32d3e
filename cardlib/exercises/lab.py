"""The checks of lesson 11 (the probability lab): a white matrix that is not fair, the
whole-order distance written from its definition, a riffle followed by an overhand, and how
often 1,000 decks are enough.

Standard library only (the checks also run in the page, with cardlib's riffle, overhand
shuffle and composition of laws, which need no NumPy either).

(No answer is written here: each is computed, or checked by its property.)

>>> print(check_white_but_unfair([(0, 1, 2), (2, 1, 0)]))  # doctest: +ELLIPSIS
✗ a white bias matrix from a shuffle that is not fair: card 0 lands at place 0 with chance 1/2, ...
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction

from .. import exact, shuffles
from ..hand import overhand_shuffle
from ..mixing import compose
from ..riffle import riffle
from ..untrusted.guard import TimedCalls
from ..validation import validate_arguments, whole_number
from . import (
    Failed,
    Feedback,
    Refused,
    attempted_function,
    compare_value,
    contained,
    exactly,
    is_todo,
    learner_call,
    match,
    not_attempted,
    plain_items,
    plain_number,
    refusal,
    right,
    shown,
    wrong,
)
from .answers import check_value
from .fair import number_answer

__all__ = [
    "WHITE_CARDS",
    "check_white_but_unfair",
    "check_whole_order_distance",
    "check_riffle_then_overhand",
    "ENOUGH_DECKS",
    "check_enough_decks",
]


# --- exercise 1: a counterexample -----------------------------------------------------------

#: Exercise 1: the orders of this many cards.
WHITE_CARDS = 3


def _as_orders(answer, n: int, what: str, where: str) -> list[tuple[int, ...]] | Feedback:
    example = "[(0, 1, 2), (2, 1, 0)]"
    try:
        given = (plain_items(answer) if not isinstance(answer, (set, frozenset)) else
                 tuple(answer))
        if given is None:
            return wrong(f"{what}: give a list of orders, for example {example}, not "
                         f"{shown(answer, 40)}.", where)
        if not given:
            return wrong(f"{what}: the list is empty; a shuffle needs at least one order.", where)
        if all(type(plain_number(c)) is int for c in given):  # one order, not a list of them
            return wrong(f"{what}: {shown(answer, 40)} is one order; give a list of orders, "
                         f"each a tuple, for example {example}.", where)
        orders = []
        for order in given:
            cards = plain_items(order)
            if cards is None:
                return wrong(f"{what}: {shown(order, 30)} is not an order; write each order as "
                             "a tuple of the cards, such as (2, 0, 1).", where)
            numbers = [plain_number(c) for c in cards]
            if any(type(c) is not int for c in numbers) or sorted(numbers) != list(range(n)):
                return wrong(f"{what}: {shown(order, 30)} is not an order of the cards "
                             f"{', '.join(map(str, range(n)))}: each card once.", where)
            orders.append(tuple(numbers))
    except Refused as refused:
        return wrong(f"{what}: {refused}.", where)
    return orders


def check_white_but_unfair(answer) -> Feedback:
    """Check a list of orders of 3 cards, each drawn with equal chance: its bias matrix must be
    exactly white (every card at every place 1/3) while the shuffle is not fair."""
    n = WHITE_CARDS
    what = "a white bias matrix from a shuffle that is not fair"
    if is_todo(answer):
        return not_attempted(what)
    where = "section 3"
    orders = _as_orders(answer, n, what, where)
    if isinstance(orders, Feedback):
        return orders
    law = {order: Fraction(count, len(orders)) for order, count in Counter(orders).items()}
    for card in range(n):
        for place in range(n):
            chance = sum(p for order, p in law.items() if order[place] == card)
            if chance != Fraction(1, n):
                return wrong(f"{what}: card {card} lands at place {place} with chance "
                             f"{chance}, not 1/{n} (in {sum(o[place] == card for o in orders)} "
                             f"of your {len(orders)} orders): that square of the matrix is not "
                             "white.", where)
    distance = _distance(law, n)
    if distance == 0:
        return wrong(f"{what}: your {len(orders)} orders give every order of {n} cards the "
                     f"same chance, 1/{math.factorial(n)}: that shuffle is fair, so of course "
                     "its matrix is white. Find one whose matrix is white although some "
                     "orders are likelier than others.", where)
    some = (f"only {len(law)} of the {math.factorial(n)} orders can happen"
            if len(law) < math.factorial(n) else "its orders are not equally likely")
    return right(f"{what}: every card lands at each of the {n} places with chance 1/{n}, yet "
                 f"{some} (whole-order distance {shown(distance)}).")


# --- exercise 2: the whole-order distance, from its definition -------------------------------

def _distance(law: dict, n: int) -> Fraction:
    fair = Fraction(1, math.factorial(n))
    return sum((abs(Fraction(law.get(order, 0)) - fair)
                for order in itertools.permutations(range(n))), Fraction(0)) / 2


def _whole_order_distance(law: dict, n: int) -> Fraction:
    """Half the sum, over all n! orders, of |P(order) - 1/n!| (orders not in ``law``: P = 0).

    >>> _whole_order_distance({(0, 1, 2): Fraction(1)}, 3)
    Fraction(5, 6)
    """
    if not isinstance(law, dict):
        raise TypeError(f"law must be a dict of orders and their chances, not "
                        f"{type(law).__name__}")
    if not isinstance(n, int) or not 0 <= n <= 8:
        raise ValueError(f"n must be a whole number of cards from 0 to 8, got {n!r}")
    return _distance(law, n)


@functools.lru_cache(maxsize=1)
def _test_laws() -> list[tuple[str, dict, int]]:
    return [("the stride shuffle's law on 5 cards",
             exact.distribution(shuffles.stride_shuffle, 5), 5),
            ("a law with one order of 3 cards", {(2, 0, 1): Fraction(1)}, 3),
            ("the naive swap's law on 3 cards",
             exact.distribution(shuffles.naive_swap_shuffle, 3), 3),
            ("one overhand shuffle's law on 4 cards", exact.distribution(overhand_shuffle, 4), 4),
            ("Knuth's law on 4 cards", exact.distribution(shuffles.knuth_shuffle, 4), 4)]


def _tempting(law: dict, n: int) -> dict[str, Fraction]:
    """What the usual slips give, each with the words that name it."""
    fair = Fraction(1, math.factorial(n))
    listed = sum((abs(p - fair) for p in law.values()), Fraction(0))
    return {
        "it adds up only the orders in the law; an order that can never happen is missing "
        "from the dict, and it counts too, with P = 0 (each adds 1/n! to the sum)": listed / 2,
        "it compares each chance with 1/len(law); but the law lists only the orders that can "
        "happen: a fair chance is 1/n!, over all n! orders":
            sum((abs(p - Fraction(1, len(law))) for p in law.values()), Fraction(0)) / 2,
        "it forgets the half: the distance is half the sum": 2 * _distance(law, n),
        "it compares each chance with 1/n, a card's fair chance; an order's is 1/n!":
            sum((abs(Fraction(law.get(o, 0)) - Fraction(1, n))
                 for o in itertools.permutations(range(n))), Fraction(0)) / 2,
    }


@contained("the check of your whole_order_distance")
def check_whole_order_distance(function: Callable) -> Feedback:
    """Check ``function(law, n)`` on five laws: the exact whole-order distance, as a Fraction."""
    what = "whole_order_distance"
    if not attempted_function(function, {(0, 1): Fraction(1)}, 2):
        return not_attempted(what)
    where = "section 3"
    with TimedCalls(what) as call:
        for name, law, n in _test_laws():
            given = f"{what}(law, {n}) for {name}"
            passed = dict(law)
            try:
                answer = learner_call(call, function, passed, n, shown=given, where=where)
            except Failed as failed:
                return failed.feedback
            changed = _law_changed(passed, law)
            if changed:
                return wrong(f"{given} {changed}: read the law and leave it as it was (the "
                             "caller may still need it).", where)
            expected = _distance(law, n)
            found = match(answer, expected)
            if found == "exact":
                continue
            if found == "refused":
                return wrong(f"{given} gave an object no check can compare: "
                             f"{refusal(answer)}.", where)
            if answer is None or found == "other":
                said = ("None" if answer is None
                        else f"{type(answer).__name__} {shown(answer, 40)}")
                return wrong(f"{given} gave {said}: return the distance itself, a number.",
                             where)
            for why, value in _tempting(law, n).items():
                near = match(answer, value)
                if value != expected and near in ("exact", "nearest float", "rounding float"):
                    floats = (f" (And a float would be rounded anyway: {exactly(expected)}.)"
                              if near != "exact" else "")
                    return wrong(f"{given} gave {shown(answer)}, not {shown(expected)}: "
                                 f"{why}.{floats}", where)
            if found != "wrong":  # a float, or a Fraction built from floats
                return compare_value(answer, expected, given, where=where)
            return wrong(f"{given} gave {shown(answer)}, but it is {shown(expected)}.", where,
                         ("Go over every order of n cards (itertools.permutations(range(n))), "
                          "take its chance from the law (0 if it is not there), and add up "
                          "how far each is from the fair chance.",))
    return right(f"{what}: exactly right on five laws, the orders that never happen included "
                 "(the stride's law on 5 cards: 5/6), and it leaves the law it is given as it "
                 "was.")


def _law_changed(passed, law: dict) -> str:
    """What the learner's function did to the law it was given ("" if nothing): each entry
    compared as plain values (a tuple of ints, a Fraction), never by an object's own ==."""
    if type(passed) is not dict:
        return "replaced the law it is given"
    if not passed and law:
        return "empties the law it is given"
    entries = list(dict.items(passed))
    plain = all(type(order) is tuple and all(type(c) is int for c in order)
                and type(chance) in (int, Fraction) for order, chance in entries)
    if not plain or len(entries) != len(law) or dict(entries) != law:
        return (f"changes the law it is given (it held {len(law)} orders, and after the call "
                f"{len(entries)}, not all with their chances)")
    return ""


# --- exercise 3: a riffle, then an overhand --------------------------------------------------

@functools.lru_cache(maxsize=8)
def _riffle_then_overhand_law(n: int = 5) -> dict:
    """The exact law of one riffle followed by one overhand shuffle of n cards (at most 6)."""
    n = whole_number("n", n, maximum=6)
    return compose(exact.distribution(riffle, n), exact.distribution(overhand_shuffle, n))


def check_riffle_then_overhand(answer) -> Feedback:
    """Check the exact whole-order distance of a riffle followed by an overhand on 5 cards."""
    what = "the whole-order distance of a riffle then an overhand on 5 cards"
    if is_todo(answer):
        return not_attempted(what)
    malformed = number_answer(answer, what, "section 3")
    if malformed is not None:
        return malformed
    n = 5
    riffle_law = exact.distribution(riffle, n)
    overhand_law = exact.distribution(overhand_shuffle, n)
    expected = _distance(_riffle_then_overhand_law(n), n)
    mistakes = {_distance(riffle_law, n): "that is the riffle alone",
                _distance(overhand_law, n): "that is the overhand alone",
                _distance(riffle_law, n) * _distance(overhand_law, n):
                    "distances do not multiply: compose the two laws, then measure",
                Fraction(0): "two unfair shuffles in a row are not fair on 5 cards"}
    reverse = _distance(compose(overhand_law, riffle_law), n)
    if reverse != expected:
        mistakes[reverse] = "that is an overhand followed by a riffle: the riffle comes first"
    return check_value(answer, expected, what, "section 3", mistakes,
                       hint="the law of the two shuffles together covers all 120 orders; "
                            "measure its distance as for one shuffle.")


# --- exercise 4: how often are 1,000 decks enough? ------------------------------------------

#: The number of decks asked about in the seed exercise.
ENOUGH_DECKS = 1000


@validate_arguments
def check_enough_decks(answer, found: Sequence[int | None], decks: int = ENOUGH_DECKS) -> Feedback:
    """Check the fraction of seeds for which ``decks`` decks were enough to reject (p < 0.001).

    ``found`` is what :func:`cardlib.evidence.decks_to_reject` gave, one entry per seed.
    """
    what = (f"the fraction of the {len(found)} seeds for which {decks:,} decks were "
            "enough")
    if is_todo(answer):
        return not_attempted(what)
    malformed = number_answer(answer, what, "Going further")
    if malformed is not None:
        return malformed
    seeds = len(found)
    enough = sum(t is not None and t <= decks for t in found)
    strictly = sum(t is not None and t < decks for t in found)
    expected = Fraction(enough, seeds)
    mistakes = {Fraction(seeds - enough, seeds):
                f"that is the fraction that needed more than {decks:,} decks",
                enough: f"that is how many seeds; give the fraction of the {seeds}"}
    if enough * 100 % seeds == 0 and enough * 100 // seeds not in (enough, 1):
        mistakes[enough * 100 // seeds] = "that is a percentage; give the fraction itself"
    if strictly != enough:
        mistakes[Fraction(strictly, seeds)] = (f"the seeds whose bar is at exactly {decks:,} "
                                               "decks count too: at most 1,000")
    return check_value(answer, expected, what, "Going further", mistakes,
                       hint=f"count the seeds whose test rejected at {decks:,} decks or fewer "
                            "(None never rejected), out of all of them; give a Fraction.")
