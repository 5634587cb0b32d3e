"""The exercises of lesson 6 (testing a shuffle, and where randomness comes from), checked exactly.
(No answer is written here: each is computed.)

>>> str(check_expected_count(24))  # doctest: +ELLIPSIS
'✗ the expected count of each order: 24 is not right. 24 is the number of orders, not how ...
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable
from fractions import Fraction

from ..draws import float_law
from ..untrusted.guard import EndlessRun, Guard, TimedCalls, TimedOut
from ..validation import ContractError
from . import (
    Failed,
    Feedback,
    Refused,
    contained,
    is_todo,
    not_attempted,
    not_finished,
    plain_number,
    raised,
    right,
    shown,
    wrong,
)
from .answers import check_value
from .code import learner_line
from .fair import number_answer

__all__ = [
    "check_expected_count",
    "check_peeking_bound",
    "check_date_seeds",
    "check_modulo_chance",
    "check_float_law",
    "check_plain_sum_mean",
    "RANDBELOW_SIZES",
    "check_randbelow",
]


#: Exercise 1's experiment: fair shuffles of a few cards.
SHUFFLES, CARDS = 48_000, 4
#: Where the lesson explains the exercises of its Going further.
_PLAIN_SUM_WHERE = "Going further: why the position test scales its sum"
_BITS_WHERE = "Going further: from random bits to a number below k"


def check_expected_count(answer) -> Feedback:
    """48,000 fair shuffles of 4 cards: how often each of the 24 orders is expected."""
    expected = Fraction(SHUFFLES, math.factorial(CARDS))
    what, where = "the expected count of each order", "section 1"
    malformed = None if is_todo(answer) else number_answer(answer, what, where)
    if malformed is not None:
        return malformed
    return check_value(answer, expected, what, where, {
        12_000: "48,000 / 4 is how often a card is expected at one position; there are 24 "
                "orders",
        24: "24 is the number of orders, not how often each comes",
        Fraction(1, 24): "1/24 is the probability of an order; multiply by the shuffles",
    }, hint="shuffles divided by orders")


def check_peeking_bound(answer) -> Feedback:
    """The chance of at least one p < 0.01 among 20 *independent* tests of a fair shuffle."""
    expected = 1 - Fraction(99, 100) ** 20
    what, where = "P(at least one alarm in 20 independent tests)", "section 2"
    malformed = None if is_todo(answer) else number_answer(answer, what, where)
    if malformed is not None:
        return malformed
    return check_value(answer, expected, what, where, {
                           Fraction(20, 100): "adding the 20 chances counts twice the runs "
                                              "with two alarms; take 1 minus the chance of "
                                              "no alarm at all",
                           Fraction(1, 100): "1/100 is the chance for one test; there are 20",
                           Fraction(99, 100) ** 20: "that is the chance of *no* alarm",
                       }, hint="1 minus the chance that all 20 tests stay quiet")


def _date_seeds(year: int = 2026) -> int:
    """The different YYYYMMDD seeds of a year: its dates, counted."""
    first = datetime.date(year, 1, 1)
    days = (first + datetime.timedelta(days=d) for d in range(367))
    return len({int(day.strftime("%Y%m%d")) for day in days if day.year == year})


def check_date_seeds(answer) -> Feedback:
    """How many different decks a game seeded with the date as YYYYMMDD can deal in 2026."""
    what = "different decks in 2026 from YYYYMMDD seeds"
    malformed = None if is_todo(answer) else number_answer(answer, what, "section 3")
    if malformed is not None:
        return malformed
    return check_value(answer, _date_seeds(), what, "section 3", {
        366: "2026 is not a leap year",
        99_991_231: "only dates are used as seeds, not every number up to 99991231",
        2**32: "the seed could hold 2^32 values, but only the dates of 2026 are used",
    }, hint="one seed per day, one deck per seed")


def check_modulo_chance(answer) -> Feedback:
    """4 random bits (0 to 15) and ``% 6``: the probability of card 0."""
    values = range(2**4)
    card_0 = Fraction(sum(value % 6 == 0 for value in values), len(values))
    what = "P(card 0) with 4 bits and % 6"
    malformed = None if is_todo(answer) else number_answer(answer, what, _BITS_WHERE)
    if malformed is not None:
        return malformed
    return check_value(answer, card_0, what, _BITS_WHERE, {
        Fraction(1, 6): "1/6 would be fair; 16 values cannot split evenly over 6 cards",
        Fraction(2, 16): "values 0 and 6 give card 0, and so does 12",
        Fraction(2, 8): "that is the 3-bit case of the lesson; with 4 bits there are 16 values",
    }, hint="list the values 0 .. 15 that leave remainder 0")


def check_float_law(answer) -> Feedback:
    """``int(random() * 3)`` with a 4-bit random(): the probabilities of 0, 1 and 2, as a tuple."""
    law = float_law(3, 4)
    expected = tuple(law[j] for j in range(3))
    return check_value(answer, expected, "P(0), P(1), P(2) of int(random() * 3) with 4 bits",
                       _BITS_WHERE, {
                           (Fraction(1, 3),) * 3: "1/3 each would be fair; 16 values of k "
                                                   "cannot split evenly over 3",
                           tuple(Fraction(c, 16) for c in (5, 5, 6)): "the extra value of k "
                           "goes to 0 here: k = 0 .. 5 all give int(k / 16 * 3) = 0",
                       }, hint="for k = 0 .. 15, work out int(k / 16 * 3) and count")


def _plain_sum_mean(cards: int = 5) -> Fraction:
    """The mean of the plain sum, cell by cell: a count of T tries with chance p = 1/cards has
    variance T p (1 - p); divided by T p, that is 1 - p, whatever T is."""
    p = Fraction(1, cards)
    return cards * cards * (1 - p)


def check_plain_sum_mean(answer) -> Feedback:
    """The mean of the plain Pearson sum over the 5 x 5 position counts of a fair shuffle."""
    what, where = "the mean of the plain sum over the 25 cells", _PLAIN_SUM_WHERE
    malformed = None if is_todo(answer) else number_answer(answer, what, where)
    if malformed is not None:
        return malformed
    return check_value(answer, _plain_sum_mean(), what, where, {
        16: "16 = (5 - 1)^2 is what a chi-square with 16 degrees of freedom averages, the "
            "number the table compares with; the plain sum averages more: work out one "
            "cell's term first",
        25: "that would be 1 per cell; a count that is a number of successes in T tries with "
            "chance 1/5 has variance T (1/5)(4/5), not T/5",
        24: "24 = 4! - 1 belongs to the test of section 1, over the 24 orders, not to the 25 "
            "position counts",
        4: "that is one row's share (5 cells of 4/5 each); there are 5 rows",
        Fraction(4, 5): "that is one cell's share; there are 25 cells",
        0: "a fair shuffle's counts still wander around T/5, so every term averages more "
           "than 0",
    }, hint="one cell's count is the number of successes in T tries with chance 1/5: its "
            "variance, divided by T/5, is that cell's mean term")


# --- writing the rejection draw ------------------------------------------------------------

#: The sizes k the rejection-draw check tries, the lesson's 6 first (then 1, powers of 2 and
#: numbers just past them).
RANDBELOW_SIZES = (6, 5, 3, 13, 100, 8, 2, 1)
#: A draw below k asks for at most this many values in a row before it is stopped.
_MOST_DRAWS = 10


class _RefusedDraw(Exception):  # noqa: N818 (a finding, raised out of the learner's call)
    def __init__(self, method: str) -> None:
        super().__init__(method)
        self.method = method


class _TooManyDraws(Exception):  # noqa: N818
    pass


class _Bits:
    """Answers ``getrandbits(b)`` from a script of values; refuses every other draw."""

    def __init__(self, script: list[int]) -> None:
        self.script = script
        self.asked: list[int] = []

    def getrandbits(self, b):
        if isinstance(b, bool) or not isinstance(b, int):
            raise TypeError(f"getrandbits takes a whole number of bits, not {b!r}")
        if b < 0:
            raise ValueError("number of bits must be non-negative")
        self.asked.append(b)
        if len(self.asked) > _MOST_DRAWS:
            raise _TooManyDraws
        value = self.script[len(self.asked) - 1] if len(self.asked) <= len(self.script) else 0
        return value % (1 << b)

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        raise _RefusedDraw(name)


def _scripts(k: int, b: int) -> list[tuple[list[int], int, int]]:
    """(the values of the draws, what must be returned, how many draws) for every first value.

    A first value below k is kept; one of k or more is thrown away, and so is a second one
    that is too big (so a single redraw is caught), before a value below k is kept.
    """
    top = (1 << b) - 1
    found = []
    for v in range(1 << b):
        if v < k:
            found.append(([v], v, 1))
        else:
            others = [w for w in range(k) if w not in (v % k, top % k)]
            keep = others[-1] if others else k - 1
            found.append(([v, top, keep], keep, 3))
    return found


def _randbelow_call(function: Callable, k: int, script: list[int], what: str):
    """(result, bits asked) of ``function(k, rng)`` with a scripted rng, under the guard."""
    rng = _Bits(script)
    with Guard(2.0) as guard:
        try:
            result = guard.run(function, k, rng)
        except TimedOut:
            raise Failed(wrong(not_finished(f"{what}({k}, rng)", function, seconds=2.0),
                               _BITS_WHERE)) from None
        except ContractError:
            raise Failed(wrong(
                f"{what} called {guard.violation or 'the random module'}, not the rng it was "
                "given: draw every bit with rng.getrandbits(b)", _BITS_WHERE)) from None
        except _RefusedDraw as refused:
            raise Failed(wrong(
                f"{what} asked its rng for rng.{refused.method}: use only rng.getrandbits(b), "
                "the raw bits, as the exercise asks (a number below k is what you are "
                "writing)", _BITS_WHERE)) from None
        except _TooManyDraws:
            raise Failed(wrong(
                f"{what}({k}, rng) kept drawing: with the bits {script[:3]} it asked for more "
                f"than {_MOST_DRAWS} draws. Does the loop draw a new value but test the old "
                "one?", _BITS_WHERE)) from None
        except Exception as error:  # noqa: BLE001 - the learner's code: say what it raised
            raise Failed(wrong(f"{what}({k}, rng) raised {raised(error)}"
                               f"{learner_line(error)}", _BITS_WHERE)) from None
    try:
        number = plain_number(result)
    except Refused as refused:
        raise Failed(wrong(f"{what}({k}, rng) returned an object no check can compare: {refused}",
                           _BITS_WHERE)) from None
    return (number if type(number) is int else result), rng.asked


def _check_randbelow_at(function: Callable, k: int, what: str) -> str | None:
    """Follow ``function(k, rng)`` for every first value of its bits; None if it is the draw."""
    fewest, cpython = (k - 1).bit_length(), k.bit_length()
    result, asked = _randbelow_call(function, k, [0] * _MOST_DRAWS, what)
    if not asked:
        raise Failed(wrong(f"{what}({k}, rng) returned {shown(result, 30)} without asking the rng "
                           "for any bits: draw them with rng.getrandbits(b)", _BITS_WHERE))
    b = asked[0]
    if b < fewest:
        raise Failed(wrong(
            f"{what}({k}, rng) asks for {b} bit{'s' if b != 1 else ''}: they give 0 to "
            f"{(1 << b) - 1} only, so it can never return {k - 1}. Take the fewest bits that "
            f"can write {k - 1}", _BITS_WHERE))
    if b > cpython:
        raise Failed(wrong(
            f"{what}({k}, rng) asks for {b} bits where {fewest or 'none'} can write {k - 1}: "
            f"fair, but {(1 << b) - k} of its {1 << b} values are thrown away. Take the fewest "
            "bits", _BITS_WHERE))
    for script, expected, draws in _scripts(k, b):
        result, asked = _randbelow_call(function, k, script, what)
        got = script[:len(asked)]
        if any(size != b for size in asked):
            raise Failed(wrong(f"{what}({k}, rng) asked for {asked[0]} bits, then for "
                               f"{next(s for s in asked if s != b)}: draw the same number of "
                               "bits each time", _BITS_WHERE))
        if type(result) is not int:
            kind = "" if result is None else f", a {type(result).__name__}"
            raise Failed(wrong(f"{what}({k}, rng) returned {shown(result, 30)}{kind}: return a "
                               f"whole number from 0 to {k - 1}", _BITS_WHERE))
        if (result, len(asked)) == (expected, draws):
            continue
        v = script[0]
        said = (f"the bits gave {', then '.join(map(str, got))} and {what}({k}, rng) returned "
                f"{shown(result)}")
        if v >= k and len(asked) == 1 and result == v % k:
            return (f"{said}: that is {v} % {k}, the modulo's unfairness ({v} wraps round onto "
                    f"{v % k}). A value of {k} or more must be thrown away and drawn again")
        if v >= k and len(asked) == 1 and result == v:
            return (f"{said}, which is not below {k}: a value of {k} or more must be thrown "
                    f"away{' (is the test > where it should be >=?)' if v == k else ''}")
        if v >= k and len(asked) == 2:
            return (f"{said}: after one value too big it drew once more and kept what came, "
                    f"though {got[1]} is too big too. Keep drawing until the value is below {k}")
        if v < k and len(asked) > 1:
            return (f"{said}: {v} is below {k}, so it should be kept, after one draw, not "
                    f"{len(asked)} draws")
        return (f"{said}; the draw asked for keeps the first value below {k}: here "
                f"{expected}, after {draws} draw{'s' if draws > 1 else ''}")
    return None


@contained("the check of your randbelow")
def check_randbelow(my_randbelow: Callable) -> Feedback:
    """A learner's rejection draw ``my_randbelow(k, rng)``, from ``rng.getrandbits`` only.

    Followed draw for draw: for k in :data:`RANDBELOW_SIZES` and every first value the bits
    can give, it must keep a value below k and throw away the others (a second one too big
    as well) until one is below k. Then every value below k has probability exactly 1/k.
    """
    what = "my_randbelow"
    try:
        probe = _Bits([0] * _MOST_DRAWS)
        with TimedCalls(what) as call:
            first = call(my_randbelow, 6, probe)
    except EndlessRun:
        return wrong(not_finished(f"{what}(6, rng)", my_randbelow), _BITS_WHERE)
    except Exception:  # noqa: BLE001 - an attempt that fails: the check below says why
        first = None
    if is_todo(first):
        return not_attempted(f"{what}, the rejection draw")
    try:
        for k in RANDBELOW_SIZES:
            problem = _check_randbelow_at(my_randbelow, k, what)
            if problem:
                return wrong(problem, _BITS_WHERE)
    except Failed as failed:
        return failed.feedback
    return right(f"{what} keeps every value below k and throws away the others until one "
                 f"comes, draw for draw, for k = {', '.join(map(str, RANDBELOW_SIZES))}: each "
                 "value below k has probability exactly 1/k.")
