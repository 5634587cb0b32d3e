"""Numbering the n! orders: the factorial number system (Lehmer code).

Every whole number r with 0 <= r < n! has one set of *factorial digits*
d_0, d_1, ..., d_{n-1}, with 0 <= d_k < n - k, such that

    r = d_0 (n-1)! + d_1 (n-2)! + ... + d_{n-2} 1! + d_{n-1} 0!

(the last digit is always 0). :func:`unrank` reads the digits as
instructions: take card number d_0 of the sorted pile, then card number d_1
of what is left, and so on. That is exactly what pick-and-remove does with
the answers d_0, d_1, ... of ``randrange(n)``, ``randrange(n - 1)``, ...:
the digits of one random number below n! *are* the Fisher-Yates draws.
:func:`rank` is the inverse; the numbering is the lexicographic order of the
orders, so ``unrank(0, n)`` is ``[0, 1, ..., n-1]`` and ``unrank(n! - 1, n)``
its reverse.

>>> factorial_digits(3, 3)
[1, 1, 0]
>>> unrank(3, 3)
[1, 2, 0]
>>> rank([1, 2, 0])
3
>>> [unrank(r, 3) for r in range(6)]
[[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from .rngs import Scripted, Stop
from .untrusted import CALL_SECONDS, TimedCalls, contained
from .validation import Rng, listed, validate_arguments, whole, whole_number

__all__ = [
    "exact_position_matrix",
    "cycle_count",
    "MAX_RANK_CARDS",
    "factorial_digits",
    "from_factorial_digits",
    "unrank",
    "rank",
    "unrank_shuffle",
    "run_with_draws",
]

#: unrank and rank are O(n^2); they refuse decks longer than this (n! has ~20,000 digits).
MAX_RANK_CARDS = 5000


def _below_factorial(r: int, n: int) -> None:
    if r >= math.factorial(n):
        raise ValueError(f"r must be below {n}! = {math.factorial(n)}, got {r}")


@validate_arguments(requires=_below_factorial)
def factorial_digits(r: whole(0), n: whole(0, MAX_RANK_CARDS)) -> list[int]:
    """Return the n factorial digits of r (0 <= r < n!), most significant first.

    Digit k lies in 0 .. n - k - 1: the radices are n, n - 1, ..., 1.

    >>> factorial_digits(23, 4)
    [3, 2, 1, 0]
    >>> factorial_digits(24, 4)
    Traceback (most recent call last):
    ...
    ValueError: r must be below 4! = 24, got 24
    """
    digits = []
    for k in range(n):
        place = math.factorial(n - 1 - k)  # the value of one unit in digit k
        digit, r = divmod(r, place)
        digits.append(digit)
    return digits


def _digits_in_range(digits: list) -> None:
    n = len(digits)
    for k, digit in enumerate(digits):
        if whole_number(f"digit {k}", digit) >= n - k:
            raise ValueError(f"digit {k} must be below {n - k}, got {digit}")


@validate_arguments(requires=_digits_in_range)
def from_factorial_digits(digits: Sequence[int]) -> int:
    """Return the number whose factorial digits are ``digits`` (the inverse of the above).

    >>> from_factorial_digits([3, 2, 1, 0])
    23
    >>> from_factorial_digits([3, 3, 0, 0])
    Traceback (most recent call last):
    ...
    ValueError: digit 1 must be below 3, got 3
    """
    n = len(digits)
    r = 0
    for k, digit in enumerate(digits):
        r += digit * math.factorial(n - 1 - k)
    return r


@validate_arguments
def unrank(r: whole(0), n: whole(0, MAX_RANK_CARDS)) -> list[int]:
    """Return order number r (0 <= r < n!) of the cards 0 .. n-1, in lexicographic numbering.

    Digit k of r picks, among the cards not yet placed (kept sorted), the
    one that goes to position k. O(n^2), like pick-and-remove.

    >>> unrank(0, 4), unrank(23, 4)
    ([0, 1, 2, 3], [3, 2, 1, 0])
    """
    pile = list(range(n))
    return [pile.pop(digit) for digit in factorial_digits(r, n)]


def _is_order(order: list) -> None:
    whole_number("n", len(order), maximum=MAX_RANK_CARDS)
    if sorted(order) != list(range(len(order))):
        raise ValueError(f"order must hold each of 0 .. {len(order) - 1} once, got {order}")


@validate_arguments(requires=_is_order)
def rank(order: Sequence[int]) -> int:
    """Return the number of ``order`` (an order of 0 .. n-1): the inverse of :func:`unrank`.

    >>> rank([0, 1, 2, 3]), rank([3, 2, 1, 0])
    (0, 23)
    >>> rank([0, 2, 2])
    Traceback (most recent call last):
    ...
    ValueError: order must hold each of 0 .. 2 once, got [0, 2, 2]
    """
    pile = list(range(len(order)))
    digits = []
    for card in order:
        position = pile.index(card)  # how many smaller cards are still unplaced
        digits.append(position)
        pile.pop(position)
    return from_factorial_digits(digits)


def _few_enough_to_rank(deck: list) -> None:
    whole_number("n", len(deck), maximum=MAX_RANK_CARDS)


@validate_arguments(requires=_few_enough_to_rank)
def unrank_shuffle(deck: Iterable, rng: Rng = None) -> list:
    """Return a new list in a uniformly random order: one draw below n!, decoded.

    The third idea of the article "如何高效而完美地洗牌？用Python做很简单" (pick a
    number in [1, 54!] and deal the order it stands for) without listing the
    orders: one ``randrange(n!)`` and :func:`unrank`. Fair, O(n^2).

    >>> unrank_shuffle("ABC", rng=4)
    ['A', 'C', 'B']
    """
    r = rng.randrange(math.factorial(len(deck)))
    return [deck[i] for i in unrank(r, len(deck))]


def _draws_fit(n: int, draws: list) -> None:
    if len(draws) > n:
        raise ValueError(f"{n} cards need at most {n} draws, got {len(draws)}")
    for k, d in enumerate(draws):
        if d >= n - k:
            raise ValueError(f"draw {k} answers randrange({n - k}), so it must be below "
                             f"{n - k}, got {d}")


@contained(CALL_SECONDS)
@validate_arguments(requires=_draws_fit)
def run_with_draws(shuffle: Callable, n: whole(0, MAX_RANK_CARDS),
                   draws: listed(of=whole(0))) -> list:
    """Return what ``shuffle`` makes of ``list(range(n))`` when randrange answers ``draws``.

    Every call must be ``randrange(size)`` with the size that pick-and-remove
    and Knuth's swaps ask for at that step: n, n - 1, n - 2, ...; answers left
    over are not used (Knuth's swaps use n - 1 of them).
    A learner's shuffle runs in a child process, bounded in time and memory where the
    platform has one (:func:`cardlib.untrusted.contained`).

    >>> from cardlib.shuffles import knuth_shuffle, pick_and_remove
    >>> run_with_draws(pick_and_remove, 3, [1, 1, 0]), run_with_draws(knuth_shuffle, 3, [1, 1, 0])
    ([1, 2, 0], [0, 2, 1])
    """
    deck = list(range(n))
    rng = Scripted(draws, [n - k for k in range(len(draws))], then="stop")
    try:
        with TimedCalls(getattr(shuffle, "__name__", "the shuffle")) as call:
            result = call(shuffle, deck, rng=rng)
    except Stop as stop:
        raise ValueError(_off_script(stop, n, len(draws))) from None
    if rng.stopped:  # it caught the stop, and went on
        raise ValueError(_off_script(Stop(rng.stopped, 0, rng.depth), n, len(draws)))
    return deck if result is None else list(result)


def _off_script(stop: Stop, n: int, answers: int) -> str:
    if stop.why == "tree":
        return (f"draw {stop.depth} was a draw of {stop.size} values, but the answers are for "
                f"randrange({n - stop.depth}) at that step")
    return f"the shuffle asked for draw {stop.depth}, but only {answers} answers were given"


def _some_outcome(dist: dict) -> None:
    if not dist:
        raise ValueError("exact_position_matrix needs a distribution (dist, a dict of order -> "
                         "probability) with at least one outcome")


@validate_arguments(requires=_some_outcome)
def exact_position_matrix(dist: dict[tuple[int, ...], Fraction]) -> list[list[Fraction]]:
    """Return P[i][j], the exact probability that card i ends at position j.

    >>> from cardlib import exact
    >>> from cardlib.shuffles import sattolo_shuffle
    >>> exact_position_matrix(exact.distribution(sattolo_shuffle, 3))[0]
    [Fraction(0, 1), Fraction(1, 2), Fraction(1, 2)]
    """
    n = len(next(iter(dist)))
    matrix = [[Fraction(0)] * n for _ in range(n)]
    for order, probability in dist.items():
        for position, card in enumerate(order):
            matrix[card][position] += probability
    return matrix


def _permutation(order: list) -> None:
    try:
        is_order = sorted(order) == list(range(len(order)))
    except TypeError:
        is_order = False
    if not is_order:
        raise ValueError(f"cycle_count needs order to be a permutation of 0..{len(order) - 1}, "
                         f"got {tuple(order)}")


@validate_arguments(requires=_permutation)
def cycle_count(order: Iterable) -> int:
    """Return the number of cycles of a permutation of 0..n-1 (fixed points count as cycles).

    >>> cycle_count((0, 1, 2)), cycle_count((1, 2, 0)), cycle_count((1, 0, 2))
    (3, 1, 2)
    """
    seen = [False] * len(order)
    cycles = 0
    for start in range(len(order)):
        if not seen[start]:
            cycles += 1
            position = start
            while not seen[position]:
                seen[position] = True
                position = order[position]
    return cycles
