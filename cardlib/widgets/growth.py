"""The list-growth panel: getsizeof while appending, against ``[None] * n``.

>>> panel = size_panel(n=50)
>>> panel.controls["n"].value = 200
>>> panel.redraws
2
"""

from __future__ import annotations

import ipywidgets as widgets
from matplotlib.figure import Figure

from .. import growth
from ..plots import set_size_steps, size_steps
from ..validation import validate_arguments, whole_number
from .panel import LivePanel, Update

__all__ = ["size_panel"]


@validate_arguments
def size_panel(n: int = 100, max_n: int = 2000) -> LivePanel:
    """A slider for the number of appends: the list's size in bytes, step by step, resizes marked.
    """
    version = growth.python_version()

    def draw(fig: Figure, n: int) -> Update:
        appended = growth.appended_sizes(n)
        ax = size_steps(fig.add_subplot(), appended, growth.preallocated_sizes(n),
                        growth.growth_events(appended), version)

        def update(n: int) -> list | None:
            # The same axes and lines (a fresh figure draws the same pixels: a test checks).
            appended = growth.appended_sizes(n)
            return set_size_steps(ax, appended, growth.preallocated_sizes(n),
                                  growth.growth_events(appended))

        return update

    max_n = whole_number("max_n", max_n, minimum=1, maximum=100_000)
    n = whole_number("n", n, minimum=1)
    if n > max_n:
        raise ValueError(f"n = {n} must be at most max_n = {max_n}")
    slider = widgets.IntSlider(value=n, min=1,
                               max=max_n, description="appends", continuous_update=True)
    return LivePanel(draw, {"n": slider}, figsize=(9.6, 5.2), remember=True)
