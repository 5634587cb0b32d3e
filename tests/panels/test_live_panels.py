"""The panel registry that the benchmark times, and batched position counts."""

import ipywidgets
import numpy as np

from cardlib import shuffles, stats, widgets


def test_live_panels_lists_every_panel_made_and_redraws_them():
    def draw(fig, n):
        fig.add_subplot().plot(range(n))

    panel = widgets.live_figure(draw, n=ipywidgets.IntSlider(value=4, min=1, max=9))
    assert widgets.live_panels()[-1] is panel
    first = panel.figure
    panel.redraw()
    assert panel.redraws == 2 and panel.figure is not first
    assert len(panel.figure.axes[0].lines[0].get_xdata()) == 4


def test_count_positions_counts_every_card_at_every_position():
    decks = stats.simulate(shuffles.naive_swap_shuffle, 5, 2000, seed=1)
    expected = np.zeros((5, 5), dtype=int)
    for row in decks:
        for position, card in enumerate(row):
            expected[card, position] += 1
    assert (stats.count_positions(decks) == expected).all()
    assert stats.count_positions(decks[:0]).sum() == 0


def test_bias_panel_uses_the_batched_law_and_falls_back_for_others():
    def reverse(deck, rng=None):  # not registered with simulate
        return list(deck)[::-1]

    batched = stats.simulated_positions(shuffles.sattolo_shuffle, 4, 3000, seed=2)
    assert np.allclose(batched.sum(axis=0), 1) and (np.diag(batched) == 0).all()
    assert (stats.simulated_positions(reverse, 4, 10, seed=2) == np.eye(4)[::-1]).all()


def test_draw_may_return_an_update_that_keeps_the_figure():
    calls = []

    def draw(fig, n):
        line, = fig.add_subplot().plot(range(n))
        calls.append(("draw", n))

        def update(n):
            if n > 5:
                return None  # pretend this needs a new layout
            line.set_data(range(n), range(n))
            calls.append(("update", n))
            return [fig]

        return update

    panel = widgets.live_figure(draw, n=ipywidgets.IntSlider(value=2, min=1, max=9))
    first = panel.figure
    panel.controls["n"].value = 4
    assert panel.figure is first and len(first.axes[0].lines[0].get_xdata()) == 4
    panel.controls["n"].value = 7
    assert panel.figure is not first and calls == [("draw", 2), ("update", 4), ("draw", 7)]
    assert panel.redraws == 3


def _png_size(output):
    import base64
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(base64.b64decode(output["data"]["image/png"])))
    return image.size, image.mode


def test_figure_output_is_the_figure_at_96_dpi_opaque_or_not():
    from matplotlib.figure import Figure

    opaque = Figure(figsize=(5, 2))
    opaque.add_subplot().plot([1, 2])
    opaque.tight_layout()
    assert _png_size(widgets.figure_output(opaque)) == ((480, 192), "RGB")
    clear = Figure(figsize=(5, 2), facecolor="none")
    clear.add_subplot().plot([1, 2])
    assert _png_size(widgets.figure_output(clear)) == ((480, 192), "RGBA")


def _png_pixels(panel) -> np.ndarray:
    import base64
    import io

    import PIL.Image

    data = base64.b64decode(panel.output.outputs[0]["data"]["image/png"])
    return np.asarray(PIL.Image.open(io.BytesIO(data)))


def assert_blit_matches_a_full_draw(panel, changes: list[dict]) -> None:
    """After each change, the blitted picture must equal the same figure drawn whole."""
    for change in changes:
        for name, value in change.items():
            panel.controls[name].value = value
        blitted = _png_pixels(panel)
        panel.output.outputs = (widgets.figure_output(panel.figure),)
        assert (blitted == _png_pixels(panel)).all(), f"blitted picture differs after {change}"


def test_bias_panel_blits_the_same_picture_as_a_full_draw():
    panel = widgets.bias_panel({"naive swap": shuffles.naive_swap_shuffle,
                                "Knuth": shuffles.knuth_shuffle}, n=5, trials=3000)
    first = panel.figure
    assert_blit_matches_a_full_draw(panel, [
        {"trials": 1000}, {"name": "Knuth"}, {"trials": 30_000}, {"trials": 10_000},
        {"name": "naive swap", "trials": 300}])
    assert panel.figure is first  # updated, by blitting
    # Same scale as a fresh figure (the update keeps the layout): the same picture too.
    blitted = _png_pixels(panel)
    panel.rebuild()
    assert panel.figure is not first and (blitted == _png_pixels(panel)).all()


def test_card_faces_are_patches_of_the_axes_with_the_limits_set_for_them():
    from matplotlib.figure import Figure

    from cardlib import cards, plots

    ax = Figure().add_subplot()
    plots.draw_cards(ax, cards.standard_deck()[:6], per_row=3)
    assert len(ax.patches) == 6 and all(p.get_clip_box() is not None for p in ax.patches)
    assert ax.get_xlim()[1] > 0 > ax.get_ylim()[0]  # set by draw_cards, not by the patches


def test_bias_panel_updates_its_figure_for_every_change_with_the_pixels_of_a_fresh_one():
    """Deck sizes and the exact side coming and going included: no figure is rebuilt."""
    from panel_checks import assert_updates_match_fresh_figures

    panel = widgets.bias_panel({"naive swap": shuffles.naive_swap_shuffle,
                                "Knuth": shuffles.knuth_shuffle}, n=8, trials=3000,
                               relative_spread=0.5, max_n=52)
    changes = [{"name": "Knuth"}, {"n": 5}, {"name": "naive swap"}, {"trials": 300},
               {"n": 14}, {"n": 52}, {"trials": 1000}, {"n": 3, "name": "Knuth"}]
    assert assert_updates_match_fresh_figures(panel, changes) == len(changes)
    stretched = widgets.bias_panel({"naive swap": shuffles.naive_swap_shuffle,
                                    "Sattolo": shuffles.sattolo_shuffle}, n=5, trials=3000)
    changes = [{"name": "Sattolo"}, {"trials": 300}, {"n": 9}, {"n": 4}, {"trials": 30_000}]
    assert assert_updates_match_fresh_figures(stretched, changes) == len(changes)


def test_the_cutoff_panel_updates_its_figure_to_the_pixels_of_a_fresh_one():
    from panel_checks import assert_updates_match_fresh_figures

    from cardlib import widgets as panels
    panel = panels.cutoff_panel()
    changes = [{"n": n} for n in (10, 416, 2, 3, 150, 52, 7, 300)]
    kept = assert_updates_match_fresh_figures(panel, changes)
    assert kept == len(changes)  # every move an update of the same figure
    assert panel._hint and panel.figure not in panel._hint  # painted over the saved ticks


def test_the_overhand_panel_updates_its_figure_to_the_pixels_of_a_fresh_one():
    from panel_checks import assert_updates_match_fresh_figures

    panel = widgets.overhand_panel(n=52, shuffles_done=50)
    changes = [{"shuffles_done": s} for s in (100, 0, 1, 1000, 20)] + [
        {"n": 13}, {"shuffles_done": 2}, {"n": 2, "shuffles_done": 500}, {"n": 52}]
    assert assert_updates_match_fresh_figures(panel, changes) == len(changes)


def _text_figure(antialiased: bool = True):
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6, 3), dpi=96)
    ax = fig.add_subplot()
    ax.plot([1, 10, 100], [3, 1, 2])
    ax.set_xscale("log")  # mathtext tick labels: drawn by the mathtext parser, not glyph by glyph
    ax.set_title("A title: Ågj ♠♥ 0.1234", fontsize=13)
    ax.set_ylabel("rotated 90°, 12 pt", fontsize=12)
    ax.text(0.3, 0.5, "turned 30°", rotation=30, transform=ax.transAxes,
            antialiased=antialiased)
    ax.text(0.55, 0.3, "bold\ntwo lines", fontweight="bold", fontsize=15.5,
            transform=ax.transAxes, antialiased=antialiased)
    fig.text(0.013, 0.02, "at a fraction of a pixel", fontsize=9.7)
    return fig


def test_the_glyph_cache_draws_the_pixels_matplotlib_draws():
    """Text drawn from the layouts and glyphs cached equals matplotlib's own, on every kind
    of text."""
    import pytest
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from cardlib.widgets import text as engine

    if engine._GLYPHS_DRAWN is None:
        pytest.skip("this matplotlib draws text its own way (no glyph cache)")
    for antialiased in (True, False):
        stock = _text_figure(antialiased)
        FigureCanvasAgg(stock).draw()
        expected = np.asarray(stock.canvas.buffer_rgba())
        for _ in range(2):  # filling the cache, then drawing from it
            fig = _text_figure(antialiased)
            canvas = engine.agg_canvas(fig)
            canvas.draw()
            assert {"_draw_text_glyphs_and_boxes", "draw_text"} <= set(vars(canvas.get_renderer()))
            assert (np.asarray(canvas.buffer_rgba()) == expected).all()
    assert engine._GLYPHS and engine._LAYOUTS


def test_the_layout_cache_tells_every_variant_of_a_text_apart():
    """One string in every variant a layout depends on, in one figure: laid out from the
    cache, the pixels are matplotlib's own (a key that missed a property would lay out one
    variant as another)."""
    import pytest
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from cardlib.widgets import text as engine

    if engine._GLYPHS_DRAWN is None:
        pytest.skip("this matplotlib lays out text its own way (no layout cache)")
    variants = [{}, {"ha": "right"}, {"ha": "center"}, {"va": "top"}, {"va": "baseline"},
                {"va": "center_baseline"}, {"rotation": 30}, {"rotation": 30,
                                                             "rotation_mode": "anchor"},
                {"linespacing": 2.0}, {"multialignment": "right"}, {"fontsize": 15},
                {"fontweight": "bold"}, {"fontstyle": "italic"}, {"family": "serif"},
                {"fontfamily": "monospace"}, {"wrap": True}, {"usetex": False, "rotation": 90}]

    def figure():
        fig = Figure(figsize=(9, 6), dpi=96)
        for i, options in enumerate(variants):
            fig.text(0.05 + 0.22 * (i % 4), 0.9 - 0.19 * (i // 4), "Ågj line\nand a longer one",
                     **options)
        return fig

    stock = figure()
    FigureCanvasAgg(stock).draw()
    expected = np.asarray(stock.canvas.buffer_rgba())
    engine._TEXT_LAYOUTS.clear()
    for _ in range(2):  # filling the cache, then laying out from it
        fig = figure()
        canvas = engine.agg_canvas(fig)
        canvas.draw()
        assert (np.asarray(canvas.buffer_rgba()) == expected).all()
    assert engine._TEXT_LAYOUTS  # laid out from the cache the second time


def test_the_panels_png_holds_the_figures_pixels():
    import base64
    import io

    import PIL.Image
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    fig = _text_figure()
    output = widgets.figure_output(fig)
    shown = np.asarray(PIL.Image.open(io.BytesIO(base64.b64decode(output["data"]["image/png"]))))
    stock = _text_figure()
    FigureCanvasAgg(stock).draw()
    assert (shown == np.asarray(stock.canvas.buffer_rgba())[..., :3]).all()


def test_a_remembered_picture_is_shown_again_and_the_figure_catches_up():
    from panel_checks import assert_remembered_pictures_match_fresh_figures

    calls = []

    def draw(fig, n, colour):
        ax = fig.add_subplot()
        line, = ax.plot(range(n), color=colour)
        ax.set_xlim(0, 9)
        ax.set_ylim(0, 9)
        title = ax.set_title(f"{n} points")

        def update(n, colour):
            calls.append((n, colour))
            line.set_data(range(n), range(n))
            line.set_color(colour)
            title.set_text(f"{n} points")
            return [line, title]

        update(n, colour)
        return update

    controls = {"n": ipywidgets.IntSlider(value=2, min=1, max=9),
                "colour": ipywidgets.Dropdown(options=["black", "red"])}
    panel = widgets.LivePanel(draw, controls, figsize=(4, 3), remember=True)
    changes = [{"n": 5}, {"colour": "red"}, {"n": 7, "colour": "black"}, {"n": 3}]
    remembered = assert_remembered_pictures_match_fresh_figures(
        panel, changes, new=[{"n": 9}, {"colour": "red"}, {"n": 1}])
    assert remembered == len(changes)
    # Without remembering, every move updates the figure.
    count = len(calls)
    panel.remember = False
    panel.show(n=5, colour="black")
    assert len(calls) == count + 1 and panel.figure.axes[0].get_title() == "5 points"
