"""The exercises of lesson 2 (pick and remove), checked exactly.

>>> str(check_order_chance(Fraction(1, 120)))
'✓ P(pick-and-remove deals 5 cards as 4 3 2 1 0): 1/120 is right.'
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ..checks import checked
from ..shuffles import pick_and_remove
from . import Feedback
from .answers import check_value
from .code import Algorithm, check_shuffle

__all__ = ["PICK_AND_REMOVE", "check_pick_and_remove", "check_order_chance",
           "check_hand_chance", "check_mean_moves"]

#: The algorithm of exercise 1, as the lesson describes it.
PICK_AND_REMOVE = Algorithm(
    "pick-and-remove", pick_and_remove, "new list",
    "each draw picks one of the cards still in the pile: randrange(n), then randrange(n - 1), "
    "..., and the card at that position goes onto the new pile")


@checked
def check_pick_and_remove(my_shuffle: Callable) -> Feedback:
    """The learner's pick-and-remove: diagnosed, fair (judged exactly), pick-and-remove itself."""
    return check_shuffle(my_shuffle, "your pick-and-remove", "section 2",
                         algorithm=PICK_AND_REMOVE,
                         hint="each card of the pile left must be equally likely to be drawn "
                              "next: randrange(len(pile)), then pop that position")


def check_order_chance(answer) -> Feedback:
    """The probability that pick-and-remove turns 5 cards into the one order (4, 3, 2, 1, 0)."""
    return check_value(answer, Fraction(1, 120), "P(pick-and-remove deals 5 cards as 4 3 2 1 0)",
                       "section 4", {
                           Fraction(1, 5): "1/5 is the chance of one card at one position; a "
                                           "whole order needs all five draws to go one way",
                           Fraction(1, 5**5): "5^5 counts draws with replacement; each draw "
                                              "here chooses among the cards still left",
                           Fraction(1, 25): "there are five draws, not two",
                           120: "120 is the number of orders; the answer is a probability",
                       }, hint="multiply the chances of the five draws: 1/5, then 1/4, ...")


def check_hand_chance(answer) -> Feedback:
    """Dealing 3 cards from 6: the probability that the hand is {0, 1, 2}, in any order."""
    return check_value(answer, Fraction(1, 20), "P(the 3 cards dealt from 6 are 0, 1 and 2)",
                       "section 5", {
                           Fraction(1, 120): "1/120 is one *ordered* deal; a hand ignores the "
                                             "order, and 3! = 6 deals give the same hand",
                           Fraction(1, 216): "6^3 counts draws with replacement",
                           Fraction(1, 2): "1/2 is the chance that card 0 is among the three",
                           20: "20 is the number of hands; the answer is a probability",
                       }, hint="count the hands: C(6, 3)")


def check_mean_moves(answer) -> Feedback:
    """The mean number of cards ``list.pop(position)`` moves in a pick-and-remove of 52 cards."""
    return check_value(answer, 663, "mean number of cards moved by pop for 52 cards", "section 6",
                       {
                           1326: "1326 = 52 x 51 / 2 would move every card after the position "
                                 "*and* before it; only those after it move, half on average",
                           676: "52^2 / 4 is close, but with s cards left the mean move is "
                                "(s - 1)/2, not s/2",
                           51: "51 is the number of swaps of Knuth's shuffle; pop moves more",
                           0: "pop(position) closes the gap: every card after it moves",
                       }, hint="with s cards left, (s - 1)/2 cards move on average; add them up")
