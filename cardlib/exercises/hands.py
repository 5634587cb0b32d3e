"""The checks of lesson 8 (shuffling by hand, and dealing Dou Di Zhu).

>>> from cardlib.exercises import TODO
>>> str(check_rocket(TODO))
'… not attempted yet: the chance that a given player holds the rocket'
"""

from __future__ import annotations

from collections.abc import Callable

from .. import doudizhu, exact, hand, hand_methods
from ..checks import as_rng, sequence
from ..guard import TimedCalls
from . import (
    Feedback,
    attempted_function,
    compare_value,
    contained,
    is_todo,
    learner_call,
    not_attempted,
    right,
    wrong,
)
from .code import Algorithm, check_shuffle, diagnose, same_algorithm

__all__ = [
    "ELMSLEY_CARDS",
    "ELMSLEY_PLACES",
    "check_elmsley",
    "check_top_to_random",
    "check_mean_time",
    "reference_insertion_shuffle",
    "TOP_TO_RANDOM",
    "INSERTIONS",
    "check_fair_insertion",
    "check_deal",
    "check_rocket",
]

#: The Elmsley exercise: move the top card of 52 down so that 10 cards lie above it.
ELMSLEY_CARDS, ELMSLEY_PLACES = 52, 10


def check_elmsley(answer) -> Feedback:
    """Check the list of faros ("in"/"out") that puts 10 cards above the top card of 52."""
    what = f"the faros that put {ELMSLEY_PLACES} cards above the top card"
    if is_todo(answer):
        return not_attempted(what)
    where = "section 5"
    if not isinstance(answer, (list, tuple)) or any(kind not in ("in", "out") for kind in answer):
        return wrong(f"{what}: give a list of 'in' and 'out', not {answer!r}.", where)
    deck = list(range(ELMSLEY_CARDS))
    for kind in answer:
        deck = hand.faro(deck, kind)
    above = ELMSLEY_CARDS - 1 - deck.index(ELMSLEY_CARDS - 1)
    expected = hand.elmsley_sequence(ELMSLEY_PLACES)
    if above != ELMSLEY_PLACES:
        return wrong(f"{what}: {list(answer)} leaves {above} cards above it, not "
                     f"{ELMSLEY_PLACES}.", where,
                     (f"{ELMSLEY_PLACES} in binary is {ELMSLEY_PLACES:b}: read it from the left, "
                      "'in' for 1 and 'out' for 0.",))
    if len(answer) > len(expected):
        return right(f"{what}: {list(answer)} works; Elmsley's binary rule does it in "
                     f"{len(expected)}: {expected}.")
    return right(f"{what}: {list(answer)} is Elmsley's sequence ({ELMSLEY_PLACES} = "
                 f"{ELMSLEY_PLACES:b} in binary).")


@contained("the check of your top-to-random")
def check_top_to_random(shuffle: Callable) -> Feedback:
    """Check ``shuffle(deck, rng)``: diagnosed, then the exact law of top-to-random on 1 to 5."""
    what = "top-to-random"
    where = "section 3"
    found = diagnose(shuffle, what, "new list")
    if found is not None:
        return found if found.status == "todo" else wrong(found.message, where, found.details)
    for n in (2, 3, 4, 5, 1):
        try:
            law = exact.distribution(shuffle, n, max_paths=10_000)
        except exact.ContractError as error:
            return wrong(f"{what}: draw every random number with rng.randrange ({error}).", where)
        except Exception as error:  # noqa: BLE001 - the learner's code: say what it raised
            return wrong(f"{what} raised {type(error).__name__} on a deck of {n}: {error}",
                         where)
        expected = exact.distribution(hand_methods.top_to_random, n)
        if law != expected:
            lost = [o for o in law if sorted(o) != list(range(n))]
            if lost:
                return wrong(f"{what} loses or repeats cards: {list(range(n))} gave "
                             f"{list(lost[0])}.", where)
            extra = sorted(set(law) - set(expected))
            if extra:
                return wrong(f"{what} on {n} cards gives orders that top-to-random cannot: "
                             f"{[list(o) for o in extra[:2]]}; take the top card (the last "
                             "item) and insert it at rng.randrange(n) among the others.", where)
            missing = sorted(set(expected) - set(law))
            if missing:
                return wrong(f"{what} on {n} cards can never give {list(missing[0])}: the top "
                             f"card must be able to go to each of the {n} places, back on top "
                             "included.", where)
            return wrong(f"{what} on {n} cards gives the right orders with the wrong chances: "
                         "each of the n places needs chance 1/n.", where)
    other = same_algorithm(shuffle, TOP_TO_RANDOM, what)
    if other is not None:
        return wrong(f"right law, but {other.message}", where)
    return right(f"{what}: the exact law is right on 1 to 5 cards ({5} orders, 1/5 each, "
                 "on 5).")


def check_mean_time(answer) -> Feedback:
    """Check the mean number of top-to-random shuffles of 52 cards until the bottom card is in."""
    return compare_value(answer, hand_methods.top_to_random_mean_time(52),
                         "the mean number of top-to-random shuffles of 52 cards",
                         where="section 3",
                         hint="with i cards below it the bottom card waits 52/(i + 1) shuffles "
                              "on average; add these for i = 0..50, plus 1 for its own insertion.")


def reference_insertion_shuffle(deck, rng) -> list:
    """A fair shuffle made of insertions: card i goes to a uniform place among the first i + 1.

    By the induction of top-to-random, the cards already placed are in uniform order,
    and inserting the next one at a uniform place keeps them so.
    """
    cards, rng = sequence("deck", deck), as_rng(rng)
    for i in range(1, len(cards)):
        cards.insert(rng.randrange(i + 1), cards.pop(i))
    return cards


def check_fair_insertion(shuffle: Callable) -> Feedback:
    """Diagnose, judge exactly on 1 to 5 cards, and hold to the insertions described."""
    return check_shuffle(shuffle, "your insertion shuffle", "section 3", algorithm=INSERTIONS,
                         hint="insert card i at rng.randrange(i + 1): one of the i + 1 places "
                              "among the cards already placed, its own place included.")


#: The algorithms of the lesson's exercises, as the lesson describes them.
TOP_TO_RANDOM = Algorithm("top-to-random", hand_methods.top_to_random, "new list",
                          "one draw, randrange(n): the top card put back with that many "
                          "cards below it")
INSERTIONS = Algorithm("the insertion shuffle", reference_insertion_shuffle, "new list",
                       "card i, for i = 1 .. n - 1, inserted at a place drawn from 0 to i: "
                       "ranges of 2, 3, ..., n places")


def _sample_decks() -> list[list]:
    return [list(range(54)), doudizhu.clumped_deck(), [f"card {i}" for i in range(54)]]


@contained("the check of your deal")
def check_deal(deal: Callable) -> Feedback:
    """Check ``deal(deck)``: three hands of 17 dealt round-robin from the top, and the kitty."""
    what = "the round-robin deal"
    if not attempted_function(deal, list(range(54))):
        return not_attempted(what)
    with TimedCalls(what) as call:
        return _deals(deal, what, call)


def _deals(deal: Callable, what: str, call: TimedCalls) -> Feedback:
    where = "section 7"
    for deck in _sample_decks():
        answer = learner_call(call, deal, list(deck), shown=what, where=where)
        expected = doudizhu.deal_round_robin(deck)
        shown = "the deck 0..53 (53 on top)" if deck == list(range(54)) else "a deck"
        if not isinstance(answer, tuple) or len(answer) != 2:
            return wrong(f"{what}: return a pair (hands, kitty), not {type(answer).__name__}.",
                         where)
        hands, kitty = answer
        if [len(h) for h in hands] != [17, 17, 17] or len(kitty) != 3:
            return wrong(f"{what}: expected three hands of 17 and a kitty of 3, got hands of "
                         f"{[len(h) for h in hands]} and a kitty of {len(kitty)}.", where)
        if [list(h) for h in hands] != expected[0] or list(kitty) != expected[1]:
            first = list(hands[0][:3])
            if deck == list(range(54)):
                hint = (f"player 1 got {first} first; dealing from the top gives "
                        f"{expected[0][0][:3]}: the top card is the last item, and the players "
                        "take one card each in turn.")
            else:
                hint = "deal from the top (the last item), one card to each player in turn."
            return wrong(f"{what} on {shown} gives other hands than dealing round-robin.",
                         where, (hint,))
    return right(f"{what}: right on three decks (each hand in the order dealt, the kitty from "
                 "the top down).")


def check_rocket(answer) -> Feedback:
    """Check the exact chance that a given player holds both jokers in a fair deal."""
    expected = doudizhu.fair_chances()["a given player holds the rocket"]
    return compare_value(answer, expected, "the chance that a given player holds the rocket",
                         where="section 7",
                         hint="count the hands of 17 that hold both jokers: choose the other 15 "
                              "from 52, C(52, 15), out of C(54, 17).")
