"""Predict, then see: a question the learner answers before the lesson reveals the result.

In JupyterLab a :class:`Prediction` shows the choices and a button; the
answer (right or not, and why) appears only after the learner has committed to
a choice. On a page with no kernel the same object shows as HTML: the question,
the choices, and the answer behind a ``<details>`` reveal (its ``text/html``
fallback, which the static site uses in place of the widget).

>>> p = prediction("How many paths?", ["6", "27"], "27", "3 draws of 3 choices each.")
>>> p.choose("6")
'Not quite: the answer is 27. 3 draws of 3 choices each.'
>>> "<details" in p.static_html()
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from ..checks import checked

__all__ = ["Prediction", "prediction"]


class Prediction(widgets.VBox):
    """A multiple-choice prediction: choose, press the button, read the answer and why."""

    @checked
    def __init__(self, question: str, choices: Sequence[str], answer: str, why: str) -> None:
        choices = [str(choice) for choice in choices]
        if len(choices) < 2:
            raise ValueError("a prediction needs at least two choices")
        if len(set(choices)) != len(choices):
            raise ValueError(f"the choices must differ, got {choices}")
        if answer not in choices:
            raise ValueError(f"the answer {answer!r} is not among the choices {choices}")
        self.question, self.choices, self.answer, self.why = question, choices, answer, why
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
        return verdict

    def static_html(self) -> str:
        """The question with the answer behind a reveal, for a page with no kernel."""
        items = "".join(f"<li>{html.escape(choice)}</li>" for choice in self.choices)
        return (f'<div class="cardlib-prediction"><p><b>Predict first.</b> '
                f"{html.escape(self.question)}</p><ol type=\"a\">{items}</ol>"
                f"<details><summary>Reveal the answer</summary><p><b>{html.escape(self.answer)}"
                f"</b>. {html.escape(self.why)}</p></details></div>")

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/html"] = self.static_html()
        data["text/plain"] = f"A prediction: run this cell to answer it. {self.question}"
        return bundle


@checked
def prediction(question: str, choices: Sequence, answer, why: str) -> Prediction:
    """Return a :class:`Prediction` (display it as a cell's last expression)."""
    return Prediction(question, [str(c) for c in choices], str(answer), why)
