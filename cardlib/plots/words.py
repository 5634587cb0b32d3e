"""A figure in words: the alt text of every picture, in JupyterLab and on the site.

The words come from what the figure shows: its overall title, then each plot's
title (at any of its three places) and axes; a row of cards is named card by
card (each face drawn by :func:`cardlib.plots.cards.draw_cards` carries its
card's name as its label), under its row's title.
"""

from __future__ import annotations

import re

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch

from ..validation import validate_arguments

__all__ = ["describe_figure", "plain_text"]

#: Cards named in one row before "…".
CARDS_NAMED = 16


@validate_arguments
def plain_text(text: str) -> str:
    r"""A title without mathtext marks: ``"$n^{1.5}$ \\times 2"`` reads ``"n^1.5 × 2"``.

    >>> plain_text(r"grows like $n^{1.5}$, $\times$ 2, $\frac{3}{2}\log_2 n$")
    'grows like n^1.5, × 2, 3/2 log_2 n'
    """
    words = {r"\times": "×", r"\cdot": "·", r"\leq": "≤", r"\geq": "≥", r"\approx": "≈",
             r"\log": "log", r"\sqrt": "√", r"\infty": "∞", r"\pm": "±", r"\ldots": "…"}
    text = re.sub(r"\\frac\{([^{}]*)\}\{([^{}]*)\}", r"\1/\2 ", text)
    for tex, word in words.items():
        text = text.replace(tex, word)
    text = re.sub(r"\\(mathrm|mathit|mathbf|text)", "", text)
    text = re.sub(r"[{}$]|\\(?=[a-zA-Z])", "", text)
    return " ".join(text.split()).replace(" ,", ",")


def _title(ax: Axes) -> str:
    return " ".join(filter(None, (ax.get_title(loc).strip()
                                  for loc in ("left", "center", "right"))))


def _cards(ax: Axes) -> list[str]:
    return [artist.get_label() for artist in ax.get_children()
            if isinstance(artist, FancyBboxPatch) and artist.get_label()
            and not artist.get_label().startswith("_")]


def _axes_words(ax: Axes) -> str:
    """One plot in words: its title and axes, or its title and cards; "" for a colour bar."""
    title, cards = plain_text(_title(ax)), _cards(ax)
    if cards:
        named = ", ".join(cards[:CARDS_NAMED]) + (", …" if len(cards) > CARDS_NAMED else "")
        row = f"{len(cards)} card{'s' if len(cards) != 1 else ''}: {named}"
        return f"{title.rstrip(':.')}: {row}" if title else row
    xlabel, ylabel = ax.get_xlabel().strip(), ax.get_ylabel().strip()
    if not (title or xlabel):  # a colour bar is an axes with a label only: words, no meaning
        return ""
    axes = f"{ylabel} against {xlabel}" if xlabel and ylabel else (ylabel or xlabel)
    return plain_text(f"{title} ({axes})" if title and axes else title or axes)


@validate_arguments
def describe_figure(fig: Figure, limit: int = 600) -> str:
    """The figure in words, from its texts: the overall title, then each plot in turn.

    >>> fig = Figure()
    >>> ax = fig.add_subplot()
    >>> _ = ax.set(title="Cuts near half", xlabel="cut size", ylabel="frequency")
    >>> _ = fig.suptitle("56 cards")
    >>> describe_figure(fig)
    'Figure: 56 cards. Cuts near half (frequency against cut size).'
    >>> from cardlib.cards import Card
    >>> from cardlib.plots import draw_cards
    >>> hands = Figure()
    >>> top, bottom = hands.subplots(2)
    >>> _ = draw_cards(top, [Card("A", "♠"), Card("10", "♥")])
    >>> _ = top.set_title("Player 1", loc="left")
    >>> _ = draw_cards(bottom, [Card("A", "♣")])
    >>> _ = bottom.set_title("Player 2", loc="left")
    >>> describe_figure(hands)
    'Figure: Player 1: 2 cards: A♠, 10♥. Player 2: 1 card: A♣.'
    >>> shown = Figure()
    >>> _ = shown.add_subplot().text(0, 0, "A♠")
    >>> describe_figure(shown)
    'Figure: a picture showing A♠.'
    """
    heads = []
    suptitle = fig.get_suptitle() if hasattr(fig, "get_suptitle") else ""
    for text in [suptitle, *(t.get_text() for t in fig.texts if t.get_visible())]:
        if text and text.strip() and plain_text(text) not in heads:
            heads.append(plain_text(text))
    plots = [words for ax in fig.axes if ax.get_visible() and (words := _axes_words(ax))]
    sentences = [s.rstrip(".") for s in [*heads, *plots] if s]
    if not sentences:  # no title, no axes, no cards: the texts it shows
        shown = list(dict.fromkeys(plain_text(t.get_text()) for ax in fig.axes
                                   if ax.get_visible() for t in ax.texts
                                   if t.get_visible() and t.get_text().strip()))
        sentences = [("a picture showing " + ", ".join(shown[:CARDS_NAMED])
                      + (", …" if len(shown) > CARDS_NAMED else "")) if shown else "a picture"]
    text = "Figure: " + ". ".join(sentences) + "."
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"
