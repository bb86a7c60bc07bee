# Build and test plumbing. `make test` is what CI runs (.ci/run); `make serve` runs the app.
# Setup steps leave stamp files, so a second `make setup` does nothing and takes well under a second.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
PORT ?= 5006
CHROMIUM := /usr/bin/chromium
PYODIDE_DIR := tests/pyodide
APT_GET := apt-get -o DPkg::Lock::Timeout=600

VENV_STAMP := $(VENV)/.installed
NPM_STAMP := $(PYODIDE_DIR)/node_modules/.installed
WHEELS_STAMP := $(PYODIDE_DIR)/wheels/.installed
# The JupyterLite kernel's pure-Python wheels, served from site/lab (scripts/build_lab.py).
LITE_WHEELS := build/lite-wheels
LITE_REQUIREMENTS := scripts/lite/requirements.txt
LITE_WHEELS_STAMP := $(LITE_WHEELS)/.installed

.PHONY: setup test serve bench fuzz chromium node site import-xmage import-xmage-tests card-db-xmage effects-doc

setup: $(VENV_STAMP) chromium $(NPM_STAMP) $(WHEELS_STAMP) $(LITE_WHEELS_STAMP)

$(VENV_STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --disable-pip-version-check -e ".[test]"
	touch $@

# Browser tests use Debian's Chromium (`playwright install` cannot download here).
chromium:
	@if [ -x $(CHROMIUM) ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing chromium with apt-get"; \
		$(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq chromium; \
	else \
		echo "NOTE: no $(CHROMIUM): browser tests need it. Install it with"; \
		echo "  sudo apt-get install -y chromium   (or: $(VENV)/bin/playwright install chromium)"; \
	fi

# The Pyodide test run needs Node.js (>= 18) and npm.
node:
	@if command -v node >/dev/null && command -v npm >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing nodejs and npm with apt-get"; \
		$(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq nodejs npm; \
	else \
		echo "ERROR: node and npm are needed for the Pyodide tests: sudo apt-get install -y nodejs npm"; \
		exit 1; \
	fi

$(NPM_STAMP): $(PYODIDE_DIR)/package-lock.json | node
	cd $(PYODIDE_DIR) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(WHEELS_STAMP): $(PYODIDE_DIR)/requirements.txt $(PYODIDE_DIR)/fetch_wheels.sh | $(VENV_STAMP)
	PIP=$(PIP) $(PYODIDE_DIR)/fetch_wheels.sh
	touch $@

$(LITE_WHEELS_STAMP): $(LITE_REQUIREMENTS) $(PYODIDE_DIR)/fetch_wheels.sh | $(VENV_STAMP)
	REQUIREMENTS=$(LITE_REQUIREMENTS) WHEELS=$(LITE_WHEELS) PIP=$(PIP) $(PYODIDE_DIR)/fetch_wheels.sh
	touch $@

# Runs every test (engine, Pyodide, browser, mypy on engine/), the linter and the formatter's
# check; fails if any fails. TEST_JOBS pytest processes (pytest-xdist), each taking whole
# files (--dist loadfile), so a module's served app and browser stay in one process.
TEST_JOBS ?= 2
test: setup
	@rc=0; \
	$(PY) -m pytest -n $(TEST_JOBS) --dist loadfile || rc=$$?; \
	$(VENV)/bin/ruff check . || rc=$$?; \
	$(VENV)/bin/ruff format --check . || rc=$$?; \
	exit $$rc

serve: setup
	$(PY) -m playground --port $(PORT)

bench: setup
	@set -e; found=0; \
	for bench in benchmarks/bench_*.py; do \
		[ -e "$$bench" ] || continue; found=1; \
		echo "== $$bench"; $(PY) "$$bench"; \
	done; \
	[ $$found = 1 ] || echo "no benchmarks/bench_*.py yet"

# Every engine entry point against 100,000 structured inputs (EXAMPLES=n to change), then
# the invariant properties over 10,000 random real-card games (JOBS processes per entry
# point, 2 by default); fails on any untyped error
# or input over 1 s CPU / 100 MB (scripts/fuzz.py prints the table and writes each entry
# point's slowest input to fuzz-out/NAME.json: replay with scripts/fuzz.py --replay FILE).
EXAMPLES ?= 100000
GAMES ?= 10000
JOBS ?= 2
fuzz: setup
	$(PY) scripts/fuzz.py --examples $(EXAMPLES) --games $(GAMES) --jobs $(JOBS)

# The static site (no server): the project's wheel + `panel convert --to pyodide-worker`
# into site/ (index.html, app.js, app.resources.zip), the JupyterLite lab into site/lab/
# (Pyodide from tests/pyodide's npm package, the kernel wheels from build/lite-wheels),
# then a download-size report.
site: $(VENV_STAMP) $(NPM_STAMP) $(LITE_WHEELS_STAMP)
	$(PY) scripts/build_site.py --out site --clean

# Card effects from an XMage snapshot (docs/PROVENANCE.md). MAGE: a checkout, or a bare git
# directory with COMMIT. Reads Java as text; nothing is compiled or run.
MAGE ?=
COMMIT ?=
import-xmage: $(VENV_STAMP)
	@test -n "$(MAGE)" || { echo "usage: make import-xmage MAGE=/path/to/mage [COMMIT=sha]"; exit 2; }
	$(PY) scripts/import_xmage.py --mage "$(MAGE)" $(if $(COMMIT),--commit $(COMMIT)) \
		--out data/xmage_effects.json.gz --report-json data/xmage_report.json --quiet
	$(PY) scripts/gen_effects_doc.py

# XMage's card tests (Mage.Tests) translated into the conformance suite that
# `python -m engine conformance` runs (docs/PROVENANCE.md). Same MAGE / COMMIT as above;
# the output depends only on them and the bundled pool (sorted, gzip mtime 0).
import-xmage-tests: $(VENV_STAMP)
	@test -n "$(MAGE)" || { echo "usage: make import-xmage-tests MAGE=/path/to/mage [COMMIT=sha]"; exit 2; }
	PYTHONPATH=. $(PY) scripts/import_xmage_tests.py --mage "$(MAGE)" $(if $(COMMIT),--commit $(COMMIT))

# The bundled pool with the imported effects merged in (hand-written entries win).
card-db-xmage: $(VENV_STAMP)
	$(PY) scripts/build_card_db.py --xmage data/xmage_effects.json.gz

effects-doc: $(VENV_STAMP)
	$(PY) scripts/gen_effects_doc.py
