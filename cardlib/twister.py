"""Why a secret seed is not enough: the Mersenne Twister's state, read back from its outputs.

Python's ``random.Random`` keeps 624 words of 32 bits and gives out each one
*tempered*: mixed by four shifts and masks that can be undone. Undo them
(:func:`untemper`) on 624 consecutive outputs of ``getrandbits(32)`` and you
hold the whole state (:func:`clone`): every later number, every later shuffle,
is known, however secret the seed was. A cryptographic generator
(``random.SystemRandom``, the ``secrets`` module) has no such state to read.

>>> import random
>>> server = random.Random(2024)
>>> seen = [server.getrandbits(32) for _ in range(624)]
>>> copy = clone(seen)
>>> [copy.getrandbits(32) for _ in range(3)] == [server.getrandbits(32) for _ in range(3)]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .validation import validate_arguments, whole_number

__all__ = ["STATE_WORDS", "temper", "untemper", "clone"]

#: The Mersenne Twister MT19937 keeps this many 32-bit words of state.
STATE_WORDS = 624
_MASK = 0xFFFFFFFF


def temper(y: int) -> int:
    """Return the output word MT19937 makes of the state word ``y`` (its tempering).

    >>> temper(untemper(123456789))
    123456789
    """
    y = whole_number("y", y, maximum=_MASK)
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    return (y ^ (y >> 18)) & _MASK


def untemper(y: int) -> int:
    """Return the state word that :func:`temper` turns into the output ``y``.

    Each step ``y ^= y >> s`` (or ``y ^= (y << s) & mask``) is undone by
    applying it again until the shifted bits run out of the 32.
    """
    y = whole_number("y", y, maximum=_MASK)
    y ^= y >> 18
    y ^= (y << 15) & 0xEFC60000
    x = y
    for _ in range(5):  # 7-bit steps: 5 rounds recover all 32 bits
        x = y ^ ((x << 7) & 0x9D2C5680)
    y = x & _MASK
    x = y
    for _ in range(3):  # 11-bit steps: 3 rounds
        x = y ^ (x >> 11)
    return x & _MASK


@validate_arguments
def clone(outputs: Sequence[int]) -> random.Random:
    """Return a ``random.Random`` in the state of a generator that just gave ``outputs``.

    ``outputs`` are 624 consecutive results of ``getrandbits(32)`` (more are
    ignored, fewer refused); the copy then gives what the original gives next.
    """
    outputs = list(outputs)
    if len(outputs) < STATE_WORDS:
        raise ValueError(f"clone needs {STATE_WORDS} consecutive 32-bit outputs, "
                         f"got {len(outputs)}")
    state = [untemper(word) for word in outputs[-STATE_WORDS:]]
    copy = random.Random()
    copy.setstate((3, (*state, STATE_WORDS), None))
    return copy
