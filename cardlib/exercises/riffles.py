"""The checks of lessons 7 and 8 (riffle shuffles; why seven riffles?): the merge and the
reversed deck (lesson 7); the distance from its formula, the top card, riffles needed (lesson 8).

Standard library only (the checks also run in the page, with :mod:`cardlib.riffle`'s exact
law, which needs no NumPy either).

(No answer is written here: each is computed.)

>>> from cardlib.exercises import TODO
>>> str(check_riffles_needed(TODO))
'… not attempted yet: the riffles that bring 108 cards below 1/2 and below 1/10'
>>> print(check_reversed_deck((52, Fraction(1, 2))))  # doctest: +NORMALIZE_WHITESPACE
✗ the reversed deck of 52 cards: 52 riffles is not right: that is one riffle per card; but one
riffle can double the number of rising sequences, not only add one. (see sections 5 and 6)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction

from .. import exact
from ..riffle import MAX_LAW_BITS, eulerian, eulerian_row, variation_distance
from ..steps import RecordingRng
from ..untrusted.guard import TimedCalls
from ..validation import as_rng, limit, probability, sequence, whole_number
from . import (
    Failed,
    Feedback,
    Refused,
    attempted_function,
    called_value,
    contained,
    exactly,
    is_todo,
    learner_call,
    learner_line,
    match,
    not_attempted,
    not_finished,
    plain_items,
    plain_number,
    raised,
    refusal,
    right,
    shown,
    wrong,
)
from .answers import check_value

__all__ = [
    "check_merge",
    "REVERSED_CARDS",
    "check_reversed_deck",
    "check_top_stays",
    "TWO_DECKS",
    "eulerian",
    "check_distance",
    "check_riffles_needed",
]


def _reference_merge(stack1, stack2, rng) -> list:
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


def _letter_stacks(p: int, q: int) -> tuple[list[str], list[str]]:
    """Stacks of cards that are not numbers (so that no position can pass for a card)."""
    letters = [chr(ord("a") + k) for k in range(p + q)]
    return letters[:p], letters[p:]


def _pile_problem(pile, stack1: list, stack2: list) -> str | None:
    """What is wrong with ``pile`` as a merge of ``stack1`` and ``stack2``, or None.

    Cards are matched by their exact type and the stacks' own equality (no object of the
    learner's can pass for a card), by position in the stacks.
    """
    given = f"stacks {shown(stack1)} and {shown(stack2)}"
    if pile is None:
        return (f"returns None for {given}: return the new pile (a list), bottom card first; "
                "a function without return gives None")
    if type(pile) is not list:
        return (f"returns {type(pile).__name__} {shown(pile, 40)} for {given}, not a list (the "
                "pile)")
    cards = stack1 + stack2
    kinds, where = {type(c) for c in cards}, {c: i for i, c in enumerate(cards)}
    strangers = [c for c in pile if type(c) not in kinds or c not in where]
    if strangers:
        if int not in kinds and all(type(c) is int and 0 <= c < len(cards) for c in pile):
            return (f"gives back positions, not cards: {given} gave {shown(pile)}; a position "
                    "i stands for the card stack1[i], and a merge moves the cards themselves")
        return (f"gives back {type(strangers[0]).__name__} {shown(strangers[0], 20)}, which is "
                f"not a card of {given} (it gave {shown(pile)}): a merge moves the cards of the "
                "stacks, it makes no new ones")
    places = [where[c] for c in pile]
    if sorted(places) != list(range(len(cards))):
        lost = [cards[i] for i in range(len(cards)) if i not in places]
        twice = [cards[i] for i in places if places.count(i) > 1]
        said = (f"loses card {shown(lost[0], 20)}" if lost else
                f"repeats card {shown(twice[0], 20)}")
        return (f"{said}: {given} gave {shown(pile)}; every card of both stacks goes on the pile "
                "once")
    mine1 = [i for i in places if i < len(stack1)]
    mine2 = [i for i in places if i >= len(stack1)]
    for mine, stack, first, name in ((mine1, stack1, 0, "stack 1"),
                                     (mine2, stack2, len(stack1), "stack 2")):
        order = list(range(first, first + len(stack)))
        if mine != order:
            if mine == order[::-1]:
                return (f"takes {name} from its top (the last item) down: {given} gave "
                        f"{shown(pile)}; drop from the bottom of each stack, the first item")
            return (f"changes the order inside {name}: {given} gave {shown(pile)}; each stack's "
                    "cards must stay in their order, bottom card first")
    return None


def _stacks_changed(stack1: list, stack2: list, before1: list, before2: list) -> str | None:
    """What the merge did to the stacks it was given, or None if it left them as they were."""
    for stack, before, name in ((stack1, before1, "stack1"), (stack2, before2, "stack2")):
        if type(stack) is not list or len(stack) != len(before) or any(
                type(a) is not type(b) or a != b for a, b in zip(stack, before)):
            did = "empties" if stack == [] and before else "changes"
            return (f"{did} the stacks it is given: {name} was {shown(before)}, and after the "
                    f"call it is {shown(stack)}. Return a new pile and leave both stacks as "
                    "they were (walk them with indices, or take from copies): the caller may "
                    "still need its stacks")
    return None


def _expected_sizes(pile: list, p: int, q: int) -> list[int]:
    """The draws the described merge asks for to make ``pile`` (from the stacks 0..p-1 and
    p..p+q-1): randrange(cards left), one per drop while both stacks hold cards."""
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
    """Check ``merge(stack1, stack2, rng)``: it keeps each stack's order and leaves the stacks
    as they were, on stacks of numbers and of letters; it has the exact law of the notes' merge
    on six pairs of stacks; and it makes one draw among the cards left per drop."""
    what = "the merge"
    if not attempted_function(merge, [0, 1], [2], _FirstValue()):
        return not_attempted(what)
    where = "section 3"
    with TimedCalls(what) as call:
        for seed, (p, q), stacks in ((1, (3, 4), _stacks), (2, (3, 4), _letter_stacks),
                                     (3, (2, 1), _stacks)):
            stack1, stack2 = stacks(p, q)
            before1, before2 = list(stack1), list(stack2)
            pile = learner_call(call, merge, stack1, stack2, random.Random(seed),
                                shown=f"{what}: my_merge({shown(before1)}, {shown(before2)}, "
                                      "rng)", where=where)
            problem = _pile_problem(pile, before1, before2) or _stacks_changed(
                stack1, stack2, before1, before2)
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
    except exact.EndlessRun:
        return wrong(not_finished(f"{what}, merging {given},", merge), where)
    except Exception as error:  # noqa: BLE001 - the learner's code: say what it raised
        return wrong(f"{what} raised {raised(error)}{learner_line(error)}, merging {given}",
                     where)
    for order in law:
        problem = _pile_problem(list(order), stack1, stack2)
        if problem:
            return wrong(f"{what} {problem}.", where)
    fair = Fraction(1, math.comb(p + q, p))
    if len(law) != math.comb(p + q, p) or set(law.values()) != {fair}:
        if len(law) == 1:
            return wrong(f"{what} always makes {shown(list(next(iter(law))))} from {given}: it "
                         "never lets chance decide which stack the next card comes from.", where)
        worst = max(law, key=law.get)
        return wrong(f"{what}: from {given} the pile {shown(list(worst))} has chance {law[worst]}, "
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
        problem = _pile_problem(pile, *_stacks(p, q))
        if problem:
            return wrong(f"{what} {problem}.", where)
        sizes = [len(range(*d.args)) for d in recorder.draws if len(range(*d.args)) > 1]
        expected = _expected_sizes(pile, p, q)
        if sizes != expected:
            said = ", ".join(f"randrange({s})" for s in sizes[:6]) or "no draw"
            asked = ", ".join(f"randrange({s})" for s in expected[:6])
            return wrong(f"right law, but not the merge described: to make {shown(pile)} from "
                         "stacks "
                         f"[0, 1, 2] and [3, 4, 5] it asked for {said}"
                         f"{', ...' if len(sizes) > 6 else ''}; dropping one card at a time "
                         f"with chance p / (p + q) asks for {asked} (one draw among the cards "
                         "left, per drop, until a stack is empty).", where)
    return right(f"{what}: every pile has the chance of the notes' merge (checked exactly on "
                 f"{len(_MERGE_STACKS)} pairs of stacks), each stack keeps its order, on stacks of "
                 "numbers and of letters, and it leaves the stacks it is given as they were; on "
                 f"stacks of {p} and {q} cards it draws once among the cards left at each drop.")


class _FirstValue:
    """An rng that always answers a range's first value: enough to see whether a stub ran."""

    def randrange(self, start, stop=None, step=1):
        return start if stop is not None else 0


# --- lesson 7, exercise 2: the reversed deck, a number that needs the right reasoning --------

#: Lesson 7, exercise 2: the reversed deck of this many cards.
REVERSED_CARDS = 52


def _fewest_riffles_reversed(n: int = REVERSED_CARDS) -> tuple[int, Fraction]:
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
    try:
        items = plain_items(answer)
    except Refused as refused:
        return wrong(f"{what}: {refused}.", where)
    if items is None or len(items) != 2:
        return wrong(f"{what}: give 2 values, (riffles, chance), not {shown(answer, 60)}.",
                     where)
    k, chance = items
    best, expected = _fewest_riffles_reversed(n)
    found = match(k, best)
    if found == "refused":
        return wrong(f"{what}: {refusal(k)}.", where)
    if found == "nearest float":
        return wrong(f"{what}: {shown(k)} riffles is a float equal to the right number, but a "
                     f"number of riffles is a whole number; {exactly(best)}.", where)
    if found != "exact":
        number = plain_number(k)
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
                   "earlier"}.get(number if type(number) is int else None,
                                  "how many rising sequences does the reversed deck have, and "
                                  "how many can k riffles leave at most?")
        return wrong(f"{what}: {shown(k)} riffles is not right: {said}.", where)
    if match(chance, expected) == "exact":
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

    The one number policy: an exact Fraction (a float is never right: it is told how near it is).
    """
    what = "the distance after k riffles"
    if not attempted_function(function, 3, 1):
        return not_attempted(what)
    with TimedCalls(what) as call:
        try:
            return _distance(function, what, call)
        except Failed as failed:
            return failed.feedback


def _slow(n: int, smaller: int, work: str, skip: str) -> str:
    """Why a call on n cards that finished on ``smaller`` cards is slow, and what to skip."""
    return (f"it finished on {smaller} cards, so it is most likely slow rather than stuck: "
            f"{work} never ends in practice on {n} cards. {skip}")


def _distance(function: Callable, what: str, call: TimedCalls) -> Feedback:
    where, done = "section 1", 0
    for n, k in _DISTANCE_CASES:
        shown_call = f"my_distance({n}, {k})"
        slow = _slow(n, done, f"a loop over every order of the cards ({n}! ≈ "
                              f"{math.factorial(n):.3g} of them), or over every way {k} riffles "
                              "can fall,", "The formula skips them: it groups the orders by "
                              f"their number of rising sequences, one term for each r from 1 to "
                              f"{n}.") if n > 2 * done else ""
        answer = learner_call(call, function, n, k, shown=f"{what}: {shown_call}", where=where,
                              slow=slow)
        slips = {value: said for value, said in _distance_slips(n, k).items()}
        found = called_value(answer, variation_distance(n, k), what, shown_call, where, slips,
                              "Half the sum over r = 1, ..., n of A(n, r) times |C(2^k + n - r, "
                              "n) / 2^(n k) - 1/n!|, every term a Fraction of whole numbers.",
                              "distance")
        if found is not None:
            return found
        done = max(done, n)
    borrowed = sorted(_LIBRARY_DISTANCES & set(getattr(getattr(function, "__code__", None),
                                                       "co_names", ())))
    if borrowed:
        return wrong(f"{what}: right values, but your function calls {borrowed[0]}, which "
                     "hands over the answer: work it out from the formula, with "
                     "eulerian(n, r) and math.comb.", where)
    return right(f"{what}: exactly right for {len(_DISTANCE_CASES)} decks and numbers of "
                 f"riffles, from 1 card to 56; after 7 riffles of 52 cards it is "
                 f"{float(variation_distance(52, 7)):.6f}.")


def _riffles_needed(n: int, below: Fraction) -> int:
    """The fewest riffles that bring the total variation distance of n cards below ``below``
    (a chance above 0, as a whole number or a Fraction).

    >>> _riffles_needed(52, Fraction(1, 2))
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
    expected = tuple(_riffles_needed(TWO_DECKS, level) for level in levels)
    for_52 = tuple(_riffles_needed(52, level) for level in levels)
    mistakes = {for_52: "those are the numbers for one 52-card deck; a bigger deck needs more",
                tuple(k - 1 for k in expected): "those are the last numbers of riffles still "
                                                "at or above each level; the question asks "
                                                "for the first below it",
                expected[::-1]: "the two numbers are swapped: below 1/2 comes first"}
    return check_value(answer, expected, what, "section 1", mistakes,
                       hint="the distance falls as k grows; for 108 cards, which k is the first "
                            "below each level? Give a tuple of two whole numbers.")


# --- lesson 8, exercise 3: the top card, from the backwards view ------------------------------

def _top_stays_on_top(n: int, k: int) -> Fraction:
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

    The one number policy: an exact Fraction (a float is never right: it is told how near it is).
    """
    what = "the chance that the top card stays on top"
    if not attempted_function(function, 3, 2):
        return not_attempted(what)
    with TimedCalls(what) as call:
        try:
            return _top_stays(function, what, call)
        except Failed as failed:
            return failed.feedback


def _top_stays(function: Callable, what: str, call: TimedCalls) -> Feedback:
    where, done = "lesson 7's Going further, Why the formula holds", 0
    for n, k in _TOP_CASES:
        shown_call = f"top_stays({n}, {k})"
        slow = _slow(n, done, f"a loop over every way the cards can draw their digits "
                              f"((2^{k})^{n} ≈ {2 ** (k * n):.3g} ways)",
                     "The backwards view skips them: one term for each digit the top card can "
                     "draw, 2^k terms.") if n > 2 * done else ""
        answer = learner_call(call, function, n, k, shown=f"{what}: {shown_call}", where=where,
                              slow=slow)
        slips = ({_strictly_below(n, k): ("the chance that every other card draws a smaller "
                                          "digit", "but a tie keeps the top card on top too "
                                                   "(sorting keeps tied cards in order)")}
                 if k else {})
        found = called_value(answer, _top_stays_on_top(n, k), what, shown_call, where, slips,
                              "k riffles are one 2^k-shuffle: the top card stays on top when no "
                              "other card draws a bigger digit than its own.", "chance")
        if found is not None:
            return found
        done = max(done, n)
    return right(f"{what}: exactly right for {len(_TOP_CASES)} decks and numbers of riffles, "
                 "from 1 card to 56; after one riffle of 52 cards it is 1/2 + 1/2^52.")


#: The (cards, riffles) the top-card check tries.
_TOP_CASES = ((3, 2), (52, 1), (52, 7), (56, 4), (2, 1), (1, 3), (5, 0))
