"""``jupyter nbconvert --to cardlib LESSON.ipynb``: the lesson's working page, through nbconvert.

nbconvert finds this exporter through the ``nbconvert.exporters`` entry point of
cardlib-course. It runs the lesson as the site does (every cell, then the panels' states and
the worked solutions: ``--execute`` is not needed, and nbconvert's own execution is left
out, so the lesson runs once), and writes the page with what it needs beside it: the site's
style sheet and script, Python for the editors, the lesson's downloads, and the glossary and
references when they sit beside the lesson. Every control is live, the editors run, the
worked solutions wait behind their button, as on the site that ``cardlib-course site`` makes.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import nbformat
from nbconvert.exporters import Exporter

from .build import build_site

__all__ = ["CardlibExporter"]


class CardlibExporter(Exporter):
    """The site's page for one lesson, with its files beside it."""

    export_from_notebook = "Card shuffling lesson page"
    output_mimetype = "text/html"

    def _file_extension_default(self) -> str:
        return ".html"

    @property
    def default_preprocessors(self) -> list:
        return []  # the lesson is run by build_site, with the site's cells appended

    def from_notebook_node(self, nb, resources=None, **kwargs):
        resources = self._init_resources(resources)
        folder = Path(resources.get("metadata", {}).get("path") or ".")
        name = resources.get("metadata", {}).get("name") or "lesson"
        with tempfile.TemporaryDirectory(prefix="cardlib-page-") as scratch:
            lesson = Path(scratch) / "lessons" / f"{name}.ipynb"
            lesson.parent.mkdir()
            nbformat.write(nb, lesson)
            for companion in ("references.md", "glossary.md"):
                if (folder / companion).is_file():
                    (lesson.parent / companion).write_bytes((folder / companion).read_bytes())
            site = Path(scratch) / "site"
            pages = build_site([lesson], site, cache=Path.home() / ".cache" / "cardlib-course")
            page = next(path for path in pages if path.stem == name)
            body = page.read_text(encoding="utf-8")
            outputs = resources.setdefault("outputs", {})
            for path in sorted(site.rglob("*")):
                if path.is_file() and path != page:
                    outputs[path.relative_to(site).as_posix()] = path.read_bytes()
        return body, resources
