"""Argument checks shared by every module: one way to say what is wrong.

A wrong *type* raises TypeError, a wrong *value* raises ValueError, and the
message names the argument and what was given. Every public function of
cardlib checks its arguments with these before it starts any work.

>>> whole_number("players", 3, minimum=1)
3
>>> whole_number("players", 2.5)
Traceback (most recent call last):
...
TypeError: players must be a whole number, not float 2.5
>>> whole_number("players", 0, minimum=1)
Traceback (most recent call last):
...
ValueError: players must be at least 1, got 0
"""

from __future__ import annotations

import numbers
import random
from collections.abc import Callable, MutableSequence
from fractions import Fraction
from typing import Protocol, runtime_checkable

__all__ = [
    "ContractError",
    "RandomSource",
    "Shuffle",
    "as_rng",
    "whole_number",
    "probability",
    "positive_number",
    "one_of",
    "in_place",
    "function",
    "limit",
]


class ContractError(AttributeError, ValueError):
    """A shuffle broke the contract: randomness from elsewhere than ``rng.randrange``.

    An AttributeError when it asks its rng for something else (``rng.random``),
    so that ``hasattr`` keeps working, and a ValueError: a shuffle that breaks
    the contract is a wrong value for an argument that must keep it.
    """


@runtime_checkable
class RandomSource(Protocol):
    """What a shuffle may ask of its ``rng``: ``randrange`` and nothing else.

    ``random.Random`` is one; so are the scripted sources of :mod:`cardlib.exact`
    and :mod:`cardlib.steps`, which is what lets them enumerate and replay shuffles.
    """

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int: ...


#: A shuffle: ``shuffle(deck, rng)`` shuffles ``deck`` in place and returns None,
#: or returns a new list; all its randomness comes from ``rng.randrange``.
Shuffle = Callable[..., "list | None"]


def as_rng(rng=None) -> RandomSource:
    """Return a random source with a ``randrange`` method.

    ``None`` gives a fresh unseeded ``random.Random``, an int (NumPy's too) a seeded one.

    >>> as_rng(3).randrange(10) == random.Random(3).randrange(10)
    True
    >>> as_rng("seed")
    Traceback (most recent call last):
    ...
    TypeError: rng must be None, an int seed or an object with a randrange method
    such as random.Random, not str
    """
    if rng is None:
        return random.Random()
    # The rng's own randrange first: the common case, and the cheapest check.
    if callable(getattr(rng, "randrange", None)) and not isinstance(rng, type):
        return rng
    if isinstance(rng, numbers.Integral) and not isinstance(rng, bool):
        return random.Random(int(rng))
    raise TypeError(
        "rng must be None, an int seed or an object with a randrange method "
        f"such as random.Random, not {type(rng).__name__}"
    )


def whole_number(name: str, value, minimum: int | None = 0, maximum: int | None = None) -> int:
    """Return ``value`` as an int if it is a whole number in [minimum, maximum].

    Python and NumPy integers are accepted; bools, floats and strings are not.

    >>> whole_number("n", 10, maximum=8)
    Traceback (most recent call last):
    ...
    ValueError: n must be at most 8, got 10
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__} {value!r}")
    value = int(value)
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must be at most {maximum}, got {value}")
    return value


def probability(name: str, value) -> Fraction:
    """Return ``value`` as a Fraction between 0 and 1 (a whole number or a Fraction).

    Floats are refused: every random choice goes through ``randrange``, which
    needs the probability as a ratio of whole numbers.

    >>> probability("p", Fraction(1, 3))
    Fraction(1, 3)
    >>> probability("p", 0.5)
    Traceback (most recent call last):
    ...
    TypeError: p must be a Fraction such as Fraction(1, 3)
    (all randomness goes through randrange), not float 0.5
    """
    if isinstance(value, bool) or not isinstance(value, (numbers.Integral, Fraction)):
        raise TypeError(
            f"{name} must be a Fraction such as Fraction(1, 3) (all randomness goes through "
            f"randrange), not {type(value).__name__} {value!r}"
        )
    value = Fraction(value)
    if not 0 <= value <= 1:
        raise ValueError(f"{name} is a probability between 0 and 1, got {value}")
    return value


def positive_number(name: str, value) -> float:
    """Return ``value`` as a float if it is a finite real number above 0.

    >>> positive_number("budget", 0)
    Traceback (most recent call last):
    ...
    ValueError: budget must be a finite number above 0, got 0
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, not {type(value).__name__} {value!r}")
    if not 0 < value < float("inf"):
        raise ValueError(f"{name} must be a finite number above 0, got {value!r}")
    return float(value)


def one_of(name: str, value, options) -> object:
    """Return ``value`` if it is one of ``options``.

    >>> one_of("kind", "up", ("out", "in"))
    Traceback (most recent call last):
    ...
    ValueError: kind must be one of 'out', 'in'; got 'up'
    """
    try:
        known = value in options
    except TypeError:  # an unhashable value asked of a set or dict
        known = False
    if not known:
        listed = ", ".join(repr(option) for option in options)
        raise ValueError(f"{name} must be one of {listed}; got {value!r}")
    return value


def function(name: str, value) -> Callable:
    """Return ``value`` if it can be called, such as a shuffle ``f(deck, rng)``.

    >>> function("shuffle", 3)
    Traceback (most recent call last):
    ...
    TypeError: shuffle must be a function, such as a shuffle f(deck, rng), not int 3
    """
    if not callable(value):
        raise TypeError(f"{name} must be a function, such as a shuffle f(deck, rng), "
                        f"not {type(value).__name__} {value!r:.60}")
    return value


def limit(name: str, value: int, maximum: int, how: str) -> int:
    """Return ``value`` if it is at most ``maximum``; else say the limit and how to get under it.

    For sizes that would take too long or too much memory: the check comes
    before any work or allocation.

    >>> limit("players", 10**9, 54, "deal at most one card to each of 54 players")
    Traceback (most recent call last):
    ...
    ValueError: players = 1,000,000,000 is more than the limit of 54:
    deal at most one card to each of 54 players
    """
    if value > maximum:
        raise ValueError(f"{name} = {value:,} is more than the limit of {maximum:,}: {how}")
    return value


def in_place(function: str, deck) -> MutableSequence:
    """Return ``deck`` if it is a list (or another mutable sequence) that can be shuffled in place.

    >>> in_place("knuth_shuffle", "ABC")
    Traceback (most recent call last):
    ...
    TypeError: knuth_shuffle shuffles a list in place, but got str: pass list(...) of it,
    or use pick_and_remove, which returns a new list
    """
    if not isinstance(deck, MutableSequence):
        raise TypeError(
            f"{function} shuffles a list in place, but got {type(deck).__name__}: "
            "pass list(...) of it, or use pick_and_remove, which returns a new list"
        )
    return deck
