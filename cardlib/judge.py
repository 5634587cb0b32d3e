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
- ``"cannot judge"``: it draws randomness elsewhere than ``rng.randrange``
  (the call is named), it raises (the exception is shown), its tree is
  unbounded (a retry loop: a seeded chi-square test is given as evidence,
  not proof), a run never ends, or the tree is too large to walk (the
  estimate is given).

It never hangs: runs are stopped by the draw limit and the time limit of
:mod:`cardlib.exact`.

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
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from . import evidence, exact, stats
from .checks import ContractError, function, whole_number
from .guard import DrawLimit, Guard, SeededRng, TimedOut

__all__ = ["MAX_N", "EVIDENCE_DRAWS", "EVIDENCE_SECONDS", "Evidence", "Verdict", "judge"]

#: The largest deck the judge walks: 8! = 40,320 orders.
MAX_N = 8
#: The sampled evidence for an unbounded tree stops after this many draws in all (so that
#: it is the same on every machine) ...
EVIDENCE_DRAWS = 2_000_000
#: ... or, on a very slow machine, after this many seconds.
EVIDENCE_SECONDS = 30.0
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


@dataclass(frozen=True)
class Verdict:
    """What the judge found. ``fair`` is True, False, or None when it cannot judge."""

    fair: bool | None
    kind: str  # "fair", "unfair", "not a shuffle" or "cannot judge"
    reason: str  # in plain words, for a learner
    n: int | None  # the deck size where it failed, or the largest tried when fair
    law: dict | None  # the exact law at n, or None
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

    def position_matrix(self) -> list[list[Fraction]] | None:
        """P(card i ends at position j), exactly, from the law (None without a law)."""
        return None if not self.law else stats.exact_position_matrix(self.law)

    def details(self) -> list[str]:
        """The lines under the reason: orders reached, extremes, example, error, evidence."""
        lines = []
        if self.most_likely and self.kind == "unfair":
            fair = Fraction(1, self.orders)
            for words, (order, p) in (("Most", self.most_likely), ("Least", self.least_likely)):
                lines.append(f"{words} likely: {list(order)}, probability {p} (fair: {fair}).")
        if self.example is not None:
            given, back = self.example
            lines.append(f"Given {given}, it gave back {back!r}.")
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


def _problem(result, deck: list, n: int) -> str | None:
    """What is wrong with a shuffle's result on list(range(n)), or None if it is an order."""
    if result is not None and not isinstance(result, list):
        return (f"returns {type(result).__name__} {result!r:.40}, not a list (a shuffle "
                "returns None after shuffling the deck in place, or a new list)")
    cards = deck if result is None else result
    try:
        if sorted(cards) == list(range(n)) and not any(isinstance(c, bool) for c in cards):
            return None
        counts = Counter(cards)
    except TypeError:
        return f"gives back things that are not the cards: {cards!r:.60}"
    lost = [c for c in range(n) if c not in counts]
    twice = [c for c, k in counts.items() if k > 1]
    invented = [c for c in counts if c not in range(n) or isinstance(c, bool)]
    found = ([f"loses card {lost[0]}"] if lost else []) + (
        [f"gives back card {twice[0]} {counts[twice[0]]} times"] if twice else []) + (
        [f"invents card {invented[0]!r}"] if invented else [])
    return " and ".join(found) or f"gives back {len(cards)} cards from {n}"


def _checked(shuffle: Callable, n: int) -> Callable:
    """The shuffle, refusing any result that is not an order of the deck it was given."""
    def checked(deck, rng):
        result = shuffle(deck, rng)
        problem = _problem(result, deck, n)
        if problem:
            raise _NotAShuffle(problem, list(range(n)), deck if result is None else result)
        return result

    checked.__name__ = getattr(shuffle, "__name__", "the shuffle")
    return checked


def _extremes(law: dict, n: int) -> tuple[tuple, tuple]:
    """(most likely order, p) and (least likely order, p), ties broken by the smaller order."""
    most = min(law.items(), key=lambda item: (-item[1], item[0]))
    if len(law) < math.factorial(n):  # an order it never reaches: probability 0
        reached = set(law)
        order = next(o for o in itertools.permutations(range(n)) if o not in reached)
        return most, (order, Fraction(0))
    return most, min(law.items(), key=lambda item: (item[1], item[0]))


def _sample(shuffle: Callable, n: int, trials: int, seed: int) -> Evidence | str:
    """Evidence from seeded runs, or why there is none."""
    rng = SeededRng(seed, max_draws=exact.MAX_DRAWS)
    decks = []
    drawn = 0
    deadline = _clock() + EVIDENCE_SECONDS
    try:
        with Guard(exact.RUN_SECONDS) as guard:
            for _ in range(trials):
                rng.draws = 0
                deck = list(range(n))
                result = guard.run(shuffle, deck, rng)
                decks.append(deck if result is None else result)
                drawn += rng.draws
                if drawn > EVIDENCE_DRAWS or _clock() > deadline:
                    break
    except DrawLimit:
        return f"and so did a seeded run on {_cards(n)}"
    except TimedOut:
        return f"and a seeded run on {_cards(n)} took more than {exact.RUN_SECONDS:g} s"
    test, tested = evidence.order_test(np.array(decks, dtype=np.int64))
    return Evidence(n, len(decks), seed, tested, test.statistic, test.dof, test.p_value)


def judge(shuffle: Callable, max_n: int = 5, *, trials: int = 10_000, seed: int = 0) -> Verdict:
    """Judge ``shuffle(deck, rng)``: walk every path for decks of 1 to ``max_n`` cards.

    ``trials`` and ``seed`` are for the sampled evidence given when the tree
    is unbounded (a retry loop), at ``max_n`` cards (at least 2).
    """
    function("shuffle", shuffle)
    max_n = whole_number("max_n", max_n, minimum=1, maximum=MAX_N)
    trials = whole_number("trials", trials, minimum=1, maximum=10**6)
    seed = whole_number("seed", seed, minimum=None)
    name = getattr(shuffle, "__name__", "the shuffle")
    name = "the shuffle" if name == "<lambda>" else name

    common = {"name": name, "max_n": max_n}
    fair_up_to = 0
    for n in range(1, max_n + 1):
        common["fair_up_to"] = fair_up_to
        try:
            law = exact.distribution(_checked(shuffle, n), n)
        except _NotAShuffle as found:
            return Verdict(False, "not a shuffle", f"on {_cards(n)}, {name} {found.problem}.",
                           n, None, example=(found.given, found.back), **common)
        except Exception as error:  # noqa: BLE001 (every failure becomes a verdict)
            return _cannot_judge(shuffle, error, n, trials, seed, common)
        orders = math.factorial(n)
        if len(law) == orders and set(law.values()) == {Fraction(1, orders)}:
            fair_up_to = n
            continue
        most, least = _extremes(law, n)
        so_far = f" (it is fair for up to {fair_up_to} cards)" if fair_up_to > 1 else ""
        how = (f"it reaches only {len(law):,} of the {orders:,} orders" if len(law) < orders
               else f"its {orders:,} orders are not equally likely")
        return Verdict(False, "unfair", f"{name} is not fair on {_cards(n)}: {how}{so_far}.",
                       n, law, reached=len(law), orders=orders, most_likely=most,
                       least_likely=least, **common)
    orders = math.factorial(max_n)
    common["fair_up_to"] = max_n
    return Verdict(True, "fair", f"{name} is fair on decks of 1 to {max_n} cards: each of the "
                   f"{max_n}! = {orders:,} orders has probability exactly 1/{orders:,}.",
                   max_n, law, reached=orders, orders=orders,
                   most_likely=(tuple(range(max_n)), Fraction(1, orders)),
                   least_likely=(tuple(range(max_n)), Fraction(1, orders)), **common)


def _cannot_judge(shuffle: Callable, error: Exception, n: int, trials: int, seed: int,
                  common: dict) -> Verdict:
    name = common["name"]
    if isinstance(error, ContractError):
        said = str(error)
        return Verdict(None, "cannot judge", f"{name} breaks the contract, so it cannot be "
                       f"judged exactly. {said[0].upper()}{said[1:]}.", n, None, **common)
    if isinstance(error, exact.Unbounded):
        sample_n = max(2, common["max_n"])
        found = _sample(_checked(shuffle, sample_n), sample_n, trials, seed)
        if isinstance(found, Evidence):
            return Verdict(None, "cannot judge", f"{name} cannot be walked to the end on "
                           f"{_cards(n)}: it can redraw for ever (a retry loop), so no exact law "
                           "exists to check; below is evidence, not proof.", n, None,
                           evidence=found, **common)
        return Verdict(None, "cannot judge", f"{name} never finishes on {_cards(n)}: a run made "
                       f"more than {exact.MAX_DRAWS:,} random draws, {found}.", n, None, **common)
    if isinstance(error, exact.EndlessRun):
        return Verdict(None, "cannot judge", f"{name} never finishes on {_cards(n)}: a run took "
                       f"more than {exact.RUN_SECONDS:g} s (a loop that never ends?).", n, None,
                       **common)
    if isinstance(error, exact.TooLarge):
        return Verdict(None, "cannot judge", f"{name} is too large to walk on {_cards(n)}: "
                       f"{error}.", n, None, estimate=error.estimate, **common)
    shown = "".join(traceback.format_exception_only(type(error), error)).strip()
    return Verdict(None, "cannot judge", f"{name} raised an error on a deck of {_cards(n)} "
                   f"({type(error).__name__}), so it cannot be judged.", n, None, error=shown,
                   **common)
