"""The static pages are accessible: axe-core finds nothing on any page of either site.

axe-core (Deque's accessibility engine, from the npm registry, no CDN) runs inside each
page in headless Chromium, offline, at laptop width, with the rules of WCAG 2.0 and 2.1
at levels A and AA and axe's best practices: text and code contrast of 4.5:1, links not
told apart by colour alone, a name for every control (the frame player's slider too),
one level-one heading and one main landmark on every page, every navigation landmark
named apart, every scrolling box reachable with the keyboard.

The version is pinned in the Makefile (AXE_VERSION), which installs it into
build/tools/ (``make test`` does, so CI does); ``AXE_CORE=/path/to/axe.min.js`` picks
another copy. Without one the tests skip with the reason, except in CI (CI=true),
where they fail.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser import OfflinePage
from site_build import OUT, PAGES, REPOSITORY, missing

ROOT = Path(__file__).resolve().parents[2]
#: The axe-core rule tags checked.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
A11Y_PAGES = [*PAGES, ("lessons", "references.html"), ("lessons", "glossary.html")]

RUN = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                          resultTypes: ['violations']});
  return {version: axe.version, violations: result.violations.map(rule => ({
    id: rule.id, impact: rule.impact, help: rule.help, nodes: rule.nodes.length,
    first: rule.nodes[0].target.join(' '), html: rule.nodes[0].html.slice(0, 160)}))};
}"""


@pytest.fixture(scope="session")
def axe() -> str:
    """The source of axe-core (axe.min.js)."""
    named = os.environ.get("AXE_CORE")
    found = [Path(named)] if named else sorted(
        ROOT.glob("build/tools/axe-*/node_modules/axe-core/axe.min.js"))
    if not found or not found[-1].is_file():
        missing("axe-core is not installed: make test installs it into build/tools/ "
                "(or set AXE_CORE=/path/to/axe.min.js)")
    return found[-1].read_text(encoding="utf-8")


def axe_violations(browser: OfflinePage, path: Path, axe: str) -> list[str]:
    """What axe-core finds on the page at ``path``: one line per rule broken."""
    page = browser.open(path.as_uri())
    page.add_script_tag(content=axe)
    result = page.evaluate(RUN, TAGS)
    return [f"{v['id']} ({v['impact']}, {v['nodes']} nodes): {v['help']}; first: {v['first']} "
            f"{v['html']}" for v in result["violations"]]


def test_axe_finds_what_the_pages_once_had(inspected, axe, tmp_path):
    """The check can fail: a page with each fault the site once had."""
    page = tmp_path / "bad.html"
    page.write_text(
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>bad</title></head>'
        '<body><nav class="site-nav"><a href="index.html">All lessons</a></nav>'
        '<nav class="site-nav"><a href="a.html">part 2</a></nav><h2>A part</h2>'
        '<p style="color: #212121">See the <a href="references.html" style="color: #0d47a1; '
        'text-decoration: none">references</a> for more.</p>'
        '<pre style="background: #f5f5f5"><span style="color: #aa22ff">in</span></pre>'
        '<input type="range" min="0" max="3"></body></html>',
        encoding="utf-8",
    )
    found = {line.split()[0] for line in axe_violations(inspected, page, axe)}
    assert {"color-contrast", "link-in-text-block", "label", "page-has-heading-one",
            "landmark-one-main", "landmark-unique", "region"} <= found


@pytest.fixture(scope="module")
def inspected(chromium):
    """An offline page at laptop width where axe-core may be injected past the page's policy."""
    page = OfflinePage(chromium, width=1366, height=768, bypass_csp=True)
    yield page
    page.close()


@pytest.mark.parametrize("name, page", A11Y_PAGES, ids=[f"{n}/{p}" for n, p in A11Y_PAGES])
def test_page_has_no_accessibility_violation(name, page, sites, inspected, axe):
    sites(name)
    assert axe_violations(inspected, OUT[name] / page, axe) == []


TAB_STOPS = """() => [...document.querySelectorAll('*')].filter(e => e.tabIndex >= 0
    && !e.disabled && e.getClientRects().length).map(e => ({tag: e.tagName,
    acts: e.matches('a[href], button, input, select, textarea, summary')
          || e.scrollWidth > e.clientWidth + 1, what: e.outerHTML.slice(0, 100)}))"""


@pytest.mark.parametrize("name, page", PAGES, ids=[f"{n}/{p}" for n, p in PAGES])
def test_the_keyboard_stops_only_on_what_acts_and_first_on_the_skip_link(name, page, sites,
                                                                         browser):
    sites(name)
    view = browser.open((OUT[name] / page).as_uri())
    stops = view.evaluate(TAB_STOPS)
    assert [stop["what"] for stop in stops if not stop["acts"]] == []
    view.keyboard.press("Tab")
    assert view.evaluate("document.activeElement.className") == "skip-link"
    view.keyboard.press("Enter")
    assert view.evaluate("document.activeElement.id") == "main"


LESSON_FIRST_PAGES = [page for name, page in PAGES if name == "lessons" and page != "index.html"
                      and "-part" not in page]


@pytest.mark.parametrize("page", LESSON_FIRST_PAGES)
def test_every_lesson_page_has_its_way_on(page, sites, browser):
    """Home, previous and next, the glossary and references, the lesson and its student
    edition to download (files that exist), Binder, and the licence."""
    sites("lessons")
    view = browser.open((OUT["lessons"] / page).as_uri())
    links = view.evaluate("() => Object.fromEntries([...document.querySelectorAll('a[href]')]"
                          ".map(a => [a.textContent.trim(), a.getAttribute('href')]))")
    assert links["All lessons"] == "index.html" and "glossary.html" in links.values()
    position = LESSON_FIRST_PAGES.index(page)
    rel = view.evaluate("() => [...document.querySelectorAll('a[rel]')].map(a => a.rel)")
    assert ("prev" in rel) == (position > 0) and ("next" in rel) == (
        position < len(LESSON_FIRST_PAGES) - 1)
    lesson = page.removesuffix(".html") + ".ipynb"
    for download in (f"notebooks/{lesson}", f"notebooks/student/{lesson}"):
        assert download in links.values() and (OUT["lessons"] / download).is_file()
    binder = links["Open it in Binder"]
    assert binder.startswith("https://mybinder.org/v2/gh/" + REPOSITORY.split("github.com/")[1])
    assert binder.endswith(f"notebooks/{lesson}")
    assert "CC BY 4.0" in view.locator("footer").inner_text()
