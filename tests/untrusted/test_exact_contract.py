"""The exact enumerator never lies: every rule-breaking shuffle is refused, naming the reason.

Each shuffle below breaks the contract (all randomness through ``rng.randrange``
on the rng given) in its own way, most of them only on a later branch of the
tree, where replaying the first path alone used to miss them. Each must be
refused with the right exception and a message that names the call or the
reason, every time, and every replaced function must be back afterwards.
"""

import datetime
import itertools
import os
import random
import secrets
import subprocess
import sys
import textwrap
import threading
import time
from random import random as prebound_random  # bound before any guard: seen by the state check

import numpy as np
import pytest
from numpy.random import rand as prebound_numpy_rand

from cardlib import exact
from cardlib.shuffles import knuth_shuffle
from cardlib.untrusted import guard
from cardlib.untrusted.guard import Guard, refused_calls

MODULE_RNG = random.Random(1)  # made before the walk: its methods are still refused
_counter = itertools.count()


def later(rng) -> bool:
    """True on every branch but the first: where checking the first path alone missed it."""
    return rng.randrange(2) == 1


def uses_random_shuffle(deck, rng):  # the issue's own example
    if later(rng):
        random.shuffle(deck)


def random_random_coin(deck, rng):
    if later(rng) and random.random() < 0.5:
        deck.reverse()


def asks_rng_random(deck, rng):
    if later(rng):
        deck.sort(key=lambda _: rng.random())


def asks_rng_choices(deck, rng):
    """rng.choices scales a float: refused, though rng.choice is not."""
    if later(rng):
        deck[:] = rng.choices(deck, k=len(deck))


def catches_rng_uniform(deck, rng):
    """Tries rng.uniform, catches the error and falls back: still refused."""
    if later(rng):
        try:
            deck.sort(key=lambda card: rng.uniform(0, 1))
        except Exception:
            deck.reverse()


def own_generator(deck, rng):
    if later(rng):
        random.Random().shuffle(deck)


def module_level_generator(deck, rng):
    if later(rng) and MODULE_RNG.randrange(2):
        deck.reverse()


def forgets_to_pass_rng(deck, rng):
    if later(rng):
        knuth_shuffle(deck)  # a fresh unseeded random.Random inside


def numpy_legacy(deck, rng):
    if later(rng):
        deck[:] = list(np.random.permutation(deck))


def numpy_generator(deck, rng):
    if later(rng):
        deck[:] = list(np.random.default_rng().permutation(deck))


def uses_secrets(deck, rng):
    if later(rng) and secrets.randbelow(2):
        deck.reverse()


def uses_urandom(deck, rng):
    if later(rng) and os.urandom(1)[0] % 2:
        deck.reverse()


def reads_the_clock(deck, rng):
    if later(rng) and time.time_ns() % 2:
        deck.reverse()


def reads_perf_counter(deck, rng):
    if later(rng) and int(time.perf_counter() * 1e9) % 2:
        deck.reverse()


def sleeps(deck, rng):
    if later(rng):
        time.sleep(0.001)


def catches_the_clock_error(deck, rng):
    """Catches the refusal of the clock and carries on: still refused."""
    if later(rng):
        try:
            seed = time.monotonic_ns()
        except Exception:
            seed = 0
        if seed % 2:
            deck.reverse()


def prebound_random_module(deck, rng):
    if later(rng) and prebound_random() < 0.5:
        deck.reverse()


def prebound_numpy(deck, rng):
    if later(rng) and prebound_numpy_rand() < 0.5:
        deck.reverse()


def global_counter(deck, rng):
    """Reverses the deck on every other call, whatever rng says."""
    if later(rng) and next(_counter) % 2:
        deck.reverse()


def global_counter_in_pairs(deck, rng):
    """Changes every second pair of calls: a leaf and its immediate replay agree."""
    knuth_shuffle(deck, rng)
    if next(_counter) // 2 % 2:
        deck.reverse()


def changes_after_many_runs(deck, rng):
    """Reverses the deck from its 3,000th call on: a slowly changing hidden state."""
    knuth_shuffle(deck, rng)
    if next(_counter) % 10**9 >= 3000:
        deck.reverse()


def wall_clock_by_datetime(deck, rng):
    """datetime.now cannot be replaced; replays show that the result is not repeatable."""
    knuth_shuffle(deck, rng)
    if datetime.datetime.now().microsecond % 2:
        deck.reverse()


def tree_changes_with_state(deck, rng):
    """The range of a draw depends on a global counter: a different tree on each run."""
    j = rng.randrange(2 + next(_counter) % 2)
    deck[0], deck[j % len(deck)] = deck[j % len(deck)], deck[0]


def retries_catching_everything(deck, rng):
    """A retry loop that catches Exception: the draw limit is not an Exception."""
    while True:
        try:
            if rng.randrange(len(deck)) == len(deck):
                break
        except Exception:
            pass


CONTRACT = [
    (uses_random_shuffle, exact.ContractError, r"called random\.shuffle"),
    (random_random_coin, exact.ContractError, r"called random\.random"),
    (asks_rng_random, exact.ContractError, r"asked for rng\.random"),
    (asks_rng_choices, exact.ContractError, r"asked for rng\.choices\(\), a float draw"),
    (catches_rng_uniform, exact.ContractError, r"asked for rng\.uniform\(\)"),
    (own_generator, exact.ContractError, r"random\.Random\.shuffle on a generator other"),
    (module_level_generator, exact.ContractError, r"random\.Random\.randrange"),
    (forgets_to_pass_rng, exact.ContractError, r"random\.Random\.randrange .*pass that rng on"),
    (numpy_legacy, exact.ContractError, r"numpy\.random\.permutation"),
    (numpy_generator, exact.ContractError, r"numpy\.random\.default_rng"),
    (uses_secrets, exact.ContractError, r"secrets\.randbelow"),
    (uses_urandom, exact.ContractError, r"os\.urandom"),
    (reads_the_clock, exact.ContractError, r"read the clock \(time\.time_ns\)"),
    (reads_perf_counter, exact.ContractError, r"read the clock \(time\.perf_counter\)"),
    (sleeps, exact.ContractError, r"time\.sleep"),
    (catches_the_clock_error, exact.ContractError,
     r"time\.monotonic_ns.*caught that error and carried on"),
    (prebound_random_module, exact.ContractError, r"the random module's shared generator"),
    (prebound_numpy, exact.ContractError, r"numpy\.random's shared generator"),
    (global_counter, exact.NotDeterministic, "gave different results for the same random"),
    (tree_changes_with_state, exact.NotDeterministic, "different random draws for the same"),
    (retries_catching_everything, exact.Unbounded, "more than 10,000 random draws"),
]


@pytest.mark.parametrize("shuffle, error, reason", CONTRACT,
                         ids=[shuffle.__name__ for shuffle, _, _ in CONTRACT])
def test_rule_breaking_shuffle_is_refused_with_its_reason(shuffle, error, reason):
    for _ in range(3):  # every time, not most of the time
        with pytest.raises(error, match=reason):
            exact.distribution(shuffle, 3)


@pytest.mark.parametrize("shuffle", [global_counter_in_pairs, changes_after_many_runs],
                         ids=["in_pairs", "after_3000_runs"])
def test_hidden_state_is_found_by_the_seeded_replays(shuffle):
    global _counter
    _counter = itertools.count()
    with pytest.raises(exact.NotDeterministic, match="different results"):
        exact.distribution(shuffle, 7)  # 5,040 leaves: one in 8 replayed, later


def test_the_clock_through_datetime_is_found_by_replays():
    with pytest.raises(exact.NotDeterministic):
        exact.distribution(wall_clock_by_datetime, 5)  # 120 leaves, all replayed


def endless_without_drawing(deck, rng):
    if later(rng):
        while True:
            pass


def endless_catching_exception(deck, rng):
    if later(rng):
        while True:
            try:
                deck.reverse()
            except Exception:
                continue


@pytest.mark.parametrize("shuffle", [endless_without_drawing, endless_catching_exception])
def test_a_run_that_never_ends_is_stopped(shuffle, monkeypatch):
    monkeypatch.setattr(guard, "RUN_SECONDS", 0.2)
    start = time.perf_counter()
    with pytest.raises(exact.EndlessRun, match="took more than 0.2 s: it looks like a loop"):
        exact.distribution(shuffle, 3)
    assert time.perf_counter() - start < 3
    assert exact.distribution(knuth_shuffle, 3)  # and the next walk is unharmed


def test_everything_replaced_is_put_back_even_after_a_refusal():
    before = (random.random, random.shuffle, time.time, time.sleep, os.urandom,
              np.random.rand, np.random.default_rng, secrets.randbelow,
              random.Random.__dict__.get("randrange"), random.Random.random)
    for shuffle, error, _ in CONTRACT[:6]:
        with pytest.raises(error):
            exact.distribution(shuffle, 3)
    after = (random.random, random.shuffle, time.time, time.sleep, os.urandom,
             np.random.rand, np.random.default_rng, secrets.randbelow,
             random.Random.__dict__.get("randrange"), random.Random.random)
    assert all(a is b for a, b in zip(before, after))
    assert "random" not in vars(random.Random)  # the C method shows through again
    assert {"random.random", "time.time", "os.urandom", "numpy.random.default_rng"} <= {
        label.split(" ")[0] for label in refused_calls()}


def test_other_threads_keep_their_randomness_during_a_walk():
    errors, draws, stop = [], [], threading.Event()

    def other_thread():
        while not stop.is_set():
            try:
                draws.append((random.random(), time.time(), np.random.rand()))
            except Exception as error:  # noqa: BLE001 (any error here is the failure)
                errors.append(error)

    thread = threading.Thread(target=other_thread)
    thread.start()
    try:
        # a learner's shuffle is walked in a child process, where the other thread is not:
        # its draws from the shared generators are not taken for the shuffle's
        law = exact.distribution(lambda deck, rng: knuth_shuffle(deck, rng), 5)
        assert set(law.values()) == {exact.Fraction(1, 120)} and len(law) == 120
    finally:
        stop.set()
        thread.join()
    assert errors == [] and draws


def test_a_guard_works_on_its_own():
    with Guard(0.2) as guard, pytest.raises(exact.ContractError):
        guard.run(lambda: [random.random() for _ in range(3)])


def test_honest_shuffles_are_unchanged():
    assert exact.distribution(knuth_shuffle, 4) == {
        order: exact.Fraction(1, 24) for order in itertools.permutations(range(4))}


def test_a_stopped_run_leaves_the_interpreter_as_it_was():
    """After the watchdog stops an endless run in this process, nothing is left pending: a
    traced function that sets its frame's f_trace to None (debugpy does, when a lesson's kernel
    is started) runs, where cancelling the pending stop used to make it spin for ever."""
    program = textwrap.dedent("""
        import sys
        from cardlib import exact
        from cardlib.untrusted import guard

        def endless(deck, rng):
            if rng.randrange(2):
                while True:
                    try:
                        deck.reverse()
                    except Exception:
                        continue

        guard.RUN_SECONDS = 0.2
        try:
            exact.distribution(endless, 3)
        except exact.EndlessRun:
            pass
        def untrace():
            sys._getframe().f_trace = None
            return "done"
        sys.settrace(lambda frame, event, arg: None)
        print(untrace())
        sys.settrace(None)
    """)
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.strip() == "done", done.stderr[-2000:]


def test_one_stall_while_timing_does_not_refuse_a_feasible_enumeration():
    # The first 16 calls are slow (as if a garbage collection ran while the
    # enumerator timed its sample paths), the rest fast: 32,768 fast paths are
    # well under the time limit, and the enumeration must go ahead.
    calls = itertools.count()

    def stalls_at_first(deck, rng):
        if next(calls) < 16:
            sum(range(300_000))  # a few milliseconds
        flips = sum(rng.randrange(2) for _ in range(15))
        return deck[::-1] if flips % 2 else list(deck)

    law = exact.distribution(stalls_at_first, 2)
    assert law == {(0, 1): exact.Fraction(1, 2), (1, 0): exact.Fraction(1, 2)}


def test_a_slow_path_seen_while_timing_is_not_forgotten_by_timing_again():
    # One path in 16 costs about 20 ms: 32,768 paths are about 40 s of work. Timing the
    # same sample paths again keeps that path in the measure, so the refusal is at once.
    def rare_slow(deck, rng):
        c = rng.randrange(16)
        if c == 4:  # a value the enumerator's seeded sample draws
            sum(range(1_000_000))
        flips = sum(rng.randrange(2) for _ in range(11))
        return deck[::-1] if (flips + c) % 2 else list(deck)

    start = time.perf_counter()
    with pytest.raises(exact.TooLarge, match=r"s of work, more than the limit"):
        exact.distribution(rare_slow, 2)
    assert time.perf_counter() - start < 10


# --- the snapshot of generators made before the walk ------------------------------------------


class _Unhashable(type):
    """A metaclass whose classes cannot be hashed: the snapshot must look past them."""

    def __hash__(cls):
        raise TypeError("no hash for you")


class _Odd(metaclass=_Unhashable):
    pass


class _MyRandom(random.Random):
    pass


@pytest.mark.parametrize("odd_class_alive", [False, True])
def test_the_snapshot_finds_every_generator_made_before_whatever_else_exists(odd_class_alive):
    """Picked by type in C, the snapshot finds what isinstance finds: subclasses of
    random.Random, NumPy's generators; a class whose hash fails does not stop it."""
    from cardlib.untrusted import snapshot as snap

    odd = _Odd() if odd_class_alive else None  # noqa: F841 (alive while the snapshot looks)
    hidden, mine, legacy = random.Random(3), _MyRandom(4), np.random.RandomState(5)
    objects = __import__("gc").get_objects()
    assert [id(o) for o in snap._generators(objects)] == [
        id(o) for o in objects if isinstance(o, snap._TYPES)]
    watch = snap.snapshot()
    assert watch.moved() == []
    hidden.random(), mine.random(), legacy.rand()
    assert sorted(watch.moved()) == [
        "a numpy.random.RandomState made before the shuffle was called",
        "a random.Random made before the shuffle was called",
        "a test_exact_contract._MyRandom made before the shuffle was called"]
