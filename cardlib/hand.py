"""Shuffles done by hand: overhand, perfect faro and pile shuffles.

Deck convention (as everywhere in cardlib): a deck is a list held face down
and **index 0 is the bottom card**, so the last item is the top card.

* The **overhand shuffle**: the deck sits in one hand; the thumb slides small
  packets off the *top* into the other hand, each packet landing on the ones
  before. Packets keep their inner order, but their order is reversed. As in
  Pemantle (1989) and Jonasson (2006), each of the n - 1 gaps between
  neighbouring cards is a cut between packets with probability ``p``.
* The **perfect faro** (riffle without randomness): cut exactly in half and
  interleave one card from each half. The *out*-shuffle keeps the top and
  bottom cards where they are; the *in*-shuffle moves them inwards.
* The **pile shuffle**: deal the cards one at a time onto a few piles, then
  stack the piles in a random order.

>>> overhand_shuffle(list(range(8)), rng=5)  # packets of 3, 2, 1, 1, 1 from the top
[5, 6, 7, 3, 4, 2, 1, 0]
>>> out_shuffle(list(range(8)))  # bottom card 0 and top card 7 stay put
[0, 4, 1, 5, 2, 6, 3, 7]
>>> faro_order(52, "out"), faro_order(52, "in")
(8, 52)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Literal

from . import mixing
from .rngs import Refusing
from .shuffles import draw
from .untrusted import CALL_SECONDS, TimedCalls, contained
from .validation import (
    MAX_ITEMS,
    Probability,
    Rng,
    Rule,
    limit,
    listed,
    numpy_for,
    sequence,
    validate_arguments,
    whole,
    whole_number,
)

try:  # NumPy serves the matrix powers and the batched kernels; the shuffles need neither
    import numpy as np

    from . import batched
except ImportError:  # pragma: no cover - tested in a subprocess that blocks numpy
    np = batched = None

__all__ = [
    "overhand_packets",
    "stack_packets",
    "overhand_shuffle",
    "faro",
    "out_shuffle",
    "in_shuffle",
    "multiplicative_order",
    "faro_order",
    "repeats_to_restore",
    "elmsley_sequence",
    "move_top_card",
    "OVERHAND_MAX_CARDS",
    "overhand_position_law",
    "OverhandAfter",
    "overhand_after",
    "pile_shuffle",
    "overhand_rows",
    "pile_rows",
    "MAX_MODULUS",
    "MAX_PILES",
]

#: multiplicative_order tries the powers one by one: moduli up to ten million (about 2 s).
MAX_MODULUS = 10**7
#: pile_shuffle deals onto at most this many piles.
MAX_PILES = 1000


# --- overhand ------------------------------------------------------------------

@validate_arguments
def overhand_packets(n: whole(0, MAX_ITEMS), rng: Rng = None,
                     p: Probability = Fraction(1, 2)) -> list[int]:
    """Return the sizes of the packets an overhand shuffle of n cards moves, top packet first.

    Each of the n - 1 gaps between neighbouring cards is a cut with
    probability p, drawn as ``rng.randrange(denominator) < numerator``.

    >>> overhand_packets(8, rng=5)
    [3, 2, 1, 1, 1]
    >>> sum(overhand_packets(52, rng=1, p=Fraction(1, 8)))
    52
    """
    sizes = []
    size = 1 if n else 0
    # Walk the gaps from the top of the deck down; `size` counts the open packet.
    for _ in range(n - 1):
        if rng.randrange(p.denominator) < p.numerator:
            sizes.append(size)
            size = 0
        size += 1
    return sizes + [size] if n else []


def _packets_fit(deck: list, sizes: list) -> None:
    if sum(sizes) != len(deck):
        raise ValueError(f"packet sizes {sizes} do not split a deck of {len(deck)} cards")


@validate_arguments(requires=_packets_fit)
def stack_packets(deck: Iterable, sizes: listed(of=whole(1))) -> list:
    """Return the deck after moving packets of these sizes, top packet first, to a new pile.

    The first packet taken from the top lands at the bottom of the new pile.

    >>> stack_packets([0, 1, 2, 3, 4], [2, 3])
    [3, 4, 0, 1, 2]
    """
    pile = []
    top = len(deck)
    # Invariant: deck[top:] have moved, packet by packet, onto the new pile.
    for size in sizes:
        pile.extend(deck[top - size : top])
        top -= size
    return pile


@validate_arguments
def overhand_shuffle(deck: Iterable, rng: Rng = None, p: Probability = Fraction(1, 2)) -> list:
    """Return a new list after one overhand shuffle; the input is left unchanged.

    >>> overhand_shuffle("ABCD", rng=0, p=0)  # no cut: one packet, nothing moves
    ['A', 'B', 'C', 'D']
    >>> overhand_shuffle("ABCD", rng=0, p=1)  # a cut everywhere: the deck turns over
    ['D', 'C', 'B', 'A']
    """
    return stack_packets(deck, overhand_packets(len(deck), rng, p))


# --- perfect faro --------------------------------------------------------------

def _even(deck: list) -> None:
    if len(deck) % 2:
        raise ValueError(f"a perfect faro needs a deck with an even number of cards, "
                         f"got {len(deck)}")


@validate_arguments(requires=_even)
def faro(deck: Iterable, kind: Literal["out", "in"] = "out") -> list:
    """Return a new list after one perfect faro shuffle ("out" or "in").

    Cut into the bottom half and the top half, then interleave from the bottom
    up. Out: the bottom half gives the bottom card. In: the top half does.

    >>> faro([0, 1, 2, 3, 4, 5], "in")
    [3, 0, 4, 1, 5, 2]
    >>> faro([0, 1, 2])
    Traceback (most recent call last):
    ...
    ValueError: a perfect faro needs a deck with an even number of cards, got 3
    """
    half = len(deck) // 2
    bottom, top = deck[:half], deck[half:]
    first, second = (bottom, top) if kind == "out" else (top, bottom)
    return [card for pair in zip(first, second) for card in pair]


def out_shuffle(deck, rng=None) -> list:
    """Return a new list after a perfect out-shuffle. ``rng`` is accepted and unused."""
    return faro(deck, "out")


def in_shuffle(deck, rng=None) -> list:
    """Return a new list after a perfect in-shuffle. ``rng`` is accepted and unused."""
    return faro(deck, "in")


def _coprime(a: int, m: int) -> None:
    limit("m", m, MAX_MODULUS, "the order is found by trying the powers of a one by one")
    if math.gcd(a, m) != 1 and m != 1:
        raise ValueError(f"{a} has no multiplicative order modulo {m}: they share a factor")


@validate_arguments(requires=_coprime)
def multiplicative_order(a: whole(None), m: whole(1)) -> int:
    """Return the least k >= 1 with a^k = 1 (mod m).

    >>> multiplicative_order(2, 51), multiplicative_order(2, 53)
    (8, 52)
    >>> multiplicative_order(2, 10)
    Traceback (most recent call last):
    ...
    ValueError: 2 has no multiplicative order modulo 10: they share a factor
    """
    if m == 1:
        return 1
    k, power = 1, a % m
    while power != 1:
        k, power = k + 1, power * a % m
    return k


def _even_cards(n: int) -> None:
    if n % 2:
        raise ValueError(f"a perfect faro needs an even number of cards, got n = {n}")


@validate_arguments(requires=_even_cards)
def faro_order(n: whole(2, MAX_MODULUS - 1), kind: Literal["out", "in"] = "out") -> int:
    """Return how many perfect faros of the given kind bring n cards back to their order.

    Out-shuffle: the card at position i (from the bottom) moves to 2i mod (n - 1)
    and the top card stays, so the order is that of 2 modulo n - 1. In-shuffle:
    position i + 1 moves to 2(i + 1) mod (n + 1), so it is the order of 2 modulo n + 1.

    >>> [faro_order(n) for n in (2, 4, 6, 8, 10)]
    [1, 2, 4, 3, 6]
    """
    return multiplicative_order(2, n - 1 if kind == "out" else n + 1)


@validate_arguments
def elmsley_sequence(k: whole(0)) -> list[str]:
    """Return the perfect faros that move the top card down k places (Alex Elmsley's rule).

    Write k in binary; read it from the left: an in-shuffle for each 1, an
    out-shuffle for each 0. With the top card j places from the top, an
    out-shuffle puts it 2j places down and an in-shuffle 2j + 1 (while j is
    in the top half), so the binary digits of k are built one by one.

    >>> elmsley_sequence(6), elmsley_sequence(0)
    (['in', 'in', 'out'], [])
    """
    return ["in" if bit == "1" else "out" for bit in format(k, "b")] if k else []


def _card_to_move(deck: list, k: int) -> None:
    whole_number("k", k, maximum=max(len(deck) - 1, 0))


@validate_arguments(requires=_card_to_move)
def move_top_card(deck: Iterable, k: whole(0)) -> list:
    """Return a new list: the faros of :func:`elmsley_sequence` applied, the top card k places down.

    >>> move_top_card("ABCDEFGH", 3)   # H, the top card, now has 3 cards above it
    ['G', 'E', 'C', 'A', 'H', 'F', 'D', 'B']
    """
    cards = list(deck)
    for kind in elmsley_sequence(k):
        cards = faro(cards, kind)
    return cards


def _few_enough_repeats(n: int, limit: int) -> None:
    whole_number("limit", limit, maximum=max(1, 10**7 // max(n, 1)))


@contained(CALL_SECONDS)
@validate_arguments(requires=_few_enough_repeats)
def repeats_to_restore(shuffle: Callable, n: whole(0, MAX_ITEMS),
                       limit: whole(1) = 10_000) -> int:
    """Apply a deterministic shuffle to ``list(range(n))`` until the order comes back.

    ``shuffle(deck, rng=...)`` must return a new list; it is given an rng that
    refuses to draw, so a random shuffle is stopped at its first draw.
    A learner's shuffle runs in a child process, bounded in time and memory where the
    platform has one (:func:`cardlib.untrusted.contained`).

    >>> repeats_to_restore(out_shuffle, 52)
    8
    >>> repeats_to_restore(overhand_shuffle, 5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: ... but overhand_shuffle drew a random number: ...
    """
    name = getattr(shuffle, "__name__", repr(shuffle))
    no_randomness = Refusing(f"repeats_to_restore follows a deterministic shuffle such as "
                             f"out_shuffle, but {name} drew a random number: a random shuffle "
                             "has no fixed repeat count")
    start = list(range(n))
    deck = start
    with TimedCalls(name) as call:
        for count in range(1, limit + 1):
            # A copy each time: a shuffle that changes its input in place (and returns it,
            # or None) must not change the deck it is compared with.
            cards = list(deck)
            result = call(shuffle, cards, rng=no_randomness)
            deck = cards if result is None else sequence("the shuffle's result", result)
            if deck == start:
                return count
    raise ValueError(f"{getattr(shuffle, '__name__', shuffle)} did not restore "
                     f"{n} cards within {limit:,} repeats")


# --- pile shuffle --------------------------------------------------------------

@validate_arguments
def pile_shuffle(deck: Iterable, rng: Rng = None, piles: whole(1, MAX_PILES) = 4) -> list:
    """Return a new list: deal onto ``piles`` piles, then stack them in a random order.

    Cards are dealt one at a time from the top, each onto the top of the next
    pile in turn; the piles are then picked up in a uniformly random order
    (k! orders for k piles), the first one picked ending at the bottom.

    >>> pile_shuffle(range(8), rng=3, piles=2)
    [7, 5, 3, 1, 6, 4, 2, 0]
    """
    stacks: list[list] = [[] for _ in range(piles)]
    for dealt, card in enumerate(reversed(deck)):
        stacks[dealt % piles].append(card)
    order, _ = draw(range(piles), piles, rng)
    return [card for index in order for card in stacks[index]]


#: The exact overhand laws are worked out for decks of at most this many cards
#: (n^3 / 6 additions of whole numbers).
OVERHAND_MAX_CARDS = 104


@validate_arguments
def overhand_position_law(n: whole(0, OVERHAND_MAX_CARDS),
                          p: Probability = Fraction(1, 2)) -> list[list[Fraction]]:
    """Return P[i][j], the exact chance that one overhand shuffle moves position i to j.

    The card at i travels in a packet spanning positions a..b (cuts just below a
    and just above b, none between); after the shuffle the n - 1 - b cards that
    were above the packet lie below it, so the card lands at n - 1 - b + i - a.

    >>> [[str(x) for x in row] for row in overhand_position_law(2)]
    [['1/2', '1/2'], ['1/2', '1/2']]
    """
    return [list(row) for row in _overhand_law(n, p)]


@dataclass(frozen=True)
class OverhandAfter:
    """Where each card is after k overhand shuffles: P(card i at position j), and the worst card."""

    n: int
    shuffles_done: int
    matrix: np.ndarray  # read-only floats
    worst_card_distance: float  # the largest distance to uniform of one card's position


@validate_arguments
def overhand_after(n: whole(1, OVERHAND_MAX_CARDS), shuffles_done: whole(0, 10**6),
                   p: Probability = Fraction(1, 2)) -> OverhandAfter:
    """Return the position matrix after ``shuffles_done`` overhand shuffles (a matrix power).

    Remembered for each (n, shuffles_done, p), so a slider coming back is instant.

    >>> overhand_after(2, 1).matrix.tolist()
    [[0.5, 0.5], [0.5, 0.5]]
    """
    return _overhand_after(n, shuffles_done, p)


@functools.lru_cache(maxsize=256)
def _overhand_after(n: int, shuffles_done: int, p: Fraction) -> OverhandAfter:
    np = numpy_for("overhand_after")
    counts, whole = _overhand_counts(n, p)
    law = np.array([[count / whole for count in row] for row in counts])  # rounded as Fractions
    matrix = np.linalg.matrix_power(law, shuffles_done)
    matrix.flags.writeable = False
    return OverhandAfter(n, shuffles_done, matrix, mixing.largest_card_distance(matrix))


@functools.lru_cache(maxsize=64)
def _overhand_law(n: int, p: Fraction) -> tuple[tuple[Fraction, ...], ...]:
    counts, whole = _overhand_counts(n, p)
    return tuple(tuple(Fraction(count, whole) for count in row) for row in counts)


@functools.lru_cache(maxsize=64)
def _overhand_counts(n: int, p: Fraction) -> tuple[list[list[int]], int]:
    """The law times ``whole``, the denominator of p to the power n + 1: whole numbers.

    Adding integers, not Fractions (no gcd at each step): 52 cards in 8 ms, not 76.
    A packet a..b has chance p^[a > 0] (1 - p)^(b - a) p^[b < n - 1].
    """
    top, bottom = p.numerator, p.denominator
    law = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(a, n):
            ends = (a > 0) + (b < n - 1)
            chance = top**ends * (bottom - top) ** (b - a) * bottom ** (n + 1 - ends - (b - a))
            for i in range(a, b + 1):
                law[i][n - 1 - b + i - a] += chance
    return law, bottom ** (n + 1)


# --- many decks at once, for cardlib.stats.simulate ------------------------------

def _deck_rows(name: str, decks):
    if not isinstance(decks, numpy_for(name).ndarray) or decks.ndim != 2:
        raise TypeError(f"{name} must be a 2-D NumPy array of cards (shuffled in place)")
    return decks


def _generator(name: str, gen):
    if not callable(getattr(gen, "integers", None)):
        raise TypeError(f"{name} must be a numpy.random.Generator, not {type(gen).__name__}")
    return gen


#: A 2-D NumPy array of decks, one per row, shuffled in place.
DeckRows = Annotated[object, Rule(_deck_rows, "DeckRows")]
#: A NumPy random generator (``numpy.random.default_rng(seed)``).
Generator = Annotated[object, Rule(_generator, "Generator")]


def _numpy_can_draw(p: Fraction) -> None:
    if p.denominator > 2**62:
        raise ValueError(f"p = {p} has a denominator above 2^62, which NumPy's integer draws "
                         "cannot use; use overhand_shuffle one deck at a time "
                         "(stats.position_counts) for such a p")


@validate_arguments(requires=_numpy_can_draw)
def overhand_rows(decks: DeckRows, gen: Generator, p: Probability = Fraction(1, 2),
                  k: whole(0, 10**6) = 1) -> None:
    """Overhand-shuffle every row of ``decks`` in place, k times (as :func:`overhand_shuffle`).

    One draw per gap decides the cuts; the card at i, in a packet spanning
    a..b, moves to n - 1 - b + i - a (see :func:`overhand_position_law`).
    """
    for _ in range(k if decks.shape[1] >= 2 else 0):
        _overhand_once(decks, gen, p)


def _overhand_once(decks: np.ndarray, gen, p: Fraction) -> None:
    trials, n = decks.shape
    cut = gen.integers(0, p.denominator, size=(trials, n - 1)) < p.numerator
    index = np.arange(n)
    # a: the nearest cut at or below each card; b: the nearest cut above it.
    a = np.maximum.accumulate(np.where(cut, index[1:], 0), axis=1)
    a = np.concatenate([np.zeros((trials, 1), dtype=a.dtype), a], axis=1)
    b = np.where(cut, index[:-1], n - 1)[:, ::-1]
    b = np.minimum.accumulate(b, axis=1)[:, ::-1]
    b = np.concatenate([b, np.full((trials, 1), n - 1)], axis=1)
    rows = np.arange(trials)[:, None]
    shuffled = np.empty_like(decks)
    shuffled[rows, n - 1 - b + index - a] = decks
    decks[:] = shuffled


@validate_arguments
def pile_rows(decks: DeckRows, gen: Generator, piles: whole(1, MAX_PILES) = 4) -> None:
    """Pile-shuffle every row of ``decks`` in place (as :func:`pile_shuffle`).

    The deal is the same for every row; only the order in which the piles are
    picked up is random, uniform over the piles! orders, drawn for all rows at
    once by Knuth's swaps on the pile numbers (one column of draws per pile).
    """
    trials, n = decks.shape
    rows = np.arange(trials)
    order = np.tile(np.arange(piles), (trials, 1))  # order[r, m]: the m-th pile picked up
    for i in range(piles - 1, 0, -1):
        j = gen.integers(0, i + 1, size=trials)
        picked = order[rows, i].copy()
        order[rows, i] = order[rows, j]
        order[rows, j] = picked
    stacks: list[list[int]] = [[] for _ in range(piles)]  # positions dealt onto each pile
    for dealt, position in enumerate(reversed(range(n))):
        stacks[dealt % piles].append(position)
    sizes = np.array([len(stack) for stack in stacks])
    start = np.empty_like(order)  # start[r, p]: where pile p begins in row r
    start[rows[:, None], order] = np.cumsum(sizes[order], axis=1) - sizes[order]
    shuffled = np.empty_like(decks)
    for pile, stack in enumerate(stacks):
        if stack:
            shuffled[rows[:, None], start[:, pile:pile + 1] + np.arange(len(stack))] = \
                decks[:, stack]
    decks[:] = shuffled


def _faro_rows(kind: str):
    def kernel(decks: np.ndarray, gen) -> None:
        decks[:] = decks[:, faro(range(decks.shape[1]), kind)]
    kernel.__name__ = f"{kind}_shuffle_rows"
    return kernel


@validate_arguments
def _overhand_cost(p=Fraction(1, 2), k: whole(0, 10**6) = 1) -> int:
    """Each overhand of every row costs about 6 vectorised steps per entry."""
    return 6 * max(1, k)


@validate_arguments
def _pile_cost(piles: whole(0, MAX_PILES) = 4) -> int:
    """A draw per pile and a copy per pile for every row."""
    return 2 + piles // 8


# stats.simulate's batched kernels, with their costs (simulate's work limit).
if batched is not None:
    batched.register(overhand_shuffle, overhand_rows)
    overhand_rows.cost = _overhand_cost
    batched.register(out_shuffle, _faro_rows("out"))
    batched.register(in_shuffle, _faro_rows("in"))
    batched.register(pile_shuffle, pile_rows)
    pile_rows.cost = _pile_cost
