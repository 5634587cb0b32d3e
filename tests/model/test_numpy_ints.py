"""NumPy integers are whole numbers like any other: the same answer, and no poisoned cache.

Every public function of the model whose valid call takes a whole number is
called with that number as a Python int and as NumPy integers (signed and
unsigned, 8 and 64 bits, where the value fits), with every cache of cardlib
emptied before each call; then the Python call is made again right after the
NumPy one, to show that a cache filled by a NumPy call answers a Python call
rightly. A NumPy integer must give exactly the Python int's answer.
"""

import functools
import gc
import importlib
import inspect
import random

import numpy as np
import pytest
from fuzz import _BASE, _BASE_BY_FUNCTION, _value, targets

# make compat runs all of it: NumPy integers' behaviour moves with NumPy's version.
pytestmark = pytest.mark.compat

MODEL = ("cardlib.validation", "cardlib.cards", "cardlib.shuffles",
         "cardlib.orders", "cardlib.riffle", "cardlib.hand", "cardlib.hand_methods",
         "cardlib.doudizhu", "cardlib.exact", "cardlib.tree", "cardlib.judge", "cardlib.steps",
         "cardlib.stats", "cardlib.batched", "cardlib.mixing", "cardlib.evidence",
         "cardlib.growth", "cardlib.timing", "cardlib.costs", "cardlib.draws", "cardlib.peeking",
         "cardlib.twister", "cardlib.listsort", "cardlib.rngs")
#: Calls whose answer depends on the clock or on memory addresses, not on the numbers.
UNREPEATABLE = {"cardlib.timing.time_shuffle", "cardlib.timing.measure",
                "cardlib.growth.time_builds", "cardlib.growth.sizes_while_appending"}
#: Smaller valid calls than the fuzz table's, where its call takes seconds.
QUICKER = {"cardlib.judge.judge": {"max_n": 4}}
TYPES = (np.int64, np.int8, np.uint8, np.uint64, np.int32)


def _caches() -> list:
    return [obj for obj in gc.get_objects()
            if isinstance(obj, functools._lru_cache_wrapper)
            and getattr(obj, "__module__", "").startswith("cardlib")]


_CACHES: list = []


def _clear() -> None:
    _CACHES[:] = _CACHES or _caches()  # made at import: looked for once
    for cache in _CACHES:
        cache.cache_clear()


def _same(a, b) -> bool:
    if isinstance(a, random.Random) and isinstance(b, random.Random):
        return a.getstate() == b.getstate()
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return np.array_equal(np.asarray(a), np.asarray(b))
    if type(a) is not type(b) and not (isinstance(a, int) and isinstance(b, int)):
        return False
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001 (objects holding arrays)
        return repr(a) == repr(b)


def _calls() -> list:
    found = []
    for target in targets():
        function = getattr(importlib.import_module(target.module), target.name)
        if target.module not in MODEL or target.key in UNREPEATABLE or isinstance(function, type):
            continue  # records (classes) keep what they are given
        special = {**_BASE_BY_FUNCTION.get(target.key, {}), **QUICKER.get(target.key, {})}
        args = {p: special.get(p, _BASE.get(p, 3)) for p in target.required}
        for seeded in ("rng", "seed"):  # the same draws for every call
            if seeded in target.params:
                args.setdefault(seeded, 1)
        for name, token in args.items():
            if type(token) is int and not isinstance(token, bool):
                found.append((target, args, name))
    return found


CALLS = _calls()


def _call(target, args: dict, name: str, value):
    module = importlib.import_module(target.module)
    kwargs = {p: (value if p == name else _value(t, {})) for p, t in args.items()}
    try:
        result = getattr(module, target.name)(**kwargs)
        return ("returned", list(result) if inspect.isgenerator(result) else result)
    except Exception as error:  # noqa: BLE001 (an error must be the same error)
        return ("raised", type(error).__name__)


@pytest.mark.parametrize("target, args, name", CALLS,
                         ids=[f"{t.key}-{n}" for t, _, n in CALLS])
def test_numpy_integers_give_the_python_answer(target, args, name):
    value = args[name]
    _clear()
    expected = _call(target, args, name, value)
    for kind in TYPES:
        if not np.can_cast(np.min_scalar_type(value), kind) and value >= 0 or (
                value < 0 and np.dtype(kind).kind == "u"):
            continue
        numpy_value = kind(value)
        _clear()
        got = _call(target, args, name, numpy_value)
        assert got[0] == expected[0] and _same(got[1], expected[1]), (kind, got, expected)
        after = _call(target, args, name, value)  # a cache filled by the NumPy call
        assert after[0] == expected[0] and _same(after[1], expected[1]), (kind, after, expected)
