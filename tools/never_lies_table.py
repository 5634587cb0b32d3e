"""Judge every hostile learner shuffle of tests/learner_shuffles.py and print the table.

    .venv/bin/python tools/never_lies_table.py [--show all|wrong] [-k NAME]

Each case runs in a forked child (a hang or a memory hog is killed and counted);
its verdict is compared with the truth: the kind a true verdict has, words its
reason must hold, and for fair and unfair verdicts the law found by an
enumerator of the catalogue's own. Exit status 1 if any case is not right.

The last line counts the calls of the judge; the clear errors among them (a
right "not a shuffle" or "cannot judge", its reason naming the mistake); the
wrong answers (a wrong verdict or a wrong law: must be 0); the hangs (past the
case's time or memory: must be 0); and the obscure reasons (the right kind,
without the words that name the mistake).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from learner_shuffles import CASES, run_case  # noqa: E402

COLUMNS = ("right", "wrong verdict", "wrong law", "hang or memory", "obscure")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", choices=["all", "wrong"], default="wrong")
    parser.add_argument("-k", default="", help="only cases whose name holds this")
    options = parser.parse_args(argv)
    by_family: dict[str, Counter] = {}
    clear = 0
    for case in CASES:
        if options.k not in case.name:
            continue
        outcome = run_case(case)
        by_family.setdefault(case.family, Counter())[outcome.category] += 1
        clear += outcome.category == "right" and outcome.kind in ("not a shuffle", "cannot judge")
        if options.show == "all" or outcome.category != "right":
            first = outcome.text.splitlines()[0] if outcome.text else ""
            print(f"{outcome.category:15} {case.name:34} {outcome.seconds:5.1f} s "
                  f"{outcome.memory_mb:6.0f} MB  {first[:150]}", flush=True)
    print("\n| family | cases | " + " | ".join(COLUMNS) + " |")
    print("|---" * (len(COLUMNS) + 2) + "|")
    total = Counter()
    for family, counts in by_family.items():
        total.update(counts)
        print(f"| {family} | {sum(counts.values())} | "
              + " | ".join(str(counts[c]) for c in COLUMNS) + " |")
    print(f"| all | {sum(total.values())} | " + " | ".join(str(total[c]) for c in COLUMNS) + " |")
    print(f"\ncalls {sum(total.values())}, clear errors {clear}, wrong answers "
          f"{total['wrong verdict'] + total['wrong law']}, hangs {total['hang or memory']}, "
          f"obscure {total['obscure']}")
    return 0 if total["right"] == sum(total.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
