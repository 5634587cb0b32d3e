"""Step-through pictures of pick-and-remove and Knuth's swaps, one step per figure.

The steps come from :mod:`cardlib.steps` (replays of the real algorithms), the
card faces from :func:`cardlib.plots.draw_cards`; the sliders and players that
show them are in :mod:`cardlib.widgets.steps`.

>>> from matplotlib.figure import Figure
>>> from cardlib.cards import step_deck
>>> from cardlib.steps import knuth_steps
>>> fig = draw_knuth_step(Figure(figsize=KNUTH_FIGSIZE), knuth_steps(step_deck(6), rng=3)[5])
>>> fig.texts[0].get_text()[:12]
'Step 5 of 5:'
"""

from __future__ import annotations

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..steps import PickStep, SwapStep
from ..validation import validate_arguments
from .cards import draw_cards, row_axes, row_axes_box
from .style import CARD_GAP, CARD_WIDTH, SETTLED_SHADE

__all__ = [
    "MAX_STEP_CARDS",
    "PICK_FIGSIZE",
    "KNUTH_FIGSIZE",
    "check_step_size",
    "draw_pick_step",
    "draw_knuth_step",
    "TWIN_FIGSIZE",
    "draw_twin_step",
    "redraw_step",
]

#: A step-through draws the deck in one row; beyond this the faces get too small.
MAX_STEP_CARDS = 13
PICK_FIGSIZE = (9.6, 4.9)
KNUTH_FIGSIZE = (9.6, 2.9)
TWIN_FIGSIZE = (9.6, 5.4)


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _text(fig: Figure, slot: int, x: float, y: float, text: str, **style) -> None:
    """The figure's text number ``slot``: set when a step drawn before left one there, so
    that a step drawn again over another keeps its texts (and they are painted again only
    if their words change)."""
    if slot < len(fig.texts):
        fig.texts[slot].set_text(text)
        fig.texts[slot].set_position((x, y))
    else:
        fig.text(x, y, text, **style)


def _headline(fig: Figure, text: str) -> None:
    """The step's sentence, top left: the figure's first text (tests read it there)."""
    _text(fig, 0, 0.02, 0.98, text, ha="left", va="top", fontsize=14)


def _caption(fig: Figure, slot: int, top: float, text: str) -> None:
    # A figure text rather than an axes title: placing a title makes matplotlib
    # build the (hidden) ticks to avoid them, which costs more than the cards.
    _text(fig, slot, 0.025, top + 0.01, text, ha="left", va="bottom", fontsize=13)


def _row(fig: Figure, slot: int, bottom: float, height: float, count: int,
         total: int) -> Axes:
    """The figure's row of cards number ``slot``: emptied and moved when a step drawn before
    left one there (axes cost more to make than the cards in them), else made."""
    if slot >= len(fig.axes):
        return row_axes(fig, bottom, height, count, total)
    ax = fig.axes[slot]
    for artist in [*ax.patches, *ax.artists, *ax.texts, *ax.lines, *ax.collections]:
        artist.remove()
    ax.set_position(row_axes_box(bottom, height, count, total))
    return ax


@validate_arguments
def redraw_step(fig: Figure, draw_step, step, n_steps: int | None = None) -> list | None:
    """Draw ``step`` with ``draw_step`` over the step it drew on ``fig`` before, in place.

    Returns what changed (every row of cards, the texts whose words changed),
    the picture then as ``draw_step`` draws it on a fresh figure; or None,
    changing nothing, when ``fig`` holds no step drawn by it.
    """
    rows, texts = _STEP_LAYOUT.get(draw_step, (None, None))
    if rows is None or len(fig.axes) != rows or len(fig.texts) != texts:
        return None
    said = [text.get_text() for text in fig.texts]
    draw_step(fig, step, n_steps)
    return [*fig.axes, *(text for text, old in zip(fig.texts, said) if text.get_text() != old)]


@validate_arguments
def check_step_size(n: int) -> None:
    """Refuse a deck too long for one row of readable card faces (or an empty one)."""
    if n < 1:
        raise ValueError("a step-through needs a deck of at least one card")
    if n > MAX_STEP_CARDS:
        raise ValueError(
            f"a step-through draws one row of at most {MAX_STEP_CARDS} cards, not {n}; "
            "pass a smaller deck"
        )


@validate_arguments
def draw_pick_step(fig: Figure, step: PickStep, n_steps: int | None = None) -> Figure:
    """Draw one pick-and-remove step: the pile before the draw, and the new pile after it.

    The card drawn at this step is outlined in blue in both rows; the numbers
    under the pile are the positions ``randrange`` chooses from.
    """
    pile = step.previous_pile
    total = len(pile) + len(step.new_pile) - (step.picked is not None)
    check_step_size(total)
    n_steps = total if n_steps is None else n_steps
    if step.picked is None:
        headline = f"Step 0 of {n_steps}: the deck before any draw"
    else:
        headline = (f"Step {step.k} of {n_steps}: randrange({step.draw.args[0]}) gave "
                    f"{step.picked}, so {step.new_pile[-1]} leaves the pile for the new pile")
    _headline(fig, headline)
    top = _row(fig, 0, 0.46, 0.36, len(pile), total)
    highlight = () if step.picked is None else (step.picked,)
    draw_cards(top, pile, per_row=total, highlight=highlight,
               labels=[str(p) for p in range(len(pile))])
    _caption(fig, 1, 0.46 + 0.36,
             f"pile to draw from ({_cards(len(pile))}; position under each card)")
    # The new pile's row keeps a dashed place for every card still to come, so that
    # an empty pile shows where the draws will go rather than a blank band.
    bottom = _row(fig, 1, 0.02, 0.36, total, total)
    draw_cards(bottom, step.new_pile, per_row=total,
               highlight=(len(step.new_pile) - 1,) if step.new_pile else (),
               empty_slots=total - len(step.new_pile))
    _caption(fig, 2, 0.02 + 0.36, f"new pile ({_cards(len(step.new_pile))})" if step.new_pile
             else "new pile (empty: each draw puts its card in the next dashed place)")
    return fig


@validate_arguments
def draw_knuth_step(fig: Figure, step: SwapStep, n_steps: int | None = None) -> Figure:
    """Draw one step of Knuth's shuffle: the deck after swap k, with i and j marked.

    The settled part (positions i and up, never touched again) is shaded blue;
    the cards just swapped are outlined.
    """
    n = len(step.deck)
    check_step_size(n)
    n_steps = max(n - 1, 0) if n_steps is None else n_steps
    if step.i is None:
        headline = f"Step 0 of {n_steps}: the deck before any swap"
    elif step.i == step.j:
        headline = (f"Step {step.k} of {n_steps}: randrange({step.i + 1}) gave j = {step.j} "
                    f"= i, so the card at {step.i} stays")
    else:
        headline = (f"Step {step.k} of {n_steps}: randrange({step.i + 1}) gave j = {step.j}, "
                    f"so positions i = {step.i} and j = {step.j} swap")
    _headline(fig, headline)
    ax = _row(fig, 0, 0.02, 0.74, n, n)
    marks = {}
    if step.i is not None:
        marks = {step.i: "i", step.j: "j"} if step.i != step.j else {step.i: "i = j"}
    labels = [f"{p}\n{marks.get(p, '')}" for p in range(n)]
    swapped = () if step.i is None else {step.i, step.j}
    draw_cards(ax, step.deck, per_row=max(n, 1), highlight=swapped, labels=labels)
    settled = step.settled
    if settled:
        start = CARD_GAP / 2 + (n - settled) * (CARD_WIDTH + CARD_GAP)
        ax.axvspan(start, n * (CARD_WIDTH + CARD_GAP) + CARD_GAP / 2, color=SETTLED_SHADE, zorder=0)
    _caption(fig, 1, 0.02 + 0.74, f"still to shuffle: {_cards(n - settled)}      "
                                   f"settled (shaded): {_cards(settled)}")
    return fig


def _shade_settled(ax, n: int, settled: int) -> None:
    if settled:
        start = CARD_GAP / 2 + (n - settled) * (CARD_WIDTH + CARD_GAP)
        ax.axvspan(start, n * (CARD_WIDTH + CARD_GAP) + CARD_GAP / 2, color=SETTLED_SHADE, zorder=0)


@validate_arguments
def draw_twin_step(fig: Figure, step: tuple[PickStep, SwapStep],
                   n_steps: int | None = None) -> Figure:
    """Draw pick-and-remove and Knuth's swaps after the same k random answers, one row each.

    Both rows keep the cards drawn so far at the right, shaded, the first one
    drawn at the far right (where Knuth's swaps put it; pick-and-remove's new
    pile is shown in that order too), and the cards still to draw from on the
    left. The card drawn at this step is outlined in both rows, and in Knuth's
    row also the card that moved into its place.
    """
    pick, swap = step
    n = len(swap.deck)
    check_step_size(n)
    k = swap.k
    n_steps = max(n - 1, 0) if n_steps is None else n_steps
    if swap.i is None:
        headline = f"Step 0 of {n_steps}: the same deck for both"
    else:
        headline = (f"Step {k} of {n_steps}: randrange({swap.i + 1}) gave {swap.j}: pick and "
                    f"remove takes {pick.new_pile[-1]}, Knuth's swap takes {swap.deck[swap.i]}")
    _headline(fig, headline)
    pick_row = pick.pile + pick.new_pile[::-1]
    picked = () if pick.picked is None else (len(pick.pile),)
    top = _row(fig, 0, 0.49, 0.31, n, n)
    draw_cards(top, pick_row, per_row=max(n, 1), highlight=picked,
               labels=[str(p) if p < len(pick.pile) else "" for p in range(n)])
    _shade_settled(top, n, len(pick.new_pile))
    _caption(fig, 1, 0.49 + 0.31, "pick and remove: the pile closes its gap, its order kept | "
                                  "drawn (shaded)")
    bottom = _row(fig, 1, 0.04, 0.31, n, n)
    swapped = () if swap.i is None else {swap.i, swap.j}
    draw_cards(bottom, swap.deck, per_row=max(n, 1), highlight=swapped,
               labels=[str(p) if p < n - swap.settled else "" for p in range(n)])
    _shade_settled(bottom, n, swap.settled)
    _caption(fig, 2, 0.04 + 0.31, "Knuth's swaps: the last card of the pile fills the hole | "
                                  "drawn (shaded)")
    return fig


#: Each step picture's rows of cards and figure texts (what redraw_step finds to reuse).
_STEP_LAYOUT = {draw_pick_step: (2, 3), draw_knuth_step: (1, 2), draw_twin_step: (2, 3)}
