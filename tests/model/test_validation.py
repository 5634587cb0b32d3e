"""cardlib.validation: every argument validated from its annotation, once, before the body runs."""

from __future__ import annotations

import inspect
import random
from collections.abc import Iterable, MutableSequence
from fractions import Fraction

import numpy as np
import pytest

from cardlib import shuffles, validation
from cardlib.untrusted import is_own
from cardlib.validation import MAX_ITEMS, Probability, Rng, listed, validate_arguments, whole


@validate_arguments
def _swap_ends(deck: MutableSequence, rng: Rng = None, times: whole(1, 3) = 1) -> Rng:
    """Swap the first and last cards ``times`` times; return the rng the body was given."""
    for _ in range(times):
        deck[0], deck[-1] = deck[-1], deck[0]
    return rng


@pytest.mark.compat
def test_the_body_gets_validated_arguments_fast_path_or_not():
    deck = [1, 2, 3]
    rng = random.Random(1)
    assert _swap_ends(deck, rng) is rng and deck == [3, 2, 1]  # the usual values, as they are
    assert type(_swap_ends(deck)) is random.Random            # None: a fresh random.Random
    assert _swap_ends(deck, 7).randrange(100) == random.Random(7).randrange(100)  # a seed
    assert _swap_ends(deck, rng, np.int64(2)) is rng           # a NumPy int is a whole number
    with pytest.raises(TypeError, match="times must be a whole number, not bool"):
        _swap_ends(deck, rng, True)
    with pytest.raises(ValueError, match="times must be at most 3, got 4"):
        _swap_ends(deck, rng, 4)
    with pytest.raises(TypeError, match="_swap_ends shuffles a list in place, but got tuple"):
        _swap_ends((1, 2))
    with pytest.raises(ValueError, match="at most 1,000,000 cards"):
        _swap_ends([0] * (MAX_ITEMS + 1))


def test_the_wrapper_is_the_function_for_readers_and_tools():
    inner = inspect.unwrap(_swap_ends)
    assert inner is not _swap_ends and _swap_ends.__name__ == "_swap_ends"
    assert _swap_ends.__doc__ == inner.__doc__ and _swap_ends.__module__ == __name__
    assert str(inspect.signature(_swap_ends)) == str(inspect.signature(inner))
    assert inspect.getsource(_swap_ends).startswith("@validate_arguments\ndef _swap_ends(")
    assert is_own(shuffles.knuth_shuffle)  # cardlib's own: found by name in its module


@pytest.mark.compat
def test_every_kind_of_parameter_passes_through():
    @validate_arguments
    def f(a: whole(0), /, b: Iterable = "xy", *more, c: Probability = Fraction(1, 2),
          title: str = None, **rest):
        return a, b, more, c, title, rest

    assert f(1) == (1, ["x", "y"], (), Fraction(1, 2), None, {})  # a refused default is kept
    assert f(1, range(2), 5, c=1, z=0) == (1, [0, 1], (5,), Fraction(1), None, {"z": 0})
    with pytest.raises(TypeError, match="title must be a string"):
        f(1, title=3)
    with pytest.raises(TypeError, match="c must be a Fraction"):
        f(1, c=0.5)


def test_requires_gets_the_validated_arguments_it_names():
    seen = {}

    def fits(deck, k):
        seen.update(deck=deck, k=k)
        if k > len(deck):
            raise ValueError(f"cannot take {k} cards from {len(deck)}")

    @validate_arguments(requires=fits)
    def take(deck: listed(at_most=5), k: whole(0), rng: Rng = None) -> list:
        return deck[:k]

    assert take(iter("abc"), np.int8(2)) == ["a", "b"]
    assert seen == {"deck": ["a", "b", "c"], "k": 2} and type(seen["k"]) is int
    with pytest.raises(ValueError, match="cannot take 4 cards from 3"):
        take("abc", 4)
    with pytest.raises(ValueError, match="deck holds 6 items, more than the limit of 5"):
        take("abcdef", 1)


def test_listed_checks_each_item():
    @validate_arguments
    def total(sizes: listed(of=whole(1))) -> int:
        return sum(sizes)

    assert total(x for x in (1, 2)) == 3
    with pytest.raises(ValueError, match="each item of sizes must be at least 1, got 0"):
        total([1, 0])


@pytest.mark.compat
def test_bad_uses_of_the_decorator_are_refused():
    with pytest.raises(TypeError, match="function must be a function"):
        validate_arguments(3)
    with pytest.raises(TypeError, match="requires must be a function"):
        validate_arguments(requires=3)
    with pytest.raises(ValueError, match="at_most must be at least 0"):
        listed(-1)
    with pytest.raises(TypeError, match="minimum must be a whole number"):
        whole(0.5)


def test_a_function_with_nothing_to_validate_is_left_as_it_is():
    def plain(x, y=2):
        return x + y

    assert validate_arguments(plain) is plain
    assert "Rule" in validation.__all__ and "checked" not in validation.__all__


@pytest.mark.compat
def test_requires_may_only_ask_for_the_function_s_arguments():
    def fits(deck, count):
        return None

    with pytest.raises(TypeError, match="requires asks for count, which take does not take"):
        @validate_arguments(requires=fits)
        def take(deck: Iterable, k: whole(0)) -> list:
            return deck[:k]
