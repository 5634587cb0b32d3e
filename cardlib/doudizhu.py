"""Dou Di Zhu (斗地主) deals: bombs and the rocket after a deck is shuffled too little.

Three players get 17 cards each, dealt round-robin from the top of the deck
(one card to each player in turn); the last 3 cards (底牌) wait for the
landlord. A **bomb** (炸弹) is four cards of one rank; the **rocket** (王炸,
火箭) is the two jokers together. At the end of a game the cards lie on the
table in the order they were played: pairs, triples, bombs and straights, so
the deck is *clumped*. :func:`clumped_deck` models the extreme case: the
cards gathered rank by rank.

>>> hands, kitty = deal_round_robin(list(range(54)))
>>> hands[0][:4], kitty                 # player 1 gets the top card, then every third
([53, 50, 47, 44], [2, 1, 0])
>>> round(float(fair_chances()["a given player holds the rocket"]), 3)
0.095
"""

from __future__ import annotations

import inspect
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from . import batched, stats
from .cards import BLACK_JOKER, DOU_DI_ZHU_RANKS, RED_JOKER, SUIT_TIE_BREAK, Card
from .validation import listed, validate_arguments, whole

__all__ = [
    "PLAYERS",
    "CARDS_EACH",
    "clumped_deck",
    "deal_round_robin",
    "has_bomb",
    "has_rocket",
    "fair_chances",
    "DealRates",
    "deal_rates",
    "rates_after",
    "rates_along",
]

#: Dou Di Zhu: three players, 17 cards each, 3 left for the landlord.
PLAYERS, CARDS_EACH = 3, 17


def clumped_deck() -> list[Card]:
    """Return the 54 cards gathered rank by rank, as a game leaves them at worst.

    Bottom card first: the four 3s (♦ ♣ ♥ ♠), the four 4s, ..., the four 2s, then
    the black and the red joker on top.

    >>> [str(card) for card in clumped_deck()[:5]], str(clumped_deck()[-1])
    (['3♦', '3♣', '3♥', '3♠', '4♦'], 'RJ')
    """
    return ([Card(rank, suit) for rank in DOU_DI_ZHU_RANKS for suit in SUIT_TIE_BREAK]
            + [BLACK_JOKER, RED_JOKER])


def _room_to_deal(deck: Sequence, players: int, cards_each: int) -> None:
    if players * cards_each > len(deck):
        raise ValueError(f"cannot deal {players * cards_each} cards from a deck of {len(deck)}")


@validate_arguments(requires=_room_to_deal)
def deal_round_robin(deck: Sequence, players: whole(1) = PLAYERS,
                     cards_each: whole(0) = CARDS_EACH) -> tuple[list[list], list]:
    """Deal from the top, one card to each player in turn; return (hands, the rest).

    The top card (the last item) goes to player 1, the next to player 2, and so
    on; each hand lists its cards in the order dealt; the rest keeps its order
    from the top down.

    >>> deal_round_robin("ABCDEFG", players=2, cards_each=3)
    ([['G', 'E', 'C'], ['F', 'D', 'B']], ['A'])
    """
    from_top = list(deck)[::-1]
    dealt = players * cards_each
    return [from_top[p:dealt:players] for p in range(players)], from_top[dealt:]


@validate_arguments
def has_bomb(hand: Sequence[Card]) -> bool:
    """True if the hand holds four cards of one rank (a bomb, 炸弹).

    >>> has_bomb([Card("7", s) for s in "♠♥♦♣"]), has_bomb([BLACK_JOKER, RED_JOKER])
    (True, False)
    """
    ranks = Counter(card.rank for card in hand if not card.is_joker)
    return any(count >= 4 for count in ranks.values())


@validate_arguments
def has_rocket(hand: Sequence[Card]) -> bool:
    """True if the hand holds both jokers (the rocket, 王炸)."""
    cards = set(hand)
    return BLACK_JOKER in cards and RED_JOKER in cards


def fair_chances() -> dict[str, Fraction]:
    """Return the exact chances of a fair deal (every split of the 54 cards equally likely).

    A given player holds m given cards with chance C(54 - m, 17 - m) / C(54, 17).
    A bomb of some rank: inclusion and exclusion over the 13 ranks (at most 4
    bombs fit in 17 cards). The rocket: only one player can hold it, so the
    chance that someone does is three times the chance for a given player. The
    kitty holds it when its 3 cards are the two jokers and one of the other 52.

    >>> chances = fair_chances()
    >>> {name: round(float(p), 3) for name, p in chances.items()}  # doctest: +NORMALIZE_WHITESPACE
    {'a given player holds the rocket': 0.095, 'some player holds the rocket': 0.285,
     'a given player holds a bomb': 0.096, 'the kitty holds the rocket': 0.002}
    """
    n, k = 54, CARDS_EACH
    hands = math.comb(n, k)

    def holds(m: int) -> Fraction:
        return Fraction(math.comb(n - m, k - m), hands)

    bomb = sum(((-1) ** (j + 1) * math.comb(13, j) * holds(4 * j) for j in range(1, k // 4 + 1)),
               Fraction(0))
    return {"a given player holds the rocket": holds(2),
            "some player holds the rocket": PLAYERS * holds(2),
            "a given player holds a bomb": bomb,
            "the kitty holds the rocket": Fraction(n - 2, math.comb(n, n - PLAYERS * k))}


@dataclass(frozen=True)
class DealRates:
    """How often, in ``trials`` deals: player 1 held a bomb, the rocket; anyone held the rocket;
    the rocket stayed in the kitty (the 3 cards for the landlord, left after the deal); the
    rocket was in the top 3 cards (a kitty kept from the top before dealing)."""

    trials: int
    player_bomb: float
    player_rocket: float
    any_rocket: float
    kitty_rocket: float
    top_rocket: float


def _one_deck_per_row(orders: np.ndarray, deck: list) -> None:
    n = len(deck)
    if n < PLAYERS * CARDS_EACH:
        raise ValueError(f"deck must hold at least {PLAYERS * CARDS_EACH} cards to deal "
                         f"{PLAYERS} hands of {CARDS_EACH}, got {n}")
    if orders.ndim != 2 or orders.shape[1] != n:
        raise ValueError(f"orders must hold one order of the {n} cards of deck per row, got "
                         f"shape {orders.shape}")


@validate_arguments(requires=_one_deck_per_row)
def deal_rates(orders: np.ndarray, deck: Sequence[Card]) -> DealRates:
    """Deal every row of ``orders`` round-robin and count bombs and rockets.

    Row t is a deck as :func:`cardlib.stats.simulate` gives it: entry [t, j] is
    the index in ``deck`` of the card at position j (0 = bottom).
    """
    n = len(deck)
    dealt = PLAYERS * CARDS_EACH
    from_top = orders[:, ::-1][:, :dealt]
    rank_of = np.array([-1 if c.is_joker else DOU_DI_ZHU_RANKS.index(c.rank) for c in deck])
    jokers = np.array([c.is_joker for c in deck])
    player = from_top[:, 0::PLAYERS]
    counts = np.zeros((len(orders), len(DOU_DI_ZHU_RANKS)), dtype=np.int64)
    ranks = rank_of[player]
    for r in range(len(DOU_DI_ZHU_RANKS)):
        counts[:, r] = (ranks == r).sum(axis=1)
    rockets = [jokers[from_top[:, p::PLAYERS]].sum(axis=1) == 2 for p in range(PLAYERS)]
    kitty = jokers[orders[:, :n - dealt]].sum(axis=1) == 2
    on_top = jokers[orders[:, -3:]].sum(axis=1) == 2
    trials = max(len(orders), 1)
    return DealRates(len(orders), float((counts >= 4).any(axis=1).sum() / trials),
                     float(rockets[0].sum() / trials),
                     float(np.logical_or.reduce(rockets).sum() / trials),
                     float(kitty.sum() / trials), float(on_top.sum() / trials))


@validate_arguments
def rates_after(shuffle: Callable, k: whole(0), trials: int, seed: int = 54,
                deck: Sequence[Card] | None = None) -> DealRates:
    """Shuffle ``deck`` (default: the clumped deck) k times ``trials`` times; deal; count.

    ``shuffle`` is one cardlib shuffle with a batched kernel that takes ``k``
    (``riffle.riffle``, ``hand.overhand_shuffle``); k = 0 deals the deck as it is.
    """
    deck = clumped_deck() if deck is None else list(deck)
    orders = stats.simulate(shuffle, len(deck), trials, seed=seed, k=k)
    return deal_rates(orders, deck)


def _along_the_same_decks(shuffle: Callable, ks: list) -> None:
    if ks != sorted(ks):
        raise ValueError(f"ks must be in increasing order, got {ks}")
    if "k" not in inspect.signature(batched.kernel_for(shuffle)).parameters:
        raise TypeError(f"rates_along needs a shuffle whose batched kernel takes k, the number "
                        f"of shuffles (riffle.riffle, hand.overhand_shuffle); "
                        f"{getattr(shuffle, '__name__', shuffle)!r} is one shuffle per call")


@validate_arguments(requires=_along_the_same_decks)
def rates_along(shuffle: Callable, ks: listed(of=whole(0)), trials: whole(1, 10**6),
                seed: whole(0) = 54, deck: Sequence[Card] | None = None) -> list[DealRates]:
    """:func:`rates_after` for several numbers of shuffles, following the same decks.

    The decks are shuffled on from one number in ``ks`` to the next (so the
    results for different k are not independent), which costs max(ks) shuffles
    per deck instead of sum(ks).
    """
    deck = clumped_deck() if deck is None else list(deck)
    kernel = batched.kernel_for(shuffle)
    gen = np.random.default_rng(seed)
    orders = np.tile(np.arange(len(deck)), (trials, 1))
    results, done = [], 0
    for k in ks:
        if k > done:
            kernel(orders, gen, k=k - done)
            done = k
        results.append(deal_rates(orders, deck))
    return results
