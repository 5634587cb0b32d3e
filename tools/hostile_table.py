"""Call every public function of cardlib with hostile arguments and print issue 14's table.

    .venv/bin/python tools/hostile_table.py [--per-param 4] [--seed 14] [--show obscure]

For every callable in every module's ``__all__`` (fuzz.targets),
every parameter gets ``--per-param`` hostile values, chosen by a seeded draw
tests/fuzz.py's HOSTILE, the other arguments valid. Each call runs in
a worker process with a memory limit and a timeout; the table counts what the
calls did: a clear error (TypeError, ValueError or ContractError naming the
argument), accepted (returned), wrong or obscure (another exception, or a
message that names no argument), hang or out of memory.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from fuzz import HOSTILE, Worker, call_spec, targets  # noqa: E402 (tests/: the browser driver and fuzz harness)

COLUMNS = ("clear error", "accepted", "wrong or obscure", "hang or out of memory")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-param", type=int, default=4)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--show", choices=["none", "obscure", "all"], default="obscure")
    options = parser.parse_args(argv)
    chooser = random.Random(options.seed)
    worker = Worker()
    counts: Counter = Counter()
    shown = []
    started = time.perf_counter()
    try:
        for target in targets():
            for param in target.params:
                for token in chooser.sample(HOSTILE, options.per_param):
                    outcome = worker.call(call_spec(target, param, token))
                    counts[outcome.category] += 1
                    if options.show == "all" or (options.show == "obscure"
                                                 and outcome.category not in COLUMNS[:2]):
                        shown.append(f"{outcome.category:22} {target.key}({param}={token}): "
                                     f"{outcome.type}: {outcome.message[:160]}")
    finally:
        worker.close()
    print("\n".join(shown))
    tried = sum(counts.values())
    print(f"\n{tried} calls in {time.perf_counter() - started:.0f} s\n")
    print("| tried | " + " | ".join(COLUMNS) + " |")
    print("|---" * (len(COLUMNS) + 1) + "|")
    print(f"| {tried} | " + " | ".join(str(counts[c]) for c in COLUMNS) + " |")
    if counts["harness"]:
        print(f"({counts['harness']} calls the harness could not build)")
    return 0 if not (counts["wrong or obscure"] or counts["hang or out of memory"]) else 1


if __name__ == "__main__":
    sys.exit(main())
