"""The exercises of lesson 3 (pick and remove), checked exactly. (No answer is written here:
each is computed.)

>>> print(check_digit_chance(Fraction(1, 6)))  # doctest: +NORMALIZE_WHITESPACE
✗ P(the hurried digit shuffle keeps 0 1 2 as it was): 1/6 is not right. 1/6 is what a fair
draw gives; count how many of the ten digits give each position with digit % 3. (see section 4)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

from ..shuffles import pick_and_remove
from ..validation import validate_arguments
from . import Feedback, is_todo, not_attempted
from .answers import check_value
from .code import Algorithm, check_shuffle
from .fair import number_answer

__all__ = ["check_pick_and_remove", "DIGITS", "check_digit_chance",
           "check_hand_chance", "DEAL", "check_deal_moves"]

#: The algorithm of exercise 1, as the lesson describes it.
PICK_AND_REMOVE = Algorithm(
    "pick-and-remove", pick_and_remove, "new list",
    "each draw picks one of the cards still in the pile: randrange(n), then randrange(n - 1), "
    "..., and the card at that position goes onto the new pile")


@validate_arguments
def check_pick_and_remove(my_shuffle: Callable) -> Feedback:
    """The learner's pick-and-remove: diagnosed, fair (judged exactly), pick-and-remove itself."""
    return check_shuffle(my_shuffle, "your pick-and-remove", "section 2",
                         algorithm=PICK_AND_REMOVE,
                         hint="at every draw, each card still in the pile must have the same "
                              "chance: how many cards are left to choose from at that draw?")


#: The hurried shuffle of exercise 2 draws one digit, rng.randrange(DIGITS), per card.
DIGITS = 10


def _digit_chance() -> Fraction:
    """P(position = digit % 3 picks card 0 of [0, 1, 2], then digit % 2 picks card 1 of [1, 2])."""
    first = Fraction(sum(1 for d in range(DIGITS) if d % 3 == 0), DIGITS)
    second = Fraction(sum(1 for d in range(DIGITS) if d % 2 == 0), DIGITS)
    return first * second


def check_digit_chance(answer) -> Feedback:
    """Pick-and-remove with position = digit % len(pile), one digit 0-9 per draw: P(0 1 2 stays)."""
    what, where = "P(the hurried digit shuffle keeps 0 1 2 as it was)", "section 4"
    if is_todo(answer):
        return not_attempted(what)
    malformed = number_answer(answer, what, where)
    if malformed is not None:
        return malformed
    return check_value(answer, _digit_chance(), what, where, {
        Fraction(1, 6): "1/6 is what a fair draw gives; count how many of the ten digits give "
                        "each position with digit % 3",
        Fraction(2, 5): "that is the first draw alone; the second draw must then pick card 1 "
                        "of the two left",
        Fraction(3, 20): "count again the digits whose remainder by 3 is 0 (0 is one of them)",
        Fraction(2, 15): "the second draw chooses between the 2 cards left, with digit % 2",
        Fraction(1, 10): "more than one digit gives position 0 at the first draw",
    }, hint="multiply the chances of the draws, as in the proof: for each draw, how many of "
            "the ten digits give the position you need?")


def _hand_chance(cards: int = 6, hand: int = 3) -> Fraction:
    """P(the hand dealt is the cards 0 .. hand - 1), counted over every ordered deal."""
    deals = list(itertools.permutations(range(cards), hand))
    return Fraction(sum(set(deal) == set(range(hand)) for deal in deals), len(deals))


def check_hand_chance(answer) -> Feedback:
    """Dealing 3 cards from 6: the probability that the hand is {0, 1, 2}, in any order."""
    what, where = "P(the 3 cards dealt from 6 are 0, 1 and 2)", "Going further"
    if is_todo(answer):
        return not_attempted(what)
    malformed = number_answer(answer, what, where)
    if malformed is not None:
        return malformed
    return check_value(answer, _hand_chance(), what, where, {
        Fraction(1, 120): "1/120 is one *ordered* deal; a hand ignores the order, and 3! = 6 "
                          "deals give the same hand",
        Fraction(1, 216): "6^3 counts draws with replacement",
        Fraction(1, 2): "1/2 is the chance that card 0 is among the three",
        20: "20 is the number of hands; the answer is a probability",
    }, hint="how many different hands of 3 can 6 cards make, and are they equally likely?")


#: The deal of exercise 4: pick-and-remove stopped after DEAL[1] draws from DEAL[0] cards.
DEAL = (54, 51)


def _deal_moves() -> Fraction:
    """The mean number of cards pop moves over the deal: (s - 1)/2 with s cards left."""
    cards, draws = DEAL
    return sum((Fraction(s - 1, 2) for s in range(cards - draws + 1, cards + 1)), Fraction(0))


def check_deal_moves(answer) -> Feedback:
    """The mean number of cards ``list.pop(position)`` moves while dealing 51 of 54 cards."""
    cards, draws = DEAL
    what = f"mean number of cards the pops move while dealing {draws} of {cards} cards"
    where = "section 6"
    if is_todo(answer):
        return not_attempted(what)
    malformed = number_answer(answer, what, where)
    if malformed is not None:
        return malformed
    whole = Fraction(cards * (cards - 1), 4)
    return check_value(answer, _deal_moves(), what, where, {
        whole: f"that is a whole shuffle of {cards} cards; the deal stops with "
               f"{cards - draws} cards left in the pile",
        Fraction(52 * 51, 4): "that is a whole shuffle of 52 cards; Dou Di Zhu deals from 54",
        sum(Fraction(s, 2) for s in range(cards - draws + 1, cards + 1)):
            "with s cards left the position is uniform over 0 .. s - 1, and the cards *after* "
            "it move: s - 1 - position of them, not s - position",
        sum(s - 1 for s in range(cards - draws + 1, cards + 1)):
            "that counts the cards after the first position at every draw; the position is "
            "uniform, so on average only half of them move",
        0: "every card after the position moves when pop closes the gap",
    }, hint="with s cards left, how many cards move on average? Then add that up over the "
            f"{draws} draws: which values does s take?")
