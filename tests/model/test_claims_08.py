"""Lesson 8's claims (why seven riffles), proven: the answers of its predictions and exercises,
and the numbers its text states, each recomputed here (the laws with code of our own, not
cardlib's) so that a change in cardlib or in the lesson that makes one of them false fails."""

import math
import statistics
from fractions import Fraction
from functools import cache

import numpy as np

from cardlib import mixing, riffle, shuffles, stats
from cardlib.exercises.riffles import check_distance, check_riffles_needed, check_top_stays


@cache
def _eulerian_row(n: int) -> tuple[int, ...]:
    """A(n, 1), ..., A(n, n), from A(m, r) = r A(m-1, r) + (m - r + 1) A(m-1, r-1)."""
    row = (1,)
    for m in range(2, n + 1):
        row = tuple(r * (row[r - 1] if r <= len(row) else 0) + (m - r + 1) * (
            row[r - 2] if r >= 2 else 0) for r in range(1, m + 1))
    return row


def _tv(n: int, k: int) -> Fraction:
    """Total variation distance after k riffles, the orders grouped by rising sequences."""
    fair, a = Fraction(1, math.factorial(n)), 2**k
    return sum(count * abs(Fraction(math.comb(a + n - r, n), a**n) - fair)
               for r, count in enumerate(_eulerian_row(n), start=1)) / 2


def _separation(n: int, k: int) -> Fraction:
    """1 - n! P_k(reversed deck): the reversed deck (r = n) is the least likely order."""
    return 1 - Fraction(math.comb(2**k, n) * math.factorial(n), 2 ** (n * k))


def _top_card_law(n: int, k: int) -> list[Fraction]:
    """Where the top card is after k riffles: undone, the riffles give each card a digit below
    a = 2^k; the top card goes to the highest position holding the largest digit d."""
    a = 2**k
    return [sum(Fraction(1, a) * Fraction(d + 1, a) ** j * Fraction(d, a) ** (n - 1 - j)
                for d in range(a)) for j in range(n)]


def _position_tv(law) -> Fraction:
    return sum(abs(p - Fraction(1, len(law))) for p in law) / 2


def test_four_riffles_are_as_far_as_can_be():
    """The first prediction: 1.00 (0.9999995), then 0.92, 0.61, 0.33; a random order of 52 cards
    has 26.5 rising sequences on average and almost never 16 or fewer."""
    d4 = _tv(52, 4)
    assert d4 == riffle.variation_distance(52, 4)
    assert f"{float(d4):.2f}" == "1.00" and f"{float(d4):.7f}" == "0.9999995"
    assert [f"{float(_tv(52, k)):.2f}" for k in (5, 6, 7)] == ["0.92", "0.61", "0.33"]
    row = _eulerian_row(52)
    assert sum(Fraction(r * count, math.factorial(52)) for r, count in enumerate(row, 1)) == \
        Fraction(53, 2)
    assert sum(Fraction(count, math.factorial(52)) for count in row[:16]) < Fraction(1, 10**6)


def test_the_three_card_example():
    """Section 1: one riffle of 3 cards: chances 1/2, 1/8 (four orders), 0; distance 1/3."""
    assert _eulerian_row(3) == (1, 4, 1) and _eulerian_row(4) == (1, 11, 11, 1)
    assert [Fraction(math.comb(2 + 3 - r, 3), 8) for r in (1, 2, 3)] == [
        Fraction(1, 2), Fraction(1, 8), 0]
    assert _tv(3, 1) == Fraction(1, 3) == riffle.variation_distance(3, 1)
    assert math.factorial(52) > 8 * 10**67 > math.factorial(52) * 0.99


def test_the_table_of_bayer_and_diaconis_and_the_56_card_deck():
    """Section 1's table and section 2: seven is the first k below one half; after that the
    distance halves with every riffle; 56 cards: 0.371 after seven, below 0.1 after nine."""
    table = [round(float(_tv(52, k)), 3) for k in range(1, 11)]
    assert table == [1.0, 1.0, 1.0, 1.0, 0.924, 0.614, 0.334, 0.167, 0.085, 0.043]
    assert all(_tv(n, k) == riffle.variation_distance(n, k) for n in (52, 56) for k in (5, 7, 9))
    assert next(k for k in range(20) if _tv(52, k) < Fraction(1, 2)) == 7
    assert all(0.49 < _tv(52, k + 1) / _tv(52, k) < 0.52 for k in range(7, 14))
    assert round(float(_tv(56, 7)), 3) == 0.371
    assert next(k for k in range(20) if _tv(56, k) < Fraction(1, 10)) == 9


def test_the_brand_new_order_after_seven_riffles():
    """The second prediction: about 10,000 times likelier than fair (9,859; 39,853 for 56
    cards), a chance of one in about 8 x 10^63."""
    ratios = {n: Fraction(math.comb(2**7 + n - 1, n), 2 ** (7 * n)) * math.factorial(n)
              for n in (52, 56)}
    assert ratios[52] == riffle.probability(tuple(range(52)), 7) * math.factorial(52)
    assert (round(ratios[52]), round(ratios[56])) == (9859, 39853)
    choices = (1, 100, 10_000, 1_000_000)
    assert min(choices, key=lambda c: abs(math.log(c / ratios[52]))) == 10_000
    assert round(math.factorial(52) / ratios[52] / 10**63) == 8


def _doyle_wins(decks: np.ndarray) -> float:
    """New Age Solitaire as John Finn describes it, on decks dealt from position 0 on, whose
    cards 0-12 are hearts A-K, 13-25 clubs A-K, 26-38 diamonds K-A, 39-51 spades K-A: deal in
    passes, build each suit from its ace up; win when hearts and clubs are both complete before
    diamonds and spades are."""
    n = decks.shape[1]
    place = np.argsort(decks, axis=1)               # place[:, card]: where the card is

    def done(ace_to_king):                          # (pass, place) of the card completing a suit
        seq = place[:, ace_to_king]
        return (1 + (np.diff(seq, axis=1) < 0).sum(axis=1)) * n + seq[:, -1]

    high = np.maximum(done(list(range(0, 13))), done(list(range(13, 26))))
    low = np.maximum(done(list(range(38, 25, -1))), done(list(range(51, 38, -1))))
    return float((high < low).mean())


def test_new_age_solitaire_notices_seven_and_eight_riffles():
    """Section 2: won about three games in four after seven riffles, still nearly two in three
    after eight; a fair shuffle wins half the time, an unshuffled deck always."""
    assert _doyle_wins(np.arange(52)[None, :]) == 1.0
    seven = _doyle_wins(stats.simulate(riffle.riffle, 52, 40_000, seed=7, k=7))
    eight = _doyle_wins(stats.simulate(riffle.riffle, 52, 40_000, seed=8, k=8))
    fair = _doyle_wins(stats.simulate(shuffles.knuth_shuffle, 52, 40_000, seed=9))
    assert 0.73 < seven < 0.79 and 0.61 < eight < 0.67 and abs(fair - 0.5) < 0.015


def test_separation_and_entropy():
    """Section 2 and Going further: separation 1 exactly up to 5 riffles, 1.000 at 7, 0.996 at
    8, first below one half at 11 (0.479); about 27, 8, 2 and half a bit left after 4 to 7
    riffles, out of log2 52! = 225.6."""
    assert all(_separation(52, k) == 1 for k in range(1, 6)) and _separation(52, 6) < 1
    assert all(_separation(52, k) == riffle.separation_distance(52, k) for k in range(1, 13))
    assert [round(float(_separation(52, k)), 3) for k in (7, 8, 11)] == [1.0, 0.996, 0.479]
    assert next(k for k in range(30) if _separation(52, k) < Fraction(1, 2)) == 11
    assert round(math.log2(math.factorial(52)), 1) == 225.6

    def bits_left(n, k):
        entropy = 0.0
        for r, count in enumerate(_eulerian_row(n), start=1):
            ways = math.comb(2**k + n - r, n)
            if ways:
                entropy += count * ways / 2 ** (n * k) * (n * k - math.log2(ways))
        return math.log2(math.factorial(n)) - entropy

    assert [round(bits_left(52, k)) for k in (4, 5, 6)] == [27, 8, 2]
    assert round(bits_left(52, 7), 1) == 0.5


def test_one_card_and_the_worst_card():
    """Section 3 and the third prediction: after four riffles the top and the bottom card are
    furthest from uniform (0.37 each), the middle card uniform to ten decimals; the worst card
    is within 0.25 after five riffles (0.20), the whole order only after eight."""
    law52 = riffle.position_law(52)
    worst = mixing.worst_card_distances(law52, 8)
    for k in range(1, 9):
        top = float(_position_tv(_top_card_law(52, k)))
        assert abs(top - worst[k]) < 1e-12
        assert abs(mixing.position_distances(law52, 0, 8)[k] - top) < 1e-12   # the bottom card
        assert top <= float(_tv(52, k))
    assert round(float(_position_tv(_top_card_law(52, 4))), 2) == 0.37
    assert mixing.position_distances(law52, 26, 4)[4] < 1e-10
    assert round(float(_position_tv(_top_card_law(52, 5))), 2) == 0.20
    assert float(_position_tv(_top_card_law(52, 4))) > 0.25
    assert next(k for k in range(20) if _tv(52, k) < Fraction(1, 4)) == 8
    assert np.allclose(riffle.card_positions(52, 6, card=51),
                       [[float(p) for p in _top_card_law(52, k)] for k in range(7)])


def test_exercises_answers():
    """Exercise 1 (the distance), exercise 2 (the top card stays on top) and exercise 3 (two
    decks of 108 cards: 8 riffles below 1/2, 11 below 1/10)."""
    assert check_distance(_tv).status == "right"

    def top_stays(n, k):
        return _top_card_law(n, k)[-1]

    # one riffle: the top place gets stack 2's top card (1/2), or the cut left stack 2 empty
    assert top_stays(52, 1) == Fraction(1, 2) + Fraction(1, 2**52)
    assert check_top_stays(top_stays).status == "right"
    below = tuple(next(k for k in range(30) if _tv(108, k) < level)
                  for level in (Fraction(1, 2), Fraction(1, 10)))
    assert below == (8, 11)
    assert check_riffles_needed(below).status == "right"


def _window(n: int, k: float) -> float:
    theta = k - 1.5 * math.log2(n)
    return 1 - 2 * statistics.NormalDist().cdf(-(2**-theta) / (4 * math.sqrt(3)))


def test_the_cutoff_window():
    """Going further: 0.115 at the window's centre, one half near theta = -2.2, within 0.02 of
    the exact distance for 52 cards; 2 cards: 1/4 after one riffle; 416 cards: 11 riffles."""
    assert round(_window(52, 1.5 * math.log2(52)), 3) == 0.115
    theta_half = -math.log2(-statistics.NormalDist().inv_cdf(0.25) * 4 * math.sqrt(3))
    assert round(theta_half, 1) == -2.2
    assert all(abs(_window(52, k) - float(_tv(52, k))) < 0.02 for k in range(1, 15))
    assert _tv(2, 1) == Fraction(1, 4)
    assert riffle.variation_distance(416, 11) < Fraction(1, 2) <= riffle.variation_distance(
        416, 10)


def test_simulation_follows_the_curve_down_to_its_noise():
    """Going further: 2,000 simulated decks per k sit on the exact curve down to ten riffles,
    then stop falling at about 0.03, as much as 2,000 perfectly shuffled decks show."""
    sampled = {k: riffle.sample_variation_distance(
        stats.simulate(riffle.riffle, 52, 2000, seed=k, k=k), 52) for k in range(0, 13)}
    assert all(abs(sampled[k] - float(_tv(52, k))) < 0.015 for k in range(0, 11))
    assert all(0.02 < sampled[k] < 0.04 for k in (11, 12))
    fair = [riffle.sample_variation_distance(stats.simulate(shuffles.knuth_shuffle, 52, 2000,
                                                            seed=s), 52) for s in range(5)]
    assert 0.015 < statistics.mean(fair) < 0.04
