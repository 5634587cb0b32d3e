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

from .checks import ContractError, checked, sequence
from .guard import TimedCalls
from .rngs import IntegerMethods

__all__ = ["WALK_MAX_CARDS", "WALK_MAX_DRAWS", "Branch", "Script", "walk"]

#: walk refuses longer decks (the naive swap of 7 cards already has 823,543 leaves)...
WALK_MAX_CARDS = 7
#: ... and paths with more draws than this (a shuffle that redraws may never stop).
WALK_MAX_DRAWS = 100


class Branch(BaseException):  # noqa: N818 (a signal: ``except Exception`` lets it through)
    """The shuffle asked for a draw the script has no answer for: ``size`` answers are possible."""

    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.size = size


class Script(IntegerMethods):
    """An rng that answers each draw from a list of answers, then raises Branch.

    Its other integer methods (choice, shuffle, ...) draw through randrange.
    """

    def __init__(self, answers: Sequence[int]) -> None:
        self.answers = sequence("answers", answers)
        self.branched = False  # set when it signals: caught or not, the walk knows

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        values = range(start) if stop is None else range(start, stop, step)
        if not self.answers:
            self.branched = True
            raise Branch(len(values))
        return values[self.answers.pop(0)]


@checked
def walk(shuffle: Callable, deck: Sequence, answers: tuple = (),
         probability: Fraction = Fraction(1)) -> Iterator[tuple[tuple, Fraction, tuple]]:
    """Yield (answers, probability, outcome) for every leaf of ``shuffle``'s tree on ``deck``."""
    if len(deck) > WALK_MAX_CARDS or len(answers) > WALK_MAX_DRAWS:
        raise ValueError(f"walk is for decks of up to {WALK_MAX_CARDS} cards and paths of up "
                         f"to {WALK_MAX_DRAWS} draws; use cardlib.exact")
    cards, script = list(deck), Script(answers)
    name = getattr(shuffle, "__name__", "the shuffle")
    try:
        with TimedCalls(name) as call:  # a loop that never ends is stopped
            result = call(shuffle, cards, script)
    except Branch as branch:  # a new draw: one subtree per possible answer
        for answer in range(branch.size):
            yield from walk(shuffle, deck, answers + (answer,), probability / branch.size)
        return
    if script.branched:
        raise ContractError(f"{name} caught the signal the walk uses to branch (a bare "
                            "'except:' or 'except BaseException:'), so its tree cannot be walked")
    yield answers, probability, tuple(cards if result is None else result)
