"""Predict, then see: a question the learner answers before the lesson reveals the result.

In JupyterLab a :class:`Prediction` shows the question, the choices and a
button; the answer (right or not, and why) appears only after the learner has
committed to a choice. The lesson cell that makes it is collapsed (its
``jupyter.source_hidden`` metadata), so its arguments, the answer among them,
are not on screen either.

On a page with no kernel the same object shows as HTML (its ``text/html``
fallback, which the static site uses in place of the widget): the question,
the choices as radio buttons and a "Commit and reveal" button. The answer and
its explanation are in the page only sealed (base64 of JSON in a data
attribute), opened by a small inline script once a choice is committed: no
reveal to click open before choosing, nothing readable in the page's text.

>>> p = prediction("How many paths?", ["6", "27"], "27", "3 draws of 3 choices each.")
>>> p.choose("6")
'Not quite: the answer is 27. 3 draws of 3 choices each.'
>>> page = p.static_html()
>>> "3 draws of 3" in page, "data-cardlib-prediction" in page
(False, True)
>>> unseal(page.split('data-cardlib-prediction="')[1].split('"')[0])["why"]
'3 draws of 3 choices each.'
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
from collections.abc import Sequence
from pathlib import Path

import ipywidgets as widgets

from ..validation import validate_arguments

__all__ = ["Prediction", "prediction", "open_prediction", "seal", "unseal", "PREDICTION_SCRIPT"]

#: The prediction made last in this kernel (a ``%%reveal`` cell waits for it).
_latest: list = []


def seal(data: dict) -> str:
    """``data`` as base64 of its JSON: in the page, but not readable at a glance.

    >>> unseal(seal({"answer": 1}))
    {'answer': 1}
    """
    if not isinstance(data, dict):
        raise TypeError(f"data must be a dict, not {type(data).__name__}")
    try:
        text = json.dumps(data, ensure_ascii=False)
    except (TypeError, ValueError) as error:
        raise TypeError(f"data must hold JSON values (strings, numbers, lists): {error}") from None
    return base64.b64encode(text.encode()).decode("ascii")


def unseal(sealed: str) -> dict:
    """The data :func:`seal` sealed."""
    if not isinstance(sealed, str):
        raise TypeError(f"sealed must be a string, not {type(sealed).__name__}")
    return json.loads(base64.b64decode(sealed.encode("ascii")).decode())


#: Opens a sealed prediction on a page once a choice is committed (self-contained, per widget),
#: and shows what the ``%%reveal`` cells after it hold: the file predict.js beside this one.
PREDICTION_SCRIPT = (Path(__file__).parent / "predict.js").read_text(encoding="utf-8").strip()


class Prediction(widgets.VBox):
    """A multiple-choice prediction: choose, press the button, read the answer and why."""

    @validate_arguments
    def __init__(self, question: str, choices: Sequence[str], answer: str, why: str) -> None:
        choices = [str(choice) for choice in choices]
        if len(choices) < 2:
            raise ValueError("a prediction needs at least two choices")
        if len(set(choices)) != len(choices):
            raise ValueError(f"the choices must differ, got {choices}")
        if answer not in choices:
            raise ValueError(f"the answer {answer!r} is not among the choices {choices}")
        self.question, self.choices, self.answer, self.why = question, choices, answer, why
        self.committed = False
        self._then: list = []
        self.picker = widgets.RadioButtons(options=choices, value=None,
                                           layout=widgets.Layout(width="auto"))
        self.button = widgets.Button(description="Commit and reveal", button_style="primary",
                                     disabled=True)
        self.result = widgets.HTML("")
        self.picker.observe(lambda change: setattr(self.button, "disabled", change.new is None),
                            names="value")
        self.button.on_click(lambda _: self.choose(self.picker.value))
        super().__init__([widgets.HTML(f"<b>Predict first.</b> {html.escape(question)}"),
                          self.picker, self.button, self.result])
        self.add_class("cardlib-prediction")
        _latest[:] = [self]

    def on_commit(self, show) -> None:
        """Call ``show()`` when the learner commits (a ``%%reveal`` cell's result waits so)."""
        if not callable(show):
            raise TypeError(f"show must be callable, not {type(show).__name__}")
        if self.committed:
            show()
        else:
            self._then.append(show)

    def choose(self, choice: str) -> str:
        """Commit to ``choice``; show and return the verdict and the explanation."""
        if choice not in self.choices:
            raise ValueError(f"{choice!r} is not one of the choices {self.choices}")
        if choice == self.answer:
            verdict = f"Right: {self.answer}. {self.why}"
        else:
            verdict = f"Not quite: the answer is {self.answer}. {self.why}"
        self.picker.value = choice
        self.picker.disabled = self.button.disabled = True
        self.result.value = f"<p>{html.escape(verdict)}</p>"
        if not self.committed:
            self.committed = True
            for show in self._then:
                show()
        return verdict

    def static_html(self) -> str:
        """The question and choices, the answer sealed until a choice is committed."""
        group = "p" + hashlib.sha1(self.question.encode()).hexdigest()[:10]
        items = "".join(
            f'<label class="cardlib-choice"><input type="radio" name="{group}" value="{k}"> '
            f"{html.escape(choice)}</label>" for k, choice in enumerate(self.choices))
        sealed = seal({"answer": self.choices.index(self.answer), "choices": self.choices,
                       "why": self.why})
        return (f'<div class="cardlib-prediction" data-cardlib-prediction="{sealed}">'
                f"<p><b>Predict first.</b> {html.escape(self.question)}</p>"
                f'<fieldset><legend>Your prediction</legend>{items}</fieldset>'
                f'<button type="button" class="cardlib-button" disabled>Commit and reveal'
                f'</button><p class="cardlib-reveal" role="status" aria-live="polite"></p>'
                f"<script>{PREDICTION_SCRIPT}</script></div>")

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/html"] = self.static_html()
        data["text/plain"] = f"A prediction: run this cell to answer it. {self.question}"
        return bundle


def open_prediction() -> Prediction | None:
    """The prediction made last in this kernel, if the learner has not committed to it yet."""
    return _latest[0] if _latest and not _latest[0].committed else None


@validate_arguments
def prediction(question: str, choices: Sequence, answer, why: str) -> Prediction:
    """Return a :class:`Prediction` (display it as a cell's last expression)."""
    return Prediction(question, [str(c) for c in choices], str(answer), why)
