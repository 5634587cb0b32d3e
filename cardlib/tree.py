"""A shuffle's tree of random choices, walked by a short recursive generator.

This is the teaching version of :mod:`cardlib.exact`, small enough to read in
a lesson: run the shuffle with a script of answers for its ``randrange``
calls; when it asks for a draw the script has no answer for, that is a
branch point: try every answer in turn, one level deeper. Each leaf is one
run of the shuffle, with probability 1/size for every draw on its way.
The tests prove that it finds the same leaves as :func:`cardlib.exact.paths`.
:mod:`cardlib.exact` does the same walk without recursion, faster, with
limits on the size of the tree and checks on the shuffle.

>>> from cardlib.shuffles import knuth_shuffle
>>> for answers, probability, order in walk(knuth_shuffle, [0, 1, 2]):
...     print(answers, probability, order)
(0, 0) 1/6 (1, 2, 0)
(0, 1) 1/6 (2, 1, 0)
(1, 0) 1/6 (2, 0, 1)
(1, 1) 1/6 (0, 2, 1)
(2, 0) 1/6 (1, 0, 2)
(2, 1) 1/6 (0, 1, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction

__all__ = ["WALK_MAX_CARDS", "WALK_MAX_DRAWS", "Branch", "Script", "walk"]

#: walk refuses longer decks (the naive swap of 7 cards already has 823,543 leaves)...
WALK_MAX_CARDS = 7
#: ... and paths with more draws than this (a shuffle that redraws may never stop).
WALK_MAX_DRAWS = 100


class Branch(Exception):
    """The shuffle asked for a draw the script has no answer for: ``size`` answers are possible."""

    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.size = size


class Script:
    """An rng that answers ``randrange(size)`` from a list of answers, then raises Branch."""

    def __init__(self, answers: Sequence[int]) -> None:
        self.answers = list(answers)

    def randrange(self, size: int) -> int:
        if not self.answers:
            raise Branch(size)
        return self.answers.pop(0)


def walk(shuffle: Callable, deck: Sequence, answers: tuple = (),
         probability: Fraction = Fraction(1)) -> Iterator[tuple[tuple, Fraction, tuple]]:
    """Yield (answers, probability, outcome) for every leaf of ``shuffle``'s tree on ``deck``."""
    if len(deck) > WALK_MAX_CARDS or len(answers) > WALK_MAX_DRAWS:
        raise ValueError(f"walk is for decks of up to {WALK_MAX_CARDS} cards and paths of up "
                         f"to {WALK_MAX_DRAWS} draws; use cardlib.exact")
    cards = list(deck)
    try:
        result = shuffle(cards, Script(answers))
    except Branch as branch:  # a new draw: one subtree per possible answer
        for answer in range(branch.size):
            yield from walk(shuffle, deck, answers + (answer,), probability / branch.size)
        return
    yield answers, probability, tuple(cards if result is None else result)
