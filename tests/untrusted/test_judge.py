"""The fairness judge, proven on shuffles a learner might write: every verdict field by field.

Expected values come from reasoning about each shuffle, not from a run: a
fair shuffle gives each of the n! orders 1/n!; the naive swap's 27 paths on 3
cards fall 5, 5, 5, 4, 4, 4 on the six orders (Atwood, "The Danger of
Naïveté"); an off-by-one Knuth loop is Sattolo's, which never leaves a card
in place; and so on, one reason per test.
"""

import itertools
import math
import random
import time
from fractions import Fraction

import matplotlib
import pytest

from cardlib.judge import MAX_N, Evidence, Verdict, judge
from cardlib.shuffles import knuth_shuffle, naive_swap_shuffle, stride_shuffle
from cardlib.untrusted import guard

matplotlib.use("Agg")


def uniform(n):
    return {order: Fraction(1, math.factorial(n)) for order in itertools.permutations(range(n))}


# --- shuffles a learner might write -----------------------------------------------------

def forward_fisher_yates(deck, rng):
    for i in range(len(deck) - 1):
        j = rng.randrange(i, len(deck))
        deck[i], deck[j] = deck[j], deck[i]


def inside_out(deck, rng):
    shuffled = []
    for i, card in enumerate(deck):
        j = rng.randrange(i + 1)
        shuffled.append(card)
        shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
    return shuffled


def off_by_one(deck, rng):  # randrange(i) instead of randrange(i + 1): Sattolo's algorithm
    for i in reversed(range(1, len(deck))):
        j = rng.randrange(i)
        deck[i], deck[j] = deck[j], deck[i]


def skips_last_swap(deck, rng):  # the loop stops at 2: positions 0 and 1 never swap
    for i in reversed(range(2, len(deck))):
        j = rng.randrange(i + 1)
        deck[i], deck[j] = deck[j], deck[i]


def capped_at_three(deck, rng):  # fair while i + 1 <= 3, that is for up to 3 cards
    for i in reversed(range(1, len(deck))):
        j = rng.randrange(min(i + 1, 3))
        deck[i], deck[j] = deck[j], deck[i]


def loses_a_card(deck, rng):
    deck.pop()
    knuth_shuffle(deck, rng)


def with_replacement(deck, rng):
    return [deck[rng.randrange(len(deck))] for _ in deck]


def invents_a_card(deck, rng):
    return deck + [len(deck)]


def returns_a_tuple(deck, rng):
    knuth_shuffle(deck, rng)
    return tuple(deck)


def calls_random_random(deck, rng):
    deck.sort(key=lambda card: random.random())


def asks_for_choice(deck, rng):
    return [deck.pop(deck.index(rng.choice(deck))) for _ in range(len(deck))]


def asks_for_random(deck, rng):
    return [deck.pop(int(rng.random() * len(deck))) for _ in range(len(deck))]


def retry_until_distinct(deck, rng):  # fair, but it may redraw for ever
    while True:
        positions = [rng.randrange(len(deck)) for _ in deck]
        if len(set(positions)) == len(deck):
            return [deck[p] for p in positions]


def draws_for_ever(deck, rng):
    while rng.randrange(2) < 2:
        pass


def loops_for_ever(deck, rng):
    knuth_shuffle(deck, rng)
    if len(deck) > 2:
        while True:
            pass


def off_the_end(deck, rng):
    j = rng.randrange(len(deck) + 1)
    deck[0], deck[j] = deck[j], deck[0]


def huge_tree(deck, rng):
    for _ in range(30):
        rng.randrange(2)
    knuth_shuffle(deck, rng)


# --- fair ------------------------------------------------------------------------------

@pytest.mark.parametrize("shuffle", [forward_fisher_yates, inside_out, knuth_shuffle])
def test_fair_shuffles(shuffle):
    verdict = judge(shuffle)
    assert (verdict.fair, verdict.kind, verdict.n, verdict.fair_up_to) == (True, "fair", 5, 5)
    assert verdict.law == uniform(5)
    assert (verdict.reached, verdict.orders) == (120, 120)
    assert verdict.most_likely[1] == verdict.least_likely[1] == Fraction(1, 120)
    assert verdict.example is verdict.error is verdict.evidence is verdict.estimate is None
    assert "fair on decks of 1 to 5 cards" in verdict.reason and "1/120" in verdict.reason
    assert str(verdict).startswith("fair: ")


def test_max_n_says_how_far_it_looked():
    verdict = judge(inside_out, max_n=3)
    assert (verdict.n, verdict.law, verdict.max_n) == (3, uniform(3), 3)


# --- unfair ----------------------------------------------------------------------------

def test_off_by_one_is_sattolo_and_never_leaves_the_deck_alone():
    verdict = judge(off_by_one)
    assert (verdict.fair, verdict.kind, verdict.n, verdict.fair_up_to) == (False, "unfair", 2, 1)
    assert verdict.law == {(1, 0): 1}
    assert (verdict.reached, verdict.orders) == (1, 2)
    assert verdict.most_likely == ((1, 0), 1) and verdict.least_likely == ((0, 1), 0)
    assert "reaches only 1 of the 2 orders" in verdict.reason


def test_a_loop_that_skips_its_last_swap_leaves_two_cards_alone():
    verdict = judge(skips_last_swap)
    assert (verdict.fair, verdict.kind, verdict.n) == (False, "unfair", 2)
    assert verdict.law == {(0, 1): 1}
    assert verdict.most_likely == ((0, 1), 1) and verdict.least_likely == ((1, 0), 0)


def test_fair_for_small_decks_unfair_from_four_cards():
    # On 4 cards the first draw is from 0..2: card 3 always leaves the top, and the
    # other three are then shuffled fairly, so 3 x 3! = 18 orders of 1/18 each.
    verdict = judge(capped_at_three)
    assert (verdict.fair, verdict.kind, verdict.n, verdict.fair_up_to) == (False, "unfair", 4, 3)
    assert set(verdict.law.values()) == {Fraction(1, 18)} and len(verdict.law) == 18
    assert all(order[3] != 3 for order in verdict.law)
    assert (verdict.reached, verdict.orders) == (18, 24)
    assert verdict.most_likely == ((0, 1, 3, 2), Fraction(1, 18))
    assert verdict.least_likely == ((0, 1, 2, 3), 0)
    assert "(it is fair for up to 3 cards)" in verdict.reason


def test_the_naive_swap_with_exact_fractions():
    verdict = judge(naive_swap_shuffle)
    assert (verdict.fair, verdict.kind, verdict.n, verdict.reached) == (False, "unfair", 3, 6)
    assert sorted(verdict.law.values()) == [Fraction(4, 27)] * 3 + [Fraction(5, 27)] * 3
    assert verdict.most_likely[1] == Fraction(5, 27)
    assert verdict.least_likely[1] == Fraction(4, 27)
    assert "not equally likely" in verdict.reason
    assert "Most likely: [0, 2, 1], probability 5/27 (fair: 1/6)." in str(verdict)


def test_the_stride_reaches_n_times_phi_n_orders():
    verdict = judge(stride_shuffle)
    assert (verdict.kind, verdict.n, verdict.reached, verdict.orders) == ("unfair", 4, 8, 24)
    assert verdict.fair_up_to == 3  # 3 * phi(3) = 6 = 3!: fair on 3 cards


# --- not a shuffle ------------------------------------------------------------------------

@pytest.mark.parametrize("shuffle, n, problem, back", [
    (loses_a_card, 1, "loses card 0", []),
    (with_replacement, 2, "loses card 1 and gives back card 0 2 times", [0, 0]),
    (invents_a_card, 1, "invents card 1", [0, 1]),
    (returns_a_tuple, 1, "returns tuple (0,), not a list", (0,)),
])
def test_not_a_shuffle(shuffle, n, problem, back):
    verdict = judge(shuffle)
    assert (verdict.fair, verdict.kind, verdict.n, verdict.law) == (False, "not a shuffle", n,
                                                                     None)
    assert problem in verdict.reason
    assert verdict.example == (list(range(n)), back)
    assert f"Given {list(range(n))}, it gave back {back!r}." in str(verdict)


# --- cannot judge -------------------------------------------------------------------------

@pytest.mark.parametrize("shuffle, call", [(calls_random_random, "random.random"),
                                           (asks_for_random, "rng.random()")])
def test_randomness_from_elsewhere_is_named(shuffle, call):
    verdict = judge(shuffle)
    assert (verdict.fair, verdict.kind, verdict.n, verdict.law) == (None, "cannot judge", 1, None)
    assert "breaks the contract" in verdict.reason and call in verdict.reason


def test_rng_choice_is_an_ordinary_draw():
    """pick-and-remove written with rng.choice is judged, exactly, like randrange."""
    assert judge(asks_for_choice).kind == "fair"


def test_a_retry_loop_gets_evidence_not_proof():
    verdict = judge(retry_until_distinct)
    assert (verdict.fair, verdict.kind, verdict.n, verdict.law) == (None, "cannot judge", 2, None)
    assert verdict.fair_up_to == 1  # one card: a single path, no retry possible
    assert "redraw for ever" in verdict.reason and "evidence, not proof" in verdict.reason
    found = verdict.evidence
    assert isinstance(found, Evidence) and found.label == "evidence, not proof"
    assert (found.n, found.trials, found.seed, found.tested) == (5, 10_000, 0, "all 120 orders")
    assert found.dof == 119 and found.p_value > 0.001  # it is fair: no strong sign of bias
    again = [judge(retry_until_distinct, trials=1000).evidence for _ in range(2)]
    assert again[0] == again[1] and again[0].trials == 1000  # seeded: the same every time
    assert "Evidence, not proof: 10,000 seeded runs on 5 cards" in str(verdict)


def test_a_shuffle_that_draws_for_ever_is_stopped():
    start = time.perf_counter()
    verdict = judge(draws_for_ever)
    assert time.perf_counter() - start < 5
    assert (verdict.fair, verdict.kind, verdict.n, verdict.evidence) == (None, "cannot judge", 1,
                                                                         None)
    assert "never finishes on 1 card" in verdict.reason
    assert "and so did a seeded run on 5 cards" in verdict.reason


def test_a_loop_that_never_ends_is_stopped(monkeypatch):
    monkeypatch.setattr(guard, "RUN_SECONDS", 0.2)
    verdict = judge(loops_for_ever)
    assert (verdict.fair, verdict.kind, verdict.n, verdict.fair_up_to) == (None, "cannot judge",
                                                                            3, 2)
    assert "did not finish a run on 3 cards in 0.2 s: an endless loop" in verdict.reason


def test_a_time_limit_past_2038_is_a_limit_like_any_other(monkeypatch):
    """The child is waited for an hour at a time: select refuses a timeout past the year 2038
    (OverflowError once, found by the fuzz test)."""
    assert judge(lambda deck, rng: knuth_shuffle(deck, rng), seconds=1e18).kind == "fair"
    monkeypatch.setattr(guard, "RUN_SECONDS", 0.2)
    assert judge(loops_for_ever, seconds=1e18).kind == "cannot judge"


def test_an_error_is_shown():
    verdict = judge(off_the_end)
    assert (verdict.fair, verdict.kind, verdict.n) == (None, "cannot judge", 1)
    assert verdict.error == "IndexError: list index out of range"
    assert "raised an error on a deck of 1 card (IndexError)" in verdict.reason


def test_a_tree_too_large_to_walk_gives_the_estimate():
    verdict = judge(huge_tree)
    assert (verdict.fair, verdict.kind, verdict.n) == (None, "cannot judge", 1)
    assert verdict.estimate == 2**30
    assert "about 1,073,741,824 paths" in verdict.reason


# --- how it reads -------------------------------------------------------------------------

def test_html_and_markdown_say_the_same_as_the_text():
    verdict = judge(off_by_one)
    page, text = verdict._repr_html_(), verdict._repr_markdown_()
    assert page.startswith('<div class="cardlib-verdict">') and "<strong" in page
    assert "reaches only 1 of the 2 orders" in page and "Most likely: [1, 0]" in page
    assert text.startswith("**unfair**: ") and "- Least likely: \\[0, 1\\]" in text
    lam = judge(lambda d, rng: None, max_n=2)
    assert "&lt;" not in lam._repr_html_() and lam.name == "the shuffle"


def test_the_picture_of_an_unfair_verdict(tmp_path):
    from matplotlib.figure import Figure

    from cardlib.plots import verdict_bias
    fig = Figure()
    ax = verdict_bias(fig.add_subplot(), judge(naive_swap_shuffle, 4))
    assert "card 1 at position 0: 10/27 (fair 1/3)" in ax.get_title()
    ax = verdict_bias(Figure().add_subplot(), judge(loses_a_card))
    assert ax.texts[0].get_text() == "not a shuffle: no exact law to draw"


@pytest.mark.parametrize("args, error, message", [
    ((3,), TypeError, "shuffle must be a function"),
    ((knuth_shuffle, 0), ValueError, "max_n must be at least 1"),
    ((knuth_shuffle, MAX_N + 1), ValueError, f"max_n must be at most {MAX_N}"),
    ((knuth_shuffle, 2.0), TypeError, "max_n must be a whole number"),
])
def test_bad_arguments(args, error, message):
    with pytest.raises(error, match=message):
        judge(*args)


def test_verdict_fields_are_the_promised_ones():
    names = [f.name for f in Verdict.__dataclass_fields__.values()]
    assert names[:5] == ["fair", "kind", "reason", "n", "law"]
