"""The scripted rngs refuse exactly what the running CPython's random.Random refuses.

A learner's shuffle is judged with a scripted rng; a call that a real ``random.Random``
refuses (``rng.randrange(i + 1, step=2)``) must be refused the same way, or the judge
calls "fair" a shuffle that crashes with the real thing. The table below is run against a
real ``random.Random`` of this Python (3.11 and 3.12 differ: 3.11 still takes a float
that is a whole number, with a DeprecationWarning), and every scripted rng must raise the
same exception with the same message, or return where it returns.
"""

import re
import sys
import warnings
from fractions import Fraction

import numpy as np
import pytest

from cardlib import rngs
from cardlib.judge import judge

# make compat runs all of it: random.Random's refusals differ between Pythons.
pytestmark = pytest.mark.compat


class Index:
    def __index__(self):
        return 3


CALLS = [
    # randrange: the usual calls, then what CPython refuses
    ("randrange", (3,), {}), ("randrange", (0, 3), {}), ("randrange", (0, 10, 3), {}),
    ("randrange", (3, 0, -1), {}), ("randrange", (True,), {}), ("randrange", (Index(),), {}),
    ("randrange", (np.int64(3),), {}), ("randrange", (2**100,), {}),
    ("randrange", (), {"start": 0, "stop": 3}),
    ("randrange", (3,), {"step": 2}), ("randrange", (3, None, 2), {}),
    ("randrange", (3,), {"step": True}), ("randrange", (0,), {}), ("randrange", (-1,), {}),
    ("randrange", (3, 0), {}), ("randrange", (0, 3, 0), {}), ("randrange", (0, 3, -1), {}),
    ("randrange", (3.0,), {}), ("randrange", (3.5,), {}), ("randrange", (0, 3.0), {}),
    ("randrange", (0, 3, 1.0), {}), ("randrange", ("3",), {}), ("randrange", (None,), {}),
    ("randrange", (Fraction(3),), {}), ("randrange", (), {}), ("randrange", (1, 2, 3, 4), {}),
    ("randrange", (), {"stop": 3}),
    # randint
    ("randint", (0, 2), {}), ("randint", (0, 2**70), {}), ("randint", (), {"a": 0, "b": 2}),
    ("randint", (2, 0), {}), ("randint", (0, 2.5), {}), ("randint", (0, 2.0), {}),
    ("randint", (0,), {}), ("randint", ("a", "b"), {}),
    # choice
    ("choice", ("abc",), {}), ("choice", (range(5),), {}), ("choice", ({0: "a"},), {}),
    ("choice", ([],), {}), ("choice", ((),), {}), ("choice", ("",), {}), ("choice", ({},), {}),
    ("choice", ({1, 2},), {}), ("choice", (5,), {}), ("choice", (iter([1]),), {}),
    ("choice", (), {}), ("choice", ([1], [2]), {}),
    # shuffle
    ("shuffle", ([1, 2, 3],), {}), ("shuffle", ([1],), {}), ("shuffle", ((1, 2, 3),), {}),
    ("shuffle", ("abc",), {}), ("shuffle", ({1, 2},), {}), ("shuffle", (5,), {}),
    ("shuffle", ([1, 2], lambda: 0.5), {}), ("shuffle", (), {}),
    # sample
    ("sample", ([1, 2, 3], 2), {}), ("sample", ("abc", 3), {}), ("sample", (range(50), 3), {}),
    ("sample", ([1, 2, 3], 0), {}), ("sample", ([1, 2, 3], 2), {"counts": [1, 1, 1]}),
    ("sample", ([1, 2, 3], 2), {"counts": [2, 0, 1]}),
    ("sample", ({1, 2, 3}, 2), {}), ("sample", ([1, 2, 3], 4), {}),
    ("sample", ([1, 2, 3], -1), {}), ("sample", ([1, 2, 3], 2.0), {}),
    ("sample", ([1, 2, 3], "2"), {}), ("sample", ([1, 2, 3],), {}),
    ("sample", ([1, 2, 3], 2), {"counts": [1, 1]}),
    ("sample", ([1, 2, 3], 2), {"counts": [0, 0, 0]}),
    ("sample", ([1, 2, 3], 2), {"counts": [1.0, 1, 1]}),
    ("sample", ([1, 2, 3], 2), {"weights": [1, 1, 1]}),
    ("sample", (5, 2), {}),
    # getrandbits
    ("getrandbits", (0,), {}), ("getrandbits", (3,), {}), ("getrandbits", (True,), {}),
    ("getrandbits", (np.int64(3),), {}), ("getrandbits", (Index(),), {}),
    ("getrandbits", (-1,), {}), ("getrandbits", (1.5,), {}), ("getrandbits", (3.0,), {}),
    ("getrandbits", ("3",), {}), ("getrandbits", (None,), {}), ("getrandbits", (), {}),
    ("getrandbits", (-(2**100),), {}),
]


def _outcome(rng, method, args, kwargs):
    """("returned",) or ("raised", type, message), and the warnings' categories."""
    if method == "shuffle" and args and isinstance(args[0], list):
        args = (list(args[0]),) + args[1:]  # each rng shuffles its own copy
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            getattr(rng, method)(*args, **kwargs)
            found = ("returned",)
        except Exception as error:  # noqa: BLE001 (the exception is what is compared)
            # the same signature error names the function's own class: Random.sample() or
            # IntegerMethods.sample()
            message = re.sub(r"^\w+\.(\w+\(\))", r"\1", str(error))
            found = ("raised", type(error), message)
    return found, sorted({w.category.__name__ for w in caught})


SCRIPTED = {
    "first values": lambda: rngs.Scripted(),
    "random answers": lambda: rngs.Scripted(then=rngs.Seeded(3)),
    "seeded": lambda: rngs.Seeded(7),
    "recording": lambda: rngs.RecordingRng(7),
}


@pytest.mark.parametrize("source", SCRIPTED)
@pytest.mark.parametrize("method, args, kwargs", CALLS,
                         ids=[re.sub(r" at 0x[0-9a-f]+", "", f"{m}{a!r}{k or ''}")[:40]
                              for m, a, k in CALLS])
def test_a_scripted_rng_refuses_what_random_random_refuses(source, method, args, kwargs):
    expected = _outcome(_REAL, method, args, kwargs)
    assert _outcome(SCRIPTED[source](), method, args, kwargs) == expected


_REAL = __import__("random").Random(1)


def test_the_table_holds_refusals_of_every_method_the_judge_accepts():
    refused = {m for m, a, k in CALLS if _outcome(_REAL, m, a, k)[0][0] == "raised"}
    assert refused == {"randrange", "randint", "choice", "shuffle", "sample", "getrandbits"}


def test_python_311_still_takes_whole_floats_and_312_refuses_them():
    found = _outcome(_REAL, "randrange", (3.0,), {})
    if sys.version_info < (3, 12):
        assert found == (("returned",), ["DeprecationWarning"])
    else:
        assert found[0][:2] == ("raised", TypeError)


def test_a_draw_too_wide_to_walk_is_refused_by_name():
    with pytest.raises(rngs.ContractError, match=r"getrandbits\(21\).*at most 20 bits"):
        rngs.Scripted().getrandbits(21)


# --- the judge, end to end ------------------------------------------------------------------

def steps_of_two(deck, rng):
    """randrange(i + 1, step=2): a TypeError with every random.Random."""
    for i in reversed(range(1, len(deck))):
        j = rng.randrange(i + 1, step=2)
        deck[i], deck[j] = deck[j], deck[i]


def randint_of_a_float(deck, rng):
    for i in reversed(range(1, len(deck))):
        j = rng.randint(0, i + 0.5)
        deck[i], deck[j] = deck[j], deck[i]


def samples_more_than_the_deck(deck, rng):
    return rng.sample(deck, len(deck) + 1)


def keywords_as_cpython_takes_them(deck, rng):
    for i in reversed(range(1, len(deck))):
        j = rng.randrange(start=0, stop=i + 1)
        deck[i], deck[j] = deck[j], deck[i]


@pytest.mark.parametrize("shuffle, error", [
    (steps_of_two, "TypeError: Missing a non-None stop argument"),
    (randint_of_a_float, "TypeError" if sys.version_info >= (3, 12) else "ValueError"),
    (samples_more_than_the_deck, "ValueError: Sample larger than population"),
])
def test_a_call_random_random_refuses_is_never_judged_fair(shuffle, error):
    with warnings.catch_warnings():  # as in a kernel: Python 3.11 warns, then raises ValueError
        warnings.simplefilter("ignore", DeprecationWarning)
        verdict = judge(shuffle, max_n=3)
    assert verdict.kind == "cannot judge", str(verdict)
    assert error in verdict.error and "raised an error" in verdict.reason


def test_keywords_cpython_takes_are_taken():
    assert judge(keywords_as_cpython_takes_them, max_n=4).kind == "fair"
