"""Lesson 6's claims (testing a shuffle; where its randomness comes from), proven: the answers
of its predictions and exercises, and the numbers its text states, each recomputed here so that
a change in cardlib or in the lesson that makes one of them false fails."""

import datetime
import math
import random
import secrets
from fractions import Fraction

import numpy as np

from cardlib import cards, draws, evidence, exact, peeking, shuffles, stats, twister

LOOKS = evidence.checkpoints(10_000, count=20, first=25)
LOOKS10 = evidence.checkpoints(10_000, count=10, first=25)


def _chi_square_quantile(level: float, dof: int) -> float:
    """The value a chi-square with ``dof`` degrees of freedom exceeds with chance ``level``."""
    low, high = 0.0, 10.0 * dof
    for _ in range(200):
        middle = (low + high) / 2
        low, high = (middle, high) if stats.chi_square_sf(middle, dof) > level else (low, middle)
    return low


def test_expected_count():
    """Exercise 1: 48,000 shuffles over 24 orders."""
    assert Fraction(48_000, math.factorial(4)) == 2000


def test_numpy_passes_and_the_naive_swap_fails_over_24_orders():
    generator = np.random.default_rng(2024)
    rows = generator.permuted(np.tile(np.arange(4), (48_000, 1)), axis=1)
    orders, counts = np.unique(rows, axis=0, return_counts=True)
    result = stats.chi_square(counts)
    assert len(orders) == 24 and result.dof == 23 and result.p_value > 0.01
    naive_rows = stats.simulate(shuffles.naive_swap_shuffle, 4, 48_000, seed=2024)
    _, naive_counts = np.unique(naive_rows, axis=0, return_counts=True)
    assert stats.chi_square(naive_counts).p_value < 1e-6


def test_the_looks():
    """20 looks from 25 to 10,000 shuffles, the one before the last at 7,295."""
    assert len(LOOKS) == 20 and LOOKS[0] == 25 and LOOKS[-2:] == [7_295, 10_000]
    assert len(LOOKS10) == 10 and LOOKS10[-1] == 10_000


def test_the_trails_of_section_2():
    """Sattolo's loop caught within a few dozen shuffles (p = 0.019 at the first look, 25
    shuffles, then below 0.01), the naive swap after about two hundred; both then stay below
    0.01. Knuth's shuffle raises no alarm at any look of this seed."""
    decks = {name: stats.simulate(shuffle, 5, 10_000, seed=2026)
             for name, shuffle in [("naive swap", shuffles.naive_swap_shuffle),
                                   ("Sattolo", shuffles.sattolo_shuffle)]}
    sattolo = evidence.p_values(decks["Sattolo"], LOOKS)
    assert sattolo[0] > 0.01 and max(sattolo[1:]) < 0.01 and LOOKS[1] == 34
    naive = evidence.p_values(decks["naive swap"], LOOKS)
    caught = next(t for t, p in zip(LOOKS, naive) if p < 0.01)
    assert 150 <= caught <= 300
    assert all(p < 0.01 for t, p in zip(LOOKS, naive) if t >= caught)
    knuth = evidence.p_values(stats.simulate(shuffles.knuth_shuffle, 5, 10_000, seed=2026), LOOKS)
    assert min(knuth) > 0.01


def test_peeking_rates():
    """The peeking prediction's answer (between 5% and 15% at 20 looks), "about 1 run in 9",
    each look alone about 1%, Bonferroni at most about 1%: the lesson's seeded measurement."""
    peek = peeking.false_alarms(5, sorted(set(LOOKS) | set(LOOKS10)), runs=1000, seed=1999)
    twenty = peek.any_alarm(LOOKS)
    assert 0.05 < twenty < 0.15 and abs(twenty - 1 / 9) < 0.03
    assert peek.any_alarm([10_000]) < 0.025
    assert peek.any_alarm(LOOKS10) < twenty
    assert peek.any_alarm(LOOKS, level=0.01 / 20) < 0.02
    assert 0.0 < min(peek.per_look()) and max(peek.per_look()) < 0.025


def test_independent_tests():
    """Exercise 2: about 18%, more than the measured peeking rate."""
    independent = 1 - Fraction(99, 100) ** 20
    assert round(float(independent), 3) == 0.182


def test_plain_sum_averages_20_and_raises_6_false_alarms_in_100():
    """Going further, exercise 4 and what follows it."""
    p = Fraction(1, 5)
    assert 25 * (1 - p) == 20 == Fraction(5, 4) * 16
    quantile = _chi_square_quantile(0.01, 16)
    assert abs(quantile - 32.0) < 0.01
    assert abs(stats.chi_square_sf(quantile * 4 / 5, 16) - 0.06) < 0.002
    runs, each = 4_000, 500
    decks = stats.simulate(shuffles.knuth_shuffle, 5, runs * each, seed=5).reshape(runs, each, 5)
    counts = np.stack([(decks == card).sum(axis=1) for card in range(5)], axis=1)
    plain = ((counts - each / 5) ** 2).sum(axis=(1, 2)) / (each / 5)
    assert math.isclose(stats.chi_square(counts[0]).statistic, plain[0] * 4 / 5)
    assert abs(plain.mean() - 20) < 0.5
    plain_rate = np.mean([stats.chi_square_sf(s, 16) < 0.01 for s in plain])
    scaled_rate = np.mean([stats.chi_square_sf(s * 4 / 5, 16) < 0.01 for s in plain])
    assert 0.045 < plain_rate < 0.075 and scaled_rate < 0.015


def test_seeds_and_orders():
    assert 2**32 == 4_294_967_296
    assert f"{math.factorial(52):.3e}" == "8.066e+67"
    assert round(math.log2(math.factorial(52)), 1) == 225.6


def test_date_seeds_of_2026():
    """Exercise 3: 365 days, 365 different decks."""
    days = [datetime.date(2026, 1, 1) + datetime.timedelta(d) for d in range(365)]
    assert days[-1] == datetime.date(2026, 12, 31)
    decks = set()
    for day in days:
        deck = list(range(52))
        random.Random(int(day.strftime("%Y%m%d"))).shuffle(deck)
        decks.add(tuple(deck))
    assert len(decks) == 365


def test_the_largest_deck_the_twister_could_reach():
    period = 2**19937 - 1
    assert math.factorial(2080) <= period < math.factorial(2081)


def test_modulo_and_rejection():
    assert draws.modulo_law(6, bits=3) == {0: Fraction(2, 8), 1: Fraction(2, 8), 2: Fraction(1, 8),
                                           3: Fraction(1, 8), 4: Fraction(1, 8), 5: Fraction(1, 8)}
    assert draws.modulo_law(6, bits=4)[0] == Fraction(3, 16)          # exercise 5
    assert Fraction(1, 8) / (1 - Fraction(2, 8)) == Fraction(1, 6)
    assert 1 / (1 - Fraction(2, 8)) == 1 / Fraction(6, 8) == Fraction(4, 3)


def test_cpython_takes_n_bit_length_bits():
    """Going further: CPython draws n.bit_length() bits (4 for n = 8, 1 for n = 1), and
    getrandbits(0) is 0 on the Pythons the course supports."""
    class Recording(random.Random):
        asked: list = []

        def getrandbits(self, k):
            self.asked.append(k)
            return super().getrandbits(k)

    rng = Recording(8)
    for n in (8, 1, 6):
        rng.asked.clear()
        rng._randbelow(n)
        assert set(rng.asked) == {n.bit_length()}
    assert random.Random(1).getrandbits(0) == 0


def test_float_draws():
    """Exercise 7 and the 53-bit float draw: about 6 parts in 10^15 for 52 cards."""
    law = draws.float_law(3, 4)
    assert (law[0], law[1], law[2]) == (Fraction(3, 8), Fraction(5, 16), Fraction(5, 16))
    law53 = draws.float_law(52)
    ratio = max(law53.values()) / min(law53.values())
    assert 5.5e-15 < float(ratio - 1) < 6.5e-15
    law4 = exact.distribution(lambda deck, rng: shuffles.float_knuth_shuffle(deck, rng, bits=4), 3)
    assert len(set(law4.values())) > 1


def test_poker_1999_last_card_never_stays():
    poker = exact.distribution(shuffles.poker_1999_shuffle, 6)
    matrix = stats.exact_position_matrix(poker)
    assert matrix[5][5] == 0 and sum(poker.values()) == 1


def test_milliseconds_per_day():
    """The poker prediction's answer: about 9 x 10^7 decks, 2^26.4."""
    assert 24 * 60 * 60 * 1000 == 86_400_000
    assert round(math.log2(86_400_000), 1) == 26.4


def test_clock_seeded_deal_is_found_from_five_cards():
    deck52 = cards.standard_deck()

    def deal(milliseconds):
        dealt = list(deck52)
        shuffles.knuth_shuffle(dealt, random.Random(milliseconds))
        return dealt

    server_clock, guess = 45_296_789, 45_297_000
    assert server_clock == ((12 * 60 + 34) * 60 + 56) * 1000 + 789
    seen = deal(server_clock)[-5:]
    matches = [ms for ms in range(guess - 1000, guess + 1001) if deal(ms)[-5:] == seen]
    assert matches == [server_clock]


def test_624_outputs_give_the_twister_away():
    server = random.Random(secrets.randbits(128))
    copy = twister.clone([server.getrandbits(32) for _ in range(624)])
    ours, theirs = list(range(52)), list(range(52))
    shuffles.knuth_shuffle(ours, server)
    shuffles.knuth_shuffle(theirs, copy)
    assert ours == theirs
