"""The exercises of lesson 5 (Knuth's swaps and the off-by-one traps), checked exactly.

>>> print(check_sattolo_counterexample((1, 2, 3, 0)))
✗ the order Sattolo's loop never makes: Sattolo's loop makes (1, 2, 3, 0), with probability 1/6: \
follow card 0 to the position it lands in, then the card that started there, and so on: \
0 → 3 → 2 → 1 → 0 visits every position, a single cycle. (see section 4)
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from fractions import Fraction

from .. import exact
from ..shuffles import inside_out_shuffle, sattolo_shuffle
from ..untrusted.guard import EndlessRun, TimedCalls
from ..validation import validate_arguments
from . import (
    Feedback,
    Refused,
    contained,
    is_todo,
    not_attempted,
    not_finished,
    plain_items,
    plain_number,
    raised,
    right,
    shown,
    wrong,
)
from .code import Algorithm, check_shuffle, learner_line

__all__ = ["SANTA_NAMES", "check_forward_knuth",
           "check_sattolo_counterexample", "check_secret_santa", "check_inside_out"]


def _forward_knuth(deck, rng) -> None:
    """Knuth's swaps run forwards: position i swapped with one drawn from i to n - 1."""
    n = len(deck)
    for i in range(n - 1):
        j = rng.randrange(i, n)
        deck[i], deck[j] = deck[j], deck[i]


#: The algorithms of the lesson's exercises, as the lesson describes them.
_FORWARD_KNUTH = Algorithm("the forward loop", _forward_knuth, "in place",
                          "position i, from 0 up, gets a card drawn from the positions not yet "
                          "settled, i itself included: ranges of n, n - 1, ..., 2 positions")
_INSIDE_OUT = Algorithm("the inside-out shuffle", inside_out_shuffle, "new list",
                       "card i goes to the end of the new list and swaps with a position drawn "
                       "from 0 to i: ranges of 1, 2, ..., n positions")


@validate_arguments
def check_forward_knuth(my_shuffle: Callable) -> Feedback:
    """The learner's forward loop of Knuth's swaps: fair (judged exactly), in place, that loop."""
    return check_shuffle(my_shuffle, "your forward loop", "section 2", algorithm=_FORWARD_KNUTH,
                         hint="At step i, every card not yet settled must be equally likely "
                              "to come to position i, the card already there included.")


# --- Exercise 2: an order Sattolo never makes, though every card moves ---------------------

_CARDS = 4
_SATTOLO_WHERE = "section 4"


def _cycles(order: tuple) -> list[list[int]]:
    """The cycles of an order, as the lesson follows them: a card to the position it lands in,
    then the card that started there, and so on (each cycle listed from its smallest position).
    """
    landing = {card: position for position, card in enumerate(order)}
    seen, cycles = set(), []
    for start in range(len(order)):
        if start in seen:
            continue
        cycle, card = [start], landing[start]
        seen.add(start)
        while card != start:
            cycle.append(card)
            seen.add(card)
            card = landing[card]
        cycles.append(cycle)
    return cycles


def _walk(cycle: list[int]) -> str:
    return " → ".join(str(p) for p in [*cycle, cycle[0]])


def check_sattolo_counterexample(answer) -> Feedback:
    """An order of 4 cards in which every card moves, yet Sattolo's loop never makes it."""
    what = "the order Sattolo's loop never makes"
    if is_todo(answer):
        return not_attempted(what)
    try:
        items = plain_items(answer)
        numbers = [plain_number(c) for c in items or ()]
    except Refused as refused:
        return wrong(f"{what}: {refused}.", _SATTOLO_WHERE)
    if items is None or len(items) != _CARDS:
        return wrong(f"{what}: give the {_CARDS} cards from position 0 up, as a tuple such as "
                     f"(0, 1, 2, 3), not {shown(answer, 40)}.", _SATTOLO_WHERE)
    odd = [item for item, number in zip(items, numbers) if type(number) is not int]
    if odd:
        return wrong(f"{what}: the cards are the whole numbers 0 to {_CARDS - 1}; "
                     f"{shown(answer, 40)} holds something else: {type(odd[0]).__name__} "
                     f"{shown(odd[0], 20)}.", _SATTOLO_WHERE)
    order = tuple(numbers)
    if sorted(order) != list(range(_CARDS)):
        missing = [c for c in range(_CARDS) if c not in order]
        twice = sorted({c for c in order if order.count(c) > 1})
        times = {2: "twice", 3: "three times", 4: "four times"}
        why = (f"card {shown(twice[0])} appears {times.get(order.count(twice[0]), 'again')}"
               if twice
               else f"{shown([c for c in order if not 0 <= c < _CARDS][0])} is not one of the "
                    "cards")
        return wrong(f"{what}: {shown(order)} is not an order of the cards 0, 1, 2, 3: {why}"
                     + (f" and card {missing[0]} is missing." if missing else "."),
                     _SATTOLO_WHERE)
    stays = [c for c in range(_CARDS) if order[c] == c]
    if stays:
        return wrong(f"{what}: in {order} card {stays[0]} stays at position {stays[0]}. Sattolo's "
                     "loop never leaves a card where it started (the prediction above), so that "
                     "proves nothing new: find an order in which every card moves.",
                     _SATTOLO_WHERE)
    law = exact.distribution(sattolo_shuffle, _CARDS)
    cycles = _cycles(order)
    if order in law:
        return wrong(f"{what}: Sattolo's loop makes {order}, with probability {law[order]}: "
                     "follow card 0 to the position it lands in, then the card that started "
                     f"there, and so on: {_walk(cycles[0])} visits every position, a single "
                     "cycle.", _SATTOLO_WHERE)
    walks = " and ".join(_walk(cycle) for cycle in cycles)
    moving = sum(1 for o in itertools.permutations(range(_CARDS))
                 if all(o[c] != c for c in range(_CARDS)))
    return right(f"{what}: {order} moves every card, yet Sattolo's loop never makes it: it "
                 f"splits into {len(cycles)} cycles, {walks}. Of the {moving} orders of 4 cards "
                 f"that move every card, Sattolo makes only the {len(law)} single cycles.")


# --- Exercise 3: secret Santa, one circle through everybody --------------------------------

#: The group of the secret-Santa check (the first n of them for a group of n).
SANTA_NAMES = ("Ann", "Bo", "Cy", "Dee", "Eve", "Flo")
_SANTA_WHERE = "section 4"
_SANTA_SIZES = (2, 3, 4, 5)
#: A draw in one pass needs a few draws per person: a path of more than this redraws.
_SANTA_DRAWS = 100


def _circles(gives: dict, names: list) -> list[list]:
    """The circles of a giving, each followed from its first name in ``names``."""
    seen, circles = set(), []
    for start in names:
        if start in seen:
            continue
        circle, person = [start], gives[start]
        seen.add(start)
        while person != start:
            circle.append(person)
            seen.add(person)
            person = gives[person]
        circles.append(circle)
    return circles


def _circle_text(circle: list) -> str:
    return " → ".join([*circle, circle[0]])


def _giving_problem(gives, names: list) -> str | None:
    """What is wrong with ``gives`` as a secret-Santa draw of ``names``, or None."""
    if not isinstance(gives, dict):
        kind = "None" if gives is None else f"a {type(gives).__name__}"
        return (f"returns {kind}, not a dict: map each name to the person it gives to, as in "
                f"{{{names[0]!r}: {names[1]!r}, ...}}")
    pairs = list(dict.items(gives))
    for giver, receiver in pairs:
        if type(giver) is not str or type(receiver) is not str:
            return (f"maps {shown(giver, 30)} to {shown(receiver, 30)}: map each name to a name "
                    "(the strings it was given, not other objects)")
    gives = dict(pairs)
    keys = set(gives)
    missing = [name for name in names if name not in keys]
    if missing:
        return f"has no entry for {missing[0]!r}: everybody gives a present"
    extra = [key for key in gives if key not in names]
    if extra:
        return f"has an entry for {shown(extra[0], 30)}, who is not in the group"
    strangers = [(giver, gives[giver]) for giver in names if gives[giver] not in names]
    if strangers:
        giver, stranger = strangers[0]
        return (f"has {giver!r} give to {shown(stranger, 30)}, who is not in the group: map "
                "each name to a name")
    for person in names:
        givers = [giver for giver in names if gives[giver] == person]
        if len(givers) > 1:
            nobody = next(name for name in names if name not in gives.values())
            return (f"gives {person!r} {len(givers)} presents (from "
                    f"{' and '.join(map(repr, givers))}) and {nobody!r} none")
    selfish = [name for name in names if gives[name] == name]
    if selfish:
        return f"has {selfish[0]!r} give to themselves"
    circles = _circles(gives, names)
    if len(circles) > 1:
        return (f"makes {len(circles)} circles, "
                f"{' and '.join(_circle_text(c) for c in circles)}, not one through everybody")
    return None


def _santa_diagnosis(santa: Callable, what: str) -> Feedback | None:
    """Run the learner's draw on 6 names (3 seeds) and on 4 names (40 seeds); say what is wrong.

    Returns not_attempted for the stub, a Feedback for a problem, None when all is well.
    """
    try:
        with TimedCalls(what) as call:
            for n, seeds in ((6, range(1, 4)), (4, range(4, 44))):
                for seed in seeds:
                    names = list(SANTA_NAMES[:n])
                    gives = call(santa, names, random.Random(seed))
                    if is_todo(gives):
                        return not_attempted(what)
                    given = list(SANTA_NAMES[:n])
                    if type(names) is not list or len(names) != n or any(
                            type(a) is not str or a != b for a, b in zip(names, given)):
                        return wrong(f"{what} changed the list of names it was given (to "
                                     f"{shown(names)}): draw from a copy, and leave names as "
                                     "it was", _SANTA_WHERE)
                    problem = _giving_problem(gives, given)
                    if problem:
                        return wrong(f"{what} {problem}", _SANTA_WHERE,
                                     (f"Given {given}, it returned {shown(gives, 200)}",))
    except EndlessRun:
        return wrong(not_finished(f"{what}, on a group of {n},", santa), _SANTA_WHERE)
    except Exception as error:  # noqa: BLE001 - the learner's code: say what it raised
        return wrong(f"{what} raised {raised(error)}{learner_line(error)}, on the names "
                     f"{list(SANTA_NAMES[:n])}", _SANTA_WHERE)
    return None


class _Receivers:
    """The learner's draw as something :mod:`cardlib.exact` walks: who each name gives to."""

    def __init__(self, santa: Callable) -> None:
        self.santa = santa
        self.__name__ = getattr(santa, "__name__", "your secret Santa")

    def __call__(self, deck, rng):
        names = list(SANTA_NAMES[:len(deck)])
        gives = self.santa(list(names), rng)
        if not isinstance(gives, dict):
            raise TypeError(f"it returned {type(gives).__name__}, not a dict")
        return [gives.get(name) for name in names]


@contained("the check of your secret Santa")
def check_secret_santa(my_secret_santa: Callable) -> Feedback:
    """A learner's secret-Santa draw: one circle through everybody, all (n-1)! equally likely.

    Diagnosed first on 6 and on 4 names (it finishes, returns a dict of names, nobody gives
    to themselves, one circle, the names left as they were); then every path is walked for
    groups of 2 to 5.
    """
    what = "your secret Santa"
    found = _santa_diagnosis(my_secret_santa, what)
    if found is not None:
        return found
    for n in _SANTA_SIZES:
        names = list(SANTA_NAMES[:n])
        try:
            law = exact.distribution(_Receivers(my_secret_santa), n, max_paths=10**5,
                                     max_draws=_SANTA_DRAWS)
        except (exact.Unbounded, exact.TooLarge) as error:
            found = (f"one path of its random draws on {n} names made more than {_SANTA_DRAWS} "
                     "draws" if isinstance(error, exact.Unbounded) else
                     f"its random draws on {n} names have far more paths than one pass needs")
            return wrong(f"{what} made one circle every time it ran here, but {found}: does it "
                         "redraw until it works? The exercise asks for one pass: make one "
                         "circle directly", _SANTA_WHERE)
        except exact.ContractError as error:
            return wrong(f"{what} must draw from the rng it is given: {error}", _SANTA_WHERE)
        except Exception as error:  # noqa: BLE001 - the learner's code (or too big a tree)
            return wrong(f"{what} cannot be walked exactly on {n} names: {raised(error)}",
                         _SANTA_WHERE)
        for receivers, chance in sorted(law.items(), key=lambda item: -item[1]):
            problem = _giving_problem(dict(zip(names, receivers)), names)
            if problem:
                return wrong(f"{what}, on {n} names, {problem} (probability {chance})",
                             _SANTA_WHERE)
        circles = math.factorial(n - 1)
        if len(law) == circles and set(law.values()) == {Fraction(1, circles)}:
            continue
        return _unequal_circles(law, names, what)
    return right(f"{what} makes one circle through everybody, each of the (n - 1)! circles "
                 "equally likely (every path walked for groups of 2 to 5), and leaves the names "
                 "as they were.")


def _unequal_circles(law: dict, names: list, what: str) -> Feedback:
    """The Feedback for a law of single circles that misses some, or weighs them unequally."""
    n, circles = len(names), math.factorial(len(names) - 1)

    def text(receivers) -> str:
        return _circle_text(_circles(dict(zip(names, receivers)), names)[0])

    if len(law) < circles:
        never = sorted(set(_all_circles(names)) - set(law))[0]
        return wrong(f"{what} makes only {len(law)} of the {circles} circles of {n} people, "
                     f"never {text(never)}: every circle must be possible", _SANTA_WHERE)
    ranked = sorted(law.items(), key=lambda item: item[1])
    (low, p_low), (high, p_high) = ranked[0], ranked[-1]
    return wrong(f"{what} makes every circle of {n} people, but not equally often: "
                 f"{text(high)} with probability {p_high}, {text(low)} with {p_low} "
                 f"(fair: 1/{circles} each)", _SANTA_WHERE)


def _all_circles(names: list):
    """Every giving of ``names`` that is one circle, as tuples of receivers."""
    first, rest = names[0], names[1:]
    for after in itertools.permutations(rest):
        ring = [first, *after]
        gives = {ring[k]: ring[(k + 1) % len(ring)] for k in range(len(ring))}
        yield tuple(gives[name] for name in names)


# --- Exercise 4: inside-out ------------------------------------------------------------------

_INSIDE_OUT_WHERE = "Going further: the inside-out variant"


@validate_arguments
def check_inside_out(my_shuffle: Callable) -> Feedback:
    """The learner's inside-out shuffle: fair, a new list, and it reads the deck only once."""
    what = "your inside-out shuffle"
    feedback = check_shuffle(my_shuffle, what, _INSIDE_OUT_WHERE, algorithm=_INSIDE_OUT)
    if not feedback.ok:
        return feedback
    return _reads_once(my_shuffle, what, feedback)


@contained("the check of your inside-out shuffle")
def _reads_once(my_shuffle: Callable, what: str, feedback: Feedback) -> Feedback:
    try:
        with TimedCalls(what) as call:
            once = call(my_shuffle, iter(range(6)), random.Random(2))
    except EndlessRun:
        return wrong(f"{what} is fair, but "
                     + not_finished("given a deck it can read only once (an iterator of 6 "
                                    "cards), it", my_shuffle), _INSIDE_OUT_WHERE)
    except Exception as error:  # noqa: BLE001 - the learner's code
        return wrong(f"{what} is fair, but given a deck it can read only once (an iterator, "
                     f"as a stream of cards would be) it raised {raised(error)}"
                     f"{learner_line(error)}. Loop over the deck once, with enumerate",
                     _INSIDE_OUT_WHERE)
    if type(once) is not list or len(once) != 6 or any(type(c) is not int for c in once) or \
            sorted(once) != list(range(6)):
        return wrong(f"{what} is fair, but given a deck it can read only once (an iterator) it "
                     f"returned {shown(once, 60)}. Loop over the deck once, with enumerate",
                     _INSIDE_OUT_WHERE)
    return right(f"{feedback.message[:-1]}, and it reads the deck only once (an iterator of 6 "
                 "cards).")


