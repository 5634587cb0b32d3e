"""cardlib-course: the lecturer's commands for the shuffling lessons, above cardlib.

``cardlib-course site | student | grading | serve`` (:mod:`cardlib_course.__main__`) makes the
static site, the student edition and the nbgrader course folder from the same lessons, and
serves the site; ``jupyter nbconvert --to cardlib LESSON.ipynb`` makes one lesson's page. A student
installs cardlib alone; this package, a distribution of its own in ``course/``, is what a
lecturer (and the tests) add. Its modules:

    run        execute a lesson in a fresh kernel (the one executor), lesson_paths, problems
    kernel     run inside a lesson's kernel: worked_outputs (the worked solutions and reveals),
               render_states (every state of every panel, for its page), sweep_controls,
               time_redraws, describe_figures (alt text), plain_values
    mimes      the kinds of output the kernel shows and the build reads
    shape      the shape of a lesson: a 45-minute core, then "Going further"
    states     which states a page offers: controls, grids, budgets; figures in words
    controls   a panel on a page: real controls switching between the states' pictures
    offline    live panels with page controls, other widgets as saved pictures, worked
               solutions and reveals in place, player icons as SVG, MathML, embedded fonts
    editors    exercise cells as editors running Python in the page (Pyodide)
    files      the site's own HTML, CSS and JavaScript (templates/, assets/), read by name
    page       a page's way on (navigation, downloads, launch link, licence) and its policy
    build      the static site: pages that work offline
    student    the lessons without their worked solutions
    grading    the lessons as nbgrader assignments
    exporter   ``jupyter nbconvert --to cardlib``: one lesson's working page
    serve      the site over http, with cache headers

It may import everything of cardlib (model, plots, widgets); cardlib never imports it.
"""

__version__ = "0.2.0"
