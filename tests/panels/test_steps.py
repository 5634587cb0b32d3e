"""Step traces replay the real algorithms: they must end exactly where those end."""

import random
import re

import matplotlib.figure
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlib.cards import comp9021_deck, standard_deck, step_deck
from cardlib.plots import MAX_STEP_CARDS, draw_knuth_step
from cardlib.shuffles import (
    knuth_shuffle,
    naive_swap_shuffle,
    pick_and_remove,
    sattolo_shuffle,
)
from cardlib.steps import (
    RecordingRng,
    ReplayRng,
    in_place_states,
    knuth_steps,
    pick_and_remove_steps,
)
from cardlib.widgets import knuth_player, knuth_slider, pick_player, pick_slider

SIZES = [0, 1, 2, 3, 5, 8, 13]
SEEDS = range(40)


@pytest.mark.parametrize("n", SIZES)
def test_knuth_trace_ends_in_the_real_result(n):
    for seed in SEEDS:
        deck = list(range(n))
        knuth_shuffle(deck, rng=seed)
        steps = knuth_steps(range(n), rng=seed)
        assert steps[-1].deck == deck
        assert len(steps) == max(n, 1)  # n - 1 swaps, plus the starting state


@pytest.mark.parametrize("n", SIZES)
def test_pick_trace_ends_in_the_real_result(n):
    for seed in SEEDS:
        steps = pick_and_remove_steps(range(n), rng=seed)
        assert steps[-1].new_pile == pick_and_remove(range(n), rng=seed)
        assert steps[-1].pile == []
        assert len(steps) == n + 1


@pytest.mark.parametrize("make_deck", [standard_deck, comp9021_deck])
def test_traces_of_full_decks(make_deck):
    deck = make_deck()
    rng = random.Random(2024)
    for _ in range(5):
        seed = rng.randrange(2**32)
        shuffled = list(deck)
        knuth_shuffle(shuffled, rng=seed)
        assert knuth_steps(deck, rng=seed)[-1].deck == shuffled
        assert pick_and_remove_steps(deck, rng=seed)[-1].new_pile == pick_and_remove(deck, rng=seed)


def test_each_knuth_step_is_the_swap_it_names():
    for seed in SEEDS:
        steps = knuth_steps(range(9), rng=seed)
        for before, after in zip(steps, steps[1:]):
            assert after.i == 9 - after.k  # i runs down from n - 1 to 1
            assert 0 <= after.j <= after.i
            expected = list(before.deck)
            expected[after.i], expected[after.j] = expected[after.j], expected[after.i]
            assert after.deck == expected
            # The settled tail never changes again.
            assert steps[-1].deck[after.i:] == after.deck[after.i:]


def test_each_pick_step_moves_the_named_card():
    for seed in SEEDS:
        steps = pick_and_remove_steps("ABCDEFG", rng=seed)
        assert steps[0].previous_pile == list("ABCDEFG")
        for before, after in zip(steps, steps[1:]):
            assert after.previous_pile == before.pile
            assert after.new_pile[:-1] == before.new_pile
            assert after.new_pile[-1] == before.pile[after.picked]
            assert after.draw.args == (len(before.pile),)


def test_recording_does_not_change_the_shuffle():
    for seed in SEEDS:
        plain, recorded = list(range(10)), list(range(10))
        knuth_shuffle(plain, rng=seed)
        recorder = RecordingRng(seed)
        knuth_shuffle(recorded, rng=recorder)
        assert recorded == plain
        assert [d.size for d in recorder.draws] == list(range(10, 1, -1))


@pytest.mark.parametrize("shuffle", [naive_swap_shuffle, sattolo_shuffle, knuth_shuffle])
def test_in_place_states_work_for_any_in_place_shuffle(shuffle):
    for seed in SEEDS:
        recorder = RecordingRng(seed)
        final = list(range(6))
        shuffle(final, rng=recorder)
        states = in_place_states(shuffle, range(6), recorder.draws)
        assert states[0] == list(range(6))
        assert states[-1] == final
        assert all(sorted(state) == list(range(6)) for state in states)


def test_replay_that_leaves_the_record_is_an_error():
    recorder = RecordingRng(1)
    knuth_shuffle(list(range(5)), rng=recorder)
    with pytest.raises(ValueError,
                       match=r"replay diverged at draw 0: the shuffle called randrange\(4,\)"):
        knuth_shuffle(list(range(4)), rng=ReplayRng(recorder.draws))
    replay = ReplayRng(recorder.draws, limit=10)
    for d in recorder.draws:
        assert replay.randrange(*d.args) == d.value
    with pytest.raises(ValueError, match="ran out of recorded draws after 4"):
        replay.randrange(2)


def test_bad_rng_is_refused():
    with pytest.raises(TypeError, match="rng must be None, an int seed"):
        knuth_steps("ABC", rng="seed")


@given(st.lists(st.integers(0, 3), max_size=12), st.integers(0, 2**32))
def test_traces_of_any_list_with_repeats(cards, seed):
    shuffled = list(cards)
    knuth_shuffle(shuffled, rng=seed)
    assert knuth_steps(cards, rng=seed)[-1].deck == shuffled
    steps = pick_and_remove_steps(cards, rng=seed)
    assert steps[-1].new_pile == pick_and_remove(cards, rng=seed)
    assert all(sorted(s.pile + s.new_pile) == sorted(cards) for s in steps)


# --- the step-through widgets and players -------------------------------------------


def _headline(panel):
    return panel.figure.texts[0].get_text()


@pytest.mark.parametrize("make_panel", [pick_slider, knuth_slider])
@pytest.mark.parametrize("n", [1, 2, 8, MAX_STEP_CARDS])
def test_sliders_redraw_at_both_extremes(make_panel, n):
    panel = make_panel(step_deck(n), seed=4)
    step = panel.controls["step"]
    assert step.min == 0 and step.max == (n if make_panel is pick_slider else max(n - 1, 0))
    step.value = step.max
    assert _headline(panel).startswith(f"Step {step.max} of {step.max}")
    step.value = step.min
    assert _headline(panel).startswith(f"Step 0 of {step.max}")
    assert panel.output.outputs[0]["data"]["image/png"]


def test_knuth_slider_opens_on_the_first_swap_and_an_empty_new_pile_shows_its_places():
    """Issue 22: a useful first state, and no blank band under an empty pile."""
    from matplotlib.patches import Rectangle

    from cardlib.plots import faces

    assert _headline(knuth_slider(step_deck(8), seed=4)).startswith("Step 1 of 7")
    assert knuth_slider(step_deck(1)).controls["step"].value == 0
    panel = pick_slider(step_deck(8), seed=4)
    assert _headline(panel).startswith("Step 0 of 8")
    new_pile = panel.figure.axes[-1]
    places = [a for a in new_pile.get_children() if type(a) is Rectangle and a.get_ls() != "solid"]
    assert len(places) == 8 and faces(new_pile) == []
    panel.controls["step"].value = 3
    new_pile = panel.figure.axes[-1]
    assert len(faces(new_pile)) == 3
    assert len([a for a in new_pile.get_children() if type(a) is Rectangle
                and a.get_ls() != "solid"]) == 5


def test_reshuffle_moves_to_the_next_seed_and_redraws():
    panel = knuth_slider(step_deck(8), seed=4)
    panel.controls["step"].value = 7
    before, redraws = _headline(panel), panel.redraws
    panel.reshuffle.click()
    assert panel.controls["seed"].value == 5
    assert panel.redraws == redraws + 1
    # The headline names the last swap's draw, which comes from the new seed's run.
    expected = knuth_steps(step_deck(8), rng=5)[-1]
    assert f"gave j = {expected.j}" in _headline(panel)
    assert panel.reshuffle in panel.children[0].children
    assert before != _headline(panel) or knuth_steps(step_deck(8), rng=4)[-1].j == expected.j


def test_players_hold_one_frame_per_step():
    # one frame per step and the start, plus the opening frame shown before any script runs
    html = knuth_player(step_deck(5), seed=2).data
    assert html.count("data:image/png;base64") == 5 + 1  # 4 swaps and the start
    html = pick_player(step_deck(4), seed=2).data
    assert html.count("data:image/png;base64") == 5 + 1  # 4 draws and the start


def test_too_big_a_deck_is_refused():
    with pytest.raises(ValueError, match="at most 13 cards, not 52"):
        knuth_slider(standard_deck())
    fig = matplotlib.figure.Figure()
    with pytest.raises(ValueError, match="at most 13 cards, not 14"):
        draw_knuth_step(fig, knuth_steps(range(14), rng=1)[0])
    with pytest.raises(ValueError, match="n must be at least 1, got 0"):
        step_deck(0)


def test_players_are_the_same_html_every_run_yet_apart_on_one_page(monkeypatch):
    import itertools

    from cardlib.widgets import player
    monkeypatch.setattr(player, "_players_made", itertools.count())
    first = knuth_player(step_deck(4), seed=2).data
    again = knuth_player(step_deck(4), seed=2).data  # the same frames, a second player
    monkeypatch.setattr(player, "_players_made", itertools.count())
    assert knuth_player(step_deck(4), seed=2).data == first  # a fresh kernel: the same page
    ids = [set(re.findall(r"_anim_img(\w+)", page)) for page in (first, again)]
    assert len(ids[0]) == 1 and ids[0] != ids[1]


@pytest.mark.parametrize("make_panel", [pick_slider, knuth_slider, "same_draws_slider"])
def test_step_sliders_update_their_figure_to_the_pixels_of_a_fresh_one(make_panel):
    """Every move keeps the figure: the rows are drawn again in their axes, the texts reworded."""
    from panel_checks import (
        assert_remembered_pictures_match_fresh_figures,
        assert_updates_match_fresh_figures,
    )

    from cardlib import widgets

    if isinstance(make_panel, str):
        make_panel = getattr(widgets, make_panel)
    panel = make_panel(step_deck(8), seed=1964)
    last = panel.controls["step"].max
    changes = [{"step": last}, {"step": 0}, {"step": 3}, {"seed": 1965}, {"step": 4},
               {"step": 1, "seed": 7}, {"step": last}]
    assert assert_updates_match_fresh_figures(panel, changes) == len(changes)
    assert panel._hint and panel.figure not in panel._hint
    assert assert_remembered_pictures_match_fresh_figures(
        panel, changes[:3], new=[{"step": 2}, {"seed": 8}]) == 3
