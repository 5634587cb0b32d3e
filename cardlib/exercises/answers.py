"""Value answers with their typical mistakes: each wrong answer a learner is likely to give
gets its own explanation, anything else a general hint.

>>> mistakes = {6: "that is one card's worth of bits"}
>>> str(check_value(6, 238, "bits for 54 cards", "section 2", mistakes))
"✗ bits for 54 cards: 6 is not right. That is one card's worth of bits. (see section 2)"
>>> str(check_value(238, 238, "bits for 54 cards", "section 2", mistakes))
'✓ bits for 54 cards: 238 is right.'
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from . import Feedback, compare_value, is_todo, not_attempted, right, wrong

__all__ = ["shown", "check_value"]


def shown(value) -> str:
    """A value as a learner reads it: 4/27 for a Fraction, a long one also as a decimal.

    >>> shown(Fraction(4, 27)), shown((Fraction(3, 8), 2)), shown(1 - Fraction(99, 100) ** 20)
    ('4/27', '(3/8, 2)', '0.182093 (as an exact Fraction)')
    """
    if isinstance(value, Fraction):
        text = str(value)
        return text if len(text) <= 24 else f"{float(value):.6g} (as an exact Fraction)"
    if isinstance(value, tuple):
        return "(" + ", ".join(shown(v) for v in value) + ")"
    return repr(value)


def _same(a, b) -> bool:
    try:
        return type(a) is not bool and bool(a == b)
    except Exception:  # noqa: BLE001 - a learner's object with an odd __eq__
        return False


def check_value(answer, expected, what: str, where: str, mistakes: Mapping | None = None,
                hint: str = "") -> Feedback:
    """Check ``answer`` against ``expected`` exactly; explain a known mistake in its own words.

    ``mistakes`` maps typical wrong answers to what each one means (a phrase,
    capitalised and ended with a full stop here). Floats for an exact
    Fraction, and every other wrong answer, get :func:`compare_value`'s
    reply, with ``hint``.
    """
    if is_todo(answer):
        return not_attempted(what)
    for mistake, why in (mistakes or {}).items():
        if _same(answer, mistake) and not _same(answer, expected):
            why = why[:1].upper() + why[1:]
            return wrong(f"{what}: {shown(answer)} is not right. {why.rstrip('.')}.", where)
    if _same(answer, expected) and type(answer) is type(expected):
        return right(f"{what}: {shown(answer)} is right.")
    return compare_value(answer, expected, what, hint=hint, where=where)
