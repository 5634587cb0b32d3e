"""Render the README's picture from cardlib itself: python tools/readme_figure.py."""

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from cardlib import exact, plots, shuffles, stats  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "docs" / "readme-figure.png"


def main() -> None:
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 4.8), width_ratios=[1, 1.5])
    plots.bias_matrix(left, stats.position_matrix(shuffles.naive_swap_shuffle, 6),
                      "Naive swap, 6 cards: exact landing odds")
    plots.exact_bars(right, exact.distribution(shuffles.naive_swap_shuffle, 3),
                     "Naive swap, 3 cards: 27 paths over 6 orders")
    fig.tight_layout()
    fig.savefig(OUT, dpi=80)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
