"""Playing cards and the decks of the lessons, in brand-new order.

Convention used everywhere in cardlib: a deck is a list and **index 0 is the
bottom card** of the deck held face down (the convention of the COMP9021
notes by Eric Martin), so the last item is the top card.

The Dou Di Zhu (斗地主) order of ranks, used to sort a hand, lives here too.

>>> deck = comp9021_deck()
>>> len(deck), str(deck[0]), str(deck[-1])
(56, 'A♥', 'A♠')
>>> Card("10", "♥").glyph == "\\U0001F0BA"
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .validation import listed, validate_arguments, whole

__all__ = [
    "Card",
    "RANKS",
    "SUITS",
    "KNIGHT",
    "JOKER",
    "BLACK_JOKER",
    "RED_JOKER",
    "standard_deck",
    "dou_di_zhu_deck",
    "comp9021_deck",
    "step_deck",
    "deck_text",
    "DOU_DI_ZHU_RANKS",
    "SUIT_TIE_BREAK",
    "dou_di_zhu_key",
    "sort_hand",
]

#: Suits in the order of the Unicode playing-card block (U+1F0A0 to U+1F0FF).
SUITS = ("♠", "♥", "♦", "♣")
#: The thirteen ranks of a standard deck, ace low.
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: The knight (cavalier) of tarot decks, between the jack and the queen.
KNIGHT = "C"
JOKER = "Joker"

_UNICODE_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K")
_SUIT_NAMES = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}


@dataclass(frozen=True, order=False)
class Card:
    """A playing card: a rank and a suit, or a joker (rank ``"Joker"``).

    Jokers take the colour as their suit: ``Card("Joker", "black")`` is the
    small joker of Dou Di Zhu (小王), ``Card("Joker", "red")`` the big one (大王).

    >>> str(Card("Q", "♠")), Card("Q", "♠").is_red, Card("Q", "♦").is_red
    ('Q♠', False, True)
    >>> Card("1", "♠")
    Traceback (most recent call last):
    ...
    ValueError: unknown rank '1': expected one of A 2 3 4 5 6 7 8 9 10 J C Q K, or Joker
    """

    rank: str
    suit: str

    def __post_init__(self) -> None:
        if not isinstance(self.rank, str) or not isinstance(self.suit, str):
            raise TypeError(f"rank and suit are strings such as Card('Q', '♠'), not "
                            f"{self.rank!r:.20} and {self.suit!r:.20}")
        if self.rank == JOKER:
            if self.suit not in ("black", "red"):
                raise ValueError(f"a joker's suit is 'black' or 'red', not {self.suit!r}")
        elif self.rank not in _UNICODE_RANKS:
            raise ValueError(
                f"unknown rank {self.rank!r}: expected one of "
                f"{' '.join(_UNICODE_RANKS)}, or {JOKER}"
            )
        elif self.suit not in SUITS:
            raise ValueError(f"unknown suit {self.suit!r}: expected one of {' '.join(SUITS)}")

    def __str__(self) -> str:
        if self.is_joker:
            return "BJ" if self.suit == "black" else "RJ"
        return f"{self.rank}{self.suit}"

    def __repr__(self) -> str:
        return f"Card({self.rank!r}, {self.suit!r})"

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def is_red(self) -> bool:
        """True for hearts, diamonds and the red joker."""
        return self.suit in ("♥", "♦", "red")

    @property
    def glyph(self) -> str:
        """The card's character in the Unicode playing-card block.

        >>> Card("A", "♠").glyph == chr(0x1F0A1)
        True
        >>> Card("Joker", "red").glyph == chr(0x1F0BF)
        True
        """
        if self.is_joker:
            return chr(0x1F0CF if self.suit == "black" else 0x1F0BF)
        return chr(0x1F0A1 + 16 * SUITS.index(self.suit) + _UNICODE_RANKS.index(self.rank))

    @property
    def name(self) -> str:
        """The card in words, for alt texts and screen readers."""
        if self.is_joker:
            return f"{self.suit} joker"
        words = {"A": "ace", "J": "jack", "C": "knight", "Q": "queen", "K": "king"}
        return f"{words.get(self.rank, self.rank)} of {_SUIT_NAMES[self.suit]}"


#: The small (black) joker of Dou Di Zhu, 小王, and the big (red) one, 大王.
BLACK_JOKER = Card(JOKER, "black")
RED_JOKER = Card(JOKER, "red")


def _suit_run(suit: str, ranks: tuple[str, ...], descending: bool) -> list[Card]:
    run = [Card(rank, suit) for rank in ranks]
    return run[::-1] if descending else run


def _new_deck(ranks: tuple[str, ...]) -> list[Card]:
    # Brand-new order of the COMP9021 notes: hearts ace up, clubs ace up,
    # diamonds king down, spades king down (index 0 = bottom card).
    return (
        _suit_run("♥", ranks, descending=False)
        + _suit_run("♣", ranks, descending=False)
        + _suit_run("♦", ranks, descending=True)
        + _suit_run("♠", ranks, descending=True)
    )


def standard_deck() -> list[Card]:
    """Return the 52-card deck in brand-new order (no knights, no jokers).

    >>> deck = standard_deck()
    >>> len(deck), len(set(deck))
    (52, 52)
    """
    return _new_deck(RANKS)


def dou_di_zhu_deck() -> list[Card]:
    """Return the 54-card deck of Dou Di Zhu (斗地主): 52 cards and two jokers.

    >>> [str(card) for card in dou_di_zhu_deck()[-2:]]
    ['BJ', 'RJ']
    """
    return standard_deck() + [BLACK_JOKER, RED_JOKER]


def comp9021_deck() -> list[Card]:
    """Return the 56-card Unicode deck of the COMP9021 notes, knights included.

    Index 0 is the bottom card; from there: hearts ace to king, clubs ace to
    king, diamonds king to ace, spades king to ace, each suit with its knight
    (C) between jack and queen.

    >>> " ".join(str(card) for card in comp9021_deck()[:14])
    'A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ C♥ Q♥ K♥'
    """
    return _new_deck(_UNICODE_RANKS)


@validate_arguments
def step_deck(n: whole(1, len(RANKS)) = 8) -> list[Card]:
    """Return n cards, ace up, alternating suits, so that each card is easy to follow.

    >>> " ".join(map(str, step_deck(5)))
    'A♠ 2♥ 3♣ 4♦ 5♠'
    """
    return [Card(RANKS[k], "♠♥♣♦"[k % 4]) for k in range(n)]


def _cards_for_glyphs(deck: list, glyphs: bool) -> None:
    if glyphs and not all(isinstance(card, Card) for card in deck):
        raise TypeError("deck must hold Card objects to be drawn as glyphs")


@validate_arguments(requires=_cards_for_glyphs)
def deck_text(deck: Iterable, per_row: whole(1) = 13, glyphs: bool = False) -> str:
    """Return the deck as rows of ``per_row`` cards, bottom card first.

    >>> print(deck_text(standard_deck()[:16], per_row=8))
     A♥  2♥  3♥  4♥  5♥  6♥  7♥  8♥
     9♥ 10♥  J♥  Q♥  K♥  A♣  2♣  3♣
    """
    cells = [card.glyph if glyphs else f"{card!s:>3}" for card in deck]
    rows = [cells[i : i + per_row] for i in range(0, len(cells), per_row)]
    return "\n".join(" ".join(row) for row in rows)


# --- Dou Di Zhu's order --------------------------------------------------------

#: Ranks of Dou Di Zhu (斗地主) from low to high; the black, then the red joker beat them all.
DOU_DI_ZHU_RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
#: Suits never decide a trick in Dou Di Zhu; for a tidy hand they break ties, ♠ highest.
SUIT_TIE_BREAK = ("♦", "♣", "♥", "♠")


def _dou_di_zhu_card(card) -> None:
    if not isinstance(card, Card):
        raise TypeError(f"dou_di_zhu_key sorts Card objects, not {type(card).__name__} {card!r}")
    if not card.is_joker and card.rank not in DOU_DI_ZHU_RANKS:
        raise ValueError(f"Dou Di Zhu has no knights: {card} is not in its 54-card deck")


@validate_arguments(requires=_dou_di_zhu_card)
def dou_di_zhu_key(card) -> tuple[int, int]:
    """Return the sort key of a card in Dou Di Zhu: 3 < 4 < ... < A < 2 < black < red joker.

    >>> sorted([Card("2", "♣"), Card("A", "♠"), Card("3", "♥")], key=dou_di_zhu_key)
    [Card('3', '♥'), Card('A', '♠'), Card('2', '♣')]
    """
    if card.is_joker:
        return (len(DOU_DI_ZHU_RANKS) + (card.suit == "red"), 0)
    return (DOU_DI_ZHU_RANKS.index(card.rank), SUIT_TIE_BREAK.index(card.suit))


@validate_arguments
def sort_hand(hand: listed(of=Card), high_first: bool = False) -> list[Card]:
    """Return the hand sorted by Dou Di Zhu's order (``high_first``: red joker first).

    >>> [str(c) for c in sort_hand([RED_JOKER, Card("K", "♦"), Card("3", "♠")])]
    ['3♠', 'K♦', 'RJ']
    """
    return sorted(hand, key=dou_di_zhu_key, reverse=bool(high_first))
