"""The site's own HTML, CSS and JavaScript: real files of this package, read by name.

    templates/lesson.html.j2   a lesson's page (nbconvert's "lab" template, extended)
    assets/site.css            the site's style sheet (the embedded fonts are added per site)
    assets/site.js             figures at full size, keyboard reach, the editors
    assets/worker.mjs          the editors' Web Worker: Python in the page
    assets/sw.js               the service worker that keeps Python in the browser's cache
    assets/panel.js            a live panel's page controls (inlined in each panel)
"""

from __future__ import annotations

from importlib import resources

from cardlib.validation import validate_arguments

__all__ = ["asset"]


@validate_arguments
def asset(name: str) -> str:
    """The text of one of the site's own files: ``templates/NAME`` (``.j2``) or ``assets/NAME``.

    >>> "extends 'lab/index.html.j2'" in asset("lesson.html.j2")
    True
    """
    folder = "templates" if name.endswith(".j2") else "assets"
    path = resources.files(__package__).joinpath(folder, name)
    if not path.is_file():
        raise ValueError(f"name {name!r} is no site file: there is no {folder}/{name}")
    return path.read_text(encoding="utf-8")
