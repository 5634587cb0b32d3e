"""Python in the page: every exercise on the static site runs, offline, in headless Chromium.

The site is served over http on this machine (WebAssembly and module workers need
it) and every other host is refused. Each lesson page's editable exercises, with the data
that page sends, are solved rightly (the worked solution from the notebook: ✓) and wrongly
(the stub answering None: ✗) in one Python in the page. On the sample page the judge's
verdicts equal the kernel's for a fair, an unfair and a not-a-shuffle case, an endless loop
is stopped, a value is shown as text, Reset and local storage work, a page opened as a file
says how to serve it, and the editor is usable at phone width (390 px).
"""

from __future__ import annotations

import functools
import html
import http.server
import json
import re
import threading
from pathlib import Path

import nbformat
import pytest
from notebook_runner import lesson_paths
from site_build import OUT, missing

from cardlib.cells import cell_code
from cardlib.judge import judge
from cardlib_course import editors

LESSON_PAGES = [(path, page) for path in lesson_paths()
                for page in __import__("cardlib_course.build", fromlist=["x"]).page_names(
                    path.stem, nbformat.read(path, as_version=4))]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def served():
    """Serve build/ over http on 127.0.0.1; yield the base address of a site by name."""
    root = OUT["lessons"].parent
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(_Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield lambda name: f"http://127.0.0.1:{server.server_address[1]}/{OUT[name].name}/"
    server.shutdown()
    server.server_close()


def _open(chromium, address: str, width: int = 1366):
    context = chromium.new_context(viewport={"width": width, "height": 900})
    host = address.split("/")[2]
    context.route("**/*", lambda route: route.continue_()
                  if route.request.url.split("/")[2] == host or
                  route.request.url.startswith(("data:", "blob:")) else route.abort())
    view = context.new_page()
    view.clock.install()  # the page's own clock, running as usual until _stopped moves it on
    view.goto(address)
    return view


def _stopped(view, cell, code: str) -> str:
    """Run ``code``, an endless loop, to the page's time limit: the page's clock is moved on
    by the limit once the run has begun (its timer armed), not waited for (15 s)."""
    cell.locator("textarea").fill(code)
    cell.locator(".cardlib-run").click()
    view.wait_for_function("c => c.querySelector('.cardlib-status').textContent === 'Running…'",
                           arg=cell.element_handle(), timeout=90_000)
    view.clock.fast_forward(editors.RUN_SECONDS * 1000)
    view.wait_for_function("c => !c.querySelector('.cardlib-run').disabled",
                           arg=cell.element_handle(), timeout=30_000)
    return cell.locator(".jp-OutputArea").inner_text()


def _run(view, cell, code: str, seconds: float = 90) -> str:
    cell.locator("textarea").fill(code)
    cell.locator(".cardlib-run").click()
    view.wait_for_function("c => !c.querySelector('.cardlib-run').disabled",
                           arg=cell.element_handle(), timeout=seconds * 1000)
    return cell.locator(".jp-OutputArea").inner_text()


def _needs_runtime(site: Path) -> None:
    if not (site / "pyodide" / "pyodide.asm.wasm").exists():
        missing("the site has no Python runtime (npm missing when it was built)")


def _solutions(path: Path) -> dict[str, tuple[str, str]]:
    """Each exercise cell's id -> (its stub, the worked solution in the cell after it)."""
    cells = nbformat.read(path, as_version=4).cells
    return {cell.id: (cell.source, cell_code(after.source)) for cell, after in zip(cells, cells[1:])
            if editors.is_editable(cell) and "solution" in after.metadata.get("tags", [])}


_PRELUDE = re.compile(r'<script[^>]* id="cardlib-prelude"[^>]*>(.*?)</script>', re.S)
_EDITOR = re.compile(r'data-cardlib-editable="([^"]*)" data-cardlib-setup="([^"]*)"')
#: The page's own start of its worker (site.js), kept on window for the test to post to.
_WORKER = """() => {
  const code = 'const queue = []; self.onmessage = (event) => queue.push(event);\\n'
    + '(await import(' + JSON.stringify(new URL('cardlib-worker.mjs', location.href).href)
    + ')).listen(queue);\\n';
  window.testWorker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })),
                                 { type: 'module' });
}"""
#: One message as site.js sends it; the answer's text as the page shows it.
_POST = """([id, code, prelude]) => new Promise((done) => {
  window.testWorker.onmessage = (event) => {
    if (event.data.id !== id || event.data.loaded) return;
    const a = event.data.answer, box = document.createElement('div');
    box.innerHTML = a.html || '';
    done([a.printed, a.error, box.textContent, a.text || ''].join('\\n'));
  };
  window.testWorker.postMessage({ id, code, prelude });
})"""


def _editors(page: Path) -> list[tuple[str, list[str]]]:
    """Each editor of a built page: (its cell id, the prelude its Run sends), read from the
    page as site.js reads it (the page's prelude, then the cell's own setup)."""
    text = page.read_text(encoding="utf-8")
    found = _PRELUDE.search(text)
    prelude = json.loads(found.group(1)) if found else []
    return [(html.unescape(cell), prelude + json.loads(html.unescape(setup)))
            for cell, setup in _EDITOR.findall(text)]


def test_every_exercise_runs_in_the_page_right_and_wrong(sites, served, chromium):
    """Each lesson page's editors, with the data that page sends, run in one Python in the
    page: the worked solution from the notebook gives ✓, its stub answering None gives ✗.

    One Python for every lesson, not one per page (its load is most of the time): the pages
    share site.js and the worker, so a page differs from another only in what it sends,
    read here from each page. The first editor of the first lesson is run by its Run
    button, as a reader does; the sample page's tests try the rest of site.js.
    """
    sites("lessons")
    _needs_runtime(OUT["lessons"])
    solved = {path: _solutions(path) for path in lesson_paths()}
    sent = [(path, page, cell, prelude) for path, page in LESSON_PAGES
            for cell, prelude in _editors(OUT["lessons"] / page) if cell in solved[path]]
    # every exercise has its editor, on one page of its lesson
    assert sorted((path, cell) for path, _, cell, _ in sent) == sorted(
        (path, cell) for path, cells in solved.items() for cell in cells)
    path, first, cell_id, _ = sent[0]
    view = _open(chromium, served("lessons") + first)
    cell = view.locator(f'[data-cardlib-editable="{cell_id}"]')
    assert _verdict(_run(view, cell, solved[path][cell_id][1])) == "✓"
    view.evaluate(_WORKER)
    for number, (path, page, cell_id, prelude) in enumerate(sent, start=1):
        stub, solution = solved[path][cell_id]
        for code, mark in ((solution, "✓"), (stub.replace("TODO", "None"), "✗")):
            shown = view.evaluate(_POST, [number * 2 + (mark == "✗"), code, prelude])
            assert _verdict(shown) == mark, (page, cell_id, mark, shown[:300])


def _verdict(shown: str) -> str:
    """The check's mark: its feedback comes last, after what the code printed."""
    marks = [line.lstrip()[0] for line in shown.splitlines() if line.lstrip()[:1] in ("✓", "✗")]
    return marks[-1] if marks else shown[:200]


NAIVE = """
def my_shuffle(deck, rng):
    for i in range(len(deck)):
        j = rng.randrange(len(deck))
        deck[i], deck[j] = deck[j], deck[i]
"""
LOSES = """
def my_shuffle(deck, rng):
    deck.pop()
"""
KNUTH = """
def my_shuffle(deck, rng):
    for i in reversed(range(1, len(deck))):
        j = rng.randrange(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
"""


def _kernel_verdict(code: str) -> str:
    space: dict = {}
    exec(code, space)  # noqa: S102 (the same learner code, run in this Python)
    return str(judge(space["my_shuffle"])).splitlines()[0]


def test_the_judge_in_the_page_says_what_the_kernel_says_and_the_editor_works_on_a_phone(
        sites, served, chromium):
    """One page, one Python: verdicts, a stopped loop, a value shown as text, then the same
    page at phone width (a Python loaded costs seconds; the page reflows as it is resized)."""
    sites("sample")
    _needs_runtime(OUT["sample"])
    view = _open(chromium, served("sample") + "site_sample.html")
    cell = view.locator("[data-cardlib-editable]").last
    for code in (KNUTH, NAIVE, LOSES):
        shown = _run(view, cell, "from cardlib.judge import judge\n" + code + "\njudge(my_shuffle)")
        assert shown.splitlines()[0].strip() == _kernel_verdict(code), shown
    shown = _stopped(view, cell, "def my_shuffle(deck, rng):\n    while True:\n        pass\n\n"
                                 "my_shuffle([], None)")
    assert "Stopped after 15 s: an endless loop?" in shown
    again = _run(view, cell, "from cardlib.judge import judge\n" + KNUTH + "\njudge(my_shuffle)")
    assert again.startswith("fair:"), again  # a fresh worker after the stopped one
    # A value is shown as text, never as markup.
    shown = _run(view, cell, "class Sneaky:\n    def _repr_html_(self):\n"
                             "        return '<b id=\"sneaky\">bold</b>'\n"
                             "    def __repr__(self):\n        return 'Sneaky()'\n\nSneaky()")
    assert shown.strip() == "Sneaky()" and view.locator("#sneaky").count() == 0
    # At phone width (390 px) the editor fits and runs.
    view.set_viewport_size({"width": 390, "height": 900})
    cell = view.locator("[data-cardlib-editable]").first
    box = cell.locator("textarea").bounding_box()
    run = cell.locator(".cardlib-run").bounding_box()
    assert box["width"] >= 300 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert run["height"] >= 24 and run["x"] + run["width"] <= 390
    shown = _run(view, cell, "paths = 27\ncompare_value(paths, 27, 'the number of paths')")
    assert shown.lstrip().startswith("✓")


def test_reset_and_local_storage(sites, served, chromium):
    sites("sample")
    _needs_runtime(OUT["sample"])
    view = _open(chromium, served("sample") + "site_sample.html")
    cell = view.locator("[data-cardlib-editable]").first
    stub = cell.locator("textarea").input_value()
    cell.locator("textarea").fill("paths = 27\ncompare_value(paths, 27, 'the number of paths')")
    view.reload()
    cell = view.locator("[data-cardlib-editable]").first
    assert cell.locator("textarea").input_value().startswith("paths = 27")  # kept
    cell.locator(".cardlib-reset").click()
    assert cell.locator("textarea").input_value() == stub


def test_a_page_opened_as_a_file_says_how_to_serve_it(sites, chromium):
    sites("sample")
    view = chromium.new_page()
    view.goto((OUT["sample"] / "site_sample.html").as_uri())
    status = view.locator("[data-cardlib-editable] .cardlib-status").first.inner_text()
    assert "make serve" in status and "http.server" in status


def _server(directory: Path, seen: list[str]):
    """A plain static server (no cache headers, like python -m http.server) that notes each
    path asked of it in ``seen``; returns it and its address."""
    class Counting(_Quiet):
        def do_GET(self) -> None:
            seen.append(self.path)
            super().do_GET()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(Counting, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def test_python_downloads_once_across_two_lessons_and_a_stopped_loop(sites, chromium):
    """The service worker keeps the runtime in the browser: two lessons' first Runs and the
    fresh Python after a stopped loop fetch its 9.6 MB once from the plain static server."""
    sites("lessons")
    _needs_runtime(OUT["lessons"])
    seen: list[str] = []
    server, address = _server(OUT["lessons"], seen)
    try:
        pages = [page for _, page in LESSON_PAGES
                 if "data-cardlib-editable" in (OUT["lessons"] / page).read_text()][:2]
        view = _open(chromium, address + pages[0])
        cell = view.locator("[data-cardlib-editable]").first
        assert _run(view, cell, "6 * 7").strip() == "42"
        view.goto(address + pages[1])
        cell = view.locator("[data-cardlib-editable]").first
        stopped = _stopped(view, cell, "while True:\n    pass")
        assert "Stopped after" in stopped, stopped
        assert _run(view, cell, "6 * 7").strip() == "42"  # a fresh Python, from the cache
    finally:
        server.shutdown()
        server.server_close()
    assert sum(path.endswith("/pyodide.asm.wasm") for path in seen) == 1, seen


REACH = """import js
xhr = js.XMLHttpRequest.new()
xhr.open("GET", "{address}", False)
try:
    xhr.send()
    print("reached", xhr.status)
except Exception as error:
    print("refused", type(error).__name__)
"""


def test_a_learners_code_reaches_no_other_host(sites, chromium, tmp_path):
    """The page's Content-Security-Policy holds in the editors' worker: a request to another
    host (another port here) is never sent; the same page without its policy sends it."""
    sites("sample")
    _needs_runtime(OUT["sample"])
    page = OUT["sample"] / "site_sample.html"
    bare = OUT["sample"] / "site_sample_without_policy.html"
    bare.write_text(re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "",
                           page.read_text(encoding="utf-8")), encoding="utf-8")
    hits: list[str] = []
    site, address = _server(OUT["sample"], [])
    other, elsewhere = _server(tmp_path, hits)
    try:
        context = chromium.new_context()
        view = context.new_page()
        view.goto(address + page.name)
        cell = view.locator("[data-cardlib-editable]").first
        assert "refused" in _run(view, cell, REACH.format(address=elsewhere))
        assert "reached 200" in _run(view, cell, REACH.format(address=address + "index.html"))
        assert hits == []
        view.goto(address + bare.name)
        cell = view.locator("[data-cardlib-editable]").first
        _run(view, cell, REACH.format(address=elsewhere))
        assert hits == ["/"]  # without the policy the request goes out: the policy stops it
        context.close()
    finally:
        bare.unlink()
        for server in (site, other):
            server.shutdown()
            server.server_close()
