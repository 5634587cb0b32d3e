"""Shared checks for LivePanels whose ``draw`` returns an update."""

import base64
import io

import numpy as np
import PIL.Image


def png_pixels(panel) -> np.ndarray:
    """The pixels of the picture the panel shows now."""
    data = base64.b64decode(panel.output.outputs[0]["data"]["image/png"])
    return np.asarray(PIL.Image.open(io.BytesIO(data)))


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
        figure, update, updated = panel.figure, panel._update, png_pixels(panel)
        panel._update = None  # force a figure built from scratch
        panel.redraw()
        assert panel.figure is not figure
        fresh = png_pixels(panel)
        assert updated.shape == fresh.shape and (updated == fresh).all(), (
            f"updated picture differs from a fresh one after {change}")
        panel.figure, panel._update = figure, update  # carry on updating the first figure
    return kept
