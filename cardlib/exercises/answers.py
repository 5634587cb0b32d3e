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

from ..checks import checked
from . import Feedback, compare_value, is_todo, match, not_attempted, shown, wrong

__all__ = ["shown", "check_value"]


def _same(a, b) -> bool:
    return match(a, b) in ("exact", "nearest float")


@checked
def check_value(answer, expected, what: str, where: str, mistakes: Mapping | None = None,
                hint: str = "") -> Feedback:
    """Check ``answer`` against ``expected`` exactly; explain a known mistake in its own words.

    ``mistakes`` maps typical wrong answers to what each one means (a phrase,
    capitalised and ended with a full stop here); a float is taken for the
    mistake it is nearest to, as for the answer. Everything else gets
    :func:`compare_value`'s reply (the one number policy), with ``hint``.
    """
    if is_todo(answer):
        return not_attempted(what)
    for mistake, why in (mistakes or {}).items():
        if _same(answer, mistake) and not _same(answer, expected):
            why = why[:1].upper() + why[1:]
            return wrong(f"{what}: {shown(answer)} is not right. {why.rstrip('.')}.", where)
    return compare_value(answer, expected, what, hint=hint, where=where)
