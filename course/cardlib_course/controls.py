"""Live panels on a page with no kernel: real controls that switch between pictures drawn ahead.

:func:`cardlib_course.kernel.render_states` draws each panel at every state its
page offers; :func:`panel_html` turns what it found into HTML: the controls
(range inputs, drop-down lists, check boxes, number boxes and buttons, with
JupyterLab's labels and values), a note on what the page leaves out, the
figure, the pictures as JSON, and a small inline script that shows the right
picture the moment a control moves. Nothing is loaded from anywhere.
"""

from __future__ import annotations

import html
import json

from cardlib.validation import validate_arguments

from .files import asset
from .states import consecutive

__all__ = ["PANEL_SCRIPT", "panel_html", "first_picture"]

#: Sets up the panel it sits in (its parent element): reads the JSON beside it,
#: and on every change of a control shows the picture of the state the controls
#: are in. ``data-state`` on the panel holds that state's number (for tests).
PANEL_SCRIPT = asset("panel.js").strip()


def _control_html(k: int, control: dict) -> str:
    """One control; disabled when the page offers only one of its values (the note says so)."""
    label, labels, start = control["label"] or control["name"], control["labels"], control["start"]
    name = html.escape(label)
    fixed = " disabled" if len(labels) == 1 else ""
    if control["kind"] == "check":
        checked = " checked" if labels[start] == "on" else ""
        return (f'<label class="cardlib-control cardlib-check"><input type="checkbox" '
                f'data-control="{k}"{checked}{fixed}> {name}</label>')
    if control["kind"] == "range":
        return (f'<label class="cardlib-control"><span>{name}</span>'
                f'<input type="range" min="0" max="{len(labels) - 1}" step="1" value="{start}" '
                f'data-control="{k}" aria-valuetext="{html.escape(labels[start])}"{fixed}>'
                f'<output data-for="{k}">{html.escape(labels[start])}</output></label>')
    if control["kind"] == "number" and consecutive(labels):
        return (f'<label class="cardlib-control"><span>{name}</span>'
                f'<input type="number" min="{labels[0]}" max="{labels[-1]}" step="1" '
                f'value="{labels[start]}" data-control="{k}"{fixed}></label>')
    options = "".join(f'<option value="{i}"{" selected" if i == start else ""}>'
                      f"{html.escape(text)}</option>" for i, text in enumerate(labels))
    return (f'<label class="cardlib-control"><span>{name}</span>'
            f'<select data-control="{k}"{fixed}>{options}</select></label>')


@validate_arguments
def first_picture(panel: dict) -> tuple[str, str]:
    """The picture (data URI) and the description of the panel's first state."""
    flat = 0
    for control in panel["controls"]:
        flat = flat * len(control["labels"]) + control["start"]
    image, alt = panel["states"][flat]
    return panel["images"][image], alt


@validate_arguments
def panel_html(panel: dict) -> str:
    """The panel as a page shows it: controls, a note, the figure, the pictures, the script.

    ``panel`` is one entry of what :func:`cardlib_course.kernel.render_states` shows.
    """
    names = [control["name"] for control in panel["controls"]]
    controls = "".join(_control_html(k, c) for k, c in enumerate(panel["controls"]))
    buttons = "".join(
        f'<button type="button" class="cardlib-button" data-button="{b}" '
        f'title="{html.escape(button["tooltip"])}">{html.escape(button["label"])}</button>'
        for b, button in enumerate(panel["buttons"]))
    note = (f'<p class="static-controls">{html.escape(panel["note"])}</p>'
            if panel["note"] else "")
    data = {
        "controls": [{"labels": c["labels"]} for c in panel["controls"]],
        "buttons": [{"moves": {str(names.index(name)): moves
                               for name, moves in button["moves"].items()}}
                    for button in panel["buttons"]],
        "states": panel["states"],
        "images": panel["images"],
    }
    # JSON inside <script>: "</" must not end the element early.
    payload = json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")
    src, alt = first_picture(panel)
    number = panel.get("panel", 0)
    return (f'<div class="cardlib-panel" data-panel="{number}">'
            f'<div class="cardlib-controls">{controls}{buttons}</div>'
            f'{note}<div class="cardlib-figure-box">'
            f'<img class="cardlib-figure" src="{src}" alt="{html.escape(alt)}"></div>'
            f'<script type="application/json" class="cardlib-states">{payload}</script>'
            f"<script>{PANEL_SCRIPT}</script></div>")
