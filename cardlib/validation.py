"""Argument validation: one way to say what is wrong with an argument, before any work.

A wrong *type* raises TypeError, a wrong *value* raises ValueError, and the
message names the argument and what was given. Every public function of
cardlib's model validates its arguments in one way: the decorator
:func:`validate_arguments` reads the function's annotations (a deck, a whole
number between two bounds, a probability, a random source...) and validates each
argument with the functions below before the body runs, so that the body a
lesson shows holds the algorithm and nothing else. A rule that ties arguments
together (no more cards drawn than the deck holds) is a function given as
``requires``.

>>> @validate_arguments
... def deal_to(players: whole(1), names: list[str]) -> int:
...     return players
>>> deal_to(2.5, ["a"])
Traceback (most recent call last):
...
TypeError: players must be a whole number, not float 2.5
>>> deal_to(0, ["a"])
Traceback (most recent call last):
...
ValueError: players must be at least 1, got 0

The validators can be called directly too:

>>> whole_number("players", 3, minimum=1)
3
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
from collections.abc import Callable, Collection, Iterable, MutableSequence
from fractions import Fraction
from typing import Annotated, Literal, Protocol, runtime_checkable

try:  # the learner core needs the standard library only (NumPy is absent in the browser)
    import numpy as np
except ImportError:  # pragma: no cover - tested in a subprocess that blocks numpy
    np = None

__all__ = [
    "validate_arguments",
    "Rule",
    "whole",
    "listed",
    "Probability",
    "Rng",
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

#: What an ``rng`` argument may be: a random source, an int seed, or None (a fresh unseeded
#: ``random.Random``); :func:`validate_arguments` hands the body a random source (:func:`as_rng`).
Rng = RandomSource | int | None


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


# --- what an annotation asks of its argument ---------------------------------------------

class Rule:
    """An argument's rule, for an annotation: ``Annotated[list, Rule(validate)]`` has
    :func:`validate_arguments` call ``validate(name, value)``, which returns the value (perhaps
    converted) or raises.

    >>> def even(name, value):
    ...     if value % 2:
    ...         raise ValueError(f"{name} must be even, got {value}")
    ...     return value
    >>> Annotated[int, Rule(even)]
    typing.Annotated[int, Rule(even)]
    """

    def __init__(self, validate: Callable, text: str | None = None,
                 fast: str | None = None) -> None:
        function("validate", validate)
        self.validate = validate
        self.text = text or f"Rule({getattr(validate, '__name__', repr(validate))})"
        #: For cardlib's own rules: a test of ``{v}`` that passes a valid value as it is.
        self.fast = fast

    def __call__(self, name: str, value):
        return self.validate(name, value)

    def __repr__(self) -> str:
        return self.text


def whole(minimum: int | None = 0, maximum: int | None = None):
    """The annotation of a whole number in [minimum, maximum] (:func:`whole_number`).

    >>> whole(1, 53)
    typing.Annotated[int, whole(1, 53)]
    """
    for bound, given in (("minimum", minimum), ("maximum", maximum)):
        if given is not None:
            whole_number(bound, given, minimum=None)
    rule = functools.partial(whole_number, minimum=minimum, maximum=maximum)
    fast = "type({v}) is __int" + ("" if minimum is None else f" and {{v}} >= {int(minimum)}") \
        + ("" if maximum is None else f" and {{v}} <= {int(maximum)}")
    return Annotated[int, Rule(rule, f"whole({minimum}, {maximum})", fast)]


def listed(at_most: int = MAX_ITEMS, of=None):
    """The annotation of any sequence or iterable, read once into a new list of at most
    ``at_most`` items (:func:`sequence`), each one ``of`` this annotation if given.

    >>> listed(10, of=whole(0))
    typing.Annotated[list, listed(at_most=10, of=whole(0, None))]
    """
    at_most = whole_number("at_most", at_most)
    if of is not None and _element_check("x", of) is None:
        raise TypeError(f"of must be an annotation that can be checked, such as whole(0), "
                        f"not {of!r:.40}")

    def read(name: str, value) -> list:
        items = sequence(name, value, maximum=at_most)
        if of is not None:
            check = _element_check(name, of)
            for item in items:
                check(item)
        return items

    shown = "" if of is None else f", of={_rule_of(of) or getattr(of, '__name__', of)}"
    return Annotated[list, Rule(read, f"listed(at_most={at_most}{shown})")]


#: The annotation of a probability: a Fraction between 0 and 1 (:func:`probability`).
Probability = Annotated[Fraction, Rule(probability, "Probability")]


# --- arguments validated against a function's annotations --------------------------------

def _is_type(hint) -> bool:
    """True for a class that isinstance() accepts; False for a parameterized generic such
    as ``list[int]``, which Python 3.10 also calls a type."""
    return isinstance(hint, type) and not isinstance(hint, types.GenericAlias)


def _element_check(name: str, hint):
    """A check of one item of a sequence annotated Sequence[hint]."""
    rule = _rule_of(hint)
    if rule is not None:
        return lambda item: rule(f"each item of {name}", item)
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


def _rule_of(hint) -> Rule | None:
    """The rule of ``Annotated[type, Rule(...)]``, or None for any other hint."""
    if typing.get_origin(hint) is Annotated:
        return next((m for m in hint.__metadata__ if isinstance(m, Rule)), None)
    return None


def _fast(check: Callable, test: str | None) -> Callable:
    """``check``, with the test of its usual valid values that the wrapper makes inline."""
    check.fast = test
    return check


def _argument_check(name: str, hint, function: str = "the function"):
    """Return check(value) -> value (perhaps converted), or None when nothing is checked.

    ``function`` is the name of the function whose argument it is, for the messages
    that name it (a deck shuffled in place).
    """
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    rule = _rule_of(hint)
    if rule is not None:
        return _fast(lambda value: rule(name, value), rule.fast)
    if origin is Annotated:  # metadata that is no rule: the type alone
        return _argument_check(name, args[0], function)
    if hint is RandomSource or (origin in (typing.Union, types.UnionType)
                                and RandomSource in args):
        return _fast(lambda value: as_rng(value), "type({v}) is __Random")
    if hint is MutableSequence:
        return _fast(lambda value: in_place(function, value),
                     "type({v}) is __list and len({v}) <= __MAX_ITEMS")
    if hint is Iterable:
        return lambda value: sequence(name, value)
    if origin is Literal:
        return lambda value: one_of(name, value, args)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        inner = (_argument_check(name, rest[0], function) if len(rest) == 1
                 else _argument_check(name, functools.reduce(operator.or_, rest), function))
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




def _hints(function) -> dict:
    """The annotations of ``function``'s parameters, evaluated one by one: one that cannot be
    evaluated (a name defined later, NumPy's array where NumPy is absent) is left out."""
    try:
        annotations = dict(getattr(function, "__annotations__", None) or {})
    except Exception:  # noqa: BLE001 - Python 3.14 evaluates them on access
        return {}
    namespace = {**vars(builtins), **getattr(function, "__globals__", {})}  # doctests lack them
    hints = {}
    for name, annotation in annotations.items():
        if name == "return":
            continue
        try:
            hints[name] = eval(annotation, namespace) if isinstance(annotation, str) \
                else annotation
        except Exception:  # noqa: BLE001, S110 - what cannot be evaluated is not validated
            pass
    return hints


def validate_arguments(function: Callable | None = None, *,
                       requires: Callable | None = None) -> Callable:
    """Validate a function's arguments against its annotations, then run it.

    Whole numbers (:func:`whole` gives the bounds), probabilities, random sources
    (``rng: Rng``, turned into one by :func:`as_rng`), decks to shuffle in place
    (``MutableSequence``) or to read once into a new list (``Iterable``,
    :func:`listed`), sequences (read once, so a generator works, and their items),
    strings, dicts, functions, classes (Card, matplotlib's Axes), one of some
    values (``Literal``): a wrong one gets a TypeError or ValueError that names it.
    Annotations that say nothing checkable (``bool``, a bare ``matrix``) are left
    alone. Then ``requires``, if given, is called with the validated arguments
    that it names, and raises when they do not fit together. Defaults are
    validated too (``rng=None`` becomes a fresh ``random.Random``), except one
    that its own annotation would refuse (``title: str = None``).

    Used as ``@validate_arguments`` or ``@validate_arguments(requires=...)``.

    >>> def room(deck, k):
    ...     if k > len(deck):
    ...         raise ValueError(f"cannot draw {k} cards from a deck of {len(deck)}")
    >>> @validate_arguments(requires=room)
    ... def top(deck: Iterable, k: whole()) -> list:
    ...     return deck[-k:] if k else []
    >>> top("ABC", 2)
    ['B', 'C']
    >>> top("ABC", 4)
    Traceback (most recent call last):
    ...
    ValueError: cannot draw 4 cards from a deck of 3
    """
    if requires is not None and not callable(requires):
        raise TypeError(f"requires must be a function of the arguments, not "
                        f"{type(requires).__name__} {requires!r:.40}")
    if function is None:
        return functools.partial(validate_arguments, requires=requires)
    if not callable(function):
        raise TypeError(f"function must be a function, not {type(function).__name__}")
    return _validating(function, requires)


def _validating(function: Callable, requires: Callable | None) -> Callable:
    """The wrapper of :func:`validate_arguments`: a function with ``function``'s parameters,
    written out, so that a call costs one frame more, and a validator is called only for a
    value that is not one of the usual valid ones (an int in bounds, a list, a random.Random)."""
    parameters = inspect.signature(function).parameters.values()
    hints, title = _hints(function), getattr(function, "__name__", "the function")
    namespace: dict = {"__function": function, "__name__": getattr(function, "__module__", None),
                       "__int": int, "__list": list, "__Random": random.Random,
                       "__MAX_ITEMS": MAX_ITEMS}
    head, passed, body = [], [], []
    keyword_only_started = False
    for p in parameters:
        name = p.name
        if p.kind is p.VAR_POSITIONAL:
            head.append(f"*{name}")
            passed.append(f"*{name}")
            keyword_only_started = True
            continue
        if p.kind is p.VAR_KEYWORD:
            head.append(f"**{name}")
            passed.append(f"**{name}")
            continue
        if p.kind is p.KEYWORD_ONLY and not keyword_only_started:
            head.append("*")
            keyword_only_started = True
        default = ""
        if p.default is not p.empty:
            namespace[f"__default_{name}"] = p.default
            default = f"=__default_{name}"
        head.append(name + default)
        passed.append(f"{name}={name}" if p.kind is p.KEYWORD_ONLY else name)
        check = _argument_check(name, hints[name], title) if name in hints else None
        if check is None:
            continue
        namespace[f"__check_{name}"] = check
        tests = []  # when the check can be skipped: a usual valid value, a refused default
        if getattr(check, "fast", None):
            tests.append(f"({check.fast.format(v=name)})")
        if p.default is not p.empty and not _accepts(check, p.default):
            tests.append(f"{name} is __default_{name}")
        line = f"{name} = __check_{name}({name})"
        body.append(f"if not ({' or '.join(tests)}): {line}" if tests else line)
    positional_only = [p.name for p in parameters if p.kind is p.POSITIONAL_ONLY]
    if positional_only:
        head.insert(len(positional_only), "/")
    if requires is not None:
        namespace["__requires"] = requires
        known = [p.name for p in parameters if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
        wanted = inspect.signature(requires).parameters
        unknown = [n for n, q in wanted.items() if n not in known and q.default is q.empty
                   and q.kind not in (q.VAR_POSITIONAL, q.VAR_KEYWORD)]
        if unknown:
            raise TypeError(f"requires asks for {', '.join(unknown)}, which {title} does not take")
        named = [n for n in wanted if n in known]
        if any(q.kind is q.VAR_KEYWORD for q in wanted.values()):
            named = known
        body.append(f"__requires({', '.join(f'{n}={n}' for n in named)})")
    if not body:
        return function
    source = (f"def __validated({', '.join(head)}):\n"
              + "".join(f"    {line}\n" for line in body)
              + f"    return __function({', '.join(passed)})\n")
    exec(compile(source, f"<validate_arguments {title}>", "exec"), namespace)  # noqa: S102
    return functools.wraps(function)(namespace["__validated"])


def _accepts(check: Callable, default) -> bool:
    """True if ``check`` accepts the default value of its parameter."""
    try:
        check(default)
    except Exception:  # noqa: BLE001 - any refusal: the default is passed on as it is
        return False
    return True
