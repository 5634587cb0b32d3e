"""A stranger's code, run by exact, the judge and the sandbox: honest mistakes, bounded and named.

One section per class of the "never lies, round 4" issue: a shuffle written with yield or
async def; learner code that never stops (a bare except in a retry loop, a regular
expression that backtracks) given to exact rather than to the judge; numbers past
Python's 4,300 digits; the words of every way a child process can end without an answer;
and what comes back from a child, which must be plain data. Calls that used to hang or
kill their process run in a forked child here (``run_bounded``), so that a regression
fails instead of hanging the suite.
"""

import os
import re
import signal
import time

import pytest
from learner_shuffles import (
    BadRepr,
    ExitsWhenUnpickled,
    SleepsWhenUnpickled,
    async_shuffle,
    catastrophic_regex,
    exits_the_process,
    forges_a_verdict,
    invents_a_huge_card,
    kills_its_process,
    knuth,
    retries_in_a_bare_except,
    run_bounded,
    swallows_everything,
    yields_each_step,
)

from cardlib import exact, hand, orders, steps, tree
from cardlib.judge import Verdict, judge
from cardlib.untrusted import plain, sandbox

# --- 1. a shuffle written with yield or async def --------------------------------------------


@pytest.mark.parametrize("shuffle, what", [(yields_each_step, "returns a generator"),
                                           (async_shuffle, "returns a coroutine")])
def test_a_generator_or_a_coroutine_is_not_a_shuffle_and_says_so(shuffle, what):
    verdict = judge(shuffle, max_n=3)
    assert (verdict.kind, verdict.n) == ("not a shuffle", 1), str(verdict)
    assert what in verdict.reason and "returns a new list, or None" in verdict.reason
    assert "Given [0], it gave back <" in str(verdict)  # what it gave back, as text


def test_exact_refuses_a_generator_by_name():
    with pytest.raises(TypeError, match="returned a generator, not a list: a function with yield"):
        exact.distribution(yields_each_step, 3)


# --- 3. every public function that runs a learner's function is bounded -----------------------

def _regex_spin(deck, rng):
    catastrophic_regex(deck, rng)


def _spins_in_a_bare_except(deck, rng):
    knuth(deck, rng)
    while True:
        try:
            deck.sort(key=lambda card: card % 2)
        except:  # noqa: E722 (the point of the case)
            pass


def _spins_without_drawing(deck, rng=None):
    while True:
        try:
            deck.sort()
        except:  # noqa: E722 (the point of the case)
            pass


@pytest.mark.parametrize("call", [
    lambda: exact.distribution(retries_in_a_bare_except, 3),
    lambda: exact.exact_law_or_reason(retries_in_a_bare_except, 3),
    lambda: exact.distribution(_regex_spin, 3),
    lambda: list(exact.paths(retries_in_a_bare_except, 3)),
    lambda: exact.estimate_paths(_spins_in_a_bare_except, 3),
    lambda: exact.random_paths(_spins_in_a_bare_except, 3),
    lambda: list(tree.walk(_spins_in_a_bare_except, [0, 1, 2])),
    lambda: orders.run_with_draws(_spins_without_drawing, 3, [0, 0]),
    lambda: hand.repeats_to_restore(_spins_without_drawing, 3),
    lambda: steps.in_place_states(_spins_without_drawing, [0, 1], []),
], ids=["distribution", "exact_law_or_reason", "regex", "paths", "estimate_paths",
        "random_paths", "tree.walk", "run_with_draws", "repeats_to_restore", "in_place_states"])
def test_code_that_swallows_the_stop_is_ended_with_its_cause(call):
    found = run_bounded(call, seconds=40)
    assert found["kind"] in ("error", "value"), found  # not "hang": it used to run for ever
    assert found["seconds"] < 25
    text = found["text"]
    # the stop reaches its handler, or escapes it by luck: either cause is the true one
    assert any(cause in text for cause in ("did not stop when asked", "never ends",
                                           "looks unbounded", "redraw")), found
    assert "was it" not in text and "?." not in text


def _hoards(deck, rng):
    """1.6 GB at once: more than a child may take (a gigabyte), less than the test's own cap."""
    cards = [None] * (200 * 10**6)
    return deck if cards else None


def _hoards_at_once(deck, rng):
    return [None] * 10**9 or deck


def test_a_memory_hog_given_to_exact_is_capped_in_its_child():
    found = run_bounded(lambda: exact.distribution(_hoards, 3), seconds=40)
    assert (found["kind"], found["type"]) == ("error", "MemoryError"), found
    assert found["memory_mb"] < 1024  # the caller never held it: the child did, capped


def test_cardlibs_own_shuffles_run_here(monkeypatch):
    """No child process for cardlib's own: a law of Knuth's shuffle costs no fork."""
    from cardlib.shuffles import knuth_shuffle

    calls, real_fork = [], os.fork
    monkeypatch.setattr(os, "fork", lambda: calls.append(1) or real_fork())
    assert len(exact.distribution(knuth_shuffle, 4)) == 24
    assert len(exact.distribution(lambda deck, rng: knuth(deck, rng), 4)) == 24
    assert calls == [1]  # the lambda's walk only


# --- 4. numbers past Python's 4,300 digits -------------------------------------------------

def test_a_huge_card_is_named_as_a_number_of_digits_never_blamed_on_the_shuffle():
    verdict = judge(invents_a_huge_card, max_n=3)
    assert verdict.kind == "not a shuffle", str(verdict)
    assert "invents card <an int of 5,001 digits>" in verdict.reason
    assert "[0, <an int of 5,001 digits>]" in str(verdict)
    assert verdict._repr_html_() and verdict._repr_markdown_()


def test_a_huge_draw_is_refused_for_what_it_is():
    def huge_bits(deck, rng):
        rng.getrandbits(10**5000)

    verdict = judge(huge_bits, max_n=2)
    assert verdict.kind == "cannot judge" and "breaks the contract" in verdict.reason
    assert "getrandbits(a number of 16,610 bits)" in verdict.reason
    assert "4300" not in str(verdict)


def test_a_huge_result_that_changes_is_refused_in_words():
    runs = iter(range(10**6))

    def counts_on(deck, rng):
        rng.randrange(2)
        return [10**5000 + next(runs)]

    with pytest.raises(exact.NotDeterministic, match=r"\(<an int of 5,001 digits>,\) the first"):
        exact.distribution(counts_on, 1)


def test_exact_counts_a_huge_card_exactly():
    assert exact.distribution(lambda deck, rng: [10**5000], 1) == {(10**5000,): 1}


# --- 5. the words of every way a child ends without an answer --------------------------------

def _sleeps(seconds):
    time.sleep(seconds)


@pytest.mark.parametrize("shuffle, words", [
    (exits_the_process, r"exits_the_process was ended before it answered: its process exited "
                        r"\(status 3\) without sending an answer \(does the code call "
                        r"os\._exit\(\) or kill its own process\?\)\.$"),
    (kills_its_process, r"kills_its_process was ended by signal 9 \(SIGKILL\) before it "
                        r"answered: a crash, or the machine ran out of memory \(it may use 1 GB "
                        r"more than the kernel\)\.$"),
    (swallows_everything, r"swallows_everything was stopped: the code did not stop when "
                          r"asked: perhaps a loop that catches every exception, even the one "
                          r"sent to stop it \(a bare except: or except BaseException\), .* "
                          r"backtracks for ever\.$"),
    (forges_a_verdict, r"forges_a_verdict was refused: what came back from its process is not "
                       r"the plain data cardlib sends \(did the code write to the process's "
                       r"own pipe\?\)\.$"),
    (_hoards_at_once, r"_hoards_at_once used more than 1 GB of memory, so it was stopped "
                      r"\(does a loop keep adding to a list\?\)\.$"),
])
def test_each_way_to_end_is_said_as_a_sentence(shuffle, words):
    verdict = judge(shuffle, max_n=3)
    assert verdict.kind == "cannot judge" and verdict.fair is None
    assert re.match(words, verdict.reason), verdict.reason


def test_a_child_out_of_time_says_its_limit():
    with pytest.raises(sandbox.Stopped, match=r"^stopped after 1 s, its time limit: slow code, "
                                              r"or code that never finishes") as stop:
        sandbox.run(_sleeps, 30, seconds=1)
    assert stop.value.why == "time"


def test_a_stop_with_a_name_reads_as_one_sentence():
    stopped = sandbox.Stopped("exit", "ended before it answered", "my_shuffle")
    assert str(stopped) == "my_shuffle was ended before it answered"
    found = run_bounded(lambda: exact.distribution(exits_the_process, 2), seconds=30)
    assert found["type"] == "Stopped"
    assert found["text"].startswith("exits_the_process was ended before it answered")


# --- 6. only plain data comes back ------------------------------------------------------------

def _gives(value):
    return value


@pytest.mark.parametrize("value", [SleepsWhenUnpickled(), ExitsWhenUnpickled(), BadRepr(),
                                   [1, lambda: 0], {1: {2}}],
                         ids=["sleeps", "exits", "bad repr", "a function", "a set"])
def test_what_is_not_plain_is_refused_in_the_child_and_nothing_of_it_runs_here(value):
    found = run_bounded(lambda: sandbox.run(_gives, value, seconds=20), seconds=20)
    assert found["kind"] == "error" and found["type"] == "Stopped", found
    assert found["seconds"] < 10
    assert found["text"].startswith("refused: it gave back ")
    assert "only plain values come back from a child process" in found["text"]


def test_plain_data_comes_back_as_it_was():
    from fractions import Fraction

    from cardlib.cards import Card

    value = {"law": {(0, 1): Fraction(1, 2)}, "big": -(10**5000), "cards": [Card("Q", "♠")],
             "none": None, "flags": (True, False), "bytes": b"\x00", "float": 0.1}
    assert sandbox.run(_gives, value, seconds=20) == value


def test_an_exception_comes_back_as_its_own_type_or_as_a_child_error():
    class Mine(Exception):
        pass

    def raises(error):
        raise error

    with pytest.raises(ValueError, match="^bad$"):
        sandbox.run(raises, ValueError("bad"), seconds=20)
    with pytest.raises(exact.TooLarge, match="^big$") as error:
        sandbox.run(raises, exact.TooLarge("big", 123.0, 7), seconds=20)
    assert (error.value.estimate, error.value.limit) == (123.0, 7)
    with pytest.raises(plain.ChildError, match="^Mine: mine$"):
        sandbox.run(raises, Mine("mine"), seconds=20)


def test_a_forged_answer_on_the_pipe_is_refused_and_no_verdict_is_forged():
    verdict = judge(forges_a_verdict, max_n=3)
    assert verdict.kind == "cannot judge" and "forged" not in str(verdict)


@pytest.mark.parametrize("text", [
    b"\x80\x04garbage", b'["value", "[\\"r\\", \\"os\\", \\"system\\", \\"echo\\"]", ""]',
    b'["value", "[\\"r\\", \\"cardlib.judge\\", \\"Verdict\\", \\"kind\\", \\"forged\\"]", ""]',
    b'["value", "' + b"[" * 100_000 + b'", ""]', b'["error", "[\\"l\\", \\"builtins\\"]", ""]',
])
def test_whatever_the_pipe_holds_the_caller_reads_plain_data_or_refuses(text):
    found = sandbox._read(text, 0, sandbox.MEMORY)
    assert isinstance(found, sandbox.Stopped) and found.why == "refused"


def test_a_verdict_is_one_of_four_kinds():
    with pytest.raises(ValueError, match="a verdict's kind is one of"):
        Verdict(True, "forged", "", None, None)
    with pytest.raises(ValueError, match="a verdict's kind is one of"):
        Verdict(True, "unfair", "", None, None)


def test_kill_signals_are_named_even_when_unknown():
    stopped = sandbox._no_answer(signal.SIGSEGV, sandbox.MEMORY)
    assert str(stopped).startswith("ended by signal 11 (SIGSEGV) before it answered")
