"""Value answers with their typical mistakes: each wrong answer a learner is likely to give
gets its own explanation, anything else a general hint.

>>> mistakes = {9: "that is the paths of two draws"}
>>> str(check_value(9, 27, "paths of 3 draws from 3", "section 4", mistakes))
'✗ paths of 3 draws from 3: 9 is not right. That is the paths of two draws. (see section 4)'
>>> str(check_value(27, 27, "paths of 3 draws from 3", "section 4", mistakes))
'✓ paths of 3 draws from 3: 27 is right.'
"""

from __future__ import annotations

from collections.abc import Mapping

from ..validation import validate_arguments
from . import Feedback, compare_value, exactly, is_todo, match, not_attempted, shown, wrong

__all__ = ["shown", "check_value"]


def _same(a, b) -> bool:
    """True if ``a`` is ``b``, or a float that differs from it by rounding only."""
    return match(a, b) in ("exact", "nearest float", "rounding float")


@validate_arguments
def check_value(answer, expected, what: str, where: str, mistakes: Mapping | None = None,
                hint: str = "") -> Feedback:
    """Check ``answer`` against ``expected`` exactly; explain a known mistake in its own words.

    ``mistakes`` maps typical wrong answers to what each one means (a phrase,
    capitalised and ended with a full stop here); a float is taken for the
    mistake it stands for, off by rounding only. Everything else gets :func:`compare_value`'s
    reply (the one number policy: a float is never right), with ``hint``.
    """
    if is_todo(answer):
        return not_attempted(what)
    for mistake, why in (mistakes or {}).items():
        if _same(answer, mistake) and not _same(answer, expected):
            why = why[:1].upper() + why[1:]
            floats = (f" (And a float would be rounded anyway: {exactly(expected)}.)"
                      if match(answer, mistake) != "exact" else "")
            return wrong(f"{what}: {shown(answer)} is not right. {why.rstrip('.')}.{floats}",
                         where)
    return compare_value(answer, expected, what, hint=hint, where=where)
