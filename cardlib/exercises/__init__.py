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

>>> feedback = compare_value(TODO, 3, "the number of paths")
>>> feedback.status, str(feedback)
('todo', '… not attempted yet: the number of paths')
>>> str(compare_value(4, 3, "the number of paths", hint="count 3 draws of 3 choices"))
'✗ the number of paths: 4 is not right. Hint: count 3 draws of 3 choices'
>>> str(compare_value(3, 3, "the number of paths"))
'✓ the number of paths: 3 is right.'
"""

from __future__ import annotations

import functools
import html
import math
import numbers
import random
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from .. import sandbox
from ..checks import checked
from ..guard import EndlessRun, TimedCalls

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
    "compare_value",
    "match",
    "shown",
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
        said = (f"{name} did not finish within a few seconds: is there a loop that never ends "
                "(a while loop whose condition never becomes false)?")
        raise Failed(wrong(said)) from None
    except Exception:  # noqa: BLE001 - the learner's code; the check reports it
        return True
    return not is_todo(result)


class Failed(Exception):  # noqa: N818 (a finding, carried out of a loop of calls)
    """Raised by :func:`learner_call` with the Feedback that says what the call did wrong."""

    def __init__(self, feedback: Feedback) -> None:
        if not isinstance(feedback, Feedback):
            raise TypeError(f"feedback must be a Feedback, not {type(feedback).__name__}")
        super().__init__(feedback.message)
        self.feedback = feedback


@checked
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


def learner_call(call: TimedCalls, function: Callable, *args, shown: str, where: str = ""):
    """``function(*args)`` through ``call`` (a :class:`cardlib.guard.TimedCalls`), or Failed.

    ``shown`` is the call as the learner would write it (``unrank(3, 4)``); a call
    that raises or never ends becomes a Feedback naming it and the learner's line.
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
        raise Failed(wrong(f"{shown} did not finish within a few seconds: is there a loop that "
                           "never ends?", where)) from None
    except Exception as error:  # noqa: BLE001 - the learner's code: say what it raised
        raise Failed(wrong(f"{shown} raised {type(error).__name__}: {error}"
                           f"{learner_line(error)}", where)) from None


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
        validated = checked(check)  # its arguments checked (in the child: errors come back)

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
# Whole numbers and Fractions are compared exactly. A float is right when it is the
# nearest float to the exact value (float(Fraction) rounds correctly), and the learner is
# told so; any other float is a rounded value: "give it exactly". Lists and tuples are the
# same where only their values matter. A Fraction made from a float (Fraction(0.99)) is
# named for what it is. Long Fractions are shown rounded.

def shown(value) -> str:
    """A value as a learner reads it: 4/27 for a Fraction, a long one also as a decimal.

    >>> shown(Fraction(4, 27)), shown((Fraction(3, 8), 2)), shown(1 - Fraction(99, 100) ** 20)
    ('4/27', '(3/8, 2)', '0.182093 (as an exact Fraction)')
    """
    if isinstance(value, Fraction):
        text = str(value)
        return text if len(text) <= 24 else f"{float(value):.6g} (as an exact Fraction)"
    if isinstance(value, (tuple, list)):
        inner = ", ".join(shown(v) for v in value)
        return f"({inner})" if isinstance(value, tuple) else f"[{inner}]"
    return repr(value)


def _exact(value):
    """A number as an exact Fraction (ints, Fractions, NumPy integers), or None."""
    if isinstance(value, (bool, float)) or not isinstance(value, numbers.Rational):
        return None
    return Fraction(value)


def match(answer, expected) -> str:
    """How ``answer`` stands against ``expected``: "exact", "nearest float", "rounded float",
    "float fraction" (a Fraction made from a float), "wrong" or "other" (not comparable).

    >>> match(663.0, 663), match(0.1, Fraction(1, 10)), match(0.33, Fraction(1, 3))
    ('exact', 'nearest float', 'rounded float')
    >>> match([1, Fraction(1, 2)], (1, 0.5)), match(True, 1)
    ('exact', 'other')
    """
    if isinstance(expected, (list, tuple)):
        if not isinstance(answer, (list, tuple)) or len(answer) != len(expected):
            return "other"
        found = [match(a, e) for a, e in zip(answer, expected)]
        for worst in ("other", "wrong", "float fraction", "rounded float", "nearest float"):
            if worst in found:
                return worst
        return "exact"
    goal = _exact(expected)
    if goal is None:
        if isinstance(expected, float) and isinstance(answer, (int, float)) \
                and not isinstance(answer, bool):
            return "exact" if answer == expected else "wrong"
        try:
            return "exact" if type(answer) is not bool and bool(answer == expected) else "wrong"
        except (TypeError, ValueError):
            return "other"
    if isinstance(answer, float):
        if answer == float(goal):
            return "exact" if Fraction(answer) == goal else "nearest float"
        close = math.isfinite(answer) and abs(answer - float(goal)) <= 5e-3 * max(abs(goal), 1)
        return "rounded float" if close else "wrong"
    value = _exact(answer)
    if value is None:
        return "other"
    if value == goal:
        return "exact"
    if value.denominator > 10**12 and abs(value - goal) <= Fraction(1, 10**6) * max(abs(goal), 1):
        return "float fraction"
    return "wrong"


def compare_value(answer, expected, what: str, hint: str = "", where: str = "") -> Feedback:
    """Check a value answer (a number, a Fraction, a tuple) against the expected one.

    Exact, with the one number policy (see :func:`match`).
    """
    if is_todo(answer):
        return not_attempted(what)
    found = match(answer, expected)
    if found == "exact":
        exactly = (f" ({shown(expected)} exactly)" if isinstance(answer, float)
                   and isinstance(expected, Fraction) and expected.denominator > 1 else "")
        return right(f"{what}: {shown(answer)} is right{exactly}.")
    if found == "nearest float":
        return right(f"{what}: {answer!r} is right: it is the float nearest to the exact value, "
                     f"{shown(expected)}.")
    if found == "rounded float":
        return wrong(f"{what}: {answer!r} is a rounded float, close to the answer; give it "
                     "exactly, as a whole number or a Fraction (for example Fraction(1, 6)).",
                     where)
    if found == "float fraction":
        return wrong(f"{what}: {shown(answer)} is the exact value of a float (Fraction(0.99) "
                     "is the binary number nearest 0.99, not 99/100); build it from whole "
                     "numbers, as in Fraction(99, 100).", where)
    if found == "other" and isinstance(expected, (tuple, list)):
        return wrong(f"{what}: give {len(expected)} values (in a tuple or a list), not "
                     f"{shown(answer)[:60]}.", where)
    message = f"{what}: {shown(answer)} is not right."
    if hint:
        message += f" Hint: {hint}"
    return wrong(message, where)
