"""Step traces: the states a real cardlib shuffle passes through, one draw at a time.

Nothing here shuffles by itself. A :class:`RecordingRng` wraps the random
source and writes down every ``randrange`` call that the real algorithm makes;
a :class:`ReplayRng` answers the same calls again from that record and can
stop the algorithm after any number of draws. Running the real function again
with a replay that stops after k draws shows its state after step k. The
last state is, by construction, the real function's result.

>>> steps = knuth_steps("ABCD", rng=5)
>>> [(s.i, s.j) for s in steps[1:]]
[(3, 2), (2, 2), (1, 1)]
>>> steps[-1].deck
['A', 'B', 'D', 'C']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .rngs import Draw, RecordingRng, ReplayRng, Stop
from .shuffles import draw, knuth_shuffle, pick_and_remove
from .untrusted import CALL_SECONDS, TimedCalls, contained
from .validation import Rng, listed, validate_arguments

__all__ = [
    "MAX_STEP_CARDS",
    "Draw",
    "RecordingRng",
    "ReplayRng",
    "in_place_states",
    "PickStep",
    "pick_and_remove_steps",
    "SwapStep",
    "knuth_steps",
    "same_draws_steps",
]


#: A step-through replays the shuffle once per step (n steps of O(n)): at most this many cards.
MAX_STEP_CARDS = 1000


#: A deck to step through, read once: at most MAX_STEP_CARDS cards.
StepDeck = listed(MAX_STEP_CARDS)


@contained(CALL_SECONDS)
@validate_arguments
def in_place_states(shuffle: Callable, deck: StepDeck,
                    draws: listed(MAX_STEP_CARDS, of=Draw)) -> list[list]:
    """Return the deck after 0, 1, ..., len(draws) draws of an in-place ``shuffle``.

    State k is what the real ``shuffle`` leaves in the list when it asks for
    draw k + 1 (it is stopped there); the last state is its finished result.
    A learner's shuffle runs in a child process, bounded in time and memory where the
    platform has one (:func:`cardlib.untrusted.contained`).

    >>> recorder = RecordingRng(5)
    >>> knuth_shuffle(list("ABCD"), rng=recorder)
    >>> ["".join(s) for s in in_place_states(knuth_shuffle, "ABCD", recorder.draws)]
    ['ABCD', 'ABDC', 'ABDC', 'ABDC']
    """
    states = []
    with TimedCalls(getattr(shuffle, "__name__", "the shuffle")) as call:
        for k in range(len(draws) + 1):
            cards = list(deck)
            try:
                call(shuffle, cards, rng=ReplayRng(draws, limit=k, name=call.name))
            except Stop:
                pass
            states.append(cards)
    return states


@dataclass(frozen=True)
class PickStep:
    """Pick-and-remove after ``k`` draws: what is left of the pile and the new pile.

    ``picked`` is the position in the previous pile of the card drawn at this
    step (None for step 0), ``draw`` the ``randrange`` call that chose it.
    """

    k: int
    pile: list
    new_pile: list
    picked: int | None
    draw: Draw | None

    @property
    def previous_pile(self) -> list:
        """The pile just before this step's draw (the picked card still in it)."""
        if self.picked is None:
            return list(self.pile)
        return self.pile[: self.picked] + [self.new_pile[-1]] + self.pile[self.picked :]


@validate_arguments
def pick_and_remove_steps(deck: StepDeck, rng: Rng = None) -> list[PickStep]:
    """Run :func:`~cardlib.shuffles.pick_and_remove` once; return its n + 1 states.

    ``pick_and_remove`` is ``draw(deck, n)``, and drawing k cards makes the
    same first k calls as drawing all n, so the state after step k is
    ``draw(deck, k)`` replayed from the record.

    >>> steps = pick_and_remove_steps("ABC", rng=7)
    >>> [("".join(s.pile), "".join(s.new_pile)) for s in steps]
    [('ABC', ''), ('AC', 'B'), ('C', 'BA'), ('', 'BAC')]
    """
    recorder = RecordingRng(rng)
    result = pick_and_remove(deck, rng=recorder)
    steps = []
    for k in range(len(recorder.draws) + 1):
        new_pile, pile = draw(deck, k, ReplayRng(recorder.draws, limit=k))
        last = recorder.draws[k - 1] if k else None
        steps.append(PickStep(k, pile, new_pile, last.value if last else None, last))
    if steps[-1].new_pile != result:  # guards the prefix argument above
        raise AssertionError("pick_and_remove no longer equals draw(deck, n)")
    return steps


@dataclass(frozen=True)
class SwapStep:
    """Knuth's shuffle after ``k`` swaps: the deck, and the swap just made.

    Positions ``i`` and up are settled; ``j`` is the position drawn from
    ``0..i`` (``j == i`` leaves the card where it is). Step 0 has no swap.
    """

    k: int
    deck: list
    i: int | None
    j: int | None
    draw: Draw | None

    @property
    def settled(self) -> int:
        """How many cards at the end of the deck are settled for good."""
        if self.i is None:
            return 0
        # After the last swap (i == 1) position 0 has nothing left to swap with.
        return len(self.deck) - self.i + (1 if self.i == 1 else 0)


@validate_arguments
def knuth_steps(deck: StepDeck, rng: Rng = None) -> list[SwapStep]:
    """Run :func:`~cardlib.shuffles.knuth_shuffle` once; return its states, one per swap.

    The states come from replaying the real function (:func:`in_place_states`);
    the swap positions are read from each draw: ``randrange(i + 1)`` gave ``j``.

    >>> [(s.k, "".join(s.deck), s.settled) for s in knuth_steps("ABC", rng=3)]
    [(0, 'ABC', 0), (1, 'CBA', 1), (2, 'BCA', 3)]
    """
    recorder = RecordingRng(rng)
    final = list(deck)
    knuth_shuffle(final, rng=recorder)
    states = in_place_states(knuth_shuffle, deck, recorder.draws)
    steps = [SwapStep(0, states[0], None, None, None)]
    for k, (state, d) in enumerate(zip(states[1:], recorder.draws), start=1):
        steps.append(SwapStep(k, state, d.size - 1, d.value, d))
    if steps[-1].deck != final:
        raise AssertionError("replaying knuth_shuffle did not reproduce its result")
    return steps


@validate_arguments
def same_draws_steps(deck: StepDeck, rng: Rng = None) -> list[tuple[PickStep, SwapStep]]:
    """Run pick-and-remove and Knuth's swaps on ``deck`` with the *same* random answers.

    Both ask for ``randrange(n)``, ``randrange(n - 1)``, ... so the answers
    that one run of :func:`~cardlib.shuffles.pick_and_remove` received are
    replayed into both; Knuth's swaps use the first n - 1 of them. Returns the
    states side by side, step 0 (nothing drawn) to step n - 1.

    >>> steps = same_draws_steps("ABC", rng=7)
    >>> [("".join(p.new_pile), "".join(s.deck)) for p, s in steps]
    [('', 'ABC'), ('B', 'ACB'), ('BA', 'CAB')]
    """
    recorder = RecordingRng(rng)
    pick_and_remove(list(deck), rng=recorder)
    picks = pick_and_remove_steps(deck, rng=ReplayRng(recorder.draws))
    swaps = knuth_steps(deck, rng=ReplayRng(recorder.draws))
    return list(zip(picks, swaps))
