"""Shuffling algorithms, the fair ones and the tempting wrong ones.

The contract: every function draws all of its randomness through
``rng.randrange(...)`` on the ``rng`` it is given (``None`` for a fresh
unseeded ``random.Random``, an ``int`` seed, or a ``random.Random``).
Nothing else is random, which is what lets :mod:`cardlib.exact` enumerate
every outcome. The arguments are validated before a body runs
(:func:`~cardlib.validation.validate_arguments` reads the annotations), so each
body holds its algorithm and nothing else.

>>> deck = list("ABCDE")
>>> knuth_shuffle(deck, rng=1)
>>> sorted(deck) == list("ABCDE")
True
>>> pick_and_remove("ABC", rng=7)  # seeded: the same order every run
['B', 'A', 'C']
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, MutableSequence
from typing import Annotated

from .validation import Rng, Rule, as_rng, limit, listed, sequence, validate_arguments, whole

__all__ = [
    "as_rng",
    "draw",
    "pick_and_remove",
    "knuth_shuffle",
    "naive_swap_shuffle",
    "sattolo_shuffle",
    "retry_shuffle",
    "retry_shuffle_counted",
    "stride_shuffle",
    "brute_force_shuffle",
    "comparator_sort_shuffle",
    "poker_1999_shuffle",
    "deal",
    "BRUTE_FORCE_LIMIT",
    "random_key_shuffle",
    "inside_out_shuffle",
    "float_knuth_shuffle",
]

#: brute_force_shuffle lists all n! orders, so it refuses decks above this size.
BRUTE_FORCE_LIMIT = 10
#: Drawing k cards from n moves about k * n / 2 cards: at most this many (about 2 s).
MAX_DRAW_WORK = 4 * 10**10
#: The shuffles whose cost grows faster than the deck (retries, sorting) take at most this.
MAX_SLOW_CARDS = 100_000


def _room_to_draw(deck: list, k: int) -> None:
    """No more cards drawn than the deck holds, nor so many that it takes minutes."""
    if k > len(deck):
        raise ValueError(f"cannot draw {k} cards from a deck of {len(deck)}")
    limit("k x deck size", k * len(deck), MAX_DRAW_WORK,
          "each draw moves the cards after it in the list (O(n) per draw); draw fewer "
          "cards, or shuffle a big deck with knuth_shuffle")


@validate_arguments(requires=_room_to_draw)
def draw(deck: Iterable, k: whole(0), rng: Rng = None) -> tuple[list, list]:
    """Draw k cards without replacement (不放回抽样); return (drawn, rest).

    Each draw takes a uniformly random card from what is left of the pile.
    The input is left unchanged.

    >>> draw(range(6), 2, rng=3)
    ([1, 5], [0, 2, 3, 4])
    """
    pile = list(deck)
    drawn = []
    # Invariant: drawn + pile is a permutation of the deck, drawn in draw order.
    for _ in range(k):
        drawn.append(pile.pop(rng.randrange(len(pile))))
    return drawn, pile


@validate_arguments
def pick_and_remove(deck: Iterable, rng: Rng = None) -> list:
    """Return a new shuffled list; the input is left unchanged.

    Fisher and Yates (1938): pick a random card from the pile, remove it and
    put it on the new pile, until the pile is empty. Costs O(n^2), because
    removing from the middle of a list moves everything after it.

    >>> pick_and_remove("ABC", rng=7)
    ['B', 'A', 'C']
    """
    shuffled, _ = draw(deck, len(deck), rng)
    return shuffled


@validate_arguments
def knuth_shuffle(deck: MutableSequence, rng: Rng = None) -> None:
    """Shuffle the list in place and return None (Durstenfeld 1964, Knuth).

    >>> deck = [0, 1, 2, 3]
    >>> knuth_shuffle(deck, rng=5)
    >>> deck
    [0, 1, 3, 2]
    """
    randrange = rng.randrange
    # Invariant: deck[i+1:] is settled, a uniform random arrangement of its cards.
    for i in reversed(range(1, len(deck))):
        j = randrange(i + 1)
        deck[i], deck[j] = deck[j], deck[i]


@validate_arguments
def naive_swap_shuffle(deck: MutableSequence, rng: Rng = None) -> None:
    """Shuffle in place by swapping every position with any position. Biased!

    n draws of n choices give n^n equally likely paths, which n! outcomes
    cannot share equally once n > 2.

    >>> deck = [0, 1, 2, 3]
    >>> naive_swap_shuffle(deck, rng=5)
    >>> deck
    [1, 0, 2, 3]
    """
    randrange = rng.randrange
    n = len(deck)
    for i in range(n):
        j = randrange(n)
        deck[i], deck[j] = deck[j], deck[i]


@validate_arguments
def sattolo_shuffle(deck: MutableSequence, rng: Rng = None) -> None:
    """Shuffle in place into a uniformly random single cycle (Sattolo 1986).

    Knuth's loop with ``randrange(i)`` instead of ``randrange(i + 1)``: no card
    can stay where it was, and only the (n-1)! one-cycle orders can appear.

    >>> deck = [0, 1, 2, 3]
    >>> sattolo_shuffle(deck, rng=5)
    >>> deck   # no card where it started
    [3, 0, 1, 2]
    """
    randrange = rng.randrange
    for i in reversed(range(1, len(deck))):
        j = randrange(i)
        deck[i], deck[j] = deck[j], deck[i]


@validate_arguments
def retry_shuffle_counted(deck: listed(at_most=MAX_SLOW_CARDS),
                          rng: Rng = None) -> tuple[list, int]:
    """Draw positions with replacement, throwing repeats away; return (shuffled, draws).

    Fair, but the number of draws is unbounded; on average n*H_n (the coupon
    collector), so about 236 draws for 52 cards.

    >>> retry_shuffle_counted("ABC", rng=2)
    (['A', 'B', 'C'], 6)
    """
    n = len(deck)
    seen: set[int] = set()
    order = []
    draws = 0
    while len(order) < n:
        draws += 1
        position = rng.randrange(n)
        if position not in seen:
            seen.add(position)
            order.append(position)
    return [deck[p] for p in order], draws


def retry_shuffle(deck, rng=None) -> list:
    """Return a new list shuffled by :func:`retry_shuffle_counted`."""
    return retry_shuffle_counted(deck, rng)[0]


@validate_arguments
def stride_shuffle(deck: Iterable, rng: Rng = None) -> list:
    """Return a random first card followed by a fixed random stride. Unfair!

    The second idea of the article "如何高效而完美地洗牌？用Python做很简单" (how to
    shuffle efficiently and perfectly with Python): start anywhere and step by d (mod n). Only steps
    coprime to n visit every card, so n * phi(n) orders out of n! can appear.

    >>> stride_shuffle([0, 1, 2, 3, 4], rng=6)  # start at 4, step 1
    [4, 0, 1, 2, 3]
    """
    n = len(deck)
    if n < 2:
        return list(deck)
    steps = [d for d in range(1, n) if math.gcd(d, n) == 1]
    start = rng.randrange(n)
    step = steps[rng.randrange(len(steps))]
    return [deck[(start + k * step) % n] for k in range(n)]


def _small_deck(name: str, deck) -> list:
    """``deck`` as a list, if its n! orders can be listed: at most BRUTE_FORCE_LIMIT cards
    (refused from its length when it has one, before any list is built)."""
    try:
        n = len(deck)
    except TypeError:
        n = None
    if n is None or n <= BRUTE_FORCE_LIMIT:
        deck = sequence(name, deck, maximum=BRUTE_FORCE_LIMIT + 1)
        n = len(deck)
    if n > BRUTE_FORCE_LIMIT:
        count = f"{math.factorial(n):,}" if n < 18 else "more than 10^15"
        raise ValueError(f"brute_force_shuffle would list {n:,}! = {count} orders; "
                         f"it refuses decks of more than {BRUTE_FORCE_LIMIT} cards")
    return deck


#: A deck whose n! orders can all be listed: at most BRUTE_FORCE_LIMIT cards.
SmallDeck = Annotated[list, Rule(_small_deck, "SmallDeck")]


@validate_arguments
def brute_force_shuffle(deck: SmallDeck, rng: Rng = None) -> list:
    """Return a uniformly chosen order from the list of all n! orders.

    Fair, and hopeless: it refuses decks of more than 10 cards (10! = 3,628,800
    orders already take a second and hundreds of megabytes).

    >>> brute_force_shuffle("ABC", rng=1)
    ['A', 'C', 'B']
    """
    orders = list(itertools.permutations(deck))
    return list(orders[rng.randrange(len(orders))])


@validate_arguments
def comparator_sort_shuffle(deck: listed(at_most=MAX_SLOW_CARDS), rng: Rng = None) -> list:
    """Return the deck sorted with a comparator that answers at random. Unfair!

    The 2010 browser-ballot flaw (``sort(() => 0.5 - Math.random())``). Python's
    sort never fails on an inconsistent comparator: it makes some permutation,
    but the sort's fixed pattern of comparisons makes some orders likelier.

    >>> comparator_sort_shuffle("ABC", rng=1)
    ['C', 'B', 'A']
    """
    def coin_flip(a, b) -> int:
        return 2 * rng.randrange(2) - 1

    return sorted(deck, key=functools.cmp_to_key(coin_flip))


def _room_to_deal(deck: list, players: int, cards_each: int) -> None:
    """At most one player per card, and no more cards dealt than the deck holds."""
    limit("players", players, max(len(deck), 1), f"a deck of {len(deck)} cards is dealt to "
          "at most one player per card")
    if players * cards_each > len(deck):
        raise ValueError(f"cannot deal {players * cards_each} cards from a deck of {len(deck)}")


@validate_arguments(requires=_room_to_deal)
def deal(deck: Iterable, players: whole(1), cards_each: whole(0),
         rng: Rng = None) -> tuple[list[list], list]:
    """Deal ``cards_each`` cards to each of ``players``; return (hands, rest).

    Dealing is a partial shuffle: the dealt cards are drawn without
    replacement (:func:`draw`) and handed round one at a time.

    >>> hands, rest = deal(range(54), 3, 17, rng=1)   # Dou Di Zhu: 3 x 17 + 3
    >>> [len(hand) for hand in hands], len(rest)
    ([17, 17, 17], 3)
    >>> deal(range(54), 3, 20)
    Traceback (most recent call last):
    ...
    ValueError: cannot deal 60 cards from a deck of 54
    """
    dealt, rest = draw(deck, players * cards_each, rng)
    return [dealt[p::players] for p in range(players)], rest


@validate_arguments
def poker_1999_shuffle(deck: MutableSequence, rng: Rng = None) -> None:
    """Shuffle in place as the 1999 online-poker software did. Unfair twice over!

    Its Pascal loop swapped card ``ctr`` (1 to 52) with card ``random(51) + 1``,
    a position from 1 to 51 only (Arkin et al. 1999): a naive swap, and an
    off-by-one. Here, 0-based: each position i is swapped with a position drawn
    from 0..n-2, so the last position is only touched at the last step, and the
    last card can never stay where it started.

    >>> deck = list(range(5))
    >>> poker_1999_shuffle(deck, rng=1)
    >>> sorted(deck), deck[-1] != 4
    ([0, 1, 2, 3, 4], True)
    """
    randrange = rng.randrange
    n = len(deck)
    if n < 2:
        return
    for i in range(n):
        j = randrange(n - 1)
        deck[i], deck[j] = deck[j], deck[i]


@validate_arguments
def random_key_shuffle(deck: Iterable, rng: Rng = None, m: whole(1) = 2**53) -> list:
    """Return the deck sorted by random keys drawn with ``rng.randrange(m)``; fair up to ties.

    ``sorted(deck, key=lambda card: random.random())`` is this shuffle with
    m = 2**53, since ``random.random()`` is k / 2**53 for a uniform k. Python's
    sort is stable, so cards with equal keys keep their order: the starting
    order gains the probability of a tie (see :func:`cardlib.costs.key_tie_probability`).

    >>> random_key_shuffle("ABCD", rng=3)
    ['A', 'D', 'C', 'B']
    >>> random_key_shuffle("ABCD", rng=3, m=1)   # every key 0: a tie, nothing moves
    ['A', 'B', 'C', 'D']
    """
    keys = [rng.randrange(m) for _ in deck]
    return [deck[i] for i in sorted(range(len(deck)), key=keys.__getitem__)]


@validate_arguments
def inside_out_shuffle(deck: Iterable, rng: Rng = None) -> list:
    """Return a new shuffled list, built in one pass over the input (which is left unchanged).

    The "inside-out" form of Knuth's swaps: card i goes to a random place j
    among the first i + 1, and the card that was at j moves to the end. It
    needs no copy first and works on any iterable.

    >>> inside_out_shuffle("ABCDE", rng=2)
    ['C', 'E', 'D', 'B', 'A']
    """
    randrange = rng.randrange
    shuffled: list = []
    # Invariant: shuffled is a uniform random order of the first i cards.
    for i, card in enumerate(deck):
        j = randrange(i + 1)
        shuffled.append(card)
        shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
    return shuffled


@validate_arguments
def float_knuth_shuffle(deck: MutableSequence, rng: Rng = None, bits: whole(1, 53) = 53) -> None:
    """Knuth's swaps with ``j = int(random() * (i + 1))``; shuffle in place. Slightly unfair!

    ``random()`` is k / 2**bits with k = ``rng.randrange(2**bits)``; with 53 bits
    that is exactly what ``random.random()`` returns, and j is computed with
    the same float arithmetic. The 2**bits values of k cannot split evenly over
    i + 1 positions unless i + 1 is a power of 2. This is how
    ``random.shuffle(x, random)`` chose j until Python 3.11 removed the argument.

    >>> deck = [0, 1, 2, 3]
    >>> float_knuth_shuffle(deck, rng=5)
    >>> sorted(deck)
    [0, 1, 2, 3]
    """
    randrange = rng.randrange
    scale = 2.0**-bits  # exact: k * scale is the float k / 2**bits
    for i in reversed(range(1, len(deck))):
        j = int(randrange(2**bits) * scale * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
