"""Lesson 6's exercise checks: each accepts its answer and explains typical wrong ones."""

from fractions import Fraction

import pytest

from cardlib.exercises import TODO
from cardlib.exercises.testing import (
    check_date_seeds,
    check_expected_count,
    check_float_law,
    check_modulo_chance,
    check_peeking_bound,
    check_plain_sum_mean,
    check_randbelow,
)


@pytest.mark.parametrize("check, answer, wrongs", [
    (check_expected_count, 2000, {12_000: "one position", 24: "number of orders",
                                  Fraction(1, 24): "multiply"}),
    (check_peeking_bound, 1 - Fraction(99, 100) ** 20,
     {Fraction(1, 5): "counts twice", Fraction(1, 100): "one test",
      Fraction(99, 100) ** 20: "no* alarm", 0.18: "float"}),
    (check_plain_sum_mean, 20, {16: "degrees of freedom", 25: "variance", 4: "one row"}),
    (check_date_seeds, 365, {366: "leap", 99_991_231: "Only dates", 2**32: "2^32"}),
    (check_modulo_chance, Fraction(3, 16), {Fraction(1, 6): "would be fair",
                                            Fraction(1, 8): "12", Fraction(1, 4): "3-bit"}),
    (check_float_law, (Fraction(3, 8), Fraction(5, 16), Fraction(5, 16)),
     {(Fraction(1, 3),) * 3: "would be fair", (Fraction(5, 16),) * 2 + (Fraction(3, 8),):
      "extra value"}),
])
def test_value_checks(check, answer, wrongs):
    assert check(answer).ok and check(TODO).status == "todo"
    for given, explanation in wrongs.items():
        feedback = check(given)
        assert feedback.status == "wrong" and explanation in feedback.message, (given, feedback)


def test_the_float_law_answer_counts_every_k():
    counts = [0, 0, 0]
    for k in range(16):
        counts[int(k / 16 * 3)] += 1
    assert check_float_law(tuple(Fraction(c, 16) for c in counts)).ok
    as_list = check_float_law([Fraction(3, 8), Fraction(5, 16), Fraction(5, 16)])
    assert as_list.ok  # where only the values matter, a list is as good as a tuple
    assert "give 3 values" in check_float_law((Fraction(3, 8), Fraction(5, 8))).message


def test_the_plain_sum_averages_n_times_n_minus_1_for_any_number_of_shuffles():
    """The right answer, recomputed over every run of T = 1 and T = 2 fair shuffles of 5."""
    import itertools

    n = 5
    orders = list(itertools.permutations(range(n)))
    for trials in (1, 2):
        total, count = Fraction(0), 0
        for run in itertools.product(orders, repeat=trials):
            cells = [[0] * n for _ in range(n)]
            for order in run:
                for position, card in enumerate(order):
                    cells[card][position] += 1
            total += sum((Fraction(c) - Fraction(trials, n)) ** 2 for row in cells for c in row)
            count += 1
        mean = total / count / Fraction(trials, n)
        assert mean == n * (n - 1) and check_plain_sum_mean(mean).ok


def _randbelow(k, rng):
    bits = (k - 1).bit_length()
    value = rng.getrandbits(bits)
    while value >= k:
        value = rng.getrandbits(bits)
    return value


def test_randbelow_check():
    assert check_randbelow(_randbelow).ok
    assert check_randbelow(lambda k, rng: TODO).status == "todo"
    modulo = check_randbelow(lambda k, rng: rng.getrandbits(k.bit_length()) % k)
    assert modulo.status == "wrong" and "modulo" in modulo.message
