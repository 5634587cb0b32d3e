"""The static site (``make html``) shows everything offline.

Two sites are built once per test run (tests/site_build.py): the lessons into
``build/html`` (each lesson executed once, shared with test_notebooks.py) and the
small ``tests/data/site_sample.ipynb`` into ``build/site-sample``; the sample
holds the tricky cases (live panels, a frame player, formulas, every card glyph
including the red joker U+1F0BF), so these tests do not depend on the lessons.
Headless Chromium (through Playwright, browser) then opens every
page from disk with networking off. The controls, phones and sizes are tested
in test_site_controls.py.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from browser import OfflinePage
from notebook_runner import lesson_paths
from site_build import OUT, PAGE_IDS, PAGES, SHOW_WHAT_WAITS

from cardlib_course.build import MAX_PAGE_PX
from cardlib_course.offline import CARDS, CJK, MATH


def _read(name: str, page: str, sites) -> str:
    sites(name)
    return (OUT[name] / page).read_text(encoding="utf-8")


# --- no external URLs --------------------------------------------------------------

_LOADING = {"src", "srcset", "poster", "data", "background"}
_EXTERNAL = re.compile(r"^\s*(?:[a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)
_CSS_LOAD = re.compile(r"""url\(\s*['"]?\s*(?:https?:)?//|@import\s""", re.IGNORECASE)
_JS_URL = re.compile(r"""['"`](?:https?:)?//[^'"`\s]""", re.IGNORECASE)


class _Loads(HTMLParser):
    """Collects what a page would load from another host."""

    def __init__(self) -> None:
        super().__init__()
        self.external: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            value = value or ""
            loads = name in _LOADING or (name == "href" and tag == "link")
            if loads and any(_EXTERNAL.match(part) for part in value.split(",")):
                self.external.append(f"<{tag} {name}={value[:80]}>")
            if name == "style" and _CSS_LOAD.search(value):
                self.external.append(f"<{tag} style={value[:80]}>")
        self._in = tag if tag in ("script", "style") else None

    def handle_endtag(self, tag):
        self._in = None

    def handle_data(self, data):
        if self._in == "style":
            self.external += [
                f"<style> {m.group(0)}" for m in _CSS_LOAD.finditer(_no_comments(data))
            ]
        elif self._in == "script":
            self.external += [f"<script> {m.group(0)}" for m in _JS_URL.finditer(data)]


def _no_comments(css: str) -> str:
    return re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)


def external_loads(page: str) -> list[str]:
    parser = _Loads()
    parser.feed(page)
    return parser.external


def test_scanner_finds_external_loads():
    page = (
        '<script src="https://cdn.example/require.js"></script>'
        '<link rel="stylesheet" href="//cdn.example/fa.css"><img src="data:image/png;base64,AA">'
        "<style>/* see https://example.org */ @font-face { src: url(https://x/f.woff) }</style>"
        '<script>import("https://cdn.example/mermaid.mjs")</script>'
        '<a href="https://en.wikipedia.org/wiki/Fisher-Yates_shuffle">a link is fine</a>'
        '<math xmlns="http://www.w3.org/1998/Math/MathML"></math>'
    )
    assert [found[:12] for found in external_loads(page)] == [
        "<script src=",
        "<link href=/",
        "<style> url(",
        '<script> "ht',
    ]


@pytest.mark.parametrize("name, page", PAGES, ids=PAGE_IDS)
def test_no_external_urls(name, page, sites):
    assert external_loads(_read(name, page, sites)) == []


@pytest.mark.parametrize("name", ["sample", "lessons"])
def test_stylesheet_loads_nothing_external(name, sites):
    if name == "lessons" and not lesson_paths():
        pytest.skip("no lessons yet")
    css = _read(name, "site.css", sites)
    assert _CSS_LOAD.findall(_no_comments(css).replace("url(data:", "")) == []


# --- what the build puts in the pages ------------------------------------------------


def test_index_lists_every_notebook_with_its_summary(sites):
    index = _read("sample", "index.html", sites)
    listed = index[index.index('<ul class="lessons">'):index.index("</ul>")]
    assert re.findall(r'<a href="([^"]+)">', listed) == ["site_sample.html"]
    assert "<strong>Site sample</strong>" in index
    assert "This notebook holds every case the static site must show offline;" in index


def test_sample_page_shows_panels_with_page_controls(sites):
    page = _read("sample", "site_sample.html", sites)
    assert "application/vnd.jupyter.widget" not in page
    # two live panels, then the player's frame, then the plain figure
    assert page.count("<img") == 4 and page.count('class="cardlib-panel"') == 2
    assert page.index('class="cardlib-figure"') < page.index("_anim_img")
    # the first panel's slider offers n = 2 ... 12 (index 3 is n = 5), with no note
    first = page[page.index('class="cardlib-panel"'):page.index("cardlib-states")]
    (slider,) = re.findall(r"<input [^>]*>", first)
    attributes = dict(re.findall(r'([\w-]+)="([^"]*)"', slider))
    assert {"type": "range", "min": "0", "max": "10", "value": "3",
            "aria-valuetext": "5"}.items() <= attributes.items()
    assert "static-controls" not in first
    # the second: a list, a check box, a slider thinned to a grid, a seed that Reshuffle steps
    assert "On this page: bars = 2, " in page and "(Reshuffle cycles through them)" in page
    assert '<option value="1">orange</option>' in page and 'type="checkbox"' in page


def test_images_have_descriptions(sites):
    page = _read("sample", "site_sample.html", sites)
    alts = re.findall(r'<img [^>]*alt="([^"]*)"', page)
    assert len(alts) == page.count("<img"), "an image without alt text"
    assert "Figure: a plain line." in alts  # from plt.show(), its title
    assert "Figure: 5 positions, each with probability 1/5 (probability against position). " \
           "Shown at n = 5." in alts
    assert "No description" not in page


def test_sample_page_has_offline_player_and_math(sites):
    page = _read("sample", "site_sample.html", sites)
    assert "fa fa-" not in page and page.count('class="player-icon"') == 9
    assert page.count("<math") == 5 and "$52!" not in page and "<msqrt>" in page
    assert "<th>cards <math" in page  # a formula in a Markdown output (a table)
    assert "price = $5" in page


@pytest.mark.parametrize("name, page", PAGES, ids=PAGE_IDS)
def test_every_image_has_a_description(name, page, sites):
    html = _read(name, page, sites)
    images = re.findall(r"<img [^>]*>", html)
    described = [tag for tag in images if re.search(r'alt="[^"]+"', tag)]
    assert len(described) == len(images), "an image without alt text"
    assert "No description has been provided" not in html
    for tag in described:
        alt = re.search(r'alt="([^"]+)"', tag).group(1)
        # figures say what they show; a frame player's picture changes with its frame
        assert alt.startswith("Figure") or ("_anim_img" in tag and alt.startswith("frame")), alt
        assert "no title" not in alt and alt != "Figure: a picture.", alt


@pytest.mark.parametrize("name, page", PAGES, ids=PAGE_IDS)
def test_predictions_show_no_answer_before_a_choice(name, page, sites):
    """Every prediction's explanation is in the page only sealed; its code is not shown."""
    from cardlib.widgets.predict import unseal

    html = _read(name, page, sites)
    sealed = re.findall(r'data-cardlib-prediction="([^"]+)"', html)
    text = re.sub(r'data-cardlib-prediction="[^"]+"', "", html)
    for data in map(unseal, sealed):
        why = data["why"][:40]
        assert why not in text and why.replace("'", "&#x27;") not in text, why
        assert "prediction(" not in text  # the cell's code (its arguments) is not on the page


def test_lesson_pages_have_no_widget_state(sites):
    if not lesson_paths():
        pytest.skip("no lessons yet")
    for page in sites("lessons")[1:]:
        assert "application/vnd.jupyter.widget" not in page.read_text(
            encoding="utf-8"
        ), page.name


# --- in a real browser, offline -----------------------------------------------------

# Checks one page: images, frame players (click "Next frame"), glyphs.
# A glyph counts as missing when it draws no ink or draws exactly what an
# unassigned code point (U+0378) draws in the same font: the tofu box.
PAGE_CHECK = r"""
(async () => {
  await document.fonts.ready;
  const images = [...document.images];
  await Promise.all(images.map(img => img.decode().catch(() => null)));
  const broken = images.filter(img => !(img.complete && img.naturalWidth > 0))
                       .map(img => img.id || img.src.slice(0, 300));
  const players = [];
  for (const img of document.querySelectorAll('img[id^="_anim_img"]')) {
    const id = img.id.slice('_anim_img'.length);
    const slider = document.getElementById('_anim_slider' + id);
    const root = img.closest('.animation');
    const icons = [...root.querySelectorAll('.anim-buttons button')].map(button => {
      const box = button.querySelector('svg')?.getBoundingClientRect();
      return box ? Math.round(box.width * box.height) : 0;
    });
    const before = [img.src, slider.value];
    root.querySelector('button[title="Next frame"]').click();
    await new Promise(done => setTimeout(done, 100));
    players.push({frames: Number(slider.max) + 1, from: Number(before[1]),
                  to: Number(slider.value), image_changed: img.src !== before[0], icons});
  }
  function draw(ch, font) {
    const canvas = document.createElement('canvas'); canvas.width = 96; canvas.height = 96;
    const ctx = canvas.getContext('2d'); ctx.font = font; ctx.textBaseline = 'top';
    ctx.fillText(ch, 8, 8);
    const alpha = ctx.getImageData(0, 0, 96, 96).data; let ink = 0, hash = 0;
    for (let k = 3; k < alpha.length; k += 4) {
      if (alpha[k]) ink++;
      hash = (hash * 31 + alpha[k]) | 0;
    }
    return {ink, hash};
  }
  async function missing(ch, family) {
    const font = '40px ' + family;
    await document.fonts.load(font, ch + '\u0378');
    const glyph = draw(ch, font), tofu = draw('\u0378', font);
    return glyph.ink === 0 || glyph.hash === tofu.hash;
  }
  // every visible non-ASCII character, with the font stack it is drawn with
  const chars = new Map();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (['SCRIPT', 'STYLE'].includes(node.parentElement.tagName)) continue;
    const family = getComputedStyle(node.parentElement).fontFamily;
    for (const ch of node.data.match(/[^\x00-\x7F]/gu) || []) {
      if (/[\p{L}\p{N}\p{P}\p{S}]/u.test(ch)) chars.set(ch + '\n' + family, [ch, family]);
    }
  }
  const checked = [], boxes = [];
  for (const [ch, family] of chars.values()) {
    const code = 'U+' + ch.codePointAt(0).toString(16).toUpperCase();
    checked.push(code);
    if (await missing(ch, family)) boxes.push(code + ' ' + ch + ' in ' + family);
  }
  const control = await missing('\u{1F0FF}', getComputedStyle(document.body).fontFamily);
  const fonts = [...document.fonts].filter(face => face.status === 'loaded')
                                   .map(face => face.family.replace(/["']/g, ''));
  return {images: images.length, broken, players, chars: [...new Set(checked)], fonts, boxes,
          control};
})()
"""


def _open(browser: OfflinePage, path: Path) -> dict:
    view = browser.open(path.as_uri())
    view.evaluate(SHOW_WHAT_WAITS)
    height = view.evaluate("document.documentElement.scrollHeight")
    report = {**view.evaluate(PAGE_CHECK), "height": height}
    report["failed"] = browser.failed_requests()
    report["blocked"] = list(browser.blocked)
    report["refused"] = list(browser.refused)
    return report


def test_browser_checks_can_fail(browser, tmp_path):
    """A page with a missing image, a CDN script and an unassigned card code point."""
    page = tmp_path / "bad.html"
    page.write_text(
        '<html><meta charset="utf-8"><body>'
        '<script src="https://cdn.example.org/x.js"></script><img src="missing.png">'
        "<p>red joker \U0001f0bf, 洗牌</p></body></html>",
        encoding="utf-8",
    )
    report = _open(browser, page)
    assert len(report["failed"]) == 2, report["failed"]
    assert report["blocked"] == ["https://cdn.example.org/x.js"]
    assert report["broken"] == ["file://" + str(tmp_path / "missing.png")]
    # with only DejaVu offered, the red joker and the Chinese characters are boxes
    assert [box.split()[0] for box in report["boxes"]] == [
        "U+1F0BF",
        "U+6D17",
        "U+724C",
    ]


@pytest.mark.parametrize("name, page", PAGES, ids=PAGE_IDS)
def test_page_in_browser_offline(name, page, sites, browser):
    sites(name)
    report = _open(browser, OUT[name] / page)
    # A long lesson is split into parts (cells tagged PAGE_BREAK) rather than scrolled.
    assert report["height"] <= MAX_PAGE_PX, f"{page} is {report['height']} px tall at 1366 px"
    assert report["failed"] == []
    assert report["blocked"] == []
    assert report["refused"] == []  # the page's own Content-Security-Policy lets it all work
    assert report["broken"] == []
    assert report["control"], (
        "the glyph check did not see an unassigned code point as missing"
    )
    assert report["boxes"] == []
    for player in report["players"]:
        assert player["from"] != player["to"] and player["image_changed"], player
        assert len(player["icons"]) == 9 and min(player["icons"]) > 0, player
    if page == "site_sample.html":
        assert report["images"] == 4 and len(report["players"]) == 1
        assert {"U+1F0BF", "U+1F0CF", "U+1F0A1", "U+6D17"} <= set(report["chars"])
        assert {CARDS.family, CJK.family, MATH.family} <= set(report["fonts"])


def test_a_long_lesson_is_cut_into_linked_parts_that_keep_head_and_scripts():
    from cardlib_course import build as site

    page = ('<html><head><title>Lesson 1</title><style>s</style></head><body>\n'
            '<nav class="site-nav"><a href="index.html">All lessons</a></nav>\n<main id="main">\n'
            '<div class="jp-Cell a" id="cell-id=c1">one</div>\n'
            '<div class="jp-Cell b" id="cell-id=c2">two</div>\n'
            '<div class="jp-Cell c" id="cell-id=c3">three</div>\n'
            '</main><script>footer()</script></body></html>')
    names = ["l.html", "l-part2.html", "l-part3.html"]
    first, second, third = site.split_page(page, ["c2", "c3"], names)
    for k, part in enumerate((first, second, third), start=1):
        assert f"<title>Lesson 1 (part {k} of 3)</title>" in part
        assert part.count("<style>s</style>") == part.count("<script>footer()</script>") == 1
        assert part.count('<a href="index.html">All lessons</a>') == 1
    assert "one" in first and "two" not in first and 'href="l-part2.html"' in first
    assert "two" in second and "one" not in second and "three" not in second
    assert 'href="l.html">back to part 1' in second and 'href="l-part3.html"' in second
    # Its heading names the lesson and the part, once (the links below it do not repeat it).
    assert second.count("Lesson 1, part 2 of 3") == 1 and "<strong>Lesson 1" not in second
    assert "three" in third and "Continue" not in third
    assert site.split_page(page, [], ["l.html"]) == [page]
    with pytest.raises(ValueError, match="no cell 'c9'"):
        site.split_page(page, ["c9"], names[:2])
    with pytest.raises(ValueError, match="in the order of the cells"):
        site.split_page(page, ["c3", "c2"], names)
    with pytest.raises(ValueError, match="must be a lesson page of this site"):
        site.split_page("<html>no main</html>", ["c2"], names[:2])
