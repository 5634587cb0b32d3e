"""The lesson 11 lab: model functions, and every control of both panels at its extremes."""

import numpy as np
import pytest

from cardlib import evidence, exact, hand, mixing, riffle, shuffles, stats
from cardlib.widgets import detective_panel, lab_panel

ALGORITHMS = {
    "Knuth's swaps": shuffles.knuth_shuffle,
    "pick and remove": shuffles.pick_and_remove,
    "list every order": shuffles.brute_force_shuffle,
    "retry repeats": shuffles.retry_shuffle,
    "naive swap": shuffles.naive_swap_shuffle,
    "Sattolo": shuffles.sattolo_shuffle,
    "first card + stride": shuffles.stride_shuffle,
    "sort, random comparator": shuffles.comparator_sort_shuffle,
    "one riffle": riffle.riffle,
    "one overhand": hand.overhand_shuffle,
    "pile, 4 piles": hand.pile_shuffle,
}


def test_exact_law_is_exact_or_none():
    naive = shuffles.naive_swap_shuffle
    assert exact.exact_law(naive, 4) == exact.distribution(naive, 4)
    assert exact.exact_law(shuffles.retry_shuffle, 4) is None            # unbounded tree
    assert exact.exact_law(shuffles.knuth_shuffle, 7) is None            # above LAW_MAX_CARDS
    six = exact.exact_law(shuffles.naive_swap_shuffle, 6)                # 6^6 = 46,656 paths fit
    assert len(six) == 720 and sum(six.values()) == 1


def riffle_then_overhand(deck, rng=None):
    """Exercise 3 of lesson 11: a riffle (29,894 paths on 6 cards), then an overhand."""
    return hand.overhand_shuffle(riffle.riffle(deck, rng), rng)


def test_exact_law_says_why_it_is_out_of_reach():
    assert exact.exact_law_or_reason(shuffles.retry_shuffle, 3) == (
        None, "unbounded paths\n(it may redraw forever)")
    assert exact.exact_law_or_reason(shuffles.knuth_shuffle, 7) == (None, "more than 6 cards")
    assert exact.exact_law_or_reason(shuffles.naive_swap_shuffle, 6, max_paths=20_000) == (
        None, "about 46,656 paths,\nmore than the limit of 20,000")
    law, reason = exact.exact_law_or_reason(riffle_then_overhand, 6)
    estimate = exact.estimate_paths(riffle_then_overhand, 6)
    assert law is None and estimate > exact.LAW_MAX_PATHS
    assert reason == f"about {estimate:,.0f} paths,\nmore than the limit of 50,000"
    assert exact.exact_law_or_reason(shuffles.sattolo_shuffle, 4)[1] == ""


def middle_text(panel) -> str:
    """The note shown over the middle matrix's place (where there is no exact law)."""
    middle = panel.figure.axes[1]
    return " ".join(t.get_text() for t in panel.figure.texts
                    if t.get_visible() and t.get_transform() == middle.transAxes)


def test_lab_panel_names_the_real_reason_for_no_exact_law():
    algorithms = {"retry repeats": shuffles.retry_shuffle,
                  "naive swap": shuffles.naive_swap_shuffle}
    panel = lab_panel(algorithms, name="retry repeats", n=6, trials=1000,
                      max_exact_paths=20_000)
    assert middle_text(panel) == "no exact law here:\nunbounded paths\n(it may redraw forever)"
    panel.controls["name"].value = "naive swap"
    assert middle_text(panel) == ("no exact law here:\nabout 46,656 paths,\n"
                                  "more than the limit of 20,000")
    panel.controls["n"].value = 5                                      # 3,125 paths: drawn
    assert middle_text(panel) == ""
    panel.controls["n"].value = 7
    assert middle_text(panel) == "no exact law here:\nmore than 6 cards"


def test_the_detective_player_makes_its_frames_in_place_with_a_fresh_figures_pixels(
        monkeypatch):
    """Each case after the first is the panel's update of the figure drawn before: the
    frames must be those of every case drawn on an emptied figure."""
    import re

    from cardlib.widgets import lab

    suspects = ["Knuth's swaps", "naive swap", "Sattolo", "one riffle"]
    def frames(page: str) -> list[str]:  # the player's script: frames[i] = "data:...", wrapped
        return [f.replace("\\\n", "") for f in re.findall(r'frames\[\d+\] = "([^"]*)"', page)]

    drawn = []  # the figures drawn afresh
    draw_case = lab._draw_case
    monkeypatch.setattr(lab, "_draw_case", lambda *args: drawn.append(1) or draw_case(*args))
    in_place = frames(lab.detective_player(ALGORITHMS, suspects, cases=4).data)
    assert len(drawn) == 1
    original = lab.frame_player
    monkeypatch.setattr(lab, "frame_player", lambda draw, n, **options: original(
        lambda fig, i: draw(fig, i) and None, n, **options))  # no update: every frame afresh
    afresh = frames(lab.detective_player(ALGORITHMS, suspects, cases=4).data)
    assert len(set(in_place)) == 4 and in_place == afresh


def test_the_lab_is_built_for_a_shuffle_that_refuses_some_deck_sizes():
    """Its first shuffle's laws are worked out as it is built, at every deck size: a faro
    refuses odd decks, which must not stop the panel (only a move to one shows it)."""
    panel = lab_panel({"in-shuffle": hand.in_shuffle, "Knuth": shuffles.knuth_shuffle},
                      n=4, trials=1000)
    panel.controls["n"].value = 6
    assert middle_text(panel) == ""
    with pytest.raises(ValueError, match="even number of cards"):
        panel.controls["n"].value = 5


def test_largest_card_distance_by_hand():
    assert mixing.largest_card_distance(np.full((4, 4), 0.25)) == 0
    identity = np.eye(5)
    assert mixing.largest_card_distance(identity) == pytest.approx(0.8)
    law = exact.distribution(shuffles.sattolo_shuffle, 4)
    matrix = np.array(stats.exact_position_matrix(law), dtype=float)
    # Sattolo on 4 cards: each card at one of the 3 other places, 1/3 each: 1/2 (1/4 + 3 * 1/12)
    assert mixing.largest_card_distance(matrix) == pytest.approx(0.25)


def test_order_test_switches_to_the_bottom_card_when_orders_are_too_many():
    decks = stats.simulate(shuffles.knuth_shuffle, 4, 120, seed=1)      # 120 = 5 * 4!
    test, what = evidence.order_test(decks)
    assert what == "all 24 orders" and test.dof == 23
    decks = stats.simulate(shuffles.knuth_shuffle, 4, 119, seed=1)
    test, what = evidence.order_test(decks)
    assert what == "where the bottom card lands" and test.dof == 3


def test_distance_by_trials_uses_only_the_first_decks():
    decks = stats.simulate(shuffles.knuth_shuffle, 5, 1000, seed=3)
    checkpoints, distances = evidence.distance_by_trials(decks)
    assert checkpoints == [100, 300, 1000]
    assert distances[0] == mixing.largest_card_distance(stats.count_positions(decks[:100]))


def test_lab_panel_at_every_extreme_for_every_algorithm():
    panel = lab_panel(ALGORITHMS, name="naive swap", n=5, trials=1000)
    for name in ALGORITHMS:
        panel.controls["name"].value = name
        for n in (3, 10):
            panel.controls["n"].value = n
            title = panel.figure._suptitle.get_text()
            assert title.startswith(f"{name}, {n} cards. Chi-square on "), title
    panel.controls["name"].value = "naive swap"
    panel.controls["trials"].value = 100_000
    assert "where the bottom card lands" in panel.figure._suptitle.get_text()   # 10 cards
    panel.controls["n"].value = 3
    assert "Chi-square on all 6 orders" in panel.figure._suptitle.get_text()
    assert panel.output.outputs[0]["data"]["image/png"]


def test_detective_hides_then_reveals_every_case():
    suspects = ["Knuth's swaps", "naive swap", "Sattolo", "first card + stride",
                "sort, random comparator", "one riffle", "one overhand", "pile, 4 piles"]
    panel = detective_panel(ALGORITHMS, suspects)
    answers = {evidence.hidden_shuffle(case, suspects) for case in range(1, 21)}
    assert len(answers) >= 5                     # the 20 cases are not all the same suspect
    for case in (1, 20):
        panel.controls["case"].value = case
        assert "which shuffle" in panel.figure._suptitle.get_text()
        answer = evidence.hidden_shuffle(case, suspects)
        panel.controls["guess"].value = answer
        panel.controls["reveal"].value = True
        title = panel.figure._suptitle.get_text()
        assert title == f"Case {case}: it was {answer}. Your guess: right!"
        panel.controls["reveal"].value = False
    with pytest.raises(ValueError, match=r"suspects \['faro'\] are not among the shuffles"):
        detective_panel(ALGORITHMS, ["faro"])


HARD_SUSPECTS = ["Knuth's swaps", "naive swap", "sort, random comparator", "first card + stride",
                 "pile, 4 piles"]


def _texts(fig) -> str:
    """Every piece of text the figure shows: titles, labels, ticks, legends."""
    return " | ".join(t.get_text() for t in fig.findobj(lambda a: hasattr(a, "get_text"))
                      if t.get_visible())


def test_the_hard_detective_counts_nothing_for_you_and_keeps_one_colour_scale():
    panel = detective_panel(ALGORITHMS, HARD_SUSPECTS, level="hard", n=6)
    scales = set()
    for case in (1, 9, 13, 8, 20):
        panel.controls["case"].value = case
        answer = evidence.hidden_shuffle(case, HARD_SUSPECTS, balanced=True)
        texts = _texts(panel.figure)
        assert f"Hard case {case}: which shuffle made these 500 decks?" in texts
        assert "orders appeared" not in texts and answer not in texts.replace(
            "your guess", ""), texts   # neither the count of orders nor the name
        image = panel.figure.axes[0].images[0]
        scales.add((image.norm.vmin, image.norm.vcenter, image.norm.vmax))
        panel.controls["guess"].value = answer
        panel.controls["reveal"].value = True
        assert panel.figure._suptitle.get_text() == (
            f"Hard case {case}: it was {answer}. Your guess: right!")
        panel.controls["reveal"].value = False
    assert scales == {(0.0, 1 / 6, 2 / 6)}   # the same colours mean the same chance in every case
    answers = [evidence.hidden_shuffle(case, HARD_SUSPECTS, balanced=True) for case in range(1, 21)]
    assert sorted(answers) == sorted(HARD_SUSPECTS * 4)   # each suspect the answer 4 times in 20
    easy = detective_panel(ALGORITHMS, HARD_SUSPECTS, n=6)
    easy.controls["case"].value = 13           # first card + stride: 12 orders, each very often
    assert "12 of the 720 orders appeared" in _texts(easy.figure)
    with pytest.raises(ValueError, match="level"):
        detective_panel(ALGORITHMS, HARD_SUSPECTS, level="expert")


def test_hard_detective_updates_give_the_pictures_of_fresh_figures():
    from panel_checks import assert_updates_match_fresh_figures

    panel = detective_panel(ALGORITHMS, HARD_SUSPECTS, level="hard", n=6, cases=20)
    kept = assert_updates_match_fresh_figures(panel, [
        {"case": 13}, {"case": 9}, {"guess": "naive swap"}, {"reveal": True}, {"case": 8},
        {"reveal": False}, {"case": 2, "guess": "pile, 4 piles"}])
    assert kept == 7


def test_order_counts_agree_with_a_plain_count():
    decks = stats.simulate(shuffles.knuth_shuffle, 4, 500, seed=2)
    counts = stats.order_counts(decks)
    assert sum(counts.values()) == 500
    for order, count in counts.items():
        assert count == sum(tuple(row) == order for row in decks.tolist())


def test_order_test_tells_fair_from_unfair():
    for shuffle, fair in ((shuffles.knuth_shuffle, True), (shuffles.stride_shuffle, False),
                          (hand.overhand_shuffle, False), (shuffles.naive_swap_shuffle, False)):
        test, what = evidence.order_test(stats.simulate(shuffle, 4, 24_000, seed=6))
        assert what == "all 24 orders" and test.dof == 23
        assert (test.p_value > 0.001) == fair, (shuffle.__name__, test)


def test_order_counts_matches_sorting_whole_rows():
    import numpy as np

    for n in (1, 2, 5, 10):
        decks = stats.simulate(shuffles.naive_swap_shuffle, n, 3000, seed=n)
        rows, counts = np.unique(decks, axis=0, return_counts=True)
        expected = {tuple(int(c) for c in row): int(k) for row, k in zip(rows, counts)}
        assert list(stats.order_counts(decks).items()) == list(expected.items())
    big = np.array([[10**6, -1], [3, 2], [10**6, -1]])  # no integer code: rows sorted instead
    assert stats.order_counts(big) == {(3, 2): 1, (10**6, -1): 2}


def test_lab_panel_updates_give_the_pictures_of_fresh_figures():
    from panel_checks import (
        assert_remembered_pictures_match_fresh_figures,
        assert_updates_match_fresh_figures,
    )

    algorithms = {"naive swap": shuffles.naive_swap_shuffle, "Knuth": shuffles.knuth_shuffle,
                  "one riffle": riffle.riffle, "one overhand": hand.overhand_shuffle}
    panel = lab_panel(algorithms, name="naive swap", n=5, trials=3000)
    kept = assert_updates_match_fresh_figures(panel, [
        {"trials": 1000}, {"name": "Knuth"}, {"trials": 30_000}, {"name": "naive swap"},
        {"n": 6}, {"name": "one riffle"}, {"name": "one overhand"}, {"trials": 3000},
        {"n": 9}, {"name": "Knuth", "seed": 3}, {"n": 3}, {"name": "naive swap"}])
    assert kept == 12  # every change kept the figure: deck sizes and exact side included
    assert panel.figure not in panel._hint  # painted over the saved picture, not whole
    assert assert_remembered_pictures_match_fresh_figures(
        panel, [{"trials": 1000}, {"name": "Knuth"}, {"n": 6}],
        new=[{"seed": 5}, {"name": "one overhand"}, {"n": 4}]) == 3


def test_detective_panel_updates_give_the_pictures_of_fresh_figures():
    from panel_checks import assert_updates_match_fresh_figures

    algorithms = {"naive swap": shuffles.naive_swap_shuffle, "Knuth": shuffles.knuth_shuffle,
                  "one riffle": riffle.riffle}
    panel = detective_panel(algorithms, list(algorithms), n=5, trials=2000, cases=9)
    kept = assert_updates_match_fresh_figures(panel, [
        {"case": 2}, {"guess": "Knuth"}, {"reveal": True}, {"case": 9}, {"reveal": False},
        {"case": 1, "guess": "one riffle"}])
    assert kept == 6


def test_the_distance_plot_keeps_one_frame_that_holds_every_point():
    """The lab's distance plot keeps its frame (100 to 100,000 decks, 0.0001 to 1) for every
    shuffle, deck size, number of decks and seed, so states compare at a glance, and widens it
    only for a value outside: no point is ever cut off."""
    panel = lab_panel(ALGORITHMS, name="naive swap", n=5, trials=30_000)
    right = panel.figure.axes[2]
    frame = right.get_xlim(), right.get_ylim()
    assert frame[0][0] < 100 and frame[0][1] > 100_000
    assert frame[1][0] < 1e-4 and frame[1][1] > 1
    for values in ({"seed": 7}, {"trials": 1000}, {"name": "Sattolo"}, {"n": 3},
                   {"name": "first card + stride", "n": 10, "trials": 100_000}):
        panel.show(**values)
        right = panel.figure.axes[2]
        assert (right.get_xlim(), right.get_ylim()) == frame, values
        for line in right.lines:
            y = np.asarray(line.get_ydata(), dtype=float)
            assert (y > frame[1][0]).all() and (y < frame[1][1]).all(), values
    # The legend always says what the exact distance is, drawn or not.
    for name, n, words, drawn in (("Knuth's swaps", 5, "exact: 0 (fair)", False),
                                  ("naive swap", 5, "exact", True),
                                  ("naive swap", 9, "exact: out of reach", False)):
        panel.show(name=name, n=n)
        right = panel.figure.axes[2]
        assert right.get_legend().get_texts()[2].get_text() == words
        assert right.lines[2].get_visible() is drawn
    # A value below the frame widens it rather than fall out of the picture.
    from matplotlib.figure import Figure

    from cardlib.plots import distance_curves
    ax = Figure().subplots()
    distance_curves(ax, "x", ([100, 1000], [0.5, 1e-4]), ([100, 1000], [0.2, 0.05]),
                    frame=((100, 100_000), (1e-3, 1)))
    assert ax.get_ylim()[0] < 1e-4 < 1e-3 < ax.get_ylim()[1]  # widened below 1e-4


@pytest.mark.parametrize("fixed", [False, True])
def test_an_order_count_band_given_another_batch_is_the_picture_drawn_afresh(fixed):
    """The band and legend stay; the batch's line, the counts axis and the title change."""
    from matplotlib.figure import Figure

    from cardlib.plots import clear, order_count_band, set_order_count_band
    from cardlib.widgets.panel import figure_output

    rng = np.random.default_rng(5)
    batches = [sorted(rng.multinomial(600, [1 / 24] * 24), reverse=True),  # every order seen
               sorted(rng.multinomial(600, [1 / 6] * 6 + [0] * 18), reverse=True),  # 6 of 24
               [600] + [0] * 23]

    def picture(counts, before=None):
        fig = Figure(figsize=(6, 4))
        ax = fig.add_subplot()
        ax.set_yscale("symlog", linthresh=10)
        order_count_band(ax, before or counts, 600, fixed=fixed)
        if before is not None:
            assert set_order_count_band(ax, counts, 600, fixed=fixed)
        return figure_output(fig)["data"]["image/png"]

    for before, counts in zip(batches, batches[1:] + batches[:1]):
        assert picture(counts, before) == picture(counts)
    fig = Figure()
    ax = fig.add_subplot()
    order_count_band(ax, batches[0], 600)
    assert set_order_count_band(ax, batches[0][:6], 600) is None  # another number of orders
    # New ticks within the same limits (the band's top above both batches): the axis changed.
    order_count_band(clear(ax), [18] + [5] * 23, 600)
    limits = ax.get_ylim()
    assert ax.yaxis in set_order_count_band(ax, [22] + [5] * 23, 600)
    assert ax.get_ylim() == limits and 20 in ax.get_yticks()
