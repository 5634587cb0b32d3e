"""Code answers: a learner's shuffle, diagnosed, judged exactly, and held to the algorithm asked.

:func:`check_shuffle` answers in three steps, and stops at the first that finds
something, so that no advice contradicts what the code does:

1. **Diagnosis** (:func:`diagnose`): the shuffle runs on a 10-card deck with a
   seeded ``random.Random``, three times, then once on a deck of letters (cards
   that are not positions), each run stopped after a few seconds. It must
   finish, raise nothing (the learner's own line is shown), keep every card (each
   of the deck's own type: a position or an object of the learner's is not a
   card), move some card, and have the form the exercise asks for: an in-place
   shuffle changes the deck and returns None (one that returns None and leaves
   the deck as it was has shuffled a copy), a new-list shuffle returns a new list
   and leaves the deck alone. What it did is said first.
2. **Verdict**: :func:`cardlib.judge.judge` walks every path on 1 to 5 cards.
3. **Algorithm** (:func:`same_algorithm`): fed the same random numbers, the
   learner's shuffle must ask for draws of the same sizes and end with the
   same deck as the algorithm the exercise describes (a :class:`Algorithm`), on
   decks of 6, 10 and 52 cards. A fair shuffle that is another algorithm is told
   so: "fair, but that is not pick-and-remove".

>>> from cardlib.shuffles import knuth_shuffle, pick_and_remove
>>> PICK = Algorithm("pick-and-remove", pick_and_remove, "new list",
...                  "one card drawn from the pile left: randrange(n), randrange(n - 1), ...")
>>> check_shuffle(pick_and_remove, "your shuffle", "section 2", algorithm=PICK).status
'right'
>>> print(check_shuffle(knuth_shuffle, "your shuffle", "section 2", algorithm=PICK))
✗ your shuffle shuffles the deck it is given and returns None; this exercise asks for a new
list, with the deck left as it was (see section 2)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from ..judge import judge
from ..steps import RecordingRng
from ..untrusted.guard import EndlessRun, TimedCalls
from ..validation import one_of, validate_arguments
from . import (
    Feedback,
    contained,
    is_todo,
    learner_line,
    not_attempted,
    not_finished,
    raised,
    right,
    shown,
    wrong,
)

__all__ = ["FORMS", "PROBE_CARDS", "SAME_DRAWS", "Algorithm", "learner_line", "diagnose",
           "same_algorithm", "check_shuffle"]

#: What an exercise may ask of a shuffle's form: "in place" (shuffle the list, return None)
#: or "new list" (return a new shuffled list, leave the deck unchanged).
FORMS = ("in place", "new list")
#: The diagnosis runs the shuffle on this many cards (a fair shuffle leaves them all in place
#: once in 10! = 3,628,800 runs).
PROBE_CARDS = 10


@dataclass(frozen=True)
class Algorithm:
    """The algorithm an exercise asks for: its name, cardlib's version, its form, its draws."""

    name: str  # "pick-and-remove"
    reference: Callable  # reference(deck, rng), drawing through rng.randrange
    form: str  # one of FORMS
    draws: str  # the draws it makes, in words


def _lost(cards, given: list) -> str | None:
    """What is wrong with ``cards`` as an order of the cards ``given``, or None.

    Each card is matched by its exact type and the deck's own equality, so that no object of
    the learner's (one whose == says what it likes) can pass for a card.
    """
    if type(cards) is not list:
        return (f"returns {type(cards).__name__} {shown(cards, 40)}, not a list (a shuffle "
                "returns None after shuffling in place, or a new list)")
    kinds = {type(card) for card in given}
    position = {card: i for i, card in enumerate(given)}
    for card in cards:
        if type(card) not in kinds:
            if int not in kinds and all(type(c) is int and 0 <= c < len(given) for c in cards):
                return ("gives back positions, not cards: on the cards 0, 1, 2, ... a position "
                        "and the card there look alike, but a shuffle gives back the cards, "
                        "deck[i], not i")
            return (f"gives back {type(card).__name__} {shown(card, 20)} among the cards: a "
                    "shuffle moves the cards it is given, it makes no new ones")
    counts = Counter(position.get(card, -1) for card in cards)
    lost = [i for i in range(len(given)) if counts[i] == 0]
    twice = [i for i in range(len(given)) if counts[i] > 1]
    found = ([f"loses card {shown(given[lost[0]], 20)}"] if lost else []) + (
        [f"gives back card {shown(given[twice[0]], 20)} {counts[twice[0]]} times"]
        if twice else [])
    extra = [card for card in cards if position.get(card) is None]
    found += [f"invents card {shown(extra[0], 20)}"] if extra else []
    return " and ".join(found) or None


def _same(cards, given: list) -> bool:
    """True if ``cards`` is a list of exactly the cards ``given``, in that order (each of the
    deck's own type, compared by that type's equality)."""
    return type(cards) is list and len(cards) == len(given) and all(
        type(a) is type(b) and a == b for a, b in zip(cards, given))


def _unmoved(runs: list, given: list, form: str | None, what: str) -> Feedback | None:
    """The Feedback for a shuffle that moved no card in any run (saying what it returned)."""
    if all(result is None and _same(deck, given) for deck, result in runs):
        needs = ("return the new list" if form == "new list" else
                 "move the cards of the list it is given")
        return wrong(f"{what} returned None and left the deck as it was, three runs out of "
                     f"three: did it shuffle a copy? It must {needs}.")
    if all(result is deck and _same(deck, given) for deck, result in runs):
        needs = {"new list": "this exercise asks for a new list, shuffled, with the deck left "
                             "as it was",
                 "in place": "an in-place shuffle moves the cards of the deck, and returns "
                             "None"}.get(form, "a shuffle moves the cards")
        return wrong(f"{what} returned the deck it was given, unchanged, three runs out of "
                     f"three: it moved no card; {needs}.")
    if all(result is not None and result is not deck and _same(result, given)
           and _same(deck, given) for deck, result in runs):
        needs = {"in place": "this exercise shuffles the deck itself, in place, and returns "
                             "None"}.get(form, "a shuffle moves the cards")
        return wrong(f"{what} returned a new list with the cards in the deck's own order, three "
                     f"runs out of three: it moved no card; {needs}.")
    return None


def diagnose(shuffle: Callable, what: str, form: str | None = None) -> Feedback | None:
    """What is plainly wrong with ``shuffle`` before any verdict (see the module), or None.

    A stub that still answers TODO gets "not attempted yet".
    """
    n, runs = PROBE_CARDS, []
    letters = [chr(ord("a") + k) for k in range(n)]
    given = list(range(n))
    try:
        with TimedCalls(what) as call:
            for seed in (1, 2, 3):
                deck = list(range(n))
                result = call(shuffle, deck, random.Random(seed))
                if is_todo(result):
                    return not_attempted(what)
                runs.append((deck, result))
            given = letters
            deck = list(letters)
            result = call(shuffle, deck, random.Random(4))
            lettered = deck if result is None else result
    except EndlessRun:
        return wrong(not_finished(f"{what}, shuffling {n} cards,", shuffle))
    except Exception as error:  # noqa: BLE001 - the learner's code: say what it raised
        if given != letters:
            return wrong(f"{what} raised {raised(error)}{learner_line(error)}, shuffling the "
                         "cards 0..9")
        return wrong(f"{what} raised {raised(error)}{learner_line(error)}, shuffling the deck "
                     f"{shown(letters)} (it shuffles the cards 0..9): a shuffle moves cards, "
                     "whatever they are; does it use a card as a number or a position?")
    given = list(range(n))
    for deck, result in runs:
        back = deck if result is None else result
        problem = _lost(back, given)
        if problem:
            return wrong(f"not a shuffle: {what} {problem}",
                         details=(f"Given {given}, it gave back {shown(back)}.",))
    unmoved = _unmoved(runs, given, form, what)
    if unmoved is not None:
        return unmoved
    problem = _lost(lettered, letters)
    if problem:
        return wrong(f"not a shuffle: on cards that are not numbers, {what} {problem}",
                     details=(f"Given {shown(letters)}, it gave back {shown(lettered)}.",))
    deck, result = runs[0]
    if form == "in place" and result is not None:
        if result is deck:
            return wrong(f"{what} shuffles the deck in place but also returns it; an in-place "
                         "shuffle returns None, as random.shuffle does")
        left = "as it was" if _same(deck, given) else "changed, but not to the list it returns"
        return wrong(f"{what} returns a new list and leaves the deck it is given {left}; this "
                     "exercise shuffles in place: move the cards of the deck and return None")
    if form == "new list":
        if result is None:
            return wrong(f"{what} shuffles the deck it is given and returns None; this exercise "
                         "asks for a new list, with the deck left as it was")
        if result is deck:
            return wrong(f"{what} returns the deck it was given, shuffled in place; this "
                         "exercise asks for a new list, with the deck left as it was")
        if not _same(deck, given):
            return wrong(f"{what} returns a new list but also changes the deck it was given "
                         f"(to {shown(deck)}); leave the deck as it was")
    return None


class _Diverged(Exception):  # noqa: N818 (a finding)
    pass


class _Answers:
    """Answers the reference's draws with the learner's, by position in the range."""

    def __init__(self, log: list[tuple[int, int]]) -> None:
        self.log, self.used, self.sizes = log, 0, []

    def randrange(self, start, stop=None, step=1):
        values = range(start) if stop is None else range(start, stop, step)
        self.sizes.append(len(values))
        if len(values) == 1:  # no choice to make: some loops skip it
            return values[0]
        if self.used >= len(self.log) or self.log[self.used][0] != len(values):
            raise _Diverged
        index = self.log[self.used][1]
        self.used += 1
        return values[index]


def _sizes(sizes: list[int], shown: int) -> str:
    text = ", ".join(f"randrange({s})" for s in sizes[:shown])
    return (text + (", ..." if len(sizes) > shown else "")) if sizes else "no draw at all"


#: The decks (cards, seed) on which a shuffle is held to its algorithm, draw for draw.
SAME_DRAWS = ((6, 11), (6, 12), (6, 13), (10, 14), (52, 15))
#: ... in words, for a learner.
SAME_DRAWS_SAID = "on decks of 6 (three runs), 10 and 52 cards"


@validate_arguments
def same_algorithm(shuffle: Callable, algorithm: Algorithm, what: str) -> Feedback | None:
    """None if ``shuffle`` is ``algorithm`` draw for draw (on the decks of :data:`SAME_DRAWS`);
    else why not.

    The learner's draws are recorded, then given to the algorithm in the same
    order; both must ask for ranges of the same sizes (draws of one value aside:
    a loop may skip them) and end with the same deck (compared card by card, as
    plain ints).
    """
    for n, seed in SAME_DRAWS:
        deck, recorder = list(range(n)), RecordingRng(seed)
        try:
            with TimedCalls(what) as call:
                result = call(shuffle, deck, recorder)
        except EndlessRun:
            return wrong(not_finished(f"{what}, shuffling {n} cards,", shuffle))
        except Exception as error:  # noqa: BLE001 - the learner's code: say what it raised
            return wrong(f"{what} raised {raised(error)}{learner_line(error)}, shuffling the "
                         f"cards 0..{n - 1}")
        mine = deck if result is None else result
        log = [(len(range(*d.args)), range(*d.args).index(d.value)) for d in recorder.draws
               if len(range(*d.args)) > 1]
        answers, theirs_deck = _Answers(log), list(range(n))
        try:
            theirs = algorithm.reference(theirs_deck, answers)
            diverged = answers.used != len(log)
        except _Diverged:
            diverged = True
        if diverged:
            mine_sizes = [size for size, _ in log]
            their_sizes = _reference_sizes(algorithm, n)
            differ = next((k for k, (a, b) in enumerate(zip(mine_sizes, their_sizes)) if a != b),
                          min(len(mine_sizes), len(their_sizes)))
            return wrong(f"that is not {algorithm.name}: on {n} cards {what} asked for "
                         f"{_sizes(mine_sizes, differ + 2)}, but {algorithm.name} asks for "
                         f"{_sizes(their_sizes, differ + 2)} ({algorithm.draws})")
        theirs = theirs_deck if theirs is None else list(theirs)
        if not _same(mine, theirs):
            return wrong(f"that is not {algorithm.name}: given the same random numbers, "
                         f"{algorithm.name} makes {shown(theirs)} of the cards 0..{n - 1} and "
                         f"yours makes {shown(mine)} ({algorithm.draws})")
    return None


def _reference_sizes(algorithm: Algorithm, n: int) -> list[int]:
    recorder = RecordingRng(0)
    algorithm.reference(list(range(n)), recorder)
    return [len(range(*d.args)) for d in recorder.draws if len(range(*d.args)) > 1]


@contained("the check of your shuffle")
def _check(shuffle: Callable, what: str, where: str, form: str | None, max_n: int,
           algorithm: Algorithm | None, hint: str) -> Feedback:
    found = diagnose(shuffle, what, form)
    if found is not None:
        return found if found.status == "todo" else wrong(found.message, where, found.details)
    verdict = judge(shuffle, max_n=max_n)
    name = verdict.name
    reason = verdict.reason.replace(name, what, 1) if name in verdict.reason else verdict.reason
    if verdict.fair is not True:
        more = (hint,) if hint and verdict.kind == "unfair" else ()
        return wrong(f"{verdict.kind}: {reason}", where, (*verdict.details(), *more))
    if algorithm is not None:
        other = same_algorithm(shuffle, algorithm, what)
        if other is not None:
            return wrong(f"fair, but {other.message}", where)
    shape = {"new list": " It returns a new list and leaves the deck alone.",
             "in place": " It shuffles the list in place."}.get(form, "")
    named = (f" Given the same random numbers as {algorithm.name}, it asks for the same draws "
             f"and makes the same deck, {SAME_DRAWS_SAID}." if algorithm else "")
    return right(f"{reason}{shape}{named}")


@validate_arguments
def check_shuffle(shuffle: Callable, what: str, where: str, form: str | None = None,
                  max_n: int = 5, algorithm: Algorithm | None = None,
                  hint: str = "") -> Feedback:
    """Diagnose, judge exactly on 1 to ``max_n`` cards, then hold to ``algorithm``.

    ``form`` defaults to the algorithm's; ``hint`` is added to an unfair verdict.
    """
    if algorithm is not None and not isinstance(algorithm, Algorithm):
        raise TypeError(f"algorithm must be an Algorithm, not {type(algorithm).__name__}")
    form = form or (algorithm.form if algorithm else None)
    if form is not None:
        one_of("form", form, FORMS)
    return _check(shuffle, what, where, form, max_n, algorithm, hint)
