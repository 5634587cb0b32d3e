"""The site's pages as a reader meets them: the way on, the licence, and what a page may load.

Every page of the site has a skip link to its lesson, the site's navigation (all lessons,
the previous and next lesson, the glossary and the references), the lesson's downloads (the
notebook, its student edition) and its launch link (Binder, when the repository is known),
and a licence notice at its foot. Its Content-Security-Policy lets it load from its own
site only: scripts from the site's files or inline scripts by their hash, pictures and
fonts from the site or ``data:``, Python's WebAssembly, and connections to the site only,
so that a learner's code in the page reaches no other host. The site's own HTML, CSS and
JavaScript are files of this package (:mod:`cardlib_course.files`).
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from dataclasses import dataclass
from pathlib import Path

from nbconvert.filters.markdown import markdown2html

from cardlib.validation import validate_arguments

from .offline import math_to_mathml

__all__ = ["COMPANIONS", "LICENCE", "Lesson", "site_links", "nav_html", "footer_html",
           "companion_page", "moved_page", "index_page", "content_security_policy", "with_policy",
           "tab_stops"]

#: The pages beside the lessons (Markdown in the lessons' folder): their links reach them on the
#: site, in the student edition and in the grading folder alike.
COMPANIONS = {"references.md": "References", "glossary.md": "术语表 · Glossary"}
#: The licence notice at the foot of every page.
LICENCE = ('The lessons\' text and figures are under <a href="https://creativecommons.org/'
           'licenses/by/4.0/">CC BY 4.0</a>; their code and the cardlib package, under the MIT '
           "License. Copy and adapt them for your course, crediting this project.")
_LOCAL_LINK = re.compile(r'href="(\d\d_[\w-]+\.ipynb|references\.md|glossary\.md)(#[^"]*)?"')


@dataclass(frozen=True)
class Lesson:
    """One lesson's place on the site: its first page, title, neighbours and downloads."""

    page: str
    title: str
    notebook: str
    previous: tuple[str, str] | None = None  # (page, title)
    next: tuple[str, str] | None = None
    binder: str = ""


@validate_arguments
def site_links(page: str) -> str:
    """Point links between notebooks (``02_x.ipynb``, ``references.md``) at the site's pages.

    >>> site_links('<a href="references.md#martin-2019">x</a> <a href="02_pick.ipynb">y</a>')
    '<a href="references.html#martin-2019">x</a> <a href="02_pick.html">y</a>'
    """
    def to_html(match: re.Match) -> str:
        target = Path(match.group(1)).with_suffix(".html").name
        return f'href="{target}{match.group(2) or ""}"'

    return _LOCAL_LINK.sub(to_html, page)


def _site_links(companions: bool) -> str:
    links = ['<a href="index.html">All lessons</a>']
    if companions:
        links += [f'<a href="{Path(name).with_suffix(".html")}">{html.escape(title)}</a>'
                  for name, title in COMPANIONS.items()]
    return " · ".join(links)


@validate_arguments
def nav_html(lesson: Lesson | None = None, companions: bool = True) -> str:
    """The site's navigation for a page: all lessons, the lesson's neighbours, the companions;
    for a lesson, its downloads and its launch link too."""
    if lesson is None:
        return f'<nav class="site-nav" aria-label="Site">{_site_links(companions)}</nav>'
    ways = []
    if lesson.previous:
        ways.append(f'<a href="{html.escape(lesson.previous[0])}" rel="prev">← '
                    f"{html.escape(lesson.previous[1])}</a>")
    if lesson.next:
        ways.append(f'<a href="{html.escape(lesson.next[0])}" rel="next">'
                    f"{html.escape(lesson.next[1])} →</a>")
    name = html.escape(lesson.notebook)
    actions = [f'Download <a href="notebooks/{name}" download>the lesson</a> or '
               f'<a href="notebooks/student/{name}" download>its student edition</a> '
               f"(for JupyterLab)"]
    if lesson.binder:
        actions.append(f'<a href="{html.escape(lesson.binder)}">Open it in Binder</a>')
    return (f'<nav class="site-nav" aria-label="Site">{_site_links(companions)}'
            + (" · " + " · ".join(ways) if ways else "")
            + f'<p class="lesson-actions">{" · ".join(actions)}</p></nav>')


@validate_arguments
def footer_html(lesson: Lesson | None = None) -> str:
    """The foot of a page: the way on, and the licence notice."""
    on = ""
    if lesson is not None and lesson.next:
        on = (f'<nav class="site-nav" aria-label="Next lesson"><a href="'
              f'{html.escape(lesson.next[0])}" rel="next">Next: {html.escape(lesson.next[1])} '
              f"→</a></nav>\n")
    return f'<footer class="site-footer">\n{on}<p>{LICENCE}</p>\n</footer>'


def _page(title: str, body: str, head: str = "") -> str:
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1.0">\n'
            f"<title>{html.escape(title)}</title>\n{head}"
            f'<link rel="stylesheet" href="site.css">\n</head>\n<body class="site-index">\n'
            f'<a class="skip-link" href="#main">Skip to the content</a>\n{nav_html()}\n'
            f'<main id="main" tabindex="-1">\n{body}\n</main>\n{footer_html()}\n</body>\n</html>\n')


@validate_arguments
def companion_page(markdown: str, title: str = "References") -> str:
    """A page beside the lessons (the references, the glossary), from its Markdown."""
    return _page(title, site_links(markdown2html(math_to_mathml(markdown))))


@validate_arguments
def moved_page(new: str) -> str:
    """A page at an old address that sends the reader to ``new``."""
    target = html.escape(new)
    return _page("This lesson has moved", f'<p>This lesson has moved: <a href="{target}">'
                 f"{target}</a>.</p>", head=f'<meta http-equiv="refresh" content="0; '
                 f'url={target}">\n')


@validate_arguments
def index_page(entries: list, heading: str, intro: str) -> str:
    """The list of lessons: (page, title, summary, objectives as HTML) each."""
    items = "\n".join(
        f'<li><a href="{html.escape(page)}"><strong>{html.escape(title)}</strong></a><br>'
        f"{math_to_mathml(html.escape(text, quote=False))}"
        + (f'<details class="objectives"><summary>Objectives, prerequisites, time</summary>'
           f"{goals}</details>" if goals else "")
        + "</li>"
        for page, title, text, goals in entries)
    return _page(heading, f"<h1>{html.escape(heading)}</h1>\n<p>{intro}</p>\n"
                 f'<ul class="lessons">\n{items}\n</ul>')


_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>(.*?)"
                     r"</script>", re.S)
_HANDLER = re.compile(r"\son[a-z]+=\"([^\"]*)\"")


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


@validate_arguments
def content_security_policy(page: str) -> str:
    """The policy that lets ``page`` work and reach nothing but its own site.

    >>> policy = content_security_policy('<script>go()</script><b onclick="x()">b</b>')
    >>> script = next(part for part in policy.split("; ") if part.startswith("script-src"))
    >>> "connect-src 'self'" in policy, "'unsafe-hashes'" in script, "'unsafe-inline'" in script
    (True, True, False)
    """
    scripts = sorted({_hash(html.unescape(text)) for text in _SCRIPT.findall(page)})
    handlers = sorted({_hash(html.unescape(text)) for text in _HANDLER.findall(page)})
    script_src = ["'self'", "'wasm-unsafe-eval'", *scripts]
    if handlers:
        script_src += ["'unsafe-hashes'", *handlers]
    return "; ".join([
        "default-src 'self'",
        "script-src " + " ".join(script_src),
        "style-src 'self' 'unsafe-inline'",  # nbconvert's theme and the figures' sizes
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "worker-src 'self' blob:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
    ])


@validate_arguments
def with_policy(page: str) -> str:
    """``page`` with its :func:`content_security_policy` as the first element of its head."""
    meta = (f'<meta http-equiv="Content-Security-Policy" '
            f'content="{html.escape(content_security_policy(page))}">')
    return page.replace("<head>", "<head>\n" + meta, 1)


_DEAD_STOP = re.compile(r'(<div\b[^>]*\bclass="[^"]*\bjp-[^"]*"[^>]*?) tabindex="0"')


@validate_arguments
def tab_stops(page: str) -> str:
    """Drop the tab stops nbconvert puts on boxes that do nothing; the page's script gives
    one back to each box that scrolls sideways (the keyboard can then scroll it).

    >>> tab_stops('<div class="jp-RenderedImage jp-OutputArea-output" tabindex="0">')
    '<div class="jp-RenderedImage jp-OutputArea-output">'
    """
    return _DEAD_STOP.sub(r"\1", page)
