"""The timing panel: a slider for the largest deck in the log-log fit.

>>> from cardlib.timing import Timings
>>> panel = timing_panel(Timings([10, 20, 40, 80, 160], {"a": [1, 2, 4, 8, 16]}))
>>> panel.controls["largest"].value = 80
>>> panel.figure.axes[0].get_title()
'Up to 80 cards: a grows like $n^{1.0}$'
"""

from __future__ import annotations

import ipywidgets as widgets
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..plots import clear, timing_loglog
from ..timing import Timings
from ..validation import validate_arguments, whole_number
from .panel import LivePanel, Update

__all__ = ["timing_panel"]


@validate_arguments
def timing_panel(timings: Timings, points: int = 4, per_card: bool = False,
                 figsize: tuple[float, float] = (9.6, 5.2)) -> LivePanel:
    """Return a panel: a slider for the largest deck in the log-log fit, and the plot.

    The measurements are made once (``timings``); the slider only refits, so it
    redraws without timing anything again. With ``per_card`` the plot shows the
    time per card, flat for a shuffle whose time grows like n, and the title
    gives how the time per card grows.
    """
    points = whole_number("points", points, minimum=2)
    if len(timings.sizes) < points:
        raise ValueError(f"points = {points}: a timing panel fits its slopes on that many sizes, "
                         f"but timings has {len(timings.sizes)}")

    def plot(ax: Axes, largest: int) -> None:
        fits = timings.fits(largest, points)
        shift = 1 if per_card else 0
        # round before formatting, + 0.0: a slope of -1e-16 reads 0.0, not -0.0
        growth = ", ".join(f"{name} grows like $n^{{{round(slope - shift, 1) + 0.0:.1f}}}$"
                           for name, (slope, _) in fits.items())
        title = (f"Time per card, fitted up to {largest:,} cards:\n{growth}" if per_card
                 else f"Up to {largest:,} cards: {growth}")
        timing_loglog(ax, timings, fits, largest, points, title=title, per_card=per_card)

    def draw(fig: Figure, largest: int) -> Update:
        ax = fig.add_subplot()
        plot(ax, largest)
        fig.tight_layout()

        def update(largest: int) -> list:
            # Keep the axes and their layout; replace the lines, legend and title.
            plot(clear(ax), largest)
            return [fig]

        return update

    slider = widgets.SelectionSlider(options=timings.sizes[points - 1:], value=timings.sizes[-1],
                                     description="largest n", continuous_update=True)
    return LivePanel(draw, {"largest": slider}, figsize=figsize, remember=True)
