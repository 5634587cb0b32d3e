# The README's commands. Each one first makes sure .venv exists and holds what
# requirements.txt asks for; that step reruns only when the requirements change.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# JupyterLab refuses to run as root unless told that it is on purpose.
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: setup lab test html student bench clean

setup: $(STAMP)

$(STAMP): requirements.txt pyproject.toml lab/overrides.json
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "Python 3.10 or newer is needed, this is " + sys.version.split()[0]'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	# JupyterLab settings for a classroom: no "Jupyter news?" pop-up over the figures, and
	# widget state saved with the notebook (a reopened lesson shows its panels, not an error).
	mkdir -p $(VENV)/share/jupyter/lab/settings
	cp lab/overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	# Strip outputs from notebooks as they are committed (JupyterLab saves them), keeping cell ids.
	-git rev-parse --git-dir >/dev/null 2>&1 && $(BIN)/nbstripout --install && \
	  git config filter.nbstripout.clean '"$(abspath $(BIN))/python" -m nbstripout --keep-id'
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.root_dir=notebooks $(ROOT_FLAG)

# Two workers; worksteal lets the one that runs out of tests take those queued for the
# other (the lessons and browser tests are long): both then end within seconds.
test: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist worksteal

# The static site: every lesson executed once, pages that work offline (cardlib/site/).
html: $(STAMP)
	$(BIN)/python -m cardlib.site --out build/html

# The student edition: the lessons without their worked solutions, in build/student/.
student: $(STAMP)
	$(BIN)/python -m cardlib.site.student --out build/student

# Speed: ratios against the fastest peers, slider redraws, notebook times (cardlib/site/bench.py).
bench: $(STAMP)
	$(BIN)/python -m cardlib.site.bench

clean:
	rm -rf build .pytest_cache .hypothesis
