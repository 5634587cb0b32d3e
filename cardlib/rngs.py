"""What a shuffle may ask of its rng: ``randrange`` and the integer methods built on it.

A learner writes ``rng.choice(pile)``, ``rng.randint(0, i)`` or
``rng.shuffle(deck)`` as readily as ``rng.randrange(i + 1)``. CPython builds
each of these integer methods from uniform draws below a size (its
``_randbelow``); :class:`IntegerMethods` builds them the same way from
``self.randrange``, so a source that only knows ``randrange`` (the scripted
answers of :mod:`cardlib.exact`, the seeded source of :mod:`cardlib.guard`,
the recorder of :mod:`cardlib.steps`) answers them all, and every draw is
still one branch of the tree that :mod:`cardlib.exact` walks:

- ``randint(a, b)`` is ``randrange(a, b + 1)``;
- ``choice(seq)`` is ``seq[randrange(len(seq))]``;
- ``shuffle(x)`` is Durstenfeld's loop, ``randrange(i + 1)`` for i = n-1 .. 1;
- ``sample(population, k)`` is CPython's pool method, ``randrange(n - i)`` for
  i = 0 .. k-1 (for large populations CPython sometimes uses a set and
  redraws; both give every ordered sample of k the same chance, 1/(n!/(n-k)!));
- ``getrandbits(k)`` is ``randrange(2**k)``, for k up to :data:`MAX_BITS`.

Float draws (``random()``, ``uniform``, ``choices``, ...) are refused with a
:class:`~cardlib.checks.ContractError` that shows the integer rewrite: their
chances are multiples of 2**-53, not the exact fractions a deck needs.

>>> class Counting(IntegerMethods):
...     def randrange(self, start, stop=None, step=1):
...         return 0 if stop is None else start
>>> Counting().choice("ABC"), Counting().randint(3, 9), Counting().sample("ABC", 2)
('A', 3, ['A', 'C'])
>>> Counting().random()   # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlib.checks.ContractError: the shuffle asked for rng.random(), a float ...
"""

from __future__ import annotations

import collections.abc

from .checks import ContractError

__all__ = ["MAX_BITS", "INTEGER_METHODS", "FLOAT_METHODS", "IntegerMethods", "refusal"]

#: getrandbits(k) is a draw of 2**k values: at most this many bits (a million values).
MAX_BITS = 20
#: The methods of random.Random that a shuffle may use (besides randrange).
INTEGER_METHODS = ("randint", "choice", "shuffle", "sample", "getrandbits")
#: The float methods of random.Random, refused with a rewrite.
FLOAT_METHODS = ("random", "uniform", "choices", "triangular", "gauss", "normalvariate",
                 "lognormvariate", "expovariate", "vonmisesvariate", "gammavariate",
                 "betavariate", "paretovariate", "weibullvariate", "binomialvariate",
                 "randbytes")

_REWRITES = {
    "random": "to pick a position below n, write rng.randrange(n), not int(rng.random() * n); "
              "to sort by random keys, use rng.shuffle(deck) or whole-number keys",
    "choices": "for k picks with replacement, write [rng.choice(cards) for _ in range(k)] "
               "(rng.choices scales a float: int(random() * n))",
    "uniform": "for a whole number between a and b, write rng.randint(a, b)",
    "randbytes": "for random bits, write rng.getrandbits(k)",
}


def refusal(method: str) -> str:
    """Why ``rng.<method>`` is refused, and what to write instead.

    >>> refusal("choices")[:60]
    'the shuffle asked for rng.choices(), a float draw: its chanc'
    """
    if method in FLOAT_METHODS:
        rewrite = _REWRITES.get(method, "use whole-number draws: rng.randrange, randint, "
                                "choice, shuffle, sample or getrandbits")
        return (f"the shuffle asked for rng.{method}(), a float draw: its chances are "
                f"multiples of 2**-53, not exact fractions, so it cannot be enumerated; "
                f"{rewrite}")
    if method in ("seed", "setstate", "getstate"):
        return (f"the shuffle called rng.{method}(): a shuffle may draw from the rng it is "
                "given, but not read, set or reseed its state")
    return (f"the shuffle asked for rng.{method}, which is not one of the methods a shuffle "
            f"may use: rng.randrange, {', '.join(INTEGER_METHODS)}")


class IntegerMethods:
    """The integer methods of ``random.Random``, built on ``self.randrange`` as CPython does."""

    __slots__ = ()

    def randrange(self, start, stop=None, step=1):  # pragma: no cover - each source has its own
        raise NotImplementedError

    def _refuse(self, method: str):
        """Refuse a method: subclasses note it (so that catching the error does not hide it)."""
        raise ContractError(refusal(method))

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    def choice(self, seq):
        if not len(seq):
            raise IndexError("Cannot choose from an empty sequence")
        return seq[self.randrange(len(seq))]

    def shuffle(self, x) -> None:
        for i in reversed(range(1, len(x))):
            j = self.randrange(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k, *, counts=None) -> list:
        if not isinstance(population, collections.abc.Sequence):
            raise TypeError("Population must be a sequence.  For dicts or sets, use sorted(d).")
        if counts is not None:
            population = [item for item, count in zip(population, counts, strict=True)
                          for _ in range(count)]
        n = len(population)
        if not 0 <= k <= n:
            raise ValueError("Sample larger than population or is negative")
        pool, result = list(population), []
        for i in range(k):
            j = self.randrange(n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]
        return result

    def getrandbits(self, k) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k > MAX_BITS:
            raise ContractError(f"the shuffle asked for rng.getrandbits({k}): a draw of 2**{k} "
                                f"values is too wide to enumerate (at most {MAX_BITS} bits); "
                                "write rng.randrange(n) for a number below n")
        return self.randrange(1 << k) if k else 0


def _refuser(method: str):
    def refuse(self, *args, **kwargs):
        return self._refuse(method)

    refuse.__name__ = method
    refuse.__doc__ = f"Refused: {refusal(method)}"
    return refuse


for _method in (*FLOAT_METHODS, "seed", "setstate", "getstate"):
    setattr(IntegerMethods, _method, _refuser(_method))
