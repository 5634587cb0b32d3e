"""The exercises of lesson 5 (testing a shuffle, and where randomness comes from), checked exactly.

>>> str(check_expected_count(2000))
'✓ the expected count of each order: 2000 is right.'
"""

from __future__ import annotations

from fractions import Fraction

from ..draws import float_law
from . import Feedback
from .answers import check_value

__all__ = [
    "check_expected_count",
    "check_peeking_bound",
    "check_date_seeds",
    "check_modulo_chance",
    "check_float_law",
]


def check_expected_count(answer) -> Feedback:
    """48,000 fair shuffles of 4 cards: how often each of the 24 orders is expected."""
    return check_value(answer, 2000, "the expected count of each order", "section 1", {
        12_000: "48,000 / 4 is how often a card is expected at one position; there are 24 "
                "orders",
        24: "24 is the number of orders, not how often each comes",
        Fraction(1, 24): "1/24 is the probability of an order; multiply by the shuffles",
    }, hint="shuffles divided by orders")


def check_peeking_bound(answer) -> Feedback:
    """The chance of at least one p < 0.01 among 20 *independent* tests of a fair shuffle."""
    expected = 1 - Fraction(99, 100) ** 20
    return check_value(answer, expected, "P(at least one alarm in 20 independent tests)",
                       "section 3", {
                           Fraction(20, 100): "adding the 20 chances counts twice the runs "
                                              "with two alarms; take 1 minus the chance of "
                                              "no alarm at all",
                           Fraction(1, 100): "1/100 is the chance for one test; there are 20",
                           Fraction(99, 100) ** 20: "that is the chance of *no* alarm",
                       }, hint="1 minus the chance that all 20 tests stay quiet")


def check_date_seeds(answer) -> Feedback:
    """How many different decks a game seeded with the date as YYYYMMDD can deal in 2026."""
    return check_value(answer, 365, "different decks in 2026 from YYYYMMDD seeds", "section 4", {
        366: "2026 is not a leap year",
        99_991_231: "only dates are used as seeds, not every number up to 99991231",
        2**32: "the seed could hold 2^32 values, but only the dates of 2026 are used",
    }, hint="one seed per day, one deck per seed")


def check_modulo_chance(answer) -> Feedback:
    """4 random bits (0 to 15) and ``% 6``: the probability of card 0."""
    return check_value(answer, Fraction(3, 16), "P(card 0) with 4 bits and % 6", "section 5", {
        Fraction(1, 6): "1/6 would be fair; 16 values cannot split evenly over 6 cards",
        Fraction(2, 16): "values 0 and 6 give card 0, and so does 12",
        Fraction(2, 8): "that is the 3-bit case of the lesson; with 4 bits there are 16 values",
    }, hint="list the values 0 .. 15 that leave remainder 0")


def check_float_law(answer) -> Feedback:
    """``int(random() * 3)`` with a 4-bit random(): the probabilities of 0, 1 and 2, as a tuple."""
    law = float_law(3, 4)
    expected = tuple(law[j] for j in range(3))
    return check_value(answer, expected, "P(0), P(1), P(2) of int(random() * 3) with 4 bits",
                       "section 5", {
                           (Fraction(1, 3),) * 3: "1/3 each would be fair; 16 values of k "
                                                   "cannot split evenly over 3",
                           tuple(Fraction(c, 16) for c in (5, 5, 6)): "the extra value of k "
                           "goes to 0 here: k = 0 .. 5 all give int(k / 16 * 3) = 0",
                       }, hint="for k = 0 .. 15, work out int(k / 16 * 3) and count")
