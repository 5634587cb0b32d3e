"""cardlib: card shuffling, exactly. The helper package behind the shuffling lessons.

Importing cardlib has no side effects; import the module you need. Four
layers, each importing only from the layers above it in this list (a test,
tests/course/test_layers.py, keeps it so):

The model (standard library and NumPy only; all randomness through ``rng.randrange``):
    validation  argument validation (@validate_arguments, from the annotations), one
                exception type per kind of mistake; the rng protocol
    cards       Card, the 52-, 54- and 56-card decks in brand-new order, Dou Di Zhu's order
    shuffles    every shuffle of lessons 1 to 3, 5 and 6, fair and unfair, and ``deal``
    orders      numbering the n! orders: factorial digits, unrank and rank
    riffle      the Gilbert-Shannon-Reeds riffle, rising sequences, exact distances
    hand        overhand, perfect faro and pile shuffles
    hand_methods  the Chinese survey's hand methods, and top-to-random insertion
    doudizhu    Dou Di Zhu deals: bombs and the rocket after too little shuffling
    listsort    CPython's list.sort with a comparator that answers at random, batched
    exact       exact outcome distributions by walking every random choice
    tree        the same walk as a short recursive generator, for reading in a lesson
    rngs        the rngs cardlib hands a shuffle (scripted, seeded, recorded), as CPython's
    untrusted   the defences for a stranger's code: guard, child process, plain data back
    judge       is a learner's shuffle fair? a verdict, exactly, in plain words
    steps       step-by-step traces of the real algorithms, for step-throughs
    stats       batched simulation (``simulate``), position and order counts, chi-square
    batched     the NumPy kernels behind ``stats.simulate``
    mixing      exact distances to uniform after repeated shuffles
    evidence    what simulated decks say next to the exact law (the lab, the detective)
    growth      list sizes and build times (lesson 4)
    timing      measured time against deck size, fitted slopes
    costs       draws, card moves and key ties, counted exactly
    draws       from random bits to a number below n: modulo, floats, their exact laws
    peeking     how often a fair shuffle is called unfair when tested at every look
    twister     the Mersenne Twister's state, read back from 624 outputs
    cells       run a cell's code as JupyterLab would (the pages' editors), cell magics
    exercises   the checks that answer a learner's exercise (one module per lesson)

The pictures, ``cardlib.plots`` (matplotlib; data and axes in, axes out).

The controls, ``cardlib.widgets`` (the only importers of ipywidgets): live
panels, frame players, and every panel of the lessons.

Not in this package: the lecturer's commands (static site, student edition, grading
export), a distribution of their own, ``cardlib_course`` in ``course/``; the benchmark,
``tools/bench.py``. Each package's docstring maps its modules (tests/course/test_layers.py keeps
every map complete).
"""

__version__ = "0.2.0"
