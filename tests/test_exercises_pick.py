"""Lesson 2's exercise checks: each accepts its answer and explains typical wrong ones."""

import random
from fractions import Fraction

import pytest

from cardlib import shuffles
from cardlib.exercises import TODO
from cardlib.exercises.pick import (
    check_hand_chance,
    check_mean_moves,
    check_order_chance,
    check_pick_and_remove,
)


@pytest.mark.parametrize("check, answer, wrongs", [
    (check_order_chance, Fraction(1, 120), {Fraction(1, 5): "one card at one position",
                                            Fraction(1, 3125): "with replacement",
                                            Fraction(1, 25): "five draws",
                                            120: "number of orders"}),
    (check_hand_chance, Fraction(1, 20), {Fraction(1, 120): "ordered",
                                          Fraction(1, 216): "with replacement",
                                          Fraction(1, 2): "among the three",
                                          20: "number of hands"}),
    (check_mean_moves, 663, {1326: "half on average", 676: "(s - 1)/2",
                             51: "Knuth", 0: "closes the gap"}),
])
def test_value_checks(check, answer, wrongs):
    assert check(answer).ok and check(TODO).status == "todo"
    for given, explanation in wrongs.items():
        feedback = check(given)
        assert feedback.status == "wrong" and explanation in feedback.message, (given, feedback)
        assert feedback.where


def reference(deck, rng):
    pile, new_pile = list(deck), []
    while pile:
        new_pile.append(pile.pop(rng.randrange(len(pile))))
    return new_pile


def with_replacement(deck, rng):
    pile = list(deck)
    return [pile[rng.randrange(len(pile))] for _ in pile]


def in_place(deck, rng):
    shuffles.knuth_shuffle(deck, rng)


def off_by_one(deck, rng):  # never draws the last card of the pile while another is left
    pile, new_pile = list(deck), []
    while pile:
        new_pile.append(pile.pop(rng.randrange(max(len(pile) - 1, 1))))
    return new_pile


def module_random(deck, rng):
    pile = list(deck)
    return [pile.pop(random.randrange(len(pile))) for _ in range(len(pile))]


def test_pick_and_remove_check():
    assert check_pick_and_remove(reference).ok
    assert check_pick_and_remove(shuffles.pick_and_remove).ok
    assert check_pick_and_remove(lambda deck, rng: TODO).status == "todo"
    cases = {with_replacement: "not a shuffle", in_place: "returns None",
             off_by_one: "unfair", module_random: "random.randrange"}
    for answer, explanation in cases.items():
        feedback = check_pick_and_remove(answer)
        assert feedback.status == "wrong" and explanation in feedback.message, feedback
        assert feedback.where == "section 2"
    assert "Most likely" in str(check_pick_and_remove(off_by_one))
