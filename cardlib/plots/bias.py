"""Bias matrices: where each card lands, as a heat map centred on the fair 1/n.

After Mike Bostock's "Will It Shuffle?": white is exactly fair, orange cells
are likelier than 1/n, purple ones less likely.
"""

from __future__ import annotations

import numpy as np
from matplotlib.axes import Axes
from matplotlib.colorbar import Colorbar
from matplotlib.colors import TwoSlopeNorm
from matplotlib.image import AxesImage

from ..validation import numbers_array, validate_arguments
from .style import BIAS_CMAP

__all__ = ["bias_spread", "bias_norm", "bias_matrix", "bias_colorbar", "set_bias_matrix"]


@validate_arguments
def bias_spread(*matrices) -> float:
    """Return the largest distance from fair 1/n in the matrices (at least 10% of 1/n).

    Pass the result as ``spread`` to several :func:`bias_matrix` calls so that
    their colours mean the same thing.
    """
    if not matrices:
        raise ValueError("bias_spread needs at least one matrix (matrices is empty)")
    matrices = [numbers_array("each matrix", m, ndim=2, square=True) for m in matrices]
    fair = 1 / matrices[0].shape[0]
    largest = max(float(np.abs(np.asarray(m, dtype=float) - fair).max()) for m in matrices)
    return max(largest, 0.1 * fair)


class _BiasNorm(TwoSlopeNorm):
    """A TwoSlopeNorm that maps plain numbers without masked arrays: the same values.

    A colour bar's axis calls its norm, and the inverse, for every tick and every point
    it places: matplotlib's masked-array way made a bias colour bar take 20 ms to draw.
    """

    def __call__(self, value, clip=None):
        if isinstance(value, np.ma.MaskedArray) or self.vmin is None or self.vmax is None:
            return super().__call__(value, clip)
        result = np.interp(np.asarray(value, dtype=float), [self.vmin, self.vcenter, self.vmax],
                           [0, 0.5, 1], left=-np.inf, right=np.inf)
        return result if np.ndim(value) else result[()]

    def inverse(self, value):
        if isinstance(value, np.ma.MaskedArray) or self.vmin is None or self.vmax is None:
            return super().inverse(value)
        return np.interp(value, [0, 0.5, 1], [self.vmin, self.vcenter, self.vmax],
                         left=-np.inf, right=np.inf)


@validate_arguments
def bias_norm(n: int, spread: float) -> TwoSlopeNorm:
    """The colour scale of a bias matrix: white at 1/n, from max(0, 1/n - spread) to 1/n + spread.

    The scale stops at 0, since no probability is negative.
    """
    if n < 1 or not spread > 0:
        raise ValueError(f"bias_norm needs n of at least 1 (got {n}) and a spread above 0 "
                         f"(got {spread})")
    fair = 1 / n
    return _BiasNorm(vcenter=fair, vmin=max(0.0, fair - spread), vmax=fair + spread)


@validate_arguments
def bias_matrix(ax: Axes, matrix, title: str | None = None, colorbar: bool = True,
                spread: float | None = None) -> Axes:
    """Draw P(card i ends at position j) as a heat map centred on the fair 1/n.

    White means exactly fair; orange cells are likelier than 1/n, purple ones
    less likely (after Mike Bostock's "Will It Shuffle?"). The colours run
    from max(0, 1/n - spread) to 1/n + spread (see :func:`bias_spread`).
    """
    matrix = numbers_array("matrix", matrix, ndim=2, square=True)
    n = matrix.shape[0]
    spread = bias_spread(matrix) if spread is None else spread
    image = ax.imshow(matrix, cmap=BIAS_CMAP, norm=bias_norm(n, spread),
                      interpolation="nearest")
    ax.set_xlabel("final position", fontsize=12)
    ax.set_ylabel("card (its starting position)", fontsize=12)
    _ticks(ax, n)
    ax.tick_params(labelsize=12)
    if title:
        ax.set_title(title, fontsize=13)
    if colorbar:
        bias_colorbar(image, ax=ax)
    return ax


def _ticks(ax: Axes, n: int) -> None:
    step = 1 if n <= 13 else 5 if n <= 60 else 10
    ax.set_xticks(range(0, n, step))
    ax.set_yticks(range(0, n, step))


def _bar_label(n: int) -> str:
    return f"probability (white = fair = 1/{n})"


@validate_arguments
def bias_colorbar(image: AxesImage, ax: Axes | None = None, cax: Axes | None = None) -> Colorbar:
    """The colour scale of a bias matrix ``image``: beside ``ax``, or filling ``cax``.

    One bar serves several matrices drawn with the same ``spread``.
    """
    if (ax is None) == (cax is None):
        raise ValueError("bias_colorbar needs exactly one of ax (to stand beside) and cax "
                         "(to fill)")
    figure = image.axes.figure
    bar = (figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04) if cax is None
           else figure.colorbar(image, cax=cax))
    bar.set_label(_bar_label(image.get_array().shape[0]), fontsize=12)
    bar.ax.tick_params(labelsize=12)
    return bar


@validate_arguments
def set_bias_matrix(image: AxesImage, matrix, spread: float) -> bool:
    """Show ``matrix`` in a bias matrix drawn before, with the colours of ``spread``.

    A matrix of another size also sets the axes' limits, ticks and colour bar
    label, as :func:`bias_matrix` would: returns True then (the axes changed,
    not only the image).
    """
    if not isinstance(image.norm, TwoSlopeNorm) or image.get_array() is None:
        raise ValueError("image must be a bias matrix drawn by bias_matrix (colours centred "
                         "on 1/n), not another image")
    matrix = numbers_array("matrix", matrix, ndim=2, square=True)
    n = matrix.shape[0]
    resized = image.get_array().shape != matrix.shape
    image.set_data(matrix)
    norm = bias_norm(n, spread)
    if (norm.vmin, norm.vcenter, norm.vmax) != (image.norm.vmin, image.norm.vcenter,
                                               image.norm.vmax):
        image.set_norm(norm)
    if resized:
        image.set_extent((-0.5, n - 0.5, n - 0.5, -0.5))
        _ticks(image.axes, n)
        if image.colorbar is not None:
            image.colorbar.set_label(_bar_label(n), fontsize=12)
    return resized
