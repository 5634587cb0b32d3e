"""Headless Chromium through Playwright, on the system's browser (nothing is downloaded).

Used by tests/pages/test_site.py (static pages, offline) and tools/lab_slider_check.py
(a real JupyterLab); needs the ``test`` extra (Playwright). Never run
``playwright install``: :func:`launch_chromium` starts the Chromium found by
:func:`find_chromium` (Debian's ``chromium``).
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, Page, Request, Route, sync_playwright

__all__ = ["FLAGS", "CANDIDATES", "LOCAL", "find_chromium", "launch_chromium", "OfflinePage"]

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
]
#: Where Debian and other systems put the browser; CHROMIUM overrides.
CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "chrome")
#: What an offline page may load: files, and what the page holds itself.
LOCAL = ("file:", "data:", "blob:")


def find_chromium() -> str | None:
    """The browser to use: $CHROMIUM, else the first one on PATH, else None."""
    if os.environ.get("CHROMIUM"):
        return shutil.which(os.environ["CHROMIUM"])
    return next(filter(None, map(shutil.which, CANDIDATES)), None)


@contextmanager
def launch_chromium(
    executable: str | None = None,
    args: list[str] = (),
    env: dict | None = None,
    timeout: float = 30,
) -> Iterator[Browser]:
    """A headless Chromium (``executable``, else :func:`find_chromium`), closed on exit."""
    executable = executable or find_chromium()
    if executable is None:
        raise FileNotFoundError("no Chromium found (install chromium, or set CHROMIUM)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable,
            headless=True,
            args=[*FLAGS, *args],
            env=env,
            timeout=timeout * 1000,
        )
        try:
            yield browser
        finally:
            browser.close()


class OfflinePage:
    """A page in its own offline context that may load only :data:`LOCAL` URLs.

    Any other request is aborted and kept in ``blocked``; every failed request
    (aborted ones too) is kept in ``failed`` as 'URL: reason', and what the page's
    Content-Security-Policy refused in ``refused``. :meth:`open` clears them.
    ``bypass_csp`` lets a test inject its own script (axe-core). ``touch`` makes it a phone:
    a touch screen, and the page's viewport meta tag obeyed.
    """

    def __init__(self, browser: Browser, width: int = 1200, height: int = 900,
                 touch: bool = False, bypass_csp: bool = False) -> None:
        self.context = browser.new_context(
            viewport={"width": width, "height": height}, offline=True,
            has_touch=touch, is_mobile=touch, bypass_csp=bypass_csp,
        )
        self.context.route(lambda url: not url.startswith(LOCAL), self._block)
        self.page: Page = self.context.new_page()
        self.blocked: list[str] = []
        self.failed: list[str] = []
        self.refused: list[str] = []  # what the page's Content-Security-Policy refused
        self._pending: set[Request] = set()
        self.page.on("console", lambda message: self.refused.append(message.text[:200])
                     if "Content Security Policy" in message.text else None)
        self.page.on("request", self._start)
        self.page.on("requestfinished", self._finish)
        self.page.on("requestfailed", self._fail)

    def _block(self, route: Route) -> None:
        self.blocked.append(route.request.url[:120])
        route.abort("internetdisconnected")

    def _start(self, request: Request) -> None:
        self._pending.add(request)

    def _finish(self, request: Request) -> None:
        self._pending.discard(request)

    def _fail(self, request: Request) -> None:
        self._pending.discard(request)
        self.failed.append(f"{request.url[:120]}: {request.failure}")

    def open(self, url: str) -> Page:
        """Load ``url``, wait until its load event; return the page."""
        self.blocked.clear()
        self.failed.clear()
        self.refused.clear()
        self._pending.clear()
        self.page.goto(url, wait_until="load")
        return self.page

    def failed_requests(self, timeout: float = 10) -> list[str]:
        """The requests that failed since :meth:`open`, once all have ended.

        Chromium may report a failed request after the page's load event.
        """
        deadline = time.monotonic() + timeout
        while self._pending and time.monotonic() < deadline:
            self.page.wait_for_timeout(50)  # lets Playwright deliver the events
        return list(self.failed)

    def close(self) -> None:
        self.context.close()
