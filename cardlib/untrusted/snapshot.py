"""A snapshot of the random generators made before a call: which one did it draw from?

:class:`~cardlib.untrusted.guard.Guard` refuses the functions of :mod:`random`, NumPy,
:mod:`secrets` and the clock while a shuffle runs. It cannot replace the methods of
objects that already exist and whose types cannot be changed: a learner's module-level
``random.Random()``, a ``numpy.random.Generator`` or ``RandomState`` made at import, a
generator's method bound to a name beforehand. A draw from any of them moves its state,
so :func:`snapshot` finds them all (every one the garbage collector tracks) and
:meth:`Snapshot.moved` says which one moved. (A bare ``_random.Random``, which the
collector does not track, is left to the replays: only code written to hide reaches it.)

>>> import numpy as np
>>> hidden = np.random.default_rng(1)
>>> watch = snapshot()
>>> watch.moved()
[]
>>> _ = hidden.integers(2)
>>> watch.moved()
['a numpy.random.Generator made before the shuffle was called']
"""

from __future__ import annotations

import _random
import gc
import itertools
import pickle
import random

try:  # the learner core needs the standard library only (NumPy is absent in the browser)
    import numpy.random
except ImportError:  # pragma: no cover - tested in a subprocess that blocks numpy
    numpy = None

from ..validation import sequence

__all__ = ["Snapshot", "snapshot"]

_NUMPY = () if numpy is None else (numpy.random.Generator, numpy.random.RandomState,
                                    numpy.random.BitGenerator)
_TYPES = (_random.Random, *_NUMPY)


def _state(source) -> bytes:
    if isinstance(source, _random.Random):
        return pickle.dumps(_random.Random.getstate(source))
    if isinstance(source, numpy.random.Generator):  # (numpy exists: source is one of its)
        source = source.bit_generator
    if isinstance(source, numpy.random.RandomState):
        return pickle.dumps(source.get_state(legacy=False))
    return pickle.dumps(source.state)


def _describe(source) -> str:
    if source is getattr(random, "_inst", None):
        return ("the random module's shared generator (perhaps through a name imported "
                "beforehand, as in 'from random import random')")
    if numpy is not None and source is getattr(numpy.random.mtrand, "_rand", None):
        return ("numpy.random's shared generator (perhaps through a name imported beforehand, "
                "as in 'from numpy.random import rand')")
    if isinstance(source, numpy.random.Generator):
        return "a numpy.random.Generator made before the shuffle was called"
    if isinstance(source, numpy.random.RandomState):
        return "a numpy.random.RandomState made before the shuffle was called"
    if isinstance(source, numpy.random.BitGenerator):
        return f"a numpy bit generator ({type(source).__name__}) made before the shuffle was called"
    return f"a {type(source).__module__}.{type(source).__name__} made before the shuffle was called"


class Snapshot:
    """The states of the generators that existed when it was taken."""

    def __init__(self, sources: list) -> None:
        sources = sequence("sources", sources)
        for source in sources:
            if not isinstance(source, _TYPES):
                raise TypeError("sources must hold random generators (random.Random, NumPy "
                                f"Generator or RandomState), not {type(source).__name__}")
        self.sources = [(source, _state(source)) for source in sources]

    def again(self) -> Snapshot:
        """The same generators' states now (no new search: cheap)."""
        return Snapshot([source for source, _ in self.sources])

    def moved(self) -> list[str]:
        """What drew from a generator since the snapshot, in words (empty: nothing did)."""
        moved = []
        for source, state in self.sources:
            try:
                if _state(source) != state:
                    moved.append(_describe(source))
            except Exception:  # noqa: BLE001 (a source that cannot say its state any more)
                continue
        return list(dict.fromkeys(moved))


def _kinds() -> set[type]:
    """The generator types and every subclass of them that exists now."""
    kinds, stack = set(), list(_TYPES)
    while stack:
        kind = stack.pop()
        if kind not in kinds:
            kinds.add(kind)
            stack += type.__subclasses__(kind)
    return kinds


def _generators(objects: list) -> list:
    """The objects that are generators: picked by their type, in C (a kernel tracks a few
    hundred thousand objects; a loop of ``isinstance`` in Python takes half as long again)."""
    try:
        return list(itertools.compress(objects, map(_kinds().__contains__, map(type, objects))))
    except Exception:  # noqa: BLE001 (a learner's metaclass whose hash fails): one by one
        return [o for o in objects if isinstance(o, _TYPES)]


def snapshot() -> Snapshot:
    """The generators that exist now, and their states."""
    found = {id(o): o for o in _generators(gc.get_objects())}
    owned = {id(getattr(o, "bit_generator", None) or getattr(o, "_bit_generator", None))
             for o in found.values() if isinstance(o, _NUMPY[:2])}
    sources = []
    for key, source in found.items():
        if key in owned:  # its Generator or RandomState is watched, and named, instead
            continue
        try:
            _state(source)
        except Exception:  # noqa: BLE001 (a generator whose state cannot be read is not watched)
            continue
        sources.append(source)
    return Snapshot(sources)
