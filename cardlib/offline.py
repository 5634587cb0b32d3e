"""Make an executed notebook show everything offline, with no kernel and no network.

The static site (:mod:`cardlib.site`) runs each lesson once and then applies
these steps before rendering it to HTML:

- :class:`StaticWidgets` replaces each widget view by what its Output widgets
  hold (the figure that :class:`cardlib.widgets.LivePanel` drew at the default
  values) plus one line naming those values, and drops the widget state, so
  no widget manager is needed;
- :func:`offline_player` gives matplotlib's frame player inline SVG icons
  instead of Font Awesome from a CDN;
- :func:`math_to_mathml` turns ``$...$`` and ``$$...$$`` in Markdown into
  MathML, which browsers draw natively, so no MathJax is needed;
- :func:`card_font_css` embeds a font with the whole playing-card block
  (U+1F0A0 to U+1F0FF, the red joker U+1F0BF included) in the page styles.

Live JupyterLab is untouched: the notebooks themselves are not changed.
"""

from __future__ import annotations

import base64
import copy
import html
import io
import re
from pathlib import Path

from nbconvert.preprocessors import Preprocessor

__all__ = ["StaticWidgets", "offline_player", "math_to_mathml", "card_font_css",
           "CARD_BLOCK", "WIDGET_VIEW", "WIDGET_STATE"]

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
#: The Unicode playing-card block; 82 of its code points are assigned.
CARD_BLOCK = range(0x1F0A0, 0x1F100)


# --- widgets -----------------------------------------------------------------

def _control_caption(state: dict) -> str | None:
    """``"n = 5"`` for a control with a description and a value, else None."""
    label = state.get("description", "").strip().rstrip(":")
    if "_options_labels" in state and isinstance(state.get("index"), int):
        value = state["_options_labels"][state["index"]]
    elif "value" in state:
        value = state["value"]
    else:
        return None
    return f"{label} = {value}" if label else None


def _walk(models: dict, model_id: str, outputs: list, captions: list, depth: int = 0) -> None:
    if depth > 50 or model_id not in models:
        raise ValueError(f"widget {model_id} is not in the saved widget state")
    model = models[model_id]
    state = model.get("state", {})
    if model.get("model_name") == "OutputModel":
        outputs.extend(copy.deepcopy(state.get("outputs", [])))
    elif isinstance(state.get("children"), list):
        for child in state["children"]:
            _walk(models, child.removeprefix("IPY_MODEL_"), outputs, captions, depth + 1)
    else:
        caption = _control_caption(state)
        if caption:
            captions.append(caption)


def static_outputs(models: dict, model_id: str) -> list[dict]:
    """The outputs that show widget ``model_id`` without a kernel.

    >>> models = {
    ...     "box": {"model_name": "VBoxModel",
    ...             "state": {"children": ["IPY_MODEL_n", "IPY_MODEL_out"]}},
    ...     "n": {"model_name": "IntSliderModel", "state": {"description": "n", "value": 5}},
    ...     "out": {"model_name": "OutputModel", "state": {"outputs": [
    ...         {"output_type": "stream", "name": "stdout", "text": "hi"}]}}}
    >>> [out.get("text") or out["data"]["text/html"] for out in static_outputs(models, "box")]
    ['<p class="static-controls">Shown at n = 5; in JupyterLab the controls redraw it.</p>', 'hi']
    """
    outputs: list[dict] = []
    captions: list[str] = []
    _walk(models, model_id, outputs, captions)
    if captions:
        text = html.escape(", ".join(captions))
        note = f'<p class="static-controls">Shown at {text}; in JupyterLab the controls redraw it.</p>'
        outputs.insert(0, {"output_type": "display_data", "metadata": {},
                           "data": {"text/html": note, "text/plain": note}})
    return outputs


class StaticWidgets(Preprocessor):
    """Replace widget views by the outputs saved in their Output widgets; drop widget state.

    Also makes frame players work offline (:func:`offline_player`) and turns
    Markdown math into MathML (:func:`math_to_mathml`).
    """

    def preprocess(self, nb, resources):
        saved = nb.metadata.pop("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
        for index, cell in enumerate(nb.cells):
            if cell.cell_type == "markdown":
                try:
                    cell.source = math_to_mathml(cell.source)
                except Exception as error:
                    raise ValueError(f"cell {index}: cannot render math: {error}") from error
            elif cell.cell_type == "code":
                cell.outputs = self._static(cell.get("outputs", []), saved, index)
        return nb, resources

    def _static(self, outputs: list, saved: dict, index: int, depth: int = 0) -> list:
        result = []
        for output in outputs:
            data = output.get("data", {})
            if WIDGET_VIEW in data:
                inner = static_outputs(saved, data[WIDGET_VIEW]["model_id"])
                if depth > 10:
                    raise ValueError(f"cell {index}: widgets nested too deeply")
                result.extend(self._static(inner, saved, index, depth + 1))
                continue
            if "text/html" in data:
                data["text/html"] = offline_player(_text(data["text/html"]))
            result.append(output)
        return result


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else value


# --- frame players -------------------------------------------------------------

_SVG = ('<svg class="player-icon" viewBox="0 0 16 16" width="1em" height="1em" '
        'fill="currentColor" aria-hidden="true">{}</svg>')
_ICONS = {
    "minus": '<rect x="2" y="7" width="12" height="2"/>',
    "plus": '<path d="M7 2h2v5h5v2H9v5H7V9H2V7h5z"/>',
    "play": '<path d="M4 2l10 6-10 6z"/>',
    "play-flip": '<path d="M12 2L2 8l10 6z"/>',
    "pause": '<rect x="3" y="2" width="4" height="12"/><rect x="9" y="2" width="4" height="12"/>',
    "step-forward": '<path d="M3 2l8 6-8 6z"/><rect x="11" y="2" width="2" height="12"/>',
    "step-backward": '<rect x="3" y="2" width="2" height="12"/><path d="M13 2L5 8l8 6z"/>',
    "fast-forward": '<path d="M1 2l7 6-7 6zM8 2l7 6-7 6z"/>',
    "fast-backward": '<path d="M15 2L8 8l7 6zM8 2L1 8l7 6z"/>',
}
_FA_LINK = re.compile(r'<link[^>]*href="https?://[^"]*font-awesome[^"]*"[^>]*>\s*', re.I)
_FA_ICON = re.compile(r'<i class="fa fa-([a-z-]+)( fa-flip-horizontal)?"></i>')


def _icon(match: re.Match) -> str:
    name = match.group(1) + ("-flip" if match.group(2) else "")
    if name not in _ICONS:
        raise ValueError(f"no offline icon for Font Awesome's {match.group(0)!r}")
    return _SVG.format(_ICONS[name])


def offline_player(page: str) -> str:
    """Drop the Font Awesome stylesheet link and draw the icons as inline SVG.

    >>> offline_player('<link rel="stylesheet"\\nhref="https://x/font-awesome.css">'
    ...                '<button><i class="fa fa-play"></i></button>')[:35]
    '<button><svg class="player-icon" vi'
    """
    return _FA_ICON.sub(_icon, _FA_LINK.sub("", page))


# --- math ------------------------------------------------------------------------

_CODE = re.compile(r"(^[ \t]*```.*?^[ \t]*```|^[ \t]*~~~.*?^[ \t]*~~~|`+[^`]*?`+)", re.S | re.M)
_MATH = re.compile(r"\$\$(.+?)\$\$|(?<![\\$])\$(?![\s$])([^$\n]+?)(?<![\s\\])\$(?!\d)", re.S)


def _mathml(match: re.Match) -> str:
    from latex2mathml.converter import convert

    block, inline = match.groups()
    tex = block if block is not None else inline
    mathml = convert(tex.strip(), display="block" if block is not None else "inline")
    # One line keeps Markdown from splitting it; the alttext keeps the TeX for copying.
    return mathml.replace("\n", "").replace(
        "<math ", f'<math alttext="{html.escape(tex.strip())}" ', 1)


def math_to_mathml(markdown: str) -> str:
    """Replace ``$tex$`` and ``$$tex$$`` (outside code) by MathML.

    >>> math_to_mathml("Cost: `$x$` and $n^2$.").split("<math")[0]
    'Cost: `$x$` and '
    >>> "<msup><mi>n</mi><mn>2</mn></msup>" in math_to_mathml("$n^2$")
    True
    """
    parts = _CODE.split(markdown)
    # split() with one group puts code at odd positions
    return "".join(part if i % 2 else _MATH.sub(_mathml, part) for i, part in enumerate(parts))


# --- the playing-card font ---------------------------------------------------------

#: Font files known to hold the whole playing-card block (Debian fonts-noto-core, fonts-symbola).
CARD_FONT_FILES = ("NotoSansSymbols2-Regular.ttf", "Symbola.ttf", "Symbola_hint.ttf")


def find_card_font() -> Path:
    """Return an installed font file that has every assigned playing card, or raise."""
    from fontTools.ttLib import TTFont
    from matplotlib import font_manager

    for path in sorted(font_manager.findSystemFonts()):
        if Path(path).name in CARD_FONT_FILES:
            with TTFont(path, lazy=True) as font:
                cmap = font.getBestCmap()
            if all(code in cmap for code in (0x1F0A1, 0x1F0BF, 0x1F0CF, 0x1F0F5)):
                return Path(path)
    raise FileNotFoundError(
        "no font with the whole playing-card block (U+1F0A0-U+1F0FF) is installed: "
        "install Debian's fonts-noto-core (apt-get install fonts-noto-core) or fonts-symbola")


def card_font_css(size_adjust: int = 180) -> str:
    """CSS that embeds the playing-card glyphs (a subset font) and uses it everywhere."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    buffer = io.BytesIO()
    with TTFont(find_card_font()) as font:
        subsetter = subset.Subsetter(subset.Options())
        subsetter.populate(unicodes=list(CARD_BLOCK))
        subsetter.subset(font)
        font.flavor = "woff"
        font.save(buffer)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return (
        "@font-face {\n  font-family: 'Playing Cards';\n"
        f"  src: url(data:font/woff;base64,{data}) format('woff');\n"
        "  unicode-range: U+1F0A0-1F0FF;\n"
        # the cards stand on the baseline and are 0.77 em tall: tight line metrics
        "  ascent-override: 82%;\n  descent-override: 4%;\n  line-gap-override: 0%;\n"
        f"  size-adjust: {size_adjust}%;\n}}\n"
        ":root {\n"
        "  --jp-content-font-family: 'Playing Cards', system-ui, -apple-system, "
        "'Segoe UI', helvetica, arial, sans-serif;\n"
        "  --jp-code-font-family: 'Playing Cards', menlo, consolas, "
        "'DejaVu Sans Mono', monospace;\n"
        "  --jp-ui-font-family: 'Playing Cards', system-ui, -apple-system, "
        "'Segoe UI', helvetica, arial, sans-serif;\n}\n"
    )
