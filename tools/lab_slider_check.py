"""Check, in a real JupyterLab, that lessons run cell by cell and that their sliders redraw live.

Starts JupyterLab on 127.0.0.1 (a free port, a random token) on copies of the
lessons in a temporary folder (so the lessons in notebooks/ keep no outputs) and
opens each lesson in headless Chromium driven by Playwright (tests/browser.py).
For each lesson it runs the cells one at a time ('notebook:run-cell-and-select-next',
waiting for the kernel to go idle), lists the error and stderr outputs, then for
every visible slider focuses its handle, presses the Right arrow key (Left when
the slider is at its maximum; a real key press) and waits until a figure in the
same widget area changes, timing it. A screenshot after each slider move goes to
the output folder. Not part of the test suite: it takes minutes.

    .venv/bin/python tools/lab_slider_check.py [NOTEBOOK | --all] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from cardlib.site.browser import launch_chromium
from cardlib.site.run import lesson_paths

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


def wait(page: Page, expression: str, timeout: float, what: str, poll: float = 0.1):
    """The first true value of ``expression``, checked in the page every ``poll`` s."""
    try:
        handle = page.wait_for_function(expression, timeout=timeout * 1000, polling=poll * 1000)
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


def cell_errors(page: Page) -> list[str]:
    """The error outputs of the notebook's cells, as 'cell N: Name: message'."""
    return page.evaluate(f"""{PANEL}.content.widgets.flatMap((c, i) =>
        c.model.type !== 'code' ? [] : c.model.outputs.toJSON()
            .filter(o => o.output_type === 'error')
            .map(o => `cell ${{i + 1}}: ${{o.ename}}: ${{o.evalue}}`))""")


def move_sliders(page: Page, stem: str, out: Path) -> list[dict]:
    """Press an arrow key on every visible slider; time until its figure changes."""
    results = []
    for index in range(page.evaluate("lc.sliders().length")):
        s = f"lc.sliders()[{index}]"
        info = page.evaluate(f"""(() => {{ const s = {s}, h = s.querySelector('.noUi-handle');
            const r = s.querySelector('.widget-readout'), d = s.querySelector('.widget-label');
            return {{label: d && d.textContent.trim(), readout: r && r.textContent.trim(),
                     visible: !!(h && h.offsetParent), images: lc.images(s).length,
                     atMax: !!h && h.getAttribute('aria-valuenow')
                                   === h.getAttribute('aria-valuemax')}};
        }})()""")
        result = {"slider": index + 1, **info, "moved": False, "redrawn": None}
        results.append(result)
        if not info["visible"]:
            continue
        page.evaluate(f"""(() => {{ const s = {s}, h = s.querySelector('.noUi-handle');
            window.lcBefore = {{readout: (s.querySelector('.widget-readout') || {{}}).textContent,
                                images: JSON.stringify(lc.images(s))}};
            h.scrollIntoView({{block: 'center'}}); h.focus(); return true; }})()""")
        key = "ArrowLeft" if info["atMax"] else "ArrowRight"
        page.keyboard.press(key)
        pressed = time.monotonic()
        state = f"""(() => {{ const s = {s};
            return {{readout: (s.querySelector('.widget-readout') || {{}}).textContent,
                     images: JSON.stringify(lc.images(s))}}; }})()"""
        try:
            wait(page, f"{state}.readout !== lcBefore.readout", 5, "the readout")
            result["moved"] = key
            if info["images"]:
                wait(page, f"{state}.images !== lcBefore.images", SLIDER_TIMEOUT, "the figure")
                result["redrawn"] = round(time.monotonic() - pressed, 2)
        except TimeoutError as error:
            result["problem"] = str(error)
        result["after"] = page.evaluate(f"{state}.readout")
        page.wait_for_timeout(500)
        page.screenshot(path=out / f"{stem}_slider{index + 1:02d}.png", full_page=True)
    return results


def check(page: Page, base: str, token: str, name: str, out: Path) -> dict:
    page.goto(f"{base}/lab/tree/{name}?reset&token={token}", wait_until="load")
    wait(page, f"!!(window.jupyterapp && {PANEL} && {PANEL}.sessionContext"
         f" && {PANEL}.sessionContext.session && {PANEL}.sessionContext.session.kernel"
         f" && {PANEL}.sessionContext.session.kernel.status === 'idle')", 120, "the kernel")
    page.evaluate(HELPERS)
    started = time.monotonic()
    report = {"lesson": name, "cells": run_cells(page)}
    report["seconds"] = round(time.monotonic() - started, 1)
    report["code_cells_run"] = page.evaluate(f"""(() => {{
        const code = {PANEL}.content.widgets
            .filter(c => c.model.type === 'code' && c.model.sharedModel.source);
        const ran = code.filter(c => c.model.executionCount !== null).length;
        return `${{ran}} of ${{code.length}}`; }})()""")
    page.wait_for_timeout(2000)  # let the widget views render
    report["errors"] = cell_errors(page)
    report["stderr"] = page.evaluate("lc.stderr()")
    report["sliders"] = move_sliders(page, Path(name).stem, out)
    report["stderr_after_sliders"] = page.evaluate("lc.stderr()")
    page.screenshot(path=out / f"{Path(name).stem}_end.png", full_page=True)
    return report


def leave(page: Page) -> None:
    """Save the open copy, so that leaving the page asks nothing."""
    try:
        page.evaluate("jupyterapp.commands.execute('docmanager:save').then(() => true)")
    except PlaywrightError as error:
        print("could not save:", error)


def api(base: str, token: str, path: str, method: str = "GET"):
    request = urllib.request.Request(f"{base}{path}", method=method,
                                     headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        body = reply.read()
        return json.loads(body) if body else None


def main(notebooks: list[Path], out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="lab-check-"))
    root = work / "root"
    root.mkdir()
    for notebook in notebooks:
        shutil.copy(notebook, root / notebook.name)
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
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.set_default_timeout(60_000)
            for notebook in notebooks:
                try:
                    report = check(page, base, token, notebook.name, out)
                except Exception as error:  # noqa: BLE001 (report it, go on with the next lesson)
                    report = {"lesson": notebook.name, "failed": repr(error)}
                    page.screenshot(path=out / f"{notebook.stem}_failed.png", full_page=True)
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
    bad = [r for r in reports if "failed" in r or r["errors"] or any(
        s["visible"] and (not s["moved"] or (s["images"] and s["redrawn"] is None))
        for s in r["sliders"])]
    print(f"{len(reports) - len(bad)} of {len(reports)} lessons passed; report in {out}")
    return 1 if bad else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("notebook", nargs="?", type=Path, default=LESSONS[0])
    parser.add_argument("--all", action="store_true", help="check every lesson")
    parser.add_argument("--out", type=Path, default=Path("/tmp/labcheck"),
                        help="where screenshots and the report go (default /tmp/labcheck)")
    args = parser.parse_args()
    raise SystemExit(main(LESSONS if args.all else [args.notebook.resolve()], args.out))
