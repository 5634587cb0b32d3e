"""The checks of lesson 6 (riffle shuffles): the merge, exact chances, riffles needed.

>>> from cardlib.exercises import TODO
>>> str(check_riffles_needed(TODO))
'… not attempted yet: the riffles that bring 108 cards below 1/2 and below 0.1'
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from .. import exact, riffle
from ..checks import as_rng, limit, sequence, whole_number
from ..guard import TimedCalls
from . import (
    Feedback,
    attempted_function,
    compare_value,
    contained,
    learner_call,
    match,
    not_attempted,
    right,
    wrong,
)

__all__ = [
    "reference_merge",
    "check_merge",
    "REVERSED_CARDS",
    "REVERSED_RIFFLES",
    "check_reversed_chance",
    "top_stays_on_top",
    "check_top_stays",
    "TWO_DECKS",
    "riffles_needed",
    "check_riffles_needed",
]


def reference_merge(stack1, stack2, rng) -> list:
    """The merge of the COMP9021 notes: drop from stack 1 with probability p / (p + q)."""
    stack1, stack2, rng = sequence("stack1", stack1), sequence("stack2", stack2), as_rng(rng)
    pile, i, j = [], 0, 0
    while i < len(stack1) and j < len(stack2):
        left = len(stack1) - i + len(stack2) - j
        if rng.randrange(left) < len(stack1) - i:
            pile.append(stack1[i])
            i += 1
        else:
            pile.append(stack2[j])
            j += 1
    return pile + list(stack1[i:]) + list(stack2[j:])


def _merge_law(merge: Callable, p: int, q: int) -> dict:
    def shuffle(deck, rng=None):
        return merge(deck[:p], deck[p:], rng)

    shuffle.__name__ = getattr(merge, "__name__", "your merge")
    return exact.distribution(shuffle, p + q, max_paths=100_000)


@contained("the check of your merge")
def check_merge(merge: Callable) -> Feedback:
    """Check ``merge(stack1, stack2, rng)``: every interleaving equally likely, orders kept."""
    what = "the merge"
    if not attempted_function(merge, [0, 1], [2], _FirstValue()):
        return not_attempted(what)
    where = "section 3"
    for p, q in ((3, 2), (2, 2), (4, 1), (0, 3)):
        try:
            law = _merge_law(merge, p, q)
        except exact.ContractError as error:
            return wrong(f"{what}: draw every random number with rng.randrange ({error}).", where)
        except Exception as error:  # noqa: BLE001 - the learner's code: say what it raised
            return wrong(f"{what} raised {type(error).__name__}: {error}", where,
                         (f"stacks {list(range(p))} and {list(range(p, p + q))}",))
        stacks = f"stacks {list(range(p))} and {list(range(p, p + q))}"
        for order in law:
            if sorted(order) != list(range(p + q)):
                return wrong(f"{what} loses or repeats cards: {stacks} gave {list(order)}.",
                             where)
            kept = [c for c in order if c < p] == list(range(p)) and \
                [c for c in order if c >= p] == list(range(p, p + q))
            if not kept:
                return wrong(f"{what} changes the order inside a stack: {stacks} gave "
                             f"{list(order)}; each stack's cards must stay bottom card first.",
                             where)
        fair = Fraction(1, math.comb(p + q, p))
        if len(law) != math.comb(p + q, p) or set(law.values()) != {fair}:
            worst = max(law, key=law.get)
            return wrong(f"{what}: the {math.comb(p + q, p)} interleavings of {stacks} are not "
                         f"equally likely; {list(worst)} has chance {law[worst]}, not {fair}. "
                         "Drop from stack 1 with probability p / (p + q), p and q the cards "
                         "left in each stack.", where)
    return right(f"{what}: every interleaving is equally likely and each stack keeps its order "
                 "(checked exactly on four pairs of stacks).")


class _FirstValue:
    """An rng that always answers a range's first value: enough to see whether a stub ran."""

    def randrange(self, start, stop=None, step=1):
        return start if stop is not None else 0


#: Exercise: the chance that REVERSED_RIFFLES riffles of REVERSED_CARDS cards reverse the deck.
REVERSED_CARDS, REVERSED_RIFFLES = 5, 3


def check_reversed_chance(answer) -> Feedback:
    """Check the exact chance that 3 riffles of 5 cards leave them in reversed order."""
    reversed_order = list(range(REVERSED_CARDS))[::-1]
    expected = riffle.probability(reversed_order, REVERSED_RIFFLES)
    return compare_value(answer, expected,
                         f"the chance that {REVERSED_RIFFLES} riffles reverse {REVERSED_CARDS} "
                         "cards", where="section 6",
                         hint="the reversed deck has r = n rising sequences; use "
                              "C(2^k + n - r, n) / 2^(n k).")


def top_stays_on_top(n: int, k: int) -> Fraction:
    """The chance that the top card is still on top after k riffles of n cards.

    k riffles are one a-shuffle, a = 2^k: give every card a random digit below a
    and sort by digit; the top card stays on top when no other card has a
    bigger digit than its own.
    """
    n = whole_number("n", n, minimum=1)
    a = 2 ** whole_number("k", k, maximum=20)
    limit("2^k x n", a * n, 2 * 10**6, "a sum of 2^k powers of n - 1: use fewer riffles or cards")
    return sum((Fraction(d + 1, a) ** (n - 1) * Fraction(1, a) for d in range(a)), Fraction(0))


@contained("the check of your top_stays")
def check_top_stays(function: Callable) -> Feedback:
    """Check ``function(n, k)``: the exact chance that the top card stays on top.

    The one number policy: an exact Fraction, or the float nearest to it (said so).
    """
    what = "the chance that the top card stays on top"
    if not attempted_function(function, 52, 1):
        return not_attempted(what)
    with TimedCalls(what) as call:
        return _top_stays(function, what, call)


def _top_stays(function: Callable, what: str, call: TimedCalls) -> Feedback:
    where = "section 6"
    floats = False
    for n, k in ((52, 1), (3, 2), (52, 7), (56, 4), (2, 1), (1, 3)):
        answer = learner_call(call, function, n, k, shown=f"{what}: top_stays({n}, {k})",
                              where=where)
        expected = top_stays_on_top(n, k)
        found = match(answer, expected)
        floats = floats or found == "nearest float"
        if found in ("rounded float", "float fraction"):
            return compare_value(answer, expected, f"{what}: top_stays({n}, {k})", where=where)
        if found not in ("exact", "nearest float"):
            return wrong(f"{what}: top_stays({n}, {k}) gave {answer}, but it is {expected} "
                         f"(about {float(expected):.4f}).", where,
                         ("k riffles are one 2^k-shuffle: the top card stays on top when no "
                          "other card draws a bigger digit than its own.",))
    said = (" (as the floats nearest to the exact values: a Fraction gives them exactly)"
            if floats else "")
    return right(f"{what}: right for six decks and numbers of riffles{said}; after one riffle "
                 "of 52 cards it is 1/2 + 1/2^52.")


#: Two 54-card decks shuffled together.
TWO_DECKS = 108


def riffles_needed(n: int, below: Fraction) -> int:
    """The fewest riffles that bring the total variation distance of n cards below ``below``."""
    k = 0
    while riffle.variation_distance(n, k) >= below:
        k += 1
    return k


def check_riffles_needed(answer) -> Feedback:
    """Check (riffles below 1/2, riffles below 0.1) for 108 cards."""
    expected = (riffles_needed(TWO_DECKS, Fraction(1, 2)),
                riffles_needed(TWO_DECKS, Fraction(1, 10)))
    return compare_value(answer, expected,
                         f"the riffles that bring {TWO_DECKS} cards below 1/2 and below 0.1",
                         where="section 7",
                         hint="loop k = 0, 1, 2, ... until riffle.variation_distance(108, k) "
                              "drops below each level; give a tuple of two whole numbers.")
