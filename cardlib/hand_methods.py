"""The hand methods of the Chinese survey, modelled, and top-to-random insertion.

The itjxue.com survey *洗牌算法* describes three ways to shuffle by hand
(for tarot cards). Each is modelled here with the least machinery its
description needs, all randomness through ``rng.randrange``:

* **inserting packets** (嵌入式洗牌法): hold part of the deck and push the
  other cards into it, then do it again. Model (:func:`insertion_shuffle`):
  lift the top part (a fair coin per card says whether it is lifted, as in the
  riffle's cut), break it into packets (a coin per gap, as in the overhand
  shuffle), and push each packet, top packet first, into the held cards at a
  gap chosen uniformly at random.
* **pushing alternately into two hands** (推摆洗牌法): the thumbs push the top
  packet into the left hand, the next into the right hand, and so on until the
  deck is split; then the two are put together. Model (:func:`push_shuffle`):
  packets as in the overhand shuffle, dealt alternately onto two piles (each
  packet landing on top of its pile), then the left-hand pile goes on top of
  the right-hand pile. With one hand instead of two it is the overhand shuffle.
* **washing on the table** (一般正常洗牌法): spread the cards face down and
  stir them with both hands. The survey gives no mechanism; the model
  (:func:`wash_shuffle`) is the classic one for stirring: each move picks two
  cards at random (possibly the same one) and swaps them, the *random
  transposition* shuffle of Diaconis and Shahshahani.

Not from the survey: **top-to-random** (:func:`top_to_random`), take the top
card and insert it at a uniformly random place. Aldous and Diaconis's example
of a strong uniform time: once the card that started at the bottom has come to
the top and been inserted, the deck is exactly uniform.

Deck convention as everywhere in cardlib: index 0 is the bottom card.

>>> push_shuffle(list(range(8)), rng=5)       # packets 3, 2, 1, 1, 1 from the top
[3, 4, 1, 5, 6, 7, 2, 0]
>>> top_to_random(list("ABCD"), rng=1)       # D goes in just above A
['A', 'D', 'B', 'C']
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from .hand import overhand_packets
from .validation import Probability, Rng, validate_arguments, whole, whole_number

__all__ = [
    "insertion_shuffle",
    "push_shuffle",
    "wash_shuffle",
    "top_to_random",
    "top_to_random_position_law",
    "wash_position_law",
    "top_to_random_mean_time",
]


@validate_arguments
def insertion_shuffle(deck: Iterable, rng: Rng = None, p: Probability = Fraction(1, 2)) -> list:
    """Return a new list after one round of inserting packets (嵌入式); the input is left unchanged.

    Each card is lifted with probability 1/2 (the lifted cards are the top ones);
    the lifted part is broken into packets (a cut at each gap with probability
    ``p``); each packet, top packet first, is pushed as a block into the held
    cards at one of their gaps, chosen uniformly.

    >>> insertion_shuffle(list(range(6)), rng=3)   # 4 and 5 lifted, pushed in above 1
    [0, 1, 4, 5, 2, 3]
    """
    lifted = sum(rng.randrange(2) for _ in deck)
    held, top = deck[:len(deck) - lifted], len(deck)
    # Invariant: deck[top:] have been pushed into `held`, packet by packet.
    for size in overhand_packets(lifted, rng, p):
        gap = rng.randrange(len(held) + 1)
        held[gap:gap] = deck[top - size:top]
        top -= size
    return held


def _enough_cards_for_hands(deck: list, hands: int) -> None:
    whole_number("hands", hands, maximum=max(len(deck), 2))


@validate_arguments(requires=_enough_cards_for_hands)
def push_shuffle(deck: Iterable, rng: Rng = None, p: Probability = Fraction(1, 2),
                 hands: whole(1) = 2) -> list:
    """Return a new list after one push shuffle into two hands (推摆); the input is left unchanged.

    Packets slide off the top (a cut at each gap with probability ``p``) into
    the left hand, the right hand, the left hand, ... each landing on top of
    what that hand holds; then the left hand's cards go on top of the right's.
    (With ``hands=1`` it is :func:`~cardlib.hand.overhand_shuffle`, draw for draw.)

    >>> push_shuffle("ABCD", rng=0, p=1)   # packets of one card: a fixed two-pile deal
    ['C', 'A', 'D', 'B']
    """
    piles: list[list] = [[] for _ in range(hands)]  # left hand first; bottom card first
    top = len(deck)
    for turn, size in enumerate(overhand_packets(len(deck), rng, p)):
        piles[turn % hands].extend(deck[top - size:top])
        top -= size
    # The first hand's pile ends on top: stack them from the last hand up.
    return [card for pile in reversed(piles) for card in pile]


def _few_enough_moves(deck: list, moves: int) -> None:
    whole_number("moves", moves, maximum=max(1, 2_000_000 // max(len(deck), 1)))


@validate_arguments(requires=_few_enough_moves)
def wash_shuffle(deck: Iterable, rng: Rng = None, moves: whole(0) = 1) -> list:
    """Return a new list after washing the cards on the table for ``moves`` moves.

    One move picks two positions uniformly and independently (the same one
    with chance 1/n) and swaps their cards: a random transposition.

    >>> wash_shuffle("ABCD", rng=2, moves=3)
    ['C', 'A', 'B', 'D']
    """
    cards = list(deck)
    n = len(cards)
    for _ in range(moves if n else 0):
        i, j = rng.randrange(n), rng.randrange(n)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


@validate_arguments
def top_to_random(deck: Iterable, rng: Rng = None) -> list:
    """Return a new list: the top card taken off and put back at a uniformly random place.

    ``rng.randrange(n)`` cards stay below it (0: it goes to the bottom; n - 1: back on top).

    >>> top_to_random([0, 1, 2], rng=0)
    [0, 2, 1]
    """
    cards = list(deck)
    if not cards:
        return cards
    top = cards.pop()
    place = rng.randrange(len(cards) + 1)
    cards.insert(place, top)
    return cards


@validate_arguments
def top_to_random_position_law(n: whole(1, 1000)) -> list[list[Fraction]]:
    """Return P[i][j], the exact chance that one top-to-random moves the card at i to j.

    The top card goes anywhere with chance 1/n; the card at i < n - 1 moves up
    one place when the top card goes in at or below it (chance (i + 1)/n).

    >>> [[str(x) for x in row] for row in top_to_random_position_law(2)]
    [['1/2', '1/2'], ['1/2', '1/2']]
    """
    law = [[Fraction(0)] * n for _ in range(n)]
    for i in range(n - 1):
        law[i][i] = Fraction(n - 1 - i, n)
        law[i][i + 1] = Fraction(i + 1, n)
    law[n - 1] = [Fraction(1, n)] * n
    return law


@validate_arguments
def wash_position_law(n: whole(1, 1000)) -> list[list[Fraction]]:
    """Return P[i][j], the exact chance that one wash move takes the card at i to j.

    Card i moves to a given j != i when the two picks are i and j in either order.

    >>> [[str(x) for x in row] for row in wash_position_law(2)]
    [['1/2', '1/2'], ['1/2', '1/2']]
    """
    move = Fraction(2, n * n)
    return [[1 - (n - 1) * move if i == j else move for j in range(n)] for i in range(n)]


@validate_arguments
def top_to_random_mean_time(n: whole(1, 10**6)) -> Fraction:
    """Return the mean number of top-to-random shuffles until the bottom card has been inserted.

    With i cards below the card that started at the bottom, the next one goes
    below it with chance (i + 1)/n, so the wait is n/(i + 1) on average; add them
    up for i = 0..n-2, plus the shuffle that inserts it: n H(n-1) + 1, about n ln n.

    >>> top_to_random_mean_time(2), round(float(top_to_random_mean_time(52)))
    (Fraction(3, 1), 236)
    """
    return 1 + sum((Fraction(n, i + 1) for i in range(n - 1)), Fraction(0))
