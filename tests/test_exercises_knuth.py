"""Lesson 4's exercise checks: each accepts its answer and explains typical wrong ones."""

from cardlib import shuffles
from cardlib.exercises import TODO
from cardlib.exercises.knuth import check_forward_knuth, check_inside_out, check_sattolo


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


def sattolo(deck, rng):
    for i in reversed(range(1, len(deck))):
        j = rng.randrange(i)
        deck[i], deck[j] = deck[j], deck[i]


def sattolo_forward_wrong(deck, rng):  # swaps with a position anywhere but i: not only cycles
    n = len(deck)
    for i in range(n - 1):
        j = (i + 1 + rng.randrange(n - 1)) % n
        deck[i], deck[j] = deck[j], deck[i]


def loses_a_card(deck, rng):
    deck[0] = deck[-1]


def test_sattolo_check():
    assert check_sattolo(sattolo).ok and check_sattolo(shuffles.sattolo_shuffle).ok
    assert check_sattolo(lambda deck, rng: TODO).status == "todo"
    feedback = check_sattolo(shuffles.knuth_shuffle)
    assert feedback.status == "wrong" and "stays where it was" in feedback.message
    assert "randrange(i + 1) lets j be i itself" in feedback.message
    assert "not a single cycle" in check_sattolo(sattolo_forward_wrong).message
    assert "not a shuffle" in check_sattolo(loses_a_card).message
    assert "raised ZeroDivisionError" in check_sattolo(lambda deck, rng: 1 / 0).message


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
    cases = {shuffles.knuth_shuffle: "returns None", appends_only: "reaches only 1",
             by_length: "read only once", shuffles.naive_swap_shuffle: "returns None"}
    for answer, explanation in cases.items():
        feedback = check_inside_out(answer)
        assert feedback.status == "wrong" and explanation in feedback.message, (answer, feedback)
