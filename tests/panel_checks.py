"""Shared checks for LivePanels whose ``draw`` returns an update."""

import io

import numpy as np
import PIL.Image


def png_pixels(panel) -> np.ndarray:
    """The pixels of the picture the panel shows now."""
    return np.asarray(PIL.Image.open(io.BytesIO(panel.png())))


def assert_updates_match_fresh_figures(panel, changes: list[dict]) -> int:
    """After each change, the updated picture must equal a figure built from scratch.

    Returns how many changes were handled by the update (the figure kept).
    """
    kept = 0
    for change in changes:
        before = panel.figure
        for name, value in change.items():
            panel.controls[name].value = value
        kept += panel.figure is before
        figure, updated = panel.figure, png_pixels(panel)
        kept_state = panel.figure, panel._update, panel._background
        panel.rebuild()
        assert panel.figure is not figure
        fresh = png_pixels(panel)
        assert updated.shape == fresh.shape and (updated == fresh).all(), (
            f"updated picture differs from a fresh one after {change}")
        panel.figure, panel._update, panel._background = kept_state  # carry on updating
    return kept
