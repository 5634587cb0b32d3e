"""A shuffle's tree of random choices, walked by a short recursive generator.

This is the teaching version of :mod:`cardlib.exact`, small enough to read in
a lesson: run the shuffle with a script of answers for its draws; when it
asks for a draw the script has no answer for, the rng stops the run
(:class:`~cardlib.rngs.Stop`, with the size of that draw): that is a branch
point: try every answer in turn, one level deeper. Each leaf is one run of
the shuffle, with probability 1/size for every draw on its way. The tests
prove that it finds the same leaves as :func:`cardlib.exact.paths`.
:mod:`cardlib.exact` does the same walk without recursion, faster, with
limits on the size of the tree and checks on the shuffle. A learner's
shuffle is walked in a child process, bounded in time and memory, where the
platform has one (:func:`cardlib.untrusted.contained`).

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

from .rngs import Scripted, Stop
from .untrusted import TimedCalls, contained
from .validation import ContractError, validate_arguments

__all__ = ["WALK_MAX_CARDS", "WALK_MAX_DRAWS", "WALK_SECONDS", "walk"]

#: walk refuses longer decks (the naive swap of 7 cards already has 823,543 leaves)...
WALK_MAX_CARDS = 7
#: ... and paths with more draws than this (a shuffle that redraws may never stop).
WALK_MAX_DRAWS = 100


#: A learner's shuffle is walked in a child process ended after this long.
WALK_SECONDS = 30.0


def _small_tree(deck: Sequence, answers: tuple) -> None:
    if len(deck) > WALK_MAX_CARDS or len(answers) > WALK_MAX_DRAWS:
        raise ValueError(f"walk is for decks of up to {WALK_MAX_CARDS} cards and paths of up "
                         f"to {WALK_MAX_DRAWS} draws; use cardlib.exact")


@contained(WALK_SECONDS)
@validate_arguments(requires=_small_tree)
def walk(shuffle: Callable, deck: Sequence, answers: tuple = (),
         probability: Fraction = Fraction(1)) -> Iterator[tuple[tuple, Fraction, tuple]]:
    """Yield (answers, probability, outcome) for every leaf of ``shuffle``'s tree on ``deck``.

    >>> from cardlib.shuffles import sattolo_shuffle
    >>> [order for _, _, order in walk(sattolo_shuffle, "ABC")]
    [('B', 'C', 'A'), ('C', 'A', 'B')]
    """
    cards, script = list(deck), Scripted(answers, then="stop")
    name = getattr(shuffle, "__name__", "the shuffle")
    try:
        with TimedCalls(name) as call:  # a loop that never ends is stopped
            result = call(shuffle, cards, script)
    except Stop as branch:  # a new draw: one subtree per possible answer
        for answer in range(branch.size):
            yield from walk(shuffle, deck, answers + (answer,), probability / branch.size)
        return
    if script.stopped:
        raise ContractError(f"{name} caught the signal the walk uses to branch (a bare "
                            "'except:' or 'except BaseException:'), so its tree cannot be walked")
    yield answers, probability, tuple(cards if result is None else result)
