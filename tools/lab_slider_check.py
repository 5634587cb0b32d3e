"""Measure, in a real JupyterLab, what a lecturer meets: Run All, players, figure sizes, sliders.

Starts JupyterLab on 127.0.0.1 (a free port, a random token) on copies of the
lessons in a temporary folder (so the lessons in notebooks/ keep no outputs) and
opens each lesson in headless Chromium at 1366 x 768, driven by Playwright. For
each lesson it runs JupyterLab's Run All (or the cells one at a time, with
--cell-by-cell) and times it; lists error and stderr outputs; scrolls to every
frame player and reads its picture's width (0 means the picture does not show);
lists the figures shown smaller than drawn; then, for every visible slider with a
figure, presses real keys on its handle (End, Home, PageUp..., see MOVES) and
times each press until the figure changes (median and worst), and presses
ArrowRight ten times in a row to count the pictures shown and check that the
panel ends on the last value. Last it saves the lesson and opens it again with a
new kernel, as a student does the next day, and counts the outputs that say
"Error displaying widget". A table, report.json and screenshots go to the
output folder. Not part of the test suite: it takes minutes.

    .venv/bin/python tools/lab_slider_check.py [NOTEBOOK | --all] [--cell-by-cell] [--reference]
        [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import nbformat
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from browser import launch_chromium  # noqa: E402 (tests/: the browser driver and fuzz harness)

from cardlib_course.run import lesson_paths

ROOT = Path(__file__).resolve().parent.parent

LESSONS = lesson_paths(ROOT / "notebooks")
SLIDER_TIMEOUT = 20
PANEL = "jupyterapp.shell.currentWidget"

# Shared helpers in the page: the sliders, the images near a slider, the errors.
HELPERS = """
window.lc = {
  sliders: () => [...document.querySelectorAll('.widget-slider, .widget-hslider')]
      .filter((s, i, all) =>
          all.indexOf(s.parentElement.closest('.widget-slider, .widget-hslider')) < 0),
  area: s => {  // the nearest ancestor, within the output, that holds an image
    for (let e = s.parentElement; e; e = e.parentElement) {
      if (e.querySelector('img')) return e;
      if (e.classList.contains('jp-OutputArea-output')) return null;
    }
    return null;
  },
  images: s => {
    const a = lc.area(s);
    return a ? [...a.querySelectorAll('img')].map(i => i.src) : [];
  },
  stderr: () => [...document.querySelectorAll(
      '.jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"]')]
      .map(e => e.textContent.trim().split('\\n').slice(-3).join(' | ').slice(0, 300)),
};
true
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait(page: Page, expression: str, timeout: float, what: str, poll: float | None = 0.1):
    """The first true value of ``expression``, checked in the page every ``poll`` s.

    With ``poll=None``, checked at every animation frame (the timing of a key press
    to its picture must not wait for a polling interval)."""
    polling = "raf" if poll is None else poll * 1000
    try:
        handle = page.wait_for_function(expression, timeout=timeout * 1000, polling=polling)
    except PlaywrightTimeout:
        raise TimeoutError(f"gave up waiting for {what} after {timeout} s") from None
    return handle.json_value()


def run_cells(page: Page) -> int:
    """Run every cell of the open notebook one at a time; return how many ran."""
    count = page.evaluate(f"{PANEL}.content.activeCellIndex = 0, {PANEL}.content.widgets.length")
    for index in range(count):
        page.evaluate("""window.lcDone = false;
            jupyterapp.commands.execute('notebook:run-cell-and-select-next')
                .finally(() => { window.lcDone = true; }); true""")
        wait(page, f"window.lcDone && {PANEL}.sessionContext.session.kernel.status === 'idle'",
             600, f"cell {index + 1} to run", poll=0.2)
    return count


def run_all(page: Page) -> float:
    """JupyterLab's Run All; the seconds until every code cell has run and the kernel is idle."""
    started = time.monotonic()
    page.evaluate("jupyterapp.commands.execute('notebook:run-all-cells'); true")
    wait(page, f"""(() => {{ const k = {PANEL}.sessionContext.session.kernel;
        const code = {PANEL}.content.widgets.filter(c => c.model.type === 'code'
                                                      && c.model.sharedModel.source.trim());
        return k.status === 'idle' && code.every(c => c.model.executionCount !== null); }})()""",
         600, "Run All to finish", poll=0.2)
    return round(time.monotonic() - started, 1)


def players(page: Page) -> list[dict]:
    """Each frame player's picture, scrolled into view: its displayed and natural width."""
    found = []
    for index in range(page.evaluate("document.querySelectorAll('img[id^=\"_anim_img\"]').length")):
        img = f"document.querySelectorAll('img[id^=\"_anim_img\"]')[{index}]"
        page.evaluate(f"{img}.scrollIntoView({{block: 'center'}}); true")
        page.wait_for_timeout(300)
        found.append(page.evaluate(f"({{player: {index + 1}, width: {img}.offsetWidth, "
                                   f"natural: {img}.naturalWidth}})"))
    return found


def figure_scales(page: Page) -> list[dict]:
    """Every picture in the outputs: natural and displayed width, and their ratio."""
    return page.evaluate("""[...document.querySelectorAll('.jp-OutputArea-output img')]
        .filter(i => i.naturalWidth > 0 && i.offsetWidth > 0)
        .map(i => ({natural: i.naturalWidth, shown: i.offsetWidth,
                    scale: Math.round(100 * i.offsetWidth / i.naturalWidth) / 100}))""")


def cell_errors(page: Page) -> list[str]:
    """The error outputs of the notebook's cells, as 'cell N: Name: message'."""
    return page.evaluate(f"""{PANEL}.content.widgets.flatMap((c, i) =>
        c.model.type !== 'code' ? [] : c.model.outputs.toJSON()
            .filter(o => o.output_type === 'error')
            .map(o => `cell ${{i + 1}}: ${{o.ename}}: ${{o.evalue}}`))""")


#: The keys pressed on each slider, each a move to time: both ends, then steps across.
MOVES = ("End", "Home", "PageUp", "PageUp", "PageUp", "End", "PageDown")


def _state(s: str) -> str:
    return f"""(() => {{ const s = {s};
        return {{readout: (s.querySelector('.widget-readout') || {{}}).textContent,
                 images: JSON.stringify(lc.images(s))}}; }})()"""


def press(page: Page, s: str, key: str) -> float | None:
    """Press ``key`` on the slider; seconds until its figure changes (None: nothing moved)."""
    page.evaluate(f"window.lcBefore = {_state(s)}; true")
    page.keyboard.press(key)
    pressed = time.monotonic()
    try:
        wait(page, f"{_state(s)}.readout !== lcBefore.readout", 1, "the readout", poll=None)
    except TimeoutError:
        return None
    wait(page, f"{_state(s)}.images !== lcBefore.images", SLIDER_TIMEOUT, "the figure",
         poll=None)
    return round(time.monotonic() - pressed, 3)


def settle(page: Page, s: str, quiet: float = 1.5) -> str:
    """Wait until the kernel is idle and the slider's figure has not changed for ``quiet`` s."""
    last, since = None, time.monotonic()
    while time.monotonic() - since < quiet:
        page.wait_for_timeout(100)
        now = page.evaluate(f"{_state(s)}.images + {PANEL}.sessionContext.session.kernel.status")
        if now != last:
            last, since = now, time.monotonic()
    return page.evaluate(f"{_state(s)}.readout")


def rapid(page: Page, s: str) -> dict:
    """Ten ArrowRight presses in a row: how many redraws, and does it end on the last value?"""
    page.keyboard.press("Home")
    settle(page, s)
    page.evaluate(f"""(() => {{ window.lcChanges = 0; const area = lc.area({s});
        window.lcLast = JSON.stringify(lc.images({s}));
        window.lcObserver = new MutationObserver(() => {{
            const now = JSON.stringify(lc.images({s}));
            if (now !== window.lcLast) {{ window.lcLast = now; window.lcChanges += 1; }} }});
        window.lcObserver.observe(area, {{subtree: true, attributes: true,
                                         attributeFilter: ['src'], childList: true}});
        return true; }})()""")
    for _ in range(10):
        page.keyboard.press("ArrowRight")
    readout = settle(page, s)
    changes = page.evaluate("window.lcObserver.disconnect(), window.lcChanges")
    settled = page.evaluate(f"{_state(s)}.images")
    # The figure for the same value, reached again by one step back and one on.
    back, on = press(page, s, "ArrowLeft"), press(page, s, "ArrowRight")
    again = page.evaluate(f"{_state(s)}.images")
    return {"readout": readout, "redraws_shown": changes,
            "ends_on_last_value": None if back is None or on is None else settled == again}


def move_sliders(page: Page, stem: str, out: Path) -> list[dict]:
    """Time real key presses on every visible slider across its range, then ten in a row."""
    results = []
    for index in range(page.evaluate("lc.sliders().length")):
        s = f"lc.sliders()[{index}]"
        info = page.evaluate(f"""(() => {{ const s = {s}, h = s.querySelector('.noUi-handle');
            const d = s.querySelector('.widget-label');
            return {{label: d && d.textContent.trim(), visible: !!(h && h.offsetParent),
                     images: lc.images(s).length}}; }})()""")
        result = {"slider": index + 1, **info}
        results.append(result)
        if not info["visible"] or not info["images"]:
            continue
        page.evaluate(f"""(() => {{ const h = {s}.querySelector('.noUi-handle');
            h.scrollIntoView({{block: 'center'}}); h.focus(); return true; }})()""")
        try:
            times = [t for t in (press(page, s, key) for key in MOVES) if t is not None]
            result.update(moves=len(times), median_ms=round(1e3 * statistics.median(times)),
                          worst_ms=round(1e3 * max(times)), rapid=rapid(page, s))
        except (TimeoutError, statistics.StatisticsError) as error:
            result["problem"] = str(error)
        page.screenshot(path=out / f"{stem}_slider{index + 1:02d}.png")
    return results


def check(page: Page, base: str, token: str, name: str, out: Path, by_cell: bool) -> dict:
    page.goto(f"{base}/lab/tree/{name}?reset&token={token}", wait_until="load")
    wait(page, f"!!(window.jupyterapp && {PANEL} && {PANEL}.sessionContext"
         f" && {PANEL}.sessionContext.session && {PANEL}.sessionContext.session.kernel"
         f" && {PANEL}.sessionContext.session.kernel.status === 'idle')", 120, "the kernel")
    page.evaluate(HELPERS)
    report = {"lesson": name}
    if by_cell:
        started = time.monotonic()
        report["cells"] = run_cells(page)
        report["cell_by_cell_seconds"] = round(time.monotonic() - started, 1)
    else:
        report["run_all_seconds"] = run_all(page)
    report["code_cells_run"] = page.evaluate(f"""(() => {{
        const code = {PANEL}.content.widgets
            .filter(c => c.model.type === 'code' && c.model.sharedModel.source.trim());
        const ran = code.filter(c => c.model.executionCount !== null).length;
        return `${{ran}} of ${{code.length}}`; }})()""")
    page.wait_for_timeout(2000)  # let the widget views render
    report["errors"] = cell_errors(page)
    report["stderr"] = page.evaluate("lc.stderr()")
    report["players"] = players(page)
    report["shrunk_figures"] = [f for f in figure_scales(page) if f["scale"] < 0.98]
    report["sliders"] = move_sliders(page, Path(name).stem, out)
    report["stderr_after_sliders"] = page.evaluate("lc.stderr()")
    return report


def leave(page: Page) -> None:
    """Save the open copy, so that leaving the page asks nothing."""
    try:
        page.evaluate("jupyterapp.commands.execute('docmanager:save').then(() => true)")
    except PlaywrightError as error:
        print("could not save:", error)


def reopen(page: Page, base: str, token: str, name: str, out: Path) -> dict:
    """Open the saved lesson again with a new kernel, as a student does the next day.

    Counts the outputs that say "Error displaying widget" and the pictures shown."""
    for kernel in api(base, token, "/api/kernels"):
        api(base, token, f"/api/kernels/{kernel['id']}", "DELETE")
    page.goto(f"{base}/lab/tree/{name}?reset&token={token}", wait_until="load")
    wait(page, f"!!(window.jupyterapp && {PANEL} && {PANEL}.content"
         f" && {PANEL}.content.widgets.length)", 120, "the notebook")
    page.wait_for_timeout(4000)  # let every output render
    found = page.evaluate("""(() => {
        const outputs = [...document.querySelectorAll('.jp-OutputArea-output')];
        const errors = outputs.filter(o => o.textContent.includes('Error displaying widget'));
        const first = errors[0]
            || document.querySelector('.jp-OutputArea-output .jupyter-widgets img');
        if (first) first.scrollIntoView({block: 'center'});
        return {widget_errors: errors.length,
                pictures: document.querySelectorAll('.jp-OutputArea-output img').length}; })()""")
    page.screenshot(path=out / f"{Path(name).stem}_reopened.png")
    return found


def api(base: str, token: str, path: str, method: str = "GET"):
    request = urllib.request.Request(f"{base}{path}", method=method,
                                     headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        body = reply.read()
        return json.loads(body) if body else None


def table(reports: list[dict]) -> str:
    """One line per slider: lesson, label, median and worst press-to-picture, the rapid test."""
    lines = [f"{'lesson':22} {'slider':12} {'median':>7} {'worst':>7}  rapid: redraws, last value",
             ]
    for r in reports:
        lines.append(f"{r['lesson']}: Run All {r.get('run_all_seconds', '-')} s, players "
                     f"{[p['width'] for p in r.get('players', [])]} px wide, "
                     f"{len(r.get('shrunk_figures', []))} figures shrunk")
        for s in r.get("sliders", []):
            if "median_ms" in s:
                rapid = s["rapid"]
                lines.append(f"{Path(r['lesson']).stem[:22]:22} {s['label'] or '?':12} "
                             f"{s['median_ms']:>5} ms {s['worst_ms']:>5} ms  "
                             f"{rapid['redraws_shown']}, {rapid['ends_on_last_value']}")
    return "\n".join(lines)


#: The floor: a slider whose figure is one of 21 pictures drawn in advance, the size of the
#: largest lesson figure (9.6 x 6.4 in at 96 dpi), shown as a panel shows one (one Output,
#: one picture a move). What a key press costs in
#: this JupyterLab with no drawing at all: the rest of a lesson's time is its panel's redraw.
REFERENCE = """import base64, io
import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure

pictures = []
for k in range(21):
    fig, data = Figure(figsize=(9.6, 6.4)), np.random.default_rng(k).random((2, 5, 200))
    for ax, lines in zip(fig.subplots(2, 1), data):
        ax.plot(lines.cumsum(axis=1).T, linewidth=2)
        ax.set_title(f"picture {k}")
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=96)
    pictures.append(base64.b64encode(buffer.getvalue()).decode())
slider = widgets.IntSlider(value=10, min=0, max=20, description="reference")
output = widgets.Output()

def show(change=None):
    output.outputs = ({"output_type": "display_data", "metadata": {},
                       "data": {"image/png": pictures[slider.value], "text/plain": "picture"}},)

slider.observe(show, names="value")
show()
widgets.VBox([slider, output])"""


REFERENCE_NAME = "00_no_drawing.ipynb"


def reference_notebook(folder: Path) -> Path:
    """Write the reference notebook (:data:`REFERENCE`) into ``folder``; return its path."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(REFERENCE)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    path = folder / REFERENCE_NAME
    nbformat.write(nb, path)
    return path


def main(notebooks: list[Path], out: Path, by_cell: bool = False,
         reference: bool = False) -> int:
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="lab-check-"))
    root = work / "root"
    root.mkdir()
    for notebook in notebooks:
        shutil.copy(notebook, root / notebook.name)
    if reference:
        notebooks = [reference_notebook(root), *notebooks]
    port, token = free_port(), secrets.token_hex(16)
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(work / "runtime"),
           "JUPYTERLAB_WORKSPACES_DIR": str(work / "workspaces")}
    command = [str(Path(sys.executable).parent / "jupyter"), "lab", "--no-browser",
               f"--ServerApp.port={port}", "--ServerApp.ip=127.0.0.1",
               f"--ServerApp.root_dir={root}", f"--IdentityProvider.token={token}",
               "--LabApp.expose_app_in_browser=True"]
    if os.getuid() == 0:
        command.append("--allow-root")
    server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                              stderr=(out / "server.log").open("w"))
    base = f"http://127.0.0.1:{port}"
    reports = []
    try:
        started = time.monotonic()
        while True:
            try:
                api(base, token, "/api/status")
                break
            except OSError as error:
                if time.monotonic() - started > 90 or server.poll() is not None:
                    raise RuntimeError(
                        f"JupyterLab did not start; see {out / 'server.log'}") from error
                time.sleep(0.5)
        with launch_chromium(timeout=60) as browser:
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.set_default_timeout(60_000)
            for notebook in notebooks:
                try:
                    report = check(page, base, token, notebook.name, out, by_cell)
                except Exception as error:  # noqa: BLE001 (report it, go on with the next lesson)
                    report = {"lesson": notebook.name, "failed": repr(error)}
                    page.screenshot(path=out / f"{notebook.stem}_failed.png", full_page=True)
                leave(page)
                if "failed" not in report:
                    report["reopened"] = reopen(page, base, token, notebook.name, out)
                    leave(page)
                reports.append(report)
                print(json.dumps(report, indent=1), flush=True)
                for kernel in api(base, token, "/api/kernels"):
                    api(base, token, f"/api/kernels/{kernel['id']}", "DELETE")
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)
    (out / "report.json").write_text(json.dumps(reports, indent=1))
    print(table(reports))
    floor = [r for r in reports if r["lesson"] == REFERENCE_NAME]
    if floor:  # a measure of this JupyterLab, not a lesson to pass
        reports.remove(floor[0])
        medians = [s["median_ms"] for s in floor[0].get("sliders", []) if "median_ms" in s]
        print(f"JupyterLab alone, no drawing: {medians[0] if medians else '?'} ms a key press")
    bad = [r for r in reports if "failed" in r or r["errors"] or r["shrunk_figures"]
           or r["reopened"]["widget_errors"]
           or any(p["width"] == 0 for p in r["players"])
           or any(s["visible"] and s["images"] and ("problem" in s or s["median_ms"] > 150
                                                   or not s["rapid"]["ends_on_last_value"])
                  for s in r["sliders"])]
    print(f"{len(reports) - len(bad)} of {len(reports)} lessons passed; report in {out}")
    return 1 if bad else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("notebook", nargs="?", type=Path, default=LESSONS[0])
    parser.add_argument("--all", action="store_true", help="check every lesson")
    parser.add_argument("--cell-by-cell", action="store_true",
                        help="run the cells one at a time instead of JupyterLab's Run All")
    parser.add_argument("--reference", action="store_true",
                        help="first measure a slider that draws nothing (its pictures made in "
                             "advance): this JupyterLab's own share of every key press")
    parser.add_argument("--out", type=Path, default=Path("/tmp/labcheck"),
                        help="where screenshots and the report go (default /tmp/labcheck)")
    args = parser.parse_args()
    raise SystemExit(main(LESSONS if args.all else [args.notebook.resolve()], args.out,
                         args.cell_by_cell, args.reference))
