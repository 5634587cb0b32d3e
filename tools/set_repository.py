"""Set the repository's public address in its one place: python tools/set_repository.py URL.

It goes into CITATION.cff (``repository-code``), which the site's Binder links read, and the
README's Binder badge is written from it. ``tests/course/test_project_files.py`` checks that the two
agree.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BADGE = re.compile(r"https://mybinder\.org/v2/gh/[\w.-]+/[\w.-]+/HEAD")


def main(argv: list[str]) -> int:
    found = re.fullmatch(r"https://github\.com/([\w.-]+/[\w.-]+?)(?:\.git)?/?", argv[0]
                         if argv else "")
    if not found:
        print("usage: python tools/set_repository.py https://github.com/OWNER/REPO",
              file=sys.stderr)
        return 2
    address = f"https://github.com/{found.group(1)}"
    citation = ROOT / "CITATION.cff"
    text = re.sub(r"^repository-code:.*\n", "", citation.read_text(encoding="utf-8"), flags=re.M)
    citation.write_text(text.rstrip("\n") + f"\nrepository-code: {address}\n", encoding="utf-8")
    readme = ROOT / "README.md"
    readme.write_text(BADGE.sub(f"https://mybinder.org/v2/gh/{found.group(1)}/HEAD",
                                readme.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"repository: {address} (CITATION.cff, README.md)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
