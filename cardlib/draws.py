"""From random bits to a number below m: three ways, and the exact law of each.

A generator gives random *bits*: a whole number k, uniform over the 2**bits
values 0 .. 2**bits - 1. A shuffle needs a number below m. Three ways:

- modulo, ``k % m``: unfair unless m divides 2**bits (:func:`modulo_law`);
- scaling a float, ``int(random() * m)`` with ``random() = k / 2**bits``:
  unfair for the same reason, the extra values landing elsewhere (:func:`float_law`);
- rejection, drawing again while ``k >= m`` (for the smallest ``bits`` with
  2**bits >= m): exactly uniform, which is what Python's ``randrange`` does.

>>> [str(p) for p in modulo_law(6, 3).values()]
['1/4', '1/4', '1/8', '1/8', '1/8', '1/8']
>>> float_law(3, 4)
{0: Fraction(3, 8), 1: Fraction(5, 16), 2: Fraction(5, 16)}
"""

from __future__ import annotations

from fractions import Fraction

from .validation import validate_arguments, whole_number

__all__ = ["MAX_LAW_VALUES", "modulo_law", "float_law", "float_draw"]

#: The laws list one probability per value below m; they refuse larger m.
MAX_LAW_VALUES = 10**6


def _args(m, bits) -> tuple[int, int]:
    return (whole_number("m", m, minimum=1, maximum=MAX_LAW_VALUES),
            whole_number("bits", bits, minimum=1, maximum=53))


def modulo_law(m: int, bits: int) -> dict[int, Fraction]:
    """Return P(k % m == j) for each j, k uniform over 2**bits values.

    >>> modulo_law(4, 3)[0]
    Fraction(1, 4)
    """
    m, bits = _args(m, bits)
    base, extra = divmod(2**bits, m)  # the first `extra` values get one k more
    return {j: Fraction(base + (j < extra), 2**bits) for j in range(m)}


@validate_arguments
def float_draw(k: int, m: int, bits: int = 53) -> int:
    """Return ``int(random() * m)`` when ``random()`` returned k / 2**bits (float arithmetic).

    >>> float_draw(2**53 - 1, 10)
    9
    >>> float_draw(6004799503160661, 3)   # the product rounds up to 2.0: not floor(k*3/2**53) = 1
    2
    """
    return int(k * 2.0**-bits * m)


def float_law(m: int, bits: int = 53) -> dict[int, Fraction]:
    """Return P(int(random() * m) == j) for each j, ``random()`` uniform over k / 2**bits.

    Exact, with the same float rounding as Python: the k giving j form a run
    from a threshold to the next, and each threshold is found by evaluating
    :func:`float_draw` next to k = ceil(j * 2**bits / m) (rounding moves it by
    at most one step). Values of j that no k reaches get probability 0.

    >>> float_law(52)[0] - Fraction(1, 52)   # tiny, but not zero
    Fraction(5, 117093590311632896)
    """
    m, bits = _args(m, bits)
    size = 2**bits

    def first_k_reaching(j: int) -> int:  # the smallest k with float_draw(k) >= j
        guess = -(-j * size // m)
        for k in range(max(guess - 2, 0), min(guess + 3, size)):
            if float_draw(k, m, bits) >= j:
                return k
        return size

    thresholds = [0] + [first_k_reaching(j) for j in range(1, m)] + [size]
    return {j: Fraction(thresholds[j + 1] - thresholds[j], size) for j in range(m)}
