"""The checks of lesson 7 (the probability lab): decks a test needs, the comparator's favourite,
and a riffle followed by an overhand.

>>> from cardlib.exercises import TODO
>>> print(check_comparator_favourite(TODO, TODO))
… not attempted yet: the comparator sort's likeliest order on 5 cards
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from .. import exact, hand, mixing, riffle, shuffles
from ..checks import checked
from . import Feedback, compare_value, is_todo, match, not_attempted, right, wrong

__all__ = [
    "ENOUGH_DECKS",
    "check_enough_decks",
    "FAVOURITE_CARDS",
    "comparator_favourite",
    "check_comparator_favourite",
    "riffle_then_overhand",
    "check_riffle_then_overhand",
]

#: The number of decks asked about in the seed exercise.
ENOUGH_DECKS = 1000


@checked
def check_enough_decks(answer, found: Sequence[int | None], decks: int = ENOUGH_DECKS) -> Feedback:
    """Check the fraction of seeds for which ``decks`` decks were enough to reject (p < 0.001).

    ``found`` is what :func:`cardlib.evidence.decks_to_reject` gave, one entry per seed.
    """
    enough = sum(t is not None and t <= decks for t in found)
    return compare_value(answer, Fraction(enough, len(found)),
                         f"the fraction of the {len(found)} seeds for which {decks:,} decks "
                         "were enough", where="section 4",
                         hint=f"count the seeds whose bar is at {decks:,} decks or fewer, and "
                              f"divide by {len(found)}; give a Fraction.")


#: The deck size of the comparator exercise.
FAVOURITE_CARDS = 5


def comparator_favourite(n: int = FAVOURITE_CARDS) -> tuple[tuple[int, ...], Fraction]:
    """The likeliest order of the random-comparator sort on n cards, and how much likelier
    than fair it is (its chance times n!)."""
    law = exact.exact_law(shuffles.comparator_sort_shuffle, n)
    order = max(law, key=lambda o: (law[o], [-c for c in o]))
    return order, law[order] * math.factorial(n)


def check_comparator_favourite(order, ratio) -> Feedback:
    """Check the comparator sort's likeliest order on 5 cards and its ratio to 1/5!."""
    what = f"the comparator sort's likeliest order on {FAVOURITE_CARDS} cards"
    if is_todo(order) or is_todo(ratio):
        return not_attempted(what)
    expected_order, expected_ratio = comparator_favourite()
    law = exact.exact_law(shuffles.comparator_sort_shuffle, FAVOURITE_CARDS)
    try:
        given = tuple(order)
    except TypeError:
        return wrong(f"{what}: give the order as a tuple of the cards 0..4, not {order!r}.",
                     "section 2")
    if law.get(given) != law[expected_order]:
        chance = law.get(given, 0)
        return wrong(f"{what}: {given} has chance {chance}, but the likeliest order has "
                     f"{law[expected_order]}.", "section 2",
                     ("exact.exact_law(shuffles.comparator_sort_shuffle, 5) gives every order's "
                      "chance; take the largest.",))
    if match(ratio, expected_ratio) in ("rounded float", "float fraction"):
        return compare_value(ratio, expected_ratio, f"{what}: the ratio", where="section 2")
    if match(ratio, expected_ratio) not in ("exact", "nearest float"):
        return wrong(f"{what}: {given} is right, but it is {expected_ratio} times likelier than "
                     f"fair, not {ratio}.", "section 2", ("fair is 1/5! = 1/120: multiply its "
                                                          "chance by 120.",))
    return right(f"{what}: {given}, {expected_ratio} times likelier than fair "
                 f"(about {float(expected_ratio):.2f}).")


def riffle_then_overhand(deck, rng=None) -> list:
    """One riffle, then one overhand shuffle."""
    return hand.overhand_shuffle(riffle.riffle(deck, rng), rng)


def check_riffle_then_overhand(answer) -> Feedback:
    """Check the exact whole-order distance of a riffle followed by an overhand on 5 cards."""
    both = mixing.compose(exact.exact_law(riffle.riffle, 5),
                          exact.exact_law(hand.overhand_shuffle, 5))
    expected = mixing.distance_to_uniform(both)
    return compare_value(answer, expected,
                         "the whole-order distance of a riffle then an overhand on 5 cards",
                         where="section 2",
                         hint="mixing.compose the two exact laws (or pass both shuffles in one "
                              "function to exact.distribution), then mixing.distance_to_uniform.")
