"""Check one lesson as a writer of lessons needs it checked, in about half a minute.

    python tools/lesson_check.py notebooks/01_fair_shuffle.ipynb [--page]

Runs the lesson as Run All does, then its worked solutions; prints its shape (core words,
exercises and predictions, what "Going further" holds) and what keeps it from the shape the
tests ask for (cardlib_course.shape), any error or warning, any check that answers before the
learner has done anything, and each worked solution's mark. Writes every figure (those that
wait for a prediction included) to build/check/<lesson>/figures/ to look at. With --page it
also builds the lesson's page (build/check/<lesson>/site/) and screenshots it as a student
sees it at 1366 x 768 and on a phone (390 x 844), before committing to any prediction
(build/check/<lesson>/screens/).
"""

from __future__ import annotations

import argparse
import base64
import sys
from pathlib import Path

import nbformat

from cardlib_course import shape
from cardlib_course.offline import WORKED, place_worked
from cardlib_course.run import execute, problems

ROOT = Path(__file__).resolve().parent.parent
WORKED_CELL = "from cardlib_course.kernel import worked_outputs; worked_outputs()"


def _marks(cell) -> list[str]:
    return [output["data"]["text/plain"][0] for output in cell.get("outputs", [])
            if "cardlib-feedback" in output.get("data", {}).get("text/html", "")]


def _figures(nb, folder: Path) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    count = 0
    for index, cell in enumerate(nb.cells):
        for k, output in enumerate(cell.get("outputs", [])):
            png = output.get("data", {}).get("image/png")
            if png:
                (folder / f"cell{index:03d}-{k}.png").write_bytes(base64.b64decode(png))
                count += 1
    return count


def _screens(path: Path, out: Path) -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    from browser import find_chromium, launch_chromium

    from cardlib_course.build import build_site

    pages = build_site([path], out / "site", editors=False)
    chromium = find_chromium()
    if chromium is None:
        print("no Chromium: no screenshots (apt-get install chromium)")
        return
    shots = out / "screens"
    shots.mkdir(parents=True, exist_ok=True)
    for old in shots.glob("*.png"):
        old.unlink()
    with launch_chromium() as browser:
        for width, height, phone in ((1366, 768, False), (390, 844, True)):
            view = browser.new_context(viewport={"width": width, "height": height},
                                       has_touch=phone, is_mobile=phone).new_page()
            for page in pages[1:]:
                if "references" in page.name:
                    continue
                view.goto(page.resolve().as_uri())
                tall = view.evaluate("document.body.scrollHeight")
                for k, top in enumerate(range(0, tall, height - 68)):
                    view.evaluate(f"window.scrollTo(0, {top})")
                    view.screenshot(path=shots / f"{page.stem}-{width}-{k:02d}.png")
    print(f"screens at 1366 x 768 and 390 x 844 (a phone): {shots}/")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lesson", type=Path)
    parser.add_argument("--page", action="store_true", help="build its page and screenshot it")
    args = parser.parse_args(argv)
    out = ROOT / "build" / "check" / args.lesson.stem
    nb = execute(args.lesson, [WORKED_CELL])
    print(f"== {args.lesson.name}")
    for key, value in shape.report(nb).items():
        print(f"{key:>20}: {value}")
    trouble = problems(nb)
    lesson = [cell for cell in nb.cells if not str(cell.get("id", "")).startswith("extra-")]
    early = [(cell.id, mark) for cell in lesson for mark in _marks(cell) if mark != "…"]
    placed = place_worked(nbformat.from_dict(nb))
    solutions = [(cell.id, "".join(_marks(cell)) or "no mark") for cell in placed.cells
                 if cell.metadata.get(WORKED) == "solution"]
    print(f"{'worked solutions':>20}: {solutions}")
    print(f"{'figures':>20}: {_figures(placed, out / 'figures')} in {out / 'figures'}/")
    found = shape.shape_problems(nb) + [f"error or warning: {p}" for p in trouble]
    found += [f"cell {cell}: {mark} before the learner did anything" for cell, mark in early]
    found += [f"solution {cell}: {mark}" for cell, mark in solutions if set(mark) != {"✓"}]
    print("\n".join(f"  PROBLEM {item}" for item in found) or "  no problem found")
    if args.page:
        _screens(args.lesson, out)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
