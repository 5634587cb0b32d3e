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
from ..stats import cycle_count
from . import Feedback, attempted_function, not_attempted, right, wrong
from .code import check_shuffle

__all__ = ["check_forward_knuth", "check_sattolo", "check_inside_out"]

_WHERE = "section 5"


def _law(shuffle: Callable, n: int) -> dict | Feedback:
    """The exact law of the learner's shuffle on n cards, or the Feedback saying why not."""
    try:
        return exact.distribution(shuffle, n, max_paths=10**5)
    except exact.ContractError as error:
        return wrong(f"it asked its rng for something other than randrange: {error}", _WHERE)
    except ValueError as error:
        return wrong(f"it cannot be walked exactly on {n} cards: {error}", _WHERE)
    except Exception as error:  # noqa: BLE001 - the learner's code
        return wrong(f"it raised {type(error).__name__}: {error} on a deck of {n} cards",
                     _WHERE)


def check_sattolo(my_sattolo: Callable) -> Feedback:
    """Check a learner's Sattolo shuffle: only single cycles, all (n-1)! of them, equally likely."""
    what = "your Sattolo shuffle"
    if not attempted_function(my_sattolo):
        return not_attempted(what)
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
            return wrong(f"{what} can give {order} on {n} cards (probability {law[order]}), "
                         f"which is not a single cycle: {because}. Draw j from the cards "
                         "*below* i: randrange(i), not randrange(i + 1)", _WHERE)
        cycles = math.factorial(n - 1)
        if len(law) != cycles or set(law.values()) != {Fraction(1, cycles)}:
            return wrong(f"{what} makes only single cycles on {n} cards, but not all {cycles} "
                         f"of them equally: it reaches {len(law)}, with probabilities from "
                         f"{min(law.values())} to {max(law.values())}", _WHERE)
    return right(f"{what} makes only single cycles, each of the (n-1)! equally likely, "
                 "n = 2..5.")


def check_forward_knuth(my_shuffle: Callable) -> Feedback:
    """The learner's forward loop of Knuth's swaps: fair (judged exactly), in place."""
    return check_shuffle(my_shuffle, "your forward loop", "section 3", form="in place")


def check_inside_out(my_shuffle: Callable) -> Feedback:
    """The learner's inside-out shuffle: fair, a new list, and it reads the deck only once."""
    what = "your inside-out shuffle"
    feedback = check_shuffle(my_shuffle, what, "section 6", form="new list")
    if not feedback.ok:
        return feedback
    try:
        once = my_shuffle(iter(range(6)), random.Random(2))
    except Exception as error:  # noqa: BLE001 - the learner's code
        return wrong(f"{what} is fair, but given a deck it can read only once (an iterator, "
                     f"as a stream of cards would be) it raised {type(error).__name__}: "
                     f"{error}. Loop over the deck once, with enumerate", "section 6")
    if not isinstance(once, list) or sorted(once) != list(range(6)):
        return wrong(f"{what} is fair, but given a deck it can read only once (an iterator) it "
                     f"returned {once!r:.60}. Loop over the deck once, with enumerate",
                     "section 6")
    return right(f"{feedback.message[:-1]}, and it reads the deck only once.")
