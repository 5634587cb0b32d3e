"""The checks of lesson 9 (shuffling by hand) and lesson 10 (faros, piles and dealing Dou Di
Zhu).

Standard library only (the checks also run in the page, with cardlib's faro and
top-to-random, which need no NumPy either): the pile shuffle's orders and the round-robin
deal are written out here (cardlib's Dou Di Zhu module needs NumPy), tested equal to cardlib's.

>>> from cardlib.exercises import TODO
>>> str(check_jokers_apart(TODO))
'… not attempted yet: the chance that the two jokers go to two different players'
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction

from .. import exact
from ..cards import BLACK_JOKER, DOU_DI_ZHU_RANKS, RED_JOKER, SUIT_TIE_BREAK, Card
from ..hand import faro
from ..hand_methods import top_to_random
from ..untrusted.guard import TimedCalls
from ..validation import as_rng, sequence, whole_number
from . import (
    Failed,
    Feedback,
    Refused,
    attempted_function,
    contained,
    is_todo,
    learner_call,
    learner_line,
    not_attempted,
    not_finished,
    plain_items,
    plain_text,
    raised,
    right,
    same_items,
    shown,
    wrong,
)
from .answers import check_value
from .code import SAME_DRAWS_SAID, Algorithm, check_shuffle, diagnose, same_algorithm
from .fair import number_answer

__all__ = [
    "ELMSLEY_CARDS",
    "ELMSLEY_PLACES",
    "check_elmsley",
    "PILE_CARDS",
    "PILE_PILES",
    "PILE_PROPERTIES",
    "pile_orders",
    "check_pile_invariant",
    "check_top_to_random",
    "check_mean_time",
    "check_fair_insertion",
    "clumped_deck",
    "check_deal",
    "check_jokers_apart",
]

# --- lesson 10, exercise 1: Elmsley's rule ----------------------------------------------------

#: The Elmsley exercise: move the top card of 52 down so that 10 cards lie above it.
ELMSLEY_CARDS, ELMSLEY_PLACES = 52, 10


def _above_top_card(kinds) -> int:
    deck = list(range(ELMSLEY_CARDS))
    for kind in kinds:
        deck = faro(deck, kind)
    return ELMSLEY_CARDS - 1 - deck.index(ELMSLEY_CARDS - 1)


def check_elmsley(answer) -> Feedback:
    """Check the list of faros ("in"/"out") that puts 10 cards above the top card of 52."""
    what = f"the faros that put {ELMSLEY_PLACES} cards above the top card"
    if is_todo(answer):
        return not_attempted(what)
    where = "section 1"
    if isinstance(answer, str):
        return wrong(f"{what}: {shown(answer, 30)} is one string; give a list of strings, such "
                     "as ['in', 'out'].", where)
    try:
        kinds = plain_items(answer)
        texts = [plain_text(kind) for kind in kinds or ()]
    except Refused as refused:
        return wrong(f"{what}: {refused}.", where)
    if kinds is None or any(kind not in ("in", "out") for kind in texts):
        odd = answer if kinds is None else next(
            k for k, text in zip(kinds, texts) if text not in ("in", "out"))
        return wrong(f"{what}: give a list of 'in' and 'out' (in lower case), not "
                     f"{shown(odd, 30)}.", where)
    answer = texts
    above = _above_top_card(answer)
    rule = ["in" if bit == "1" else "out" for bit in format(ELMSLEY_PLACES, "b")]
    if above != ELMSLEY_PLACES:
        backwards = list(answer) == rule[::-1]
        swapped = list(answer) == ["out" if k == "in" else "in" for k in rule]
        if backwards and swapped:
            why = (f"'in' and 'out' are swapped (for {ELMSLEY_PLACES:b} that is also reading "
                   "the digits from the right): an in-shuffle adds a 1, an out-shuffle a 0, "
                   "and the first faro writes the leftmost digit")
        elif backwards:
            why = ("you read the binary digits from the right; the first faro writes the "
                   "leftmost digit, and each later one shifts it left")
        elif swapped:
            why = "'in' and 'out' are swapped: an in-shuffle adds a 1, an out-shuffle a 0"
        else:
            why = (f"{ELMSLEY_PLACES} in binary is {ELMSLEY_PLACES:b}; with the card j places "
                   "from the top, an out-shuffle puts it 2j down and an in-shuffle 2j + 1")
        return wrong(f"{what}: {list(answer)} leaves {above} cards above it, not "
                     f"{ELMSLEY_PLACES}: {why}.", where)
    if len(answer) > len(rule):
        return right(f"{what}: {list(answer)} works; Elmsley's binary rule does it in "
                     f"{len(rule)}: {rule}.")
    return right(f"{what}: {list(answer)} is Elmsley's sequence ({ELMSLEY_PLACES} = "
                 f"{ELMSLEY_PLACES:b} in binary).")


# --- lesson 10, exercise 2: why repeated pile shuffles miss half the orders -------------------

#: The pile exercise: 6 cards dealt onto 3 piles, picked up in a random order, again and again.
PILE_CARDS, PILE_PILES = 6, 3

#: The properties offered: the learner picks the one that no number of shuffles breaks.
PILE_PROPERTIES = {
    "A": "the two cards dealt onto one pile lie next to each other",
    "B": "card 0, the bottom card, is not at the bottom",
    "C": "an even number of pairs of cards are out of order (a larger card below a smaller one)",
    "D": "card 0 and card 5, the bottom and the top card, are not side by side",
}


def pile_orders(deck) -> list[list]:
    """Every order one pile shuffle can make of ``deck``: dealt from the top onto 3 piles in
    turn, the piles picked up in each of the 3! orders, the first one picked at the bottom."""
    cards = sequence("deck", deck)
    stacks: list[list] = [[] for _ in range(PILE_PILES)]
    for dealt, card in enumerate(reversed(cards)):
        stacks[dealt % PILE_PILES].append(card)
    return [[card for index in order for card in stacks[index]]
            for order in itertools.permutations(range(PILE_PILES))]


def _breaks(letter: str, order: tuple) -> bool:
    if letter == "A":
        return any(abs(order.index(a) - order.index(b)) != 1
                   for a, b in ((5, 2), (4, 1), (3, 0)))
    if letter == "B":
        return order[0] == 0
    if letter == "C":
        return sum(a > b for i, a in enumerate(order) for b in order[i + 1:]) % 2 == 1
    return abs(order.index(0) - order.index(PILE_CARDS - 1)) == 1


def _reached() -> set[tuple]:
    """Every order that some number of shuffles (one or more) makes of the cards 0 .. 5."""
    reached, new = set(), {tuple(range(PILE_CARDS))}
    while new:
        new = {tuple(o) for order in new for o in pile_orders(order)} - reached
        reached |= new
    return reached


def _first_break(letter: str) -> tuple[int, tuple] | None:
    """The fewest shuffles after which an order breaking the property can come out, and the
    first such order; None if no number of shuffles ever makes one."""
    reached, seen = {tuple(range(PILE_CARDS))}, set()
    for shuffles in itertools.count(1):
        reached = {tuple(o) for order in reached for o in pile_orders(order)}
        broken = sorted(o for o in reached if _breaks(letter, o))
        if broken:
            return shuffles, broken[0]
        if reached <= seen:
            return None
        seen |= reached


def check_pile_invariant(answer) -> Feedback:
    """Check the letter of the property that explains why repeated pile shuffles of 6 cards on
    3 piles never make half of the 720 orders."""
    what = "the property that keeps half of the orders out"
    if is_todo(answer):
        return not_attempted(what)
    where = "Going further"
    letters = ", ".join(repr(k) for k in PILE_PROPERTIES)
    try:
        text = plain_text(answer)
    except Refused as refused:
        return wrong(f"{what}: {refused}.", where)
    if text is None:
        return wrong(f"{what}: give one letter as a string, one of {letters}, not "
                     f"{shown(answer, 30)}.", where)
    letter = text.strip().upper()
    if letter not in PILE_PROPERTIES:
        many = len(letter) > 1 and set(letter) <= set(PILE_PROPERTIES) | set(", ")
        return wrong(f"{what}: {shown(text, 30)} is not one of {letters}"
                     + (": only one of the properties does it, give one letter." if many
                        else "."), where)
    found = _first_break(letter)
    if found is not None:
        shuffles, order = found
        after = "one shuffle" if shuffles == 1 else f"{shuffles} shuffles"
        also = ("" if shuffles == 1 else
                " Every order one shuffle makes has it, but that is not enough: the property "
                "must also survive a second shuffle, which starts from any order.")
        return wrong(f"{what}: {letter} ({PILE_PROPERTIES[letter]}) does not hold for ever: "
                     f"{after} can make {order}.{also}", where)
    never = math.factorial(PILE_CARDS) - len(_reached())
    return right(f"{what}: {letter}, {PILE_PROPERTIES[letter]}. Each order one shuffle makes has "
                 "it, and a shuffle of an order that has it gives another that has it, so the "
                 f"{never} orders without it never come out, however often you shuffle.")


# --- lesson 9, exercise 1: top-to-random -----------------------------------------------------

@contained("the check of your top-to-random")
def check_top_to_random(shuffle: Callable) -> Feedback:
    """Check ``shuffle(deck, rng)``: diagnosed, then the exact law of top-to-random on 1 to 5."""
    what = "top-to-random"
    where = "section 4"
    found = diagnose(shuffle, what, "new list")
    if found is not None:
        return found if found.status == "todo" else wrong(found.message, where, found.details)
    for n in (2, 3, 4, 5, 1):
        try:
            law = exact.distribution(shuffle, n, max_paths=10_000)
        except exact.ContractError as error:
            return wrong(f"{what}: draw every random number with rng.randrange ({error}).", where)
        except exact.EndlessRun:
            return wrong(not_finished(f"{what}, on a deck of {n},", shuffle), where)
        except Exception as error:  # noqa: BLE001 - the learner's code: say what it raised
            return wrong(f"{what} raised {raised(error)} on a deck of {n}"
                         f"{learner_line(error)}", where)
        expected = exact.distribution(top_to_random, n)
        if law != expected:
            extra = sorted(set(law) - set(expected))
            if extra:
                return wrong(f"{what} on {n} cards gives orders that top-to-random cannot: "
                             f"{[list(o) for o in extra[:2]]}; only the top card (the last "
                             "item) moves, and it goes back among the others.", where)
            missing = sorted(set(expected) - set(law))
            if missing:
                return wrong(f"{what} on {n} cards can never give {list(missing[0])}: the top "
                             f"card must be able to go to each of the {n} places, back on top "
                             "included.", where)
            return wrong(f"{what} on {n} cards gives the right orders with the wrong chances: "
                         "each of the n places needs chance 1/n.", where)
    other = same_algorithm(shuffle, _TOP_TO_RANDOM, what)
    if other is not None:
        return wrong(f"right law, but {other.message}", where)
    return right(f"{what}: the exact law is right on 1 to 5 cards (5 orders, 1/5 each, on 5), "
                 "on cards that are not numbers too; given the same random numbers as "
                 "top-to-random, it asks for the same draw and makes the same deck, "
                 f"{SAME_DRAWS_SAID}.")


# --- lesson 9, exercise 3: the mean time, from the waiting-time reasoning --------------------

def _mean_time(n: int) -> Fraction:
    """The mean number of top-to-random steps until the bottom card of n has been inserted:
    with i cards below it the wait is n/(i + 1) steps; the last step inserts it."""
    n = whole_number("n", n, minimum=1, maximum=10**6)
    return 1 + sum((Fraction(n, i + 1) for i in range(n - 1)), Fraction(0))


def check_mean_time(answer) -> Feedback:
    """Check the mean number of top-to-random steps of 52 cards until the bottom card is in."""
    what = "the mean number of top-to-random steps of 52 cards"
    if is_todo(answer):
        return not_attempted(what)
    where = "section 4"
    malformed = number_answer(answer, what, where)
    if malformed is not None:
        return malformed
    n, expected = 52, _mean_time(52)
    waits = expected - 1
    mistakes = {waits: "that is the wait until the bottom card reaches the top; one more step "
                       "inserts it",
                waits + 2: "the step that inserts the bottom card counts once, not twice",
                sum((Fraction(n, i + 1) for i in range(n)), Fraction(0)) + 1:
                    "with i cards below the bottom card, i goes from 0 to 50 (51 waits), "
                    "not to 51",
                sum((Fraction(n - i, n) for i in range(n - 1)), Fraction(0)) + 1:
                    "you added chances; a wait for something of chance q per step lasts 1/q "
                    "steps on average",
                Fraction(n * n): "a wait of 52 steps for each card would be 52 × 52; the wait "
                                 "shortens as cards pile up below the bottom card"}
    return check_value(answer, expected, what, where, mistakes,
                       hint="with i cards below the bottom card, each step puts the next card "
                            "below it with chance (i + 1)/52; a wait for something of chance q "
                            "per step lasts 1/q steps on average.")


# --- lesson 9, exercise 2: a fair shuffle made of insertions ---------------------------------

def _reference_insertion_shuffle(deck, rng) -> list:
    """A fair shuffle made of insertions: card i goes to a uniform place among the first i + 1.

    By the induction of top-to-random, the cards already placed are in uniform order,
    and inserting the next one at a uniform place keeps them so.
    """
    cards, rng = sequence("deck", deck), as_rng(rng)
    for i in range(1, len(cards)):
        cards.insert(rng.randrange(i + 1), cards.pop(i))
    return cards


def check_fair_insertion(shuffle: Callable) -> Feedback:
    """Diagnose, judge exactly on 1 to 5 cards, and hold to the insertions described."""
    return check_shuffle(shuffle, "your insertion shuffle", "Going further", algorithm=_INSERTIONS,
                         hint="insert card i at rng.randrange(i + 1): one of the i + 1 places "
                              "among the cards already placed, its own place included.")


#: The algorithms of the lesson's exercises, as the lesson describes them.
_TOP_TO_RANDOM = Algorithm("top-to-random", top_to_random, "new list",
                          "one draw, randrange(n): the top card put back with that many "
                          "cards below it")
_INSERTIONS = Algorithm("the insertion shuffle", _reference_insertion_shuffle, "new list",
                       "card i, for i = 1 .. n - 1, inserted at a place drawn from 0 to i: "
                       "ranges of 2, 3, ..., n places")


# --- lesson 10, exercise 3: deal round-robin --------------------------------------------------

def clumped_deck() -> list[Card]:
    """The 54 cards rank by rank, bottom card first: the four 3s, ..., the four 2s, the jokers."""
    return ([Card(rank, suit) for rank in DOU_DI_ZHU_RANKS for suit in SUIT_TIE_BREAK]
            + [BLACK_JOKER, RED_JOKER])


def _deal_round_robin(deck) -> tuple[list[list], list]:
    """Three hands of 17 dealt one card at a time from the top (the last item), in turn; the
    kitty is the 3 cards left, from the top down."""
    from_top = sequence("deck", deck)[::-1]
    if len(from_top) < 51:
        raise ValueError(f"deck must hold at least 51 cards to deal three hands of 17, got "
                         f"{len(from_top)}")
    return [from_top[p:51:3] for p in range(3)], from_top[51:]


def _sample_decks() -> list[list]:
    return [list(range(54)), clumped_deck(), [f"card {i}" for i in range(54)]]


@contained("the check of your deal")
def check_deal(deal: Callable) -> Feedback:
    """Check ``deal(deck)``: three hands of 17 dealt round-robin from the top, and the kitty."""
    what = "the round-robin deal"
    if not attempted_function(deal, list(range(54))):
        return not_attempted(what)
    with TimedCalls(what) as call:
        try:
            return _deals(deal, what, call)
        except Failed as failed:
            return failed.feedback


def _shape(answer) -> tuple[list, list] | str:
    """(hands, kitty) as plain lists of what the learner's deal gave, or what is wrong."""
    if answer is None:
        return "returns None: return the pair (hands, kitty)"
    pair = plain_items(answer)
    if pair is None or len(pair) != 2:
        size = f" of {len(pair)} items" if pair is not None else ""
        return (f"returns {type(answer).__name__}{size}: return a pair (hands, kitty), as in "
                "return hands, kitty")
    hands, kitty = plain_items(pair[0]), plain_items(pair[1])
    if hands is None or any(plain_items(h) is None for h in hands):
        return "returns hands that are not a list of three lists of cards"
    if kitty is None:
        return f"returns a kitty that is {type(pair[1]).__name__}, not a list of 3 cards"
    hands = [list(plain_items(h)) for h in hands]
    if [len(h) for h in hands] != [17, 17, 17] or len(kitty) != 3:
        return (f"gives hands of {[len(h) for h in hands]} cards and a kitty of {len(kitty)}; "
                "expected three hands of 17 and a kitty of 3")
    return hands, list(kitty)


def _deals(deal: Callable, what: str, call: TimedCalls) -> Feedback:
    where = "section 2"
    for deck in _sample_decks():
        numbers = deck == list(range(54))
        shown_deck = "the deck 0..53 (53 on top)" if numbers else "a deck"
        passed = list(deck)
        answer = learner_call(call, deal, passed, shown=what, where=where)
        if not same_items(passed, deck):
            did = "empties" if passed == [] else "changes"
            return wrong(f"{what} {did} the deck it is given: given {shown_deck}, it leaves "
                         f"{len(passed)} cards in it. Deal from a copy, or read the deck by "
                         "position, and leave it as it was (the caller may still need it).", where)
        try:
            found = _shape(answer)
        except Refused as refused:
            return wrong(f"{what}: {refused}.", where)
        if isinstance(found, str):
            return wrong(f"{what} {found}.", where)
        hands, kitty = found
        expected_hands, expected_kitty = _deal_round_robin(deck)
        if same_items(hands, expected_hands) and not same_items(kitty, expected_kitty):
            why = ("the kitty is listed from the bottom up; list it from the top down"
                   if same_items(kitty, expected_kitty[::-1]) else
                   "the hands are right but the kitty is not the 3 cards left")
            return wrong(f"{what} on {shown_deck}: {why}.", where)
        if same_items(hands, expected_hands):
            continue
        from_top = list(deck)[::-1]
        survey = [from_top[3:][p:51:3] for p in range(3)]
        if same_items(hands, survey):
            return wrong(f"{what} on {shown_deck}: you set the kitty aside first, the top 3 "
                         "cards, as the survey does; this exercise deals first and leaves "
                         "the last 3 cards as the kitty.", where)
        if same_items(hands, [from_top[17 * p:17 * p + 17] for p in range(3)]):
            return wrong(f"{what} on {shown_deck} deals 17 cards to player 1, then 17 to "
                         "player 2, ...: round-robin gives one card to each player in turn.",
                         where)
        if same_items(hands, [list(deck)[p:51:3] for p in range(3)]):
            return wrong(f"{what} on {shown_deck} deals from the bottom (the first item); the "
                         "top card is the last item.", where)
        hint = (f"player 1 got {shown(hands[0][:3])} first; dealing from the top gives "
                f"{expected_hands[0][:3]}" if numbers else "deal from the top (the last item), "
                "one card to each player in turn")
        return wrong(f"{what} on {shown_deck} gives other hands than dealing round-robin: "
                     f"{hint}.", where)
    return right(f"{what}: right on three decks (numbers, cards, and names; each hand in the "
                 "order dealt, the kitty from the top down), and it leaves the deck it is given "
                 "as it was.")


# --- lesson 10, exercise 4: the jokers, apart -------------------------------------------------

def _jokers_apart() -> Fraction:
    """The exercise's chance, counted over every pair of places of a round-robin deal that the
    two jokers can take, each pair equally likely."""
    places = range(54)
    player = {place: place % 3 if place < 51 else None for place in places}  # None: the kitty
    pairs = list(itertools.combinations(places, 2))
    return Fraction(sum(player[a] is not None and player[b] is not None and player[a] != player[b]
                        for a, b in pairs), len(pairs))


def check_jokers_apart(answer) -> Feedback:
    """Check the exact chance that, in a fair deal, the jokers end in two different hands."""
    what = "the chance that the two jokers go to two different players"
    if is_todo(answer):
        return not_attempted(what)
    where = "Going further"
    malformed = number_answer(answer, what, where)
    if malformed is not None:
        return malformed
    same_hand = 3 * Fraction(math.comb(52, 15), math.comb(54, 17))
    mistakes = {1 - same_hand: "that counts a joker in the kitty as being with a player: "
                               "the kitty is no player's",
                Fraction(2, 3): "as if each joker went to one of three players on its own: the "
                                "kitty keeps 3 cards, and once one joker is in a hand, that hand "
                                "has fewer places left",
                Fraction(34, 53): "that assumes the first joker is in a hand; it may be in the "
                                  "kitty too",
                Fraction(51, 54) * Fraction(34, 54): "the second joker cannot take the place "
                                                     "of the first: 53 places are left",
                same_hand / 3: "that is the chance that a given player holds both",
                same_hand: "that is the chance that someone holds both: the rocket"}
    return check_value(answer, _jokers_apart(), what, where, mistakes,
                       hint="place the jokers one after the other among the 54 places of the "
                            "deal: 17 in each hand and 3 in the kitty.")
