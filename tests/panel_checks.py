"""Shared checks for LivePanels whose ``draw`` returns an update."""

import io

import numpy as np
import PIL.Image


def pixels(png: bytes) -> np.ndarray:
    """The pixels of a PNG."""
    return np.asarray(PIL.Image.open(io.BytesIO(png)))


def png_pixels(panel) -> np.ndarray:
    """The pixels of the picture the panel shows now."""
    return pixels(panel.png())


def assert_shows_a_fresh_figure(panel, change) -> None:
    """The picture shown must be, pixel for pixel, the one a new figure gives."""
    shown, fresh = png_pixels(panel), pixels(panel.fresh_png())
    assert shown.shape == fresh.shape and (shown == fresh).all(), (
        f"the picture shown differs from a fresh one after {change} "
        f"({int((shown != fresh).any(axis=-1).sum())} pixels)")


def assert_updates_match_fresh_figures(panel, changes: list[dict]) -> int:
    """After each change, the updated picture must equal a figure built from scratch.

    Every change goes through the panel's update (no picture is taken from the
    panel's memory here). Returns how many changes were handled by the update
    (the figure kept).
    """
    kept = 0
    remember, panel.remember = panel.remember, False
    try:
        for change in changes:
            before = panel.figure
            for name, value in change.items():
                panel.controls[name].value = value
            kept += panel.figure is before
            assert_shows_a_fresh_figure(panel, change)
    finally:
        panel.remember = remember
    return kept


def assert_remembered_pictures_match_fresh_figures(panel, changes: list[dict],
                                                   new: list[dict]) -> int:
    """Each state shown twice: the second time from memory, the same picture as a fresh one.

    The states ``changes`` lead to are drawn, then visited again in reverse order
    (pictures remembered); after every other one the figure is read (it
    catches up); then the states of ``new`` (not seen yet) must still be drawn
    right, the update starting from a figure that caught up or lagged behind.
    Returns how many pictures came from memory.
    """
    panel.remember = True
    remembered, states = 0, []
    for change in changes:
        panel.show(**change)
        assert_shows_a_fresh_figure(panel, change)
        states.append(panel.values())
    for i, state in enumerate(states[::-1]):
        before = panel.redraws
        panel.show(**state)
        remembered += panel._lagging and panel.redraws == before + 1
        if i % 2:
            assert panel.figure is not None and not panel._lagging  # caught up
        assert_shows_a_fresh_figure(panel, state)
    for change in new:
        panel.show(**change)
        assert_shows_a_fresh_figure(panel, change)
    return remembered
