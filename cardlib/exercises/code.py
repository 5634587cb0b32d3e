"""Code answers: a learner's shuffle, judged exactly by :func:`cardlib.judge.judge`, and held
to the form the exercise asks for (shuffle in place, or return a new list and leave the deck
alone).

>>> from cardlib.shuffles import knuth_shuffle, pick_and_remove
>>> feedback = check_shuffle(pick_and_remove, "your shuffle", "section 2", form="new list")
>>> feedback.status, feedback.message[:46]
('right', 'your shuffle is fair on decks of 1 to 5 cards:')
>>> feedback = check_shuffle(knuth_shuffle, "your shuffle", "section 2", form="new list")
>>> feedback.status, feedback.message[:59]
('wrong', 'your shuffle shuffles the deck it is given and returns None')
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..judge import judge
from . import Feedback, attempted_function, not_attempted, right, wrong

__all__ = ["FORMS", "check_shuffle"]

#: What an exercise may ask of a shuffle's form: "in place" (shuffle the list, return None)
#: or "new list" (return a new shuffled list, leave the deck unchanged).
FORMS = ("in place", "new list")


def _form_problem(shuffle: Callable, form: str) -> str | None:
    """What is wrong with the form of ``shuffle``'s answer on a 6-card deck, or None."""
    deck = list(range(6))
    try:
        result = shuffle(deck, random.Random(1))
    except Exception:  # noqa: BLE001 - the judge has already run it; it did not fail there
        return None
    if form == "new list":
        if result is None:
            return ("shuffles the deck it is given and returns None; this exercise asks for a "
                    "new list, with the deck left unchanged")
        if result is deck:
            return "returns the deck it was given; this exercise asks for a new list"
        if deck != list(range(6)):
            return f"returns a new list but also changes the deck it was given (to {deck})"
        return None
    if result is not None:
        return (f"returns {type(result).__name__} {result!r:.40}; this exercise asks you to "
                "shuffle the list in place and return None, as random.shuffle does")
    return None


def check_shuffle(shuffle: Callable, what: str, where: str, form: str | None = None,
                  max_n: int = 5) -> Feedback:
    """Judge ``shuffle`` on decks of 1 to ``max_n`` cards; right only if fair and of ``form``."""
    if form is not None and form not in FORMS:
        raise ValueError(f"form must be one of {FORMS} or None, got {form!r}")
    if not attempted_function(shuffle):
        return not_attempted(what)
    verdict = judge(shuffle, max_n=max_n)
    name = verdict.name
    reason = verdict.reason.replace(name, what, 1) if name in verdict.reason else verdict.reason
    if verdict.fair is not True:
        return wrong(f"{verdict.kind}: {reason}", where, tuple(verdict.details()))
    problem = _form_problem(shuffle, form) if form else None
    if problem:
        return wrong(f"{what} {problem}", where)
    shape = {"new list": " It returns a new list and leaves the deck alone.",
             "in place": " It shuffles the list in place."}.get(form, "")
    return right(f"{reason}{shape}")
