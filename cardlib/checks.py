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

import builtins
import collections.abc
import functools
import inspect
import itertools
import math
import numbers
import operator
import random
import types
import typing
from collections.abc import Callable, Collection, MutableSequence
from fractions import Fraction
from typing import Protocol, runtime_checkable

try:  # the learner core needs the standard library only (NumPy is absent in the browser)
    import numpy as np
except ImportError:  # pragma: no cover - tested in a subprocess that blocks numpy
    np = None

__all__ = [
    "ContractError",
    "RandomSource",
    "Shuffle",
    "as_rng",
    "numpy_for",
    "whole_number",
    "probability",
    "positive_number",
    "one_of",
    "in_place",
    "function",
    "limit",
    "MAX_ITEMS",
    "sequence",
    "shuffle_table",
    "numbers_array",
    "decks_array",
    "DESCRIPTIONS",
    "checked",
]

#: The most items (cards, sizes, sources) a sequence argument may hold: a million.
MAX_ITEMS = 1_000_000


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
    if type(rng) is random.Random:  # the common case, checked at the cost of one comparison
        return rng
    if rng is None:
        return random.Random()
    # Another object with a randrange method (a scripted rng, a subclass).
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
    if type(value) is not int:  # the usual case first: checking an int takes no ABC lookup
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise TypeError(
                f"{name} must be a whole number, not {type(value).__name__} {value!r:.60}")
        value = int(value)
    for bound, given in (("minimum", minimum), ("maximum", maximum)):
        if given is not None and type(given) is not int and (
                isinstance(given, bool) or not isinstance(given, numbers.Real)):
            raise TypeError(f"the {bound} for {name} must be a number or None, not {given!r:.40}")
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
    if not isinstance(options, Collection):  # a list, tuple, set, dict or its keys: not a generator
        raise TypeError(f"the options for {name} must be a list, not {options!r:.40}")
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
    for what, number in (("value", value), ("maximum", maximum)):
        if isinstance(number, bool) or not isinstance(number, numbers.Real):
            raise TypeError(f"the {what} of {name} must be a number, not {number!r:.40}")
    if value > maximum:
        raise ValueError(f"{name} = {value:,} is more than the limit of {maximum:,}: {how}")
    return int(value) if isinstance(value, numbers.Integral) else value


def sequence(name: str, value, maximum: int = MAX_ITEMS) -> list:
    """Return ``list(value)``, refusing a non-iterable, and more than ``maximum`` items at once.

    The size is checked before the list is built: from ``len`` when the value
    has one (``range(10**9)`` is refused without allocating), and for an
    iterator by reading at most ``maximum + 1`` items (so an endless generator
    is refused too). A generator can be given once: it is read here, once.

    >>> sequence("deck", range(3)), sequence("deck", (c for c in "ab"))
    ([0, 1, 2], ['a', 'b'])
    >>> sequence("deck", range(10**9))
    Traceback (most recent call last):
    ...
    ValueError: deck holds 1,000,000,000 items, more than the limit of 1,000,000
    >>> sequence("deck", 52)
    Traceback (most recent call last):
    ...
    TypeError: deck must be a sequence such as a list, a range or a string, not int 52
    """
    maximum = whole_number("maximum", maximum)
    if type(value) in (list, tuple, str, range):  # the usual cases, at once
        if len(value) > maximum:
            raise ValueError(f"{name} holds {len(value):,} items, more than the limit of "
                             f"{maximum:,}")
        return list(value)
    try:
        size = len(value)
    except TypeError:
        size = None
    if size is not None and size > maximum:
        raise ValueError(f"{name} holds {size:,} items, more than the limit of {maximum:,}")
    try:
        items = iter(value)
    except TypeError:
        raise TypeError(f"{name} must be a sequence such as a list, a range or a string, "
                        f"not {type(value).__name__} {value!r:.40}") from None
    listed = list(itertools.islice(items, maximum + 1))
    if len(listed) > maximum:
        raise ValueError(f"{name} holds more than the limit of {maximum:,} items")
    return listed


def shuffle_table(name: str, shuffles) -> dict:
    """Return ``shuffles`` if it is a non-empty dict of names to shuffles (functions).

    >>> shuffle_table("shuffles", {})
    Traceback (most recent call last):
    ...
    ValueError: shuffles must name at least one shuffle, such as {"Knuth": knuth_shuffle}
    """
    if not isinstance(shuffles, dict):
        raise TypeError(f"{name} must be a dict of names to shuffles, such as "
                        f'{{"Knuth": knuth_shuffle}}, not {type(shuffles).__name__}')
    if not shuffles:
        raise ValueError(f'{name} must name at least one shuffle, such as '
                         '{"Knuth": knuth_shuffle}')
    for label, shuffle in shuffles.items():
        if not isinstance(label, str):
            raise TypeError(f"{name} must be keyed by names (strings), not {label!r:.40}")
        function(f"{name}[{label!r}]", shuffle)
    return shuffles


def numbers_array(name: str, value, ndim: int | None = None, square: bool = False):
    """Return ``value`` as a float NumPy array of finite numbers, of ``ndim`` dimensions.

    >>> numbers_array("matrix", [[0.5, 0.5]], ndim=2, square=True)
    Traceback (most recent call last):
    ...
    ValueError: matrix must be a square matrix, got shape (1, 2)
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a string, not {type(name).__name__}")
    if ndim is not None:
        ndim = whole_number("ndim", ndim, minimum=0, maximum=32)
    if isinstance(value, (str, bytes, dict)) or value is None:
        raise TypeError(f"{name} must be numbers (a list or an array), not "
                        f"{type(value).__name__}")
    try:
        array = numpy_for(name).asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be numbers (a list or an array), not "
                        f"{type(value).__name__} {value!r:.40}") from None
    if ndim is not None and array.ndim != ndim:
        shape = "a list" if ndim == 1 else f"a {ndim}-D array"
        raise ValueError(f"{name} must be {shape} of numbers, got shape {array.shape}")
    if square and (array.ndim != 2 or array.shape[0] != array.shape[1] or not array.size):
        raise ValueError(f"{name} must be a square matrix, got shape {array.shape}")
    if not np.isfinite(array).all():
        raise ValueError(f"{name} must hold finite numbers (no inf or nan)")
    return array


def numpy_for(what: str):
    """NumPy, or a ModuleNotFoundError naming ``what`` needs it (Python in the page has none).

    >>> numpy_for("rising_counts").__name__
    'numpy'
    """
    if np is None:
        raise ModuleNotFoundError(f"{what} needs NumPy, which this Python has not got (Python "
                                  "in the page has none): run it in JupyterLab")
    return np


def decks_array(name: str, value):
    """Return ``value`` as a 2-D integer NumPy array: one deck per row, as simulate makes them.

    >>> decks_array("decks", [0, 1])
    Traceback (most recent call last):
    ...
    ValueError: decks must be a 2-D array with one deck per row, got shape (2,)
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a string, not {type(name).__name__}")
    if isinstance(value, (str, bytes, dict)) or value is None:
        raise TypeError(f"{name} must be a 2-D array of cards, not {type(value).__name__}")
    try:
        array = numpy_for(name).asarray(value)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a 2-D array of cards, not {value!r:.40}") from None
    if array.ndim != 2:
        raise ValueError(f"{name} must be a 2-D array with one deck per row, "
                         f"got shape {array.shape}")
    if array.size and array.dtype.kind not in "iu":
        raise TypeError(f"{name} must hold whole numbers (cards), not {array.dtype} values")
    return array


def in_place(function: str, deck) -> MutableSequence:
    """Return ``deck`` if it is a list (or another mutable sequence) that can be shuffled in place.

    >>> in_place("knuth_shuffle", "ABC")
    Traceback (most recent call last):
    ...
    TypeError: knuth_shuffle shuffles a list in place, but got str for the deck:
    pass list(...) of it,
    or use pick_and_remove, which returns a new list
    """
    # A plain list first: the common case, and cheaper than the ABC check.
    if type(deck) is not list and not isinstance(deck, MutableSequence):
        raise TypeError(
            f"{function} shuffles a list in place, but got {type(deck).__name__} for the deck: "
            "pass list(...) of it, or use pick_and_remove, which returns a new list"
        )
    if len(deck) > MAX_ITEMS:
        raise ValueError(f"{function} shuffles decks of at most {MAX_ITEMS:,} cards, "
                         f"got {len(deck):,}")
    return deck


# --- arguments checked against a function's annotations ---------------------------------

def _is_type(hint) -> bool:
    """True for a class that isinstance() accepts; False for a parameterized generic such
    as ``list[int]``, which Python 3.10 also calls a type."""
    return isinstance(hint, type) and not isinstance(hint, types.GenericAlias)


def _element_check(name: str, hint):
    """A check of one item of a sequence annotated Sequence[hint]."""
    if hint is int:
        return lambda item: whole_number(f"each item of {name}", item, minimum=None)
    if hint is float:
        def real(item) -> None:
            if isinstance(item, bool) or not isinstance(item, numbers.Real):
                raise TypeError(f"{name} must hold numbers, not {type(item).__name__}")
            if not math.isfinite(item):
                raise ValueError(f"{name} must hold finite numbers, not {item!r}")
        return real
    if hint is str:
        def text(item) -> None:
            if not isinstance(item, str):
                raise TypeError(f"{name} must hold strings, not {type(item).__name__}")
        return text
    if _is_type(hint):
        def instance(item) -> None:
            if not isinstance(item, hint):
                raise TypeError(f"{name} must hold {hint.__name__} objects, "
                                f"not {type(item).__name__} {item!r:.40}")
        return instance
    return None


def _numbers_at_once(listed, hint) -> bool:
    """True if ``listed`` is many whole numbers (hint int) or finite numbers (hint float),
    checked by NumPy in one go; False to check item by item."""
    if np is None or hint not in (int, float) or len(listed) < 64:
        return False
    array = np.asarray(listed)
    if hint is int:
        return array.dtype.kind in "iu"
    return array.dtype.kind in "iuf" and bool(np.isfinite(array).all())


def _argument_check(name: str, hint):
    """Return check(value) -> value (perhaps converted), or None when nothing is checked."""
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        inner = (_argument_check(name, rest[0]) if len(rest) == 1
                 else _argument_check(name, functools.reduce(operator.or_, rest)))
        return None if inner is None else (lambda v: None if v is None else inner(v))
    if origin in (typing.Union, types.UnionType) and all(_is_type(a) for a in args):
        def one_of_types(value):
            if not isinstance(value, args):
                names = " or ".join(a.__name__ for a in args)
                raise TypeError(f"{name} must be {names}, not {type(value).__name__}")
            return value
        return one_of_types
    if hint is int:
        def whole(value):
            if isinstance(value, numbers.Rational) and not isinstance(value, (bool, int)) \
                    and value.denominator == 1:
                return value  # Fraction(52, 1) and the like: whole, passed on as they are
            return whole_number(name, value, minimum=None)
        return whole
    if hint is float:
        def real(value):
            _element_check(name, float)(value)
            return value
        return real
    if hint is str:
        def text(value):
            if not isinstance(value, str):
                raise TypeError(f"{name} must be a string, not {type(value).__name__}")
            return value
        return text
    if origin is collections.abc.Callable or hint is collections.abc.Callable:
        def call(value):
            if not callable(value):
                raise TypeError(f"{name} must be a function, not {type(value).__name__}")
            return value
        return call
    if np is not None and hint is np.ndarray:
        def array(value):
            numbers_array(name, value)  # numbers, or a clear error; passed on as they are
            return np.asarray(value)
        return array
    if origin in (collections.abc.Sequence, list, tuple):
        fixed = len(args) if origin is tuple and args and Ellipsis not in args else None
        item = _element_check(name, args[0]) if args and args[0] is not Ellipsis else None
        if fixed:  # tuple[A, B]: a check for each place
            places = [_element_check(f"{name}[{i}]", a) for i, a in enumerate(args)]
            item = None

        def items(value):
            if isinstance(value, (str, bytes, dict)):
                raise TypeError(f"{name} must be a sequence such as a list, "
                                f"not {type(value).__name__}")
            listed = (value if np is not None and isinstance(value, np.ndarray)
                      else sequence(name, value))
            if fixed is not None and len(listed) != fixed:
                raise ValueError(f"{name} must hold {fixed} items, got {len(listed)}")
            if fixed:
                for check, thing in zip(places, listed):
                    if check is not None:
                        check(thing)
            if item is not None and not _numbers_at_once(listed, args[0]):
                for thing in listed:
                    item(thing)
            return listed
        return items
    if origin is dict or hint is dict:
        def mapping(value):
            if not isinstance(value, dict):
                raise TypeError(f"{name} must be a dict, not {type(value).__name__}")
            return value
        return mapping
    if hint is Fraction:  # a whole number is a Fraction too
        def rational(value):
            if isinstance(value, bool) or not isinstance(value, numbers.Rational):
                raise TypeError(f"{name} must be a Fraction such as Fraction(1, 3), "
                                f"not {type(value).__name__} {value!r:.40}")
            return value
        return rational
    if _is_type(hint) and hint not in (bool, object):
        described = DESCRIPTIONS.get(hint, f"a {hint.__name__}")

        def instance(value):
            if not isinstance(value, hint):
                raise TypeError(f"{name} must be {described}, not {type(value).__name__}")
            return value
        return instance
    return None


#: How a class is named in a message ("matplotlib Axes (such as fig.add_subplot())");
#: other layers add theirs.
DESCRIPTIONS: dict[type, str] = {}


def checked(function):
    """Check a function's arguments against its annotations before it runs.

    Whole numbers, numbers, strings, sequences (read once, so a generator works,
    and their items), dicts, functions and classes (Card, matplotlib's Axes):
    a wrong one gets a TypeError or ValueError that names it. Annotations that
    say nothing checkable (``bool``, a bare ``matrix``) are left to the function.

    >>> from collections.abc import Sequence
    >>> def deal_to(players: int, names: Sequence[str]) -> int:
    ...     return players
    >>> checked(deal_to)(2.5, ["a"])
    Traceback (most recent call last):
    ...
    TypeError: players must be a whole number, not float 2.5
    """
    if not callable(function):
        raise TypeError(f"function must be a function, not {type(function).__name__}")
    try:  # the builtins too: a doctest's namespace may lack them
        namespace = {**vars(builtins), **getattr(function, "__globals__", {})}
        hints = typing.get_type_hints(function, globalns=namespace)
    except (NameError, TypeError):
        hints = {}
    signature = inspect.signature(function)
    plain = {name for name, p in signature.parameters.items()
             if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}
    checks = {name: check for name, hint in hints.items()
              if name in plain and (check := _argument_check(name, hint)) is not None}

    @functools.wraps(function)
    def checked(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        for name, value in list(bound.arguments.items()):
            if name in checks:
                bound.arguments[name] = checks[name](value)
        return function(*bound.args, **bound.kwargs)

    return checked
