# Drawhisper: `make run` serves the app, `make test` runs every test. Both install what is missing.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# CPU build of PyTorch for the local embedding model; override for another platform.
TORCH_SPEC ?= torch==2.13.0

.PHONY: install run test test-unit test-e2e browser stop lint bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet "$(TORCH_SPEC)"
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: install
	$(PY) -m drawhisper.runner

# With JUNIT_DIR set (CI does), each pytest run also writes a JUnit report there.
JUNIT_DIR ?=
junit = $(if $(JUNIT_DIR),--junitxml=$(JUNIT_DIR)/$(1).xml)

test: install browser
	$(PY) -m pytest tests --ignore=tests/e2e $(call junit,unit)
	$(PY) -m pytest tests/e2e $(call junit,e2e)

test-unit: install
	$(PY) -m pytest tests --ignore=tests/e2e

test-e2e: install browser
	$(PY) -m pytest tests/e2e

# Browser tests drive Debian's Chromium; install it when it is missing and we may.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing Chromium for the browser tests..."; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "Chromium is missing: browser tests will be skipped (install the chromium package)."; fi; }

stop:
	$(PY) -m drawhisper.embedded stop

lint: install
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

clean: stop
	rm -rf .data
