"""Lesson 3's exercise checks: each accepts its answer and explains typical wrong ones."""

import random
from fractions import Fraction

import pytest

from cardlib import exact, shuffles
from cardlib.exercises import TODO
from cardlib.exercises.pick import (
    check_deal_moves,
    check_digit_chance,
    check_hand_chance,
    check_pick_and_remove,
)


@pytest.mark.parametrize("check, answer, wrongs", [
    (check_digit_chance, Fraction(1, 5), {Fraction(1, 6): "fair draw",
                                          Fraction(2, 5): "first draw alone",
                                          Fraction(3, 20): "remainder by 3",
                                          Fraction(2, 15): "2 cards left"}),
    (check_hand_chance, Fraction(1, 20), {Fraction(1, 120): "ordered",
                                          Fraction(1, 216): "with replacement",
                                          Fraction(1, 2): "among the three",
                                          20: "number of hands"}),
    (check_deal_moves, 714, {Fraction(1431, 2): "whole shuffle of 54", 663: "52 cards",
                             1428: "half of them", 0: "closes the gap"}),
])
def test_value_checks(check, answer, wrongs):
    assert check(answer).ok and check(TODO).status == "todo"
    for given, explanation in wrongs.items():
        feedback = check(given)
        assert feedback.status == "wrong" and explanation in feedback.message, (given, feedback)
        assert feedback.where


def test_the_digit_chance_is_the_hurried_shuffles_exact_law():
    def hurried(deck, rng):
        pile = list(deck)
        return [pile.pop(rng.randrange(10) % len(pile)) for _ in range(len(pile))]

    assert check_digit_chance(exact.distribution(hurried, 3)[(0, 1, 2)]).ok


def test_the_deal_moves_are_the_pops_of_the_deal():
    cards = 54
    mean = sum(Fraction(s - 1, 2) for s in range(cards - 50, cards + 1))
    assert check_deal_moves(mean).ok and mean == 714


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
