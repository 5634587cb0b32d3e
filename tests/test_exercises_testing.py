"""Lesson 5's exercise checks: each accepts its answer and explains typical wrong ones."""

from fractions import Fraction

import pytest

from cardlib.exercises import TODO
from cardlib.exercises.testing import (
    check_date_seeds,
    check_expected_count,
    check_float_law,
    check_modulo_chance,
    check_peeking_bound,
)


@pytest.mark.parametrize("check, answer, wrongs", [
    (check_expected_count, 2000, {12_000: "one position", 24: "number of orders",
                                  Fraction(1, 24): "multiply"}),
    (check_peeking_bound, 1 - Fraction(99, 100) ** 20,
     {Fraction(1, 5): "counts twice", Fraction(1, 100): "one test",
      Fraction(99, 100) ** 20: "no* alarm", 0.18: "float"}),
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
