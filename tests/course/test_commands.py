"""The commands a lecturer runs, from anywhere: ``cardlib-course site``, ``student`` and
``grading`` (or ``python -m cardlib_course ...``). Each takes the lessons' folder with
``--notebooks DIR``, and fails clearly, on one line, when it finds no lesson (run outside
the repository, say), rather than doing nothing."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardlib_course import build, student
from cardlib_course.__main__ import COMMANDS, main
from cardlib_course.run import find_lessons

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


COMMAND = str(Path(sys.executable).parent / "cardlib-course")
#: The commands that read the lessons (serve reads a built site).
LESSON_COMMANDS = ["grading", "site", "student"]


def test_the_commands_are_the_lesson_commands_and_serve():
    assert sorted(COMMANDS) == sorted([*LESSON_COMMANDS, "serve"])


@pytest.mark.parametrize("command", LESSON_COMMANDS)
def test_outside_the_repository_each_command_fails_on_one_line(command, tmp_path, capsys,
                                                               monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main([command, "--out", str(tmp_path / "out")]) == 2
    said = capsys.readouterr()
    assert said.out == ""
    (line,) = said.err.strip().splitlines()
    assert line == (f"cardlib-course {command}: folder 'notebooks' does not exist; "
                    "give the lessons' folder with --notebooks DIR")
    assert not (tmp_path / "out").exists()


def test_without_a_command_it_lists_them(capsys):
    assert main([]) == 2
    said = capsys.readouterr().err
    assert all(f"cardlib-course {c}" in said for c in COMMANDS)


def test_the_installed_command_and_python_m_run_it():
    """The commands above run in this process (each new Python spends seconds importing
    nbconvert); these two start the installed script and ``python -m`` as a lecturer does."""
    done = subprocess.run([COMMAND, "site", "--help"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("usage: cardlib-course site ")
    done = subprocess.run([sys.executable, "-m", "cardlib_course"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2 and all(f"cardlib-course {c}" in done.stderr for c in COMMANDS)


@pytest.mark.parametrize("main", [build.main, student.main], ids=["site", "student"])
def test_an_empty_folder_or_a_missing_notebook_is_named(main, tmp_path, capsys):
    assert main(["--notebooks", str(tmp_path), "--out", str(tmp_path / "out")]) == 2
    assert f"folder '{tmp_path}' holds no lessons" in capsys.readouterr().err
    assert main([str(tmp_path / "01_gone.ipynb")]) == 2
    assert capsys.readouterr().err.strip().endswith(f"no notebook '{tmp_path / '01_gone.ipynb'}'")
    (tmp_path / "notes.txt").write_text("x")
    assert main([str(tmp_path / "notes.txt")]) == 2
    assert "is not a notebook (.ipynb)" in capsys.readouterr().err


def test_serve_without_a_site_says_how_to_make_one(tmp_path, capsys):
    assert main(["serve", "--dir", str(tmp_path)]) == 2
    assert "cardlib-course site" in capsys.readouterr().err.strip()


@pytest.mark.parametrize("command", LESSON_COMMANDS)
def test_each_command_names_itself(command, capsys):
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    said = capsys.readouterr().out
    assert stop.value.code == 0 and said.startswith(f"usage: cardlib-course {command} ")
    assert "--notebooks DIR" in said


def test_find_lessons_reads_the_folder_in_order():
    assert [path.name for path in find_lessons(NOTEBOOKS)][:2] == [
        "01_fair_shuffle.ipynb", "02_fair_but_costly.ipynb"]
    with pytest.raises(TypeError, match="files must hold paths"):
        find_lessons(NOTEBOOKS, [3])


def test_the_student_edition_from_elsewhere_has_references_its_links_reach(tmp_path, capsys,
                                                                           monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert student.main(["--notebooks", str(NOTEBOOKS), "--out", "edition"]) == 0
    lessons = sorted(path.name for path in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    assert capsys.readouterr().out == (f"wrote {len(lessons)} notebooks without solutions "
                                       "and references.md, glossary.md to edition/\n")
    edition = tmp_path / "edition"
    assert sorted(path.name for path in edition.glob("*.ipynb")) == lessons
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', (edition / "references.md").read_text()))
    links = [anchor for path in edition.glob("*.ipynb")
             for anchor in re.findall(r"\]\(references\.md(?:#([\w-]+))?\)", path.read_text())]
    assert len(links) > 20  # the lessons' Sources cells and citations
    assert {anchor for anchor in links if anchor} <= anchors


#: A lesson in small for the exporter: a panel, an exercise and its worked solution (the site
#: tests run the fuller tests/data/site_sample.ipynb; this one runs in a third of its time).
SMALL_LESSON = [
    ("markdown", "# A small lesson\n\nA bar for each position."),
    ("code", "%load_ext cardlib.widgets\nimport ipywidgets as widgets\n"
             "from cardlib.exercises import TODO, compare_value\n"
             "from cardlib.widgets import live_figure"),
    ("code", "def draw_bars(fig, n):\n    ax = fig.add_subplot()\n"
             "    ax.bar(range(n), [1 / n] * n, color='#0072B2')\n"
             "    ax.set_title(f'{n} positions, each with probability 1/{n}')\n\n"
             "live_figure(draw_bars, figsize=(5, 2.5),\n"
             "            n=widgets.IntSlider(value=3, min=2, max=4))"),
    ("code", "paths = TODO  # how many paths?\ncompare_value(paths, 27, 'the number of paths')"),
    ("code", "%%solution\npaths = 3 ** 3\ncompare_value(paths, 27, 'the number of paths')"),
]


def test_nbconvert_makes_the_working_page_through_the_cardlib_exporter(tmp_path):
    """jupyter nbconvert --to cardlib (the entry point of cardlib-course): the site's page,
    its live panel, its worked solution behind its button, its policy, its files beside it."""
    import nbformat

    v4 = nbformat.v4
    small = tmp_path / "small.ipynb"
    nbformat.write(v4.new_notebook(cells=[
        v4.new_markdown_cell(source) if kind == "markdown" else v4.new_code_cell(source)
        for kind, source in SMALL_LESSON]), small)
    done = subprocess.run([str(Path(sys.executable).parent / "jupyter"), "nbconvert", "--to",
                           "cardlib", "--execute", small.name, "--output-dir", "out"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    out = tmp_path / "out"
    page = (out / "small.html").read_text(encoding="utf-8")
    assert "Show the worked solution" in page and "Content-Security-Policy" in page
    assert "application/vnd.jupyter.widget-view" not in page and 'class="cardlib-panel' in page
    assert "3 positions, each with probability 1/3" in page  # the panel's first picture's words
    assert {"site.css", "site.js", "index.html"} <= {p.name for p in out.iterdir()}
    assert (out / "notebooks" / "student" / small.name).is_file()
