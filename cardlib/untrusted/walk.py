"""The exact walk of a stranger's shuffle, defended: what :mod:`cardlib.exact` adds for it.

:mod:`cardlib.exact` walks cardlib's own shuffles as they are. A learner's shuffle is
walked by the same code with :class:`Defences` in the loop, for the honest mistakes of
this package's docstring:

- every run is a :meth:`Guard.run <cardlib.untrusted.guard.Guard.run>`: randomness from
  anywhere else than the rng given is refused, naming the call, and a run longer than
  ``run_seconds`` is stopped (:class:`EndlessRun`); so is a refused method whose error
  was caught (the rngs refuse one kept from an earlier run);
- the generators that existed before the walk (a module-level ``random.Random()``, a NumPy
  Generator made at import, the random module's shared one) must be where they were after
  it (:mod:`cardlib.untrusted.snapshot`);
- hidden state (a global counter, ``datetime.now()``): leaves are run again later, at times
  chosen by a seeded draw, and must give the same result. Every leaf of a tree of up to
  ``REPLAY_ALL`` leaves, a small tree's leaves several times each (at least
  ``MIN_REPLAYS`` replays in all, so that a hidden fair coin escapes with chance 2**-64);
  beyond, each leaf with probability 1/``REPLAY_EVERY``. State that changes a fraction f
  of the runs escapes all of T/8 replays with chance about exp(-f T / 8): below 1e-6 once
  f T >= 111 runs are affected (1.4% of Knuth's 5,040 leaves for 7 cards);
- a result is counted by equality, so it may hold only plain values (ints, strings,
  floats, Fractions, tuples of them, cardlib's cards): an object of a learner's class,
  whose ``__eq__`` may say anything, is refused, and so is a generator (a function with
  ``yield`` in it) or a coroutine (``async def``).
"""

from __future__ import annotations

import inspect
import itertools
import math
import types
from fractions import Fraction

from ..rngs import Scripted, Seeded, refusal
from ..validation import ContractError
from .guard import EndlessRun, Guard, Raised, TimedOut
from .plain import shown
from .snapshot import Snapshot, snapshot

__all__ = ["REPLAY_ALL", "REPLAY_EVERY", "MIN_REPLAYS", "REPLAY_SECONDS", "Trusting",
           "Defences"]

#: Trees with at most this many leaves have every leaf run again ...
REPLAY_ALL = 4096
#: ... larger ones one leaf in this many, on average (a seeded draw picks them).
REPLAY_EVERY = 8
#: A small tree's leaves are replayed several times each: at least this many replays in all.
MIN_REPLAYS = 64
#: ... time permitting: the extra replays of a small tree may take about this long.
REPLAY_SECONDS = 1.0
_PLAIN = (int, str, float, bool, bytes, Fraction, type(None))


def _plain(value) -> bool:
    kind = type(value)
    if kind in _PLAIN:
        return True
    if kind in (tuple, frozenset):
        return all(_plain(item) for item in value)
    return kind.__module__.startswith("cardlib.")  # cardlib's Card: honest equality


def _not_a_list(name: str, result) -> str | None:
    """Why a generator or a coroutine is not a shuffle's result (closed, so it warns of nothing)."""
    if isinstance(result, (types.GeneratorType, types.AsyncGeneratorType)):
        return (f"{name} returned a generator, not a list: a function with yield in it gives "
                "back a generator and runs none of its code until asked; a shuffle returns a "
                "new list, or None after shuffling the deck in place")
    if isinstance(result, types.CoroutineType) or inspect.isawaitable(result):
        if isinstance(result, types.CoroutineType):
            result.close()
        return (f"{name} returned a coroutine, not a list: an async def function runs none of "
                "its code when called; a shuffle is a plain def that returns a new list, or "
                "None after shuffling the deck in place")
    return None


class Trusting:
    """What :mod:`cardlib.exact` calls at each step of its walk, for cardlib's own shuffles,
    which keep the contract: run as they are, nothing checked.

    ``with defences:`` around the runs, :meth:`run` and :meth:`outcome` for each run,
    :meth:`check` after it, :meth:`planned` once the tree's size is known, :meth:`leaf`
    after each leaf, :meth:`finished` after each batch of leaves, and :meth:`explain`
    before the walk says that the same answers gave another run.
    """

    def __enter__(self) -> Trusting:
        return self

    def __exit__(self, kind, error, traceback) -> None:
        return None

    def run(self, shuffle, deck: list, rng):
        return shuffle(deck, rng)

    def outcome(self, result, deck: list, most: int) -> tuple:
        return tuple(deck if result is None else result)

    def check(self, walk, rng, error: BaseException | None) -> None:
        return None

    def planned(self, estimate: float, seconds: float) -> None:
        return None

    def leaf(self, walk, outcome: tuple) -> None:
        return None

    def finished(self, walk) -> None:
        return None

    def explain(self) -> None:
        return None


class Defences(Trusting):
    """The checks a stranger's shuffle is walked under (see the module), for one walk.

    The same steps as :class:`Trusting`'s, each defended. ``generators`` is a snapshot
    taken by the caller (no search of its own per walk).
    """

    def __init__(self, name: str, cards: str, run_seconds: float,
                 generators: Snapshot | None = None) -> None:
        self.name, self.cards, self.run_seconds = name, cards, run_seconds  # cards: "3 cards"
        self.generators = generators
        self.before: Snapshot | None = None
        self.guard: Guard | None = None
        self.picker = Seeded(0x5EED)  # which leaves to replay, and when
        self.pending: list = []
        self.replay_every, self.repeats, self.next_replay = 1, 1, 0

    def __enter__(self) -> Defences:
        self.before = snapshot() if self.generators is None else self.generators.again()
        self.guard = Guard(self.run_seconds).__enter__()
        return self

    def __exit__(self, kind, error, traceback) -> None:
        self.guard.__exit__(kind, error, traceback)
        if kind is None:
            self.explain()

    def run(self, shuffle, deck: list, rng):
        """``shuffle(deck, rng)`` under the guard."""
        try:
            return self.guard.run(shuffle, deck, rng)
        except TimedOut:
            raise EndlessRun(f"one run of {self.name} on {self.cards} took more than "
                             f"{self.run_seconds:g} s: it looks like a loop that never ends (or "
                             "code too slow to run once for each path), so it cannot be "
                             "enumerated") from None
        except (StopIteration, SystemExit) as error:
            raise Raised.of(self.name, error) from error

    def outcome(self, result, deck: list, most: int) -> tuple:
        """The run's result as a tuple of plain values (at most ``most`` + 1 of them, so that
        the walk can refuse one too long), or why it cannot be counted."""
        if result is None:
            cards = deck
        elif type(result) in (list, tuple):
            cards = result
        else:
            problem = _not_a_list(self.name, result)
            if problem:
                raise TypeError(problem)
            try:
                cards = tuple(itertools.islice(iter(result), most + 1))
            except TypeError:
                raise TypeError(
                    f"{self.name} returned {type(result).__name__} {shown(result, 60)}: a "
                    "shuffle returns None (when it shuffles the deck in place) or the new "
                    "list") from None
        outcome = tuple(cards[:most + 1])
        for card in outcome:
            if not _plain(card):
                raise TypeError(
                    f"{self.name} gave back a {type(card).__name__} object ({shown(card)}): "
                    "results are counted by equality, so they may hold only plain values, "
                    "such as the cards it was given, not objects of its own classes")
        return outcome

    def check(self, walk, rng, error: BaseException | None) -> None:
        """After a run: a refused method asked for, its error caught."""
        if rng.asked:
            raise ContractError(refusal(rng.asked)) from error

    def planned(self, estimate: float, seconds: float) -> None:
        """The tree has about ``estimate`` leaves of ``seconds`` each: how often to replay."""
        self.replay_every = 1 if estimate <= REPLAY_ALL else REPLAY_EVERY
        if estimate <= REPLAY_ALL:
            wanted = math.ceil(MIN_REPLAYS / max(estimate, 1))
            affordable = int(REPLAY_SECONDS / max(seconds * max(estimate, 1), 1e-9))
            self.repeats = max(1, min(wanted, affordable))
        self.next_replay = 0

    def leaf(self, walk, outcome: tuple) -> None:
        """After each leaf: the first one must be the planning run's; some are kept to replay."""
        if walk.count == 1 and outcome != walk.first:
            walk.differ(walk.first, outcome)
        if walk.count >= self.next_replay:
            self.pending += [(tuple(walk.answers), tuple(walk.sizes), outcome)] * self.repeats
            if self.replay_every == 1:
                self.next_replay = walk.count + 1
            else:  # a geometric gap: each leaf is picked with probability 1 / REPLAY_EVERY
                u = (self.picker.below(2**53) + 1) / 2**53
                self.next_replay = walk.count + 1 + int(math.log(u) /
                                                        math.log1p(-1 / REPLAY_EVERY))
            if len(self.pending) >= 32:
                self.finished(walk)

    def finished(self, walk) -> None:
        """Run the pending leaves again, in a seeded random order: each must give its result."""
        pending = self.pending
        for i in reversed(range(1, len(pending))):
            j = self.picker.below(i + 1)
            pending[i], pending[j] = pending[j], pending[i]
        for answers, sizes, outcome in pending:
            rng = Scripted(list(answers), list(sizes), max_draws=walk.max_draws)
            again = walk.run(rng)
            if again != outcome or rng.depth != len(answers):
                walk.differ(outcome, again)
            walk.in_time()
        pending.clear()

    def explain(self) -> None:
        """Refuse a draw from a generator made before the walk: the likeliest hidden cause."""
        moved = self.before.moved() if self.before is not None else []
        if moved:
            raise ContractError(
                f"{self.name} drew from {moved[0]}: all of its randomness must come from the "
                "rng it is given (a generator made outside the call keeps state that cardlib "
                "cannot replace, so its draws cannot be enumerated)")
