# The README's commands. Each one first makes sure .venv exists and holds what
# requirements.txt asks for; that step reruns only when the requirements change.
# .venv is made with the newest Python on this machine (tools/pythons.py: pyenv's versions,
# then PATH), else python3; set PYTHON to choose another. make test runs the whole suite at it.
ifndef PYTHON
PYTHON = $(eval PYTHON := $$(or $$(shell python3 tools/pythons.py newest),python3))$(PYTHON)
endif
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Python keeps what it compiled (__pycache__, ignored by git) even where the environment says
# not to (PYTHONDONTWRITEBYTECODE): otherwise every test worker, lesson kernel and child
# Python compiles cardlib and the tests again, about 5 s of CPU per worker and 0.5 s per kernel.
unexport PYTHONDONTWRITEBYTECODE
# JupyterLab refuses to run as root unless told that it is on purpose.
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

# make test also runs the lessons, the exercise tests, the doctests and the model tests marked
# compat (make compat: tests/conftest.py says which and why) at the lowest Python that pyproject's requires-python admits, with every dependency at its floor,
# in .venv-oldest (tools/pythons.py finds it; set OLDEST_PYTHON to choose another). Each
# Python is looked up once, when first used.
OLDEST := .venv-oldest
ifndef OLDEST_PYTHON
OLDEST_PYTHON = $(eval OLDEST_PYTHON := $$(shell python3 tools/pythons.py oldest))$(OLDEST_PYTHON)
endif
# axe-core, the accessibility engine the browser tests run in every page (tests/pages/test_site_a11y.py):
# from the npm registry, this version, into build/tools/ (no CDN). Without npm those tests
# skip, except in CI.
AXE_VERSION := 4.14.1
AXE := build/tools/axe-$(AXE_VERSION)/node_modules/axe-core/axe.min.js
# Two workers (pytest-xdist), one per core; worksteal lets the one that runs out of tests
# take those queued for the other (the lessons and browser tests are long): both then end
# together. The whole suite runs three: a third fills the time the others spend waiting
# (pages in the browser, kernels starting, endless loops' time limits); 10 min 11 s with two,
# 9 min 21 s with three here. The quick and compat tiers only compute, so two.
PYTEST := -m pytest -n 2 --dist worksteal

.PHONY: setup lab test quick compat html serve student bench pins clean

# For contributors: the environment, and a git filter that strips outputs from notebooks as
# they are committed (JupyterLab saves them), keeping cell ids. make lab leaves git alone.
setup: $(STAMP)
	-git rev-parse --git-dir >/dev/null 2>&1 && $(BIN)/nbstripout --install && \
	  git config filter.nbstripout.clean '"$(abspath $(BIN))/python" -m nbstripout --keep-id'

$(STAMP): requirements.txt binder/constraints.txt pyproject.toml course/pyproject.toml \
          lab/overrides.d/cardlib.json tools/lab_settings.py
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11 or newer is needed, this is " + sys.version.split()[0]'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	# JupyterLab settings for a classroom: no "Jupyter news?" pop-up over the figures, and
	# widget state saved with the notebook (a reopened lesson shows its panels, not an error).
	# `pip install .` puts them in place itself; an editable install does not.
	$(BIN)/python tools/lab_settings.py
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.root_dir=notebooks $(ROOT_FLAG)

# The whole suite (what CI runs) at .venv's Python and, beside it, make compat (the lessons
# and the model and exercise tests at the oldest Python with the floors): it fills the gaps
# the suite leaves (its last minute, moments when every worker waits) (28 Nov: 9 min 22 s for
# both, against 8 min 47 s and then 1 min 20 s; otherwise Chromium and the workers keep both
# cores busy). Its output is kept in build/compat.log and printed after the suite's; either
# failing fails.
test: $(STAMP) $(AXE)
	@[ "$$($(BIN)/python -V)" = "$$($(PYTHON) -V)" ] || echo "note: .venv has $$($(BIN)/python -V)," \
	  "not $$($(PYTHON) -V), the newest here: remove .venv to test at that"
	@mkdir -p build
	@$(MAKE) --no-print-directory compat > build/compat.log 2>&1 & beside=$$!; \
	  trap 'kill $$beside 2>/dev/null' INT TERM; \
	  echo "make compat runs beside the suite: build/compat.log"; \
	  AXE_CORE=$(abspath $(AXE)) $(BIN)/python $(PYTEST) -n 3; suite=$$?; \
	  wait $$beside; compat=$$?; trap - INT TERM; \
	  echo "== make compat (exit $$compat)"; cat build/compat.log; \
	  [ $$suite = 0 ] && [ $$compat = 0 ]

# The edit loop: tests/model, tests/exercises and the doctests (the other folders of tests/
# are left to make test: tests/conftest.py).
quick: $(STAMP)
	$(BIN)/python $(PYTEST) --tier quick

# The quick tier and every lesson run once (its controls swept), at the oldest Python with
# the floors. Without that Python it says so and skips, except in CI (CI=true), where that
# is a failure.
compat:
	@if [ -z "$(OLDEST_PYTHON)" ]; then \
	  echo "make compat: skipped, the oldest Python that pyproject.toml admits is not here" \
	       "(set OLDEST_PYTHON)"; \
	  [ "$$CI" != true ]; exit; fi
	$(MAKE) --no-print-directory $(OLDEST)/.installed
	@echo "== the lessons, model and exercise tests at $$($(OLDEST)/bin/python -V), dependencies at their floors"
	$(OLDEST)/bin/python $(PYTEST) --tier compat -p no:cacheprovider

# Its venv (made afresh when its Python is not the one asked for), cardlib installed
# editable with its extras, every dependency pinned at its floor (tools/pythons.py floors).
$(OLDEST)/.installed: pyproject.toml course/pyproject.toml tools/pythons.py
	[ "$$($(OLDEST)/bin/python -V 2>&1)" = "$$($(OLDEST_PYTHON) -V)" ] || \
	  $(OLDEST_PYTHON) -m venv --clear $(OLDEST)
	$(OLDEST)/bin/python tools/pythons.py floors > $(OLDEST)/floors.txt
	$(OLDEST)/bin/python -m pip install --quiet --upgrade pip
	$(OLDEST)/bin/python -m pip install --quiet -c $(OLDEST)/floors.txt -e '.[test]' -e ./course
	touch $@

$(AXE):
	@command -v npm >/dev/null || { echo "no npm: the accessibility tests will skip"; exit 0; }
	npm install --silent --no-save --no-audit --no-fund --prefix build/tools/axe-$(AXE_VERSION) \
	  axe-core@$(AXE_VERSION)

# The static site: every lesson executed once, pages that work offline (course/cardlib_course/).
html: $(STAMP)
	$(BIN)/cardlib-course site --out build/html

# The student edition: the lessons without their worked solutions, in build/student/.
# The site over http on this machine: the exercise cells run Python in the page only when the
# pages are served (browsers refuse WebAssembly and module workers to pages opened as files).
serve:
	@test -f build/html/index.html || $(MAKE) html
	$(BIN)/cardlib-course serve --dir build/html --port 8000

student: $(STAMP)
	$(BIN)/cardlib-course student --out build/student

# Speed: ratios against the fastest peers, slider redraws, notebook times (tools/bench.py).
bench: $(STAMP)
	$(BIN)/python tools/bench.py

# The class environment's pins (binder/constraints.txt), refreshed to the newest versions.
pins:
	$(PYTHON) tools/pins.py

clean:
	rm -rf build .pytest_cache .hypothesis
