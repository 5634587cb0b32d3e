"""The exercises of lessons 1 (what makes a shuffle fair) and 2 (fair, but at what cost?),
checked exactly. (No answer is written here: each is computed, or reasoned in the check.)

>>> str(check_bits_for_54(54))  # doctest: +ELLIPSIS
'✗ the fewest random bits that can pick one of the 54! orders: 54 is not right. That is the ...
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
import time
from collections.abc import Callable
from fractions import Fraction

from .. import exact, orders
from ..rngs import IntegerMethods
from ..shuffles import stride_shuffle
from ..untrusted.guard import EndlessRun, Guard, TimedCalls, TimedOut
from ..validation import as_rng, sequence
from . import (
    Feedback,
    Refused,
    attempted_function,
    contained,
    exactly,
    is_todo,
    learner_call,
    not_attempted,
    not_finished,
    plain_items,
    plain_number,
    raised,
    right,
    shown,
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

    >>> print(number_answer("27", "the paths", "section 2"))
    ✗ the paths: '27' is text (a str); give the number itself, without quotes. (see section 2)
    >>> number_answer(27, "the paths", "section 2") is None
    True
    """
    try:
        plain_number(answer)
        plain_items(answer)
    except Refused as refused:
        return wrong(f"{what}: {refused}.", where)
    if isinstance(answer, str):
        return wrong(f"{what}: {shown(answer, 40)} is text (a str); give the number itself, "
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
    often enough. Any prime that divides 10! and not 10^10 proves it (the check
    tests that, and names no such prime).
    """
    n = UNEVEN_CARDS
    what = (f"a prime that proves {n}^{n} paths cannot be shared equally by the {n}! orders")
    where = "section 5"
    if is_todo(answer):
        return not_attempted(what)
    malformed = number_answer(answer, what, where)
    if malformed is not None:
        return malformed
    number = plain_number(answer)
    if type(number) is float and number.is_integer() and abs(number) < 2**53:
        found = _uneven_prime(int(number), what, where)
        if found.ok:
            return wrong(f"{what}: {shown(answer)} is a float equal to a right answer, but a "
                         f"prime is a whole number; {exactly(1)}.", where)
        return wrong(f"{found.message} (And {shown(answer)} is a float: a prime is a whole "
                     "number, an int.)", where)
    if type(number) is not int:
        return wrong(f"{what}: {shown(answer)} is not a whole number; a prime is one, such as "
                     "2, 3 or 5.", where)
    return _uneven_prime(number, what, where)


def _uneven_prime(p: int, what: str, where: str) -> Feedback:
    n = UNEVEN_CARDS
    paths, orders_n = n**n, math.factorial(n)
    named = shown(p)
    if p < 2:
        return wrong(f"{what}: {named} is not a prime (the primes are 2, 3, 5, 7, 11, ...).",
                     where)
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
    if found is not None and found.message.startswith("not a shuffle") and (
            "loses card" in found.message or "gives back card" in found.message):
        return wrong(f"{found.message}: does a stride share a factor with the number of cards? "
                     "Such a walk comes back to its start too early", where, found.details)
    if found is not None:
        return found if found.status == "todo" else wrong(found.message, where, found.details)
    redraws: dict = {}  # deck size: (depth walked, share of the runs not finished by then)
    for n in range(2, STRIDE_CARDS + 1):
        expected = exact.distribution(stride_shuffle, n)
        law = _stride_law(my_stride_shuffle, what, n, expected)
        if isinstance(law, Feedback):
            return law
        if isinstance(law, tuple):  # a redraw loop, its law right at every depth walked
            redraws[n] = law
            continue
        for order in law:
            if not _is_order(order, n):
                return wrong(f"not a shuffle: on {n} cards {what} can give back "
                             f"{shown(list(order))}, which is not an order of the cards "
                             f"0..{n - 1}: does a stride share a factor with {n}? Such a walk "
                             "comes back to its start too early", where)
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
    walked = f"walked exactly on 2 to {STRIDE_CARDS} cards"
    if redraws:
        depths = " and ".join(f"{depth} draws on {n} cards" for n, (depth, _) in redraws.items())
        left = max(share for _, share in redraws.values())
        unfinished = (f"all but {float(left):.2g} of them" if left < Fraction(1, 1000) else
                      f"at least {float(1 - left):.1%} of them")
        walked = (f"walked on 2 to {STRIDE_CARDS} cards (every path, except where it redraws "
                  "until something fits, so that its runs can go on for ever: there every path "
                  f"of up to {depths}; at each depth the runs that finish, {unfinished}, make "
                  "each order exactly as often as the stride shuffle)")
    return right(f"{what} is the stride shuffle: {walked}, it makes each first-card-and-stride "
                 "order equally often, and nothing else. It returns a new list and leaves the "
                 "deck alone, and shuffles cards that are not numbers as well.")


def _stride_law(shuffle: Callable, what: str, n: int,
                expected: dict) -> dict | tuple | Feedback:
    """The exact law of the learner's shuffle on n cards; for a shuffle whose runs can go on for
    ever (it redraws until a stride fits) whose law is right at every depth walked, (the depth,
    the share of runs not finished by then); or the Feedback saying why not."""
    try:
        try:
            return exact.distribution(shuffle, n, seconds=5.0, max_paths=_STRIDE_PATHS,
                                      max_draws=_STRIDE_DRAWS)
        except (exact.Unbounded, exact.TooLarge, exact.OutOfTime):
            return _retry_verdict(shuffle, what, n, expected)
    except exact.ContractError as error:
        return wrong(f"{what} must draw from the rng it is given: {error}", _STRIDE_WHERE)
    except (EndlessRun, TimedOut):
        return wrong(not_finished(f"{what}, shuffling the cards 0..{n - 1},", shuffle),
                     _STRIDE_WHERE)
    except Exception as error:  # noqa: BLE001 - the learner's code: say what it raised
        return wrong(f"{what} raised {raised(error)}{learner_line(error)}, shuffling the cards "
                     f"0..{n - 1}", _STRIDE_WHERE)


# --- a shuffle that redraws until its stride fits: its law, path by path --------------------

#: A redrawing shuffle is walked on every path of up to this many draws at most ...
_RETRY_DRAWS = 16
#: ... and of at most about this many paths in all.
_RETRY_PATHS = 40_000


class _Cut(BaseException):  # noqa: N818 (a signal: the path is longer than the walk goes)
    pass


class _Scripted(IntegerMethods):
    """Answers randrange from a prefix of choices, then with each range's first value; stops a
    path (``_Cut``) at its draw number ``most + 1``. Its other integer methods draw through
    randrange; float draws and the rest do not exist on it."""

    __slots__ = ("choices", "sizes", "most")

    def __init__(self, choices: list[int], most: int) -> None:
        self.choices, self.sizes, self.most = choices, [], most

    def randrange(self, start, stop=None, step=1):
        values = range(start) if stop is None else range(start, stop, step)
        if not values:
            raise ValueError(f"empty range in randrange({start}, {stop}, {step})")
        if len(self.sizes) >= self.most:
            raise _Cut
        pick = self.choices[len(self.sizes)] if len(self.sizes) < len(self.choices) else 0
        self.sizes.append(len(values))
        return values[pick]


def _retry_leaves(shuffle: Callable, n: int, most: int, seconds: float) -> list | None:
    """Every path of up to ``most`` draws of ``shuffle`` on the cards 0..n-1: (draws made, their
    probability, the order made or None for a path cut short). None past :data:`_RETRY_PATHS`
    paths."""
    leaves, choices, start = [], [], time.perf_counter()
    with Guard(seconds) as guard:
        while True:
            rng, deck = _Scripted(choices, most), list(range(n))
            try:
                result = guard.run(shuffle, deck, rng)
                outcome = deck if result is None else result
            except _Cut:
                outcome = _Cut
            chance = Fraction(1, math.prod(rng.sizes))
            leaves.append((len(rng.sizes), chance, outcome))
            if len(leaves) > _RETRY_PATHS or time.perf_counter() - start > seconds:
                return None
            sizes = rng.sizes
            current = choices + [0] * (len(sizes) - len(choices))
            k = len(sizes) - 1
            while k >= 0 and current[k] + 1 >= sizes[k]:
                k -= 1
            if k < 0:
                return leaves
            choices = current[:k] + [current[k] + 1]


def _retry_verdict(shuffle: Callable, what: str, n: int, expected: dict) -> Feedback | tuple:
    """For a shuffle whose paths go on for ever (it redraws until a stride fits): if on every
    depth walked the runs that finished make exactly the stride shuffle's law (as a redraw loop
    does, whatever the depth), (the depth walked, the share of runs not finished by then); else
    the Feedback."""
    walked = None
    for most in range(4, _RETRY_DRAWS + 1, 2):
        leaves = _retry_leaves(shuffle, n, most, seconds=4.0)
        if leaves is None:
            break
        walked = (most, leaves)
    if walked is None:
        return wrong(f"on {n} cards {what} makes far more random draws than a first card and a "
                     f"stride need: more than {_RETRY_PATHS:,} paths of 4 draws or fewer. Draw "
                     "the first card once, and the stride once, from the list of usable strides",
                     _STRIDE_WHERE)
    most, leaves = walked
    finished = sum((chance for _, chance, outcome in leaves if outcome is not _Cut), Fraction(0))
    if not finished:
        return wrong(f"on {n} cards {what} makes far more random draws than a first card and a "
                     f"stride need: no run of {most} draws or fewer ends. Draw the first card "
                     "once, and the stride once, from the list of usable strides", _STRIDE_WHERE)
    for cut in (most - 2, most):
        law: dict = {}
        for draws, chance, outcome in leaves:
            if draws <= cut and outcome is not _Cut:
                if not _is_order(outcome, n):
                    return wrong(f"not a shuffle: on {n} cards {what} can give back "
                                 f"{shown(outcome)}, which is not an order of the cards "
                                 f"0..{n - 1}", _STRIDE_WHERE)
                law[tuple(outcome)] = law.get(tuple(outcome), 0) + chance
        done = sum(law.values(), Fraction(0))
        if not done:
            continue
        law = {order: chance / done for order, chance in law.items()}
        if law != expected:
            odd = max(set(law) | set(expected),
                      key=lambda order: abs(law.get(order, 0) - expected.get(order, 0)))
            return wrong(f"the runs of {what} can go on for ever (it redraws until something "
                         f"fits); walked on every path of up to {cut} draws on {n} cards, the "
                         f"runs that finish make {shown(list(odd))} with probability "
                         f"{law.get(odd, 0)} "
                         f"of them, not {expected.get(odd, 0)}: after a redraw, is every "
                         "first card and every usable stride still equally likely?",
                         _STRIDE_WHERE)
    return most, 1 - finished


def _is_order(outcome, n: int) -> bool:
    """True for a list or tuple of the plain ints 0..n-1, each once."""
    return type(outcome) in (list, tuple) and len(outcome) == n and all(
        type(c) is int for c in outcome) and sorted(outcome) == list(range(n))


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
    number = plain_number(answer)
    if type(number) is int and 1 <= number <= BOUNDED_CARDS ** BOUNDED_CARDS:
        return wrong(f"{what}: {number} is a whole number, a count of paths perhaps; give a "
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
            try:
                cards = plain_items(got)
            except Refused as refused:
                return wrong(f"{what}: unrank({r}, {n}) returned an object no check can "
                             f"compare: {refused}", "section 2")
            if cards is None:
                return wrong(f"{what}: unrank({r}, {n}) returned {shown(got, 60)}, not a list",
                             "section 2")
            if not _is_order(cards, n):
                return wrong(f"{what}: unrank({r}, {n}) returned {shown(list(cards))}, which is "
                             f"not an order of the cards 0 .. {n - 1} (whole numbers, each "
                             "once): each card must come once", "section 2")
            if list(cards) != expected:
                digits = orders.factorial_digits(r, n)
                return wrong(f"{what}: unrank({r}, {n}) should be {expected}, yours gave "
                             f"{list(cards)}", "section 2",
                             (f"the factorial digits of {r} for {n} cards are {digits}, most "
                              "significant first",
                              f"take card {digits[0]} of {list(range(n))}, then card number "
                              f"{digits[1] if n > 1 else 0} of what is left, and so on"))
    return right(f"{what} numbers all the orders of 1 to 5 cards as the lesson does "
                 "(153 orders checked).")
