"""Build the static site: run every lesson once and write pages that work offline.

``python -m cardlib_course`` (``make html``) executes each ``notebooks/NN_*.ipynb``
in a fresh kernel and writes ``build/html/``: one page per lesson (a long lesson in
parts, cut before its cells tagged :data:`PAGE_BREAK`), an
``index.html`` listing the lessons with one-line summaries, and ``site.css``.
No page loads anything from another host: the steps of :mod:`cardlib_course.offline`
replace widgets by their saved figures, the player icons by inline SVG, and
formulas by MathML, and ``site.css`` embeds the playing-card glyphs and the
CJK characters the pages use.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import re
import shutil
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import nbformat
from jinja2 import DictLoader
from nbconvert import HTMLExporter
from nbconvert.filters.markdown import markdown2html

from cardlib.validation import validate_arguments

from .editors import (
    EDITABLE,
    LOAD_SECONDS,
    PYODIDE_VERSION,
    RUN_SECONDS,
    RUNTIME,
    SETUP,
    install_runtime,
    mark_editable,
    prelude,
)
from .files import asset
from .kernel import SITE_CELL
from .offline import StaticWidgets, math_to_mathml, site_fonts_css
from .page import (
    COMPANIONS,
    Lesson,
    companion_page,
    footer_html,
    index_page,
    moved_page,
    nav_html,
    site_links,
    tab_stops,
    with_policy,
)
from .run import execute, find_lessons
from .student import student_notebook

__all__ = [
    "REFERENCES", "PAGE_BREAK", "MOVED", "MAX_PAGE_PX", "export", "page_names", "split_page",
    "objectives", "summary", "run_lesson", "binder_link", "repository", "build_site", "main",
]

#: The references page beside the lessons; every lesson's Sources cell links to it.
REFERENCES = "references.md"
#: A Markdown cell tagged so starts a new page of its lesson on the site (a long lesson
#: reads as parts of a reasonable length; the notebook stays one file).
PAGE_BREAK = "new-page"
#: Pages that moved when the lessons were reordered (the lab now comes after the hand
#: shuffles it compares): an old address opens the new page.
MOVED = {"09_probability_lab.html": "11_probability_lab.html",
         "10_hand_shuffles.html": "09_hand_shuffles.html",
         "11_faro_and_dou_di_zhu.html": "10_faro_and_dou_di_zhu.html"}
#: The height a lesson page should stay under at 1366 px wide (the tests measure it).
MAX_PAGE_PX = 14_000


@validate_arguments
def export(nb: nbformat.NotebookNode, title: str, editors: bool = False,
           lesson: Lesson | None = None) -> str:
    """Render an executed notebook as one offline HTML page (the policy is added by the site).

    With ``editors`` its exercise cells become editors that run Python in the page
    (:mod:`cardlib_course.editors`; the site holds the runtime). ``lesson`` gives the page
    its way on (neighbours, downloads, launch link).
    """
    exporter = HTMLExporter(
        template_name="lab",
        exclude_input_prompt=True,
        exclude_output_prompt=True,
        extra_loaders=[DictLoader({"lesson.html.j2": asset("lesson.html.j2")})],
        template_file="lesson.html.j2",
    )
    exporter.register_preprocessor(StaticWidgets(), enabled=True)
    nb = nbformat.from_dict(nb)  # a copy: the caller's notebook stays as it was
    nb.metadata["title"] = title
    resources = {"cardlib_nav": nav_html(lesson), "cardlib_footer": footer_html(lesson)}
    if editors and mark_editable(nb):
        # JSON inside <script>: "</" must not end the element early.
        resources["cardlib_prelude"] = json.dumps(prelude(nb)).replace("</", "<\\/")
    body, _ = exporter.from_notebook_node(nb, resources=resources)
    for cell in nb.cells:  # the whole cell (code and output) is the editable element
        if cell.metadata.get(EDITABLE):
            anchor = f'id="cell-id={html.escape(cell.id)}"'
            setup_json = html.escape(json.dumps(cell.metadata.get(SETUP, [])))
            body = body.replace(anchor, f'{anchor} data-cardlib-editable="{html.escape(cell.id)}"'
                                f' data-cardlib-setup="{setup_json}"', 1)
    return tab_stops(site_links(_named_header_formulas(body)))


_HEADER_FORMULA = re.compile(r'(<th\b[^>]*>\s*)<math alttext="([^"]*)"')


def _named_header_formulas(page: str) -> str:
    """A table header cell that starts with a formula gets the formula's words as its name
    (screen readers, and axe-core, find no text in a bare MathML header cell)."""
    return _HEADER_FORMULA.sub(r'\1<math aria-label="\2" alttext="\2"', page)


def _breaks(nb: nbformat.NotebookNode) -> list[str]:
    """The ids of the cells that start a new page (tagged :data:`PAGE_BREAK`)."""
    found = []
    for index, cell in enumerate(nb.cells):
        if PAGE_BREAK in cell.metadata.get("tags", []):
            if cell.cell_type != "markdown" or "solution" in cell.metadata.get("tags", []):
                raise ValueError(f"cell {index}: only a Markdown cell that is not a solution "
                                 f"can start a page")
            if not cell.get("id"):
                raise ValueError(f"cell {index}: a cell that starts a page needs an id")
            found.append(cell.id)
    return found


@validate_arguments
def page_names(stem: str, nb: nbformat.NotebookNode) -> list[str]:
    """The site's pages for a lesson: ``stem.html``, then ``stem-part2.html``, ...

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# A"),
    ...     nbformat.v4.new_markdown_cell("## B", metadata={"tags": [PAGE_BREAK]})])
    >>> page_names("01_a", nb)
    ['01_a.html', '01_a-part2.html']
    """
    return [f"{stem}.html"] + [f"{stem}-part{k}.html" for k in range(2, len(_breaks(nb)) + 2)]


@validate_arguments
def split_page(page: str, breaks: list[str], names: list[str]) -> list[str]:
    """Cut an exported lesson page before each cell in ``breaks``; link the parts in order.

    Every part keeps the page's head, styles and scripts (the panels carry their own
    pictures), says which part it is, and links to the part before and after.
    """
    if len(names) != len(breaks) + 1:
        raise ValueError(f"{len(breaks)} breaks make {len(breaks) + 1} pages, "
                         f"got {len(names)} names")
    if not breaks:
        return [page]
    title = re.search(r"<title>(.*?)</title>", page, re.S)
    main = re.search(r"<main\b[^>]*>", page)
    if title is None or main is None or "</main>" not in page:
        raise ValueError("page must be a lesson page of this site (a <title> and a <main>)")
    start, end = main.end(), page.rindex("</main>")
    cuts = []
    for cell_id in breaks:
        at = page.find(f'id="cell-id={cell_id}"')
        if not start < at < end:
            raise ValueError(f"no cell {cell_id!r} in the page's main part")
        cuts.append(page.rindex("<div", 0, at))
    if cuts != sorted(cuts):
        raise ValueError("page breaks must be in the order of the cells")
    bounds, count, parts = [start, *cuts, end], len(names), []
    for k in range(count):
        head = page[:start].replace(title.group(0), f"<title>{title.group(1)} "
                                    f"(part {k + 1} of {count})</title>", 1)
        # Every part has a level-one heading: the lesson's title (the first part's is its own).
        heading = (f'<h1 class="part-title">{title.group(1)}, part {k + 1} of {count}</h1>\n'
                   if k else "")
        # The heading names the lesson and the part: the links do not say it again.
        before = (heading + '<nav class="site-nav part-nav" aria-label="Parts of this lesson">'
                  + (f'<a href="{names[k - 1]}">back to part {k}</a>' if k else
                     f'Part 1 of {count} · <a href="{names[1]}">part 2</a>')
                  + "</nav>\n")
        after = (f'\n<nav class="site-nav part-nav" aria-label="Next part">'
                 f'<a href="{names[k + 1]}">Continue: part {k + 2} of {count} →</a></nav>\n'
                 if k + 1 < count else "")
        parts.append(head + before + page[bounds[k]:bounds[k + 1]] + after + page[end:])
    return parts


def _plain(markdown: str) -> str:
    """Markdown inline text without links, emphasis or code marks."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    return re.sub(r"[*_`]+", "", text).strip()


@validate_arguments
def objectives(nb: nbformat.NotebookNode) -> str:
    """The lesson's objectives, prerequisites and time (its cell tagged ``objectives``) as HTML.

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(
    ...     "**In this lesson**\\n\\n- count paths", metadata={"tags": ["objectives"]})])
    >>> "<li>count paths</li>" in objectives(nb)
    True
    """
    for cell in nb.cells:
        if cell.cell_type == "markdown" and "objectives" in cell.metadata.get("tags", []):
            return site_links(markdown2html(math_to_mathml(cell.source)))
    return ""


@validate_arguments
def summary(nb: nbformat.NotebookNode) -> tuple[str, str]:
    """The lesson's title (its first heading) and its one-line summary.

    The summary is the notebook's metadata field ``summary`` if it has one,
    else the first sentence after the title.

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(
    ...     "# Fair shuffles\\n\\nA shuffle is *fair* when every order is equally likely. More.")])
    >>> summary(nb)
    ('Fair shuffles', 'A shuffle is fair when every order is equally likely.')
    >>> nb.metadata["summary"] = "What fair means, and five tempting ideas taken apart."
    >>> summary(nb)[1]
    'What fair means, and five tempting ideas taken apart.'
    """
    title, sentence = "", ""
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        for block in re.split(r"\n\s*\n", cell.source):
            block = block.strip()
            if not title and block.startswith("#"):
                title = _plain(block.splitlines()[0].lstrip("#"))
                block = "\n".join(block.splitlines()[1:]).strip()
            prose = block and not block.startswith(("#", ">", "|", "<", "```", "-", "*"))
            if title and not sentence and prose:
                text = " ".join(block.split())
                sentence = _plain(re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0])
        if title and sentence:
            break
    return title, nb.metadata.get("summary", sentence)


_INTRO = (
    "Each lesson was run once, top to bottom, to make these pages. Every figure that a "
    "slider, a list or a button changes was drawn then for each setting the page offers, "
    "so moving a control shows the right picture at once, offline and with no Python "
    "running. Where a control has more settings than a page can hold, it offers a "
    "selection (the note under the figure lists it). A tap or click on a figure shown "
    "smaller than drawn opens it at full size. To pick any setting or change the code, "
    "open the notebook in JupyterLab (<code>make lab</code>)."
)


def run_lesson(path: Path) -> nbformat.NotebookNode:
    """Execute the lesson for the site: every cell, then :data:`SITE_CELL` (the panels' states)."""
    return execute(path, [SITE_CELL])


@validate_arguments
def repository(folder: Path) -> str:
    """The repository's address, set once: ``$CARDLIB_REPOSITORY``, else ``repository-code`` in
    the ``CITATION.cff`` beside (or above) the lessons' folder; "" when neither says."""
    if os.environ.get("CARDLIB_REPOSITORY"):
        return os.environ["CARDLIB_REPOSITORY"].strip()
    for place in (folder, *folder.resolve().parents[:2]):
        citation = place / "CITATION.cff"
        if citation.is_file():
            found = re.search(r"^repository-code:\s*['\"]?([^'\"\s]+)", citation.read_text(
                encoding="utf-8"), re.M)
            return found.group(1) if found else ""
    return ""


@validate_arguments
def binder_link(address: str, notebook: str) -> str:
    """mybinder.org's link that opens ``notebook`` (in notebooks/) of a GitHub repository.

    >>> binder_link("https://github.com/unsw/shuffling", "01_fair_shuffle.ipynb")
    'https://mybinder.org/v2/gh/unsw/shuffling/HEAD?urlpath=lab/tree/notebooks/01_fair_shuffle.ipynb'
    >>> binder_link("", "01_fair_shuffle.ipynb")
    ''
    """
    found = re.fullmatch(r"https://github\.com/([\w.-]+/[\w.-]+?)(?:\.git)?/?", address)
    if not found:
        return ""
    return (f"https://mybinder.org/v2/gh/{found.group(1)}/HEAD?urlpath=lab/tree/notebooks/"
            f"{notebook}")


def _assets(out: Path, editors: bool) -> None:
    """The site's own files: its script, and for the editors the worker and the service worker
    that keeps Python in the browser's cache across pages (keyed by the Pyodide version)."""
    script = asset("site.js").replace("RUN_SECONDS", str(RUN_SECONDS)).replace(
        "LOAD_SECONDS", str(LOAD_SECONDS))
    (out / "site.js").write_text(script, encoding="utf-8")
    if editors:
        (out / "cardlib-worker.mjs").write_text(asset("worker.mjs"), encoding="utf-8")
        (out / "sw.js").write_text(asset("sw.js").replace("PYODIDE_VERSION", PYODIDE_VERSION)
                                   .replace("RUNTIME_FILES", json.dumps(list(RUNTIME))),
                                   encoding="utf-8")


def _downloads(out: Path, path: Path) -> None:
    """The lesson as committed (no outputs) and its student edition, for JupyterLab."""
    folder = out / "notebooks"
    (folder / "student").mkdir(parents=True, exist_ok=True)
    shutil.copy(path, folder / path.name)
    nbformat.write(student_notebook(nbformat.read(path, as_version=4)),
                   folder / "student" / path.name)
    for name in COMPANIONS:
        if (path.parent / name).is_file():
            for target in (folder, folder / "student"):
                shutil.copy(path.parent / name, target / name)


def build_site(
    paths: Iterable[Path],
    out: str | Path = "build/html",
    run: Callable[[Path], nbformat.NotebookNode] | None = None,
    heading: str = "Card shuffling, exactly: the lessons",
    editors: bool = True,
    address: str | None = None,
    cache: Path | None = None,
) -> list[Path]:
    """Execute each notebook once with ``run`` and write the site to ``out``.

    ``run`` defaults to :func:`run_lesson`: the lesson, then :data:`SITE_CELL`,
    which draws every state of every live panel for the page. With ``editors``
    the exercise cells run Python in the page, when the runtime can be installed
    (npm); else the build says why in one line and makes the pages without them.
    ``address`` is the repository's (for Binder links; default :func:`repository`); ``cache``
    the folder that keeps the downloaded Python runtime (default: ``.pyodide-cache`` beside
    ``out``).

    Returns the pages written, the index first.
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    run = run_lesson if run is None else run
    paths = [Path(path) for path in paths]
    folders = sorted({path.parent for path in paths})
    if address is None:
        address = repository(folders[0]) if folders else ""
    entries, runs, written = [], [], {}
    cache = out.parent / ".pyodide-cache" if cache is None else Path(cache)
    why = install_runtime(out / "pyodide", cache) if editors else "off"
    if why is not None and editors:
        print(f"{why}", file=sys.stderr, flush=True)
    _assets(out, why is None)
    for path in paths:
        print(f"building {path.name}", file=sys.stderr, flush=True)
        nb = run(path)
        title, text = summary(nb)
        runs.append((path, nb, title or path.stem, page_names(path.stem, nb)))
        entries.append((runs[-1][3][0], title or path.stem, text, objectives(nb)))
    for k, (path, nb, title, names) in enumerate(runs):
        before, after = runs[k - 1] if k else None, runs[k + 1] if k + 1 < len(runs) else None
        lesson = Lesson(names[0], title, path.name,
                        (before[3][0], before[2]) if before else None,
                        (after[3][0], after[2]) if after else None,
                        binder_link(address, path.name))
        parts = split_page(export(nb, title, editors=why is None, lesson=lesson), _breaks(nb),
                           names)
        written.update(zip(names, parts))
        _downloads(out, path)
    for name, title in COMPANIONS.items():
        sources = [folder / name for folder in folders if (folder / name).exists()]
        if sources:
            written[Path(name).with_suffix(".html").name] = companion_page(
                sources[0].read_text(encoding="utf-8"), title)
    for old, new in MOVED.items():
        if new in written and old not in written:
            written[old] = moved_page(new)
    pages = {"index.html": index_page(entries, heading, _INTRO), **written}
    for name, page in pages.items():
        (out / name).write_text(with_policy(page), encoding="utf-8")
    (out / "site.css").write_text(site_fonts_css("".join(pages.values())) + asset("site.css"),
                                  encoding="utf-8")
    if not address:
        print("no repository address (CITATION.cff's repository-code, or CARDLIB_REPOSITORY): "
              "the pages have no Binder link", file=sys.stderr, flush=True)
    return [out / name for name in pages if name not in MOVED]


def main(argv: list[str] | None = None) -> int:
    prog = "cardlib-course site"
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, metavar="NOTEBOOK",
                        help="notebooks to build (default: the NN_*.ipynb lessons of --notebooks)")
    parser.add_argument("--notebooks", default=Path("notebooks"), type=Path, metavar="DIR",
                        help="the folder of the lessons and references.md (default: notebooks)")
    parser.add_argument("--out", default=Path("build/html"), type=Path, metavar="DIR",
                        help="output folder (default: build/html)")
    parser.add_argument("--repository", metavar="URL", default=None,
                        help="the lessons' GitHub repository, for Binder links (default: "
                             "CITATION.cff's repository-code)")
    args = parser.parse_args(argv)
    try:
        paths = find_lessons(args.notebooks, args.files)
    except ValueError as error:
        hint = "" if args.files else "; give the lessons' folder with --notebooks DIR"
        print(f"{prog}: {error}{hint}", file=sys.stderr)
        return 2
    pages = build_site(paths, args.out, address=args.repository)
    print(f"wrote {len(pages)} pages to {args.out}/ (open {args.out}/index.html)")
    return 0
