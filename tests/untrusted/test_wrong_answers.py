"""Realistic wrong answers to the code exercises, each with what the learner must be told.

(Lessons 5 and 6 keep theirs in tests/untrusted/test_wrong_answers_knuth_testing.py.)

For every exercise that takes the learner's function: the right answer, then
answers a learner really writes (off by one, a shuffle of a copy, an endless
loop, the wrong form, another algorithm, an error), each with words its
Feedback must hold, and words it must not (advice the code already follows).
Every check must answer within a few seconds, endless loops included.
"""

from __future__ import annotations

import random

import pytest
from answer_catalogue import answered_as_catalogued

from cardlib import shuffles
from cardlib.exercises import TODO
from cardlib.exercises.hands import check_fair_insertion, check_top_to_random
from cardlib.exercises.pick import check_pick_and_remove

# --- pick-and-remove (lesson 3) ------------------------------------------------------------


def pick(deck, rng):
    pile, new = list(deck), []
    while pile:
        new.append(pile.pop(rng.randrange(len(pile))))
    return new


def pick_with_choice(deck, rng):  # the Python article's way: choice, then remove
    pile, new = deck[:], []
    while pile:
        card = rng.choice(pile)
        pile.remove(card)
        new.append(card)
    return new


def pick_off_by_one(deck, rng):  # never the last card of the pile while another is left
    pile, new = list(deck), []
    while pile:
        new.append(pile.pop(rng.randrange(max(len(pile) - 1, 1))))
    return new


def pick_forgets_to_pop(deck, rng):
    pile, new = list(deck), []
    while pile:
        new.append(pile[rng.randrange(len(pile))])
    return new


def knuth_on_a_copy_returned(deck, rng):
    copy = list(deck)
    shuffles.knuth_shuffle(copy, rng)
    return copy


def knuth_on_a_copy(deck, rng):
    copy = list(deck)
    shuffles.knuth_shuffle(copy, rng)


def pick_returns_tuple(deck, rng):
    return tuple(pick(deck, rng))


def pick_with_replacement(deck, rng):
    return [deck[rng.randrange(len(deck))] for _ in deck]


def pick_index_error(deck, rng):
    pile, new = list(deck), []
    while pile:
        new.append(pile.pop(rng.randrange(len(deck))))  # the deck's length, not the pile's
    return new


def pick_positions(deck, rng):  # the positions drawn, not the cards at them
    pile = list(range(len(deck)))
    return [pile.pop(rng.randrange(len(pile))) for _ in range(len(pile))]


def pick_gives_the_deck_back(deck, rng):  # forgets to do anything
    return deck


def pick_copies_only(deck, rng):  # a new list, never shuffled
    return list(deck)


def pick_module_random(deck, rng):
    pile = list(deck)
    return [pile.pop(random.randrange(len(pile))) for _ in range(len(pile))]


# --- top-to-random and insertions (lesson 9) ------------------------------------------------

def top_to_random(deck, rng):
    cards = list(deck)
    top = cards.pop()
    cards.insert(rng.randrange(len(cards) + 1), top)
    return cards


def top_never_back_on_top(deck, rng):
    cards = list(deck)
    top = cards.pop()
    cards.insert(rng.randrange(max(len(cards), 1)), top)
    return cards


def bottom_to_random(deck, rng):
    cards = list(deck)
    bottom = cards.pop(0)
    cards.insert(rng.randrange(len(cards) + 1), bottom)
    return cards


def top_in_place(deck, rng):
    top = deck.pop()
    deck.insert(rng.randrange(len(deck) + 1), top)


def top_loses_the_card(deck, rng):
    cards = list(deck)
    cards.pop()
    return cards


def insertion(deck, rng):
    cards = list(deck)
    for i in range(1, len(cards)):
        cards.insert(rng.randrange(i + 1), cards.pop(i))
    return cards


def insertion_off_by_one(deck, rng):
    cards = list(deck)
    for i in range(1, len(cards)):
        cards.insert(rng.randrange(i), cards.pop(i))
    return cards


def insertion_on_a_copy(deck, rng):
    insertion(deck, rng)


def endless(deck, rng):
    while True:
        pass


def swallows_everything(deck, rng):
    while True:
        try:
            while True:
                pass
        except BaseException:  # noqa: BLE001 (a learner's catch-all)
            pass


CATALOGUE = [
    # (check, answer, words it must hold, words it must not hold)
    (check_pick_and_remove, pick, ["✓", "as pick-and-remove, it asks for the same draws",
                                   "on decks of 6 (three runs), 10 and 52 cards"], []),
    (check_pick_and_remove, pick_with_choice, ["✓"], []),
    (check_pick_and_remove, pick_off_by_one, ["unfair", "Most likely"], ["returned None"]),
    (check_pick_and_remove, pick_forgets_to_pop, ["did not finish", "loop that never ends"], []),
    (check_pick_and_remove, knuth_on_a_copy, ["returned None", "shuffle a copy",
                                              "return the new list"], ["unfair"]),
    (check_pick_and_remove, knuth_on_a_copy_returned, ["fair, but", "not pick-and-remove",
                                                       "same random numbers"], []),
    (check_pick_and_remove, shuffles.knuth_shuffle, ["returns None", "new list"], ["unfair"]),
    (check_pick_and_remove, pick_returns_tuple, ["tuple", "not a list"], []),
    (check_pick_and_remove, pick_with_replacement, ["not a shuffle", "loses card"], []),
    (check_pick_and_remove, pick_index_error, ["IndexError", "line", "rng.randrange(len(deck))"],
     []),
    (check_pick_and_remove, pick_module_random, ["random.randrange"], []),
    (check_pick_and_remove, endless, ["did not finish"], []),
    (check_pick_and_remove, pick_positions, ["not a shuffle", "positions, not cards", "deck[i]"],
     []),
    (check_pick_and_remove, pick_gives_the_deck_back, ["returned the deck it was given, unchanged",
                                                       "moved no card", "a new list"],
     ["shuffled in place"]),
    (check_pick_and_remove, pick_copies_only, ["returned a new list with the cards in the deck's",
                                               "moved no card"], ["unfair", "copy"]),
    (check_pick_and_remove, swallows_everything, ["stopped", "did not stop when asked"], []),
    (check_top_to_random, top_to_random, ["✓"], []),
    (check_top_to_random, top_never_back_on_top, ["can never give", "back on top"], []),
    (check_top_to_random, bottom_to_random, ["cannot"], []),
    (check_top_to_random, top_in_place, ["returns None", "new list"], []),
    (check_top_to_random, top_loses_the_card, ["not a shuffle", "loses card 9"], []),
    (check_fair_insertion, insertion, ["✓", "as the insertion shuffle, it asks for the same draws"],
     []),
    (check_fair_insertion, insertion_off_by_one, ["unfair", "randrange(i + 1)"], []),
    (check_fair_insertion, insertion_on_a_copy, ["returned None", "shuffle a copy"], []),
    (check_fair_insertion, pick, ["fair, but", "not the insertion shuffle"], []),
    (check_fair_insertion, endless, ["did not finish"], []),
]


def test_every_answer_gets_its_own_message():
    answered_as_catalogued(CATALOGUE)


@pytest.mark.parametrize("check", sorted({c for c, _, _, _ in CATALOGUE}, key=str))
def test_the_stub_is_not_attempted(check):
    assert check(lambda deck, rng: TODO).status == "todo"


def test_every_code_exercise_has_three_wrong_answers():
    wrong = {}
    for check, _, says, _ in CATALOGUE:
        wrong[check] = wrong.get(check, 0) + ("✓" not in says)
    assert min(wrong.values()) >= 3, wrong
