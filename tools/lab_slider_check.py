"""Check once, in a real JupyterLab, that moving a slider redraws its figure live.

Starts JupyterLab on 127.0.0.1 (a free port, a random token) on a copy of a lesson
in a temporary folder (so the lesson in notebooks/ keeps no outputs), opens it in
headless Chromium driven through the DevTools protocol (tests/browser.py), runs all
cells, presses the Right arrow key on the first slider, and checks that the
slider's readout and the figure below it changed. Screenshots go to
build/lab-check/. Not part of the test suite: a kernel, a server and a browser
take about a minute.

    .venv/bin/python tools/lab_slider_check.py [notebooks/01_fair_shuffle.ipynb]
"""

from __future__ import annotations

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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from browser import Chromium, find_chromium  # noqa: E402

OUT = ROOT / "build" / "lab-check"

FIRST_SLIDER = """
(() => {
  const handle = document.querySelector('.widget-slider .noUi-handle');
  if (!handle) return null;
  const box = handle.closest('.widget-vbox');
  const img = box && box.querySelector('.widget-output img');
  const readout = handle.closest('.widget-slider').querySelector('.widget-readout');
  return {readout: readout && readout.textContent.trim(),
          image: img ? img.src.length + ':' + img.src.slice(-40) : null};
})()
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait(browser: Chromium, expression: str, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = browser.evaluate(expression)
        if value:
            return value
        time.sleep(0.1)
    raise TimeoutError(f"gave up waiting for {what} after {timeout} s")


def main(notebook: Path) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="lab-check-"))
    root = work / "root"
    root.mkdir()
    shutil.copy(notebook, root / notebook.name)
    port, token = free_port(), secrets.token_hex(16)
    env = {
        **os.environ,
        "JUPYTER_RUNTIME_DIR": str(work / "runtime"),
        "JUPYTERLAB_WORKSPACES_DIR": str(work / "workspaces"),
    }
    command = [
        str(Path(sys.executable).parent / "jupyter"),
        "lab",
        "--no-browser",
        f"--ServerApp.port={port}",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.root_dir={root}",
        f"--IdentityProvider.token={token}",
        "--LabApp.expose_app_in_browser=True",
    ]
    if os.getuid() == 0:
        command.append("--allow-root")
    server = subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=(OUT / "server.log").open("w"),
    )
    base = f"http://127.0.0.1:{port}"
    try:
        started = time.monotonic()
        while True:
            try:
                with urllib.request.urlopen(
                    f"{base}/api/status?token={token}", timeout=2
                ) as r:
                    print(
                        "server up after %.1f s:" % (time.monotonic() - started),
                        json.load(r),
                    )
                    break
            except OSError as error:
                if time.monotonic() - started > 60 or server.poll() is not None:
                    raise RuntimeError(
                        f"JupyterLab did not start; see {OUT / 'server.log'}"
                    ) from error
                time.sleep(0.5)
        with Chromium(find_chromium(), width=1400, height=1000, timeout=60) as browser:
            browser.call("Page.enable")
            browser.open(f"{base}/lab/tree/{notebook.name}?token={token}")
            wait(
                browser,
                "!!(window.jupyterapp && jupyterapp.shell.currentWidget"
                " && jupyterapp.shell.currentWidget.sessionContext"
                " && jupyterapp.shell.currentWidget.sessionContext.session"
                " && jupyterapp.shell.currentWidget.sessionContext.session.kernel)",
                90,
                "the notebook and its kernel",
            )
            started = time.monotonic()
            browser.evaluate(
                "jupyterapp.commands.execute('notebook:run-all-cells').then(() => true)"
            )
            wait(
                browser,
                """(() => {
                const panel = jupyterapp.shell.currentWidget;
                const cells = panel.content.widgets.filter(c => c.model.type === 'code');
                return panel.sessionContext.session.kernel.status === 'idle'
                    && cells.every(c => c.model.executionCount !== null);
            })()""",
                180,
                "all cells to run",
            )
            print("all cells ran in %.1f s" % (time.monotonic() - started))
            before = wait(browser, FIRST_SLIDER, 30, "a slider with a figure")
            browser.evaluate("""(() => {
                const handle = document.querySelector('.widget-slider .noUi-handle');
                handle.scrollIntoView({block: 'center'}); handle.focus(); return true; })()""")
            time.sleep(1)
            browser.screenshot(OUT / "before.png")
            for kind in ("keyDown", "keyUp"):
                browser.call(
                    "Input.dispatchKeyEvent",
                    type=kind,
                    key="ArrowRight",
                    code="ArrowRight",
                    windowsVirtualKeyCode=39,
                    nativeVirtualKeyCode=39,
                )
            pressed = time.monotonic()
            changed = (
                f"(() => {{ const now = {FIRST_SLIDER.strip()};"
                f" return now.readout !== {json.dumps(before['readout'])}"
                f" && now.image !== {json.dumps(before['image'])} ? now : null; }})()"
            )
            after = wait(
                browser, changed, 60, "the slider's readout and figure to change"
            )
            print("redrawn %.2f s after the key press" % (time.monotonic() - pressed))
            time.sleep(1)
            browser.screenshot(OUT / "after.png")
        print("before:", before)
        print("after: ", after)
        return 0
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    target = (
        Path(sys.argv[1])
        if len(sys.argv) > 1
        else ROOT / "notebooks" / "01_fair_shuffle.ipynb"
    )
    raise SystemExit(main(target))
