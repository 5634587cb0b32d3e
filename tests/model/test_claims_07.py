"""Lesson 7's claims (riffle shuffles), proven: the answers of its predictions and exercises,
and the numbers its text states, each recomputed here (mostly with code of our own, not
cardlib's) so that a change in cardlib or in the lesson that makes one of them false fails."""

import itertools
import math
import random
from fractions import Fraction

from cardlib import cards, exact, riffle
from cardlib.exercises.riffles import check_reversed_deck


def _eulerian_row(n: int) -> list[int]:
    """A(n, 1), ..., A(n, n), from A(m, r) = r A(m-1, r) + (m - r + 1) A(m-1, r-1)."""
    row = [1]
    for m in range(2, n + 1):
        row = [r * (row[r - 1] if r <= len(row) else 0) + (m - r + 1) * (row[r - 2] if r >= 2
                                                                            else 0)
               for r in range(1, m + 1)]
    return row


def _rising(order) -> int:
    """Rising sequences of an order: 1 + the cards m whose successor m + 1 lies below them."""
    where = {card: place for place, card in enumerate(order)}
    return 1 + sum(where[m + 1] < where[m] for m in range(len(order) - 1))


def _rising_law(n: int, k: int) -> dict[int, Fraction]:
    """The chance of r rising sequences after k riffles: A(n, r) C(2^k + n - r, n) / 2^(nk)."""
    return {r: Fraction(count * math.comb(2**k + n - r, n), 2 ** (n * k))
            for r, count in enumerate(_eulerian_row(n), start=1)}


def _riffle_law_by_marks(n: int) -> dict[tuple, Fraction]:
    """One GSR riffle of n cards, by its 2^n equally likely markings (0: stack 1, 1: stack 2)."""
    law: dict[tuple, Fraction] = {}
    for marks in itertools.product((0, 1), repeat=n):
        cut = marks.count(0)
        stacks = [iter(range(cut)), iter(range(cut, n))]
        order = tuple(next(stacks[mark]) for mark in marks)
        law[order] = law.get(order, 0) + Fraction(1, 2**n)
    return law


def riffle_as_in_the_notes(deck, rng):
    """The lesson's teaching loop (section 3), as the COMP9021 notes write it."""
    n = len(deck)
    cut = sum(rng.randrange(2) for _ in range(n))
    pile = []
    next1, next2 = 0, cut
    left = n
    while next1 < cut and next2 < n:
        if rng.randrange(left) < cut - next1:
            pile.append(deck[next1])
            next1 += 1
        else:
            pile.append(deck[next2])
            next2 += 1
        left -= 1
    return pile + deck[next1:cut] + deck[next2:]


def test_the_notes_deck_has_a_knight_between_jack_and_queen():
    """Section 1: 56 cards, the knight (C) between the jack and the queen; bottom A♥, top A♠."""
    deck56 = cards.comp9021_deck()
    assert len(deck56) == 56
    assert [str(card) for card in deck56[9:14]] == ["10♥", "J♥", "C♥", "Q♥", "K♥"]
    assert (str(deck56[0]), str(deck56[-1])) == ("A♥", "A♠")


def test_nine_cuts_in_ten_of_56_cards_leave_22_to_34_in_stack_1():
    """Section 2's sentence under the cut panel, from the binomial law."""
    between = sum(Fraction(math.comb(56, c), 2**56) for c in range(22, 35))
    assert 0.9 < between < 0.93      # 0.9186


def test_the_ten_interleavings_of_3_and_2_cards_are_equally_likely():
    """The first prediction: yes, 1/10 each (3! 2! / 5!)."""
    def merge_3_and_2(deck, rng=None):
        return riffle.merge(deck[:3], deck[3:], rng)

    law = exact.distribution(merge_3_and_2, 5)
    assert len(law) == math.comb(5, 3) and set(law.values()) == {Fraction(1, 10)}


def test_the_notes_loop_and_cardlib_make_the_same_decks_and_law():
    """Section 3: the teaching loop and cardlib.riffle.riffle, seed by seed and exactly."""
    deck56 = cards.comp9021_deck()
    for seed in range(300):
        assert riffle_as_in_the_notes(deck56, random.Random(seed)) == riffle.riffle(deck56, seed)
    for n in range(1, 6):
        assert exact.distribution(riffle_as_in_the_notes, n) == exact.distribution(
            riffle.riffle, n) == _riffle_law_by_marks(n)


def test_the_players_first_riffle_cuts_at_28():
    """Section 4: in the player (seed 2019) the first cut falls at 28, so hearts then clubs are
    interleaved, in order, with diamonds then spades, in order."""
    deck56 = cards.comp9021_deck()
    once = riffle.riffle(deck56, random.Random(2019))
    lower = [card for card in once if deck56.index(card) < 28]
    upper = [card for card in once if deck56.index(card) >= 28]
    assert lower == deck56[:28] and upper == deck56[28:]


def test_rising_sequences_double_then_fall_short_of_a_random_deck():
    """Section 5 and the second prediction: 2^k or very nearly up to three riffles; after
    seven the mean is about 26 (26.4), against (n + 1)/2 = 28.5 for a random order, the gap
    about halving with each riffle from five on (about 8, 4, 2)."""
    uniform = sum(Fraction(r * count, math.factorial(56))
                  for r, count in enumerate(_eulerian_row(56), start=1))
    assert uniform == Fraction(57, 2)
    means = {k: sum(r * p for r, p in _rising_law(56, k).items()) for k in range(0, 11)}
    assert all(means[k] == riffle.expected_rising_sequences(56, k) for k in means)
    assert all(_rising_law(56, k)[2**k] > 0.96 for k in (1, 2, 3))
    assert round(float(means[7]), 1) == 26.4
    gaps = [round(float(uniform - means[k])) for k in (5, 6, 7)]
    assert gaps == [8, 4, 2]


def test_the_formula_matches_every_order_of_one_and_two_riffles():
    """Section 6: the Bayer-Diaconis law against our own enumeration of the markings; 27 orders
    can follow one riffle of 5 cards (2^5 - 5)."""
    one = _riffle_law_by_marks(5)
    assert len(one) == 27
    for order in itertools.permutations(range(5)):
        assert one.get(order, 0) == Fraction(math.comb(2 + 5 - _rising(order), 5), 2**5)
        assert riffle.probability(order, 1) == one.get(order, 0)
    law4 = _riffle_law_by_marks(4)
    twice: dict[tuple, Fraction] = {}
    for first, p in law4.items():
        for second, q in law4.items():
            order = tuple(first[i] for i in second)
            twice[order] = twice.get(order, 0) + p * q
    for order in itertools.permutations(range(4)):
        assert twice.get(order, 0) == riffle.probability(order, 2)


def test_eulerian_numbers():
    """Going further: 1, 11, 11, 1 for 4 cards, and each row adds up to n!."""
    assert _eulerian_row(4) == [1, 11, 11, 1]
    for n in range(1, 21):
        assert list(riffle.eulerian_row(n)[1:]) == _eulerian_row(n)
        assert sum(_eulerian_row(n)) == math.factorial(n)


def test_the_reversed_deck_needs_six_riffles():
    """Exercise 2: 2^5 = 32 < 52 rising sequences, 2^6 = 64 enough; then C(64, 52) / 2^312."""
    reversed52 = tuple(range(51, -1, -1))
    assert riffle.probability(reversed52, 5) == 0 < riffle.probability(reversed52, 6)
    chance = Fraction(math.comb(64, 52), 2 ** (52 * 6))
    assert riffle.probability(reversed52, 6) == chance
    assert check_reversed_deck((6, chance)).status == "right"
    assert check_reversed_deck((7, chance)).status == "wrong"
