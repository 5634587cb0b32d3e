"""The static site, the benchmark, and the one notebook executor they and the tests share.

    mimes      the kinds of output the kernel shows and the build reads
    run        execute a lesson in a fresh kernel (the only executor), lesson_paths, problems
    kernel     run inside a lesson's kernel: render_states (every state of every panel,
               for its page), sweep_controls, time_redraws, describe_figures (alt text)
    states     which states a page offers: controls, grids, budgets; figures in words
    controls   a panel on a page: real controls switching between the states' pictures
    build      ``python -m cardlib.site`` (``make html``): pages that work offline
    offline    live panels with page controls, other widgets as saved pictures, player
               icons as SVG, MathML, embedded fonts
    bench      ``python -m cardlib.site.bench`` (``make bench``): how fast everything is

This layer may import everything below it (model, plots, widgets); nothing imports it.
"""
