"""Plain data only: what may come back from a child process, and values shown safely.

A child process (:mod:`cardlib.untrusted.sandbox`) sends its answer back as JSON text
made here of plain values, and the caller rebuilds them: reading it runs none of the
learner's code (unpickling would call an object's ``__reduce__``, and would let the child
make any object at all, a Verdict included).

Plain values are None, True and False, ints (of any size), floats, strings, bytes,
Fractions, and tuples, lists and dicts of plain values; and cardlib's own frozen
dataclasses whose fields are plain (a Verdict, a Feedback, a Card), rebuilt in the caller
by calling the class with those fields. Types are checked exactly: a subclass of int or
list, whose methods may do anything, is not plain. Anything else is refused
(:class:`NotPlain`), naming what it was. An exception comes back as its type (a built-in
one or cardlib's own; any other becomes :class:`ChildError`), its arguments and its plain
attributes.

>>> from fractions import Fraction
>>> value = {(0, 1): Fraction(1, 2), "big": 10**5000, "b": b"\\x00"}
>>> loads(dumps(value)) == value
True
>>> dumps([object()])   # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlib.untrusted.plain.NotPlain: an object, inside a list: only plain values come back ...
"""

from __future__ import annotations

import builtins
import dataclasses
import json
import sys
from fractions import Fraction

__all__ = ["MAX_DEPTH", "NotPlain", "ChildError", "Shown", "dumps", "loads", "error_dumps",
           "error_loads", "shown", "sendable"]

#: Containers nest at most this deep (a deeper one is refused, never a RecursionError).
MAX_DEPTH = 64
_SMALL = 2**53  # ints below this in size are JSON numbers; larger ones are sent as hex text


class NotPlain(TypeError):
    """A value that cannot come back from a child process: it is not plain data."""


class ChildError(RuntimeError):
    """An exception of a type that is not built in nor cardlib's, raised in a child process."""


@dataclasses.dataclass(frozen=True)
class Shown:
    """A value that cannot come back, as its text: it shows as that text (its repr)."""

    text: str

    def __repr__(self) -> str:
        return self.text


def shown(value, width: int = 40) -> str:
    """``repr(value)`` cut to ``width`` characters; it never raises (a huge int says its size).

    >>> shown(10**5000), shown("x" * 100, 10)
    ('<an int of 5,001 digits>', "'xxxxxx...")
    """
    if type(value) in (list, tuple):  # item by item: one huge int among them is shown too
        inner = ", ".join(shown(item, width) for item in value[:width])
        inner += ", ..." if len(value) > width else "," if len(value) == 1 else ""
        text = f"({inner})" if type(value) is tuple else f"[{inner.rstrip(',')}]"
    elif isinstance(value, int) and value.bit_length() > 10_000:  # past Python's digit limit
        text = _digits(value)
    else:
        try:
            text = repr(value)
        except Exception:  # noqa: BLE001 (a repr that fails: say what it is instead)
            text = f"<a {type(value).__name__} object>"
    return text if len(text) <= width else text[:width - 3] + "..."


def _digits(value: int) -> str:
    """How many decimal digits a huge int has, without converting it (exact, by logarithms)."""
    low = (value.bit_length() - 1) * 30102999566 // 10**11 + 1  # 10**(low-1) <= 2**(bits-1)
    digits = low if abs(value) < 10**low else low + 1
    return f"<an int of {digits:,} digits>"


def _describe(value) -> str:
    kind = type(value)
    if kind.__module__ == "builtins":  # a generator, an object, a set
        return f"an {kind.__name__}" if kind.__name__[0] in "aeiou" else f"a {kind.__name__}"
    return f"a {kind.__module__}.{kind.__qualname__} object"


def _record_class(kind: type) -> bool:
    """True for a frozen dataclass of cardlib's, found under its own name."""
    module = kind.__module__
    if not (module == "cardlib" or module.startswith("cardlib.")) or not (
            dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen):
        return False
    return _find(module, kind.__qualname__) is kind


def _find(module: str, qualname: str):
    """The object named ``qualname`` in an already imported ``module``, or None (no import)."""
    found = sys.modules.get(module)
    for part in qualname.split("."):
        found = getattr(found, part, None)
    return found


def _encode(value, depth: int, where: str):
    kind = type(value)
    if value is None or kind in (bool, str, float):
        return value
    if kind is int:
        return value if -_SMALL < value < _SMALL else ["i", format(value, "x")]
    if depth > MAX_DEPTH:
        raise NotPlain(f"containers nested more than {MAX_DEPTH} deep{where}: only plain values "
                       "come back from a child process")
    inside = f", inside a {kind.__name__}{where}"
    if kind is list or kind is tuple:
        return ["l" if kind is list else "t", *(_encode(v, depth + 1, inside) for v in value)]
    if kind is dict:
        return ["d", *(_encode(part, depth + 1, inside) for pair in value.items()
                       for part in pair)]
    if kind is Fraction:
        return ["F", _encode(value.numerator, depth, where),
                _encode(value.denominator, depth, where)]
    if kind is bytes:
        return ["b", value.hex()]
    if _record_class(kind):
        fields = [f.name for f in dataclasses.fields(value) if f.init]
        inside = f", inside a {kind.__name__}{where}"
        return ["r", kind.__module__, kind.__qualname__,
                *(_encode(part, depth + 1, inside) for name in fields
                  for part in (name, getattr(value, name)))]
    raise NotPlain(f"{_describe(value)}{where}: only plain values come back from a child "
                   "process (numbers, strings, None, True and False, and tuples, lists and "
                   "dicts of them)")


def _decode(data, depth: int = 0):
    if not isinstance(data, list):
        if data is None or type(data) in (bool, str, float, int):
            return data
        raise ValueError(f"not plain data: {type(data).__name__}")
    if depth > MAX_DEPTH + 2 or not data or not isinstance(data[0], str):
        raise ValueError("not plain data: a list without its tag")
    tag, rest = data[0], data[1:]
    if tag == "i" and len(rest) == 1 and isinstance(rest[0], str):
        return int(rest[0], 16)
    if tag in ("l", "t"):
        items = [_decode(item, depth + 1) for item in rest]
        return items if tag == "l" else tuple(items)
    if tag == "d" and len(rest) % 2 == 0:
        items = [_decode(item, depth + 1) for item in rest]
        return dict(zip(items[::2], items[1::2], strict=True))
    if tag == "F" and len(rest) == 2:
        numerator, denominator = (_decode(item, depth + 1) for item in rest)
        if type(numerator) is int and type(denominator) is int and denominator > 0:
            return Fraction(numerator, denominator)
    if tag == "b" and len(rest) == 1 and isinstance(rest[0], str):
        return bytes.fromhex(rest[0])
    if tag == "r" and len(rest) >= 2 and len(rest) % 2 == 0:
        kind = _find(*rest[:2]) if all(isinstance(x, str) for x in rest[:2]) else None
        if isinstance(kind, type) and _record_class(kind):
            items = [_decode(item, depth + 1) for item in rest[2:]]
            names = items[::2]
            if names == [f.name for f in dataclasses.fields(kind) if f.init]:
                return kind(**dict(zip(names, items[1::2], strict=True)))
    raise ValueError(f"not plain data: a list tagged {tag!r:.20}")


def dumps(value) -> str:
    """``value`` as JSON text of tagged plain data; :class:`NotPlain` if it is not plain."""
    return json.dumps(_encode(value, 0, ""), separators=(",", ":"))


def _text(text) -> None:
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(f"text must be JSON text (a str or bytes), not {type(text).__name__}")


def loads(text: str | bytes):
    """The value that :func:`dumps` made ``text`` of; ValueError for anything else."""
    _text(text)
    try:
        return _decode(json.loads(text))
    except (TypeError, RecursionError, KeyError) as error:
        raise ValueError(f"not plain data ({type(error).__name__})") from None


def _plain_or_shown(value):
    try:
        _encode(value, 0, "")
    except NotPlain:
        return shown(value, 200)
    return value


def sendable(value, width: int = 200, items: int = 100):
    """``value`` itself if it is plain and short, else a :class:`Shown` of its repr (cut to
    ``width``): an example to show, not a million items to send.

    >>> sendable([1, 2]), sendable([1, object()], 15), sendable([0] * 1000, 12)
    ([1, 2], [1, <object ..., [0, 0, 0,...)
    """
    if isinstance(value, (list, tuple, dict)) and len(value) > items:
        return Shown(shown(value, width))
    try:
        _encode(value, 0, "")
    except NotPlain:
        return Shown(shown(value, width))
    return value


def error_dumps(error: BaseException) -> str:
    """An exception as JSON text: its type's name, its arguments and its plain attributes."""
    if not isinstance(error, BaseException):
        raise TypeError(f"error must be an exception, not {type(error).__name__}")
    kind = type(error)
    module, qualname = kind.__module__, kind.__qualname__
    if module == "builtins" and getattr(builtins, qualname, None) is kind:
        name = ["builtins", qualname]
    elif module.startswith("cardlib") and _find(module, qualname) is kind:
        name = [module, qualname]
    else:
        name = ["", f"{module}.{qualname}"]
    arguments = [_plain_or_shown(argument) for argument in error.args]
    attributes = {key: value for key, value in getattr(error, "__dict__", {}).items()
                  if isinstance(key, str) and _plain_or_shown(value) is value}
    return dumps([*name, arguments, attributes])


def error_loads(text: str | bytes) -> BaseException:
    """The exception :func:`error_dumps` described, rebuilt (a ChildError if its type is not
    built in nor cardlib's); ValueError if ``text`` is not such a description."""
    found = loads(text)
    if not (isinstance(found, list) and len(found) == 4):
        raise ValueError("text must describe an exception, as error_dumps writes it")
    module, name, arguments, attributes = found
    if not (isinstance(module, str) and isinstance(name, str) and isinstance(arguments, list)
            and isinstance(attributes, dict)):
        raise ValueError("not an exception's description")
    kind = (getattr(builtins, name, None) if module == "builtins" else
            _find(module, name) if module.startswith("cardlib") else None)
    if not (isinstance(kind, type) and issubclass(kind, BaseException)):
        message = ", ".join(str(argument) for argument in arguments)
        return ChildError(f"{name.rsplit('.', 1)[-1]}: {message}" if message else name)
    try:
        error = kind(*arguments)
    except Exception:  # noqa: BLE001 (a type whose __init__ wants other arguments)
        error = kind.__new__(kind)
        error.args = tuple(arguments)
    for key, value in attributes.items():
        try:
            setattr(error, key, value)
        except (AttributeError, TypeError):
            continue
    return error
