"""How a Python list grows: sizes, capacities and timings, measured rather than recited.

A list keeps an array of pointers that is usually longer than the list: its
*capacity*. ``sys.getsizeof`` reports the bytes of the list object plus that
array, so (size - size of an empty list) / pointer size is the capacity. The
COMP9021 notes by Eric Martin raise the question while building the
shuffled pile with ``append``; this module measures the answer.

>>> sizes = appended_sizes(3)
>>> len(sizes), sizes[0] == sys.getsizeof([])
(4, True)
>>> capacity(sys.getsizeof([None] * 10))
10
"""

from __future__ import annotations

import numbers
import platform
import struct
import sys
import timeit
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .validation import function, limit, sequence, validate_arguments, whole_number

__all__ = [
    "EMPTY_LIST_BYTES",
    "POINTER_BYTES",
    "MAX_ELEMENTS",
    "python_version",
    "capacity",
    "appended_sizes",
    "preallocated_sizes",
    "Growth",
    "growth_events",
    "copies_per_append",
    "pile_by_append",
    "pile_by_preallocation",
    "pile_by_comprehension",
    "time_builds",
    "time_per_append",
    "RULES",
    "new_capacity",
    "rule_capacities",
    "extended_capacity",
    "total_copies",
    "fixed_cost_fit",
    "POP_PLACES",
    "time_pops",
]

#: Bytes of an empty list object on this interpreter (56 on 64-bit CPython 3.11).
EMPTY_LIST_BYTES = sys.getsizeof([])
#: Bytes of one pointer in the list's array (8 on a 64-bit build).
POINTER_BYTES = struct.calcsize("P")
#: Measurements refuse more elements than this (they keep one number per append).
MAX_ELEMENTS = 10_000_000


def python_version() -> str:
    """Return the interpreter and version these measurements describe, e.g. 'CPython 3.11.7'."""
    return f"{platform.python_implementation()} {platform.python_version()}"


def capacity(size_in_bytes: int) -> int:
    """Return how many elements a list of that ``sys.getsizeof`` can hold without growing."""
    size_in_bytes = whole_number("size_in_bytes", size_in_bytes, minimum=EMPTY_LIST_BYTES)
    return (size_in_bytes - EMPTY_LIST_BYTES) // POINTER_BYTES


def _check_n(n, name: str = "n") -> int:
    n = whole_number(name, n)
    if n > MAX_ELEMENTS:
        raise ValueError(f"{name} = {n:,} is more than the limit of {MAX_ELEMENTS:,} elements")
    return n


def _pile_args(deck, order) -> tuple:
    """deck (anything indexable) and order (positions), refused before any pile is built."""
    if not hasattr(deck, "__getitem__") or not hasattr(deck, "__len__"):
        raise TypeError(f"deck must be a sequence of cards, not {type(deck).__name__}")
    order = sequence("order", order, maximum=MAX_ELEMENTS)
    for i in order:
        if isinstance(i, bool) or not isinstance(i, numbers.Integral):
            raise TypeError(f"order must hold positions (whole numbers), not {i!r:.40}")
        if not -len(deck) <= i < len(deck):
            raise ValueError(f"order holds position {i}, outside a deck of {len(deck)} cards")
    return deck, order


def appended_sizes(n: int) -> list[int]:
    """Return ``sys.getsizeof`` of a list after 0, 1, ..., n appends (n + 1 numbers).

    >>> sizes = appended_sizes(20)
    >>> all(a <= b for a, b in zip(sizes, sizes[1:]))   # it never shrinks
    True
    """
    n = _check_n(n)
    grown: list = []
    sizes = [sys.getsizeof(grown)]
    for _ in range(n):
        grown.append(None)
        sizes.append(sys.getsizeof(grown))
    return sizes


def preallocated_sizes(n: int) -> list[int]:
    """Return ``sys.getsizeof([None] * i)`` for i = 0..n: exactly the room asked for.

    >>> [capacity(size) for size in preallocated_sizes(4)]
    [0, 1, 2, 3, 4]
    """
    n = _check_n(n)
    return [sys.getsizeof([None] * i) for i in range(n + 1)]


@dataclass(frozen=True)
class Growth:
    """One resize seen while appending: the append that made ``length`` needed more room."""

    length: int  # the list's length right after the append that resized it
    old_capacity: int
    new_capacity: int


def growth_events(sizes: Sequence[int]) -> list[Growth]:
    """Return every resize in a run of :func:`appended_sizes` (index i = length i).

    >>> [(g.length, g.new_capacity) for g in growth_events(appended_sizes(20))]
    [(1, 4), (5, 8), (9, 16), (17, 24)]
    """
    sizes = [whole_number("each of sizes", size, minimum=EMPTY_LIST_BYTES)
             for size in sequence("sizes", sizes, maximum=MAX_ELEMENTS + 1)]
    return [Growth(length, capacity(before), capacity(after))
            for length, (before, after) in enumerate(zip(sizes, sizes[1:]), start=1)
            if after != before]


def copies_per_append(events: Sequence[Growth], n: int) -> float:
    """Return the elements moved per append for n appends if every resize copied the list.

    A resize to make room for element ``length`` copies the ``length - 1`` already
    there (at worst: ``realloc`` can often grow in place and copy nothing).

    >>> copies_per_append([Growth(1, 0, 4), Growth(5, 4, 8)], 8)   # (0 + 4) / 8
    0.5
    """
    n = whole_number("n", n, minimum=1)
    events = sequence("events", events)
    if not all(isinstance(g, Growth) for g in events):
        raise TypeError("events must be Growth records, as growth_events returns them")
    return sum(g.length - 1 for g in events if g.length <= n) / n


# --- three ways to build the shuffled pile ---------------------------------------

def pile_by_append(deck: Sequence, order: Sequence[int]) -> list:
    """Return [deck[i] for i in order], built as the COMP9021 notes do: start empty, append.

    >>> pile_by_append("ABC", [2, 0, 1])
    ['C', 'A', 'B']
    """
    deck, order = _pile_args(deck, order)
    pile = []
    for i in order:
        pile.append(deck[i])
    return pile


def pile_by_preallocation(deck: Sequence, order: Sequence[int]) -> list:
    """Return the same pile, filled into ``[None] * n`` by index (the notes' alternative).

    >>> pile_by_preallocation("ABC", [2, 0, 1])
    ['C', 'A', 'B']
    """
    deck, order = _pile_args(deck, order)
    pile = [None] * len(order)
    for j, i in enumerate(order):
        pile[j] = deck[i]
    return pile


def pile_by_comprehension(deck: Sequence, order: Sequence[int]) -> list:
    """Return the same pile from a list comprehension.

    >>> pile_by_comprehension("ABC", [2, 0, 1])
    ['C', 'A', 'B']
    """
    deck, order = _pile_args(deck, order)
    return [deck[i] for i in order]


def time_builds(builders: dict[str, Callable], deck: Sequence, order: Sequence[int],
                number: int = 1000, repeat: int = 15) -> dict[str, float]:
    """Return the best time per build in nanoseconds for each builder.

    The builders take turns (``repeat`` rounds of ``number`` builds each), so a
    burst of work from other programs slows them all alike; the best round is
    the one least disturbed.
    """
    number = whole_number("number", number, minimum=1, maximum=10**6)
    repeat = whole_number("repeat", repeat, minimum=1, maximum=100)
    if not isinstance(builders, dict) or not builders:
        raise TypeError("builders must be a non-empty dict of names to functions f(deck, order)")
    for name, build in builders.items():
        function(f"builders[{name!r}]", build)
    deck, order = _pile_args(deck, order)
    limit("number x repeat x builders x len(order)",
          number * repeat * len(builders) * max(len(order), 1), 10**8,
          "use a smaller number or repeat")
    best = {name: float("inf") for name in builders}
    for _ in range(repeat):
        for name, build in builders.items():
            seconds = timeit.timeit(lambda b=build: b(deck, order), number=number)
            best[name] = min(best[name], seconds)
    return {name: 1e9 * seconds / number for name, seconds in best.items()}


def time_per_append(lengths: Sequence[int], repeat: int = 9) -> list[float]:
    """Return, for each n in ``lengths``, the best time in nanoseconds per append over n appends.

    The lengths take turns in each of ``repeat`` rounds, as in :func:`time_builds`.
    """
    lengths = sequence("lengths", lengths, maximum=100)
    for n in lengths:
        whole_number("each of lengths", n, minimum=1)
        _check_n(n, "each of lengths")
    repeat = whole_number("repeat", repeat, minimum=1, maximum=100)

    def build(n: int) -> None:
        grown: list = []
        for _ in range(n):
            grown.append(None)

    numbers = [max(1, 50_000 // n) for n in lengths]
    best = [float("inf")] * len(lengths)
    for _ in range(repeat):
        for i, (n, number) in enumerate(zip(lengths, numbers)):
            seconds = timeit.timeit(lambda n=n: build(n), number=number)
            best[i] = min(best[i], seconds / (number * n))
    return [1e9 * seconds for seconds in best]


# --- the rule behind the measurements, then and now ---------------------------------

#: The growth rules of CPython's ``list_resize``: "3.9" (3.9 and later) and "3.7" (3.7, 3.8).
RULES = ("3.9", "3.7")


def new_capacity(newsize: int, oldsize: int | None = None, rule: str = "3.9") -> int:
    """Return the capacity ``list_resize`` gives a list too full to grow from oldsize to newsize.

    3.9 and later: n + n // 8 + 6, rounded down to a multiple of 4, but when the
    list grows by more than that spare room at once (``extend`` with many
    elements), just n rounded up to a multiple of 4. 3.7 and 3.8: n + n // 8 + 3
    below 9 elements, + 6 from 9 on, with no second branch. ``oldsize``
    defaults to ``newsize - 1`` (one append).

    >>> new_capacity(17), new_capacity(17, rule="3.7"), new_capacity(100, oldsize=0)
    (24, 25, 100)
    """
    newsize = whole_number("newsize", newsize)
    oldsize = max(newsize - 1, 0) if oldsize is None else whole_number("oldsize", oldsize)
    if rule not in RULES:
        raise ValueError(f"rule must be one of {RULES}, not {rule!r}")
    if newsize == 0:
        return 0
    if rule == "3.7":
        return newsize + (newsize >> 3) + (3 if newsize < 9 else 6)
    room = (newsize + (newsize >> 3) + 6) & ~3
    if newsize - oldsize > room - newsize:  # a big step: no over-allocation
        room = (newsize + 3) & ~3
    return room


def rule_capacities(n: int, rule: str = "3.9") -> list[int]:
    """Return the capacity after 0, 1, ..., n appends if ``list_resize`` follows ``rule``.

    >>> sorted(set(rule_capacities(80, rule="3.7")))
    [0, 4, 8, 16, 25, 35, 46, 58, 72, 88]
    """
    n = _check_n(n)
    capacities, room = [0], 0
    for length in range(1, n + 1):
        if length > room:
            room = new_capacity(length, length - 1, rule)
        capacities.append(room)
    return capacities


@validate_arguments
def extended_capacity(n: int, start: int = 4) -> int:
    """Return the measured capacity of a list of ``start`` elements after ``extend`` with n more.

    (``start`` is at least 1: CPython sizes an *empty* list's first extend another way.)

    >>> extended_capacity(0)
    4
    """
    n = _check_n(n)
    grown: list = [None] * whole_number("start", start, minimum=1, maximum=MAX_ELEMENTS)
    grown.extend([None] * n)
    return capacity(sys.getsizeof(grown))


def total_copies(n: int, step: int | None = None, rule: str = "3.9") -> int:
    """Return the elements copied by n appends if every resize copied the whole list.

    ``step=None``: the capacity follows CPython's ``rule``; ``step=s``: it grows
    by s slots each time (the counter-example: about n^2 / (2 s) copies in all).

    >>> total_copies(10, step=4)   # resizes at lengths 1, 5, 9 copy 0, 4 and 8
    12
    """
    n = _check_n(n)
    if step is not None:
        step = whole_number("step", step, minimum=1)
    copies, room = 0, 0
    for length in range(1, n + 1):
        if length > room:
            copies += length - 1
            room = room + step if step is not None else new_capacity(length, length - 1, rule)
    return copies


@validate_arguments
def fixed_cost_fit(lengths: Sequence[int], nanoseconds: Sequence[float]) -> tuple[float, float]:
    """Fit time per append = a + b / n by least squares; return (a, b) in nanoseconds.

    ``a`` is the cost of one append, ``b`` the fixed cost of a whole build (the
    call, making the list, starting the loop) shared among its n appends.

    >>> a, b = fixed_cost_fit([10, 100, 1000], [13.0, 4.0, 3.1])
    >>> round(a, 2), round(b, 1)
    (3.0, 100.0)
    """
    if len(lengths) != len(nanoseconds) or len(lengths) < 2:
        raise ValueError("fixed_cost_fit needs at least two lengths, one time for each")
    x = [1 / whole_number("n", n, minimum=1) for n in lengths]
    y = [float(t) for t in nanoseconds]
    mean_x, mean_y = sum(x) / len(x), sum(y) / len(y)
    spread = sum((xi - mean_x) ** 2 for xi in x)
    if spread == 0:
        raise ValueError("fixed_cost_fit needs at least two different lengths")
    b = sum((xi - mean_x) * (yi - mean_y) for xi, yi in zip(x, y)) / spread
    return mean_y - b * mean_x, b


# --- removing: what pick-and-remove pays ------------------------------------------------

#: Where :func:`time_pops` removes: the front, the middle, the end of the list.
POP_PLACES = ("front", "middle", "end")


@validate_arguments
def time_pops(lengths: Sequence[int], number: int = 2000,
              repeat: int = 5) -> dict[str, list[float]]:
    """Return the best time in nanoseconds of one ``pop`` from a list of about n elements.

    For each n in ``lengths`` and each place (front ``pop(0)``, middle ``pop(len // 2)``,
    end ``pop()``), ``number`` pops run on a list of n + ``number`` elements, so the
    list holds between n and 2n elements (n at least ``number``). The best of
    ``repeat`` rounds is kept; the places and lengths take turns in each round.
    """
    number = whole_number("number", number, minimum=1, maximum=10**6)
    repeat = whole_number("repeat", repeat, minimum=1, maximum=100)
    lengths = [_check_n(n) for n in lengths]
    limit("repeat x number x sum(lengths)", repeat * number * sum(lengths), 10**10,
          "each pop from the front moves the whole list: time fewer or shorter lists, or "
          "fewer pops")
    statements = {"front": "grown.pop(0)", "middle": "grown.pop(len(grown) // 2)",
                  "end": "grown.pop()"}
    best = {place: [float("inf")] * len(lengths) for place in POP_PLACES}
    for _ in range(repeat):
        for i, n in enumerate(lengths):
            for place in POP_PLACES:
                seconds = timeit.timeit(statements[place], number=number,
                                        setup=f"grown = [None] * {n + number}")
                best[place][i] = min(best[place][i], 1e9 * seconds / number)
    return best
