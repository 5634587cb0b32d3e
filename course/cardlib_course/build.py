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
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import nbformat
from jinja2 import DictLoader
from nbconvert import HTMLExporter
from nbconvert.filters.markdown import markdown2html

from cardlib.checks import checked

from .controls import ZOOM_SCRIPT
from .editors import (
    EDITABLE,
    EDITOR_CSS,
    EDITOR_SCRIPT,
    SETUP,
    WORKER_SCRIPT,
    install_runtime,
    mark_editable,
    prelude,
)
from .kernel import SITE_CELL
from .offline import StaticWidgets, math_to_mathml, site_fonts_css
from .run import execute, find_lessons

__all__ = [
    "REFERENCES", "PAGE_BREAK", "MOVED", "MAX_PAGE_PX", "moved_page", "SCROLL_SCRIPT",
    "site_links", "export",
    "page_names", "split_page", "objectives", "summary", "references_page", "run_lesson",
    "build_site", "main",
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
_LOCAL_LINK = re.compile(r'href="(\d\d_[\w-]+\.ipynb|references\.md)(#[^"]*)?"')

# The JupyterLab look of nbconvert's "lab" template, without the blocks that
# load require.js, the widget manager, MathJax and mermaid from CDNs. site.css
# comes last in <head> so that its font variables win over the theme's.
_TEMPLATE = """{%- extends 'lab/index.html.j2' -%}
{%- block html_head_js -%}{%- endblock html_head_js -%}
{%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{%- block html_head_css -%}<link rel="stylesheet" href="site.css">{%- endblock html_head_css -%}
{%- block any_cell -%}
{%- if cell.metadata.get('cardlib_worked') == 'solution' -%}
<details class="solution"><summary>Show the worked solution</summary>
{{ super() }}
</details>
{%- else -%}{{ super() }}{%- endif -%}
{%- endblock any_cell -%}
{#- A cell whose code is collapsed in JupyterLab (a prediction, whose arguments hold its
    answer) shows only its output on the page; a worked solution shows its code when opened. -#}
{%- block input_group -%}
{%- if cell.metadata.get('cardlib_worked') == 'solution'
      or not cell.metadata.get('jupyter', {}).get('source_hidden') -%}{{ super() }}{%- endif -%}
{%- endblock input_group -%}
{#- What a %%reveal cell shows waits until the prediction above it is committed. -#}
{%- block outputs -%}
{%- if cell.metadata.get('cardlib_worked') == 'reveal' -%}
<div class="cardlib-after-prediction"><p class="cardlib-after-note"><i>Commit your prediction
above to see this.</i></p><div class="cardlib-after-output" hidden>{{ super() }}</div></div>
{%- else -%}{{ super() }}{%- endif -%}
{%- endblock outputs -%}
{#- An exercise cell, where Python runs in the page: an editor, Run and Reset in place of
    its code; its output stays in the same cell (see cardlib_course.editors). -#}
{%- block input -%}
{%- if cell.metadata.get('cardlib_editable') -%}
<label class="cardlib-editor-label" for="editor-{{ cell.id }}">Your code: edit it, then Run</label>
<textarea id="editor-{{ cell.id }}" class="cardlib-editor" spellcheck="false"
 rows="{{ [cell.source.count('\n') + 2, 4] | max }}">{{ cell.source | escape_html }}</textarea>
<div class="cardlib-editor-bar">
<button type="button" class="cardlib-button cardlib-run">Run</button>
<button type="button" class="cardlib-button cardlib-reset">Reset</button>
<span class="cardlib-status" role="status" aria-live="polite"></span></div>
{%- else -%}{{ super() }}{%- endif -%}
{%- endblock input -%}
{%- block body_header -%}{{ super() }}
<nav class="site-nav" aria-label="Site"><a href="index.html">All lessons</a></nav>
{%- endblock body_header -%}
{%- block data_png scoped -%}
{%- set alttext = output | get_metadata('alt', 'image/png') -%}
{%- if alttext -%}{{ super() | replace('<img ', '<img alt="' ~ (alttext | escape_html) ~ '" ', 1) }}
{%- else -%}{{ super() }}{%- endif -%}
{%- endblock data_png -%}
{%- block footer_js -%}<script>{{ resources.cardlib_zoom_script }}</script>
{%- if resources.cardlib_editors -%}
<script type="application/json" id="cardlib-prelude">{{ resources.cardlib_prelude }}</script>
<script>{{ resources.cardlib_editors }}</script>
{%- endif -%}
{%- endblock footer_js -%}
"""

_SITE_CSS = """
main { max-width: 1100px; margin: 0 auto; }
.site-nav { padding: 8px 16px; font-family: var(--jp-ui-font-family); }
.part-nav { font-size: 15px; }
h1.part-title { font-family: var(--jp-content-font-family); font-size: 1.6em;
                padding: 0 16px; margin: 0.4em 0; }
/* Readable for everyone (WCAG 2 AA, checked by axe-core in the tests): links in text are
   underlined, not told apart by colour alone; code colours reach 4.5:1 on the code
   background #f5f5f5 (JupyterLab's own numbers, comments and operators come to 4.2-4.4). */
.jp-RenderedHTMLCommon a:link, .jp-RenderedHTMLCommon a:visited, .site-index a, .site-nav a {
  text-decoration: underline; }
/* The judge's verdicts and the exercise checks' marks come in the palette's green and
   vermillion (3.4:1 and 3.9:1 on white); on the pages, darker shades reach 4.5:1. */
strong[style*="#009E73" i] { color: #00785a !important; }
strong[style*="#D55E00" i] { color: #b34700 !important; }
:root {
  --jp-mirror-editor-number-color: #007400;
  --jp-mirror-editor-comment-color: #3a7272;
  --jp-mirror-editor-operator-color: #8a12d8;
  --jp-mirror-editor-meta-color: #8a12d8;
  --jp-mirror-editor-atom-color: #4646e8;
  --jp-mirror-editor-bracket-color: #6a6a50;
  --jp-mirror-editor-error-color: #d40000;
  --jp-mirror-editor-quote-color: #007600;
}
/* "normal" lets a line grow to fit the large card glyphs instead of overlapping */
.jp-OutputArea-output pre { line-height: normal; }
/* nbconvert's lab CSS lets <pre> in HTML outputs inherit the prose font */
.jp-RenderedHTMLCommon pre { font-family: var(--jp-code-font-family); }
.static-controls { color: #555; font-style: italic; margin: 0 0 4px 0; }
.player-icon { vertical-align: -0.125em; }
math[display="block"] { margin: 0.6em 0; max-width: 100%; overflow-x: auto; overflow-y: hidden; }
details.solution { border-left: 4px solid #009E73; padding: 2px 10px; margin: 6px 0; }
details.solution > summary, .cardlib-prediction summary { cursor: pointer; font-weight: bold; }
details > summary { padding: 6px 0; }  /* a target a finger can hit */
.cardlib-prediction { border-left: 4px solid #0072B2; padding: 2px 10px; margin: 6px 0; }
.cardlib-prediction fieldset { border: none; padding: 0; margin: 4px 0; }
.cardlib-prediction legend { font-style: italic; color: #444; }
.cardlib-choice { display: flex; align-items: center; gap: 8px; min-height: 32px; }
.cardlib-choice input { width: 20px; height: 20px; margin: 0; }
.cardlib-reveal.cardlib-right { border-left: 4px solid #009E73; padding-left: 8px; }
.cardlib-reveal.cardlib-wrong { border-left: 4px solid #D55E00; padding-left: 8px; }
body.site-index { font-family: var(--jp-content-font-family); max-width: 800px;
                  margin: 2em auto; padding: 0 16px; line-height: 1.5; }
.site-index ul.lessons { list-style: none; padding-left: 0; }
.site-index li { margin-bottom: 0.8em; }
.site-index code { font-family: var(--jp-code-font-family); }
/* Live panels: the controls JupyterLab shows, switching between pictures drawn ahead. */
.cardlib-controls { display: flex; flex-wrap: wrap; gap: 6px 18px; align-items: center;
                    margin: 4px 0 6px 0; font-family: var(--jp-ui-font-family); font-size: 14px; }
.cardlib-control { display: inline-flex; align-items: center; gap: 8px; min-height: 36px; }
.cardlib-control input[type="range"] { width: 200px; max-width: 55vw; height: 32px; }
.cardlib-control output { min-width: 3.5em; font-variant-numeric: tabular-nums; }
.cardlib-control select, .cardlib-control input[type="number"] { min-height: 32px;
                                                                  font-size: 14px; }
.cardlib-control input[type="number"] { width: 7em; }
.cardlib-check input { width: 22px; height: 22px; margin: 0; }
.cardlib-button { min-height: 36px; padding: 0 14px; font-size: 14px; cursor: pointer;
                  border: 1px solid #0072B2; border-radius: 3px; background: #e6f1f8; }
/* Figures keep their proportions; a tap opens one shown smaller than drawn at full size. */
.jp-OutputArea-output img { max-width: 100%; height: auto; }
.jp-OutputArea-output img.cardlib-zoomed { max-width: none; width: auto; cursor: zoom-out; }
.jp-OutputArea-output, .cardlib-figure-box { overflow-x: auto; }
@media (hover: hover) { .jp-OutputArea-output img:not(.cardlib-zoomed) { cursor: zoom-in; } }
/* Code scrolls sideways inside its block, as in JupyterLab, instead of being cut. */
.jp-InputArea, .jp-InputArea-editor { overflow: visible; min-width: 0; }
.jp-InputArea-editor .highlight { overflow-x: auto; }
.jp-InputArea-editor .highlight pre { white-space: pre; }
/* Printed output keeps its lines (tables stay aligned) and scrolls sideways when wide. */
.jp-OutputArea-output pre { white-space: pre; overflow-x: auto; word-break: normal; }
.animation { max-width: 100%; }
.anim-buttons { display: flex; flex-wrap: wrap; gap: 2px; }
.anim-buttons button { min-width: 36px; min-height: 36px; padding: 0 6px; }
.anim-slider { max-width: 100%; }
@media (max-width: 800px) {
  .cardlib-shrunk::after { content: "Tap the figure to see it at full size.";
                           display: block; color: #555; font-size: 13px; font-style: italic; }
}
@media (max-width: 600px) {
  .jp-Cell { padding: 4px 2px; }
  .jp-RenderedHTMLCommon { padding-right: 4px; }
  .site-nav { padding: 8px 4px; }
}
"""


#: A box that scrolls sideways (printed output, code at phone width) is reachable with
#: the keyboard: each one that overflows gets tabindex 0, at load and on resizing.
SCROLL_SCRIPT = """(function () {
  function reach() {
    document.querySelectorAll('pre, .highlight, .jp-OutputArea-output').forEach(function (box) {
      if (box.scrollWidth > box.clientWidth + 1) box.tabIndex = 0;
    });
  }
  reach();
  window.addEventListener('load', reach);
  window.addEventListener('resize', reach);
})();"""


@checked
def export(nb: nbformat.NotebookNode, title: str, editors: bool = False) -> str:
    """Render an executed notebook as one offline HTML page.

    With ``editors`` its exercise cells become editors that run Python in the page
    (:mod:`cardlib_course.editors`; the site holds the runtime).
    """
    exporter = HTMLExporter(
        template_name="lab",
        exclude_input_prompt=True,
        exclude_output_prompt=True,
        extra_loaders=[DictLoader({"cardlib_site.html.j2": _TEMPLATE})],
        template_file="cardlib_site.html.j2",
    )
    exporter.register_preprocessor(StaticWidgets(), enabled=True)
    nb = nbformat.from_dict(nb)  # a copy: the caller's notebook stays as it was
    nb.metadata["title"] = title
    resources = {"cardlib_zoom_script": ZOOM_SCRIPT + "\n" + SCROLL_SCRIPT}
    if editors and mark_editable(nb):
        # JSON inside <script>: "</" must not end the element early.
        resources["cardlib_prelude"] = json.dumps(prelude(nb)).replace("</", "<\\/")
        resources["cardlib_editors"] = EDITOR_SCRIPT
    body, _ = exporter.from_notebook_node(nb, resources=resources)
    for cell in nb.cells:  # the whole cell (code and output) is the editable element
        if cell.metadata.get(EDITABLE):
            anchor = f'id="cell-id={html.escape(cell.id)}"'
            setup_json = html.escape(json.dumps(cell.metadata.get(SETUP, [])))
            body = body.replace(anchor, f'{anchor} data-cardlib-editable="{html.escape(cell.id)}"'
                                f' data-cardlib-setup="{setup_json}"', 1)
    return site_links(_named_header_formulas(body))


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


@checked
def page_names(stem: str, nb: nbformat.NotebookNode) -> list[str]:
    """The site's pages for a lesson: ``stem.html``, then ``stem-part2.html``, ...

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# A"),
    ...     nbformat.v4.new_markdown_cell("## B", metadata={"tags": [PAGE_BREAK]})])
    >>> page_names("01_a", nb)
    ['01_a.html', '01_a-part2.html']
    """
    return [f"{stem}.html"] + [f"{stem}-part{k}.html" for k in range(2, len(_breaks(nb)) + 2)]


@checked
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
    nav = re.search(r'<nav\b[^>]*\bclass="site-nav"', page)  # its attributes in any order
    if title is None or nav is None or "</main>" not in page:
        raise ValueError("page must be a lesson page of this site (a <title>, the site's "
                         "<nav> and a <main>)")
    start, end = page.index("</nav>", nav.start()) + len("</nav>"), page.rindex("</main>")
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
        before = (heading + '<nav class="site-nav part-nav" aria-label="Parts of this lesson">'
                  + (f"<strong>{title.group(1)}</strong>, part {k + 1} of {count} · "
                     f'<a href="{names[k - 1]}">back to part {k}</a>' if k else
                     f'Part 1 of {count} · <a href="{names[1]}">part 2</a>')
                  + "</nav>\n")
        after = (f'\n<nav class="site-nav part-nav" aria-label="Next part">'
                 f'<a href="{names[k + 1]}">Continue: part {k + 2} of {count} →</a></nav>\n'
                 if k + 1 < count else "")
        parts.append(head + before + page[bounds[k]:bounds[k + 1]] + after + page[end:])
    return parts


@checked
def site_links(page: str) -> str:
    """Point links between notebooks (``02_x.ipynb``, ``references.md``) at the site's pages.

    >>> site_links('<a href="references.md#martin-2019">x</a> <a href="02_pick.ipynb">y</a>')
    '<a href="references.html#martin-2019">x</a> <a href="02_pick.html">y</a>'
    """
    def to_html(match: re.Match) -> str:
        target = Path(match.group(1)).with_suffix(".html").name
        return f'href="{target}{match.group(2) or ""}"'

    return _LOCAL_LINK.sub(to_html, page)


@checked
def references_page(markdown: str, title: str = "References") -> str:
    """The references (Markdown, with math) as a page of the site."""
    body = site_links(markdown2html(math_to_mathml(markdown)))
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1.0">\n'
        f"<title>{html.escape(title)}</title>\n"
        f'<link rel="stylesheet" href="site.css">\n</head>\n<body class="site-index">\n'
        f'<nav class="site-nav" aria-label="Site"><a href="index.html">All lessons</a></nav>\n'
        f"<main>\n{body}\n</main>\n</body>\n</html>\n"
    )


def _plain(markdown: str) -> str:
    """Markdown inline text without links, emphasis or code marks."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    return re.sub(r"[*_`]+", "", text).strip()


@checked
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


@checked
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


def _index_page(entries: list[tuple[str, str, str, str]], heading: str,
                references: bool = False) -> str:
    items = "\n".join(
        f'<li><a href="{html.escape(page)}"><strong>{html.escape(title)}</strong></a><br>'
        f"{math_to_mathml(html.escape(text, quote=False))}"
        + (f'<details class="objectives"><summary>Objectives, prerequisites, time</summary>'
           f"{goals}</details>" if goals else "")
        + "</li>"
        for page, title, text, goals in entries
    )
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1.0">\n'
        f"<title>{html.escape(heading)}</title>\n"
        f'<link rel="stylesheet" href="site.css">\n</head>\n<body class="site-index">\n'
        f"<main>\n<h1>{html.escape(heading)}</h1>\n<p>{_INTRO}</p>\n"
        f'<ul class="lessons">\n{items}\n</ul>\n'
        + ('<p><a href="references.html">References</a>: the works the lessons cite.</p>\n'
           if references else "")
        + "</main>\n</body>\n</html>\n"
    )


def run_lesson(path: Path) -> nbformat.NotebookNode:
    """Execute the lesson for the site: every cell, then :data:`SITE_CELL` (the panels' states)."""
    return execute(path, [SITE_CELL])


def build_site(
    paths: Iterable[Path],
    out: str | Path = "build/html",
    run: Callable[[Path], nbformat.NotebookNode] | None = None,
    heading: str = "Card shuffling, exactly: the lessons",
    editors: bool = True,
) -> list[Path]:
    """Execute each notebook once with ``run`` and write the site to ``out``.

    ``run`` defaults to :func:`run_lesson`: the lesson, then :data:`SITE_CELL`,
    which draws every state of every live panel for the page. With ``editors``
    the exercise cells run Python in the page, when the runtime can be installed
    (npm); else the build says why in one line and makes the pages without them.

    Returns the pages written, the index first.
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    run = run_lesson if run is None else run
    paths = [Path(path) for path in paths]
    entries, pages = [], []
    why = install_runtime(out / "pyodide", out.parent / ".pyodide-cache") if editors else "off"
    if why is None:
        (out / "cardlib-worker.mjs").write_text(WORKER_SCRIPT, encoding="utf-8")
    elif editors:
        print(f"{why}", file=sys.stderr, flush=True)
    for path in paths:
        print(f"building {path.name}", file=sys.stderr, flush=True)
        nb = run(path)
        title, text = summary(nb)
        names = page_names(path.stem, nb)
        parts = split_page(export(nb, title or path.stem, editors=why is None), _breaks(nb),
                           names)
        for name, part in zip(names, parts):
            (out / name).write_text(part, encoding="utf-8")
            pages.append(out / name)
        entries.append((names[0], title or path.stem, text, objectives(nb)))
    folders = sorted({path.parent for path in paths})
    sources = [folder / REFERENCES for folder in folders if (folder / REFERENCES).exists()]
    if sources:
        page = out / "references.html"
        page.write_text(references_page(sources[0].read_text(encoding="utf-8")),
                        encoding="utf-8")
        pages.append(page)
    written = {page.name for page in pages}
    for old, new in MOVED.items():
        if new in written and old not in written:
            (out / old).write_text(moved_page(new), encoding="utf-8")
    index = out / "index.html"
    index.write_text(_index_page(entries, heading, references=bool(sources)), encoding="utf-8")
    text = "".join(page.read_text(encoding="utf-8") for page in [index, *pages])
    (out / "site.css").write_text(site_fonts_css(text) + _SITE_CSS + EDITOR_CSS,
                                  encoding="utf-8")
    return [index, *pages]


@checked
def moved_page(new: str) -> str:
    """A page at an old address that sends the reader to ``new``."""
    target = html.escape(new)
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta http-equiv="refresh" content="0; url={target}">\n'
            f"<title>This lesson has moved</title>\n</head>\n<body>\n<main>\n"
            f'<p>This lesson has moved: <a href="{target}">{target}</a>.</p>\n'
            f"</main>\n</body>\n</html>\n")


def main(argv: list[str] | None = None) -> int:
    prog = "cardlib-course site"
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, metavar="NOTEBOOK",
                        help="notebooks to build (default: the NN_*.ipynb lessons of --notebooks)")
    parser.add_argument("--notebooks", default=Path("notebooks"), type=Path, metavar="DIR",
                        help="the folder of the lessons and references.md (default: notebooks)")
    parser.add_argument("--out", default=Path("build/html"), type=Path, metavar="DIR",
                        help="output folder (default: build/html)")
    args = parser.parse_args(argv)
    try:
        paths = find_lessons(args.notebooks, args.files)
    except ValueError as error:
        hint = "" if args.files else "; give the lessons' folder with --notebooks DIR"
        print(f"{prog}: {error}{hint}", file=sys.stderr)
        return 2
    pages = build_site(paths, args.out)
    print(f"wrote {len(pages)} pages to {args.out}/ (open {args.out}/index.html)")
    return 0
