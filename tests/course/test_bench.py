"""The benchmark runs and reports what it measured (no timed assertions here)."""

import json
import random

import bench
import nbformat


def test_choice_and_remove_is_seed_001s_shuffle():
    rng, again = random.Random(3), random.Random(3)
    shuffled = bench.choice_and_remove(range(20), rng)
    assert sorted(shuffled) == list(range(20))
    pile, expected = list(range(20)), []
    while pile:  # the seed's loop, written out: choose, then remove by value
        expected.append(again.choice(pile))
        pile.remove(expected[-1])
    assert shuffled == expected


def test_quick_run_writes_every_row_to_json(tmp_path, capsys):
    out = tmp_path / "bench.json"
    report = bench.main(["--quick", "--only", "python", "exact", "--json", str(out)])
    assert json.loads(out.read_text(encoding="utf-8")) == report
    names = [row["name"] for row in report["rows"]]
    assert "knuth_shuffle / random.shuffle, 52 cards" in names
    assert any(name.startswith("exact.distribution(retry_shuffle") for name in names)
    for row in report["rows"]:
        assert set(row) == {"section", "name", "value", "unit", "goal", "met", "note"}
        assert row["met"] in (True, False, None)
    assert report["machine"]["cores"] >= 1
    printed = capsys.readouterr().out
    assert "knuth_shuffle / random.shuffle" in printed and str(out) in printed


def test_notebook_section_times_every_panel(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        "import ipywidgets\nfrom cardlib import widgets\n"
        "def draw(fig, n):\n    fig.add_subplot().plot(range(n))\n"
        "tiny = widgets.live_figure(draw, n=ipywidgets.IntSlider(value=3))")]
    nbformat.write(nb, tmp_path / "01_tiny.ipynb")
    rows = bench.bench_notebooks(quick=True, directory=tmp_path)
    assert [row["section"] for row in rows] == ["notebooks", "sliders", "notebooks"]
    assert rows[1]["name"] == "01_tiny: tiny, n" and rows[1]["value"] > 0
    assert "5 moves over its range" in rows[1]["note"]  # from 3 to 0, 25, 50, 75 and 100
    assert rows[2]["name"] == "all 1 lessons, one after another"


def test_spread_values_cover_each_kind_of_control_from_end_to_end():
    import ipywidgets as widgets

    from cardlib_course.kernel import spread_values

    assert spread_values(widgets.IntSlider(value=7, min=3, max=10)) == [3, 5, 7, 8, 10]
    assert spread_values(widgets.IntSlider(value=4, min=2, max=52, step=2)) == [2, 14, 26, 40, 52]
    assert spread_values(widgets.SelectionSlider(options=[10, 100, 1000])) == [10, 100, 1000]
    assert spread_values(widgets.Dropdown(options=[("a", 1), ("b", 2)])) == [1, 2]
    assert spread_values(widgets.Checkbox(value=True)) == [False, True]
    assert spread_values(widgets.IntSlider(value=1, min=0, max=100), 3) == [0, 50, 100]
