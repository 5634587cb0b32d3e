"""Is a learner's shuffle fair? The judge walks every path of it, exactly, and says why.

A shuffle takes ``(deck, rng)`` and either shuffles ``deck`` in place and
returns None, or returns a new list; all of its randomness must come from
``rng.randrange``. :func:`judge` walks every path of its tree of random
choices with :mod:`cardlib.exact` for decks of 1, 2, ..., ``max_n`` cards and
returns a :class:`Verdict` of one of four kinds:

- ``"fair"``: on every deck size tried, each of the n! orders has probability
  exactly 1/n!;
- ``"unfair"``: the first deck size where that fails, how many of the n!
  orders it reaches, and its most and least likely orders, as exact fractions;
- ``"not a shuffle"``: it loses, duplicates or invents cards, or returns
  something that is not a list (with an input and what came back);
- ``"cannot judge"``: it draws randomness elsewhere than its rng (the call
  is named), it raises (the exception is shown), its tree is unbounded (a
  retry loop: a seeded chi-square test is given as evidence, not proof), a
  run never ends, or the tree is too large to walk (the estimate is given).

What it defends against (:mod:`cardlib.untrusted`): any code a learner
plausibly writes, however wrong, slow or endless, is diagnosed as the mistake
it is, within about ``seconds`` and a gigabyte of memory, and never judged
wrongly. A deliberate attack from inside the learner's own kernel (patching
cardlib, rewriting the test cell, tracing the judge) is out of scope: the
verdict is formative feedback, not a grade its author cannot forge. Two
cheap rules hold regardless: only plain data comes back from the child
process that judges, and answers are compared as exact built-in values.

>>> from cardlib.shuffles import knuth_shuffle, naive_swap_shuffle
>>> judge(knuth_shuffle).kind
'fair'
>>> verdict = judge(naive_swap_shuffle)
>>> verdict.kind, verdict.n, verdict.reached, verdict.most_likely
('unfair', 3, 6, ((0, 2, 1), Fraction(5, 27)))
>>> print(verdict)
unfair: naive_swap_shuffle is not fair on 3 cards: its 6 orders are not equally likely
(it is fair for up to 2 cards).
  Most likely: [0, 2, 1], probability 5/27 (fair: 1/6).
  Least likely: [0, 1, 2], probability 4/27 (fair: 1/6).
"""

from __future__ import annotations

import html
import itertools
import math
import time
import traceback
import types
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from . import exact
from .orders import exact_position_matrix

try:  # the chi-square evidence needs NumPy, which Python in the browser lacks
    import numpy as np

    from . import evidence
except ImportError:  # pragma: no cover - tested in a subprocess that blocks numpy
    np = evidence = None
from .rngs import Seeded, Stop
from .untrusted import Guard, TimedOut, is_own, sandbox
from .untrusted import guard as guard_module
from .untrusted.plain import sendable, shown
from .untrusted.snapshot import Snapshot, snapshot
from .validation import ContractError, function, positive_number, whole_number

__all__ = ["MAX_N", "MAX_DRAWS", "EVIDENCE_DRAWS", "EVIDENCE_SECONDS", "JUDGE_SECONDS",
           "OTHER_DECKS_UP_TO", "KINDS", "Evidence", "Verdict", "judge", "not_an_order"]

#: The largest deck the judge walks: 8! = 40,320 orders.
MAX_N = 8
#: The sampled evidence for an unbounded tree stops after this many draws in all (so that
#: it is the same on every machine) ...
EVIDENCE_DRAWS = 2_000_000
#: ... or, on a very slow machine, after this many seconds.
EVIDENCE_SECONDS = 30.0
#: A judgement takes at most about this many seconds, whatever the shuffle does.
JUDGE_SECONDS = 20.0
#: A path of more draws than this, on decks of at most MAX_N cards, is a retry loop.
MAX_DRAWS = 1000
_clock = time.perf_counter  # read before any guard replaces it


@dataclass(frozen=True)
class Evidence:
    """A seeded chi-square test of sampled decks: evidence, not proof."""

    n: int  # cards per deck
    trials: int  # decks sampled
    seed: int
    tested: str  # what was counted: "all 120 orders" or "where the bottom card lands"
    statistic: float
    dof: int
    p_value: float
    label: str = "evidence, not proof"

    def __str__(self) -> str:
        sign = ("no sign of bias" if self.p_value >= 0.01 else
                "a fair shuffle would rarely do this: likely biased")
        return (f"{self.label}: {self.trials:,} seeded runs on {self.n} cards, chi-square test "
                f"of {self.tested}: p = {self.p_value:.3g} ({sign})")


#: The four kinds of verdict, and what ``fair`` is for each.
KINDS = {"fair": True, "unfair": False, "not a shuffle": False, "cannot judge": None}


@dataclass(frozen=True)
class Verdict:
    """What the judge found. ``fair`` is True, False, or None when it cannot judge."""

    fair: bool | None
    kind: str  # "fair", "unfair", "not a shuffle" or "cannot judge"
    reason: str  # in plain words, for a learner
    n: int | None  # the deck size where it failed, or the largest tried when fair
    law: dict | None = field(repr=False)  # the exact law at n, or None (n! entries: not in repr)
    name: str = "the shuffle"
    max_n: int = 5
    fair_up_to: int = 0  # every deck size up to this one was walked and found fair
    reached: int | None = None  # how many of the n! orders have a chance above 0
    orders: int | None = None  # n!
    most_likely: tuple[tuple, Fraction] | None = None  # (an order, its probability)
    least_likely: tuple[tuple, Fraction] | None = None  # may be an order never reached (0)
    example: tuple[list, object] | None = None  # (a deck given, what came back)
    error: str | None = None  # the exception it raised, as Python shows it
    evidence: Evidence | None = None  # for an unbounded tree
    estimate: float | None = None  # the estimated number of paths, when too large
    deck: tuple | None = None  # the deck it was unfair on, when not 0..n-1 in order

    def __post_init__(self) -> None:
        if self.kind not in KINDS or self.fair is not KINDS[self.kind]:
            raise ValueError(f"a verdict's kind is one of {', '.join(KINDS)}, with fair "
                             f"True, False, False or None; not {shown(self.kind, 20)} with "
                             f"{shown(self.fair, 20)}")

    def position_matrix(self) -> list[list[Fraction]] | None:
        """P(card i ends at position j), exactly, from the law (None without a law)."""
        return None if not self.law else exact_position_matrix(self.law)

    def details(self) -> list[str]:
        """The lines under the reason: orders reached, extremes, example, error, evidence."""
        lines = []
        if self.most_likely and self.kind == "unfair":
            fair = Fraction(1, self.orders)
            for words, (order, p) in (("Most", self.most_likely), ("Least", self.least_likely)):
                lines.append(f"{words} likely: {list(order)}, probability {p} (fair: {fair}).")
        if self.example is not None:
            given, back = self.example
            lines.append(f"Given {shown(given, 300)}, it gave back {shown(back, 300)}.")
        if self.error:
            lines.append(f"The error: {self.error}")
        if self.evidence is not None:
            lines.append(str(self.evidence).capitalize() + ".")
        return lines

    def __str__(self) -> str:
        return "\n".join([f"{self.kind}: {self.reason}", *("  " + line for line in self.details())])

    def _repr_markdown_(self) -> str:
        lines = [f"**{self.kind}**: {_markdown(self.reason)}"]
        lines += [f"- {_markdown(line)}" for line in self.details()]
        return "\n".join([lines[0], "", *lines[1:]])

    def _repr_html_(self) -> str:
        colour = {"fair": "#009E73", "unfair": "#D55E00", "not a shuffle": "#D55E00"}.get(
            self.kind, "#0072B2")
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.details())
        return (f'<div class="cardlib-verdict"><p><strong style="color:{colour}">'
                f"{html.escape(self.kind)}</strong>: {html.escape(self.reason)}</p>"
                + (f"<ul>{items}</ul>" if items else "") + "</div>")


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _markdown(text: str) -> str:
    for special in "\\`*_[]<>#|":
        text = text.replace(special, "\\" + special)
    return text


class _NotAShuffle(Exception):  # noqa: N818 (a finding, raised out of a run)
    def __init__(self, problem: str, given: list, back) -> None:
        super().__init__(problem)
        self.problem, self.given, self.back = problem, given, back


def _type_name(card) -> str:
    kind = type(card)
    root = kind.__module__.split(".")[0]
    return f"{root}.{kind.__name__}" if root in ("numpy", "fractions", "decimal") else kind.__name__


def _stranger(card, given: list) -> str:
    """What is wrong with a thing given back that is not one of the cards."""
    try:
        twin = next((c for c in given if bool(card == c)), None)
    except Exception:  # noqa: BLE001 (an object whose comparison fails)
        twin = None
    what = f"{_type_name(card)} {shown(card, 30)}"
    if twin is not None:
        return (f"gives back {what} where card {shown(twin, 30)} was: a copy or a conversion, "
                "not the card itself (a shuffle moves the cards it is given; it makes no new "
                "ones)")
    return f"gives back {what}, which is not one of the cards it was given"


def not_an_order(result, deck: list, given: list) -> str | None:
    """What is wrong with a shuffle's result as an order of ``given``, or None if it is one.

    ``deck`` is the list the shuffle was given (a copy of ``given``): its cards, when the
    shuffle returned None. The cards must come back themselves, of their exact type (an
    int card is not a float, a NumPy integer or an object that says it is equal), each as
    often as it was given: counting them so cannot be fooled by a lying ``__eq__``.

    >>> not_an_order([2, 0, 1], [0, 1, 2], [0, 1, 2]) is None
    True
    >>> not_an_order([0, 0, 1], [0, 1, 2], [0, 1, 2])
    'loses card 2 and gives back card 0 2 times'
    """
    if not (isinstance(deck, list) and isinstance(given, list)):
        raise TypeError(f"deck and given must be lists (the deck the shuffle was given, and "
                        f"a copy of it), not {type(deck).__name__} and {type(given).__name__}")
    if isinstance(result, (types.GeneratorType, types.AsyncGeneratorType)):
        return ("returns a generator, not a list: a function with yield in it, like a (... for "
                "...) expression, gives back a generator that runs none of its code until asked; "
                "a shuffle returns a new list, or None after shuffling the deck in place")
    if isinstance(result, types.CoroutineType):
        result.close()  # never run: closed, so that it warns of nothing
        return ("returns a coroutine, not a list: an async def function runs none of its code "
                "when called; a shuffle is a plain def that returns a new list, or None after "
                "shuffling the deck in place")
    if result is not None and not isinstance(result, list):
        return (f"returns {type(result).__name__} {shown(result, 40)}, not a list (a shuffle "
                "returns None after shuffling the deck in place, or a new list)")
    cards = deck if result is None else result
    kind = type(given[0]) if given else int
    for card in cards:
        if type(card) is not kind:
            return _stranger(card, given)
    counts, expected = Counter(cards), Counter(given)
    if counts == expected:
        return None
    lost = [c for c in expected if counts[c] < expected[c]]
    extra = [c for c in expected if counts[c] > expected[c]]
    invented = [c for c in counts if c not in expected]
    found = ([f"loses card {shown(lost[0])}"] if lost else []) + (
        [f"gives back card {shown(extra[0])} {counts[extra[0]]} times"] if extra else []) + (
        [f"invents card {shown(invented[0])}"] if invented else [])
    return " and ".join(found) or f"gives back {len(cards)} cards from {len(given)}"


class _Checked:
    """The shuffle, refusing any result that is not an order of the deck it was given.

    It also notes what the shuffle returned: a shuffle that always returns None
    and leaves the deck as it was has shuffled a copy.
    """

    def __init__(self, shuffle: Callable, given: list) -> None:
        self.shuffle, self.given = shuffle, list(given)
        self.__name__ = getattr(shuffle, "__name__", None) or "the shuffle"
        self.returned_list = False

    def __call__(self, deck, rng):
        result = self.shuffle(deck, rng)
        problem = not_an_order(result, deck, self.given)
        if problem:
            raise _NotAShuffle(problem, list(self.given), deck if result is None else result)
        self.returned_list = self.returned_list or result is not None
        return result


def _extremes(law: dict, deck: list) -> tuple[tuple, tuple]:
    """(most likely order, p) and (least likely order, p), ties broken by the smaller order."""
    def key(order: tuple) -> tuple:
        return tuple(deck.index(card) for card in order)

    most = min(law.items(), key=lambda item: (-item[1], key(item[0])))
    if len(law) < math.factorial(len(deck)):  # an order it never reaches: probability 0
        reached = set(law)
        order = next(tuple(deck[i] for i in p)
                     for p in itertools.permutations(range(len(deck)))
                     if tuple(deck[i] for i in p) not in reached)
        return most, (order, Fraction(0))
    return most, min(law.items(), key=lambda item: (item[1], key(item[0])))


def _fair_law(deck: list) -> dict:
    """The law of a fair shuffle of ``deck``: each arrangement as likely as its share of n!."""
    law: Counter = Counter()
    for p in itertools.permutations(range(len(deck))):
        law[tuple(deck[i] for i in p)] += 1
    total = math.factorial(len(deck))
    return {order: Fraction(count, total) for order, count in law.items()}


def _sample(shuffle: Callable, n: int, trials: int, seed: int,
            seconds: float) -> Evidence | str:
    """Evidence from seeded runs, or why there is none (a run that is not a shuffle raises)."""
    rng = Seeded(seed, max_draws=exact.MAX_DRAWS)
    decks = []
    drawn = 0
    deadline = _clock() + min(EVIDENCE_SECONDS, seconds)
    try:
        with Guard(guard_module.RUN_SECONDS) as guard:
            for _ in range(trials):
                rng.draws = 0
                deck = list(range(n))
                result = guard.run(shuffle, deck, rng)
                decks.append(deck if result is None else result)
                drawn += rng.draws
                if drawn > EVIDENCE_DRAWS or _clock() > deadline:
                    break
    except Stop:
        return f"and so did a seeded run on {_cards(n)}"
    except TimedOut:
        return f"and a seeded run on {_cards(n)} took more than {guard_module.RUN_SECONDS:g} s"
    except ContractError as error:
        return f"and a seeded run broke the contract: {error}"
    if len(decks) < 2:
        return f"and there was no time left for seeded runs on {_cards(n)}"
    if evidence is None:
        return f"and without NumPy here no chi-square test of {len(decks):,} seeded runs is made"
    test, tested = evidence.order_test(np.array(decks, dtype=np.int64))
    return Evidence(n, len(decks), seed, tested, test.statistic, test.dof, test.p_value)


def _name(shuffle) -> str:
    name = getattr(shuffle, "__name__", None) or type(shuffle).__name__
    return "the shuffle" if name == "<lambda>" else name


def judge(shuffle: Callable, max_n: int = 5, *, trials: int = 10_000, seed: int = 0,
          seconds: float = JUDGE_SECONDS) -> Verdict:
    """Judge ``shuffle(deck, rng)``: walk every path for decks of 1 to ``max_n`` cards.

    ``trials`` and ``seed`` are for the sampled evidence given when the tree
    is unbounded (a retry loop) or too large to walk, at ``max_n`` cards (at
    least 2). The whole judgement takes at most about ``seconds``: where it can
    (Linux, macOS) it runs in a child process (:mod:`cardlib.untrusted.sandbox`)
    with a memory cap, stopped at its deadline whatever the shuffle does, and
    only the verdict's plain fields come back; in the page, Python in the
    browser, the worker's time limit stops it. See the module for what it
    defends against, and what not.
    """
    function("shuffle", shuffle)
    max_n = whole_number("max_n", max_n, minimum=1, maximum=MAX_N)
    trials = whole_number("trials", trials, minimum=1, maximum=10**6)
    seed = whole_number("seed", seed, minimum=None)
    seconds = positive_number("seconds", seconds)
    name = _name(shuffle)
    try:
        return sandbox.run(_judge, shuffle, name, max_n, trials, seed, seconds,
                           seconds=seconds + _GRACE)
    except sandbox.Stopped as stopped:
        return Verdict(None, "cannot judge", f"{name} was {stopped}.", None, None, name=name,
                       max_n=max_n)
    except MemoryError:
        return Verdict(None, "cannot judge", f"{name} {_MEMORY}.", None, None, name=name,
                       max_n=max_n)


#: Beyond its own time, a judgement in a child process gets this long before it is ended.
_GRACE = 5.0
_MEMORY = (f"used more than {sandbox.MEMORY // 2**30} GB of memory, so it was stopped (does "
           "a loop keep adding to a list?)")


class _Judgement:
    """One judgement: deck sizes walked in turn, then other decks."""

    def __init__(self, shuffle: Callable, name: str, max_n: int, trials: int, seed: int,
                 seconds: float) -> None:
        self.shuffle, self.name, self.max_n = shuffle, name, max_n
        self.trials, self.seed = trials, seed
        self.deadline = _clock() + seconds
        self.common = {"name": name, "max_n": max_n, "fair_up_to": 0}
        # every generator, found once for all the walks (cardlib's own shuffles need none)
        self.generators = Snapshot([]) if is_own(shuffle) else snapshot()

    def left(self) -> float:
        return max(self.deadline - _clock(), 1e-3)

    def walk(self, deck: list) -> tuple[dict, _Checked]:
        """The exact law on ``deck``."""
        checked = _Checked(self.shuffle, deck)
        law = exact.distribution(checked, len(deck), deck=deck, seconds=self.left(),
                                 max_draws=MAX_DRAWS, generators=self.generators)
        return law, checked

    def moves_larger_decks(self) -> bool:
        """Does it move cards of the largest deck? Random runs, asked only of a shuffle that
        left a smaller deck as it was."""
        deck = list(range(self.max_n))
        try:
            runs = exact.random_paths(_Checked(self.shuffle, deck), self.max_n, 16, self.seed)
        except Exception:  # noqa: BLE001 (it fails there: it moves nothing we can see)
            return False
        return any(path.outcome != tuple(deck) for path in runs)

    def verdict(self) -> Verdict:
        try:
            return self.in_order() or self.other_decks() or self.fair()
        except _NotAShuffle as problem:
            return self.not_a_shuffle(problem)
        except Exception as error:  # noqa: BLE001 (every failure becomes a verdict)
            try:
                return _cannot_judge(self, error)
            except _NotAShuffle as problem:  # found by the seeded runs of a retry loop
                return self.not_a_shuffle(problem)

    def not_a_shuffle(self, problem: _NotAShuffle) -> Verdict:
        n = len(problem.given)
        where = ("" if problem.given == list(range(n)) else
                 " (a deck with a repeated card)" if len(set(problem.given)) < n else
                 " (cards in another order)")
        return Verdict(False, "not a shuffle", f"on {_cards(n)}{where}, {self.name} "
                       f"{problem.problem}.", n, None,
                       example=(problem.given, sendable(problem.back)), **self.common)

    def in_order(self) -> Verdict | None:
        """Decks 0..n-1 for n = 1 .. max_n: the first size that is not fair, or None."""
        for n in range(1, self.max_n + 1):
            self.n = n
            law, checked = self.walk(list(range(n)))
            if law != _fair_law(list(range(n))):
                still = len(law) == 1 and tuple(range(n)) in law and n > 1
                moves = still and n < self.max_n and self.moves_larger_decks()
                copy = still and not checked.returned_list and not moves
                return self.unfair(law, list(range(n)), copy=copy, still=still and moves)
            self.common["fair_up_to"] = n
        return None

    def other_decks(self) -> Verdict | None:
        """Cards in another order, and a repeated card: a fair shuffle is fair on any deck."""
        for n in range(2, min(self.max_n, OTHER_DECKS_UP_TO) + 1):
            self.n = n
            letters = [chr(ord("a") + k) for k in reversed(range(n))]
            for deck in (letters, [0] + list(range(n - 1))):
                law = self.walk(deck)[0]
                if law != _fair_law(deck):
                    return self.unfair(law, deck)
        return None

    def fair(self) -> Verdict:
        n, orders = self.max_n, math.factorial(self.max_n)
        tried = (" (and on other decks: cards in another order, a repeated card)"
                 if self.max_n >= 2 else "")
        return Verdict(True, "fair", f"{self.name} is fair on decks of 1 to {n} cards: each of "
                       f"the {n}! = {orders:,} orders has probability exactly 1/{orders:,}"
                       f"{tried}.", n, _fair_law(list(range(n))), reached=orders, orders=orders,
                       most_likely=(tuple(range(n)), Fraction(1, orders)),
                       least_likely=(tuple(range(n)), Fraction(1, orders)), **self.common)

    def unfair(self, law: dict, deck: list, copy: bool = False, still: bool = False) -> Verdict:
        n, orders = len(deck), math.factorial(len(deck))
        fair_up_to = self.common["fair_up_to"]
        so_far = f" (it is fair for up to {fair_up_to} cards)" if fair_up_to > 1 else ""
        if copy:
            how = ("it returned None and left the deck it was given as it was, every time: did "
                   "it shuffle a copy? An in-place shuffle moves the cards of the list it is "
                   "given")
        elif still:
            how = (f"it never moves a card of a deck this small, though it moves cards of "
                   f"{self.max_n}")
        elif deck != list(range(n)):
            what = "a repeated card" if len(set(deck)) < n else "cards in another order"
            how = (f"it is fair on the cards 0 to {n - 1} in order, but not on other decks: on "
                   f"{deck} ({what}) the {len(_fair_law(deck)):,} arrangements are not as "
                   "likely as a fair shuffle makes them")
            so_far = ""
        elif len(law) < orders:
            how = f"it reaches only {len(law):,} of the {orders:,} orders"
        else:
            how = f"its {orders:,} orders are not equally likely"
        most, least = _extremes(law, deck) if len(set(deck)) == n else (None, None)
        return Verdict(False, "unfair", f"{self.name} is not fair on {_cards(n)}: {how}{so_far}.",
                       n, law, reached=len(law), orders=orders, most_likely=most,
                       least_likely=least, deck=None if deck == list(range(n)) else tuple(deck),
                       **self.common)


#: Other decks (cards in another order, a repeated card) are tried up to this many cards.
OTHER_DECKS_UP_TO = 4


def _judge(shuffle: Callable, name: str, max_n: int, trials: int, seed: int,
           seconds: float) -> Verdict:
    judgement = _Judgement(shuffle, name, max_n, trials, seed, seconds)
    judgement.n = 1
    return judgement.verdict()


def _cannot_judge(judgement: _Judgement, error: Exception) -> Verdict:
    name, n, common = judgement.name, judgement.n, judgement.common

    def cannot(reason: str, **more) -> Verdict:
        return Verdict(None, "cannot judge", reason, n, None, **common, **more)

    if isinstance(error, exact.NotDeterministic):
        return cannot(f"{name} gives different answers to the same random numbers, so it cannot "
                      f"be judged exactly: {error}.")
    if isinstance(error, ContractError):
        return cannot(f"{name} breaks the contract, so it cannot be judged exactly: {error}.")
    if isinstance(error, (exact.Unbounded, exact.TooLarge)):
        sample_n = max(2, judgement.max_n)
        found = _sample(_Checked(judgement.shuffle, list(range(sample_n))), sample_n,
                        judgement.trials, judgement.seed, judgement.left())
        if isinstance(error, exact.TooLarge):
            why = f"{name} is too large to walk on {_cards(n)}: {error}"
            more = {"estimate": error.estimate}
        else:
            why = (f"{name} cannot be walked to the end on {_cards(n)}: it can redraw for ever "
                   "(a retry loop), so no exact law exists to check")
            more = {}
        if isinstance(found, Evidence):
            return cannot(f"{why}; below is evidence, not proof.", evidence=found, **more)
        if isinstance(error, exact.TooLarge):
            return cannot(f"{why}.", **more)
        return cannot(f"{name} never finishes on {_cards(n)}: a run made more than "
                      f"{MAX_DRAWS:,} random draws, {found}.")
    if isinstance(error, exact.EndlessRun):
        return cannot(f"{name} did not finish a run on {_cards(n)} in "
                      f"{guard_module.RUN_SECONDS:g} s: "
                      "an endless loop, or code too slow to run once for each path of its "
                      "random choices.")
    if isinstance(error, exact.OutOfTime):
        return cannot(f"{name} could not be judged in time: {error} (it is slow, or its tree of "
                      "random choices is large); try a smaller max_n.")
    if isinstance(error, MemoryError):
        return cannot(f"{name} {_MEMORY}.")
    raised = error.__cause__ if isinstance(error, exact.Raised) else error
    text = "".join(traceback.format_exception_only(type(raised), raised)).strip()
    return cannot(f"{name} raised an error on a deck of {_cards(n)} "
                  f"({type(raised).__name__}), so it cannot be judged.", error=text)
