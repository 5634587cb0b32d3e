"""Lesson 5's exercise checks: each accepts its answer and explains typical wrong ones."""

from cardlib import shuffles
from cardlib.exercises import TODO
from cardlib.exercises.knuth import (
    check_forward_knuth,
    check_inside_out,
    check_sattolo_counterexample,
    check_secret_santa,
)


def forward(deck, rng):
    for i in range(len(deck) - 1):
        j = rng.randrange(i, len(deck))
        deck[i], deck[j] = deck[j], deck[i]


def forward_too_short(deck, rng):  # j from i .. n-2: the last card never moves down
    for i in range(len(deck) - 1):
        j = rng.randrange(i, max(len(deck) - 1, i + 1))
        deck[i], deck[j] = deck[j], deck[i]


def forward_new_list(deck, rng):
    deck = list(deck)
    forward(deck, rng)
    return deck


def test_forward_knuth_check():
    assert check_forward_knuth(forward).ok
    assert check_forward_knuth(lambda deck, rng: TODO).status == "todo"
    cases = {forward_too_short: "unfair", shuffles.naive_swap_shuffle: "not equally likely",
             forward_new_list: "this exercise shuffles in place",
             shuffles.sattolo_shuffle: "reaches only",
             shuffles.knuth_shuffle: "fair, but that is not the forward loop"}
    for answer, explanation in cases.items():
        feedback = check_forward_knuth(answer)
        assert feedback.status == "wrong" and explanation in feedback.message, feedback


def test_sattolo_counterexample_check():
    """Exactly the three orders of 4 cards that move every card in two cycles are right."""
    import itertools

    from cardlib.orders import cycle_count

    for order in itertools.permutations(range(4)):
        moves_all = all(order[c] != c for c in range(4))
        right = check_sattolo_counterexample(order).ok
        assert right == (moves_all and cycle_count(order) == 2), order
    assert check_sattolo_counterexample(TODO).status == "todo"


def santa(names, rng):
    seats = list(names)
    rng.shuffle(seats)
    return {giver: seats[(k + 1) % len(seats)] for k, giver in enumerate(seats)}


def santa_in_pairs(names, rng):  # shuffled, then neighbours swap presents: circles of two
    seats = list(names)
    rng.shuffle(seats)
    gives = {}
    for k in range(0, len(seats) - 1, 2):
        gives[seats[k]], gives[seats[k + 1]] = seats[k + 1], seats[k]
    return gives


def test_secret_santa_check():
    assert check_secret_santa(santa).ok
    assert check_secret_santa(lambda names, rng: TODO).status == "todo"
    feedback = check_secret_santa(santa_in_pairs)
    assert feedback.status == "wrong" and "3 circles" in feedback.message, feedback


def inside_out(deck, rng):
    shuffled = []
    for i, card in enumerate(deck):
        j = rng.randrange(i + 1)
        shuffled.append(card)
        shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
    return shuffled


def appends_only(deck, rng):  # draws j and forgets to swap: the deck comes back unchanged
    shuffled = []
    for i, card in enumerate(deck):
        rng.randrange(i + 1)
        shuffled.append(card)
    return shuffled


def by_length(deck, rng):  # fair, but needs len(): it cannot read a stream once
    shuffled = list(deck[:0]) if hasattr(deck, "__len__") else None
    for i in range(len(deck)):
        j = rng.randrange(i + 1)
        shuffled.append(deck[i])
        shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
    return shuffled


def test_inside_out_check():
    assert check_inside_out(inside_out).ok and check_inside_out(shuffles.inside_out_shuffle).ok
    assert check_inside_out(lambda deck, rng: TODO).status == "todo"
    cases = {shuffles.knuth_shuffle: "returns None", appends_only: "it moved no card",
             by_length: "read only once", shuffles.naive_swap_shuffle: "returns None"}
    for answer, explanation in cases.items():
        feedback = check_inside_out(answer)
        assert feedback.status == "wrong" and explanation in feedback.message, (answer, feedback)
