"""The kinds of output (MIME types) the kernel shows and the build reads.

A module of its own, with no imports, so that the kernel side
(:mod:`cardlib_course.kernel`, loaded as every lesson's kernel starts) does not
load nbformat and nbclient with :mod:`cardlib_course.run` (a second per kernel).
"""

__all__ = ["WIDGET_STATE", "WIDGET_VIEW", "STATES_MIME", "REFERENCE_MIME", "VALUES_MIME",
           "WORKED_MIME"]

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: The output that carries the panels' states to the build (cardlib_course.kernel.render_states).
STATES_MIME = "application/vnd.cardlib.panel-states+json"
#: The output of cardlib_course.kernel.plain_values: the values an exercise on the page may need.
VALUES_MIME = "application/vnd.cardlib.plain-values+json"
#: The output of cardlib_course.kernel.reference_pictures (for the tests).
REFERENCE_MIME = "application/vnd.cardlib.reference-pictures+json"
#: The output of cardlib_course.kernel.worked_outputs: what each worked solution and reveal shows.
WORKED_MIME = "application/vnd.cardlib.worked+json"
