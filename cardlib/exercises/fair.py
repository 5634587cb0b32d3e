"""The exercises of lessons 1 (what makes a shuffle fair) and 2 (fair, but at what cost?),
checked exactly.

>>> str(check_bits_for_54(238))
'✓ the fewest random bits that can pick one of the 54! orders: 238 is right.'
>>> print(check_uneven_prime(2))  # doctest: +NORMALIZE_WHITESPACE
✗ a prime that proves 10^10 paths cannot be shared equally by the 10! orders: 2 divides
10^10 = 2^10 × 5^10 as well, often enough, so it stands in nobody's way. (see section 5)
>>> from cardlib.exercises import TODO
>>> check_unrank(lambda r, n: TODO).status
'todo'
"""

from __future__ import annotations

import itertools
import math
import numbers
from collections.abc import Callable
from fractions import Fraction

from .. import exact, orders
from ..checks import as_rng, sequence
from ..guard import EndlessRun, TimedCalls
from ..shuffles import stride_shuffle
from . import (
    Feedback,
    attempted_function,
    contained,
    is_todo,
    learner_call,
    not_attempted,
    right,
    wrong,
)
from .answers import check_value
from .code import diagnose, learner_line

__all__ = [
    "number_answer",
    "check_bits_for_54",
    "UNEVEN_CARDS",
    "check_uneven_prime",
    "STRIDE_CARDS",
    "check_stride_shuffle",
    "check_stride_orders",
    "check_tie_chance",
    "bounded_retry",
    "check_bounded_retry",
    "check_unrank",
]


def number_answer(answer, what: str, where: str) -> Feedback | None:
    """What is wrong with ``answer`` as a number before its value is compared, or None.

    A number written as text, None (a value printed rather than given, or a
    function that forgot to return), True or False, or several values where one
    number is asked for get their own words.

    >>> print(number_answer("238", "the bits", "section 2"))
    ✗ the bits: '238' is text (a str); give the number itself, without quotes. (see section 2)
    >>> number_answer(238, "the bits", "section 2") is None
    True
    """
    if isinstance(answer, str):
        return wrong(f"{what}: {answer[:40]!r} is text (a str); give the number itself, "
                     "without quotes.", where)
    if answer is None:
        return wrong(f"{what}: the answer is None: print() shows a value but gives None, and a "
                     "function without a return gives None too; set the name to the number.",
                     where)
    if isinstance(answer, bool):
        return wrong(f"{what}: {answer} is a truth value, not a number.", where)
    if isinstance(answer, (list, tuple, set, frozenset, dict)):
        kind = type(answer).__name__
        if len(answer) == 1:
            return wrong(f"{what}: give the number itself, not a {kind} holding it.", where)
        return wrong(f"{what}: give one number, not a {kind} of {len(answer)} values.", where)
    return None


def check_bits_for_54(answer) -> Feedback:
    """The fewest whole random bits that can pick one of the 54! orders of a Dou Di Zhu deck."""
    what, where = "the fewest random bits that can pick one of the 54! orders", "section 2"
    orders_54 = math.factorial(54)
    needed = (orders_54 - 1).bit_length()  # the smallest k with 2**k >= 54!
    if is_todo(answer):
        return not_attempted(what)
    malformed = number_answer(answer, what, where)
    if malformed is not None:
        return malformed
    if isinstance(answer, float) and needed - 1 < answer < needed:
        return wrong(f"{what}: {answer!r} is log2(54!) itself; a bit is whole, and "
                     f"{math.floor(answer)} bits would be too few: round up.", where)
    return check_value(answer, needed, what, where, {
        54: "that is the number of cards; count the orders, 54!, and ask which power of 2 "
            "reaches it",
        6: "6 bits pick one card of 54, not one order of all 54",
        needed - 1: f"2^{needed - 1} is less than 54!, so some orders would have no bit "
                    "pattern at all: round up",
        (math.factorial(52) - 1).bit_length(): "that is enough for the 52! orders of 52 "
                                               "cards; a Dou Di Zhu deck has 54",
        6 * 54: "enough, but not the fewest: 6 bits per card wastes bits, since fewer and "
                "fewer cards are left to choose from",
    }, hint="find the smallest k with 2^k >= 54! (math.log2 helps)")


#: The deck size of the "why" exercise on the naive swap: 10^10 paths, 10! orders.
UNEVEN_CARDS = 10


def check_uneven_prime(answer) -> Feedback:
    """A prime that proves the naive swap's n^n paths cannot be shared equally by n! orders.

    For n = 10: a fair naive swap would give each order 10^10 / 10! paths, a
    whole number only if every prime factor of 10! divides 10^10 = 2^10 × 5^10
    often enough. The primes 3 and 7 divide 10! and not 10^10: either one proves it.
    """
    n = UNEVEN_CARDS
    paths, orders_n = n**n, math.factorial(n)
    what = (f"a prime that proves {n}^{n} paths cannot be shared equally by the {n}! orders")
    where = "section 5"
    if is_todo(answer):
        return not_attempted(what)
    malformed = number_answer(answer, what, where)
    if malformed is not None:
        return malformed
    if isinstance(answer, float) and answer.is_integer():
        answer = int(answer)
    if not isinstance(answer, numbers.Integral):
        return wrong(f"{what}: {answer!r} is not a whole number; a prime is one, such as 2, 3 "
                     "or 5.", where)
    p = int(answer)
    named = str(p) if len(str(p)) <= 12 else f"{p:.3e}"
    if p < 2:
        return wrong(f"{what}: {p} is not a prime (the primes are 2, 3, 5, 7, 11, ...).", where)
    if orders_n % p:
        return wrong(f"{what}: {named} does not divide {n}! = 1 × 2 × ... × {n}, so it says "
                     f"nothing about how {n}! orders share the paths.", where)
    factors = [q for q in range(2, p + 1) if p % q == 0 and all(q % d for d in range(2, q))]
    if factors != [p]:
        useful = [q for q in factors if paths % q]
        more = (" One of its prime factors does the job: which one?" if useful else
                f" Its prime factors {', '.join(map(str, factors))} all divide {n}^{n} too.")
        return wrong(f"{what}: {p} is not a prime.{more}", where)
    if paths % p == 0:
        return wrong(f"{what}: {p} divides {n}^{n} = 2^{n} × 5^{n} as well, often enough, so it "
                     "stands in nobody's way.", where)
    return right(f"{what}: {p} is right. It divides {n}! but not {n}^{n} = 2^{n} × 5^{n}, so "
                 f"{n}^{n} / {n}! is not a whole number: the paths cannot give every order the "
                 "same share.")


#: The stride exercise walks the learner's shuffle exactly on decks of 2 up to this many cards.
STRIDE_CARDS = 6
_STRIDE_WHERE = "section 6"
#: A first card and a stride make n·φ(n) paths of two draws: the walk stops far beyond that.
_STRIDE_PATHS, _STRIDE_DRAWS = 5_000, 40


def _stride_of(order: tuple) -> tuple[int, int] | None:
    """(first card, stride) of an order of 0..n-1 made by a first card and a stride, or None."""
    n = len(order)
    first, stride = order[0], (order[1] - order[0]) % n
    return (first, stride) if all(order[k] == (first + k * stride) % n
                                  for k in range(n)) else None


@contained("the check of your stride shuffle")
def check_stride_shuffle(my_stride_shuffle: Callable) -> Feedback:
    """The learner's first-card-and-stride shuffle, written from its description.

    It must return a new list and leave the deck alone; walked exactly on 2 to
    :data:`STRIDE_CARDS` cards, its law must be the stride shuffle's: each of
    the n·φ(n) orders a first card and a usable stride make, with probability
    1/(n·φ(n)), and no other order.
    """
    what, where = "your stride shuffle", _STRIDE_WHERE
    found = diagnose(my_stride_shuffle, what, "new list")
    if found is not None and found.message.startswith("not a shuffle"):
        return wrong(f"{found.message}: does a stride share a factor with the number of cards? "
                     "Such a walk comes back to its start too early", where, found.details)
    if found is not None:
        return found if found.status == "todo" else wrong(found.message, where, found.details)
    for n in range(2, STRIDE_CARDS + 1):
        expected = exact.distribution(stride_shuffle, n)
        law = _stride_law(my_stride_shuffle, what, n)
        if isinstance(law, Feedback):
            return law
        for order in law:
            if sorted(order, key=repr) != list(range(n)):
                return wrong(f"not a shuffle: on {n} cards {what} can give back "
                             f"{list(order)}, which loses a card: does a stride share a "
                             f"factor with {n}? Such a walk comes back to its start too early",
                             where)
        extra = sorted(set(law) - set(expected))
        if extra:
            return wrong(f"{what} makes {list(extra[0])} of the cards 0..{n - 1}, which no first "
                         "card and stride make: the next card is always the stride further on, "
                         "wrapping round with % n", where)
        missing = sorted(set(expected) - set(law))
        if missing:
            first, stride = _stride_of(missing[0])
            return wrong(f"{what} never makes {list(missing[0])} of the cards 0..{n - 1} (first "
                         f"card {first}, stride {stride}): can every card come first, and is "
                         f"every stride with no factor in common with {n} among yours?", where)
        if law != expected:
            odd = max(law, key=lambda order: abs(law[order] - expected[order]))
            return wrong(f"{what} makes the right orders of {n} cards, but not equally often: "
                         f"{list(odd)} comes out with probability {law[odd]}, not "
                         f"{expected[odd]}: draw the first card from all n, then the stride "
                         "from the list of usable strides, each equally likely", where)
    return right(f"{what} is the stride shuffle: walked exactly on 2 to {STRIDE_CARDS} cards, "
                 "it makes each first-card-and-stride order equally often, and nothing else. "
                 "It returns a new list and leaves the deck alone.")


def _stride_law(shuffle: Callable, what: str, n: int) -> dict | Feedback:
    """The exact law of the learner's shuffle on n cards, or the Feedback saying why not."""
    try:
        return exact.distribution(shuffle, n, seconds=5.0, max_paths=_STRIDE_PATHS,
                                  max_draws=_STRIDE_DRAWS)
    except (exact.Unbounded, exact.TooLarge, exact.OutOfTime):
        return wrong(f"on {n} cards {what} makes far more random draws than a first card and "
                     "a stride need, and some of its runs may never end: does it draw the "
                     "stride again until it fits? Draw it once, from the list of usable strides",
                     _STRIDE_WHERE)
    except exact.ContractError as error:
        return wrong(f"{what} must draw from the rng it is given: {error}", _STRIDE_WHERE)
    except EndlessRun:
        return wrong(f"{what} did not finish within a few seconds on {n} cards: is there a loop "
                     "that never ends?", _STRIDE_WHERE)
    except Exception as error:  # noqa: BLE001 - the learner's code: say what it raised
        return wrong(f"{what} raised {type(error).__name__}: {error}{learner_line(error)}, "
                     f"shuffling the cards 0..{n - 1}", _STRIDE_WHERE)


def _stride_orders(n: int = 10) -> int:
    """The orders of all n cards that a first card and a stride make, counted one by one."""
    walks = (tuple((first + k * stride) % n for k in range(n))
             for first in range(n) for stride in range(n))
    return len({walk for walk in walks if len(set(walk)) == n})


def _tie_chance(faces: int = 6, keys: int = 3) -> Fraction:
    """P(some two of the keys are equal), counted over every draw."""
    draws = list(itertools.product(range(faces), repeat=keys))
    return Fraction(sum(len(set(draw)) < keys for draw in draws), len(draws))


def check_stride_orders(answer) -> Feedback:
    """How many orders the first-card-and-stride shuffle can make of 10 cards."""
    what, where = ("orders the stride shuffle can reach with 10 cards",
                   "Going further: how many orders the stride shuffle makes")
    if is_todo(answer):
        return not_attempted(what)
    malformed = number_answer(answer, what, where)
    if malformed is not None:
        return malformed
    return check_value(answer, _stride_orders(), what, where, {
        90: "strides 2, 4, 5, 6 and 8 share a factor with 10: such a walk comes back to its "
            "start before it has visited every card",
        math.factorial(10): "10! counts every order; the stride shuffle reaches only a few",
        10: "each of the 10 first cards can be followed by several strides",
        100: "a stride of 0 or 10 never moves on, and some others come back too early",
        9: "each stride can start from any of the 10 cards",
    }, hint="an order is fixed by its first card and its stride: how many of each, with 10 "
            "cards, give an order of all 10?")


def check_tie_chance(answer) -> Feedback:
    """Three keys drawn with randrange(6), like three dice: the probability of a tie."""
    what, where = "P(a tie among 3 keys from randrange(6))", "Going further: sorting by random keys"
    if is_todo(answer):
        return not_attempted(what)
    malformed = number_answer(answer, what, where)
    if malformed is not None:
        return malformed
    return check_value(answer, _tie_chance(), what, where, {
        Fraction(5, 9): "5/9 is the chance that all three keys differ (6 x 5 x 4 of the 216 "
                        "draws); a tie is the rest",
        Fraction(1, 6): "that is the chance that two given keys tie; three keys make three pairs",
        Fraction(1, 2): "the three pairs can tie at once, so their chances cannot simply be added",
        96: "96 is the number of draws with a tie; each of the 216 draws has probability 1/216",
        Fraction(1, 36): "that is the chance that all three keys are equal; a tie of two is "
                         "enough",
    }, hint="count the 216 ways to draw 3 keys, and those that are all different")


#: The deck of the bounded-retry exercise, and the order whose chance it asks for.
BOUNDED_CARDS, BOUNDED_ORDER = 3, (2, 1, 0)


def bounded_retry(deck, rng=None) -> list:
    """The retry shuffle cut off after n draws: cards never drawn go last, in their order.

    A new list; the exercise of lesson 2 asks why this bound makes it unfair.

    >>> from cardlib.exact import distribution
    >>> law = distribution(bounded_retry, 3)
    >>> len(law), sum(law.values()), len(set(law.values())) > 1  # every order, unevenly
    (6, Fraction(1, 1), True)
    """
    rng = as_rng(rng)
    cards = sequence("deck", deck)
    taken: list[int] = []
    for _ in range(len(cards)):
        j = rng.randrange(len(cards))
        if j not in taken:
            taken.append(j)
    return [cards[j] for j in taken] + [c for j, c in enumerate(cards) if j not in taken]


def check_bounded_retry(answer) -> Feedback:
    """P(the order 2 1 0) when the retry shuffle of 3 cards stops after 3 draws."""
    what = "P(2 1 0) when the retry shuffle stops after 3 draws"
    where = "section 1"
    if is_todo(answer):
        return not_attempted(what)
    malformed = number_answer(answer, what, where)
    if malformed is not None:
        return malformed
    if isinstance(answer, numbers.Integral) and 1 <= answer <= BOUNDED_CARDS ** BOUNDED_CARDS:
        return wrong(f"{what}: {answer} is a whole number, a count of paths perhaps; give a "
                     f"probability: each of the {BOUNDED_CARDS ** BOUNDED_CARDS} paths has "
                     f"probability 1/{BOUNDED_CARDS ** BOUNDED_CARDS}.", where)
    law = exact.distribution(bounded_retry, BOUNDED_CARDS)
    return check_value(answer, law[BOUNDED_ORDER], what, where, {
        Fraction(1, 6): "1/6 is what a fair shuffle gives every order; this one may not be "
                        "fair: count its equally likely paths, and those that end in 2 1 0",
        Fraction(1, 27): "1/27 counts only the draws 2, 1, 0 themselves; draws with a repeat "
                         "end in 2 1 0 too, once the cards never drawn are put after the others",
        Fraction(5, 27): "5/27 is the chance of an order such as 0 1 2, whose cards never drawn "
                         "can come last in their starting order; in 2 1 0 the last two cards "
                         "are the other way round",
        Fraction(1, 9): "3/27 misses some paths: list those whose first draw is 2, and finish "
                        "each one by hand",
    }, hint="list the 27 equally likely paths of three draws from randrange(3), or just those "
            "whose first draw is 2, and finish each one by hand")


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
                               where="section 2")
            if got is None:
                return wrong(f"{what}: unrank({r}, {n}) returned None, not a list: does your "
                             "function return the order (print only shows it)?", "section 2")
            if not isinstance(got, (list, tuple)):
                return wrong(f"{what}: unrank({r}, {n}) returned {got!r:.60}, not a list",
                             "section 2")
            if sorted(got, key=repr) != sorted(range(n), key=repr):
                return wrong(f"{what}: unrank({r}, {n}) returned {list(got)!r:.80}, which is not "
                             f"an order of the cards 0 .. {n - 1}: each card must come once",
                             "section 2")
            if list(got) != expected:
                digits = orders.factorial_digits(r, n)
                return wrong(f"{what}: unrank({r}, {n}) should be {expected}, yours gave "
                             f"{list(got)}", "section 2",
                             (f"the factorial digits of {r} for {n} cards are {digits}, most "
                              "significant first",
                              f"take card {digits[0]} of {list(range(n))}, then card number "
                              f"{digits[1] if n > 1 else 0} of what is left, and so on"))
    return right(f"{what} numbers all the orders of 1 to 5 cards as the lesson does "
                 "(153 orders checked).")
