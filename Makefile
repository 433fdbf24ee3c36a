# Set-up on a fresh machine: `make build` builds every game into output/, `make test` runs the tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: build test lint bench clean

$(BIN)/pnp: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(BIN)/pnp

build: $(BIN)/pnp
	$(BIN)/pnp build

test: lint
	@command -v pdftotext >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq poppler-utils)
	@command -v chromium >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq chromium)
	@command -v gs >/dev/null 2>&1 && command -v qpdf >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq ghostscript qpdf)
	$(BIN)/python -m pytest -q -n auto

lint: $(BIN)/pnp
	$(BIN)/ruff check .
	$(BIN)/mypy

bench: $(BIN)/pnp
	$(BIN)/python bench/bench_build.py

clean:
	rm -rf output $(VENV)
