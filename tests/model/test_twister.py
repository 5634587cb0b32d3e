"""The Mersenne Twister's state read back from 624 outputs: every later draw is known."""

import random

import pytest

from cardlib.shuffles import knuth_shuffle
from cardlib.twister import STATE_WORDS, clone, temper, untemper

# make compat runs all of it: the twister's state is this Python's random.Random's.
pytestmark = pytest.mark.compat


def test_untemper_undoes_temper_on_edge_and_random_words():
    source = random.Random(1)
    words = [0, 1, 2**31, 2**32 - 1] + [source.getrandbits(32) for _ in range(20_000)]
    assert all(untemper(temper(w)) == w and temper(untemper(w)) == w for w in words)


@pytest.mark.parametrize("seed", [0, 1, 2**64 + 7, "a secret seed"])
@pytest.mark.parametrize("extra", [0, 1, 400])
def test_a_clone_deals_the_same_next_decks(seed, extra):
    server = random.Random(seed)
    for _ in range(extra):  # start anywhere in the generator's stream
        server.random()
    seen = [server.getrandbits(32) for _ in range(STATE_WORDS)]
    copy = clone(seen)
    assert [copy.getrandbits(32) for _ in range(1000)] == [server.getrandbits(32)
                                                             for _ in range(1000)]
    ours, theirs = list(range(52)), list(range(52))
    knuth_shuffle(ours, copy)
    knuth_shuffle(theirs, server)
    assert ours == theirs


def test_clone_needs_624_outputs():
    with pytest.raises(ValueError, match="624 consecutive"):
        clone([1, 2, 3])
    with pytest.raises(ValueError, match="y must be at most"):
        untemper(2**32)
