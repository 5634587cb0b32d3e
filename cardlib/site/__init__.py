"""The static site, the benchmark, and the one notebook executor they and the tests share.

    run        execute a lesson in a fresh kernel (the only executor), lesson_paths, problems
    kernel     checks that run inside a lesson's kernel: sweep_controls, time_redraws
    build      ``python -m cardlib.site`` (``make html``): pages that work offline
    offline    widgets as saved pictures, player icons as SVG, MathML, embedded fonts
    bench      ``python -m cardlib.site.bench`` (``make bench``): how fast everything is

This layer may import everything below it (model, plots, widgets); nothing imports it.
"""
