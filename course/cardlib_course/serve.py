"""``cardlib-course serve``: the site over http on this machine, with sensible cache headers.

Browsers run Python in the page only for pages served over http. Any static host works (the
site's service worker keeps Python in the browser's cache however it is served); this one
also tells the browser that the Python runtime, whose files are named after their pinned
version, never changes (``immutable``, a year), and that pages and the site's own files are
checked again each time (``no-cache``), so a rebuilt site shows at once.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
from pathlib import Path

from cardlib.validation import validate_arguments

__all__ = ["CachingHandler", "cache_control", "main"]


@validate_arguments
def cache_control(path: str) -> str:
    """The Cache-Control header for a path of the site.

    >>> cache_control("/pyodide/pyodide.asm.wasm"), cache_control("/01_fair_shuffle.html")
    ('public, max-age=31536000, immutable', 'no-cache')
    """
    runtime = path.startswith("/pyodide/") and not path.endswith("/cardlib.zip")
    return "public, max-age=31536000, immutable" if runtime else "no-cache"


class CachingHandler(http.server.SimpleHTTPRequestHandler):
    """A static file handler that sends :func:`cache_control`'s header."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", cache_control(self.path.split("?")[0]))
        super().end_headers()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cardlib-course serve", description=__doc__.split(
        "\n")[0])
    parser.add_argument("--dir", default=Path("build/html"), type=Path, metavar="DIR",
                        help="the site's folder (default: build/html)")
    parser.add_argument("--port", default=8000, type=int, help="the port (default: 8000)")
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        print(f"cardlib-course serve: no site in {args.dir}/ (make it with cardlib-course site)",
              file=sys.stderr)
        return 2
    handler = functools.partial(CachingHandler, directory=str(args.dir))
    with http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler) as server:
        print(f"serving {args.dir}/ at http://localhost:{args.port}/ (Ctrl+C to stop)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0
