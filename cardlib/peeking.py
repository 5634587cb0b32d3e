"""Peeking: testing a fair shuffle again and again as the decks come in.

A chi-square test at level 0.01 calls a fair shuffle unfair 1% of the time,
*if it is run once*, at a number of decks chosen in advance. Run after 10,
20, 50, ... decks, stopping at the first p-value below 0.01, it raises a false
alarm far more often. :func:`false_alarms` measures how often, by simulating
many seeded runs of a fair shuffle (Knuth's) and testing each run's position
counts (card i at position j) at every look.

>>> result = false_alarms(4, [40, 400], runs=200, seed=1)
>>> result.runs, len(result.per_look()), result.any_alarm() >= result.any_alarm([400])
(200, 2, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from . import stats
from .shuffles import knuth_shuffle
from .validation import positive_number, whole_number

__all__ = ["MAX_DECKS", "critical_value", "PeekingResult", "false_alarms"]

#: false_alarms simulates runs * decks decks; it refuses more than this many.
MAX_DECKS = 5 * 10**7


def _level(level) -> float:
    level = positive_number("level", level)
    if level >= 1:
        raise ValueError(f"level must be between 0 and 1, got {level!r}")
    return level


def critical_value(dof: int, level: float = 0.01) -> float:
    """Return the chi-square statistic whose p-value is ``level`` (p < level beyond it).

    >>> round(critical_value(1, 0.05), 4)
    3.8415
    """
    dof = whole_number("dof", dof, minimum=1)
    level = _level(level)
    low, high = 0.0, 1.0
    while stats.chi_square_sf(high, dof) > level:
        high *= 2
    for _ in range(100):  # bisection: the p-value falls as the statistic grows
        middle = (low + high) / 2
        low, high = (middle, high) if stats.chi_square_sf(middle, dof) > level else (low, middle)
    return high


@dataclass(frozen=True)
class PeekingResult:
    """The chi-square statistic of each run of a fair shuffle at each look."""

    n: int  # cards per deck
    at: list[int]  # the numbers of decks at which the test was run (the looks)
    level: float  # the default level: a p-value below it is an alarm
    statistics: np.ndarray  # statistics[r, k]: run r's chi-square statistic at look k

    @property
    def runs(self) -> int:
        """How many independent runs were simulated."""
        return self.statistics.shape[0]

    def alarms(self, level: float | None = None) -> np.ndarray:
        """alarms[r, k]: True when run r had a p-value below ``level`` at look k."""
        level = self.level if level is None else _level(level)
        return self.statistics > critical_value((self.n - 1) ** 2, level)

    def per_look(self, level: float | None = None) -> list[float]:
        """The fraction of runs with an alarm at each look (about ``level`` each)."""
        return self.alarms(level).mean(axis=0).tolist()

    def any_alarm(self, looks: Sequence[int] | None = None, level: float | None = None) -> float:
        """The fraction of runs with an alarm at one or more of ``looks`` (default: all of ``at``).

        >>> result = PeekingResult(3, [10, 20], 0.01, np.array([[20.0, 1.0], [1.0, 4.0]]))
        >>> result.any_alarm(), result.any_alarm([20]), result.any_alarm(level=0.5)
        (0.5, 0.0, 1.0)
        """
        looks = self.at if looks is None else list(looks)
        missing = sorted(set(looks) - set(self.at))
        if missing:
            raise ValueError(f"no test was run at {missing}; the looks were {self.at}")
        columns = [self.at.index(t) for t in looks]
        return float(self.alarms(level)[:, columns].any(axis=1).mean())


def false_alarms(n: int, at: Sequence[int], runs: int = 1000, seed: int = 0,
                 level: float = 0.01) -> PeekingResult:
    """Simulate ``runs`` seeded runs of a fair shuffle; test each run at every look in ``at``.

    Each run shuffles max(at) decks of n cards with :func:`cardlib.shuffles.knuth_shuffle`
    (through :func:`cardlib.stats.simulate`) and computes, at each look, the
    chi-square test of its position counts (as :func:`cardlib.stats.chi_square`
    does); an alarm is a p-value below ``level`` (the result can also be read
    at other levels).
    """
    n = whole_number("n", n, minimum=2, maximum=52)
    runs = whole_number("runs", runs, minimum=1)
    at = sorted({whole_number("a number of decks in at", t, minimum=1) for t in at})
    if not at:
        raise ValueError("at must hold at least one number of decks")
    level = _level(level)
    if runs * at[-1] > MAX_DECKS:
        raise ValueError(f"{runs:,} runs of {at[-1]:,} decks would simulate more than "
                         f"{MAX_DECKS:,} decks; use fewer runs or decks")
    gen = np.random.default_rng(seed)
    statistics = np.zeros((runs, len(at)))
    batch = max(1, 2 * 10**6 // at[-1])
    for start in range(0, runs, batch):
        size = min(batch, runs - start)
        decks = stats.simulate(knuth_shuffle, n, size * at[-1], seed=gen, dtype=np.int8)
        counts = _counts_at(decks.reshape(size, at[-1], n), at)  # (size, looks, n, n)
        fair = np.asarray(at, dtype=float)[None, :, None, None] / n
        statistic = ((counts - fair) ** 2 / fair).sum(axis=(2, 3)) * (n - 1) / n
        statistics[start:start + size] = statistic
    return PeekingResult(n, at, level, statistics)


def _counts_at(decks: np.ndarray, at: list[int]) -> np.ndarray:
    """counts[r, k, i, j]: among the first at[k] decks of run r, how many hold card i at j."""
    runs, _, n = decks.shape
    edges = [0, *at]
    looks = np.zeros((runs, len(at), n, n), dtype=np.int64)
    positions = np.arange(n)
    for k in range(len(at)):
        part = decks[:, edges[k]:edges[k + 1], :].astype(np.int64)
        index = (np.arange(runs)[:, None, None] * n + part) * n + positions  # run, card, position
        looks[:, k] = np.bincount(index.ravel(), minlength=runs * n * n).reshape(runs, n, n)
    return looks.cumsum(axis=1)
