"""Cards as pictures: faces readable on a projector, in rows, bottom card first.

>>> from matplotlib.figure import Figure
>>> from cardlib.cards import standard_deck
>>> ax = draw_cards(Figure(figsize=(10, 2)).add_subplot(), standard_deck()[:13])
>>> len(faces(ax))
13
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.colors import is_color_like, to_rgba
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, Rectangle

from ..cards import Card
from ..validation import validate_arguments, whole_number
from .style import (
    BLACK_INK,
    CARD_GAP,
    CARD_HEIGHT,
    CARD_WIDTH,
    HIGHLIGHT,
    RED_INK,
    TITLE_SIZE,
)

__all__ = ["card_size_points", "draw_cards", "faces", "deck_picture", "set_deck_picture",
           "row_axes", "row_axes_box"]

#: The most dashed places :func:`draw_cards` draws after its cards (a few rows of a big deck).
MAX_EMPTY_SLOTS = 1000


@validate_arguments
def card_size_points(ax: Axes, columns: int, rows: int) -> float:
    """Return the width in points of one card face drawn by :func:`draw_cards`."""
    fig = ax.figure
    box = ax.get_position()
    width_in = box.width * fig.get_figwidth()
    height_in = box.height * fig.get_figheight()
    x_span = columns * (CARD_WIDTH + CARD_GAP) + CARD_GAP
    y_span = rows * (CARD_HEIGHT + CARD_GAP) + CARD_GAP
    # With an equal aspect the tighter of the two directions sets the scale.
    return CARD_WIDTH * 72 * min(width_in / x_span, height_in / y_span)


@validate_arguments
def draw_cards(
    ax: Axes,
    cards: Sequence[Card],
    per_row: int = 13,
    highlight: Sequence[int] = (),
    dim: Sequence[int] = (),
    labels: Sequence[str] | None = None,
    empty_slots: int = 0,
) -> Axes:
    """Draw cards as small faces in rows, first card top left; return the axes.

    ``highlight`` and ``dim`` are indices of cards to outline in blue or grey out;
    ``labels`` are optional captions under each card (for example positions);
    ``empty_slots`` places after the cards are drawn as dashed outlines (a pile still
    to fill), so that an empty pile still shows where its cards will go.
    """
    if per_row < 1:
        raise ValueError(f"per_row must be at least 1, got {per_row}")
    if labels is not None and len(labels) != len(cards):
        raise ValueError(f"labels must hold one label per card: {len(cards)}, got {len(labels)}")
    empty_slots = whole_number("empty_slots", empty_slots, maximum=MAX_EMPTY_SLOTS)
    places = len(cards) + empty_slots
    columns = max(1, min(per_row, places))
    rows = max(1, math.ceil(places / per_row))
    ax.set_xlim(0, columns * (CARD_WIDTH + CARD_GAP) + CARD_GAP)
    ax.set_ylim(-(rows * (CARD_HEIGHT + CARD_GAP) + CARD_GAP), 0)
    ax.set_aspect("equal")
    ax.axis("off")
    size = card_size_points(ax, columns, rows)
    highlight, dim = set(highlight), set(dim)
    for index, card in enumerate(cards):
        row, column = divmod(index, per_row)
        x = CARD_GAP + column * (CARD_WIDTH + CARD_GAP)
        y = -(row + 1) * (CARD_HEIGHT + CARD_GAP)
        _draw_face(ax, card, x, y, size, index in highlight, index in dim)
        if labels is not None:
            ax.text(x + CARD_WIDTH / 2, y - 0.02, labels[index], ha="center", va="top",
                    fontsize=max(6, 0.22 * size), color="#444444")
    for index in range(len(cards), places):
        row, column = divmod(index, per_row)
        x = CARD_GAP + column * (CARD_WIDTH + CARD_GAP)
        y = -(row + 1) * (CARD_HEIGHT + CARD_GAP)
        # A Rectangle, not a face: faces() counts only the cards.
        ax.add_artist(Rectangle((x, y), CARD_WIDTH, CARD_HEIGHT, facecolor="none",
                                edgecolor="#999999", linestyle=(0, (4, 3)), linewidth=1.2,
                                zorder=1))
    return ax


#: A plain face (not highlighted, not dimmed, not tinted): its colour, and its edge's.
_FACE, _EDGE, _EDGE_WIDTH = "white", "#555555", 0.8


def _ink_and_marks(card: Card) -> tuple[str, str, str]:
    """The colour a card's marks are printed in, its corner mark and its centre mark."""
    ink = RED_INK if card.is_red else BLACK_INK
    return (ink, "JK", "★") if card.is_joker else (ink, card.rank, card.suit)


def _draw_face(ax: Axes, card: Card, x: float, y: float, size: float,
               highlighted: bool, dimmed: bool) -> None:
    ink, corner, centre = _ink_and_marks(card)
    face = "#E6E6E6" if dimmed else _FACE
    # add_artist: as add_patch, without growing the data limits (fixed above): faster.
    ax.add_artist(FancyBboxPatch(
        (x, y), CARD_WIDTH, CARD_HEIGHT, boxstyle="round,pad=0,rounding_size=0.07",
        facecolor=face, edgecolor=HIGHLIGHT if highlighted else _EDGE,
        linewidth=max(2.5, 0.08 * size) if highlighted else _EDGE_WIDTH, zorder=2,
        label=str(card),  # the face's name, for a description of the picture (alt text)
    ))
    alpha = 0.45 if dimmed else 1.0
    ax.text(x + 0.06, y + CARD_HEIGHT - 0.05, corner, ha="left", va="top", color=ink,
            fontsize=0.36 * size, fontweight="bold", alpha=alpha, zorder=3)
    ax.text(x + CARD_WIDTH / 2, y + 0.38, centre, ha="center", va="center", color=ink,
            fontsize=0.62 * size, alpha=alpha, zorder=3)


@validate_arguments
def faces(ax: Axes) -> list[FancyBboxPatch]:
    """The card faces on the axes, in the order they were drawn."""
    return [artist for artist in ax.get_children() if isinstance(artist, FancyBboxPatch)]


@validate_arguments
def deck_picture(ax: Axes, cards: Sequence[Card], per_row: int = 14,
                 colours: Sequence[str] | None = None, title: str | None = None) -> Axes:
    """Draw a deck bottom card first; ``colours`` tints each card (e.g. by rising sequence)."""
    _colours(colours, cards)
    before = len(faces(ax))
    draw_cards(ax, cards, per_row=per_row)
    if colours is not None:
        drawn = faces(ax)[before:]
        assert len(drawn) == len(cards), "draw_cards draws one rounded box per card"
        for face, colour in zip(drawn, colours):
            _tint(face, colour)
    if title:
        ax.set_title(title, fontsize=TITLE_SIZE)
    return ax


def _colours(colours: Sequence[str] | None, cards: Sequence[Card]) -> None:
    if colours is not None:
        if len(colours) != len(cards) or not all(is_color_like(c) for c in colours):
            raise ValueError("colours must be one colour (such as '#E69F00') per card")


def _tint(face: FancyBboxPatch, colour: str) -> None:
    face.set_facecolor(to_rgba(colour, 0.28))
    face.set_edgecolor(colour)
    face.set_linewidth(2.5)


@validate_arguments
def set_deck_picture(ax: Axes, cards: Sequence[Card],
                     colours: Sequence[str] | None = None) -> bool:
    """Show other cards, tinted ``colours`` (None: plain faces), in a :func:`deck_picture`
    of as many cards.

    The faces and their marks are kept and given the new cards' marks, inks and
    tints: the picture :func:`deck_picture` draws afresh, at a tenth of the cost
    (no artists to make). Returns False, changing nothing, when ``ax`` holds
    another number of faces, or anything but faces and their two marks each.
    """
    _colours(colours, cards)
    drawn = faces(ax)
    marks = ax.texts
    if len(drawn) != len(cards) or len(marks) != 2 * len(cards) or len(ax.patches) != len(drawn):
        return False
    for index, card in enumerate(cards):
        ink, corner, centre = _ink_and_marks(card)
        drawn[index].set_label(str(card))
        if colours is None:
            drawn[index].set(facecolor=_FACE, edgecolor=_EDGE, linewidth=_EDGE_WIDTH)
        else:
            _tint(drawn[index], colours[index])
        for mark, text in zip(marks[2 * index:2 * index + 2], (corner, centre)):
            mark.set_text(text)
            mark.set_color(ink)
    return True


@validate_arguments
def row_axes(fig: Figure, bottom: float, height: float, count: int, total: int) -> Axes:
    """Return axes for ``count`` cards, as wide as ``count`` slots of a ``total``-card row.

    Keeping the width proportional to the count keeps every card the same size
    from step to step (draw_cards scales the faces to the axes it is given).
    """
    ax = fig.add_axes(row_axes_box(bottom, height, count, total))
    ax.set_anchor("NW")  # equal aspect shrinks the box: keep it top left
    return ax


@validate_arguments
def row_axes_box(bottom: float, height: float, count: int,
                 total: int) -> tuple[float, float, float, float]:
    """The box (left, bottom, width, height) of :func:`row_axes`, in fractions of the figure."""
    for name, value in (("bottom", bottom), ("height", height)):
        if not -1e-9 <= value <= 1 + 1e-9:  # rounding may leave a hair below 0
            raise ValueError(f"{name} is a fraction of the figure, between 0 and 1, got {value}")
    return (0.02, bottom, 0.96 * max(count, 1) / max(total, 1), height)
