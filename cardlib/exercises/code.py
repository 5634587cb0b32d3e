"""Code answers: a learner's shuffle, diagnosed, judged exactly, and held to the algorithm asked.

:func:`check_shuffle` answers in three steps, and stops at the first that finds
something, so that no advice contradicts what the code does:

1. **Diagnosis** (:func:`diagnose`): the shuffle runs on a 10-card deck with a
   seeded ``random.Random``, three times, each run stopped after a few seconds.
   It must finish, raise nothing (the learner's own line is shown), keep every
   card, and have the form the exercise asks for: an in-place shuffle changes
   the deck and returns None (one that returns None and leaves the deck as it
   was has shuffled a copy), a new-list shuffle returns a new list and leaves
   the deck alone.
2. **Verdict**: :func:`cardlib.judge.judge` walks every path on 1 to 5 cards.
3. **Algorithm** (:func:`same_algorithm`): fed the same random numbers, the
   learner's shuffle must ask for draws of the same sizes and end with the
   same deck as the algorithm the exercise describes (a :class:`Algorithm`).
   A fair shuffle that is another algorithm is told so: "fair, but that is not
   pick-and-remove".

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

from ..checks import checked, one_of
from ..guard import EndlessRun, TimedCalls
from ..judge import judge
from ..steps import RecordingRng
from . import Feedback, contained, is_todo, learner_line, not_attempted, right, wrong

__all__ = ["FORMS", "PROBE_CARDS", "Algorithm", "learner_line", "diagnose", "same_algorithm",
           "check_shuffle"]

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


def _lost(cards, n: int) -> str | None:
    """What is wrong with ``cards`` as an order of 0..n-1, or None."""
    if not isinstance(cards, list):
        return (f"returns {type(cards).__name__} {cards!r:.40}, not a list (a shuffle returns "
                "None after shuffling in place, or a new list)")
    if any(type(c) is not int for c in cards):
        odd = next(c for c in cards if type(c) is not int)
        return (f"gives back {type(odd).__name__} {odd!r:.20} among the cards: a shuffle moves "
                "the cards it is given, it makes no new ones")
    counts = Counter(cards)
    lost = [c for c in range(n) if counts[c] == 0]
    twice = [c for c in range(n) if counts[c] > 1]
    found = ([f"loses card {lost[0]}"] if lost else []) + (
        [f"gives back card {twice[0]} {counts[twice[0]]} times"] if twice else [])
    extra = [c for c in counts if not 0 <= c < n]
    found += [f"invents card {extra[0]}"] if extra else []
    return " and ".join(found) or None


def diagnose(shuffle: Callable, what: str, form: str | None = None) -> Feedback | None:
    """What is plainly wrong with ``shuffle`` before any verdict (see the module), or None.

    A stub that still answers TODO gets "not attempted yet".
    """
    n, runs = PROBE_CARDS, []
    try:
        with TimedCalls(what) as call:
            for seed in (1, 2, 3):
                deck = list(range(n))
                result = call(shuffle, deck, random.Random(seed))
                if is_todo(result):
                    return not_attempted(what)
                runs.append((deck, result))
    except EndlessRun:
        return wrong(f"{what} did not finish within a few seconds on {n} cards: is there a loop "
                     "that never ends (a while loop whose condition never becomes false)?")
    except Exception as error:  # noqa: BLE001 - the learner's code: say what it raised
        return wrong(f"{what} raised {type(error).__name__}: {error}{learner_line(error)}, "
                     f"shuffling the cards 0..{n - 1}")
    given = list(range(n))
    for deck, result in runs:
        problem = _lost(deck if result is None else result, n)
        if problem:
            back = deck if result is None else result
            return wrong(f"not a shuffle: {what} {problem}",
                         details=(f"Given {given}, it gave back {back}.",))
    if all(result is None and deck == given for deck, result in runs):
        needs = ("return the new list" if form == "new list" else
                 "move the cards of the list it is given")
        return wrong(f"{what} returned None and left the deck as it was, three runs out of "
                     f"three: did it shuffle a copy? It must {needs}.")
    deck, result = runs[0]
    if form == "in place" and result is not None:
        if result is deck:
            return wrong(f"{what} shuffles the deck in place but also returns it; an in-place "
                         "shuffle returns None, as random.shuffle does")
        left = "as it was" if deck == given else "changed, but not to the list it returns"
        return wrong(f"{what} returns a new list and leaves the deck it is given {left}; this "
                     "exercise shuffles in place: move the cards of the deck and return None")
    if form == "new list":
        if result is None:
            return wrong(f"{what} shuffles the deck it is given and returns None; this exercise "
                         "asks for a new list, with the deck left as it was")
        if result is deck:
            return wrong(f"{what} returns the deck it was given, shuffled in place; this "
                         "exercise asks for a new list, with the deck left as it was")
        if deck != given:
            return wrong(f"{what} returns a new list but also changes the deck it was given "
                         f"(to {deck}); leave the deck as it was")
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


@checked
def same_algorithm(shuffle: Callable, algorithm: Algorithm, what: str,
                   n: int = 6) -> Feedback | None:
    """None if ``shuffle`` is ``algorithm`` draw for draw (on n cards, three seeds); else why not.

    The learner's draws are recorded, then given to the algorithm in the same
    order; both must ask for ranges of the same sizes (draws of one value aside:
    a loop may skip them) and end with the same deck.
    """
    for seed in (11, 12, 13):
        deck, recorder = list(range(n)), RecordingRng(seed)
        with TimedCalls(what) as call:
            result = call(shuffle, deck, recorder)
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
        theirs = theirs_deck if theirs is None else theirs
        if list(theirs) != list(mine):
            return wrong(f"that is not {algorithm.name}: given the same random numbers, "
                         f"{algorithm.name} makes {list(theirs)} of the cards 0..{n - 1} and "
                         f"yours makes {list(mine)} ({algorithm.draws})")
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
    named = f" It is {algorithm.name}, draw for draw." if algorithm else ""
    return right(f"{reason}{shape}{named}")


@checked
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
