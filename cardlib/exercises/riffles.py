"""The checks of lessons 7 and 8 (riffle shuffles; why seven riffles?): the merge and the
reversed deck (lesson 7); the distance from its formula, the top card, riffles needed (lesson 8).

Standard library only (the checks also run in the page, with :mod:`cardlib.riffle`'s exact
law, which needs no NumPy either).

>>> from cardlib.exercises import TODO
>>> str(check_riffles_needed(TODO))
'… not attempted yet: the riffles that bring 108 cards below 1/2 and below 1/10'
>>> print(check_reversed_deck((6, Fraction(math.comb(64, 52), 2**312))))
✓ the reversed deck of 52 cards: 6 riffles at least (2^6 = 64 ≥ 52 rising sequences), and \
then chance 3.93616e-82 (as an exact Fraction).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction

from .. import exact
from ..checks import as_rng, limit, probability, sequence, whole_number
from ..guard import TimedCalls
from ..riffle import MAX_LAW_BITS, eulerian, eulerian_row, variation_distance
from ..steps import RecordingRng
from . import (
    Failed,
    Feedback,
    attempted_function,
    compare_value,
    contained,
    is_todo,
    learner_call,
    learner_line,
    match,
    not_attempted,
    right,
    shown,
    wrong,
)
from .answers import check_value

__all__ = [
    "reference_merge",
    "check_merge",
    "REVERSED_CARDS",
    "fewest_riffles_reversed",
    "check_reversed_deck",
    "top_stays_on_top",
    "check_top_stays",
    "TWO_DECKS",
    "eulerian",
    "check_distance",
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


# --- lesson 7, exercise 1: the merge, from its description ---------------------------------

#: The stacks the merge check tries (stack 1 holds cards 0..p-1, stack 2 the next q).
_MERGE_STACKS = ((3, 2), (2, 2), (4, 1), (1, 3), (0, 3), (2, 0))


def _stacks(p: int, q: int) -> tuple[list[int], list[int]]:
    return list(range(p)), list(range(p, p + q))


def _pile_problem(pile, p: int, q: int) -> str | None:
    """What is wrong with ``pile`` as a merge of the stacks 0..p-1 and p..p+q-1, or None."""
    stack1, stack2 = _stacks(p, q)
    given = f"stacks {stack1} and {stack2}"
    if pile is None:
        return (f"returns None for {given}: return the new pile (a list), bottom card first; "
                "a function without return gives None")
    if not isinstance(pile, list):
        return f"returns {type(pile).__name__} {pile!r:.40} for {given}, not a list (the pile)"
    if sorted(pile, key=repr) != sorted(stack1 + stack2, key=repr):
        lost = [c for c in stack1 + stack2 if c not in pile]
        twice = [c for c in pile if pile.count(c) > 1]
        said = f"loses card {lost[0]}" if lost else (
            f"repeats card {twice[0]}" if twice else "gives back other cards")
        return f"{said}: {given} gave {pile}; every card of both stacks goes on the pile once"
    mine1 = [c for c in pile if c in stack1]
    mine2 = [c for c in pile if c in stack2]
    for mine, stack, name in ((mine1, stack1, "stack 1"), (mine2, stack2, "stack 2")):
        if mine != stack:
            if mine == stack[::-1]:
                return (f"takes {name} from its top (the last item) down: {given} gave {pile}; "
                        "drop from the bottom of each stack, the first item")
            return (f"changes the order inside {name}: {given} gave {pile}; each stack's cards "
                    "must stay in their order, bottom card first")
    return None


def _expected_sizes(pile: list, p: int, q: int) -> list[int]:
    """The draws the described merge asks for to make ``pile``: randrange(cards left), one
    per drop while both stacks hold cards."""
    sizes, i, j = [], 0, 0
    for card in pile:
        if i < p and j < q:
            sizes.append(p - i + q - j)
        if card < p:
            i += 1
        else:
            j += 1
    return sizes


@contained("the check of your merge")
def check_merge(merge: Callable) -> Feedback:
    """Check ``merge(stack1, stack2, rng)``: it keeps each stack's order, has the exact law of
    the notes' merge on six pairs of stacks, and makes one draw among the cards left per drop."""
    what = "the merge"
    if not attempted_function(merge, [0, 1], [2], _FirstValue()):
        return not_attempted(what)
    where = "section 3"
    with TimedCalls(what) as call:
        for seed in (1, 2, 3):
            p, q = (3, 4) if seed < 3 else (2, 1)
            stack1, stack2 = _stacks(p, q)
            pile = learner_call(call, merge, stack1, stack2, random.Random(seed),
                                shown=f"{what}: my_merge({stack1}, {stack2}, rng)", where=where)
            problem = _pile_problem(pile, p, q)
            if problem:
                return wrong(f"{what} {problem}.", where)
    for p, q in _MERGE_STACKS:
        found = _merge_law_feedback(merge, what, where, p, q)
        if found is not None:
            return found
    return _merge_draws(merge, what, where)


def _merge_law_feedback(merge: Callable, what: str, where: str, p: int, q: int):
    stack1, stack2 = _stacks(p, q)
    given = f"stacks {stack1} and {stack2}"

    def shuffle(deck, rng=None):
        return merge(list(deck[:p]), list(deck[p:]), rng)

    shuffle.__name__ = getattr(merge, "__name__", "your merge")
    try:
        law = exact.distribution(shuffle, p + q, max_paths=100_000)
    except exact.ContractError as error:
        return wrong(f"{what}: draw every random number with the rng it is given, "
                     f"rng.randrange ({error}).", where)
    except exact.TooLarge:
        return wrong(f"{what} draws far more random numbers than one per drop: with {given} "
                     "it has more than 100,000 paths of draws.", where)
    except Exception as error:  # noqa: BLE001 - the learner's code: say what it raised
        return wrong(f"{what} raised {type(error).__name__}: {error}{learner_line(error)}, "
                     f"merging {given}", where)
    for order in law:
        problem = _pile_problem(list(order), p, q)
        if problem:
            return wrong(f"{what} {problem}.", where)
    fair = Fraction(1, math.comb(p + q, p))
    if len(law) != math.comb(p + q, p) or set(law.values()) != {fair}:
        if len(law) == 1:
            return wrong(f"{what} always makes {list(next(iter(law)))} from {given}: it never "
                         "lets chance decide which stack the next card comes from.", where)
        worst = max(law, key=law.get)
        return wrong(f"{what}: from {given} the pile {list(worst)} has chance {law[worst]}, "
                     f"but the notes' merge gives it {fair}.", where,
                     ("The chance of dropping from stack 1 must follow how many cards each "
                      "stack still holds: p / (p + q).",))
    return None


def _merge_draws(merge: Callable, what: str, where: str) -> Feedback:
    p, q = 3, 3
    for seed in (11, 12, 13):
        recorder = RecordingRng(seed)
        with TimedCalls(what) as call:
            pile = learner_call(call, merge, *_stacks(p, q), recorder, shown=what, where=where)
        sizes = [len(range(*d.args)) for d in recorder.draws if len(range(*d.args)) > 1]
        expected = _expected_sizes(pile, p, q)
        if sizes != expected:
            said = ", ".join(f"randrange({s})" for s in sizes[:6]) or "no draw"
            asked = ", ".join(f"randrange({s})" for s in expected[:6])
            return wrong(f"right law, but not the merge described: to make {pile} from stacks "
                         f"[0, 1, 2] and [3, 4, 5] it asked for {said}"
                         f"{', ...' if len(sizes) > 6 else ''}; dropping one card at a time "
                         f"with chance p / (p + q) asks for {asked} (one draw among the cards "
                         "left, per drop, until a stack is empty).", where)
    return right(f"{what}: every pile has the chance of the notes' merge (checked exactly on "
                 f"{len(_MERGE_STACKS)} pairs of stacks), each stack keeps its order, and it "
                 "draws once among the cards left at each drop.")


class _FirstValue:
    """An rng that always answers a range's first value: enough to see whether a stub ran."""

    def randrange(self, start, stop=None, step=1):
        return start if stop is not None else 0


# --- lesson 7, exercise 2: the reversed deck, a number that needs the right reasoning --------

#: Lesson 7, exercise 2: the reversed deck of this many cards.
REVERSED_CARDS = 52


def fewest_riffles_reversed(n: int = REVERSED_CARDS) -> tuple[int, Fraction]:
    """The fewest riffles after which the reversed deck of n cards can appear, and its chance
    then: it has n rising sequences, and k riffles leave at most 2^k."""
    n = whole_number("n", n, minimum=1, maximum=1000)
    k = max(0, (n - 1).bit_length())
    return k, Fraction(math.comb(2**k, n), 2 ** (n * k))


def check_reversed_deck(answer) -> Feedback:
    """Check (the fewest riffles after which 52 cards can come out reversed, its chance then)."""
    n = REVERSED_CARDS
    what = f"the reversed deck of {n} cards"
    if is_todo(answer):
        return not_attempted(what)
    where = "sections 5 and 6"
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        return wrong(f"{what}: give 2 values, (riffles, chance), not {shown(answer)[:60]}.",
                     where)
    k, chance = answer
    best, expected = fewest_riffles_reversed(n)
    if match(k, best) not in ("exact", "nearest float"):
        said = {52: "that is one riffle per card; but one riffle can double the number of "
                    "rising sequences, not only add one",
                51: "the brand-new deck has 1 rising sequence and the reversed deck 52: but "
                    "each riffle can double the count, not only add one",
                5: "2^5 = 32 rising sequences at most after 5 riffles: fewer than the 52 of "
                   "the reversed deck",
                7: "7 is when the distance first drops below 1/2: the reversed deck is "
                   "possible earlier",
                8: "3/2 log2 52 is where the whole deck mixes: the reversed deck is possible "
                   "earlier",
                9: "3/2 log2 52 is where the whole deck mixes: the reversed deck is possible "
                   "earlier"}.get(k if type(k) is int else None,
                                  "how many rising sequences does the reversed deck have, and "
                                  "how many can k riffles leave at most?")
        return wrong(f"{what}: {shown(k)} riffles is not right: {said}.", where)
    if match(chance, expected) in ("exact", "nearest float"):
        return right(f"{what}: {best} riffles at least (2^{best} = {2**best} ≥ {n} rising "
                     f"sequences), and then chance {shown(expected)}.")
    wrong_r = {Fraction(math.comb(2**best + n - 1, n), 2 ** (n * best)):
               "that is the chance of the brand-new order (r = 1); the reversed deck has r = 52",
               Fraction(math.comb(2 ** (best + 1), n), 2 ** (n * (best + 1))):
               f"that is the chance after {best + 1} riffles; the question asks for it after "
               f"{best}",
               Fraction(0): f"after {best} riffles the reversed deck is possible: its chance "
                            "is not 0",
               Fraction(1, math.factorial(n)): "1/52! is what a fair shuffle gives; riffles "
                                               "give it the Bayer-Diaconis chance"}
    return check_value(chance, expected, f"{what}: the chance after {best} riffles", where,
                       wrong_r, hint="put r = 52 and k = 6 in section 6's formula, as an exact "
                                     "Fraction of whole numbers.")


# --- lesson 8, exercise 2: two decks ---------------------------------------------------------

#: Two 54-card decks shuffled together.
TWO_DECKS = 108


# --- lesson 8, exercise 1: the distance, from its formula -------------------------------------

#: The (cards, riffles) the distance check tries: small decks first, then 52 cards.
_DISTANCE_CASES = ((3, 1), (2, 1), (4, 2), (1, 0), (5, 0), (6, 3), (52, 7), (56, 9))

#: Names whose call hands over the answer instead of working it out from the formula.
_LIBRARY_DISTANCES = frozenset({"variation_distance", "variation_distances",
                                "sample_variation_distance", "distance_to_uniform"})


def _distance_slips(n: int, k: int) -> dict[Fraction, tuple[str, str]]:
    """What tempting slips give for (n, k): what each one is, and why it is wrong."""
    fair, a = Fraction(1, math.factorial(n)), 2**k
    terms = [(r, count, Fraction(math.comb(a + n - r, n), a**n))
             for r, count in enumerate(eulerian_row(n)[1:], start=1)]
    gap = {r: count * abs(chance - fair) for r, count, chance in terms}
    return {
        sum(gap.values(), Fraction(0)):
            ("twice the distance", "the half in front of the sum is missing"),
        sum((g for r, g in gap.items() if r < n), Fraction(0)) / 2:
            (f"the sum without its term r = {n}",
             "r runs over 1, ..., n: range(1, n) stops at n - 1, range(1, n + 1) at n"),
        sum((g for r, g in gap.items() if r > 1), Fraction(0)) / 2:
            ("the sum without its term r = 1", "r runs over 1, ..., n; r = 1 is the brand-new "
                                               "order"),
        sum((abs(chance - fair) for _, _, chance in terms), Fraction(0)) / 2:
            ("the sum without the counts A(n, r)",
             "each term stands for all the orders with r rising sequences, so it is "
             "multiplied by their number, eulerian(n, r)"),
        Fraction(0):
            ("the sum without the absolute value", "its terms cancel, since both laws add up "
                                                   "to 1; the distance adds up |P_k - 1/n!|"),
    }


@contained("the check of your distance")
def check_distance(function: Callable) -> Feedback:
    """Check ``function(n, k)``: the exact total variation distance after k riffles of n cards,
    worked out from the formula grouped by rising sequences (not by calling cardlib's own).

    The one number policy: an exact Fraction, or the float nearest to it (said so).
    """
    what = "the distance after k riffles"
    if not attempted_function(function, 3, 1):
        return not_attempted(what)
    with TimedCalls(what) as call:
        try:
            return _distance(function, what, call)
        except Failed as failed:
            return failed.feedback


def _distance(function: Callable, what: str, call: TimedCalls) -> Feedback:
    where = "section 1"
    floats = False
    for n, k in _DISTANCE_CASES:
        shown_call = f"my_distance({n}, {k})"
        answer = learner_call(call, function, n, k, shown=f"{what}: {shown_call}", where=where)
        expected = variation_distance(n, k)
        found = match(answer, expected)
        floats = floats or found == "nearest float"
        if found in ("exact", "nearest float"):
            continue
        if found in ("rounded float", "float fraction"):
            return compare_value(answer, expected, f"{what}: {shown_call}", where=where)
        if answer is None:
            return wrong(f"{what}: {shown_call} gave None; return the distance itself, a "
                         "Fraction (a function that only prints it gives None).", where)
        if found == "other":
            return wrong(f"{what}: {shown_call} gave {type(answer).__name__} "
                         f"{shown(answer)[:40]}; return the distance itself, a Fraction.", where)
        slips = {value: said for value, said in _distance_slips(n, k).items()
                 if value != expected}
        for value, (slip, why) in slips.items():
            if match(answer, value) in ("exact", "nearest float"):
                return wrong(f"{what}: {shown_call} gave {shown(answer)}, {slip}: {why}. It "
                             f"is {shown(expected)}.", where)
        return wrong(f"{what}: {shown_call} gave {shown(answer)}, but it is {shown(expected)} "
                     f"(about {float(expected):.4f}).", where,
                     ("Half the sum over r = 1, ..., n of A(n, r) times |C(2^k + n - r, n) / "
                      "2^(n k) - 1/n!|, every term a Fraction of whole numbers.",))
    borrowed = sorted(_LIBRARY_DISTANCES & set(getattr(getattr(function, "__code__", None),
                                                       "co_names", ())))
    if borrowed:
        return wrong(f"{what}: right values, but your function calls {borrowed[0]}, which "
                     "hands over the answer: work it out from the formula, with "
                     "eulerian(n, r) and math.comb.", where)
    said = (" (as the floats nearest to the exact values: a Fraction gives them exactly)"
            if floats else "")
    return right(f"{what}: right for {len(_DISTANCE_CASES)} decks and numbers of riffles{said}; "
                 f"after 7 riffles of 52 cards it is {float(variation_distance(52, 7)):.6f}.")


def riffles_needed(n: int, below: Fraction) -> int:
    """The fewest riffles that bring the total variation distance of n cards below ``below``
    (a chance above 0, as a whole number or a Fraction).

    >>> riffles_needed(52, Fraction(1, 2))
    7
    """
    n = whole_number("n", n, minimum=1, maximum=1000)
    below = probability("below", below)
    if below == 0:
        raise ValueError("below must be above 0: the distance comes near 0 but never reaches it")
    k = 0
    while variation_distance(n, k) >= below:
        k += 1
        if n * k > MAX_LAW_BITS:
            raise ValueError(f"{n} cards need more than {k - 1} riffles to come below "
                             f"{below}, past what the exact law computes (cards x riffles at "
                             f"most {MAX_LAW_BITS:,}): ask for a larger level, or fewer cards")
    return k


def check_riffles_needed(answer) -> Feedback:
    """Check (riffles below 1/2, riffles below 1/10) for 108 cards."""
    what = f"the riffles that bring {TWO_DECKS} cards below 1/2 and below 1/10"
    levels = (Fraction(1, 2), Fraction(1, 10))
    expected = tuple(riffles_needed(TWO_DECKS, level) for level in levels)
    for_52 = tuple(riffles_needed(52, level) for level in levels)
    mistakes = {for_52: "those are the numbers for one 52-card deck; a bigger deck needs more",
                tuple(k - 1 for k in expected): "those are the last numbers of riffles still "
                                                "at or above each level; the question asks "
                                                "for the first below it",
                expected[::-1]: "the two numbers are swapped: below 1/2 comes first"}
    return check_value(answer, expected, what, "section 1", mistakes,
                       hint="the distance falls as k grows; for 108 cards, which k is the first "
                            "below each level? Give a tuple of two whole numbers.")


# --- lesson 8, exercise 3: the top card, from the backwards view ------------------------------

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


def _strictly_below(n: int, k: int) -> Fraction:
    """The tempting wrong count: every other card draws a *smaller* digit (ties forgotten)."""
    a = 2**k
    return sum((Fraction(d, a) ** (n - 1) * Fraction(1, a) for d in range(a)), Fraction(0))


@contained("the check of your top_stays")
def check_top_stays(function: Callable) -> Feedback:
    """Check ``function(n, k)``: the exact chance that the top card stays on top.

    The one number policy: an exact Fraction, or the float nearest to it (said so).
    """
    what = "the chance that the top card stays on top"
    if not attempted_function(function, 52, 1):
        return not_attempted(what)
    with TimedCalls(what) as call:
        try:
            return _top_stays(function, what, call)
        except Failed as failed:
            return failed.feedback


def _top_stays(function: Callable, what: str, call: TimedCalls) -> Feedback:
    where = "lesson 7's Going further, Why the formula holds"
    floats = False
    for n, k in ((3, 2), (52, 1), (52, 7), (56, 4), (2, 1), (1, 3), (5, 0)):
        shown_call = f"top_stays({n}, {k})"
        answer = learner_call(call, function, n, k, shown=f"{what}: {shown_call}", where=where)
        expected = top_stays_on_top(n, k)
        found = match(answer, expected)
        floats = floats or found == "nearest float"
        if found in ("rounded float", "float fraction"):
            return compare_value(answer, expected, f"{what}: {shown_call}", where=where)
        if found in ("exact", "nearest float"):
            continue
        if answer is None or isinstance(answer, (str, list, tuple, dict, set)):
            said = "None" if answer is None else f"{type(answer).__name__} {shown(answer)[:40]}"
            return wrong(f"{what}: {shown_call} gave {said}; return the chance itself, a "
                         "Fraction.", where)
        if k and match(answer, _strictly_below(n, k)) in ("exact", "nearest float"):
            return wrong(f"{what}: {shown_call} gave {shown(answer)}, the chance that every "
                         f"other card draws a smaller digit; but a tie keeps the top card on top "
                         f"too (sorting keeps tied cards in order): it is {shown(expected)}.",
                         where)
        return wrong(f"{what}: {shown_call} gave {shown(answer)}, but it is {shown(expected)} "
                     f"(about {float(expected):.4f}).", where,
                     ("k riffles are one 2^k-shuffle: the top card stays on top when no "
                      "other card draws a bigger digit than its own.",))
    said = (" (as the floats nearest to the exact values: a Fraction gives them exactly)"
            if floats else "")
    return right(f"{what}: right for seven decks and numbers of riffles{said}; after one riffle "
                 "of 52 cards it is 1/2 + 1/2^52.")
