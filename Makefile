# The checkout's two set-up commands: `make build` builds every game into output/, `make test` runs the tests.
# Neither installs anything outside .venv: a test that needs a missing system tool (poppler-utils, Ghostscript,
# qpdf, Chromium) skips with its reason; .ci/run installs them so that nothing skips in CI.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: build test lint bench clean

$(BIN)/pnp: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip uninstall -qq -y pnp  # the distribution's name before it became pnpkit
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(BIN)/pnp

build: $(BIN)/pnp
	$(BIN)/pnp build

test: lint
	$(BIN)/python -m pytest -q -n auto --dist worksteal -rs

lint: $(BIN)/pnp
	$(BIN)/ruff check .
	$(BIN)/mypy
	for rules in card_data/*/rules; do $(BIN)/mypy $$rules || exit 1; done  # each game's simulation on its own

bench: $(BIN)/pnp
	$(BIN)/python bench/bench_build.py

clean:
	rm -rf output $(VENV)
