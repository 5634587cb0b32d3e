"""The frame player: figures played like a film, in JupyterLab and on a page with no kernel.

The frames go through matplotlib's HTMLWriter (the writer behind
``to_jshtml``), whose nine buttons draw their icons with Font Awesome from a
CDN; :func:`offline_player` swaps each icon for a small inline SVG, so the
buttons show with no network, in JupyterLab and on the static site alike.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from collections.abc import Callable
from pathlib import Path
from tempfile import TemporaryDirectory

from IPython.display import HTML
from matplotlib.animation import HTMLWriter
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.layout_engine import PlaceHolderLayoutEngine

from ..plots.style import min_text_px
from ..validation import positive_number, validate_arguments, whole_number

__all__ = ["frame_player", "offline_player", "shown_from_the_start"]

_SVG = (
    '<svg class="player-icon" viewBox="0 0 16 16" width="1em" height="1em" '
    'fill="currentColor" aria-hidden="true">{}</svg>'
)
_ICONS = {
    "minus": '<rect x="2" y="7" width="12" height="2"/>',
    "plus": '<path d="M7 2h2v5h5v2H9v5H7V9H2V7h5z"/>',
    "play": '<path d="M4 2l10 6-10 6z"/>',
    "play-flip": '<path d="M12 2L2 8l10 6z"/>',
    "pause": '<rect x="3" y="2" width="4" height="12"/><rect x="9" y="2" width="4" height="12"/>',
    "step-forward": '<path d="M3 2l8 6-8 6z"/><rect x="11" y="2" width="2" height="12"/>',
    "step-backward": '<rect x="3" y="2" width="2" height="12"/><path d="M13 2L5 8l8 6z"/>',
    "fast-forward": '<path d="M1 2l7 6-7 6zM8 2l7 6-7 6z"/>',
    "fast-backward": '<path d="M15 2L8 8l7 6zM8 2L1 8l7 6z"/>',
}
_FA_LINK = re.compile(
    r'<link[^>]*href="https?://[^"]*font-awesome[^"]*"[^>]*>\s*', re.I
)
_FA_ICON = re.compile(r'<i class="fa fa-([a-z-]+)( fa-flip-horizontal)?"></i>')


def _icon(match: re.Match) -> str:
    name = match.group(1) + ("-flip" if match.group(2) else "")
    if name not in _ICONS:
        raise ValueError(f"no offline icon for Font Awesome's {match.group(0)!r}")
    return _SVG.format(_ICONS[name])


@validate_arguments
def offline_player(page: str) -> str:
    """Drop the Font Awesome stylesheet link and draw the icons as inline SVG.

    >>> offline_player('<link rel="stylesheet"\\nhref="https://x/font-awesome.css">'
    ...                '<button><i class="fa fa-play"></i></button>')[:35]
    '<button><svg class="player-icon" vi'
    """
    return _FA_ICON.sub(_icon, _FA_LINK.sub("", page))


_FRAME = re.compile(r'frames\[(\d+)\] = "(.*?)"\s*$', re.S | re.M)
_INIT = re.compile(r"setTimeout\(function\(\) \{\s*(anim\w+) = new Animation\((.*?)\);\s*\}, 0\);",
                   re.S)


@validate_arguments
def shown_from_the_start(page: str, start: int = 0) -> str:
    """Make a player show frame ``start`` at once and start its script whenever it is attached.

    matplotlib's player sets its picture from a script run once, just after the
    output is inserted; JupyterLab after "Run All" may attach the output to the
    page later, and the player then shows only its buttons. Here the picture
    and the slider's range are in the HTML itself, and the script retries
    (every 100 ms, for a minute) until the player's elements are on the page.
    """
    frames = {int(index): data.replace("\\\n", "") for index, data in _FRAME.findall(page)}
    if start not in frames:
        return page
    page = re.sub(r'<img id="(_anim_img\w+)">',
                  lambda m: f'<img id="{m.group(1)}" src="{frames[start]}" alt="frame {start}">',
                  page, count=1)
    page = re.sub(r'(<input id="_anim_slider\w+" type="range" class="anim-slider"\s+name="points" '
                  r'min="0") max="1" step="1" value="0"',
                  lambda m: (f'{m.group(1)} max="{len(frames) - 1}" step="1" value="{start}" '
                             f'aria-label="Frame"'),  # its name for a screen reader
                  page, count=1)

    def retry(match: re.Match) -> str:
        name, arguments = match.groups()
        return (";(function begin(tries) {\n"
                "      if (document.getElementById(img_id) && document.getElementById(slider_id)"
                " && document[loop_select_id]) {\n"
                f"        {name} = new Animation({arguments});\n"
                f"        {name}.set_frame({start});\n"
                "      } else if (tries < 600) {\n"
                "        setTimeout(function () { begin(tries + 1); }, 100);\n"
                "      }\n"
                "    })(0);")

    return _INIT.sub(retry, page, count=1)


@validate_arguments
def frame_player(draw_frame: Callable[[Figure, int], Callable | None], n_frames: int,
                 figsize: tuple[float, float] = (9, 4), interval: int = 800,
                 start: int = 0) -> HTML:
    """Return an HTML frame player (matplotlib's ``to_jshtml`` page) that plays without a kernel.

    ``draw_frame(fig, i)`` draws frame i on an emptied figure. It may return an
    update, ``update(i)``, that turns the figure it drew into frame i in place
    (the pixels of a fresh figure, as a panel's update gives them), or returns None
    to have the frame drawn afresh: the next frames are made by it. The frames go
    straight to matplotlib's HTMLWriter, the writer behind ``to_jshtml``:
    through ``FuncAnimation`` every frame would be drawn twice. The player
    opens on frame ``start``, shown even before its script runs.
    """
    n_frames = whole_number("n_frames", n_frames, minimum=1, maximum=1000)
    start = whole_number("start", start, minimum=0, maximum=n_frames - 1)
    interval = positive_number("interval", interval)
    fig = Figure(figsize=figsize, dpi=96)  # the dpi of the panels: 9.6 inches fit JupyterLab
    FigureCanvasAgg(fig)
    smallest = float("inf")
    writer = HTMLWriter(fps=1000 / interval, embed_frames=True, default_mode="once")
    with TemporaryDirectory() as folder:
        page = Path(folder, "player.html")
        with writer.saving(fig, page, dpi=fig.dpi):
            update = None
            for i in range(n_frames):
                if update is None or update(i) is None:
                    _empty(fig)
                    update = draw_frame(fig, i)
                    update = update if callable(update) else None
                if isinstance(fig.get_layout_engine(), PlaceHolderLayoutEngine):
                    fig.set_layout_engine(None)  # else savefig draws the frame twice
                writer.grab_frame()
                smallest = min(smallest, min_text_px(fig))
        # Icons as inline SVG, not Font Awesome from a CDN: the buttons show offline too.
        return HTML(shown_from_the_start(_stable_ids(offline_player(
            page.read_text(encoding="utf-8"))), start),
            metadata={"cardlib": {"min_text_px": round(smallest, 1),
                                  "width_px": round(fig.get_figwidth() * fig.dpi)}})


_players_made = itertools.count()
_ANIMATION_ID = re.compile(r"_anim_img([0-9a-f]{32})")


def _stable_ids(page: str) -> str:
    """Replace matplotlib's random id (a uuid4) by one made from the page and a count.

    The same lesson run twice then gives the same HTML, byte for byte: its players
    are made in the same order with the same frames. The count keeps two players
    with the same frames in one page apart.
    """
    found = _ANIMATION_ID.search(page)
    if not found:
        return page
    old = found.group(1)
    digest = hashlib.sha1(f"{next(_players_made)}\n{page.replace(old, '')}".encode())
    return page.replace(old, digest.hexdigest()[:32])


def _empty(fig: Figure) -> None:
    """Remove everything from the figure (faster than ``fig.clear()``, which first
    resets every axes it is about to throw away)."""
    for ax in tuple(fig.axes):
        fig.delaxes(ax)
    fig.clear()
