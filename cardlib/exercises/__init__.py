"""Exercises that answer back: the learner's answer in, a verdict with its reason out.

An exercise cell in a lesson holds a stub that the learner replaces, and the
check on its last line::

    def my_shuffle(deck, rng):
        return TODO          # replace this line with your code

    check_pick_and_remove(my_shuffle)

A check returns a :class:`Feedback`: ✓ with what was verified, ✗ with what
exactly is wrong and which section explains it, or "not attempted yet" while
the stub still answers :data:`TODO` (so a lesson still runs top to bottom).
The checks of each lesson live in a module of this package; they are model
code (no pictures, no widgets) and are tested like the rest of cardlib.

A check that runs the learner's code is :func:`contained`: it runs in a child
process (:mod:`cardlib.sandbox`) with a time limit and a memory cap, every
call of the learner's function is itself stopped after a few seconds, and
whatever happens the learner gets a Feedback within seconds, never a hang.

The modules, one per lesson or two, then the shared kinds of answer:

    fair     lessons 1 and 2: what makes a shuffle fair, and what it costs
    pick     lesson 3: pick and remove
    lists    lesson 4: how a list grows
    knuth    lesson 5: Knuth's swaps and the off-by-one traps
    testing  lesson 6: testing a shuffle, and where randomness comes from
    riffles  lessons 7 and 8: riffle shuffles, and why seven
    hands    lessons 9 and 10: shuffling by hand, faros, piles, Dou Di Zhu
    lab      lesson 11: the probability lab
    code     code answers: a learner's shuffle diagnosed, judged, held to the algorithm asked
    answers  value answers with their typical mistakes

>>> feedback = compare_value(TODO, 3, "the number of paths")
>>> feedback.status, str(feedback)
('todo', '… not attempted yet: the number of paths')
>>> str(compare_value(4, 3, "the number of paths", hint="count 3 draws of 3 choices"))
'✗ the number of paths: 4 is not right. Hint: count 3 draws of 3 choices'
>>> str(compare_value(3, 3, "the number of paths"))
'✓ the number of paths: 3 is right.'
"""

from __future__ import annotations

import dis
import functools
import html
import math
import numbers
import operator
import random
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ..untrusted import guard, sandbox
from ..untrusted.guard import EndlessRun, TimedCalls
from ..validation import validate_arguments

__all__ = [
    "TODO",
    "Feedback",
    "right",
    "wrong",
    "not_attempted",
    "is_todo",
    "attempted_function",
    "contained",
    "Failed",
    "learner_call",
    "learner_line",
    "CHECK_SECONDS",
    "not_finished",
    "has_while_loop",
    "compare_value",
    "match",
    "shown",
    "plain_number",
    "plain_items",
    "Refused",
    "refusal",
    "exactly",
    "raised",
    "called_value",
    "plain_text",
    "same_items",
]

#: A check of the learner's code answers within about this many seconds, whatever the code does.
CHECK_SECONDS = 25.0
_CARDLIB = str(Path(__file__).resolve().parent.parent)


class _Todo:
    """The stub answer of an exercise that the learner has not done yet."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "TODO"

    def __bool__(self) -> bool:
        return False


#: What a stub returns (or is) until the learner writes the answer.
TODO = _Todo()

_MARKS = {"right": "✓", "wrong": "✗", "todo": "…"}
_COLOURS = {"right": "#009E73", "wrong": "#D55E00", "todo": "#555555"}


@dataclass(frozen=True)
class Feedback:
    """A check's verdict: ``status`` is "right", "wrong" or "todo"; ``message`` says why.

    ``where`` names the section of the lesson that explains the idea (for a
    wrong answer); ``details`` holds optional extra lines (an input and its
    output, the exact probabilities found).
    """

    status: str
    message: str
    where: str = ""
    details: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.status, str) or self.status not in _MARKS:
            raise ValueError(f"status must be 'right', 'wrong' or 'todo', not {self.status!r}")

    @property
    def ok(self) -> bool:
        """True only for a right answer."""
        return self.status == "right"

    def __str__(self) -> str:
        text = f"{_MARKS[self.status]} {self.message}"
        if self.where:
            text += f" (see {self.where})"
        return "\n".join([text, *(f"  {line}" for line in self.details)])

    def _repr_pretty_(self, printer, cycle: bool) -> None:  # IPython's text/plain
        printer.text(str(self))

    def _repr_html_(self) -> str:
        colour = _COLOURS[self.status]
        lines = "".join(f"<li>{html.escape(line)}</li>" for line in self.details)
        where = f" <em>(see {html.escape(self.where)})</em>" if self.where else ""
        return (f'<div class="cardlib-feedback cardlib-feedback-{self.status}" '
                f'style="border-left: 4px solid {colour}; padding: 4px 10px; font-size: 1.05em">'
                f'<strong style="color: {colour}">{_MARKS[self.status]}</strong> '
                f"{html.escape(self.message)}{where}"
                + (f'<ul style="margin: 4px 0">{lines}</ul>' if lines else "") + "</div>")


def right(message: str, details: tuple[str, ...] = ()) -> Feedback:
    return Feedback("right", message, "", _details(details))


def wrong(message: str, where: str = "", details: tuple[str, ...] = ()) -> Feedback:
    return Feedback("wrong", message, where, _details(details))


def _details(details) -> tuple[str, ...]:
    if isinstance(details, str) or not isinstance(details, (list, tuple)):
        raise TypeError(f"details must be a list of lines (strings), not {type(details).__name__}")
    return tuple(str(line) for line in details)


def not_attempted(what: str) -> Feedback:
    return Feedback("todo", f"not attempted yet: {what}")


def is_todo(value) -> bool:
    """True if ``value`` is :data:`TODO` or contains it (in a list, tuple, set or dict)."""
    if value is TODO:
        return True
    if isinstance(value, dict):
        return any(is_todo(v) for v in value.values())
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(is_todo(v) for v in value)
    return False


def attempted_function(function: Callable, *args) -> bool:
    """False if calling ``function`` (on ``args``, or a 3-card deck and an rng) gives TODO.

    Any other result, or an exception, counts as an attempt: the check then
    says what is wrong with it. A call that does not end within the guard's
    few seconds raises :class:`Failed` with the Feedback that says so (a
    :func:`contained` check returns it), so that the learner hears of an
    endless loop after one wait, not two.
    """
    if not callable(function):
        return function is not TODO
    name = getattr(function, "__name__", "your function")
    try:
        with TimedCalls(name) as call:
            result = call(function, *(args or (list(range(3)), random.Random(0))))
    except EndlessRun:
        if not args:
            said = f"{name}, shuffling a deck of 3 cards,"
        elif all(plain_number(a) is not None for a in args):
            said = f"{name}({', '.join(shown(a, 20) for a in args)})"
        else:
            said = f"{name}, called on a small first example,"
        raise Failed(wrong(not_finished(said, function))) from None
    except Exception:  # noqa: BLE001 - the learner's code; the check reports it
        return True
    return not is_todo(result)


def _own_functions(function, depth: int = 2) -> list:
    """``function`` and the functions of the learner's own code that it names (not cardlib's,
    not a library's), to ``depth`` calls down."""
    found, todo = [], [(function, 0)]
    while todo:
        current, level = todo.pop()
        code = getattr(current, "__code__", None)
        if code is None or any(current is f for f in found):
            continue
        found.append(current)
        if level < depth:
            names = dict(getattr(current, "__globals__", {}))
            names.update((name, cell.cell_contents) for name, cell in zip(
                code.co_freevars, getattr(current, "__closure__", None) or ()) if _filled(cell))
            for name in (*code.co_names, *code.co_freevars):
                called = names.get(name)
                module = getattr(called, "__module__", None) or ""
                if callable(called) and hasattr(called, "__code__") and not module.startswith(
                        ("cardlib", "random", "math", "itertools", "functools", "fractions")):
                    todo.append((called, level + 1))
    return found


def _filled(cell) -> bool:
    try:
        cell.cell_contents  # noqa: B018 (an empty cell raises)
    except ValueError:
        return False
    return True


def _codes(code) -> list:
    inner = [c for c in code.co_consts if hasattr(c, "co_code")]
    return [code, *(c for i in inner for c in _codes(i))]


def has_while_loop(function) -> bool | None:
    """True if the learner's ``function`` (or a function of theirs that it calls) holds a while
    loop, False if none does, None if its code cannot be read (a built-in, a callable object).

    A while loop is a jump back to anything but the head of a for loop (read from the bytecode,
    so it needs no source file).
    """
    functions = _own_functions(function)
    if not functions:
        return None
    jumps = set(dis.hasjrel) | set(dis.hasjabs)
    for current in functions:
        for code in _codes(current.__code__):
            instructions = list(dis.get_instructions(code))
            at = {instruction.offset: instruction for instruction in instructions}
            for instruction in instructions:
                back = instruction.argval
                if instruction.opcode in jumps and isinstance(back, int) and \
                        back < instruction.offset and back in at and \
                        at[back].opname != "FOR_ITER":
                    return True
    return False


def not_finished(shown_call: str, function, slow: str = "",
                 seconds: float | None = None) -> str:
    """What to tell a learner whose call ``shown_call`` did not finish within ``seconds``
    (by default the guard's limit, :data:`cardlib.untrusted.guard.RUN_SECONDS`).

    ``slow``, when given, says why the call is slow at that size (and what lets one skip the
    work): said for a call that comes after smaller ones that finished. Otherwise a function
    with a while loop is asked about a loop that never ends, and one without is told that it is
    slow rather than stuck.
    """
    seconds = guard.RUN_SECONDS if seconds is None else seconds
    said = f"{shown_call} did not finish within {seconds:g} seconds"
    if slow:
        return f"{said}: {slow}"
    if has_while_loop(function) is False:
        return (f"{said}. It has no while loop, so it is most likely slow rather than stuck: "
                "does it work through every order, or every sequence of draws, where a few "
                "steps per card would do?")
    return f"{said}: is there a loop that never ends (a while loop whose condition never becomes " \
           "false)?"


def raised(error: BaseException) -> str:
    """An exception as "TypeError: its message", its message shortened and never an error."""
    try:
        text = str(error)
    except Exception:  # noqa: BLE001 - a learner's exception whose str fails
        text = ""
    text = text if len(text) <= 300 else text[:300] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


class Failed(Exception):  # noqa: N818 (a finding, carried out of a loop of calls)
    """Raised by :func:`learner_call` with the Feedback that says what the call did wrong."""

    def __init__(self, feedback: Feedback) -> None:
        if not isinstance(feedback, Feedback):
            raise TypeError(f"feedback must be a Feedback, not {type(feedback).__name__}")
        super().__init__(feedback.message)
        self.feedback = feedback


@validate_arguments
def learner_line(error: BaseException) -> str:
    """Where in the learner's code ``error`` was raised: ' (line 4: j = deck[n])', or ''."""
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        name = frame.filename
        if name.startswith(_CARDLIB) or name.startswith(sys.prefix) or name.startswith(
                sys.base_prefix) or name.startswith("<frozen"):
            continue
        code = (frame.line or "").strip()
        return f" (line {frame.lineno}: {code})" if code else f" (line {frame.lineno})"
    return ""


def learner_call(call: TimedCalls, function: Callable, *args, shown: str, where: str = "",
                 slow: str = ""):
    """``function(*args)`` through ``call`` (a :class:`cardlib.guard.TimedCalls`), or Failed.

    ``shown`` is the call as the learner would write it (``unrank(3, 4)``); a call
    that raises or never ends becomes a Feedback naming it and the learner's line
    (``slow``: why this call is slow at its size, for :func:`not_finished`).
    """
    if not isinstance(call, TimedCalls):
        raise TypeError(f"call must be a TimedCalls, not {type(call).__name__}")
    if not callable(function):
        raise TypeError(f"function must be a function, not {type(function).__name__}")
    if not isinstance(shown, str):
        raise TypeError(f"shown must be a string, not {type(shown).__name__}")
    try:
        return call(function, *args)
    except EndlessRun:
        raise Failed(wrong(not_finished(shown, function, slow, call.guard.seconds),
                           where)) from None
    except Exception as error:  # noqa: BLE001 - the learner's code: say what it raised
        raise Failed(wrong(f"{shown} raised {raised(error)}{learner_line(error)}",
                           where)) from None


def _caught(check: Callable, *args, **kwargs) -> Feedback:
    try:
        return check(*args, **kwargs)
    except Failed as failed:
        return failed.feedback


def contained(what: str) -> Callable:
    """Decorate a check that runs the learner's code: in a child process, never a hang.

    The check runs under :func:`cardlib.sandbox.run` with :data:`CHECK_SECONDS`;
    if the child has to be stopped (an endless loop that swallows every
    exception, a call that never returns, memory running out) the learner is
    told so as a ✗. Where no child process can be made, the check runs here,
    its learner calls still stopped by the guard.
    """
    def decorate(check: Callable) -> Callable:
        validated = validate_arguments(check)  # errors come back from the child

        @functools.wraps(check)
        def run(*args, **kwargs) -> Feedback:
            try:
                return sandbox.run(functools.partial(_caught, validated, *args, **kwargs),
                                   seconds=CHECK_SECONDS)
            except sandbox.Stopped as stopped:
                return wrong(f"{what} was {stopped}")
            except Failed as failed:
                return failed.feedback
            except MemoryError:
                return wrong(f"{what} used more than {sandbox.MEMORY // 2**30} GB of memory, so "
                             "it was stopped: does a loop keep adding to a list?")
        return run
    return decorate


# --- one number policy for every lesson ------------------------------------------------
#
# Every value exercise asks for its value exactly: whole numbers and Fractions are compared
# exactly, as built-in values, and a float is never right: it is told how near it is (the
# nearest float, off by rounding only, within 2%, or not near) and how to write the value
# exactly. Lists and tuples are the same where only their values matter. A Fraction built
# from floats is named for what it is. An object that decides its own equality (a subclass
# of int, float or Fraction with its own ==) is refused: only built-in values are compared.
# Values are shown shortened, a huge number by its size, never by str() past Python's limit.

#: A float within this share of the exact value is "a rounded float", close but not it ...
CLOSE = Fraction(1, 50)
#: ... and within this share it differs from the exact value by rounding only.
ROUNDING = Fraction(1, 10**9)
_COMPARISONS = ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__")


class Refused(ValueError):
    """A learner's value that decides its own comparisons: no check compares it."""


def _defines_comparison(value, base: type) -> list[str]:
    """The comparison methods that ``value``'s class defines over ``base``'s."""
    kind = type(value)
    return [name for name in _COMPARISONS if getattr(kind, name, None) is not getattr(base, name)]


def _refused(value, base: type, defined: list[str]) -> Refused:
    return Refused(f"{type(value).__name__} is a kind of {base.__name__} whose class defines "
                   f"its own {' and '.join(defined[:2])}, so it decides for itself what it "
                   "equals, and a comparison with it proves nothing; the checks compare plain "
                   "values only: give an int or a Fraction")


def plain_number(value):
    """``value`` as a built-in int, Fraction or float, converted by its type's own exact rules
    (NumPy's numbers included); None for what is not a number (True and False included).

    Raises :class:`Refused` for a kind of int, float or Fraction whose class defines its own
    comparison or hash: an object that can say it equals anything.

    >>> plain_number(3), plain_number(Fraction(1, 3)), plain_number(0.5), plain_number(True)
    (3, Fraction(1, 3), 0.5, None)
    """
    kind = type(value)
    if kind is int or kind is float:
        return value
    if kind is bool:
        return None
    if kind is Fraction and type(value.numerator) is int and type(value.denominator) is int:
        return value
    if kind.__module__.split(".")[0] == "numpy":
        if isinstance(value, numbers.Integral):
            return operator.index(value)
        if isinstance(value, numbers.Real):
            return float(value)
        return None
    for base in (int, float, Fraction):
        if isinstance(value, base):
            defined = _defines_comparison(value, base)
            if defined:
                raise _refused(value, base, defined)
            if base is int:
                return int.__index__(value)
            if base is float:
                return float.__float__(value)
            top, bottom = (Fraction.__dict__[slot].__get__(value)
                           for slot in ("_numerator", "_denominator"))
            if type(top) is int and type(bottom) is int and bottom > 0:
                return Fraction(top, bottom)
            raise _refused(value, base, ["numerator"])
    try:
        if isinstance(value, numbers.Integral):  # another library's whole number
            return operator.index(value)
        if isinstance(value, numbers.Rational):
            return Fraction(operator.index(value.numerator), operator.index(value.denominator))
    except Exception:  # noqa: BLE001 - a number that cannot say its value: not a number here
        return None
    return None


def plain_items(value) -> tuple | None:
    """The items of a list or tuple (or of a kind of them that leaves comparison alone), read
    by the built-in type itself; None for anything else. Raises :class:`Refused` for a kind of
    list or tuple that defines its own comparison."""
    for base in (list, tuple):
        if isinstance(value, base):
            defined = _defines_comparison(value, base)
            if defined:
                raise Refused(f"{type(value).__name__} is a kind of {base.__name__} whose class "
                              f"defines its own {' and '.join(defined[:2])}, so it decides for "
                              "itself what it equals, and a comparison with it proves nothing; "
                              "give a plain list or tuple")
            return tuple(base.__iter__(value))
    return None


def _digits(whole: int) -> str:
    """A whole number shortened: 1.00000e+5000 (a whole number of 5,001 digits)."""
    size = abs(whole)
    if size < 10**4000:
        text = str(size)
        head = f"{text[0]}.{text[1:6]}e+{len(text) - 1}"
        count = f"{len(text):,} digits"
    else:  # str() would refuse (Python's 4,300-digit limit): its size from the logarithm
        power = math.log10(size)
        head = f"{10 ** (power - math.floor(power)):.5f}e+{math.floor(power)}"
        count = f"about {math.floor(power) + 1:,} digits"
    return f"{'-' if whole < 0 else ''}{head} (a whole number of {count})"


def _decimal(top: int, bottom: int) -> str:
    """top / bottom as a short decimal, however large or small (no float overflow)."""
    if top == 0:
        return "0"
    try:
        near = top / bottom
    except OverflowError:
        near = math.inf
    if math.isfinite(near) and near != 0 and 1e-300 < abs(near) < 1e300:
        return f"{near:.6g}"
    power = math.log10(abs(top)) - math.log10(bottom)
    return (f"{'-' if top < 0 else ''}{10 ** (power - math.floor(power)):.5f}"
            f"e{math.floor(power):+d}")


def _shown(value, width: int, depth: int) -> str:
    if value is None or type(value) is bool:
        return repr(value)
    if depth > 3:
        return "..."
    try:
        number = plain_number(value)
    except Refused:
        return f"a {type(value).__name__}"
    if type(number) is int:
        return str(number) if abs(number) < 10**15 else _digits(number)
    if type(number) is float:
        return repr(number)
    if type(number) is Fraction:
        top, bottom = number.numerator, number.denominator
        if abs(top) < 10**12 and bottom < 10**12:
            return f"{top}/{bottom}" if bottom != 1 else str(top)
        return f"{_decimal(top, bottom)} (as an exact Fraction)"
    if isinstance(value, (str, bytes)):
        base = str if isinstance(value, str) else bytes
        text = base.__getitem__(value, slice(0, width + 1))
        return repr(base(text))
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        return _shown_items(value, width, depth)
    text = repr(value)
    return text if len(text) <= width else text[:width] + "..."


def _shown_items(value, width: int, depth: int) -> str:
    if isinstance(value, dict):
        opening, closing, items = "{", "}", dict.items(value)
    elif isinstance(value, (set, frozenset)):
        opening, closing = ("{", "}") if value else (f"{type(value).__name__}(", ")")
        items = value
    else:
        opening, closing = ("[", "]") if isinstance(value, list) else ("(", ")")
        items = (list if isinstance(value, list) else tuple).__iter__(value)
    parts, used = [], 0
    for item in items:
        if used > width:
            parts.append("...")
            break
        if isinstance(value, dict):
            key, entry = item
            part = f"{_shown(key, width, depth + 1)}: {_shown(entry, width, depth + 1)}"
        else:
            part = _shown(item, width, depth + 1)
        parts.append(part)
        used += len(part) + 2
    one = isinstance(value, tuple) and len(parts) == 1 and parts[0] != "..."
    return opening + ", ".join(parts) + ("," if one else "") + closing


def shown(value, width: int = 80) -> str:
    """A value as a learner reads it, in about ``width`` characters: 4/27 for a Fraction, a
    long one as a decimal, a huge number by its size; never an error, whatever the value.

    >>> shown(Fraction(4, 27)), shown((Fraction(3, 8), 2)), shown(1 - Fraction(99, 100) ** 20)
    ('4/27', '(3/8, 2)', '0.182093 (as an exact Fraction)')
    >>> shown(10**5000)
    '1.00000e+5000 (a whole number of about 5,001 digits)'
    """
    try:
        text = _shown(value, width, 0)
    except Exception:  # noqa: BLE001 - a learner's object whose repr fails
        text = f"a {type(value).__name__}"
    return text if len(text) <= width + 20 else text[:width] + "..."


def _float_match(value: float, goal: Fraction) -> str:
    if not math.isfinite(value):
        return "float"
    try:
        if value == float(goal):
            return "nearest float"
    except OverflowError:  # a goal past the floats: no float is near it
        return "float"
    if not goal:  # no float is "near" 0 but 0.0 itself
        return "float"
    gap, scale = abs(Fraction(value) - goal), abs(goal)
    if gap <= ROUNDING * scale:
        return "rounding float"
    return "rounded float" if gap <= CLOSE * scale else "float"


def _from_floats(value: Fraction, goal: Fraction) -> bool:
    """True for a Fraction near ``goal`` whose denominator is a power of 2 of 2^30 or more, as
    one built from floats has, where the exact value's denominator is not a power of 2."""
    bottom = value.denominator
    if bottom.bit_length() <= 30 or bottom & (bottom - 1):
        return False
    if not goal or goal.denominator & (goal.denominator - 1) == 0:
        return False
    return abs(value - goal) <= Fraction(1, 10**6) * abs(goal)


def match(answer, expected) -> str:
    """How ``answer`` stands against ``expected`` (built-in ints, Fractions, tuples of them).

    "exact"; a float: "nearest float" (the float nearest the exact value, or the value itself),
    "rounding float" (off by rounding only), "rounded float" (within :data:`CLOSE`, 2%) or
    "float" (not near); "float fraction" (a Fraction built from floats, near the value), "wrong",
    "refused" (an object that decides its own equality) or "other" (not comparable).

    >>> match(663, 663), match(663.0, 663), match(0.1, Fraction(1, 10))
    ('exact', 'nearest float', 'nearest float')
    >>> match(0.333, Fraction(1, 3)), match([1, 0.5], (1, Fraction(1, 2))), match(True, 1)
    ('rounded float', 'nearest float', 'other')
    """
    if isinstance(expected, (list, tuple)):
        try:
            items = plain_items(answer)
        except Refused:
            return "refused"
        if items is None or len(items) != len(expected):
            return "other"
        found = [match(a, e) for a, e in zip(items, expected)]
        for worst in ("refused", "other", "wrong", "float", "float fraction", "rounded float",
                      "rounding float", "nearest float"):
            if worst in found:
                return worst
        return "exact"
    try:
        value = plain_number(answer)
    except Refused:
        return "refused"
    goal = plain_number(expected)
    if value is None or goal is None:
        return "other"
    goal = Fraction(goal)
    if type(value) is float:
        return _float_match(value, goal)
    if value == goal:
        return "exact"
    return "float fraction" if _from_floats(Fraction(value), goal) else "wrong"


def _whole(expected) -> bool:
    if isinstance(expected, (list, tuple)):
        return all(_whole(e) for e in expected)
    return Fraction(expected).denominator == 1


def exactly(expected) -> str:
    """How to write a value of ``expected``'s kind exactly (nothing of its value), after "; "."""
    if isinstance(expected, bool) or not isinstance(expected, (numbers.Rational, float, list,
                                                               tuple)):
        raise TypeError(f"expected must be a number or a list of numbers, not "
                        f"{type(expected).__name__}")
    if _whole(expected):
        return ("give it as a whole number, an int: // divides without a remainder, and "
                "math.ceil, math.floor and round(x) return ints")
    return ("give it exactly, as a Fraction of whole numbers: write a / b as Fraction(a, b), "
            "so that 1/6 + 1/3 becomes Fraction(1, 6) + Fraction(1, 3)")


def refusal(answer) -> str:
    """Why ``answer`` (or an item of it) is refused, naming its type and nothing of its value."""
    found = [answer]
    while found:
        value = found.pop()
        try:
            items = plain_items(value)
            if items is not None:
                found += items
            else:
                plain_number(value)
        except Refused as refused:
            return str(refused)
    return "it holds values that cannot be compared"


def _float_said(answer, expected, found: str) -> str:
    """What a float answer (or one holding floats) is, against the exact value: "" if none."""
    text, one = shown(answer), not isinstance(expected, (list, tuple))
    is_float = f"{text} is a float" if one else f"{text} holds floats"
    if found == "nearest float":
        near = (("equal to the right value" if one else "equal to the right values")
                if _equal_as_fractions(answer, expected) else
                ("the float nearest to the right value" if one else
                 "each the float nearest to the right value"))
        return (f"{is_float}, {near}: your reasoning is right, but this exercise asks for the "
                f"exact value, and a float is rounded; {exactly(expected)}.")
    if found == "rounding float":
        return (f"{is_float} off the right value by rounding only (less than one part in a "
                "billion): your reasoning is right, but a float rounds at every step; "
                f"{exactly(expected)}.")
    if found == "rounded float":
        return (f"{text} {'is a rounded float' if one else 'holds rounded floats'}: close to "
                f"the right value (within {float(CLOSE):.0%}), but not it; {exactly(expected)}.")
    if found == "float":
        return (f"{text} is not right (not within {float(CLOSE):.0%} of the right value), and a "
                f"float would be rounded anyway: {exactly(expected)}.")
    return ""


def _equal_as_fractions(answer, expected) -> bool:
    try:
        items = plain_items(answer)
    except Refused:
        return False
    if items is not None:
        return all(_equal_as_fractions(a, e) for a, e in zip(items, expected))
    value = plain_number(answer)
    return value is not None and Fraction(value) == Fraction(expected)


def _float_fraction_said(answer) -> str:
    value = plain_number(answer)
    power = value.denominator.bit_length() - 1
    try:
        as_float = float(value)
        own = Fraction(as_float) == value
    except OverflowError:
        own = False
    made = (f"the exact value of the float {as_float!r}" if own else
            f"built from floats (its denominator is 2^{power}, as a float's is)")
    return (f"{shown(answer)} is {made}, near the right value but not it: Fraction(0.99) is "
            "the binary number nearest 0.99, not 99/100; build it from whole numbers, as in "
            "Fraction(99, 100).")


def compare_value(answer, expected, what: str, hint: str = "", where: str = "") -> Feedback:
    """Check a value answer (a number, a Fraction, a tuple) against the expected one.

    Exact, with the one number policy (see :func:`match`): a float is never right.
    """
    if is_todo(answer):
        return not_attempted(what)
    found = match(answer, expected)
    if found == "exact":
        return right(f"{what}: {shown(answer)} is right.")
    if found == "refused":
        return wrong(f"{what}: {refusal(answer)}.", where)
    if type(answer) is bool:
        return wrong(f"{what}: {answer} is a truth value, not a number.", where)
    said = _float_said(answer, expected, found)
    if said:
        more = f" Hint: {hint}" if hint and found == "float" else ""
        return wrong(f"{what}: {said}{more}", where)
    if found == "float fraction":
        return wrong(f"{what}: {_float_fraction_said(answer)}", where)
    if found == "other" and isinstance(expected, (tuple, list)):
        return wrong(f"{what}: give {len(expected)} values (in a tuple or a list), not "
                     f"{shown(answer, 60)}.", where)
    message = f"{what}: {shown(answer)} is not right."
    if hint:
        message += f" Hint: {hint}"
    return wrong(message, where)


#: What a float answer can be, against the exact value (see :func:`match`).
_FLOATS = ("nearest float", "rounding float", "rounded float", "float", "float fraction")


def called_value(answer, expected, what: str, shown_call: str, where: str, slips: dict,
                  detail: str, kind: str) -> Feedback | None:
    """None if the learner's ``answer`` is ``expected`` exactly; else what it is, and why not:
    an object that decides its own equality, None or not a number, a known slip (a float of
    one too), a float or a Fraction built from floats (the one number policy), or wrong."""
    found = match(answer, expected)
    if found == "exact":
        return None
    if found == "refused":
        return wrong(f"{what}: {shown_call} gave an object no check can compare: "
                     f"{refusal(answer)}.",
                     where)
    if answer is None:
        return wrong(f"{what}: {shown_call} gave None; return the {kind} itself, a Fraction (a "
                     "function that only prints it gives None).", where)
    if found == "other":
        return wrong(f"{what}: {shown_call} gave {type(answer).__name__} {shown(answer, 40)}; "
                     f"return the {kind} itself, a Fraction.", where)
    for value, (slip, why) in slips.items():
        near = match(answer, value)
        if value != expected and near in ("exact", "nearest float", "rounding float"):
            floats = (f" (And a float would be rounded anyway: {exactly(expected)}.)"
                      if near != "exact" else "")
            return wrong(f"{what}: {shown_call} gave {shown(answer)}, {slip}: {why}. It is "
                         f"{shown(expected)}.{floats}", where)
    if found in _FLOATS:
        return compare_value(answer, expected, f"{what}, {shown_call}", hint=detail,
                             where=where)
    return wrong(f"{what}: {shown_call} gave {shown(answer)}, but it is {shown(expected)} "
                 f"(about {float(expected):.4f}).", where, (detail,))


def plain_text(value) -> str | None:
    """``value`` as a built-in str (a kind of str that leaves comparison alone is copied); None
    for anything else. Raises :class:`Refused` for a kind of str with its own comparison."""
    if type(value) is str:
        return value
    if isinstance(value, str):
        defined = _defines_comparison(value, str)
        if defined:
            raise Refused(f"{type(value).__name__} is a kind of str whose class defines its own "
                          f"{' and '.join(defined[:2])}, so it decides for itself what it "
                          "equals, and a comparison with it proves nothing; give a plain string")
        return str.__str__(value)
    return None


def same_items(mine, theirs) -> bool:
    """True if ``mine`` holds exactly the items of the list or tuple ``theirs``, in order: each
    of the same built-in (or cardlib) type, compared by that type's own equality; nested lists
    and tuples alike. Never asks an object of the learner's whether it is equal."""
    try:
        items = plain_items(mine)
    except Refused:
        return False
    if items is None or len(items) != len(theirs):
        return False
    for a, b in zip(items, theirs):
        if isinstance(b, (list, tuple)):
            if not same_items(a, b):
                return False
        elif type(a) is not type(b) or a != b:
            return False
    return True
