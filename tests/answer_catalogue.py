"""The one assertion of every wrong-answer catalogue (tests/untrusted/test_wrong_answers*.py):
each check answers right exactly when the catalogue expects ✓, says every phrase listed, none
of those it must never say, and within 30 seconds.

A catalogue is answered in one child process (:func:`cardlib.untrusted.sandbox.run`), where
each check runs as it does wherever no child can be made: the guard stops the learner's
endless loops and says so, in the same words. One fork for the catalogue instead of one per
answer (each copies the test worker's memory: about 0.15 s). An answer whose loop swallows the
guard's signal (the catalogue expects "stopped") can only be stopped from outside: it gets a
child of its own, as in the learner's check (and so does every answer, should the one child
have to be stopped).
"""

import time

from cardlib.untrusted import sandbox

#: The most a catalogue may take in its one child process.
SECONDS = 600


def _answer(check, answer) -> list:
    """[status, text, seconds] of ``check(answer)``."""
    start = time.perf_counter()
    feedback = check(answer)
    return [feedback.status, str(feedback), time.perf_counter() - start]


def _answers(entries: list) -> list[list]:
    return [_answer(check, answer) for check, answer in entries]


def _mismatches(entry, status: str, text: str, seconds: float) -> list[str]:
    check, answer, says, never = entry
    name = f"{check.__name__}({answer.__name__})"
    found = [] if (status == "right") == ("✓" in says) else [f"{name}: {status}: {text}"]
    found += [f"{name} does not say {words!r}: {text}" for words in says if words not in text]
    found += [f"{name} says {words!r}: {text}" for words in never if words in text]
    return found + ([f"{name} took {seconds:.1f} s"] if seconds >= 30 else [])


def answered_as_catalogued(catalogue: list) -> None:
    """Every (check, answer, says, never) of ``catalogue`` answered as catalogued; all that
    is not, listed at once."""
    alone = [entry for entry in catalogue if "stopped" in entry[2]]
    together = [entry for entry in catalogue if "stopped" not in entry[2]]
    try:
        answers = sandbox.run(_answers, [entry[:2] for entry in together], seconds=SECONDS)
    except sandbox.Stopped:  # one of them had to be stopped from outside: each alone, then
        answers = [_answer(*entry[:2]) for entry in together]
    answers += [_answer(*entry[:2]) for entry in alone]
    wrong = [line for entry, answer in zip(together + alone, answers)
             for line in _mismatches(entry, *answer)]
    assert wrong == [], "\n".join(wrong)
