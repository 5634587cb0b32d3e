"""The frame player's icons as inline SVG, so its buttons show with no network.

matplotlib's ``to_jshtml`` player draws its nine buttons with Font Awesome,
loaded from a CDN. :func:`offline_player` swaps each icon for a small SVG.
Kept apart from :mod:`cardlib.offline`, which needs nbconvert, so that the
lessons' players do not pay for importing it.
"""

from __future__ import annotations

import re

__all__ = ["offline_player"]

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


def offline_player(page: str) -> str:
    """Drop the Font Awesome stylesheet link and draw the icons as inline SVG.

    >>> offline_player('<link rel="stylesheet"\\nhref="https://x/font-awesome.css">'
    ...                '<button><i class="fa fa-play"></i></button>')[:35]
    '<button><svg class="player-icon" vi'
    """
    return _FA_ICON.sub(_icon, _FA_LINK.sub("", page))
