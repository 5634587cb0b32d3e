"""cardlib: card shuffling, exactly. The helper package behind the shuffling lessons.

Importing cardlib has no side effects; import the module you need.

The model (pure functions; all randomness through ``rng.randrange``):
    cards       Card and the 52-, 54- and 56-card decks in brand-new order
    shuffles    every shuffle of lessons 1-3, fair and unfair, and ``deal``
    riffle      the Gilbert-Shannon-Reeds riffle, rising sequences, exact distances
    hand        overhand, perfect faro and pile shuffles; Dou Di Zhu's order
    exact       exact outcome distributions by walking every random choice
    steps       step-by-step traces of the real algorithms, for step-throughs
    mixing      exact distances to uniform after repeated shuffles
    stats       batched simulation (``simulate``), position counts, chi-square
    batched     the NumPy kernels behind ``stats.simulate``
    growth      list sizes and build times (lesson 5)
    timing      measured time against deck size, fitted slopes

The pictures and the controls:
    plots, riffle_plots, growth_plots, stepplots    matplotlib pictures (data + axes in, axes out)
    widgets, convergence, lab                       slider panels and frame players

Tools: ``python -m cardlib.site`` (the static site), ``python -m cardlib.bench``
(the benchmark); ``offline`` makes executed notebooks readable without a kernel.
"""

__version__ = "0.1.0"
