"""The one assertion of every wrong-answer catalogue (tests/untrusted/test_wrong_answers*.py):
the check answers right exactly when the catalogue expects ✓, says every phrase listed, none of
those it must never say, and within 30 seconds."""

import time


def answered_as_catalogued(check, answer, says: list[str], never: list[str]) -> None:
    start = time.perf_counter()
    feedback = check(answer)
    seconds = time.perf_counter() - start
    text = str(feedback)
    assert (feedback.status == "right") == ("✓" in says), text
    for words in says:
        assert words in text, (words, text)
    for words in never:
        assert words not in text, (words, text)
    assert seconds < 30, seconds
