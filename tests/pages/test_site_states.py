"""The states a static page offers for a live panel, drawn in-process (no kernel, no browser).

:func:`cardlib_course.kernel.panel_states` runs inside each lesson's kernel at build
time; here it runs on small panels made in the test, so its choices can be
checked one by one: the grid, the buttons, the pictures, the descriptions.
"""

from __future__ import annotations

import base64
import io
import itertools
import math
import random

import ipywidgets as widgets
import numpy as np
import PIL.Image
import pytest
from hypothesis import given
from hypothesis import strategies as st
from matplotlib.figure import Figure

from cardlib.plots.words import describe_figure
from cardlib.widgets import LivePanel
from cardlib_course.controls import first_picture, panel_html
from cardlib_course.kernel import panel_states, render_states, snake
from cardlib_course.states import (
    allocate,
    grid,
    page_control,
    state_allowances,
    webp_data_uri,
)


def _bars(fig, colour, outline, bars, seed):
    rng = random.Random(seed)
    ax = fig.add_subplot()
    ax.bar(range(bars), [rng.randrange(1, 10) for _ in range(bars)], color=colour,
           edgecolor="black" if outline else colour)
    ax.set(title=f"{bars} bars, seed {seed}", xlabel="bar", ylabel="height")


def _panel() -> LivePanel:
    controls = {
        "colour": widgets.Dropdown(options=[("blue", "#0072B2"), ("orange", "#E69F00")],
                                   description="colour"),
        "outline": widgets.Checkbox(value=False, description="outline"),
        "bars": widgets.IntSlider(value=3, min=2, max=40, description="bars"),
        "seed": widgets.BoundedIntText(value=10, min=0, max=99, description="seed"),
    }
    reshuffle = widgets.Button(description="Reshuffle", tooltip="the next seed")
    reshuffle.on_click(lambda _: setattr(controls["seed"], "value", controls["seed"].value + 1))
    return LivePanel(_bars, controls, figsize=(4, 2.5), buttons=[reshuffle])


def _pixels(uri_or_png) -> np.ndarray:
    raw = uri_or_png if isinstance(uri_or_png, bytes) else base64.b64decode(
        uri_or_png.split(",", 1)[1])
    with PIL.Image.open(io.BytesIO(raw)) as image:
        return np.asarray(image.convert("RGB"))


def test_every_state_is_the_picture_a_fresh_figure_gives():
    panel = _panel()
    found = panel_states(panel, max_states=32)
    labels = [c["labels"] for c in found["controls"]]
    assert labels[:2] == [["blue", "orange"], ["off", "on"]]  # lists and boxes keep every value
    # 2 x 2 for the list and the box leave 8 for the slider and the seed: 3 of each, at least
    assert labels[2] == ["2", "3", "40"]  # a grid with the ends and the first value
    assert labels[3] == ["10", "11", "12"]  # the seeds Reshuffle steps through
    assert found["count"] == math.prod(map(len, labels)) == 36
    assert found["buttons"] == [{"label": "Reshuffle", "tooltip": "the next seed",
                                 "moves": {"seed": [1, 2, 0]}}]
    assert found["note"] == ("On this page: bars = 2, 3, 40; seed = 10, 11, 12 "
                             "(Reshuffle cycles through them).")
    assert panel.values() == {"colour": "#0072B2", "outline": False, "bars": 3, "seed": 10}
    # a few states, drawn again from scratch by a second panel, give the same pixels
    other = _panel()
    sizes = [len(values) for values in labels]
    for flat in (0, 5, found["count"] - 1):
        index = np.unravel_index(flat, sizes)
        values = {"colour": ["#0072B2", "#E69F00"][index[0]], "outline": bool(index[1]),
                  "bars": int(labels[2][index[2]]), "seed": int(labels[3][index[3]])}
        fresh = other.draw_afresh(**values)
        image, alt = found["states"][flat]
        assert (_pixels(found["images"][image]) == _pixels(fresh)).all(), values
        assert alt.endswith(f"Shown at colour = {['blue', 'orange'][index[0]]}, outline = "
                            f"{['off', 'on'][index[1]]}, bars = {values['bars']}, "
                            f"seed = {values['seed']}.")
        assert alt.startswith(f"Figure: {values['bars']} bars, seed {values['seed']} "
                              "(height against bar).")


def test_the_same_picture_is_kept_once():
    def draw(fig, n, shown):
        fig.add_subplot().set_title("always the same")

    panel = LivePanel(draw, {"n": widgets.IntSlider(value=1, min=1, max=3),
                             "shown": widgets.Checkbox(value=True)}, figsize=(2, 1))
    found = panel_states(panel)
    assert found["count"] == 6 and len(found["images"]) == 1
    assert first_picture(found)[0] == found["images"][0]


def test_a_button_that_moves_a_slider_is_left_out_with_a_note():
    slider = widgets.IntSlider(value=0, min=0, max=5, description="step")
    forward = widgets.Button(description="Next")
    forward.on_click(lambda _: setattr(slider, "value", min(slider.value + 1, 5)))
    panel = LivePanel(lambda fig, step: fig.add_subplot().set_title(f"step {step}"),
                      {"step": slider}, figsize=(2, 1), buttons=[forward])
    found = panel_states(panel)
    assert found["buttons"] == [] and found["note"] == "Next needs JupyterLab."
    assert found["count"] == 6


def test_panel_html_offers_the_controls_jupyterlab_shows():
    page = panel_html({**panel_states(_panel(), max_states=32), "panel": 3})
    assert page.startswith('<div class="cardlib-panel" data-panel="3">')
    assert '<select data-control="0"><option value="0" selected>blue</option>' in page
    assert '<input type="checkbox" data-control="1"> outline</label>' in page
    assert 'type="range" min="0" max="' in page and 'data-control="2"' in page
    assert ('<input type="number" min="10" max="12" step="1" value="10" data-control="3">'
            in page)
    assert 'data-button="0" title="the next seed">Reshuffle</button>' in page
    assert page.count("<script") == 2 and "</script></div>" in page
    assert "<\\/" not in page.split("cardlib-states")[0]


def _noise_panel(size: float) -> LivePanel:
    """A panel of noise whose pictures grow with the figure (a data cell every 4 pixels)."""

    def noise(fig, seed):
        fig.set_layout_engine("constrained")  # (room for the title and ticks at any size)
        ax = fig.add_subplot()
        rows = int(size * 96 * 2 / 3 / 4)
        ax.imshow(np.random.default_rng(seed).random((rows, rows * 3 // 2)), cmap="PuOr_r",
                  interpolation="nearest")
        ax.set_title(f"noise {seed}")

    return LivePanel(noise, {"seed": widgets.IntSlider(value=0, min=0, max=99,
                                                       description="seed")},
                     figsize=(size, size * 2 / 3))


def test_render_states_sweeps_then_shows_one_output(capsys, monkeypatch):
    shown = []
    monkeypatch.setattr("cardlib_course.kernel.display", lambda data, raw: shown.append(data))
    summary = render_states([_noise_panel(2), _noise_panel(2)], max_states=5)
    assert summary.startswith("moved 2 controls of 2 panels to both ends and back in ")
    assert "drew 10 states (10 different pictures)" in summary
    assert capsys.readouterr().out.strip() == summary
    (data,) = shown
    panels = data["application/vnd.cardlib.panel-states+json"]["panels"]
    assert [p["panel"] for p in panels] == [0, 1]
    # at most 5 of 0..99: the ends and the first value, evenly spaced round numbers between
    assert panels[0]["controls"][0]["labels"] == ["0", "25", "50", "75", "99"]
    assert panels[0]["note"] == "On this page: seed = 0, 25, 50, 75, 99."


def test_a_page_budget_gives_big_pictures_fewer_states(monkeypatch):
    shown = []
    monkeypatch.setattr("cardlib_course.kernel.display", lambda data, raw: shown.append(data))
    small, big = _noise_panel(2), _noise_panel(6)
    sizes = [len(webp_data_uri(panel.png())) for panel in (small, big)]
    assert sizes[1] > 3 * sizes[0]
    budget = 12 * sizes[0] + 4 * sizes[1]
    render_states([small, big], max_states=12, budget=budget)
    small_states, big_states = shown[0]["application/vnd.cardlib.panel-states+json"]["panels"]
    assert state_allowances(sizes, 12, budget) == [12, 4]
    assert small_states["count"] == len(grid(range(100), 0, 12)) == 11
    assert big_states["count"] == len(grid(range(100), 0, 4)) == 3
    pictures = sum(len(uri) for p in (small_states, big_states) for uri in p["images"])
    assert pictures <= budget * 1.2  # (the budget is set from the first pictures' sizes)


@pytest.mark.parametrize("values, keep, count, expected", [
    (range(1, 105), 56, 12, [1, 10, 20, 30, 40, 50, 56, 70, 80, 90, 104]),
    (range(2, 53), 52, 3, [2, 25, 52]),
    (range(2, 417), 52, 12, [2, 5, 10, 20, 50, 52, 100, 200, 416]),
    ((0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000), 50, 5, [0, 2, 50, 200, 1000]),
    (range(0, 9), 0, 20, list(range(9))),
])
def test_grids_keep_the_ends_and_the_first_value(values, keep, count, expected):
    assert grid(values, keep, count) == expected


@given(st.lists(st.integers(1, 5), min_size=1, max_size=4), st.data())
def test_states_are_drawn_one_move_at_a_time_the_first_control_least(sizes, data):
    """Every state once, each one control's step from the one before; the control put
    first moves only to the next of its values (sizes - 1 times), by default the one with
    the fewest values."""
    outer = data.draw(st.one_of(st.none(), st.permutations(range(len(sizes)))))
    visits = snake(sizes, outer)
    assert sorted(visits) == list(itertools.product(*map(range, sizes)))
    for before, after in zip(visits, visits[1:]):
        assert sorted(abs(a - b) for a, b in zip(before, after))[-2:] in ([1], [0, 1])
    least = sizes.index(min(sizes)) if outer is None else outer[0]
    assert sum(a[least] != b[least] for a, b in zip(visits, visits[1:])) == sizes[least] - 1


def test_allocation_keeps_lists_whole_and_gives_each_slider_three():
    assert allocate([11, 8, 5], [True, False, False], 40) == [11, 3, 3]
    assert allocate([4, 15, 5], [True, False, False], 40) == [4, 3, 3]
    assert allocate([2, 39, None], [True, False, False], 40) == [2, 4, 5]


def test_page_controls_and_descriptions():
    slider = widgets.SelectionSlider(options=[300, 1000, 3000], value=1000, description="trials")
    control = page_control("trials", slider)
    assert (control.kind, control.labels, control.start, control.total) == (
        "range", ["300", "1000", "3000"], 1, 3)
    fig = Figure()
    fig.add_subplot().set(title=r"grows like $n^{1.5}$", xlabel="cards", ylabel="seconds")
    fig.colorbar(fig.axes[0].imshow([[0, 1]])).set_label("colour scale")
    assert describe_figure(fig) == "Figure: grows like n^1.5 (seconds against cards)."
    fig.suptitle("Two plots")
    fig.add_subplot(2, 1, 2).set_title("the second")
    assert describe_figure(fig) == ("Figure: Two plots. grows like n^1.5 (seconds against "
                                    "cards). the second.")


def _titled_panel(update_says_where_it_came_from: bool):
    """A panel with an update: exact (the title a fresh figure gets), or one that remembers."""
    fresh_draws = []

    def draw(fig, n):
        fresh_draws.append(n)
        ax = fig.add_subplot()
        ax.set_title(f"n = {n}")
        first = n

        def update(n):
            ax.set_title(f"n = {n}" + (f" (after {first})" if update_says_where_it_came_from
                                       else ""))
            return [ax.title]

        return update

    panel = LivePanel(draw, {"n": widgets.IntSlider(value=1, min=1, max=6)}, figsize=(2, 1))
    return panel, fresh_draws


@pytest.mark.parametrize("remembers", [False, True])
def test_every_state_is_a_fresh_figures_picture_whatever_the_update_does(remembers):
    panel, fresh_draws = _titled_panel(remembers)
    found = panel_states(panel)
    other, _ = _titled_panel(remembers)
    for flat, n in enumerate(range(1, 7)):
        image, alt = found["states"][flat]
        assert (_pixels(found["images"][image]) == _pixels(other.draw_afresh(n=n))).all(), n
        assert alt.startswith(f"Figure: n = {n}")
    # Fresh figures: when the panel is made, for the first state, for the checks, for all six
    # states again when the first check fails, and for the return to the first value.
    checks, again = (1, 6) if remembers else (2, 0)
    assert len(fresh_draws) == 1 + 1 + checks + again + 1
