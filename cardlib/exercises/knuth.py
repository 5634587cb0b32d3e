"""The exercises of lesson 4 (Knuth's swaps and the off-by-one traps), checked exactly.

>>> from cardlib.shuffles import sattolo_shuffle
>>> str(check_sattolo(sattolo_shuffle)).splitlines()[0]
'✓ your Sattolo shuffle makes only single cycles, each of the (n-1)! equally likely, n = 2..5.'
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction

from .. import exact
from ..checks import checked
from ..guard import TimedCalls
from ..shuffles import inside_out_shuffle, knuth_shuffle, sattolo_shuffle
from ..stats import cycle_count
from . import Feedback, contained, right, wrong
from .code import Algorithm, check_shuffle, diagnose, learner_line, same_algorithm

__all__ = ["FORWARD_KNUTH", "SATTOLO", "INSIDE_OUT", "forward_knuth", "check_forward_knuth",
           "check_sattolo", "check_inside_out"]

_WHERE = "section 5"


def forward_knuth(deck, rng) -> None:
    """Knuth's swaps run forwards: position i swapped with one drawn from i to n - 1."""
    n = len(deck)
    for i in range(n - 1):
        j = rng.randrange(i, n)
        deck[i], deck[j] = deck[j], deck[i]


#: The algorithms of the lesson's exercises, as the lesson describes them.
FORWARD_KNUTH = Algorithm("the forward loop", forward_knuth, "in place",
                          "position i, from 0 up, swapped with one drawn from i to n - 1: "
                          "ranges of n, n - 1, ..., 2 positions")
SATTOLO = Algorithm("Sattolo's loop", sattolo_shuffle, "in place",
                    "Knuth's loop, position i from n - 1 down, swapped with one drawn from 0 "
                    "to i - 1: ranges of n - 1, n - 2, ..., 1 positions")
INSIDE_OUT = Algorithm("the inside-out shuffle", inside_out_shuffle, "new list",
                       "card i goes to the end of the new list and swaps with a position drawn "
                       "from 0 to i: ranges of 1, 2, ..., n positions")
_KNUTH = Algorithm("Knuth's loop", knuth_shuffle, "in place", "randrange(i + 1)")


def _law(shuffle: Callable, n: int) -> dict | Feedback:
    """The exact law of the learner's shuffle on n cards, or the Feedback saying why not."""
    try:
        return exact.distribution(shuffle, n, max_paths=10**5, max_draws=1000)
    except exact.Unbounded:
        return wrong(f"it can redraw for ever on {n} cards (a retry loop: a path made more than "
                     "1,000 draws); Sattolo's loop makes exactly n - 1 draws", _WHERE)
    except exact.ContractError as error:
        return wrong(f"it asked its rng for something other than randrange: {error}", _WHERE)
    except ValueError as error:
        return wrong(f"it cannot be walked exactly on {n} cards: {error}", _WHERE)
    except Exception as error:  # noqa: BLE001 - the learner's code
        return wrong(f"it raised {type(error).__name__}: {error} on a deck of {n} cards",
                     _WHERE)


@contained("the check of your Sattolo shuffle")
def check_sattolo(my_sattolo: Callable) -> Feedback:
    """Check a learner's Sattolo shuffle: only single cycles, all (n-1)! of them, equally likely.

    Diagnosed first (it finishes, keeps its cards, shuffles in place); the hint
    about randrange(i) is given only to a shuffle that is Knuth's loop draw for draw.
    """
    what = "your Sattolo shuffle"
    found = diagnose(my_sattolo, what, "in place")
    if found is not None:
        return found if found.status == "todo" else wrong(found.message, _WHERE, found.details)
    for n in range(2, 6):
        law = _law(my_sattolo, n)
        if isinstance(law, Feedback):
            return law
        for order in law:
            if sorted(order) != list(range(n)):
                return wrong(f"{what} is not a shuffle: on the cards {list(range(n))} it can "
                             f"give {list(order)}", _WHERE)
        stay = [order for order in law if cycle_count(order) > 1]
        if stay:
            order = max(stay, key=law.get)
            fixed = [c for c in range(n) if order[c] == c]
            because = (f"card {fixed[0]} stays where it was" if fixed
                       else f"it splits into {cycle_count(order)} cycles")
            is_knuth = same_algorithm(my_sattolo, _KNUTH, what) is None
            hint = ("It is Knuth's loop: randrange(i + 1) lets j be i itself; draw j from the "
                    "positions below i" if is_knuth else "Compare your loop with Knuth's "
                    "(section 1): the only change is the range j is drawn from")
            return wrong(f"{what} can give {order} on {n} cards (probability {law[order]}), "
                         f"which is not a single cycle: {because}. {hint}", _WHERE)
        cycles = math.factorial(n - 1)
        if len(law) != cycles or set(law.values()) != {Fraction(1, cycles)}:
            return wrong(f"{what} makes only single cycles on {n} cards, but not all {cycles} "
                         f"of them equally: it reaches {len(law)}, with probabilities from "
                         f"{min(law.values())} to {max(law.values())}", _WHERE)
    other = same_algorithm(my_sattolo, SATTOLO, what)
    if other is not None:
        return wrong(f"single cycles, all equally likely, but {other.message}", _WHERE)
    return right(f"{what} makes only single cycles, each of the (n-1)! equally likely, "
                 "n = 2..5.")


@checked
def check_forward_knuth(my_shuffle: Callable) -> Feedback:
    """The learner's forward loop of Knuth's swaps: fair (judged exactly), in place."""
    return check_shuffle(my_shuffle, "your forward loop", "section 3", algorithm=FORWARD_KNUTH)


@checked
def check_inside_out(my_shuffle: Callable) -> Feedback:
    """The learner's inside-out shuffle: fair, a new list, and it reads the deck only once."""
    what = "your inside-out shuffle"
    feedback = check_shuffle(my_shuffle, what, "section 6", algorithm=INSIDE_OUT)
    if not feedback.ok:
        return feedback
    return _reads_once(my_shuffle, what, feedback)


@contained("the check of your inside-out shuffle")
def _reads_once(my_shuffle: Callable, what: str, feedback: Feedback) -> Feedback:
    try:
        with TimedCalls(what) as call:
            once = call(my_shuffle, iter(range(6)), random.Random(2))
    except Exception as error:  # noqa: BLE001 - the learner's code
        return wrong(f"{what} is fair, but given a deck it can read only once (an iterator, "
                     f"as a stream of cards would be) it raised {type(error).__name__}: "
                     f"{error}{learner_line(error)}. Loop over the deck once, with enumerate",
                     "section 6")
    if not isinstance(once, list) or sorted(once) != list(range(6)):
        return wrong(f"{what} is fair, but given a deck it can read only once (an iterator) it "
                     f"returned {once!r:.60}. Loop over the deck once, with enumerate",
                     "section 6")
    return right(f"{feedback.message[:-1]}, and it reads the deck only once.")
