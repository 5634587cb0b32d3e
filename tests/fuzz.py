"""Hostile calls of every public function: what the fuzz test and tools/hostile_table.py send.

Every callable in the ``__all__`` of every module of cardlib and cardlib_course (minus a
short skip list, each with its reason) is called with valid arguments except one, which
gets a hostile value: a wrong type, a bool, a float, a NumPy scalar, a
negative, zero or huge number, an empty or duplicated sequence, a generator,
an rng that is not one. Calls run in a worker process (this file, run as a
script) with an address-space limit, one call per line of
JSON, so that a call that hangs or eats memory is seen as such and killed.
A call must return, or raise TypeError, ValueError or ContractError with a
message that names the argument.

Arguments travel as tokens (names of values), built in the worker.
"""

from __future__ import annotations

import gc
import importlib
import inspect
import itertools
import json
import math
import os
import pkgutil
import random
import resource
import select
import subprocess
import sys
import time
import warnings
from dataclasses import dataclass
from fractions import Fraction

import ipywidgets
import numpy as np
from matplotlib.figure import Figure

import cardlib
import cardlib_course
from cardlib import batched, cards, exact, growth, judge, shuffles, stats, steps, timing
from cardlib.plots import draw_knuth_step
from cardlib.widgets import LivePanel  # noqa: F401 (every module imported before the calls)

# The worker is a Python of its own: like tests/conftest.py and cardlib-course, it does not
# let nbformat's jsonschema build rfc3987_syntax's parsers (about 3 s of CPU at each start).
# Nothing above imports nbformat; the builders below import it when called.
sys.modules.setdefault("rfc3987_syntax", None)

__all__ = ["SKIP", "HOSTILE", "HOSTILE_SHUFFLES", "Target", "targets", "Outcome", "Worker",
           "classify", "call_spec"]

#: Public callables not fuzzed, and why.
SKIP = {
    "cardlib_course.build.main": "an entry point: reads sys.argv, writes the site",
    "cardlib_course.build.build_site": "executes every lesson, writes files; tested by test_site",
    "cardlib_course.__main__.main": "an entry point: reads sys.argv, runs a command",
    "cardlib_course.student.main": "an entry point: reads sys.argv, writes files",
    "cardlib_course.grading.main": "an entry point: reads sys.argv, writes files",
    "cardlib_course.student.write_student_edition": "writes files; tested by test_learning",
    "cardlib_course.run.execute": "executes a notebook in a kernel; tested by test_notebooks",
    "cardlib_course.kernel.sweep_controls": "runs inside a lesson's kernel, on its panels",
    "cardlib_course.kernel.time_redraws": "runs inside a lesson's kernel, on its panels",
    "cardlib_course.serve.main": "an entry point: serves the site until stopped",
    "cardlib_course.serve.CachingHandler": "built by http.server for each request",
    "cardlib_course.exporter.CardlibExporter": "an nbconvert exporter: traitlets check its config",
}
# Type aliases (Shuffle, Update) and typing Protocols (RandomSource) describe; they are not
# called, and are left out by targets() itself.

#: Hostile values, by token (built in the worker by :func:`_value`).
HOSTILE = (
    "str", "none", "object", "dict", "list_of_str",
    "true", "false",
    "float", "nan", "inf", "minus_zero",
    "np_int", "np_float", "np_bool",
    "minus_one", "very_negative", "zero",
    "billion", "huge", "googol",
    "empty_list", "empty_str", "empty_tuple",
    "duplicates", "generator", "endless",
    "numpy_generator", "rng_module", "np_uint8", "np_int8",
)
#: Learner shuffles that have fooled or confused cardlib before, for every ``shuffle`` argument.
HOSTILE_SHUFFLES = ("stop_iteration_shuffle", "dataclass_shuffle", "liar_shuffle",
                    "choices_shuffle", "numpy_generator_shuffle", "random_float_shuffle")

# Arguments that make a valid call, by parameter name (function-specific ones first).
_BASE_BY_FUNCTION = {
    "cardlib.hand.stack_packets": {"sizes": "sizes_2_3"},
    "cardlib.timing.measure": {"shuffles": "shuffles", "sizes": "sizes_10_20"},
    "cardlib.timing.loglog_fit": {"sizes": "sizes_10_20", "seconds": "seconds_2"},
    "cardlib.timing.Timings": {"sizes": "sizes_10_20", "seconds": "timings_seconds"},
    "cardlib.growth.growth_events": {"sizes": "byte_sizes"},
    "cardlib.growth.capacity": {"size_in_bytes": "byte_size"},
    "cardlib.growth.time_builds": {"builders": "builders", "order": "order5"},
    "cardlib.growth.copies_per_append": {"events": "empty_list"},
    "cardlib.riffle.interleave": {"sources": "sources"},
    "cardlib.riffle.merge_state": {"sources": "sources", "step": 2},
    "cardlib.riffle.drop_sources": {"p": 3, "q": 2},
    "cardlib.hand.multiplicative_order": {"a": 2, "m": 51},
    "cardlib.validation.whole_number": {"name": "name", "value": 3},
    "cardlib.validation.one_of": {"name": "name", "value": "'a'", "options": "options"},
    "cardlib.validation.limit": {"name": "name", "value": 3, "maximum": 5, "how": "title"},
    "cardlib.validation.in_place": {"function": "name"},
    "cardlib.validation.function": {"name": "name", "value": "knuth"},
    "cardlib.validation.sequence": {"name": "name", "value": "deck5"},
    "cardlib.validation.shuffle_table": {"name": "name", "shuffles": "shuffles"},
    "cardlib.validation.numbers_array": {"name": "name", "value": "row4"},
    "cardlib.validation.decks_array": {"name": "name", "value": "decks"},
    "cardlib.validation.probability": {"name": "name", "value": "half"},
    "cardlib.validation.positive_number": {"name": "name", "value": 3},
    "cardlib.stats.chi_square_sf": {"statistic": 3.0, "dof": 2},
    "cardlib.stats.regularized_upper_gamma": {"a": 1.0, "x": 2.0},
    "cardlib.evidence.p_values": {"at": "at"},
    "cardlib.widgets.step_player": {"steps": "knuth_steps", "draw_step": "draw_knuth_step"},
    "cardlib.plots.draw_knuth_step": {"step": "knuth_step"},
    "cardlib.plots.draw_pick_step": {"step": "pick_step"},
    "cardlib.widgets.frame_player": {"n_frames": 2},
    "cardlib.exercises.compare_value": {"answer": 3, "expected": 3, "what": "title"},
    "cardlib.exercises.Feedback": {"status": "'right'", "message": "title"},
    "cardlib.widgets.knuth_player": {"deck": "cards5"},
    "cardlib.widgets.knuth_slider": {"deck": "cards5"},
    "cardlib.widgets.pick_player": {"deck": "cards5"},
    "cardlib.widgets.pick_slider": {"deck": "cards5"},
    "cardlib.widgets.riffle_player": {"deck": "cards5"},
    "cardlib.widgets.step_slider": {"trace": "knuth_trace", "draw_step": "draw_knuth_step",
                                    "deck": "cards5"},
    "cardlib.widgets.merge_panel": {"stack1": "card_stack1", "stack2": "card_stack2",
                                    "sources": "sources"},
    "cardlib.widgets.rising_panel": {"cards": "cards5"},
    "cardlib.widgets.LivePanel": {"controls": "controls", "draw": "draw_panel"},
    "cardlib.plots.rising_scatter": {"order": "order5", "sequences": "sequences5"},
    "cardlib.plots.rising_picture": {"cards": "cards5", "order": "order5",
                                     "sequences": "sequences5", "k": 1},
    "cardlib.plots.merge_picture": {"stack1": "card_stack1", "stack2": "card_stack2",
                                    "pile": "cards5", "pile_sources": "sources", "n": 5},
    "cardlib.plots.cut_bars": {"n": 8},
    "cardlib_course.offline.static_outputs": {"models": "dict", "model_id": "title"},
}
#: Extra keyword arguments (for functions that take **controls).
_EXTRA = {"cardlib.widgets.live_figure": {"n": "slider"}}
_BASE = {
    "n": 4, "deck": "deck5", "rng": 1, "ax": "axes", "fig": "figure", "axis": "x_axis",
    "seed": 1, "trials": 20, "shuffle": "knuth", "decks": "decks", "title": "title", "k": 2,
    "n_cards": 4, "gen": "gen", "order": "order5", "card": 1, "shuffles": "shuffles",
    "p": "half", "matrix": "matrix4", "max_n": 8, "dist": "law3", "stack1": "stack1",
    "stack2": "stack2", "answer": 3, "counts": "counts", "message": "title", "cards": "cards5",
    "step": 1, "n_riffles": 3, "case": 1, "law": "matrix4", "suspects": "suspects",
    "choices": "choices", "kind": "'out'", "shuffles_done": 2, "perm": "order5",
    "question": "title", "why": "title", "draw": "draw_frame", "draw_frame": "draw_frame",
    "controls": "controls", "first": "law3", "second": "law3", "weights": "weights",
    "positions": "positions", "max_shuffles": 3, "n_frames": 2, "riffle_counts": "ks",
    "r": 2, "players": 2, "cards_each": 2, "page": "page", "text": "title", "hand": "cards5",
    "rank": "'Q'", "suit": "'♠'", "frequencies": "frequencies", "exact_row": "row4",
    "p_values": "p_values", "exact_matrix": "matrix4", "curve": "curve", "fair_curve": "curve",
    "timings": "timings", "nanoseconds": "p_values", "version": "title", "lengths": "ks",
    "copies": "p_values", "ks": "ks", "distances": "p_values", "sequences": "sequences",
    "probabilities": "row4", "card_name": "title", "appended": "byte_sizes",
    "preallocated": "byte_sizes", "events": "empty_list", "exact_means": "p_values",
    "pile_sources": "sources", "pile": "deck5", "distributions": "cycle_laws",
    "verdict": "verdict", "columns": 5, "rows": 1, "bottom": 0.1, "height": 0.5, "count": 3,
    "total": 3, "obj": "knuth", "draws": "draws", "trace": "knuth_trace", "steps": "knuth_steps",
    "draw_step": "draw_knuth_step", "nb": "notebook", "markdown": "title", "char": "'a'",
    "models": "dict", "model_id": "title", "cell": "code_cell", "family": "title",
    "files": "empty_list", "sample": "title", "package": "title", "control": "slider",
    "function": "knuth", "builders": "builders", "smallest": 10, "largest": 80, "sizes": "ks",
    "seconds": "p_values", "a": 2, "m": 51, "size_in_bytes": "byte_size", "expected": 3,
    "what": "title", "status": "'right'", "args": "args", "value": 3, "outcome": "order5",
    "statistic": 3.0, "dof": 2, "x": 2.0, "spread": 0.1, "length": 3, "old_capacity": 4,
    "new_capacity": 8, "quick": True, "at": "at", "test": "chi", "tested": "title",
    "reason": "title", "simulated": "matrix4", "fair": True, "estimate": 3.0,
    "label": "title", "worst_card_distance": 0.1, "new_pile": "deck5", "picked": 1,
    "i": 1, "j": 0, "q": 2, "kernel": "uniform", "options": "options", "maximum": 5,
    "how": "title", "stack": "deck5", "image": "image", "where": "title", "details": "title",
    "hint": "title", "name": "title",
}


@dataclass(frozen=True)
class Target:
    """One public callable: where it is listed, and its parameters."""

    key: str  # module.name
    module: str
    name: str
    params: tuple[str, ...]
    required: tuple[str, ...]


def _public_modules() -> list[str]:
    names = ["cardlib"] + [m.name for m in pkgutil.walk_packages(cardlib.__path__, "cardlib.")]
    names += ["cardlib_course"] + [m.name for m in pkgutil.walk_packages(
        cardlib_course.__path__, "cardlib_course.")]
    return [n for n in names if not n.endswith("__main__")]


def _skipped(key: str) -> bool:
    return any(key == s or key.startswith(s + ".") for s in SKIP)


def targets() -> list[Target]:
    """Every callable in every module's __all__ (each object once), minus SKIP."""
    found, seen = [], set()
    for module_name in _public_modules():
        if _skipped(module_name):
            continue
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            key = f"{module_name}.{name}"
            if not (inspect.isfunction(obj) or inspect.isclass(obj)) or id(obj) in seen \
                    or getattr(obj, "_is_protocol", False) or _skipped(key):
                continue
            seen.add(id(obj))
            try:
                signature = inspect.signature(obj)
            except (TypeError, ValueError):
                signature = None
            params = [] if signature is None else [
                p for p in signature.parameters.values()
                if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
            found.append(Target(key, module_name, name, tuple(p.name for p in params),
                                tuple(p.name for p in params if p.default is p.empty)))
    return found


def call_spec(target: Target, param: str, token: str) -> dict:
    """The call: valid tokens for the required parameters, ``token`` for ``param``."""
    special = _BASE_BY_FUNCTION.get(target.key, {})
    args = {p: special.get(p, _BASE.get(p, 3)) for p in target.required}
    args.update(_EXTRA.get(target.key, {}))
    args[param] = token
    return {"module": target.module, "name": target.name, "args": args}


# --- the worker side ------------------------------------------------------------------

def _stop_iteration_shuffle(deck, rng):
    shuffles.knuth_shuffle(deck, rng)
    raise StopIteration


@dataclass
class _DataclassShuffle:  # a callable with no hash
    name: str = "dataclass_shuffle"

    def __call__(self, deck, rng):
        shuffles.knuth_shuffle(deck, rng)


class _Liar:
    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0


def _liar_shuffle(deck, rng):
    return [_Liar() for _ in deck]


def _choices_shuffle(deck, rng):
    return rng.choices(deck, k=len(deck))


def _numpy_generator_shuffle(deck, rng):
    return [deck[i] for i in np.random.Generator(np.random.PCG64()).permutation(len(deck))]


def _random_float_shuffle(deck, rng):
    deck.sort(key=lambda card: rng.random())


def _value(token, cache: dict):
    """Build the value a token names (in the worker)."""
    if not isinstance(token, str) or token.startswith("'"):
        return token[1:-1] if isinstance(token, str) else token

    def figure():
        fig = Figure(figsize=(6, 4))
        cache.setdefault("figures", []).append(fig)
        return fig

    def knuth_trace(deck, rng):
        return steps.knuth_steps(deck, rng)

    makers = {
        "str": lambda: "x", "none": lambda: None, "object": object, "dict": dict,
        "list_of_str": lambda: ["a", "b"], "true": lambda: True, "false": lambda: False,
        "float": lambda: 2.5, "nan": lambda: math.nan, "inf": lambda: math.inf,
        "minus_zero": lambda: -0.0, "np_int": lambda: np.int64(3),
        "np_float": lambda: np.float64(2.0), "np_bool": lambda: np.bool_(True),
        "minus_one": lambda: -1, "very_negative": lambda: -10**9, "zero": lambda: 0,
        "billion": lambda: 10**9, "huge": lambda: 10**18, "googol": lambda: 10**100,
        "empty_list": list, "empty_str": lambda: "", "empty_tuple": tuple,
        "duplicates": lambda: [1, 1, 2], "generator": lambda: (i for i in range(5)),
        "endless": itertools.count, "numpy_generator": lambda: np.random.default_rng(0),
        "rng_module": lambda: random, "lambda_1": lambda: (lambda deck: None),
        "np_uint8": lambda: np.uint8(3), "np_int8": lambda: np.int8(-3),
        "stop_iteration_shuffle": lambda: _stop_iteration_shuffle,
        "dataclass_shuffle": _DataclassShuffle, "liar_shuffle": lambda: _liar_shuffle,
        "choices_shuffle": lambda: _choices_shuffle,
        "numpy_generator_shuffle": lambda: _numpy_generator_shuffle,
        "random_float_shuffle": lambda: _random_float_shuffle,
        # valid values
        "deck5": lambda: list(range(5)), "cards5": lambda: cards.standard_deck()[:5],
        "order5": lambda: [4, 2, 0, 1, 3], "axes": lambda: figure().add_subplot(),
        "figure": figure, "x_axis": lambda: figure().add_subplot().xaxis,
        "title": lambda: "a title", "knuth": lambda: shuffles.knuth_shuffle,
        "decks": lambda: stats.simulate(shuffles.knuth_shuffle, 4, 50, seed=1),
        "gen": lambda: np.random.default_rng(1),
        "shuffles": lambda: {"Knuth": shuffles.knuth_shuffle,
                             "naive": shuffles.naive_swap_shuffle},
        "suspects": lambda: ["Knuth", "naive"], "half": lambda: Fraction(1, 2),
        "matrix4": lambda: np.full((4, 4), 0.25), "row4": lambda: np.full(4, 0.25),
        "law3": lambda: exact.distribution(shuffles.naive_swap_shuffle, 3),
        "stack1": lambda: ["A", "B", "C"], "stack2": lambda: ["x", "y"],
        "sources": lambda: [2, 1, 1, 2, 1], "sizes_2_3": lambda: [2, 3],
        "counts": lambda: [18, 22, 20, 20], "choices": lambda: ["a", "b"],
        "draw_frame": lambda: (lambda fig, i: fig.add_subplot().plot([0, i])),
        "controls": lambda: {"n": ipywidgets.IntSlider(value=1, min=0, max=2)},
        "draw_panel": lambda: (lambda fig, n: None),
        "card_stack1": lambda: cards.standard_deck()[:3],
        "card_stack2": lambda: cards.standard_deck()[3:5],
        "sequences5": lambda: [[0, 1], [2, 3, 4]], "weights": lambda: [0.25, 0.25, 0.5, 0.0],
        "positions": lambda: [0, 1, 2, 3], "ks": lambda: [1, 2, 3],
        "page": lambda: "<p>player</p>", "frequencies": lambda: np.full((10, 4), 0.25),
        "p_values": lambda: [0.5, 0.2, 0.1], "curve": lambda: ([100, 300], [0.1, 0.05]),
        "timings": lambda: timing.Timings([10, 20, 40], {"a": [1e-6, 2e-6, 4e-6]}),
        "sequences": lambda: [[0, 1], [2, 3, 4]], "byte_sizes": lambda: [56, 88, 88, 88, 88, 120],
        "byte_size": lambda: 88, "cycle_laws": lambda: {"Knuth": {1: Fraction(1, 3),
                                                                  2: Fraction(1, 2),
                                                                  3: Fraction(1, 6)}},
        "verdict": lambda: judge.judge(shuffles.naive_swap_shuffle, 3),
        "draws": lambda: [steps.Draw((3,), 1)],
        "knuth_steps": lambda: steps.knuth_steps(cards.step_deck(4), 1),
        "knuth_step": lambda: steps.knuth_steps(cards.step_deck(4), 1)[1],
        "pick_step": lambda: steps.pick_and_remove_steps(cards.step_deck(4), 1)[1],
        "knuth_trace": lambda: knuth_trace, "draw_knuth_step": lambda: draw_knuth_step,
        "notebook": lambda: importlib.import_module("nbformat").v4.new_notebook(),
        "code_cell": lambda: importlib.import_module("nbformat").v4.new_code_cell("1"),
        "slider": ipywidgets.IntSlider,
        "builders": lambda: {"append": growth.pile_by_append},
        "sizes_10_20": lambda: [10, 20, 40], "seconds_2": lambda: [1e-6, 2e-6, 4e-6],
        "timings_seconds": lambda: {"a": [1e-6, 2e-6, 4e-6]}, "args": lambda: (3,),
        "at": lambda: [10, 20], "chi": lambda: stats.chi_square([18, 22, 20, 20]),
        "uniform": lambda: batched.uniform,
        "options": lambda: ("a", "b"), "name": lambda: "x",
        "image": lambda: figure().add_subplot().imshow([[0, 1]]),
    }
    return makers[token]()


def _call(spec: dict) -> dict:
    module = importlib.import_module(spec["module"])
    function = getattr(module, spec["name"])
    cache: dict = {}
    started = sum(os.times()[:4])  # CPU seconds (a child's too): what the call costs, not the load
    try:
        kwargs = {p: _value(t, cache) for p, t in spec["args"].items()}
    except Exception as error:  # noqa: BLE001 (a token the harness cannot build)
        return {"status": "harness", "type": type(error).__name__, "message": str(error)}
    try:
        result = function(**kwargs)
        if inspect.isgenerator(result):  # paths(): the work happens while iterating
            for _ in itertools.islice(result, 10_000):
                pass
        answer = {"status": "returned", "type": type(result).__name__}
    except MemoryError:
        answer = {"status": "memory", "type": "MemoryError", "message": ""}
    except BaseException as error:  # noqa: BLE001 (every outcome is reported)
        answer = {"status": "raised", "type": type(error).__name__,
                  "mro": [c.__name__ for c in type(error).__mro__],
                  "message": str(error)[:500]}
    answer["seconds"] = sum(os.times()[:4]) - started
    return answer


def _serve() -> None:
    """The worker: one JSON call per line in, one JSON outcome per line out."""
    warnings.simplefilter("ignore")
    out = os.fdopen(os.dup(1), "w")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # what the functions print must not mix with the answers
    out.write(json.dumps({"status": "ready"}) + "\n")
    out.flush()
    for count, line in enumerate(sys.stdin, start=1):
        answer = _call(json.loads(line))
        if not count % 100:  # a full collection takes ~0.1 s with matplotlib loaded
            gc.collect()
        out.write(json.dumps(answer) + "\n")
        out.flush()


# --- the parent side ------------------------------------------------------------------

@dataclass(frozen=True)
class Outcome:
    """What one call did, and how it is counted."""

    spec: dict
    status: str  # returned, raised, timeout, memory, crashed, harness
    type: str
    message: str
    seconds: float  # of CPU, in the worker and its children
    category: str  # clear error, accepted, wrong or obscure, hang or out of memory


_ALLOWED = {"TypeError", "ValueError", "ContractError"}


def classify(spec: dict, answer: dict) -> str:
    """Count one outcome: clear error, accepted, wrong or obscure, hang or out of memory."""
    status = answer["status"]
    if status in ("timeout", "memory", "crashed"):
        return "hang or out of memory"
    if status == "returned":
        return "accepted"
    if status == "harness":
        return "harness"
    if not _ALLOWED & set(answer.get("mro", [answer["type"]])):
        return "wrong or obscure"
    if not spec["args"]:  # called with no argument: there is none to name
        return "clear error"
    message = answer["message"].lower().replace("_", " ")
    # The validators of cardlib.validation name the argument they are told: here "x" (token "name");
    # a hostile shuffle is named by its own name.
    names = [p for p in spec["args"]] + ["x" for p, t in spec["args"].items()
                                         if p in ("name", "function") and t == "name"] + [
        t for t in spec["args"].values() if t in HOSTILE_SHUFFLES]
    named = [p for p in names if p.lower().replace("_", " ") in message]
    return "clear error" if named else "wrong or obscure"


class Worker:
    """A worker process with a memory limit; restarted after a call that hangs or dies."""

    def __init__(self, timeout: float = 10.0, memory: int = 3 * 2**30) -> None:
        self.timeout, self.memory = timeout, memory
        self.process = None

    def _start(self) -> None:
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1",
                   MKL_NUM_THREADS="1", MPLBACKEND="Agg")

        def limit() -> None:
            resource.setrlimit(resource.RLIMIT_AS, (self.memory, self.memory))

        self.process = subprocess.Popen(
            [sys.executable, __file__], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
            preexec_fn=limit)
        ready = self._read(120)
        if not ready or ready.get("status") != "ready":
            raise RuntimeError("the fuzz worker did not start")

    def _read(self, timeout: float) -> dict | None:
        readable, _, _ = select.select([self.process.stdout], [], [], timeout)
        if not readable:
            return None
        line = self.process.stdout.readline()
        return json.loads(line) if line else None

    def call(self, spec: dict) -> Outcome:
        if self.process is None or self.process.poll() is not None:
            self._start()
        started = time.perf_counter()
        self.process.stdin.write(json.dumps(spec) + "\n")
        self.process.stdin.flush()
        answer = self._read(self.timeout)
        if answer is None:
            status = "timeout" if self.process.poll() is None else "crashed"
            self.close()
            answer = {"status": status, "type": status, "message": ""}
        if answer["status"] == "memory":
            self.close()  # a worker that ran out of memory starts again clean
        return Outcome(spec, answer["status"], answer.get("type", ""),
                       answer.get("message", ""),
                       answer.get("seconds", time.perf_counter() - started),
                       classify(spec, answer))

    def close(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process.stdin.close()
            self.process.stdout.close()
            self.process = None


if __name__ == "__main__":
    _serve()
