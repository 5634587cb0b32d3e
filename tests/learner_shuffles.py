"""Learner shuffles that try to make the judge lie, each with the answer it must give.

A hostile catalogue for "exact never lies": shuffles a learner might write
(right, wrong, odd) and shuffles written to slip past the enumerator (hidden
randomness, state between calls, lying equality, endless loops, memory). Each
:class:`Case` says what a true verdict is: its kind, words its reason must
hold, and, for "fair" and "unfair", the law is compared with the independent
enumerator :func:`independent_law` below, which shares no code with cardlib.

Used by ``tests/untrusted/test_never_lies.py`` and ``tools/never_lies_table.py``.
"""

from __future__ import annotations

import _random
import datetime
import itertools
import math
import os
import pickle
import random
import re
import signal
import sys
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from time import perf_counter_ns as prebound_clock
from time import sleep as prebound_sleep

import numpy as np

# --- generators made at import, before any call: what the guard cannot replace --------
NUMPY_GENERATOR = np.random.default_rng()
NUMPY_RANDOMSTATE = np.random.RandomState()
C_RANDOM = _random.Random()
MODULE_RANDOM = random.Random()


def knuth(deck, rng):
    for i in reversed(range(1, len(deck))):
        j = rng.randrange(i + 1)
        deck[i], deck[j] = deck[j], deck[i]


# --- fair shuffles, in the ways learners write them ----------------------------------

def knuth_randint(deck, rng):
    for i in reversed(range(1, len(deck))):
        j = rng.randint(0, i)
        deck[i], deck[j] = deck[j], deck[i]


def knuth_forward(deck, rng):
    for i in range(len(deck) - 1):
        j = rng.randrange(i, len(deck))
        deck[i], deck[j] = deck[j], deck[i]


def knuth_step_two(deck, rng):
    for i in reversed(range(1, len(deck))):
        j = rng.randrange(0, 2 * i + 1, 2) // 2
        deck[i], deck[j] = deck[j], deck[i]


def knuth_choice(deck, rng):
    for i in reversed(range(1, len(deck))):
        j = rng.choice(range(i + 1))
        deck[i], deck[j] = deck[j], deck[i]


def pick_and_remove_pop(deck, rng):
    pile, new = list(deck), []
    while pile:
        new.append(pile.pop(rng.randrange(len(pile))))
    return new


def article_choice_remove(deck, rng):
    """The Python article's first method: choose a card, remove it, append it."""
    pile, new = deck[:], []
    while pile:
        card = rng.choice(pile)
        pile.remove(card)
        new.append(card)
    return new


def uses_rng_shuffle(deck, rng):
    rng.shuffle(deck)


def uses_rng_sample(deck, rng):
    return rng.sample(deck, len(deck))


def sample_indices(deck, rng):
    return [deck[i] for i in rng.sample(range(len(deck)), len(deck))]


def inside_out(deck, rng):
    new = []
    for i, card in enumerate(deck):
        j = rng.randrange(i + 1)
        new.append(card)
        new[i], new[j] = new[j], card
    return new


def recursive_pick(deck, rng):
    if len(deck) <= 1:
        return list(deck)
    i = rng.randrange(len(deck))
    return [deck[i]] + recursive_pick(deck[:i] + deck[i + 1:], rng)


def sorts_then_shuffles(deck, rng):
    """Sorting first changes nothing for a fair shuffle: fair on every deck."""
    deck.sort()
    knuth(deck, rng)


# --- unfair shuffles ----------------------------------------------------------------

def off_by_one(deck, rng):
    for i in reversed(range(1, len(deck))):
        j = rng.randrange(i)
        deck[i], deck[j] = deck[j], deck[i]


def naive_swap(deck, rng):
    for i in range(len(deck)):
        j = rng.randrange(len(deck))
        deck[i], deck[j] = deck[j], deck[i]


def naive_randint(deck, rng):
    for i in range(len(deck)):
        j = rng.randint(0, len(deck) - 1)
        deck[i], deck[j] = deck[j], deck[i]


def random_keys_with_ties(deck, rng):
    return sorted(deck, key=lambda card: rng.randrange(len(deck) ** 2))


def coin_reverse(deck, rng):
    if rng.getrandbits(1):
        deck.reverse()


def half_shuffle(deck, rng):
    for i in range(len(deck) // 2):
        j = rng.randrange(len(deck))
        deck[i], deck[j] = deck[j], deck[i]


def shuffles_a_copy(deck, rng):
    copy = list(deck)
    knuth(copy, rng)


def reverses_unsorted(deck, rng):
    """Fair on a sorted deck, but a deck in another order is only reversed."""
    if deck == sorted(deck):
        knuth(deck, rng)
    else:
        deck.reverse()


# --- not shuffles --------------------------------------------------------------------

def loses_a_card(deck, rng):
    knuth(deck, rng)
    deck.pop()


def duplicates_a_card(deck, rng):
    knuth(deck, rng)
    deck[0] = deck[-1]


def deals_with_repeats(deck, rng):
    return [rng.choice(deck) for _ in deck]


def returns_floats(deck, rng):
    knuth(deck, rng)
    return [float(card) for card in deck]


class Liar:
    """Equal to everything, one hash for all."""

    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0

    def __lt__(self, other):
        return False

    def __repr__(self):
        return "Liar()"


def returns_liars(deck, rng):
    return [Liar() for _ in deck]


class LookAlike(int):
    """A new object equal to a card (an int subclass): not the card itself."""


def returns_look_alikes(deck, rng):
    knuth(deck, rng)
    return [LookAlike(card) for card in deck]


def returns_numpy_ints(deck, rng):
    knuth(deck, rng)
    return [np.int64(card) for card in deck]


def loses_repeated_cards(deck, rng):
    """Fair on decks of different cards; on a deck with a repeated card it loses one."""
    unique = list(dict.fromkeys(deck))
    knuth(unique, rng)
    return unique


def retry_then_loses(deck, rng):
    while rng.randrange(2):
        pass
    knuth(deck, rng)
    if len(deck) > 1:
        deck.pop()


# --- randomness from elsewhere, hidden from the guard ---------------------------------

def hidden_numpy_generator(deck, rng):
    knuth(deck, rng)
    if NUMPY_GENERATOR.integers(2):
        deck.reverse()


def hidden_numpy_randomstate(deck, rng):
    knuth(deck, rng)
    if NUMPY_RANDOMSTATE.randint(2):
        deck.reverse()


def hidden_numpy_rare(deck, rng):
    """A hidden draw that changes one run in ten: replays alone may miss it."""
    knuth(deck, rng)
    if NUMPY_GENERATOR.integers(10) == 0:
        deck.reverse()


def hidden_c_random(deck, rng):
    knuth(deck, rng)
    if C_RANDOM.random() < 0.5:
        deck.reverse()


def hidden_c_random_rare(deck, rng):
    knuth(deck, rng)
    if C_RANDOM.random() < 0.05:
        deck.reverse()


def hidden_module_random(deck, rng):
    knuth(deck, rng)
    if MODULE_RANDOM.randrange(2):
        deck.reverse()


def hidden_microseconds(deck, rng):
    knuth(deck, rng)
    if datetime.datetime.now().microsecond % 2:
        deck.reverse()


def hidden_prebound_clock(deck, rng):
    knuth(deck, rng)
    if prebound_clock() // 1000 % 2:
        deck.reverse()


def hidden_thread(deck, rng):
    found = []
    worker = threading.Thread(target=lambda: found.append(random.random()))
    worker.start()
    worker.join()
    knuth(deck, rng)
    if found and found[0] < 0.5:
        deck.reverse()


def hidden_dev_urandom(deck, rng):
    with open("/dev/urandom", "rb") as source:
        coin = source.read(1)[0] % 2
    knuth(deck, rng)
    if coin:
        deck.reverse()


def hidden_uuid1(deck, rng):
    knuth(deck, rng)
    if uuid.uuid1().time // 10 % 2:  # the microseconds of the clock
        deck.reverse()


def hidden_uuid4(deck, rng):
    knuth(deck, rng)
    if uuid.uuid4().int & 1:
        deck.reverse()


def hidden_prebound_urandom(deck, rng, _urandom=os.urandom):
    knuth(deck, rng)
    if _urandom(1)[0] % 2:
        deck.reverse()


def fresh_numpy_generator(deck, rng):
    order = np.random.default_rng().permutation(len(deck))
    return [deck[i] for i in order]


def fresh_pcg64(deck, rng):
    """A Generator built by hand: NumPy seeds it from the operating system, out of sight."""
    order = np.random.Generator(np.random.PCG64()).permutation(len(deck))
    return [deck[i] for i in order]


def my_shuffle(deck, rng):
    random.shuffle(deck)


# --- state between calls ----------------------------------------------------------------

_calls = itertools.count()


def changes_after_forty_calls(deck, rng):
    if next(_calls) < 40:
        knuth(deck, rng)
    else:
        naive_swap(deck, rng)


_calls_later = itertools.count()


def changes_after_three_hundred_calls(deck, rng):
    if next(_calls_later) < 300:
        knuth(deck, rng)
    else:
        off_by_one(deck, rng) if len(deck) > 1 else None


def default_argument_memory(deck, rng, seen=[]):  # noqa: B006 (the point of the case)
    seen.append(len(deck))
    knuth(deck, rng)
    if len(seen) > 50 and len(deck) > 1:
        deck[0], deck[1] = deck[1], deck[0]


_kept: list = []


def keeps_first_rng(deck, rng):
    if not _kept:
        _kept.append(rng)
    for i in reversed(range(1, len(deck))):
        j = _kept[0].randrange(i + 1)
        deck[i], deck[j] = deck[j], deck[i]


# --- endless, slow, hungry -----------------------------------------------------------------

def endless_loop(deck, rng):
    while True:
        pass


def swallows_everything(deck, rng):
    while True:
        try:
            while True:
                pass
        except BaseException:  # noqa: BLE001 (the point of the case)
            pass


def catastrophic_regex(deck, rng):
    re.match(r"(a+)+$", "a" * 60 + "b")
    knuth(deck, rng)


def sleeps_prebound(deck, rng):
    prebound_sleep(600)


def forgets_to_pop(deck, rng):
    pile, new = list(deck), []
    while pile:
        new.append(pile[rng.randrange(len(pile))])
    return new


def grows_without_drawing(deck, rng):
    hoard = []
    while True:  # a hundred megabytes a turn, for ever: memory runs out long before time
        hoard.append(bytearray(10**8))


def slow(deck, rng):
    for _ in range(3_000_000):  # about 0.1 s of work a call, on this machine
        pass
    knuth(deck, rng)


def recurses_forever(deck, rng):
    return recurses_forever(deck, rng)


def raises_stop_iteration(deck, rng):
    knuth(deck, rng)
    raise StopIteration


# --- float draws and other refusals ----------------------------------------------------------

def random_float_keys(deck, rng):
    deck.sort(key=lambda card: rng.random())


def uses_choices(deck, rng):
    return rng.choices(deck, k=len(deck))


def retries_until_distinct(deck, rng):
    """A retry loop that is fair but endless in the worst case, and far too big to walk."""
    while True:
        keys = [rng.randrange(len(deck)) for _ in deck]
        if len(set(keys)) == len(deck):
            return [card for _, card in sorted(zip(keys, deck))]


# --- generators and coroutines: a shuffle written with yield or async def -------------------

def yields_each_step(deck, rng):
    """A step-through written as a shuffle: yield gives back a generator, and runs nothing."""
    for i in reversed(range(1, len(deck))):
        j = rng.randrange(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
        yield deck


def yields_the_new_deck(deck, rng):
    new = list(deck)
    knuth(new, rng)
    yield from new


def returns_a_generator_expression(deck, rng):
    knuth(deck, rng)
    return (card for card in deck)


async def async_shuffle(deck, rng):
    knuth(deck, rng)


async def async_generator_shuffle(deck, rng):
    knuth(deck, rng)
    yield deck


# --- CPython's argument rules: what every random.Random refuses -----------------------------

def steps_of_two(deck, rng):
    """randrange(i + 1, step=2): 'Missing a non-None stop argument' from every random.Random."""
    for i in reversed(range(1, len(deck))):
        j = rng.randrange(i + 1, step=2)
        deck[i], deck[j] = deck[j], deck[i]


def randint_of_a_float(deck, rng):
    for i in reversed(range(1, len(deck))):
        j = rng.randint(0, i + 0.5)
        deck[i], deck[j] = deck[j], deck[i]


def randrange_of_a_whole_float(deck, rng):
    """randrange(3.0): taken by Python 3.11 (with a DeprecationWarning), refused from 3.12."""
    for i in reversed(range(1, len(deck))):
        j = rng.randrange(float(i + 1))
        deck[i], deck[j] = deck[j], deck[i]


def samples_one_card_too_many(deck, rng):
    return rng.sample(deck, len(deck) + 1)


def chooses_from_an_empty_pile(deck, rng):
    pile, new = list(deck), []
    for _ in range(len(deck) + 1):  # one pick too many
        card = rng.choice(pile)
        pile.remove(card)
        new.append(card)
    return new


def getrandbits_of_a_float(deck, rng):
    if rng.getrandbits(1.0):
        deck.reverse()


def shuffles_a_tuple(deck, rng):
    cards = tuple(deck)
    rng.shuffle(cards)
    return list(cards)


def keywords_cpython_takes(deck, rng):
    for i in reversed(range(1, len(deck))):
        j = rng.randrange(start=0, stop=i + 1) if i % 2 else rng.randint(a=0, b=i)
        deck[i], deck[j] = deck[j], deck[i]


def samples_with_counts(deck, rng):
    return rng.sample(deck, len(deck), counts=[1] * len(deck))


# --- loops that catch everything: a bare except in a retry loop ---------------------------

def retries_in_a_bare_except(deck, rng):
    """Redraws when the swap fails (j can be one past the end): the bare except also catches
    the walk's signals and the guard's stop."""
    for i in reversed(range(1, len(deck))):
        while True:
            try:
                j = rng.randrange(i + 2)
                deck[i], deck[j] = deck[j], deck[i]
                break
            except:  # noqa: E722 (the point of the case)
                pass


def retries_catching_base_exception(deck, rng):
    while True:
        try:
            order = [rng.randrange(len(deck)) for _ in deck]
            if len(set(order)) == len(deck):
                return [deck[k] for k in order]
        except BaseException:  # noqa: BLE001 (the point of the case)
            continue


def retries_catching_exception(deck, rng):
    """except Exception lets the walk's signals through: an unbounded tree, with evidence."""
    while True:
        try:
            order = [rng.randrange(len(deck)) for _ in deck]
            if len(set(order)) == len(deck):
                return [deck[k] for k in order]
        except Exception:  # noqa: BLE001 (the point of the case)
            continue


# --- huge integers: past Python's 4,300 digits ---------------------------------------------

def invents_a_huge_card(deck, rng):
    knuth(deck, rng)
    return deck + [10**5000]


def replaces_a_card_by_a_huge_one(deck, rng):
    knuth(deck, rng)
    deck[0] = 10**5000


def draws_huge_bits(deck, rng):
    if rng.getrandbits(10**5000):
        deck.reverse()


def draws_from_a_huge_range(deck, rng):
    rng.randrange(10**5000)
    knuth(deck, rng)


def raises_a_huge_number(deck, rng):
    knuth(deck, rng)
    raise ValueError(10**5000)


def returns_a_hundred_thousand_cards(deck, rng):
    return deck * 10**5


# --- results that cannot come back as plain data, and hostile returns ---------------------

class SleepsWhenUnpickled:
    def __reduce__(self):
        return time.sleep, (40,)


class ExitsWhenUnpickled:
    def __reduce__(self):
        return os._exit, (0,)


class BadRepr:
    def __repr__(self):
        raise RuntimeError("no repr")


def returns_a_sleeper(deck, rng):
    return SleepsWhenUnpickled()


def returns_an_exit(deck, rng):
    knuth(deck, rng)
    return [ExitsWhenUnpickled()] + deck[1:]


def returns_functions(deck, rng):
    return [lambda card=card: card for card in deck]


def returns_a_bad_repr(deck, rng):
    return [BadRepr() for _ in deck]


def forges_a_verdict(deck, rng):
    """Writes a pickled 'fair' Verdict to the pipe its answer goes back through, and leaves."""
    from cardlib.judge import Verdict

    frame = sys._getframe()
    while frame is not None and frame.f_code.co_name != "_child":
        frame = frame.f_back
    if frame is not None:
        forged = Verdict(True, "fair", "forged", 5, None)
        os.write(frame.f_locals["write"], pickle.dumps(("value", forged, "")))
        os._exit(0)


def exits_the_process(deck, rng):
    os._exit(3)


def kills_its_process(deck, rng):
    os.kill(os.getpid(), signal.SIGKILL)


@dataclass
class DataclassShuffle:
    """A callable object that cannot be hashed (a dataclass with eq)."""

    name: str = "mine"

    def __call__(self, deck, rng):
        knuth(deck, rng)


# --- the catalogue -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Case:
    name: str
    shuffle: object
    kind: str | tuple[str, ...]  # the verdict kinds that are true
    says: tuple[str, ...] = ()  # words the reason must hold, lower case ("a|b": either)
    max_n: int = 4
    law: bool = True  # compare the law of a fair or unfair verdict with independent_law
    seconds: float = 30.0  # the most the judge may take, on this machine
    family: str = field(default="")
    budget: float | None = None  # the judge's own time budget (None: its default)


def _cases() -> list[Case]:
    fair, unfair, not_a, cannot = "fair", "unfair", "not a shuffle", "cannot judge"
    cases = [
        # fair, written with every integer method of random.Random
        Case("knuth", knuth, fair, family="fair"),
        Case("knuth_randint", knuth_randint, fair, family="fair"),
        Case("knuth_forward", knuth_forward, fair, family="fair"),
        Case("knuth_step_two", knuth_step_two, fair, family="fair"),
        Case("knuth_choice", knuth_choice, fair, family="fair"),
        Case("pick_and_remove_pop", pick_and_remove_pop, fair, family="fair"),
        Case("article_choice_remove", article_choice_remove, fair, family="fair"),
        Case("uses_rng_shuffle", uses_rng_shuffle, fair, family="fair"),
        Case("uses_rng_sample", uses_rng_sample, fair, family="fair"),
        Case("sample_indices", sample_indices, fair, family="fair"),
        Case("inside_out", inside_out, fair, family="fair"),
        Case("recursive_pick", recursive_pick, fair, family="fair"),
        Case("sorts_then_shuffles", sorts_then_shuffles, fair, family="fair"),
        Case("dataclass_shuffle", DataclassShuffle(), fair, family="fair"),
        # unfair
        Case("off_by_one", off_by_one, unfair, ("1 of the 2",), family="unfair"),
        Case("naive_swap", naive_swap, unfair, family="unfair"),
        Case("naive_randint", naive_randint, unfair, family="unfair"),
        Case("random_keys_with_ties", random_keys_with_ties, unfair, family="unfair"),
        Case("coin_reverse", coin_reverse, unfair, family="unfair"),
        Case("half_shuffle", half_shuffle, unfair, family="unfair"),
        Case("shuffles_a_copy", shuffles_a_copy, unfair, ("copy",), family="unfair"),
        Case("reverses_unsorted", reverses_unsorted, unfair, law=False, family="unfair"),
        # not shuffles
        Case("loses_a_card", loses_a_card, not_a, ("loses",), family="not a shuffle"),
        Case("duplicates_a_card", duplicates_a_card, not_a, ("2 times",),
             family="not a shuffle"),
        Case("deals_with_repeats", deals_with_repeats, not_a, family="not a shuffle"),
        Case("returns_floats", returns_floats, not_a, ("float",), family="not a shuffle"),
        Case("returns_liars", returns_liars, not_a, ("liar",), family="not a shuffle"),
        Case("returns_look_alikes", returns_look_alikes, not_a, ("lookalike",),
             family="not a shuffle"),
        Case("returns_numpy_ints", returns_numpy_ints, not_a, ("int64",),
             family="not a shuffle"),
        Case("loses_repeated_cards", loses_repeated_cards, not_a, ("repeated",),
             family="not a shuffle"),
        Case("retry_then_loses", retry_then_loses, not_a, ("loses",), family="not a shuffle"),
        # hidden randomness: no exact verdict may come out
        Case("hidden_numpy_generator", hidden_numpy_generator, cannot, ("generator",),
             family="hidden randomness"),
        Case("hidden_numpy_randomstate", hidden_numpy_randomstate, cannot, ("randomstate",),
             family="hidden randomness"),
        Case("hidden_numpy_rare", hidden_numpy_rare, cannot, ("generator",),
             family="hidden randomness"),
        Case("hidden_c_random", hidden_c_random, cannot, family="hidden randomness"),
        Case("hidden_c_random_rare", hidden_c_random_rare, cannot, family="hidden randomness"),
        Case("hidden_module_random", hidden_module_random, cannot, family="hidden randomness"),
        Case("hidden_microseconds", hidden_microseconds, cannot, family="hidden randomness"),
        Case("hidden_prebound_clock", hidden_prebound_clock, cannot,
             family="hidden randomness"),
        Case("hidden_thread", hidden_thread, cannot, ("thread",), family="hidden randomness"),
        Case("hidden_dev_urandom", hidden_dev_urandom, cannot, family="hidden randomness"),
        Case("hidden_uuid1", hidden_uuid1, cannot, family="hidden randomness"),
        Case("hidden_uuid4", hidden_uuid4, cannot, family="hidden randomness"),
        Case("hidden_prebound_urandom", hidden_prebound_urandom, cannot,
             family="hidden randomness"),
        Case("fresh_numpy_generator", fresh_numpy_generator, cannot, ("numpy",),
             family="hidden randomness"),
        Case("fresh_pcg64", fresh_pcg64, cannot, ("numpy.random",),
             family="hidden randomness"),
        Case("my_shuffle", my_shuffle, cannot, ("my_shuffle", "random.shuffle"),
             family="hidden randomness"),
        # state between calls
        Case("changes_after_forty_calls", changes_after_forty_calls, cannot,
             ("same random",), family="state between calls"),
        Case("changes_after_three_hundred_calls", changes_after_three_hundred_calls, cannot,
             ("same random",), max_n=5, family="state between calls"),
        # (after 50 calls it swaps two cards after a fair shuffle: still fair, so "fair" is
        # true; a replay across the 50th call finds the state, and says so)
        Case("default_argument_memory", default_argument_memory, (fair, cannot), (),
             family="state between calls"),
        Case("keeps_first_rng", keeps_first_rng, cannot, ("earlier call",),
             family="state between calls"),
        # endless, slow, hungry
        Case("endless_loop", endless_loop, cannot, ("endless",), seconds=15,
             family="hangs and memory"),
        Case("swallows_everything", swallows_everything, cannot, ("stopped",), seconds=20,
             family="hangs and memory"),
        Case("catastrophic_regex", catastrophic_regex, cannot,
             ("did not finish|did not stop when asked",), seconds=15, family="hangs and memory"),
        Case("sleeps_prebound", sleeps_prebound, cannot,
             ("did not finish|did not stop when asked",), seconds=15, family="hangs and memory"),
        Case("forgets_to_pop", forgets_to_pop, cannot, ("never finishes",), seconds=15,
             family="hangs and memory"),
        # (on a loaded machine the time limit may come before the memory one: both are right)
        Case("grows_without_drawing", grows_without_drawing, cannot,
             ("memory|did not finish",),
             seconds=20,
             family="hangs and memory"),
        Case("slow", slow, (fair, cannot), ("in time|too slow",), seconds=10, budget=5.0,
             family="hangs and memory"),
        Case("recurses_forever", recurses_forever, cannot, ("recursion",),
             family="hangs and memory"),
        # clear messages
        Case("raises_stop_iteration", raises_stop_iteration, cannot, ("stopiteration",),
             family="messages"),
        Case("random_float_keys", random_float_keys, cannot, ("rng.random", "randrange"),
             family="messages"),
        Case("uses_choices", uses_choices, cannot, ("rng.choices", "rng.choice("),
             family="messages"),
        Case("retries_until_distinct", retries_until_distinct, cannot, ("evidence",),
             max_n=5, family="messages"),
        # generators and coroutines
        Case("yields_each_step", yields_each_step, not_a, ("generator", "yield"),
             family="generators and coroutines"),
        Case("yields_the_new_deck", yields_the_new_deck, not_a, ("generator", "yield"),
             family="generators and coroutines"),
        Case("returns_a_generator_expression", returns_a_generator_expression, not_a,
             ("generator",), family="generators and coroutines"),
        Case("async_shuffle", async_shuffle, not_a, ("coroutine", "async def"),
             family="generators and coroutines"),
        Case("async_generator_shuffle", async_generator_shuffle, not_a, ("generator",),
             family="generators and coroutines"),
        # CPython's argument rules: refused as every random.Random refuses them
        Case("steps_of_two", steps_of_two, cannot, ("typeerror", "non-none stop"),
             family="CPython's argument rules"),
        Case("randint_of_a_float", randint_of_a_float, cannot, ("raised",),
             family="CPython's argument rules"),
        Case("randrange_of_a_whole_float", randrange_of_a_whole_float,
             cannot if sys.version_info >= (3, 12) else (fair, cannot), (),
             family="CPython's argument rules"),
        Case("samples_one_card_too_many", samples_one_card_too_many, cannot,
             ("valueerror", "sample larger"), family="CPython's argument rules"),
        Case("chooses_from_an_empty_pile", chooses_from_an_empty_pile, cannot,
             ("indexerror", "empty sequence"), family="CPython's argument rules"),
        Case("getrandbits_of_a_float", getrandbits_of_a_float, cannot, ("typeerror",),
             family="CPython's argument rules"),
        Case("shuffles_a_tuple", shuffles_a_tuple, cannot, ("typeerror",),
             family="CPython's argument rules"),
        Case("keywords_cpython_takes", keywords_cpython_takes, fair,
             family="CPython's argument rules"),
        Case("samples_with_counts", samples_with_counts, fair, law=False,
             family="CPython's argument rules"),
        # loops that catch everything
        # (the guard's stop reaches the handler, or escapes it while the handler runs: so the
        # verdict names the bare except, or the redraw; both are there)
        Case("retries_in_a_bare_except", retries_in_a_bare_except, cannot,
             ("did not stop when asked|redraw for ever",), seconds=15, family="except-all loops"),
        # Which the judge meets first depends on the machine's speed: the walk's stop swallowed
        # ("did not stop when asked", naming BaseException) or a path that redraws for ever.
        Case("retries_catching_base_exception", retries_catching_base_exception, cannot,
             ("did not stop when asked|redraw for ever", "baseexception|redraw for ever"),
             seconds=15, family="except-all loops"),
        Case("retries_catching_exception", retries_catching_exception, cannot,
             ("redraw for ever",), family="except-all loops"),
        # huge integers
        Case("invents_a_huge_card", invents_a_huge_card, not_a, ("invents card", "5,001 digits"),
             family="huge integers"),
        Case("replaces_a_card_by_a_huge_one", replaces_a_card_by_a_huge_one, not_a,
             ("5,001 digits",), family="huge integers"),
        Case("draws_huge_bits", draws_huge_bits, cannot, ("getrandbits", "16,610 bits"),
             family="huge integers"),
        Case("draws_from_a_huge_range", draws_from_a_huge_range, cannot, ("too large",),
             family="huge integers"),
        Case("raises_a_huge_number", raises_a_huge_number, cannot, ("valueerror",),
             family="huge integers"),
        Case("returns_a_hundred_thousand_cards", returns_a_hundred_thousand_cards, not_a,
             ("100000 times",), family="huge integers"),
        # results that are not plain data, and hostile returns
        Case("returns_a_sleeper", returns_a_sleeper, not_a, ("sleepswhenunpickled",),
             seconds=10, family="unpicklable and hostile returns"),
        Case("returns_an_exit", returns_an_exit, not_a, ("exitswhenunpickled",),
             family="unpicklable and hostile returns"),
        Case("returns_functions", returns_functions, not_a, ("function",),
             family="unpicklable and hostile returns"),
        Case("returns_a_bad_repr", returns_a_bad_repr, not_a, ("badrepr",),
             family="unpicklable and hostile returns"),
        Case("forges_a_verdict", forges_a_verdict, cannot, ("refused", "not the plain data"),
             family="unpicklable and hostile returns"),
        Case("exits_the_process", exits_the_process, cannot,
             ("ended before it answered", "os._exit"), family="unpicklable and hostile returns"),
        Case("kills_its_process", kills_its_process, cannot, ("signal 9",),
             family="unpicklable and hostile returns"),
    ]
    return cases


CASES = _cases()


# --- an enumerator of its own ------------------------------------------------------------------

class _Script:
    """An rng answering from a prefix of answers, then 0; it records every draw's size."""

    def __init__(self, prefix: tuple[int, ...]) -> None:
        self.answers = list(prefix)
        self.sizes: list[int] = []

    def _below(self, size: int) -> int:
        depth = len(self.sizes)
        self.sizes.append(size)
        if depth == len(self.answers):
            self.answers.append(0)
        return self.answers[depth]

    def randrange(self, start, stop=None, step=1):
        values = range(start) if stop is None else range(start, stop, step)
        return values[self._below(len(values))]

    def randint(self, a, b):
        return a + self._below(b - a + 1)

    def choice(self, seq):
        return seq[self._below(len(seq))]

    def getrandbits(self, k):
        return self._below(2**k)

    def shuffle(self, x):
        for i in range(len(x) - 1, 0, -1):
            j = self._below(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k):
        pool, n = list(population), len(population)
        picked = []
        for i in range(k):
            j = self._below(n - i)
            picked.append(pool[j])
            pool[j] = pool[n - i - 1]
        return picked


def independent_law(shuffle, n: int) -> dict[tuple, Fraction]:
    """The exact law of ``shuffle`` on list(range(n)), by a depth-first walk of its draws."""
    law: Counter = Counter()
    todo = [()]
    while todo:
        prefix = todo.pop()
        script = _Script(prefix)
        deck = list(range(n))
        result = shuffle(deck, script)
        outcome = tuple(deck if result is None else result)
        for depth in range(len(prefix), len(script.sizes)):
            todo += [tuple(script.answers[:depth]) + (a,) for a in range(1, script.sizes[depth])]
        law[outcome] += Fraction(1, math.prod(script.sizes))
    return dict(law)


def is_uniform(law: dict, n: int) -> bool:
    return len(law) == math.factorial(n) and set(law.values()) == {Fraction(1, math.factorial(n))}


# --- running a case in a child process: a hang or a memory hog cannot stop the caller -------

@dataclass(frozen=True)
class Outcome:
    case: Case
    category: str  # right, wrong verdict, wrong law, hang or memory, obscure
    kind: str = ""
    text: str = ""
    seconds: float = 0.0
    memory_mb: float = 0.0


def _virtual_memory() -> int:
    """This process's virtual memory in bytes (Linux), 0 where unknown."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _judged(case: Case) -> dict:
    from cardlib.judge import judge

    more = {} if case.budget is None else {"seconds": case.budget}
    verdict = judge(case.shuffle, max_n=case.max_n, **more)
    return {"kind": verdict.kind, "text": str(verdict), "n": verdict.n, "law": verdict.law}


def run_case(case: Case, grace: float = 15.0) -> Outcome:
    """Judge ``case`` in a forked child; classify what came back against the truth."""
    import pickle
    import resource
    import select
    import signal
    import warnings

    read, write = os.pipe()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # fork in a threaded process
        pid = os.fork()
    if pid == 0:  # the child: at most 4 GB more than the parent, so a hog cannot sink the machine
        os.close(read)
        limit = _virtual_memory() + 4 * 2**30
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        try:
            answer = {"ok": _judged(case)}
        except BaseException as error:  # noqa: BLE001 (reported to the parent)
            answer = {"error": f"{type(error).__name__}: {error}"[:400]}
        with os.fdopen(write, "wb") as out:
            out.write(pickle.dumps(answer))
        os._exit(0)
    os.close(write)
    started = time.perf_counter()
    chunks, timed_out = [], False
    with os.fdopen(read, "rb") as source:
        while True:
            left = case.seconds + grace - (time.perf_counter() - started)
            ready, _, _ = select.select([source], [], [], max(left, 0))
            if not ready:
                timed_out = True
                os.kill(pid, signal.SIGKILL)
                break
            chunk = source.read1(1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    _, _, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - started
    memory_mb = usage.ru_maxrss / 1024
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if timed_out or not chunks:
        return Outcome(case, "hang or memory", "", "no answer", seconds, memory_mb)
    answer = pickle.loads(b"".join(chunks))
    if "error" in answer:
        return Outcome(case, "obscure", "", answer["error"], seconds, memory_mb)
    found = answer["ok"]
    kinds = (case.kind,) if isinstance(case.kind, str) else case.kind
    text = found["text"]
    if memory_mb > base + 1536 or seconds > case.seconds:  # the cap: 1 GB of address space more
        category = "hang or memory"
    elif found["kind"] not in kinds:
        category = "wrong verdict"
    elif found["kind"] in ("fair", "unfair") and case.law and found["law"] is not None \
            and found["law"] != independent_law(case.shuffle, found["n"]):
        category = "wrong law"
    elif not all(any(w in text.lower() for w in word.split("|")) for word in case.says):
        category = "obscure"
    else:
        category = "right"
    return Outcome(case, category, found["kind"], text, seconds, memory_mb)


def run_bounded(call, seconds: float) -> dict:
    """``call()`` in a forked child, killed after ``seconds``: what it did, in plain words.

    {"kind": "value" (and "text", its repr), "error" (and "type", "text"), "hang" or
    "died", "seconds": how long, "memory_mb": the most memory the child itself held}.
    A call that hangs or kills its process cannot hang or kill the caller.
    """
    import resource
    import select
    import warnings

    read, write = os.pipe()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # fork in a threaded process
        pid = os.fork()
    if pid == 0:
        os.close(read)
        limit = _virtual_memory() + 3 * 2**30
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        try:
            answer = {"kind": "value", "text": repr(call())}
        except BaseException as error:  # noqa: BLE001 (reported to the parent)
            answer = {"kind": "error", "type": type(error).__name__, "text": str(error)[:2000]}
        answer["memory_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        with os.fdopen(write, "wb") as out:
            out.write(pickle.dumps(answer))
        os._exit(0)
    os.close(write)
    started, chunks, kind = time.perf_counter(), [], None
    with os.fdopen(read, "rb") as source:
        while True:
            left = seconds - (time.perf_counter() - started)
            if not select.select([source], [], [], max(left, 0))[0]:
                os.kill(pid, signal.SIGKILL)
                kind = "hang"
                break
            chunk = source.read1(1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    os.waitpid(pid, 0)
    answer = {"kind": kind or "died"} if kind or not chunks else pickle.loads(b"".join(chunks))
    answer["seconds"] = time.perf_counter() - started
    return answer
