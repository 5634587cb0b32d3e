"""Pick-and-remove and Knuth's swaps fed the same random answers, step by step."""

import random

import matplotlib
import pytest
from matplotlib.figure import Figure

from cardlib import cards, plots, shuffles, steps

matplotlib.use("agg")


@pytest.mark.parametrize("seed", range(30))
def test_both_use_the_same_answer_at_every_step(seed):
    deck = list("ABCDEFG")
    twins = steps.same_draws_steps(deck, rng=seed)
    assert len(twins) == len(deck)
    for (pick_before, swap_before), (pick, swap) in zip(twins, twins[1:]):
        answer = pick.draw.value
        assert swap.j == answer and swap.draw.args == pick.draw.args
        # pick-and-remove takes the card at that position of its pile (gap closed, order kept) ...
        assert pick.new_pile[-1] == pick_before.pile[answer]
        # ... Knuth's swap the card at that position of its list, and moves the last card of
        # the pile into the hole.
        assert swap.deck[swap.i] == swap_before.deck[answer]
        assert swap.deck[answer] == swap_before.deck[swap.i]
        # Before each draw both piles hold cards not yet drawn, the same number of them.
        assert len(pick_before.pile) == swap.i + 1


def test_the_same_answers_make_different_decks_yet_each_run_is_the_real_shuffle():
    deck = list(range(8))
    different = 0
    for seed in range(50):
        pick, swap = steps.same_draws_steps(deck, rng=seed)[-1]
        assert len(pick.pile) == 1  # the last step of Knuth's: one card left to pick
        assert pick.new_pile + pick.pile == shuffles.pick_and_remove(deck, rng=seed)
        recorder = steps.RecordingRng(seed)
        shuffles.pick_and_remove(deck, rng=recorder)
        knuth = list(deck)
        shuffles.knuth_shuffle(knuth, rng=steps.ReplayRng(recorder.draws))
        assert swap.deck == knuth
        different += knuth != pick.new_pile + pick.pile
    assert different > 40


def test_the_twin_picture_outlines_the_drawn_cards():
    twins = steps.same_draws_steps(cards.step_deck(6), rng=random.Random(3))
    fig = plots.draw_twin_step(Figure(figsize=plots.TWIN_FIGSIZE), twins[2])
    assert fig.texts[0].get_text().startswith("Step 2 of 5: randrange(5) gave")
    fig = plots.draw_twin_step(Figure(figsize=plots.TWIN_FIGSIZE), twins[0])
    assert fig.texts[0].get_text() == "Step 0 of 5: the same deck for both"
