"""``python -m cardlib.site``: build the static site (see :mod:`cardlib.site.build`)."""

from .build import main

if __name__ == "__main__":
    raise SystemExit(main())
