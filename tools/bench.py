"""How fast is cardlib? Every figure is a ratio or time measured in this process.

Run ``python tools/bench.py`` (``make bench``; ``--help`` for options). It prints a table and
writes the same rows as JSON (default ``build/bench.json``). Each comparison
runs both sides interleaved, round after round, and reports the median of
the rounds' ratios: load from elsewhere slows both sides of a round alike.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import platform
import random
import statistics
import sys
import threading
import time
import timeit
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import matplotlib
import numpy as np

from cardlib import exact, riffle, shuffles, stats
from cardlib_course.kernel import TIMING_CELL

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the browser driver
try:  # the browser half of the pages bench needs Playwright (the test extra)
    from browser import launch_chromium
except ImportError:  # pragma: no cover
    launch_chromium = None
from cardlib_course.run import cell_seconds, execute, lesson_paths

__all__ = [
    "choice_and_remove", "compare", "bench_python", "bench_simulate", "bench_exact",
    "bench_redraws", "bench_notebooks", "bench_pages", "lesson_panels", "machine", "table",
    "main",
]

SECTIONS = ("python", "simulate", "exact", "redraws", "notebooks", "pages")


def choice_and_remove(deck, rng: random.Random) -> list:
    """The Python article's way, for comparison only: ``rng.choice`` a card, ``list.remove`` it."""
    pile, shuffled = list(deck), []
    while pile:
        card = rng.choice(pile)
        pile.remove(card)
        shuffled.append(card)
    return shuffled


def compare(ours: Callable, theirs: Callable, number: int,
            rounds: int) -> tuple[float, float, float]:
    """Time both side by side; return (our best, their best, ratio), per call in seconds.

    Each round times ``number`` calls of one, then of the other (in turns
    which goes first); the ratio is the median of the rounds' ratios, so that
    a burst of load from elsewhere, which slows both sides of a round alike,
    cancels out.
    """
    ours(), theirs()  # warm up: the first run pays for first touches of fresh memory
    ours_times, theirs_times = [], []
    for round_ in range(rounds):
        pair = [(ours, ours_times), (theirs, theirs_times)]
        for work, times in pair if round_ % 2 == 0 else pair[::-1]:
            times.append(timeit.timeit(work, number=number) / number)
    ratio = statistics.median(a / b for a, b in zip(ours_times, theirs_times))
    return min(ours_times), min(theirs_times), ratio


def _row(section: str, name: str, value: float, unit: str, goal: float | None = None,
         note: str = "") -> dict:
    measured = value == value  # nan: not measured (JSON gets null)
    met = None if goal is None or not measured else bool(value <= goal)
    return {"section": section, "name": name, "value": round(value, 4) if measured else None,
            "unit": unit,
            "goal": goal, "met": met, "note": note}


def bench_python(quick: bool) -> list[dict]:
    """The pure-Python shuffles of 52 cards against the standard library's ways."""
    rounds, number = (6, 200) if quick else (60, 200)
    deck = list(range(52))
    ours, theirs = random.Random(1), random.Random(1)
    knuth = compare(lambda: shuffles.knuth_shuffle(deck, ours), lambda: theirs.shuffle(deck),
                    number, rounds)
    pick = compare(lambda: shuffles.pick_and_remove(deck, ours),
                   lambda: choice_and_remove(deck, theirs), number, rounds)
    return [
        _row("python", "knuth_shuffle / random.shuffle, 52 cards", knuth[2], "x", 1.4,
             f"{knuth[0] * 1e6:.1f} us vs {knuth[1] * 1e6:.1f} us"),
        _row("python", "pick_and_remove / random.choice + list.remove, 52 cards", pick[2], "x",
             1.0, f"{pick[0] * 1e6:.1f} us vs {pick[1] * 1e6:.1f} us"),
    ]


def bench_simulate(quick: bool) -> list[dict]:
    """simulate of many decks of 52 against Generator.permuted on an array of the same shape."""
    trials, repeats = (10**5, 2) if quick else (10**6, 5)
    label = f"{trials:.0e}".replace("e+0", "e")

    def permuted() -> None:
        decks = np.empty((trials, 52), dtype=np.int64)
        decks[:] = np.arange(52)
        np.random.default_rng(1).permuted(decks, axis=1, out=decks)

    cases: list[tuple[str, Callable, dict, float | None]] = [
        ("knuth_shuffle (also pick_and_remove, retry_shuffle)", shuffles.knuth_shuffle, {}, 1.5),
        ("naive_swap_shuffle", shuffles.naive_swap_shuffle, {}, None),
        ("sattolo_shuffle", shuffles.sattolo_shuffle, {}, None),
        ("stride_shuffle", shuffles.stride_shuffle, {}, None),
    ]
    cases += [("riffle, k=1", riffle.riffle, {"k": 1}, None),
              ("riffle, k=7", riffle.riffle, {"k": 7}, None)]
    rows = []
    for name, shuffle, options, goal in cases:
        def ours(shuffle=shuffle, options=options) -> None:
            stats.simulate(shuffle, 52, trials, 1, **options)

        best, base, ratio = compare(ours, permuted, 1, repeats)
        rows.append(_row("simulate", f"{name}: {label} decks / permuted", ratio, "x", goal,
                         f"{best:.2f} s vs {base:.2f} s"))
        tracemalloc.start()
        decks = stats.simulate(shuffle, 52, trials, 1, **options)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        rows.append(_row("simulate", f"{name}: peak memory / output array", peak / decks.nbytes,
                         "x", 2.0, f"{peak / 2**20:.0f} MiB for {decks.nbytes / 2**20:.0f} MiB"))
        del decks
    few = 2000 if quick else 10_000
    seconds = _seconds(lambda: stats.simulate(shuffles.comparator_sort_shuffle, 52, few, 1))
    rows.append(_row("simulate", "comparator_sort_shuffle: time per deck", seconds / few * 1e6,
                     "us", None, f"one deck at a time ({few:,} decks); "
                     f"{seconds / few * trials:.0f} s for {label}"))
    return rows


def _seconds(work: Callable) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def bench_exact(quick: bool) -> list[dict]:
    """Exact work: the riffle distance table and every algorithm's law on 6 cards."""
    rows = []
    _clear_model_caches()  # a cold start: the distances and the Eulerian numbers forgotten
    seconds = _seconds(lambda: [riffle.variation_distance(52, k) for k in range(1, 13)])
    rows.append(_row("exact", "variation_distance(52, k) for k = 1..12", seconds * 1e3,
                     "ms", 50.0))
    n = 5 if quick else 6
    for shuffle in (shuffles.knuth_shuffle, shuffles.pick_and_remove, shuffles.naive_swap_shuffle,
                    shuffles.sattolo_shuffle, shuffles.stride_shuffle,
                    shuffles.brute_force_shuffle, shuffles.comparator_sort_shuffle,
                    shuffles.retry_shuffle):
        name = f"exact.distribution({shuffle.__name__}, {n})"
        try:
            start = time.perf_counter()
            outcomes = len(exact.distribution(shuffle, n))
            rows.append(_row("exact", name, (time.perf_counter() - start) * 1e3, "ms", None,
                             f"{outcomes} outcomes"))
        except ValueError as error:
            rows.append(_row("exact", name, float("nan"), "ms", None,
                             f"refused: {str(error)[:60]}..."))
    return rows


def lesson_panels() -> list[tuple[str, str, Callable]]:
    """Every live panel of the lessons as (lesson, name, build), built as the lesson builds it.

    A copy of the lessons' calls, so that the redraws are timed in seconds, not
    by executing every lesson (the ``notebooks`` section does that, and stays
    the reference when a lesson changes its panel).
    """
    from cardlib import cards, hand, widgets

    lab = {"Knuth's swaps": shuffles.knuth_shuffle, "pick and remove": shuffles.pick_and_remove,
           "list every order": shuffles.brute_force_shuffle,
           "retry repeats": shuffles.retry_shuffle, "naive swap": shuffles.naive_swap_shuffle,
           "Sattolo": shuffles.sattolo_shuffle, "first card + stride": shuffles.stride_shuffle,
           "sort, random comparator": shuffles.comparator_sort_shuffle,
           "one riffle": riffle.riffle, "one overhand": hand.overhand_shuffle,
           "pile, 4 piles": hand.pile_shuffle}
    suspects = ["Knuth's swaps", "naive swap", "Sattolo", "first card + stride",
                "sort, random comparator", "one riffle", "one overhand", "pile, 4 piles"]
    hard = ["Knuth's swaps", "naive swap", "sort, random comparator", "first card + stride",
            "pile, 4 piles"]
    candidates = {"Knuth": shuffles.knuth_shuffle, "naive swap": shuffles.naive_swap_shuffle,
                  "Sattolo": shuffles.sattolo_shuffle}

    def merge():
        merge_rng = random.Random(9021)
        stack1, stack2 = riffle.cut(cards.comp9021_deck()[:14], merge_rng)
        sources = riffle.drop_sources(len(stack1), len(stack2), merge_rng)
        return widgets.merge_panel(stack1, stack2, sources, step=5)

    return [
        ("01", "bias", lambda: widgets.bias_panel(candidates, n=6, trials=10_000,
                                                  relative_spread=0.5)),
        ("03", "pick_slider", lambda: widgets.pick_slider(cards.step_deck(8), seed=1938)),
        ("04", "size_panel", lambda: widgets.size_panel(n=100)),
        ("05", "knuth_slider", lambda: widgets.knuth_slider(cards.step_deck(8), seed=1964)),
        ("06", "convergence", lambda: widgets.convergence_panel(
            {"Knuth (fair)": shuffles.knuth_shuffle, "naive swap": shuffles.naive_swap_shuffle,
             "Sattolo": shuffles.sattolo_shuffle}, n=5, trials=10_000)),
        ("07", "cut_panel", lambda: widgets.cut_panel(n=56)),
        ("07", "merge_panel", merge),
        ("07", "rising_panel", lambda: widgets.rising_panel(cards.comp9021_deck(), k=2,
                                                            max_k=3, seed=7)),
        ("08", "cutoff_panel", lambda: widgets.cutoff_panel(n=52)),
        ("09", "overhand_panel", lambda: widgets.overhand_panel(n=52, shuffles_done=1)),
        ("11", "detective", lambda: widgets.detective_panel(lab, suspects)),
        ("11", "lab_panel", lambda: widgets.lab_panel(lab, name="naive swap", n=5,
                                                      trials=30_000)),
        ("11", "hard_detective", lambda: widgets.detective_panel(lab, hard, level="hard")),
    ]


def _clear_model_caches() -> None:
    """Forget what the model remembers (exact laws, distances), as in a fresh kernel."""
    import cardlib

    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("cardlib.") and module is not cardlib:
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
    del riffle._EULERIAN_ROWS[1:]  # the rows eulerian_row keeps (a list, not an lru_cache)


def bench_redraws(quick: bool, match: str = "") -> list[dict]:
    """Each lesson's panels built afresh: every control moved across its range, timed.

    One row per control: the median wall time of a redraw to a state the panel
    has not drawn yet (``rounds`` fresh panels, each after the model's caches
    are cleared, each control moved to 5 values spread over its range as
    ``time_redraws`` does), with the median CPU time of the same redraws, the
    worst wall time, and the median when the same states are visited again;
    beside it, the load average when the row was measured (the machine's other
    work slows the wall time, much less the CPU time). ``match`` keeps the rows
    whose name holds it ("06", "cut_panel").
    """
    from cardlib_course.kernel import spread_values

    rounds = 2 if quick else 5
    rows = []
    for lesson, label, build in lesson_panels():
        if match and match not in f"{lesson}: {label}":
            continue
        first: dict[str, list[tuple[float, float]]] = {}
        again: dict[str, list[tuple[float, float]]] = {}
        for _ in range(rounds):
            _clear_model_caches()
            panel = build()
            for name, control in panel.controls.items():
                start = control.value
                for sweep in (first, again):
                    for value in spread_values(control, 5):
                        if value == control.value:
                            continue
                        began, began_cpu = time.perf_counter(), time.process_time()
                        control.value = value
                        sweep.setdefault(name, []).append(
                            (time.perf_counter() - began, time.process_time() - began_cpu))
                    control.value = start
            panel.close()
        for name, times in first.items():
            wall, cpu = [1e3 * w for w, _ in times], [1e3 * c for _, c in times]
            load = os.getloadavg()[0]
            rows.append(_row("redraws", f"{lesson}: {label}, {name}", statistics.median(wall),
                             "ms", 60.0,
                             f"load {load:.1f}; CPU {statistics.median(cpu):.0f} ms; worst "
                             f"{max(wall):.0f} ms; seen again "
                             f"{statistics.median(1e3 * w for w, _ in again[name]):.0f} ms; "
                             f"{len(wall)} moves over {rounds} fresh panels"))
    return rows


def bench_notebooks(quick: bool, directory: Path = Path("notebooks")) -> list[dict]:
    """Execute every lesson headless; time it, and every control's redraws across its range."""
    paths = lesson_paths(directory)
    rows, total = [], 0.0
    if not paths:
        return [_row("notebooks", "lessons", float("nan"), "", None, f"none in {directory}")]
    for path in paths:
        start = time.perf_counter()
        nb = execute(path, [TIMING_CELL.format(moves=5)])
        wall = time.perf_counter() - start
        timing = nb.cells[-1]
        total += wall - cell_seconds(timing)
        slowest = sorted(((cell_seconds(c), i) for i, c in enumerate(nb.cells[:-1])
                          if c.cell_type == "code"), reverse=True)[:3]
        rows.append(_row("notebooks", f"{path.stem}: executed headless",
                         wall - cell_seconds(timing), "s", 10.0,
                         "slowest cells: " + ", ".join(f"#{i} {s:.1f} s" for s, i in slowest)))
        printed = "".join(o.get("text", "") for o in timing.outputs if o.get("name") == "stdout")
        panels = json.loads(printed.split("BENCH", 1)[1]) if "BENCH" in printed else []
        for panel in panels:
            rows.append(_row("sliders", f"{path.stem}: {panel['panel']}, {panel['control']}",
                             panel["median_ms"], "ms", 100.0,
                             f"worst {panel['worst_ms']:.0f} ms, CPU {panel['median_cpu_ms']:.0f} "
                             f"ms, {panel['moves']} moves over its range; {panel['draw']}"))
    rows.append(_row("notebooks", f"all {len(paths)} lessons, one after another", total, "s", 60.0))
    return rows


_PICK = """def my_pick_and_remove(deck, rng):
    pile, new = list(deck), []
    while pile:
        new.append(pile.pop(rng.randrange(len(pile))))
    return new

check_pick_and_remove(my_pick_and_remove)
"""


def _served(site: Path):
    """A local http server for ``site`` (pages with WebAssembly need http); (server, address)."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def bench_pages(quick: bool, site: Path = Path("build/html")) -> list[dict]:
    """The built site's sizes, and Python in the page: the first Run (loading), then a check."""
    if not (site / "index.html").exists():
        return [_row("pages", "the site", float("nan"), "", None, f"none in {site}: make html")]
    files = [p for p in site.rglob("*") if p.is_file() and "screenshots" not in p.parts]
    runtime = sum(p.stat().st_size for p in files if "pyodide" in p.parts)
    pages = {p.name: p.stat().st_size for p in files if p.suffix == ".html"}
    largest = max(pages, key=pages.get)
    total = sum(p.stat().st_size for p in files) / 2**20
    rows = [_row("pages", "the whole site", total, "MiB", 50.0,
                 f"{len(pages)} pages; the Python runtime, shared, {runtime / 2**20:.1f} MiB"),
            _row("pages", "the largest page", pages[largest] / 2**20, "MiB", 8.0, largest)]
    page = site / "03_pick_and_remove.html"
    if launch_chromium is None or not (site / "pyodide" / "pyodide.asm.wasm").exists() \
            or not page.exists():
        return rows + [_row("pages", "Python in the page", float("nan"), "s", None,
                            "no browser driver, no runtime or no lesson 3 page")]
    server, address = _served(site)
    try:
        with launch_chromium() as browser:
            view = browser.new_page()
            view.goto(address + page.name)
            cell = view.locator("[data-cardlib-editable]").first
            cell.locator("textarea").fill(_PICK)
            times = []
            for _ in range(3 if quick else 6):
                start = time.perf_counter()
                cell.locator(".cardlib-run").click()
                view.wait_for_function("c => !c.querySelector('.cardlib-run').disabled",
                                       arg=cell.element_handle(), timeout=120_000)
                times.append(time.perf_counter() - start)
            said = cell.locator(".jp-OutputArea").inner_text().strip()[:40]
    finally:
        server.shutdown()
        server.server_close()
    return rows + [
        _row("pages", "first Run on a page (loading Python, then the check)", times[0], "s", 5.0,
             f"lesson 3, exercise 1: {said}"),
        _row("pages", "a check after that (pick-and-remove, exact on 1 to 5 cards)",
             statistics.median(times[1:]), "s", 0.5, f"median of {len(times) - 1}")]


def machine() -> dict:
    """What the figures were measured on."""
    model = ""
    if Path("/proc/cpuinfo").exists():
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return {"cpu": model or platform.processor(), "cores": os.cpu_count(),
            "load_average": [round(x, 2) for x in os.getloadavg()],
            "python": platform.python_version(), "numpy": np.__version__,
            "matplotlib": matplotlib.__version__, "platform": platform.platform()}


HEADER = f"{'section':10} {'measured':>10} {'goal':>8}  {'':4} what (note)"


def table(rows: list[dict]) -> str:
    """The rows as a fixed-width text table (no header)."""
    lines = []
    for row in rows:
        value = "n/a" if row["value"] is None else f"{row['value']:.3g} {row['unit']}"
        goal = "" if row["goal"] is None else f"<= {row['goal']:g}"
        mark = {True: "ok", False: "MISS", None: ""}[row["met"]]
        note = f" ({row['note']})" if row["note"] else ""
        lines.append(f"{row['section']:10} {value:>10} {goal:>8}  {mark:4} {row['name']}{note}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(prog="python tools/bench.py",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--json", default="build/bench.json", help="where to write the rows")
    parser.add_argument("--quick", action="store_true", help="smaller sizes, fewer rounds")
    parser.add_argument("--only", nargs="+", choices=SECTIONS, default=list(SECTIONS))
    parser.add_argument("--match", default="",
                        help="redraws: only the panels whose 'lesson: name' holds this text")
    parser.add_argument("--notebooks", type=Path, default=Path("notebooks"),
                        help="the folder of lessons to execute (default: ./notebooks)")
    parser.add_argument("--site", type=Path, default=Path("build/html"),
                        help="the built site to measure (default: build/html; make html)")
    args = parser.parse_args(argv)
    report = {"machine": machine(), "rows": []}
    benches = {"python": bench_python, "simulate": bench_simulate, "exact": bench_exact,
               "redraws": lambda quick: bench_redraws(quick, args.match),
               "notebooks": lambda quick: bench_notebooks(quick, args.notebooks),
               "pages": lambda quick: bench_pages(quick, args.site)}
    print(HEADER)
    for section in args.only:
        rows = benches[section](args.quick)
        print(table(rows), flush=True)
        report["rows"] += rows
    report["machine"]["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    out = Path(args.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=1, ensure_ascii=False, allow_nan=False) + "\n",
                   encoding="utf-8")
    print(f"\n{report['machine']}\nwritten to {out}")
    return report


if __name__ == "__main__":
    main(sys.argv[1:])
