"""Drive headless Chromium through the Chrome DevTools protocol (a small client).

Why this and not Selenium or Playwright: the protocol needs only the
``websocket-client`` package, which JupyterLab already installs, and the
Debian ``chromium`` package; there is no driver binary whose version must
match the browser, and it reports every failed request as a
``Network.loadingFailed`` event, which is what the site test checks.
"""

from __future__ import annotations

import base64
import itertools
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import websocket

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--remote-debugging-port=0",
]
#: Where Debian and other systems put the browser; CHROMIUM overrides.
CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "chrome")


def find_chromium() -> str | None:
    """The browser to use: $CHROMIUM, else the first one on PATH, else None."""
    if os.environ.get("CHROMIUM"):
        return shutil.which(os.environ["CHROMIUM"])
    return next(filter(None, map(shutil.which, CANDIDATES)), None)


class ProtocolError(RuntimeError):
    pass


class Chromium:
    """One headless browser with one page; ``call`` sends a protocol command to the page.

    Events that arrive while waiting for an answer are kept in ``events``.
    """

    def __init__(
        self,
        executable: str,
        extra_flags: list[str] = (),
        width: int = 1200,
        height: int = 900,
        timeout: float = 30,
        env: dict | None = None,
    ) -> None:
        self.profile = tempfile.mkdtemp(prefix="chromium-profile-")
        self.process = subprocess.Popen(
            [
                executable,
                *FLAGS,
                *extra_flags,
                f"--user-data-dir={self.profile}",
                f"--window-size={width},{height}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        self.timeout = timeout
        self.events: list[dict] = []
        self._ids = itertools.count(1)
        try:
            port, path = self._endpoint(timeout)
            self.socket = websocket.create_connection(
                f"ws://127.0.0.1:{port}{path}", timeout=timeout, suppress_origin=True
            )
            target = self._send("Target.createTarget", {"url": "about:blank"})[
                "targetId"
            ]
            self.session = self._send(
                "Target.attachToTarget", {"targetId": target, "flatten": True}
            )["sessionId"]
        except BaseException:
            self.close()
            raise

    def _endpoint(self, timeout: float) -> tuple[str, str]:
        active = Path(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ProtocolError(
                    f"the browser exited at start with code {self.process.returncode}"
                )
            lines = active.read_text().split() if active.exists() else []
            if len(lines) == 2:
                return lines[0], lines[1]
            time.sleep(0.05)
        raise ProtocolError(
            f"the browser did not open its debugging port within {timeout} s"
        )

    def _send(
        self, method: str, params: dict | None = None, session: str | None = None
    ) -> dict:
        message_id = next(self._ids)
        message = {"id": message_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        while True:
            reply = json.loads(self.socket.recv())
            if reply.get("id") == message_id:
                if "error" in reply:
                    raise ProtocolError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def call(self, method: str, **params) -> dict:
        return self._send(method, params, self.session)

    def wait_for(self, event: str, timeout: float | None = None) -> dict:
        """Return the first kept event named ``event``, waiting for it if needed."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            for index, message in enumerate(self.events):
                if message["method"] == event:
                    return self.events.pop(index)
            if time.monotonic() > deadline:
                raise ProtocolError(f"no {event} within {timeout or self.timeout} s")
            self._receive(max(0.01, deadline - time.monotonic()))

    def _receive(self, timeout: float) -> None:
        """Keep the next event that arrives within ``timeout`` seconds, if any."""
        self.socket.settimeout(timeout)
        try:
            message = json.loads(self.socket.recv())
        except websocket.WebSocketTimeoutException:
            return
        finally:
            self.socket.settimeout(self.timeout)
        if "method" in message:
            self.events.append(message)

    def open(self, url: str) -> None:
        """Load ``url`` and wait until its load event."""
        self.events.clear()
        self.call("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str):
        """The JSON value of a JavaScript expression (promises are awaited)."""
        result = self.call(
            "Runtime.evaluate",
            expression=expression,
            awaitPromise=True,
            returnByValue=True,
        )
        if "exceptionDetails" in result:
            raise ProtocolError(f"JavaScript failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path: Path, max_height: int = 16000) -> None:
        """Save the whole page (up to ``max_height`` CSS pixels) as a PNG or a JPEG.

        The format follows the file's suffix; a JPEG of a long page is written
        several times faster than a PNG.
        """
        fmt = "jpeg" if Path(path).suffix.lower() in (".jpg", ".jpeg") else "png"
        size = self.call("Page.getLayoutMetrics")["cssContentSize"]
        clip = {
            "x": 0,
            "y": 0,
            "width": size["width"],
            "height": min(size["height"], max_height),
            "scale": 1,
        }
        data = self.call(
            "Page.captureScreenshot",
            format=fmt,
            clip=clip,
            captureBeyondViewport=True,
        )["data"]
        Path(path).write_bytes(base64.b64decode(data))

    def _settle(self, timeout: float = 10) -> None:
        """Wait until every request since the last :meth:`open` has finished or failed.

        Chromium may report a failed request after the page's load event.
        """
        done = {"Network.loadingFinished", "Network.loadingFailed"}
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            sent = {e["params"]["requestId"] for e in self.events
                    if e["method"] == "Network.requestWillBeSent"}
            ended = {e["params"]["requestId"] for e in self.events if e["method"] in done}
            if sent <= ended:
                return
            self._receive(0.1)

    def failed_requests(self) -> list[str]:
        """URLs (and reasons) of requests that failed since the last :meth:`open`."""
        self._settle()
        urls = {
            e["params"]["requestId"]: e["params"]["request"]["url"]
            for e in self.events
            if e["method"] == "Network.requestWillBeSent"
        }
        return [
            f"{urls.get(e['params']['requestId'], '?')[:120]}: {e['params']['errorText']}"
            for e in self.events
            if e["method"] == "Network.loadingFailed"
        ]

    def close(self) -> None:
        try:
            if getattr(self, "socket", None):
                self.socket.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
