"""The overhand panel: where each card lands after k overhand shuffles, exactly.

>>> panel = overhand_panel(n=8, shuffles_done=2)
>>> panel.controls["shuffles_done"].value = 10
>>> panel.figure.axes[0].get_title()[:27]
'8 cards after 10 overhand s'
"""

from __future__ import annotations

import ipywidgets as widgets
from matplotlib.figure import Figure

from .. import hand
from ..plots import bias_matrix, bias_spread, set_bias_matrix
from ..validation import one_of, validate_arguments, whole_number
from .panel import LivePanel, Update, make_ticks

__all__ = ["OVERHAND_COUNTS", "overhand_panel"]

#: The numbers of overhand shuffles the panel offers.
OVERHAND_COUNTS = (0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)


@validate_arguments
def overhand_panel(n: int = 52, shuffles_done: int = 50, max_n: int = 52) -> LivePanel:
    """Sliders for the deck size and the number of shuffles: the exact position matrix."""

    def title(n: int, shuffles_done: int, after: hand.OverhandAfter) -> str:
        return (f"{n} cards after {shuffles_done:,} overhand shuffle{'s' * (shuffles_done != 1)}"
                f": worst-card distance {after.worst_card_distance:.3f}")

    def draw(fig: Figure, n: int, shuffles_done: int) -> Update:
        after = hand.overhand_after(n, shuffles_done)
        fig.subplots_adjust(left=0.1, right=0.86, bottom=0.09, top=0.93)  # room: 0.0205
        ax = bias_matrix(fig.add_subplot(), after.matrix, title(n, shuffles_done, after))
        make_ticks(ax)
        ax.title.set_fontsize(14)
        ax.tick_params(labelsize=12)
        bar = fig.axes[-1]
        bar.tick_params(labelsize=12)
        bar.yaxis.label.set_fontsize(12)

        def update(n: int, shuffles_done: int) -> list:
            after = hand.overhand_after(n, shuffles_done)
            image = ax.images[0]
            scale = image.norm.vmin, image.norm.vmax
            resized = set_bias_matrix(image, after.matrix, bias_spread(after.matrix))
            ax.set_title(title(n, shuffles_done, after), fontsize=14)
            if resized:
                return [fig]  # new ticks and colour bar label: the whole figure again
            # The colour bar (slow to draw) changes only with the image's scale.
            rescaled = scale != (image.norm.vmin, image.norm.vmax)
            return [image, ax.title, *([bar] if rescaled else [])]

        return update

    max_n = whole_number("max_n", max_n, minimum=2, maximum=hand.OVERHAND_MAX_CARDS)
    controls = {
        "n": widgets.IntSlider(value=whole_number("n", n, minimum=2, maximum=max_n), min=2,
                               max=max_n, description="cards", continuous_update=True),
        "shuffles_done": widgets.SelectionSlider(
            options=OVERHAND_COUNTS, value=one_of("shuffles_done", shuffles_done, OVERHAND_COUNTS),
            description="shuffles", continuous_update=True),
    }
    return LivePanel(draw, controls, figsize=(7.6, 5.7), remember=True)
