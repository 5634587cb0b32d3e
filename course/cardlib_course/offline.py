"""Make an executed notebook show everything offline, with no kernel and no network.

The static site (:mod:`cardlib_course.build`) runs each lesson once and then applies
these steps before rendering it to HTML:

- :class:`StaticWidgets` replaces each live panel by its page version
  (:func:`cardlib_course.controls.panel_html`: real controls switching between
  the pictures the kernel drew for every state, see
  :func:`cardlib_course.kernel.render_states`), any other widget view by what its
  Output widgets hold plus one line naming the values shown, drops the widget
  state (no widget manager is needed) and the cells the executor appended, and
  gives every image a description (alt text);
- :func:`cardlib.widgets.offline_player` gives matplotlib's frame player inline SVG icons
  instead of Font Awesome from a CDN;
- :func:`math_to_mathml` turns ``$...$`` and ``$$...$$`` in Markdown into
  MathML, which browsers draw natively, so no MathJax is needed;
- :func:`site_fonts_css` embeds a font with the whole playing-card block
  (U+1F0A0 to U+1F0FF, the red joker U+1F0BF included) and the CJK
  characters the pages use, so readers need no particular fonts installed.

Live JupyterLab is untouched: the notebooks themselves are not changed.
"""

from __future__ import annotations

import base64
import copy
import functools
import html
import io
import re
from dataclasses import dataclass
from pathlib import Path

import nbformat
from fontTools import subset
from fontTools.ttLib import TTFont
from latex2mathml.converter import convert
from matplotlib import font_manager
from nbconvert.preprocessors import Preprocessor

from cardlib.cells import cell_code, cell_magic
from cardlib.validation import validate_arguments
from cardlib.widgets.player import offline_player

from .controls import panel_html
from .mimes import REFERENCE_MIME, STATES_MIME, WIDGET_STATE, WIDGET_VIEW, WORKED_MIME

__all__ = [
    "WORKED",
    "place_worked",
    "StaticWidgets",
    "panel_states",
    "static_outputs",
    "is_cjk",
    "EmbeddedFont",
    "math_to_mathml",
    "site_fonts_css",
    "find_font",
    "CARDS",
    "CJK",
    "CARD_BLOCK",
]

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


def _walk(
    models: dict, model_id: str, outputs: list, captions: list, depth: int = 0
) -> None:
    if depth > 50:
        raise ValueError(f"widgets nested more than 50 deep at {model_id}")
    if model_id not in models:
        raise ValueError(f"model_id {model_id!r} is not in the saved widget state")
    model = models[model_id]
    state = model.get("state", {})
    if model.get("model_name") == "OutputModel":
        outputs.extend(copy.deepcopy(state.get("outputs", [])))
    elif isinstance(state.get("children"), list):
        for child in state["children"]:
            _walk(
                models, child.removeprefix("IPY_MODEL_"), outputs, captions, depth + 1
            )
    else:
        caption = _control_caption(state)
        if caption:
            captions.append(caption)


@validate_arguments
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
        text = f"Shown at {', '.join(captions)}; in JupyterLab the controls redraw it."
        note = f'<p class="static-controls">{html.escape(text)}</p>'
        outputs.insert(
            0,
            {
                "output_type": "display_data",
                "metadata": {},
                "data": {"text/html": note, "text/plain": text},
            },
        )
    return outputs


def panel_states(nb: nbformat.NotebookNode) -> dict[str, dict]:
    """The panels' states the kernel drew (:data:`STATES_MIME` outputs), by widget model id."""
    if not isinstance(nb, nbformat.NotebookNode):
        raise TypeError(f"nb must be a notebook (nbformat.NotebookNode), not {type(nb).__name__}")
    found = {}
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            for panel in output.get("data", {}).get(STATES_MIME, {}).get("panels", []):
                found[panel["model_id"]] = panel
    return found


#: The metadata key that :func:`place_worked` sets on a worked solution ("solution") and on a
#: cell whose result waits for a prediction ("reveal"); the page's template reads it.
WORKED = "cardlib_worked"


@validate_arguments
def place_worked(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Give each ``%%solution`` cell what its solution shows, each ``%%reveal`` cell what it
    shows, from the lesson's :data:`WORKED_MIME` output; flag them for the page. ``nb`` is
    changed in place and returned; a lesson with neither kind of cell is left as it was.

    Run All shows neither (a button; a note waiting for the prediction): the page shows the
    solution behind its "Show the worked solution", the reveal once the prediction is made.
    """
    found = next((output["data"][WORKED_MIME] for cell in nb.cells
                  for output in cell.get("outputs", []) if WORKED_MIME in output.get("data", {})),
                 None)
    for kind in ("solution", "reveal"):
        cells = [cell for cell in nb.cells
                 if cell.cell_type == "code" and cell_magic(cell.source) == f"%%{kind}"]
        if not cells:
            continue
        if found is None:
            raise ValueError(f"the lesson has %%{kind} cells but was run without "
                             f"cardlib_course.kernel.worked_outputs() at its end")
        shows = found[f"{kind}s"]
        if len(shows) != len(cells):
            raise ValueError(f"{len(cells)} %%{kind} cells, but {len(shows)} ran: did "
                             f"the lesson stop early, or a cell run twice?")
        for cell, outputs in zip(cells, shows):
            cell.source = cell_code(cell.source)
            cell.outputs = [nbformat.from_dict(output) for output in outputs]
            cell.metadata[WORKED] = kind
    return nb


def _appended(cell) -> bool:
    """A cell the executor appended (``extra-N``), or one carrying what the kernel drew for it."""
    kinds = {kind for output in cell.get("outputs", []) for kind in output.get("data", {})}
    return str(cell.get("id", "")).startswith("extra-") or bool(
        kinds & {STATES_MIME, REFERENCE_MIME, WORKED_MIME})


_GENERIC_FIGURE = re.compile(r"^<Figure size [^>]*>$")


def _describe_image(output: dict) -> None:
    """Alt text for an image that has none: its text version, unless that says nothing."""
    data, metadata = output.get("data", {}), output.setdefault("metadata", {})
    for kind in ("image/png", "image/jpeg", "image/webp"):
        if kind not in data or (metadata.get(kind) or {}).get("alt") or metadata.get("alt"):
            continue
        text = _text(data.get("text/plain", "")).strip()
        if text.startswith("<Figure: ") and text.endswith(">"):  # a live panel's words
            text = text[1:-1]
        elif not text or _GENERIC_FIGURE.match(text):
            text = "Figure (a picture)"
        metadata.setdefault(kind, {})["alt"] = text


class StaticWidgets(Preprocessor):
    """Show live panels with page controls, other widgets as their saved outputs; no widget state.

    Also drops the cells the executor appended, describes images that have
    no alt text, makes frame players work offline (:func:`offline_player`) and
    turns Markdown math into MathML (:func:`math_to_mathml`).
    """

    def preprocess(self, nb, resources):
        place_worked(nb)
        saved = nb.metadata.pop("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
        self.panels = panel_states(nb)
        nb.cells = [cell for cell in nb.cells if not _appended(cell)]
        for index, cell in enumerate(nb.cells):
            if cell.cell_type == "markdown":
                try:
                    cell.source = math_to_mathml(cell.source)
                except Exception as error:
                    raise ValueError(
                        f"cell {index}: cannot render math: {error}"
                    ) from error
            elif cell.cell_type == "code":
                cell.outputs = self._static(cell.get("outputs", []), saved, index)
        return nb, resources

    def _static(self, outputs: list, saved: dict, index: int, depth: int = 0) -> list:
        result = []
        for output in outputs:
            data = output.get("data", {})
            if WIDGET_VIEW in data and "text/html" in data:
                # A widget with its own page version (a prediction): show that.
                output = copy.deepcopy(output)
                del output["data"][WIDGET_VIEW]
                result.append(output)
                continue
            if WIDGET_VIEW in data and data[WIDGET_VIEW]["model_id"] in self.panels:
                page = panel_html(self.panels[data[WIDGET_VIEW]["model_id"]])
                result.append({"output_type": "display_data", "metadata": {},
                               "data": {"text/html": page}})
                continue
            if WIDGET_VIEW in data:
                inner = static_outputs(saved, data[WIDGET_VIEW]["model_id"])
                if depth > 10:
                    raise ValueError(f"cell {index}: widgets nested too deeply")
                result.extend(self._static(inner, saved, index, depth + 1))
                continue
            try:
                _offline_data(data)
            except Exception as error:
                raise ValueError(f"cell {index}: {error}") from error
            _describe_image(output)
            result.append(output)
        return result


def _offline_data(data: dict) -> None:
    """Players get SVG icons; Markdown and LaTeX outputs get MathML."""
    if "text/html" in data:
        data["text/html"] = offline_player(_text(data["text/html"]))
    if "text/markdown" in data:
        data["text/markdown"] = math_to_mathml(_text(data["text/markdown"]))
    if "text/latex" in data and "text/html" not in data:
        latex = _text(data["text/latex"]).strip()
        data["text/html"] = math_to_mathml(latex if "$" in latex else f"$${latex}$$")


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else value


# --- frame players: see cardlib.icons ------------------------------------------


# --- math ------------------------------------------------------------------------

_CODE = re.compile(
    r"(^[ \t]*```.*?^[ \t]*```|^[ \t]*~~~.*?^[ \t]*~~~|`+[^`]*?`+)", re.S | re.M
)
# $$display$$, or $inline$: no space inside the dollars, may wrap a line but not a paragraph.
_MATH = re.compile(
    r"\$\$(.+?)\$\$|(?<![\\$])\$(?![\s$])((?:[^$\n]|\n(?![ \t]*\n))+?)(?<![\s\\])\$(?!\d)",
    re.S,
)


def _mathml(match: re.Match) -> str:
    block, inline = match.groups()
    tex = block if block is not None else inline
    tex = " ".join(tex.split())
    mathml = convert(tex, display="block" if block is not None else "inline")
    # One line keeps Markdown from splitting it; the alttext keeps the TeX for copying.
    return mathml.replace("\n", "").replace(
        "<math ", f'<math alttext="{html.escape(tex)}" ', 1
    )


@validate_arguments
def math_to_mathml(markdown: str) -> str:
    r"""Replace ``$tex$`` and ``$$tex$$`` (outside code) by MathML.

    >>> math_to_mathml("Cost: `$x$` and $n^2$.").split("<math")[0]
    'Cost: `$x$` and '
    >>> "<msup><mi>n</mi><mn>2</mn></msup>" in math_to_mathml("$n^2$")
    True
    >>> math_to_mathml("$n \\times" + chr(10) + "(n-1)$").count("<math")  # wraps a line
    1
    >>> math_to_mathml("$5 and $6")
    '$5 and $6'
    """
    parts = _CODE.split(markdown)
    # split() with one group puts code at odd positions
    return "".join(
        part if i % 2 else _MATH.sub(_mathml, part) for i, part in enumerate(parts)
    )


# --- fonts ----------------------------------------------------------------------------

#: CJK ideographs, punctuation, kana and full-width forms (for the Chinese terms).
CJK_RANGES = (
    (0x2E80, 0x2FDF),
    (0x3000, 0x312F),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xF900, 0xFAFF),
    (0xFF00, 0xFFEF),
    (0x20000, 0x2FFFF),
)


#: One CJK character (a regular expression: scanning a page of pictures char by char is slow).
_CJK_CHARS = re.compile("[" + "".join(f"{chr(low)}-{chr(high)}" for low, high in CJK_RANGES) + "]")


@validate_arguments
def is_cjk(char: str) -> bool:
    """True for a CJK character. ``is_cjk("洗"), is_cjk("A")`` is ``(True, False)``."""
    return any(low <= ord(char) <= high for low, high in CJK_RANGES)


@dataclass(frozen=True)
class EmbeddedFont:
    """A font the site embeds (as a subset), and where to find one on this machine."""

    family: str
    files: tuple[str, ...]  # file names to look for among the system fonts
    sample: str  # characters the file must have
    package: str  # the Debian package that installs one
    css: str = ""  # extra @font-face descriptors


#: The whole playing-card block U+1F0A0 to U+1F0FF (82 assigned, red joker U+1F0BF too).
#: The cards stand on the baseline and are 0.77 em tall: tight line metrics.
CARDS = EmbeddedFont(
    "Playing Cards",
    ("NotoSansSymbols2-Regular.ttf", "Symbola.ttf", "Symbola_hint.ttf"),
    "\U0001f0a1\U0001f0bf\U0001f0cf\U0001f0f5",
    "fonts-noto-core",
    "  size-adjust: 180%;\n  ascent-override: 82%;\n  descent-override: 4%;\n"
    "  line-gap-override: 0%;\n",
)
#: The CJK characters a page uses (only those are embedded).
CJK = EmbeddedFont(
    "Site CJK",
    ("wqy-microhei.ttc", "DroidSansFallbackFull.ttf", "NotoSansCJK-Regular.ttc"),
    "洗牌算法，",
    "fonts-wqy-microhei",
)


#: A math font (OpenType MATH table: radicals, fraction bars, stretchy brackets) for the
#: MathML formulas: without one, some browsers draw 1/√T as 1 / T. Only the characters the
#: formulas use are embedded, with the glyph variants the MATH table links them to.
MATH = EmbeddedFont(
    "Site Math",
    ("NotoSansMath-Regular.ttf", "DejaVuMathTeXGyre.ttf", "latinmodern-math.otf",
     "STIXTwoMath-Regular.otf"),
    "\u221a\u2211\u221e",
    "fonts-noto-core",
)
_MATH_ELEMENT = re.compile(r"<math\b[^>]*>(.*?)</math>", re.S)
_TAG = re.compile(r"<[^>]+>")


@validate_arguments
def find_font(font: EmbeddedFont = CARDS) -> Path:
    """Return an installed font file for ``font``, or raise naming the package to install."""
    for path in sorted(font_manager.findSystemFonts()):
        if Path(path).name in font.files:
            with TTFont(path, lazy=True, fontNumber=0) as ttf:
                cmap = ttf.getBestCmap()
            if all(ord(char) in cmap for char in font.sample):
                return Path(path)
    raise FileNotFoundError(
        f"no font for {font.family!r} is installed (looked for {', '.join(font.files)}): "
        f"install Debian's {font.package} (apt-get install {font.package})"
    )


@functools.lru_cache(maxsize=8)
def _font_face(font: EmbeddedFont, codes: tuple[int, ...], unicode_range: str) -> str:
    buffer = io.BytesIO()
    with TTFont(find_font(font), fontNumber=0) as ttf:
        options = subset.Options()
        options.drop_tables += [
            "FFTM"
        ]  # FontForge's timestamps; fontTools cannot subset them
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=codes)
        subsetter.subset(ttf)
        ttf.flavor = "woff"
        ttf.save(buffer)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return (
        f"@font-face {{\n  font-family: '{font.family}';\n"
        f"  src: url(data:font/woff;base64,{data}) format('woff');\n"
        f"  unicode-range: {unicode_range};\n{font.css}}}\n"
    )


@validate_arguments
def site_fonts_css(text: str) -> str:
    """CSS that embeds the card glyphs, the CJK characters and a math font for the formulas of
    ``text``, used everywhere.

    The faces come first in every font stack; their unicode-range keeps them
    to their own characters, so all other text keeps JupyterLab's fonts.
    """
    faces = [_font_face(CARDS, tuple(CARD_BLOCK), "U+1F0A0-1F0FF")]
    families = [f"'{CARDS.family}'"]
    cjk = tuple(sorted(set(map(ord, _CJK_CHARS.findall(text)))))
    if cjk:
        ranges = ", ".join(f"U+{low:X}-{high:X}" for low, high in CJK_RANGES)
        faces.append(_font_face(CJK, cjk, ranges))
        families.append(f"'{CJK.family}'")
    formulas = html.unescape(_TAG.sub("", "".join(_MATH_ELEMENT.findall(text))))
    math = tuple(sorted({ord(c) for c in formulas if not c.isspace()} | {ord("\u221a")}))
    faces.append(_font_face(MATH, math, "U+0-10FFFF"))
    first = ", ".join(families)
    sans = "system-ui, -apple-system, 'Segoe UI', helvetica, arial, sans-serif"
    return "".join(faces) + f"math {{ font-family: '{MATH.family}', math; }}\n" + (
        f":root {{\n  --jp-content-font-family: {first}, {sans};\n"
        f"  --jp-ui-font-family: {first}, {sans};\n"
        f"  --jp-code-font-family: {first}, menlo, consolas, 'DejaVu Sans Mono', monospace;\n}}\n"
    )
